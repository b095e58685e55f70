/*
 * test-stats_median: benchmath's median and its 95% interval on cases
 * worked by hand: no lower bound below 6 values, the orders for 6 to 10
 * values from the binomial (n, 1/2), the interval's confidence, the
 * median's interpolation, an empty sample, a confidence of 1, the normal
 * approximation above 30 values, and the same answer from a sort spilled
 * in runs as from the array.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "sp_stats_median.h"

static void
orders(uint64_t n, uint64_t lo, uint64_t hi, double conf)
{
	struct sp_stats_median m;

	sp_stats_median_plan(n, 0.95, &m);
	CHECK(m.lo_order == lo && m.hi_order == hi, "n %llu: orders %llu "
	    "%llu, want %llu %llu", (unsigned long long)n,
	    (unsigned long long)m.lo_order, (unsigned long long)m.hi_order,
	    (unsigned long long)lo, (unsigned long long)hi);
	CHECK(m.confidence == conf, "n %llu: confidence %.17g, want %.17g",
	    (unsigned long long)n, m.confidence, conf);
	CHECK(m.defined == (lo >= 1 && hi <= n), "n %llu: defined",
	    (unsigned long long)n);
}

static void
small(void)
{
	/*
	 * Binomial weights in 32nds for n = 5: 1 5 10 10 5 1.  From the
	 * mode 2 ([2, 3), 10), larger neighbour first, the left on a tie:
	 * right 3 (20), left 1 (25), right 4 (30), left 0 (31 >= 30.4):
	 * [0, 5), so no lower bound.
	 */
	orders(5, 0, 5, 31.0 / 32);
	/* n = 6 (1 6 15 20 15 6 1): 3; 2, 4, 1, 5 -> [1, 6), 62/64 */
	orders(6, 1, 6, 62.0 / 64);
	/* n = 7: mode 3 (35), 4, 2, 5, 1, 6 -> [1, 7), 126/128 */
	orders(7, 1, 7, 126.0 / 128);
	/* n = 8 (... 56 70 56 ...): 4; 3, 5, 2, 6, 1 -> [1, 7), 246/256 */
	orders(8, 1, 7, 246.0 / 256);
	/* n = 9: 4 (126); 5, 3, 6, 2, 7 -> [2, 8), 492/512 */
	orders(9, 2, 8, 492.0 / 512);
	/* n = 10: 5 (252); 4, 6, 3, 7, 2, 8 -> [2, 9), 1002/1024 */
	orders(10, 2, 9, 1002.0 / 1024);
	orders(1, 0, 2, 1);
	orders(0, 0, 1, 1);
}

static void
values(void)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct sp_stats_median m;

	sp_stats_median_array(x, 8, 0.95, &m);
	CHECK(m.center == 4.5 && m.lo == 1 && m.hi == 7 && m.defined,
	    "8 values: %g [%g, %g]", m.center, m.lo, m.hi);
	sp_stats_median_array(x, 5, 0.95, &m);
	CHECK(fabs(m.center - 3) < 1e-15 && isinf(m.lo) && m.lo < 0 &&
	    m.hi == 5 && !m.defined, "5 values: %g [%g, %g]", m.center,
	    m.lo, m.hi);
	sp_stats_median_array(x, 1, 0.95, &m);
	CHECK(m.center == 1, "1 value: %g", m.center);
	sp_stats_median_array(x, 0, 0.95, &m);
	CHECK(isnan(m.center) && m.lo < 0 && m.hi > 0 && !m.defined,
	    "no value");
	sp_stats_median_array(x, 8, 1, &m);
	CHECK(m.lo_order == 0 && m.hi_order == 9 && m.confidence == 1 &&
	    !m.defined, "confidence 1");
	/* R8 between two values: 2 values, h = 1/3 + 7/6 = 1.5 */
	sp_stats_median_array((const double[]){ 10, 20 }, 2, 0.95, &m);
	CHECK(fabs(m.center - 15) < 1e-12, "2 values: %.17g", m.center);
}

static void
large(void)
{
	struct sp_stats_median m;

	/*
	 * n = 100: mu 50, sigma 5, l1 = 50 - 1.959964 * 5 = 40.2; lo =
	 * floor(39.7) + 1 = 40, hi = ceil(59.3) + 1 = 61, the biased 60
	 * keeps P(40 <= X < 60) = Phi(1.9) - Phi(-2.1) >= 0.95.
	 */
	sp_stats_median_plan(100, 0.95, &m);
	CHECK(m.lo_order == 40 && m.hi_order == 60 && m.ambiguous,
	    "n 100: %llu %llu", (unsigned long long)m.lo_order,
	    (unsigned long long)m.hi_order);
	CHECK(fabs(m.confidence - 0.95341) < 1e-4, "n 100: %g",
	    m.confidence);
}

static void
through_sort(void)
{
	struct sp_spill_budget b = { 1 << 14, 0 };
	struct sp_spill_file *t = sp_spill_file_new(NULL, NULL);
	struct sp_stats_pool *p = sp_stats_pool_new(t, &b, NULL);
	static double x[9999];
	struct sp_stats_median ms, ma;
	struct sp_stats_sort *s;
	struct sp_err e;
	size_t i;

	for (i = 0; i < 9999; i++)
		sp_stats_pool_put(p, 0, (int64_t)(i * 7919 % 9999) - 77, &e);
	for (i = 0; i < 9999; i++)
		x[i] = (double)i - 77;
	s = sp_stats_sort_new(p, 0, 16 * 1024, t, &e);
	CHECK(s != NULL && sp_stats_sort_runs(s) == 10, "sort");
	if (s != NULL) {
		CHECK(sp_stats_median_sort(s, 0.95, &ms, &e) == 0, "median: "
		    "%s", e.msg);
		sp_stats_median_array(x, 9999, 0.95, &ma);
		CHECK(ms.center == ma.center && ms.lo == ma.lo &&
		    ms.hi == ma.hi && ms.center == 4999 - 77, "sorted "
		    "stream: %g [%g, %g]", ms.center, ms.lo, ms.hi);
		/* again: the sort is rewound */
		CHECK(sp_stats_median_sort(s, 0.95, &ms, &e) == 0 &&
		    ms.center == ma.center, "median twice");
	}
	sp_stats_sort_free(s);
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
}

int
main(void)
{
	small();
	values();
	large();
	through_sort();
	return failed != 0;
}
