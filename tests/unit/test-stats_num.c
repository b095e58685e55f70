/*
 * test-stats_num: the reference's arithmetic against numpy, bit for bit
 * (stats-table.inc), and the selection against a sort.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sp_stats_num.h"
#include "statsgen.h"

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* numpy's percentiles from a sorted copy, converted with c. */
static void
pcts(const int64_t *a, size_t n, enum sp_stats_conv c, double out[3])
{
	static const double q[3] = { 50, 95, 99 };
	int64_t *s = malloc(n * sizeof *s);
	uint64_t i;
	double g;
	int last, k;

	memcpy(s, a, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_i64);
	for (k = 0; k < 3; k++) {
		sp_stats_pct_at(n, q[k], &i, &g, &last);
		out[k] = last ? sp_stats_conv(s[i], c) :
		    sp_stats_lerp(sp_stats_conv(s[i], c),
		    sp_stats_conv(s[i + 1], c), g);
	}
	free(s);
}

static void
same(const char *what, size_t n, double got, uint64_t want)
{
	CHECK(got == bits_double(want), "n=%zu %s: %a, numpy %a", n, what, got,
	    bits_double(want));
}

static void
table(void)
{
	size_t r, k;

	for (r = 0; r < sizeof stats_table / sizeof *stats_table; r++) {
		const struct stats_row *t = &stats_table[r];
		int64_t *a = lcg_array(t->seed, t->n, t->big);
		double sum, m, p[3];

		sum = sp_stats_psum_i64(a, t->n, SP_CONV_SEC, 0, 0.);
		m = sum / (double)t->n;
		same("np.sum", t->n, sum, t->bits[0]);
		same("np.mean", t->n, m, t->bits[1]);
		same("np.std", t->n, sqrt(sp_stats_psum_i64(a, t->n,
		    SP_CONV_SEC, 1, m) / (double)t->n), t->bits[2]);
		pcts(a, t->n, SP_CONV_SEC, p);
		for (k = 0; k < 3; k++)
			same("np.percentile", t->n, p[k], t->bits[3 + k]);
		m = sp_stats_psum_i64(a, t->n, SP_CONV_DBL, 0, 0.) /
		    (double)t->n;
		same("np.mean(int64)", t->n, m, t->bits[6]);
		same("np.std(int64)", t->n, sqrt(sp_stats_psum_i64(a, t->n,
		    SP_CONV_DBL, 1, m) / (double)t->n), t->bits[7]);
		pcts(a, t->n, SP_CONV_DBL, p);
		for (k = 0; k < 3; k++)
			same("np.percentile(int64)", t->n, p[k],
			    t->bits[8 + k]);
		free(a);
	}
}

/* The sum from a source read in order equals the array's. */
struct src {
	const int64_t *a;
	size_t at;
};

static int
next(void *ctx, int64_t *buf, size_t n, struct sp_err *e)
{
	struct src *s = ctx;

	(void)e;
	memcpy(buf, s->a + s->at, n * sizeof *buf);
	s->at += n;
	return 0;
}

static void
stream(void)
{
	static const size_t ns[] = { 0, 1, 7, 8, 127, 128, 129, 1000, 4099 };
	struct sp_err e;
	size_t k;

	for (k = 0; k < sizeof ns / sizeof *ns; k++) {
		int64_t *a = lcg_array(k + 40, ns[k], k & 1);
		struct src s = { a, 0 };
		struct sp_stats_source src = { next, &s };
		double got, want = sp_stats_psum_i64(a, ns[k], SP_CONV_SEC, 1,
		    0.5);

		CHECK(sp_stats_psum_stream(&src, ns[k], SP_CONV_SEC, 1, 0.5,
		    &got, &e) == 0, "stream %zu", ns[k]);
		CHECK(got == want && s.at == ns[k], "stream n=%zu: %a, array "
		    "%a, read %zu", ns[k], got, want, s.at);
		free(a);
	}
}

static void
selection(void)
{
	size_t n, k, t;

	for (n = 1; n < 300; n += 7)
		for (t = 0; t < 4; t++) {
			int64_t *a = lcg_array(n * 4 + t, n, 0), *s;

			for (k = 0; t == 3 && k < n; k++)
				a[k] %= 3;	/* many equal values */
			s = malloc(n * sizeof *s);
			memcpy(s, a, n * sizeof *s);
			qsort(s, n, sizeof *s, cmp_i64);
			k = (n * 7 + t) % n;
			sp_stats_select(a, n, k);
			CHECK(a[k] == s[k], "select n=%zu k=%zu", n, k);
			free(a);
			free(s);
		}
}

static void
ranks(void)
{
	uint64_t r[6];

	CHECK(sp_stats_pct_ranks(1, r) == 1 && r[0] == 0, "n=1: one rank");
	/* n=4: v = 1.5 (1, 2), 2.85 (2, 3), 2.97 (2, 3) */
	CHECK(sp_stats_pct_ranks(4, r) == 3 && r[0] == 1 && r[1] == 2 &&
	    r[2] == 3, "n=4: ranks 1 2 3");
	CHECK(sp_stats_lerp(1., 1., 0.85) == 1., "lerp between equals");
	CHECK(sp_stats_lerp(0.5, 1., 0.5) == 0.75, "spec 6.3 p50");
}

int
main(void)
{
	table();
	stream();
	selection();
	ranks();
	return failed != 0;
}
