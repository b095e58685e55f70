/*
 * sp_walk.h - replay a call stream as opens and closes: the consumer side
 * of the call stage, shared by every exporter.
 *
 * A walk is handed the call-stage batches of a stream in order and turns
 * each into events: a call opens, a call closes (in closing order, with
 * its self time), a lane ends.  The events come from an iterator made of
 * inline functions, so that an exporter's loop over them, a switch on the
 * event, compiles into one loop over the batch's columns: there is no
 * callback and no second pass.  The walk keeps only the open calls, so its
 * memory is O(deepest nesting).
 *
 * It also checks that the stream is consistent, and fails with SP_EDATA
 * "call stream is inconsistent: ..." when not, so an exporter can trust
 * what it is handed: depth, parent, self values and lane ends agree with
 * each other; every call ends no earlier than it starts, lies inside its
 * parent (a root inside the run's span, sp_walk_span()) and starts no
 * earlier than the end of the call before it at its depth; and every self
 * time is the call's duration less those of its children, so that it lies
 * in [0, duration].  With the run's span at most INT64_MAX ns long (the
 * stream reader refuses a longer one), no duration, self time or sum of
 * them within a lane overflows an int64_t.  An event is handed out only
 * once the checks of its call have passed: a close once its self time is
 * right, an open once the call fits under its parent.
 *
 * How to loop, for each call-stage batch b of the stream:
 *
 *	struct sp_walk_iter it;
 *
 *	if (sp_walk_begin(w, b, &it, e) < 0)
 *		return -1;
 *	for (;;) {
 *		switch (sp_walk_next(&it, e)) {
 *		case SP_WALK_OPEN:	// it.c opened: the it.i-th call of b
 *			...
 *			break;
 *		case SP_WALK_CLOSE:	// it.c closed, its self time it.self
 *			...
 *			break;
 *		case SP_WALK_LANE_END:	// b was the lane's last batch
 *			...
 *			break;
 *		case SP_WALK_DONE:
 *			return 0;
 *		default:		// SP_WALK_FAIL: e says why
 *			return -1;
 *		}
 *	}
 *
 * and sp_walk_finish() at the end of each run (or of the stream).  The
 * loop may stop early only to give up: a walk whose batch was not walked
 * to SP_WALK_DONE is over, as after a failure; free it.  sp_walk_check()
 * is the same loop with no work in it, for a consumer that only needs the
 * checks before walking the batch's columns itself; it keeps of each
 * record only start, end and seq, so a walk is either walked by events or
 * checked, not both.
 *
 * Errors: the walk's messages are "call stream is inconsistent: ...",
 * after "NAME: " when the walk was given a name (the input's, in the
 * exporters).  Out of memory is SP_ENOMEM "out of memory".
 *
 * Ownership: the caller owns the walk (sp_walk_new(), sp_walk_free()) and
 * the iterator, a local of the loop that borrows the walk and the batch
 * until SP_WALK_DONE or SP_WALK_FAIL; the name is borrowed for the walk's
 * life.  The call records (it.c, the stacks) belong to the walk and are
 * valid until the next sp_walk_next() or sp_walk_begin(): the stack moves
 * as it grows, but a record's fields, user among them, stay with its call
 * until it closes.  The
 * fields of struct sp_walk and those of struct sp_walk_iter not listed as
 * the event's are the walk's: read them through the functions here.
 */
#ifndef SP_WALK_H
#define SP_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"

/* An open call. */
struct sp_walk_call {
	int64_t start;		/* ns */
	int64_t end;		/* ns */
	int64_t call;		/* index of the call in its (rank, region) row */
	uint64_t seq;		/* sequence number within the lane */
	int64_t parent;		/* seq of the parent, -1 for a root */
	uint32_t region;
	uint32_t depth;		/* 0 for a root; its index in the stack */
	uint64_t user;		/* the consumer's, from its open to its close
				 * (not cleared by the walk) */
	/* the checks': a child must start at low or later, and the call's
	 * self time is rest when it closes */
	int64_t low;
	uint64_t rest;
};

/* The walk between batches: the lane, and its open calls. */
struct sp_walk {
	const char *name;	/* prefix of messages, or NULL */
	int inlane;		/* a lane has begun and not yet ended */
	uint32_t run, rank;
	int64_t lane;
	uint64_t next;		/* sequence number of the lane's next call */
	/* the run's span: the bounds of a lane's roots */
	int has_span;
	int64_t first, last;
	/* fr[0] is the run, the parent of the roots; fr[d + 1] the open
	 * call at depth d; top open calls */
	struct sp_walk_call *fr;
	size_t top, cap;
};

enum sp_walk_event {
	SP_WALK_FAIL = -1,	/* the stream is inconsistent, or no memory */
	SP_WALK_DONE = 0,	/* the batch is walked */
	SP_WALK_OPEN,
	SP_WALK_CLOSE,
	SP_WALK_LANE_END,
};

/* One batch being walked. */
struct sp_walk_iter {
	/* the event's */
	struct sp_walk_call *c;	/* OPEN, CLOSE: the call */
	int64_t self;		/* CLOSE: its self time, ns */
	size_t i;		/* OPEN: its index in the batch */

	/* the walk's */
	struct sp_walk *w;
	const struct sp_batch *b;
	struct sp_walk_call *fr;
	size_t top;		/* open calls */
	size_t want;		/* open calls before the next open */
	size_t j, n;		/* the next call, and the batch's calls */
	size_t k, nclosed;	/* self values used, and the batch's */
	uint64_t next;
	int tail;		/* 0: calls, 1: the end to tell, 2: done */
	size_t cap;
};

/* A walk, its messages after "name: " (NULL: none); NULL without memory. */
struct sp_walk *sp_walk_new(const char *name);
void sp_walk_free(struct sp_walk *w);

/*
 * The span of the run whose lanes follow: [first, last] ns, or none
 * (has_span 0: the run has no call, and any call is an error).  Until it
 * is set, any times fit.  It applies from the next lane on.
 */
void sp_walk_span(struct sp_walk *w, int has_span, int64_t first,
    int64_t last);

/*
 * Begin walking one call-stage batch into it.  A batch of a new lane may
 * only come once the previous lane has ended (a batch with lane_end set).
 * Fails (-1) on a batch that does not follow the one before.
 */
int sp_walk_begin(struct sp_walk *w, const struct sp_batch *b,
    struct sp_walk_iter *it, struct sp_err *e);
/* The next event of the batch (an enum sp_walk_event), inline below. */
static inline int sp_walk_next(struct sp_walk_iter *it, struct sp_err *e);
/* Walk a whole batch for its checks alone. */
int sp_walk_check(struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e);
/* At the end of a run or the stream: fails if a lane was left open. */
int sp_walk_finish(const struct sp_walk *w, struct sp_err *e);

/* Between batches: the number of open calls, and their records. */
size_t sp_walk_depth(const struct sp_walk *w);
const struct sp_walk_call *sp_walk_stack(const struct sp_walk *w);

/* During a batch: the same (index 0 the root; the top is it->c at OPEN). */
static inline size_t
sp_walk_iter_depth(const struct sp_walk_iter *it)
{
	return it->top;
}

static inline const struct sp_walk_call *
sp_walk_iter_stack(const struct sp_walk_iter *it)
{
	return it->fr + 1;
}

/*
 * --- the iterator's insides: not for callers ---
 *
 * Nothing here hands the iterator's address to a function out of line,
 * so that a compiler keeps its fields in registers through a loop, and
 * a store into a record cannot be taken to change them.
 */

enum {
	SP_WALK_DEEP_, SP_WALK_CLOSES_, SP_WALK_SELF_, SP_WALK_PARENT_,
	SP_WALK_TIMES_,
};

/*
 * What the iterator found wrong, said out of line (sp_walk.c): fr[top]
 * is the call closing or the parent of call i opening, x the depth of a
 * call too deep, or its index i; k the self values used.
 */
int sp_walk_fail_(const struct sp_walk *w, const struct sp_batch *b,
    const struct sp_walk_call *fr, int why, size_t top, size_t x, size_t k,
    struct sp_err *e);
/* Room for the record of index i: w->fr again, or NULL (e filled). */
struct sp_walk_call *sp_walk_grow_(struct sp_walk *w, size_t i,
    struct sp_err *e);
/* The batch's calls are walked, k self values used: LANE_END or DONE. */
int sp_walk_tail_(struct sp_walk *w, const struct sp_batch *b, size_t k,
    struct sp_err *e);

/* The iterator's state back into its walk. */
static inline void
sp_walk_keep_(const struct sp_walk_iter *it)
{
	it->w->top = it->top;
	it->w->next = it->next;
}

static inline int
sp_walk_failed_(struct sp_walk_iter *it, int why, size_t x,
    struct sp_err *e)
{
	sp_walk_keep_(it);
	return sp_walk_fail_(it->w, it->b, it->fr, why, it->top, x, it->k, e);
}

/* Close the top call, whose self time is the next self value. */
static inline __attribute__((always_inline)) int
sp_walk_close_(struct sp_walk_iter *it, struct sp_err *e)
{
	struct sp_walk_call *f = &it->fr[it->top], *p = f - 1;
	int64_t self;

	if (it->k >= it->nclosed)
		return sp_walk_failed_(it, SP_WALK_CLOSES_, 0, e);
	self = it->b->self[it->k];
	/* rest is at most INT64_MAX: a negative self never equals it */
	if ((uint64_t)self != f->rest)
		return sp_walk_failed_(it, SP_WALK_SELF_, 0, e);
	p->rest -= (uint64_t)f->end - (uint64_t)f->start;
	p->low = f->end;
	it->k++;
	it->top--;
	it->c = f;
	it->self = self;
	return SP_WALK_CLOSE;
}

/*
 * Open call it->i at depth it->top, which is its depth; its record whole
 * (full), or only what the checks keep (sp_walk_check()).
 */
static inline __attribute__((always_inline)) int
sp_walk_open_(struct sp_walk_iter *it, int full, struct sp_err *e)
{
	const struct sp_batch *b = it->b;
	size_t i = it->i, d = it->top;
	struct sp_walk_call *p = &it->fr[d], *f;
	int64_t s = b->start[i], t = b->end[i];

	if (b->parent[i] != (int64_t)p->seq)
		return sp_walk_failed_(it, SP_WALK_PARENT_, i, e);
	if ((t < s) | (s < p->low) | (t > p->end))
		return sp_walk_failed_(it, SP_WALK_TIMES_, i, e);
	if (d + 2 > it->cap) {
		if ((it->fr = sp_walk_grow_(it->w, d + 1, e)) == NULL)
			return SP_WALK_FAIL;
		it->cap = it->w->cap;
		p = &it->fr[d];
	}
	f = p + 1;
	f->start = f->low = s;
	f->end = t;
	f->rest = (uint64_t)t - (uint64_t)s;
	f->seq = it->next++;
	if (full) {
		f->call = b->call[i];
		f->parent = (int64_t)p->seq;
		f->region = b->region[i];
		f->depth = (uint32_t)d;
	}
	it->top = d + 1;
	it->c = f;
	return SP_WALK_OPEN;
}

static inline int
sp_walk_next(struct sp_walk_iter *it, struct sp_err *e)
{
	if (it->top > it->want)
		return sp_walk_close_(it, e);
	if (it->tail) {
		sp_walk_keep_(it);
		if (it->tail == 2)
			return SP_WALK_DONE;
		it->tail = 2;
		return sp_walk_tail_(it->w, it->b, it->k, e);
	}
	/* call j, past the closes before it: want is its depth */
	if (it->want > it->top)
		return sp_walk_failed_(it, SP_WALK_DEEP_, it->want, e);
	it->i = it->j++;
	if (it->j < it->n) {
		it->want = it->b->depth[it->j];
	} else {
		/* after the lane's last call, every call closes */
		it->want = it->b->lane_end ? 0 : it->top + 1;
		it->tail = 1;
	}
	return sp_walk_open_(it, 1, e);
}

#endif
