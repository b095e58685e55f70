/*
 * Unit test of sp_diff_export's option parsers and checks: the budget of
 * --max-regression (a percentage, or a time with its unit), --alpha,
 * --threshold, and the options that need no input (its naming:
 * test-export_name).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_diff_export.h"
#include "check.h"

static void
test_budget(void)
{
	static const struct {
		const char *arg;
		enum sp_diff_budget kind;
		double max;
	} ok[] = {
		{ "5", SP_DIFF_BUDGET_PCT, 5 }, { "5%", SP_DIFF_BUDGET_PCT, 5 },
		{ "0.5%", SP_DIFF_BUDGET_PCT, 0.5 },
		{ "0", SP_DIFF_BUDGET_PCT, 0 },
		{ "10ms", SP_DIFF_BUDGET_ABS, 0.01 },
		{ "0.2s", SP_DIFF_BUDGET_ABS, 0.2 },
		{ "500us", SP_DIFF_BUDGET_ABS, 500e-6 },
		{ "100ns", SP_DIFF_BUDGET_ABS, 100e-9 },
	};
	static const char *const bad[] = { "", "-5", "+5", " 5", "5%%",
		"five", "5 %", "-10ms", "10 parsecs", "nan", "inf", "1e999" };
	struct sp_diff_opts o;
	struct sp_err e;
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		memset(&o, 0, sizeof o);
		CHECK(sp_diff_export_budget(ok[i].arg, &o, &e) == 0 &&
		    o.budget == ok[i].kind && fabs(o.max - ok[i].max) <=
		    1e-12 * ok[i].max, "budget %s: %d %g", ok[i].arg,
		    (int)o.budget, o.max);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&o, 0, sizeof o);
		CHECK(sp_diff_export_budget(bad[i], &o, &e) < 0 &&
		    e.status == SP_EUSAGE && strstr(e.msg, "--max-regression")
		    != NULL, "budget '%s' refused", bad[i]);
	}
}

static void
test_alpha_threshold(void)
{
	static const char *const bad_alpha[] = { "0", "1", "1.5", "5%",
		"-0.1", "", "x" };
	struct sp_err e;
	double v = 0;
	size_t i;

	CHECK(sp_diff_export_alpha("0.01", &v, &e) == 0 && v == 0.01,
	    "alpha 0.01");
	for (i = 0; i < sizeof bad_alpha / sizeof bad_alpha[0]; i++)
		CHECK(sp_diff_export_alpha(bad_alpha[i], &v, &e) < 0 &&
		    e.status == SP_EUSAGE && strstr(e.msg, "--alpha") != NULL,
		    "alpha '%s' refused", bad_alpha[i]);
	CHECK(sp_diff_export_threshold("2%", &v, &e) == 0 && v == 2 &&
	    sp_diff_export_threshold("0", &v, &e) == 0 && v == 0,
	    "threshold 2%%, 0");
	CHECK(sp_diff_export_threshold("-2", &v, &e) < 0 &&
	    e.status == SP_EUSAGE && strstr(e.msg, "--threshold") != NULL,
	    "threshold -2 refused");
}

static void
test_check(void)
{
	struct sp_diff_export_opts o;
	struct sp_err e;

	memset(&o, 0, sizeof o);
	CHECK(sp_diff_export_check(&o, &e) == 0, "the defaults");
	o.keys = SP_DIFF_BY_PATH;
	o.metric = SP_DIFF_SLOWEST;
	CHECK(sp_diff_export_check(&o, &e) < 0 && e.status == SP_EUSAGE,
	    "paths have no slowest");
	o.keys = SP_DIFF_BY_RANK;
	o.metric = SP_DIFF_IMBALANCE;
	CHECK(sp_diff_export_check(&o, &e) < 0, "a rank has no imbalance");
	o.keys = SP_DIFF_BY_REGION;
	o.metric = SP_DIFF_CALLS;
	o.rows.budget = SP_DIFF_BUDGET_ABS;
	CHECK(sp_diff_export_check(&o, &e) < 0, "a time budget of calls");
	o.rows.budget = SP_DIFF_BUDGET_NONE;
	o.rows.fail_on_new = 1;
	CHECK(sp_diff_export_check(&o, &e) < 0, "--fail-on-new alone");
	o.rows.fail_on_new = 0;
	o.before = 2;
	o.before_label = "main*";
	CHECK(sp_diff_export_check(&o, &e) < 0, "--before and -label");
}

int
main(void)
{
	test_budget();
	test_alpha_threshold();
	test_check();
	if (!failed)
		printf("test-diff_export: ok\n");
	return failed;
}
