/*
 * test-stats_top: --top and --max-depth (sp_stats_top.h).  --top N keeps
 * the N regions that lead by the key (by total without one), and of each
 * its N leading rows, with every ancestor of a row kept; the records
 * keep every record of a region kept; --max-depth cuts the tree's rows
 * before --top ranks them.  The order given is kept.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_stats_top.h"

#define NONE UINT32_MAX

static struct sp_stats_row
row(const char *name, uint32_t up, uint32_t depth, double start,
    double total)
{
	struct sp_stats_row w;

	memset(&w, 0, sizeof w);
	w.name = name;
	w.name_len = strlen(name);
	w.parent = up;
	w.up = up;
	w.depth = depth;
	w.start = start;
	w.total = sp_opt_of(total);
	return w;
}

/*
 * main (0, 10 s) at 0 with io (2, 2 s, at 1) and solve (1, 4 s, at 2)
 * below it, solve's child io (3, 3 s, at 3); a second root aux (4, 1 s)
 * at 5.  The tree's order by start: 0 2 1 3 4.
 */
static struct sp_stats_row rows[5];

static void
kept_is(const char *sort, long top, long depth, const uint32_t *in,
    size_t nin, const uint32_t *want, size_t nwant)
{
	uint32_t order[8];
	struct sp_err e;
	size_t n = nin, i;

	memcpy(order, in, nin * sizeof *order);
	CHECK(sp_stats_top_rows(rows, sort, top, depth, order, &n, &e) == 0,
	    "top rows: %s", e.msg);
	CHECK(n == nwant, "%s top %ld depth %ld: %zu rows, not %zu",
	    sort != NULL ? sort : "-", top, depth, n, nwant);
	for (i = 0; i < n && i < nwant; i++)
		CHECK(order[i] == want[i], "%s top %ld depth %ld: row %zu is "
		    "%u, not %u", sort != NULL ? sort : "-", top, depth, i,
		    order[i], want[i]);
}

#define N(a) (sizeof a / sizeof *a)

static void
tree(void)
{
	static const uint32_t tree[] = { 0, 2, 1, 3, 4 };
	static const uint32_t main_only[] = { 0 };
	static const uint32_t main_solve[] = { 0, 1 };
	static const uint32_t no_aux[] = { 0, 2, 1, 3 };
	static const uint32_t roots[] = { 0, 4 };
	static const uint32_t upper[] = { 0, 2, 1 };
	/* the order a caller sorted by name: aux, io, io, main, solve */
	static const uint32_t byname[] = { 4, 2, 3, 0, 1 };
	static const uint32_t aux_io[] = { 4, 2, 3, 0, 1 };
	static const uint32_t io_first[] = { 2, 3, 0, 1, 4 };
	static const uint32_t io_one[] = { 2, 0 };

	rows[0] = row("main", NONE, 0, 0, 10);
	rows[1] = row("solve", 0, 1, 2, 4);
	rows[2] = row("io", 0, 1, 1, 2);
	rows[3] = row("io", 1, 2, 3, 3);
	rows[4] = row("aux", NONE, 0, 5, 1);
	kept_is(NULL, -1, -1, tree, 5, tree, 5);
	/* by total: main 10, solve 4, io 3 and 2, aux 1 */
	kept_is(NULL, 1, -1, tree, 5, main_only, 1);
	kept_is(NULL, 2, -1, tree, 5, main_solve, 2);
	kept_is(NULL, 3, -1, tree, 5, no_aux, 4);
	kept_is(NULL, 0, -1, tree, 5, NULL, 0);
	/* by first start: main 0, io 1 (both rows of io: 2 a region) */
	kept_is("start", 1, -1, tree, 5, main_only, 1);
	kept_is("start", 2, -1, tree, 5, no_aux, 4);
	/* --max-depth alone, then with --top ranking the rows left */
	kept_is(NULL, -1, 0, tree, 5, roots, 2);
	kept_is(NULL, 1, 1, tree, 5, main_only, 1);
	kept_is(NULL, 3, 1, tree, 5, upper, 3);
	/* another key: the order given is the ranking; ancestors come in */
	kept_is("name", 1, -1, byname, 5, byname, 1);
	kept_is("name", 2, -1, byname, 5, aux_io, 5);
	/* of io, leading, its first row only, and that row's parent */
	kept_is("name", 1, -1, io_first, 5, io_one, 2);
}

/* Records: a name and a value, maybe None. */
struct rec {
	const char *name;
	double v;
	int set;
};

static const struct rec recs[] = {
	{ "b", 1, 1 }, { "a", 5, 1 }, { "b", 7, 1 }, { "c", 2, 1 },
	{ "a", 0, 0 },
};

static double
rec_val(const void *ctx, size_t i, int *set)
{
	const struct rec *r = ctx;

	*set = r[i].set;
	return r[i].v;
}

static const char *
rec_name(const void *ctx, size_t i, size_t *len)
{
	const struct rec *r = ctx;

	*len = strlen(r[i].name);
	return r[i].name;
}

static void
recs_kept(int by_val, long top, const uint32_t *in, const uint32_t *want,
    size_t nwant)
{
	struct sp_stats_sortable s = { by_val ? rec_val : NULL, rec_name,
		recs };
	uint32_t order[5];
	struct sp_err e;
	size_t n = 5, i;

	memcpy(order, in, sizeof order);
	CHECK(sp_stats_top_records(&s, 5, top, order, &n, &e) == 0,
	    "top records: %s", e.msg);
	CHECK(n == nwant, "records top %ld: %zu, not %zu", top, n, nwant);
	for (i = 0; i < n && i < nwant; i++)
		CHECK(order[i] == want[i], "records top %ld: %zu is %u, not %u",
		    top, i, order[i], want[i]);
}

static void
records(void)
{
	static const uint32_t all[] = { 0, 1, 2, 3, 4 };
	static const uint32_t b[] = { 0, 2 };
	static const uint32_t ba[] = { 0, 1, 2, 4 };
	static const uint32_t met[] = { 3, 1, 0, 2, 4 };
	static const uint32_t c[] = { 3 };
	static const uint32_t ca[] = { 3, 1, 4 };

	recs_kept(1, -1, all, all, 5);
	/* by value: b (7) leads, then a (5), c (2); None last */
	recs_kept(1, 1, all, b, 2);
	recs_kept(1, 2, all, ba, 4);
	recs_kept(1, 3, all, all, 5);
	/* no value: the first met in the order given */
	recs_kept(0, 1, met, c, 1);
	recs_kept(0, 2, met, ca, 3);
}

int
main(void)
{
	tree();
	records();
	return failed != 0;
}
