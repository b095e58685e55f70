/*
 * sp_report_hist.h - the duration distributions of a run's regions
 * (doc/report.md, "Durations"): for each region, how many of its calls
 * took each range of durations, counted call by call in fixed bins, so
 * that memory is O(regions x bins) whatever the calls.
 *
 * The bins are log-spaced on a 1-2-5 series: bin 0 holds 0 ns, bin j
 * >= 1 the durations in [edge(j), edge(j + 1)) ns with edge 1, 2, 5, 10,
 * 20, 50, ... 5e18 ns; the last bin has no upper edge.
 *
 * Ownership: the caller owns the counts; batches are read during the
 * call only.
 */
#ifndef SP_REPORT_HIST_H
#define SP_REPORT_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_stats.h"
#include "sp_stats_text.h"

#define SP_REPORT_HIST_BINS	58	/* 0, then 19 decades of 3 */
#define SP_REPORT_HIST_PLOTS	8

/* The bin of a duration in ns (>= 0), and the lower edge of bin j. */
size_t sp_report_hist_bin(int64_t ns);
int64_t sp_report_hist_edge(size_t j);

struct sp_report_hist;

/* NULL without memory. */
struct sp_report_hist *sp_report_hist_new(void);
void sp_report_hist_free(struct sp_report_hist *h);

/* A run begins with nregions region ids: every count 0.  -1 without
 * memory. */
int sp_report_hist_run(struct sp_report_hist *h, size_t nregions);
/* Count the durations of a call batch's calls (end - start). */
void sp_report_hist_calls(struct sp_report_hist *h, const struct sp_batch *b);
/* The calls of region id in bin j. */
uint64_t sp_report_hist_count(const struct sp_report_hist *h, uint32_t id,
    size_t j);

/*
 * The section: a histogram of each of the SP_REPORT_HIST_PLOTS regions
 * of res with the most own time (the session's root aside), as static
 * SVG, with their bins' edges and counts, and the region's percentiles
 * from res.  -1 without memory.
 */
int sp_report_hist_draw(struct sp_stats_text *b,
    const struct sp_report_hist *h, const struct sp_stats_result *res,
    const char *id);

#endif
