/*
 * sp_order.h - turn a struct sp_source into the canonical interval stream.
 *
 * Order (sp-stream(5)): ranks ascending; within a rank, lanes ascending;
 * within a lane, calls by start ascending, end descending, then region
 * order, then recording order, which is exactly the order in which
 * scope-profiler's reconstruction sorts them.  Region order is that of the
 * reference's get_regions(): regions stably sorted by their earliest start
 * in seconds over all ranks (0.0 for a rank row without calls).
 *
 * Each row is split into segments that are already in that order (one per
 * lane for thread-major rows, more when a row is out of order); a lane is
 * then a k-way merge of its segments, read in chunks.  Memory: the row
 * index, one entry per segment, and a read buffer per merged segment.
 *
 * Ownership: nothing is kept beyond the call.
 */
#ifndef SP_ORDER_H
#define SP_ORDER_H

#include "sp_filter.h"
#include "sp_ranks.h"
#include "sp_source.h"
#include "sp_stream.h"

struct sp_order_opts {
	const struct sp_ranks *ranks;	/* NULL: every rank */
	const struct sp_filter *filter;	/* NULL: every region */
	size_t batch;			/* calls per batch, 0 = default */
};

/* Write run, regions, rank, side and batch items and the run-end. */
int sp_order_emit(struct sp_source *src, const char *label, uint32_t run,
    const struct sp_order_opts *o, struct sp_writer *w, uint64_t *ncalls,
    struct sp_err *e);

#endif
