/*
 * Unit test of the JSON writer, sp_json_export and sp_json_lines, on
 * hand-made streams: the document of doc/exports.md, "sp-json documents", to
 * the byte (rows grouped by region, then rank, calls in recording order), the
 * same bytes whether the calls wait in memory or spill to a file and whether
 * the stream is in time or in file order, gzip that inflates to the same text,
 * one document per run under labelled names, NDJSON lines of intervals and of
 * calls, and the refusal of a row that lacks calls.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_json_export.h"
#include "sp_section.h"
#include "callgen.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-json_export.XXXXXX";

static const char *
at(const char *name)
{
	static char buf[8][512];
	static int k;

	k = (k + 1) % 8;
	snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
	return buf[k];
}

/* The whole file, NUL-terminated; *n its length.  The caller frees it. */
static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long len;

	*n = 0;
	if (f == NULL)
		return calloc(1, 1);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	if (len >= 0 && (p = calloc((size_t)len + 1, 1)) != NULL)
		*n = fread(p, 1, (size_t)len, f);
	fclose(f);
	return p != NULL ? p : calloc(1, 1);
}

static int
same(const char *a, const char *b)
{
	size_t na, nb;
	char *x = slurp(a, &na), *y = slurp(b, &nb);
	int rc = na == nb && memcmp(x, y, na) == 0;

	free(x);
	free(y);
	return rc;
}

/* --- the streams --- */

static const char *names[] = { "main", "solve" };

/* Rank rank's rows: region r declares calls[r] calls. */
static void
rank_rows(struct gen *g, uint32_t run, uint32_t rank, const uint64_t *calls,
    size_t n)
{
	struct sp_rank_info rk;
	struct sp_row_info rows[2];
	struct sp_err e;
	size_t i, k = 0;

	memset(&rk, 0, sizeof rk);
	memset(rows, 0, sizeof rows);
	for (i = 0; i < n; i++) {
		if (calls[i] == 0)
			continue;
		rows[k].region = (uint32_t)i;
		rows[k++].calls = calls[i];
	}
	rk.run = run;
	rk.rank = rank;
	rk.nrows = k;
	rk.rows = rows;
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
}

/* One interval batch of lane -1: n calls (start, end, region, call). */
static void
intervals(struct gen *g, uint32_t run, uint32_t rank, const int64_t (*c)[4],
    size_t n)
{
	int64_t start[4], end[4], call[4];
	uint32_t region[4];
	struct sp_batch b;
	struct sp_err e;
	size_t i;

	for (i = 0; i < n; i++) {
		start[i] = c[i][0];
		end[i] = c[i][1];
		region[i] = (uint32_t)c[i][2];
		call[i] = c[i][3];
	}
	memset(&b, 0, sizeof b);
	b.run = run;
	b.rank = rank;
	b.lane = -1;
	b.n = n;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	if (sp_writer_batch(g->w, &b, &e) < 0)
		die("batch", &e);
	g->calls += n;
	g->batches++;
}

/*
 * The profile of the spgen spec {"0": [main (1000, 2000), solve (1100,
 * 1500) (1600, 1900)], "1": [main (5, 50)]}, as sp-read writes it in time
 * order, or (file) in file order; short: rank 0's solve row declares a
 * third call that never comes.
 */
static void
write_profile(const char *path, int file, int short_row, int runs)
{
	static const int64_t time0[][4] = {
		{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 0 }, { 1600, 1900, 1, 1 },
	};
	static const int64_t r1[][4] = { { 5, 50, 0, 0 } };
	static const uint32_t ranks[] = { 0, 1 };
	static const char *labels[] = { "p", "q" };
	uint64_t calls0[2] = { 1, short_row ? 3 : 2 }, calls1[2] = { 1, 0 };
	struct gen g;
	struct sp_err e;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), r;

	/* the header of a time-order or a file-order section */
	if (fd < 0 || (g.sink = sp_sink_new_fd(fd, path, &e)) == NULL ||
	    (g.w = sp_writer_new(g.sink, &e)) == NULL ||
	    sp_section_write_header(g.w, file ? SP_ORDER_FILE : SP_ORDER_TIME,
	    "test", &e) < 0)
		die("header", &e);
	for (r = 0; r < runs; r++) {
		gen_run(&g, (uint32_t)r, labels[r], 5, names, 2);
		if (file && sp_section_write_ranks(g.w, (uint32_t)r, ranks, 2,
		    &e) < 0)
			die("ranks", &e);
		rank_rows(&g, (uint32_t)r, 0, calls0, 2);
		intervals(&g, (uint32_t)r, 0, time0, 3);
		rank_rows(&g, (uint32_t)r, 1, calls1, 2);
		intervals(&g, (uint32_t)r, 1, r1, 1);
		gen_run_end(&g, (uint32_t)r);
	}
	gen_close(&g, fd, (uint32_t)runs);
}

/* --- exports --- */

static const char *
export(const char *in, struct sp_json_export_opts *o,
    struct sp_json_export_stats *st,
    int lines)
{
	static char msg[SP_ERR_MSG_MAX];
	struct sp_reader *r;
	struct sp_err e;
	int fd = open(in, O_RDONLY), rc = -1;

	msg[0] = '\0';
	if (fd < 0 || (r = sp_reader_new(fd, in, &e)) == NULL)
		return "cannot read";
	if (o->exporter == NULL)
		o->exporter = "test";
	rc = lines ? sp_json_export_lines(r, o, st, &e) :
	    sp_json_export_run(r, o, st, &e);
	if (rc < 0)
		snprintf(msg, sizeof msg, "%s", e.msg);
	sp_reader_free(r);
	close(fd);
	return msg;
}

static const char doc[] = "{\"format\": \"scope-profiler-profile\", "
    "\"format_version\": 1, \"exporter\": \"test\", \"time_unit\": "
    "\"nanoseconds\", \"num_ranks\": 1, \"event_data_available\": true, "
    "\"metadata\": {}, \"regions\": [{\"name\": \"main\", \"rank\": 0, "
    "\"start_times_ns\": [1000], \"end_times_ns\": [2000]}, {\"name\": "
    "\"main\", \"rank\": 1, \"start_times_ns\": [5], \"end_times_ns\": "
    "[50]}, {\"name\": \"solve\", \"rank\": 0, \"start_times_ns\": [1100, "
    "1600], \"end_times_ns\": [1500, 1900]}], \"storage_layout\": "
    "\"columnar\", \"scope_profiler_schema\": 3}";

static void
test_document(void)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	const char *m;
	char *text;
	size_t n;

	write_profile(at("time.sps"), 0, 0, 1);
	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.output = at("out/p.json");
	m = export(at("time.sps"), &o, &st, 0);
	text = slurp(at("out/p.json"), &n);
	CHECK(*m == '\0' && strcmp(text, doc) == 0, "document: %s\n%s", m,
	    text);
	CHECK(st.runs == 1 && st.documents == 1 && st.calls == 4 &&
	    st.spilled == 0 && st.text_bytes == strlen(doc), "document: "
	    "stats %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, st.runs,
	    st.documents, st.calls, st.spilled);
	free(text);

	/* spilled: every call through the temporary file, same bytes */
	o.buffer = 1;
	o.output = at("out/spilled.json");
	m = export(at("time.sps"), &o, &st, 0);
	CHECK(*m == '\0' && st.spilled > 0 && same(at("out/p.json"),
	    at("out/spilled.json")), "spilled: %s, %" PRIu64 " bytes", m,
	    st.spilled);

	/* file order: the last rank written as it comes, same bytes */
	write_profile(at("file.sps"), 1, 0, 1);
	o.buffer = 0;
	o.output = at("out/file.json");
	m = export(at("file.sps"), &o, &st, 0);
	CHECK(*m == '\0' && st.live_rows > 0 && same(at("out/p.json"),
	    at("out/file.json")), "file order: %s, %" PRIu64 " live rows", m,
	    st.live_rows);
}

static void
test_gzip(void)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	char buf[4096];
	const char *m;
	gzFile z;
	int n;

	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.level = 6;
	o.output = at("out/p.json.gz");
	m = export(at("time.sps"), &o, &st, 0);
	CHECK(*m == '\0' && st.file_bytes < st.text_bytes, "gzip: %s", m);
	if ((z = gzopen(at("out/p.json.gz"), "rb")) == NULL) {
		CHECK(0, "gzip: cannot open");
		return;
	}
	n = gzread(z, buf, sizeof buf - 1);
	gzclose(z);
	buf[n > 0 ? n : 0] = '\0';
	CHECK(strcmp(buf, doc) == 0, "gzip: inflates to\n%s", buf);
}

static void
test_runs(void)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	const char *m;
	struct stat sb;

	write_profile(at("two.sps"), 0, 0, 2);
	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.output = at("runs/p.json");
	m = export(at("two.sps"), &o, &st, 0);
	CHECK(*m == '\0' && st.documents == 2 && stat(at("runs/p_p.json"),
	    &sb) == 0 && stat(at("runs/p_q.json"), &sb) == 0 &&
	    stat(at("runs/p.json"), &sb) != 0, "two runs: %s", m);
	o.output = "/dev/null";
	m = export(at("two.sps"), &o, &st, 0);
	CHECK(strstr(m, "two.sps: the stream holds several runs, and "
	    "/dev/null takes one document: name their files with -o FILE") !=
	    NULL, "two runs to a device: %s", m);
}

static void
test_short_row(void)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	const char *m;
	struct stat sb;

	write_profile(at("short.sps"), 0, 1, 1);
	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.output = at("out/short.json");
	m = export(at("short.sps"), &o, &st, 0);
	CHECK(strstr(m, "short.sps: bad sp stream: rank 0 region 'solve' "
	    "brought 2 calls, its row declares 3") != NULL, "short row: %s",
	    m);
	CHECK(stat(at("out/short.json"), &sb) != 0, "short row: a document");
}

static void
test_lines(void)
{
	static const struct call nested[] = {
		{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 1 },
	};
	static const char want_iv[] = "{\"run\":\"p\",\"rank\":0,\"lane\":-1,"
	    "\"seq\":0,\"region\":\"main\",\"start_ns\":1000,\"end_ns\":2000,"
	    "\"duration_ns\":1000}\n";
	static const char want_calls[] = "{\"run\":\"c\",\"rank\":0,"
	    "\"lane\":-1,\"seq\":1,\"region\":\"solve\",\"start_ns\":1100,"
	    "\"end_ns\":1500,\"duration_ns\":400,\"depth\":1,\"parent\":0,"
	    "\"self_ns\":400}\n{\"run\":\"c\",\"rank\":0,\"lane\":-1,\"seq\":0,"
	    "\"region\":\"main\",\"start_ns\":1000,\"end_ns\":2000,"
	    "\"duration_ns\":1000,\"depth\":0,\"parent\":-1,\"self_ns\":600}\n";
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	struct gen g;
	const char *m;
	char *text;
	size_t n;
	int fd;

	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.output = at("out/iv.ndjson");
	m = export(at("time.sps"), &o, &st, 1);
	text = slurp(at("out/iv.ndjson"), &n);
	CHECK(*m == '\0' && strncmp(text, want_iv, strlen(want_iv)) == 0 &&
	    st.calls == 4, "lines: %s\n%s", m, text);
	free(text);
	fd = gen_open(&g, at("calls.sps"), SP_STAGE_CALLS);
	gen_run(&g, 0, "c", 1000, names, 2);
	gen_rank(&g, 0, 0);
	lane_calls(&g, 0, 0, -1, nested, 2, SP_STAGE_CALLS);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	o.output = at("out/calls.ndjson");
	m = export(at("calls.sps"), &o, &st, 1);
	text = slurp(at("out/calls.ndjson"), &n);
	CHECK(*m == '\0' && strcmp(text, want_calls) == 0, "call lines: %s\n"
	    "%s", m, text);
	free(text);
}

int
main(void)
{
	char cmd[128];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_document();
	test_gzip();
	test_runs();
	test_short_row();
	test_lines();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", tmpdir);
	if (!failed)
		printf("test-json_export: ok\n");
	return failed;
}
