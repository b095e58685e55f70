/*
 * alloc-export.c - the allocation-failure scenarios of lib/export: the
 * front end (a toy exporter through files and a held single output),
 * file names and lane names, every exporter on small hand-made streams
 * (sp-pstats to files, --print and a .prof report; sp-speedscope;
 * sp-flame, SVG, folded, interactive and the three diffs; sp-json documents, plain and gzip, spilled
 * and not, and NDJSON lines; sp-trace's protobuf and JSON, plain and
 * gzip, aligned through its spool in memory and on file), and the
 * pieces below them: the pstats
 * builder, .prof marshalling and its report, the call log on file, the
 * flame graph's layout, folded stacks, and the call-path trees laid flat,
 * paired and drawn (interactive, static diff, folded diff).
 *
 * The streams (setup, callgen.h): two runs labelled "one" (so the second
 * is "one (2)" and the first run's files are named late), the first with
 * a rank of two thread lanes, with a thread table, and a rank without
 * lanes; the second with one rank.  As calls, and as intervals for
 * sp-json.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_calllog.h"
#include "sp_export.h"
#include "sp_export_name.h"
#include "sp_flame.h"
#include "sp_flame_diff_fold.h"
#include "sp_flame_diff_svg.h"
#include "sp_scale.h"
#include "sp_scale_emit.h"
#include "sp_scale_svg.h"
#include "sp_scale_text.h"
#include "sp_flame_export.h"
#include "sp_flame_flat.h"
#include "sp_flame_fold.h"
#include "sp_flame_page.h"
#include "sp_h5.h"
#include "sp_json_export.h"
#include "sp_lane.h"
#include "sp_marshal.h"
#include "sp_order.h"
#include "sp_prof.h"
#include "sp_pstats_export.h"
#include "sp_pstats.h"
#include "sp_pstats_report.h"
#include "sp_section.h"
#include "sp_speedscope_export.h"
#include "sp_stats_export.h"
#include "sp_diff_export.h"
#include "sp_report_export.h"
#include "sp_trace_export.h"
#include "callgen.h"
#include "alloc.h"

/* --- the streams --- */

static const char *const regions[] = { "main", "solve", "io <x>" };
static const struct call lane_a[] = {
	{ 1000, 2000, 0, 0 }, { 1100, 1500, 1, 1 }, { 1200, 1300, 2, 2 },
	{ 1600, 1900, 1, 1 }, { 2100, 2500, 2, 0 },
};
static const struct call lane_b[] = {
	{ 1050, 1800, 1, 0 }, { 1060, 1070, 2, 1 }, { 1900, 1900, 2, 0 },
};

/*
 * A rank whose rows have source locations and, with lanes, threads;
 * calls[r] calls of region r.
 */
static void
gen_rank_lanes(struct gen *g, uint32_t run, uint32_t rank, int lanes,
    const uint64_t *calls)
{
	static const char *const tags[] = { "t" };
	struct sp_thread_info th[2] = {
		{ 0, 11, 12, 0, -1, 9, 0, "MainThread" },
		{ 1, 13, 14, 0, -1, 9, 0, "worker" },
	};
	struct sp_task_info tk = { 0, 1, 1000, 2000, 3, 500, 500, "asyncio",
		"fetch", "app.fetch_all" };
	struct sp_row_info rows[3];
	struct sp_rank_info rk;
	struct sp_err e;
	uint32_t i;

	memset(&rk, 0, sizeof rk);
	memset(rows, 0, sizeof rows);
	/* rows out of region order (sp-json keeps their order) */
	for (i = 0; i < 3; i++) {
		struct sp_row_info *r = &rows[2 - i];

		r->region = i;
		r->calls = calls[i];
		r->source_file = i == 2 ? NULL : "app.py";
		r->has_lineno = i != 2;
		r->source_lineno = 10 * (i + 1);
		r->xmask = lanes ? 1u << SP_X_THREAD : 0;
	}
	rows[1].ntags = 1;
	rows[1].tags = (const char **)tags;
	/* event metadata, one per call, not in json.dumps's spelling */
	if (calls[0] == 1) {
		rows[2].event_metadata = "[{\"k\":1}]";
		rows[2].event_metadata_len = 9;
	}
	rk.run = run;
	rk.rank = rank;
	rk.nrows = 3;
	rk.rows = rows;
	if (lanes) {
		rk.has_threads = 1;
		rk.nthreads = 2;
		rk.threads = th;
		rk.has_tasks = 1;
		rk.ntasks = 1;
		rk.tasks = &tk;
	}
	if (sp_writer_rank(g->w, &rk, &e) < 0)
		die("rank", &e);
}

/*
 * A lane (of thread -2 - lane, with its thread column, when lane <= -2);
 * each call numbered in its (rank, region) row by next[region].
 */
static void
gen_lane(struct gen *g, uint32_t run, uint32_t rank, int64_t lane,
    const struct call *c, size_t n, int64_t *next, enum sp_batch_stage stage)
{
	int64_t thread[2] = { -2 - lane, -2 - lane };
	struct lanegen l;
	size_t i;

	lane_init(&l, g, run, rank, lane, stage, 2);
	l.thread = lane <= -2 ? thread : NULL;
	for (i = 0; i < n; i++) {
		lane_call(&l, &c[i]);
		l.call[l.n - 1] = next[c[i].region]++;
	}
	if (stage == SP_STAGE_CALLS) {
		lane_end(&l);
	} else {
		lane_flush(&l, 0);
		lane_free(&l);
	}
}

static void
write_stream(const char *path, enum sp_batch_stage stage)
{
	static const uint64_t both[] = { 1, 3, 4 }, a[] = { 1, 2, 2 },
		b[] = { 0, 1, 2 };
	struct gen g;
	int fd = gen_open(&g, path, stage);
	int64_t next[3] = { 0, 0, 0 };

	/* the true spans: sp-trace refuses calls outside their run's */
	gen_run_span(&g, 0, "one", 1000, 2500, regions, 3);
	gen_rank_lanes(&g, 0, 0, 1, both);
	gen_lane(&g, 0, 0, -3, lane_b, 3, next, stage);
	gen_lane(&g, 0, 0, -2, lane_a, 5, next, stage);
	memset(next, 0, sizeof next);
	gen_rank_lanes(&g, 0, 1, 0, a);
	gen_lane(&g, 0, 1, -1, lane_a, 5, next, stage);
	gen_rank(&g, 0, 2);	/* no calls */
	gen_run_end(&g, 0);
	memset(next, 0, sizeof next);
	gen_run_span(&g, 1, "one", 1000, 1900, regions, 3);
	gen_rank_lanes(&g, 1, 0, 0, b);
	gen_lane(&g, 1, 0, -1, lane_b, 3, next, stage);
	gen_run_end(&g, 1);
	gen_close(&g, fd, 2);
}

/*
 * .prof files of the call stream, for the report of a file: the first
 * run's first rank is in/in_one_rank0.prof.
 */
static void
write_prof(void)
{
	struct sp_pstats_export_opts o;
	struct sp_err e;
	int fd = open(alloc_in("calls.sps"), O_RDONLY);

	memset(&o, 0, sizeof o);
	o.output = alloc_in("in.prof");
	if (fd < 0 || sp_pstats_export_run(fd, alloc_in("calls.sps"), &o, NULL,
	    &e) < 0)
		alloc_die("in.prof", e.msg);
	close(fd);
}

/*
 * 40 regions, each called once, of growing length, under one long call:
 * more frames than speedscope's first frame table and flame graph
 * frames thin enough to merge into "[other]".
 */
static void
write_frames(const char *path)
{
	static char names[40][8];
	static const char *np[40];
	static uint32_t order[40];
	static const uint8_t empty_map[] = { 0xa0 };
	struct sp_run_info ri;
	struct sp_region_table t;
	struct sp_err e;
	struct lanegen l;
	struct call c;
	struct gen g;
	int fd = gen_open(&g, path, SP_STAGE_CALLS);
	uint32_t i;
	int64_t at = 1;

	for (i = 0; i < 40; i++) {
		snprintf(names[i], sizeof names[i], "r%02u", i);
		np[i] = names[i];
		order[i] = i;
	}
	memset(&ri, 0, sizeof ri);
	ri.label = "frames";
	ri.source = "frames.h5";
	ri.source_format = "hdf5";
	ri.layout = "columnar";
	ri.num_ranks = 1;
	ri.event_data = 1;
	ri.has_span = 1;
	ri.first_ns = 0;
	ri.last_ns = 1000000;
	ri.metadata = empty_map;
	ri.metadata_len = 1;
	memset(&t, 0, sizeof t);
	t.n = 40;
	t.names = np;
	t.order = order;
	if (sp_writer_run(g.w, &ri, &e) < 0 ||
	    sp_writer_regions(g.w, &t, &e) < 0)
		die("run", &e);
	g.calls = g.batches = 0;	/* as gen_run starts a run */
	gen_rank(&g, 0, 0);
	lane_init(&l, &g, 0, 0, -1, SP_STAGE_CALLS, 16);
	c.start = 0;
	c.end = 1000000;
	c.region = 0;
	c.depth = 0;
	lane_call(&l, &c);
	for (i = 1; i < 40; i++) {
		c.start = at;
		c.end = at + i * i;
		c.region = i;
		c.depth = 1;
		lane_call(&l, &c);
		at = c.end + 1;
	}
	lane_end(&l);
	gen_run_end(&g, 0);
	gen_close(&g, fd, 1);
}

/*
 * An HDF5 profile of the fuzz corpus as sp-read writes it: its side
 * payloads (LIKWID, line profiles, perf events) for sp-json, in time or
 * file order (whose last rank sp-json writes as it comes).
 */
static void
write_h5(const char *file, const char *path, enum sp_section_order order)
{
	char in[1024];
	struct sp_order_opts o;
	struct sp_source *src = NULL;
	struct sp_sink *sink = NULL;
	struct sp_writer *w = NULL;
	struct sp_err e;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	snprintf(in, sizeof in, "%s/h5/%s", SP_CORPUS, file);
	memset(&o, 0, sizeof o);
	o.order = order;
	if (fd < 0 || (src = sp_h5_open(in, &e)) == NULL ||
	    (sink = sp_sink_new_fd(fd, path, &e)) == NULL ||
	    (w = sp_writer_new(sink, &e)) == NULL ||
	    sp_section_write_header(w, order, "alloc", &e) < 0 ||
	    sp_order_emit(src, "sides", NULL, 0, &o, w, NULL, &e) < 0 ||
	    sp_writer_stream_end(w, 1, &e) < 0 || sp_sink_flush(sink, &e) < 0)
		alloc_die(file, e.msg);
	sp_writer_free(w);
	sp_sink_free(sink);
	sp_source_free(src);
	close(fd);
}

static void
setup(void)
{
	write_stream(alloc_in("calls.sps"), SP_STAGE_CALLS);
	write_stream(alloc_in("intervals.sps"), SP_STAGE_INTERVALS);
	write_prof();
	write_frames(alloc_in("frames.sps"));
	write_h5("gen-spec-likwid.h5", alloc_in("likwid.sps"), SP_ORDER_TIME);
	write_h5("gen-spec-line-perf.h5", alloc_in("lines.sps"),
	    SP_ORDER_FILE);
}

/* A reader of an input, for the exporters that take one. */
static struct sp_reader *
open_input(const char *name, int *fd, struct sp_err *e)
{
	struct sp_reader *r;

	if ((*fd = open(alloc_in(name), O_RDONLY)) < 0) {
		sp_fail(e, SP_EIO, "%s: cannot open", name);
		return NULL;
	}
	if ((r = sp_reader_new(*fd, alloc_in(name), e)) == NULL) {
		close(*fd);
		*fd = -1;
	}
	return r;
}

static void
close_input(struct sp_reader *r, int fd)
{
	sp_reader_free(r);
	if (fd >= 0)
		close(fd);
}

/* --- the front end --- */

/* A toy exporter: per rank, a line per lane with the lane's name. */
struct toy {
	struct sp_export *fe;
	struct sp_export_out *out;
};

static int
toy_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct toy *x = ctx;
	char line[256];

	if ((x->out = sp_export_open(x->fe, ri->rank, e)) == NULL)
		return -1;
	/* for messages: "'?'" without memory (a degraded run) */
	(void)sp_export_quoted(x->fe, sp_export_label(x->fe));
	snprintf(line, sizeof line, "%s rank %u\n", sp_export_label(x->fe),
	    ri->rank);
	return sp_export_write(x->out, line, strlen(line), e);
}

static int
toy_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct toy *x = ctx;
	const char *name = sp_export_lane_name(x->fe, rank, lane, e);
	char line[256];

	if (name == NULL)
		return -1;
	snprintf(line, sizeof line, "  %s\n", name);
	return sp_export_write(x->out, line, strlen(line), e);
}

static int
toy_rank_end(void *ctx, struct sp_err *e)
{
	struct toy *x = ctx;
	struct sp_export_out *out = x->out;

	x->out = NULL;
	return sp_export_close(x->fe, out, e);
}

static int
toy_export(const char *output, enum sp_export_hold hold, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.rank = toy_rank, .lane = toy_lane, .rank_end = toy_rank_end,
	};
	struct sp_export_spec spec = {
		.stage = SP_STAGE_CALLS, .unit = SP_EXPORT_PER_RANK,
		.naming = { SP_EXPORT_LAST_DOT, ".txt", "toy", 1 },
		.hold = hold, .need_output = 1, .nothing = "nothing to export",
		.several = "several ranks", .one = "",
	};
	struct toy x = { NULL, NULL };
	struct sp_reader *r;
	int fd, rc = -1;

	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	if ((x.fe = sp_export_new(r, &spec, output, e)) == NULL)
		goto out;
	rc = sp_export_run(x.fe, &ops, &x, e);
	if (rc == 0)
		rc = alloc_printf(e, "%llu outputs, %llu bytes\n",
		    (unsigned long long)sp_export_outputs(x.fe),
		    (unsigned long long)sp_export_bytes(x.fe));
out:
	sp_export_drop(x.fe, x.out);
	sp_export_free(x.fe);
	close_input(r, fd);
	return rc;
}

static int
front(struct sp_err *e)
{
	/* a base path; an existing directory, the reference's DIR/ form */
	if (toy_export(alloc_outdir("base.txt"), SP_EXPORT_HOLD_NONE, e) < 0 ||
	    toy_export(alloc_outdir(NULL), SP_EXPORT_HOLD_NONE, e) < 0 ||
	    alloc_slurp_dir(alloc_outdir(NULL), e) < 0)
		return -1;
	return 0;
}

/* The single output: a second rank is refused, after all was held. */
static int
front_single(struct sp_err *e)
{
	struct sp_err e2;

	if (toy_export("/dev/null", SP_EXPORT_HOLD_ALL, &e2) == 0)
		return sp_fail(e, SP_EDATA, "wrong: several ranks on a device");
	if (e2.status == SP_ENOMEM) {
		*e = e2;
		return -1;
	}
	return alloc_printf(e, "%s\n", e2.msg);
}

static int
names(struct sp_err *e)
{
	static const struct sp_export_naming prof = { SP_EXPORT_LAST_DOT,
		".prof", "profile", 1 };
	static const struct sp_export_naming ss = { SP_EXPORT_FIRST_DOT,
		".speedscope.json", "profile", 0 };
	static const struct sp_lane_thread th[] = { { 0, "MainThread" } };
	static const struct sp_lane_task tk[] = { { 0, "t0", "mod.coro", 0 } };
	char *s = NULL, buf[128];
	int rc;

	if (sp_export_name(&prof, "out/p.prof", "run (2)", 3, &s, e) < 0 ||
	    alloc_printf(e, "%s\n", s) < 0)
		goto fail;
	free(s);
	if (sp_export_name(&ss, "out/", "caf\xc3\xa9/x", 0, &s, e) < 0 ||
	    alloc_printf(e, "%s\n", s) < 0)
		goto fail;
	free(s);
	s = NULL;
	sp_lane_label(buf, sizeof buf, 0, th, 1, tk, 1);
	rc = alloc_printf(e, "%s\n", buf);
	sp_lane_profile_name(buf, sizeof buf, 2, -2, "MainThread");
	return rc < 0 ? -1 : alloc_printf(e, "%s\n", buf);
fail:
	free(s);
	return -1;
}

/* --- the exporters --- */

static int
psexport(const struct sp_pstats_export_opts *o, const char *in,
    struct sp_err *e)
{
	struct sp_pstats_export_stats st;
	int fd = open(alloc_in(in), O_RDONLY), rc;

	if (fd < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", in);
	rc = sp_pstats_export_run(fd, alloc_in(in), o, &st, e);
	close(fd);
	if (rc < 0)
		return -1;
	return alloc_printf(e, "%llu files, %llu reports, %llu entries\n",
	    (unsigned long long)st.files, (unsigned long long)st.reports,
	    (unsigned long long)st.entries);
}

static int
pstats_files(struct sp_err *e)
{
	struct sp_pstats_export_opts o;

	memset(&o, 0, sizeof o);
	o.output = alloc_outdir("p.prof");
	if (psexport(&o, "calls.sps", e) < 0)
		return -1;
	/* the call log on file, without call paths */
	o.output = alloc_outdir("q.prof");
	o.no_call_paths = 1;
	o.mem_limit = 64;
	if (psexport(&o, "calls.sps", e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* Standard output to out/stdout, read back at the end. */
static int
psexport_print(const char *in, int paths, struct sp_err *e)
{
	struct sp_pstats_export_opts o;
	int rc;

	memset(&o, 0, sizeof o);
	o.print = 1;
	o.sort = SP_PSTATS_CUMULATIVE;
	o.top = -1;
	o.no_call_paths = !paths;
	o.root = paths ? NULL : "<root>";
	if (alloc_stdout_begin(alloc_outdir("stdout"), e) < 0)
		return -1;
	rc = psexport(&o, in, e);
	alloc_stdout_end();
	if (rc == 0)
		rc = alloc_slurp(alloc_outdir("stdout"), e);
	unlink(alloc_outdir("stdout"));
	return rc;
}

static int
pstats_print(struct sp_err *e)
{
	if (psexport_print("calls.sps", 1, e) < 0 ||
	    psexport_print("calls.sps", 0, e) < 0)
		return -1;
	return 0;
}

/* --print of a .prof: sp_marshal_load_prof, then the report. */
static int
pstats_prof(struct sp_err *e)
{
	return psexport_print("in_one_rank0.prof", 1, e);
}

static int
speedscope(struct sp_err *e)
{
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct sp_reader *r;
	int fd, rc;

	memset(&o, 0, sizeof o);
	o.output = alloc_outdir("s.speedscope.json");
	o.exporter = "alloc";
	o.max_size = 100;
	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_speedscope_export_run(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	if (alloc_printf(e, "%llu documents\n",
	    (unsigned long long)st.documents) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* More frames than the first frame table holds. */
static int
speedscope_frames(struct sp_err *e)
{
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct sp_reader *r;
	int fd, rc;

	memset(&o, 0, sizeof o);
	o.output = alloc_outdir("frames.speedscope.json");
	o.exporter = "alloc";
	o.unit_ns = 1;
	if ((r = open_input("frames.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_speedscope_export_run(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* What flame_export_in draws: the export options it sets. */
enum flame_mode {
	FLAME_SVG,		/* the static graph */
	FLAME_FOLDED,
	FLAME_INTERACTIVE,
	FLAME_BUDGETED,		/* interactive, 16 nodes at most */
	FLAME_DIFF,		/* the static diff, per rank */
	FLAME_DIFF_INTERACTIVE,	/* ranks merged, every diff option on */
	FLAME_DIFF_FOLDED,
};

static int
flame_export_in(const char *in, enum flame_mode mode, double threshold,
    struct sp_err *e)
{
	struct sp_flame_export_opts o;
	struct sp_flame_export_stats st;
	struct sp_reader *r;
	int fd, rc;
	int folded = mode == FLAME_FOLDED || mode == FLAME_DIFF_FOLDED;

	memset(&o, 0, sizeof o);
	sp_flame_opts_init(&o.svg);
	o.output = alloc_outdir(folded ? "f.folded" : "f.svg");
	o.folded = folded;
	o.lanes = mode == FLAME_FOLDED;
	o.svg.title = "Flame <graph>";
	o.interactive = mode == FLAME_INTERACTIVE || mode == FLAME_BUDGETED ||
	    mode == FLAME_DIFF_INTERACTIVE;
	o.diff = mode >= FLAME_DIFF;
	o.max_nodes = mode == FLAME_BUDGETED ? 16 : SP_FLAME_MAX_NODES_DEFAULT;
	if (mode == FLAME_DIFF_INTERACTIVE) {
		o.merge_ranks = 1;
		o.d.by = SP_FLAME_DELTA_TOTAL;
		o.d.normalize = o.d.negate = o.d.before_widths = 1;
		o.d.min_delta = 5;
	}
	if (mode == FLAME_DIFF_FOLDED)
		o.d.normalize = 1;
	if (threshold > 0)
		o.svg.threshold = threshold;
	if ((r = open_input(in, &fd, e)) == NULL)
		return -1;
	rc = sp_flame_export_run(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	if (alloc_printf(e, "%llu graphs\n", (unsigned long long)st.graphs) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

static int
flame_svg(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_SVG, 0, e);
}

static int
flame_folded(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_FOLDED, 0, e);
}

/* Frames under 1 % of the graph merged into "[other]". */
static int
flame_other(struct sp_err *e)
{
	return flame_export_in("frames.sps", FLAME_SVG, 0.01, e);
}

static int
flame_interactive(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_INTERACTIVE, 0, e);
}

/* 41 nodes, more than a budget of 16 keeps: the rest are merged. */
static int
flame_budgeted(struct sp_err *e)
{
	return flame_export_in("frames.sps", FLAME_BUDGETED, 0.01, e);
}

/* The stream's two runs: the first run's trees wait for the second. */
static int
flame_diff(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_DIFF, 0, e);
}

static int
flame_diff_interactive(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_DIFF_INTERACTIVE, 0, e);
}

static int
flame_diff_folded(struct sp_err *e)
{
	return flame_export_in("calls.sps", FLAME_DIFF_FOLDED, 0, e);
}

static int
json_export(const char *in, const char *out, uint64_t buffer,
    struct sp_err *e)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	struct sp_reader *r;
	int fd, rc;

	memset(&o, 0, sizeof o);
	o.output = alloc_outdir(out);
	o.indent = 1;
	o.level = 6;
	o.buffer = buffer;
	o.tmpdir = alloc_tmpdir();
	o.exporter = "alloc";
	if ((r = open_input(in, &fd, e)) == NULL)
		return -1;
	rc = sp_json_export_run(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	return alloc_printf(e, "%llu documents\n",
	    (unsigned long long)st.documents);
}

static int
json_doc(struct sp_err *e)
{
	if (json_export("intervals.sps", "i.json", 0, e) < 0 ||
	    json_export("calls.sps", "c.json", 0, e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* A budget of a few bytes: every rank's calls go to the file. */
static int
json_spilled(struct sp_err *e)
{
	if (json_export("intervals.sps", "s.json.gz", 16, e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* Side payloads (in time order), and a file-order stream written live. */
static int
json_sides(struct sp_err *e)
{
	if (json_export("likwid.sps", "likwid.json", 0, e) < 0 ||
	    json_export("lines.sps", "lines.json", 0, e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

static int
json_lines(struct sp_err *e)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	struct sp_reader *r;
	int fd, rc;

	memset(&o, 0, sizeof o);
	o.output = alloc_outdir("calls.ndjson");
	o.level = 6;
	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_json_export_lines(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/*
 * sp-trace: out/NAME per run (the first run's file named late, when the
 * second comes), with the notices it gives.
 */
static void
trace_note(void *ctx, enum sp_trace_export_note what, const char *label,
    const char *path, uint64_t value)
{
	struct sp_err *e = ctx;

	(void)alloc_printf(e, "note %d %s %s %llu\n", (int)what, label, path,
	    (unsigned long long)value);
}

static int
trace_export(const char *in, const char *out,
    const struct sp_trace_export_opts *oo,
    struct sp_err *e)
{
	struct sp_trace_export_opts o = *oo;
	struct sp_trace_export_stats st;
	struct sp_reader *r;
	int fd, rc;

	o.output = alloc_outdir(out);
	o.tmpdir = alloc_tmpdir();
	o.exporter = "alloc";
	o.level = 6;
	o.note = trace_note;
	o.note_ctx = e;
	if ((r = open_input(in, &fd, e)) == NULL)
		return -1;
	rc = sp_trace_export_run(r, &o, &st, e);
	close_input(r, fd);
	if (rc < 0)
		return -1;
	if (alloc_printf(e, "%llu traces, %llu slices, %llu dropped, "
	    "%llu bytes, %llu spilled\n", (unsigned long long)st.traces,
	    (unsigned long long)st.slices, (unsigned long long)st.dropped,
	    (unsigned long long)st.bytes, (unsigned long long)st.spilled) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* Protobuf with every argument the stream has (sources, ids, metadata). */
static int
trace_proto(struct sp_err *e)
{
	struct sp_trace_export_opts o;

	memset(&o, 0, sizeof o);
	o.format = SP_TRACE_EXPORT_PROTO;
	o.max_size = 100;
	return trace_export("calls.sps", "t.pftrace", &o, e);
}

/* JSON, gzip; each rank's first call at 0, through the spool in memory. */
static int
trace_json(struct sp_err *e)
{
	struct sp_trace_export_opts o;

	memset(&o, 0, sizeof o);
	o.format = SP_TRACE_EXPORT_JSON;
	o.align = SP_TRACE_EXPORT_ALIGN_START;
	return trace_export("calls.sps", "t.json.gz", &o, e);
}

/*
 * Aligned on a region through a spool of a few bytes (every rank's calls
 * on its temporary file), short calls dropped: protobuf, then JSON.
 */
static int
trace_spilled(struct sp_err *e)
{
	struct sp_trace_export_opts o;

	memset(&o, 0, sizeof o);
	o.format = SP_TRACE_EXPORT_PROTO;
	o.align = SP_TRACE_EXPORT_ALIGN_REGION;
	o.align_region = "solve";
	o.buffer = 16;
	o.min_duration_ns = 200;
	if (trace_export("calls.sps", "a.pftrace", &o, e) < 0)
		return -1;
	o.format = SP_TRACE_EXPORT_JSON;
	return trace_export("calls.sps", "a.trace.json", &o, e);
}

/* 40 names interned one by one, without arguments. */
static int
trace_frames(struct sp_err *e)
{
	struct sp_trace_export_opts o;

	memset(&o, 0, sizeof o);
	o.no_args = 1;
	if (trace_export("frames.sps", "f.pftrace", &o, e) < 0)
		return -1;
	o.format = SP_TRACE_EXPORT_JSON;
	return trace_export("frames.sps", "f.json", &o, e);
}

/* --- the pieces below the exporters --- */

static const struct sp_pstats_region pregs[] = {
	{ "main", "app.py", 10, 1 }, { "solve", "app.py", 20, 1 },
	{ "io", NULL, 0, 0 },
};

/* The calls of lane_a and lane_b as one rank's two lanes. */
static int
feed(struct sp_pstats *p, const struct call *c, size_t n, struct sp_err *e)
{
	int64_t open_self[8], open_end[8], open_start[8];
	size_t i, top = 0;

	for (i = 0; i <= n; i++) {
		uint32_t d = i < n ? c[i].depth : 0;

		while (top > d) {
			top--;
			if (sp_pstats_leave(p, open_end[top] - open_start[top] -
			    open_self[top], e) < 0)
				return -1;
			if (top > 0)
				open_self[top - 1] += open_end[top] -
				    open_start[top];
		}
		if (i == n)
			break;
		if (sp_pstats_enter(p, c[i].region, c[i].start, c[i].end,
		    (int64_t)i, e) < 0)
			return -1;
		open_start[top] = c[i].start;
		open_end[top] = c[i].end;
		open_self[top++] = 0;
	}
	return sp_pstats_end_lane(p, e);
}

static struct sp_prof *
build(int no_call_paths, size_t mem_limit, struct sp_err *e)
{
	struct sp_pstats_opts o;
	struct sp_pstats *p;
	struct sp_prof *d = NULL;

	memset(&o, 0, sizeof o);
	o.no_call_paths = no_call_paths;
	o.root = "<run rank 0>";
	o.mem_limit = mem_limit;
	if ((p = sp_pstats_new(&o, 3, pregs, NULL, e)) == NULL)
		return NULL;
	if (feed(p, lane_a, 5, e) == 0 && feed(p, lane_b, 3, e) == 0)
		d = sp_pstats_finish(p, e);
	sp_pstats_free(p);
	return d;
}

/* Builder, marshal, its reader, the report, with and without paths. */
static int
pstats(struct sp_err *e)
{
	struct sp_prof *d = NULL, *back = NULL;
	int paths, rc = -1;

	for (paths = 0; paths < 2; paths++) {
		if ((d = build(!paths, paths ? 0 : 64, e)) == NULL)
			goto out;
		if (sp_marshal_write_prof(d, alloc_write, NULL, e) < 0 ||
		    sp_pstats_report_write(d, NULL, SP_PSTATS_TOTTIME, 3,
		    alloc_write, NULL, e) < 0)
			goto out;
		sp_prof_free(d);
		d = NULL;
	}
	back = sp_marshal_load_prof(alloc_in("in_one_rank0.prof"), e);
	if (back == NULL || sp_pstats_report_write(back, "title",
	    SP_PSTATS_NAME, -1,
	    alloc_write, NULL, e) < 0)
		goto out;
	/*
	 * What CPython's marshal writes, versions 0 to 4 (references), of
	 * dicts at the edges of what sp reads: refused (SP_EDATA) or not.
	 */
	for (paths = 0; paths < 7; paths++) {
		static const char *const profs[7] = { "edge-dict-v0.prof",
			"edge-dict-v1.prof", "edge-dict-v2.prof",
			"edge-dict-v3.prof", "edge-dict-v4.prof",
			"fuzz-20e96baec394", "fuzz-4b4d14d97d63" };
		struct sp_err why;
		char in[1024];

		snprintf(in, sizeof in, "%s/marshal/%s", SP_CORPUS,
		    profs[paths]);
		sp_prof_free(back);
		if ((back = sp_marshal_load_prof(in, &why)) == NULL) {
			if (why.status != SP_EDATA) {
				*e = why;
				goto out;
			}
			if (alloc_printf(e, "v%d: %s\n", paths,
			    strstr(why.msg, "marshal/")) < 0)
				goto out;
		} else if (sp_pstats_report_write(back, NULL, SP_PSTATS_CALLS,
		    -1, alloc_write, NULL, e) < 0) {
			goto out;
		}
	}
	rc = 0;
out:
	sp_prof_free(d);
	sp_prof_free(back);
	return rc;
}

/* A log past its memory: on file, replayed in the global order. */
static int
replay_rec(void *ctx, const struct sp_calllog_rec *r, struct sp_err *e)
{
	(void)ctx;
	return alloc_printf(e, "%lld %lld %u %lld\n", (long long)r->start,
	    (long long)r->end, r->region, (long long)r->self);
}

static int
calllog(struct sp_err *e)
{
	static const uint32_t order[] = { 0, 1, 2 };
	struct sp_calllog *l = sp_calllog_new(64, order);
	struct sp_calllog_rec r;
	int64_t k;
	int lane, i, rc = -1;

	if (l == NULL)
		return alloc_nomem(e, "sp_calllog_new");
	memset(&r, 0, sizeof r);
	for (lane = 0; lane < 3; lane++) {
		for (i = 0; i < 40; i++) {
			r.start = i * 10 + lane;
			r.end = r.start + 5;
			r.call = i;
			r.region = (uint32_t)(i % 3);
			if ((k = sp_calllog_append(l, &r, e)) < 0 ||
			    sp_calllog_set_self(l, k, 5 - lane, e) < 0)
				goto out;
		}
		if (sp_calllog_end_lane(l, e) < 0)
			goto out;
	}
	if (!sp_calllog_spilled(l)) {
		sp_fail(e, SP_EDATA, "wrong: the log stayed in memory");
		goto out;
	}
	rc = sp_calllog_replay(l, replay_rec, NULL, e);
out:
	sp_calllog_free(l);
	return rc;
}

/* The graph of a built dict, every option on; then the same budgeted. */
static int
flame(struct sp_err *e)
{
	struct sp_flame_opts o;
	struct sp_flame_stats st;
	struct sp_prof *d;
	int rc = -1;

	if ((d = build(0, 0, e)) == NULL)
		return -1;
	sp_flame_opts_init(&o);
	o.title = "t & <u>";
	if (sp_flame_render(d, &o, alloc_write, NULL, &st, e) < 0)
		goto out;
	o.max_frames = 3;
	o.title = NULL;
	o.fixed_width = 1;
	o.gaps = 1;
	if (sp_flame_render(d, &o, alloc_write, NULL, &st, e) < 0)
		goto out;
	rc = alloc_printf(e, "%zu frames\n", st.frames);
out:
	sp_prof_free(d);
	return rc;
}

/*
 * A call-path tree of two lanes, the second with a prefix frame: a
 * recursion 40 deep, then siblings (shift renumbers the regions, so that
 * two trees differ).
 */
static struct sp_flame_tree *
fold_tree(uint32_t shift, struct sp_err *e)
{
	struct sp_flame_tree *t = sp_flame_tree_new();
	int lane, i;

	if (t == NULL) {
		alloc_nomem(e, "sp_flame_tree_new");
		return NULL;
	}
	for (lane = 0; lane < 2; lane++) {
		if (sp_flame_tree_lane(t, lane ? "worker;x" : NULL, e) < 0)
			goto fail;
		for (i = 0; i < 40; i++)
			if (sp_flame_tree_enter(t, (uint32_t)(i + shift) % 3,
			    e) < 0)
				goto fail;
		for (i = 0; i < 40; i++)
			if (sp_flame_tree_leave(t, i + 1, e) < 0)
				goto fail;
		for (i = 0; i < 20; i++)
			if (sp_flame_tree_enter(t, (uint32_t)(i % 3), e) < 0 ||
			    sp_flame_tree_leave(t, 7 + shift, e) < 0)
				goto fail;
	}
	return t;
fail:
	sp_flame_tree_free(t);
	return NULL;
}

static int
fold(struct sp_err *e)
{
	struct sp_flame_tree *t = fold_tree(0, e);
	int rc;

	if (t == NULL)
		return -1;
	rc = sp_flame_fold_write(t, regions, 3, alloc_write, NULL, e);
	sp_flame_tree_free(t);
	return rc;
}

/* Two trees laid flat and paired, drawn every tree-drawn way. */
static int
flat_draw(const struct sp_flame_flat *f, struct sp_err *e)
{
	struct sp_flame_diff_opts d;
	struct sp_flame_page_opts p;
	struct sp_flame_diff_svg_opts s;

	memset(&d, 0, sizeof d);
	memset(&p, 0, sizeof p);
	p.width = 1200;
	p.row_height = 16;
	p.font_size = 12;
	p.max_frames = 50;
	p.max_nodes = 30;
	p.title = "a & b";
	p.labels[0] = "before";
	p.labels[1] = "after";
	p.diff = &d;
	if (sp_flame_page_write(f, &p, alloc_write, NULL, NULL, e) < 0)
		return -1;
	memset(&s, 0, sizeof s);
	s.width = 1200;
	s.row_height = 16;
	s.font_size = 12;
	s.threshold = 0.001;
	s.max_frames = 20;
	s.title = "a & b";
	s.labels[0] = "before";
	s.labels[1] = "after";
	s.diff = &d;
	if (sp_flame_diff_svg_write(f, &s, alloc_write, NULL, NULL, e) < 0)
		return -1;
	return sp_flame_diff_fold_write(f, 1, alloc_write, NULL, e);
}

static int
flat(struct sp_err *e)
{
	struct sp_flame_side s[2] = { { NULL, regions, 3 },
		{ NULL, regions, 3 } };
	struct sp_flame_flat *f = NULL;
	int rc = -1;

	if ((s[0].tree = fold_tree(0, e)) == NULL ||
	    (s[1].tree = fold_tree(1, e)) == NULL)
		goto out;
	if ((f = sp_flame_flat_new(s, 2, "<before -> after>", e)) == NULL)
		goto out;
	rc = flat_draw(f, e);
out:
	sp_flame_flat_free(f);
	sp_flame_tree_free((struct sp_flame_tree *)s[0].tree);
	sp_flame_tree_free((struct sp_flame_tree *)s[1].tree);
	return rc;
}

/* --- sp-scale: a series and every writer --- */

static int
scale_feed(struct sp_scale *s, struct sp_err *e)
{
	static const char *const names[] = { "a", "b", "c", "d", "e" };
	struct sp_scale_val t = { 0, 1 }, imb = { 0.5, 1 };
	char x[16];
	int p, k;

	for (p = 1; p <= 16; p *= 2) {
		snprintf(x, sizeof x, "%d", p);
		if (sp_scale_run(s, p, x, e) < 0 ||
		    sp_scale_put_whole(s, t, e) < 0)
			return -1;
		for (k = 0; k < 5; k++) {
			t.v = (k + 1.) / p + 0.01 * k;
			if (sp_scale_put(s, names[k], 1, t, imb, e) < 0)
				return -1;
		}
	}
	return 0;
}

static int
scale_write(struct sp_err *e)
{
	struct sp_scale_opts o = { SP_SCALE_STRONG, 0 };
	struct sp_scale_runinfo runs[] = { { "r1", "1" } };
	struct sp_scale_report rep = { SP_SCALE_STRONG, SP_SCALE_SLOWEST,
		SP_SCALE_PLOT_SPEEDUP, 0, "num_ranks", "MPI ranks", runs, 1,
		2 };
	struct sp_scale *s = sp_scale_new(e);
	int f, rc = -1;

	if (s == NULL || scale_feed(s, e) < 0 ||
	    sp_scale_compute(s, &o, e) < 0 ||
	    sp_scale_text_write(s, &rep, alloc_write, NULL, e) < 0 ||
	    sp_scale_svg_write(s, &rep, alloc_write, NULL, e) < 0)
		goto out;
	for (f = SP_SCALE_EMIT_JSON; f <= SP_SCALE_EMIT_TSV; f++)
		if (sp_scale_emit_write(s, &rep, (enum sp_scale_emit_format)f,
		    0, alloc_write, NULL, e) < 0 ||
		    sp_scale_emit_write(s, &rep, (enum sp_scale_emit_format)f,
		    1, alloc_write, NULL, e) < 0)
			goto out;
	rc = 0;
out:
	sp_scale_free(s);
	return rc;
}

/* --- sp-stats --- */

static int
stats_rank1(void *ctx, uint32_t rank)
{
	(void)ctx;
	return rank == 1;
}

static int
stats_no_io(void *ctx, const char *name, size_t len)
{
	(void)ctx;
	return !(len >= 2 && memcmp(name, "io", 2) == 0);
}

/* One report per run of calls.sps, named from base, then the files. */
static int
stats_export(struct sp_stats_export_opts *o, const char *base,
    struct sp_err *e)
{
	struct sp_reader *r;
	int fd, rc;

	o->common.output = alloc_outdir(base);
	o->cwd = "/";
	o->common.tmpdir = alloc_tmpdir();
	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_stats_export_run(r, o, e);
	close_input(r, fd);
	return rc;
}

static void
stats_opts(struct sp_stats_export_opts *o)
{
	memset(o, 0, sizeof *o);
	o->top = -1;
	o->max_depth = -1;
	o->common.mem = 32u << 20;
}

/* The text table: the call tree, its notes; with a filter, one rank. */
static int
stats_text(struct sp_err *e)
{
	struct sp_stats_export_opts o;

	stats_opts(&o);
	if (stats_export(&o, "a.txt", e) < 0)
		return -1;
	o.common.rank_ok = stats_rank1;
	o.common.keep = stats_no_io;
	o.pmode = SP_STATS_PCT_EXCLUSIVE;
	o.columns = "region,ranks,calls,percent,total,p95,imbalance";
	o.sort = "total";
	if (stats_export(&o, "b.txt", e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/*
 * The records of every view, exact with a buffer of 64 bytes (every
 * store and pool on the temporary file), and by region and by path
 * with --approx (the sweep's time grows with the square of the work).
 */
static int
stats_records(struct sp_err *e)
{
	static const struct {
		enum sp_stats_format f;
		enum sp_stats_by by;
		int paths;
		const char *base;
	} v[] = {
		{ SP_STATS_JSON, SP_STATS_BY_REGION, 0, "r.json" },
		{ SP_STATS_NDJSON, SP_STATS_BY_RANK, 0, "k.ndjson" },
		{ SP_STATS_CSV, SP_STATS_BY_LANE, 0, "l.csv" },
		{ SP_STATS_TSV, SP_STATS_BY_REGION, 1, "p.tsv" },
	};
	struct sp_stats_export_opts o;
	char base[32];
	size_t i;
	int approx;

	for (approx = 0; approx < 2; approx++)
		for (i = 0; i < sizeof v / sizeof v[0]; i++) {
			if (approx && v[i].by != SP_STATS_BY_REGION)
				continue;
			stats_opts(&o);
			o.format = v[i].f;
			o.by = v[i].by;
			o.call_paths = v[i].paths;
			o.approx = approx;
			o.common.mem = 64;
			snprintf(base, sizeof base, "%s%s", approx ? "a" : "",
			    v[i].base);
			if (stats_export(&o, base, e) < 0)
				return -1;
		}
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* The comparison of calls.sps's two runs, into base. */
static int
diff_export(struct sp_diff_export_opts *o, const char *base,
    struct sp_err *e)
{
	struct sp_reader *r;
	int fd, rc;

	o->common.output = alloc_outdir(base);
	o->common.tmpdir = alloc_tmpdir();
	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_diff_export_run(r, o, NULL, e);
	close_input(r, fd);
	return rc;
}

/*
 * sp-diff's documents: the default text; per-call samples (every key
 * tested, its durations handed out by the run and sorted back) with a
 * buffer of 64 bytes, everything on the temporary file; call paths in
 * JSON; ranks in CSV; the gate in Markdown.
 */
static int
diff(struct sp_err *e)
{
	static const struct {
		enum sp_diff_format f;
		enum sp_diff_metric m;
		enum sp_diff_keys k;
		uint64_t mem;
		const char *base;
	} v[] = {
		{ SP_DIFF_TEXT, SP_DIFF_TOTAL, SP_DIFF_BY_REGION, 32u << 20,
		    "d.txt" },
		{ SP_DIFF_TEXT, SP_DIFF_P95, SP_DIFF_BY_REGION, 64, "c.txt" },
		{ SP_DIFF_JSON, SP_DIFF_AVG, SP_DIFF_BY_PATH, 64, "p.json" },
		{ SP_DIFF_CSV, SP_DIFF_SELF, SP_DIFF_BY_RANK, 32u << 20,
		    "k.csv" },
		{ SP_DIFF_MARKDOWN, SP_DIFF_MAX, SP_DIFF_BY_REGION, 32u << 20,
		    "g.md" },
	};
	struct sp_diff_export_opts o;
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		memset(&o, 0, sizeof o);
		o.format = v[i].f;
		o.metric = v[i].m;
		o.keys = v[i].k;
		o.common.mem = v[i].mem;
		o.rows.threshold = -1;
		o.rows.alpha = 0.05;
		o.rows.min_samples = 1;
		if (v[i].f == SP_DIFF_MARKDOWN) {
			o.rows.budget = SP_DIFF_BUDGET_PCT;
			o.rows.max = 5;
			o.rows.fail_on_new = 1;
		}
		if (diff_export(&o, v[i].base, e) < 0)
			return -1;
	}
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

/* The page of calls.sps's two runs, into base. */
static int
report_export(struct sp_report_export_opts *o, const char *base,
    struct sp_err *e)
{
	struct sp_reader *r;
	int fd, rc;

	o->common.output = alloc_outdir(base);
	o->cwd = "/";
	o->common.tmpdir = alloc_tmpdir();
	if ((r = open_input("calls.sps", &fd, e)) == NULL)
		return -1;
	rc = sp_report_export_run(r, o, NULL, e);
	close_input(r, fd);
	return rc;
}

/*
 * sp-report's page: by default; then with a title to escape, one rank,
 * a region filtered out, a buffer of 64 bytes (the call paths on the
 * temporary file) and the table cut to 2 rows.
 */
static int
report(struct sp_err *e)
{
	struct sp_report_export_opts o;

	memset(&o, 0, sizeof o);
	o.common.mem = 32u << 20;
	if (report_export(&o, "a.html", e) < 0)
		return -1;
	o.title = "<t&\"itle>";
	o.common.rank_ok = stats_rank1;
	o.common.keep = stats_no_io;
	o.common.mem = 64;
	o.rows = 2;
	if (report_export(&o, "b.html", e) < 0)
		return -1;
	return alloc_slurp_dir(alloc_outdir(NULL), e);
}

const struct alloc_scenario alloc_export[] = {
	/*
	 * sp_export_quoted degrades on purpose: without memory it gives
	 * "'?'" (it is for messages), once per rank of the toy.
	 */
	{ "export/front", setup, front, 8 },
	{ "export/front-single", setup, front_single, 1 },
	{ "export/names", NULL, names, 0 },
	{ "export/pstats-files", setup, pstats_files, 0 },
	{ "export/pstats-print", setup, pstats_print, 0 },
	{ "export/pstats-prof", setup, pstats_prof, 0 },
	{ "export/speedscope", setup, speedscope, 0 },
	{ "export/flame-svg", setup, flame_svg, 0 },
	{ "export/flame-folded", setup, flame_folded, 0 },
	{ "export/flame-other", setup, flame_other, 0 },
	{ "export/flame-interactive", setup, flame_interactive, 0 },
	{ "export/flame-budgeted", setup, flame_budgeted, 0 },
	{ "export/flame-diff", setup, flame_diff, 0 },
	{ "export/flame-diff-interactive", setup, flame_diff_interactive, 0 },
	{ "export/flame-diff-folded", setup, flame_diff_folded, 0 },
	{ "export/speedscope-frames", setup, speedscope_frames, 0 },
	{ "export/json-sides", setup, json_sides, 0 },
	{ "export/json", setup, json_doc, 0 },
	{ "export/json-spilled", setup, json_spilled, 0 },
	{ "export/json-lines", setup, json_lines, 0 },
	{ "export/trace-proto", setup, trace_proto, 0 },
	{ "export/trace-json", setup, trace_json, 0 },
	{ "export/trace-spilled", setup, trace_spilled, 0 },
	{ "export/trace-frames", setup, trace_frames, 0 },
	{ "export/pstats", setup, pstats, 0 },
	/*
	 * sp_stats_seq_compute degrades on purpose: a group's durations
	 * that cannot be loaded whole are read in passes (the same
	 * numbers), once per group whose load fails.
	 */
	{ "export/stats-text", setup, stats_text, 14 },
	{ "export/stats-records", setup, stats_records, 35 },
	/* the runs' statistics under sp-diff degrade as sp-stats' do */
	{ "export/diff", setup, diff, 10 },
	/* the runs' statistics under sp-report degrade as sp-stats' do */
	{ "export/report", setup, report, 28 },
	{ "export/calllog", NULL, calllog, 0 },
	{ "export/flame", NULL, flame, 0 },
	{ "export/fold", NULL, fold, 0 },
	{ "export/flame-flat", NULL, flat, 0 },
	{ "export/scale", NULL, scale_write, 0 },
	{ NULL, NULL, NULL, 0 },
};
