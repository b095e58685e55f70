/*
 * sp_report_across.h - the page's sections that compare its runs
 * (doc/report.md, "Across runs"), fed run by run beside the runs' own
 * sections and drawn when the input has ended:
 *
 *   change   with two runs: sp-diff's comparison of the second with the
 *            first, by its default metric and keys (each region's total),
 *            fed through sp_diff_feed.h as sp-diff feeds it, as its table
 *            (sp_diff_cells_row(): the same cells, "~" for a change that
 *            is not significant) and a chart of each region's change in
 *            per cent;
 *   scaling  with runs of two rank counts or more: sp-scale's series by
 *            its defaults (x the rank count, strong scaling, the mean
 *            call), fed through sp_scale_feed.h, as a table of its rows
 *            and sp-scale's SVG chart.
 *
 * Every row and bar carries its region as data-region (the name,
 * escaped) and its numbers as data-* attributes in shortest round-trip
 * form, which the browser test compares with sp-diff's and sp-scale's
 * JSON.  Memory: O(regions x runs), whatever the calls (the change's
 * per-call samples, when its metric has them, in the runs' pools on the
 * temporary file, as in sp-diff).
 *
 * Ownership: the run item, label and result are borrowed for the call;
 * the text is the caller's.  Free the comparison before the runs'
 * statistics (sp_diff_feed.h).
 */
#ifndef SP_REPORT_ACROSS_H
#define SP_REPORT_ACROSS_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_stats.h"
#include "sp_stats_run.h"
#include "sp_stats_text.h"
#include "sp_stream.h"

/* The bars the change chart draws at most; the rest are in the table. */
#define SP_REPORT_ACROSS_BARS 40

struct sp_report_across;

/* mem: the sorts' budget, as sp-diff's -S. */
struct sp_report_across *sp_report_across_new(uint64_t mem,
    struct sp_err *e);
void sp_report_across_free(struct sp_report_across *a);

/* What the runs' statistics must hold besides the page's, into ro. */
void sp_report_across_want(struct sp_stats_run_opts *ro);
/* The runs' statistics, whose temporary file the sorts use. */
void sp_report_across_sorting(struct sp_report_across *a,
    struct sp_stats_run *run);

int sp_report_across_run(struct sp_report_across *a,
    const struct sp_run_info *ri, const char *label, struct sp_err *e);
int sp_report_across_result(struct sp_report_across *a,
    struct sp_stats_run *run, const struct sp_stats_result *res,
    struct sp_err *e);

/*
 * The sections, into b, and their entries of the contents list (<li>
 * lines) into nav; nothing when the runs have nothing to compare.
 */
int sp_report_across_draw(struct sp_report_across *a,
    struct sp_stats_text *b, struct sp_stats_text *nav, struct sp_err *e);

#endif
