/*
 * Unit test of sp_pstats_export: whole exports of hand-made call streams (the
 * file names are in test-export_name.c): the call log
 * spilled to a file gives the very bytes it gives in memory, with call
 * paths and without; a one-lane rank gives the same bytes with and
 * without the log; the first run's files named once the runs are
 * counted; one .prof on standard output or a device; lanes without a
 * lane column refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_pstats_export.h"
#include "sp_sink.h"
#include "sp_stream.h"
#include "callgen.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-pstats_export.XXXXXX";

/* --- names --- */

/* --- hand-made call streams (callgen.h) --- */

/* A rank whose rows (one per region) have a thread column, or not. */
static void
gen_rank_rows(struct gen *g, uint32_t run, uint32_t rank, size_t nregions,
    int threads)
{
	struct sp_rank_info rk;
	struct sp_row_info rows[4];
	struct sp_err e;
	size_t i;

	memset(&rk, 0, sizeof rk);
	memset(rows, 0, sizeof rows);
	for (i = 0; i < nregions; i++) {
		rows[i].region = (uint32_t)i;
		rows[i].xmask = threads ? 1u << SP_X_THREAD : 0;
	}
	rk.run = run;
	rk.rank = rank;
	rk.nrows = nregions;
	rk.rows = rows;
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
}

static uint64_t rng = 88172645463325252ULL;

static uint64_t
rnd(uint64_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng % n;
}

/*
 * A random forest in [t0, t1) at depth d, in canonical order: siblings
 * one after another, each strictly inside its parent, some of zero
 * length, some touching.  Returns where it ended.
 */
static int64_t
forest(struct lanegen *l, int64_t t0, int64_t t1, uint32_t d, size_t *left)
{
	int64_t t = t0;
	struct call c;

	while (*left > 0 && t1 - t > 2) {
		int64_t len = (int64_t)rnd((uint64_t)(t1 - t)) + (rnd(8) == 0 ?
		    0 : 1);

		c.start = t + (rnd(3) == 0 ? 0 : (int64_t)rnd(3));
		c.end = c.start + len;
		if (c.end > t1 - 1)
			c.end = t1 - 1;
		if (c.end < c.start)
			break;
		c.region = (uint32_t)rnd(4);
		c.depth = d;
		lane_call(l, &c);
		(*left)--;
		if (d < 6 && c.end - c.start > 4)
			forest(l, c.start + 1, c.end, d + 1, left);
		/* after a zero-length call, a longer one at its time would
		 * come first */
		t = c.end + (c.end == c.start);
	}
	return t;
}

/*
 * One run of one rank: nlanes lanes (thread lanes -2, -3, ... sorted
 * ascending) of calls with overlapping times, and rows with a thread
 * column when threads is set.
 */
static void
write_lanes(const char *path, int nlanes, int threads, size_t calls)
{
	static const char *names[] = { "a", "b", "c > d", "rec" };
	struct gen g;
	struct lanegen l;
	int fd = gen_open(&g, path, SP_STAGE_CALLS), i;
	size_t left;
	int64_t t;

	gen_run(&g, 0, "lanes", 0, names, 4);
	gen_rank_rows(&g, 0, 0, 4, threads);
	for (i = nlanes; i >= 1; i--) {
		lane_init(&l, &g, 0, 0, nlanes == 1 && !threads ? -1 : -1 - i,
		    SP_STAGE_CALLS, 100);
		/* the lanes overlap in time */
		for (t = i * 7, left = calls; left > 0;)
			t = forest(&l, t, t + 100000, 0, &left) + 1;
		lane_end(&l);
	}
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *p;
	long n;

	*len = 0;
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
same_file(const char *a, const char *b)
{
	size_t na, nb;
	char *pa = slurp(a, &na), *pb = slurp(b, &nb);
	int same = pa != NULL && pb != NULL && na > 0 && na == nb &&
	    memcmp(pa, pb, na) == 0;

	free(pa);
	free(pb);
	return same;
}

static int
exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

struct notes {
	int n[2];
	char label[64];
	uint32_t rank;
};

static void
on_note(void *ctx, enum sp_pstats_export_note what, const char *label,
    uint32_t rank)
{
	struct notes *ns = ctx;

	ns->n[what]++;
	ns->rank = rank;
	snprintf(ns->label, sizeof ns->label, "%s", label);
}

static int
export(const char *in, struct sp_pstats_export_opts *o, struct notes *ns,
    struct sp_pstats_export_stats *st, struct sp_err *e)
{
	int fd = open(in, O_RDONLY), rc;
	struct notes dummy;

	if (fd < 0) {
		printf("FAIL: %s: %s\n", in, strerror(errno));
		exit(1);
	}
	if (ns == NULL)
		ns = &dummy;
	memset(ns, 0, sizeof *ns);
	o->note = on_note;
	o->note_ctx = ns;
	rc = sp_pstats_export_run(fd, in, o, st, e);
	close(fd);
	return rc;
}

/* The call log in a file gives the bytes it gives in memory. */
static void
test_spill(void)
{
	char in[256], a[256], b[256], fa[256], fb[256];
	struct sp_pstats_export_opts o;
	struct sp_pstats_export_stats st;
	struct sp_err e;
	int paths;

	snprintf(in, sizeof in, "%s/lanes.sps", tmpdir);
	write_lanes(in, 3, 1, 20000);
	for (paths = 0; paths < 2; paths++) {
		memset(&o, 0, sizeof o);
		o.no_call_paths = !paths;
		snprintf(a, sizeof a, "%s/mem%d.prof", tmpdir, paths);
		snprintf(b, sizeof b, "%s/file%d.prof", tmpdir, paths);
		snprintf(fa, sizeof fa, "%s/mem%d_rank0.prof", tmpdir, paths);
		snprintf(fb, sizeof fb, "%s/file%d_rank0.prof", tmpdir, paths);
		o.output = a;
		CHECK(export(in, &o, NULL, &st, &e) == 0 && st.calls == 60000 &&
		    st.files == 1, "in memory: %s", e.msg);
		o.output = b;
		o.mem_limit = 4096;	/* about 100 calls */
		CHECK(export(in, &o, NULL, &st, &e) == 0 && st.calls == 60000,
		    "spilled: %s", e.msg);
		CHECK(same_file(fa, fb), "call paths %d: spilled log differs",
		    paths);
		CHECK(st.entries >= (paths ? 100u : 5u), "only %" PRIu64
		    " entries", st.entries);
	}
}

/* One lane: the direct way and the log give the same bytes. */
static void
test_one_lane(void)
{
	char in1[256], in2[256], a[256], b[256];
	struct sp_pstats_export_opts o;
	struct sp_pstats_export_stats st;
	struct sp_err e;

	snprintf(in1, sizeof in1, "%s/one.sps", tmpdir);
	snprintf(in2, sizeof in2, "%s/one-thread.sps", tmpdir);
	rng = 42;
	write_lanes(in1, 1, 0, 5000);
	rng = 42;
	write_lanes(in2, 1, 1, 5000);
	memset(&o, 0, sizeof o);
	snprintf(a, sizeof a, "%s/direct.prof", tmpdir);
	o.output = a;
	CHECK(export(in1, &o, NULL, &st, &e) == 0, "direct: %s", e.msg);
	snprintf(b, sizeof b, "%s/logged.prof", tmpdir);
	o.output = b;
	CHECK(export(in2, &o, NULL, &st, &e) == 0, "logged: %s", e.msg);
	snprintf(a, sizeof a, "%s/direct_rank0.prof", tmpdir);
	snprintf(b, sizeof b, "%s/logged_rank0.prof", tmpdir);
	CHECK(same_file(a, b), "one lane: direct and logged differ");
}

/* Lanes in a rank without thread or task columns: a bad stream. */
static void
test_lanes_without_column(void)
{
	char in[256], out[256];
	struct sp_pstats_export_opts o;
	struct sp_err e;

	snprintf(in, sizeof in, "%s/nocol.sps", tmpdir);
	snprintf(out, sizeof out, "%s/nocol.prof", tmpdir);
	write_lanes(in, 2, 0, 100);
	memset(&o, 0, sizeof o);
	o.output = out;
	CHECK(export(in, &o, NULL, NULL, &e) < 0 && e.status == SP_EDATA &&
	    strstr(e.msg, "nocol.sps: bad sp stream: run 'lanes' rank 0: "
	    "calls on several lanes, but no thread or task column") != NULL,
	    "lanes without a column: %s", e.msg);
	snprintf(out, sizeof out, "%s/nocol_rank0.prof", tmpdir);
	CHECK(!exists(out), "a file after a failure");
}

/* Runs: files named once the runs are counted; notes; one output. */
static void
test_runs(void)
{
	static const char *names[] = { "main", "solve" };
	static const struct call c[] = {
		{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 1 },
	};
	char in[256], base[256], p[256];
	struct sp_pstats_export_opts o;
	struct sp_pstats_export_stats st;
	struct notes ns;
	struct sp_err e;
	struct gen g;
	int fd, rc;

	/* run "r": ranks 0 (calls), 1 (none); run "r" again: rank 2 */
	snprintf(in, sizeof in, "%s/runs.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_CALLS);
	gen_run(&g, 0, "r", 1000, names, 2);
	gen_rank(&g, 0, 0);
	lane_calls(&g, 0, 0, -1, c, 2, SP_STAGE_CALLS);
	gen_rank(&g, 0, 1);
	gen_run_end(&g, 0);
	gen_run(&g, 1, "r", 1000, names, 2);
	gen_rank(&g, 1, 2);
	lane_calls(&g, 1, 2, -1, c, 2, SP_STAGE_CALLS);
	gen_run_end(&g, 1);
	gen_close(&g, fd, 2);

	memset(&o, 0, sizeof o);
	snprintf(base, sizeof base, "%s/runs/p.prof", tmpdir);
	o.output = base;
	CHECK(export(in, &o, &ns, &st, &e) == 0 && st.runs == 2 &&
	    st.ranks == 3 && st.files == 2 && st.calls == 4,
	    "runs: %s", e.msg);
	CHECK(ns.n[SP_PSTATS_EXPORT_RANK_EMPTY] == 1 && ns.rank == 1 &&
	    strcmp(ns.label, "r") == 0, "runs: notes %d", ns.n[0]);
	snprintf(p, sizeof p, "%s/runs/p_r_rank0.prof", tmpdir);
	CHECK(exists(p), "runs: no %s", p);
	snprintf(p, sizeof p, "%s/runs/p_r_2_rank2.prof", tmpdir);
	CHECK(exists(p), "runs: no %s", p);
	snprintf(p, sizeof p, "%s/runs/p_rank0.prof", tmpdir);
	CHECK(!exists(p), "runs: %s", p);

	/* one output: a usage error, nothing written */
	o.output = "/dev/null";
	CHECK(export(in, &o, &ns, &st, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "/dev/null takes one .prof") != NULL,
	    "one output: %s", e.msg);

	/* print: every (run, rank), the empty one too */
	memset(&o, 0, sizeof o);
	o.print = 1;
	o.top = 0;
	fflush(stdout);
	fd = dup(STDOUT_FILENO);
	freopen("/dev/null", "w", stdout);
	rc = export(in, &o, &ns, &st, &e);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	CHECK(rc == 0 && st.reports == 3 && st.files == 0 && ns.n[0] == 0,
	    "print: %s", e.msg);
}

/*
 * The first run's files past the spool's 8 MiB in memory go through a
 * temporary file: two runs of the same calls (and one root name) give
 * the same bytes, the first run's copied from the spool, the second's
 * written directly.
 */
static void
test_spool_file(void)
{
	static const char *names[] = { "a", "b", "c > d", "rec" };
	char in[256], base[256], a[256], b[256];
	struct sp_pstats_export_opts o;
	struct sp_pstats_export_stats st;
	struct sp_err e;
	struct gen g;
	struct lanegen l;
	uint32_t run, rank;
	size_t left, total = 0, n;
	int64_t t;
	int fd;
	char *p;

	snprintf(in, sizeof in, "%s/big.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_CALLS);
	for (run = 0; run < 2; run++) {
		gen_run(&g, run, "big", 0, names, 4);
		for (rank = 0; rank < 40; rank++) {
			rng = 1000 + rank;
			gen_rank(&g, run, rank);
			lane_init(&l, &g, run, rank, -1, SP_STAGE_CALLS, 4096);
			for (t = 0, left = 6000; left > 0;)
				t = forest(&l, t, t + 1000000, 0, &left) + 1;
			lane_end(&l);
		}
		gen_run_end(&g, run);
	}
	gen_close(&g, fd, 2);
	memset(&o, 0, sizeof o);
	snprintf(base, sizeof base, "%s/big/p.prof", tmpdir);
	o.output = base;
	o.root = "R";
	CHECK(export(in, &o, NULL, &st, &e) == 0 && st.files == 80,
	    "big: %s", e.msg);
	for (rank = 0; rank < 40; rank++) {
		snprintf(a, sizeof a, "%s/big/p_big_rank%u.prof", tmpdir, rank);
		snprintf(b, sizeof b, "%s/big/p_big_2_rank%u.prof", tmpdir,
		    rank);
		CHECK(same_file(a, b), "big: %s and %s differ", a, b);
		p = slurp(a, &n);
		total += n;
		free(p);
	}
	CHECK(total > ((size_t)8 << 20), "big: the first run's files are "
	    "only %zu bytes: the spool stayed in memory", total);
}

/* An interval stream: refused before anything is written. */
static void
test_interval(void)
{
	static const char *names[] = { "a" };
	static const struct call c[] = { { 0, 10, 0, 0 } };
	char in[256], out[256];
	struct sp_pstats_export_opts o;
	struct sp_err e;
	struct gen g;
	int fd;

	snprintf(in, sizeof in, "%s/intervals.sps", tmpdir);
	fd = gen_open(&g, in, SP_STAGE_INTERVALS);
	gen_run(&g, 0, "i", 0, names, 1);
	gen_rank(&g, 0, 0);
	lane_calls(&g, 0, 0, -1, c, 1, SP_STAGE_INTERVALS);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
	memset(&o, 0, sizeof o);
	snprintf(out, sizeof out, "%s/i.prof", tmpdir);
	o.output = out;
	CHECK(export(in, &o, NULL, NULL, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "intervals.sps: an interval stream: pipe it "
	    "through sp-stack first") != NULL, "intervals: %s", e.msg);
}

int
main(void)
{
	char cmd[128];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	setenv("TMPDIR", tmpdir, 1);
	test_spill();
	test_one_lane();
	test_lanes_without_column();
	test_runs();
	test_spool_file();
	test_interval();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", tmpdir);
	if (!failed)
		printf("ok\n");
	return failed;
}
