/*
 * Unit test of sp_perfetto, the Perfetto protobuf writer: a small trace
 * of two lanes of one rank, walked field by field and compared with what
 * the field numbers of doc/trace.md, "Fields", say it must be: packets framed
 * as Trace.packet; the root, process and thread descriptors first on the first
 * lane's sequence (first_packet_on_sequence, CLEARED); each slice a
 * SLICE_BEGIN with its interned name (defined once per sequence) and its
 * annotations, and a bare SLICE_END; a second lane a new sequence that interns
 * again.  Also: a name longer than a packet's buffer, a region outside the
 * table, and a failing output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_perfetto.h"
#include "sp_pb.h"
#include "sp_trace_emit.h"
#include "check.h"
#include "tracegen.h"
#include "membuf.h"

/* The messages among the length-delimited fields, by path. */
static const char *const messages[] = {
	"1", "1.11", "1.11.4", "1.12", "1.12.2", "1.12.3", "1.60", "1.60.3",
	"1.60.4", NULL,
};

static int
is_message(const char *path)
{
	int i;

	for (i = 0; messages[i] != NULL; i++)
		if (strcmp(messages[i], path) == 0)
			return 1;
	return 0;
}

static size_t
get(const uint8_t *p, size_t n, size_t i, uint64_t *v)
{
	unsigned s = 0;

	*v = 0;
	while (i < n) {
		*v |= (uint64_t)(p[i] & 0x7f) << s;
		if (!(p[i++] & 0x80))
			return i;
		s += 7;
	}
	return n + 1;	/* cut off */
}

/* Each field as "path=value" on a line of out; -1 on a malformed one. */
static int
walk(const uint8_t *p, size_t n, const char *path, char *out, size_t cap)
{
	size_t i = 0;
	uint64_t key, v;
	char sub[64];

	while (i < n) {
		if ((i = get(p, n, i, &key)) > n)
			return -1;
		snprintf(sub, sizeof sub, "%s%s%u", path, *path ? "." : "",
		    (unsigned)(key >> 3));
		if ((key & 7) == 0) {
			if ((i = get(p, n, i, &v)) > n)
				return -1;
			snprintf(out + strlen(out), cap - strlen(out),
			    "%s=%llu\n", sub, (unsigned long long)v);
		} else if ((key & 7) == 2) {
			if ((i = get(p, n, i, &v)) > n || v > n - i)
				return -1;
			if (is_message(sub)) {
				if (walk(p + i, (size_t)v, sub, out, cap) < 0)
					return -1;
			} else {
				snprintf(out + strlen(out), cap - strlen(out),
				    "%s=\"%.*s\"\n", sub, (int)v, p + i);
			}
			i += v;
		} else {
			return -1;
		}
	}
	return 0;
}

static const char *const names[] = { "main", "solve" };
static const size_t lens[] = { 4, 5 };

static const char expected[] =
	/* the root track, the first packet of sequence 1 */
	"1.8=100\n1.10=1\n1.87=1\n1.13=1\n"
	"1.60.1=0\n1.60.19=1\n1.60.20=1\n"
	/* the rank's process */
	"1.8=100\n1.10=1\n"
	"1.60.1=4294967296\n1.60.3.1=1\n1.60.3.6=\"r rank 0\"\n"
	"1.60.3.8=\"align=none\"\n1.60.3.8=\"shift_ns=0\"\n"
	"1.60.12=0\n1.60.14=\"Rank 0.\"\n"
	/* the lane's thread */
	"1.8=100\n1.10=1\n"
	"1.60.1=1\n1.60.4.1=1\n1.60.4.2=65537\n1.60.4.5=\"rank 0\"\n"
	"1.60.12=1\n"
	/* main begins: its name and annotation names interned */
	"1.8=100\n1.10=1\n"
	"1.11.9=1\n1.11.11=1\n1.11.10=1\n"
	"1.11.4.1=1\n1.11.4.6=\"a.py\"\n"
	"1.11.4.1=2\n1.11.4.4=3\n"
	"1.11.4.1=3\n1.11.4.4=7\n"
	"1.12.2.1=1\n1.12.2.2=\"main\"\n"
	"1.12.3.1=1\n1.12.3.2=\"source_file\"\n"
	"1.12.3.1=2\n1.12.3.2=\"source_line\"\n"
	"1.12.3.1=3\n1.12.3.2=\"call_id\"\n"
	"1.13=2\n"
	/* solve begins, without arguments */
	"1.8=120\n1.10=1\n"
	"1.11.9=1\n1.11.11=1\n1.11.10=2\n"
	"1.12.2.1=2\n1.12.2.2=\"solve\"\n"
	"1.13=2\n"
	/* the ends */
	"1.8=150\n1.10=1\n1.11.9=2\n1.11.11=1\n"
	"1.8=200\n1.10=1\n1.11.9=2\n1.11.11=1\n"
	/* a second lane: sequence 2, its thread, names interned again */
	"1.8=300\n1.10=2\n1.87=1\n1.13=1\n"
	"1.60.1=2\n1.60.4.1=1\n1.60.4.2=65538\n1.60.4.5=\"rank 0 - t\"\n"
	"1.60.12=2\n"
	"1.8=300\n1.10=2\n"
	"1.11.9=1\n1.11.11=2\n1.11.10=2\n"
	"1.11.4.1=6\n1.11.4.6=\"{\"k\": 1}\"\n"
	"1.12.2.1=2\n1.12.2.2=\"solve\"\n"
	"1.12.3.1=6\n1.12.3.2=\"metadata\"\n"
	"1.13=2\n"
	"1.8=300\n1.10=2\n1.11.9=2\n1.11.11=2\n";

static void
test_trace(void)
{
	struct sp_trace_process p = { 0, 1, (uint64_t)1 << 32, "r rank 0",
	    "Rank 0.", "none", 0 };
	struct sp_trace_thread t1 = { 1, 1, 65537, 1, "rank 0" };
	struct sp_trace_thread t2 = { 2, 1, 65538, 2, "rank 0 - t" };
	struct sp_trace_args a, m;
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	static char text[8192];
	int rc;

	memset(&a, 0, sizeof a);
	a.file = "a.py";
	a.file_len = 4;
	a.line = 3;
	a.has = SP_TRACE_CALL_ID;
	a.call_id = 7;
	memset(&m, 0, sizeof m);
	m.line = -1;
	m.meta = "{\"k\": 1}";
	m.meta_len = strlen(m.meta);
	w = sp_perfetto_new(names, lens, 2, membuf_write, &mb, &e);
	rc = w == NULL || sp_trace_track(w, &p, &t1, 100, &e) < 0 ||
	    sp_trace_open(w, 100, 200, 0, &a, &e) < 0 ||
	    sp_trace_open(w, 120, 150, 1, NULL, &e) < 0 ||
	    sp_trace_close(w, 150, &e) < 0 || sp_trace_close(w, 200, &e) < 0 ||
	    sp_trace_track(w, NULL, &t2, 300, &e) < 0 ||
	    sp_trace_open(w, 300, 300, 1, &m, &e) < 0 ||
	    sp_trace_close(w, 300, &e) < 0 || sp_trace_finish(w, NULL, &e) < 0;
	CHECK(rc == 0, "writing: %s", e.msg);
	text[0] = '\0';
	CHECK(walk(mb.p, mb.n, "", text, sizeof text) == 0, "malformed");
	CHECK(strcmp(text, expected) == 0, "the trace:\n%s", text);
	sp_trace_writer_free(w);
	free(mb.p);
}

/* A slice whose name and metadata outgrow the output buffer. */
static void
test_big(void)
{
	size_t n = (size_t)1 << 20, len[1];
	char *big = malloc(n + 1);
	const char *nm[1];
	struct sp_trace_process p = { 3, 4, 7, "x", "", "start", -5 };
	struct sp_trace_thread t = { 9, 4, 262145, 1, "rank 3" };
	struct sp_trace_args a;
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	static char text[1 << 13];

	memset(big, 'n', n);
	big[n] = '\0';
	nm[0] = big;
	len[0] = n;
	memset(&a, 0, sizeof a);
	a.line = -1;
	a.meta = big;
	a.meta_len = n;
	w = sp_perfetto_new(nm, len, 1, membuf_write, &mb, &e);
	CHECK(w != NULL && sp_trace_track(w, &p, &t, 5, &e) == 0 &&
	    sp_trace_open(w, 5, 6, 0, &a, &e) == 0 &&
	    sp_trace_close(w, 6, &e) == 0 && sp_trace_finish(w, NULL, &e) == 0,
	    "big: %s", e.msg);
	CHECK(mb.n > 2 * n, "big: %zu bytes", mb.n);
	CHECK(sp_trace_open(w, 7, 8, 1, NULL, &e) < 0 && e.status == SP_EDATA,
	    "region outside the table");
	sp_trace_writer_free(w);
	/* the labels of a shifted rank */
	big[0] = '\0';
	text[0] = '\0';
	walk(mb.p, 200, "", text, sizeof text);
	CHECK(strstr(text, "1.60.3.8=\"align=start\"\n"
	    "1.60.3.8=\"shift_ns=-5\"\n") != NULL, "labels: %s", text);
	free(mb.p);
	free(big);
}

static void
test_failing(void)
{
	struct sp_trace_process p = { 0, 1, 7, "x", "", "none", 0 };
	struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	int i, rc = 0;

	mb.fail_after = 1000;
	w = sp_perfetto_new(names, lens, 2, membuf_write, &mb, &e);
	rc = sp_trace_track(w, &p, &t, 0, &e);
	for (i = 0; rc == 0 && i < 100000; i++)
		rc = sp_trace_open(w, (uint64_t)i, (uint64_t)i, 0, NULL, &e) <
		    0 || sp_trace_close(w, (uint64_t)i, &e) < 0 ? -1 : 0;
	CHECK(rc < 0 && strstr(e.msg, "full") != NULL, "a full output fails "
	    "mid-way: %s", e.msg);
	CHECK(sp_trace_finish(w, NULL, &e) < 0, "and stays failed");
	sp_trace_writer_free(w);
	free(mb.p);
	mb.p = NULL;
	mb.n = 0;
	mb.fail_after = 10;
	w = sp_perfetto_new(names, lens, 2, membuf_write, &mb, &e);
	CHECK(sp_trace_track(w, &p, &t, 0, &e) == 0 &&
	    sp_trace_finish(w, NULL, &e) < 0, "a full output fails at the "
	    "finish");
	sp_trace_writer_free(w);
	free(mb.p);
}

/* A writer whose ops are another's without the calls op. */
struct plain {
	struct sp_trace_writer base;
	struct sp_trace_writer *w;
};

static int
plain_track(struct sp_trace_writer *b, const struct sp_trace_process *p,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	return sp_trace_track(((struct plain *)b)->w, p, t, ts, e);
}

static int
plain_open(struct sp_trace_writer *b, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	return sp_trace_open(((struct plain *)b)->w, ts, end, region, a, e);
}

static int
plain_close(struct sp_trace_writer *b, uint64_t ts, struct sp_err *e)
{
	return sp_trace_close(((struct plain *)b)->w, ts, e);
}

static const struct sp_trace_writer_ops plain_ops = {
	plain_track, plain_open, plain_close, NULL, NULL, NULL,
};

/* A lane of n random calls in pre-order, depth below 12, 3 regions. */
static void
random_lane(uint32_t *depth, uint32_t *region, int64_t *start, int64_t *end,
    size_t n)
{
	int64_t ends[12], t = 0;
	size_t i, d = 0;

	srand(3);
	for (i = 0; i < n; i++) {
		while (d > 0 && (ends[d - 1] <= t || rand() % 3 == 0 ||
		    d == 12))
			t = ends[--d] > t ? ends[d] : t;
		depth[i] = (uint32_t)d;
		region[i] = (uint32_t)(rand() % 3);
		start[i] = t;
		end[i] = t + rand() % (d > 0 ? ends[d - 1] - t + 1 : 100000);
		ends[d++] = end[i];
		t += rand() % 2 * (rand() % 3000);
		t = t < end[i] ? t : end[i];
	}
}

/*
 * Two lanes of a rank through sp_trace_emit into w's writer, c's calls then
 * c2's: each lane a sequence of its own, whose templates the first's
 * must not lend it.
 */
static int
emit_lanes(struct sp_trace_writer *w, struct sp_trace_writer *inner,
    const struct tg_lane *c, const struct tg_lane *c2,
    const struct sp_trace_argtab *args, const struct sp_trace_argtab *args2,
    struct sp_err *e)
{
	struct sp_trace_calls tc = { 0, args, 0 }, tc2 = { 0, args2, 0 };
	struct sp_walk *walk = sp_walk_new(NULL);
	struct sp_trace_process p = { 0, 1, 7, "x", "", "none", 0 };
	struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	struct sp_trace_thread t2 = { 2, 1, 65538, 2, "rank 0, thread 2" };
	struct sp_trace_emit *m = sp_trace_emit_new(e);
	int rc;

	sp_trace_emit_begin(m);
	sp_trace_emit_writer(m, w);
	rc = sp_trace_emit_rank(m, &p, e) < 0 ||
	    sp_trace_emit_lane(m, &t, e) < 0 ||
	    tg_emit_lane(m, walk, c, 8192, 1, &tc, e) < 0 ||
	    sp_trace_emit_lane(m, &t2, e) < 0 ||
	    tg_emit_lane(m, walk, c2, 8192, 2, &tc2, e) < 0 ||
	    sp_walk_finish(walk, e) < 0 ||
	    sp_trace_finish(inner, NULL, e) < 0 ? -1 : 0;
	sp_walk_free(walk);
	sp_trace_emit_free(m);
	return rc;
}

/*
 * The hot path (the calls op) writes what open and close write, byte
 * for byte, over flushes of the buffer: regions whose template fits,
 * one whose arguments never do (handed back), none at all, on two lanes
 * whose regions' source locations differ; and a full output fails on it.
 */
static void
test_hot_path(void)
{
	enum { N = 100000 };
	static const char *const nm[] = { "a", "bb", "ccc" };
	static const size_t ln[] = { 1, 2, 3 };
	static uint32_t depth[N], region[N];
	static int64_t start[N], end[N];
	struct sp_trace_args args[2], args2[2], other;
	struct sp_trace_argtab tab = { args, 2, &other };
	struct sp_trace_argtab tab2 = { args2, 2, &other };
	struct tg_lane c = { depth, region, start, end, N };
	const struct sp_trace_argtab *a1, *a2;
	struct membuf m1 = { 0 }, m2 = { 0 };
	struct plain pl = { { &plain_ops }, NULL };
	struct sp_trace_writer *w1, *w2;
	struct sp_err e;
	int with;

	random_lane(depth, region, start, end, N);
	memset(args, 0, sizeof args);
	args[0].file = "a.py";
	args[0].file_len = 4;
	args[0].line = 3;
	args[0].source_key = 11;
	args[1].line = -1;
	args[1].source_key = 12;
	other = args[0];
	other.has = SP_TRACE_CALL_ID;	/* never a template: handed back */
	memcpy(args2, args, sizeof args);
	args2[0].file = "src/a/long/way/down/to/the/module/b.py";
	args2[0].file_len = strlen(args2[0].file);	/* a long template */
	args2[0].source_key = 21;
	args2[1].line = 8;
	args2[1].source_key = 22;
	for (with = 0; with < 2; with++) {
		a1 = with ? &tab : NULL;
		a2 = with ? &tab2 : NULL;
		m1.n = m2.n = 0;
		w1 = sp_perfetto_new(nm, ln, 3, membuf_write, &m1, &e);
		w2 = sp_perfetto_new(nm, ln, 3, membuf_write, &m2, &e);
		pl.w = w2;
		CHECK(w1 != NULL && w2 != NULL &&
		    emit_lanes(w1, w1, &c, &c, a1, a2, &e) == 0 &&
		    emit_lanes(&pl.base, w2, &c, &c, a1, a2, &e) == 0,
		    "hot path: %s",
		    e.msg);
		CHECK(m1.n > (size_t)N * 40 && m1.n == m2.n &&
		    memcmp(m1.p, m2.p, m1.n) == 0, "hot path, args %d: %zu "
		    "and %zu bytes", with, m1.n, m2.n);
		sp_trace_writer_free(w1);
		sp_trace_writer_free(w2);
	}
	free(m2.p);
	m1.fail_after = m1.n / 2;	/* after a flush or more */
	m1.n = 0;
	w1 = sp_perfetto_new(nm, ln, 3, membuf_write, &m1, &e);
	CHECK(emit_lanes(w1, w1, &c, &c, NULL, NULL, &e) < 0 &&
	    strstr(e.msg, "full") != NULL,
	    "a full output on the hot path: %s", e.msg);
	sp_trace_writer_free(w1);
	free(m1.p);
}

int
main(void)
{
	test_trace();
	test_big();
	test_failing();
	test_hot_path();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
