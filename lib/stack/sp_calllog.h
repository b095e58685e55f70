/*
 * sp_calllog.h - the calls of one rank, lane after lane, replayed in the
 * reference's global order.
 *
 * The stream hands over a rank's calls one lane at a time, each lane in
 * canonical order, and a call's self time only when it closes.  The
 * reference, however, accounts the calls of all lanes together in one
 * sorted order (start ascending, end descending, region order, recording
 * order), and floating-point sums depend on that order.  A call log
 * records each call when it opens, takes its self time when it closes,
 * and at the end merges the lanes back into that global order.
 *
 * Memory stays bounded: past mem_limit bytes of records the log moves to
 * an unlinked temporary file (in $TMPDIR, else /tmp), like sort(1), and
 * the merge then reads each lane through a small buffer.
 *
 * Ownership: the caller owns the log; the region order array is borrowed
 * and must outlive it.  A record handed to the replay callback is valid
 * during the callback only.
 */
#ifndef SP_CALLLOG_H
#define SP_CALLLOG_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

struct sp_calllog;

struct sp_calllog_rec {
	int64_t start;		/* ns */
	int64_t end;		/* ns */
	int64_t call;		/* recording order within the region */
	int64_t self;		/* exclusive ns, set when it closes */
	uint32_t region;
	uint32_t aux;		/* the caller's, carried along */
};

/*
 * order[r] ranks region r in region order (NULL: the ids are that order).
 * mem_limit 0 means SP_CALLLOG_MEM_DEFAULT.  NULL when out of memory.
 */
#define SP_CALLLOG_MEM_DEFAULT ((size_t)16 << 20)
struct sp_calllog *sp_calllog_new(size_t mem_limit, const uint32_t *order);
void sp_calllog_free(struct sp_calllog *l);

/*
 * Append a call to the current lane (its self is ignored); returns its
 * index in the log, or -1.
 */
int64_t sp_calllog_append(struct sp_calllog *l,
    const struct sp_calllog_rec *r, struct sp_err *e);
/* The self time of the call at index i. */
int sp_calllog_set_self(struct sp_calllog *l, int64_t i, int64_t self,
    struct sp_err *e);
/* Later appends go to a new lane.  No-op on an empty lane. */
int sp_calllog_end_lane(struct sp_calllog *l, struct sp_err *e);

/* Calls logged so far, and whether the log has moved to a file. */
uint64_t sp_calllog_count(const struct sp_calllog *l);
int sp_calllog_spilled(const struct sp_calllog *l);

/*
 * Hand every call to fn in global order: the lanes merged by start
 * ascending, end descending, region order, recording order, and for
 * calls equal in all of those, lane order.  The current lane is ended
 * first.  Replay once, at the end: the log is spent afterwards.
 */
int sp_calllog_replay(struct sp_calllog *l,
    int (*fn)(void *ctx, const struct sp_calllog_rec *r, struct sp_err *e),
    void *ctx, struct sp_err *e);

#endif
