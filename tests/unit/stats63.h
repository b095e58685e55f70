/*
 * stats63.h - the run of doc/stats.md, "Example: a session on two
 * ranks" (scope_profiler.session, solve, io), fed batch by batch into a
 * struct sp_stats_run as the exporter feeds it from a walk, for the
 * unit tests of sp_stats_run.h and of the writers.
 */
#ifndef STATS63_H
#define STATS63_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sp_stats_run.h"

#define S 1000000000LL

struct c {
	int64_t start, end;
	uint32_t region;
	int64_t call;
	uint32_t depth;
	int64_t lane;
};

static const char *names[] = { "scope_profiler.session", "solve", "io" };
static const size_t lens[] = { 22, 5, 2 };

static const struct c rank0[] = {
	{ 0, 10 * S, 0, 0, 0, -1 }, { 1 * S, 4 * S, 1, 0, 1, -1 },
	{ 2 * S, 3 * S, 2, 0, 2, -1 }, { 5 * S, 9 * S, 1, 1, 1, -1 },
	{ 6 * S, 7 * S, 2, 1, 2, -1 }, { 7500000000LL, 8 * S, 2, 2, 2, -1 },
};
static const struct c rank1[] = {
	{ 0, 12 * S, 0, 0, 0, -1 }, { 1 * S, 11 * S, 1, 0, 1, -1 },
	{ 2 * S, 2 * S + 250000, 2, 0, 2, -1 },
};

/*
 * How lane() feeds the calls: in batches of that many calls (0: one call
 * a batch) to sp_stats_run_calls(), with a GPU column of no times when
 * gpu_column is set.
 */
static size_t batch_calls;
static int gpu_column;
/* The run's walk, as the exporter's front end keeps one. */
static struct sp_walk *walk;
/* The watch run() hands the run (none when zero). */
static struct sp_stats_run_watch watch63;

/*
 * The calls [i, i + n) of a lane of v as one batch, with their closes;
 * the stacks kids, ends and seqs (the open calls' places in the lane)
 * carry over from batch to batch.
 */
static void
lane_batch(struct sp_stats_run *r, const struct c *v, size_t nv, size_t i,
    size_t n, int64_t *kids, int64_t *ends, int64_t *seqs, size_t *top,
    struct sp_err *e)
{
	int64_t start[8], end[8], call[8], parent[8], self[8], gpu[8];
	uint32_t region[8], depth[8];
	struct sp_batch b;
	size_t k, j;
	int walk_failed;

	memset(&b, 0, sizeof b);
	b.n = n;
	b.first = i;
	for (k = j = 0; k <= n; k++) {
		/* before call i + k opens, or after the lane's last */
		while (*top > 0 && (i + k == nv ? 1 : k == n ? 0 :
		    *top > v[i + k].depth)) {
			--*top;
			self[j++] = ends[*top] - kids[*top];
			if (*top > 0)
				kids[*top - 1] += ends[*top];
		}
		if (k == n)
			break;
		start[k] = v[i + k].start;
		end[k] = v[i + k].end;
		region[k] = v[i + k].region;
		call[k] = v[i + k].call;
		depth[k] = v[i + k].depth;
		parent[k] = *top > 0 ? seqs[*top - 1] : -1;
		gpu[k] = -1;
		ends[*top] = end[k] - start[k];
		seqs[*top] = (int64_t)(i + k);
		kids[(*top)++] = 0;
	}
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	b.depth = depth;
	b.parent = parent;
	b.self = self;
	b.nclosed = j;
	b.lane_end = i + n == nv;
	b.x[SP_X_GPU] = gpu_column ? gpu : NULL;
	CHECK(sp_stats_run_calls(r, walk, &b, &walk_failed, e) == 0,
	    "batch: %s", e->msg);
}

/* One lane, as the walker hands it over: batches of batch_calls calls. */
static void
lane(struct sp_stats_run *r, const struct c *v, size_t n, struct sp_err *e)
{
	size_t per = batch_calls > 0 ? batch_calls : 1;
	int64_t kids[16], ends[16], seqs[16];
	size_t top = 0, i;

	for (i = 0; i < n; i += per)
		lane_batch(r, v, n, i, n - i < per ? n - i : per, kids, ends,
		    seqs, &top, e);
}

static void
rank(struct sp_stats_run *r, uint32_t rk, const struct c *v, size_t n,
    int lanes, struct sp_err *e)
{
	struct sp_row_info rows[3];
	struct sp_rank_info ri;
	size_t k, i;

	memset(rows, 0, sizeof rows);
	memset(&ri, 0, sizeof ri);
	for (k = 0; k < 3; k++) {
		rows[k].region = (uint32_t)k;
		for (i = 0; i < n; i++)
			rows[k].calls += v[i].region == k;
		if (lanes)
			rows[k].xmask = 1u << SP_X_THREAD;
	}
	ri.rank = rk;
	ri.nrows = 3;
	ri.rows = rows;
	CHECK(sp_stats_run_rank(r, &ri, 1, e) == 0, "rank: %s", e->msg);
	if (!lanes) {
		lane(r, v, n, e);
	} else {
		/* the session alone on lane -2, the rest a level up on -3 */
		struct c up[8];

		for (i = 1; i < n; i++) {
			up[i - 1] = v[i];
			up[i - 1].depth--;
		}
		CHECK(sp_stats_run_lane(r, -3, NULL, e) == 0, "lane");
		lane(r, up, n - 1, e);
		CHECK(sp_stats_run_lane(r, -2, NULL, e) == 0, "lane");
		lane(r, v, 1, e);
	}
	CHECK(sp_stats_run_rank_end(r, e) == 0, "rank end: %s", e->msg);
}

/* The run stays alive with its result: region names are the run's. */
static struct sp_stats_run *alive;

static struct sp_stats_result *
run(unsigned want, uint64_t mem, int lanes,
    int (*keep)(void *, const char *, size_t))
{
	struct sp_stats_run_opts o;
	struct sp_run_info ri;
	struct sp_region_table t;
	struct sp_stats_run *r;
	struct sp_stats_result *res = NULL;
	struct sp_err e;
	uint32_t order[3] = { 0, 1, 2 };

	memset(&o, 0, sizeof o);
	o.want = want;
	o.mem = mem;
	o.keep = keep;
	o.watch = watch63;
	memset(&ri, 0, sizeof ri);
	ri.source = "native_trace";
	ri.num_ranks = 2;
	ri.has_span = 1;
	memset(&t, 0, sizeof t);
	t.n = 3;
	t.names = names;
	t.lens = lens;
	t.order = order;
	sp_walk_free(walk);
	CHECK((walk = sp_walk_new(NULL)) != NULL, "walk");
	r = sp_stats_run_new(&o, &e);
	CHECK(r != NULL && sp_stats_run_begin(r, &ri, "native_trace", &e) == 0 &&
	    sp_stats_run_regions(r, &t, &e) == 0, "run");
	rank(r, 0, rank0, 6, lanes, &e);
	rank(r, 1, rank1, 3, 0, &e);
	CHECK(sp_stats_run_finish(r, &res, &e) == 0, "finish: %s", e.msg);
	sp_stats_run_free(alive);
	alive = r;
	return res;
}

/* A keep() that keeps no region. */
static inline int
nothing(void *ctx, const char *name, size_t len)
{
	(void)ctx;
	(void)name;
	(void)len;
	return 0;
}

#endif
