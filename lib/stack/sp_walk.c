#include "sp_walk.h"

#include <inttypes.h>
#include <stdlib.h>

#define BAD "call stream is inconsistent: "

/*
 * An open call as the checks see it.  A child must start at low or later
 * and end by end: low is the call's start until a child closes, then
 * that child's end, so that children follow each other without overlap.
 * The self time of the call must be rest when it closes: its duration
 * less its children's, which with its children inside it and apart never
 * drops below 0.
 */
struct frame {
	int64_t low, end;
	uint64_t dur;		/* end - start, at most INT64_MAX */
	uint64_t rest;		/* dur less the closed children's */
	uint64_t seq;		/* UINT64_MAX (parent -1) for the run's frame */
};

struct sp_walker {
	struct sp_walk_ops ops;
	void *ctx;

	int inlane;		/* a lane has begun and not yet ended */
	uint32_t run, rank;
	int64_t lane;
	uint64_t next;		/* sequence number of the lane's next call */

	/* the run's span: the bounds of a lane's roots */
	int has_span;
	int64_t first, last;

	struct sp_walk_call *stack;
	size_t top, cap;
	/* what the checks keep: fr[d + 1] of the open call at depth d, and
	 * fr[0] of the run, the parent of the roots */
	struct frame *fr;
	size_t fr_cap;
	int cb_failed;		/* the last failure was a callback's */
};

struct sp_walker *
sp_walker_new(const struct sp_walk_ops *ops, void *ctx)
{
	struct sp_walker *w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->ops = *ops;
	w->ctx = ctx;
	w->has_span = 1;
	w->first = INT64_MIN;
	w->last = INT64_MAX;
	return w;
}

void
sp_walker_free(struct sp_walker *w)
{
	if (w == NULL)
		return;
	free(w->stack);
	free(w->fr);
	free(w);
}

size_t
sp_walker_depth(const struct sp_walker *w)
{
	return w->top;
}

const struct sp_walk_call *
sp_walker_stack(const struct sp_walker *w)
{
	return w->stack;
}

void
sp_walker_span(struct sp_walker *w, int has_span, int64_t first,
    int64_t last)
{
	w->has_span = has_span;
	/* without a span, the run has no call: none fits */
	w->first = has_span ? first : INT64_MAX;
	w->last = has_span ? last : INT64_MIN;
}

/* A callback failed: e is its message, not the walker's. */
static inline int
callback_failed(struct sp_walker *w)
{
	w->cb_failed = 1;
	return -1;
}

/*
 * The checks of times, shared by the full walk and the checks alone.
 * Call [s, t] under frame p: whether it fits (0) or not.
 */
static inline int
times_wrong(const struct frame *p, int64_t s, int64_t t)
{
	return (t < s) | (s < p->low) | (t > p->end);
}

/*
 * Whether self is not the self time of the call of f as it closes (rest
 * is at most INT64_MAX: a negative self never equals it).
 */
static inline int
self_wrong(const struct frame *f, int64_t self)
{
	return (uint64_t)self != f->rest;
}

/* The call of f has closed, with its parent's frame p open. */
static inline void
fold(struct frame *p, const struct frame *f)
{
	p->rest -= f->dur;
	p->low = f->end;
}

/* The call of f: its start, from its end and duration. */
static int64_t
start_of(const struct frame *f)
{
	return (int64_t)((uint64_t)f->end - f->dur);
}

/* The stream's complaints, shared by the full walk and the checks alone. */
static int
too_many_closes(const struct sp_walker *w, const struct sp_batch *b,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, BAD "a batch of lane %" PRId64
	    " closes more calls than its %zu self times", w->lane, b->nclosed);
}

static int
too_deep(const struct sp_walker *w, uint32_t d, struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, BAD "call %" PRIu64 " of lane %" PRId64
	    " has depth %" PRIu32 " but only %zu calls are open", w->next,
	    w->lane, d, w->top);
}

static int
wrong_parent(const struct sp_walker *w, int64_t parent, int64_t up,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, BAD "call %" PRIu64 " of lane %" PRId64
	    " names parent %" PRId64 " but the open call is %" PRId64,
	    w->next, w->lane, parent, up);
}

/* The start of a message about call seq of w's lane. */
#define CALL BAD "call %" PRIu64 " of rank %" PRIu32 " lane %" PRId64

/* Call w->next, [s, t], does not fit under frame p. */
static int
bad_times(const struct sp_walker *w, const struct frame *p, int64_t s,
    int64_t t, struct sp_err *e)
{
	if (t < s)
		return sp_fail(e, SP_EDATA, CALL " ends at %" PRId64 " ns, "
		    "before it starts at %" PRId64 " ns", w->next, w->rank,
		    w->lane, t, s);
	if (p == w->fr && !w->has_span)
		return sp_fail(e, SP_EDATA, CALL " is in a run whose run item "
		    "says it has no calls", w->next, w->rank, w->lane);
	if (p == w->fr && (s < w->first || t > w->last))
		return sp_fail(e, SP_EDATA, CALL ", [%" PRId64 ", %" PRId64
		    "] ns, is outside the run's span [%" PRId64 ", %" PRId64
		    "] ns", w->next, w->rank, w->lane, s, t, w->first,
		    w->last);
	if (p != w->fr && (s < start_of(p) || t > p->end))
		return sp_fail(e, SP_EDATA, CALL ", [%" PRId64 ", %" PRId64
		    "] ns, is not inside its parent, call %" PRIu64 ", [%"
		    PRId64 ", %" PRId64 "] ns", w->next, w->rank, w->lane, s,
		    t, p->seq, start_of(p), p->end);
	return sp_fail(e, SP_EDATA, CALL " starts at %" PRId64 " ns, before "
	    "the call before it at its depth ends, at %" PRId64 " ns",
	    w->next, w->rank, w->lane, s, p->low);
}

/* The call of f closes with a wrong self time. */
static int
bad_self(const struct sp_walker *w, const struct frame *f, int64_t self,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, CALL " closes with self time %" PRId64
	    " ns, but it lasts %" PRIu64 " ns, %" PRIu64 " of them in its "
	    "children", f->seq, w->rank, w->lane, self, f->dur,
	    f->dur - f->rest);
}

/* Room for one more open call. */
static int
stack_room(struct sp_walker *w, struct sp_err *e)
{
	struct sp_walk_call *c;
	size_t cap;

	if (w->top < w->cap)
		return 0;
	cap = w->cap ? 2 * w->cap : 64;
	if (cap > SIZE_MAX / sizeof *c ||
	    (c = realloc(w->stack, cap * sizeof *c)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	w->stack = c;
	w->cap = cap;
	return 0;
}

/* Room for the frame of index i (the open call at depth i - 1). */
static int
fr_room(struct sp_walker *w, size_t i, struct sp_err *e)
{
	struct frame *f;
	size_t cap;

	if (i < w->fr_cap)
		return 0;
	cap = w->fr_cap ? 2 * w->fr_cap : 64;
	if (cap > SIZE_MAX / sizeof *f ||
	    (f = realloc(w->fr, cap * sizeof *f)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	w->fr = f;
	w->fr_cap = cap;
	return 0;
}

/* Close the top call with the k-th self value of b. */
static inline int
pop(struct sp_walker *w, const struct sp_batch *b, size_t *k,
    struct sp_err *e)
{
	const struct frame *f = &w->fr[w->top];

	if (*k >= b->nclosed)
		return too_many_closes(w, b, e);
	if (self_wrong(f, b->self[*k]))
		return bad_self(w, f, b->self[*k], e);
	/* the checks alone keep no records on the stack */
	if (w->ops.close != NULL && w->ops.close(w->ctx,
	    &w->stack[w->top - 1], b->self[*k], e) == -1)
		return callback_failed(w);
	fold(&w->fr[w->top - 1], f);
	(*k)++;
	w->top--;
	return 0;
}

/* A lane begins: the run's frame, whose span bounds its roots. */
static int
begin_lane(struct sp_walker *w, const struct sp_batch *b, struct sp_err *e)
{
	struct frame *f;

	if (fr_room(w, 1, e) == -1)
		return -1;
	w->inlane = 1;
	w->run = b->run;
	w->rank = b->rank;
	w->lane = b->lane;
	w->next = 0;
	f = &w->fr[0];
	f->low = w->first;
	f->end = w->last;
	f->dur = f->rest = (uint64_t)w->last - (uint64_t)w->first;
	f->seq = UINT64_MAX;
	return 0;
}

static int
enter(struct sp_walker *w, const struct sp_batch *b, struct sp_err *e)
{
	if (w->inlane && (b->run != w->run || b->rank != w->rank ||
	    b->lane != w->lane))
		return sp_fail(e, SP_EDATA, BAD "a batch of run %" PRIu32
		    " rank %" PRIu32 " lane %" PRId64 " arrives before run %"
		    PRIu32 " rank %" PRIu32 " lane %" PRId64 " has ended",
		    b->run, b->rank, b->lane, w->run, w->rank, w->lane);
	if (!w->inlane && begin_lane(w, b, e) == -1)
		return -1;
	if (b->first != w->next)
		return sp_fail(e, SP_EDATA, BAD "a batch of lane %" PRId64
		    " starts at call %" PRIu64 ", expected call %" PRIu64,
		    b->lane, b->first, w->next);
	if ((b->n > 0 && (b->depth == NULL || b->parent == NULL)) ||
	    (b->nclosed > 0 && b->self == NULL))
		return sp_fail(e, SP_EDATA, BAD "a batch lacks the stack "
		    "columns (pipe the stream through sp-stack)");
	return 0;
}

/* Open call [s, t] of depth top under frame p, at index top + 1. */
static inline void
push_frame(struct frame *fr, size_t top, int64_t s, int64_t t,
    uint64_t seq)
{
	struct frame *f = &fr[top + 1];

	f->low = s;
	f->end = t;
	f->dur = f->rest = (uint64_t)t - (uint64_t)s;
	f->seq = seq;
}

/*
 * The calls of b with their callbacks: each open call's record on the
 * stack, for them and for sp_walker_stack().
 */
static int
walk_calls(struct sp_walker *w, const struct sp_batch *b, size_t *k,
    struct sp_err *e)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		uint32_t d = b->depth[i];
		int64_t up, s = b->start[i], t = b->end[i];
		struct sp_walk_call *c;

		if (d > w->top)
			return too_deep(w, d, e);
		while (w->top > d)
			if (pop(w, b, k, e) == -1)
				return -1;
		up = (int64_t)w->fr[d].seq;
		if (b->parent[i] != up)
			return wrong_parent(w, b->parent[i], up, e);
		if (times_wrong(&w->fr[d], s, t))
			return bad_times(w, &w->fr[d], s, t, e);
		if (stack_room(w, e) == -1 || fr_room(w, w->top + 1, e) == -1)
			return -1;
		push_frame(w->fr, w->top, s, t, w->next);
		c = &w->stack[w->top++];
		c->run = w->run;
		c->rank = w->rank;
		c->lane = w->lane;
		c->seq = w->next++;
		c->start = s;
		c->end = t;
		c->call = b->call[i];
		c->parent = up;
		c->region = b->region[i];
		c->depth = d;
		c->user = 0;
		if (w->ops.open != NULL && w->ops.open(w->ctx, c, e) == -1)
			return callback_failed(w);
	}
	return 0;
}

/* What the checks alone found wrong with a call. */
enum fault {
	F_NONE, F_DEEP, F_CLOSES, F_SELF, F_PARENT, F_TIMES, F_NOMEM,
};

/*
 * The same checks without open and close callbacks, for an exporter that
 * walks the checked batch itself: a tight loop over the batch's columns
 * and the frames, with the walker's state in locals (a store of a frame's
 * uint64_t could alias any of the size_t fields).
 */
static int
check_calls(struct sp_walker *w, const struct sp_batch *b, size_t *k,
    struct sp_err *e)
{
	size_t i, top = w->top, closed = *k, nclosed = b->nclosed;
	size_t n = b->n, cap = w->fr_cap;
	const uint32_t *depth = b->depth;
	const int64_t *parent = b->parent, *start = b->start, *end = b->end;
	const int64_t *self = b->self;
	uint64_t next = w->next;
	struct frame *fr = w->fr;
	enum fault why = F_NONE;
	uint32_t d = 0;

	for (i = 0; i < n; i++) {
		int64_t s = start[i], t = end[i];

		d = depth[i];
		if (d > top || closed + (top - d) > nclosed) {
			why = d > top ? F_DEEP : F_CLOSES;
			break;
		}
		for (; top > d; top--, closed++) {
			if (self_wrong(&fr[top], self[closed]))
				break;
			fold(&fr[top - 1], &fr[top]);
		}
		if (top > d) {
			why = F_SELF;
			break;
		}
		if (parent[i] != (int64_t)fr[d].seq) {
			why = F_PARENT;
			break;
		}
		if (times_wrong(&fr[d], s, t)) {
			why = F_TIMES;
			break;
		}
		if (top + 1 == cap) {
			w->top = top;
			if (fr_room(w, top + 1, e) == -1) {
				why = F_NOMEM;
				break;
			}
			fr = w->fr;
			cap = w->fr_cap;
		}
		push_frame(fr, top++, s, t, next++);
	}
	w->top = top;
	w->next = next;
	*k = closed;
	switch (why) {
	case F_NONE:
		return 0;
	case F_DEEP:
		return too_deep(w, d, e);
	case F_CLOSES:
		return too_many_closes(w, b, e);
	case F_SELF:
		return bad_self(w, &fr[top], self[closed], e);
	case F_PARENT:
		return wrong_parent(w, parent[i], (int64_t)fr[d].seq, e);
	case F_TIMES:
		return bad_times(w, &fr[d], start[i], end[i], e);
	default:
		return -1;
	}
}

int
sp_walker_push(struct sp_walker *w, const struct sp_batch *b,
    struct sp_err *e)
{
	size_t k = 0;
	int checks_only = w->ops.open == NULL && w->ops.close == NULL;

	w->cb_failed = 0;
	if (enter(w, b, e) == -1)
		return -1;
	if ((checks_only ? check_calls(w, b, &k, e) :
	    walk_calls(w, b, &k, e)) == -1)
		return -1;
	if (b->lane_end)
		while (w->top > 0)
			if (pop(w, b, &k, e) == -1)
				return -1;
	if (k != b->nclosed)
		return sp_fail(e, SP_EDATA, BAD "a batch of lane %" PRId64
		    " carries %zu self times for %zu closed calls", w->lane,
		    b->nclosed, k);
	if (b->lane_end) {
		w->inlane = 0;
		if (w->ops.lane_end != NULL && w->ops.lane_end(w->ctx, w->run,
		    w->rank, w->lane, e) == -1)
			return callback_failed(w);
	}
	return 0;
}

int
sp_walker_callback_failed(const struct sp_walker *w)
{
	return w->cb_failed;
}

int
sp_walker_finish(const struct sp_walker *w, struct sp_err *e)
{
	if (w->inlane)
		return sp_fail(e, SP_EDATA, BAD "the stream ends inside run %"
		    PRIu32 " rank %" PRIu32 " lane %" PRId64, w->run,
		    w->rank, w->lane);
	return 0;
}
