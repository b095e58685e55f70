/*
 * sp-stats on the exporter front end: the stream loop hands each run to
 * sp_stats_run.h a batch at a time, once the front end's walker has
 * checked it (without callbacks: the run's own loop over the batch's
 * columns costs less than a callback per open and close), and each run's
 * result goes out in the format and view asked for.
 */
#include "sp_stats_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_export.h"
#include "sp_stats_emit.h"
#include "sp_stats_run.h"
#include "sp_stats_table.h"

#define NAMING(suffix) { SP_EXPORT_FIRST_DOT, suffix, "stats", 0 }

static const struct sp_export_naming namings[] = {
	NAMING(".txt"), NAMING(".json"), NAMING(".ndjson"), NAMING(".csv"),
	NAMING(".tsv"),
};

const struct sp_export_naming *
sp_stats_export_naming(enum sp_stats_format f)
{
	return &namings[f];
}

struct sx {
	const struct sp_stats_export_opts *o;
	struct sp_export_spec spec;
	struct sp_export *fe;
	struct sp_stats_run *run;
	const char *label;
	uint32_t rank;
	enum sp_stats_col cols[SP_STATS_COLS_MAX];
	size_t ncols;
};

/* Where the run's errors happened, as sp-pstats says it. */
static int
failed_at(struct sx *x, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];

	if (e == NULL)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (e->status == SP_EDATA)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": %s", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->label), x->rank, why);
	return sp_fail(e, e->status, "%s: %s", sp_export_input(x->fe), why);
}

/* --- the walk --- */

/*
 * A call batch: the run walks it with the front end's walk, whose
 * failures say where already.
 */
static int
on_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct sx *x = ctx;
	int walk_failed;

	if (sp_stats_run_calls(x->run, w, b, &walk_failed, e) == 0)
		return 0;
	return walk_failed ? -1 : failed_at(x, e);
}

/* --- the stream --- */

static int
on_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct sx *x = ctx;

	x->label = label;
	x->rank = 0;
	return sp_stats_run_begin(x->run, ri, label, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct sx *x = ctx;

	return sp_stats_run_regions(x->run, t, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct sx *x = ctx;
	int selected = x->o->rank_ok == NULL ||
	    x->o->rank_ok(x->o->rank_ctx, ri->rank);

	x->rank = ri->rank;
	return sp_stats_run_rank(x->run, ri, selected, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct sx *x = ctx;
	const char *name = NULL;

	if (x->o->by == SP_STATS_BY_LANE &&
	    (name = sp_export_lane_name(x->fe, rank, lane, e)) == NULL)
		return -1;
	return sp_stats_run_lane(x->run, lane, name, e);
}

static int
on_rank_end(void *ctx, struct sp_err *e)
{
	struct sx *x = ctx;

	return sp_stats_run_rank_end(x->run, e) < 0 ? failed_at(x, e) : 0;
}

/* The run's result, in its format and view, to its output. */
static int
write_result(struct sx *x, const struct sp_stats_result *res,
    struct sp_export_out *out, struct sp_err *e)
{
	const struct sp_stats_export_opts *o = x->o;
	struct sp_stats_table_opts t;

	if (o->format != SP_STATS_TEXT || o->by != SP_STATS_BY_REGION)
		return sp_stats_emit_write(res, o, sp_export_write, out, e);
	memset(&t, 0, sizeof t);
	t.columns = o->columns != NULL ? x->cols : NULL;
	t.ncolumns = x->ncols;
	t.sort = o->sort;
	t.pmode = o->pmode;
	t.suppress_notes = o->suppress_notes;
	t.title = o->title;
	t.cwd = o->cwd;
	t.top = o->top;
	t.max_depth = o->max_depth;
	t.flat_paths = o->call_paths;
	return sp_stats_table_write(res, &t, sp_export_write, out, e);
}

/* --approx folded the table: the user hears why the paths are gone. */
static void
tell_folded(struct sx *x, const struct sp_stats_result *res)
{
	char msg[SP_ERR_MSG_MAX];

	if (res->paths_folded == 0 || x->o->notice == NULL)
		return;
	snprintf(msg, sizeof msg, "%s: run %s: --approx: the call paths "
	    "outgrew -S %" PRIu64 " bytes after %" PRIu32 " of them: the "
	    "report has a row per region", sp_export_input(x->fe),
	    sp_export_quoted(x->fe, x->label), x->o->mem, res->paths_folded);
	x->o->notice(x->o->notice_ctx, msg);
}

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct sx *x = ctx;
	struct sp_stats_result *res = NULL;
	struct sp_export_out *out;
	int rc;

	if (sp_stats_run_finish(x->run, &res, e) < 0)
		return failed_at(x, e);
	if ((out = sp_export_open(x->fe, 0, e)) == NULL) {
		sp_stats_result_free(res);
		return -1;
	}
	rc = write_result(x, res, out, e);
	if (rc == 0)
		tell_folded(x, res);
	sp_stats_result_free(res);
	if (rc < 0 || sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* What a table's columns and sort key need of the rows. */
static unsigned
needed(const struct sx *x)
{
	const struct sp_stats_export_opts *o = x->o;
	const char *k = o->sort != NULL ? o->sort : "";
	unsigned need = 0;
	size_t i;

	if (o->format != SP_STATS_TEXT || o->by != SP_STATS_BY_REGION)
		return SP_STATS_NEED_ALL;
	for (i = 0; i < x->ncols; i++) {
		need |= x->cols[i] == SP_COL_STD ? SP_STATS_NEED_DEV : 0;
		need |= x->cols[i] == SP_COL_P50 || x->cols[i] == SP_COL_P95 ||
		    x->cols[i] == SP_COL_P99 ? SP_STATS_NEED_PCT : 0;
		need |= x->cols[i] == SP_COL_IMBALANCE ? SP_STATS_NEED_IMB : 0;
	}
	need |= strcmp(k, "std") == 0 ? SP_STATS_NEED_DEV : 0;
	need |= strcmp(k, "p50") == 0 || strcmp(k, "p95") == 0 ||
	    strcmp(k, "p99") == 0 ? SP_STATS_NEED_PCT : 0;
	need |= strcmp(k, "imbalance") == 0 ? SP_STATS_NEED_IMB : 0;
	return need != 0 ? need : SP_STATS_NEED_SUMS;
}

static unsigned
wanted(const struct sp_stats_export_opts *o)
{
	if (o->call_paths)
		return SP_STATS_WANT_TREE;
	switch (o->by) {
	case SP_STATS_BY_RANK:
		return SP_STATS_WANT_RANKS;
	case SP_STATS_BY_LANE:
		return SP_STATS_WANT_LANES;
	default:
		return o->format == SP_STATS_TEXT ? SP_STATS_WANT_TREE :
		    SP_STATS_WANT_REGIONS;
	}
}

int
sp_stats_export_check(const struct sp_stats_export_opts *o, struct sp_err *e)
{
	enum sp_stats_col cols[SP_STATS_COLS_MAX];
	size_t n;

	if (o->max_depth >= 0 && !o->call_paths &&
	    (o->format != SP_STATS_TEXT || o->by != SP_STATS_BY_REGION))
		return sp_fail(e, SP_EUSAGE, "--max-depth applies to the "
		    "tree: the text table by region, or --call-paths");
	if (o->format == SP_STATS_TEXT && o->by == SP_STATS_BY_REGION) {
		if (o->columns != NULL && sp_stats_table_columns(o->columns,
		    cols, &n, e) < 0)
			return -1;
		return o->sort != NULL ? sp_stats_table_sort_key(o->sort, e) :
		    0;
	}
	return sp_stats_emit_check(o, e);
}

static int
setup(struct sx *x, struct sp_reader *r, struct sp_err *e)
{
	const struct sp_stats_export_opts *o = x->o;
	struct sp_stats_run_opts ro;

	if (sp_stats_export_check(o, e) < 0 || (o->columns != NULL &&
	    o->format == SP_STATS_TEXT && o->by == SP_STATS_BY_REGION &&
	    sp_stats_table_columns(o->columns, x->cols, &x->ncols, e) < 0))
		return -1;
	memset(&ro, 0, sizeof ro);
	ro.want = wanted(o);
	ro.need = needed(x);
	ro.approx = o->approx;
	ro.ranks_given = o->rank_ok != NULL;
	ro.keep = o->keep;
	ro.keep_ctx = o->keep_ctx;
	ro.mem = o->mem;
	ro.tmpdir = o->tmpdir;
	x->spec.stage = SP_STAGE_CALLS;
	x->spec.unit = SP_EXPORT_PER_RUN;
	x->spec.naming = namings[o->format];
	x->spec.hold = SP_EXPORT_HOLD_LAST;
	x->spec.need_output = 1;
	x->spec.nothing = "nothing to report";
	x->spec.several = "several runs";
	x->spec.one = " report";
	if ((x->run = sp_stats_run_new(&ro, e)) == NULL)
		return -1;
	x->fe = sp_export_new(r, &x->spec, o->output, e);
	if (x->fe == NULL)
		return -1;
	sp_export_on_wrote(x->fe, &o->wrote);
	return 0;
}

int
sp_stats_export_run(struct sp_reader *r, const struct sp_stats_export_opts *o,
    struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = on_run,
		.regions = on_regions,
		.rank = on_rank,
		.rank_end = on_rank_end,
		.lane = on_lane,
		.calls = on_calls,
		.run_end = on_run_end,
	};
	struct sx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	if (setup(&x, r, e) == 0)
		rc = sp_export_run(x.fe, &ops, &x, e);
	sp_export_free(x.fe);
	sp_stats_run_free(x.run);
	return rc;
}
