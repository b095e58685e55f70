/*
 * Unit test of sp_order: the merge of a source into the interval stream,
 * on sources made here in memory (struct sp_source with ops of our own),
 * read back through the stream reader.  The rules are sp-stream(5)'s
 * CALL ORDER and FILE ORDER and sp_order.h's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_filter.h"
#include "sp_order.h"
#include "sp_ranks.h"
#include "sp_section.h"
#include "sp_sink.h"
#include "sp_stream.h"
#include "check.h"

#define MAXC 256
#define MAXR 16

/* One (rank, region) row: its calls in recording order. */
struct mem_row {
	uint32_t rank, region;
	size_t n;
	const int64_t *start, *end;
	const int64_t *x[SP_X_COUNT];	/* NULL: the row lacks it */
};

/* A source over mem_rows, rows grouped by rank as a reader gives them. */
struct mem_src {
	struct sp_source src;
	const struct mem_row *rows;
	int reads_left;		/* reads before they fail; <0 never */
	int sides;		/* give every rank a "likwid" payload */
};

static int
mem_read(struct sp_source *s, size_t row, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct mem_src *m = (struct mem_src *)s;
	const struct mem_row *r = &m->rows[row];
	size_t i, k;

	if (m->reads_left >= 0 && m->reads_left-- == 0)
		return sp_fail(e, SP_EIO, "%s: read failed", s->path);
	for (i = 0; i < n; i++) {
		uint64_t j = off + i;

		/* delta sources: start deltas and durations */
		a[i] = s->delta ? r->start[j] - (j > 0 ? r->start[j - 1] : 0) :
		    r->start[j];
		b[i] = s->delta ? r->end[j] - r->start[j] : r->end[j];
		for (k = 0; k < SP_X_COUNT; k++)
			if (x[k] != NULL)
				x[k][i] = r->x[k] != NULL ? r->x[k][j] :
				    k == SP_X_AWAIT ? 0 : -1;
	}
	return 0;
}

static int
mem_tables(struct sp_source *s, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	(void)s;
	(void)rank;
	(void)out;
	(void)e;
	return 0;
}

static int
mem_sides(struct sp_source *s, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	uint8_t item = (uint8_t)rank;	/* CBOR: the unsigned number */

	if (!((struct mem_src *)s)->sides || rank > 23)
		return 0;
	return emit(ctx, "likwid", &item, 1, e);
}

static void
mem_free(struct sp_source *s)
{
	(void)s;
}

static const struct sp_source_ops mem_ops = { mem_read, mem_tables,
	mem_sides, mem_free };

static struct mem_src *
mem_open(const struct mem_row *rows, size_t nrows, const char *const *names,
    size_t nregions, int delta)
{
	struct mem_src *m = calloc(1, sizeof *m);
	size_t i, k;

	m->rows = rows;
	m->reads_left = -1;
	m->src.ops = &mem_ops;
	m->src.path = "mem";
	m->src.source_format = "test";
	m->src.layout = "columnar";
	m->src.schema = 3;
	m->src.event_data = 1;
	m->src.delta = delta;
	m->src.metadata = malloc(1);
	m->src.metadata[0] = 0xa0;	/* {} */
	m->src.metadata_len = 1;
	m->src.nregions = nregions;
	m->src.names = malloc((nregions + 1) * sizeof *m->src.names);
	for (i = 0; i < nregions; i++)
		m->src.names[i] = (char *)names[i];
	m->src.nrows = nrows;
	m->src.rows = calloc(nrows + 1, sizeof *m->src.rows);
	for (i = 0; i < nrows; i++) {
		struct sp_source_row *r = &m->src.rows[i];

		r->rank = rows[i].rank;
		r->region = r->info.region = rows[i].region;
		r->count = r->info.calls = rows[i].n;
		for (k = 0; k < SP_X_COUNT; k++)
			if (rows[i].x[k] != NULL)
				r->info.xmask |= 1u << k;
		m->src.xmask |= r->info.xmask;
		if (rows[i].rank + 1 > m->src.num_ranks)
			m->src.num_ranks = rows[i].rank + 1;
	}
	return m;
}

/* What the stream said, flattened. */
struct call {
	uint32_t rank, region;
	int64_t lane, start, end, call, thread;
	uint64_t seq;
};

struct result {
	int rc;			/* of sp_order_emit */
	char msg[SP_ERR_MSG_MAX];
	enum sp_section_order order;
	int runs, run_end;
	int has_span;
	int64_t first_ns, last_ns;
	size_t nregions;
	uint32_t region_order[MAXR];
	size_t nranks;
	uint32_t ranks[MAXR];	/* the rank items, in stream order */
	size_t nrows;
	uint32_t row_rank[MAXR], row_region[MAXR];
	unsigned row_xmask[MAXR];
	size_t nsides;
	uint32_t side_rank[MAXR];
	int has_file_ranks;
	size_t nfile_ranks;
	uint32_t file_ranks[MAXR];
	size_t nbatches, n;
	struct call c[MAXC];
};

static void
take_batch(struct result *res, const struct sp_batch *b)
{
	size_t i;

	res->nbatches++;
	for (i = 0; i < b->n && res->n < MAXC; i++) {
		struct call *c = &res->c[res->n++];

		c->rank = b->rank;
		c->lane = b->lane;
		c->start = b->start[i];
		c->end = b->end[i];
		c->region = b->region[i];
		c->call = b->call[i];
		c->seq = b->first + i;
		c->thread = b->x[SP_X_THREAD] != NULL ?
		    b->x[SP_X_THREAD][i] : -9;
	}
}

static void
take_item(struct result *res, const struct sp_item *it)
{
	size_t i;

	switch (it->kind) {
	case SP_ITEM_HEADER: {
		struct sp_err e;

		sp_err_clear(&e);
		CHECK(sp_section_order(it, &res->order, &e) == 0, "%s", e.msg);
		break;
	}
	case SP_ITEM_RUN:
		res->runs++;
		res->has_span = it->u.run.has_span;
		res->first_ns = it->u.run.first_ns;
		res->last_ns = it->u.run.last_ns;
		break;
	case SP_ITEM_REGIONS:
		res->nregions = it->u.regions.n;
		for (i = 0; i < it->u.regions.n && i < MAXR; i++)
			res->region_order[i] = it->u.regions.order[i];
		break;
	case SP_ITEM_RANK:
		res->ranks[res->nranks++ % MAXR] = it->u.rank.rank;
		for (i = 0; i < it->u.rank.nrows && res->nrows < MAXR; i++) {
			const struct sp_row_info *r = &it->u.rank.rows[i];

			res->row_rank[res->nrows] = it->u.rank.rank;
			res->row_region[res->nrows] = r->region;
			res->row_xmask[res->nrows++] = r->xmask;
		}
		break;
	case SP_ITEM_SIDE:
		if (strcmp(it->u.side.kind, SP_SECTION_RANKS_KIND) == 0) {
			uint32_t *r;
			size_t n;

			if (sp_section_read_ranks(&it->u.side, &r, &n,
			    NULL) == 0) {
				res->has_file_ranks = 1;
				for (i = 0; i < n && i < MAXR; i++)
					res->file_ranks[i] = r[i];
				res->nfile_ranks = n;
				free(r);
			}
		} else if (it->u.side.has_rank) {
			res->side_rank[res->nsides++ % MAXR] =
			    it->u.side.rank;
		}
		break;
	case SP_ITEM_BATCH:
		take_batch(res, &it->u.batch);
		break;
	case SP_ITEM_RUN_END:
		res->run_end = 1;
		break;
	default:
		break;
	}
}

/* Emit src as one run of a section and read the stream back into res. */
static void
run_order(struct mem_src *m, const struct sp_order_opts *o,
    struct result *res)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f));
	struct sp_err e, re;
	struct sp_sink *s = sp_sink_new_fd(fd, "out", &e);
	struct sp_writer *w = sp_writer_new(s, &e);
	struct sp_reader *r;
	struct sp_item it;

	memset(res, 0, sizeof *res);
	sp_err_clear(&e);
	CHECK(sp_section_write_header(w, o->order, "test", &e) == 0, "%s",
	    e.msg);
	res->rc = sp_order_emit(&m->src, "run", NULL, 0, o, w, NULL, &e);
	snprintf(res->msg, sizeof res->msg, "%s", e.msg);
	/* a failed run ends the stream where it failed, as sp-read does */
	if (res->rc == 0)
		CHECK(sp_writer_stream_end(w, 1, &e) == 0, "%s", e.msg);
	CHECK(sp_sink_flush(s, &e) == 0, "%s", e.msg);
	sp_writer_free(w);
	sp_sink_free(s);
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	r = sp_reader_new(fd, "out", &re);
	while (sp_reader_next(r, &it, &re) > 0)
		take_item(res, &it);
	sp_reader_free(r);
	close(fd);
}

static void
opts_init(struct sp_order_opts *o)
{
	memset(o, 0, sizeof *o);
	o->order = SP_ORDER_TIME;
}

/* The calls' (start, end, call index) against a table of them. */
static int
calls_are(const struct result *res, const int64_t (*want)[3], size_t n)
{
	size_t i;

	if (res->n != n)
		return 0;
	for (i = 0; i < n; i++)
		if (res->c[i].start != want[i][0] ||
		    res->c[i].end != want[i][1] ||
		    res->c[i].call != want[i][2])
			return 0;
	return 1;
}

static const char *const names3[] = { "a", "b", "c" };

/*
 * A row out of order splits into segments that the merge puts back in
 * order; sequence numbers run on across batches; absolute and delta
 * sources give the same calls.
 */
static void
test_segments(void)
{
	static const int64_t s[] = { 0, 50, 10, 60, 5, 70 };
	static const int64_t en[] = { 100, 55, 20, 70, 8, 80 };
	static const int64_t want[][3] = { { 0, 100, 0 }, { 5, 8, 4 },
		{ 10, 20, 2 }, { 50, 55, 1 }, { 60, 70, 3 }, { 70, 80, 5 } };
	const struct mem_row rows[] = { { 0, 0, 6, s, en, { 0 } } };
	struct sp_order_opts o;
	struct result res;
	size_t i;
	int delta;

	for (delta = 0; delta < 2; delta++) {
		struct mem_src *m = mem_open(rows, 1, names3, 1, delta);

		opts_init(&o);
		o.batch = 4;
		run_order(m, &o, &res);
		CHECK(res.rc == 0 && res.run_end, "delta %d: %s", delta,
		    res.msg);
		CHECK(calls_are(&res, want, 6), "delta %d: order", delta);
		CHECK(res.nbatches == 2, "delta %d: %zu batches", delta,
		    res.nbatches);
		for (i = 0; i < res.n; i++)
			CHECK(res.c[i].seq == i && res.c[i].lane == -1,
			    "delta %d: call %zu seq %llu lane %lld", delta, i,
			    (unsigned long long)res.c[i].seq,
			    (long long)res.c[i].lane);
		CHECK(res.has_span && res.first_ns == 0 && res.last_ns == 100,
		    "delta %d: span %lld %lld", delta,
		    (long long)res.first_ns, (long long)res.last_ns);
		sp_source_free(&m->src);
	}
}

/*
 * Equal starts: end descending; equal start and end: region order, then
 * call index, across segments and rows.
 */
static void
test_ties(void)
{
	/* region a starts later (100) than b (0): b comes first */
	static const int64_t as[] = { 100, 100, 300, 100 };
	static const int64_t ae[] = { 200, 200, 310, 200 };
	static const int64_t bs[] = { 0, 100, 100 };
	static const int64_t be[] = { 1, 200, 250 };
	static const struct {
		int64_t start, end;
		uint32_t region;
		int64_t call;
	} want[] = {
		{ 0, 1, 1, 0 }, { 100, 250, 1, 2 }, { 100, 200, 1, 1 },
		{ 100, 200, 0, 0 }, { 100, 200, 0, 1 }, { 100, 200, 0, 3 },
		{ 300, 310, 0, 2 },
	};
	const struct mem_row rows[] = { { 0, 0, 4, as, ae, { 0 } },
		{ 0, 1, 3, bs, be, { 0 } } };
	struct mem_src *m = mem_open(rows, 2, names3, 2, 0);
	struct sp_order_opts o;
	struct result res;
	size_t i;

	opts_init(&o);
	run_order(m, &o, &res);
	CHECK(res.rc == 0, "%s", res.msg);
	CHECK(res.region_order[0] == 1 && res.region_order[1] == 0,
	    "order %u %u", res.region_order[0], res.region_order[1]);
	CHECK(res.n == 7, "%zu calls", res.n);
	for (i = 0; i < res.n && i < 7; i++)
		CHECK(res.c[i].start == want[i].start &&
		    res.c[i].end == want[i].end &&
		    res.c[i].region == want[i].region &&
		    res.c[i].call == want[i].call, "call %zu: [%lld, %lld] "
		    "region %u call %lld", i, (long long)res.c[i].start,
		    (long long)res.c[i].end, res.c[i].region,
		    (long long)res.c[i].call);
	sp_source_free(&m->src);
}

/*
 * Lanes: a task id >= 0, else -2 - the thread id, else -1; ascending,
 * each with its own sequence numbers.  Without a thread column there are
 * no lanes, whatever the task column says.
 */
static void
test_lanes(void)
{
	static const int64_t s[] = { 0, 1, 2, 3, 4, 5 };
	static const int64_t en[] = { 10, 11, 12, 13, 14, 15 };
	static const int64_t th[] = { 0, 1, 0, 1, -1, 0 };
	static const int64_t tk[] = { -1, -1, -1, 3, -1, 3 };
	static const int64_t lane[] = { -3, -2, -2, -1, -1, 3, 3 };
	static const int64_t call[] = { 1, 0, 2, 0, 4, 3, 5 };
	struct mem_row rows[] = { { 0, 0, 6, s, en, { 0 } },
		{ 0, 1, 1, s, en, { 0 } } };
	struct sp_order_opts o;
	struct result res;
	struct mem_src *m;
	size_t i;
	int with_thread;

	rows[0].x[SP_X_TASK] = tk;
	for (with_thread = 1; with_thread >= 0; with_thread--) {
		rows[0].x[SP_X_THREAD] = with_thread ? th : NULL;
		m = mem_open(rows, 2, names3, 2, 0);
		opts_init(&o);
		run_order(m, &o, &res);
		CHECK(res.rc == 0 && res.n == 7, "thread %d: %s, %zu calls",
		    with_thread, res.msg, res.n);
		for (i = 0; with_thread && i < res.n && i < 7; i++)
			CHECK(res.c[i].lane == lane[i] &&
			    res.c[i].call == call[i] && res.c[i].region ==
			    (i == 3), "call %zu: lane %lld call %lld", i,
			    (long long)res.c[i].lane,
			    (long long)res.c[i].call);
		/* region b's row lacks the thread column: it reads -1 */
		for (i = 0; !with_thread && i < res.n; i++)
			CHECK(res.c[i].lane == -1, "no threads: call %zu lane "
			    "%lld", i, (long long)res.c[i].lane);
		CHECK(!with_thread || (res.c[1].seq == 0 &&
		    res.c[2].seq == 1 && res.c[3].seq == 0 &&
		    res.c[4].seq == 1 && res.c[6].seq == 1),
		    "sequence numbers per lane");
		CHECK(!with_thread || res.c[3].thread == -1, "filled thread "
		    "id %lld", (long long)res.c[3].thread);
		sp_source_free(&m->src);
	}
}

/*
 * Region order: stably by the earliest start in seconds (so two starts a
 * double cannot tell apart tie, and the id decides), 0.0 for a row
 * without calls, regions without rows last; over every row, also those a
 * selection leaves out.
 */
static void
test_region_order(void)
{
	static const char *const names[] = { "late", "same-a", "same-b",
		"rowless", "empty", "negative", "other-rank" };
	/* 2^53 + 1 and 2^53 ns are one double */
	static const int64_t big1[] = { 9007199254740993 };
	static const int64_t big1e[] = { 9007199254740999 };
	static const int64_t big0[] = { 9007199254740992 };
	static const int64_t late[] = { 9007199254741992 * 2 };
	static const int64_t neg[] = { -5 }, nege[] = { -1 };
	static const int64_t r1[] = { -1000 }, r1e[] = { 0 };
	static const uint32_t want[] = { 6, 5, 4, 1, 2, 0, 3 };
	const struct mem_row rows[] = {
		{ 0, 0, 1, late, late, { 0 } },
		{ 0, 1, 1, big1, big1e, { 0 } },
		{ 0, 2, 1, big0, big1e, { 0 } },
		{ 0, 4, 0, NULL, NULL, { 0 } },
		{ 0, 5, 1, neg, nege, { 0 } },
		{ 1, 6, 1, r1, r1e, { 0 } },
	};
	struct mem_src *m = mem_open(rows, 6, names, 7, 0);
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_order_opts o;
	struct result res;
	struct sp_err e;
	size_t i;

	/* rank 1 is not read, yet its row's start ranks region 6 */
	CHECK(sp_ranks_add(rk, "0", &e) == 0, "%s", e.msg);
	opts_init(&o);
	o.ranks = rk;
	run_order(m, &o, &res);
	CHECK(res.rc == 0 && res.nregions == 7, "%s", res.msg);
	for (i = 0; i < 7; i++)
		CHECK(res.region_order[want[i]] == i, "region %u at %u, "
		    "want %zu", want[i], res.region_order[want[i]], i);
	CHECK(res.nranks == 1 && res.ranks[0] == 0, "%zu rank items",
	    res.nranks);
	sp_ranks_free(rk);
	sp_source_free(&m->src);
}

/*
 * Rank and region selection: only the selected rows' calls and rank
 * items; the region table keeps every region and the order they have
 * over the whole file; ranks with payloads but no rows still come.
 */
static void
test_selection(void)
{
	static const int64_t s[] = { 0, 10 }, en[] = { 5, 20 };
	static const int64_t ios[] = { -1, 10 };
	static const char *const names[] = { "solve", "io", "solver" };
	const struct mem_row rows[] = {
		{ 0, 0, 2, s, en, { 0 } }, { 0, 1, 2, ios, en, { 0 } },
		{ 2, 1, 1, ios, en, { 0 } }, { 2, 2, 1, s + 1, en + 1, { 0 } },
		{ 3, 0, 2, s, en, { 0 } },
	};
	struct mem_src *m = mem_open(rows, 5, names, 3, 0);
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_filter *f = sp_filter_new();
	struct sp_order_opts o;
	struct result res;
	struct sp_err e;
	size_t i;

	m->src.extra_ranks = malloc(2 * sizeof *m->src.extra_ranks);
	m->src.extra_ranks[0] = 5;	/* a rank group with no rows */
	m->src.extra_ranks[1] = 2;
	m->src.nextra_ranks = 2;
	m->sides = 1;
	CHECK(sp_ranks_add(rk, "2-5", &e) == 0, "%s", e.msg);
	CHECK(sp_filter_include(f, "solve", &e) == 0, "%s", e.msg);
	opts_init(&o);
	o.ranks = rk;
	o.filter = f;
	run_order(m, &o, &res);
	CHECK(res.rc == 0, "%s", res.msg);
	CHECK(res.nregions == 3 && res.region_order[1] == 0,
	    "regions %zu, io at %u", res.nregions, res.region_order[1]);
	CHECK(res.nranks == 3 && res.ranks[0] == 2 && res.ranks[1] == 3 &&
	    res.ranks[2] == 5, "rank items %zu: %u %u %u", res.nranks,
	    res.ranks[0], res.ranks[1], res.ranks[2]);
	CHECK(res.nsides == 3 && res.side_rank[2] == 5, "%zu sides",
	    res.nsides);
	CHECK(res.nrows == 2 && res.row_region[0] == 2 &&
	    res.row_region[1] == 0, "%zu rows", res.nrows);
	CHECK(res.n == 3, "%zu calls", res.n);
	for (i = 0; i < res.n; i++)
		CHECK(res.c[i].region != 1 && res.c[i].rank >= 2,
		    "call %zu: rank %u region %u", i, res.c[i].rank,
		    res.c[i].region);
	/* the span is that of the calls written, or a shard's run's */
	CHECK(res.first_ns == 0 && res.last_ns == 20, "span %lld %lld",
	    (long long)res.first_ns, (long long)res.last_ns);
	o.shard = 1;
	sp_filter_free(f);
	f = sp_filter_new();
	CHECK(sp_filter_exclude(f, "solver", &e) == 0, "%s", e.msg);
	o.filter = f;
	sp_ranks_free(rk);
	rk = sp_ranks_new();
	CHECK(sp_ranks_add(rk, "3", &e) == 0, "%s", e.msg);
	o.ranks = rk;
	run_order(m, &o, &res);
	CHECK(res.rc == 0 && res.n == 2, "shard: %s, %zu calls", res.msg,
	    res.n);
	CHECK(res.first_ns == -1 && res.last_ns == 20, "shard span %lld %lld",
	    (long long)res.first_ns, (long long)res.last_ns);
	sp_filter_free(f);
	sp_ranks_free(rk);
	sp_source_free(&m->src);
}

/*
 * File order: the header says so, a "file-order" side item lists the
 * ranks, and each rank's rows come by region id, their calls in
 * recording order, in batches of lane -1 that may span rows.
 */
static void
test_file_order(void)
{
	static const int64_t s[] = { 50, 10, 30 }, en[] = { 60, 20, 40 };
	static const int64_t th[] = { 1, 0, 1 };
	struct mem_row rows[] = {
		{ 0, 2, 3, s, en, { 0 } }, { 0, 0, 2, s, en, { 0 } },
		{ 4, 1, 1, s, en, { 0 } },
	};
	static const struct {
		uint32_t rank, region;
		int64_t start, call;
	} want[] = {
		{ 0, 0, 50, 0 }, { 0, 0, 10, 1 }, { 0, 2, 50, 0 },
		{ 0, 2, 10, 1 }, { 0, 2, 30, 2 }, { 4, 1, 50, 0 },
	};
	struct mem_src *m;
	struct sp_order_opts o;
	struct result res;
	size_t i;

	rows[0].x[SP_X_THREAD] = th;
	m = mem_open(rows, 3, names3, 3, 1);
	opts_init(&o);
	o.order = SP_ORDER_FILE;
	o.batch = 4;
	run_order(m, &o, &res);
	CHECK(res.rc == 0 && res.run_end, "%s", res.msg);
	CHECK(res.order == SP_ORDER_FILE, "header order %d", res.order);
	CHECK(res.has_file_ranks && res.nfile_ranks == 2 &&
	    res.file_ranks[0] == 0 && res.file_ranks[1] == 4,
	    "file-order ranks %zu", res.nfile_ranks);
	CHECK(res.n == 6 && res.nbatches == 3, "%zu calls, %zu batches",
	    res.n, res.nbatches);
	for (i = 0; i < res.n && i < 6; i++)
		CHECK(res.c[i].rank == want[i].rank &&
		    res.c[i].region == want[i].region &&
		    res.c[i].start == want[i].start &&
		    res.c[i].call == want[i].call && res.c[i].lane == -1,
		    "call %zu: rank %u region %u start %lld call %lld lane "
		    "%lld", i, res.c[i].rank, res.c[i].region,
		    (long long)res.c[i].start, (long long)res.c[i].call,
		    (long long)res.c[i].lane);
	/* the thread column still says each call's thread */
	CHECK(res.c[2].thread == 1 && res.c[3].thread == 0 &&
	    res.c[0].thread == -1, "threads %lld %lld",
	    (long long)res.c[2].thread, (long long)res.c[3].thread);
	CHECK(res.c[4].seq == 4 && res.c[5].seq == 0, "seq %llu %llu",
	    (unsigned long long)res.c[4].seq,
	    (unsigned long long)res.c[5].seq);
	sp_source_free(&m->src);
}

/*
 * A column of nothing but -1 (ids) or < 0 (GPU durations) is absent from
 * the rows: ids decided over the whole file, GPU durations per row.
 */
static void
test_placeholder_columns(void)
{
	static const int64_t s[] = { 0, 1 }, en[] = { 5, 6 };
	static const int64_t none[] = { -1, -1 }, some[] = { -1, 7 };
	struct mem_row rows[] = { { 0, 0, 2, s, en, { 0 } },
		{ 1, 1, 2, s, en, { 0 } } };
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_order_opts o;
	struct result res;
	struct sp_err e;
	struct mem_src *m;
	unsigned ids = 1u << SP_X_CALL_ID | 1u << SP_X_PARENT_ID;

	CHECK(sp_ranks_add(rk, "0", &e) == 0, "%s", e.msg);
	rows[0].x[SP_X_CALL_ID] = none;
	rows[0].x[SP_X_PARENT_ID] = none;
	rows[0].x[SP_X_GPU] = none;
	rows[1].x[SP_X_CALL_ID] = some;	/* in the rank not read */
	rows[1].x[SP_X_PARENT_ID] = none;
	m = mem_open(rows, 2, names3, 2, 0);
	opts_init(&o);
	o.ranks = rk;
	run_order(m, &o, &res);
	CHECK(res.rc == 0 && res.nrows == 1, "%s", res.msg);
	CHECK((res.row_xmask[0] & ids) == 1u << SP_X_CALL_ID,
	    "row xmask %#x", res.row_xmask[0]);
	CHECK(!(res.row_xmask[0] & 1u << SP_X_GPU), "GPU column kept");
	sp_source_free(&m->src);
	rows[0].x[SP_X_GPU] = some;
	m = mem_open(rows, 2, names3, 2, 0);
	run_order(m, &o, &res);
	CHECK(res.rc == 0 && (res.row_xmask[0] & 1u << SP_X_GPU),
	    "GPU column dropped: %s", res.msg);
	sp_ranks_free(rk);
	sp_source_free(&m->src);
}

/*
 * The checks: a call that ends before it starts fails the run before
 * anything of it is written, in every path of the pre-pass (with and
 * without lanes, delta sources showing the end they mean); a read that
 * fails later leaves the run without its run-end.
 */
static void
test_failures(void)
{
	static const int64_t s[] = { 0, 10, 20 }, en[] = { 5, 9, 30 };
	static const int64_t th[] = { 0, 0, 0 };
	static const char *const names[] = { "solve" };
	struct mem_row rows[] = { { 2, 0, 3, s, en, { 0 } } };
	struct sp_order_opts o;
	struct result res;
	struct mem_src *m;
	int k;

	opts_init(&o);
	for (k = 0; k < 4; k++) {
		rows[0].x[SP_X_THREAD] = k & 1 ? th : NULL;
		m = mem_open(rows, 1, names, 1, k >> 1);
		run_order(m, &o, &res);
		CHECK(res.rc < 0 && strcmp(res.msg, "mem: rank 2 region "
		    "'solve' call 1 ends before it starts [10, 9] ns") == 0,
		    "case %d: %s", k, res.msg);
		CHECK(res.runs == 0 && !res.run_end, "case %d: run written",
		    k);
		sp_source_free(&m->src);
	}
	/* rows not written are read for the region order, not checked */
	{
		static const int64_t ok[] = { 0, 1, 2 }, oke[] = { 1, 2, 3 };
		struct mem_row two[] = { { 0, 0, 3, ok, oke, { 0 } },
			{ 2, 0, 3, s, en, { 0 } } };
		struct sp_ranks *rk = sp_ranks_new();
		struct sp_err e;

		CHECK(sp_ranks_add(rk, "0", &e) == 0, "%s", e.msg);
		o.ranks = rk;
		m = mem_open(two, 2, names, 1, 0);
		run_order(m, &o, &res);
		CHECK(res.rc == 0 && res.n == 3, "unread rank: %s", res.msg);
		sp_source_free(&m->src);
		sp_ranks_free(rk);
		o.ranks = NULL;
	}
	/* one read for the pre-pass, then the merge's fails */
	{
		static const int64_t ok[] = { 0, 1, 2 }, oke[] = { 1, 2, 3 };
		struct mem_row good[] = { { 0, 0, 3, ok, oke, { 0 } } };

		m = mem_open(good, 1, names, 1, 0);
		m->reads_left = 1;
		run_order(m, &o, &res);
		CHECK(res.rc < 0 && strcmp(res.msg, "mem: read failed") == 0,
		    "late failure: %s", res.msg);
		CHECK(res.runs == 1 && res.nranks == 1 && !res.run_end &&
		    res.n == 0, "late failure: runs %d run-end %d", res.runs,
		    res.run_end);
		sp_source_free(&m->src);
	}
}

/* Progress: 0 before the pre-pass, after each batch, then final. */
struct prog {
	int calls, finals;
	uint64_t first_done, last_done, total;
};

static void
on_progress(void *ctx, const char *path, uint64_t done, uint64_t total,
    int final)
{
	struct prog *p = ctx;

	(void)path;
	if (p->calls++ == 0)
		p->first_done = done;
	p->last_done = done;
	p->total = total;
	p->finals += final;
}

static void
test_progress(void)
{
	static const int64_t s[] = { 0, 1, 2, 3, 4 }, en[] = { 9, 8, 7, 6, 5 };
	const struct mem_row rows[] = { { 0, 0, 5, s, en, { 0 } } };
	struct mem_src *m = mem_open(rows, 1, names3, 1, 0);
	struct sp_order_opts o;
	struct result res;
	struct prog p = { 0 };

	opts_init(&o);
	o.batch = 2;
	o.progress = on_progress;
	o.progress_ctx = &p;
	run_order(m, &o, &res);
	CHECK(res.rc == 0, "%s", res.msg);
	CHECK(p.calls == 5 && p.finals == 1 && p.first_done == 0 &&
	    p.last_done == 5 && p.total == 5, "progress: %d calls, last %llu",
	    p.calls, (unsigned long long)p.last_done);
	sp_source_free(&m->src);
}

/* --- a merge long enough for both replays (sp_order_merge.c) --- */

#define BIG_ROWS 12
#define BIG_CALLS 6000	/* a row: 72,000 calls in all */

struct key {
	int64_t lane, start, end, call;
	uint32_t region, order;
};

static int
key_cmp(const void *pa, const void *pb)
{
	const struct key *a = pa, *b = pb;

	if (a->lane != b->lane)
		return a->lane < b->lane ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return a->call < b->call ? -1 : a->call > b->call;
}

/* The calls and the region order of the stream that emitting m makes
 * (at most max calls). */
static struct key *
emit_all(struct mem_src *m, size_t max, size_t *n, uint32_t *order)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f));
	struct sp_err e;
	struct sp_sink *s = sp_sink_new_fd(fd, "out", &e);
	struct sp_writer *w = sp_writer_new(s, &e);
	struct sp_order_opts o;
	struct sp_reader *r;
	struct sp_item it;
	struct key *k = malloc(max * sizeof *k);
	size_t i;

	opts_init(&o);
	*n = 0;
	CHECK(sp_section_write_header(w, o.order, "test", &e) == 0 &&
	    sp_order_emit(&m->src, "run", NULL, 0, &o, w, NULL, &e) == 0 &&
	    sp_writer_stream_end(w, 1, &e) == 0 && sp_sink_flush(s, &e) == 0,
	    "%s", e.msg);
	sp_writer_free(w);
	sp_sink_free(s);
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	r = sp_reader_new(fd, "out", &e);
	while (sp_reader_next(r, &it, &e) > 0) {
		const struct sp_batch *b = &it.u.batch;

		if (it.kind == SP_ITEM_REGIONS)
			for (i = 0; i < it.u.regions.n; i++)
				order[i] = it.u.regions.order[i];
		if (it.kind != SP_ITEM_BATCH)
			continue;
		for (i = 0; i < b->n && *n < max; i++) {
			k[*n].lane = b->lane;
			k[*n].start = b->start[i];
			k[*n].end = b->end[i];
			k[*n].region = b->region[i];
			k[*n].call = b->call[i];
			(*n)++;
		}
	}
	sp_reader_free(r);
	close(fd);
	return k;
}

/*
 * 72,000 calls in 12 rows, starts and ends from narrow ranges so that
 * equal starts, and equal starts and ends, are common; a quarter of the
 * rows out of order.  The merge's trials run both replays on lanes this
 * long; the stream must equal a sort of all calls by the canonical order.
 */
static void
test_merge_long(void)
{
	static int64_t st[BIG_ROWS][BIG_CALLS], en[BIG_ROWS][BIG_CALLS];
	static const char *const names[BIG_ROWS] = { "r0", "r1", "r2", "r3",
		"r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11" };
	struct mem_row rows[BIG_ROWS];
	struct key *want = malloc(BIG_ROWS * BIG_CALLS * sizeof *want), *got;
	uint32_t order[BIG_ROWS] = { 0 }, seed = 12345;
	size_t i, j, n = 0, bad = 0;
	struct mem_src *m;

	for (i = 0; i < BIG_ROWS; i++) {
		int64_t t = (int64_t)i * 3;

		for (j = 0; j < BIG_CALLS; j++) {
			seed = seed * 1103515245u + 12345u;
			/* the same start as the row's last call, one time in 4 */
			t += (seed >> 16) % 4 == 0 ? 0 : (int64_t)((seed >> 8) % 7);
			st[i][j] = i % 4 == 3 && j % 50 == 49 ? t - 200 : t;
			en[i][j] = st[i][j] + (int64_t)((seed >> 20) % 5) * 3;
		}
		rows[i] = (struct mem_row){ 0, (uint32_t)i, BIG_CALLS, st[i],
		    en[i], { 0 } };
	}
	m = mem_open(rows, BIG_ROWS, names, BIG_ROWS, 0);
	got = emit_all(m, BIG_ROWS * BIG_CALLS, &n, order);
	CHECK(n == BIG_ROWS * BIG_CALLS, "%zu calls", n);
	for (i = 0; i < BIG_ROWS; i++)
		for (j = 0; j < BIG_CALLS; j++)
			want[i * BIG_CALLS + j] = (struct key){ -1, st[i][j],
			    en[i][j], (int64_t)j, (uint32_t)i, order[i] };
	qsort(want, BIG_ROWS * BIG_CALLS, sizeof *want, key_cmp);
	for (i = 0; i < n && bad < 5; i++)
		if (got[i].start != want[i].start || got[i].end != want[i].end ||
		    got[i].region != want[i].region ||
		    got[i].call != want[i].call) {
			CHECK(0, "call %zu: [%lld, %lld] region %u call %lld, "
			    "want [%lld, %lld] region %u call %lld", i,
			    (long long)got[i].start, (long long)got[i].end,
			    got[i].region, (long long)got[i].call,
			    (long long)want[i].start, (long long)want[i].end,
			    want[i].region, (long long)want[i].call);
			bad++;
		}
	free(got);
	free(want);
	sp_source_free(&m->src);
}

/* got against want, n calls: the first few that differ. */
static void
keys_agree(const char *what, const struct key *got, const struct key *want,
    size_t n)
{
	size_t i, bad = 0;

	for (i = 0; i < n && bad < 5; i++)
		if (got[i].lane != want[i].lane ||
		    got[i].start != want[i].start || got[i].end != want[i].end ||
		    got[i].region != want[i].region ||
		    got[i].call != want[i].call) {
			CHECK(0, "%s: call %zu: lane %lld [%lld, %lld] region %u "
			    "call %lld, want lane %lld [%lld, %lld] region %u "
			    "call %lld", what, i, (long long)got[i].lane,
			    (long long)got[i].start, (long long)got[i].end,
			    got[i].region, (long long)got[i].call,
			    (long long)want[i].lane, (long long)want[i].start,
			    (long long)want[i].end, want[i].region,
			    (long long)want[i].call);
			bad++;
		}
}

#define TIE_ROWS 3
#define TIE_CALLS 150000	/* more than a cursor holds (65,536) */

/*
 * Rows whose equal starts often come with ends going up (a short call
 * recorded before the longer one of its region that starts with it, as
 * recursion gives), which the merge's cursors sort, also where a run of
 * them straddles a cursor's refill (calls 65,536 and 131,072 of a row);
 * a run of 40 equal starts, longer than a cursor sorts, cuts the
 * segment instead.  Absolute and delta sources, without lanes and with
 * two threads.
 */
static void
test_merge_ties(void)
{
	static int64_t st[TIE_ROWS][TIE_CALLS], en[TIE_ROWS][TIE_CALLS];
	static int64_t th[TIE_ROWS][TIE_CALLS];
	static const char *const names[TIE_ROWS] = { "a", "b", "c" };
	const size_t total = TIE_ROWS * TIE_CALLS;
	struct key *want = malloc(total * sizeof *want), *got;
	uint32_t order[TIE_ROWS] = { 0 }, seed = 777;
	struct mem_row rows[TIE_ROWS];
	size_t i, j, n;
	int delta, lanes;

	for (i = 0; i < TIE_ROWS; i++) {
		int64_t t = (int64_t)i;

		for (j = 0; j < TIE_CALLS; j++) {
			int tie;

			seed = seed * 1103515245u + 12345u;
			tie = (seed >> 16) % 3 == 0 || (j % 65536 >= 65533 &&
			    j % 65536 <= 65535) || (j % 65536 <= 1 && j > 0) ||
			    (j >= 1000 && j < 1040);
			if (!tie)
				t += 1 + (int64_t)((seed >> 8) % 5);
			st[i][j] = t;
			/* ends mostly going up within a run: to be sorted */
			en[i][j] = t + (int64_t)((seed >> 20) % 9) +
			    (tie ? (int64_t)(j % 7) : 0);
			th[i][j] = (int64_t)((j / 1000) % 2);
		}
	}
	for (lanes = 0; lanes < 2; lanes++)
		for (delta = 0; delta < 2; delta++) {
			struct mem_src *m;

			for (i = 0; i < TIE_ROWS; i++) {
				rows[i] = (struct mem_row){ 0, (uint32_t)i,
				    TIE_CALLS, st[i], en[i], { 0 } };
				if (lanes)
					rows[i].x[SP_X_THREAD] = th[i];
			}
			m = mem_open(rows, TIE_ROWS, names, TIE_ROWS, delta);
			got = emit_all(m, total, &n, order);
			CHECK(n == total, "lanes %d delta %d: %zu calls", lanes,
			    delta, n);
			for (i = 0; i < TIE_ROWS; i++)
				for (j = 0; j < TIE_CALLS; j++)
					want[i * TIE_CALLS + j] = (struct key){
					    lanes ? -2 - th[i][j] : -1,
					    st[i][j], en[i][j], (int64_t)j,
					    (uint32_t)i, order[i] };
			qsort(want, total, sizeof *want, key_cmp);
			keys_agree(lanes ? (delta ? "lanes, delta" : "lanes") :
			    (delta ? "delta" : "plain"), got, want, n);
			free(got);
			sp_source_free(&m->src);
		}
	free(want);
}

int
main(void)
{
	test_segments();
	test_ties();
	test_lanes();
	test_region_order();
	test_selection();
	test_file_order();
	test_placeholder_columns();
	test_failures();
	test_progress();
	test_merge_long();
	test_merge_ties();
	if (!failed)
		printf("ok\n");
	return failed;
}
