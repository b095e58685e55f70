/*
 * The records of the regions at the end of a run: summary()'s fields
 * (doc/stats.md, "Region records"), print_summary's flat row ("Flat
 * rows") and sp's own
 * fields, from the sums of sp_stats_region.c and the pooled durations.
 */
#include "sp_stats_acc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* The pooled durations of a region: exact, or estimated (--approx). */
struct pooled {
	uint64_t n;
	double psum, avg, std, min, max, pct[3];
};

static int
pooled(struct sp_stats_run *r, uint32_t id, struct pooled *p,
    struct sp_err *e)
{
	const struct racc *g = &r->racc[id];
	struct sp_stats_seq s;
	unsigned what;

	memset(p, 0, sizeof *p);
	if (r->o.approx) {
		if (g->h == NULL || sp_stats_hist_count(g->h) == 0)
			return 0;
		p->n = sp_stats_hist_count(g->h);
		p->psum = sp_stats_sec(g->total_ns);
		p->avg = p->psum / (double)p->n;
		p->std = (double)sqrtl(g->w.m2 / (long double)p->n) / 1e9;
		p->min = sp_stats_sec(g->dmin);
		p->max = sp_stats_sec(g->dmax);
		sp_stats_hist_pct(g->h, SP_CONV_SEC, p->pct);
		return 0;
	}
	what = sp_stats_seq_needed(r);
	if (sp_stats_pool_seq(r, r->rpool, id, SP_CONV_SEC, what, &s, e) < 0)
		return -1;
	if ((p->n = s.n) == 0)
		return 0;
	p->psum = s.psum;
	p->avg = s.mean;
	p->std = what & SP_SEQ_DEV ? sqrt(s.dev2 / (double)s.n) : 0.;
	p->min = sp_stats_sec(s.min);
	p->max = sp_stats_sec(s.max);
	if (what & SP_SEQ_PCT)
		sp_stats_seq_pct(&s, SP_CONV_SEC, p->pct);
	return 0;
}

/* The mean of the pooled GPU times, or none (only aggregates have any). */
static int
gpu_average(struct sp_stats_run *r, uint32_t id, struct sp_opt *out,
    struct sp_err *e)
{
	const struct racc *g = &r->racc[id];
	struct sp_stats_seq s;

	out->set = 0;
	if (g->gpu_pooled == 0)
		return 0;
	if (r->o.approx) {
		*out = sp_opt_of(g->gpu_s / (double)g->gpu_n);
		return 0;
	}
	if (sp_stats_pool_seq(r, r->gpool, id, SP_CONV_SEC, SP_SEQ_SUM, &s,
	    e) < 0)
		return -1;
	if (s.n > 0)
		*out = sp_opt_of(s.mean);
	return 0;
}

/* 2.3: max over mean of the entries' totals above 0, from two of them. */
static void
imbalance(const struct racc *g, double *ratio, double *pct, double *tmp)
{
	double max = 0.;
	size_t i, k = 0;

	for (i = 0; i < g->ntot; i++)
		if (g->tot[i] > 0) {
			tmp[k++] = g->tot[i];
			if (k == 1 || g->tot[i] > max)
				max = g->tot[i];
		}
	*ratio = *pct = 0.;
	if (k < 2)
		return;
	*ratio = max / (sp_stats_psum(tmp, k) / (double)k);
	*pct = *ratio != 0. ? (*ratio - 1.0) * 100.0 : 0.;
}

/* sp's: the entries' totals, all of them, and Caliper's imbalance. */
static void
rank_spread(const struct racc *g, struct sp_stats_region *x)
{
	size_t i;

	x->rank_min = x->rank_mean = x->rank_max = x->caliper = 0.;
	x->rank_max_rank = 0;
	for (i = 0; i < g->ntot; i++) {
		if (i == 0 || g->tot[i] < x->rank_min)
			x->rank_min = g->tot[i];
		if (i == 0 || g->tot[i] > x->rank_max) {
			x->rank_max = g->tot[i];
			x->rank_max_rank = g->tot_rank[i];
		}
	}
	if (g->ntot > 0)
		x->rank_mean = sp_stats_psum(g->tot, g->ntot) /
		    (double)g->ntot;
	if (x->rank_mean > 0)
		x->caliper = x->rank_max / x->rank_mean - 1.0;
	for (i = 0; i < g->ntot; i++)
		x->ranks_timed += g->tot[i] > 0;
}

/* The combined standard deviation of aggregate entries (4.1). */
static struct sp_opt
combined_std(const struct racc *g)
{
	double mean = 0., m2 = 0., d;
	int64_t count = 0;
	size_t i;

	if (g->mom_missing || g->nmom == 0)
		return (struct sp_opt){ 0., 0 };
	for (i = 0; i < g->nmom; i++)
		count += g->mom[i].count;
	if (count == 0)
		return (struct sp_opt){ 0., 0 };
	for (i = 0; i < g->nmom; i++)
		mean += (double)g->mom[i].count * g->mom[i].mean;
	mean /= (double)count;
	for (i = 0; i < g->nmom; i++) {
		d = g->mom[i].mean - mean;
		m2 += g->mom[i].m2 + (double)g->mom[i].count * (d * d);
	}
	return sp_opt_of(sqrt((m2 > 0. ? m2 : 0.) / (double)count) / 1e9);
}

/* print_summary's flat row of a region with aggregate entries only. */
static void
flat_aggregate(const struct racc *g, struct sp_stats_flat *f)
{
	f->total = sp_opt_of(g->total_s);
	f->avg = sp_opt_of(g->total_s / (double)g->calls);
	f->min = sp_opt_of(sp_stats_sec(g->agg_min));
	f->max = sp_opt_of(sp_stats_sec(g->agg_max));
	f->std = combined_std(g);
	if (g->has_sfirst)
		f->first = sp_opt_of(sp_stats_sec(g->sfirst));
	if (g->has_slast)
		f->last = sp_opt_of(sp_stats_sec(g->slast));
}

static void
flat_row(const struct racc *g, const struct pooled *p,
    const struct sp_stats_region *x, struct sp_stats_flat *f)
{
	memset(f, 0, sizeof *f);
	f->num_ranks = g->entries;
	f->calls = g->calls;
	f->imbalance = x->rank_imbalance_pct;
	f->start = g->has_abs ? g->abs_start : INFINITY;
	f->exclusive = sp_opt_of(g->excl_s);
	if (g->cov_set)
		f->coverage = sp_opt_of(g->cov);
	if (g->gpu) {
		f->gpu_total = sp_opt_of(g->gpu_s);
		if (g->gpu_n > 0)
			f->gpu_avg = sp_opt_of(g->gpu_s / (double)g->gpu_n);
	}
	if (p->n == 0) {
		if (g->calls > 0)
			flat_aggregate(g, f);
		return;
	}
	f->total = sp_opt_of(p->psum);
	f->avg = sp_opt_of(p->avg);
	f->min = sp_opt_of(p->min);
	f->max = sp_opt_of(p->max);
	f->std = sp_opt_of(p->std);
	f->p50 = sp_opt_of(p->pct[0]);
	f->p95 = sp_opt_of(p->pct[1]);
	f->p99 = sp_opt_of(p->pct[2]);
	if (g->has_first)
		f->first = sp_opt_of(g->first_s);
	if (g->has_last)
		f->last = sp_opt_of(g->last_s);
}

static int
region_record(struct sp_stats_run *r, uint32_t id, struct sp_stats_region *x,
    double *tmp, struct sp_err *e)
{
	const struct racc *g = &r->racc[id];
	struct pooled p;

	if (pooled(r, id, &p, e) < 0 || gpu_average(r, id, &x->gpu_average,
	    e) < 0)
		return -1;
	x->name = r->names[id];
	x->name_len = r->lens[id];
	x->id = id;
	x->num_ranks = g->entries;
	x->num_calls = g->calls;
	x->total = g->total_s;
	x->exclusive = g->excl_s;
	x->average = p.avg;
	x->min = p.min;
	x->max = p.max;
	x->first = g->has_first ? g->first_s : 0.;
	x->last = g->has_last ? g->last_s : 0.;
	x->std = p.std;
	x->has_gpu = g->gpu;
	x->gpu_total = g->gpu_s;
	x->tags = g->tags;
	x->ntags = g->ntags;
	x->p50 = p.pct[0];
	x->p95 = p.pct[1];
	x->p99 = p.pct[2];
	imbalance(g, &x->rank_imbalance, &x->rank_imbalance_pct, tmp);
	x->approx = r->o.approx;
	x->wall_known = !g->wall_unknown;
	x->wall = g->wall_s;
	x->total_ns = g->total_ns;
	x->exclusive_ns = g->excl_ns;
	x->wall_ns = g->wall_ns;
	rank_spread(g, x);
	flat_row(g, &p, x, &x->flat);
	return 0;
}

/* A region and its place in the region order, to sort by. */
struct placed {
	uint32_t order, id;
};

static int
by_order(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	return x->order < y->order ? -1 : x->order > y->order;
}

int
sp_stats_regions_finish(struct sp_stats_run *r, struct sp_err *e)
{
	struct sp_stats_result *res = r->res;
	struct placed *ids;
	double *tmp = NULL;
	size_t i, n = 0, most = 1;
	int rc = 0;

	if ((ids = malloc((r->nreg + 1) * sizeof *ids)) == NULL)
		return nomem(e);
	for (i = 0; i < r->nreg; i++)
		if (r->racc[i].exists && r->racc[i].kept) {
			ids[n].order = r->order[i];
			ids[n++].id = (uint32_t)i;
			if (r->racc[i].ntot > most)
				most = r->racc[i].ntot;
		}
	/* the region order of the stream is get_regions()' order */
	qsort(ids, n, sizeof *ids, by_order);
	if ((res->regions = calloc(n + 1, sizeof *res->regions)) == NULL ||
	    (tmp = malloc(most * sizeof *tmp)) == NULL)
		rc = nomem(e);
	for (i = 0; i < n && rc == 0; i++)
		rc = region_record(r, ids[i].id, &res->regions[i], tmp, e);
	res->nregions = rc == 0 ? n : 0;
	free(ids);
	free(tmp);
	return rc;
}
