/*
 * sp_order_internal.h - the parts of sp_order_emit() and the state of the
 * run they share; for the files that make it up, and no other:
 *
 *   sp_order.c          the run: its items, its ranks, the output batch
 *   sp_order_scan.c     the pre-pass: every row read once, checked and
 *                       cut into segments
 *   sp_order_regions.c  the region order
 *   sp_order_merge.c    the merge of a lane's segments
 *   sp_order_file.c     file order (sp-read --order file)
 *   sp_order_window.c   the window: the run's start, rows cut to it
 *   sp_order_missing.c  the ranks asked for that the run lacks
 *
 * Ownership: sp_order.c allocates and frees everything struct sp_order
 * points at; the other parts borrow it.
 */
#ifndef SP_ORDER_INTERNAL_H
#define SP_ORDER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_order.h"

/* Calls read per chunk of a row, and the most a merge cursor buffers. */
#define SP_ORDER_CHUNK ((size_t)1 << 16)

/*
 * Equal starts in a segment may come with their ends going up (a call
 * recorded before the call of its region that starts with it and holds
 * it: recursion does that) in runs of at most this many calls; the
 * merge's cursor sorts such runs (sp_order_seg.ties).
 */
#define SP_ORDER_TIE_RUN 16

/*
 * A stretch of one row, one lane, in canonical order, or, with ties, in
 * start order whose runs of equal starts are at most SP_ORDER_TIE_RUN
 * calls long and need sorting (end descending, then call index).
 */
struct sp_order_seg {
	size_t row;
	int64_t lane;
	uint64_t begin, end;	/* call range of the row it spans */
	uint64_t count;		/* its calls (other lanes interleave) */
	int64_t base;		/* start of call begin - 1 (delta) */
	int ties;
};

struct sp_order {
	struct sp_source *src;
	const struct sp_order_opts *o;
	struct sp_writer *w;
	struct sp_err *e;
	uint32_t run;
	size_t batch;		/* calls per batch */
	unsigned xmask;		/* x columns the batches carry */
	int lanes;		/* thread/task columns give lanes */
	/* one chunk of a row as read (pre-pass, file order, merge lanes) */
	int64_t *a, *b, *x[SP_X_COUNT];
	int64_t *cols;		/* the block those and out's columns are in */
	/* what the pre-pass finds */
	struct sp_order_seg *segs;	/* those of the rows written, by row */
	size_t nsegs, capsegs;
	size_t *seg_end;	/* row -> end of its segments in segs */
	int64_t *row_min;	/* row -> its earliest start */
	int has_span;		/* the run item's span: */
	int64_t span_lo, span_hi;
	int id_any[2];		/* some call id, parent id is not -1 */
	uint64_t total;		/* calls of the selected rows */
	uint32_t *order;	/* region id -> position in the region order */
	/* the window, in absolute ns; row -> its calls in it */
	int win_on;
	struct sp_window_ns win;
	uint64_t *row_kept;
	/*
	 * row -> a bit per call in recording order, set when kept, and per
	 * 64-bit word the kept calls before it: a kept call's index among
	 * the row's kept calls, which its row counts; region -> the row of
	 * the rank being written.
	 */
	uint64_t **kept_bits, **kept_before;
	size_t *win_row;
	/* the output: the current lane's next calls, and the counts so far */
	struct sp_batch out;
	uint64_t calls, batches;
};

/* sp_order.c */
int sp_order_oom(struct sp_order *or);
/* Whether the row is of a selected rank and a region the filter keeps. */
int sp_order_row_selected(const struct sp_order *or,
    const struct sp_source_row *r);
/* Start the output of a lane: its batches count calls from 0. */
void sp_order_lane_begin(struct sp_order *or, uint32_t rank, int64_t lane);
/* Write the output batch, if it holds any call, and empty it. */
int sp_order_flush(struct sp_order *or);

/*
 * The lane of call i of the chunk in or->x: its task id when it has one,
 * else -2 - its thread id, else -1; -1 for every call of a source that has
 * no thread column (the reference stacks by lane only where one exists).
 */
static inline int64_t
sp_order_lane_of(const struct sp_order *or, size_t i)
{
	int64_t task = or->x[SP_X_TASK] != NULL ? or->x[SP_X_TASK][i] : -1;
	int64_t thread = or->x[SP_X_THREAD] != NULL ?
	    or->x[SP_X_THREAD][i] : -1;

	if (!or->lanes)
		return -1;
	if (task >= 0)
		return task;
	if (thread >= 0)
		return -2 - thread;
	return -1;
}

/*
 * sp_order_scan.c: read every row once; fill segs, seg_end, row_min, the
 * span and id_any, clear each written row's GPU column that says nothing,
 * and the id columns that hold nothing but -1 in the whole file.
 */
int sp_order_prepass(struct sp_order *or);

/*
 * sp_order_regions.c: the region order (sp_order.h) of src into order,
 * from each row's earliest start (row_min, ignored for a row without
 * calls).
 */
int sp_order_regions(const struct sp_source *src, const int64_t *row_min,
    uint32_t *order, struct sp_err *e);

/* sp_order_merge.c: the k segments of one lane (sg), merged, as batches. */
int sp_order_merge_lane(struct sp_order *or, const struct sp_order_seg *sg,
    size_t k, uint32_t rank);

/*
 * sp_order_missing.c: tell o->missing the ranks of o->ranks that the run
 * has neither rows nor a rank group of (nothing with --shard).
 */
int sp_order_missing(struct sp_order *or);

/*
 * sp_order_window.c: after the pre-pass, the window of the run in
 * absolute ns (or->win), the calls each row keeps (or->row_kept) and the
 * run's span cut to the window; nothing without a window.
 */
int sp_order_window(struct sp_order *or);
/*
 * The rows of a rank item as the window leaves them (n of them): their
 * calls kept, no summaries nor totals, event metadata cut to the calls
 * kept, in texts the caller frees with sp_order_window_free_texts().
 */
int sp_order_window_rows(struct sp_order *or, const size_t *row_index,
    struct sp_row_info *rows, size_t n, char ***texts);
void sp_order_window_free_texts(char **texts, size_t n);
/* Drop the output batch's calls the window does not keep, clip the rest. */
void sp_order_window_cut(struct sp_order *or);
void sp_order_window_free(struct sp_order *or);

/*
 * sp_order_file.c: the selected rows among [r0, r1), those of one rank,
 * in file order.
 */
int sp_order_file_rows(struct sp_order *or, uint32_t rank, size_t r0,
    size_t r1);

#endif
