/*
 * Call paths: the display rows of print_summary (spec/summary.md 4.2),
 * accounted call by call in the reference's order, and built at the end
 * of the run with the fallback rows of the regions without a path.
 */
#include "sp_stats_acc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"

/*
 * What a call path holds besides its histogram, for --approx's bound: its
 * accounts (the array grows by doubling), its node and its table slots.
 */
#define PATH_COST (2 * sizeof(struct pacc) + 64)

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
path_acc(struct sp_stats_run *r, uint32_t id, struct sp_err *e)
{
	size_t old = r->pacc_cap;

	if (id < r->npacc)
		return 0;
	if (sp_grow(&r->pacc, &r->pacc_cap, (size_t)id + 1, sizeof *r->pacc,
	    64) < 0)
		return nomem(e);
	memset(r->pacc + old, 0, (r->pacc_cap - old) * sizeof *r->pacc);
	r->npacc = (size_t)id + 1;
	return 0;
}

/* What does not depend on the order of the rank's lanes. */
static int
path_open(struct sp_stats_run *r, struct pacc *p, int64_t dur,
    struct sp_err *e)
{
	if (p->calls == 0 || dur < p->dmin)
		p->dmin = dur;
	if (p->calls == 0 || dur > p->dmax)
		p->dmax = dur;
	p->calls++;
	p->sum += dur;
	if (!p->has_rank || p->last_rank != r->rank) {
		p->has_rank = 1;
		p->last_rank = r->rank;
		p->nranks++;
	}
	if (p->open++ == 0)
		p->wall += dur;
	if (!r->o.approx)
		return 0;
	if (r->need & SP_STATS_NEED_DEV)
		welford_add(&p->w, (long double)dur);
	if (!(r->need & SP_STATS_NEED_PCT))
		return 0;
	r->path_bytes -= sp_stats_hist_bytes(p->h);
	if (p->h == NULL && (p->h = sp_stats_hist_new()) == NULL)
		return nomem(e);
	if (sp_stats_hist_add(p->h, dur, e) < 0)
		return -1;
	r->path_bytes += sp_stats_hist_bytes(p->h);
	return 0;
}

int
sp_stats_tree_open(struct sp_stats_run *r, struct frame *f,
    const struct frame *parent, int64_t dur, struct sp_err *e)
{
	uint32_t ctx = parent != NULL ? parent->ctx : NONE32;
	int collapsed = parent != NULL ? parent->recursive : 0;
	struct pacc *p;
	int64_t id;

	f->ctx = ctx;
	f->recursive = collapsed;
	if (!r->racc[f->region].kept)
		return 0;	/* its children hang on its kept ancestor */
	if ((id = sp_stats_paths_extend(r->paths, ctx, f->region, &collapsed,
	    e)) < 0)
		return -1;
	if ((uint64_t)id >= r->npacc)
		r->path_bytes += PATH_COST;
	if (r->path_limit != 0 && r->path_bytes > r->path_limit) {
		/* --approx: past -S the table folds to a row per region; the
		 * paths met so far stay, but no call opens one any more */
		r->folded = 1;
		r->tree_rank = 0;
		return 0;
	}
	if (path_acc(r, (uint32_t)id, e) < 0)
		return -1;
	f->ctx = f->path = (uint32_t)id;
	f->recursive = collapsed;
	p = &r->pacc[id];
	if (collapsed)
		p->recursive = 1;
	f->k = p->korder++;
	return path_open(r, p, dur, e);
}

int
sp_stats_tree_account(struct sp_stats_run *r, uint32_t path, int64_t start,
    int64_t end, int64_t gpu, struct sp_err *e)
{
	struct pacc *p = &r->pacc[path];
	double s = sp_stats_sec(start) - r->origin;
	double t = sp_stats_sec(end) - r->origin;
	int64_t dur = end - start;

	if (!p->seen || s < p->fstart) {
		p->fstart = s;
		p->fd = dur;
	}
	if (!p->seen || t > p->lend) {
		p->lend = t;
		p->ld = dur;
	}
	if (!p->seen) {
		p->seen = 1;
		p->index = r->nseen++;
	}
	if (p->copen && s <= p->ce) {
		if (t > p->ce)
			p->ce = t;
	} else {
		if (p->copen)
			p->cacc += p->ce - p->cs;
		p->cs = s;
		p->ce = t;
		p->copen = 1;
	}
	if (!p->rtouched) {
		if (sp_grow(&r->ptouched, &r->ptouched_cap, r->nptouched + 1,
		    sizeof *r->ptouched, 64) < 0)
			return nomem(e);
		r->ptouched[r->nptouched++] = path;
		p->rtouched = 1;
		p->rtot = 0.;
	}
	if (r->need & SP_STATS_NEED_IMB)
		p->rtot += sp_stats_sec(dur);
	if (gpu >= 0) {
		p->gpu += sp_stats_sec(gpu);
		p->gpun++;
	}
	if (r->ppool != NULL)
		return sp_stats_pool_put(r->ppool, path, dur, e);
	return 0;
}

int
sp_stats_tree_self(struct sp_stats_run *r, uint32_t path, int64_t self,
    struct sp_err *e)
{
	(void)e;
	r->pacc[path].excl += sp_stats_sec(self);
	return 0;
}

/*
 * The exclusive times of a path add up in the order its calls opened.
 * On one lane only a path's calls nested in an open one of the same path
 * (collapsed recursion) close out of that order: they wait until the
 * outermost closes.
 */
static int
pending(struct sp_stats_run *r, const struct frame *f, int64_t self,
    struct sp_err *e)
{
	struct pacc *p = &r->pacc[f->path];
	size_t i, best;

	if (p->open > 0) {
		if (sp_grow(&r->pend, &r->pend_cap, r->npend + 1,
		    sizeof *r->pend, 16) < 0)
			return nomem(e);
		r->pend[r->npend].path = f->path;
		r->pend[r->npend].k = f->k;
		r->pend[r->npend++].self = self;
		return 0;
	}
	p->excl += sp_stats_sec(self);
	/* the path's waiting ones, the earliest opened first (a handful) */
	for (;;) {
		best = r->npend;
		for (i = 0; i < r->npend; i++)
			if (r->pend[i].path == f->path && (best == r->npend ||
			    r->pend[i].k < r->pend[best].k))
				best = i;
		if (best == r->npend)
			return 0;
		p->excl += sp_stats_sec(r->pend[best].self);
		r->pend[best] = r->pend[--r->npend];
	}
}

int
sp_stats_tree_close(struct sp_stats_run *r, const struct frame *f,
    int64_t self, struct sp_err *e)
{
	r->pacc[f->path].open--;
	if (r->log != NULL)
		return 0;	/* the replay brings the self times in order */
	return pending(r, f, self, e);
}

int
sp_stats_tree_rank_end(struct sp_stats_run *r, struct sp_err *e)
{
	struct pacc *p;
	size_t i;

	for (i = 0; i < r->nptouched; i++) {
		p = &r->pacc[r->ptouched[i]];
		if (p->copen)
			p->cacc += p->ce - p->cs;
		p->copen = 0;
		p->rtouched = 0;
		/* the rank's total, for the imbalance */
		if (sp_grow(&p->rt, &p->rt_cap, p->nrt + 1, sizeof *p->rt,
		    4) < 0)
			return nomem(e);
		p->rt[p->nrt++] = p->rtot;
	}
	r->nptouched = 0;
	return 0;
}
