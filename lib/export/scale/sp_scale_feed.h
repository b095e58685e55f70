/*
 * sp_scale_feed.h - a run's statistics (sp_stats.h) into a scaling
 * series (sp_scale.h), as sp-scale feeds it: each region's time by the
 * measure and its imbalance, and the run's span.  sp-scale and
 * sp-report's scaling section both feed a series through it, so that
 * their numbers are one computation.
 *
 * Ownership: the series, the run item and the result are borrowed for
 * the call.
 */
#ifndef SP_SCALE_FEED_H
#define SP_SCALE_FEED_H

#include "sp_err.h"
#include "sp_scale.h"
#include "sp_scale_report.h"
#include "sp_stats.h"
#include "sp_stream.h"

/* What the runs' statistics must hold for the measure (SP_STATS_WANT_*). */
unsigned sp_scale_feed_want(enum sp_scale_measure m);
/* The current run's span, from its run item (first start to last end). */
int sp_scale_feed_span(struct sp_scale *s, const struct sp_run_info *ri,
    struct sp_err *e);
/* The current run's regions with calls: their time and imbalance. */
int sp_scale_feed_result(struct sp_scale *s, enum sp_scale_measure m,
    const struct sp_stats_result *res, struct sp_err *e);

#endif
