/*
 * sp_join.h - the shards of one run joined into that run again, ahead of
 * the stacker: which items of an interval stream reach sp-stack's output.
 *
 * sp-read --shard reads some ranks of a profile into a section of its
 * own; concatenated, the sections of one profile are shards of one run.
 * When a section of one run ends, its run-end and stream-end wait.  If
 * the next section's first run has the same run item and region table,
 * byte for byte, and its first rank comes after the ranks of the run that
 * waits, it continues that run: its header, run and regions items are
 * dropped and its ranks follow on in the same run, whose run-end counts
 * both.  Otherwise what waits is written as it came.  Only a section's
 * single run can be continued, as run 0 of the output section, so no run
 * needs renumbering: an output run has the number of its input run.
 *
 * The join writes the items that frame sections and runs: every header
 * (in the call stage), every run-end, and what it held.  The caller
 * writes the rest, stacking the batches, in the order sp_join_item()
 * passes them on.
 *
 * Ownership: the caller owns the join; the writer and the producer text
 * are borrowed and must outlive it.  The join keeps copies of the run and
 * regions items of the latest run 0 and of a waiting stream-end.
 */
#ifndef SP_JOIN_H
#define SP_JOIN_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_stream.h"

struct sp_join;

/* Headers say producer ("sp-stack 0.1.0"). */
struct sp_join *sp_join_new(struct sp_writer *w, const char *producer,
    struct sp_err *e);
void sp_join_free(struct sp_join *j);

/*
 * The next item read, in stream order.  Returns 1 when the item is the
 * caller's to stack or write, 0 when the join took it (a header it wrote,
 * an item it holds or drops), -1 on error.  A header must have been
 * checked to be one sp-stack reads before it comes here: a joined
 * section's header is not written.
 */
int sp_join_item(struct sp_join *j, const struct sp_item *it,
    struct sp_err *e);

/*
 * The run-end of input run `run`, passed on by sp_join_item(), once the
 * caller has written the run's last batch: `calls` as the input's run-end
 * counts them and `batches` the batches the caller wrote for the input
 * run, lane ends included (all since the run-end before).  Written with
 * the counts of the shards joined before added, or held while a shard of
 * the run may follow.
 */
int sp_join_run_end(struct sp_join *j, uint32_t run, uint64_t calls,
    uint64_t batches, struct sp_err *e);

/*
 * Write what is held, as it came: at the end of the input, and after a
 * failure, so that the output is what it would have been without the
 * join.  Nothing is held afterwards.
 */
int sp_join_flush(struct sp_join *j, struct sp_err *e);

#endif
