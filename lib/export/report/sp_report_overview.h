/*
 * sp_report_overview.h - the overview of a run (doc/report.md,
 * "Overview"): which regions the page's bullets name, and their figures,
 * from the regions' records (struct sp_stats_region), pooled over the
 * selected ranks.  The session's root region (scope_profiler.session) is
 * the session, not one of the regions: its own time is the time outside
 * every region.
 *
 *   dominant    the region with the most own time (> 0): its own time,
 *               calls, and share of the time in regions (the sum of the
 *               regions' own times);
 *   largest     the region with the largest total, when it is another,
 *               with the share of that total its children take;
 *   outside     the session's time outside every region, shown at
 *               SP_REPORT_OUTSIDE_PCT % of the session or more;
 *   imbalance   with several ranks, the region whose slowest rank
 *               spends the most more than the per-rank mean, shown at
 *               SP_REPORT_IMBALANCE_PCT % or more;
 *   chatty      of the regions with SP_REPORT_CHATTY_CALLS calls or
 *               more at under SP_REPORT_CHATTY_AVG s each, the one with
 *               the most calls;
 *   no_calls    how many regions had no calls on the selected ranks.
 *
 * The session: the session region's total when the run has one, else the
 * profiled span times the ranks with calls.
 *
 * Ownership: nothing is kept.
 */
#ifndef SP_REPORT_OVERVIEW_H
#define SP_REPORT_OVERVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "sp_stats.h"

#define SP_REPORT_OUTSIDE_PCT	25.0
#define SP_REPORT_IMBALANCE_PCT	15.0
#define SP_REPORT_CHATTY_CALLS	1000
#define SP_REPORT_CHATTY_AVG	10e-6

#define SP_REPORT_NONE SIZE_MAX

struct sp_report_overview {
	size_t session;		/* the session region, or NONE */
	double session_s;	/* the session's seconds (0: unknown) */
	double in_regions;	/* the regions' own times, summed */
	size_t dominant;	/* region index, or NONE */
	double dominant_pct;	/* of in_regions */
	size_t largest;		/* NONE: none, or the dominant one */
	double children_pct;	/* of its total */
	double outside_s, outside_pct;
	int outside;		/* the bullet is shown */
	size_t imbalance;	/* NONE below the threshold or with 1 rank */
	double imbalance_pct;
	uint32_t imbalance_rank;	/* the slowest rank */
	size_t chatty;		/* NONE: none */
	size_t no_calls;
};

/* Is region r the session's root? */
int sp_report_is_session(const struct sp_stats_region *r);

/* span_s: the profiled span in seconds, 0 when unknown. */
void sp_report_overview(const struct sp_stats_result *res, double span_s,
    struct sp_report_overview *ov);

#endif
