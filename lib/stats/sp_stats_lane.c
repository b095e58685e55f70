/*
 * Lanes (--by lane): a record per (region, rank, lane) with the calls of
 * the region on that thread or task, named as sp-speedscope names the
 * lane's profile.  The reference has no such view; its statistics follow
 * the per-rank records' definitions (3) over the lane's calls in their
 * order on the lane.
 */
#include "sp_stats_acc.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
new_lane(struct sp_stats_run *r, uint32_t region, struct sp_err *e)
{
	struct lane_acc *ls = &r->lanes;
	struct lacc *l;

	if (sp_grow(&ls->lacc, &ls->lacc_cap, ls->nlacc + 1, sizeof *ls->lacc,
	    16) < 0 || sp_grow(&ls->lane_regions, &ls->lane_regions_cap,
	    ls->nlane_regions + 1, sizeof *ls->lane_regions, 16) < 0)
		return nomem(e);
	l = &ls->lacc[ls->nlacc];
	memset(l, 0, sizeof *l);
	l->region = region;
	l->rank = r->rank;
	l->lane = ls->lane;
	l->name = ls->lane_name;
	l->group = (uint32_t)ls->nlacc;
	ls->lane_of[region] = (uint32_t)++ls->nlacc;
	ls->lane_regions[ls->nlane_regions++] = region;
	return 0;
}

int
sp_stats_lane_open(struct sp_stats_run *r, struct frame *f, int64_t dur,
    struct sp_err *e)
{
	struct lane_acc *ls = &r->lanes;
	struct lacc *l;

	f->lane = NONE32;
	if (!r->racc[f->region].kept)
		return 0;
	if (ls->lane_of[f->region] == 0 && new_lane(r, f->region, e) < 0)
		return -1;
	f->lane = ls->lane_of[f->region] - 1;
	l = &ls->lacc[f->lane];
	if (l->n == 0 || dur < l->dmin)
		l->dmin = dur;
	if (l->n == 0 || dur > l->dmax)
		l->dmax = dur;
	l->n++;
	SP_STATS_ADD_NS(r, l->sum, dur);
	if (f->outer)
		SP_STATS_ADD_NS(r, l->wall, dur);
	if (!r->o.approx)
		return sp_stats_pool_put(r->lpool, l->group, dur, e);
	if (l->h == NULL && (l->h = sp_stats_hist_new()) == NULL)
		return nomem(e);
	welford_add(&l->w, (long double)dur);
	return sp_stats_hist_add(l->h, dur, e);
}

void
sp_stats_lane_close(struct sp_stats_run *r, const struct frame *f,
    int64_t self)
{
	SP_STATS_ADD_NS(r, r->lanes.lacc[f->lane].excl, self);
}

void
sp_stats_lane_end(struct sp_stats_run *r)
{
	struct lane_acc *ls = &r->lanes;
	size_t i;

	for (i = 0; i < ls->nlane_regions; i++)
		ls->lane_of[ls->lane_regions[i]] = 0;
	ls->nlane_regions = 0;
}

static int
lane_record(struct sp_stats_run *r, const struct lacc *l,
    struct sp_stats_lanerec *x, uint32_t index, struct sp_err *e)
{
	struct sp_stats_seq s;
	double pct[3];
	char buf[64];
	const char *name = l->name;

	x->region = index;
	x->rank = l->rank;
	x->lane = l->lane;
	if (name == NULL) {
		snprintf(buf, sizeof buf, "rank %" PRIu32, l->rank);
		name = buf;
	}
	if ((x->lane_name = malloc(strlen(name) + 1)) == NULL)
		return nomem(e);
	memcpy(x->lane_name, name, strlen(name) + 1);
	x->num_calls = l->n;
	x->total_ns = l->sum;
	x->exclusive_ns = l->excl;
	x->wall_ns = l->wall;
	x->min_ns = l->dmin;
	x->max_ns = l->dmax;
	x->total = sp_stats_sec(l->sum);
	x->exclusive = sp_stats_sec(l->excl);
	x->wall = sp_stats_sec(l->wall);
	x->min = sp_stats_sec(l->dmin);
	x->max = sp_stats_sec(l->dmax);
	x->average = (double)l->sum / (double)l->n / 1e9;
	if (r->o.approx) {
		x->std = (double)sqrtl(l->w.m2 / (long double)l->n) / 1e9;
		sp_stats_hist_pct(l->h, SP_CONV_DBL, pct);
	} else {
		if (sp_stats_pool_seq(r, r->lpool, l->group, SP_CONV_DBL,
		    SP_SEQ_DEV | SP_SEQ_PCT, &s, e) < 0)
			return -1;
		x->std = sqrt(s.dev2 / (double)s.n) / 1e9;
		sp_stats_seq_pct(&s, SP_CONV_DBL, pct);
	}
	x->p50 = pct[0] / 1e9;
	x->p95 = pct[1] / 1e9;
	x->p99 = pct[2] / 1e9;
	return 0;
}

struct keyed {
	uint32_t region, rank;
	int64_t lane;
	size_t i;
};

static int
by_place(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->region != y->region)
		return x->region < y->region ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->lane < y->lane ? -1 : x->lane > y->lane;
}

int
sp_stats_lanes_finish(struct sp_stats_run *r, struct sp_err *e)
{
	struct lane_acc *ls = &r->lanes;
	struct sp_stats_result *res = r->res;
	uint32_t *index;
	struct keyed *k = NULL;
	size_t i;
	int rc = 0;

	if ((index = malloc((r->nreg + 1) * sizeof *index)) == NULL ||
	    (k = malloc((ls->nlacc + 1) * sizeof *k)) == NULL ||
	    (res->lanes = calloc(ls->nlacc + 1, sizeof *res->lanes)) == NULL) {
		free(index);
		free(k);
		return nomem(e);
	}
	for (i = 0; i < res->nregions; i++)
		index[res->regions[i].id] = (uint32_t)i;
	for (i = 0; i < ls->nlacc; i++) {
		k[i].region = index[ls->lacc[i].region];
		k[i].rank = ls->lacc[i].rank;
		k[i].lane = ls->lacc[i].lane;
		k[i].i = i;
	}
	qsort(k, ls->nlacc, sizeof *k, by_place);
	for (i = 0; i < ls->nlacc && rc == 0; i++, res->nlanes++)
		rc = lane_record(r, &ls->lacc[k[i].i], &res->lanes[i],
		    k[i].region, e);
	free(index);
	free(k);
	return rc;
}
