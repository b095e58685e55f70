/*
 * test-join - the join of the shards of one run (sp_join), through
 * sp_restack on hand-made streams and item by item: shards whose run and
 * regions items are equal and whose ranks come after join into one run,
 * as if read at once; any other section stays apart, whichever item
 * breaks the wait; what waits is written as it came at the end of the
 * input and after a failure; the errors name the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_join.h"
#include "sp_restack.h"
#include "sp_section.h"
#include "sp_stream.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct bytes {
	unsigned char *p;
	size_t n;
};

static void
append(struct bytes *b, const void *p, size_t n)
{
	unsigned char *q = realloc(b->p, b->n + n + 1);

	if (q == NULL) {
		fprintf(stderr, "test-join: out of memory\n");
		exit(1);
	}
	memcpy(q + b->n, p, n);
	b->p = q;
	b->n += n;
}

/* A temporary file holding b, read from its start. */
static int
fd_of(const struct bytes *b)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f));

	fclose(f);
	CHECK(b->n == 0 || write(fd, b->p, b->n) == (ssize_t)b->n, "write");
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* Append what fd, a temporary file, holds to b, and close it. */
static void
take(int fd, struct bytes *b)
{
	unsigned char buf[4096];
	ssize_t n;

	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		append(b, buf, (size_t)n);
	close(fd);
}

/* A writer on a temporary file, for making a stream. */
struct maker {
	int fd;
	struct sp_sink *s;
	struct sp_writer *w;
};

static struct sp_writer *
maker_open(struct maker *m)
{
	struct bytes none = { NULL, 0 };
	struct sp_err e;

	m->fd = fd_of(&none);
	m->s = sp_sink_new_fd(m->fd, "made", &e);
	m->w = sp_writer_new(m->s, &e);
	if (m->w == NULL) {
		fprintf(stderr, "test-join: %s\n", e.msg);
		exit(1);
	}
	return m->w;
}

static void
maker_close(struct maker *m, struct bytes *out)
{
	struct sp_err e;

	CHECK(sp_sink_flush(m->s, &e) == 0, "flush: %s", e.msg);
	sp_writer_free(m->w);
	sp_sink_free(m->s);
	take(m->fd, out);
}

/* What a made section holds besides its runs and ranks. */
enum {
	SIDE_FIRST = 1,		/* a side item before the first rank */
	OTHER_AFTER = 2,	/* an item of a newer kind after run 0 ends */
	OVERLAP = 4,		/* the last rank's calls overlap */
	THREE = 8,		/* a third region in the table */
	TWO_RUNS = 16,		/* two runs of the same ranks */
};

/* Rank r's lane: a(100r, 100r + 10) around b(100r + 2, 100r + 5). */
static void
make_rank(struct sp_writer *w, uint32_t run, uint32_t r, int overlap)
{
	struct sp_row_info rows[2] = {
		{ .region = 0, .calls = 1 }, { .region = 1, .calls = 1 },
	};
	struct sp_rank_info rk = { run, r, 2, rows, 0, 0, 0, 0, NULL, NULL };
	int64_t start[2] = { 100 * (int64_t)r, 100 * (int64_t)r + 2 };
	int64_t end[2] = { 100 * (int64_t)r + 10, 100 * (int64_t)r + 5 };
	int64_t call[2] = { 0, 0 };
	uint32_t region[2] = { 0, 1 };
	struct sp_batch b = { 0 };
	struct sp_err e;

	if (overlap)
		end[1] = 100 * (int64_t)r + 20;
	b.run = run;
	b.rank = r;
	b.lane = -1;
	b.n = 2;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	CHECK(sp_writer_rank(w, &rk, &e) == 0 &&
	    sp_writer_batch(w, &b, &e) == 0, "rank: %s", e.msg);
}

static void
make_run(struct sp_writer *w, uint32_t run, int64_t last_ns,
    const uint32_t *ranks, size_t nranks, int flags)
{
	static const char *const names[] = { "a", "b", "c" };
	static const uint32_t order[] = { 0, 1, 2 };
	struct sp_region_table t = { run, flags & THREE ? 3 : 2,
	    (const char **)names, NULL, order };
	struct sp_run_info ri = { 0 };
	struct sp_side side = { run, 0, 0, "note", (const uint8_t *)"\xf6",
	    1 };
	/* ["note", {}], a kind this version does not know */
	static const uint8_t other[] = { 0x82, 0x64, 'n', 'o', 't', 'e',
	    0xa0 };
	struct sp_err e;
	size_t i;

	ri.run = run;
	ri.label = "run";
	ri.source = "run.h5";
	ri.source_format = "hdf5";
	ri.layout = "columnar";
	ri.schema = 3;
	ri.num_ranks = 4;
	ri.event_data = 1;
	ri.has_span = 1;
	ri.last_ns = last_ns;
	CHECK(sp_writer_run(w, &ri, &e) == 0 &&
	    sp_writer_regions(w, &t, &e) == 0, "run: %s", e.msg);
	if (flags & SIDE_FIRST)
		CHECK(sp_writer_side(w, &side, &e) == 0, "side: %s", e.msg);
	for (i = 0; i < nranks; i++)
		make_rank(w, run, ranks[i], (flags & OVERLAP) &&
		    i + 1 == nranks);
	CHECK(sp_writer_run_end(w, run, 2 * nranks, nranks, &e) == 0,
	    "run-end: %s", e.msg);
	if (run == 0 && (flags & OTHER_AFTER))
		CHECK(sp_writer_raw(w, other, sizeof other, &e) == 0, "other");
}

/* Append an interval section of the ranks, as sp-read --shard makes it. */
static void
section(struct bytes *out, int64_t last_ns, const uint32_t *ranks,
    size_t nranks, int flags)
{
	struct maker m;
	struct sp_writer *w = maker_open(&m);
	uint32_t runs = flags & TWO_RUNS ? 2 : 1, run;
	struct sp_err e;

	CHECK(sp_writer_header(w, SP_STAGE_INTERVALS, "test", &e) == 0,
	    "header");
	for (run = 0; run < runs; run++)
		make_run(w, run, last_ns, ranks, nranks, flags);
	CHECK(sp_writer_stream_end(w, runs, &e) == 0, "stream-end");
	maker_close(&m, out);
}

/* sp_restack from in ("in.sps") into out; its return, the error in e. */
static int
stack(const struct bytes *in, struct bytes *out, struct sp_err *e)
{
	struct maker m;
	struct sp_writer *w = maker_open(&m);
	int fd = fd_of(in);
	struct sp_reader *r = sp_reader_new(fd, "in.sps", e);
	int rc;

	out->n = 0;
	sp_err_clear(e);
	rc = sp_restack(r, w, e);
	sp_reader_free(r);
	close(fd);
	maker_close(&m, out);
	return rc;
}

/*
 * The items of a stream, a word each: H header (h for the interval
 * stage), R run, G regions (how many), K rank, D side, B batch (how many
 * calls), L lane end, E run-end (run:calls:batches), S stream-end (runs),
 * O a newer kind; "!" where it is cut off or bad.
 */
static const char *
items(const struct bytes *b)
{
	static char buf[1024];
	int fd = fd_of(b);
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, "out", &e);
	struct sp_item it;
	size_t n = 0;
	int rc;

	buf[0] = '\0';
	while (n < sizeof buf - 32 && (rc = sp_reader_next(r, &it, &e)) == 1) {
		if (n > 0)
			buf[n++] = ' ';
		switch (it.kind) {
		case SP_ITEM_HEADER:
			buf[n++] = it.u.header.stage == SP_STAGE_CALLS ? 'H' : 'h';
			break;
		case SP_ITEM_RUN:
			n += (size_t)sprintf(buf + n, "R%u", it.u.run.run);
			break;
		case SP_ITEM_REGIONS:
			n += (size_t)sprintf(buf + n, "G%zu", it.u.regions.n);
			break;
		case SP_ITEM_RANK:
			n += (size_t)sprintf(buf + n, "K%u", it.u.rank.rank);
			break;
		case SP_ITEM_SIDE:
			buf[n++] = 'D';
			break;
		case SP_ITEM_BATCH:
			if (it.u.batch.lane_end)
				buf[n++] = 'L';
			else
				n += (size_t)sprintf(buf + n, "B%zu",
				    it.u.batch.n);
			break;
		case SP_ITEM_RUN_END:
			n += (size_t)sprintf(buf + n, "E%u:%llu:%llu",
			    it.u.run_end.run,
			    (unsigned long long)it.u.run_end.calls,
			    (unsigned long long)it.u.run_end.batches);
			break;
		case SP_ITEM_STREAM_END:
			n += (size_t)sprintf(buf + n, "S%u",
			    it.u.stream_end_runs);
			break;
		default:
			buf[n++] = 'O';
			break;
		}
		buf[n] = '\0';
	}
	if (rc != 0)
		snprintf(buf + n, sizeof buf - n, "%s!", n > 0 ? " " : "");
	sp_reader_free(r);
	close(fd);
	return buf;
}

/* Stack the sections, expect the items want and no error. */
static void
expect_items(const char *what, const struct bytes *in, const char *want)
{
	struct bytes out = { NULL, 0 };
	struct sp_err e;
	const char *got;

	CHECK(stack(in, &out, &e) == 0, "%s: %s", what, e.msg);
	got = items(&out);
	CHECK(strcmp(got, want) == 0, "%s:\n got  %s\n want %s", what, got,
	    want);
	free(out.p);
}

/* The sections of shards, stacked, are the ranks stacked read at once. */
static void
expect_whole(const char *what, const struct bytes *in,
    const uint32_t *ranks, size_t nranks)
{
	struct bytes whole = { NULL, 0 }, a = { NULL, 0 }, b = { NULL, 0 };
	struct sp_err e;

	section(&whole, 1000, ranks, nranks, 0);
	CHECK(stack(in, &a, &e) == 0 && stack(&whole, &b, &e) == 0,
	    "%s: %s", what, e.msg);
	CHECK(a.n == b.n && memcmp(a.p, b.p, a.n) == 0,
	    "%s: not the stream of the ranks read at once", what);
	free(whole.p);
	free(a.p);
	free(b.p);
}

static const uint32_t R0[] = { 0 }, R1[] = { 1 }, R12[] = { 1, 2 },
    R3[] = { 3 }, R02[] = { 0, 2 }, R0123[] = { 0, 1, 2, 3 },
    R01[] = { 0, 1 };

/* Shards equal but for their ranks, in rank order: one run. */
static void
test_joined(void)
{
	struct bytes in = { NULL, 0 };

	section(&in, 1000, R0, 1, 0);
	section(&in, 1000, R1, 1, 0);
	expect_items("two shards", &in,
	    "H R0 G2 K0 B2 L K1 B2 L E0:4:4 S1");
	expect_whole("two shards", &in, R01, N(R01));
	in.n = 0;
	section(&in, 1000, R0, 1, 0);
	section(&in, 1000, R12, 2, 0);
	section(&in, 1000, R3, 1, 0);
	expect_items("three shards", &in, "H R0 G2 K0 B2 L K1 B2 L K2 B2 L "
	    "K3 B2 L E0:8:8 S1");
	expect_whole("three shards", &in, R0123, N(R0123));
	free(in.p);
}

/* Shards of no rank join as nothing, wherever they come. */
static void
test_empty_shards(void)
{
	struct bytes in = { NULL, 0 };

	section(&in, 1000, R0, 1, 0);
	section(&in, 1000, NULL, 0, 0);
	section(&in, 1000, R1, 1, 0);
	section(&in, 1000, NULL, 0, 0);
	expect_items("empty between", &in,
	    "H R0 G2 K0 B2 L K1 B2 L E0:4:4 S1");
	expect_whole("empty between", &in, R01, N(R01));
	in.n = 0;
	section(&in, 1000, NULL, 0, 0);
	section(&in, 1000, R0, 1, 0);
	expect_items("empty first", &in, "H R0 G2 K0 B2 L E0:2:2 S1");
	in.n = 0;
	section(&in, 1000, NULL, 0, 0);
	section(&in, 1000, NULL, 0, 0);
	expect_items("only empty", &in, "H R0 G2 E0:0:0 S1");
	free(in.p);
}

/* Sections that are not the next shard stay apart, each as it came. */
static void
test_apart(void)
{
	static const struct {
		const char *what;
		int64_t last0, last1;
		const uint32_t *r0, *r1;
		size_t n0, n1;
		int f0, f1;
		const char *want;
	} cases[] = {
		{ "another span", 1000, 999, R0, R1, 1, 1, 0, 0,
		    "H R0 G2 K0 B2 L E0:2:2 S1 H R0 G2 K1 B2 L E0:2:2 S1" },
		{ "another region table", 1000, 1000, R0, R1, 1, 1, 0, THREE,
		    "H R0 G2 K0 B2 L E0:2:2 S1 H R0 G3 K1 B2 L E0:2:2 S1" },
		{ "ranks before", 1000, 1000, R1, R0, 1, 1, 0, 0,
		    "H R0 G2 K1 B2 L E0:2:2 S1 H R0 G2 K0 B2 L E0:2:2 S1" },
		{ "the same rank", 1000, 1000, R1, R1, 1, 1, 0, 0,
		    "H R0 G2 K1 B2 L E0:2:2 S1 H R0 G2 K1 B2 L E0:2:2 S1" },
		{ "first rank inside", 1000, 1000, R02, R1, 2, 1, 0, 0,
		    "H R0 G2 K0 B2 L K2 B2 L E0:4:4 S1 H R0 G2 K1 B2 L "
		    "E0:2:2 S1" },
		{ "after two runs", 1000, 1000, R0, R1, 1, 1, TWO_RUNS, 0,
		    "H R0 G2 K0 B2 L E0:2:2 R1 G2 K0 B2 L E1:2:2 S2 H R0 G2 "
		    "K1 B2 L E0:2:2 S1" },
		{ "a newer item after the run", 1000, 1000, R0, R1, 1, 1,
		    OTHER_AFTER, 0,
		    "H R0 G2 K0 B2 L E0:2:2 O S1 H R0 G2 K1 B2 L E0:2:2 S1" },
		{ "a side item first", 1000, 1000, R0, R1, 1, 1, 0,
		    SIDE_FIRST,
		    "H R0 G2 K0 B2 L E0:2:2 S1 H R0 G2 D K1 B2 L E0:2:2 S1" },
	};
	struct bytes in = { NULL, 0 };
	size_t i;

	for (i = 0; i < N(cases); i++) {
		in.n = 0;
		section(&in, cases[i].last0, cases[i].r0, cases[i].n0,
		    cases[i].f0);
		section(&in, cases[i].last1, cases[i].r1, cases[i].n1,
		    cases[i].f1);
		expect_items(cases[i].what, &in, cases[i].want);
	}
	/* a lone section waits until the end of the input, then is written */
	in.n = 0;
	section(&in, 1000, R0, 1, 0);
	expect_items("one section", &in, "H R0 G2 K0 B2 L E0:2:2 S1");
	free(in.p);
}

/* The length of the first k items of b. */
static size_t
prefix(const struct bytes *b, int k)
{
	int fd = fd_of(b);
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, "prefix", &e);
	struct sp_item it;
	size_t n = 0;

	while (k-- > 0 && sp_reader_next(r, &it, &e) == 1)
		n += it.raw_len;
	sp_reader_free(r);
	close(fd);
	return n;
}

/* Expect sp_restack to fail with msg, having written the items want. */
static void
expect_failure(const char *what, const struct bytes *in, const char *msg,
    const char *want)
{
	struct bytes out = { NULL, 0 };
	struct sp_err e;
	const char *got;

	CHECK(stack(in, &out, &e) == -1, "%s: no error", what);
	CHECK(e.status == SP_EDATA && strstr(e.msg, msg) == e.msg,
	    "%s:\n got  %s\n want %s", what, e.msg, msg);
	got = items(&out);
	CHECK(strcmp(got, want) == 0, "%s:\n got  %s\n want %s", what, got,
	    want);
	free(out.p);
}

/*
 * Input that ends while a shard waits, at each state: what waits is
 * written as it came, and the error is the reader's.
 */
static void
test_cut_while_waiting(void)
{
	static const char *const want[] = {
		"H R0 G2 K0 B2 L E0:2:2 S1",
		"H R0 G2 K0 B2 L E0:2:2 S1 H !",
		"H R0 G2 K0 B2 L E0:2:2 S1 H R0 !",
		"H R0 G2 K0 B2 L E0:2:2 S1 H R0 G2 !",
	};
	struct bytes first = { NULL, 0 }, next = { NULL, 0 };
	struct bytes in = { NULL, 0 };
	int k;

	section(&first, 1000, R0, 1, 0);
	section(&next, 1000, R1, 1, 0);
	for (k = 0; k < 4; k++) {
		char what[32];

		in.n = 0;
		append(&in, first.p, first.n);
		/* a few bytes of the item after the k items that wait */
		append(&in, next.p, prefix(&next, k) + 2);
		snprintf(what, sizeof what, "cut after %d items", k);
		expect_failure(what, &in, "in.sps: truncated sp stream",
		    want[k]);
	}
	free(first.p);
	free(next.p);
	free(in.p);
}

/* The errors of sp-stack's input name it, and nesting errors the lane. */
static void
test_errors(void)
{
	struct bytes in = { NULL, 0 }, calls = { NULL, 0 };
	struct bytes shard = { NULL, 0 };
	struct sp_writer *w;
	struct maker m;
	struct sp_err e;
	unsigned char *p;

	section(&shard, 1000, R1, 1, 0);
	CHECK(stack(&shard, &calls, &e) == 0, "stack: %s", e.msg);
	section(&in, 1000, R0, 1, 0);
	append(&in, calls.p, calls.n);
	expect_failure("a call stream after a shard", &in, "in.sps: already "
	    "a call stream (stacked by sp-stack " SP_VERSION ")",
	    "H R0 G2 K0 B2 L E0:2:2 S1");

	in.n = 0;
	section(&in, 1000, R0, 1, 0);
	w = maker_open(&m);
	CHECK(sp_section_write_header(w, SP_ORDER_FILE, "test", &e) == 0,
	    "file-order header");
	maker_close(&m, &in);
	expect_failure("a file-order section", &in, "in.sps: a stream in file "
	    "order (sp-read --order file), which only sp-json reads: read "
	    "the profile again without --order file",
	    "H R0 G2 K0 B2 L E0:2:2 S1");
	/* the same header with "order": "fast" */
	p = in.p + in.n - 4;
	while (p > in.p && memcmp(p, "file", 4) != 0)
		p--;
	memcpy(p, "fast", 4);
	expect_failure("an order of a newer sp", &in, "in.sps: a stream in an "
	    "order this sp-stack does not know: upgrade sp",
	    "H R0 G2 K0 B2 L E0:2:2 S1");

	/* calls that cross in a joined shard, named by its region table */
	in.n = 0;
	section(&in, 1000, R0, 1, 0);
	section(&in, 1000, R1, 1, OVERLAP);
	expect_failure("overlap in a joined shard", &in, "in.sps: rank 1 lane "
	    "-1: recorded calls are not properly nested: 'b' call 0 [102, "
	    "120] ns starts inside 'a' call 0 [100, 110] ns but ends after "
	    "it.", "H R0 G2 K0 B2 L K1 !");
	free(in.p);
	free(calls.p);
	free(shard.p);
}

/*
 * sp_join item by item: its verdict on each item of three shards (1:
 * the caller's, 0: taken), so that each waiting state is seen holding its
 * item, and the counts of the run-end it writes in the end.
 */
static void
test_states(void)
{
	struct bytes in = { NULL, 0 }, out = { NULL, 0 };
	struct maker m;
	struct sp_writer *w;
	struct sp_join *j;
	struct sp_reader *r;
	struct sp_item it;
	struct sp_err e;
	char got[64];
	size_t n = 0;
	int fd, v;

	section(&in, 1000, R0, 1, 0);
	section(&in, 1000, R1, 1, 0);
	section(&in, 1000, NULL, 0, 0);
	fd = fd_of(&in);
	r = sp_reader_new(fd, "in.sps", &e);
	w = maker_open(&m);
	j = sp_join_new(w, "test", &e);
	CHECK(j != NULL && sp_join_flush(j, &e) == 0, "nothing to flush");
	while (sp_reader_next(r, &it, &e) == 1 && n < sizeof got - 1) {
		v = sp_join_item(j, &it, &e);
		got[n++] = v < 0 ? '!' : (char)('0' + v);
		/* the caller writes one batch a rank: its lane's end */
		if (v == 1 && it.kind == SP_ITEM_RUN_END)
			CHECK(sp_join_run_end(j, it.u.run_end.run,
			    it.u.run_end.calls, it.u.run_end.batches, &e) == 0,
			    "run-end");
	}
	got[n] = '\0';
	/*
	 * header written; run, regions, rank, batch, run-end passed; then
	 * held: stream-end, header, run, regions; the next rank passes as
	 * the run goes on; an empty shard's run-end goes on likewise.
	 */
	CHECK(strcmp(got, "011111" "0000" "111" "0000" "1" "0") == 0,
	    "verdicts %s", got);
	CHECK(sp_join_flush(j, &e) == 0, "flush: %s", e.msg);
	CHECK(sp_join_flush(j, &e) == 0, "second flush: %s", e.msg);
	sp_join_free(j);
	sp_join_free(NULL);
	maker_close(&m, &out);
	/* what the join wrote: a header, and in the end run-end and end */
	{
		static const char tail[] = { 0x82, 0x67, 'r', 'u', 'n', '-',
		    'e', 'n', 'd', 0xa3, 0x63, 'r', 'u', 'n', 0x00, 0x65, 'c',
		    'a', 'l', 'l', 's', 0x04, 0x67, 'b', 'a', 't', 'c', 'h',
		    'e', 's', 0x02 };

		size_t at = 0;

		while (at + sizeof tail <= out.n &&
		    memcmp(out.p + at, tail, sizeof tail) != 0)
			at++;
		CHECK(at + sizeof tail <= out.n,
		    "no run-end of 4 calls in 2 batches");
	}
	sp_reader_free(r);
	close(fd);
	free(in.p);
	free(out.p);
}

int
main(void)
{
	test_joined();
	test_empty_shards();
	test_apart();
	test_cut_while_waiting();
	test_errors();
	test_states();
	if (failed > 0) {
		fprintf(stderr, "test-join: %d checks failed\n", failed);
		return 1;
	}
	return 0;
}
