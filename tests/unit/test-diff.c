/*
 * Unit test of sp_diff: the rows of a comparison (delta, pct, none for a
 * missing or zero before), the threshold, the three sorts and their
 * tie-break, the only-in lists, the gate's decisions, the U test on
 * samples given as arrays or as groups of a pool, the minimum sample size,
 * and the medians of several runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_spill.h"
#include "sp_stats_mwu.h"
#include "sp_stats_pool.h"
#include "check.h"
#include "diff_fixture.h"

static void
put(struct sp_diff *d, const char *name, double v)
{
	struct sp_err e;

	CHECK(sp_diff_put(d, name, strlen(name), SP_DIFF_NO_RANK, v, &e) == 0,
	    "put %s: %s", name, e.msg);
}

/* A before and an after run: the values below, NAN for none. */
static struct sp_diff *
two_runs(const char *const *names, const double *a, const double *b,
    size_t n)
{
	struct sp_diff *d;
	struct sp_err e;
	size_t i;
	int side;

	if ((d = sp_diff_new(&e)) == NULL)
		return NULL;
	for (side = 0; side < 2; side++) {
		CHECK(sp_diff_run(d, side, &e) == 0, "run");
		for (i = 0; i < n; i++)
			if (!isnan(side ? b[i] : a[i]))
				put(d, names[i], side ? b[i] : a[i]);
	}
	return d;
}

/* The shown rows' names, joined by spaces. */
static void
order(const struct sp_diff *d, char *buf, size_t cap)
{
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < sp_diff_nrows(d) && k < cap; i++)
		k += (size_t)snprintf(buf + k, cap - k, "%s%s", i ? " " : "",
		    sp_diff_row(d, i)->name);
}

static const char *const names[] = { "solve", "io", "init", "ckpt",
	"zero", "same", "a-tie", "b-tie" };
static const double before[] = { 10, 4, 1, NAN, 0, 3, 2, 2 };
static const double after[] = { 12, 3, NAN, 5, 1, 3, 3, 3 };

static void
test_rows(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff *d = two_runs(names, before, after, 8);
	const struct sp_diff_row *w;
	struct sp_err e;
	char buf[256];

	CHECK(d != NULL && sp_diff_rows(d, &o, &e) == 0, "rows");
	if (d == NULL)
		return;
	CHECK(sp_diff_nrows(d) == 8 && sp_diff_shared(d) == 6, "8 rows, "
	    "6 shared: %zu %zu", sp_diff_nrows(d), sp_diff_shared(d));
	/* |delta| descending; equal ones (5, 2; 1 x 4; 0) by name */
	order(d, buf, sizeof buf);
	CHECK(strcmp(buf, "ckpt solve a-tie b-tie init io zero same") == 0,
	    "by delta: %s", buf);
	w = sp_diff_row(d, 1);
	CHECK(w->a.set && w->a.v == 10 && w->b.v == 12 && w->delta == 2 &&
	    w->pct.set && fabs(w->pct.v - 20) < 1e-12, "solve's row");
	w = sp_diff_row(d, 0);
	CHECK(!w->a.set && w->b.set && w->delta == 5 && !w->pct.set,
	    "ckpt: only after, no pct");
	w = sp_diff_row(d, 4);
	CHECK(w->a.v == 1 && !w->b.set && w->delta == -1 && w->pct.v == -100,
	    "init: only before, -100%%");
	w = sp_diff_row(d, 6);
	CHECK(w->a.v == 0 && !w->pct.set && w->delta == 1,
	    "zero: a zero before has no pct");
	CHECK(sp_diff_nonly(d, 0) == 1 && strcmp(sp_diff_only(d, 0, 0)->name,
	    "init") == 0 && sp_diff_nonly(d, 1) == 1 &&
	    strcmp(sp_diff_only(d, 1, 0)->name, "ckpt") == 0, "only-in lists");
	CHECK(sp_diff_failures(d) == 0, "no gate, no failure");
	CHECK(sp_diff_row(d, 0)->changed && !sp_diff_row(d, 0)->p.set,
	    "one value a side: not tested, changed");

	/* |pct| descending, the rows without one last, by name */
	o.sort = SP_DIFF_SORT_PCT;
	CHECK(sp_diff_rows(d, &o, &e) == 0, "rows by pct");
	order(d, buf, sizeof buf);
	CHECK(strcmp(buf, "init a-tie b-tie io solve same ckpt zero") == 0,
	    "by pct: %s", buf);
	o.sort = SP_DIFF_SORT_NAME;
	CHECK(sp_diff_rows(d, &o, &e) == 0, "rows by name");
	order(d, buf, sizeof buf);
	CHECK(strcmp(buf, "a-tie b-tie ckpt init io same solve zero") == 0,
	    "by name: %s", buf);

	/* the threshold drops |pct| below it, keeps rows without one and
	 * leaves the only-in lists whole */
	o.threshold = 25;
	CHECK(sp_diff_rows(d, &o, &e) == 0, "rows with a threshold");
	order(d, buf, sizeof buf);
	CHECK(strcmp(buf, "a-tie b-tie ckpt init io zero") == 0,
	    "threshold 25: %s", buf);
	CHECK(sp_diff_nonly(d, 0) == 1 && sp_diff_nonly(d, 1) == 1,
	    "only-in lists whatever the threshold");
	o.threshold = 20;
	CHECK(sp_diff_rows(d, &o, &e) == 0 && sp_diff_nrows(d) == 7,
	    "threshold 20 keeps solve's +20%%");
	sp_diff_free(d);
}

static size_t
failing(struct sp_diff *d, const struct sp_diff_opts *o, char *buf,
    size_t cap)
{
	struct sp_err e;
	size_t i, k = 0;

	buf[0] = '\0';
	CHECK(sp_diff_rows(d, o, &e) == 0, "rows: %s", e.msg);
	for (i = 0; i < sp_diff_nrows(d) && k < cap; i++)
		if (sp_diff_row(d, i)->fails)
			k += (size_t)snprintf(buf + k, cap - k, "%s%s",
			    k ? " " : "", sp_diff_row(d, i)->name);
	return sp_diff_failures(d);
}

static void
test_gate(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff *d = two_runs(names, before, after, 8);
	char buf[256];

	if (d == NULL)
		return;
	o.sort = SP_DIFF_SORT_NAME;
	o.budget = SP_DIFF_BUDGET_PCT;
	o.max = 20;
	/* above 20%: a-tie, b-tie (+50%); solve's +20% is not above */
	CHECK(failing(d, &o, buf, sizeof buf) == 2 &&
	    strcmp(buf, "a-tie b-tie") == 0, "pct 20: %s", buf);
	o.max = 0;
	/* decreases never fail, nor a zero before under a percentage */
	CHECK(failing(d, &o, buf, sizeof buf) == 3 &&
	    strcmp(buf, "a-tie b-tie solve") == 0, "pct 0: %s", buf);
	o.fail_on_new = 1;
	CHECK(failing(d, &o, buf, sizeof buf) == 4 &&
	    strcmp(buf, "a-tie b-tie ckpt solve") == 0, "new: %s", buf);
	o.fail_on_new = 0;
	o.budget = SP_DIFF_BUDGET_ABS;
	o.max = 1;
	/* delta above 1: solve (+2); zero's +1 is not above */
	CHECK(failing(d, &o, buf, sizeof buf) == 1 &&
	    strcmp(buf, "solve") == 0, "abs 1: %s", buf);
	o.threshold = 30;
	CHECK(failing(d, &o, buf, sizeof buf) == 1 && buf[0] == '\0',
	    "a row below the threshold still fails, unshown");
	sp_diff_free(d);
}

/* One run a side, n samples each: after's are before's + shift. */
static struct sp_diff *
sampled(size_t n, double shift, double va, double vb)
{
	struct sp_diff *d;
	struct sp_err e;
	size_t i;
	int side;

	if ((d = sp_diff_new(&e)) == NULL)
		return NULL;
	for (side = 0; side < 2; side++) {
		CHECK(sp_diff_run(d, side, &e) == 0, "run");
		put(d, "k", side ? vb : va);
		for (i = 0; i < n; i++)
			CHECK(sp_diff_sample(d, "k", 1, SP_DIFF_NO_RANK,
			    (double)i + (side ? shift : 0), &e) == 0, "sample");
	}
	return d;
}

static void
test_samples(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff *d;
	const struct sp_diff_row *w;
	struct sp_err e;

	o.budget = SP_DIFF_BUDGET_PCT;
	o.max = 5;
	/* 4 a side: too few, untested, and judged by the budget */
	d = sampled(4, 100, 10, 20);
	CHECK(d != NULL && sp_diff_rows(d, &o, &e) == 0, "rows");
	w = sp_diff_row(d, 0);
	CHECK(!w->p.set && w->changed && w->fails, "4 samples: not tested");
	sp_diff_free(d);
	/* 5 a side, all apart: p = 2 / C(10, 5), significant */
	d = sampled(5, 100, 10, 20);
	CHECK(d != NULL && sp_diff_rows(d, &o, &e) == 0, "rows");
	w = sp_diff_row(d, 0);
	CHECK(w->p.set && fabs(w->p.v - 2. / 252) < 1e-15 && w->changed &&
	    w->fails && w->na == 5 && w->nb == 5, "5 samples: p %g",
	    w->p.v);
	sp_diff_free(d);
	/* the same samples: p = 1, no significant change, no failure */
	d = sampled(6, 0, 10, 20);
	CHECK(d != NULL && sp_diff_rows(d, &o, &e) == 0, "rows");
	w = sp_diff_row(d, 0);
	CHECK(w->p.set && w->p.v == 1 && !w->changed && !w->fails &&
	    sp_diff_failures(d) == 0, "no change: not failing");
	sp_diff_free(d);
}

/* Samples as groups of a pool, read back through sorts. */
static void
test_pools(void)
{
	struct sp_spill_budget b = { 64, 0 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p;
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff *d;
	struct sp_stats_mwu u;
	struct sp_err e;
	double x[3000], y[2000];
	size_t i;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	d = sp_diff_new(&e);
	CHECK(p != NULL && d != NULL, "pool: %s", e.msg);
	if (p == NULL || d == NULL)
		goto out;
	/* ties, and groups past the sorts' memory: runs on the file */
	for (i = 0; i < 3000; i++) {
		x[i] = (double)((i * 7919) % 500);
		CHECK(sp_stats_pool_put(p, 3, (int64_t)x[i], &e) == 0, "put");
	}
	for (i = 0; i < 2000; i++) {
		y[i] = (double)((i * 104729) % 520);
		CHECK(sp_stats_pool_put(p, 9, (int64_t)y[i], &e) == 0, "put");
	}
	CHECK(sp_diff_run(d, 0, &e) == 0, "run");
	put(d, "k", 1);
	CHECK(sp_diff_durations(d, "k", 1, SP_DIFF_NO_RANK, p, 3, &e) == 0,
	    "durations a");
	CHECK(sp_diff_run(d, 1, &e) == 0, "run");
	put(d, "k", 2);
	CHECK(sp_diff_durations(d, "k", 1, SP_DIFF_NO_RANK, p, 9, &e) == 0,
	    "durations b");
	CHECK(sp_diff_rows(d, &o, &e) < 0 && e.status == SP_EUSAGE,
	    "pools without a file to sort on refused");
	sp_diff_sorting(d, t, 4096);
	CHECK(sp_diff_rows(d, &o, &e) == 0, "rows: %s", e.msg);
	CHECK(sp_stats_mwu_arrays(x, 3000, y, 2000, &u, &e) == 0, "mwu");
	CHECK(sp_diff_nrows(d) == 1 && sp_diff_row(d, 0)->p.set &&
	    sp_diff_row(d, 0)->p.v == u.p && sp_diff_row(d, 0)->na == 3000 &&
	    sp_diff_row(d, 0)->nb == 2000, "the pools' p %g, arrays' %g",
	    sp_diff_row(d, 0)->p.v, u.p);
out:
	sp_diff_free(d);
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
}

/* Several runs a side: medians, intervals, the runs' values tested. */
static void
test_runs(void)
{
	static const double a[6] = { 10, 11, 12, 13, 14, 15 };
	static const double b[6] = { 20, 21, 22, 23, 24, 25 };
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff *d = sp_diff_new(NULL);
	const struct sp_diff_row *w;
	struct sp_err e;
	int side, i;

	if (d == NULL)
		return;
	for (side = 0; side < 2; side++)
		for (i = 0; i < 6; i++) {
			CHECK(sp_diff_run(d, side, &e) == 0, "run");
			put(d, "k", side ? b[i] : a[i]);
			if (i < 2)
				put(d, "few", 1 + side);
		}
	CHECK(sp_diff_runs(d, 0) == 6 && sp_diff_runs(d, 1) == 6, "runs");
	o.sort = SP_DIFF_SORT_NAME;
	CHECK(sp_diff_rows(d, &o, &e) == 0 && sp_diff_nrows(d) == 2, "rows");
	w = sp_diff_row(d, 1);
	CHECK(w->a.v == 12.5 && w->b.v == 22.5 && w->a_lo.set &&
	    w->a_lo.v == 10 && w->a_hi.v == 15 && w->na == 6 && w->nb == 6,
	    "k: medians %g %g, interval [%g, %g]", w->a.v, w->b.v,
	    w->a_lo.v, w->a_hi.v);
	CHECK(w->p.set && fabs(w->p.v - 2. / 924) < 1e-15 && w->changed,
	    "k: p %g", w->p.v);
	w = sp_diff_row(d, 0);
	CHECK(w->na == 2 && w->nb == 2 && !w->a_lo.set && w->p.set,
	    "few: 2 runs a side, no interval, tested");
	sp_diff_free(d);
}

int
main(void)
{
	test_rows();
	test_gate();
	test_samples();
	test_pools();
	test_runs();
	if (!failed)
		printf("test-diff: ok\n");
	return failed;
}
