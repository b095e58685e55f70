/*
 * sp_report_timeline.h - every rank of a run on one timeline
 * (doc/report.md, "Timeline"): a strip per rank, the run's span cut into
 * columns, each cell coloured by the top-level region that holds most
 * of that slice of time, or as outside every region when more of it is
 * outside.
 *
 * Top level: a call of a region that is not skipped (the session's root,
 * a region the filters drop), none of whose ancestors is; so the session
 * root's children are the top level of a profile that has one.  Two
 * levels are counted: level 0, the top-level calls; level 1, their
 * children (not skipped), the rest of a top-level call's time its own.
 * The drawing shows level 0, or level 1 when at level 0 one region
 * alone fills the cells (a main() around everything).  Calls come as the
 * call stream has them (sp_batch.h: each lane's calls in preorder, with
 * their depth), and the timeline keeps, for each lane, only its open
 * top-level call and the end of its last child.
 *
 * Columns: the span [first, last] is L = last - first ns long, cut into
 * n = min(SP_REPORT_TIMELINE_COLS, L) columns, column k holding
 * [first + floor(k L / n), first + floor((k + 1) L / n)); a call adds
 * to each column the ns of [start, end) inside it.  Without a span, or
 * with L = 0, there are no columns.  Every bound is exact integer
 * arithmetic, for any span an sp stream allows (at most INT64_MAX ns).
 *
 * Rows: ranks in the stream's order, one a row up to
 * SP_REPORT_TIMELINE_ROWS; past that, neighbouring rows are merged in
 * pairs, so a row is 2, 4, 8... consecutive ranks.  A cell keeps its
 * time in regions and at most SP_REPORT_TIMELINE_KEEP (region, time)
 * pairs, the regions' times summed over the row's ranks and lanes: exact
 * while a cell sees no more regions; past that a new region takes the
 * place of the smallest, adding its time to it (the space-saving count),
 * so any region holding more than 1/KEEP of the cell's time is kept.
 * The cell's time outside every region is its width times its ranks
 * less its time in regions (0 when a rank's lanes overlap more).
 *
 * Memory: O(levels x rows x columns), whatever the calls; the drawing holds at
 * most SP_REPORT_TIMELINE_RUNS rectangles (columns are merged in pairs
 * until it does), so its size is bounded too.
 *
 * Ownership: the caller owns the timeline; batches are read during the
 * call only.
 */
#ifndef SP_REPORT_TIMELINE_H
#define SP_REPORT_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_stats.h"
#include "sp_stats_text.h"

#define SP_REPORT_TIMELINE_COLS	800
#define SP_REPORT_TIMELINE_ROWS	256
#define SP_REPORT_TIMELINE_KEEP	4
#define SP_REPORT_TIMELINE_RUNS	32768
#define SP_REPORT_TIMELINE_COLOURS	12
#define SP_REPORT_TIMELINE_LEVELS	2

/* What a cell shows: a region id, or one of these. */
#define SP_REPORT_TIMELINE_OUTSIDE	UINT32_MAX

struct sp_report_timeline;

/* NULL without memory. */
struct sp_report_timeline *sp_report_timeline_new(void);
void sp_report_timeline_free(struct sp_report_timeline *t);

/*
 * A run begins: its span (has_span 0: none), its region ids and which of
 * them are skipped (skip[id] non-zero; NULL: none).  -1 without memory.
 */
int sp_report_timeline_run(struct sp_report_timeline *t, int has_span,
    int64_t first, int64_t last, size_t nregions, const uint8_t *skip);

/* The columns: their number, and the bounds of column k (k <= n). */
size_t sp_report_timeline_cols(const struct sp_report_timeline *t);
int64_t sp_report_timeline_bound(const struct sp_report_timeline *t,
    size_t k);

/* A rank begins: the next row, or the last one's when merged.  -1 without
 * memory. */
int sp_report_timeline_rank(struct sp_report_timeline *t, uint32_t rank);
/* The calls of a call batch of the current rank. */
void sp_report_timeline_calls(struct sp_report_timeline *t,
    const struct sp_batch *b);

/* The rows, the ranks a row holds, and its first and last rank. */
size_t sp_report_timeline_rows(const struct sp_report_timeline *t);
size_t sp_report_timeline_per(const struct sp_report_timeline *t);
void sp_report_timeline_row_ranks(const struct sp_report_timeline *t,
    size_t row, uint32_t *lo, uint32_t *hi);
/*
 * What cell (row, col) of a level shows: the region with the most time, or
 * SP_REPORT_TIMELINE_OUTSIDE when the time outside every region is
 * larger (ties go to the region, then the lower id); its time, in ns,
 * in *ns when ns is not NULL.
 */
uint32_t sp_report_timeline_cell(const struct sp_report_timeline *t,
    int level, size_t row, size_t col, double *ns);

/*
 * The section: the strips as static SVG, a legend of the
 * SP_REPORT_TIMELINE_COLOURS regions that fill most cells (the rest in
 * one colour), and the command that opens the run in Perfetto with
 * sp-trace, for source (NULL or "-": none).  Regions carry data-region,
 * their index in res.  May merge columns (above).  -1 without memory.
 */
int sp_report_timeline_draw(struct sp_stats_text *b,
    struct sp_report_timeline *t, const struct sp_stats_result *res,
    const char *source, const char *id);

#endif
