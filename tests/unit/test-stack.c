/*
 * test-stack - the stacker against the reference's cases (doc/calls.md,
 * "Examples"), several lanes through one stacker, ties across batches, the
 * wording of its errors, and a brute-force reconstruction on random lanes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_stack.h"
#include "stackgen.h"
#include "check.h"

/* What one lane came out as: per call depth and parent, self in order. */
struct result {
	int64_t *depth, *parent, *self;
	size_t nself;
	struct sp_err err;
};

static void
result_free(struct result *r)
{
	free(r->depth);
	free(r->parent);
	free(r->self);
}

/*
 * Stack the sorted calls c as one lane, cut into batches of 1..maxb calls
 * (0: one batch), with an empty batch now and then.
 */
static int
run_lane(struct sp_stack *st, const struct tc *c, size_t n,
    uint64_t *rng, size_t maxb, struct result *r)
{
	int64_t *start, *end, *call;
	uint32_t *region;
	struct sp_batch in, out;
	size_t i, at, m;
	int rc = -1;

	start = malloc((n + 1) * sizeof *start);
	end = malloc((n + 1) * sizeof *end);
	call = malloc((n + 1) * sizeof *call);
	region = malloc((n + 1) * sizeof *region);
	r->depth = calloc(n + 1, sizeof *r->depth);
	r->parent = calloc(n + 1, sizeof *r->parent);
	r->self = calloc(n + 1, sizeof *r->self);
	r->nself = 0;
	sp_err_clear(&r->err);
	for (i = 0; i < n; i++) {
		start[i] = c[i].s;
		end[i] = c[i].e;
		call[i] = c[i].call;
		region[i] = c[i].region;
	}
	sp_stack_begin_lane(st, 0, 0, -1);
	for (at = 0; at < n || (at == 0 && n == 0);) {
		memset(&in, 0, sizeof in);
		in.lane = -1;
		in.first = at;
		m = n - at;
		if (maxb > 0 && m > 0)
			m = 1 + (size_t)rndn(rng, (int64_t)(maxb < m ? maxb : m));
		if (rng != NULL && rndn(rng, 8) == 0)
			m = 0;
		in.n = m;
		in.start = start + at;
		in.end = end + at;
		in.call = call + at;
		in.region = region + at;
		if (sp_stack_push(st, &in, &out, &r->err) == -1)
			goto out;
		CHECK(out.n == m && out.first == at && out.start == in.start &&
		    out.lane_end == 0, "out batch does not carry the input");
		for (i = 0; i < m; i++) {
			r->depth[at + i] = out.depth[i];
			r->parent[at + i] = out.parent[i];
		}
		CHECK(r->nself + out.nclosed <= n, "too many self values");
		if (r->nself + out.nclosed <= n)
			memcpy(r->self + r->nself, out.self,
			    out.nclosed * sizeof *out.self);
		r->nself += out.nclosed;
		at += m;
		if (n == 0)
			break;
	}
	if (sp_stack_end_lane(st, &out, &r->err) == -1)
		goto out;
	CHECK(out.n == 0 && out.lane_end == 1 && out.first == n,
	    "bad end-of-lane batch");
	CHECK(r->nself + out.nclosed == n, "%zu calls closed, not %zu",
	    r->nself + out.nclosed, n);
	if (r->nself + out.nclosed <= n)
		memcpy(r->self + r->nself, out.self,
		    out.nclosed * sizeof *out.self);
	r->nself += out.nclosed;
	rc = 0;
out:
	free(start);
	free(end);
	free(call);
	free(region);
	return rc;
}

static struct sp_stack *
stacker(uint32_t nreg, const uint32_t *order)
{
	struct sp_stack *st = sp_stack_new();

	if (st == NULL) {
		fprintf(stderr, "test-stack: out of memory\n");
		exit(1);
	}
	sp_stack_set_regions(st, nreg, gen_names, NULL, order);
	return st;
}

/* Compare a lane with the brute force; returns 0 if all agree. */
static int
compare(const struct tc *c, size_t n, const struct result *r,
    const char *what)
{
	int64_t *depth = malloc((n + 1) * sizeof *depth);
	int64_t *parent = malloc((n + 1) * sizeof *parent);
	int64_t *self = malloc((n + 1) * sizeof *self);
	size_t *close = malloc((n + 1) * sizeof *close);
	size_t i;
	int bad = failed;

	bf_build(c, n, depth, parent, self, close);
	for (i = 0; i < n; i++) {
		CHECK(r->depth[i] == depth[i], "%s: call %zu depth %" PRId64
		    ", want %" PRId64, what, i, r->depth[i], depth[i]);
		CHECK(r->parent[i] == parent[i], "%s: call %zu parent %"
		    PRId64 ", want %" PRId64, what, i, r->parent[i],
		    parent[i]);
		CHECK(r->self[i] == self[close[i]], "%s: close %zu (call "
		    "%zu) self %" PRId64 ", want %" PRId64, what, i, close[i],
		    r->self[i], self[close[i]]);
	}
	free(depth);
	free(parent);
	free(self);
	free(close);
	return failed != bad;
}

/* Sort, stack and compare fixed calls; names a..h by region id. */
static void
fixed(const char *what, struct tc *c, size_t n, const int64_t *wdepth,
    const int64_t *wparent, const int64_t *wself)
{
	struct sp_stack *st = stacker(GEN_MAXREG, NULL);
	struct result r;
	int64_t *depth = malloc(n * sizeof *depth);
	int64_t *parent = malloc(n * sizeof *parent);
	int64_t *self = malloc(n * sizeof *self);
	size_t *close = malloc(n * sizeof *close);
	size_t i;

	gen_sort(c, n, NULL);
	bf_build(c, n, depth, parent, self, close);
	if (run_lane(st, c, n, NULL, 0, &r) == -1)
		CHECK(0, "%s: %s", what, r.err.msg);
	else
		compare(c, n, &r, what);
	for (i = 0; i < n; i++) {
		CHECK(wdepth == NULL || depth[i] == wdepth[i],
		    "%s: brute depth of %zu", what, i);
		CHECK(wparent == NULL || parent[i] == wparent[i],
		    "%s: brute parent of %zu", what, i);
		CHECK(wself == NULL || self[i] == wself[i],
		    "%s: brute self of %zu", what, i);
	}
	result_free(&r);
	free(depth);
	free(parent);
	free(self);
	free(close);
	sp_stack_free(st);
}

/* Expect the lane to fail with exactly msg. */
static void
fixed_fail(const char *what, struct tc *c, size_t n, int sort,
    const char *msg)
{
	struct sp_stack *st = stacker(GEN_MAXREG, NULL);
	struct result r;

	if (sort)
		gen_sort(c, n, NULL);
	CHECK(run_lane(st, c, n, NULL, 0, &r) == -1, "%s: no error", what);
	CHECK(r.err.status == SP_EDATA, "%s: status %d", what, r.err.status);
	CHECK(strcmp(r.err.msg, msg) == 0, "%s:\n got  %s\n want %s", what,
	    r.err.msg, msg);
	result_free(&r);
	sp_stack_free(st);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The reconstruction cases of doc/calls.md, "Examples". */
static void
test_reference_cases(void)
{
	char msg[1024];

	{	/* outer(0,100); inner(10,40),(50,90); leaf(15,20) */
		struct tc c[] = { {0, 100, 0, 0}, {10, 40, 0, 1},
		    {50, 90, 1, 1}, {15, 20, 0, 2} };
		int64_t d[] = {0, 1, 2, 1}, p[] = {-1, 0, 1, 0};
		int64_t s[] = {30, 25, 5, 40};

		fixed("outer/inner/leaf", c, N(c), d, p, s);
	}
	{	/* touching siblings */
		struct tc c[] = { {0, 10, 0, 0}, {10, 20, 1, 0} };
		int64_t d[] = {0, 0}, p[] = {-1, -1};

		fixed("touching", c, N(c), d, p, NULL);
	}
	{	/* recursion */
		struct tc c[] = { {0, 100, 0, 0}, {10, 90, 1, 0},
		    {60, 80, 2, 0} };
		int64_t d[] = {0, 1, 2}, p[] = {-1, 0, 1};

		fixed("fib", c, N(c), d, p, NULL);
	}
	{	/* outer(0,100); tick(0,0),(50,50) */
		struct tc c[] = { {0, 100, 0, 0}, {0, 0, 0, 1},
		    {50, 50, 1, 1} };
		int64_t d[] = {0, 1, 1}, p[] = {-1, 0, 0}, s[] = {100, 0, 0};

		fixed("ticks", c, N(c), d, p, s);
	}
	{	/* outer(5,100); inner(5,40): the longer call comes first */
		struct tc c[] = { {5, 40, 0, 1}, {5, 100, 0, 0} };
		int64_t p[] = {-1, 0};

		fixed("equal starts", c, N(c), NULL, p, NULL);
		CHECK(c[0].region == 0, "equal starts: outer is not first");
	}
	{	/* short(0,50) = a, long(10,200) = b */
		struct tc c[] = { {0, 50, 0, 0}, {10, 200, 0, 1} };

		fixed_fail("short/long", c, N(c), 1,
		    "recorded calls are not properly nested: 'b' call 0 [10, "
		    "200] ns starts inside 'a' call 0 [0, 50] ns but ends "
		    "after it. Regions must nest completely or not overlap at "
		    "all - check for a missing or misordered sp_end / "
		    "__exit__.");
	}
	{	/* broken(100,10) */
		struct tc c[] = { {100, 10, 0, 0} };

		fixed_fail("broken", c, N(c), 0, "a recorded call ends before "
		    "it starts: 'a' call 0 [100, 10] ns");
	}
	{	/* exclusive totals: outer = a (0,100),(200,300), inner = b */
		struct tc c[] = { {0, 100, 0, 0}, {200, 300, 1, 0},
		    {10, 40, 0, 1} };
		int64_t s[3];
		size_t i;

		fixed("totals", c, N(c), NULL, NULL, NULL);
		memset(s, 0, sizeof s);
		{
			int64_t dd[3], pp[3], ss[3];
			size_t cl[3];

			bf_build(c, 3, dd, pp, ss, cl);
			for (i = 0; i < 3; i++)
				s[c[i].region] += ss[i];
		}
		CHECK(s[0] == 170 && s[1] == 30, "totals %lld %lld",
		    (long long)s[0], (long long)s[1]);
	}
	{	/* identical intervals in a then b: b is the child */
		struct tc c[] = { {0, 10, 0, 0}, {0, 10, 0, 1} };
		int64_t p[] = {-1, 0}, s[] = {0, 10};

		fixed("identical", c, N(c), NULL, p, s);
		CHECK(c[1].region == 1, "identical: b is not the child");
	}
	{	/* the same, regions given in reverse order: a is the child */
		struct tc c[] = { {0, 10, 0, 0}, {0, 10, 0, 1} };
		uint32_t order[GEN_MAXREG] = {1, 0, 2, 3, 4, 5, 6, 7};
		struct sp_stack *st = stacker(GEN_MAXREG, order);
		struct result r;

		gen_sort(c, N(c), order);
		CHECK(c[0].region == 1, "reversed: b is not first");
		CHECK(run_lane(st, c, N(c), NULL, 0, &r) == 0, "reversed: %s",
		    r.err.msg);
		CHECK(r.parent[1] == 0 && r.self[0] == 10 && r.self[1] == 0,
		    "reversed: wrong parent or self");
		result_free(&r);
		sp_stack_free(st);
	}
	{	/* two zero-length calls at the same t */
		struct tc c[] = { {5, 5, 0, 0}, {5, 5, 1, 0} };
		int64_t p[] = {-1, 0};

		fixed("two zeros", c, N(c), NULL, p, NULL);
	}
	{	/* zero-length at the parent's end: a root */
		struct tc c[] = { {0, 10, 0, 0}, {10, 10, 0, 1} };
		int64_t p[] = {-1, -1};

		fixed("zero at end", c, N(c), NULL, p, NULL);
	}
	{	/* zero-length at the parent's start: a child */
		struct tc c[] = { {0, 10, 0, 0}, {0, 0, 0, 1} };
		int64_t p[] = {-1, 0};

		fixed("zero at start", c, N(c), NULL, p, NULL);
	}
	{	/* a child ending with its parent */
		struct tc c[] = { {0, 10, 0, 0}, {5, 10, 0, 1} };
		int64_t p[] = {-1, 0}, s[] = {5, 5};

		fixed("ends together", c, N(c), NULL, p, s);
	}
	{	/* a(0,10),(10,20) + z(10,10): z is in the second a */
		struct tc c[] = { {0, 10, 0, 0}, {10, 20, 1, 0},
		    {10, 10, 0, 1} };
		int64_t p[] = {-1, -1, 1};

		fixed("z in second", c, N(c), NULL, p, NULL);
	}
	{	/* two threads, one lane each: outer(0,100)+inner(20,40) ... */
		struct tc t0[] = { {0, 100, 0, 0}, {20, 40, 0, 1} };
		struct tc t1[] = { {10, 110, 1, 0}, {30, 50, 1, 1} };
		int64_t p[] = {-1, 0};

		fixed("thread 0", t0, N(t0), NULL, p, NULL);
		fixed("thread 1", t1, N(t1), NULL, p, NULL);
	}
	{	/* every crossing pair (s, s+L), (s+k, s+L+k), 1 <= k < L */
		int64_t L, k;

		for (L = 2; L <= 6; L++)
			for (k = 1; k < L; k++) {
				struct tc c[] = { {3, 3 + L, 0, 0},
				    {3 + k, 3 + L + k, 0, 1} };

				bf_overlap_msg(msg, sizeof msg, &c[1], &c[0]);
				fixed_fail("crossing", c, N(c), 1, msg);
			}
	}
	{	/* Python repr quoting of the names */
		static const char *const names[] = { "it's", "x" };
		struct sp_stack *st = sp_stack_new();
		struct tc c[] = { {0, 50, 0, 0}, {10, 200, 0, 1} };
		struct result r;

		sp_stack_set_regions(st, 2, names, NULL, NULL);
		CHECK(run_lane(st, c, 2, NULL, 0, &r) == -1, "quoting: ok");
		CHECK(strstr(r.err.msg, "starts inside \"it's\" call 0 [0, "
		    "50] ns") != NULL, "quoting: %s", r.err.msg);
		result_free(&r);
		sp_stack_free(st);
	}
}

/* Input errors other than overlaps. */
static void
test_bad_input(void)
{
	struct sp_stack *st = stacker(2, NULL);
	int64_t start[] = {0, 0}, end[] = {10, 5}, call[] = {0, 0};
	uint32_t region[] = {0, 2};
	struct sp_batch in, out;
	struct sp_err e;

	memset(&in, 0, sizeof in);
	in.start = start;
	in.end = end;
	in.call = call;
	in.region = region;
	in.n = 2;
	in.lane = 4;

	sp_stack_begin_lane(st, 0, 0, 4);
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    e.status == SP_EDATA && strcmp(e.msg, "call 1 of lane 4 names "
	    "region 2, but the region table has 2 entries") == 0,
	    "region range: %s", e.msg);

	sp_stack_begin_lane(st, 0, 0, 4);
	in.first = 1;
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    e.status == SP_EDATA && strstr(e.msg, "starts at call 1") != NULL,
	    "first: %s", e.msg);

	sp_stack_begin_lane(st, 0, 0, 3);
	in.first = 0;
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    e.status == SP_EUSAGE, "lane mismatch: %s", e.msg);

	/* start descending across a batch boundary */
	sp_stack_begin_lane(st, 0, 0, 4);
	start[0] = 5;
	region[1] = 1;
	in.n = 1;
	CHECK(sp_stack_push(st, &in, &out, &e) == 0, "one: %s", e.msg);
	in.start++;
	in.end++;
	in.call++;
	in.region++;
	in.first = 1;
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    e.status == SP_EDATA && strcmp(e.msg, "the input is not in "
	    "canonical order (start ascending, end descending, then region "
	    "order and call index): call 1 of lane 4, 'b' call 0 [0, 5] ns, "
	    "comes after 'a' call 0 [5, 10] ns") == 0, "order: %s", e.msg);

	/* the same call twice */
	sp_stack_begin_lane(st, 0, 0, 4);
	start[1] = start[0];
	end[1] = end[0];
	region[1] = region[0];
	in.start--;
	in.end--;
	in.call--;
	in.region--;
	in.first = 0;
	in.n = 2;
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    strstr(e.msg, "not in canonical order") != NULL, "dup: %s", e.msg);

	/* a duration beyond int64 */
	sp_stack_begin_lane(st, 0, 0, 4);
	start[0] = INT64_MIN;
	end[0] = INT64_MAX;
	in.n = 1;
	CHECK(sp_stack_push(st, &in, &out, &e) == -1 &&
	    strstr(e.msg, "longer than") != NULL, "huge: %s", e.msg);

	/* extreme but valid times: no doubling overflow */
	sp_stack_begin_lane(st, 0, 0, 4);
	start[0] = INT64_MAX - 10;
	end[0] = INT64_MAX;
	start[1] = INT64_MAX;
	end[1] = INT64_MAX;
	region[1] = 1;
	in.n = 2;
	CHECK(sp_stack_push(st, &in, &out, &e) == 0 && out.depth[1] == 0 &&
	    out.nclosed == 1 && out.self[0] == 10, "extreme: %s", e.msg);
	CHECK(sp_stack_end_lane(st, &out, &e) == 0 && out.nclosed == 1 &&
	    out.self[0] == 0 && out.first == 2, "extreme end");
	sp_stack_free(st);
	sp_stack_free(NULL);
}

/*
 * Push calls c[0..n) as one batch of the stacker's lane, from call first;
 * the arrays live until the next push.
 */
static int
push(struct sp_stack *st, uint32_t run, uint32_t rank, int64_t lane,
    uint64_t first, const struct tc *c, size_t n, struct sp_batch *out,
    struct sp_err *e)
{
	static int64_t start[8], end[8], call[8];
	static uint32_t region[8];
	struct sp_batch in;
	size_t i;

	memset(&in, 0, sizeof in);
	for (i = 0; i < n && i < 8; i++) {
		start[i] = c[i].s;
		end[i] = c[i].e;
		call[i] = c[i].call;
		region[i] = c[i].region;
	}
	in.run = run;
	in.rank = rank;
	in.lane = lane;
	in.first = first;
	in.n = n;
	in.start = start;
	in.end = end;
	in.call = call;
	in.region = region;
	return sp_stack_push(st, &in, out, e);
}

/*
 * Several lanes through one stacker: each starts with an empty stack and
 * its own sequence and order, whatever the lane before left open, and
 * its lane-end batch names it; a lane that failed is left by beginning
 * the next.
 */
static void
test_lanes(void)
{
	struct sp_stack *st = stacker(GEN_MAXREG, NULL);
	struct tc a[] = { {0, 100, 0, 0}, {10, 20, 0, 1} };
	struct tc b[] = { {5, 6, 0, 2} };
	struct tc cross[] = { {0, 10, 0, 0}, {5, 20, 0, 1} };
	struct sp_batch out;
	struct sp_err e;

	sp_stack_begin_lane(st, 0, 0, -2);
	CHECK(push(st, 0, 0, -2, 0, a, 2, &out, &e) == 0 &&
	    out.depth[1] == 1 && out.nclosed == 0, "lane -2: %s", e.msg);
	CHECK(sp_stack_end_lane(st, &out, &e) == 0 && out.run == 0 &&
	    out.rank == 0 && out.lane == -2 && out.first == 2 &&
	    out.nclosed == 2 && out.self[0] == 10 && out.self[1] == 90,
	    "end of lane -2");

	/* starts before the lane before: no order error, a root */
	sp_stack_begin_lane(st, 0, 0, 3);
	CHECK(push(st, 0, 0, 3, 0, b, 1, &out, &e) == 0 &&
	    out.depth[0] == 0 && out.parent[0] == -1, "lane 3: %s", e.msg);
	CHECK(sp_stack_end_lane(st, &out, &e) == 0 && out.lane == 3 &&
	    out.first == 1 && out.nclosed == 1 && out.self[0] == 1,
	    "end of lane 3");

	/* a lane that fails, then the next lane, of another run and rank */
	sp_stack_begin_lane(st, 0, 1, -1);
	CHECK(push(st, 0, 1, -1, 0, cross, 2, &out, &e) == -1 &&
	    strstr(e.msg, "not properly nested") != NULL, "cross: %s", e.msg);
	sp_stack_begin_lane(st, 2, 1, -1);
	CHECK(push(st, 2, 1, -1, 0, a, 2, &out, &e) == 0 &&
	    out.depth[0] == 0 && out.parent[1] == 0, "after: %s", e.msg);
	CHECK(sp_stack_end_lane(st, &out, &e) == 0 && out.run == 2 &&
	    out.rank == 1 && out.lane == -1 && out.nclosed == 2,
	    "end of the lane after a failure");

	/* a lane of no calls: an empty lane end */
	sp_stack_begin_lane(st, 2, 1, 0);
	CHECK(push(st, 2, 1, 0, 0, a, 0, &out, &e) == 0 && out.nclosed == 0,
	    "empty lane: %s", e.msg);
	CHECK(sp_stack_end_lane(st, &out, &e) == 0 && out.first == 0 &&
	    out.nclosed == 0 && out.lane_end == 1, "end of an empty lane");
	sp_stack_free(st);
}

/*
 * Ties on start and end across a batch boundary: the region order, then
 * the call index, decide, with the previous batch's last call.
 */
static void
test_ties_across_batches(void)
{
	static const uint32_t order[GEN_MAXREG] = {1, 0, 2, 3, 4, 5, 6, 7};
	struct sp_stack *st = stacker(GEN_MAXREG, order);
	struct tc b1 = {0, 10, 0, 1}, a1 = {0, 10, 0, 0};
	struct tc a2 = {0, 10, 1, 0}, a3 = {0, 10, 2, 0};
	struct sp_batch out;
	struct sp_err e;

	/* b before a in this region order: a is the child */
	sp_stack_begin_lane(st, 0, 0, -1);
	CHECK(push(st, 0, 0, -1, 0, &b1, 1, &out, &e) == 0, "b: %s", e.msg);
	CHECK(push(st, 0, 0, -1, 1, &a1, 1, &out, &e) == 0 &&
	    out.parent[0] == 0 && out.depth[0] == 1, "a after b: %s", e.msg);
	/* then a's calls by index: 1 after 0, and 2 */
	CHECK(push(st, 0, 0, -1, 2, &a2, 1, &out, &e) == 0 &&
	    out.parent[0] == 1, "a call 1: %s", e.msg);
	CHECK(push(st, 0, 0, -1, 3, &a3, 1, &out, &e) == 0 &&
	    out.parent[0] == 2, "a call 2: %s", e.msg);
	/* and not back again: the same call index, then b after a */
	CHECK(push(st, 0, 0, -1, 4, &a3, 1, &out, &e) == -1 &&
	    strcmp(e.msg, "the input is not in canonical order (start "
	    "ascending, end descending, then region order and call index): "
	    "call 4 of lane -1, 'a' call 2 [0, 10] ns, comes after 'a' call "
	    "2 [0, 10] ns") == 0, "repeat: %s", e.msg);
	sp_stack_begin_lane(st, 0, 0, -1);
	CHECK(push(st, 0, 0, -1, 0, &a1, 1, &out, &e) == 0, "a: %s", e.msg);
	CHECK(push(st, 0, 0, -1, 1, &b1, 1, &out, &e) == -1 &&
	    strstr(e.msg, "call 1 of lane -1, 'b' call 0 [0, 10] ns, comes "
	    "after 'a' call 0 [0, 10] ns") != NULL, "b after a: %s", e.msg);
	sp_stack_free(st);
}

/* How messages name regions: quoted names of their lengths, or ids. */
static void
test_region_names(void)
{
	static const char *const names[] = { "abX", "cdY" };
	static const size_t lens[] = { 2, 2 };
	struct sp_stack *st = sp_stack_new();
	struct tc ok[] = { {0, 10, 0, 0}, {20, 30, 1, 0}, {40, 50, 2, 0} };
	struct tc back = {10, 5, 0, 1}, far = {60, 70, 0, 9};
	struct sp_batch out;
	struct sp_err e;

	CHECK(st != NULL, "new");
	sp_stack_set_regions(st, 2, names, lens, NULL);
	sp_stack_begin_lane(st, 0, 0, -1);
	CHECK(push(st, 0, 0, -1, 0, &back, 1, &out, &e) == -1 &&
	    strcmp(e.msg, "a recorded call ends before it starts: 'cd' call "
	    "0 [10, 5] ns") == 0, "lengths: %s", e.msg);
	/* a region id out of range in a later batch: its sequence number */
	sp_stack_set_regions(st, 3, NULL, NULL, NULL);
	sp_stack_begin_lane(st, 0, 0, -1);
	CHECK(push(st, 0, 0, -1, 0, ok, 3, &out, &e) == 0, "ok: %s", e.msg);
	CHECK(push(st, 0, 0, -1, 3, &far, 1, &out, &e) == -1 &&
	    strcmp(e.msg, "call 3 of lane -1 names region 9, but the region "
	    "table has 3 entries") == 0, "range: %s", e.msg);
	sp_stack_begin_lane(st, 0, 0, -1);
	CHECK(push(st, 0, 0, -1, 0, &back, 1, &out, &e) == -1 &&
	    strcmp(e.msg, "a recorded call ends before it starts: region 1 "
	    "call 0 [10, 5] ns") == 0, "no names: %s", e.msg);
	sp_stack_free(st);
}

static void
test_random_forests(uint64_t *rng, int trials, size_t maxn)
{
	uint32_t order[GEN_MAXREG];
	int t;

	for (t = 0; t < trials; t++) {
		size_t n = 1 + (size_t)rndn(rng, (int64_t)maxn);
		uint32_t nreg = 1 + (uint32_t)rndn(rng, GEN_MAXREG);
		int64_t base = rndn(rng, 2) ? 0 : (int64_t)1 << 60;
		struct tc *c = gen_forest(rng, n, nreg, base);
		struct sp_stack *st;
		struct result r;
		char what[64];

		gen_perm(rng, order, nreg);
		gen_sort(c, n, order);
		snprintf(what, sizeof what, "forest trial %d", t);
		CHECK(!bf_overlaps(c, n), "%s: generator overlaps", what);
		st = stacker(nreg, order);
		if (run_lane(st, c, n, rng, 1 + (size_t)rndn(rng, (int64_t)n),
		    &r) == -1)
			CHECK(0, "%s: %s", what, r.err.msg);
		else if (compare(c, n, &r, what))
			t = trials;	/* one report is enough */
		result_free(&r);

		/* An adjacent swap is caught at the second of the two. */
		if (n >= 2) {
			size_t i = (size_t)rndn(rng, (int64_t)n - 1);
			struct tc x = c[i];
			char want[160];

			c[i] = c[i + 1];
			c[i + 1] = x;
			snprintf(want, sizeof want, "canonical order (start "
			    "ascending, end descending, then region order and "
			    "call index): call %zu of lane -1,", i + 1);
			CHECK(run_lane(st, c, n, rng, n, &r) == -1 &&
			    strstr(r.err.msg, want) != NULL,
			    "%s: swap at %zu: %s", what, i, r.err.msg);
			result_free(&r);
		}
		sp_stack_free(st);
		free(c);
	}
}

static void
test_random_overlaps(uint64_t *rng, int trials)
{
	int t, nfail = 0;

	for (t = 0; t < trials; t++) {
		size_t n = 1 + (size_t)rndn(rng, 12);
		uint32_t nreg = 1 + (uint32_t)rndn(rng, 3);
		struct tc *c = gen_random(rng, n, nreg, 16, 10);
		int64_t depth[12], parent[12], self[12];
		size_t close[12];
		struct sp_stack *st = stacker(nreg, NULL);
		struct result r;
		int rc, bad, who;
		char want[1024];

		gen_sort(c, n, NULL);
		bf_build(c, n, depth, parent, self, close);
		bad = bf_overlaps(c, n);
		who = bf_culprit(c, n, parent);
		rc = run_lane(st, c, n, rng, n, &r);
		CHECK((rc == -1) == bad, "overlap trial %d: stacker %s, brute "
		    "force %s", t, rc ? "fails" : "passes", bad ? "overlaps" :
		    "nests");
		CHECK((who >= 0) == bad, "overlap trial %d: culprit %d", t, who);
		if (rc == 0 && !bad)
			compare(c, n, &r, "overlap trial (nested)");
		if (rc == -1 && who >= 0) {
			nfail++;
			bf_overlap_msg(want, sizeof want, &c[who],
			    &c[parent[who]]);
			CHECK(strcmp(r.err.msg, want) == 0, "overlap trial %d:"
			    "\n got  %s\n want %s", t, r.err.msg, want);
		}
		result_free(&r);
		sp_stack_free(st);
		free(c);
	}
	CHECK(nfail > trials / 10 && nfail < trials - trials / 10,
	    "overlap trials are lopsided: %d of %d fail", nfail, trials);
}

/*
 * Large lanes against the reference's own O(n log n) formula: depth =
 * sorted position - the number of calls with E <= S; parent = the last
 * earlier call one level up; self via the parents.
 */
static int
cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static void
check_large(const struct tc *c, size_t n, uint64_t *rng, const char *what)
{
	struct sp_stack *st = stacker(GEN_MAXREG, NULL);
	int64_t *E = malloc(n * sizeof *E), *self = malloc(n * sizeof *self);
	int64_t *last = malloc((n + 1) * sizeof *last);
	int64_t *d = malloc(n * sizeof *d), *p = malloc(n * sizeof *p);
	size_t *open = malloc((n + 1) * sizeof *open);
	size_t i, lo, hi, top = 0, k = 0;
	struct result r;

	for (i = 0; i < n; i++)
		E[i] = bf_E(&c[i]);
	qsort(E, n, sizeof *E, cmp64);
	for (i = 0; i < n; i++) {
		for (lo = 0, hi = n; lo < hi;) {	/* # E <= S */
			size_t mid = lo + (hi - lo) / 2;

			if (E[mid] <= bf_S(&c[i]))
				lo = mid + 1;
			else
				hi = mid;
		}
		d[i] = (int64_t)i - (int64_t)lo;
		p[i] = d[i] > 0 ? last[d[i] - 1] : -1;
		last[d[i]] = (int64_t)i;
		self[i] = c[i].e - c[i].s;
	}
	for (i = 0; i < n; i++)
		if (p[i] >= 0)
			self[p[i]] -= c[i].e - c[i].s;

	CHECK(run_lane(st, c, n, rng, 70000, &r) == 0, "%s: %s", what,
	    r.err.msg);
	for (i = 0; i < n; i++) {
		CHECK(r.depth[i] == d[i] && r.parent[i] == p[i],
		    "%s: call %zu", what, i);
		if (r.depth[i] != d[i] || r.parent[i] != p[i])
			break;
		/* replay: pair popped calls with self values */
		while (top > (size_t)r.depth[i]) {
			top--;
			CHECK(r.self[k] == self[open[top]], "%s: self of %zu",
			    what, open[top]);
			k++;
		}
		open[top++] = i;
	}
	while (top > 0 && k < r.nself) {
		top--;
		CHECK(r.self[k] == self[open[top]], "%s: self of %zu", what,
		    open[top]);
		k++;
	}
	CHECK(k == n, "%s: %zu self values", what, k);
	result_free(&r);
	sp_stack_free(st);
	free(E);
	free(self);
	free(last);
	free(d);
	free(p);
	free(open);
}

static void
test_large(uint64_t *rng)
{
	size_t n = 100000, i;
	struct tc *c;

	for (i = 0; i < 3; i++) {
		c = gen_forest(rng, n, GEN_MAXREG, 1700000000000000000LL);
		gen_sort(c, n, NULL);
		check_large(c, n, rng, "large forest");
		free(c);
	}

	/* One chain 10^5 deep, half of it identical intervals. */
	c = malloc(n * sizeof *c);
	for (i = 0; i < n; i++) {
		c[i].s = i < n / 2 ? (int64_t)i : (int64_t)n / 2;
		c[i].e = 2 * (int64_t)n - c[i].s;
		c[i].region = (uint32_t)(i % 3);
		c[i].call = (int64_t)i;
	}
	gen_sort(c, n, NULL);
	check_large(c, n, rng, "deep chain");
	free(c);
}

int
main(void)
{
	uint64_t rng = 20240601;

	test_reference_cases();
	test_bad_input();
	test_lanes();
	test_ties_across_batches();
	test_region_names();
	test_random_forests(&rng, 4000, 60);
	test_random_overlaps(&rng, 20000);
	test_large(&rng);
	if (failed > 0) {
		fprintf(stderr, "test-stack: %d checks failed\n", failed);
		return 1;
	}
	return 0;
}
