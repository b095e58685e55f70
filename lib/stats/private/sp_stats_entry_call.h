/*
 * sp_stats_entry_call.h - a call's part in its region's entry on the
 * rank, inline: it runs for every call, and the walk of a batch
 * (sp_stats_run.c) pays no call across files for it.  --approx's
 * histograms are out of line in sp_stats_region.c.
 *
 * Ownership: as sp_stats_acc.h.
 */
#ifndef SP_STATS_ENTRY_CALL_H
#define SP_STATS_ENTRY_CALL_H

#include <inttypes.h>

#include "sp_stats_acc.h"

/* sp_stats_region.c: --approx's histograms and moments of a duration. */
int sp_stats_entry_approx(struct sp_stats_run *r, const struct row *w,
    struct eacc *a, int64_t d, struct sp_err *e);

/*
 * Call call of row w: its entry's count, sum, extremes, first and last
 * (a, its region's), what every exact walk accounts; -1 when the row has
 * no such call.
 */
static inline int
sp_stats_entry_add(struct sp_stats_run *r, const struct row *w,
    struct eacc *a, int64_t start, int64_t end, int64_t call,
    struct sp_err *e)
{
	int64_t d = end - start;

	if (call < 0 || (uint64_t)call >= w->calls)
		return sp_fail(e, SP_EDATA, "region %s: call %" PRId64 " of a "
		    "row of %" PRIu64 " calls", r->names[w->region], call,
		    w->calls);
	if (a->n == 0 || d < a->dmin)
		a->dmin = d;
	if (a->n == 0 || d > a->dmax)
		a->dmax = d;
	if (a->n == 0 || start < a->smin)
		a->smin = start;
	if (a->n == 0 || end > a->emax)
		a->emax = end;
	a->n++;
	SP_STATS_ADD_NS(r, a->sum, d);
	if (call == 0)
		a->d0 = d;
	if ((uint64_t)call == w->calls - 1)
		a->dlast = d;
	return 0;
}

/* A call of row w opens: its region's entry on the rank. */
static inline int
sp_stats_entry_open(struct sp_stats_run *r, struct row *w,
    int64_t start, int64_t end, int64_t call, int64_t gpu, struct sp_err *e)
{
	struct eacc *a = &r->eacc[w->region];
	int64_t d = end - start;

	if (sp_stats_entry_add(r, w, a, start, end, call, e) < 0)
		return -1;
	if (gpu >= 0) {
		SP_STATS_ADD_NS(r, a->gsum, gpu);
		a->gn++;
	}
	if (r->o.approx)
		return sp_stats_entry_approx(r, w, a, d, e);
	/* the region's pool takes its row's calls in row order */
	if (w->direct_ok && (uint64_t)call == w->direct) {
		w->direct++;
		if (sp_stats_pool_put(r->rpool, w->region, d, e) < 0)
			return -1;
	} else if (r->store != NULL) {
		w->direct_ok = 0;
		if (sp_spill_store_put(r->store, (size_t)(w - r->rows),
		    w->off + (uint64_t)call, d, e) < 0)
			return -1;
	}
	if (r->gstore != NULL && w->gpu && sp_spill_store_put(r->gstore,
	    (size_t)(w - r->rows), w->off + (uint64_t)call, gpu, e) < 0)
		return -1;
	return 0;
}

/* The union of the region's calls (its flat row's coverage), in order. */
static inline void
sp_stats_entry_cover(struct sp_stats_run *r, uint32_t region, int64_t start,
    int64_t end)
{
	struct eacc *a = &r->eacc[region];
	struct racc *g = &r->racc[region];
	double s = sp_stats_sec(start), t = sp_stats_sec(end);

	if (a->copen && s <= a->ce) {
		if (t > a->ce)
			a->ce = t;
		return;
	}
	if (a->copen)
		g->cov += a->ce - a->cs;
	a->cs = s;
	a->ce = t;
	a->copen = 1;
	g->cov_set = 1;
}

#endif
