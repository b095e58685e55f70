/*
 * sp_report_svg.h - the report's pictures of a run, static SVG drawn from
 * the per-rank records (struct sp_stats_rankrec), never from calls
 * (doc/report.md, "Pictures"):
 *
 *   heatmap    ranks down in the order of sp_report_order.h (grouped by
 *              the region where their own time stands furthest above its
 *              mean, most own time first), regions across (the
 *              SP_REPORT_SVG_COLS with the most own time, the session's
 *              root aside), each cell a rank's own time in the region
 *              over the region's mean over the ranks, on a scale from
 *              half the mean (blue) through the mean (white) to twice it
 *              and more (red); grey where the rank never entered the
 *              region.  Past SP_REPORT_SVG_ROWS ranks, consecutive ranks
 *              of the order share a row, which shows their mean.  A
 *              column is one path per colour;
 *   imbalance  for each of the SP_REPORT_SVG_PLOTS regions with the
 *              largest totals, the ranks' totals as a line over the ranks
 *              in rank order (at most SP_REPORT_SVG_POINTS points,
 *              consecutive ranks sharing one past that) and their mean
 *              dashed.
 *
 * Both need two ranks or more: with one, they say so in a line.  Each
 * region's parts carry data-region (its name), for the page's script.
 * Their size is bounded by the constants, whatever the ranks and calls.
 *
 * Ownership: the result is borrowed; the text is the caller's.
 */
#ifndef SP_REPORT_SVG_H
#define SP_REPORT_SVG_H

#include "sp_stats.h"
#include "sp_stats_text.h"

#define SP_REPORT_SVG_ROWS	2048
#define SP_REPORT_SVG_ROWS_TEXT	"2048"
#define SP_REPORT_SVG_POINTS	256
#define SP_REPORT_SVG_COLS	40
#define SP_REPORT_SVG_PLOTS	12

/* -1 without memory; id: the run section's id. */
int sp_report_svg_heatmap(struct sp_stats_text *b,
    const struct sp_stats_result *res, const char *id);
int sp_report_svg_imbalance(struct sp_stats_text *b,
    const struct sp_stats_result *res, const char *id);

#endif
