/*
 * Unit test of sp_calllog: lanes logged one after another come back
 * merged in the reference's global order, self times included, whether
 * the log stayed in memory or moved to a file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_calllog.h"
#include "proftest.h"

#define NREG 5

static const uint32_t order[NREG] = { 3, 0, 4, 1, 2 };

struct item {
	struct sp_calllog_rec r;
	size_t lane;
};

static unsigned long rng = 88172645463325252UL;

static unsigned long
rnd(unsigned long n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng % n;
}

static int
canon(const struct sp_calllog_rec *a, const struct sp_calllog_rec *b)
{
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	if (order[a->region] != order[b->region])
		return order[a->region] < order[b->region] ? -1 : 1;
	if (a->call != b->call)
		return a->call < b->call ? -1 : 1;
	return 0;
}

static int
by_canon(const void *a, const void *b)
{
	return canon(a, b);
}

static int
by_global(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = canon(&x->r, &y->r);

	if (c != 0)
		return c;
	return x->lane < y->lane ? -1 : x->lane > y->lane;
}

struct got {
	struct sp_calllog_rec *v;
	size_t n;
};

static int
collect(void *ctx, const struct sp_calllog_rec *r, struct sp_err *e)
{
	struct got *g = ctx;

	(void)e;
	g->v[g->n++] = *r;
	return 0;
}

static void
run(size_t nlanes, size_t per, size_t mem_limit, int expect_spill)
{
	struct item *all = malloc(nlanes * per * sizeof *all);
	struct sp_calllog_rec *lane = malloc(per * sizeof *lane);
	int64_t *idx = malloc(per * sizeof *idx);
	struct got g = { malloc(nlanes * per * sizeof *g.v), 0 };
	struct sp_calllog *l = sp_calllog_new(mem_limit, order);
	struct sp_err e = { 0 };
	size_t i, k, n = 0;
	int ok = 1;

	for (k = 0; k < nlanes; k++) {
		for (i = 0; i < per; i++) {
			lane[i].start = (int64_t)rnd(50);
			lane[i].end = lane[i].start + (int64_t)rnd(5);
			lane[i].region = (uint32_t)rnd(NREG);
			lane[i].call = (int64_t)rnd(4);
			lane[i].aux = (uint32_t)(k * per + i);
			lane[i].self = 0;
		}
		qsort(lane, per, sizeof *lane, by_canon);
		for (i = 0; i < per; i++) {
			if ((idx[i] = sp_calllog_append(l, &lane[i], &e)) == -1)
				ok = 0;
			/* Close some calls late, as nested calls do. */
			if (i >= 3 && sp_calllog_set_self(l, idx[i - 3],
			    1000 + (int64_t)lane[i - 3].aux, &e) == -1)
				ok = 0;
		}
		for (i = per > 3 ? per - 3 : 0; i < per; i++)
			if (sp_calllog_set_self(l, idx[i],
			    1000 + (int64_t)lane[i].aux, &e) == -1)
				ok = 0;
		if (sp_calllog_end_lane(l, &e) == -1)
			ok = 0;
		for (i = 0; i < per; i++) {
			all[n].r = lane[i];
			all[n].r.self = 1000 + (int64_t)lane[i].aux;
			all[n++].lane = k;
		}
	}
	CHECK(ok, "logging: %s", e.msg);
	CHECK(sp_calllog_count(l) == n, "count");
	CHECK(expect_spill == -1 || sp_calllog_spilled(l) == expect_spill,
	    "spilled %d, want %d", sp_calllog_spilled(l), expect_spill);
	/* Same canonical keys within a lane: lane order must decide. */
	qsort(all, n, sizeof *all, by_global);
	CHECK(sp_calllog_replay(l, collect, &g, &e) == 0, "replay: %s", e.msg);
	CHECK(g.n == n, "replayed %zu of %zu", g.n, n);
	for (i = 0; i < g.n && i < n; i++)
		if (canon(&g.v[i], &all[i].r) != 0 ||
		    g.v[i].self != all[i].r.self) {
			CHECK(0, "lanes %zu x %zu, limit %zu: call %zu is "
			    "[%lld %lld] self %lld, want [%lld %lld] self %lld",
			    nlanes, per, mem_limit, i,
			    (long long)g.v[i].start, (long long)g.v[i].end,
			    (long long)g.v[i].self, (long long)all[i].r.start,
			    (long long)all[i].r.end, (long long)all[i].r.self);
			break;
		}
	sp_calllog_free(l);
	free(all);
	free(lane);
	free(idx);
	free(g.v);
}

static void
test_empty(void)
{
	struct sp_calllog *l = sp_calllog_new(0, NULL);
	struct got g = { NULL, 0 };
	struct sp_err e = { 0 };

	CHECK(sp_calllog_end_lane(l, &e) == 0, "an empty lane");
	CHECK(sp_calllog_replay(l, collect, &g, &e) == 0 && g.n == 0,
	    "nothing to replay");
	sp_calllog_free(l);
	sp_calllog_free(NULL);
}

static void
test_bad_tmpdir(void)
{
	struct sp_calllog_rec r = { 0, 1, 0, 0, 0, 0 };
	struct sp_calllog *l;
	struct sp_err e = { 0 };
	char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;

	setenv("TMPDIR", "/nonexistent/sp-test", 1);
	l = sp_calllog_new(1, NULL);
	sp_calllog_append(l, &r, &e);
	CHECK(sp_calllog_append(l, &r, &e) == -1 && e.status == SP_EIO &&
	    strstr(e.msg, "/nonexistent/sp-test") != NULL,
	    "an unusable TMPDIR: %s", e.msg);
	sp_calllog_free(l);
	if (old != NULL)
		setenv("TMPDIR", old, 1);
	else
		unsetenv("TMPDIR");
	free(old);
}

int
main(void)
{
	int i;

	test_empty();
	run(1, 100, 0, 0);
	run(3, 200, 0, 0);
	run(1, 100, sizeof(struct sp_calllog_rec), 1);
	run(4, 300, 10 * sizeof(struct sp_calllog_rec), 1);
	run(7, 1000, 1000, 1);
	run(50, 40, 3000, 1);
	for (i = 0; i < 20; i++)
		run(1 + rnd(6), 1 + rnd(400), 1 + rnd(20000), -1);
	test_bad_tmpdir();
	if (!failed)
		printf("test-calllog: ok\n");
	return failed;
}
