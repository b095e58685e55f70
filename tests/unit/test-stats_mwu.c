/*
 * test-stats_mwu: the U test on cases worked by hand and checked with
 * scipy.stats.mannwhitneyu: the exact method (no ties, a side of 8 values
 * or fewer), the asymptotic one with and without ties, every value tied,
 * the method switch at 8/9 values, U1 of each side, the exact p-values
 * of the null distribution's extremes, and what is refused (an empty
 * side, NaN, a stream out of order); the stream through sp_stats_sort.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sp_stats_mwu.h"

static void
near(double got, double want, const char *what)
{
	CHECK(fabs(got - want) <= 1e-13 * fabs(want), "%s: p %.17g, want "
	    "%.17g", what, got, want);
}

static void
mwu(const double *x, size_t n1, const double *y, size_t n2, double u1,
    double p, enum sp_stats_mwu_method m, const char *what)
{
	struct sp_stats_mwu r;
	struct sp_err e;

	if (sp_stats_mwu_arrays(x, n1, y, n2, &r, &e) < 0) {
		CHECK(0, "%s: %s", what, e.msg);
		return;
	}
	CHECK(r.n1 == n1 && r.n2 == n2, "%s: sizes", what);
	CHECK(r.u1 == u1, "%s: U1 %g, want %g", what, r.u1, u1);
	CHECK(r.method == m, "%s: method %d", what, (int)r.method);
	near(r.p, p, what);
}

static void
hand_cases(void)
{
	/* ages of diagnosis, males and females: U = 17 of 20 */
	static const double males[] = { 19, 22, 16, 29, 24 };
	static const double females[] = { 20, 11, 17, 12 };
	static const double tx[] = { 19, 22, 16, 29, 24 };
	static const double ty[] = { 20, 11, 17, 19 };
	static const double a9[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	static const double b9[] = { 10, 11, 12, 13, 14, 15, 16, 17, 18 };
	static const double same[] = { 5, 5, 5 };
	static const double one[] = { 1 }, two[] = { 2 };

	/* 2 P(U >= 17) = 2 * 14 / 126 */
	mwu(males, 5, females, 4, 17, 0.1111111111111111,
	    SP_STATS_MWU_EXACT, "exact 5+4");
	mwu(females, 4, males, 5, 3, 0.1111111111111111,
	    SP_STATS_MWU_EXACT, "exact 4+5, the other side");
	/* one tie (19, 19): mid-ranks, the tie term 6, asymptotic */
	mwu(tx, 5, ty, 4, 15.5, 0.21874201001089977,
	    SP_STATS_MWU_ASYMPTOTIC, "ties 5+4");
	/* 9 and 9, apart: asymptotic, z = (81 - 40.5 - 0.5) / sqrt(128.25) */
	mwu(a9, 9, b9, 9, 0, 0.00041229480206169127,
	    SP_STATS_MWU_ASYMPTOTIC, "asymptotic 9+9");
	/* 8 and 9, apart: exact, 2 / C(17, 8) */
	mwu(a9, 8, b9, 9, 0, 2.0 / 24310, SP_STATS_MWU_EXACT, "exact 8+9");
	mwu(b9, 9, a9, 8, 72, 2.0 / 24310, SP_STATS_MWU_EXACT, "exact 9+8");
	/* every value equal: s = 0, p = 1 */
	mwu(same, 3, same, 3, 4.5, 1, SP_STATS_MWU_ASYMPTOTIC, "all tied");
	/* one value each: U = 1 of 1, p = 2 * 1/2 */
	mwu(one, 1, two, 1, 0, 1, SP_STATS_MWU_EXACT, "1+1");
	/* U at the middle of the null distribution: p clipped to 1 */
	mwu((const double[]){ 1, 4 }, 2, (const double[]){ 2, 3 }, 2, 2, 1,
	    SP_STATS_MWU_EXACT, "middle");
}

static void
exact_extremes(void)
{
	struct sp_err e;
	uint64_t m, n;

	/* U = m n: only one arrangement of C(m + n, m) */
	for (m = 1; m <= 8; m++)
		for (n = 1; n <= 40; n += 3) {
			double c = 1;
			uint64_t i;

			for (i = 1; i <= m; i++)
				c = c * (double)(n + i) / (double)i;
			near(sp_stats_mwu_exact_p(m * n, m, n, &e),
			    2 / c > 1 ? 1 : 2 / c, "exact extreme");
		}
	/* the long double path (C(400, 200) > 2^125): symmetric in m, n */
	near(sp_stats_mwu_exact_p(200 * 200 - 5000, 200, 200, &e),
	    sp_stats_mwu_exact_p(200 * 200 - 5000, 200, 200, &e), "ld");
	CHECK(sp_stats_mwu_exact_p(200 * 200, 200, 200, &e) < 1e-100,
	    "ld extreme");
}

static void
refused(void)
{
	static const double x[] = { 1, 2 }, bad[] = { 1, NAN };
	struct sp_stats_mwu r;
	struct sp_err e;

	CHECK(sp_stats_mwu_arrays(x, 0, x, 2, &r, &e) < 0 &&
	    e.status == SP_EUSAGE && strstr(e.msg, "empty") != NULL,
	    "empty first side: %s", e.msg);
	CHECK(sp_stats_mwu_arrays(x, 2, x, 0, &r, &e) < 0 &&
	    e.status == SP_EUSAGE, "empty second side");
	CHECK(sp_stats_mwu_arrays(x, 2, bad, 2, &r, &e) < 0 &&
	    e.status == SP_EUSAGE && strstr(e.msg, "NaN") != NULL, "NaN");
}

struct arr {
	const double *a;
	size_t n, at;
};

static int
arr_next(void *ctx, double *out, size_t n, size_t *got, struct sp_err *e)
{
	struct arr *s = ctx;

	(void)e;
	n = n < 1 ? n : 1;	/* one at a time */
	if (s->at == s->n)
		n = 0;
	memcpy(out, s->a + s->at, n * sizeof *out);
	s->at += n;
	*got = n;
	return 0;
}

static void
out_of_order(void)
{
	static const double up[] = { 1, 2, 3 }, down[] = { 1, 3, 2 };
	struct arr ax = { up, 3, 0 }, ay = { down, 3, 0 };
	struct sp_stats_mwu_src x = { &ax, arr_next }, y = { &ay, arr_next };
	struct sp_stats_mwu r;
	struct sp_err e;

	CHECK(sp_stats_mwu_test(&x, &y, &r, &e) < 0 &&
	    e.status == SP_EUSAGE && strstr(e.msg, "ascending") != NULL,
	    "out of order: %s", e.msg);
}

/* Sorted streams from a pool spilled in runs give the arrays' answer. */
static void
through_sort(void)
{
	struct sp_spill_budget b = { 1 << 14, 0 };
	struct sp_spill_file *t = sp_spill_file_new(NULL, NULL);
	struct sp_stats_pool *p = sp_stats_pool_new(t, &b, NULL);
	static double dx[6000], dy[5000];
	struct sp_stats_sort *sx, *sy;
	struct sp_stats_mwu r, want;
	struct sp_err e;
	size_t i;

	for (i = 0; i < 6000; i++) {
		dx[i] = (double)((int64_t)(i * 7919 % 6007) - 3000);
		sp_stats_pool_put(p, 0, (int64_t)dx[i], &e);
		if (i < 5000) {
			dy[i] = (double)((int64_t)(i * 104729 % 4999) - 2400);
			sp_stats_pool_put(p, 1, (int64_t)dy[i], &e);
		}
	}
	sx = sp_stats_sort_new(p, 0, 16 * 1024, t, &e);
	sy = sp_stats_sort_new(p, 1, 16 * 1024, t, &e);
	CHECK(sx != NULL && sy != NULL && sp_stats_sort_runs(sx) == 6,
	    "sorts");
	if (sx != NULL && sy != NULL) {
		struct sp_stats_mwu_src x = { sx, sp_stats_mwu_next_sort };
		struct sp_stats_mwu_src y = { sy, sp_stats_mwu_next_sort };

		CHECK(sp_stats_mwu_test(&x, &y, &r, &e) == 0, "test: %s",
		    e.msg);
		CHECK(sp_stats_mwu_arrays(dx, 6000, dy, 5000, &want, &e) == 0,
		    "arrays");
		CHECK(r.u1 == want.u1 && r.p == want.p && r.ties &&
		    r.method == SP_STATS_MWU_ASYMPTOTIC, "sorted streams: "
		    "U1 %g p %g, arrays %g %g", r.u1, r.p, want.u1, want.p);
	}
	sp_stats_sort_free(sx);
	sp_stats_sort_free(sy);
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
}

int
main(void)
{
	hand_cases();
	exact_extremes();
	refused();
	out_of_order();
	through_sort();
	return failed != 0;
}
