/*
 * sp_walk.h - replay a call stream as opens and closes: the consumer side
 * of the call stage, shared by every exporter.
 *
 * A walker is pushed the call-stage batches of a stream in order and calls
 * back when a call opens and when it closes (in closing order, with its
 * self time), and when a lane ends.  It keeps only the open calls, so its
 * memory is O(deepest nesting).  It also checks that the stream is
 * consistent, and fails with SP_EDATA "call stream is inconsistent: ..."
 * when not, so an exporter can trust what it is handed: depth, parent,
 * self values and lane ends agree with each other; every call ends no
 * earlier than it starts, lies inside its parent (a root inside the run's
 * span, sp_walker_span()) and starts no earlier than the end of the call
 * before it at its depth; and every self time is the call's duration less
 * those of its children, so that it lies in [0, duration].  With the
 * run's span at most INT64_MAX ns long (the stream reader refuses a
 * longer one), no duration, self time or sum of them within a lane
 * overflows an int64_t.
 *
 * Ownership: the caller owns the walker; ops is copied and ctx borrowed.
 * The records handed to callbacks and returned by sp_walker_stack() belong
 * to the walker: they are valid until the call closes (for a record) or
 * until the next push (for the stack array).  Callbacks must not push into
 * the walker that called them.
 */
#ifndef SP_WALK_H
#define SP_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"

struct sp_walker;

struct sp_walk_call {
	uint32_t run;
	uint32_t rank;
	int64_t lane;
	uint64_t seq;		/* sequence number within the lane */
	int64_t start;		/* ns */
	int64_t end;		/* ns */
	int64_t call;		/* index of the call in its (rank, region) row */
	int64_t parent;		/* seq of the parent, -1 for a root */
	uint32_t region;
	uint32_t depth;		/* 0 for a root; its index in the stack */
	uint64_t user;		/* set by the open callback, kept until close */
};

/*
 * Any callback may be NULL; with open and close both NULL the walker
 * only checks (an exporter that then walks the batch's columns itself),
 * and sp_walker_stack() holds no records (sp_walker_depth() still counts
 * the open calls).  A callback fails by filling e and returning -1; the
 * walk stops there and sp_walker_push() returns -1 with e as the
 * callback left it.  While open or close runs, the call is the top of
 * the stack (sp_walker_stack()[c->depth]); during open, the call is the
 * (c->seq - b->first)-th of the batch b being pushed, for exporters that
 * need its optional columns.
 */
struct sp_walk_ops {
	int (*open)(void *ctx, struct sp_walk_call *c, struct sp_err *e);
	int (*close)(void *ctx, const struct sp_walk_call *c, int64_t self_ns,
	    struct sp_err *e);
	int (*lane_end)(void *ctx, uint32_t run, uint32_t rank, int64_t lane,
	    struct sp_err *e);
};

/* NULL when out of memory. */
struct sp_walker *sp_walker_new(const struct sp_walk_ops *ops, void *ctx);
void sp_walker_free(struct sp_walker *w);

/*
 * The span of the run whose lanes follow: [first, last] ns, or none
 * (has_span 0: the run has no call, and any call is an error).  Until it
 * is set, any times fit.  It applies from the next lane on.
 */
void sp_walker_span(struct sp_walker *w, int has_span, int64_t first,
    int64_t last);

/*
 * Replay one call-stage batch.  A batch of a new lane may only come once
 * the previous lane has ended (a batch with lane_end set).  After a
 * failure the walk is over: free the walker.
 */
int sp_walker_push(struct sp_walker *w, const struct sp_batch *b,
    struct sp_err *e);

/*
 * After sp_walker_push() failed: 1 when a callback failed (e is what it
 * wrote), 0 when the walker found the stream inconsistent.
 */
int sp_walker_callback_failed(const struct sp_walker *w);
/* At the end of the stream: fails if a lane was left open. */
int sp_walker_finish(const struct sp_walker *w, struct sp_err *e);

/* The number of open calls, and the open calls from the root (index 0). */
size_t sp_walker_depth(const struct sp_walker *w);
const struct sp_walk_call *sp_walker_stack(const struct sp_walker *w);

#endif
