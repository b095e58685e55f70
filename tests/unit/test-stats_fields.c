/*
 * test-stats_fields: the records as named fields (sp_stats_fields.h):
 * which view each --by gives, the keys and their order, the text tables'
 * columns, the aliases of the table's sort keys, when a field is present,
 * and the values the getters read from the run of stats63.h.
 */
#include <math.h>
#include <stdlib.h>

#include "sp_stats_fields.h"
#include "stats63.h"

static const struct sp_stats_result *res;

/* The value of key in record i of view v. */
static struct sp_stats_value
value(const struct sp_stats_view *v, const char *key, size_t i)
{
	const struct sp_stats_field *f = sp_stats_view_field(v, key);
	struct sp_stats_value o;

	memset(&o, 0, sizeof o);
	o.t = SP_STATS_VALUE_NULL;
	CHECK(f != NULL && strcmp(f->key, key) == 0, "no field %s", key);
	if (f != NULL)
		f->get(res, i, &o);
	return o;
}

static void
dbl_is(const struct sp_stats_view *v, const char *key, size_t i, double want)
{
	struct sp_stats_value o = value(v, key, i);

	CHECK(o.t == SP_STATS_VALUE_DBL && fabs(o.d - want) < 1e-9,
	    "%s of %zu: %g "
	    "(type %d), not %g", key, i, o.d, (int)o.t, want);
}

static void
int_is(const struct sp_stats_view *v, const char *key, size_t i,
    int64_t want)
{
	struct sp_stats_value o = value(v, key, i);

	CHECK(o.t == SP_STATS_VALUE_INT && o.i == want,
	    "%s of %zu: %lld (type %d), "
	    "not %lld", key, i, (long long)o.i, (int)o.t, (long long)want);
}

static void
str_is(const struct sp_stats_view *v, const char *key, size_t i,
    const char *want)
{
	struct sp_stats_value o = value(v, key, i);

	CHECK(o.t == SP_STATS_VALUE_STR && o.n == strlen(want) &&
	    memcmp(o.s, want, o.n) == 0, "%s of %zu: %.*s, not %s", key, i,
	    (int)o.n, o.s != NULL ? o.s : "", want);
}

static int
present(const struct sp_stats_view *v, const char *key, size_t i)
{
	const struct sp_stats_field *f = sp_stats_view_field(v, key);

	return f != NULL && (f->present == NULL || f->present(res, i));
}

static void
views(void)
{
	const struct sp_stats_view *r = sp_stats_view_of(SP_STATS_BY_REGION, 0);
	const struct sp_stats_view *k = sp_stats_view_of(SP_STATS_BY_RANK, 0);
	const struct sp_stats_view *l = sp_stats_view_of(SP_STATS_BY_LANE, 0);
	const struct sp_stats_view *p = sp_stats_view_of(SP_STATS_BY_RANK, 1);
	static const char *const first[] = { "name", "num_ranks",
		"num_calls", "total_duration", "inclusive_duration",
		"exclusive_duration", "average_duration" };
	const struct sp_stats_view *all[4];
	size_t i, j;

	CHECK(r != k && r != l && r != p && k != l && k != p && l != p,
	    "four views");
	CHECK(sp_stats_view_of(SP_STATS_BY_LANE, 1) == p, "call paths win");
	CHECK(r->nfields >= 7, "region fields");
	for (i = 0; i < 7 && i < r->nfields; i++)
		CHECK(strcmp(r->fields[i].key, first[i]) == 0,
		    "region key %zu: %s, not %s", i, r->fields[i].key,
		    first[i]);
	CHECK(strcmp(k->fields[1].key, "rank") == 0 &&
	    strcmp(l->fields[2].key, "lane") == 0 &&
	    strcmp(p->fields[0].key, "call_path") == 0, "keys of the views");
	CHECK(sp_stats_view_field(r, "bogus") == NULL &&
	    sp_stats_view_field(r, "Name") == NULL &&
	    sp_stats_view_field(k, "rank") != NULL &&
	    sp_stats_view_field(r, "rank") == NULL, "fields by key");
	/* the text columns are fields of their view; paths have none */
	CHECK(r->ntext == 8 && k->ntext == 9 && l->ntext == 9 &&
	    p->ntext == 0 && p->text == NULL, "text columns");
	all[0] = r;
	all[1] = k;
	all[2] = l;
	all[3] = p;
	for (i = 0; i < 4; i++)
		for (j = 0; j < all[i]->ntext; j++)
			CHECK(sp_stats_view_field(all[i], all[i]->text[j]) !=
			    NULL && sp_stats_view_field(all[i],
			    all[i]->text[j])->header != NULL,
			    "text column %s has a header", all[i]->text[j]);
	CHECK(strcmp(sp_stats_view_field(r, "rank_imbalance_pct")->fmt,
	    "%.2f") == 0 && strcmp(sp_stats_view_field(k,
	    "excess_over_mean_pct")->header, "vs mean [%]") == 0, "headers");
	/* the table's sort keys, as the records spell them */
	CHECK(strcmp(r->alias("imbalance"), "rank_imbalance_pct") == 0 &&
	    strcmp(k->alias("imbalance"), "excess_over_mean") == 0 &&
	    l->alias("imbalance") == NULL &&
	    strcmp(p->alias("self"), "exclusive_duration") == 0 &&
	    strcmp(r->alias("calls"), "num_calls") == 0 &&
	    strcmp(l->alias("wall"), "wall_duration") == 0 &&
	    r->alias("bogus") == NULL, "aliases");
}

/* The region records: session 22 s on two ranks (10 s, 12 s). */
static void
regions(void)
{
	const struct sp_stats_view *v = sp_stats_view_of(SP_STATS_BY_REGION, 0);
	size_t len;

	CHECK(v->count(res) == 3, "3 regions, not %zu", v->count(res));
	CHECK(strcmp(v->name(res, 1, &len), "solve") == 0 && len == 5,
	    "name of 1");
	str_is(v, "name", 0, "scope_profiler.session");
	int_is(v, "num_ranks", 0, 2);
	int_is(v, "num_calls", 2, 4);
	dbl_is(v, "total_duration", 1, 17);
	dbl_is(v, "inclusive_duration", 1, 17);
	/* solve's 17 s less io's 2.50025 s */
	dbl_is(v, "exclusive_duration", 1, 14.49975);
	int_is(v, "total_ns", 2, 2500250000LL);
	dbl_is(v, "rank_total_min", 0, 10);
	dbl_is(v, "rank_total_mean", 0, 11);
	dbl_is(v, "rank_total_max", 0, 12);
	int_is(v, "slowest_rank", 0, 1);
	dbl_is(v, "imbalance_caliper", 0, 1.0 / 11);
	dbl_is(v, "imbalance_caliper_pct", 0, 100.0 / 11);
	/* sp's alone in the text, GPU fields without GPU times absent */
	CHECK(!present(v, "imbalance_caliper_pct", 0) &&
	    present(v, "total_duration", 0) &&
	    !present(v, "gpu_total_duration", 0) &&
	    !present(v, "percentiles_approx", 0), "present");
}

/* The rank records: by region, then rank; solve on rank 0: 3 s + 4 s. */
static void
ranks(void)
{
	const struct sp_stats_view *v = sp_stats_view_of(SP_STATS_BY_RANK, 0);
	size_t i, at = (size_t)-1;

	CHECK(v->count(res) == 6, "6 rank records, not %zu", v->count(res));
	for (i = 0; i < v->count(res); i++)
		if (res->ranks[i].region == 1 && res->ranks[i].rank == 0)
			at = i;
	CHECK(at != (size_t)-1, "solve on rank 0");
	if (at == (size_t)-1)
		return;
	str_is(v, "name", at, "solve");
	int_is(v, "rank", at, 0);
	int_is(v, "num_calls", at, 2);
	dbl_is(v, "total_duration", at, 7);
	dbl_is(v, "exclusive_duration", at, 4.5);
	dbl_is(v, "average_duration", at, 3.5);
	dbl_is(v, "min_duration", at, 3);
	dbl_is(v, "max_duration", at, 4);
	int_is(v, "exclusive_ns", at, 4500000000LL);
	/* the region's spread, in each record: 7 s and 10 s */
	dbl_is(v, "rank_total_mean", at, 8.5);
	int_is(v, "slowest_rank", at, 1);
	dbl_is(v, "excess_over_mean", at, 7 / 8.5 - 1);
	dbl_is(v, "excess_over_mean_pct", at, (7 / 8.5 - 1) * 100);
}

/* The call paths: the tree's rows. */
static void
paths(void)
{
	const struct sp_stats_view *v = sp_stats_view_of(SP_STATS_BY_REGION, 1);
	struct sp_stats_value o;

	CHECK(v->count(res) == 3, "3 rows, not %zu", v->count(res));
	str_is(v, "call_path", 2, "scope_profiler.session > solve > io");
	str_is(v, "name", 2, "io");
	int_is(v, "depth", 2, 2);
	int_is(v, "num_calls", 1, 3);
	dbl_is(v, "total_duration", 1, 17);
	o = value(v, "recursive", 1);
	CHECK(o.t == SP_STATS_VALUE_BOOL && o.i == 0, "recursive");
	CHECK(!present(v, "gpu_total_duration", 1), "no GPU time");
}

int
main(void)
{
	struct sp_stats_result *r = run(SP_STATS_WANT_REGIONS |
	    SP_STATS_WANT_TREE | SP_STATS_WANT_RANKS, 1 << 20, 0, NULL);

	res = r;
	views();
	regions();
	ranks();
	paths();
	sp_stats_result_free(r);
	sp_stats_run_free(alive);
	return failed != 0;
}
