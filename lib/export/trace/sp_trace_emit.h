/*
 * sp_trace_emit.h - the tracks and the nesting of a trace's slices, between
 * the exporter and a writer (sp_trace.h): a rank's process track and a
 * lane's thread track are written with their first slice, so that ranks
 * and lanes whose calls are all left out leave no empty track; a slice
 * at depth d first ends the open slices at depth d or deeper, each at
 * its own end, deepest first, and a lane's end ends them all.  That is
 * the order of the call stream, which the depth column says: a
 * zero-length call at its parent's end still ends before its parent,
 * which no test of times could tell.
 *
 * Lanes get their sequence numbers (1, 2, ...) in the order their tracks
 * are written.  Times must never go back within a lane: the emitter
 * checks it (SP_EDATA), so that a writer may rely on it.
 *
 * Memory: the open slices' end times, O(depth).
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
/* A call's slice, at depth in its lane, from ts to end. */
int sp_trace_emit_slice(struct sp_trace_emit *m, uint32_t depth,
    uint32_t region, uint64_t ts, uint64_t end, const struct sp_trace_args *a,
    struct sp_err *e);
/*
 * A batch's calls (sp_trace.h), as sp_trace_emit_slice() would have them one
 * by one: through the writer's calls op, where it has one, for as many
 * as it takes at a time.
 */
int sp_trace_emit_calls(struct sp_trace_emit *m, const struct sp_trace_calls *c,
    struct sp_err *e);
/* The lane's slices end. */
int sp_trace_emit_lane_end(struct sp_trace_emit *m, struct sp_err *e);

/* Slices written in this trace; whether the rank's track is written. */
uint64_t sp_trace_emit_slices(const struct sp_trace_emit *m);
int sp_trace_emit_rank_written(const struct sp_trace_emit *m);

#endif
