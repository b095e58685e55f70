/*
 * diff_fixture.h - a small comparison built by hand, for the unit tests
 * of sp-diff's writers (test-diff_text, test-diff_emit; test-diff starts
 * from its options):
 *   before (A, before.h5): solve 10, io 4, init 1;
 *   after  (B, after.h5):  solve 12.5, io 3, ckpt 5.
 * Sorted by |delta|: ckpt +5, solve +2.5, then init and io (-1) by name.
 *
 * diff_fixture_opts() gives the options the rows are made with (by delta,
 * no threshold); diff_fixture_report(&o) the report's sides and titles
 * for them; diff_fixture_build(&o) the comparison with its rows made (a
 * step that fails is a failed CHECK; NULL when sp_diff_new fails).
 *
 * Ownership: the caller frees what diff_fixture_build returns with
 * sp_diff_free; the report points at the caller's options.
 */
#ifndef DIFF_FIXTURE_H
#define DIFF_FIXTURE_H

#include <string.h>

#include "check.h"
#include "sp_diff.h"
#include "sp_diff_report.h"

static inline struct sp_diff *
diff_fixture_build(const struct sp_diff_opts *o)
{
	struct sp_diff *d = sp_diff_new(NULL);
	struct sp_err e;

	CHECK(d != NULL && sp_diff_run(d, 0, &e) == 0 &&
	    sp_diff_put(d, "solve", 5, SP_DIFF_NO_RANK, 10, &e) == 0 &&
	    sp_diff_put(d, "io", 2, SP_DIFF_NO_RANK, 4, &e) == 0 &&
	    sp_diff_put(d, "init", 4, SP_DIFF_NO_RANK, 1, &e) == 0 &&
	    sp_diff_run(d, 1, &e) == 0 &&
	    sp_diff_put(d, "solve", 5, SP_DIFF_NO_RANK, 12.5, &e) == 0 &&
	    sp_diff_put(d, "io", 2, SP_DIFF_NO_RANK, 3, &e) == 0 &&
	    sp_diff_put(d, "ckpt", 4, SP_DIFF_NO_RANK, 5, &e) == 0 &&
	    sp_diff_rows(d, o, &e) == 0, "build");
	return d;
}

static inline struct sp_diff_opts
diff_fixture_opts(void)
{
	struct sp_diff_opts o;

	memset(&o, 0, sizeof o);
	o.sort = SP_DIFF_SORT_DELTA;
	o.threshold = -1;
	o.alpha = 0.05;
	o.min_samples = 5;
	return o;
}

static inline struct sp_diff_report
diff_fixture_report(const struct sp_diff_opts *o)
{
	struct sp_diff_report r;

	memset(&r, 0, sizeof r);
	r.metric = SP_DIFF_TOTAL;
	r.keys = SP_DIFF_BY_REGION;
	r.side[0].title = "before.h5";
	r.side[1].title = "after.h5";
	r.side[0].label = "A";
	r.side[1].label = "B";
	r.side[0].runs = r.side[1].runs = 1;
	r.opts = o;
	return r;
}

#endif
