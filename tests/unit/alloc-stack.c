/*
 * alloc-stack.c - the allocation-failure scenarios of lib/stack, on its
 * public headers only: the stacker (a lane nested deeper than its first
 * stack of 64, batches larger than its first columns), its nesting error
 * (whose message allocates), the walker replaying what it made, and
 * sp_restack over an interval stream of two sections that join (shards
 * of one run).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_restack.h"
#include "sp_stack.h"
#include "sp_walk.h"
#include "callgen.h"
#include "alloc.h"

static const char *const rnames[] = { "a", "b \"q\"", "c" };

/* n calls: a chain of 100 nested ones, then siblings inside the first. */
#define NCALLS 200
static int64_t cstart[NCALLS], cend[NCALLS], ccall[NCALLS];
static uint32_t cregion[NCALLS];

static void
make_calls(void)
{
	int i;

	for (i = 0; i < NCALLS; i++) {
		if (i < 100) {
			cstart[i] = i;
			cend[i] = 100000 - i;
		} else {
			cstart[i] = 1000 * i;
			cend[i] = 1000 * i + 10;
		}
		cregion[i] = (uint32_t)(i % 3);
		ccall[i] = i;
	}
}

struct walked {
	uint64_t opens, closes;
	int64_t self;
	uint32_t deepest;
};

/* The batch through the walk, its events counted. */
static int
walk_batch(struct sp_walk *wk, struct walked *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct sp_walk_iter it;
	int ev;

	if (sp_walk_begin(wk, b, &it, e) < 0)
		return -1;
	while ((ev = sp_walk_next(&it, e)) > SP_WALK_DONE) {
		if (ev == SP_WALK_OPEN) {
			w->opens++;
			if (it.c->depth > w->deepest)
				w->deepest = it.c->depth;
		} else if (ev == SP_WALK_CLOSE) {
			w->closes++;
			w->self += it.self;
		}
	}
	return ev;
}

/* The calls of two lanes in batches of 70, stacked (and walked). */
static int
stack_lanes(int walk, struct sp_err *e)
{
	struct sp_stack *st = sp_stack_new();
	struct sp_walk *wk = NULL;
	struct walked w = { 0, 0, 0, 0 };
	struct sp_batch in, out;
	int64_t lane;
	size_t i, n;
	int rc = -1;

	if (st == NULL)
		return alloc_nomem(e, "sp_stack_new");
	if (walk && (wk = sp_walk_new(NULL)) == NULL) {
		alloc_nomem(e, "sp_walk_new");
		goto out;
	}
	sp_stack_set_regions(st, 3, rnames, NULL, NULL);
	for (lane = -3; lane <= -2; lane++) {
		sp_stack_begin_lane(st, 0, 0, lane);
		for (i = 0; i < NCALLS; i += n) {
			n = NCALLS - i < 70 ? NCALLS - i : 70;
			memset(&in, 0, sizeof in);
			in.lane = lane;
			in.first = i;
			in.n = n;
			in.start = cstart + i;
			in.end = cend + i;
			in.region = cregion + i;
			in.call = ccall + i;
			if (sp_stack_push(st, &in, &out, e) < 0 ||
			    (wk != NULL && walk_batch(wk, &w, &out, e) < 0))
				goto out;
		}
		if (sp_stack_end_lane(st, &out, e) < 0 ||
		    (wk != NULL && walk_batch(wk, &w, &out, e) < 0))
			goto out;
		if (alloc_printf(e, "lane %lld: %zu closed, first self %lld\n",
		    (long long)lane, out.nclosed, (long long)out.self[0]) < 0)
			goto out;
	}
	if (wk != NULL && (sp_walk_finish(wk, e) < 0 ||
	    alloc_printf(e, "walked %llu %llu %lld %u\n",
	    (unsigned long long)w.opens, (unsigned long long)w.closes,
	    (long long)w.self, w.deepest) < 0))
		goto out;
	rc = 0;
out:
	sp_walk_free(wk);
	sp_stack_free(st);
	return rc;
}

static int
stacker(struct sp_err *e)
{
	return stack_lanes(0, e);
}

static int
walker(struct sp_err *e)
{
	return stack_lanes(1, e);
}

/* Calls that overlap: the reference's message, quoting both calls. */
static int
nesting_named(int named, struct sp_err *e)
{
	static int64_t s[] = { 0, 5 }, t[] = { 10, 20 }, c[] = { 0, 0 };
	static uint32_t r[] = { 0, 1 };
	struct sp_stack *st = sp_stack_new();
	struct sp_batch in, out;
	struct sp_err why;
	int rc;

	if (st == NULL)
		return alloc_nomem(e, "sp_stack_new");
	/* the second time without names: the regions go by their ids */
	sp_stack_set_regions(st, 3, named ? rnames : NULL, NULL, NULL);
	sp_stack_begin_lane(st, 0, 0, -1);
	memset(&in, 0, sizeof in);
	in.lane = -1;
	in.n = 2;
	in.start = s;
	in.end = t;
	in.region = r;
	in.call = c;
	rc = sp_stack_push(st, &in, &out, &why);
	sp_stack_free(st);
	if (rc == 0)
		return sp_fail(e, SP_EDATA, "wrong: overlapping calls stacked");
	if (why.status != SP_EDATA) {
		*e = why;
		return -1;
	}
	return alloc_printf(e, "%s\n", why.msg);
}

static int
nesting(struct sp_err *e)
{
	return nesting_named(1, e) < 0 ? -1 : nesting_named(0, e);
}

/* Two sections, each one rank of run "one": shards that sp_restack joins. */
static void
make_shards(void)
{
	static const struct call calls[] = {
		{ 10, 100, 0, 0 }, { 20, 30, 1, 1 }, { 40, 90, 2, 1 },
		{ 50, 60, 1, 2 },
	};
	struct gen g;
	struct sp_err e;
	int fd = gen_open(&g, alloc_in("shards.sps"), SP_STAGE_INTERVALS);
	uint32_t rank;

	for (rank = 0; rank < 2; rank++) {
		if (rank == 1 && sp_writer_header(g.w, SP_STAGE_INTERVALS,
		    "callgen", &e) < 0)
			alloc_die("header", e.msg);
		gen_run(&g, 0, "one", 10, rnames, 3);
		gen_rank(&g, 0, rank);
		lane_calls(&g, 0, rank, -1, calls, 4, SP_STAGE_INTERVALS);
		gen_run_end(&g, 0);
		if (rank == 0 && sp_writer_stream_end(g.w, 1, &e) < 0)
			alloc_die("stream end", e.msg);
	}
	gen_close(&g, fd, 1);
	make_calls();
}

static int
restack(struct sp_err *e)
{
	const char *out = alloc_outdir("calls.sps");
	int in = open(alloc_in("shards.sps"), O_RDONLY), fd = -1, rc = -1;
	struct sp_reader *r = NULL;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;

	if (in < 0)
		return sp_fail(e, SP_EIO, "shards.sps: cannot open");
	if ((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
		sp_fail(e, SP_EIO, "%s: cannot open", out);
		goto out;
	}
	if ((r = sp_reader_new(in, "shards.sps", e)) == NULL ||
	    (s = sp_sink_new_fd(fd, out, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    sp_restack(r, w, e) < 0 || sp_sink_flush(s, e) < 0)
		goto out;
	rc = alloc_slurp(out, e);
out:
	sp_writer_free(w);
	sp_sink_free(s);
	sp_reader_free(r);
	if (fd >= 0)
		close(fd);
	unlink(out);
	close(in);
	return rc;
}

const struct alloc_scenario alloc_stack[] = {
	{ "stack/stacker", make_calls, stacker, 0 },
	{ "stack/walker", make_calls, walker, 0 },
	{ "stack/nesting", NULL, nesting, 0 },
	{ "stack/restack", make_shards, restack, 0 },
	{ NULL, NULL, NULL, 0 },
};
