/*
 * Unit test of sp_trace_export_run, sp-trace's exporter, on hand-made call
 * streams: the JSON trace of two ranks (names, order, times from the
 * run's first call, metadata); --align start and --align REGION (the
 * shifts, a rank without the region noticed and not shifted), the same
 * whether the ranks stay in memory or go through the spool's file;
 * --min-duration dropping subtrees, and all of them; no arguments; the
 * protobuf and gzip outputs; file names for several runs; the errors of
 * an interval stream, of a second run on standard output, and of a call
 * beyond the run's span.
 */
#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_trace_export.h"
#include "callgen.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-trace-export.XXXXXX";

static const char *
at(const char *name)
{
	static char buf[8][512];
	static int k;

	k = (k + 1) % 8;
	snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
	return buf[k];
}

/* The file's bytes as a string ("" when missing), n of them. */
static const char *
slurp(const char *path, size_t *n)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "rb");
	size_t k = 0;

	if (f != NULL) {
		k = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[k] = '\0';
	if (n != NULL)
		*n = k;
	return buf;
}

static const char *names[] = { "main", "barrier", "leaf" };

/* A run item with its true span, and the region table. */
static void
run_item(struct gen *g, uint32_t run, const char *label, int64_t first,
    int64_t last)
{
	static const uint8_t empty_map[] = { 0xa0 };
	static const uint32_t order[] = { 0, 1, 2 };
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
	ri.num_ranks = 2;
	ri.event_data = 1;
	ri.has_span = 1;
	ri.first_ns = first;
	ri.last_ns = last;
	ri.metadata = empty_map;
	ri.metadata_len = 1;
	memset(&t, 0, sizeof t);
	t.run = run;
	t.n = 3;
	t.names = names;
	t.order = order;
	if (sp_writer_run(g->w, &ri, &e) < 0 ||
	    sp_writer_regions(g->w, &t, &e) < 0)
		die("run", &e);
	g->calls = g->batches = 0;
}

/*
 * Rank 0: main 1000-2000 holding barrier 1200-1300 and leaf 1500-1505;
 * rank 1: main 1100-1900 holding barrier 1250-1260; rank 2: leaf only.
 */
static const struct call rank0[] = {
	{ 1000, 2000, 0, 0 }, { 1200, 1300, 1, 1 }, { 1500, 1505, 2, 1 },
};
static const struct call rank1[] = {
	{ 1100, 1900, 0, 0 }, { 1250, 1260, 1, 1 },
};
static const struct call rank2[] = { { 1400, 1401, 2, 0 } };

static void
write_stream(const char *path, int runs, enum sp_batch_stage stage)
{
	static const char *labels[] = { "one", "two" };
	struct gen g;
	int fd = gen_open(&g, path, stage), r;

	for (r = 0; r < runs; r++) {
		run_item(&g, (uint32_t)r, labels[r], 1000, 2000);
		gen_rank(&g, (uint32_t)r, 0);
		lane_calls(&g, (uint32_t)r, 0, -1, rank0, 3, stage);
		gen_rank(&g, (uint32_t)r, 1);
		lane_calls(&g, (uint32_t)r, 1, -1, rank1, 2, stage);
		gen_rank(&g, (uint32_t)r, 2);
		lane_calls(&g, (uint32_t)r, 2, -1, rank2, 1, stage);
		gen_run_end(&g, (uint32_t)r);
	}
	gen_close(&g, fd, (uint32_t)runs);
}

static char notes[1024];

static void
note(void *ctx, enum sp_trace_export_note what, const char *label,
    const char *path, uint64_t value)
{
	(void)ctx;
	snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
	    "%d %s %s %" PRIu64 ";", (int)what, label, path, value);
}

/* Export in with o; the error message, or "". */
static const char *
export(const char *in, struct sp_trace_export_opts *o,
    struct sp_trace_export_stats *st)
{
	static char msg[SP_ERR_MSG_MAX];
	struct sp_reader *r;
	struct sp_err e;
	int fd = open(in, O_RDONLY), rc;

	msg[0] = '\0';
	notes[0] = '\0';
	o->note = note;
	o->exporter = "sp@test";
	if (o->level == 0)
		o->level = 6;
	if (fd < 0 || (r = sp_reader_new(fd, in, &e)) == NULL)
		return "cannot read";
	rc = sp_trace_export_run(r, o, st, &e);
	if (rc < 0)
		snprintf(msg, sizeof msg, "%s", e.msg);
	sp_reader_free(r);
	close(fd);
	return msg;
}

static void
test_json(void)
{
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	const char *m, *t;

	memset(&o, 0, sizeof o);
	o.format = SP_TRACE_EXPORT_JSON;
	o.output = at("a.json");
	m = export(at("one.sps"), &o, &st);
	t = slurp(at("a.json"), NULL);
	CHECK(*m == '\0' && st.traces == 1 && st.slices == 6 && st.calls == 6,
	    "json: %s, %" PRIu64 " slices", m, st.slices);
	CHECK(strstr(t, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
	    "\"args\":{\"name\":\"one rank 0\"}}") != NULL &&
	    strstr(t, "{\"name\":\"main\",\"ph\":\"X\",\"ts\":0.000,"
	    "\"dur\":1.000,\"pid\":1,\"tid\":65537}") != NULL &&
	    strstr(t, "{\"name\":\"barrier\",\"ph\":\"X\",\"ts\":0.250,"
	    "\"dur\":0.010,\"pid\":2,\"tid\":131073}") != NULL &&
	    strstr(t, "\"sp_align\":\"none\",\"sp_shift_ns\":{\"0\":0,\"1\":0,"
	    "\"2\":0}") != NULL, "json: %s", t);
}

static void
test_align(void)
{
	static const size_t buffers[] = { 0, 1 };
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	const char *m, *t;
	size_t i;

	for (i = 0; i < 2; i++) {
		memset(&o, 0, sizeof o);
		o.format = SP_TRACE_EXPORT_JSON;
		o.output = at("s.json");
		o.align = SP_TRACE_EXPORT_ALIGN_START;
		o.buffer = buffers[i];
		o.tmpdir = tmpdir;
		m = export(at("one.sps"), &o, &st);
		t = slurp(at("s.json"), NULL);
		CHECK(*m == '\0' && (st.spilled > 0) == (i == 1) &&
		    strstr(t, "\"ts\":0.150,\"dur\":0.010,\"pid\":2") != NULL &&
		    strstr(t, "\"sp_shift_ns\":{\"0\":0,\"1\":-100,\"2\":-400}") !=
		    NULL, "start, buffer %zu: %s; %s", buffers[i], m, t);
		o.align = SP_TRACE_EXPORT_ALIGN_REGION;
		o.align_region = "barrier";
		o.output = at("r.json");
		m = export(at("one.sps"), &o, &st);
		t = slurp(at("r.json"), NULL);
		/* span 1000: barrier at 1000 on ranks 0 and 1 */
		CHECK(*m == '\0' && strstr(t, "{\"name\":\"barrier\",\"ph\":\"X\","
		    "\"ts\":1.000,\"dur\":0.100,\"pid\":1") != NULL &&
		    strstr(t, "{\"name\":\"barrier\",\"ph\":\"X\",\"ts\":1.000,"
		    "\"dur\":0.010,\"pid\":2") != NULL &&
		    strstr(t, "\"sp_shift_ns\":{\"0\":800,\"1\":750,\"2\":0}") !=
		    NULL, "region, buffer %zu: %s; %s", buffers[i], m, t);
		CHECK(strcmp(notes, "3 one  2;") == 0, "notes: %s", notes);
	}
}

static void
test_min_duration(void)
{
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	const char *m, *t;

	memset(&o, 0, sizeof o);
	o.format = SP_TRACE_EXPORT_JSON;
	o.output = at("m.json");
	o.min_duration_ns = 50;
	m = export(at("one.sps"), &o, &st);
	t = slurp(at("m.json"), NULL);
	CHECK(*m == '\0' && st.dropped == 3 && st.slices == 3 &&
	    strstr(t, "leaf") == NULL && strstr(t, "pid\":3") == NULL &&
	    strstr(t, "\"sp_min_dur_ns\":50,\"sp_dropped_calls\":3") != NULL,
	    "min 50: %s; %s", m, t);
	o.min_duration_ns = 100000;
	o.output = at("none.json");
	m = export(at("one.sps"), &o, &st);
	CHECK(strstr(m, "no calls left in run 'one': all 6 are shorter") !=
	    NULL && access(at("none.json"), F_OK) != 0, "min 1e5: %s", m);
	o.min_duration_ns = 0;
	o.no_args = 1;
	o.output = at("n.json");
	CHECK(*export(at("one.sps"), &o, &st) == '\0', "no args");
}

static void
test_proto_and_gzip(void)
{
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	const char *t;
	size_t n;

	memset(&o, 0, sizeof o);
	o.output = at("p.pftrace");
	CHECK(*export(at("one.sps"), &o, &st) == '\0', "proto");
	t = slurp(at("p.pftrace"), &n);
	CHECK(n == st.bytes && n == st.file_bytes && n > 100 &&
	    (unsigned char)t[0] == 0x0a, "proto: %zu bytes", n);
	o.output = at("p.pftrace.gz");
	CHECK(*export(at("one.sps"), &o, &st) == '\0', "gzip");
	t = slurp(at("p.pftrace.gz"), &n);
	CHECK(n == st.file_bytes && st.bytes > 100 &&
	    (unsigned char)t[0] == 0x1f && (unsigned char)t[1] == 0x8b,
	    "gzip: %zu bytes", n);
	CHECK(sp_trace_export_format_of("a.JSON") == SP_TRACE_EXPORT_JSON &&
	    sp_trace_export_format_of("a.json.gz") == SP_TRACE_EXPORT_JSON &&
	    sp_trace_export_format_of("a.pftrace") == SP_TRACE_EXPORT_PROTO &&
	    sp_trace_export_format_of("json") == SP_TRACE_EXPORT_PROTO &&
	    sp_trace_export_format_of(NULL) == SP_TRACE_EXPORT_PROTO,
	    "format_of");
}

static void
test_runs_and_errors(void)
{
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	const char *m;
	struct gen g;
	int fd;

	memset(&o, 0, sizeof o);
	mkdir(at("runs"), 0777);
	o.output = at("runs/t.pftrace");
	m = export(at("two.sps"), &o, &st);
	CHECK(*m == '\0' && access(at("runs/t_one.pftrace"), F_OK) == 0 &&
	    access(at("runs/t_two.pftrace"), F_OK) == 0 &&
	    access(at("runs/t.pftrace"), F_OK) != 0, "two runs: %s", m);
	o.output = at("dir/");
	m = export(at("one.sps"), &o, &st);
	CHECK(*m == '\0' && access(at("dir/profile.pftrace"), F_OK) == 0,
	    "a directory: %s", m);
	o.output = "/dev/null";
	m = export(at("two.sps"), &o, &st);
	CHECK(strstr(m, "the stream holds several runs, and /dev/null takes "
	    "one trace: name their files with -o FILE") != NULL, "%s", m);
	m = export(at("iv.sps"), &o, &st);
	CHECK(strstr(m, "an interval stream: pipe it through sp-stack first") !=
	    NULL, "%s", m);
	/* a call beyond the span the run item gives */
	fd = gen_open(&g, at("bad.sps"), SP_STAGE_CALLS);
	run_item(&g, 0, "bad", 1000, 1500);
	gen_rank(&g, 0, 0);
	lane_calls(&g, 0, 0, -1, rank0, 3, SP_STAGE_CALLS);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	m = export(at("bad.sps"), &o, &st);
	CHECK(strstr(m, "call stream is inconsistent: call 0 of rank 0 lane "
	    "-1, [1000, 2000] ns, is outside the run's span [1000, 1500] ns") !=
	    NULL, "%s", m);
	/* a lone run without calls: no trace, its note, and no error */
	fd = gen_open(&g, at("empty.sps"), SP_STAGE_CALLS);
	run_item(&g, 0, "empty", 1000, 2000);
	gen_rank(&g, 0, 0);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	o.output = at("empty.pftrace");
	m = export(at("empty.sps"), &o, &st);
	CHECK(*m == '\0' && st.traces == 0 && strcmp(notes,
	    "1 empty  0;") == 0 && access(at("empty.pftrace"), F_OK) != 0,
	    "no calls: %s; %s", m, notes);
}

int
main(void)
{
	char cmd[128];

	(void)gen_run;	/* callgen's, for run items without a true span */
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	write_stream(at("one.sps"), 1, SP_STAGE_CALLS);
	write_stream(at("two.sps"), 2, SP_STAGE_CALLS);
	write_stream(at("iv.sps"), 1, SP_STAGE_INTERVALS);
	test_json();
	test_align();
	test_min_duration();
	test_proto_and_gzip();
	test_runs_and_errors();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", tmpdir);
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
