/*
 * callgen.h - hand-made sp streams for the unit tests of the exporters:
 * runs, ranks, and lanes of calls given in order with their depths,
 * written as batches of the call stage (depth, parent and self computed
 * here) or of the interval stage.  Every failure ends the test (die).
 *
 * Ownership: a struct gen owns its writer and sink until gen_close().
 */
#ifndef CALLGEN_H
#define CALLGEN_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_sink.h"
#include "sp_stream.h"

struct call {
	int64_t start, end;
	uint32_t region, depth;
};

struct gen {
	struct sp_sink *sink;
	struct sp_writer *w;
	uint64_t calls, batches;	/* of the run */
};

static inline void
die(const char *what, const struct sp_err *e)
{
	printf("FAIL: %s: %s\n", what, e->msg);
	exit(1);
}

static inline int
gen_open(struct gen *g, const char *path, enum sp_batch_stage stage)
{
	struct sp_err e;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || (g->sink = sp_sink_new_fd(fd, path, &e)) == NULL ||
	    (g->w = sp_writer_new(g->sink, &e)) == NULL ||
	    sp_writer_header(g->w, stage, "callgen", &e) < 0)
		die("stream", &e);
	return fd;
}

static inline void
gen_close(struct gen *g, int fd, uint32_t runs)
{
	struct sp_err e;

	if (sp_writer_stream_end(g->w, runs, &e) < 0 ||
	    sp_sink_flush(g->sink, &e) < 0)
		die("stream end", &e);
	sp_writer_free(g->w);
	sp_sink_free(g->sink);
	close(fd);
}

/*
 * A run item spanning first..last (no span when first < 0), and its
 * region table.
 */
static inline void
gen_run_span(struct gen *g, uint32_t run, const char *label, int64_t first,
    int64_t last, const char *const *names, size_t nnames)
{
	static const uint8_t empty_map[] = { 0xa0 };
	static const uint32_t order[] = { 0, 1, 2, 3 };
	struct sp_run_info ri;
	struct sp_region_table t;
	struct sp_err e;

	memset(&ri, 0, sizeof ri);
	ri.run = run;
	ri.label = label;
	ri.source = "test.h5";
	ri.source_format = "hdf5";
	ri.layout = "columnar";
	ri.schema = 3;
	ri.num_ranks = 1;
	ri.event_data = 1;
	ri.has_span = first >= 0;
	ri.first_ns = first;
	ri.last_ns = last;
	ri.metadata = empty_map;
	ri.metadata_len = 1;
	memset(&t, 0, sizeof t);
	t.run = run;
	t.n = nnames;
	t.names = (const char **)names;
	t.order = order;	/* nnames <= 4 */
	if (sp_writer_run(g->w, &ri, &e) < 0 ||
	    sp_writer_regions(g->w, &t, &e) < 0)
		die("run", &e);
	g->calls = g->batches = 0;
}

/*
 * A run item whose span begins at first and reaches as far as a span may
 * (INT64_MAX ns later, or the end of time), so that any call from first
 * on fits in it; none when first < 0.
 */
static inline void
gen_run(struct gen *g, uint32_t run, const char *label, int64_t first,
    const char *const *names, size_t nnames)
{
	gen_run_span(g, run, label, first, INT64_MAX, names, nnames);
}

static inline void
gen_rank(struct gen *g, uint32_t run, uint32_t rank)
{
	struct sp_rank_info rk;
	struct sp_err e;

	memset(&rk, 0, sizeof rk);
	rk.run = run;
	rk.rank = rank;
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
}

static inline void
gen_run_end(struct gen *g, uint32_t run)
{
	struct sp_err e;

	if (sp_writer_run_end(g->w, run, g->calls, g->batches, &e) < 0)
		die("run end", &e);
}

/*
 * One lane of calls, in order with their depths, as batches of at most
 * bsize calls of the call stage (or of the interval stage).
 */
struct lanegen {
	struct gen *g;
	uint32_t run, rank;
	int64_t lane;
	enum sp_batch_stage stage;
	size_t bsize;
	/* the batch being filled */
	int64_t *start, *end, *call, *parent, *self;
	int64_t *thread;	/* a thread column (bsize values), or NULL */
	uint32_t *region, *depth;
	size_t n, nclosed;
	uint64_t first, next;
	/* the open calls */
	int64_t *ostart, *oend, *okids;
	uint64_t *oseq;
	size_t top;
};

static inline void
lane_init(struct lanegen *l, struct gen *g, uint32_t run, uint32_t rank,
    int64_t lane, enum sp_batch_stage stage, size_t bsize)
{
	memset(l, 0, sizeof *l);
	l->g = g;
	l->run = run;
	l->rank = rank;
	l->lane = lane;
	l->stage = stage;
	l->bsize = bsize;
	l->start = calloc(bsize, 8);
	l->end = calloc(bsize, 8);
	l->call = calloc(bsize, 8);
	l->parent = calloc(bsize, 8);
	l->region = calloc(bsize, 4);
	l->depth = calloc(bsize, 4);
	l->self = calloc(bsize + 256, 8);	/* closes of a batch */
	l->ostart = calloc(256, 8);
	l->oend = calloc(256, 8);
	l->okids = calloc(256, 8);
	l->oseq = calloc(256, 8);
}

static inline void
lane_flush(struct lanegen *l, int lane_end)
{
	struct sp_batch b;
	struct sp_err e;

	memset(&b, 0, sizeof b);
	b.run = l->run;
	b.rank = l->rank;
	b.lane = l->lane;
	b.first = l->first;
	b.n = l->n;
	b.start = l->start;
	b.end = l->end;
	b.region = l->region;
	b.call = l->call;
	b.x[SP_X_THREAD] = l->thread;
	if (l->stage == SP_STAGE_CALLS) {
		b.depth = l->depth;
		b.parent = l->parent;
		b.self = l->self;
		b.nclosed = l->nclosed;
		b.lane_end = lane_end;
	}
	if (sp_writer_batch(l->g->w, &b, &e) < 0)
		die("batch", &e);
	l->g->calls += l->n;
	l->g->batches++;
	l->first += l->n;
	l->n = l->nclosed = 0;
}

static inline void
lane_pop(struct lanegen *l)
{
	size_t k = --l->top;
	int64_t dur = l->oend[k] - l->ostart[k];

	l->self[l->nclosed++] = dur - l->okids[k];
	if (k > 0)
		l->okids[k - 1] += dur;
}

static inline void
lane_call(struct lanegen *l, const struct call *c)
{
	size_t i;

	/* the closes before a call go in the call's batch */
	if (l->n == l->bsize)
		lane_flush(l, 0);
	while (l->top > c->depth)
		lane_pop(l);
	i = l->n++;
	l->start[i] = c->start;
	l->end[i] = c->end;
	l->region[i] = c->region;
	l->call[i] = (int64_t)l->next;
	l->depth[i] = c->depth;
	l->parent[i] = l->top > 0 ? (int64_t)l->oseq[l->top - 1] : -1;
	l->ostart[l->top] = c->start;
	l->oend[l->top] = c->end;
	l->okids[l->top] = 0;
	l->oseq[l->top++] = l->next++;
}

static inline void
lane_free(struct lanegen *l)
{
	free(l->start);
	free(l->end);
	free(l->call);
	free(l->parent);
	free(l->region);
	free(l->depth);
	free(l->self);
	free(l->ostart);
	free(l->oend);
	free(l->okids);
	free(l->oseq);
}

static inline void
lane_end(struct lanegen *l)
{
	while (l->top > 0)
		lane_pop(l);
	lane_flush(l, 1);
	lane_free(l);
}

static inline void
lane_calls(struct gen *g, uint32_t run, uint32_t rank, int64_t lane,
    const struct call *c, size_t n, enum sp_batch_stage stage)
{
	struct lanegen l;
	size_t i;

	lane_init(&l, g, run, rank, lane, stage, 2);
	for (i = 0; i < n; i++)
		lane_call(&l, &c[i]);
	if (stage == SP_STAGE_CALLS) {
		lane_end(&l);
	} else {
		lane_flush(&l, 0);
		lane_free(&l);
	}
}

#endif
