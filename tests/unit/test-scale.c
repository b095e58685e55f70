/*
 * test-scale: the scaling series (sp_scale.h) and its writers alone:
 * grouping by x and averaging, the common regions, skipped values, the
 * curves, Karp-Flatt on Amdahl's law, each verdict, the errors, and the
 * writers' output (text, CSV, plot data, SVG) with a failing writer.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "membuf.h"
#include "sp_scale.h"
#include "sp_scale_emit.h"
#include "sp_scale_svg.h"
#include "sp_scale_text.h"

static struct sp_scale_val
v(double x)
{
	struct sp_scale_val r = { x, 1 };

	return r;
}

static const struct sp_scale_val none;

static int
put(struct sp_scale *s, const char *name, double t, double imb)
{
	return sp_scale_put(s, name, strlen(name), v(t), v(imb), NULL);
}

static int
run(struct sp_scale *s, double x)
{
	char t[32];

	snprintf(t, sizeof t, "%g", x);
	return sp_scale_run(s, x, t, NULL);
}

static const struct sp_scale_row *
row_named(const struct sp_scale *s, const char *name)
{
	size_t i;

	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);

		if (!w->whole && strcmp(w->name, name) == 0)
			return w;
	}
	return NULL;
}

/* Amdahl with f = 0.1, a perfect region, a slow rank, a growing cost,
 * runs given out of order, two at p = 4 averaged. */
static struct sp_scale *
amdahl_series(void)
{
	static const double ps[] = { 4, 1, 2, 8, 4 };
	struct sp_scale *s = sp_scale_new(NULL);
	size_t i;

	for (i = 0; i < 5; i++) {
		double p = ps[i], t = 0.1 + 0.9 / p;

		CHECK(run(s, p) == 0, "run");
		CHECK(put(s, "amdahl", i == 4 ? t * 1.1 : i == 0 ? t * 0.9 :
		    t, 0) == 0, "put");
		CHECK(put(s, "perfect", 1 / p, 0.01) == 0, "put");
		CHECK(put(s, "slow", 1 / p, 0.1 * (p - 1)) == 0, "put");
		CHECK(put(s, "comm", 1 / p + 0.02 * log2(p), 0) == 0, "put");
		if (i > 0)
			CHECK(put(s, "only-later", 1, 0) == 0, "put");
		if (i != 2)
			CHECK(put(s, "not-everywhere", 1, 0) == 0, "put");
		CHECK(sp_scale_put_whole(s, v(2 / p), NULL) == 0, "whole");
	}
	return s;
}

static void
test_amdahl(void)
{
	struct sp_scale *s = amdahl_series();
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	const struct sp_scale_row *w;
	size_t i;

	CHECK(sp_scale_compute(s, &o, NULL) == 0, "compute");
	CHECK(sp_scale_npoints(s) == 4, "points %zu", sp_scale_npoints(s));
	CHECK(sp_scale_point(s, 2)->x == 4 && sp_scale_point(s, 2)->runs == 2,
	    "p=4 has two runs");
	CHECK(sp_scale_regions(s) == 5 && sp_scale_common(s) == 4,
	    "regions %zu common %zu", sp_scale_regions(s), sp_scale_common(s));
	CHECK(sp_scale_nrows(s) == 5 && sp_scale_row(s, 0)->whole,
	    "the whole run first");
	w = row_named(s, "amdahl");
	CHECK(w != NULL && w->verdict == SP_SCALE_SERIAL, "amdahl serial");
	for (i = 1; w != NULL && i < 4; i++)
		CHECK(fabs(w->cells[i].karp_flatt.v - 0.1) < 1e-12,
		    "e at %zu: %g", i, w->cells[i].karp_flatt.v);
	CHECK(w != NULL && fabs(w->serial.v - 0.1) < 1e-12, "serial %g",
	    w->serial.v);
	CHECK(w != NULL && !w->cells[0].karp_flatt.set, "no e at baseline");
	w = row_named(s, "perfect");
	CHECK(w != NULL && w->verdict == SP_SCALE_SCALES, "perfect scales");
	CHECK(w != NULL && w->cells[3].speedup.v == 8 &&
	    w->cells[3].efficiency.v == 1, "perfect speedup");
	CHECK(w != NULL && w->cells[3].normalized.v == 0.125, "normalized");
	w = row_named(s, "slow");
	CHECK(w != NULL && w->verdict == SP_SCALE_IMBALANCE, "slow rank");
	w = row_named(s, "comm");
	CHECK(w != NULL && w->verdict == SP_SCALE_OVERHEAD, "overhead");
	sp_scale_free(s);
}

static void
test_skips(void)
{
	struct sp_scale *s = sp_scale_new(NULL);
	struct sp_scale_opts o = { SP_SCALE_WEAK, 0 };
	const struct sp_scale_row *w;

	run(s, 1);
	put(s, "a", 1, 0);
	sp_scale_put(s, "zero", 4, v(0), none, NULL);
	put(s, "b", 1, 0);
	run(s, 2);
	put(s, "a", 2, 0);
	put(s, "zero", 1, 0);
	sp_scale_put(s, "b", 1, v(NAN), none, NULL);
	CHECK(sp_scale_compute(s, &o, NULL) == 0, "compute");
	CHECK(sp_scale_skipped(s) == 1, "zero has no baseline");
	CHECK(sp_scale_nrows(s) == 2, "no whole run without spans: %zu",
	    sp_scale_nrows(s));
	w = row_named(s, "b");
	CHECK(w != NULL && !w->cells[1].time.set, "NaN skipped");
	w = row_named(s, "a");
	CHECK(w != NULL && w->cells[1].weak_efficiency.v == 0.5 &&
	    w->verdict == SP_SCALE_OVERHEAD, "weak");
	sp_scale_free(s);
}

static void
test_errors(void)
{
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	struct sp_scale *s = sp_scale_new(NULL);
	struct sp_err e;

	run(s, 1);
	put(s, "a", 1, 0);
	CHECK(sp_scale_compute(s, &o, &e) < 0 && e.status == SP_EDATA,
	    "one run");
	sp_scale_free(s);
	s = sp_scale_new(NULL);
	run(s, 2);
	put(s, "a", 1, 0);
	run(s, 2);
	put(s, "a", 1, 0);
	CHECK(sp_scale_compute(s, &o, &e) < 0 && strstr(e.msg, "x = 2"),
	    "one x: %s", e.msg);
	sp_scale_free(s);
	s = sp_scale_new(NULL);
	run(s, 1);
	put(s, "a", 1, 0);
	run(s, 2);
	put(s, "b", 1, 0);
	CHECK(sp_scale_compute(s, &o, &e) < 0 && strstr(e.msg, "common"),
	    "no common region: %s", e.msg);
	sp_scale_free(s);
	CHECK(fabs(sp_scale_karp_flatt(4, 4)) < 1e-15, "ideal e 0");
	CHECK(fabs(sp_scale_karp_flatt(1, 4) - 1) < 1e-15, "no speedup e 1");
	sp_scale_free(NULL);
}

static void
test_categorical(void)
{
	struct sp_scale_opts o = { SP_SCALE_STRONG, 1 };
	struct sp_scale *s = sp_scale_new(NULL);
	const struct sp_scale_row *w;

	sp_scale_run(s, 0, "gcc", NULL);
	put(s, "a", 2, 0);
	sp_scale_run(s, 0, "clang", NULL);
	put(s, "a", 1, 0);
	sp_scale_run(s, 0, "gcc", NULL);
	put(s, "a", 4, 0);
	CHECK(sp_scale_compute(s, &o, NULL) == 0, "compute");
	CHECK(sp_scale_npoints(s) == 2 && strcmp(sp_scale_point(s, 0)->text,
	    "gcc") == 0, "first met first");
	w = row_named(s, "a");
	CHECK(w != NULL && w->cells[0].time.v == 3 && w->cells[1].speedup.v ==
	    3 && !w->cells[1].efficiency.set && w->verdict == SP_SCALE_NONE,
	    "categorical");
	sp_scale_free(s);
}

static void
test_writers(void)
{
	struct sp_scale *s = amdahl_series();
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	struct sp_scale_runinfo runs[] = { { "a", "4" }, { "b", "1" } };
	struct sp_scale_report rep = { SP_SCALE_STRONG, SP_SCALE_PER_CALL,
		SP_SCALE_PLOT_SPEEDUP, 0, "num_ranks", "MPI ranks", runs, 2, 2 };
	struct membuf mb;
	size_t full;
	char *t;

	sp_scale_compute(s, &o, NULL);
	memset(&mb, 0, sizeof mb);
	CHECK(sp_scale_text_write(s, &rep, membuf_write, &mb, NULL) == 0,
	    "text");
	CHECK(mb.n > 0 && (t = strndup((char *)mb.p, mb.n)) != NULL, "text");
	CHECK(strstr(t, "verdict: serial work: e = 10.00%") != NULL, "%s", t);
	free(t);
	mb.n = 0;
	CHECK(sp_scale_emit_write(s, &rep, SP_SCALE_EMIT_CSV, 1, membuf_write,
	    &mb, NULL) == 0, "plot csv");
	CHECK(mb.n > 24 && memcmp(mb.p, "region,num_ranks,speedup\n", 25) ==
	    0, "plot csv header");
	mb.n = 0;
	CHECK(sp_scale_svg_write(s, &rep, membuf_write, &mb, NULL) == 0,
	    "svg");
	full = mb.n;
	t = strndup((char *)mb.p, mb.n);
	CHECK(t != NULL && strstr(t, "other (2 regions)") != NULL,
	    "top 2, the rest merged");
	free(t);
	/* a writer that fails half way fails the write */
	free(mb.p);
	memset(&mb, 0, sizeof mb);
	mb.fail_after = full / 2;
	CHECK(sp_scale_svg_write(s, &rep, membuf_write, &mb, NULL) < 0,
	    "svg on a full disk");
	free(mb.p);
	sp_scale_free(s);
}

int
main(void)
{
	char b[32];

	test_amdahl();
	test_skips();
	test_errors();
	test_categorical();
	test_writers();
	sp_scale_text_time(b, sizeof b, 0.0123456);
	CHECK(strcmp(b, "12.35 ms") == 0, "time %s", b);
	return failed != 0;
}
