/*
 * test-report_calls: the arithmetic of sp-report's pictures drawn from
 * calls, against values worked out by hand: the timeline's column bounds
 * (spans of 1 ns, of INT64_MAX ns at either end of the int64 range, none),
 * what each cell shows (calls at the span's ends, a column shared by
 * regions and by the time outside them, ties, more regions than a cell
 * keeps, the session's root and the top level under it, a rank without
 * calls, ranks merged in pairs past the rows' bound) and the bound on the
 * drawing; the durations' bins and their counts.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_report_hist.h"
#include "sp_report_timeline.h"

#define OUT SP_REPORT_TIMELINE_OUTSIDE

/* --- a call batch from a list of calls --- */

struct call {
	uint32_t region, depth;
	int64_t start, end;
};

static void
feed(struct sp_report_timeline *t, const struct call *c, size_t n,
    int lane_end)
{
	struct sp_batch b;
	int64_t start[64], end[64];
	uint32_t region[64], depth[64];
	size_t i;

	memset(&b, 0, sizeof b);
	for (i = 0; i < n; i++) {
		start[i] = c[i].start;
		end[i] = c[i].end;
		region[i] = c[i].region;
		depth[i] = c[i].depth;
	}
	b.n = n;
	b.start = start;
	b.end = end;
	b.region = region;
	b.depth = depth;
	b.lane_end = lane_end;
	sp_report_timeline_calls(t, &b);
}

#define FEED(t, ...) do {						\
	static const struct call calls_[] = { __VA_ARGS__ };		\
	feed(t, calls_, sizeof calls_ / sizeof calls_[0], 1);		\
} while (0)

static void
cell_is(const struct sp_report_timeline *t, int level, size_t row,
    size_t col, uint32_t want, double want_ns, int line)
{
	double ns = -1;
	uint32_t got = sp_report_timeline_cell(t, level, row, col, &ns);

	CHECK(got == want && ns == want_ns, "line %d: cell (%d, %zu, %zu) "
	    "shows %u for %g ns, not %u for %g", line, level, row, col, got,
	    ns, want, want_ns);
}

#define CELL(t, level, row, col, want, ns) \
	cell_is(t, level, row, col, want, ns, __LINE__)

/* --- the columns --- */

static void
bounds(void)
{
	struct sp_report_timeline *t = sp_report_timeline_new();

	CHECK(t != NULL, "no memory");
	/* 1 ns: one column [first, first + 1) */
	CHECK(sp_report_timeline_run(t, 1, 7, 8, 1, NULL) == 0, "run");
	CHECK(sp_report_timeline_cols(t) == 1 &&
	    sp_report_timeline_bound(t, 0) == 7 &&
	    sp_report_timeline_bound(t, 1) == 8, "1 ns: %zu columns",
	    sp_report_timeline_cols(t));
	/* 5 ns: five columns of 1 ns */
	CHECK(sp_report_timeline_run(t, 1, -2, 3, 1, NULL) == 0, "run");
	CHECK(sp_report_timeline_cols(t) == 5 &&
	    sp_report_timeline_bound(t, 2) == 0 &&
	    sp_report_timeline_bound(t, 5) == 3, "5 ns");
	/* 1000 ns in 800 columns: first + floor(5k / 4) */
	CHECK(sp_report_timeline_run(t, 1, 10, 1010, 1, NULL) == 0, "run");
	CHECK(sp_report_timeline_cols(t) == 800 &&
	    sp_report_timeline_bound(t, 1) == 11 &&
	    sp_report_timeline_bound(t, 3) == 13 &&
	    sp_report_timeline_bound(t, 4) == 15 &&
	    sp_report_timeline_bound(t, 799) == 10 + 998 &&
	    sp_report_timeline_bound(t, 800) == 1010, "1000 ns: %lld %lld",
	    (long long)sp_report_timeline_bound(t, 3),
	    (long long)sp_report_timeline_bound(t, 799));
	/* INT64_MAX ns from INT64_MIN: half way is 2^62 - 1 past it */
	CHECK(sp_report_timeline_run(t, 1, INT64_MIN, -1, 1, NULL) == 0, "run");
	CHECK(sp_report_timeline_bound(t, 400) == INT64_MIN +
	    ((INT64_C(1) << 62) - 1) &&
	    sp_report_timeline_bound(t, 800) == -1 &&
	    sp_report_timeline_bound(t, 1) == INT64_MIN +
	    INT64_MAX / 800, "INT64_MIN span: %lld",
	    (long long)sp_report_timeline_bound(t, 400));
	/* and up to INT64_MAX, a call at its very end */
	CHECK(sp_report_timeline_run(t, 1, 0, INT64_MAX, 2, NULL) == 0, "run");
	CHECK(sp_report_timeline_bound(t, 800) == INT64_MAX &&
	    sp_report_timeline_bound(t, 799) == INT64_MAX / 800 * 799 +
	    INT64_MAX % 800 * 799 / 800, "INT64_MAX span");
	CHECK(sp_report_timeline_rank(t, 0) == 0, "rank");
	FEED(t, { 1, 0, INT64_MAX - 5, INT64_MAX });
	/* 5 ns in the last column, the rest of it outside */
	CELL(t, 0, 0, 799, OUT, (double)(INT64_MAX -
	    sp_report_timeline_bound(t, 799)) - 5);
	CELL(t, 0, 0, 0, OUT, (double)(INT64_MAX / 800));
	/* no span, or an empty one: no columns, calls ignored */
	CHECK(sp_report_timeline_run(t, 0, 0, 100, 1, NULL) == 0 &&
	    sp_report_timeline_cols(t) == 0, "no span");
	CHECK(sp_report_timeline_rank(t, 0) == 0, "rank");
	FEED(t, { 0, 0, 0, 100 });
	CHECK(sp_report_timeline_run(t, 1, 5, 5, 1, NULL) == 0 &&
	    sp_report_timeline_cols(t) == 0, "empty span");
	sp_report_timeline_free(t);
}

/* --- the cells --- */

static void
cells(void)
{
	struct sp_report_timeline *t = sp_report_timeline_new();

	/* 800 ns, columns of 1 ns; rank 3 in b the second half */
	CHECK(sp_report_timeline_run(t, 1, 0, 800, 3, NULL) == 0, "run");
	CHECK(sp_report_timeline_rank(t, 3) == 0, "rank");
	FEED(t, { 1, 0, 0, 400 }, { 2, 0, 400, 800 });
	CELL(t, 0, 0, 0, 1, 1);
	CELL(t, 0, 0, 399, 1, 1);
	CELL(t, 0, 0, 400, 2, 1);
	CELL(t, 0, 0, 799, 2, 1);
	/* a rank without calls: outside everywhere */
	CHECK(sp_report_timeline_rank(t, 4) == 0, "rank");
	CELL(t, 0, 1, 0, OUT, 1);
	CELL(t, 0, 1, 799, OUT, 1);
	CHECK(sp_report_timeline_rows(t) == 2, "rows");

	/* 8000 ns, columns of 10: a column shared, one mostly outside */
	CHECK(sp_report_timeline_run(t, 1, 0, 8000, 3, NULL) == 0, "run");
	CHECK(sp_report_timeline_rank(t, 0) == 0, "rank");
	FEED(t, { 1, 0, 0, 4 }, { 2, 0, 4, 10 }, { 1, 0, 10, 13 },
	    { 0, 0, 20, 25 }, { 1, 0, 7990, 8000 });
	CELL(t, 0, 0, 0, 2, 6);
	CELL(t, 0, 0, 1, OUT, 7);
	CELL(t, 0, 0, 2, 0, 5);		/* 5 in, 5 out: the region */
	CELL(t, 0, 0, 799, 1, 10);	/* a call at the span's end */
	/* a zero-length call adds nothing */
	CHECK(sp_report_timeline_rank(t, 1) == 0, "rank");
	FEED(t, { 1, 0, 50, 50 });
	CELL(t, 0, 1, 5, OUT, 10);

	/* more regions than a cell keeps: 5, 4, 3, 2, 1 ns in 20 */
	CHECK(sp_report_timeline_run(t, 1, 0, 16000, 5, NULL) == 0, "run");
	CHECK(sp_report_timeline_rank(t, 0) == 0, "rank");
	FEED(t, { 0, 0, 0, 5 }, { 1, 0, 5, 9 }, { 2, 0, 9, 12 },
	    { 3, 0, 12, 14 }, { 4, 0, 14, 15 });
	CELL(t, 0, 0, 0, 0, 5);
	/* ties between regions: the lower id */
	CHECK(sp_report_timeline_rank(t, 1) == 0, "rank");
	FEED(t, { 3, 0, 20, 30 }, { 2, 0, 30, 40 });
	CELL(t, 0, 1, 1, 2, 10);
	sp_report_timeline_free(t);
}

/* The session's root is no top level; level 1 is the top's children. */
static void
levels(void)
{
	static const uint8_t skip[4] = { 1, 0, 0, 0 };
	struct sp_report_timeline *t = sp_report_timeline_new();

	CHECK(sp_report_timeline_run(t, 1, 0, 800, 4, skip) == 0, "run");
	CHECK(sp_report_timeline_rank(t, 0) == 0, "rank");
	/* session [0, 800) > a [0, 600) > b [100, 300) > c [150, 200);
	 * session > b [700, 750) */
	FEED(t, { 0, 0, 0, 800 }, { 1, 1, 0, 600 }, { 2, 2, 100, 300 },
	    { 3, 3, 150, 200 }, { 2, 1, 700, 750 });
	CELL(t, 0, 0, 50, 1, 1);
	CELL(t, 0, 0, 150, 1, 1);
	CELL(t, 0, 0, 650, OUT, 1);
	CELL(t, 0, 0, 720, 2, 1);
	CELL(t, 1, 0, 50, 1, 1);
	CELL(t, 1, 0, 150, 2, 1);	/* c is below level 1: b's */
	CELL(t, 1, 0, 400, 1, 1);
	CELL(t, 1, 0, 650, OUT, 1);
	CELL(t, 1, 0, 720, 2, 1);	/* a top-level call is its own */
	/* the top level is per lane: a lane's end closes its call */
	CHECK(sp_report_timeline_rank(t, 1) == 0, "rank");
	FEED(t, { 1, 0, 0, 100 });
	FEED(t, { 2, 0, 50, 60 });
	CELL(t, 0, 1, 55, 1, 1);	/* both lanes: 1 ns each, a first */
	CELL(t, 0, 1, 70, 1, 1);
	sp_report_timeline_free(t);
}

/* Past the rows' bound, rows merge in pairs: 2 ranks a row. */
static void
rows(void)
{
	struct sp_report_timeline *t = sp_report_timeline_new();
	uint32_t lo, hi, r;

	CHECK(sp_report_timeline_run(t, 1, 0, 800, 2, NULL) == 0, "run");
	for (r = 0; r <= SP_REPORT_TIMELINE_ROWS; r++) {
		CHECK(sp_report_timeline_rank(t, 10 + r) == 0, "rank");
		if (r % 2 == 0)
			FEED(t, { 1, 0, 0, 800 });
	}
	CHECK(sp_report_timeline_rows(t) == SP_REPORT_TIMELINE_ROWS / 2 + 1 &&
	    sp_report_timeline_per(t) == 2, "%zu rows of %zu",
	    sp_report_timeline_rows(t), sp_report_timeline_per(t));
	sp_report_timeline_row_ranks(t, 0, &lo, &hi);
	CHECK(lo == 10 && hi == 11, "row 0: ranks %u-%u", lo, hi);
	sp_report_timeline_row_ranks(t, SP_REPORT_TIMELINE_ROWS / 2, &lo, &hi);
	CHECK(lo == 10 + SP_REPORT_TIMELINE_ROWS && hi == lo, "last row: %u-%u",
	    lo, hi);
	/* 1 ns of region 1 and 1 ns outside in each column: the region */
	CELL(t, 0, 0, 0, 1, 1);
	CELL(t, 0, 5, 400, 1, 1);
	/* the last row, one rank so far: its whole column */
	CELL(t, 0, SP_REPORT_TIMELINE_ROWS / 2, 3, 1, 1);
	/* a third rank into it: one rank a row more */
	CHECK(sp_report_timeline_rank(t, 9999) == 0, "rank");
	sp_report_timeline_row_ranks(t, SP_REPORT_TIMELINE_ROWS / 2, &lo, &hi);
	CHECK(hi == 9999 && sp_report_timeline_rows(t) ==
	    SP_REPORT_TIMELINE_ROWS / 2 + 1, "last row: %u-%u", lo, hi);
	sp_report_timeline_free(t);
}

/* The drawing stays small: columns merge until the rectangles fit. */
static void
drawing(void)
{
	struct sp_report_timeline *t = sp_report_timeline_new();
	struct sp_stats_region regs[2];
	struct sp_stats_result res;
	struct sp_stats_text b = { 0 };
	struct call c[40];
	uint32_t r;
	size_t k, j;
	const char *p;

	memset(regs, 0, sizeof regs);
	memset(&res, 0, sizeof res);
	regs[0].name = "<b>&amp;\"";
	regs[0].name_len = strlen(regs[0].name);
	regs[1].name = "two";
	regs[1].name_len = 3;
	regs[1].id = 1;
	res.regions = regs;
	res.nregions = 2;
	CHECK(sp_report_timeline_run(t, 1, 0, 800, 2, NULL) == 0, "run");
	for (r = 0; r < 300; r++) {
		CHECK(sp_report_timeline_rank(t, r) == 0, "rank");
		for (k = 0; k < 800; k += 40) {
			for (j = 0; j < 40; j++)
				c[j] = (struct call){ (uint32_t)((k + j +
				    r / 2) % 2), 0, (int64_t)(k + j),
				    (int64_t)(k + j + 1) };
			feed(t, c, 40, k + 40 == 800);
		}
	}
	CHECK(sp_report_timeline_draw(&b, t, &res, "-x 'y'.h5", "r1") == 0 &&
	    !b.failed, "draw");
	sp_stats_text_add(&b, "", 1);
	CHECK(sp_report_timeline_cols(t) < 800 && (p = strstr(b.p,
	    "data-cols=\"")) != NULL && atoi(p + 11) ==
	    (int)sp_report_timeline_cols(t), "columns: %zu",
	    sp_report_timeline_cols(t));
	CHECK(b.n < 40 * (size_t)SP_REPORT_TIMELINE_RUNS, "%zu bytes", b.n);
	CHECK(strstr(b.p, "<b>") == NULL && strstr(b.p,
	    "&lt;b&gt;&amp;amp;&quot;") != NULL, "the name is not escaped");
	CHECK(strstr(b.p, "sp-read ./&#39;-x &#39;&quot;&#39;&quot;&#39;y"
	    "&#39;&quot;&#39;&quot;&#39;.h5&#39; | sp-stack") != NULL,
	    "the command is not quoted: %s", strstr(b.p, "sp-read"));
	sp_stats_text_free(&b);
	sp_report_timeline_free(t);
}

/* --- the durations --- */

static void
bins(void)
{
	static const struct { int64_t ns; size_t bin; } v[] = {
		{ 0, 0 }, { 1, 1 }, { 2, 2 }, { 4, 2 }, { 5, 3 }, { 9, 3 },
		{ 10, 4 }, { 19, 4 }, { 20, 5 }, { 999, 9 }, { 1000, 10 },
		{ 1000000000, 28 }, { INT64_C(4999999999999999999), 56 },
		{ INT64_C(5000000000000000000), 57 }, { INT64_MAX, 57 },
	};
	struct sp_report_hist *h = sp_report_hist_new();
	struct sp_batch b;
	int64_t start[5] = { 0, 10, 20, 0, 5 }, end[5] = { 0, 11, 23, 1000,
		6 };
	uint32_t region[5] = { 0, 1, 1, 1, 7 };
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		CHECK(sp_report_hist_bin(v[i].ns) == v[i].bin, "bin of %lld: "
		    "%zu, not %zu", (long long)v[i].ns, sp_report_hist_bin(v[i].ns),
		    v[i].bin);
	CHECK(sp_report_hist_edge(0) == 0 && sp_report_hist_edge(3) == 5 &&
	    sp_report_hist_edge(SP_REPORT_HIST_BINS - 1) ==
	    INT64_C(5000000000000000000), "edges");
	for (i = 1; i < SP_REPORT_HIST_BINS; i++)
		CHECK(sp_report_hist_bin(sp_report_hist_edge(i)) == i &&
		    sp_report_hist_bin(sp_report_hist_edge(i) - 1) == i - 1,
		    "edge %zu", i);
	memset(&b, 0, sizeof b);
	b.n = 5;
	b.start = start;
	b.end = end;
	b.region = region;
	CHECK(sp_report_hist_run(h, 2) == 0, "run");
	sp_report_hist_calls(h, &b);
	CHECK(sp_report_hist_count(h, 0, 0) == 1 &&
	    sp_report_hist_count(h, 1, 1) == 1 &&
	    sp_report_hist_count(h, 1, 2) == 1 &&
	    sp_report_hist_count(h, 1, 10) == 1 &&
	    sp_report_hist_count(h, 1, 0) == 0 &&
	    sp_report_hist_count(h, 7, 1) == 0, "counts");
	/* a new run starts from nothing */
	CHECK(sp_report_hist_run(h, 2) == 0 &&
	    sp_report_hist_count(h, 1, 1) == 0, "new run");
	sp_report_hist_free(h);
}

int
main(void)
{
	bounds();
	cells();
	levels();
	rows();
	drawing();
	bins();
	return failed != 0;
}
