/*
 * sp_stats_hist.h - a histogram of durations for --approx: percentiles
 * in one pass and constant memory per group, within 1% of the exact ones.
 *
 * Values below 128 ns have a bucket each and come back exactly.  Above,
 * each power of two [2^k, 2^(k+1)) is cut into 64 buckets [l, u) of
 * width 2^(k-6) (found from the value's bits: no logarithm per call), and
 * a bucket stands for 2 l u / (l + u), whose distance to any value of the
 * bucket is at most (u - l) / (u + l) <= 1/129 = 0.78% of it; the
 * estimate is also kept within the group's exact minimum and maximum.
 * A percentile is numpy's linear interpolation between two such
 * estimates, so it is within 0.78% of the exact percentile too (both
 * neighbours are, and the interpolation is a convex combination).  The
 * buckets span the group's range only: 64 of 8 bytes per power of two,
 * about 1300 (10 KiB) for durations from 1 us to 1 s.
 *
 * Ownership: the caller owns the histogram.
 */
#ifndef SP_STATS_HIST_H
#define SP_STATS_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats_num.h"

/* The bound stated in the man page: 1/129, below 0.78%. */
#define SP_STATS_HIST_REL_ERROR (1.0 / 129)

struct sp_stats_hist;

struct sp_stats_hist *sp_stats_hist_new(void);
void sp_stats_hist_free(struct sp_stats_hist *h);

/* Empty again, keeping its memory. */
void sp_stats_hist_reset(struct sp_stats_hist *h);

/* Count v (>= 0; a negative value counts as 0). */
int sp_stats_hist_add(struct sp_stats_hist *h, int64_t v, struct sp_err *e);

uint64_t sp_stats_hist_count(const struct sp_stats_hist *h);

/* The bytes h holds (0 for NULL): what --approx's bound counts. */
size_t sp_stats_hist_bytes(const struct sp_stats_hist *h);

/*
 * The estimated percentiles 50, 95 and 99, converted with c as numpy
 * would interpolate the exact values.  The histogram is not empty.
 */
void sp_stats_hist_pct(const struct sp_stats_hist *h, enum sp_stats_conv c,
    double pct[3]);

/* The estimate of the value of rank k (0-based, k < count). */
double sp_stats_hist_value(const struct sp_stats_hist *h, uint64_t k);

#endif
