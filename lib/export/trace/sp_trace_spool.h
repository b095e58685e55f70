/*
 * sp_trace_spool.h - the calls of one rank held back until the rank is read
 * whole: what sp-trace --align needs, since a rank's first call (or its
 * first call of the region to align on) is known only after its last
 * lane, and every slice of the rank is written shifted by it.
 *
 * The spool keeps, in stream order, each lane's start (its id, its place
 * in the rank, its name), each call to be written as it opens (region,
 * start, end, its numbers and metadata) and as it closes (its end), the
 * events of the walk that nested the calls (sp_walk.h), packed as
 * varints: about 10 to 14 bytes a call without metadata.  Up to a memory limit they stay in
 * memory; beyond it they go to a temporary file (sp_spill.h: made on
 * first use in the directory given, $TMPDIR or /tmp, and unlinked at
 * once), which works on pipes and keeps memory flat whatever the size of
 * a rank.  sp_trace_spool_replay() hands everything back in the same order and
 * empties the spool, whose file is then closed (freeing its space) for
 * the next rank.
 *
 * Ownership: the caller owns the spool; names and metadata passed in are
 * copied; what the replay hands out is valid during its callback only.
 */
#ifndef SP_TRACE_SPOOL_H
#define SP_TRACE_SPOOL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_trace.h"

struct sp_trace_spool;

/* A call as the replay hands it back (args: numbers and metadata only). */
struct sp_trace_spool_call {
	uint32_t region;
	int64_t start, end;
	struct sp_trace_args args;
};

struct sp_trace_spool_ops {
	int (*lane)(void *ctx, int64_t lane, uint32_t k, const char *name,
	    struct sp_err *e);
	/* a call opens, inside the open ones */
	int (*call)(void *ctx, const struct sp_trace_spool_call *c,
	    struct sp_err *e);
	/* the innermost open call closes, at end */
	int (*close)(void *ctx, int64_t end, struct sp_err *e);
};

/* mem: bytes kept in memory before the rest goes to a file in tmpdir. */
struct sp_trace_spool *sp_trace_spool_new(const char *tmpdir, size_t mem,
    struct sp_err *e);
void sp_trace_spool_free(struct sp_trace_spool *s);

int sp_trace_spool_lane(struct sp_trace_spool *s, int64_t lane, uint32_t k,
    const char *name, struct sp_err *e);
/*
 * A call of the lane opens, or the innermost one closes at end: in the
 * walk's order, whose times never go back (stored as differences).
 */
int sp_trace_spool_call(struct sp_trace_spool *s,
    const struct sp_trace_spool_call *c,
    struct sp_err *e);
int sp_trace_spool_close(struct sp_trace_spool *s, int64_t end,
    struct sp_err *e);

/* Everything, in order, to ops; then the spool is empty again. */
int sp_trace_spool_replay(struct sp_trace_spool *s,
    const struct sp_trace_spool_ops *ops,
    void *ctx, struct sp_err *e);

/* Bytes held so far (this rank), and put on temporary files (all ranks). */
uint64_t sp_trace_spool_bytes(const struct sp_trace_spool *s);
uint64_t sp_trace_spool_spilled(const struct sp_trace_spool *s);

#endif
