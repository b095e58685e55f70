/*
 * test-stats_run: a run's statistics fed call by call, as the exporter
 * feeds them from a walker, on spec/summary.md's example 6.3 (a session
 * root on two ranks): summary()'s record of io, the display rows, the
 * per-rank records; then the same with a tiny memory budget (every
 * store on the temporary file), with a rank that has lanes (the call log
 * and its replay), and with a filter (exclusive times stay the whole
 * tree's).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sp_stats_run.h"

#define S 1000000000LL

struct c {
	int64_t start, end;
	uint32_t region;
	int64_t call;
	uint32_t depth;
	int64_t lane;
};

static const char *names[] = { "scope_profiler.session", "solve", "io" };
static const size_t lens[] = { 22, 5, 2 };

static const struct c rank0[] = {
	{ 0, 10 * S, 0, 0, 0, -1 }, { 1 * S, 4 * S, 1, 0, 1, -1 },
	{ 2 * S, 3 * S, 2, 0, 2, -1 }, { 5 * S, 9 * S, 1, 1, 1, -1 },
	{ 6 * S, 7 * S, 2, 1, 2, -1 }, { 7500000000LL, 8 * S, 2, 2, 2, -1 },
};
static const struct c rank1[] = {
	{ 0, 12 * S, 0, 0, 0, -1 }, { 1 * S, 11 * S, 1, 0, 1, -1 },
	{ 2 * S, 2 * S + 250000, 2, 0, 2, -1 },
};

/* The walker's replay of one lane: closes deepest first, with self. */
static void
lane(struct sp_stats_run *r, const struct c *v, size_t n, struct sp_err *e)
{
	struct sp_walk_call st[16];
	int64_t kids[16];
	struct sp_batch b;
	size_t top = 0, i;

	memset(&b, 0, sizeof b);
	for (i = 0; i <= n; i++) {
		while (top > 0 && (i == n || st[top - 1].depth >= v[i].depth)) {
			top--;
			CHECK(sp_stats_run_close(r, &st[top], st[top].end -
			    st[top].start - kids[top], e) == 0, "close: %s",
			    e->msg);
			if (top > 0)
				kids[top - 1] += st[top].end - st[top].start;
		}
		if (i == n)
			break;
		memset(&st[top], 0, sizeof st[top]);
		st[top].start = v[i].start;
		st[top].end = v[i].end;
		st[top].region = v[i].region;
		st[top].call = v[i].call;
		st[top].depth = v[i].depth;
		st[top].seq = i;
		kids[top] = 0;
		CHECK(sp_stats_run_open(r, &st[top], &b, 0, e) == 0, "open: %s",
		    e->msg);
		top++;
	}
	CHECK(sp_stats_run_lane_end(r, e) == 0, "lane end");
}

static void
rank(struct sp_stats_run *r, uint32_t rk, const struct c *v, size_t n,
    int lanes, struct sp_err *e)
{
	struct sp_row_info rows[3];
	struct sp_rank_info ri;
	size_t k, i;

	memset(rows, 0, sizeof rows);
	memset(&ri, 0, sizeof ri);
	for (k = 0; k < 3; k++) {
		rows[k].region = (uint32_t)k;
		for (i = 0; i < n; i++)
			rows[k].calls += v[i].region == k;
		if (lanes)
			rows[k].xmask = 1u << SP_X_THREAD;
	}
	ri.rank = rk;
	ri.nrows = 3;
	ri.rows = rows;
	CHECK(sp_stats_run_rank(r, &ri, 1, e) == 0, "rank: %s", e->msg);
	if (!lanes) {
		lane(r, v, n, e);
	} else {
		/* the session alone on lane -2, the rest a level up on -3 */
		struct c up[8];

		for (i = 1; i < n; i++) {
			up[i - 1] = v[i];
			up[i - 1].depth--;
		}
		CHECK(sp_stats_run_lane(r, -3, NULL, e) == 0, "lane");
		lane(r, up, n - 1, e);
		CHECK(sp_stats_run_lane(r, -2, NULL, e) == 0, "lane");
		lane(r, v, 1, e);
	}
	CHECK(sp_stats_run_rank_end(r, e) == 0, "rank end: %s", e->msg);
}

/* The run stays alive with its result: region names are the run's. */
static struct sp_stats_run *alive;

static struct sp_stats_result *
run(unsigned want, uint64_t mem, int lanes,
    int (*keep)(void *, const char *, size_t))
{
	struct sp_stats_run_opts o;
	struct sp_run_info ri;
	struct sp_region_table t;
	struct sp_stats_run *r;
	struct sp_stats_result *res = NULL;
	struct sp_err e;
	uint32_t order[3] = { 0, 1, 2 };

	memset(&o, 0, sizeof o);
	o.want = want;
	o.mem = mem;
	o.keep = keep;
	memset(&ri, 0, sizeof ri);
	ri.source = "native_trace";
	ri.num_ranks = 2;
	ri.has_span = 1;
	memset(&t, 0, sizeof t);
	t.n = 3;
	t.names = names;
	t.lens = lens;
	t.order = order;
	r = sp_stats_run_new(&o, &e);
	CHECK(r != NULL && sp_stats_run_begin(r, &ri, "native_trace", &e) == 0 &&
	    sp_stats_run_regions(r, &t, &e) == 0, "run");
	rank(r, 0, rank0, 6, lanes, &e);
	rank(r, 1, rank1, 3, 0, &e);
	CHECK(sp_stats_run_finish(r, &res, &e) == 0, "finish: %s", e.msg);
	sp_stats_run_free(alive);
	alive = r;
	return res;
}

/* summary()'s io (spec 6.3), to the last bit. */
static void
io_record(const struct sp_stats_result *res, const char *how)
{
	const struct sp_stats_region *g = &res->regions[2];

	CHECK(res->nregions == 3 && strcmp(g->name, "io") == 0, "%s: io "
	    "third", how);
	CHECK(g->num_ranks == 2 && g->num_calls == 4, "%s: io counts", how);
	CHECK(g->total == 2.50025 && g->exclusive == 2.50025, "%s: io total",
	    how);
	CHECK(g->average == 0.6250625 && g->min == 0.00025 && g->max == 1.0,
	    "%s: io average %a", how, g->average);
	CHECK(g->first == 1.0 && g->last == 0.5, "%s: io first, last", how);
	CHECK(g->std == 0.4144838799262886, "%s: io std %.17g", how, g->std);
	CHECK(g->p50 == 0.75 && g->p95 == 1.0 && g->p99 == 1.0, "%s: io pct",
	    how);
	CHECK(g->rank_imbalance == 1.9998000199980004 &&
	    g->rank_imbalance_pct == 99.98000199980004, "%s: io imbalance",
	    how);
}

/* The tree rows: session, solve, io, with 6.3's coverage and own time. */
static void
tree_rows(const struct sp_stats_result *res, const char *how)
{
	const struct sp_stats_row *w = res->rows;

	CHECK(res->nrows == 3, "%s: %zu rows", how, res->nrows);
	if (res->nrows != 3)
		return;
	CHECK(strcmp(w[0].call_path, "scope_profiler.session") == 0 &&
	    w[0].total.v == 22.0 && w[0].exclusive.v == 5.0 &&
	    w[0].has_children, "%s: session row", how);
	CHECK(strcmp(w[1].call_path, "scope_profiler.session > solve") == 0 &&
	    w[1].coverage.v == 17.0 && w[1].exclusive.v == 14.49975 &&
	    w[1].parent_coverage.v == 22.0, "%s: solve row", how);
	CHECK(w[2].calls == 4 && fabs(w[2].imbalance - 99.98) < 0.01 &&
	    w[2].parent == 1 && !w[2].fallback, "%s: io row", how);
}

static int
no_solve(void *ctx, const char *name, size_t len)
{
	(void)ctx;
	return !(len == 5 && memcmp(name, "solve", 5) == 0);
}

int
main(void)
{
	struct sp_stats_result *res;

	res = run(SP_STATS_WANT_REGIONS | SP_STATS_WANT_TREE |
	    SP_STATS_WANT_RANKS, 32 << 20, 0, NULL);
	io_record(res, "memory");
	tree_rows(res, "memory");
	CHECK(res->nranks == 6 && res->ranks[4].region == 2 &&
	    res->ranks[4].rank == 0 && res->ranks[4].total == 2.5 &&
	    res->ranks[4].p50.v == 1.0, "per-rank record of io on rank 0");
	sp_stats_result_free(res);
	res = run(SP_STATS_WANT_REGIONS | SP_STATS_WANT_TREE, 1, 0, NULL);
	io_record(res, "one byte");
	tree_rows(res, "one byte");
	sp_stats_result_free(res);
	res = run(SP_STATS_WANT_REGIONS | SP_STATS_WANT_TREE, 32 << 20, 1,
	    NULL);
	io_record(res, "lanes");
	/* rank 0's solve is a root on its own lane: two more paths */
	CHECK(res->nrows == 5 && strcmp(res->rows[1].call_path, "solve") == 0 &&
	    res->rows[1].total.v == 7.0 && res->rows[1].coverage.v == 7.0,
	    "lanes: solve at the top of rank 0's second lane");
	sp_stats_result_free(res);
	/* without solve, io hangs on the session; own times stay the tree's */
	res = run(SP_STATS_WANT_TREE, 32 << 20, 0, no_solve);
	CHECK(res->nrows == 2 && res->rows[1].depth == 1 &&
	    strcmp(res->rows[1].call_path, "scope_profiler.session > io") == 0,
	    "filtered: io below the session");
	CHECK(res->nrows == 2 && res->rows[0].exclusive.v == 5.0, "filtered: "
	    "the session's own time is still the whole tree's (Q11)");
	sp_stats_result_free(res);
	return failed != 0;
}
