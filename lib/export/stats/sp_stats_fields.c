#include "sp_stats_fields.h"

#include <math.h>
#include <string.h>

#define R(i) (&res->regions[i])
#define K(i) (&res->ranks[i])
#define L(i) (&res->lanes[i])
#define P(i) (&res->rows[i])

static void
dbl(struct sp_stats_value *o, double d)
{
	o->t = SP_STATS_VALUE_DBL;
	o->d = d;
}

static void
opt(struct sp_stats_value *o, struct sp_opt v)
{
	o->t = v.set ? SP_STATS_VALUE_DBL : SP_STATS_VALUE_NULL;
	o->d = v.v;
}

static void
num(struct sp_stats_value *o, int64_t i)
{
	o->t = SP_STATS_VALUE_INT;
	o->i = i;
}

static void
str(struct sp_stats_value *o, const char *s, size_t n)
{
	o->t = s != NULL ? SP_STATS_VALUE_STR : SP_STATS_VALUE_NULL;
	o->s = s;
	o->n = n;
}

/* A getter of a field: `get_<view>_<name>(res, i, out)`. */
#define GET(view, name, body)						\
static void								\
get_##view##_##name(const struct sp_stats_result *res, size_t i,	\
    struct sp_stats_value *o)						\
{									\
	(void)res;							\
	(void)i;							\
	body;								\
}

/* --- regions --- */

GET(r, name, str(o, R(i)->name, R(i)->name_len))
GET(r, num_ranks, num(o, R(i)->num_ranks))
GET(r, num_calls, num(o, (int64_t)R(i)->num_calls))
GET(r, total, dbl(o, R(i)->total))
GET(r, exclusive, dbl(o, R(i)->exclusive))
GET(r, average, dbl(o, R(i)->average))
GET(r, min, dbl(o, R(i)->min))
GET(r, max, dbl(o, R(i)->max))
GET(r, first, dbl(o, R(i)->first))
GET(r, last, dbl(o, R(i)->last))
GET(r, std, dbl(o, R(i)->std))
GET(r, gpu_total, dbl(o, R(i)->gpu_total))
GET(r, gpu_average, opt(o, R(i)->gpu_average))
GET(r, tags,
    { o->t = SP_STATS_VALUE_STRS; o->v = R(i)->tags; o->nv = R(i)->ntags; })
GET(r, p50, dbl(o, R(i)->p50))
GET(r, p95, dbl(o, R(i)->p95))
GET(r, p99, dbl(o, R(i)->p99))
GET(r, ratio, dbl(o, R(i)->rank_imbalance))
GET(r, pct, dbl(o, R(i)->rank_imbalance_pct))
GET(r, wall,
    { o->t = R(i)->wall_known ? SP_STATS_VALUE_DBL : SP_STATS_VALUE_NULL;
    o->d = R(i)->wall; })
GET(r, total_ns, num(o, R(i)->total_ns))
GET(r, exclusive_ns, num(o, R(i)->exclusive_ns))
GET(r, wall_ns,
    { o->t = R(i)->wall_known ? SP_STATS_VALUE_INT : SP_STATS_VALUE_NULL;
    o->i = R(i)->wall_ns; })
GET(r, rank_min, dbl(o, R(i)->rank_min))
GET(r, rank_mean, dbl(o, R(i)->rank_mean))
GET(r, rank_max, dbl(o, R(i)->rank_max))
GET(r, slowest, num(o, R(i)->rank_max_rank))
GET(r, caliper, dbl(o, R(i)->caliper))
GET(r, caliper_pct, dbl(o, R(i)->caliper * 100.0))
GET(r, approx, { o->t = SP_STATS_VALUE_BOOL; o->i = 1; })

static int
r_gpu(const struct sp_stats_result *res, size_t i)
{
	return R(i)->has_gpu;
}

static int
r_approx(const struct sp_stats_result *res, size_t i)
{
	(void)i;
	return res->approx;
}

static int
text_only(const struct sp_stats_result *res, size_t i)
{
	(void)res;
	(void)i;
	return 0;
}

static const struct sp_stats_field region_fields[] = {
	{ "name", get_r_name, NULL, "region", NULL },
	{ "num_ranks", get_r_num_ranks, NULL, "ranks", NULL },
	{ "num_calls", get_r_num_calls, NULL, NULL, NULL },
	{ "total_duration", get_r_total, NULL, NULL, NULL },
	{ "inclusive_duration", get_r_total, NULL, NULL, NULL },
	{ "exclusive_duration", get_r_exclusive, NULL, NULL, NULL },
	{ "average_duration", get_r_average, NULL, NULL, NULL },
	{ "min_duration", get_r_min, NULL, NULL, NULL },
	{ "max_duration", get_r_max, NULL, NULL, NULL },
	{ "first_duration", get_r_first, NULL, NULL, NULL },
	{ "last_duration", get_r_last, NULL, NULL, NULL },
	{ "std_duration", get_r_std, NULL, NULL, NULL },
	{ "gpu_total_duration", get_r_gpu_total, r_gpu, NULL, NULL },
	{ "gpu_average_duration", get_r_gpu_average, r_gpu, NULL, NULL },
	{ "tags", get_r_tags, NULL, NULL, NULL },
	{ "p50_duration", get_r_p50, NULL, NULL, NULL },
	{ "p95_duration", get_r_p95, NULL, NULL, NULL },
	{ "p99_duration", get_r_p99, NULL, NULL, NULL },
	{ "rank_imbalance", get_r_ratio, NULL, NULL, NULL },
	{ "rank_imbalance_pct", get_r_pct, NULL, "imbalance [%]", "%.2f" },
	{ "p50", get_r_p50, NULL, NULL, NULL },
	{ "p95", get_r_p95, NULL, NULL, NULL },
	{ "p99", get_r_p99, NULL, NULL, NULL },
	{ "imbalance", get_r_pct, NULL, NULL, NULL },
	/* sp's own */
	{ "wall_duration", get_r_wall, NULL, NULL, NULL },
	{ "total_ns", get_r_total_ns, NULL, NULL, NULL },
	{ "exclusive_ns", get_r_exclusive_ns, NULL, NULL, NULL },
	{ "wall_ns", get_r_wall_ns, NULL, NULL, NULL },
	{ "rank_total_min", get_r_rank_min, NULL, "rank min [s]", "%.6f" },
	{ "rank_total_mean", get_r_rank_mean, NULL, "rank mean [s]",
	    "%.6f" },
	{ "rank_total_max", get_r_rank_max, NULL, "rank max [s]", "%.6f" },
	{ "slowest_rank", get_r_slowest, NULL, "slowest", NULL },
	{ "imbalance_caliper", get_r_caliper, NULL, NULL, NULL },
	{ "imbalance_caliper_pct", get_r_caliper_pct, text_only,
	    "max/mean-1 [%]", "%.2f" },
	{ "percentiles_approx", get_r_approx, r_approx, NULL, NULL },
};

static const char *const region_text[] = {
	"name", "num_ranks", "rank_total_min", "rank_total_mean",
	"rank_total_max", "slowest_rank", "imbalance_caliper_pct",
	"rank_imbalance_pct",
};

/* --- ranks --- */

GET(k, name, str(o, res->regions[K(i)->region].name,
    res->regions[K(i)->region].name_len))
GET(k, rank, num(o, K(i)->rank))
GET(k, num_calls, num(o, (int64_t)K(i)->num_calls))
GET(k, total, dbl(o, K(i)->total))
GET(k, exclusive, dbl(o, K(i)->exclusive))
GET(k, average, dbl(o, K(i)->average))
GET(k, min, dbl(o, K(i)->min))
GET(k, max, dbl(o, K(i)->max))
GET(k, first, dbl(o, K(i)->first))
GET(k, last, dbl(o, K(i)->last))
GET(k, std, dbl(o, K(i)->std))
GET(k, gpu_total, dbl(o, K(i)->gpu_total))
GET(k, gpu_average, dbl(o, K(i)->gpu_average))
GET(k, p50, opt(o, K(i)->p50))
GET(k, p95, opt(o, K(i)->p95))
GET(k, p99, opt(o, K(i)->p99))
GET(k, total_ns, num(o, K(i)->total_ns))
GET(k, exclusive_ns, num(o, K(i)->exclusive_ns))
GET(k, wall,
    { o->t = K(i)->wall_known ? SP_STATS_VALUE_DBL : SP_STATS_VALUE_NULL;
    o->d = (double)K(i)->wall_ns / 1e9; })
GET(k, wall_ns,
    { o->t = K(i)->wall_known ? SP_STATS_VALUE_INT : SP_STATS_VALUE_NULL;
    o->i = K(i)->wall_ns; })
GET(k, share, dbl(o, K(i)->share))
GET(k, share_pct, dbl(o, K(i)->share * 100.0))
GET(k, rank_min, get_r_rank_min(res, K(i)->region, o))
GET(k, rank_mean, get_r_rank_mean(res, K(i)->region, o))
GET(k, rank_max, get_r_rank_max(res, K(i)->region, o))
GET(k, slowest, get_r_slowest(res, K(i)->region, o))
GET(k, caliper, get_r_caliper(res, K(i)->region, o))

static int
k_gpu(const struct sp_stats_result *res, size_t i)
{
	return K(i)->has_gpu;
}

static const struct sp_stats_field rank_fields[] = {
	{ "name", get_k_name, NULL, "region", NULL },
	{ "rank", get_k_rank, NULL, "rank", NULL },
	{ "num_calls", get_k_num_calls, NULL, "n", NULL },
	{ "total_duration", get_k_total, NULL, "total [s]", "%.6f" },
	{ "inclusive_duration", get_k_total, NULL, NULL, NULL },
	{ "exclusive_duration", get_k_exclusive, NULL, "self [s]", "%.6f" },
	{ "average_duration", get_k_average, NULL, "avg/call [s]", "%.3e" },
	{ "min_duration", get_k_min, NULL, NULL, NULL },
	{ "max_duration", get_k_max, NULL, "max [s]", "%.3e" },
	{ "first_duration", get_k_first, NULL, NULL, NULL },
	{ "last_duration", get_k_last, NULL, NULL, NULL },
	{ "std_duration", get_k_std, NULL, NULL, NULL },
	{ "gpu_total_duration", get_k_gpu_total, k_gpu, NULL, NULL },
	{ "gpu_average_duration", get_k_gpu_average, k_gpu, NULL, NULL },
	{ "p50_duration", get_k_p50, NULL, NULL, NULL },
	{ "p95_duration", get_k_p95, NULL, "p95 [s]", "%.3e" },
	{ "p99_duration", get_k_p99, NULL, NULL, NULL },
	/* sp's own */
	{ "total_ns", get_k_total_ns, NULL, NULL, NULL },
	{ "exclusive_ns", get_k_exclusive_ns, NULL, NULL, NULL },
	{ "wall_duration", get_k_wall, NULL, NULL, NULL },
	{ "wall_ns", get_k_wall_ns, NULL, NULL, NULL },
	{ "excess_over_mean", get_k_share, NULL, NULL, NULL },
	{ "excess_over_mean_pct", get_k_share_pct, text_only, "vs mean [%]",
	    "%+.2f" },
	{ "rank_total_min", get_k_rank_min, NULL, NULL, NULL },
	{ "rank_total_mean", get_k_rank_mean, NULL, NULL, NULL },
	{ "rank_total_max", get_k_rank_max, NULL, NULL, NULL },
	{ "slowest_rank", get_k_slowest, NULL, NULL, NULL },
	{ "imbalance_caliper", get_k_caliper, NULL, NULL, NULL },
};

static const char *const rank_text[] = {
	"name", "rank", "num_calls", "total_duration", "exclusive_duration",
	"average_duration", "max_duration", "p95_duration",
	"excess_over_mean_pct",
};

/* --- lanes --- */

GET(l, name, str(o, res->regions[L(i)->region].name,
    res->regions[L(i)->region].name_len))
GET(l, rank, num(o, L(i)->rank))
GET(l, lane, num(o, L(i)->lane))
GET(l, lane_name, str(o, L(i)->lane_name, strlen(L(i)->lane_name)))
GET(l, num_calls, num(o, (int64_t)L(i)->num_calls))
GET(l, total, dbl(o, L(i)->total))
GET(l, exclusive, dbl(o, L(i)->exclusive))
GET(l, wall, dbl(o, L(i)->wall))
GET(l, average, dbl(o, L(i)->average))
GET(l, min, dbl(o, L(i)->min))
GET(l, max, dbl(o, L(i)->max))
GET(l, std, dbl(o, L(i)->std))
GET(l, p50, dbl(o, L(i)->p50))
GET(l, p95, dbl(o, L(i)->p95))
GET(l, p99, dbl(o, L(i)->p99))
GET(l, total_ns, num(o, L(i)->total_ns))
GET(l, exclusive_ns, num(o, L(i)->exclusive_ns))
GET(l, wall_ns, num(o, L(i)->wall_ns))

static const struct sp_stats_field lane_fields[] = {
	{ "name", get_l_name, NULL, "region", NULL },
	{ "rank", get_l_rank, NULL, NULL, NULL },
	{ "lane", get_l_lane, NULL, NULL, NULL },
	{ "lane_name", get_l_lane_name, NULL, "lane", NULL },
	{ "num_calls", get_l_num_calls, NULL, "n", NULL },
	{ "total_duration", get_l_total, NULL, "total [s]", "%.6f" },
	{ "exclusive_duration", get_l_exclusive, NULL, "self [s]", "%.6f" },
	{ "wall_duration", get_l_wall, NULL, "wall [s]", "%.6f" },
	{ "average_duration", get_l_average, NULL, "avg/call [s]", "%.3e" },
	{ "min_duration", get_l_min, NULL, NULL, NULL },
	{ "max_duration", get_l_max, NULL, "max [s]", "%.3e" },
	{ "std_duration", get_l_std, NULL, NULL, NULL },
	{ "p50_duration", get_l_p50, NULL, NULL, NULL },
	{ "p95_duration", get_l_p95, NULL, "p95 [s]", "%.3e" },
	{ "p99_duration", get_l_p99, NULL, NULL, NULL },
	{ "total_ns", get_l_total_ns, NULL, NULL, NULL },
	{ "exclusive_ns", get_l_exclusive_ns, NULL, NULL, NULL },
	{ "wall_ns", get_l_wall_ns, NULL, NULL, NULL },
};

static const char *const lane_text[] = {
	"name", "lane_name", "num_calls", "total_duration",
	"exclusive_duration", "wall_duration", "average_duration",
	"max_duration", "p95_duration",
};

/* --- call paths --- */

GET(p, call_path, str(o, P(i)->call_path, P(i)->call_path != NULL ?
    strlen(P(i)->call_path) : 0))
GET(p, name, str(o, P(i)->name, P(i)->name_len))
GET(p, depth, num(o, P(i)->depth))
GET(p, num_ranks, num(o, P(i)->num_ranks))
GET(p, num_calls, num(o, (int64_t)P(i)->calls))
GET(p, total, opt(o, P(i)->total))
GET(p, avg, opt(o, P(i)->avg))
GET(p, min, opt(o, P(i)->min))
GET(p, max, opt(o, P(i)->max))
GET(p, first, opt(o, P(i)->first))
GET(p, last, opt(o, P(i)->last))
GET(p, std, opt(o, P(i)->std))
GET(p, p50, opt(o, P(i)->p50))
GET(p, p95, opt(o, P(i)->p95))
GET(p, p99, opt(o, P(i)->p99))
GET(p, exclusive, opt(o, P(i)->exclusive))
GET(p, coverage, opt(o, P(i)->coverage))
GET(p, imbalance, dbl(o, P(i)->imbalance))
GET(p, gpu_total, opt(o, P(i)->gpu_total))
GET(p, gpu_avg, opt(o, P(i)->gpu_avg))
GET(p, recursive, { o->t = SP_STATS_VALUE_BOOL; o->i = P(i)->recursive; })
/* a fallback row without calls starts at +inf: null in JSON */
GET(p, start,
    { o->t = isinf(P(i)->start) ? SP_STATS_VALUE_NULL : SP_STATS_VALUE_DBL;
    o->d = P(i)->start; })
GET(p, wall, dbl(o, (double)P(i)->wall_ns / 1e9))
GET(p, wall_ns, num(o, P(i)->wall_ns))
GET(p, fallback, { o->t = SP_STATS_VALUE_BOOL; o->i = P(i)->fallback; })

static int
p_gpu(const struct sp_stats_result *res, size_t i)
{
	return P(i)->gpu_total.set;
}

static const struct sp_stats_field path_fields[] = {
	{ "call_path", get_p_call_path, NULL, NULL, NULL },
	{ "name", get_p_name, NULL, NULL, NULL },
	{ "depth", get_p_depth, NULL, NULL, NULL },
	{ "num_ranks", get_p_num_ranks, NULL, NULL, NULL },
	{ "num_calls", get_p_num_calls, NULL, NULL, NULL },
	{ "total_duration", get_p_total, NULL, NULL, NULL },
	{ "average_duration", get_p_avg, NULL, NULL, NULL },
	{ "min_duration", get_p_min, NULL, NULL, NULL },
	{ "max_duration", get_p_max, NULL, NULL, NULL },
	{ "first_duration", get_p_first, NULL, NULL, NULL },
	{ "last_duration", get_p_last, NULL, NULL, NULL },
	{ "std_duration", get_p_std, NULL, NULL, NULL },
	{ "p50_duration", get_p_p50, NULL, NULL, NULL },
	{ "p95_duration", get_p_p95, NULL, NULL, NULL },
	{ "p99_duration", get_p_p99, NULL, NULL, NULL },
	{ "exclusive_duration", get_p_exclusive, NULL, NULL, NULL },
	{ "coverage", get_p_coverage, NULL, NULL, NULL },
	{ "imbalance", get_p_imbalance, NULL, NULL, NULL },
	{ "gpu_total_duration", get_p_gpu_total, p_gpu, NULL, NULL },
	{ "gpu_average_duration", get_p_gpu_avg, p_gpu, NULL, NULL },
	{ "recursive", get_p_recursive, NULL, NULL, NULL },
	{ "start", get_p_start, NULL, NULL, NULL },
	{ "wall_duration", get_p_wall, NULL, NULL, NULL },
	{ "wall_ns", get_p_wall_ns, NULL, NULL, NULL },
	{ "fallback", get_p_fallback, NULL, NULL, NULL },
};

/* --- the views --- */

static size_t
count_regions(const struct sp_stats_result *res)
{
	return res->nregions;
}

static size_t
count_ranks(const struct sp_stats_result *res)
{
	return res->nranks;
}

static size_t
count_lanes(const struct sp_stats_result *res)
{
	return res->nlanes;
}

static size_t
count_paths(const struct sp_stats_result *res)
{
	return res->nrows;
}

static const char *
name_region(const struct sp_stats_result *res, size_t i, size_t *len)
{
	*len = R(i)->name_len;
	return R(i)->name;
}

static const char *
name_rank(const struct sp_stats_result *res, size_t i, size_t *len)
{
	return name_region(res, K(i)->region, len);
}

static const char *
name_lane(const struct sp_stats_result *res, size_t i, size_t *len)
{
	return name_region(res, L(i)->region, len);
}

static const char *
name_path(const struct sp_stats_result *res, size_t i, size_t *len)
{
	*len = P(i)->name_len;
	return P(i)->name;
}

/* The table's sort keys, spelled as the records' keys. */
static const char *
alias(const char *key)
{
	static const char *const map[][2] = {
		{ "total", "total_duration" }, { "calls", "num_calls" },
		{ "avg", "average_duration" }, { "min", "min_duration" },
		{ "max", "max_duration" }, { "first", "first_duration" },
		{ "last", "last_duration" }, { "std", "std_duration" },
		{ "p50", "p50_duration" }, { "p95", "p95_duration" },
		{ "p99", "p99_duration" }, { "self", "exclusive_duration" },
		{ "exclusive", "exclusive_duration" },
		{ "wall", "wall_duration" }, { "num_ranks", "num_ranks" },
	};
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(key, map[i][0]) == 0)
			return map[i][1];
	return NULL;
}

static const char *
alias_region(const char *key)
{
	return strcmp(key, "imbalance") == 0 ? "rank_imbalance_pct" :
	    alias(key);
}

static const char *
alias_rank(const char *key)
{
	return strcmp(key, "imbalance") == 0 ? "excess_over_mean" :
	    alias(key);
}

#define N(a) (sizeof (a) / sizeof (a)[0])

static const struct sp_stats_view views[4] = {
	{ region_fields, N(region_fields), count_regions, name_region,
	    alias_region, region_text, N(region_text) },
	{ rank_fields, N(rank_fields), count_ranks, name_rank, alias_rank,
	    rank_text, N(rank_text) },
	{ lane_fields, N(lane_fields), count_lanes, name_lane, alias,
	    lane_text, N(lane_text) },
	{ path_fields, N(path_fields), count_paths, name_path, alias, NULL,
	    0 },
};

const struct sp_stats_view *
sp_stats_view_of(enum sp_stats_by by, int call_paths)
{
	if (call_paths)
		return &views[3];
	return &views[by == SP_STATS_BY_RANK ? 1 : by == SP_STATS_BY_LANE ?
	    2 : 0];
}

const struct sp_stats_field *
sp_stats_view_field(const struct sp_stats_view *v, const char *key)
{
	size_t i;

	for (i = 0; i < v->nfields; i++)
		if (strcmp(v->fields[i].key, key) == 0)
			return &v->fields[i];
	return NULL;
}
