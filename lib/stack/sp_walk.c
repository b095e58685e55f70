#include "sp_walk.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define BAD "call stream is inconsistent: "

struct sp_walk *
sp_walk_new(const char *name)
{
	struct sp_walk *w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->name = name;
	w->has_span = 1;
	w->first = INT64_MIN;
	w->last = INT64_MAX;
	return w;
}

void
sp_walk_free(struct sp_walk *w)
{
	if (w == NULL)
		return;
	free(w->fr);
	free(w);
}

size_t
sp_walk_depth(const struct sp_walk *w)
{
	return w->top;
}

const struct sp_walk_call *
sp_walk_stack(const struct sp_walk *w)
{
	return w->fr != NULL ? w->fr + 1 : NULL;
}

void
sp_walk_span(struct sp_walk *w, int has_span, int64_t first, int64_t last)
{
	w->has_span = has_span;
	/* without a span, the run has no call: none fits */
	w->first = has_span ? first : INT64_MAX;
	w->last = has_span ? last : INT64_MIN;
}

/* The walk's complaint, after its name. */
static int
bad(const struct sp_walk *w, struct sp_err *e, const char *fmt, ...)
{
	char why[SP_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (w->name != NULL)
		return sp_fail(e, SP_EDATA, "%s: " BAD "%s", w->name, why);
	return sp_fail(e, SP_EDATA, BAD "%s", why);
}

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* Room for the record of index i (the open call at depth i - 1). */
static int
room(struct sp_walk *w, size_t i, struct sp_err *e)
{
	struct sp_walk_call *f;
	size_t cap;

	if (i < w->cap)
		return 0;
	cap = w->cap ? 2 * w->cap : 64;
	if (cap > SIZE_MAX / sizeof *f ||
	    (f = realloc(w->fr, cap * sizeof *f)) == NULL)
		return nomem(e);
	w->fr = f;
	w->cap = cap;
	return 0;
}

struct sp_walk_call *
sp_walk_grow_(struct sp_walk *w, size_t i, struct sp_err *e)
{
	return room(w, i, e) < 0 ? NULL : w->fr;
}

/* A lane begins: the run's record, whose span bounds its roots. */
static int
begin_lane(struct sp_walk *w, const struct sp_batch *b, struct sp_err *e)
{
	struct sp_walk_call *f;

	if (room(w, 1, e) < 0)
		return -1;
	w->inlane = 1;
	w->run = b->run;
	w->rank = b->rank;
	w->lane = b->lane;
	w->next = 0;
	w->top = 0;
	f = &w->fr[0];
	f->start = f->low = w->first;
	f->end = w->last;
	f->rest = (uint64_t)w->last - (uint64_t)w->first;
	f->seq = UINT64_MAX;
	f->parent = -1;
	f->depth = 0;
	return 0;
}

static int
enter(struct sp_walk *w, const struct sp_batch *b, struct sp_err *e)
{
	if (w->inlane && (b->run != w->run || b->rank != w->rank ||
	    b->lane != w->lane))
		return bad(w, e, "a batch of run %" PRIu32 " rank %" PRIu32
		    " lane %" PRId64 " arrives before run %" PRIu32 " rank %"
		    PRIu32 " lane %" PRId64 " has ended", b->run, b->rank,
		    b->lane, w->run, w->rank, w->lane);
	if (!w->inlane && begin_lane(w, b, e) < 0)
		return -1;
	if (b->first != w->next)
		return bad(w, e, "a batch of lane %" PRId64 " starts at call %"
		    PRIu64 ", expected call %" PRIu64, b->lane, b->first,
		    w->next);
	if ((b->n > 0 && (b->depth == NULL || b->parent == NULL)) ||
	    (b->nclosed > 0 && b->self == NULL))
		return bad(w, e, "a batch lacks the stack columns (pipe the "
		    "stream through sp-stack)");
	return 0;
}

int
sp_walk_begin(struct sp_walk *w, const struct sp_batch *b,
    struct sp_walk_iter *it, struct sp_err *e)
{
	if (enter(w, b, e) < 0)
		return -1;
	it->c = NULL;
	it->self = 0;
	it->i = 0;
	it->w = w;
	it->b = b;
	it->fr = w->fr;
	it->cap = w->cap;
	it->top = w->top;
	it->j = 0;
	it->n = b->n;
	it->k = 0;
	it->nclosed = b->nclosed;
	it->next = w->next;
	it->tail = b->n == 0;
	if (b->n > 0)
		it->want = b->depth[0];
	else
		it->want = b->lane_end ? 0 : it->top;
	return 0;
}

int
sp_walk_tail_(struct sp_walk *w, const struct sp_batch *b, size_t k,
    struct sp_err *e)
{
	if (k != b->nclosed)
		return bad(w, e, "a batch of lane %" PRId64 " carries %zu self "
		    "times for %zu closed calls", w->lane, b->nclosed, k);
	if (!b->lane_end)
		return SP_WALK_DONE;
	w->inlane = 0;
	return SP_WALK_LANE_END;
}

/* The start of a message about call seq of w's lane. */
#define CALL "call %" PRIu64 " of rank %" PRIu32 " lane %" PRId64

/* Call seq, [s, t], does not fit under p, the record of index d. */
static int
bad_times(const struct sp_walk *w, const struct sp_walk_call *p, size_t d,
    uint64_t seq, int64_t s, int64_t t, struct sp_err *e)
{
	if (t < s)
		return bad(w, e, CALL " ends at %" PRId64 " ns, before it "
		    "starts at %" PRId64 " ns", seq, w->rank, w->lane, t, s);
	if (d == 0 && !w->has_span)
		return bad(w, e, CALL " is in a run whose run item says it has "
		    "no calls", seq, w->rank, w->lane);
	if (d == 0 && (s < w->first || t > w->last))
		return bad(w, e, CALL ", [%" PRId64 ", %" PRId64 "] ns, is "
		    "outside the run's span [%" PRId64 ", %" PRId64 "] ns",
		    seq, w->rank, w->lane, s, t, w->first, w->last);
	if (d != 0 && (s < p->start || t > p->end))
		return bad(w, e, CALL ", [%" PRId64 ", %" PRId64 "] ns, is not "
		    "inside its parent, call %" PRIu64 ", [%" PRId64 ", %"
		    PRId64 "] ns", seq, w->rank, w->lane, s, t, p->seq,
		    p->start, p->end);
	return bad(w, e, CALL " starts at %" PRId64 " ns, before the call "
	    "before it at its depth ends, at %" PRId64 " ns", seq, w->rank,
	    w->lane, s, p->low);
}

int
sp_walk_fail_(const struct sp_walk *w, const struct sp_batch *b,
    const struct sp_walk_call *fr, int why, size_t top, size_t x, size_t k,
    struct sp_err *e)
{
	const struct sp_walk_call *f = &fr[top];

	switch (why) {
	case SP_WALK_DEEP_:
		return bad(w, e, "call %" PRIu64 " of lane %" PRId64 " has "
		    "depth %zu but only %zu calls are open", w->next, w->lane,
		    x, top);
	case SP_WALK_CLOSES_:
		return bad(w, e, "a batch of lane %" PRId64 " closes more calls "
		    "than its %zu self times", w->lane, b->nclosed);
	case SP_WALK_SELF_:
		return bad(w, e, CALL " closes with self time %" PRId64 " ns, "
		    "but it lasts %" PRIu64 " ns, %" PRIu64 " of them in its "
		    "children", f->seq, w->rank, w->lane, b->self[k],
		    (uint64_t)f->end - (uint64_t)f->start,
		    (uint64_t)f->end - (uint64_t)f->start - f->rest);
	case SP_WALK_PARENT_:
		return bad(w, e, "call %" PRIu64 " of lane %" PRId64 " names "
		    "parent %" PRId64 " but the open call is %" PRId64,
		    w->next, w->lane, b->parent[x], (int64_t)f->seq);
	default:
		return bad_times(w, f, top, w->next, b->start[x], b->end[x], e);
	}
}

/*
 * The checks of a whole batch: the loop of sp_walk_next() without its
 * events, call after call, the closes before each, keeping of each
 * record only what the checks need.
 */
int
sp_walk_check(struct sp_walk *w, const struct sp_batch *b, struct sp_err *e)
{
	struct sp_walk_iter it;
	size_t i, n = b->n;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		size_t d = b->depth[i];

		if (d > it.top)
			return sp_walk_failed_(&it, SP_WALK_DEEP_, d, e);
		while (it.top > d)
			if (sp_walk_close_(&it, e) < 0)
				return -1;
		it.i = i;
		if (sp_walk_open_(&it, 0, e) < 0)
			return -1;
	}
	if (b->lane_end)
		while (it.top > 0)
			if (sp_walk_close_(&it, e) < 0)
				return -1;
	sp_walk_keep_(&it);
	return sp_walk_tail_(w, b, it.k, e) < 0 ? -1 : 0;
}

int
sp_walk_finish(const struct sp_walk *w, struct sp_err *e)
{
	if (w->inlane)
		return bad(w, e, "the stream ends inside run %" PRIu32 " rank %"
		    PRIu32 " lane %" PRId64, w->run, w->rank, w->lane);
	return 0;
}
