/*
 * Regions: their entries on each rank as the calls come, the sums over
 * the entries as each rank ends, and at the end of the run summary()'s
 * record (doc/stats.md, "Region records") and print_summary's flat row
 * ("Flat rows").
 */
#include "sp_stats_entry_call.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"

/* Durations read from a rank's store at a time. */
#define STORE_BUF 65536

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* --approx: histograms and one-pass moments instead of the durations. */
int
sp_stats_entry_approx(struct sp_stats_run *r, const struct row *w,
    struct eacc *a, int64_t d, struct sp_err *e)
{
	struct racc *g = &r->racc[w->region];

	if (r->o.want & SP_STATS_WANT_RANKS) {
		if (a->h == NULL && (a->h = sp_stats_hist_new()) == NULL)
			return nomem(e);
		if (sp_stats_hist_add(a->h, d, e) < 0)
			return -1;
		welford_add(&a->w, (long double)d);
	}
	if (g->h == NULL && (g->h = sp_stats_hist_new()) == NULL)
		return nomem(e);
	welford_add(&g->w, (long double)d);
	return sp_stats_hist_add(g->h, d, e);
}

void
sp_stats_entry_seen(struct sp_stats_run *r, uint32_t region, int64_t start)
{
	struct racc *g = &r->racc[region];
	double s = sp_stats_sec(start);

	if (!g->has_abs || s < g->abs_start) {
		g->has_abs = 1;
		g->abs_start = s;
	}
}

/* --- the end of a rank --- */

static int
push_total(struct racc *g, double t, uint32_t rank)
{
	/* each its own capacity: a failed second growth loses nothing */
	if (sp_grow(&g->tot, &g->tot_cap, g->ntot + 1, sizeof *g->tot,
	    4) < 0 || sp_grow(&g->tot_rank, &g->tot_rank_cap, g->ntot + 1,
	    sizeof *g->tot_rank, 4) < 0)
		return -1;
	g->tot[g->ntot] = t;
	g->tot_rank[g->ntot++] = rank;
	return 0;
}

/* first/last (2.2): the entry that starts first, the one that ends last. */
static void
first_last(struct racc *g, double fkey, double fval, double lkey,
    double lval)
{
	if (!g->has_first || fkey < g->first_key) {
		g->has_first = 1;
		g->first_key = fkey;
		g->first_s = fval;
	}
	if (!g->has_last || lkey > g->last_key) {
		g->has_last = 1;
		g->last_key = lkey;
		g->last_s = lval;
	}
	if (!g->has_abs || fkey < g->abs_start) {
		g->has_abs = 1;
		g->abs_start = fkey;
	}
}

/* What an aggregate entry with calls adds to the flat row (4.1). */
static int
aggregate(struct racc *g, const struct row *w, struct sp_err *e)
{
	if (!g->agg || w->agg_min < g->agg_min)
		g->agg_min = w->agg_min;
	if (!g->agg || w->agg_max > g->agg_max)
		g->agg_max = w->agg_max;
	g->agg = 1;
	if (!w->has_summary) {
		g->mom_missing = 1;
		return 0;
	}
	if (sp_grow(&g->mom, &g->mom_cap, g->nmom + 1, sizeof *g->mom, 4) < 0)
		return nomem(e);
	g->mom[g->nmom].count = w->agg_count;
	g->mom[g->nmom].mean = w->sum.mean;
	g->mom[g->nmom++].m2 = w->sum.m2;
	if (!g->has_sfirst || w->sum.start_minimum < g->sfirst_key) {
		g->has_sfirst = 1;
		g->sfirst_key = w->sum.start_minimum;
		g->sfirst = w->sum.first;
	}
	if (!g->has_slast || w->sum.end_maximum > g->slast_key) {
		g->has_slast = 1;
		g->slast_key = w->sum.end_maximum;
		g->slast = w->sum.last;
	}
	return 0;
}

/* An aggregate entry: its stored totals stand for its calls. */
static int
entry_aggregate(struct sp_stats_run *r, struct racc *g, const struct row *w,
    struct sp_err *e)
{
	const struct sp_summary *s = w->has_summary ? &w->sum : NULL;
	double t = sp_stats_sec(w->agg_total);

	g->calls += (uint64_t)w->agg_count;
	g->total_s += t;
	g->excl_s += sp_stats_sec(w->agg_excl);
	SP_STATS_ADD_NS(r, g->total_ns, w->agg_total);
	SP_STATS_ADD_NS(r, g->excl_ns, w->agg_excl);
	g->wall_unknown = 1;
	g->cov += t;
	g->cov_set = 1;
	if (push_total(g, t, r->rank) < 0)
		return nomem(e);
	if (s != NULL && s->gpu_count > 0) {
		g->gpu = 1;
		g->gpu_s += sp_stats_sec(s->gpu_total);
		g->gpu_n += s->gpu_count;
	}
	if (w->agg_count <= 0)
		return 0;
	first_last(g, s ? sp_stats_sec(s->start_minimum) : 0.,
	    s ? sp_stats_sec(s->first) : 0.,
	    s ? sp_stats_sec(s->end_maximum) : 0.,
	    s ? sp_stats_sec(s->last) : 0.);
	return aggregate(g, w, e);
}

/* A rank's calls of a region, added to the region's sums. */
static int
entry_calls(struct sp_stats_run *r, struct racc *g, const struct row *w,
    const struct eacc *a, struct sp_err *e)
{
	double t = a->n ? sp_stats_sec(a->sum) : 0.;
	int64_t x = a->n == 0 ? 0 : w->has_excl ? w->excl : a->excl;

	g->calls += a->n;
	g->total_s += t;
	g->excl_s += sp_stats_sec(x);
	g->wall_s += a->n ? sp_stats_sec(a->wall) : 0.;
	SP_STATS_ADD_NS(r, g->total_ns, a->sum);
	SP_STATS_ADD_NS(r, g->excl_ns, x);
	SP_STATS_ADD_NS(r, g->wall_ns, a->wall);
	if (push_total(g, t, r->rank) < 0)
		return nomem(e);
	if (a->n == 0)
		return 0;
	if (g->pooled == 0 || a->dmin < g->dmin)
		g->dmin = a->dmin;
	if (g->pooled == 0 || a->dmax > g->dmax)
		g->dmax = a->dmax;
	g->pooled += a->n;
	if (w->gpu) {
		g->gpu = 1;
		g->gpu_s += sp_stats_sec(a->gsum);
		g->gpu_n += a->gn;
		g->gpu_pooled += a->gn;
	}
	if (a->copen)
		g->cov += a->ce - a->cs;
	first_last(g, sp_stats_sec(a->smin), sp_stats_sec(a->d0),
	    sp_stats_sec(a->emax), sp_stats_sec(a->dlast));
	return 0;
}

/* Slots [off, off + n) of a store appended to group g of a pool. */
static int
store_to_pool(struct sp_spill_store *s, uint64_t off, uint64_t n,
    struct sp_stats_pool *p, uint32_t g, int drop_negative, int64_t *buf,
    struct sp_err *e)
{
	size_t k, i, m;

	while (n > 0) {
		k = n < STORE_BUF ? (size_t)n : STORE_BUF;
		if (sp_spill_store_read(s, off, k, buf, e) < 0)
			return -1;
		for (i = m = 0; drop_negative && i < k; i++)
			if (buf[i] >= 0)
				buf[m++] = buf[i];
		if (sp_stats_pool_add(p, g, buf, drop_negative ? m : k,
		    e) < 0)
			return -1;
		off += k;
		n -= k;
	}
	return 0;
}

static int
entry_end(struct sp_stats_run *r, const struct row *w, int64_t *buf,
    struct sp_err *e)
{
	struct eacc *a = &r->eacc[w->region];
	struct racc *g = &r->racc[w->region];

	if (!w->has_agg && a->n != w->calls)
		return sp_fail(e, SP_EDATA, "region %s: %" PRIu64 " calls in "
		    "the stream, %" PRIu64 " in its row",
		    r->names[w->region], a->n, w->calls);
	g->entries++;
	if (w->has_agg ? entry_aggregate(r, g, w, e) < 0 :
	    entry_calls(r, g, w, a, e) < 0)
		return -1;
	if (r->store != NULL && sp_stats_run_row_pooled(r, w) &&
	    store_to_pool(r->store, w->off + w->direct, w->calls - w->direct,
	    r->rpool, w->region, 0, buf, e) < 0)
		return -1;
	if (r->gstore != NULL && w->gpu && sp_stats_run_row_pooled(r, w) &&
	    store_to_pool(r->gstore, w->off, w->calls, r->gpool, w->region, 1,
	    buf, e) < 0)
		return -1;
	if ((r->o.want & SP_STATS_WANT_RANKS) &&
	    sp_stats_rank_record(r, w, a, e) < 0)
		return -1;
	return 0;
}

int
sp_stats_entries_end(struct sp_stats_run *r, struct sp_err *e)
{
	int64_t *buf = NULL;
	size_t i;
	int rc = 0;

	if (!r->selected)
		return 0;
	if ((r->store != NULL && sp_spill_store_seal(r->store, e) < 0) ||
	    (r->gstore != NULL && sp_spill_store_seal(r->gstore, e) < 0))
		return -1;
	if ((r->store != NULL || r->gstore != NULL) &&
	    (buf = malloc(STORE_BUF * sizeof *buf)) == NULL)
		return nomem(e);
	for (i = 0; i < r->nrows && rc == 0; i++)
		rc = entry_end(r, &r->rows[i], buf, e);
	for (i = 0; i < r->nrows; i++) {
		struct eacc *a = &r->eacc[r->rows[i].region];
		struct sp_stats_hist *h = a->h;

		memset(a, 0, sizeof *a);
		a->h = h;
		if (h != NULL)
			sp_stats_hist_reset(h);
	}
	free(buf);
	return rc;
}
