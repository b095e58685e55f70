/*
 * Unit test of sp_stats_export: whole reports of hand-made call streams
 * (doc/stats.md, "Example: a session on two ranks", run "one", and a second
 * run "two"): each format and view, files named per run when the stream holds
 * two, the one-report outputs, the refusal of an interval stream, and the
 * checks of options that need no input.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callgen.h"
#include "check.h"
#include "sp_stats_export.h"

#define S 1000000000LL

static char tmpdir[] = "/tmp/test-stats_export.XXXXXX";

static const char *names[] = { "scope_profiler.session", "solve", "io" };
static const struct call rank0[] = {
	{ 0, 10 * S, 0, 0 }, { 1 * S, 4 * S, 1, 1 }, { 2 * S, 3 * S, 2, 2 },
	{ 5 * S, 9 * S, 1, 1 }, { 6 * S, 7 * S, 2, 2 },
	{ 7500000000LL, 8 * S, 2, 2 },
};
static const struct call rank1[] = {
	{ 0, 12 * S, 0, 0 }, { 1 * S, 11 * S, 1, 1 },
	{ 2 * S, 2 * S + 250000, 2, 2 },
};

/* A rank with a row per region, its calls numbered by region. */
static void
rank_calls(struct gen *g, uint32_t run, uint32_t rank, const struct call *c,
    size_t n, size_t nregions)
{
	struct sp_row_info rows[3];
	struct sp_rank_info rk;
	struct lanegen l;
	int64_t idx[3] = { 0, 0, 0 };
	struct sp_err e;
	size_t i;

	memset(rows, 0, sizeof rows);
	for (i = 0; i < nregions; i++)
		rows[i].region = (uint32_t)i;
	for (i = 0; i < n; i++)
		rows[c[i].region].calls++;
	memset(&rk, 0, sizeof rk);
	rk.run = run;
	rk.rank = rank;
	rk.nrows = nregions;
	rk.rows = rows;
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
	lane_init(&l, g, run, rank, -1, SP_STAGE_CALLS, 2);
	for (i = 0; i < n; i++) {
		lane_call(&l, &c[i]);
		l.call[l.n - 1] = idx[c[i].region]++;
	}
	lane_end(&l);
}

/* callgen's run item, with the run's rank count. */
static void
run_item(struct gen *g, uint32_t run, const char *label, uint32_t nranks)
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
	ri.num_ranks = nranks;
	ri.event_data = 1;
	ri.has_span = 1;
	ri.last_ns = INT64_MAX;
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
 * nranks 1 for two ranks: the reference's tree misses rank 1 (doc/stats.md,
 * "Ranks outside the tree").
 */
static void
write_stream(const char *path, int two, enum sp_batch_stage stage,
    uint32_t nranks)
{
	struct gen g;
	int fd = gen_open(&g, path, stage);

	run_item(&g, 0, "one", nranks);
	if (stage == SP_STAGE_CALLS) {
		rank_calls(&g, 0, 0, rank0, 6, 3);
		rank_calls(&g, 0, 1, rank1, 3, 3);
	}
	gen_run_end(&g, 0);
	if (two) {
		run_item(&g, 1, "two", 1);
		rank_calls(&g, 1, 0, rank1, 3, 3);
		gen_run_end(&g, 1);
	}
	gen_close(&g, fd, two ? 2 : 1);
}

static void
defaults(struct sp_stats_export_opts *o, const char *out)
{
	memset(o, 0, sizeof *o);
	o->common.output = out;
	o->top = -1;
	o->max_depth = -1;
	o->common.mem = 1 << 20;
	o->cwd = "/";
}

static int
report(const char *in, const struct sp_stats_export_opts *o,
    struct sp_err *e)
{
	int fd = open(in, O_RDONLY), rc;
	struct sp_reader *r;

	if (fd < 0 || (r = sp_reader_new(fd, in, e)) == NULL)
		die("reader", e);
	rc = sp_stats_export_run(r, o, e);
	sp_reader_free(r);
	close(fd);
	return rc;
}

static char *
slurp(const char *path)
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
	return p;
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	for (; s != NULL && (s = strstr(s, what)) != NULL; s += strlen(what))
		n++;
	return n;
}

/* Report in with o to path; the text, or NULL. */
static char *
run_to(const char *in, struct sp_stats_export_opts *o, const char *name)
{
	char path[512];
	struct sp_err e;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	o->common.output = path;
	CHECK(report(in, o, &e) == 0, "%s: %s", name, e.msg);
	return slurp(path);
}

static void
formats(const char *in)
{
	struct sp_stats_export_opts o;
	char *t;

	defaults(&o, NULL);
	t = run_to(in, &o, "a.txt");
	CHECK(t != NULL && strstr(t, "  │ scope_profiler.session (2x)    "
	    "100.00%        22.000000      │\n") != NULL &&
	    strstr(t, "Summary: test.h5 (2 ranks)") != NULL && strstr(t,
	    "sp-read test.h5 | sp-stack | sp-stats --by rank") != NULL,
	    "text:\n%s", t);
	free(t);
	o.format = SP_STATS_JSON;
	t = run_to(in, &o, "a.json");
	CHECK(t != NULL && t[0] == '[' && count(t, "    \"name\": ") == 3 &&
	    strstr(t, "\"p50_duration\": 0.75,") != NULL &&
	    strstr(t, "\"std_duration\": 0.4144838799262886,") != NULL,
	    "json:\n%s", t);
	free(t);
	o.format = SP_STATS_NDJSON;
	o.by = SP_STATS_BY_RANK;
	t = run_to(in, &o, "a.ndjson");
	CHECK(t != NULL && count(t, "\n") == 6 && count(t, "{\"name\": ") == 6,
	    "ndjson by rank:\n%s", t);
	free(t);
	o.format = SP_STATS_CSV;
	o.by = SP_STATS_BY_REGION;
	o.columns = "name,num_calls,p95";
	t = run_to(in, &o, "a.csv");
	CHECK(t != NULL && strcmp(t, "name,num_calls,p95\n"
	    "scope_profiler.session,2,11.9\nsolve,3,9.399999999999999\n"
	    "io,4,1.0\n") == 0,
	    "csv:\n%s", t);
	free(t);
	o.format = SP_STATS_TSV;
	o.sort = "calls";
	o.top = 1;
	t = run_to(in, &o, "a.tsv");
	CHECK(t != NULL && strcmp(t, "name\tnum_calls\tp95\nio\t4\t1.0\n") == 0,
	    "tsv, sorted, top 1:\n%s", t);
	free(t);
	defaults(&o, NULL);
	o.by = SP_STATS_BY_LANE;
	t = run_to(in, &o, "lanes.txt");
	CHECK(t != NULL && count(t, " rank 0 ") == 3 && count(t, " rank 1 ") ==
	    3, "lanes:\n%s", t);
	free(t);
}

static int
only_rank_1(void *ctx, uint32_t rank)
{
	(void)ctx;
	return rank == 1;
}

static void
selection(const char *in)
{
	struct sp_stats_export_opts o;
	char *t;

	defaults(&o, NULL);
	o.format = SP_STATS_CSV;
	o.columns = "name,num_ranks,num_calls";
	o.common.rank_ok = only_rank_1;
	t = run_to(in, &o, "r1.csv");
	CHECK(t != NULL && strcmp(t, "name,num_ranks,num_calls\n"
	    "scope_profiler.session,1,1\nsolve,1,1\nio,1,1\n") == 0,
	    "rank 1 only:\n%s", t);
	free(t);
}

/*
 * A run of two ranks that says it has one: rank 1 is no tree rank
 * (doc/stats.md, "Ranks outside the tree").
 */
static void
ranks_outside(const char *in)
{
	struct sp_stats_export_opts o;
	char *t;

	defaults(&o, NULL);
	o.suppress_notes = 1;
	t = run_to(in, &o, "outside.txt");
	CHECK(t != NULL && strstr(t, "scope_profiler.session    100.00%"
	    "        10.000000") != NULL, "rank 0's tree only:\n%s", t);
	free(t);
	o.format = SP_STATS_CSV;
	o.columns = "name,total_duration";
	t = run_to(in, &o, "outside.csv");
	CHECK(t != NULL && strstr(t, "scope_profiler.session,22.0\n") != NULL,
	    "summary() has both ranks:\n%s", t);
	free(t);
}

static int
exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

static void
runs(const char *two, const char *intervals)
{
	struct sp_stats_export_opts o;
	char base[512], p1[512], p2[512];
	struct sp_err e;

	defaults(&o, NULL);
	o.format = SP_STATS_JSON;
	snprintf(base, sizeof base, "%s/runs/s.json", tmpdir);
	o.common.output = base;
	CHECK(report(two, &o, &e) == 0, "two runs: %s", e.msg);
	snprintf(p1, sizeof p1, "%s/runs/s_one.json", tmpdir);
	snprintf(p2, sizeof p2, "%s/runs/s_two.json", tmpdir);
	CHECK(exists(p1) && exists(p2) && !exists(base), "two runs: files");
	o.common.output = "/dev/null";
	CHECK(report(two, &o, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "several runs") != NULL, "two runs on one output: "
	    "%s", e.msg);
	o.common.output = base;
	CHECK(report(intervals, &o, &e) < 0 && e.status == SP_EUSAGE &&
	    strstr(e.msg, "pipe it through sp-stack first") != NULL,
	    "intervals: %s", e.msg);
}

static void
checks(void)
{
	struct sp_stats_export_opts o;
	struct sp_err e;

	defaults(&o, NULL);
	o.columns = "region,nope";
	CHECK(sp_stats_export_check(&o, &e) < 0 && strstr(e.msg,
	    "Unknown region summary column(s): ['nope']") != NULL,
	    "text columns: %s", e.msg);
	o.format = SP_STATS_JSON;
	o.columns = "name";
	CHECK(sp_stats_export_check(&o, &e) < 0, "json has no columns");
	o.format = SP_STATS_CSV;
	o.columns = "name,nope";
	CHECK(sp_stats_export_check(&o, &e) < 0 && strstr(e.msg, "'nope'") !=
	    NULL, "csv columns: %s", e.msg);
	o.columns = NULL;
	o.sort = "rank";
	CHECK(sp_stats_export_check(&o, &e) < 0, "rank sorts ranks only");
	o.by = SP_STATS_BY_RANK;
	CHECK(sp_stats_export_check(&o, &e) == 0, "rank sorts by rank");
	o.sort = "excess_over_mean";
	CHECK(sp_stats_export_check(&o, &e) == 0, "a record's key");
}

int
main(void)
{
	char one[256], two[256], intervals[256], outside[256];

	(void)gen_run;		/* callgen's, for other tests */
	(void)gen_rank;
	(void)lane_calls;
	if (mkdtemp(tmpdir) == NULL)
		return 1;
	snprintf(outside, sizeof outside, "%s/outside.sps", tmpdir);
	write_stream(outside, 0, SP_STAGE_CALLS, 1);
	snprintf(one, sizeof one, "%s/one.sps", tmpdir);
	snprintf(two, sizeof two, "%s/two.sps", tmpdir);
	snprintf(intervals, sizeof intervals, "%s/int.sps", tmpdir);
	write_stream(one, 0, SP_STAGE_CALLS, 2);
	write_stream(two, 1, SP_STAGE_CALLS, 2);
	write_stream(intervals, 0, SP_STAGE_INTERVALS, 2);
	formats(one);
	ranks_outside(outside);
	selection(one);
	runs(two, intervals);
	checks();
	if (failed == 0) {
		char cmd[600];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			return 1;
	}
	return failed != 0;
}
