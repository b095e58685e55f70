/*
 * test-stats_run: a run's statistics fed one call a batch, as the
 * exporter feeds them from a walk, on the run of doc/stats.md, "Example:
 * a session on two ranks": summary()'s record of io, the display rows,
 * the per-rank records; then the same with a tiny memory budget (every
 * store on the temporary file), with a rank that has lanes (the call log
 * and its replay), and with a filter (exclusive times stay the whole
 * tree's); then fed in larger batches, with and without a GPU column,
 * against the rows and records of the calls fed one a batch; and what a
 * watch of the walk is told.
 */
#include <inttypes.h>
#include <math.h>

#include "stats63.h"

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

/* Two results' tree rows and region records, field by field. */
static void
same_rows(const struct sp_stats_result *a, const struct sp_stats_result *b,
    const char *how)
{
	const struct sp_stats_row *x, *y;
	const struct sp_stats_region *g, *h;
	size_t i;

	CHECK(a->nregions == b->nregions, "%s: regions", how);
	for (i = 0; i < a->nregions && i < b->nregions; i++) {
		g = &a->regions[i];
		h = &b->regions[i];
		CHECK(g->num_calls == h->num_calls && g->total == h->total &&
		    g->exclusive == h->exclusive && g->wall == h->wall &&
		    g->total_ns == h->total_ns && g->wall_ns == h->wall_ns &&
		    g->exclusive_ns == h->exclusive_ns, "%s: region %zu", how,
		    i);
	}

	CHECK(a->nrows == b->nrows, "%s: %zu rows, not %zu", how, b->nrows,
	    a->nrows);
	for (i = 0; i < a->nrows && i < b->nrows; i++) {
		x = &a->rows[i];
		y = &b->rows[i];
		CHECK(strcmp(x->call_path, y->call_path) == 0 &&
		    x->calls == y->calls && x->num_ranks == y->num_ranks &&
		    x->total.v == y->total.v && x->min.v == y->min.v &&
		    x->max.v == y->max.v && x->first.v == y->first.v &&
		    x->last.v == y->last.v && x->start == y->start &&
		    x->exclusive.v == y->exclusive.v &&
		    x->coverage.v == y->coverage.v &&
		    x->wall_ns == y->wall_ns && x->recursive == y->recursive,
		    "%s: row %zu (%s)", how, i, x->call_path);
	}
}

/*
 * The batch walk with and without a GPU column in the batches, in
 * batches of 1, 2 and 4 calls: the rows of one call a batch, and 6.3's.
 */
static void
batches(void)
{
	static const size_t per[] = { 1, 2, 4 };
	struct sp_stats_result *want, *got;
	char how[64];
	size_t i;
	int g;

	want = run(SP_STATS_WANT_TREE, 32 << 20, 0, NULL);
	for (i = 0; i < sizeof per / sizeof *per; i++) {
		for (g = 0; g < 2; g++) {
			snprintf(how, sizeof how, "batches of %zu%s", per[i],
			    g ? ", GPU column" : "");
			batch_calls = per[i];
			gpu_column = g;
			got = run(SP_STATS_WANT_TREE, 32 << 20, 0, NULL);
			tree_rows(got, how);
			same_rows(want, got, how);
			sp_stats_result_free(got);
		}
	}
	batch_calls = 0;
	gpu_column = 0;
	sp_stats_result_free(want);
}

/* Two results' per-rank records, field by field. */
static void
same_ranks(const struct sp_stats_result *a, const struct sp_stats_result *b,
    const char *how)
{
	const struct sp_stats_rankrec *x, *y;
	size_t i;

	CHECK(a->nranks == b->nranks, "%s: %zu rank records, not %zu", how,
	    b->nranks, a->nranks);
	for (i = 0; i < a->nranks && i < b->nranks; i++) {
		x = &a->ranks[i];
		y = &b->ranks[i];
		CHECK(x->region == y->region && x->rank == y->rank &&
		    x->num_calls == y->num_calls && x->total == y->total &&
		    x->exclusive == y->exclusive && x->min == y->min &&
		    x->max == y->max && x->first == y->first &&
		    x->last == y->last && x->std == y->std &&
		    x->p50.v == y->p50.v && x->wall_ns == y->wall_ns &&
		    x->exclusive_ns == y->exclusive_ns, "%s: rank record %zu",
		    how, i);
	}
}

/*
 * The regions and the per-rank records without the tree, with and
 * without a GPU column, in batches of 1, 2 and 4 calls: the records of
 * one call a batch, and 6.3's io.
 */
static void
entry_batches(void)
{
	static const size_t per[] = { 1, 2, 4 };
	const unsigned w = SP_STATS_WANT_REGIONS | SP_STATS_WANT_RANKS;
	struct sp_stats_result *want, *got;
	char how[64];
	size_t i;
	int g;

	want = run(w, 32 << 20, 0, NULL);
	for (i = 0; i < sizeof per / sizeof *per; i++) {
		for (g = 0; g < 2; g++) {
			snprintf(how, sizeof how, "entries, batches of %zu%s",
			    per[i], g ? ", GPU column" : "");
			batch_calls = per[i];
			gpu_column = g;
			got = run(w, 32 << 20, 0, NULL);
			io_record(got, how);
			same_rows(want, got, how);
			same_ranks(want, got, how);
			sp_stats_result_free(got);
		}
	}
	batch_calls = 0;
	gpu_column = 0;
	sp_stats_result_free(want);
}

/* What the watch was told: " oR" a call of region R opened, " cS" closed
 * with self time S ns. */
static char told[512];

static void
tell(char what, int64_t v)
{
	size_t n = strlen(told);

	snprintf(told + n, sizeof told - n, " %c%" PRId64, what, v);
}

static int
told_open(void *ctx, uint32_t region, struct sp_err *e)
{
	(void)ctx;
	(void)e;
	tell('o', region);
	return 0;
}

static int
told_close(void *ctx, int64_t self_ns, struct sp_err *e)
{
	(void)ctx;
	(void)e;
	tell('c', self_ns);
	return 0;
}

/*
 * The watch is told of every call in the walk's order, a call closing
 * after its children with its self time, in batches of 1 and 4 alike.
 */
static void
watched(void)
{
	static const char want[] = " o0 o1 o2 c1000000000 c2000000000"
	    " o1 o2 c1000000000 o2 c500000000 c2500000000 c3000000000"
	    " o0 o1 o2 c250000 c9999750000 c2000000000";
	static const size_t per[] = { 1, 4 };
	struct sp_stats_result *res;
	size_t i;

	watch63.open = told_open;
	watch63.close = told_close;
	for (i = 0; i < sizeof per / sizeof *per; i++) {
		batch_calls = per[i];
		told[0] = '\0';
		res = run(SP_STATS_WANT_REGIONS, 32 << 20, 0, NULL);
		io_record(res, "watched");
		CHECK(strcmp(told, want) == 0, "watch, batches of %zu:\n%s\n"
		    "---- not ----\n%s", per[i], told, want);
		sp_stats_result_free(res);
	}
	batch_calls = 0;
	memset(&watch63, 0, sizeof watch63);
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
	    "the session's own time is still the whole tree's");
	sp_stats_result_free(res);
	batches();
	entry_batches();
	watched();
	return failed != 0;
}
