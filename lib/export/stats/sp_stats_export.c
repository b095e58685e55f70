/*
 * sp-stats on the exporter front end: sp_across.h hands each run to its
 * statistics a batch at a time, once the front end's walker has checked
 * it (without callbacks: the run's own loop over the batch's columns
 * costs less than a callback per open and close), and each run's result
 * goes out in the format and view asked for.
 */
#include "sp_stats_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_across.h"
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
	struct sp_stats_run *run;
	enum sp_stats_col cols[SP_STATS_COLS_MAX];
	size_t ncols;
};

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
tell_folded(struct sx *x, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res)
{
	char msg[SP_ERR_MSG_MAX];

	if (res->paths_folded == 0 || x->o->notice == NULL)
		return;
	snprintf(msg, sizeof msg, "%s: run %s: --approx: the call paths "
	    "outgrew -S %" PRIu64 " bytes after %" PRIu32 " of them: the "
	    "report has a row per region", sp_export_input(fe),
	    sp_export_quoted(fe, label), x->o->common.mem, res->paths_folded);
	x->o->notice(x->o->notice_ctx, msg);
}

static int
on_result(void *ctx, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct sx *x = ctx;
	struct sp_export_out *out;

	if ((out = sp_export_open(fe, 0, e)) == NULL)
		return -1;
	if (write_result(x, res, out, e) < 0)
		goto fail;
	tell_folded(x, fe, label, res);
	if (sp_export_close(fe, out, e) < 0)
		goto fail;
	return 0;
fail:
	sp_export_drop(fe, out);
	return -1;
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
setup(struct sx *x, struct sp_err *e)
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
	ro.no_path_text = !o->call_paths;	/* the tree's text is names */
	ro.approx = o->approx;
	sp_across_stats_opts(&o->common, &ro);
	x->spec.stage = SP_STAGE_CALLS;
	x->spec.unit = SP_EXPORT_PER_RUN;
	x->spec.naming = namings[o->format];
	x->spec.hold = SP_EXPORT_HOLD_LAST;
	x->spec.need_output = 1;
	x->spec.nothing = "nothing to report";
	x->spec.several = "several runs";
	x->spec.one = " report";
	return (x->run = sp_stats_run_new(&ro, e)) == NULL ? -1 : 0;
}

int
sp_stats_export_run(struct sp_reader *r, const struct sp_stats_export_opts *o,
    struct sp_err *e)
{
	struct sp_across_opts ao;
	struct sx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	if (setup(&x, e) == 0) {
		memset(&ao, 0, sizeof ao);
		ao.stats = x.run;
		ao.common = &o->common;
		ao.lane_names = o->by == SP_STATS_BY_LANE;
		ao.result = on_result;
		ao.ctx = &x;
		rc = sp_across_run(r, &x.spec, &ao, e);
	}
	sp_stats_run_free(x.run);
	return rc;
}
