/*
 * test-diff_text: sp-diff's text (sp_diff_text.h) for a small comparison
 * built by hand: the titles between rules, the table's widths and
 * alignment, the keys on one side only; the gate's layout with its
 * verdict and violations; no shared key; and a writer that fails.
 */
#include <string.h>

#include "check.h"
#include "diff_fixture.h"
#include "membuf.h"
#include "sp_diff_text.h"

#define RULE78 "==============================================================================\n"

/* The fixture's rows, by |delta| (diff_fixture.h). */
static const char table[] =
    "region  A (a)  B (b)  delta  delta [%]\n"
    "------  -----  -----  -----  ---------\n"
    "ckpt        -      5     +5          -\n"
    "solve      10   12.5   +2.5       +25%\n"
    "init        1      -     -1      -100%\n"
    "io          4      3     -1       -25%\n";

static const char only[] =
    "\n"
    "Only in a: init\n"
    "Only in b: ckpt\n";

static void
expect(const struct sp_diff *d, const struct sp_diff_report *r,
    const char *want, const char *what)
{
	struct membuf mb;
	struct sp_err e;

	memset(&mb, 0, sizeof mb);
	CHECK(sp_diff_text_write(d, r, membuf_write, &mb, &e) == 0,
	    "%s: %s", what, e.msg);
	CHECK(mb.n == strlen(want) && memcmp(mb.p, want, mb.n) == 0,
	    "%s:\n%.*s---- not ----\n%s", what, (int)mb.n, (char *)mb.p,
	    want);
	free(mb.p);
}

static void
test_diff(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);
	char want[2048];

	if (d == NULL)
		return;
	snprintf(want, sizeof want, "%sa: before.h5\nb: after.h5\n%s"
	    "\nRegions (4): total [s]\n\n%s%s", RULE78, RULE78, table, only);
	expect(d, &r, want, "diff layout");
	sp_diff_free(d);
}

/* a budget of +10%: solve's +25% fails; ckpt is new, not failing */
static void
test_check(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d;
	char want[2048];

	o.budget = SP_DIFF_BUDGET_PCT;
	o.max = 10;
	r.check = 1;
	if ((d = diff_fixture_build(&o)) == NULL)
		return;
	snprintf(want, sizeof want, "Baseline: before.h5\nCandidate: "
	    "after.h5\nRegression budget: +10%% (total)\nRegression check: "
	    "FAIL\n\n%s\nBudget violations: solve\n%s", table, only);
	expect(d, &r, want, "check layout, failing");
	sp_diff_free(d);

	/* +30%: passes; an absolute budget says seconds */
	o.max = 30;
	if ((d = diff_fixture_build(&o)) == NULL)
		return;
	snprintf(want, sizeof want, "Baseline: before.h5\nCandidate: "
	    "after.h5\nRegression budget: +30%% (total)\nRegression check: "
	    "PASS\n\n%s%s", table, only);
	expect(d, &r, want, "check layout, passing");
	sp_diff_free(d);
	o.budget = SP_DIFF_BUDGET_ABS;
	o.max = 0.5;
	if ((d = diff_fixture_build(&o)) == NULL)
		return;
	snprintf(want, sizeof want, "Baseline: before.h5\nCandidate: "
	    "after.h5\nRegression budget: +0.5 s (total)\nRegression check: "
	    "FAIL\n\n%s\nBudget violations: solve\n%s", table, only);
	expect(d, &r, want, "check layout, absolute");
	sp_diff_free(d);
}

/* by rank, no key in both: the rank column, the lists with ranks */
static void
test_by_rank(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = sp_diff_new(NULL);
	struct sp_err e;
	char want[2048];

	r.keys = SP_DIFF_BY_RANK;
	r.metric = SP_DIFF_CALLS;
	CHECK(d != NULL && sp_diff_run(d, 0, &e) == 0 &&
	    sp_diff_put(d, "mpi", 3, 12, 7, &e) == 0 &&
	    sp_diff_run(d, 1, &e) == 0 &&
	    sp_diff_put(d, "mpi", 3, 3, 9, &e) == 0 &&
	    sp_diff_rows(d, &o, &e) == 0, "by rank");
	if (d == NULL)
		return;
	/* mpi@3 +9, mpi@12 -7 */
	snprintf(want, sizeof want, "%sa: before.h5\nb: after.h5\n%s"
	    "\nRegions by rank (2): calls\n\n"
	    "region  rank  A (a)  B (b)  delta  delta [%%]\n"
	    "------  ----  -----  -----  -----  ---------\n"
	    "mpi        3      -      9     +9          -\n"
	    "mpi       12      7      -     -7      -100%%\n"
	    "\nNo region is in both a and b.\n"
	    "\nOnly in a: mpi [rank 12]\nOnly in b: mpi [rank 3]\n",
	    RULE78, RULE78);
	expect(d, &r, want, "by rank");
	sp_diff_free(d);
}

static void
test_failing_writer(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);
	size_t cut[] = { 1, 80, 200, 400 };
	struct membuf mb;
	struct sp_err e;
	size_t i;

	for (i = 0; d != NULL && i < sizeof cut / sizeof cut[0]; i++) {
		memset(&mb, 0, sizeof mb);
		memset(&e, 0, sizeof e);
		mb.fail_after = cut[i];
		CHECK(sp_diff_text_write(d, &r, membuf_write, &mb, &e) == -1 &&
		    e.status == SP_EIO && strcmp(e.msg, "membuf: full") == 0,
		    "full after %zu: '%s'", cut[i], e.msg);
		CHECK(mb.n <= cut[i], "wrote %zu past %zu", mb.n, cut[i]);
		free(mb.p);
	}
	sp_diff_free(d);
}

int
main(void)
{
	test_diff();
	test_check();
	test_by_rank();
	test_failing_writer();
	return failed != 0;
}
