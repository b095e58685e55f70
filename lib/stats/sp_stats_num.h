/*
 * sp_stats_num.h - the arithmetic of the reference's region summary,
 * doc/stats.md, "Arithmetic", bit for bit.
 *
 * Seconds are sec(ns) = (double)ns / 1e9: one conversion and one IEEE
 * division, never a multiplication by 1e-9.  Sums of float64 arrays are
 * numpy's pairwise sums (np.sum, np.mean, np.std over a contiguous float64
 * array); a sum that numpy computes through a cast (np.mean of an int64
 * array) goes through its buffer, blocks of 8192 values added one after
 * another, each block pairwise.  Standard deviations are the population's
 * (divided by n), each term t = x - mean squared as t * t.  Percentiles
 * are numpy's default "linear" method with its two interpolation formulas.
 *
 * Values come as int64 nanoseconds and are converted on the fly, as the
 * reference converts its arrays: SP_CONV_SEC for arrays of seconds
 * (durations / 1e9), SP_CONV_DBL for int64 arrays that numpy reads as
 * float64 (the per-rank statistics, divided by 1e9 only at the end).
 *
 * Ownership: nothing is allocated; arrays are the caller's.
 */
#ifndef SP_STATS_NUM_H
#define SP_STATS_NUM_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

static inline double
sp_stats_sec(int64_t ns)
{
	return (double)ns / 1e9;
}

/*
 * numpy's ufunc buffer: a reduction hands its loop blocks of this many
 * values, which it sums pairwise one after another, the first block
 * starting at the first value.
 */
#define SP_STATS_BLOCK 8192

enum sp_stats_conv {
	SP_CONV_SEC,		/* x = sec(v) */
	SP_CONV_DBL,		/* x = (double)v */
};

static inline double
sp_stats_conv(int64_t v, enum sp_stats_conv c)
{
	return c == SP_CONV_SEC ? sp_stats_sec(v) : (double)v;
}

/* numpy's sum of n doubles. */
double sp_stats_psum(const double *a, size_t n);
/*
 * numpy's sum of the converted values, or (dev2) of the squared
 * deviations (x - m) * (x - m).
 */
double sp_stats_psum_i64(const int64_t *a, size_t n, enum sp_stats_conv c,
    int dev2, double m);

/*
 * The same sum over values read in order from a source too large to
 * hold: read() fills buf with the next n values (n <= 128).  The blocks
 * and their recursion are numpy's, so the result is the array version's.
 */
struct sp_stats_source {
	int (*read)(void *ctx, int64_t *buf, size_t n, struct sp_err *e);
	void *ctx;
};
int sp_stats_psum_stream(const struct sp_stats_source *s, uint64_t n,
    enum sp_stats_conv c, int dev2, double m, double *out, struct sp_err *e);

/*
 * Where numpy's linear percentile q (50, 95, 99) of n sorted values
 * falls: between s[*i] and s[*i + 1] at fraction *g, or exactly s[*i]
 * when *last (v >= n - 1, as for n = 1).  n > 0.
 */
void sp_stats_pct_at(uint64_t n, double q, uint64_t *i, double *g,
    int *last);
/* numpy's _lerp: a + (b - a) g below g = 0.5, b - (b - a)(1 - g) from it. */
double sp_stats_lerp(double a, double b, double g);

/*
 * Partial sort: afterwards a[k] is the k-th smallest of a[0..n), nothing
 * before it is larger and nothing after it smaller.  k < n.
 */
void sp_stats_select(int64_t *a, size_t n, size_t k);

/*
 * The ranks the three percentiles need, sorted and distinct, in rank[]
 * (at most 6); returns how many.
 */
size_t sp_stats_pct_ranks(uint64_t n, uint64_t rank[6]);

#endif
