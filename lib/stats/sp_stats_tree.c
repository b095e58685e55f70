/*
 * Call paths: the display rows of print_summary (doc/stats.md, "The call
 * tree"),
 * accounted call by call in the reference's order (sp_stats_tree_call.h
 * has the part of each call; here is what is rare), and built at the end
 * of the run with the fallback rows of the regions without a path.
 */
#include "sp_stats_tree_call.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"


static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/*
 * A path met for the first time: its accounts.  Only the new entries are
 * cleared: the array's spare capacity is never touched, so it costs no
 * memory until paths fill it.
 */
int
sp_stats_tree_new_path(struct sp_stats_run *r, uint32_t id, struct sp_err *e)
{
	struct tree_acc *t = &r->tree;
	size_t n = (size_t)id + 1;

	if (sp_grow(&t->pacc, &t->pacc_cap, n, sizeof *t->pacc, 64) < 0 ||
	    (r->o.approx && sp_grow(&t->papx, &t->papx_cap, n,
	    sizeof *t->papx, 64) < 0))
		return nomem(e);
	memset(t->pacc + t->npacc, 0, (n - t->npacc) * sizeof *t->pacc);
	if (r->o.approx)
		memset(t->papx + t->npacc, 0, (n - t->npacc) * sizeof *t->papx);
	t->npacc = n;
	return 0;
}

int
sp_stats_tree_approx(struct sp_stats_run *r, uint32_t path, int64_t dur,
    struct sp_err *e)
{
	struct tree_acc *t = &r->tree;
	struct papx *x = &t->papx[path];

	if (r->need & SP_STATS_NEED_DEV)
		welford_add(&x->w, (long double)dur);
	if (!(r->need & SP_STATS_NEED_PCT))
		return 0;
	t->path_bytes -= sp_stats_hist_bytes(x->h);
	if (x->h == NULL && (x->h = sp_stats_hist_new()) == NULL)
		return nomem(e);
	if (sp_stats_hist_add(x->h, dur, e) < 0)
		return -1;
	t->path_bytes += sp_stats_hist_bytes(x->h);
	return 0;
}

int
sp_stats_tree_touch(struct sp_stats_run *r, uint32_t path, struct sp_err *e)
{
	struct tree_acc *t = &r->tree;
	struct pacc *p = &t->pacc[path];

	if (sp_grow(&t->ptouched, &t->ptouched_cap, t->nptouched + 1,
	    sizeof *t->ptouched, 64) < 0)
		return nomem(e);
	t->ptouched[t->nptouched++] = path;
	p->rtouched = 1;
	p->rtot = 0.;
	return 0;
}

int
sp_stats_tree_self(struct sp_stats_run *r, uint32_t path, int64_t self,
    struct sp_err *e)
{
	(void)e;
	r->tree.pacc[path].excl += sp_stats_sec(self);
	return 0;
}

int
sp_stats_tree_wait(struct sp_stats_run *r, const struct frame *f,
    int64_t self, struct sp_err *e)
{
	struct tree_acc *t = &r->tree;

	if (sp_grow(&t->pend, &t->pend_cap, t->npend + 1, sizeof *t->pend,
	    16) < 0)
		return nomem(e);
	t->pend[t->npend].path = f->path;
	t->pend[t->npend].k = f->k;
	t->pend[t->npend++].self = self;
	return 0;
}

void
sp_stats_tree_release(struct sp_stats_run *r, uint32_t path)
{
	struct tree_acc *t = &r->tree;
	struct pacc *p = &t->pacc[path];
	size_t i, best;

	/* the path's waiting ones, the earliest opened first (a handful) */
	for (;;) {
		best = t->npend;
		for (i = 0; i < t->npend; i++)
			if (t->pend[i].path == path && (best == t->npend ||
			    t->pend[i].k < t->pend[best].k))
				best = i;
		if (best == t->npend)
			return;
		p->excl += sp_stats_sec(t->pend[best].self);
		t->pend[best] = t->pend[--t->npend];
	}
}

/*
 * The rank's end: the coverage intervals still open are closed, and,
 * when the imbalance is asked for, each path's total on the rank kept.
 */
int
sp_stats_tree_rank_end(struct sp_stats_run *r, struct sp_err *e)
{
	struct tree_acc *t = &r->tree;
	struct pacc *p;
	size_t i, cap;

	for (i = 0; i < t->nptouched; i++) {
		p = &t->pacc[t->ptouched[i]];
		if (p->copen)
			p->cacc += p->ce - p->cs;
		p->copen = 0;
		p->rtouched = 0;
		if (!(r->need & SP_STATS_NEED_IMB))
			continue;
		cap = p->rt_cap;
		if (p->nrt == UINT32_MAX || sp_grow(&p->rt, &cap,
		    (size_t)p->nrt + 1, sizeof *p->rt, 4) < 0)
			return nomem(e);
		p->rt_cap = (uint32_t)(cap > UINT32_MAX ? UINT32_MAX : cap);
		p->rt[p->nrt++] = p->rtot;
	}
	t->nptouched = 0;
	return 0;
}
