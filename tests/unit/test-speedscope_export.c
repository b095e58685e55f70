/*
 * Unit test of sp_speedscope_export: whole exports of hand-made call streams:
 * documents named by run, the first one put under its labelled name,
 * notes, the one-document outputs (standard output, devices), the refusal
 * of an interval stream, and memory that does not grow with the calls.
 * (Its file names: test-export_name.c.)
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_sink.h"
#include "sp_speedscope_export.h"
#include "sp_stream.h"
#include "callgen.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-speedscope_export.XXXXXX";

/* --- hand-made call streams (callgen.h) --- */

/* Two runs, "one" (nested calls) and "two" (one call). */
static const char *names1[] = { "main", "solve" };
static const struct call calls1[] = {
	{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 1 }, { 1500, 1500, 1, 1 },
	{ 1600, 1900, 1, 1 },
};
static const char *names2[] = { "io" };
static const struct call calls2[] = { { 50, 70, 0, 0 } };

static void
write_runs(const char *path, int with_two, int empty_first)
{
	struct gen g;
	int fd = gen_open(&g, path, SP_STAGE_CALLS);

	gen_run(&g, 0, "one", empty_first ? -1 : 1000, names1, 2);
	gen_rank(&g, 0, 0);
	if (!empty_first)
		lane_calls(&g, 0, 0, -1, calls1, 4, SP_STAGE_CALLS);
	gen_run_end(&g, 0);
	if (with_two) {
		gen_run(&g, 1, "two", 50, names2, 1);
		gen_rank(&g, 1, 0);
		lane_calls(&g, 1, 0, -1, calls2, 1, SP_STAGE_CALLS);
		gen_run_end(&g, 1);
	}
	gen_close(&g, fd, with_two ? 2 : 1);
}

struct notes {
	int n[3];
	char label[64];
};

static void
on_note(void *ctx, enum sp_speedscope_export_note what, const char *label,
    const char *path, uint64_t value)
{
	struct notes *ns = ctx;

	(void)path;
	(void)value;
	ns->n[what]++;
	snprintf(ns->label, sizeof ns->label, "%s", label);
}

static int
export(const char *in, struct sp_speedscope_export_opts *o, struct notes *ns,
    struct sp_speedscope_export_stats *st, struct sp_err *e)
{
	int fd = open(in, O_RDONLY), rc;
	struct sp_reader *r;

	if (fd < 0 || (r = sp_reader_new(fd, in, e)) == NULL)
		die("reader", e);
	memset(ns, 0, sizeof *ns);
	o->note = on_note;
	o->note_ctx = ns;
	rc = sp_speedscope_export_run(r, o, st, e);
	sp_reader_free(r);
	close(fd);
	return rc;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *p;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	p = malloc((size_t)n + 1);
	if (fread(p, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	p[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return p;
}

static int
exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

static void
test_runs(void)
{
	char in[256], base[256], p1[256], p2[256], alone[256];
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct notes ns;
	struct sp_err e;
	char *a, *b, *c;
	size_t la, lb, lc;

	/* one run alone: its plain name */
	snprintf(in, sizeof in, "%s/one.sps", tmpdir);
	write_runs(in, 0, 0);
	snprintf(base, sizeof base, "%s/alone/p.speedscope.json", tmpdir);
	memset(&o, 0, sizeof o);
	o.output = base;
	CHECK(export(in, &o, &ns, &st, &e) == 0, "one run: %s", e.msg);
	CHECK(st.runs == 1 && st.documents == 1 && st.calls == 4 &&
	    st.dropped == 0, "one run: stats");
	snprintf(alone, sizeof alone, "%s", base);
	a = slurp(alone, &la);
	CHECK(a != NULL && la == st.bytes && la > 0 && a[la - 1] == '}',
	    "one run: document of %zu bytes", la);

	/* two runs: labelled names, the first copied byte for byte */
	snprintf(in, sizeof in, "%s/two.sps", tmpdir);
	write_runs(in, 1, 0);
	snprintf(base, sizeof base, "%s/out/p.speedscope.json", tmpdir);
	o.output = base;
	CHECK(export(in, &o, &ns, &st, &e) == 0, "two runs: %s", e.msg);
	CHECK(st.runs == 2 && st.documents == 2 && st.calls == 5,
	    "two runs: stats");
	snprintf(p1, sizeof p1, "%s/out/p_one.speedscope.json", tmpdir);
	snprintf(p2, sizeof p2, "%s/out/p_two.speedscope.json", tmpdir);
	CHECK(!exists(base), "two runs: %s exists", base);
	b = slurp(p1, &lb);
	c = slurp(p2, &lc);
	CHECK(b != NULL && a != NULL && lb == la && memcmp(a, b, la) == 0,
	    "two runs: the first document differs from the one alone");
	CHECK(c != NULL && strstr(c, "\"name\": \"two\"") != NULL &&
	    strstr(c, "{\"name\": \"io\"}") != NULL, "two runs: second");
	CHECK(st.bytes == lb + lc, "two runs: %" PRIu64 " bytes", st.bytes);
	free(b);
	free(c);

	/* the same into a directory, with notes of the size */
	snprintf(base, sizeof base, "%s/dir/", tmpdir);
	o.output = base;
	o.max_size = 10;
	CHECK(export(in, &o, &ns, &st, &e) == 0, "dir: %s", e.msg);
	CHECK(ns.n[SP_SPEEDSCOPE_EXPORT_OVERSIZE] == 2, "oversize notes: %d",
	    ns.n[SP_SPEEDSCOPE_EXPORT_OVERSIZE]);
	snprintf(p1, sizeof p1, "%s/dir/profile_one.speedscope.json", tmpdir);
	CHECK(exists(p1), "dir: no %s", p1);
	o.max_size = 0;

	/* an empty first run: a note, then the second run's document */
	snprintf(in, sizeof in, "%s/empty.sps", tmpdir);
	write_runs(in, 1, 1);
	snprintf(base, sizeof base, "%s/empty/q.json", tmpdir);
	o.output = base;
	CHECK(export(in, &o, &ns, &st, &e) == 0, "empty: %s", e.msg);
	CHECK(ns.n[SP_SPEEDSCOPE_EXPORT_NO_CALLS] == 1 &&
	    strcmp(ns.label, "one") == 0 && st.documents == 1, "empty: notes");
	snprintf(p2, sizeof p2, "%s/empty/q_two.json", tmpdir);
	snprintf(p1, sizeof p1, "%s/empty/q_one.json", tmpdir);
	CHECK(exists(p2) && !exists(p1), "empty: files");

	/* an empty run alone: no error, its note, no document */
	write_runs(in, 0, 1);
	CHECK(export(in, &o, &ns, &st, &e) == 0 &&
	    ns.n[SP_SPEEDSCOPE_EXPORT_NO_CALLS] == 1 &&
	    strcmp(ns.label, "one") == 0 &&
	    st.documents == 0, "empty alone: %s", e.msg);

	/* min_duration: every call of run one but main, the rest dropped */
	snprintf(in, sizeof in, "%s/one.sps", tmpdir);
	snprintf(base, sizeof base, "%s/min.json", tmpdir);
	o.output = base;
	o.min_duration_ns = 400;
	CHECK(export(in, &o, &ns, &st, &e) == 0 && st.dropped == 2,
	    "min_duration: %" PRIu64 " dropped", st.dropped);
	o.min_duration_ns = 2000;
	CHECK(export(in, &o, &ns, &st, &e) < 0 &&
	    strstr(e.msg, "no calls left in run 'one'") != NULL &&
	    st.dropped == 4, "min_duration all: %s", e.msg);
	o.min_duration_ns = 0;
	free(a);
}

/* Standard output takes one document; a second run is a usage error. */
static void
test_stdout(void)
{
	char in[256], out[256], big[256];
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct notes ns;
	struct sp_err e;
	struct gen g;
	struct lanegen l;
	struct call c;
	char *a, *b;
	size_t la, lb, i;
	int fd, saved = dup(STDOUT_FILENO);

	/* run one, large enough to pass the output buffers, then run two */
	snprintf(in, sizeof in, "%s/big.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_CALLS);
	gen_run(&g, 0, "big", 0, names1, 2);
	gen_rank(&g, 0, 0);
	lane_init(&l, &g, 0, 0, -1, SP_STAGE_CALLS, 4096);
	for (i = 0; i < 40000; i++) {
		c.start = (int64_t)i * 10;
		c.end = c.start + 5;
		c.region = (uint32_t)(i % 2);
		c.depth = 0;
		lane_call(&l, &c);
	}
	lane_end(&l);
	gen_run_end(&g, 0);
	gen_run(&g, 1, "two", 50, names2, 1);
	gen_rank(&g, 1, 0);
	lane_calls(&g, 1, 0, -1, calls2, 1, SP_STAGE_CALLS);
	gen_run_end(&g, 1);
	gen_close(&g, fd, 2);

	snprintf(out, sizeof out, "%s/stdout.json", tmpdir);
	fflush(stdout);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	memset(&o, 0, sizeof o);
	o.output = "-";
	CHECK(export(in, &o, &ns, &st, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "several runs") != NULL, "stdout: %s", e.msg);
	dup2(saved, STDOUT_FILENO);

	/* what reached standard output is a strict prefix of the document */
	snprintf(big, sizeof big, "%s/bigone.json", tmpdir);
	o.output = big;
	CHECK(export(in, &o, &ns, &st, &e) == 0 && st.documents == 2,
	    "big: %s", e.msg);
	snprintf(big, sizeof big, "%s/bigone_big.json", tmpdir);
	a = slurp(out, &la);
	b = slurp(big, &lb);
	CHECK(a != NULL && b != NULL && lb > ((size_t)1 << 21) && la > 0 &&
	    la < lb && memcmp(a, b, la) == 0, "stdout: %zu bytes of %zu", la,
	    lb);
	free(a);
	free(b);

	/* a device takes one document as it is */
	o.output = "/dev/null";
	CHECK(export(in, &o, &ns, &st, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "/dev/null takes one document") != NULL,
	    "device: %s", e.msg);
	snprintf(in, sizeof in, "%s/one.sps", tmpdir);
	CHECK(export(in, &o, &ns, &st, &e) == 0 && st.documents == 1,
	    "device: %s", e.msg);
	close(saved);
}

static void
test_interval(void)
{
	char in[256];
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct notes ns;
	struct sp_err e;
	struct gen g;
	int fd;

	snprintf(in, sizeof in, "%s/intervals.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_INTERVALS);
	gen_run(&g, 0, "one", 1000, names1, 2);
	gen_rank(&g, 0, 0);
	lane_calls(&g, 0, 0, -1, calls1, 4, SP_STAGE_INTERVALS);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	memset(&o, 0, sizeof o);
	o.output = "/dev/null";
	CHECK(export(in, &o, &ns, &st, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "intervals.sps: an interval stream: pipe it "
	    "through sp-stack first") != NULL, "intervals: %s", e.msg);
}

static long
maxrss_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* 2M calls of three lanes: memory stays put (O(frames + depth)). */
static void
test_memory(void)
{
	char in[256];
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct notes ns;
	struct sp_err e;
	struct gen g;
	struct lanegen l;
	struct call c;
	const char *names[] = { "a", "b", "c", "d" };
	long before;
	size_t i;
	int fd, lane;

	snprintf(in, sizeof in, "%s/many.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_CALLS);
	gen_run(&g, 0, "many", 0, names, 4);
	gen_rank(&g, 0, 0);
	for (lane = -4; lane <= -2; lane++) {
		lane_init(&l, &g, 0, 0, lane, SP_STAGE_CALLS, 65536);
		for (i = 0; i < 700000; i++) {
			c.depth = (uint32_t)(i % 4);
			c.start = (int64_t)(i / 4) * 100 + c.depth * 10;
			c.end = (int64_t)(i / 4) * 100 + 90 - c.depth * 10;
			c.region = c.depth;
			lane_call(&l, &c);
		}
		lane_end(&l);
	}
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	before = maxrss_kib();
	memset(&o, 0, sizeof o);
	o.output = "/dev/null";
	CHECK(export(in, &o, &ns, &st, &e) == 0 && st.calls == 2100000,
	    "many: %s", e.msg);
	CHECK(maxrss_kib() - before < 24 * 1024, "many: %ld KiB more after "
	    "%" PRIu64 " bytes of JSON", maxrss_kib() - before, st.bytes);
	printf("2.1M calls, %" PRIu64 " bytes: peak RSS %ld KiB (+%ld)\n",
	    st.bytes, maxrss_kib(), maxrss_kib() - before);
}

int
main(void)
{
	char cmd[128];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_runs();
	test_stdout();
	test_interval();
	test_memory();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", tmpdir);
	if (!failed)
		printf("test-speedscope_export: ok\n");
	return failed;
}
