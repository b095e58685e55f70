/*
 * fuzz-export - the export layer: every exporter of a call stream, each
 * through the library entry point its program calls, and so through the
 * front end they share (sp_export.h).
 *
 * The input is four bytes of choices and an sp stream:
 *
 *   byte 0  the exporter: sp-stats, sp-trace, sp-flame, sp-json,
 *           sp-json --lines, sp-speedscope, sp-pstats, sp-scale, sp-diff,
 *           sp-report (modulo 10)
 *   byte 1  its options (the bits as each exporter below reads them)
 *   byte 2  more of its options
 *   byte 3  where the outputs go (modulo 4): standard output (a memfd
 *           put on descriptor 1 for the call), a base path DIR/out, an
 *           existing directory DIR (the DIR/ form), or DIR/out.gz (the
 *           gzip writers of sp-json and sp-trace; DIR/out for the rest)
 *   rest    the stream, read from a memfd as the programs read their
 *           standard input
 *
 * Outputs and spill files go to directories under a scratch directory
 * of the process ($TMPDIR, else /tmp), emptied after each input.
 *
 * Invariants checked (abort when broken): no exporter leaves a
 * temporary output file (a hidden ".NAME.XXXXXX") behind, whether it
 * succeeds or fails (sp_tmpfiles.h); no spill file is left in the
 * temporary directory (spill files are unlinked at once, sp_spill.h).
 */
#include "fuzz.h"

#include <fcntl.h>

#include "sp_diff_export.h"
#include "sp_filter.h"
#include "sp_flame_export.h"
#include "sp_flame_page.h"
#include "sp_json_export.h"
#include "sp_pstats_export.h"
#include "sp_ranks.h"
#include "sp_report_export.h"
#include "sp_scale_export.h"
#include "sp_speedscope_export.h"
#include "sp_stats_export.h"
#include "sp_trace_export.h"

enum { EXPORTERS = 10 };

/* Where a call writes: its output argument, the spill directory. */
struct where {
	const char *output;	/* NULL: standard output */
	const char *out_dir;	/* the directory of the files, or NULL */
	const char *tmpdir;
};

/* The region filter and rank selection sp-stats takes (-x, -r). */
static int
keep(void *ctx, const char *name, size_t len)
{
	return sp_filter_keep(ctx, name, len);
}

static int
rank_ok(void *ctx, uint32_t rank)
{
	return sp_ranks_has(ctx, rank);
}

static void
stats_notice(void *ctx, const char *msg)
{
	(void)ctx;
	(void)msg;
}

static int
run_stats(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	static const char *const sorts[8] = { NULL, "name", "total", "p95",
		"imbalance", "self", "calls", "wall" };
	struct sp_stats_export_opts o;
	struct sp_filter *f = sp_filter_new();
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_reader *r = NULL;
	int rc = -1;

	if (f == NULL || rk == NULL)
		abort();
	memset(&o, 0, sizeof o);
	o.common.output = w->output;
	o.format = (enum sp_stats_format)(b1 % 5);
	o.by = (enum sp_stats_by)(b1 / 5 % 3);
	o.call_paths = (b1 & 0x20) != 0;
	o.approx = (b1 & 0x40) != 0;
	o.common.mem = b1 & 0x80 ? 64 : 32000000;	/* 64 bytes: durations spill */
	o.sort = sorts[b2 & 7];
	o.top = b2 & 0x08 ? 2 : -1;
	o.pmode = b2 & 0x10 ? SP_STATS_PCT_EXCLUSIVE :
	    SP_STATS_PCT_COVERAGE;
	o.suppress_notes = (b2 & 0x20) != 0;
	o.title = b2 & 0x40 ? "t\xc3\xa9tle \"x\"" : NULL;
	o.cwd = "/fuzz";
	o.common.tmpdir = w->tmpdir;
	o.notice = stats_notice;
	if (b2 & 0x80) {	/* -x 'w' -r 0,2-3 */
		if (sp_filter_exclude(f, "w", e) < 0 ||
		    sp_ranks_add(rk, "0,2-3", e) < 0)
			abort();
		o.common.keep = keep;
		o.common.keep_ctx = f;
		o.common.rank_ok = rank_ok;
		o.common.rank_ctx = rk;
	}
	if (sp_stats_export_check(&o, e) == 0 &&
	    (r = sp_reader_new(in, "in", e)) != NULL)
		rc = sp_stats_export_run(r, &o, e);
	sp_reader_free(r);
	sp_filter_free(f);
	sp_ranks_free(rk);
	return rc;
}

static int
run_scale(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_scale_export_opts o;
	struct sp_filter *f = sp_filter_new();
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_reader *r = NULL;
	int rc = -1;

	if (f == NULL || rk == NULL)
		abort();
	memset(&o, 0, sizeof o);
	o.common.output = w->output;
	o.format = (enum sp_scale_format)(b1 % SP_SCALE_FORMATS);
	o.measure = (enum sp_scale_measure)(b1 / 6 % SP_SCALE_MEASURES);
	o.mode = b1 & 0x80 ? SP_SCALE_WEAK : SP_SCALE_STRONG;
	o.plot = (enum sp_scale_plot)((b2 & 1) + (b1 & 0x80 ? 2 : 0));
	o.plot_given = (b2 & 0x40) != 0;
	o.plot_data = (b2 & 0x20) != 0 && (o.format == SP_SCALE_CSV ||
	    o.format == SP_SCALE_JSON);
	o.x = (enum sp_scale_x_field)(b2 >> 1 & 7) % (SP_SCALE_X_KEY + 1);
	o.x_key = b2 & 0x10 ? "case" : "mpi_size";
	o.work = b1 & 0x80 && b2 & 0x10 ? "mpi_size" : NULL;
	o.top = b2 & 0x08 ? 1 : 0;
	o.common.mem = b1 & 0x40 ? 64 : 32000000;	/* 64 bytes: durations spill */
	o.common.tmpdir = w->tmpdir;
	if (b2 & 0x80) {	/* -x 'w' -r 0,2-3 */
		if (sp_filter_exclude(f, "w", e) < 0 ||
		    sp_ranks_add(rk, "0,2-3", e) < 0)
			abort();
		o.common.keep = keep;
		o.common.keep_ctx = f;
		o.common.rank_ok = rank_ok;
		o.common.rank_ctx = rk;
	}
	if (sp_scale_export_check(&o, e) == 0 &&
	    (r = sp_reader_new(in, "in", e)) != NULL)
		rc = sp_scale_export_run(r, &o, NULL, e);
	sp_reader_free(r);
	sp_filter_free(f);
	sp_ranks_free(rk);
	return rc;
}

static void
trace_note(void *ctx, enum sp_trace_export_note what, const char *label,
    const char *path, uint64_t value)
{
	(void)ctx;
	(void)what;
	(void)label;
	(void)path;
	(void)value;
}

static int
run_trace(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_trace_export_opts o;
	struct sp_trace_export_stats st;
	struct sp_reader *r;
	int rc;

	memset(&o, 0, sizeof o);
	o.output = w->output;
	o.format = b1 & 1 ? SP_TRACE_EXPORT_JSON : SP_TRACE_EXPORT_PROTO;
	o.align = (enum sp_trace_export_align)(b1 >> 1 & 3) % 3;
	o.align_region = b1 & 0x08 ? "" : "main";
	o.min_duration_ns = b1 & 0x10 ? 5 : 0;
	o.max_size = b1 & 0x20 ? 100 : 0;
	o.no_args = (b1 & 0x40) != 0;
	o.buffer = b1 & 0x80 ? 4096 : 0;	/* 4 KiB: the spool spills */
	o.level = 1 + b2 % 9;
	o.tmpdir = w->tmpdir;
	o.exporter = b2 & 0x10 ? "fuzz\n\"1\"" : NULL;
	o.note = trace_note;
	if ((r = sp_reader_new(in, "in", e)) == NULL)
		return -1;
	rc = sp_trace_export_run(r, &o, &st, e);
	sp_reader_free(r);
	return rc;
}

static void
flame_note(void *ctx, const struct sp_flame_export_note *n)
{
	(void)ctx;
	(void)n;
}

static void
flame_empty(void *ctx, const char *label)
{
	(void)ctx;
	(void)label;
}

/* sp-flame's modes, and what goes with what (cmd/sp-flame.c: check). */
static int
run_flame(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_flame_export_opts o;
	struct sp_flame_export_stats st;
	struct sp_reader *r;
	int mode = b1 & 3, rc;	/* static, interactive, diff, folded */

	memset(&o, 0, sizeof o);
	sp_flame_opts_init(&o.svg);
	o.output = w->output;
	o.max_nodes = b1 & 0x04 ? 3 : SP_FLAME_MAX_NODES_DEFAULT;
	o.max_memory = b2 & 0x80 ? 4096 : 4000000000u;
	o.mem_limit = b2 & 0x40 ? 64 : 0;	/* the call log spills */
	o.note = flame_note;
	o.empty = flame_empty;
	o.interactive = mode == 1;
	o.diff = mode == 2;
	o.folded = mode == 3;
	o.merge_ranks = mode != 0 && (b1 & 0x08) != 0;
	if (mode == 0) {
		o.no_call_paths = (b1 & 0x08) != 0;
		o.svg.gaps = (b1 & 0x04) != 0;
	}
	if (mode == 3)
		o.lanes = (b1 & 0x04) != 0;
	if (mode == 2) {
		o.d.by = b1 & 0x04 ? SP_FLAME_DELTA_TOTAL : SP_FLAME_DELTA_SELF;
		o.d.normalize = (b2 & 0x01) != 0;
		o.d.min_delta = b2 & 0x02 ? 5.0 : 0.0;
		o.d.negate = (b2 & 0x04) != 0;
		o.d.before_widths = (b2 & 0x08) != 0;
	} else if (mode != 3) {
		o.svg.fixed_width = (b2 & 0x01) != 0;
		o.svg.max_frames = b2 & 0x02 ? 2 : SP_FLAME_MAX_FRAMES_DEFAULT;
		o.svg.title = b2 & 0x04 ? "<t&\"itle>" : NULL;
		o.svg.threshold = b2 & 0x08 ? 0.0 : SP_FLAME_THRESHOLD_DEFAULT;
	}
	o.svg.width = b1 & 0x10 ? 1 : b1 & 0x20 ? 1000000 :
	    SP_FLAME_WIDTH_DEFAULT;
	if ((r = sp_reader_new(in, "in", e)) == NULL)
		return -1;
	rc = sp_flame_export_run(r, &o, &st, e);
	sp_reader_free(r);
	return rc;
}

static int
run_json(int in, int lines, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	struct sp_reader *r;
	int rc;

	memset(&o, 0, sizeof o);
	o.output = w->output;
	o.indent = lines || !(b1 & 1) ? -1 : b1 & 2 ? 0 : 2;
	o.level = 1 + b2 % 9;
	o.buffer = b1 & 4 ? 1 : 0;	/* 1 byte: every call spills */
	o.tmpdir = w->tmpdir;
	o.exporter = b1 & 8 ? "fuzz\n\"1\"" : NULL;
	if ((r = sp_reader_new(in, "in", e)) == NULL)
		return -1;
	rc = lines ? sp_json_export_lines(r, &o, &st, e) :
	    sp_json_export_run(r, &o, &st, e);
	sp_reader_free(r);
	return rc;
}

static void
ss_note(void *ctx, enum sp_speedscope_export_note what, const char *label,
    const char *path, uint64_t value)
{
	(void)ctx;
	(void)what;
	(void)label;
	(void)path;
	(void)value;
}

static int
run_speedscope(int in, uint8_t b1, const struct where *w, struct sp_err *e)
{
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	struct sp_reader *r;
	int rc;

	memset(&o, 0, sizeof o);
	o.output = w->output;
	o.name = b1 & 1 ? "n\xc3\xa4me\t\"1\"" : NULL;
	o.exporter = b1 & 2 ? "fuzz" : NULL;
	o.unit_ns = (b1 & 4) != 0;
	o.min_duration_ns = b1 & 8 ? 5 : b1 & 0x10 ? INT64_MAX : 0;
	o.max_size = b1 & 0x20 ? 100 : 400000000;
	o.note = ss_note;
	if ((r = sp_reader_new(in, "in", e)) == NULL)
		return -1;
	rc = sp_speedscope_export_run(r, &o, &st, e);
	sp_reader_free(r);
	return rc;
}

static void
ps_note(void *ctx, enum sp_pstats_export_note what, const char *label,
    uint32_t rank)
{
	(void)ctx;
	(void)what;
	(void)label;
	(void)rank;
}

static int
run_pstats(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_pstats_export_opts o;
	struct sp_pstats_export_stats st;

	memset(&o, 0, sizeof o);
	o.print = (b1 & 1) != 0;
	o.output = o.print ? NULL : w->output != NULL ? w->output : "-";
	o.sort = (enum sp_pstats_sort)(b1 >> 1 & 7) % 5;
	o.top = b1 & 0x10 ? (long)(b2 & 3) : -1;
	o.no_call_paths = (b1 & 0x20) != 0;
	o.no_root = (b1 & 0x40) != 0;
	o.root = !o.no_root && (b1 & 0x80) ? "r\xc3\xb6ot <1>" : NULL;
	o.mem_limit = b2 & 0x40 ? 64 : 0;	/* the call log spills */
	o.max_memory = b2 & 0x80 ? 4096 : 4000000000u;
	o.note = ps_note;
	return sp_pstats_export_run(in, "in", &o, &st, e);
}

/* sp-diff: its format, metric and keys, the split, the gate, spilled
 * durations; options the keys lack are refused as the program does. */
static int
run_diff(int in, uint8_t b1, uint8_t b2, const struct where *w,
    struct sp_err *e)
{
	struct sp_diff_export_opts o;
	struct sp_diff_export_stats st;
	struct sp_filter *f = sp_filter_new();
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_reader *r = NULL;
	int rc = -1;

	if (f == NULL || rk == NULL)
		abort();
	memset(&o, 0, sizeof o);
	o.common.output = w->output;
	o.format = (enum sp_diff_format)(b1 % 6);
	o.metric = (enum sp_diff_metric)(b1 / 6 % SP_DIFF_METRICS);
	o.keys = (enum sp_diff_keys)(b2 & 3) % 3;
	o.rows.sort = (enum sp_diff_sort)(b2 >> 2 & 3) % 3;
	o.sort_given = (b2 & 0x04) != 0;
	o.rows.threshold = b2 & 0x10 ? 1.0 : -1.0;
	o.rows.budget = (enum sp_diff_budget)(b2 >> 5 & 3) % 3;
	o.rows.max = o.rows.budget == SP_DIFF_BUDGET_ABS ? 1e-6 : 5.0;
	o.rows.fail_on_new = (b2 & 0x80) != 0;
	o.rows.alpha = 0.05;
	o.before = b1 & 0x80 ? 1 : 0;
	o.before_label = b1 & 0x40 && !(b1 & 0x80) ? "*[0-9])" : NULL;
	o.approx = (b2 & 0x08) != 0 && (b2 & 0x10) != 0;
	o.common.mem = b2 & 0x08 ? 64 : 32000000;	/* 64 bytes: durations spill */
	o.common.tmpdir = w->tmpdir;
	if ((b1 & 0xc0) == 0xc0) {	/* -x 'w' -r 0,2-3 */
		if (sp_filter_exclude(f, "w", e) < 0 ||
		    sp_ranks_add(rk, "0,2-3", e) < 0)
			abort();
		o.common.keep = keep;
		o.common.keep_ctx = f;
		o.common.rank_ok = rank_ok;
		o.common.rank_ctx = rk;
	}
	if (sp_diff_export_check(&o, e) == 0 &&
	    (r = sp_reader_new(in, "in", e)) != NULL)
		rc = sp_diff_export_run(r, &o, &st, e);
	sp_reader_free(r);
	sp_filter_free(f);
	sp_ranks_free(rk);
	return rc;
}

static void
report_wrote(void *ctx, const char *path)
{
	(void)ctx;
	(void)path;
}

/* sp-report: a title to escape, the filters, the working directory its
 * paths are told from, spilled call paths, the table's rows cut. */
static int
run_report(int in, uint8_t b1, const struct where *w, struct sp_err *e)
{
	struct sp_report_export_opts o;
	struct sp_report_export_stats st;
	struct sp_filter *f = sp_filter_new();
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_reader *r = NULL;
	int rc = -1;

	if (f == NULL || rk == NULL)
		abort();
	memset(&o, 0, sizeof o);
	o.common.output = w->output;
	o.title = b1 & 0x01 ? "<t&\"itle></script>\xc3\xa9" : NULL;
	o.cwd = b1 & 0x02 ? "/fuzz" : NULL;
	o.common.mem = b1 & 0x04 ? 64 : 32000000;	/* 64 bytes: call paths spill */
	o.common.tmpdir = w->tmpdir;
	o.rows = b1 & 0x80 ? 2 : 0;	/* --rows 2: the table cut */
	if (b1 & 0x08)
		o.common.wrote.fn = report_wrote;
	if (b1 & 0x10) {	/* -x 'w' */
		if (sp_filter_exclude(f, "w", e) < 0)
			abort();
		o.common.keep = keep;
		o.common.keep_ctx = f;
	}
	if (b1 & 0x20) {	/* -i 'in' */
		if (sp_filter_include(f, "in", e) < 0)
			abort();
		o.common.keep = keep;
		o.common.keep_ctx = f;
	}
	if (b1 & 0x40) {	/* -r 0,2-3 */
		if (sp_ranks_add(rk, "0,2-3", e) < 0)
			abort();
		o.common.rank_ok = rank_ok;
		o.common.rank_ctx = rk;
	}
	if ((r = sp_reader_new(in, "in", e)) != NULL)
		rc = sp_report_export_run(r, &o, &st, e);
	sp_reader_free(r);
	sp_filter_free(f);
	sp_ranks_free(rk);
	return rc;
}

/* A directory left without hidden files: 1, else 0. */
static int
no_hidden(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int ok = 1;

	if (d == NULL)
		abort();
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] == '.' && strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			ok = 0;
	closedir(d);
	return ok;
}

static int
dir_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	if (d == NULL)
		abort();
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return n == 0;
}

/* The exporter of data[0] with its options, the outputs as data[3] says. */
static void
run_one(int in, const uint8_t *data, const char *top)
{
	/* the exporters that write gzip for a name ending in .gz */
	static const int gz_ok[EXPORTERS] = { 0, 1, 0, 1, 1, 0, 0, 0, 0, 0 };
	struct sp_err e;
	struct where w;
	char out_dir[4200], tmp_dir[4200], base[4300];
	int which = data[0] % EXPORTERS, place = data[3] & 3;
	int saved = -1, out = -1;

	snprintf(out_dir, sizeof out_dir, "%s/out", top);
	snprintf(tmp_dir, sizeof tmp_dir, "%s/tmp", top);
	fuzz_mkdir(out_dir);
	fuzz_mkdir(tmp_dir);
	w.out_dir = out_dir;
	w.tmpdir = tmp_dir;
	w.output = NULL;
	if (place == 1 || place == 3) {
		snprintf(base, sizeof base, "%s/out%s", out_dir,
		    place == 3 && gz_ok[which] ? ".gz" : "");
		w.output = base;
	} else if (place == 2) {
		w.output = out_dir;
	} else {	/* standard output: a memfd for the call */
		out = fuzz_memfd(NULL, 0);
		if ((saved = dup(STDOUT_FILENO)) < 0 ||
		    dup2(out, STDOUT_FILENO) < 0)
			abort();
	}
	sp_err_clear(&e);
	switch (which) {
	case 0:
		run_stats(in, data[1], data[2], &w, &e);
		break;
	case 1:
		run_trace(in, data[1], data[2], &w, &e);
		break;
	case 2:
		run_flame(in, data[1], data[2], &w, &e);
		break;
	case 3:
	case 4:
		run_json(in, which == 4, data[1], data[2], &w, &e);
		break;
	case 5:
		run_speedscope(in, data[1], &w, &e);
		break;
	case 7:
		run_scale(in, data[1], data[2], &w, &e);
		break;
	case 8:
		run_diff(in, data[1], data[2], &w, &e);
		break;
	case 9:
		run_report(in, data[1], &w, &e);
		break;
	default:
		run_pstats(in, data[1], data[2], &w, &e);
		break;
	}
	if (saved >= 0) {
		if (dup2(saved, STDOUT_FILENO) < 0)
			abort();
		close(saved);
		close(out);
	}
	if (!no_hidden(out_dir))
		abort();	/* a temporary output file left behind */
	if (!dir_empty(tmp_dir))
		abort();	/* a spill file left behind */
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *top;
	int in;

	if (size < 4)
		return 0;
	top = fuzz_scratch();
	in = fuzz_memfd(data + 4, size - 4);
	run_one(in, data, top);
	close(in);
	fuzz_clear_dir(top);
	return 0;
}
