/*
 * sp_batch.h - a batch of calls of one (run, rank, lane), as columns.
 *
 * This is the in-memory form of a "batch" item of the sp stream (see
 * sp-stream(5)).  Calls are in canonical order: start ascending, end
 * descending, then region order, then recording order.  The i-th call of a
 * batch has the sequence number `first + i` within its (run, rank, lane).
 *
 * Ownership: a batch only points at columns; whoever fills it owns them.
 * A batch handed out by the stream reader is valid until the next read.
 */
#ifndef SP_BATCH_H
#define SP_BATCH_H

#include <stddef.h>
#include <stdint.h>

enum sp_batch_stage {
	SP_STAGE_INTERVALS = 1,	/* start, end, region, call (+ extras) */
	SP_STAGE_CALLS = 2,	/* + depth, parent, self: after sp-stack */
};

/* Optional per-call columns carried from the profile, in wire order. */
enum sp_batch_xcol {
	SP_X_GPU,	/* gpu_durations: device ns, -1 = none */
	SP_X_CALL_ID,	/* call_ids */
	SP_X_PARENT_ID,	/* parent_ids */
	SP_X_THREAD,	/* thread_ids: thread-table index, -1 unknown */
	SP_X_TASK,	/* task_ids: task-table index, -1 none */
	SP_X_AWAIT,	/* await_ns */
	SP_X_COUNT
};

/* Largest batch any producer may write, and any reader accepts. */
#define SP_BATCH_MAX ((size_t)1 << 20)
/*
 * Default batch size of sp producers: an item of the call stream (48 to 96
 * bytes a call) then fits a core's L2 cache of 512 KiB, where the reader's
 * copy of its columns and the consumer's pass over them find it, where
 * a batch of 65536 calls would go out to memory between them.
 */
#define SP_BATCH_DEFAULT ((size_t)1 << 13)

struct sp_batch {
	uint32_t run;		/* index of the run within its stream section */
	uint32_t rank;
	int64_t lane;		/* task id >= 0, -2 - thread id, or -1 */
	uint64_t first;		/* sequence number of call 0 in the lane */
	size_t n;		/* number of calls */

	int64_t *start;		/* ns, absolute */
	int64_t *end;		/* ns, absolute, >= start */
	uint32_t *region;	/* id into the run's region table */
	int64_t *call;		/* index of the call in its (rank, region) row */
	int64_t *x[SP_X_COUNT];	/* optional columns, NULL when absent */

	/*
	 * Call stage only; NULL / 0 in the interval stage.
	 *
	 * depth[i] is the nesting depth of call i within its lane (0 = root),
	 * parent[i] the sequence number of its parent (-1 for a root).
	 * Before call i opens, every open call of depth >= depth[i] closes,
	 * deepest first; after the last call of a lane (`lane_end`), all calls
	 * still open close, deepest first.  `self` lists the exclusive ns of
	 * the calls closed by this batch, in that closing order, so that a
	 * consumer replaying `depth` with a stack pairs each popped call with
	 * the next self value.  A lane's calls are all closed by its last
	 * batch, which may hold no calls at all.
	 */
	uint32_t *depth;
	int64_t *parent;
	int64_t *self;
	size_t nclosed;		/* entries in self */
	int lane_end;		/* this is the last batch of the lane */
};

#endif
