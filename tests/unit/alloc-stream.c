/*
 * alloc-stream.c - the allocation-failure scenarios of lib/stream: the
 * writer and the reader of a small stream with every item kind (two
 * sections: one in file order with its rank list, one of the call
 * stage), output files (a sink renamed into place, one named late, one
 * dropped), the temporary file registry past its first 16 entries, and
 * the spill: spools and stores, in memory and on file.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_cbuf.h"
#include "sp_section.h"
#include "sp_sink.h"
#include "sp_spill.h"
#include "sp_stream.h"
#include "sp_tmpfiles.h"
#include "alloc.h"

/* --- the writer and the reader --- */

static const char *const names[] = { "main", "solve", "it's \"x\"" };
static const uint32_t order[] = { 0, 2, 1 };
static const uint8_t metadata[] = { 0xa1, 0x68, 'm', 'p', 'i', '_', 's',
	'i', 'z', 'e', 0x04 };	/* {"mpi_size": 4} */
static const uint8_t side_data[] = { 0xa1, 0x61, 'k', 0x01 };	/* {"k": 1} */

static int
write_section(struct sp_writer *w, enum sp_batch_stage stage, int file_order,
    struct sp_err *e)
{
	static const uint32_t ranks[] = { 3 };
	struct sp_region_table t = { 0, 3, (const char **)names, NULL, order };
	static const char *const tags[] = { "golden", "x" };
	struct sp_row_info rows[2] = {
		{ .region = 0, .calls = 1, .source_file = "a.py",
		    .has_lineno = 1, .source_lineno = 7, .ntags = 2,
		    .tags = (const char **)tags, .xmask = 1u << SP_X_THREAD,
		    .event_metadata = "[{\"a\": 1}]",
		    .event_metadata_len = 10 },
		{ .region = 2, .calls = 2, .has_exclusive = 1,
		    .exclusive_ns = 5, .has_summary = 1,
		    .summary = { .total = 15, .mean = 7.5 } },
	};
	struct sp_thread_info th[2] = {
		{ 0, 11, 12, 0, -1, 99, 1, "MainThread" },
		{ 1, 13, 14, 5, 90, 9, 0, "worker" },
	};
	struct sp_task_info tk = { 0, 1, 10, 20, 3, 5, 5, "asyncio", "t0",
		"mod.coro" };
	struct sp_rank_info rk = { 0, 3, 2, rows, 1, 1, 2, 1, th, &tk };
	int64_t start[] = { 0, 10, 20 }, end[] = { 100, 15, 30 };
	int64_t call[] = { 0, 0, 1 }, thr[] = { 0, 0, 0 };
	uint32_t region[] = { 0, 2, 2 }, depth[] = { 0, 1, 1 };
	int64_t parent[] = { -1, 0, 0 }, self[] = { 5, 10, 85 };
	struct sp_batch b = { 0 };
	struct sp_run_info run = { 0 };
	struct sp_side side = { 0, 1, 3, "likwid", side_data, 4 };

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
	run.metadata = metadata;
	run.metadata_len = sizeof metadata;
	b.rank = 3;
	b.lane = file_order ? -1 : -2;
	b.n = 3;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	b.x[SP_X_THREAD] = thr;
	if (stage == SP_STAGE_CALLS) {
		b.depth = depth;
		b.parent = parent;
		b.self = self;
		b.nclosed = 3;
		b.lane_end = 1;
	}
	if (file_order) {
		if (sp_section_write_header(w, SP_ORDER_FILE, "alloc", e) < 0)
			return -1;
	} else if (sp_writer_header(w, stage, "alloc", e) < 0) {
		return -1;
	}
	if (sp_writer_run(w, &run, e) < 0 || sp_writer_regions(w, &t, e) < 0)
		return -1;
	if (file_order && sp_section_write_ranks(w, 0, ranks, 1, e) < 0)
		return -1;
	return sp_writer_rank(w, &rk, e) < 0 ||
	    sp_writer_side(w, &side, e) < 0 ||
	    sp_writer_batch(w, &b, e) < 0 ||
	    sp_writer_run_end(w, 0, 3, 1, e) < 0 ||
	    sp_writer_stream_end(w, 1, e) < 0 ? -1 : 0;
}

/* What an item says, in a line. */
static int
print_item(struct sp_reader *r, const struct sp_item *it, struct sp_err *e)
{
	const struct sp_row_info *row;
	enum sp_section_order order;
	uint32_t *ranks;
	size_t n;
	int rc;

	switch (it->kind) {
	case SP_ITEM_HEADER:
		if (sp_section_order(it, &order, e) < 0)
			return -1;
		return alloc_printf(e, "header %d %s order %d\n",
		    (int)it->u.header.stage, it->u.header.producer,
		    (int)order);
	case SP_ITEM_RUN:
		return alloc_printf(e, "run %s %s %zu\n", it->u.run.label,
		    it->u.run.layout, it->u.run.metadata_len);
	case SP_ITEM_REGIONS:
		return alloc_printf(e, "regions %zu %s %u\n",
		    it->u.regions.n, it->u.regions.names[2],
		    it->u.regions.order[1]);
	case SP_ITEM_RANK:
		row = sp_reader_row(r, 0);
		return alloc_printf(e, "rank %u rows %zu threads %zu %s tasks "
		    "%zu %s tags %s %s\n", it->u.rank.rank, it->u.rank.nrows,
		    it->u.rank.nthreads, it->u.rank.threads[1].name,
		    it->u.rank.ntasks, it->u.rank.tasks[0].coro_name,
		    row != NULL && row->ntags == 2 ? row->tags[1] : "?",
		    row != NULL && row->event_metadata != NULL ?
		    row->event_metadata : "?");
	case SP_ITEM_SIDE:
		if (strcmp(it->u.side.kind, SP_SECTION_RANKS_KIND) != 0)
			return alloc_printf(e, "side %s %zu\n",
			    it->u.side.kind, it->u.side.len);
		if (sp_section_read_ranks(&it->u.side, &ranks, &n, e) < 0)
			return -1;
		rc = alloc_printf(e, "ranks %zu %u\n", n, ranks[0]);
		free(ranks);
		return rc;
	case SP_ITEM_BATCH:
		return alloc_printf(e, "batch %zu lane %lld end %lld closed "
		    "%zu\n", it->u.batch.n, (long long)it->u.batch.lane,
		    (long long)it->u.batch.end[0], it->u.batch.nclosed);
	case SP_ITEM_RUN_END:
		return alloc_printf(e, "run-end %llu\n",
		    (unsigned long long)it->u.run_end.calls);
	case SP_ITEM_STREAM_END:
		return alloc_printf(e, "stream-end %u\n",
		    it->u.stream_end_runs);
	default:
		return alloc_printf(e, "other\n");
	}
}

static int
stream(struct sp_err *e)
{
	const char *path = alloc_outdir("s.sps");
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644), rc = -1;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	struct sp_reader *r = NULL;
	struct sp_item it;

	if (fd < 0)
		return sp_fail_errno(e, 5, "%s", path);
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    write_section(w, SP_STAGE_INTERVALS, 1, e) < 0 ||
	    write_section(w, SP_STAGE_CALLS, 0, e) < 0 ||
	    sp_sink_flush(s, e) < 0)
		goto out;
	if (lseek(fd, 0, SEEK_SET) != 0) {
		sp_fail(e, SP_EIO, "lseek");
		goto out;
	}
	if ((r = sp_reader_new(fd, path, e)) == NULL)
		goto out;
	while ((rc = sp_reader_next(r, &it, e)) > 0)
		if (print_item(r, &it, e) < 0) {
			rc = -1;
			break;
		}
out:
	sp_reader_free(r);
	sp_writer_free(w);
	sp_sink_free(s);
	close(fd);
	unlink(path);
	return rc < 0 ? -1 : 0;
}

/*
 * One batch of 150000 calls: an item larger than the reader's first
 * buffer (2 MiB), and than the writer's first few.
 */
#define BIG 150000
static int64_t big_start[BIG], big_end[BIG], big_call[BIG];
static uint32_t big_region[BIG];

static void
make_big(void)
{
	size_t i;

	for (i = 0; i < BIG; i++) {
		big_start[i] = (int64_t)i * 10;
		big_end[i] = (int64_t)i * 10 + 5;
		big_call[i] = (int64_t)i;
		big_region[i] = (uint32_t)(i % 3);
	}
}

static int
big_item(struct sp_err *e)
{
	struct sp_region_table t = { 0, 3, (const char **)names, NULL, order };
	struct sp_rank_info rk = { 0 };
	struct sp_run_info run = { 0 };
	struct sp_batch b = { 0 };
	const char *path = alloc_outdir("big.sps");
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644), rc = -1;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	struct sp_reader *r = NULL;
	struct sp_item it;
	uint64_t calls = 0;

	if (fd < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", path);
	run.label = run.source = "big";
	run.source_format = "hdf5";
	run.layout = "columnar";
	run.num_ranks = 1;
	run.event_data = 1;
	run.metadata = metadata;
	run.metadata_len = sizeof metadata;
	b.lane = -1;
	b.n = BIG;
	b.start = big_start;
	b.end = big_end;
	b.region = big_region;
	b.call = big_call;
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    sp_writer_header(w, SP_STAGE_INTERVALS, "alloc", e) < 0 ||
	    sp_writer_run(w, &run, e) < 0 || sp_writer_regions(w, &t, e) < 0 ||
	    sp_writer_rank(w, &rk, e) < 0 || sp_writer_batch(w, &b, e) < 0 ||
	    sp_writer_run_end(w, 0, BIG, 1, e) < 0 ||
	    sp_writer_stream_end(w, 1, e) < 0 || sp_sink_flush(s, e) < 0)
		goto out;
	if (lseek(fd, 0, SEEK_SET) != 0) {
		sp_fail(e, SP_EIO, "lseek");
		goto out;
	}
	if ((r = sp_reader_new(fd, path, e)) == NULL)
		goto out;
	while ((rc = sp_reader_next(r, &it, e)) > 0)
		if (it.kind == SP_ITEM_BATCH)
			calls += it.u.batch.n;
	if (rc == 0)
		rc = alloc_printf(e, "%llu calls\n", (unsigned long long)calls);
out:
	sp_reader_free(r);
	sp_writer_free(w);
	sp_sink_free(s);
	close(fd);
	unlink(path);
	return rc < 0 ? -1 : 0;
}

/* --- output files --- */

static uint32_t
fnv(uint32_t h, const void *p, size_t n)
{
	const unsigned char *q = p;

	while (n-- > 0)
		h = (h ^ *q++) * 16777619u;
	return h;
}

/* 300 KB, more than the sink's 256 KiB buffer. */
static int
sink_fill(struct sp_sink *s, struct sp_err *e)
{
	char line[64];
	int i;

	for (i = 0; i < 10000; i++) {
		snprintf(line, sizeof line, "line %25d\n", i);
		if (sp_sink_write(s, line, strlen(line), e) < 0)
			return -1;
	}
	return 0;
}

static int
sink_file(const char *path, struct sp_err *e)
{
	FILE *f = fopen(path, "rb");
	char buf[8192];
	uint32_t h = 2166136261u;
	size_t n, total = 0;

	if (f == NULL)
		return alloc_printf(e, "no file\n");
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		h = fnv(h, buf, n);
		total += n;
	}
	fclose(f);
	return alloc_printf(e, "%zu bytes %08x\n", total, h);
}

static int
sink(struct sp_err *e)
{
	struct sp_sink *s = NULL;
	int rc = -1;

	/* into place, in a directory made for it */
	if ((s = sp_sink_open_file(alloc_outdir("a/b/file.txt"), e)) == NULL ||
	    sink_fill(s, e) < 0 || sp_sink_commit(s, e) < 0)
		goto out;
	sp_sink_free(s);
	/* named once complete */
	if ((s = sp_sink_open_file(alloc_outdir("late.txt"), e)) == NULL ||
	    sp_sink_write(s, "late\n", 5, e) < 0 ||
	    sp_sink_finish(s, e) < 0 ||
	    sp_sink_commit_as(s, alloc_outdir("named.txt"), e) < 0)
		goto out;
	sp_sink_free(s);
	/* given up: nothing left */
	if ((s = sp_sink_open_file(alloc_outdir("dropped.txt"), e)) == NULL ||
	    sink_fill(s, e) < 0)
		goto out;
	sp_sink_free(s);
	/* a device, written in place */
	if ((s = sp_sink_open_file("/dev/null", e)) == NULL ||
	    sp_sink_write(s, "x", 1, e) < 0 || sp_sink_commit(s, e) < 0)
		goto out;
	sp_sink_free(s);
	s = NULL;
	if (sink_file(alloc_outdir("a/b/file.txt"), e) < 0 ||
	    alloc_slurp(alloc_outdir("named.txt"), e) < 0 ||
	    sink_file(alloc_outdir("dropped.txt"), e) < 0)
		goto out;
	rc = 0;
out:
	sp_sink_free(s);
	if (rc < 0) {
		/* what was complete before the failure is the caller's */
		unlink(alloc_outdir("a/b/file.txt"));
		unlink(alloc_outdir("named.txt"));
	}
	return rc;
}

/* 20 temporary files at once: the registry grows past its first 16. */
static int
tmpfiles(struct sp_err *e)
{
	char *tmp[20] = { NULL };
	int i, fd, rc = -1;

	for (i = 0; i < 20; i++) {
		char name[32];

		snprintf(name, sizeof name, "d/f%02d", i);
		if ((fd = sp_tmpfiles_create(alloc_outdir(name), &tmp[i],
		    e)) < 0)
			goto out;
		close(fd);
	}
	rc = alloc_printf(e, "20 files\n");
out:
	for (i = 0; i < 20; i++)
		sp_tmpfiles_discard(tmp[i]);
	return rc;
}

/* --- the spill --- */

static uint32_t copy_hash;

static int
hash_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	(void)ctx;
	(void)e;
	copy_hash = fnv(copy_hash, p, n);
	return 0;
}

/* 600 KB into a spool, in pieces; then read back whole and in part. */
static int
spool(struct sp_spill_file *t, struct sp_spill_budget *b, uint64_t share,
    struct sp_err *e)
{
	struct sp_spill_spool *s = sp_spill_spool_new(t, b, share, e);
	char piece[600];
	uint64_t off, mid = 0;
	int i, rc = -1;

	if (s == NULL)
		return -1;
	for (i = 0; i < 1000; i++) {
		memset(piece, 'a' + i % 26, sizeof piece);
		if (sp_spill_spool_append(s, piece, sizeof piece, &off, e) < 0)
			goto out;
		if (i == 500)
			mid = off;
	}
	copy_hash = 2166136261u;
	if (sp_spill_spool_copy(s, 0, sp_spill_spool_size(s), hash_write, NULL,
	    e) < 0 || sp_spill_spool_copy(s, mid, 300000, hash_write, NULL,
	    e) < 0)
		goto out;
	rc = alloc_printf(e, "spool %llu %08x\n",
	    (unsigned long long)sp_spill_spool_size(s), copy_hash);
out:
	sp_spill_spool_free(s);
	return rc;
}

/*
 * n slots from two streams: one in slot order, one backwards (so that
 * its values go to the windows' buckets when on file); read back.
 */
static int
store(struct sp_spill_file *t, struct sp_spill_budget *b, uint64_t n,
    struct sp_err *e)
{
	struct sp_spill_store *s = sp_spill_store_new(t, b, n, 32768, 2, e);
	int64_t buf[1000];
	uint64_t i, half = n / 2, sum = 0;
	size_t k;
	int rc = -1;

	if (s == NULL)
		return -1;
	for (i = 0; i < half; i++)
		if (sp_spill_store_put(s, 0, i, (int64_t)i * 3, e) < 0)
			goto out;
	for (i = n; i-- > half;)
		if (sp_spill_store_put(s, 1, i, (int64_t)i * 3, e) < 0)
			goto out;
	if (sp_spill_store_seal(s, e) < 0)
		goto out;
	for (i = 0; i < n; i += k) {
		k = n - i < 1000 ? (size_t)(n - i) : 1000;
		if (sp_spill_store_read(s, i, k, buf, e) < 0)
			goto out;
		while (k-- > 0)
			if (buf[k] != (int64_t)(i + k) * 3) {
				sp_fail(e, SP_EDATA, "wrong slot %llu",
				    (unsigned long long)(i + k));
				goto out;
			}
		k = n - i < 1000 ? (size_t)(n - i) : 1000;
		sum += (uint64_t)buf[0];
	}
	rc = alloc_printf(e, "store %llu %s %llu\n", (unsigned long long)n,
	    sp_spill_store_in_memory(s) ? "memory" : "file",
	    (unsigned long long)sum);
out:
	sp_spill_store_free(s);
	return rc;
}

static int
spill(struct sp_err *e)
{
	struct sp_spill_budget big = { 64u << 20, 0 }, none = { 0, 0 };
	struct sp_spill_file *t = sp_spill_file_new(alloc_tmpdir(), e);
	int rc = -1;

	if (t == NULL)
		return -1;
	/* in memory; a store large enough to be aligned for huge pages */
	if (spool(t, &big, 1u << 20, e) < 0 || store(t, &big, 600000, e) < 0)
		goto out;
	/* on the file: the spool past its share, the store past its budget */
	if (spool(t, &big, 4096, e) < 0 || store(t, &none, 20000, e) < 0)
		goto out;
	if (big.used != 0) {
		sp_fail(e, SP_EDATA, "wrong: %llu bytes of the budget kept",
		    (unsigned long long)big.used);
		goto out;
	}
	rc = alloc_printf(e, "spilled %llu\n",
	    (unsigned long long)sp_spill_file_size(t));
out:
	sp_spill_file_free(t);
	return rc;
}

const struct alloc_scenario alloc_stream[] = {
	{ "stream/stream", NULL, stream, 0 },
	{ "stream/big-item", make_big, big_item, 0 },
	{ "stream/sink", NULL, sink, 0 },
	{ "stream/tmpfiles", NULL, tmpfiles, 0 },
	{ "stream/spill", NULL, spill, 0 },
	{ NULL, NULL, NULL, 0 },
};
