/*
 * sp_stats_tree_call.h - a call's part in the call paths, inline: it runs
 * for every call, and the walk of a batch (sp_stats_run.c) pays no call
 * across files for it.  What is rare (a path met for the first time,
 * --approx's histograms, a path's first call on a rank, a close that
 * waits for an earlier one) is out of line in sp_stats_tree.c.
 *
 * Ownership: as sp_stats_acc.h.
 */
#ifndef SP_STATS_TREE_CALL_H
#define SP_STATS_TREE_CALL_H

#include "sp_stats_acc.h"

/*
 * What a call path holds besides its histogram, for --approx's bound: its
 * accounts and estimates (the arrays grow by doubling), its node and its
 * table slots.
 */
#define PATH_COST (2 * (sizeof(struct pacc) + sizeof(struct papx)) + 64)

/* sp_stats_tree.c: the rare parts. */
int sp_stats_tree_new_path(struct sp_stats_run *r, uint32_t id,
    struct sp_err *e);
int sp_stats_tree_approx(struct sp_stats_run *r, uint32_t path, int64_t dur,
    struct sp_err *e);
int sp_stats_tree_touch(struct sp_stats_run *r, uint32_t path,
    struct sp_err *e);
int sp_stats_tree_wait(struct sp_stats_run *r, const struct frame *f,
    int64_t self, struct sp_err *e);
void sp_stats_tree_release(struct sp_stats_run *r, uint32_t path);

/* What does not depend on the order of the rank's lanes. */
static inline int
sp_stats_tree_path_open(struct sp_stats_run *r, uint32_t path, int64_t dur,
    struct sp_err *e)
{
	struct pacc *p = &r->tree.pacc[path];

	if (p->calls == 0 || dur < p->dmin)
		p->dmin = dur;
	if (p->calls == 0 || dur > p->dmax)
		p->dmax = dur;
	p->calls++;
	SP_STATS_ADD_NS(r, p->sum, dur);
	if (!p->has_rank || p->last_rank != r->rank) {
		p->has_rank = 1;
		p->last_rank = r->rank;
		p->nranks++;
	}
	if (p->open++ == 0)
		SP_STATS_ADD_NS(r, p->wall, dur);
	return r->o.approx ? sp_stats_tree_approx(r, path, dur, e) : 0;
}

/*
 * The path's covered time with a call from s to t: calls come in start
 * order, so an interval that starts within the open one extends it, and
 * any other closes it (its length counted) and opens the next.
 */
static inline void
sp_stats_tree_cover(struct pacc *p, double s, double t)
{
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
}

/* The order-sensitive part of a call of a path (the reference's order). */
static inline int
sp_stats_tree_account(struct sp_stats_run *r, uint32_t path, int64_t start,
    int64_t end, int64_t gpu, struct sp_err *e)
{
	struct pacc *p = &r->tree.pacc[path];
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
		p->index = r->tree.nseen++;
	}
	sp_stats_tree_cover(p, s, t);
	if (!p->rtouched && sp_stats_tree_touch(r, path, e) < 0)
		return -1;
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

/*
 * The path of a call of pl's region below ctx: most calls repeat their
 * region's last extension (pl's memo); else the trie's.
 */
static inline int64_t
sp_stats_tree_extend(struct sp_stats_run *r, struct plan *pl, uint32_t region,
    uint32_t ctx, int *collapsed, struct sp_err *e)
{
	int merged = 0;
	int64_t id;

	if (pl->memo_ctx != ctx) {
		if ((id = sp_stats_paths_extend(r->tree.paths, ctx, region,
		    &merged, e)) < 0)
			return -1;
		pl->memo_ctx = ctx;
		pl->memo_path = (uint32_t)id;
		pl->memo_collapsed = (uint8_t)merged;
	}
	if (pl->memo_collapsed)
		*collapsed = 1;
	return pl->memo_path;
}

/*
 * A call of pl's region opens below parent (NULL at the top): its path,
 * and its accounts; without a call log (r->log) the stream's order is
 * the table's, and the call is accounted too.
 */
static inline int
sp_stats_tree_open(struct sp_stats_run *r, struct frame *f, struct plan *pl,
    const struct frame *parent, int64_t start, int64_t end, int64_t gpu,
    struct sp_err *e)
{
	uint32_t ctx = parent != NULL ? parent->ctx : NONE32;
	int collapsed = parent != NULL ? parent->recursive : 0;
	struct pacc *p;
	int64_t id;

	f->ctx = ctx;
	f->recursive = collapsed;
	if (!pl->kept)
		return 0;	/* its children hang on its kept ancestor */
	if ((id = sp_stats_tree_extend(r, pl, f->region, ctx, &collapsed,
	    e)) < 0)
		return -1;
	if ((uint64_t)id >= r->tree.npacc)
		r->tree.path_bytes += PATH_COST;
	if (r->tree.path_limit != 0 &&
	    r->tree.path_bytes > r->tree.path_limit) {
		/* --approx: past -S the table folds to a row per region; the
		 * paths met so far stay, but no call opens one any more */
		r->tree.folded = 1;
		r->tree_rank = 0;
		return 0;
	}
	if ((uint64_t)id >= r->tree.npacc &&
	    sp_stats_tree_new_path(r, (uint32_t)id, e) < 0)
		return -1;
	f->ctx = f->path = (uint32_t)id;
	f->recursive = collapsed;
	p = &r->tree.pacc[id];
	if (collapsed)
		p->recursive = 1;
	f->k = p->korder++;
	if (sp_stats_tree_path_open(r, (uint32_t)id, end - start, e) < 0)
		return -1;
	if (r->log != NULL)
		return 0;
	return sp_stats_tree_account(r, (uint32_t)id, start, end, gpu, e);
}

/*
 * A call closes.  The exclusive times of a path add up in the order its
 * calls opened.  On one lane only a path's calls nested in an open one
 * of the same path (collapsed recursion) close out of that order: they
 * wait until the outermost closes.  With a call log the replay brings
 * the self times in order instead.
 */
static inline int
sp_stats_tree_close(struct sp_stats_run *r, const struct frame *f,
    int64_t self, struct sp_err *e)
{
	struct pacc *p = &r->tree.pacc[f->path];

	p->open--;
	if (r->log != NULL)
		return 0;
	if (p->open > 0)
		return sp_stats_tree_wait(r, f, self, e);
	p->excl += sp_stats_sec(self);
	if (r->tree.npend > 0)
		sp_stats_tree_release(r, f->path);
	return 0;
}

#endif
