/*
 * sp_stats_run.h - the statistics of one run, fed batch by batch.
 *
 * The exporter hands over what the call stream says, in its order: the
 * run and its region table, each rank with its rows, its batches of
 * call batches (sp_stats_run_calls() walks them, sp_walk.h, opening and
 * closing their calls, and ends their lane with its last batch), the
 * ends of ranks; then sp_stats_run_finish() computes the result
 * (sp_stats.h).
 *
 * Orders.  The reference pools a region's durations rank by rank, each
 * rank's in recording order; so each rank's durations are first placed
 * by their index in their row (a store of the rank, sp_spill.h), and
 * appended to their region's pool when the rank ends.  Its table
 * accounts a rank's calls in one order over all its lanes (start
 * ascending, end descending, region order, recording order): a rank
 * with thread or task columns is logged and replayed in that order at
 * its end (sp_calllog.h, as sp-pstats does); a rank without them comes in
 * that order already.  Exact statistics keep every duration, in memory
 * up to the budget and beyond it in the temporary file (sp_stats_pool.h);
 * approx keeps histograms (sp_stats_hist.h) and exact integer moments.
 *
 * Filters.  keep() is the reference's include/exclude of summary() and
 * print_summary(): a region it drops has no record and no path, and its
 * calls are invisible to the tree (their children hang on the nearest
 * kept ancestor), but every exclusive time stays the one of the whole
 * call tree.  A rank the caller does not select is only looked at for the
 * regions it has (print_summary lists a region recorded on other ranks
 * with empty values).
 *
 * With SP_STATS_WANT_TREE alone, only what the table shows is kept: the
 * region records are whole only for the regions that get a fallback row
 * (the others have path rows), and the rows hold what need says.
 *
 * Ownership: options are copied, keep's context borrowed; the run info,
 * region table and rank info are read during the calls only.  The result
 * is the caller's.
 */
#ifndef SP_STATS_RUN_H
#define SP_STATS_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"
#include "sp_stats.h"
#include "sp_stats_pool.h"
#include "sp_stats_run_opts.h"
#include "sp_stream.h"
#include "sp_walk.h"

struct sp_stats_run;

struct sp_stats_run *sp_stats_run_new(const struct sp_stats_run_opts *o,
    struct sp_err *e);
void sp_stats_run_free(struct sp_stats_run *r);

/* A run begins (its label: unique in the stream). */
int sp_stats_run_begin(struct sp_stats_run *r, const struct sp_run_info *ri,
    const char *label, struct sp_err *e);
int sp_stats_run_regions(struct sp_stats_run *r,
    const struct sp_region_table *t, struct sp_err *e);
/* A rank begins; its calls count only when selected. */
int sp_stats_run_rank(struct sp_stats_run *r, const struct sp_rank_info *ri,
    int selected, struct sp_err *e);
/* A lane begins (its name, for the lanes' records). */
int sp_stats_run_lane(struct sp_stats_run *r, int64_t lane,
    const char *name, struct sp_err *e);
/*
 * The calls of a call batch, walked with w (sp_walk.h), which checks
 * them as they open and close: the checks and the accounting are one
 * pass over the batch, which the options' watch, when there is one,
 * shares (sp_stats_run_opts.h).  A failure of the walk (a stream that contradicts
 * itself) sets *walk_failed, and e says why after the walk's name.
 */
int sp_stats_run_calls(struct sp_stats_run *r, struct sp_walk *w,
    const struct sp_batch *b, int *walk_failed, struct sp_err *e);
int sp_stats_run_rank_end(struct sp_stats_run *r, struct sp_err *e);

/* The run is over: its result in *out. */
int sp_stats_run_finish(struct sp_stats_run *r, struct sp_stats_result **out,
    struct sp_err *e);

/*
 * The per-call durations (int64 ns, each rank's in recording order) of
 * the run last finished, when the options' hand_out asked for them, as a
 * pool (sp_stats_pool.h) of one group a key:
 *
 *   SP_STATS_WANT_REGIONS  a region's: group sp_stats_region.id (also a
 *                          fallback row's region); its count is
 *                          num_calls unless aggregate entries have no
 *                          durations;
 *   SP_STATS_WANT_TREE     a call path's: group sp_stats_row.path.
 *
 * The pool is the caller's from then on (NULL: none kept, as with
 * approx); every value of it is on the run's temporary file
 * (sp_stats_run_file()), so it holds no memory of the budget and
 * outlives the run and the runs after it, but not the struct
 * sp_stats_run: free it first.  A pool not taken goes when the next run
 * begins.
 */
struct sp_stats_pool *sp_stats_run_durations(struct sp_stats_run *r,
    unsigned what);
/* The temporary file the pools and sorts of the run's data go to. */
struct sp_spill_file *sp_stats_run_file(struct sp_stats_run *r);

#endif
