/*
 * Unit test of the exporter front end (sp_export): a toy exporter that
 * writes a line per lane, on hand-made streams, through every plan
 * (files, a directory, standard output, a device, one output for the
 * stream) and every unit (per run, per rank, across runs): the first
 * run's files named only once it is known whether a second run follows,
 * and under the label then; outputs across runs named without one, held
 * until the input has ended; nothing but complete files left, also after
 * a failure; the single output refusing a second output, holding back its
 * last byte or all of it, or writing at once what is closed after the
 * input has ended; the stage check; the endings; lane names; and which
 * errors get the input's name.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_export.h"
#include "callgen.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-export.XXXXXX";

static const char *
at(const char *name)
{
	static char buf[8][512];
	static int k;

	k = (k + 1) % 8;
	snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
	return buf[k];
}

/* The file's bytes as a string ("" when missing). */
static const char *
slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	if (f != NULL) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

static long
file_size(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 ? (long)sb.st_size : 0;
}

/* The first n bytes of from, as to. */
static void
cut(const char *from, const char *to, long n)
{
	static char buf[1 << 16];
	FILE *f = fopen(from, "rb"), *g = fopen(to, "wb");
	size_t k = f != NULL ? fread(buf, 1, sizeof buf, f) : 0;

	if (g != NULL)
		fwrite(buf, 1, (size_t)n < k ? (size_t)n : k, g);
	if (f != NULL)
		fclose(f);
	if (g != NULL)
		fclose(g);
}

/* The names in a directory, sorted, space-separated. */
static const char *
listing(const char *dir)
{
	static char buf[1024];
	struct dirent **v;
	int n, i;

	buf[0] = '\0';
	if ((n = scandir(dir, &v, NULL, alphasort)) < 0)
		return "?";
	for (i = 0; i < n; i++) {
		if (strcmp(v[i]->d_name, ".") != 0 &&
		    strcmp(v[i]->d_name, "..") != 0) {
			if (buf[0] != '\0')
				strcat(buf, " ");
			strncat(buf, v[i]->d_name, sizeof buf - strlen(buf) - 1);
		}
		free(v[i]);
	}
	free(v);
	return buf;
}

static void
clear_files(void)
{
	char cmd[600];

	snprintf(cmd, sizeof cmd, "rm -f %s/* %s/.[!.]*", at("files"),
	    at("files"));
	if (system(cmd) != 0)
		printf("could not clear %s\n", at("files"));
}

/* --- streams --- */

static const char *names[] = { "main", "solve" };
static const struct call nested[] = {
	{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 1 }, { 1600, 1900, 1, 1 },
};

/*
 * runs runs "one", "two", ...; rank r of each has calls unless bit r of
 * empty is set; ranks ranks each; stage of its batches.
 */
static void
write_stream(const char *path, int runs, int ranks, unsigned empty,
    enum sp_batch_stage stage)
{
	static const char *labels[] = { "one", "two", "three" };
	struct gen g;
	int fd = gen_open(&g, path, stage), r, k;

	for (r = 0; r < runs; r++) {
		gen_run(&g, (uint32_t)r, labels[r], 1000, names, 2);
		for (k = 0; k < ranks; k++) {
			gen_rank(&g, (uint32_t)r, (uint32_t)k);
			if (!(empty >> k & 1))
				lane_calls(&g, (uint32_t)r, (uint32_t)k, -1,
				    nested, 3, stage);
		}
		gen_run_end(&g, (uint32_t)r);
	}
	gen_close(&g, fd, (uint32_t)runs);
}

/* --- the toy exporter --- */

struct toy {
	struct sp_export *fe;
	struct sp_export_out *out;
	uint64_t calls;		/* of the output */
	int fail_close;		/* a callback fails at the first close */
	int check_pending;	/* run 2 checks that run 1 is named */
	char lanes[256];	/* the lane names, as they came */
	int no_output_said;
};

static int
toy_line(struct toy *x, struct sp_err *e)
{
	char line[256];

	snprintf(line, sizeof line, "%s %" PRIu64 "\n",
	    sp_export_label(x->fe), x->calls);
	return sp_export_write(x->out, line, strlen(line), e);
}

static int
toy_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct toy *x = ctx;

	(void)ri;
	(void)label;
	if (x->check_pending && sp_export_runs(x->fe) == 2) {
		CHECK(strcmp(listing(at("files")), "f_one.txt") == 0,
		    "at run 2, files/ holds %s", listing(at("files")));
	}
	if (x->check_pending && sp_export_runs(x->fe) == 1)
		CHECK(strcmp(listing(at("files")), "") == 0, "at run 1, "
		    "files/ holds %s", listing(at("files")));
	(void)e;
	return 0;
}

static int
toy_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct toy *x = ctx;
	const char *name = sp_export_lane_name(x->fe, rank, lane, e);

	if (name == NULL)
		return -1;
	if (strlen(x->lanes) + strlen(name) + 2 < sizeof x->lanes) {
		strcat(x->lanes, name);
		strcat(x->lanes, ";");
	}
	return 0;
}

/* A call batch: its calls counted as they open; fail_close refuses. */
static int
toy_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct toy *x = ctx;
	struct sp_walk_iter it;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	for (;;) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			x->calls++;
			break;
		case SP_WALK_CLOSE:
			if (x->fail_close)
				return sp_fail(e, SP_EDATA, "the toy refuses");
			break;
		case SP_WALK_LANE_END:
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
}

/* A file per rank with calls: "LABEL CALLS". */
static int
toy_rank_end(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;

	if (x->calls == 0)
		return 0;
	if ((x->out = sp_export_open(x->fe, sp_export_rank(x->fe),
	    e)) == NULL ||
	    toy_line(x, e) < 0 || sp_export_close(x->fe, x->out, e) < 0)
		return -1;
	x->calls = 0;
	return 0;
}

/* A file per run with calls. */
static int
toy_run_end(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;

	if (x->calls == 0)
		return 0;
	if ((x->out = sp_export_open(x->fe, 0, e)) == NULL ||
	    toy_line(x, e) < 0 || sp_export_close(x->fe, x->out, e) < 0)
		return -1;
	x->calls = 0;
	return 0;
}

static int
toy_no_output(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;

	if (!x->no_output_said)
		return 0;
	sp_fail(e, SP_EDATA, "the toy's own words");
	return 1;
}

static const struct sp_export_ops per_run_ops = {
	.run = toy_run,
	.lane = toy_lane,
	.calls = toy_calls,
	.run_end = toy_run_end,
	.no_output = toy_no_output,
};

static const struct sp_export_ops per_rank_ops = {
	.run = toy_run,
	.lane = toy_lane,
	.calls = toy_calls,
	.rank_end = toy_rank_end,
	.no_output = toy_no_output,
};

static struct sp_export_spec
toy_spec(enum sp_export_unit unit, enum sp_export_hold hold)
{
	struct sp_export_spec s;

	memset(&s, 0, sizeof s);
	s.stage = SP_STAGE_CALLS;
	s.unit = unit;
	s.naming.split = SP_EXPORT_LAST_DOT;
	s.naming.suffix = ".txt";
	s.naming.dir_stem = "toy";
	s.naming.per_rank = unit == SP_EXPORT_PER_RANK;
	s.hold = hold;
	s.need_output = 1;
	s.nothing = "nothing to toy with";
	s.several = "several toys";
	s.one = " toy";
	return s;
}

/* Export in with spec and ops to output; the error message, or "". */
static const char *
run_toy(const char *in, const struct sp_export_spec *spec,
    const struct sp_export_ops *ops, const char *output, struct toy *x)
{
	static char msg[SP_ERR_MSG_MAX];
	struct sp_reader *r;
	struct sp_err e;
	int fd = open(in, O_RDONLY), rc = -1;

	msg[0] = '\0';
	if (fd < 0 || (r = sp_reader_new(fd, in, &e)) == NULL) {
		snprintf(msg, sizeof msg, "cannot read %s", in);
		return msg;
	}
	if ((x->fe = sp_export_new(r, spec, output, &e)) != NULL)
		rc = sp_export_run(x->fe, ops, x, &e);
	if (rc < 0)
		snprintf(msg, sizeof msg, "%s", e.msg);
	sp_export_free(x->fe);
	sp_reader_free(r);
	close(fd);
	return msg;
}

/* --- the cases --- */

static void
test_files(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_RUN,
	    SP_EXPORT_HOLD_NONE);
	struct toy x;
	const char *m;

	write_stream(at("one.sps"), 1, 1, 0, SP_STAGE_CALLS);
	write_stream(at("two.sps"), 2, 1, 0, SP_STAGE_CALLS);
	mkdir(at("files"), 0777);
	memset(&x, 0, sizeof x);
	x.check_pending = 1;
	m = run_toy(at("two.sps"), &spec, &per_run_ops, at("files/f.txt"), &x);
	CHECK(*m == '\0', "two runs: %s", m);
	CHECK(strcmp(listing(at("files")), "f_one.txt f_two.txt") == 0,
	    "two runs: files/ holds %s", listing(at("files")));
	CHECK(strcmp(slurp(at("files/f_one.txt")), "one 3\n") == 0 &&
	    strcmp(slurp(at("files/f_two.txt")), "two 3\n") == 0,
	    "two runs: contents");
	clear_files();
	memset(&x, 0, sizeof x);
	m = run_toy(at("one.sps"), &spec, &per_run_ops, at("files/f.txt"), &x);
	CHECK(*m == '\0' && strcmp(listing(at("files")), "f.txt") == 0,
	    "one run: %s; files/ holds %s", m, listing(at("files")));
	/* an existing directory is DIR/ */
	memset(&x, 0, sizeof x);
	m = run_toy(at("one.sps"), &spec, &per_run_ops, at("files"), &x);
	CHECK(*m == '\0' && strcmp(listing(at("files")), "f.txt toy.txt") ==
	    0, "dir: %s; files/ holds %s", m, listing(at("files")));
	clear_files();
}

static void
test_per_rank(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_RANK,
	    SP_EXPORT_HOLD_ALL);
	struct toy x;
	const char *m;

	/* rank 1 has no calls: no file */
	write_stream(at("ranks.sps"), 2, 3, 2, SP_STAGE_CALLS);
	memset(&x, 0, sizeof x);
	m = run_toy(at("ranks.sps"), &spec, &per_rank_ops, at("files/p"), &x);
	CHECK(*m == '\0', "ranks: %s", m);
	CHECK(strcmp(listing(at("files")), "p_one_rank0.txt p_one_rank2.txt "
	    "p_two_rank0.txt p_two_rank2.txt") == 0, "ranks: files/ holds %s",
	    listing(at("files")));
	clear_files();
}

/* A failure leaves no file, pending or not, and no temporary one. */
static void
test_failure(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_RANK,
	    SP_EXPORT_HOLD_ALL);
	struct toy x;
	const char *m;

	memset(&x, 0, sizeof x);
	x.fail_close = 1;
	m = run_toy(at("one.sps"), &spec, &per_rank_ops, at("files/p"), &x);
	CHECK(strcmp(m, "the toy refuses") == 0, "callback error: '%s'", m);
	CHECK(strcmp(listing(at("files")), "") == 0, "callback error: "
	    "files/ holds %s", listing(at("files")));
	/*
	 * Cut inside the first run: nothing, not even a temporary file; cut
	 * inside the second: the first run's file, complete and labelled.
	 */
	cut(at("one.sps"), at("cut.sps"), file_size(at("one.sps")) / 2);
	memset(&x, 0, sizeof x);
	m = run_toy(at("cut.sps"), &spec, &per_rank_ops, at("files/p"), &x);
	CHECK(strstr(m, "truncated") != NULL, "cut in run 1: '%s'", m);
	CHECK(strcmp(listing(at("files")), "") == 0, "cut in run 1: files/ "
	    "holds %s", listing(at("files")));
	cut(at("two.sps"), at("cut.sps"), (file_size(at("one.sps")) +
	    file_size(at("two.sps"))) / 2);
	memset(&x, 0, sizeof x);
	m = run_toy(at("cut.sps"), &spec, &per_rank_ops, at("files/p"), &x);
	CHECK(strstr(m, "truncated") != NULL, "cut in run 2: '%s'", m);
	CHECK(strcmp(listing(at("files")), "p_one_rank0.txt") == 0,
	    "cut in run 2: files/ holds %s", listing(at("files")));
	clear_files();
}

static void
test_single(void)
{
	struct sp_export_spec last = toy_spec(SP_EXPORT_PER_RUN,
	    SP_EXPORT_HOLD_LAST);
	struct sp_export_spec all = toy_spec(SP_EXPORT_PER_RANK,
	    SP_EXPORT_HOLD_ALL);
	struct toy x;
	const char *m;
	int saved = dup(1), fd;

	fflush(stdout);
	fd = open(at("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 1);
	close(fd);
	memset(&x, 0, sizeof x);
	m = run_toy(at("one.sps"), &last, &per_run_ops, "-", &x);
	dup2(saved, 1);
	CHECK(*m == '\0' && strcmp(slurp(at("stdout")), "one 3\n") == 0,
	    "stdout: %s; '%s'", m, slurp(at("stdout")));

	/* per run: the second run is the error, at its start */
	fd = open(at("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 1);
	close(fd);
	memset(&x, 0, sizeof x);
	m = run_toy(at("two.sps"), &last, &per_run_ops, NULL, &x);
	dup2(saved, 1);
	CHECK(strstr(m, "two.sps: the stream "
	    "holds several toys, and standard output takes one toy: name "
	    "their files with -o FILE") != NULL, "stdout, two runs: %s", m);
	CHECK(strcmp(slurp(at("stdout")), "") == 0, "stdout, two runs: '%s'",
	    slurp(at("stdout")));

	/* per rank, on a device: at the second output */
	memset(&x, 0, sizeof x);
	m = run_toy(at("ranks.sps"), &all, &per_rank_ops, "/dev/null", &x);
	CHECK(strstr(m, "several toys, and /dev/null takes one toy") != NULL,
	    "device, two ranks: %s", m);
	memset(&x, 0, sizeof x);
	m = run_toy(at("one.sps"), &all, &per_rank_ops, "/dev/null", &x);
	CHECK(*m == '\0', "device, one rank: %s", m);
	close(saved);
}

static void
test_stage_and_endings(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_RUN,
	    SP_EXPORT_HOLD_NONE);
	struct toy x;
	const char *m;
	struct gen g;
	int fd;

	write_stream(at("iv.sps"), 1, 1, 0, SP_STAGE_INTERVALS);
	memset(&x, 0, sizeof x);
	m = run_toy(at("iv.sps"), &spec, &per_run_ops, at("files/f"), &x);
	CHECK(strstr(m, "iv.sps: an interval stream: pipe it through "
	    "sp-stack first") != NULL, "interval stream: %s", m);
	fd = gen_open(&g, at("none.sps"), SP_STAGE_CALLS);
	gen_close(&g, fd, 0);
	memset(&x, 0, sizeof x);
	m = run_toy(at("none.sps"), &spec, &per_run_ops, at("files/f"), &x);
	CHECK(strstr(m, "none.sps: no runs in the stream: nothing to toy "
	    "with") != NULL, "no runs: %s", m);
	write_stream(at("empty1.sps"), 1, 1, 1, SP_STAGE_CALLS);
	memset(&x, 0, sizeof x);
	m = run_toy(at("empty1.sps"), &spec, &per_run_ops, at("files/f"), &x);
	/* runs without calls are no error: the exporter's notes say so */
	CHECK(*m == '\0', "no calls: %s", m);
	write_stream(at("empty2.sps"), 2, 1, 1, SP_STAGE_CALLS);
	memset(&x, 0, sizeof x);
	m = run_toy(at("empty2.sps"), &spec, &per_run_ops, at("files/f"), &x);
	CHECK(*m == '\0', "no calls, 2 runs: %s", m);
	memset(&x, 0, sizeof x);
	x.no_output_said = 1;
	m = run_toy(at("empty2.sps"), &spec, &per_run_ops, at("files/f"), &x);
	CHECK(strcmp(m, "the toy's own words") == 0, "no_output: %s", m);
	CHECK(strcmp(listing(at("files")), "") == 0, "endings: files/ holds "
	    "%s", listing(at("files")));
}

/* The walker's own errors get the input's name. */
static void
test_walk_errors(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_RUN,
	    SP_EXPORT_HOLD_NONE);
	static int64_t start[] = { 0, 10 }, end[] = { 100, 20 },
	    call[] = { 0, 0 }, parent[] = { -1, 7 }, self[] = { 10, 90 };
	static uint32_t region[] = { 0, 1 }, depth[] = { 0, 1 };
	struct sp_batch b;
	struct sp_err e;
	struct toy x;
	struct gen g;
	const char *m;
	int fd = gen_open(&g, at("bad.sps"), SP_STAGE_CALLS);

	gen_run(&g, 0, "bad", 0, names, 2);
	gen_rank(&g, 0, 0);
	memset(&b, 0, sizeof b);
	b.n = 2;
	b.start = start;
	b.end = end;
	b.call = call;
	b.region = region;
	b.depth = depth;
	b.parent = parent;
	b.self = self;
	b.nclosed = 2;
	b.lane = -1;
	b.lane_end = 1;
	if (sp_writer_batch(g.w, &b, &e) < 0)
		die("batch", &e);
	g.calls = 2;
	g.batches = 1;
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	memset(&x, 0, sizeof x);
	m = run_toy(at("bad.sps"), &spec, &per_run_ops, at("files/f"), &x);
	CHECK(strstr(m, "bad.sps: call stream is inconsistent: call 1 of lane "
	    "-1 names parent 7") != NULL, "inconsistent: %s", m);
}

static void
test_lane_names(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_STREAM,
	    SP_EXPORT_HOLD_NONE);
	static const struct sp_export_ops ops = { .lane = toy_lane };
	struct sp_thread_info th[1];
	struct sp_rank_info rk;
	struct sp_err e;
	struct toy x;
	struct gen g;
	const char *m;
	int fd = gen_open(&g, at("lanes.sps"), SP_STAGE_CALLS);

	gen_run(&g, 0, "l", 1000, names, 2);
	memset(&rk, 0, sizeof rk);
	memset(th, 0, sizeof th);
	th[0].index = 0;
	th[0].name = "MainThread";
	rk.has_threads = 1;
	rk.nthreads = 1;
	rk.threads = th;
	if (sp_writer_rank(g.w, &rk, &e) < 0)
		die("rank", &e);
	lane_calls(&g, 0, 0, -2, nested, 3, SP_STAGE_CALLS);
	lane_calls(&g, 0, 0, -1, nested, 3, SP_STAGE_CALLS);
	lane_calls(&g, 0, 0, 4, nested, 3, SP_STAGE_CALLS);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	memset(&x, 0, sizeof x);
	spec.need_output = 0;
	m = run_toy(at("lanes.sps"), &spec, &ops, at("files/lanes"), &x);
	CHECK(*m == '\0' && strcmp(x.lanes, "rank 0 - MainThread;rank 0;"
	    "rank 0 - task 4;") == 0, "lanes: %s; %s", m, x.lanes);
}

/* ACROSS_RUNS: a file per rank of the second run, named without a label. */
static int
toy_across_rank_end(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;

	if (sp_export_runs(x->fe) < 2)
		x->calls = 0;
	return toy_rank_end(ctx, e);
}

/* At the end of the second run, every file still waits. */
static int
toy_across_run_end(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;
	const char *l = listing(at("files"));

	(void)e;
	if (x->check_pending && sp_export_runs(x->fe) == 2)
		CHECK(strncmp(l, ".p_rank0.txt.", 13) == 0 &&
		    strstr(l, " .p_rank2.txt.") != NULL &&
		    strstr(l, " p_") == NULL, "at the end of run 2, files/ "
		    "holds %s", l);
	return 0;
}

/* One output for the stream, written once the input has ended. */
static int
toy_finish(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;

	x->calls = 9;
	return toy_run_end(ctx, e);
}

static void
test_across_runs(void)
{
	static const struct sp_export_ops ops = {
		.calls = toy_calls,
		.rank_end = toy_across_rank_end,
		.run_end = toy_across_run_end,
	};
	static const struct sp_export_ops at_finish = { .finish = toy_finish };
	struct sp_export_spec spec = toy_spec(SP_EXPORT_ACROSS_RUNS,
	    SP_EXPORT_HOLD_ALL);
	struct toy x;
	const char *m;
	int saved, fd;

	clear_files();
	spec.naming.per_rank = 1;
	memset(&x, 0, sizeof x);
	x.check_pending = 1;
	m = run_toy(at("ranks.sps"), &spec, &ops, at("files/p"), &x);
	CHECK(*m == '\0' && strcmp(listing(at("files")), "p_rank0.txt "
	    "p_rank2.txt") == 0 && strcmp(slurp(at("files/p_rank2.txt")),
	    "two 3\n") == 0, "across runs: %s; files/ holds %s", m,
	    listing(at("files")));
	clear_files();
	/* cut in the second run, after a rank's file: nothing is left */
	cut(at("ranks.sps"), at("cut.sps"), file_size(at("ranks.sps")) - 40);
	memset(&x, 0, sizeof x);
	m = run_toy(at("cut.sps"), &spec, &ops, at("files/p"), &x);
	CHECK(strstr(m, "truncated") != NULL && strcmp(listing(at("files")),
	    "") == 0, "across runs, cut: %s; files/ holds %s", m,
	    listing(at("files")));
	/* standard output takes one */
	memset(&x, 0, sizeof x);
	m = run_toy(at("ranks.sps"), &spec, &ops, "/dev/null", &x);
	CHECK(strstr(m, "several toys, and /dev/null takes one toy") != NULL,
	    "across runs, device: %s", m);
	/* closed in finish: out at once, also on standard output */
	spec.naming.per_rank = 0;
	spec.need_output = 0;
	memset(&x, 0, sizeof x);
	m = run_toy(at("two.sps"), &spec, &at_finish, at("files/all"), &x);
	CHECK(*m == '\0' && strcmp(listing(at("files")), "all.txt") == 0,
	    "across runs, at finish: %s; files/ holds %s", m,
	    listing(at("files")));
	clear_files();
	saved = dup(1);
	fflush(stdout);
	fd = open(at("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 1);
	close(fd);
	memset(&x, 0, sizeof x);
	m = run_toy(at("two.sps"), &spec, &at_finish, "-", &x);
	dup2(saved, 1);
	close(saved);
	CHECK(*m == '\0' && strcmp(slurp(at("stdout")), "two 9\n") == 0,
	    "across runs, stdout at finish: %s; '%s'", m, slurp(at("stdout")));
}

/* PER_STREAM: the argument is the file, opened before the stream. */
static void
test_per_stream(void)
{
	struct sp_export_spec spec = toy_spec(SP_EXPORT_PER_STREAM,
	    SP_EXPORT_HOLD_NONE);
	struct sp_export_out *o, *d;
	struct sp_reader *r;
	struct sp_err e;
	struct sp_export *fe;
	int fd = open(at("two.sps"), O_RDONLY);

	r = sp_reader_new(fd, at("two.sps"), &e);
	fe = sp_export_new(r, &spec, at("files/all.txt"), &e);
	o = sp_export_open(fe, 0, &e);
	d = sp_export_open(fe, 0, &e);
	CHECK(fe != NULL && o != NULL && d != NULL, "per stream: open");
	CHECK(strcmp(sp_export_out_path(o), at("files/all.txt")) == 0,
	    "per stream: %s", sp_export_out_path(o));
	CHECK(sp_export_write(o, "x\n", 2, &e) == 0 &&
	    sp_export_write(d, "y\n", 2, &e) == 0, "per stream: write");
	sp_export_drop(fe, d);
	CHECK(sp_export_close(fe, o, &e) == 0, "per stream: close");
	CHECK(strcmp(listing(at("files")), "all.txt") == 0 &&
	    strcmp(slurp(at("files/all.txt")), "x\n") == 0,
	    "per stream: files/ holds %s", listing(at("files")));
	/* freed with an output open: its temporary file goes too */
	o = sp_export_open(fe, 0, &e);
	sp_export_free(fe);
	CHECK(strcmp(listing(at("files")), "all.txt") == 0,
	    "per stream, freed: files/ holds %s", listing(at("files")));
	sp_reader_free(r);
	close(fd);
}

int
main(void)
{
	char cmd[128];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	mkdir(at("files"), 0777);
	test_files();
	test_per_rank();
	test_failure();
	test_single();
	test_stage_and_endings();
	test_walk_errors();
	test_lane_names();
	test_per_stream();
	test_across_runs();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", tmpdir);
	if (!failed)
		printf("test-export: ok\n");
	return failed;
}
