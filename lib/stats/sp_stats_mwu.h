/*
 * sp_stats_mwu.h - the two-sided Mann-Whitney U test, as SciPy's
 * mannwhitneyu(x, y) computes it with its defaults (two-sided, method
 * "auto", continuity correction): whether two samples (the per-run values
 * of a region before and after a change, or one run's per-call durations)
 * come from one distribution.
 *
 * U1 is the U of x: over the values of x, the number of values of y below
 * it plus half the number equal to it (the sum of x's mid-ranks in the
 * pooled sample less n1 (n1 + 1) / 2).  The test uses U = max(U1, n1 n2 -
 * U1).  The method, as SciPy chooses it:
 *
 *   exact       when a sample has 8 values or fewer and no value occurs
 *               twice in the pooled sample: p = 2 P(U' >= U) under the
 *               exact null distribution of U' (every arrangement of the
 *               pooled ranks equally likely), computed in 128-bit
 *               integers (in long double where the number of
 *               arrangements exceeds 2^125), clipped to 1.  The table
 *               holds one count a value of U' up to n1 n2 / 2: 16 bytes
 *               each, at most 64 bytes a value of the larger sample.
 *   asymptotic  otherwise: z = (U - n1 n2 / 2 - 1/2) / s, with s^2 =
 *               n1 n2 / 12 ((n + 1) - T / (n (n - 1))), n = n1 + n2, T
 *               the sum of t^3 - t over the groups of t equal values (the
 *               tie correction); p = 2 (1 - Phi(z)), clipped to 1.  When
 *               every value is equal, s = 0 and p = 1.
 *
 * Every step is SciPy's double arithmetic in SciPy's order, so p agrees
 * with it to about 1e-13 relative (the normal tail comes from the C
 * library's erfc, SciPy's from its own, which gives 0 below about
 * 1e-308 where ours still has a subnormal value).  Where SciPy's 64-bit
 * tie term would overflow (a group of over two million equal values),
 * ours is the exact one.
 *
 * The samples come as two streams, each ascending, merged in one pass:
 * memory is two buffers however long they are.  NaN, an empty sample, a
 * stream out of order or samples so large that n1 n2 reaches 2^62 are
 * refused (SP_EUSAGE).
 *
 * Ownership: sources are the caller's, read during the call only; arrays
 * are copied.
 */
#ifndef SP_STATS_MWU_H
#define SP_STATS_MWU_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats_sort.h"

/*
 * A sample in ascending order: next() puts the next up to n values in
 * out and their number in *got (0 at the end); 0, or -1 on error.
 */
struct sp_stats_mwu_src {
	void *ctx;
	int (*next)(void *ctx, double *out, size_t n, size_t *got,
	    struct sp_err *e);
};

enum sp_stats_mwu_method {
	SP_STATS_MWU_EXACT,
	SP_STATS_MWU_ASYMPTOTIC,
};

struct sp_stats_mwu {
	uint64_t n1, n2;	/* sizes of x and y */
	double u1;		/* U of x */
	double p;		/* two-sided p-value, in [0, 1] */
	enum sp_stats_mwu_method method;
	int ties;		/* some value occurs more than once */
	double z;		/* asymptotic: the standardized U (else 0) */
};

int sp_stats_mwu_test(const struct sp_stats_mwu_src *x,
    const struct sp_stats_mwu_src *y, struct sp_stats_mwu *out,
    struct sp_err *e);

/* The same over arrays in any order (copied and sorted). */
int sp_stats_mwu_arrays(const double *x, size_t n1, const double *y,
    size_t n2, struct sp_stats_mwu *out, struct sp_err *e);

/*
 * A next() over an sp_stats_sort (ctx), its int64 values as doubles:
 * the sort is read from where it is.
 */
int sp_stats_mwu_next_sort(void *sort, double *out, size_t n, size_t *got,
    struct sp_err *e);

/*
 * The exact two-sided p-value of U (n1 n2 / 2 <= U <= n1 n2) for sizes
 * n1, n2 (the exact method above, whatever the sizes), or -1 with e set
 * when out of memory.
 */
double sp_stats_mwu_exact_p(uint64_t u, uint64_t n1, uint64_t n2,
    struct sp_err *e);

#endif
