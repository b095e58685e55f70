/*
 * sp_report_calls.h - what sp-report's page draws from the calls
 * themselves rather than from the statistics: the timeline of every rank
 * (sp_report_timeline.h) and the regions' duration distributions
 * (sp_report_hist.h), both counted as the calls stream through, in
 * memory bounded whatever the calls, and the flame graph
 * (sp_report_flame.h), in memory of the run's call paths.
 *
 * Feed it the stream of a run in its order: the run, its regions, each
 * rank, the call batches of the ranks selected (the flame graph takes
 * their calls from the statistics' walk, sp_report_calls_watch()); then
 * draw.  The session's
 * root and the regions that keep() drops are no top level on the
 * timeline, and the dropped ones have no histogram.
 *
 * Ownership: the caller owns it; what is handed is read during the call
 * only, keep's context borrowed for the run.
 */
#ifndef SP_REPORT_CALLS_H
#define SP_REPORT_CALLS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"
#include "sp_stats.h"
#include "sp_stats_run_opts.h"
#include "sp_stats_text.h"
#include "sp_stream.h"

struct sp_report_calls;

struct sp_report_calls *sp_report_calls_new(struct sp_err *e);
void sp_report_calls_free(struct sp_report_calls *c);

/* Each -1 without memory (e filled). */
int sp_report_calls_run(struct sp_report_calls *c,
    const struct sp_run_info *ri, struct sp_err *e);
int sp_report_calls_regions(struct sp_report_calls *c,
    const struct sp_region_table *t,
    int (*keep)(void *ctx, const char *name, size_t len), void *keep_ctx,
    struct sp_err *e);
int sp_report_calls_rank(struct sp_report_calls *c, uint32_t rank,
    int selected, struct sp_err *e);
/* A call batch already checked (sp_walk.h) of the current rank. */
void sp_report_calls_batch(struct sp_report_calls *c,
    const struct sp_batch *b);
/*
 * The watch of the statistics' walk (sp_stats_run_opts.h) through which
 * the flame graph takes the calls, into *w; the statistics are to be
 * handed each batch before sp_report_calls_batch().
 */
void sp_report_calls_watch(struct sp_report_calls *c,
    struct sp_stats_run_watch *w);

/*
 * The sections of the run, after its statistics res: the timeline, with
 * the command that opens source in Perfetto, and the durations.  -1
 * without memory.
 */
int sp_report_calls_draw(struct sp_stats_text *b, struct sp_report_calls *c,
    const struct sp_stats_result *res, const char *source, const char *id);

/*
 * The flame graph's section (sp_report_flame_draw()): 1 with a graph, 0
 * without, -1 (e filled) without memory.
 */
int sp_report_calls_flame(struct sp_stats_text *b, struct sp_report_calls *c,
    const char *label, const char *id, struct sp_err *e);

#endif
