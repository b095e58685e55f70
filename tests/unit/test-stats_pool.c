/*
 * test-stats_pool: values by group come back in the order they went in,
 * from memory and, with a budget far too small, from the runs on the
 * temporary file; reads of any range cross the runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_stats_pool.h"

#define GROUPS 37
#define PER 3000

static int64_t
value(uint32_t g, uint64_t k)
{
	return (int64_t)(g * 1000003 + k * 7);
}

static void
fill_and_check(uint64_t budget)
{
	struct sp_spill_budget b = { budget, 0 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p;
	struct sp_err e;
	int64_t buf[PER], seg[100];
	uint64_t k;
	uint32_t g;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	CHECK(p != NULL, "pool: %s", e.msg);
	if (p == NULL)
		return;
	/* interleaved: one value of each group at a time, some by slices */
	for (k = 0; k < PER; k += 10)
		for (g = 0; g < GROUPS; g++) {
			uint64_t j;

			if (g % 5 == 0) {
				for (j = 0; j < 10; j++)
					seg[j] = value(g, k + j);
				CHECK(sp_stats_pool_add(p, g * 3, seg, 10,
				    &e) == 0, "add: %s", e.msg);
				continue;
			}
			for (j = 0; j < 10; j++)
				CHECK(sp_stats_pool_put(p, g * 3, value(g,
				    k + j), &e) == 0, "put: %s", e.msg);
		}
	CHECK(sp_stats_pool_ngroups(p) == (GROUPS - 1) * 3 + 1, "groups");
	CHECK(budget > (1 << 22) || sp_stats_pool_runs(p) > 1,
	    "budget %llu: spilled %zu runs", (unsigned long long)budget,
	    sp_stats_pool_runs(p));
	for (g = 0; g < GROUPS; g++) {
		CHECK(sp_stats_pool_count(p, g * 3) == PER &&
		    sp_stats_pool_count(p, g * 3 + 1) == 0, "count %u", g);
		CHECK(sp_stats_pool_read(p, g * 3, 0, PER, buf, &e) == 0,
		    "read: %s", e.msg);
		for (k = 0; k < PER; k++)
			if (buf[k] != value(g, k)) {
				CHECK(0, "group %u value %llu: %lld", g,
				    (unsigned long long)k, (long long)buf[k]);
				break;
			}
		/* a range in the middle, across runs */
		CHECK(sp_stats_pool_read(p, g * 3, 1234, 100, seg, &e) == 0 &&
		    seg[0] == value(g, 1234) && seg[99] == value(g, 1333),
		    "range of group %u", g);
	}
	CHECK(sp_stats_pool_read(p, 0, PER - 1, 2, seg, &e) < 0 &&
	    e.status == SP_EUSAGE, "read beyond the end refused");
	sp_stats_pool_free(p);
	CHECK(b.used == 0, "budget given back: %llu left",
	    (unsigned long long)b.used);
	sp_spill_file_free(t);
}

/*
 * Two groups of 600,000 values (9.6 MB): the chunks fill the small blocks
 * and then 4 MiB ones; with a budget of 3 MB they spill and the blocks are
 * filled again from the first, without losing or mixing a value.
 */
static void
big_groups(uint64_t budget)
{
	enum { N = 600000 };
	struct sp_spill_budget b = { budget, 0 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p;
	struct sp_err e;
	int64_t *buf = malloc(N * sizeof *buf);
	uint64_t k;
	uint32_t g;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	CHECK(p != NULL && buf != NULL, "pool: %s", e.msg);
	if (p == NULL || buf == NULL)
		goto out;
	for (k = 0; k < N; k++)
		for (g = 0; g < 2; g++)
			CHECK(sp_stats_pool_put(p, g, value(g, k), &e) == 0,
			    "put: %s", e.msg);
	CHECK((budget < N * 16) == (sp_stats_pool_runs(p) > 0),
	    "budget %llu: spilled %zu runs", (unsigned long long)budget,
	    sp_stats_pool_runs(p));
	for (g = 0; g < 2; g++) {
		CHECK(sp_stats_pool_read(p, g, 0, N, buf, &e) == 0,
		    "read: %s", e.msg);
		for (k = 0; k < N && buf[k] == value(g, k); k++)
			;
		CHECK(k == N, "big group %u: value %llu differs", g,
		    (unsigned long long)k);
	}
out:
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
	free(buf);
}

/*
 * A settled pool: everything on the file, the budget given back and the
 * blocks freed, the values the same; a second pool on the same budget
 * and file then fills it without the first in the way, and the first
 * still reads back, and takes values again.
 */
static void
settled(void)
{
	struct sp_spill_budget b = { 1 << 20, 0 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p, *q;
	struct sp_err e;
	int64_t buf[PER];
	uint64_t k;
	size_t runs;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	q = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	CHECK(p != NULL && q != NULL, "pools: %s", e.msg);
	if (p == NULL || q == NULL)
		goto out;
	for (k = 0; k < PER; k++)
		CHECK(sp_stats_pool_put(p, 7, value(7, k), &e) == 0, "put");
	CHECK(b.used > 0 && sp_stats_pool_runs(p) == 0, "in memory first");
	CHECK(sp_stats_pool_settle(p, &e) == 0, "settle: %s", e.msg);
	runs = sp_stats_pool_runs(p);
	CHECK(b.used == 0 && runs == 1, "settled: %llu bytes held, %zu runs",
	    (unsigned long long)b.used, runs);
	CHECK(sp_stats_pool_settle(p, &e) == 0 &&
	    sp_stats_pool_runs(p) == runs, "settling again writes nothing");
	for (k = 0; k < PER; k++)
		CHECK(sp_stats_pool_put(q, 1, value(1, k), &e) == 0, "put q");
	CHECK(sp_stats_pool_runs(q) == 0, "q has the budget");
	CHECK(sp_stats_pool_read(p, 7, 0, PER, buf, &e) == 0, "read: %s",
	    e.msg);
	for (k = 0; k < PER && buf[k] == value(7, k); k++)
		;
	CHECK(k == PER, "settled value %llu differs", (unsigned long long)k);
	CHECK(sp_stats_pool_put(p, 7, 42, &e) == 0 &&
	    sp_stats_pool_count(p, 7) == PER + 1 &&
	    sp_stats_pool_read(p, 7, PER, 1, buf, &e) == 0 && buf[0] == 42,
	    "a value after settling");
out:
	sp_stats_pool_free(p);
	sp_stats_pool_free(q);
	CHECK(b.used == 0, "budget given back");
	sp_spill_file_free(t);
}

/*
 * A budget another holder has spent whole: the pool still keeps a
 * working set (a quarter of the budget, up to 1 MiB) and spills it in
 * runs of that size, not a run per chunk of two values, and its values
 * come back whole.
 */
static void
crowded_out(void)
{
	enum { N = 300000 };
	struct sp_spill_budget b = { 8 << 20, 8 << 20 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p;
	struct sp_err e;
	int64_t *buf = malloc(N * sizeof *buf);
	uint64_t k;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	CHECK(p != NULL && buf != NULL, "pool: %s", e.msg);
	if (p == NULL || buf == NULL)
		goto out;
	for (k = 0; k < N; k++)
		CHECK(sp_stats_pool_put(p, 1, value(1, k), &e) == 0, "put: %s",
		    e.msg);
	/* 2.4 MB of values: two runs of 1 MiB, the rest in memory */
	CHECK(sp_stats_pool_runs(p) >= 1 && sp_stats_pool_runs(p) <= 3,
	    "crowded out: %zu runs", sp_stats_pool_runs(p));
	CHECK(sp_stats_pool_read(p, 1, 0, N, buf, &e) == 0, "read: %s",
	    e.msg);
	for (k = 0; k < N; k++)
		if (buf[k] != value(1, k)) {
			CHECK(0, "value %llu", (unsigned long long)k);
			break;
		}
	sp_stats_pool_free(p);
	CHECK(b.used == 8 << 20, "budget given back: %llu held",
	    (unsigned long long)b.used);
out:
	free(buf);
	sp_spill_file_free(t);
}

/*
 * A folding pool: each group's blocks summed as they fill, what is left
 * the last partial block; the sums those of the whole sequence (numpy's
 * blocks), bit for bit, whatever the interleaving, slices and spills.
 */
static void
folding(uint64_t budget)
{
	enum { G = 5, N = 3 * SP_STATS_BLOCK + 1234 };
	struct sp_spill_budget b = { budget, 0 };
	struct sp_spill_file *t;
	struct sp_stats_pool *p;
	struct sp_stats_folded f;
	struct sp_err e;
	int64_t *all = malloc((size_t)G * N * sizeof *all), tail[SP_STATS_BLOCK];
	int64_t lo, hi;
	uint64_t k, at[G] = { 0 }, n, j, left;
	double sum;
	uint32_t g;

	t = sp_spill_file_new(NULL, &e);
	p = t != NULL ? sp_stats_pool_new(t, &b, &e) : NULL;
	CHECK(p != NULL && all != NULL, "pool: %s", e.msg);
	if (p == NULL || all == NULL)
		goto out;
	sp_stats_pool_fold(p, SP_CONV_SEC);
	for (k = 0; k < (uint64_t)G * N; k++)
		all[k] = (int64_t)((k * 2654435761u) % 1000003) - 5;
	/* group g takes slices of g * 997 + 1 values (a whole block and
	 * more for the last), group 0 one at a time, in turn */
	for (left = (uint64_t)G * N; left > 0;)
		for (g = 0; g < G; g++) {
			n = g == 0 ? 1 : g * 997 + 1 + (g == G - 1 ?
			    SP_STATS_BLOCK : 0);
			n = n < N - at[g] ? n : N - at[g];
			if (g == 0)
				for (j = 0; j < n; j++)
					CHECK(sp_stats_pool_put(p, g,
					    all[g * N + at[g] + j], &e) == 0,
					    "put: %s", e.msg);
			else
				CHECK(sp_stats_pool_add(p, g, all + g * N +
				    at[g], (size_t)n, &e) == 0, "add: %s",
				    e.msg);
			at[g] += n;
			left -= n;
		}
	for (g = 0; g < G; g++) {
		sp_stats_pool_folded(p, g, &f);
		n = sp_stats_pool_count(p, g);
		CHECK(f.n == 3 * SP_STATS_BLOCK && n == 1234,
		    "group %u: %llu folded, %llu left", g,
		    (unsigned long long)f.n, (unsigned long long)n);
		CHECK(sp_stats_pool_read(p, g, 0, (size_t)n, tail, &e) == 0,
		    "read: %s", e.msg);
		CHECK(memcmp(tail, all + g * N + f.n, n * 8) == 0,
		    "group %u: the partial block", g);
		sum = f.sum + sp_stats_psum_i64(tail, (size_t)n, SP_CONV_SEC,
		    0, 0.);
		CHECK(sum == sp_stats_psum_i64(all + g * N, N, SP_CONV_SEC, 0,
		    0.), "group %u: sum %.17g", g, sum);
		lo = hi = all[g * N];
		for (j = 1; j < f.n; j++) {
			lo = all[g * N + j] < lo ? all[g * N + j] : lo;
			hi = all[g * N + j] > hi ? all[g * N + j] : hi;
		}
		CHECK(f.min == lo && f.max == hi, "group %u: extremes", g);
	}
	CHECK(budget > (1 << 20) || sp_stats_pool_runs(p) > 0,
	    "budget %llu: no spill", (unsigned long long)budget);
	sp_stats_pool_folded(p, G, &f);
	CHECK(f.n == 0 && sp_stats_pool_count(p, G) == 0, "no such group");
out:
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
	free(all);
}

int
main(void)
{
	folding(1 << 30);
	folding(32 << 10);
	crowded_out();
	settled();
	big_groups(1 << 30);
	big_groups(3 << 20);
	fill_and_check(1 << 30);
	fill_and_check(64 << 10);
	fill_and_check(1);
	return failed != 0;
}
