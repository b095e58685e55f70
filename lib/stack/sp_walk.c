#include "sp_walk.h"

#include <inttypes.h>
#include <stdlib.h>

#define BAD "call stream is inconsistent: "

struct sp_walker {
	struct sp_walk_ops ops;
	void *ctx;

	int inlane;		/* a lane has begun and not yet ended */
	uint32_t run, rank;
	int64_t lane;
	uint64_t next;		/* sequence number of the lane's next call */

	struct sp_walk_call *stack;
	size_t top, cap;
	/* the checks alone: seq[d + 1] is the open call's at depth d, and
	 * seq[0] -1 (the parent of a root) */
	uint64_t *seq;
	size_t seq_cap;
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
	return w;
}

void
sp_walker_free(struct sp_walker *w)
{
	if (w == NULL)
		return;
	free(w->stack);
	free(w->seq);
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

/* A callback failed: e is its message, not the walker's. */
static inline int
callback_failed(struct sp_walker *w)
{
	w->cb_failed = 1;
	return -1;
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

/* Room for the checks' sequence numbers of calls up to depth top. */
static int
seq_room(struct sp_walker *w, size_t top, struct sp_err *e)
{
	uint64_t *s;
	size_t cap;

	if (top + 1 < w->seq_cap)
		return 0;
	cap = w->seq_cap ? 2 * w->seq_cap : 64;
	if (cap > SIZE_MAX / sizeof *s ||
	    (s = realloc(w->seq, cap * sizeof *s)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	s[0] = UINT64_MAX;
	w->seq = s;
	w->seq_cap = cap;
	return 0;
}

/* Close the top call with the k-th self value of b. */
static inline int
pop(struct sp_walker *w, const struct sp_batch *b, size_t *k,
    struct sp_err *e)
{
	if (*k >= b->nclosed)
		return too_many_closes(w, b, e);
	/* the checks alone keep no records on the stack */
	if (w->ops.close != NULL && w->ops.close(w->ctx,
	    &w->stack[w->top - 1], b->self[*k], e) == -1)
		return callback_failed(w);
	(*k)++;
	w->top--;
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
	if (!w->inlane) {
		w->inlane = 1;
		w->run = b->run;
		w->rank = b->rank;
		w->lane = b->lane;
		w->next = 0;
	}
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
		int64_t up;
		struct sp_walk_call *c;

		if (d > w->top)
			return too_deep(w, d, e);
		while (w->top > d)
			if (pop(w, b, k, e) == -1)
				return -1;
		up = w->top > 0 ? (int64_t)w->stack[w->top - 1].seq : -1;
		if (b->parent[i] != up)
			return wrong_parent(w, b->parent[i], up, e);
		if (stack_room(w, e) == -1)
			return -1;
		c = &w->stack[w->top++];
		c->run = w->run;
		c->rank = w->rank;
		c->lane = w->lane;
		c->seq = w->next++;
		c->start = b->start[i];
		c->end = b->end[i];
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

/*
 * The same checks without open and close callbacks, for an exporter that
 * walks the checked batch itself: instead of the stack, an array of what
 * the checks read, the sequence numbers, with the root's parent first.
 */
static int
check_calls(struct sp_walker *w, const struct sp_batch *b, size_t *k,
    struct sp_err *e)
{
	/* the walker's and the batch's fields in locals: a store of a seq
	 * (uint64_t) could alias any of the size_t ones */
	size_t i, top = w->top, closed = *k, nclosed = b->nclosed;
	size_t n = b->n, cap;
	const uint32_t *depth = b->depth;
	const int64_t *parent = b->parent;
	uint64_t next = w->next, *seq;
	uint32_t d = 0;
	int64_t up = -1;

	if (seq_room(w, top, e) == -1)
		return -1;
	seq = w->seq;
	cap = w->seq_cap;
	for (i = 0; i < n; i++) {
		d = depth[i];
		if (d > top || closed + (top - d) > nclosed)
			break;
		closed += top - d;
		top = d;
		up = (int64_t)seq[d];
		if (parent[i] != up)
			break;
		if (top + 1 == cap) {
			if (seq_room(w, top + 1, e) == -1)
				return -1;
			seq = w->seq;
			cap = w->seq_cap;
		}
		seq[++top] = next++;
	}
	w->top = top;
	w->next = next;
	*k = closed;
	if (i == b->n)
		return 0;
	/* call i is wrong: which way, from the state before it */
	if (d > top)
		return too_deep(w, d, e);
	if (closed + (top - d) > b->nclosed)
		return too_many_closes(w, b, e);
	return wrong_parent(w, b->parent[i], up, e);
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
