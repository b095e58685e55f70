/*
 * The per-rank records (doc/stats.md, "Per-rank records"): one per
 * (region, rank) entry, computed when the rank ends from its durations
 * in recording order, the way numpy treats an int64 array (converted to
 * double, divided by 1e9 at the end); aggregate entries from what they
 * store.
 */
#include "sp_stats_acc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* A row's slots in the rank's store, as a sequence. */
struct row_src {
	struct sp_spill_store *s;
	uint64_t off;
};

static int
row_read(void *ctx, uint64_t off, size_t n, int64_t *out, struct sp_err *e)
{
	struct row_src *rs = ctx;

	return sp_spill_store_read(rs->s, rs->off + off, n, out, e);
}

static void
aggregate_record(const struct row *w, struct sp_stats_rankrec *x)
{
	const struct sp_summary *s = w->has_summary ? &w->sum : NULL;
	int64_t n = w->agg_count;

	x->num_calls = (uint64_t)(n > 0 ? n : 0);
	x->total = sp_stats_sec(w->agg_total);
	x->exclusive = sp_stats_sec(w->agg_excl);
	x->total_ns = w->agg_total;
	x->exclusive_ns = w->agg_excl;
	if (s != NULL && s->gpu_count > 0) {
		x->has_gpu = 1;
		x->gpu_total = sp_stats_sec(s->gpu_total);
		x->gpu_average = (double)s->gpu_total / (double)s->gpu_count /
		    1e9;
	}
	if (n <= 0) {
		x->p50 = x->p95 = x->p99 = sp_opt_of(0.);
		return;
	}
	x->average = x->total / (double)n;
	x->min = sp_stats_sec(w->agg_min);
	x->max = sp_stats_sec(w->agg_max);
	x->first = s != NULL ? sp_stats_sec(s->first) : 0.;
	x->last = s != NULL ? sp_stats_sec(s->last) : 0.;
	if (s != NULL)
		x->std = sqrt((s->m2 > 0. ? s->m2 : 0.) / (double)n) / 1e9;
	/* the percentiles of an aggregate entry with calls are None */
}

/* The durations' statistics: exact from the store, or estimated. */
static int
calls_stats(struct sp_stats_run *r, const struct row *w,
    const struct eacc *a, struct sp_stats_rankrec *x, struct sp_err *e)
{
	struct row_src rs = { r->store, w->off };
	struct sp_stats_seq_src src = { row_read, &rs, w->calls };
	struct sp_stats_seq s;
	unsigned what = sp_stats_seq_needed(r);
	double pct[3];

	if (r->o.approx) {
		x->average = (double)a->sum / (double)a->n / 1e9;
		x->std = (double)sqrtl(a->w.m2 / (long double)a->n) / 1e9;
		sp_stats_hist_pct(a->h, SP_CONV_DBL, pct);
	} else {
		if (sp_stats_seq_compute(&src, SP_CONV_DBL, what, r->load_max,
		    &s, e) < 0)
			return -1;
		x->average = s.mean / 1e9;
		x->std = what & SP_SEQ_DEV ? sqrt(s.dev2 / (double)s.n) / 1e9 :
		    0.;
		if (!(what & SP_SEQ_PCT))
			return 0;
		sp_stats_seq_pct(&s, SP_CONV_DBL, pct);
	}
	x->p50 = sp_opt_of(pct[0] / 1e9);
	x->p95 = sp_opt_of(pct[1] / 1e9);
	x->p99 = sp_opt_of(pct[2] / 1e9);
	return 0;
}

static int
calls_record(struct sp_stats_run *r, const struct row *w,
    const struct eacc *a, struct sp_stats_rankrec *x, struct sp_err *e)
{
	int64_t ex = a->n == 0 ? 0 : w->has_excl ? w->excl : a->excl;

	x->num_calls = a->n;
	x->total_ns = a->sum;
	x->exclusive_ns = ex;
	x->wall_known = 1;
	x->wall_ns = a->wall;
	if (a->n == 0) {
		x->p50 = x->p95 = x->p99 = sp_opt_of(0.);
		return 0;
	}
	x->total = sp_stats_sec(a->sum);
	x->exclusive = sp_stats_sec(ex);
	x->min = sp_stats_sec(a->dmin);
	x->max = sp_stats_sec(a->dmax);
	x->first = sp_stats_sec(a->d0);
	x->last = sp_stats_sec(a->dlast);
	if (w->gpu) {
		x->has_gpu = 1;
		x->gpu_total = sp_stats_sec(a->gsum);
		x->gpu_average = a->gn > 0 ? (double)a->gsum / (double)a->gn /
		    1e9 : 0.;
	}
	return calls_stats(r, w, a, x, e);
}

int
sp_stats_rank_record(struct sp_stats_run *r, const struct row *w,
    const struct eacc *a, struct sp_err *e)
{
	struct sp_stats_rankrec *x;

	if (!r->racc[w->region].kept)
		return 0;
	if (sp_grow(&r->rec, &r->rec_cap, r->nrec + 1, sizeof *r->rec,
	    64) < 0)
		return nomem(e);
	x = &r->rec[r->nrec];
	memset(x, 0, sizeof *x);
	x->region = w->region;
	x->rank = r->rank;
	if (w->has_agg)
		aggregate_record(w, x);
	else if (calls_record(r, w, a, x, e) < 0)
		return -1;
	r->nrec++;
	return 0;
}

/* A record's key: its region's place in the region order, its rank. */
struct keyed {
	uint64_t key;
	size_t i;
};

static int
by_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

int
sp_stats_ranks_finish(struct sp_stats_run *r, struct sp_err *e)
{
	struct sp_stats_result *res = r->res;
	uint32_t *index;
	struct keyed *k = NULL;
	size_t i;

	if ((index = malloc((r->nreg + 1) * sizeof *index)) == NULL ||
	    (k = malloc((r->nrec + 1) * sizeof *k)) == NULL ||
	    (res->ranks = malloc((r->nrec + 1) * sizeof *res->ranks)) ==
	    NULL) {
		free(index);
		free(k);
		return nomem(e);
	}
	for (i = 0; i < res->nregions; i++)
		index[res->regions[i].id] = (uint32_t)i;
	for (i = 0; i < r->nrec; i++) {
		k[i].key = (uint64_t)index[r->rec[i].region] << 32 |
		    r->rec[i].rank;
		k[i].i = i;
	}
	qsort(k, r->nrec, sizeof *k, by_key);
	for (i = 0; i < r->nrec; i++) {
		struct sp_stats_rankrec *x = &res->ranks[i];
		const struct sp_stats_region *g;

		*x = r->rec[k[i].i];
		x->region = index[x->region];
		g = &res->regions[x->region];
		x->share = g->rank_mean > 0 ? x->total / g->rank_mean - 1.0 :
		    0.;
	}
	res->nranks = r->nrec;
	free(index);
	free(k);
	return 0;
}
