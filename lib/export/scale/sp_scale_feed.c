/* A run's statistics into a scaling series (sp_scale_feed.h). */
#include "sp_scale_feed.h"

#include <stdlib.h>

#include "sp_stats_run_opts.h"

unsigned
sp_scale_feed_want(enum sp_scale_measure m)
{
	return SP_STATS_WANT_REGIONS |
	    (m == SP_SCALE_WALL ? SP_STATS_WANT_RANKS : 0);
}

static struct sp_scale_val
sv(double v, int set)
{
	struct sp_scale_val r = { v, set };

	return r;
}

int
sp_scale_feed_span(struct sp_scale *s, const struct sp_run_info *ri,
    struct sp_err *e)
{
	return sp_scale_put_whole(s, sv((double)(ri->last_ns -
	    ri->first_ns) / 1e9, ri->has_span), e);
}

/* The slowest rank's outermost time of each region. */
static double *
walls_of(const struct sp_stats_result *res, struct sp_err *e)
{
	double *w = calloc(res->nregions + 1, sizeof *w);
	size_t i;

	if (w == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	for (i = 0; i < res->nranks; i++) {
		const struct sp_stats_rankrec *k = &res->ranks[i];
		double v = k->wall_known ? (double)k->wall_ns / 1e9 : -1;

		if (v > w[k->region])
			w[k->region] = v;
	}
	return w;
}

static struct sp_scale_val
time_of(const struct sp_stats_region *g, enum sp_scale_measure m,
    const double *walls, size_t i)
{
	switch (m) {
	case SP_SCALE_PER_CALL:
		return sv(g->average, 1);
	case SP_SCALE_SLOWEST:
		return sv(g->rank_max, g->ranks_timed > 0);
	case SP_SCALE_MEAN_RANK:
		return sv(g->rank_mean, g->ranks_timed > 0);
	default:
		return sv(walls[i], g->wall_known && walls[i] > 0);
	}
}

int
sp_scale_feed_result(struct sp_scale *s, enum sp_scale_measure m,
    const struct sp_stats_result *res, struct sp_err *e)
{
	double *walls = NULL;
	size_t i;
	int rc = 0;

	if (m == SP_SCALE_WALL && (walls = walls_of(res, e)) == NULL)
		return -1;
	for (i = 0; i < res->nregions && rc == 0; i++) {
		const struct sp_stats_region *g = &res->regions[i];

		if (g->num_calls == 0)
			continue;
		rc = sp_scale_put(s, g->name, g->name_len,
		    time_of(g, m, walls, i), sv(g->caliper, g->ranks_timed >
		    0), e);
	}
	free(walls);
	return rc;
}
