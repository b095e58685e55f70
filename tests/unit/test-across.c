/*
 * test-across: the stream loop of the programs on a run's statistics
 * (sp_across.h) over a small generated stream of two runs of two ranks:
 * the callbacks' order (the generator's runs say one rank), the result of each run, the rank selection, a
 * failing result or run callback stopping the loop with its own
 * message, a failing batch callback said as the statistics' failure
 * (with where, for bad data), and a document written at the end through sp_across_write().
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callgen.h"
#include "check.h"
#include "sp_across.h"
#include "sp_export.h"
#include "sp_stats.h"
#include "sp_stats_run.h"
#include "sp_stats_run_opts.h"

static char tmpdir[] = "/tmp/test-across.XXXXXX";
static char path[600];

static const char *names[] = { "main", "solve" };
/* two calls of main (callgen numbers a lane's calls in order, which
 * the statistics take as the row's call numbers: one region only) */
static const struct call calls[] = {
	{ 1000, 1400, 0, 0 }, { 1500, 2000, 0, 0 },
};

/* A rank with main's row (callgen's ranks have none). */
static void
rank_with_rows(struct gen *g, uint32_t run, uint32_t rank)
{
	struct sp_row_info rows[1];
	struct sp_rank_info rk;
	struct sp_err e;

	memset(rows, 0, sizeof rows);
	rows[0].region = 0;
	rows[0].calls = 2;
	memset(&rk, 0, sizeof rk);
	rk.run = run;
	rk.rank = rank;
	rk.nrows = 1;
	rk.rows = rows;
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
}

static void
write_stream(void)
{
	static const char *labels[] = { "one", "two" };
	struct gen g;
	int fd = gen_open(&g, path, SP_STAGE_CALLS), r, k;

	for (r = 0; r < 2; r++) {
		gen_run(&g, (uint32_t)r, labels[r], 1000, names, 2);
		for (k = 0; k < 2; k++) {
			rank_with_rows(&g, (uint32_t)r, (uint32_t)k);
			lane_calls(&g, (uint32_t)r, (uint32_t)k, -1, calls, 2,
			    SP_STAGE_CALLS);
		}
		gen_run_end(&g, (uint32_t)r);
	}
	gen_close(&g, fd, 2);
}

/* What the callbacks saw, in order. */
struct log {
	char s[1024];
	const char *fail_result;	/* the run whose result fails */
	const char *fail_run;		/* the run whose start fails */
	int fail_calls;		/* rank 1's batches fail with this status */
	const char *doc;		/* written at the end */
};

static void
say(struct log *l, const char *fmt, const char *a, long n)
{
	size_t k = strlen(l->s);

	snprintf(l->s + k, sizeof l->s - k, fmt, a, n);
}

static int
on_run(void *ctx, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct log *l = ctx;

	(void)fe;
	say(l, "run %s/%ld ", label, (long)ri->num_ranks);
	if (l->fail_run != NULL && strcmp(label, l->fail_run) == 0)
		return sp_fail(e, SP_EUSAGE, "no run %s", label);
	return 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	(void)e;
	say(ctx, "regions%s%ld ", "", (long)t->n);
	return 0;
}

static int
on_rank(void *ctx, uint32_t rank, int selected, struct sp_err *e)
{
	(void)e;
	say(ctx, "rank %s%ld ", selected ? "+" : "-", (long)rank);
	return 0;
}

static int
on_calls(void *ctx, const struct sp_batch *b, struct sp_err *e)
{
	struct log *l = ctx;

	say(l, "calls%s%.0ld ", "", 0L);
	if (l->fail_calls && b->rank == 1)
		return sp_fail(e, l->fail_calls, "no calls here");
	return 0;
}

/* "result LABEL" and each region with calls: "NAME CALLS" */
static int
on_result(void *ctx, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct log *l = ctx;
	size_t i;

	(void)fe;
	say(l, "result %s%.0ld", label, 0L);
	for (i = 0; i < res->nregions; i++)
		if (res->regions[i].num_calls > 0)
			say(l, " %s %ld", res->regions[i].name,
		    (long)res->regions[i].num_calls);
	say(l, "%s%.0ld ", "", 0L);
	if (l->fail_result != NULL && strcmp(label, l->fail_result) == 0)
		return sp_fail(e, SP_EDATA, "cannot use %s", label);
	return 0;
}

static int
write_doc(void *ctx, struct sp_export_out *out, struct sp_err *e)
{
	const struct log *l = ctx;

	return sp_export_write(out, l->doc, strlen(l->doc), e);
}

static int
on_finish(void *ctx, struct sp_export *fe, struct sp_err *e)
{
	struct log *l = ctx;

	say(l, "finish%s%.0ld", "", 0L);
	return l->doc != NULL ? sp_across_write(fe, write_doc, l, e) : 0;
}

static int
rank0(void *ctx, uint32_t rank)
{
	(void)ctx;
	return rank == 0;
}

/* Run the loop; the error message, or "". */
static const char *
across(struct log *l, int select, const char *output)
{
	static char msg[SP_ERR_MSG_MAX];
	struct sp_stats_run_opts ro;
	struct sp_across_common c;
	struct sp_across_opts o;
	struct sp_export_spec spec;
	struct sp_stats_run *st;
	struct sp_reader *r = NULL;
	struct sp_err e;
	int fd = open(path, O_RDONLY), rc = -1;

	memset(&ro, 0, sizeof ro);
	ro.want = SP_STATS_WANT_REGIONS;
	ro.ranks_given = select;
	memset(&c, 0, sizeof c);
	memset(&o, 0, sizeof o);
	memset(&spec, 0, sizeof spec);
	spec.stage = SP_STAGE_CALLS;
	spec.unit = SP_EXPORT_ACROSS_RUNS;
	spec.naming.split = SP_EXPORT_LAST_DOT;
	spec.naming.suffix = ".txt";
	spec.naming.dir_stem = "t";
	spec.hold = SP_EXPORT_HOLD_LAST;
	spec.nothing = "nothing";
	spec.several = "several";
	spec.one = " one";
	c.rank_ok = select ? rank0 : NULL;
	c.output = output;
	o.common = &c;
	o.run = on_run;
	o.regions = on_regions;
	o.rank = on_rank;
	o.calls = on_calls;
	o.result = on_result;
	o.finish = on_finish;
	o.ctx = l;
	msg[0] = '\0';
	if (fd < 0 || (r = sp_reader_new(fd, path, &e)) == NULL ||
	    (o.stats = st = sp_stats_run_new(&ro, &e)) == NULL) {
		snprintf(msg, sizeof msg, "setup failed");
		goto out;
	}
	rc = sp_across_run(r, &spec, &o, &e);
	sp_stats_run_free(st);
	if (rc < 0)
		snprintf(msg, sizeof msg, "%s", e.msg);
out:
	sp_reader_free(r);
	if (fd >= 0)
		close(fd);
	return msg;
}

#define RUN(label) "run " label "/1 regions2 rank +0 calls rank +1 calls " \
	"result " label " main 4 "

static void
test_order(void)
{
	struct log l;
	const char *m;

	memset(&l, 0, sizeof l);
	m = across(&l, 0, "/dev/null");
	CHECK(*m == '\0', "plain: %s", m);
	CHECK(strcmp(l.s, RUN("one") RUN("two") "finish") == 0,
	    "plain: '%s'", l.s);

	/* rank 1 told, its batches walked, not counted: rank 0's two calls
	 * of main */
	memset(&l, 0, sizeof l);
	m = across(&l, 1, "/dev/null");
	CHECK(*m == '\0', "rank 0: %s", m);
	CHECK(strcmp(l.s, "run one/1 regions2 rank +0 calls rank -1 "
	    "calls result one main 2 run two/1 regions2 rank +0 calls "
	    "rank -1 calls result two main 2 finish") == 0,
	    "rank 0: '%s'", l.s);
}

static void
test_failures(void)
{
	struct log l;
	char want[256];
	const char *m;

	/* the first result fails: the loop stops there, as it says */
	memset(&l, 0, sizeof l);
	l.fail_result = "one";
	m = across(&l, 0, "/dev/null");
	CHECK(strcmp(m, "cannot use one") == 0, "result fails: '%s'", m);
	CHECK(strcmp(l.s, RUN("one")) == 0, "result fails: '%s'", l.s);

	memset(&l, 0, sizeof l);
	l.fail_result = "two";
	m = across(&l, 0, "/dev/null");
	CHECK(strcmp(m, "cannot use two") == 0, "second fails: '%s'", m);
	CHECK(strcmp(l.s, RUN("one") RUN("two")) == 0,
	    "second result fails: no finish: '%s'", l.s);

	memset(&l, 0, sizeof l);
	l.fail_run = "two";
	m = across(&l, 0, "/dev/null");
	snprintf(want, sizeof want, "no run two");
	CHECK(strcmp(m, want) == 0, "run fails: '%s'", m);
	CHECK(strcmp(l.s, RUN("one") "run two/1 ") == 0, "run fails: '%s'",
	    l.s);
}

/* a batch callback's failure is said as the statistics' */
static void
test_calls_fail(void)
{
	struct log l;
	char want[700];
	const char *m;

	memset(&l, 0, sizeof l);
	l.fail_calls = SP_EDATA;
	m = across(&l, 0, "/dev/null");
	snprintf(want, sizeof want, "%s: bad sp stream: run 'one' rank 1: "
	    "no calls here", path);
	CHECK(strcmp(m, want) == 0, "calls fail, data: '%s'", m);
	CHECK(strcmp(l.s, "run one/1 regions2 rank +0 calls rank +1 calls ")
	    == 0, "calls fail: '%s'", l.s);
	memset(&l, 0, sizeof l);
	l.fail_calls = SP_EIO;
	m = across(&l, 0, "/dev/null");
	snprintf(want, sizeof want, "%s: no calls here", path);
	CHECK(strcmp(m, want) == 0, "calls fail, I/O: '%s'", m);
}

/* the document written at the finish lands in the output file */
static void
test_write(void)
{
	char out[700], buf[64] = "";
	struct log l;
	const char *m;
	FILE *f;
	size_t n = 0;

	snprintf(out, sizeof out, "%s/doc.txt", tmpdir);
	memset(&l, 0, sizeof l);
	l.doc = "the document\n";
	m = across(&l, 0, out);
	CHECK(*m == '\0', "write: %s", m);
	if ((f = fopen(out, "rb")) != NULL) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	CHECK(strcmp(buf, "the document\n") == 0, "written: '%s'", buf);
	unlink(out);
}

int
main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof path, "%s/two.sps", tmpdir);
	write_stream();
	test_order();
	test_failures();
	test_calls_fail();
	test_write();
	unlink(path);
	rmdir(tmpdir);
	return failed != 0;
}
