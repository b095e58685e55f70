/*
 * test-stats_views: the text tables of --by rank and --by lane and the
 * order of any view's records (sp_stats_views.h), on the run of
 * stats63.h: values as the tables show them, the records' order by the
 * view, by name, by rank and by a key, cut to --top, and the --by rank
 * text: the spread per region, then a line per rank, then the notes.
 */
#include <stdlib.h>

#include "membuf.h"
#include "sp_stats_grid.h"
#include "sp_stats_notes.h"
#include "sp_stats_views.h"
#include "stats63.h"

static const struct sp_stats_result *res;

static void
value_is(const struct sp_stats_value *v, const char *fmt, const char *want)
{
	struct sp_stats_text b = { 0 };

	sp_stats_value_text(&b, v, fmt);
	CHECK(b.n == strlen(want) && (b.n == 0 ||
	    memcmp(b.p, want, b.n) == 0), "value %d: %.*s, not %s",
	    (int)v->t, (int)b.n, b.p != NULL ? b.p : "", want);
	sp_stats_text_free(&b);
}

static void
values(void)
{
	static const char *const two[] = { "gpu", "io" };
	struct sp_stats_value v;

	memset(&v, 0, sizeof v);
	v.t = SP_STATS_VALUE_NULL;
	value_is(&v, "%.2f", "-");
	v.t = SP_STATS_VALUE_INT;
	v.i = -42;
	value_is(&v, "%.2f", "-42");
	v.t = SP_STATS_VALUE_DBL;
	v.d = 1.0 / 3;
	value_is(&v, NULL, "0.333333");
	value_is(&v, "%+.2f", "+0.33");
	v.t = SP_STATS_VALUE_BOOL;
	v.i = 1;
	value_is(&v, NULL, "true");
	v.i = 0;
	value_is(&v, NULL, "false");
	v.t = SP_STATS_VALUE_STR;
	v.s = "abc";
	v.n = 2;
	value_is(&v, NULL, "ab");
	v.t = SP_STATS_VALUE_STRS;
	v.v = two;
	v.nv = 2;
	value_is(&v, NULL, "gpu, io");
	v.nv = 0;
	value_is(&v, NULL, "");
}

/* A rank record as (region, rank). */
struct rr {
	uint32_t region, rank;
};

static void
ranks_are(const char *sort, long top, const struct rr *want, size_t nwant)
{
	const struct sp_stats_view *v = sp_stats_view_of(SP_STATS_BY_RANK, 0);
	struct sp_stats_export_opts o;
	uint32_t out[8];
	struct sp_err e;
	size_t n = 0, i;

	memset(&o, 0, sizeof o);
	o.by = SP_STATS_BY_RANK;
	o.sort = sort;
	o.top = top;
	o.max_depth = -1;
	CHECK(sp_stats_records_order(res, &o, v, out, &n, &e) == 0,
	    "order: %s", e.msg);
	CHECK(n == nwant, "%s top %ld: %zu records, not %zu",
	    sort != NULL ? sort : "-", top, n, nwant);
	for (i = 0; i < n && i < nwant; i++)
		CHECK(res->ranks[out[i]].region == want[i].region &&
		    res->ranks[out[i]].rank == want[i].rank, "%s top %ld: "
		    "record %zu is (%u, %u), not (%u, %u)", sort != NULL ?
		    sort : "-", top, i, res->ranks[out[i]].region,
		    res->ranks[out[i]].rank, want[i].region, want[i].rank);
}

/*
 * Regions 0 session, 1 solve, 2 io; rank totals: session 10 and 12,
 * solve 7 and 10, io 2.5 and 0.00025.
 */
static void
orders(void)
{
	static const struct rr own[] = { { 0, 0 }, { 0, 1 }, { 1, 0 },
		{ 1, 1 }, { 2, 0 }, { 2, 1 } };
	static const struct rr name[] = { { 2, 0 }, { 2, 1 }, { 0, 0 },
		{ 0, 1 }, { 1, 0 }, { 1, 1 } };
	static const struct rr rank[] = { { 0, 0 }, { 1, 0 }, { 2, 0 },
		{ 0, 1 }, { 1, 1 }, { 2, 1 } };
	/* 12, then the 10s by name (session before solve), 7, 2.5 */
	static const struct rr total[] = { { 0, 1 }, { 0, 0 }, { 1, 1 },
		{ 1, 0 }, { 2, 0 }, { 2, 1 } };
	static const struct rr top1[] = { { 0, 1 }, { 0, 0 } };
	/* without a key the total leads: session, solve */
	static const struct rr top2[] = { { 0, 0 }, { 0, 1 }, { 1, 0 },
		{ 1, 1 } };
	/* by name, the first met leads: io */
	static const struct rr top_name[] = { { 2, 0 }, { 2, 1 } };

	ranks_are(NULL, -1, own, 6);
	ranks_are("name", -1, name, 6);
	ranks_are("rank", -1, rank, 6);
	ranks_are("total_duration", -1, total, 6);
	ranks_are("total", -1, total, 6);
	ranks_are("total_duration", 1, top1, 2);
	ranks_are(NULL, 2, top2, 4);
	ranks_are("name", 1, top_name, 2);
}

/* The grid of these cells, as sp_stats_grid.h draws it. */
static void
grid_of(struct membuf *m, const char *heading, const char *const *head,
    size_t nc, const char *const *cells, size_t nl)
{
	struct sp_stats_grid *g = sp_stats_grid_new(nc, head);
	size_t len[16], i, k;
	struct sp_err e;

	for (i = 0; i < nl; i++) {
		for (k = 0; k < nc; k++)
			len[k] = strlen(cells[i * nc + k]);
		CHECK(sp_stats_grid_line(g, cells + i * nc, len, &e) == 0,
		    "grid");
	}
	CHECK(membuf_write(m, heading, strlen(heading), &e) == 0 &&
	    membuf_write(m, "\n", 1, &e) == 0 &&
	    sp_stats_grid_write(g, membuf_write, m, &e) == 0, "grid");
	sp_stats_grid_free(g);
}

static void
rank_text(void)
{
	static const char *const rhead[] = { "region", "ranks", "rank min [s]",
		"rank mean [s]", "rank max [s]", "slowest", "max/mean-1 [%]",
		"imbalance [%]" };
	static const char *const rcells[] = {
		"scope_profiler.session", "2", "10.000000", "11.000000",
		"12.000000", "1", "9.09", "9.09",
		"solve", "2", "7.000000", "8.500000", "10.000000", "1", "17.65",
		"17.65",
		"io", "2", "0.000250", "1.250125", "2.500000", "0", "99.98",
		"99.98",
	};
	static const char *const khead[] = { "region", "rank", "total [s]",
		"vs mean [%]" };
	static const char *const kcells[] = {
		"scope_profiler.session", "0", "10.000000", "-9.09",
		"scope_profiler.session", "1", "12.000000", "+9.09",
		"solve", "0", "7.000000", "-17.65",
		"solve", "1", "10.000000", "+17.65",
		"io", "0", "2.500000", "+99.98",
		"io", "1", "0.000250", "-99.98",
	};
	static const char *const notes[] = {
		"Durations are in seconds.",
		"vs mean [%]: a rank's total over the mean of its region's "
		"rank totals, minus 1.",
		"max/mean-1 [%]: the same for the slowest rank (Caliper's "
		"imbalance), over every rank",
		"with a row of the region; imbalance [%] is the reference's: "
		"over the ranks whose total",
		"is above 0, and 0 when fewer than two are.",
	};
	struct sp_stats_export_opts o;
	struct membuf got = { 0 }, want = { 0 };
	struct sp_err e;

	memset(&o, 0, sizeof o);
	o.by = SP_STATS_BY_RANK;
	o.top = -1;
	o.max_depth = -1;
	/* an unknown key is left out of the columns */
	o.columns = "name,rank,bogus,total_duration,excess_over_mean_pct";
	CHECK(sp_stats_views_text(res, &o, membuf_write, &got, &e) == 0,
	    "by rank: %s", e.msg);
	grid_of(&want, "Per region, over its ranks:", rhead, 8, rcells, 3);
	membuf_write(&want, "\n", 1, &e);
	grid_of(&want, "Per rank:", khead, 4, kcells, 6);
	CHECK(sp_stats_notes_box(notes, 5, membuf_write, &want, &e) == 0,
	    "notes");
	membuf_write(&want, "\n", 1, &e);
	CHECK(got.n == want.n && memcmp(got.p, want.p, got.n) == 0,
	    "by rank:\n%.*s\nexpected\n%.*s", (int)got.n, (char *)got.p,
	    (int)want.n, (char *)want.p);
	/* --top 1 by total: session alone in both tables, no notes */
	got.n = want.n = 0;
	o.top = 1;
	o.sort = "total_duration";
	o.suppress_notes = 1;
	CHECK(sp_stats_views_text(res, &o, membuf_write, &got, &e) == 0,
	    "by rank, top: %s", e.msg);
	grid_of(&want, "Per region, over its ranks:", rhead, 8, rcells, 1);
	membuf_write(&want, "\n", 1, &e);
	{
		const char *const top[] = { kcells[4], kcells[5], kcells[6],
			kcells[7], kcells[0], kcells[1], kcells[2], kcells[3] };

		grid_of(&want, "Per rank:", khead, 4, top, 2);
	}
	membuf_write(&want, "\n", 1, &e);
	CHECK(got.n == want.n && memcmp(got.p, want.p, got.n) == 0,
	    "by rank, top:\n%.*s\nexpected\n%.*s", (int)got.n, (char *)got.p,
	    (int)want.n, (char *)want.p);
	free(got.p);
	free(want.p);
}

int
main(void)
{
	struct sp_stats_result *r = run(SP_STATS_WANT_REGIONS |
	    SP_STATS_WANT_RANKS, 1 << 20, 0, NULL);

	res = r;
	values();
	orders();
	rank_text();
	sp_stats_result_free(r);
	sp_stats_run_free(alive);
	return failed != 0;
}
