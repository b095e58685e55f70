/*
 * test-stats_sort: a pool group comes back ascending, sorted in memory
 * when it fits the load bound and merged from runs on the temporary file
 * when it does not (many runs, tiny buffers), the same values either way;
 * empty and one-value groups, ties, negatives and the extremes of int64;
 * a sort read twice (rewind); the radix sort against qsort.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_stats_sort.h"

static uint64_t rng = 88172645463325252ull;

static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* Values of kind k: spread, few distinct (ties), negatives, extremes. */
static int64_t
value(int k, size_t i)
{
	switch (k) {
	case 0:
		return (int64_t)(next() >> 20);
	case 1:
		return (int64_t)(next() % 7) - 3;
	case 2:
		return -(int64_t)(next() % 100000);
	default:
		return i % 3 == 0 ? INT64_MIN : i % 3 == 1 ? INT64_MAX :
		    (int64_t)next();
	}
}

/* Read s to its end in pieces of `piece`; compare with want. */
static void
read_all(struct sp_stats_sort *s, const int64_t *want, size_t n, size_t piece,
    const char *what)
{
	int64_t *got = malloc((n + 1) * sizeof *got);
	struct sp_err e;
	size_t have = 0;
	ssize_t k;

	while ((k = sp_stats_sort_read(s, got + have, piece, &e)) > 0 &&
	    have + (size_t)k <= n)
		have += (size_t)k;
	CHECK(k == 0, "%s: read ended with %zd: %s", what, k, e.msg);
	CHECK(have == n, "%s: %zu values of %zu", what, have, n);
	CHECK(have != n || memcmp(got, want, n * sizeof *got) == 0,
	    "%s: values differ", what);
	CHECK(sp_stats_sort_read(s, got, 1, &e) == 0, "%s: end stays", what);
	free(got);
}

static void
one(size_t n, int kind, uint64_t load, size_t want_runs)
{
	struct sp_spill_budget b = { 1 << 14, 0 };
	struct sp_spill_file *t = sp_spill_file_new(NULL, NULL);
	struct sp_stats_pool *p = sp_stats_pool_new(t, &b, NULL);
	int64_t *want = malloc((n + 1) * sizeof *want);
	struct sp_stats_sort *s;
	struct sp_err e;
	char what[96];
	size_t i;

	snprintf(what, sizeof what, "n %zu kind %d load %llu", n, kind,
	    (unsigned long long)load);
	for (i = 0; i < n; i++) {
		want[i] = value(kind, i);
		/* another group in between, so that groups interleave */
		CHECK(sp_stats_pool_put(p, 2, want[i], &e) == 0 &&
		    sp_stats_pool_put(p, 1, -want[i], &e) == 0, "put");
	}
	qsort(want, n, sizeof *want, cmp_i64);
	s = sp_stats_sort_new(p, 2, load, t, &e);
	CHECK(s != NULL, "%s: %s", what, e.msg);
	if (s != NULL) {
		CHECK(sp_stats_sort_count(s) == n, "%s: count", what);
		CHECK(sp_stats_sort_runs(s) == want_runs, "%s: %zu runs, "
		    "want %zu", what, sp_stats_sort_runs(s), want_runs);
		read_all(s, want, n, 1 + (size_t)(next() % 3000), what);
		CHECK(sp_stats_sort_rewind(s, &e) == 0, "rewind: %s", e.msg);
		read_all(s, want, n, 4096, what);
	}
	sp_stats_sort_free(s);
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
	free(want);
}

static void
radix_vs_qsort(void)
{
	static int64_t a[5000], b[5000], scratch[5000];
	size_t n, i;
	int k;

	for (k = 0; k < 4; k++)
		for (n = 0; n <= 5000; n += 1 + n / 2) {
			for (i = 0; i < n; i++)
				a[i] = b[i] = value(k, i);
			sp_stats_sort_int64(a, n, scratch);
			qsort(b, n, sizeof *b, cmp_i64);
			CHECK(memcmp(a, b, n * sizeof *a) == 0,
			    "radix kind %d n %zu", k, n);
		}
}

static void
doubles(void)
{
	double a[] = { 3.5, -0.0, -2, 1e300, -1e-300, 3.5, 0 };
	size_t i;

	sp_stats_sort_doubles(a, 7);
	for (i = 1; i < 7; i++)
		CHECK(a[i - 1] <= a[i], "doubles ascending at %zu", i);
	CHECK(a[0] == -2 && a[6] == 1e300, "doubles ends");
}

int
main(void)
{
	int k;

	radix_vs_qsort();
	doubles();
	for (k = 0; k < 4; k++) {
		one(0, k, 1 << 20, 0);		/* empty */
		one(1, k, 16, 0);		/* one value, the least bound */
		one(1000, k, 1 << 20, 0);	/* in memory */
		/* runs of 1024 values (the least), buffers of 512 */
		one(10000, k, 16, 10);
		one(10240, k, 16 * 1024, 10);
		/* runs of 4096, one short; buffers of load / 8 / runs */
		one(50000, k, 16 * 4096, 13);
	}
	return failed != 0;
}
