/*
 * sp_trace_emit.h - the tracks of a trace's slices, between the exporter
 * and a writer (sp_trace.h): a rank's process track and a lane's thread
 * track are written with their first slice, so that ranks and lanes
 * whose calls are all left out leave no empty track.
 *
 * The slices come as the opens and closes of a walk (sp_walk.h), the
 * one replay of the calls' nesting: sp_trace_emit_next() takes the
 * walk's next event, through the writer's hot path (its calls op) where
 * it has one, and the caller hands each event it is given on as
 * sp_trace_emit_open() or sp_trace_emit_close().  The emitter keeps no
 * stack and checks no nesting or times: the walk has checked them (a
 * call inside its parent, after its elder sibling, no earlier than it
 * starts), so that times never go back within a lane, which a writer
 * relies on.
 *
 * Lanes get their sequence numbers (1, 2, ...) in the order their tracks
 * are written.
 *
 * Memory: O(1) besides the names kept.
 *
 * Ownership: the caller owns the emitter; the writer is borrowed from
 * sp_trace_emit_writer() to the next sp_trace_emit_begin(); the process and
 * thread given are copied.
 */
#ifndef SP_TRACE_EMIT_H
#define SP_TRACE_EMIT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_trace.h"
#include "sp_walk.h"

struct sp_trace_emit;

struct sp_trace_emit *sp_trace_emit_new(struct sp_err *e);
void sp_trace_emit_free(struct sp_trace_emit *m);

/* A new trace: no track written yet, sequences from 1, no writer. */
void sp_trace_emit_begin(struct sp_trace_emit *m);
/* The writer of the trace: before its first slice. */
void sp_trace_emit_writer(struct sp_trace_emit *m, struct sp_trace_writer *w);

/* The rank whose lanes come next; the writer sees it at its first slice. */
int sp_trace_emit_rank(struct sp_trace_emit *m,
    const struct sp_trace_process *p,
    struct sp_err *e);
/* A lane begins (t's seq is the emitter's to give). */
int sp_trace_emit_lane(struct sp_trace_emit *m, const struct sp_trace_thread *t,
    struct sp_err *e);
/* A call opens: its slice, inside the open ones, from ts to end. */
int sp_trace_emit_open(struct sp_trace_emit *m, uint32_t region, uint64_t ts,
    uint64_t end, const struct sp_trace_args *a, struct sp_err *e);
/* The innermost open slice ends at ts. */
int sp_trace_emit_close(struct sp_trace_emit *m, uint64_t ts,
    struct sp_err *e);
/*
 * The next event of it (sp_walk_next()), once the writer's calls op, if
 * it has one and the lane's track is written, has written those it
 * takes (c: its origin and arguments): SP_WALK_OPEN and SP_WALK_CLOSE
 * are the caller's to hand on, as are the lane's end and SP_WALK_DONE;
 * SP_WALK_FAIL fills e (the walk's failure, or the writer's).
 */
int sp_trace_emit_next(struct sp_trace_emit *m, struct sp_walk_iter *it,
    struct sp_trace_calls *c, struct sp_err *e);

/* Slices written in this trace; whether the rank's track is written. */
uint64_t sp_trace_emit_slices(const struct sp_trace_emit *m);
int sp_trace_emit_rank_written(const struct sp_trace_emit *m);

#endif
