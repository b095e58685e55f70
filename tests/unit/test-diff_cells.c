/*
 * test-diff_cells: the cells of sp-diff's tables (sp_diff_cells.h):
 * values, counts, deltas and percentages, a median with its interval,
 * "~" and the test's cell, the line saying what the tests compared
 * (none without a tested row), UTF-8 widths, and the sticky writer with
 * a writer that fails on its Nth write.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "membuf.h"
#include "sp_diff.h"
#include "sp_diff_cells.h"
#include "sp_diff_report.h"

static struct sp_opt
opt(double v)
{
	return sp_opt_of(v);
}

static const struct sp_opt none;

static void
test_values(void)
{
	char b[SP_DIFF_CELL_MAX];

	sp_diff_cells_value(b, SP_DIFF_TOTAL, none);
	CHECK(strcmp(b, "-") == 0, "none: '%s'", b);
	sp_diff_cells_value(b, SP_DIFF_TOTAL, opt(1.5));
	CHECK(strcmp(b, "1.5") == 0, "1.5: '%s'", b);
	sp_diff_cells_value(b, SP_DIFF_TOTAL, opt(1234567.0));
	CHECK(strcmp(b, "1.23457e+06") == 0, "6 digits: '%s'", b);
	sp_diff_cells_value(b, SP_DIFF_TOTAL, opt(0.000123456789));
	CHECK(strcmp(b, "0.000123457") == 0, "small: '%s'", b);
	/* counts whole, however many digits; a median may be a half */
	sp_diff_cells_value(b, SP_DIFF_CALLS, opt(12345678.0));
	CHECK(strcmp(b, "12345678") == 0, "calls: '%s'", b);
	sp_diff_cells_value(b, SP_DIFF_CALLS, opt(2.5));
	CHECK(strcmp(b, "2.5") == 0, "half a call: '%s'", b);

	sp_diff_cells_delta(b, SP_DIFF_TOTAL, 2.5);
	CHECK(strcmp(b, "+2.5") == 0, "delta +: '%s'", b);
	sp_diff_cells_delta(b, SP_DIFF_TOTAL, -0.25);
	CHECK(strcmp(b, "-0.25") == 0, "delta -: '%s'", b);
	sp_diff_cells_delta(b, SP_DIFF_TOTAL, 0);
	CHECK(strcmp(b, "+0") == 0, "delta 0: '%s'", b);
	sp_diff_cells_delta(b, SP_DIFF_CALLS, 10000000);
	CHECK(strcmp(b, "+10000000") == 0, "delta calls: '%s'", b);
	sp_diff_cells_delta(b, SP_DIFF_CALLS, -0.5);
	CHECK(strcmp(b, "-0.5") == 0, "delta half call: '%s'", b);

	sp_diff_cells_pct(b, none);
	CHECK(strcmp(b, "-") == 0, "pct none: '%s'", b);
	sp_diff_cells_pct(b, opt(25));
	CHECK(strcmp(b, "+25%") == 0, "pct 25: '%s'", b);
	sp_diff_cells_pct(b, opt(-33.33333));
	CHECK(strcmp(b, "-33.33%") == 0, "pct -33.33: '%s'", b);
	sp_diff_cells_pct(b, opt(123456));
	CHECK(strcmp(b, "+1.235e+05%") == 0, "pct big: '%s'", b);
}

static struct sp_diff_report
report(size_t runs_a, size_t runs_b, const struct sp_diff_opts *o,
    const char *samples)
{
	struct sp_diff_report r;

	memset(&r, 0, sizeof r);
	r.metric = SP_DIFF_TOTAL;
	r.side[0].label = "A";
	r.side[1].label = "B";
	r.side[0].runs = runs_a;
	r.side[1].runs = runs_b;
	r.opts = o;
	r.samples = samples;
	return r;
}

static void
test_row(void)
{
	struct sp_diff_opts o;
	struct sp_diff_report one, many;
	struct sp_diff_row w;
	char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX];

	memset(&o, 0, sizeof o);
	one = report(1, 1, &o, NULL);
	many = report(3, 1, &o, "runs");
	memset(&w, 0, sizeof w);
	w.name = "k";
	w.len = 1;
	w.a = opt(2);
	w.b = opt(3);
	w.delta = 1;
	w.pct = opt(50);
	w.changed = 1;
	sp_diff_cells_row(&w, &one, c);
	CHECK(strcmp(c[SP_DIFF_COL_A], "2") == 0 &&
	    strcmp(c[SP_DIFF_COL_B], "3") == 0 &&
	    strcmp(c[SP_DIFF_COL_DELTA], "+1") == 0 &&
	    strcmp(c[SP_DIFF_COL_PCT], "+50%") == 0 &&
	    strcmp(c[SP_DIFF_COL_P], "-") == 0, "one run: '%s' '%s' '%s' "
	    "'%s' '%s'", c[0], c[1], c[2], c[3], c[4]);

	/* a: 2 in [1.5, 3]: the wider side is 1, 50% of 2; b has no
	 * interval: +-inf */
	w.a_lo = opt(1.5);
	w.a_hi = opt(3);
	w.p = opt(0.0214);
	w.na = 8;
	w.nb = 7;
	sp_diff_cells_row(&w, &many, c);
	CHECK(strcmp(c[SP_DIFF_COL_A], "2 \xc2\xb1" "50%") == 0,
	    "median a: '%s'", c[SP_DIFF_COL_A]);
	CHECK(strcmp(c[SP_DIFF_COL_B], "3 \xc2\xb1" "inf") == 0,
	    "median b: '%s'", c[SP_DIFF_COL_B]);
	CHECK(strcmp(c[SP_DIFF_COL_PCT], "+50%") == 0, "changed: '%s'",
	    c[SP_DIFF_COL_PCT]);
	CHECK(strcmp(c[SP_DIFF_COL_P], "p=0.021 n=8+7") == 0, "test: '%s'",
	    c[SP_DIFF_COL_P]);
	/* interval below the median wider: 2 in [1.2, 2.1] is 40% */
	w.a_lo = opt(1.2);
	w.a_hi = opt(2.1);
	w.changed = 0;
	sp_diff_cells_row(&w, &many, c);
	CHECK(strcmp(c[SP_DIFF_COL_A], "2 \xc2\xb1" "40%") == 0,
	    "median a, low side: '%s'", c[SP_DIFF_COL_A]);
	CHECK(strcmp(c[SP_DIFF_COL_PCT], "~") == 0, "not significant: '%s'",
	    c[SP_DIFF_COL_PCT]);
	w.a = none;
	sp_diff_cells_row(&w, &many, c);
	CHECK(strcmp(c[SP_DIFF_COL_A], "-") == 0, "no median: '%s'",
	    c[SP_DIFF_COL_A]);
}

/* Five runs a side: "far" from 1..5 to 11..15 (the U test rejects),
 * "same" 1..5 both sides. */
static struct sp_diff *
tested(const struct sp_diff_opts *o)
{
	struct sp_diff *d = sp_diff_new(NULL);
	struct sp_err e;
	int side, i;

	for (side = 0; d != NULL && side < 2; side++)
		for (i = 1; i <= 5; i++) {
			CHECK(sp_diff_run(d, side, &e) == 0 &&
			    sp_diff_put(d, "far", 3, SP_DIFF_NO_RANK,
			    i + 10 * side, &e) == 0 &&
			    sp_diff_put(d, "same", 4, SP_DIFF_NO_RANK, i,
			    &e) == 0, "feed");
		}
	CHECK(d != NULL && sp_diff_rows(d, o, &e) == 0, "rows");
	return d;
}

static void
test_note(void)
{
	struct sp_diff_opts o;
	struct sp_diff_report r;
	struct sp_diff *d, *plain;
	char buf[256];
	struct sp_err e;

	memset(&o, 0, sizeof o);
	o.threshold = -1;
	o.alpha = 0.05;
	o.min_samples = 5;
	d = tested(&o);
	if (d == NULL)
		return;
	CHECK(sp_diff_cells_tested(d), "5 runs a side are tested");
	r = report(5, 5, &o, "runs");
	CHECK(sp_diff_cells_note(d, &r, buf, sizeof buf) == 1 &&
	    strcmp(buf, "Test: two-sided Mann-Whitney U of the runs' values, "
	    "alpha 0.05; ~: no significant change; values: median \xc2\xb1"
	    "95% confidence interval.") == 0, "note runs: '%s'", buf);
	r.samples = "calls";
	o.alpha = 0.01;
	CHECK(sp_diff_cells_note(d, &r, buf, sizeof buf) == 1 &&
	    strcmp(buf, "Test: two-sided Mann-Whitney U of the calls' "
	    "durations within each run, alpha 0.01; ~: no significant "
	    "change; -: too few calls to test.") == 0, "note calls: '%s'",
	    buf);
	r.samples = "ranks";
	CHECK(sp_diff_cells_note(d, &r, buf, sizeof buf) == 1 &&
	    strcmp(buf, "Test: two-sided Mann-Whitney U of the ranks' values "
	    "within each run, alpha 0.01; ~: no significant change; -: too "
	    "few ranks to test.") == 0, "note ranks: '%s'", buf);
	r.samples = NULL;
	CHECK(sp_diff_cells_note(d, &r, buf, sizeof buf) == 0, "no samples");
	sp_diff_free(d);

	/* one run a side, no samples: nothing tested, no line */
	plain = sp_diff_new(&e);
	CHECK(plain != NULL && sp_diff_run(plain, 0, &e) == 0 &&
	    sp_diff_put(plain, "x", 1, SP_DIFF_NO_RANK, 1, &e) == 0 &&
	    sp_diff_run(plain, 1, &e) == 0 &&
	    sp_diff_put(plain, "x", 1, SP_DIFF_NO_RANK, 2, &e) == 0 &&
	    sp_diff_rows(plain, &o, &e) == 0, "plain");
	r.samples = "runs";
	CHECK(!sp_diff_cells_tested(plain), "plain tested");
	CHECK(sp_diff_cells_note(plain, &r, buf, sizeof buf) == 0,
	    "plain has a note");
	sp_diff_free(plain);
}

static void
test_width(void)
{
	CHECK(sp_diff_cells_width("abc", 3) == 3, "abc");
	CHECK(sp_diff_cells_width("2 \xc2\xb1" "50%", 7) == 6, "2 +-50%%");
	CHECK(sp_diff_cells_width("\xe2\x86\x92x", 4) == 2, "arrow x");
	CHECK(sp_diff_cells_width("\xbf", 1) == 0, "stray byte");
}

/* fails on write number fail_at */
struct nth {
	struct membuf mb;
	int calls, fail_at;
};

static int
nth_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct nth *w = ctx;

	if (++w->calls == w->fail_at)
		return sp_fail(e, SP_EIO, "disk full");
	return membuf_write(&w->mb, p, n, e);
}

static void
test_out(int fail_at, const char *want)
{
	struct nth w;
	struct sp_err e;
	struct sp_diff_cells_out o;

	memset(&w, 0, sizeof w);
	memset(&e, 0, sizeof e);
	w.fail_at = fail_at;
	o.write = nth_write;
	o.ctx = &w;
	o.e = &e;
	o.failed = 0;
	sp_diff_cells_cell(&o, "ab", 2, 4, 1);	/* "ab", "  " */
	sp_diff_cells_str(&o, "|");
	sp_diff_cells_cell(&o, "\xc2\xb1", 2, 3, 0);	/* "  ", "+-" */
	sp_diff_cells_put(&o, "", 0);
	sp_diff_cells_pad(&o, 33);		/* 32, 1 */
	sp_diff_cells_str(&o, "|");
	CHECK(w.mb.n == strlen(want) &&
	    (w.mb.n == 0 || memcmp(w.mb.p, want, w.mb.n) == 0),
	    "fail at %d: '%.*s'", fail_at, (int)w.mb.n, (char *)w.mb.p);
	CHECK(o.failed == (fail_at > 0), "fail at %d: failed %d", fail_at,
	    o.failed);
	CHECK(fail_at == 0 || (w.calls == fail_at &&
	    strcmp(e.msg, "disk full") == 0), "fail at %d: %d calls, '%s'",
	    fail_at, w.calls, e.msg);
	free(w.mb.p);
}

int
main(void)
{
	test_values();
	test_row();
	test_note();
	test_width();
	test_out(0, "ab  |  \xc2\xb1                                 |");
	test_out(1, "");
	test_out(3, "ab  ");
	test_out(6, "ab  |  \xc2\xb1");
	test_out(7, "ab  |  \xc2\xb1                                ");
	return failed != 0;
}
