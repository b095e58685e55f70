/*
 * test-scale_feed: a run's statistics into a scaling series
 * (sp_scale_feed.h), from results built by hand: what each measure asks
 * the statistics for, each measure's time of a region (per call, the
 * slowest rank, the mean rank, the slowest rank's outermost calls), the
 * imbalance, regions without calls left out, values left unset, and the
 * run's span.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sp_scale.h"
#include "sp_scale_feed.h"
#include "sp_scale_report.h"
#include "sp_stats.h"
#include "sp_stats_run_opts.h"

/* One run's regions a, b, z (z has no calls) and its ranks' records. */
struct run {
	struct sp_stats_region g[3];
	struct sp_stats_rankrec k[4];
	struct sp_stats_result res;
	struct sp_run_info ri;
};

static void
region(struct sp_stats_region *g, const char *name, uint64_t calls,
    double avg, double rmax, double rmean, uint32_t timed)
{
	memset(g, 0, sizeof *g);
	g->name = name;
	g->name_len = strlen(name);
	g->num_calls = calls;
	g->average = avg;
	g->rank_max = rmax;
	g->rank_mean = rmean;
	g->ranks_timed = timed;
	g->caliper = timed > 0 && rmean > 0 ? rmax / rmean - 1 : 0;
	g->wall_known = 1;
}

static void
rank(struct sp_stats_rankrec *k, uint32_t reg, int known, int64_t wall)
{
	memset(k, 0, sizeof *k);
	k->region = reg;
	k->wall_known = known;
	k->wall_ns = wall;
}

/*
 * x = 1: a: 4 calls of 0.5 s mean, ranks' totals max 2, mean 1.6
 * (imbalance 0.25), walls 1.8 s and 2.0 s; b: mean 0.25, max 1,
 * mean 0.8 (0.25), walls 0.9 s and one unknown; z: no calls.
 * x = 2: a: 0.3, max 1.2, mean 1 (0.2), wall 1.1 s; b: 0.2, no rank
 * timed, wall unknown on its one rank.
 */
static void
make(struct run *r, int second)
{
	memset(r, 0, sizeof *r);
	if (!second) {
		region(&r->g[0], "a", 4, 0.5, 2, 1.6, 2);
		region(&r->g[1], "b", 2, 0.25, 1, 0.8, 2);
		rank(&r->k[0], 0, 1, 1800000000);
		rank(&r->k[1], 0, 1, 2000000000);
		rank(&r->k[2], 1, 1, 900000000);
		rank(&r->k[3], 1, 0, 5000000000);
		r->res.nranks = 4;
		r->ri.first_ns = 1000000000;
		r->ri.last_ns = 4000000000;	/* 3 s */
		r->ri.has_span = 1;
	} else {
		region(&r->g[0], "a", 4, 0.3, 1.2, 1, 1);
		region(&r->g[1], "b", 2, 0.2, 0, 0, 0);
		rank(&r->k[0], 0, 1, 1100000000);
		rank(&r->k[1], 1, 0, 0);
		r->res.nranks = 2;
		r->ri.first_ns = 500;
		r->ri.last_ns = 500 + 1500000000;	/* 1.5 s */
		r->ri.has_span = 1;
	}
	region(&r->g[2], "z", 0, 9, 9, 9, 1);
	r->res.regions = r->g;
	r->res.nregions = 3;
	r->res.ranks = r->k;
}

/* The series of both runs by measure m, computed. */
static struct sp_scale *
series(enum sp_scale_measure m)
{
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	struct sp_scale *s = sp_scale_new(NULL);
	struct run r;
	struct sp_err e;
	int i;

	for (i = 0; s != NULL && i < 2; i++) {
		make(&r, i);
		CHECK(sp_scale_run(s, i + 1, i ? "2" : "1", &e) == 0 &&
		    sp_scale_feed_span(s, &r.ri, &e) == 0 &&
		    sp_scale_feed_result(s, m, &r.res, &e) == 0,
		    "measure %d run %d: %s", (int)m, i, e.msg);
	}
	CHECK(s != NULL && sp_scale_compute(s, &o, &e) == 0,
	    "measure %d: compute: %s", (int)m, e.msg);
	return s;
}

static const struct sp_scale_row *
row(const struct sp_scale *s, const char *name)
{
	size_t i;

	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);

		if (name == NULL ? w->whole : !w->whole &&
		    w->len == strlen(name) && memcmp(w->name, name, w->len) == 0)
			return w;
	}
	return NULL;
}

/* v is set to x (NAN: unset). */
static int
is(struct sp_scale_val v, double x)
{
	return isnan(x) ? !v.set : v.set && fabs(v.v - x) < 1e-12;
}

static void
check_times(enum sp_scale_measure m, double a1, double a2, double b1,
    double b2)
{
	struct sp_scale *s = series(m);
	const struct sp_scale_row *a, *b;

	if (s == NULL)
		return;
	CHECK(sp_scale_regions(s) == 2 && sp_scale_common(s) == 2,
	    "measure %d: %zu regions, %zu common (z has no calls)", (int)m,
	    sp_scale_regions(s), sp_scale_common(s));
	a = row(s, "a");
	b = row(s, "b");
	CHECK(a != NULL && is(a->cells[0].time, a1) &&
	    is(a->cells[1].time, a2), "measure %d: a's times %g %g", (int)m,
	    a ? a->cells[0].time.v : -1, a ? a->cells[1].time.v : -1);
	CHECK(b != NULL && is(b->cells[0].time, b1) &&
	    is(b->cells[1].time, b2), "measure %d: b's times %g/%d %g/%d",
	    (int)m, b ? b->cells[0].time.v : -1, b ? b->cells[0].time.set : -1,
	    b ? b->cells[1].time.v : -1, b ? b->cells[1].time.set : -1);
	/* the imbalance: rank_max / rank_mean - 1, none without a rank */
	CHECK(a != NULL && is(a->cells[0].imbalance, 0.25) &&
	    is(a->cells[1].imbalance, 0.2), "measure %d: a's imbalance",
	    (int)m);
	CHECK(b != NULL && is(b->cells[0].imbalance, 0.25) &&
	    is(b->cells[1].imbalance, NAN), "measure %d: b's imbalance",
	    (int)m);
	a = row(s, NULL);
	CHECK(a != NULL && is(a->cells[0].time, 3) &&
	    is(a->cells[1].time, 1.5), "measure %d: the span", (int)m);
	CHECK(row(s, "z") == NULL, "z has no calls: no row");
	sp_scale_free(s);
}

static void
test_measures(void)
{
	check_times(SP_SCALE_PER_CALL, 0.5, 0.3, 0.25, 0.2);
	check_times(SP_SCALE_SLOWEST, 2, 1.2, 1, NAN);
	check_times(SP_SCALE_MEAN_RANK, 1.6, 1, 0.8, NAN);
	/* the slowest known wall: 2.0 of 1.8 and 2.0; b's 0.9 beside an
	 * unknown 5; none when its only rank's is unknown */
	check_times(SP_SCALE_WALL, 2, 1.1, 0.9, NAN);
}

static void
test_want(void)
{
	CHECK(sp_scale_feed_want(SP_SCALE_PER_CALL) == SP_STATS_WANT_REGIONS,
	    "per call wants the regions");
	CHECK(sp_scale_feed_want(SP_SCALE_SLOWEST) == SP_STATS_WANT_REGIONS,
	    "slowest wants the regions");
	CHECK(sp_scale_feed_want(SP_SCALE_MEAN_RANK) == SP_STATS_WANT_REGIONS,
	    "mean rank wants the regions");
	CHECK(sp_scale_feed_want(SP_SCALE_WALL) == (SP_STATS_WANT_REGIONS |
	    SP_STATS_WANT_RANKS), "wall wants the ranks' records too");
}

/* a run with no calls has no span */
static void
test_no_span(void)
{
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	struct sp_scale *s = sp_scale_new(NULL);
	struct run r;
	struct sp_err e;
	int i;

	for (i = 0; s != NULL && i < 2; i++) {
		make(&r, i);
		r.ri.has_span = i == 0;
		CHECK(sp_scale_run(s, i + 1, i ? "2" : "1", &e) == 0 &&
		    sp_scale_feed_span(s, &r.ri, &e) == 0 &&
		    sp_scale_feed_result(s, SP_SCALE_PER_CALL, &r.res,
		    &e) == 0, "no span: %s", e.msg);
	}
	CHECK(s != NULL && sp_scale_compute(s, &o, &e) == 0, "compute");
	CHECK(s != NULL && row(s, NULL) != NULL &&
	    is(row(s, NULL)->cells[0].time, 3) &&
	    is(row(s, NULL)->cells[1].time, NAN), "span of a run without");
	sp_scale_free(s);
}

int
main(void)
{
	test_want();
	test_measures();
	test_no_span();
	return failed != 0;
}
