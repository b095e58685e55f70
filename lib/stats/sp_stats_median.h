/*
 * sp_stats_median.h - the median of a sample and its confidence interval,
 * as Go's benchstat reports "median ± CI" (its benchmath package, with no
 * assumption on the distribution).
 *
 * The median of n sorted values x[0..n) is the quantile of Hyndman and
 * Fan's definition 8: h = 1/3 + (n + 1/3) / 2 in doubles, k = floor(h),
 * x[k-1] + (h - k)(x[k] - x[k-1]), or x[0] when k < 1, x[n-1] when
 * k >= n (NaN when n = 0).
 *
 * The interval is distribution-free, from order statistics: the number of
 * values below the population's median is binomial (n, 1/2), and the
 * interval [x[lo-1], x[hi-1]] (1-based orders lo < hi) holds the median
 * with the probability that this number is in [lo, hi).
 *
 *   n <= 30: start at the binomial's mode c = ceil((n + 1) / 2) - 1, the
 *     band [c, c + 1), and while its probability is below the confidence
 *     and something is left, widen it by the neighbour of larger
 *     probability, the lower one when they are equal.  The
 *     probabilities are exact here (dyadic rationals), so "equal" is
 *     exact; benchmath's own floating-point binomial may break those
 *     ties the other way from n = 21 on.
 *   n > 30: the normal approximation, N(n/2, n/4) with continuity
 *     correction: l1 its alpha = (1 - confidence) / 2 quantile (Acklam's
 *     approximation refined by one Halley step), r1 = n - l1; lo =
 *     floor(l1 - 1/2) + 1, hi = ceil(r1 - 1/2) + 1, and hi - 1 instead
 *     when that still reaches the confidence with less; an interval
 *     reaching below 1 and beyond n has confidence 1.
 *
 * An order below 1 is -infinity, one above n +infinity: the interval is
 * then not defined.  At 95% that is the case for n <= 5 (benchstat asks
 * for 6 values or more); for n = 0 the median is NaN too.  A confidence
 * of 1 or more gives (-inf, +inf) with confidence 1.
 *
 * Ownership: arrays are the caller's; nothing is kept.
 */
#ifndef SP_STATS_MEDIAN_H
#define SP_STATS_MEDIAN_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats_sort.h"

struct sp_stats_median {
	uint64_t n;
	double center;		/* the median */
	double lo, hi;		/* the interval; -inf / +inf outside */
	double confidence;	/* its actual confidence (>= the one asked) */
	uint64_t lo_order;	/* 1-based; 0: lo is -inf */
	uint64_t hi_order;	/* 1-based; n + 1: hi is +inf */
	int ambiguous;		/* an interval shifted by one is as good */
	int defined;		/* lo and hi both finite */
	/* where the median lies: x[k-1] + frac (x[k] - x[k-1]) */
	uint64_t k;
	double frac;
};

/*
 * The plan for n values: everything but the values (center, lo and hi
 * NaN).  Which 0-based ranks the values need: sp_stats_median_ranks().
 */
void sp_stats_median_plan(uint64_t n, double confidence,
    struct sp_stats_median *m);
/* The distinct 0-based ranks to look up, ascending (at most 4). */
size_t sp_stats_median_ranks(const struct sp_stats_median *m,
    uint64_t rank[4]);
/* Fill center, lo and hi from the values at those ranks. */
void sp_stats_median_finish(struct sp_stats_median *m, const uint64_t *rank,
    const double *val, size_t nrank);

/* All of it for n sorted values. */
void sp_stats_median_array(const double *x, size_t n, double confidence,
    struct sp_stats_median *m);
/*
 * All of it for a sort (sp_stats_sort.h), read once from its start
 * (rewound first; left at its end), its int64 values as doubles.
 */
int sp_stats_median_sort(struct sp_stats_sort *s, double confidence,
    struct sp_stats_median *m, struct sp_err *e);

#endif
