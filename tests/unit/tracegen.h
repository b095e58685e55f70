/*
 * tracegen.h - a lane of calls, given in pre-order by their depths, fed
 * to sp_trace_emit through a real walk (sp_walk.h) as sp-trace feeds it:
 * shared by test-trace_emit and test-perfetto.
 *
 * Ownership: the lane's columns are the caller's; tg_batch() keeps its
 * parent and self columns in memory of its own, which tg_free() frees.
 */
#ifndef TRACEGEN_H
#define TRACEGEN_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_trace_emit.h"
#include "sp_walk.h"

struct tg_lane {
	const uint32_t *depth, *region;
	const int64_t *start, *end;
	size_t n;
};

/* What tg_batch() fills in, besides the lane's own columns. */
struct tg {
	int64_t *parent, *self, *call, *kids;
	size_t *open, top, cap;
};

static inline void
tg_free(struct tg *g)
{
	free(g->parent);
	free(g->self);
	free(g->call);
	free(g->kids);
	free(g->open);
	memset(g, 0, sizeof *g);
}

/*
 * Calls [from, to) of c as a call-stage batch of lane id, as sp-stack
 * writes it: parents and self times from the depths (whatever the times
 * say), lane_end on the lane's last batch.
 */
static inline struct sp_batch
tg_batch(struct tg *g, const struct tg_lane *c, size_t from, size_t to,
    int64_t id)
{
	struct sp_batch b;
	size_t i, k, nclosed = 0, need = c->n + 1;

	if (need > g->cap) {
		tg_free(g);
		g->parent = calloc(need, sizeof *g->parent);
		g->self = calloc(2 * need, sizeof *g->self);
		g->call = calloc(need, sizeof *g->call);
		g->kids = calloc(2 * need, sizeof *g->kids);
		g->open = calloc(2 * need, sizeof *g->open);
		if (g->parent == NULL || g->self == NULL || g->call == NULL ||
		    g->kids == NULL || g->open == NULL)
			abort();
		g->cap = need;
	}
	if (from == 0)
		g->top = 0;
	for (i = from; i <= to && i <= c->n; i++) {
		size_t d = i < to ? c->depth[i] : to == c->n ? 0 : g->top;

		while (g->top > d) {
			k = g->open[--g->top];
			g->self[nclosed++] = c->end[k] - c->start[k] -
			    g->kids[g->top];
			if (g->top > 0)
				g->kids[g->top - 1] += c->end[k] - c->start[k];
		}
		if (i == to)
			break;
		g->parent[i] = g->top > 0 ? (int64_t)g->open[g->top - 1] : -1;
		g->kids[g->top] = 0;
		g->open[g->top++] = i;
	}
	memset(&b, 0, sizeof b);
	b.lane = id;
	b.first = from;
	b.n = to - from;
	b.start = (int64_t *)c->start + from;
	b.end = (int64_t *)c->end + from;
	b.region = (uint32_t *)c->region + from;
	b.call = g->call;
	b.depth = (uint32_t *)c->depth + from;
	b.parent = g->parent + from;
	b.self = g->self;
	b.nclosed = nclosed;
	b.lane_end = to == c->n;
	return b;
}

/*
 * Lane id of c into m through walk w, in batches of bsize calls, each
 * event handed on as sp-trace's hot path hands it: through
 * sp_trace_emit_next(), then sp_trace_emit_open() with its region's
 * arguments of tc->args, or sp_trace_emit_close(); times less
 * tc->origin.
 */
static inline int
tg_emit_lane(struct sp_trace_emit *m, struct sp_walk *w,
    const struct tg_lane *c, size_t bsize, int64_t id,
    struct sp_trace_calls *tc, struct sp_err *e)
{
	const struct sp_trace_argtab *t = tc->args;
	const struct sp_trace_args *a;
	uint64_t origin = (uint64_t)tc->origin;
	struct sp_walk_iter it;
	struct sp_batch b;
	struct tg g = { 0 };
	size_t from = 0;
	int ev, rc = -1;

	do {
		size_t to = from + bsize < c->n ? from + bsize : c->n;

		b = tg_batch(&g, c, from, to, id);
		if (sp_walk_begin(w, &b, &it, e) < 0)
			goto out;
		while ((ev = sp_trace_emit_next(m, &it, tc, e)) !=
		    SP_WALK_DONE) {
			if (ev == SP_WALK_FAIL)
				goto out;
			if (ev == SP_WALK_CLOSE && sp_trace_emit_close(m,
			    (uint64_t)it.c->end - origin, e) < 0)
				goto out;
			if (ev != SP_WALK_OPEN)
				continue;
			a = t == NULL ? NULL : it.c->region < t->n ?
			    &t->args[it.c->region] : t->other;
			if (sp_trace_emit_open(m, it.c->region,
			    (uint64_t)it.c->start - origin,
			    (uint64_t)it.c->end - origin, a, e) < 0)
				goto out;
		}
		from = to;
	} while (from < c->n);
	rc = 0;
out:
	tg_free(&g);
	return rc;
}

#endif
