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
 * The file order (sp-read --order file) is for sp-json, which needs each
 * (rank, region) row's calls in recording order: ranks ascending, and in
 * each rank its rows by region id, each row's calls in recording order,
 * in batches of lane -1 (a batch may span rows; the thread and task
 * columns still say each call's lane).  The header says "order": "file",
 * and a side item of kind "file-order" without a rank, right after the
 * region table, lists the ranks whose items follow, so that a consumer
 * knows which rank is the last.  The run, region and rank items are the
 * same as in time order.  Such a stream cannot be stacked.
 *
 * What is decided per file is decided over all its rows, whatever the
 * rank and region selection: the region order, and whether an id column
 * that holds nothing but -1 is absent.  So a rank selection changes which
 * ranks are written, never how they are written.
 *
 * A window (sp_window.h) keeps the calls that have time in it, clipped to
 * it.  The order stays that of the calls as recorded: the merge compares
 * their unclipped times and only the output batch is cut and clipped, so
 * that two calls that clipping makes equal come outer first; the run
 * item's "window" tells sp-stack to keep such ties in the order given.
 * Rows count their calls in the window; what a row says of all its calls
 * (summary statistics, exclusive total, the aggregate layout's totals) is
 * left out, and its per-call event metadata is cut to the calls kept.
 * The run's span is that of the kept calls, clipped.  A section holding a
 * windowed run opens with a 1.1 header (sp_writer_set_minor).
 *
 * Ownership: nothing is kept beyond the call.
 */
#ifndef SP_ORDER_H
#define SP_ORDER_H

#include "sp_filter.h"
#include "sp_ranks.h"
#include "sp_window.h"
#include "sp_section.h"
#include "sp_source.h"
#include "sp_stream.h"

/*
 * Progress of one file: called with its path, the calls written so far and
 * the calls it will write (those of the selected rows): once with done 0
 * before the pre-pass, after every batch (done > 0 then), and once more
 * with final set when the run is written.  It must not fail; it may print
 * (in cmd/).
 */
typedef void (*sp_order_progress_fn)(void *ctx, const char *path,
    uint64_t done, uint64_t total, int final);

/*
 * The ranks asked for that a run lacks (neither rows nor a rank group):
 * n ranges [lo, hi], ascending.  It must not fail; it may print.
 */
typedef void (*sp_order_missing_fn)(void *ctx, const char *path,
    const uint32_t (*ranges)[2], size_t n);

struct sp_order_opts {
	const struct sp_ranks *ranks;	/* NULL: every rank */
	const struct sp_filter *filter;	/* NULL: every region */
	size_t batch;			/* calls per batch, 0 = default */
	enum sp_section_order order;	/* SP_ORDER_TIME or SP_ORDER_FILE */
	/*
	 * A shard of the whole run (sp-read --shard): the run item's span
	 * (first_ns, last_ns) is that of the calls of every rank that the
	 * region filter keeps, not only of the selected ranks, so that the
	 * shards of a run, read separately, have equal run items and
	 * sp_restack joins them into the run read whole.
	 */
	int shard;
	sp_order_progress_fn progress;	/* NULL: none */
	void *progress_ctx;
	/*
	 * Called once per run that lacks some of the ranks asked for, unless
	 * shard: a shard of ranks the profile lacks is empty, as it should.
	 */
	sp_order_missing_fn missing;	/* NULL: none */
	void *missing_ctx;
	const struct sp_window *window;	/* NULL: every call, as recorded */
	/*
	 * For sp_read_files(): the names of the first nlabels runs, in
	 * order, instead of their own (sp-read --label).
	 */
	const char *const *labels;
	size_t nlabels;
};

/*
 * Write run, regions, rank, side and batch items and the run-end: the
 * run labelled label, unique in the section, made from name (NULL: the
 * label is the name; see struct sp_run_info).
 */
int sp_order_emit(struct sp_source *src, const char *label,
    const char *name, uint32_t run,
    const struct sp_order_opts *o, struct sp_writer *w, uint64_t *ncalls,
    struct sp_err *e);

#endif
