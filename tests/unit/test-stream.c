/*
 * The sp stream: what the writer writes, the reader gives back; a stream
 * cut anywhere is an error, never a shorter valid stream; sections
 * concatenate; newer major versions and garbage are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"
#include "sp_stream.h"

static int failures;

#define CHECK(cond)                                                     \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "%s:%d: check failed: %s\n",    \
			    __FILE__, __LINE__, #cond);                 \
			failures++;                                     \
		}                                                       \
	} while (0)

/* The writer and sink of a stream written to fd freed: fd, rewound. */
static int
rewound(struct sp_writer *w, struct sp_sink *s, FILE *f, int fd)
{
	sp_writer_free(w);
	sp_sink_free(s);
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* Write a sample section into a temporary file; returns its fd. */
static int
write_sample(enum sp_batch_stage stage, int major_bump)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f));
	struct sp_err e;
	struct sp_sink *s = sp_sink_new_fd(fd, "sample", &e);
	struct sp_writer *w = sp_writer_new(s, &e);
	struct sp_cbuf *md = sp_cbuf_new();
	const char *names[] = { "main", "solve", "it's \"x\"" };
	uint32_t order[] = { 0, 2, 1 };
	struct sp_region_table t = { 0, 3, names, NULL, order };
	const char *tags[] = { "golden" };
	struct sp_row_info rows[2] = {
		{ .region = 0, .calls = 1, .source_file = "a.py",
		    .has_lineno = 1, .source_lineno = 7, .ntags = 1,
		    .tags = tags, .xmask = 1u << SP_X_THREAD },
		{ .region = 2, .calls = 2, .has_exclusive = 1,
		    .exclusive_ns = 5 },
	};
	struct sp_thread_info th = { 0, 11, 12, 0, -1, 99, 1, "MainThread" };
	struct sp_rank_info rk = { 0, 3, 2, rows, 1, 0, 1, 0, &th, NULL };
	int64_t start[] = { 0, 10, 20 }, end[] = { 100, 15, 30 };
	int64_t call[] = { 0, 0, 1 }, thr[] = { 0, 0, 0 };
	uint32_t region[] = { 0, 2, 2 }, depth[] = { 0, 1, 1 };
	int64_t parent[] = { -1, 0, 0 }, self[] = { 5, 10, 85 };
	struct sp_batch b = { 0 };
	struct sp_run_info run = { 0 };
	uint8_t side_data[] = { 0xa1, 0x61, 0x6b, 0x01 };	/* {"k": 1} */
	struct sp_side side = { 0, 1, 3, "likwid", side_data, 4 };

	sp_cbuf_map(md, 1);
	sp_cbuf_cstr(md, "mpi_size");
	sp_cbuf_int(md, 4);
	run.label = "run";
	run.source = "run.h5";
	run.source_format = "hdf5";
	run.layout = "columnar";
	run.schema = 3;
	run.num_ranks = 4;
	run.event_data = 1;
	run.has_span = 1;
	run.first_ns = 0;
	run.last_ns = 100;
	run.metadata = sp_cbuf_data(md);
	run.metadata_len = sp_cbuf_len(md);
	b.rank = 3;
	b.lane = -2;
	b.n = 3;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	b.x[SP_X_THREAD] = thr;
	b.depth = depth;
	b.parent = parent;
	b.self = self;
	b.nclosed = 3;
	b.lane_end = 1;
	if (sp_writer_header(w, stage, "test", &e) < 0 ||
	    sp_writer_run(w, &run, &e) < 0 ||
	    sp_writer_regions(w, &t, &e) < 0 ||
	    sp_writer_rank(w, &rk, &e) < 0 ||
	    sp_writer_side(w, &side, &e) < 0 ||
	    sp_writer_batch(w, &b, &e) < 0 ||
	    sp_writer_run_end(w, 0, 3, 1, &e) < 0 ||
	    sp_writer_stream_end(w, 1, &e) < 0 ||
	    sp_sink_flush(s, &e) < 0) {
		fprintf(stderr, "write failed: %s\n", e.msg);
		exit(1);
	}
	if (major_bump) {
		/* patch the version: 0x82 0x01 0x00 -> 0x82 0x02 0x00 */
		unsigned char buf[4096];
		ssize_t n = pread(fd, buf, sizeof buf, 0);
		ssize_t i;

		for (i = 0; i + 2 < n; i++)
			if (buf[i] == 0x82 && buf[i + 1] == 0x01 &&
			    buf[i + 2] == 0x00) {
				buf[i + 1] = 0x02;
				break;
			}
		CHECK(pwrite(fd, buf, (size_t)n, 0) == n);
	}
	sp_cbuf_free(md);
	return rewound(w, s, f, fd);
}

static void
test_round_trip(enum sp_batch_stage stage)
{
	int fd = write_sample(stage, 0);
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, "sample", &e);
	struct sp_item it;
	const struct sp_row_info *row;

	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_HEADER);
	CHECK(it.u.header.stage == stage);
	CHECK(strcmp(it.u.header.producer, "test") == 0);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_RUN);
	CHECK(strcmp(it.u.run.label, "run") == 0 && it.u.run.schema == 3);
	CHECK(it.u.run.num_ranks == 4 && it.u.run.has_span &&
	    it.u.run.last_ns == 100);
	CHECK(it.u.run.metadata_len == 11);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_REGIONS);
	CHECK(it.u.regions.n == 3 && it.u.regions.order[1] == 2);
	CHECK(strcmp(it.u.regions.names[2], "it's \"x\"") == 0);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_RANK);
	CHECK(it.u.rank.rank == 3 && it.u.rank.nrows == 2);
	CHECK(it.u.rank.nthreads == 1 &&
	    strcmp(it.u.rank.threads[0].name, "MainThread") == 0);
	row = sp_reader_row(r, 0);
	CHECK(row != NULL && strcmp(row->source_file, "a.py") == 0 &&
	    row->source_lineno == 7 && row->ntags == 1 &&
	    row->xmask == 1u << SP_X_THREAD && !row->has_exclusive);
	row = sp_reader_row(r, 2);
	CHECK(row != NULL && row->has_exclusive && row->exclusive_ns == 5 &&
	    row->source_file == NULL);
	CHECK(sp_reader_row(r, 1) == NULL);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_SIDE);
	CHECK(it.u.side.has_rank && it.u.side.rank == 3 &&
	    strcmp(it.u.side.kind, "likwid") == 0 && it.u.side.len == 4);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_BATCH);
	CHECK(it.u.batch.n == 3 && it.u.batch.lane == -2 &&
	    it.u.batch.end[0] == 100 && it.u.batch.region[2] == 2 &&
	    it.u.batch.x[SP_X_THREAD] != NULL && it.u.batch.x[SP_X_GPU] == NULL);
	if (stage == SP_STAGE_CALLS)
		CHECK(it.u.batch.nclosed == 3 && it.u.batch.self[2] == 85 &&
		    it.u.batch.depth[1] == 1 && it.u.batch.lane_end);
	else
		CHECK(it.u.batch.depth == NULL && it.u.batch.nclosed == 0);
	CHECK(sp_reader_next(r, &it, &e) == 1 && it.kind == SP_ITEM_RUN_END);
	CHECK(sp_reader_next(r, &it, &e) == 1 &&
	    it.kind == SP_ITEM_STREAM_END);
	CHECK(sp_reader_next(r, &it, &e) == 0);
	sp_reader_free(r);
	close(fd);
}

/* Read a whole stream from bytes; returns the last sp_reader_next value. */
static int
read_bytes(const unsigned char *p, size_t n, struct sp_err *e)
{
	FILE *f = tmpfile();
	int fd = fileno(f), rc;
	struct sp_reader *r;
	struct sp_item it;

	if (n > 0 && write(fd, p, n) != (ssize_t)n)
		return -2;
	lseek(fd, 0, SEEK_SET);
	r = sp_reader_new(fd, "cut", e);
	while ((rc = sp_reader_next(r, &it, e)) == 1)
		;
	sp_reader_free(r);
	fclose(f);
	return rc;
}

static void
test_truncation_and_concat(void)
{
	int fd = write_sample(SP_STAGE_CALLS, 0);
	unsigned char buf[8192];
	ssize_t n = read(fd, buf, sizeof buf / 2);
	struct sp_err e;
	size_t cut;
	int bad = 0;

	CHECK(n > 0 && n < (ssize_t)sizeof buf / 2);
	for (cut = 0; cut < (size_t)n; cut++)
		if (read_bytes(buf, cut, &e) != -1)
			bad++;
	CHECK(bad == 0);
	CHECK(read_bytes(buf, 0, &e) == -1 && strstr(e.msg, "empty") != NULL);
	CHECK(read_bytes(buf, (size_t)n - 3, &e) == -1 &&
	    strstr(e.msg, "truncated") != NULL);
	/* two sections back to back are one valid stream */
	memcpy(buf + n, buf, (size_t)n);
	CHECK(read_bytes(buf, (size_t)n * 2, &e) == 0);
	/* garbage, and an HDF5 file given by mistake */
	CHECK(read_bytes((const unsigned char *)"hello", 5, &e) == -1 &&
	    strstr(e.msg, "not an sp stream") != NULL);
	CHECK(read_bytes((const unsigned char *)"\211HDF\r\n\032\n", 8,
	    &e) == -1 && strstr(e.msg, "sp-read") != NULL);
	close(fd);
}

static void
test_newer_major(void)
{
	int fd = write_sample(SP_STAGE_INTERVALS, 1);
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, "new", &e);
	struct sp_item it;

	CHECK(sp_reader_next(r, &it, &e) == -1);
	CHECK(strstr(e.msg, "version 2.0 is newer") != NULL);
	sp_reader_free(r);
	close(fd);
}

/*
 * The bytes of the sample (intervals) up to its first batch item, so that
 * hand-made items can follow a valid header, run, regions and rank.
 */
static size_t
sample_prefix(unsigned char *buf, size_t cap)
{
	int fd = write_sample(SP_STAGE_INTERVALS, 0);
	ssize_t n = read(fd, buf, cap);
	struct sp_err e;
	struct sp_reader *r;
	struct sp_item it;
	size_t off = 0;

	close(fd);
	CHECK(n > 0 && (size_t)n < cap);
	fd = dup(fileno(tmpfile()));
	CHECK(write(fd, buf, (size_t)n) == n);
	lseek(fd, 0, SEEK_SET);
	r = sp_reader_new(fd, "prefix", &e);
	while (sp_reader_next(r, &it, &e) == 1 && it.kind != SP_ITEM_BATCH)
		off += it.raw_len;
	sp_reader_free(r);
	close(fd);
	return off;
}

/* Sizes a stream declares but does not hold are refused, not allocated. */
static void
test_absurd_sizes(void)
{
	static unsigned char buf[1 << 16];
	size_t p = sample_prefix(buf, sizeof buf / 2), n;
	struct sp_err e;
	/* ["batch", {"run": 0, "rank": 3, "lane": -1, "first": 0,
	 *  "n": 2^40, ...}] after rank 3 */
	static const unsigned char batch[] = {
		0x82, 0x65, 'b', 'a', 't', 'c', 'h', 0xa5,
		0x63, 'r', 'u', 'n', 0x00,
		0x64, 'r', 'a', 'n', 'k', 0x03,
		0x64, 'l', 'a', 'n', 'e', 0x20,
		0x65, 'f', 'i', 'r', 's', 't', 0x00,
		0x61, 'n', 0x1b, 0, 0, 0x01, 0, 0, 0, 0, 0,
	};
	/* ["side", {"data": a text string of 2^31 bytes ...}] */
	static const unsigned char huge[] = {
		0x82, 0x64, 's', 'i', 'd', 'e', 0xa1,
		0x64, 'd', 'a', 't', 'a', 0x7a, 0x80, 0, 0, 0, 'x',
	};
	/* the same with 200 MiB declared and 1 KiB there */
	static const unsigned char big[] = {
		0x82, 0x64, 's', 'i', 'd', 'e', 0xa1,
		0x64, 'd', 'a', 't', 'a', 0x7a, 0x0c, 0x80, 0, 0,
	};
	/* an array claiming 2^32 - 1 elements, each a tiny value */
	static const unsigned char wide[] = {
		0x82, 0x64, 's', 'i', 'd', 'e', 0xa1,
		0x64, 'd', 'a', 't', 'a', 0x9a, 0xff, 0xff, 0xff, 0xff,
	};

	CHECK(p > 0);
	memcpy(buf + p, batch, sizeof batch);
	CHECK(read_bytes(buf, p + sizeof batch, &e) == -1 &&
	    strstr(e.msg, "batch of 1099511627776 calls") != NULL);
	memcpy(buf + p, huge, sizeof huge);
	CHECK(read_bytes(buf, p + sizeof huge, &e) == -1 &&
	    strstr(e.msg, "larger than") != NULL);
	memcpy(buf + p, big, sizeof big);
	memset(buf + p + sizeof big, 'x', 1024);
	CHECK(read_bytes(buf, p + sizeof big + 1024, &e) == -1 &&
	    strstr(e.msg, "truncated") != NULL);
	/* more values than an item may hold: refused as they come */
	{
		size_t cap = p + sizeof wide + ((size_t)1 << 20) + 16;
		unsigned char *w = calloc(cap, 1);

		CHECK(w != NULL);
		memcpy(w, buf, p);
		memcpy(w + p, wide, sizeof wide);
		n = cap;
		CHECK(read_bytes(w, n, &e) == -1 &&
		    strstr(e.msg, "too many values") != NULL);
		free(w);
	}
}

/* Batches of these sizes: every width of a byte string's head. */
static const size_t aligned_n[] = { 0, 1, 2, 5, 23, 24, 31, 300, 5000, 9000 };
#define NALIGNED (sizeof aligned_n / sizeof aligned_n[0])
#define ALIGNED_MAX 9000

/*
 * A call stream of a batch of each size, some with a thread column; bad
 * (1, 2): the batch of 300 with region ids beyond the table of one
 * region, 1 at call 7 (1), or 3 at 7 and 1 at 200 (2).
 */
static int
write_aligned(int bad)
{
	static int64_t start[ALIGNED_MAX], end[ALIGNED_MAX], call[ALIGNED_MAX];
	static int64_t parent[ALIGNED_MAX], self[ALIGNED_MAX];
	static uint32_t region[ALIGNED_MAX], depth[ALIGNED_MAX];
	FILE *f = tmpfile();
	int fd = dup(fileno(f)), rc = 0;
	struct sp_err e;
	struct sp_sink *s = sp_sink_new_fd(fd, "aligned", &e);
	struct sp_writer *w = sp_writer_new(s, &e);
	const char *names[] = { "main" };
	uint32_t order[] = { 0 };
	struct sp_region_table t = { 0, 1, names, NULL, order };
	struct sp_rank_info rk = { 0 };
	struct sp_run_info run = { 0 };
	struct sp_batch b = { 0 };
	size_t i, k, first = 0;

	for (i = 0; i < ALIGNED_MAX; i++) {
		start[i] = (int64_t)i * 10;
		end[i] = start[i] + 5;
		call[i] = (int64_t)i;
		parent[i] = -1;
		self[i] = 5;
	}
	run.label = "run";
	run.source = "run.h5";
	run.source_format = "hdf5";
	run.layout = "columnar";
	run.schema = 3;
	run.num_ranks = 1;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	b.depth = depth;
	b.parent = parent;
	b.self = self;
	rc |= sp_writer_header(w, SP_STAGE_CALLS, "test", &e) < 0 ||
	    sp_writer_run(w, &run, &e) < 0 ||
	    sp_writer_regions(w, &t, &e) < 0 || sp_writer_rank(w, &rk, &e) < 0;
	for (k = 0; k < NALIGNED; k++) {
		region[7] = aligned_n[k] != 300 ? 0 : bad == 2 ? 3 :
		    (uint32_t)bad;
		region[200] = aligned_n[k] == 300 && bad == 2;
		b.first = first;
		b.n = b.nclosed = aligned_n[k];
		b.x[SP_X_THREAD] = k % 3 == 1 ? call : NULL;
		b.lane_end = k == NALIGNED - 1;
		rc |= sp_writer_batch(w, &b, &e) < 0;
		first += b.n;
	}
	rc |= sp_writer_run_end(w, 0, first, NALIGNED, &e) < 0 ||
	    sp_writer_stream_end(w, 1, &e) < 0 || sp_sink_flush(s, &e) < 0;
	CHECK(rc == 0);
	return rewound(w, s, f, fd);
}

/*
 * sp-stream(5): every column's values start at a multiple of their size
 * from the start of their item, whatever the widths of the heads before
 * them; and the reader gives them back, in place or copied.
 */
static void
test_aligned_columns(void)
{
	static unsigned char buf[1 << 20];
	int fd = write_aligned(0);
	ssize_t n = pread(fd, buf, sizeof buf, 0);
	struct sp_cbor *d = sp_cbor_new();
	struct sp_reader *r;
	struct sp_item it;
	struct sp_err e;
	size_t at = 0, used, need, i, columns = 0, batches = 0;
	int got;

	CHECK(n > 0 && n < (ssize_t)sizeof buf && d != NULL);
	while (n > 0 && at < (size_t)n && sp_cbor_parse(d, buf + at,
	    (size_t)n - at, (size_t)n, &used, &need, &e) == 1) {
		for (i = 0; i + 1 < sp_cbor_count(d); i++) {
			const struct sp_cbor_node *t = sp_cbor_node(d, i);
			const struct sp_cbor_node *v = sp_cbor_node(d, i + 1);
			size_t elem = t->u == 79 ? 8 : 4;

			if (t->type != SP_CBOR_NODE_TAG ||
			    (t->u != 79 && t->u != 70))
				continue;
			CHECK(v->type == SP_CBOR_NODE_BYTES &&
			    (size_t)(v->p - (buf + at)) % elem == 0);
			columns++;
		}
		at += used;
	}
	CHECK(at == (size_t)n && columns == NALIGNED * 7 + 3);
	sp_cbor_free(d);
	r = sp_reader_new(fd, "aligned", &e);
	while ((got = sp_reader_next(r, &it, &e)) == 1) {
		const struct sp_batch *b = &it.u.batch;

		if (it.kind != SP_ITEM_BATCH)
			continue;
		CHECK(b->n == aligned_n[batches]);
		for (i = 0; i < b->n; i++)
			CHECK(b->start[i] == (int64_t)i * 10 &&
			    b->end[i] == b->start[i] + 5 && b->region[i] == 0 &&
			    b->depth[i] == 0 && b->self[i] == 5 &&
			    (b->x[SP_X_THREAD] == NULL ||
			    b->x[SP_X_THREAD][i] == (int64_t)i));
		batches++;
	}
	CHECK(batches == NALIGNED && got == 0);
	sp_reader_free(r);
	close(fd);
}

/* A batch's region ids beyond the table: the first of them is named. */
static void
test_region_range(int bad, const char *msg)
{
	int fd = write_aligned(bad);
	struct sp_reader *r;
	struct sp_item it;
	struct sp_err e;
	size_t batches = 0;
	int got;

	r = sp_reader_new(fd, "aligned", &e);
	while ((got = sp_reader_next(r, &it, &e)) == 1)
		batches += it.kind == SP_ITEM_BATCH;
	CHECK(got == -1 && batches == 7 && strcmp(e.msg, msg) == 0);
	sp_reader_free(r);
	close(fd);
}

int
main(void)
{
	test_round_trip(SP_STAGE_INTERVALS);
	test_round_trip(SP_STAGE_CALLS);
	test_truncation_and_concat();
	test_newer_major();
	test_absurd_sizes();
	test_aligned_columns();
	test_region_range(1, "aligned: bad sp stream: region id 1 out of "
	    "range (1 regions)");
	test_region_range(2, "aligned: bad sp stream: region id 3 out of "
	    "range (1 regions)");
	if (failures)
		fprintf(stderr, "%d failures\n", failures);
	return failures != 0;
}
