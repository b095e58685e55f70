/*
 * test-stats_pool: values by group come back in the order they went in,
 * from memory and, with a budget far too small, from the runs on the
 * temporary file; reads of any range cross the runs.
 */
#include <stdio.h>
#include <stdlib.h>

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

int
main(void)
{
	crowded_out();
	settled();
	big_groups(1 << 30);
	big_groups(3 << 20);
	fill_and_check(1 << 30);
	fill_and_check(64 << 10);
	fill_and_check(1);
	return failed != 0;
}
