/*
 * sp-scale on the exporter front end: each run is fed to its statistics
 * by sp_across.h; at its end the measure's time of each region goes to
 * the series (sp_scale.h) and the run's statistics are freed.  When the
 * input has ended, the series is computed and written.
 */
#include "sp_scale_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_across.h"
#include "sp_export.h"
#include "sp_grow.h"
#include "sp_scale_emit.h"
#include "sp_scale_feed.h"
#include "sp_scale_svg.h"
#include "sp_scale_text.h"

#define NAMING(suffix) { SP_EXPORT_FIRST_DOT, suffix, "scale", 0 }

static const struct sp_export_naming namings[] = {
	NAMING(".txt"), NAMING(".json"), NAMING(".ndjson"), NAMING(".csv"),
	NAMING(".tsv"), NAMING(".svg"),
};

const struct sp_export_naming *
sp_scale_export_naming(enum sp_scale_format f)
{
	return &namings[f];
}

struct sx {
	const struct sp_scale_export_opts *o;
	struct sp_scale_export_stats *st;
	struct sp_scale *scale;
	struct sp_scale_runinfo *runs;
	size_t nruns, cap;
	int numeric;		/* every x so far is a number */
	char *work;		/* the first run's work per rank */
	char *work_label;
	struct sp_scale_report rep;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* --- a run --- */

/* Where a run's metadata failed: "IN: run 'L': why; fix". */
static int
run_failed(struct sx *x, struct sp_export *fe, const char *label,
    struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];
	const char *fix = "";

	snprintf(why, sizeof why, "%s", e->msg);
	if (e->status == SP_EDATA && x->o->x != SP_SCALE_X_RANKS)
		fix = "; choose --x ranks or a key every run has";
	return sp_fail(e, e->status, "%s: run %s: %s%s", sp_export_input(fe),
	    sp_export_quoted(fe, label), why, fix);
}

/* Weak efficiency compares equal work: every run's is the first's. */
static int
check_work(struct sx *x, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	char *w = NULL;
	int found, rc = 0;

	if (sp_scale_x_meta(ri, x->o->work, &w, &found, e) < 0)
		return -1;
	if (!found)
		return sp_fail(e, SP_EDATA, "%s: run %s: no metadata key '%s' "
		    "(--work): give every run its work per rank",
		    sp_export_input(fe), sp_export_quoted(fe, label),
		    x->o->work);
	if (x->work == NULL) {
		x->work = w;
		return (x->work_label = strdup(label)) == NULL ? nomem(e) : 0;
	}
	if (strcmp(w, x->work) != 0)
		rc = sp_fail(e, SP_EDATA, "%s: unequal work per rank for weak "
		    "efficiency: run %s has %s '%s', run '%s' '%s'; weak "
		    "scaling keeps the work per rank", sp_export_input(fe),
		    sp_export_quoted(fe, label), x->o->work, w, x->work_label,
		    x->work);
	free(w);
	return rc;
}

static int
on_run(void *ctx, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct sx *x = ctx;
	struct sp_scale_runinfo *u;
	struct sp_scale_x v;
	int rc;

	if (x->o->work != NULL && check_work(x, fe, ri, label, e) < 0)
		return -1;
	if (sp_scale_x_of(x->o->x, x->o->x_key, ri, label, &v, e) < 0) {
		free(v.text);
		return run_failed(x, fe, label, e);
	}
	x->numeric = x->numeric && v.numeric;
	rc = sp_scale_run(x->scale, v.x, v.text, e);
	if (rc == 0 && sp_grow(&x->runs, &x->cap, x->nruns + 1,
	    sizeof *x->runs, 8) < 0)
		rc = nomem(e);
	if (rc < 0) {
		free(v.text);
		return -1;
	}
	u = &x->runs[x->nruns++];
	u->x = v.text;
	if ((u->label = strdup(label)) == NULL)
		return nomem(e);
	return 0;
}

static int
on_result(void *ctx, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct sx *x = ctx;

	(void)fe;
	(void)label;
	return sp_scale_feed_result(x->scale, x->o->measure, res, e);
}

static int
on_run_all(void *ctx, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct sx *x = ctx;

	if (on_run(x, fe, ri, label, e) < 0)
		return -1;
	return sp_scale_feed_span(x->scale, ri, e);
}

/* --- the end --- */

static int
write_doc(void *ctx, struct sp_export_out *out, struct sp_err *e)
{
	struct sx *x = ctx;

	switch (x->o->format) {
	case SP_SCALE_TEXT:
		return sp_scale_text_write(x->scale, &x->rep, sp_export_write,
		    out, e);
	case SP_SCALE_SVG:
		return sp_scale_svg_write(x->scale, &x->rep, sp_export_write,
		    out, e);
	default:
		return sp_scale_emit_write(x->scale, &x->rep,
		    (enum sp_scale_emit_format)(x->o->format - SP_SCALE_JSON),
		    x->o->plot_data, sp_export_write, out, e);
	}
}

static int
fill_report(struct sx *x, struct sp_export *fe, struct sp_err *e)
{
	const struct sp_scale_export_opts *o = x->o;
	struct sp_scale_report *r = &x->rep;

	r->mode = o->mode;
	r->measure = o->measure;
	r->plot = o->plot_given ? o->plot : o->mode == SP_SCALE_WEAK ?
	    SP_SCALE_PLOT_WEAK : SP_SCALE_PLOT_SPEEDUP;
	r->categorical = !x->numeric;
	r->x_name = sp_scale_x_name(o->x, o->x_key);
	r->x_label = sp_scale_x_label(o->x, o->x_key);
	r->runs = x->runs;
	r->nruns = x->nruns;
	r->top = o->top > 0 ? o->top : SP_SCALE_TOP;
	if (r->categorical && r->plot == SP_SCALE_PLOT_EFFICIENCY)
		return sp_fail(e, SP_EUSAGE, "%s: metadata '%s' is not a "
		    "number in every run, so the axis is categorical and has "
		    "no ideal: no strong efficiency; plot speedup",
		    sp_export_input(fe), r->x_name);
	return 0;
}

static int
on_finish(void *ctx, struct sp_export *fe, struct sp_err *e)
{
	struct sx *x = ctx;
	struct sp_scale_opts so;
	char why[SP_ERR_MSG_MAX];

	if (x->nruns < 2)
		return sp_fail(e, SP_EDATA, "%s: the stream holds %s, and "
		    "sp-scale compares two or more: read every run (sp-read "
		    "run-1.h5 run-2.h5 ... | sp-stack | sp-scale)",
		    sp_export_input(fe), x->nruns == 0 ? "no run" : "one run");
	if (fill_report(x, fe, e) < 0)
		return -1;
	memset(&so, 0, sizeof so);
	so.mode = x->o->mode;
	so.categorical = x->rep.categorical;
	if (sp_scale_compute(x->scale, &so, e) < 0) {
		snprintf(why, sizeof why, "%s", e->msg);
		return sp_fail(e, e->status, "%s: %s", sp_export_input(fe),
		    why);
	}
	x->st->runs = x->nruns;
	x->st->points = sp_scale_npoints(x->scale);
	x->st->regions = sp_scale_regions(x->scale);
	x->st->common = sp_scale_common(x->scale);
	x->st->rows = sp_scale_nrows(x->scale);
	x->st->skipped = sp_scale_skipped(x->scale);
	return sp_across_write(fe, write_doc, x, e);
}

/* --- setup --- */

int
sp_scale_export_check(const struct sp_scale_export_opts *o, struct sp_err *e)
{
	int weak_plot = o->plot == SP_SCALE_PLOT_WEAK ||
	    o->plot == SP_SCALE_PLOT_WEAK_EFFICIENCY;

	if (o->plot_given && weak_plot != (o->mode == SP_SCALE_WEAK))
		return sp_fail(e, SP_EUSAGE, "--plot %s is a %s scaling plot: "
		    "%s", sp_scale_plot_name(o->plot), weak_plot ? "weak" :
		    "strong", weak_plot ? "give --weak too" : "drop --weak");
	if (o->work != NULL && o->mode != SP_SCALE_WEAK)
		return sp_fail(e, SP_EUSAGE, "--work is weak scaling's: give "
		    "--weak too");
	if (o->plot_data && o->format != SP_SCALE_CSV &&
	    o->format != SP_SCALE_JSON)
		return sp_fail(e, SP_EUSAGE, "--plot-data writes CSV or JSON: "
		    "give --format csv or --format json");
	if (o->x == SP_SCALE_X_KEY && (o->x_key == NULL || *o->x_key == '\0'))
		return sp_fail(e, SP_EUSAGE, "--x: give ranks, threads, cores, "
		    "nodes, label or a metadata key");
	return 0;
}

static void
sx_free(struct sx *x)
{
	size_t i;

	for (i = 0; i < x->nruns; i++) {
		free((char *)x->runs[i].label);
		free((char *)x->runs[i].x);
	}
	free(x->runs);
	free(x->work);
	free(x->work_label);
	sp_scale_free(x->scale);
}

int
sp_scale_export_run(struct sp_reader *r,
    const struct sp_scale_export_opts *o, struct sp_scale_export_stats *st,
    struct sp_err *e)
{
	struct sp_scale_export_stats dummy;
	struct sp_export_spec spec;
	struct sp_stats_run_opts ro;
	struct sp_stats_run *run = NULL;
	struct sp_across_opts ao;
	struct sx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.numeric = 1;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if (sp_scale_export_check(o, e) < 0 ||
	    (x.scale = sp_scale_new(e)) == NULL)
		goto out;
	memset(&spec, 0, sizeof spec);
	spec.stage = SP_STAGE_CALLS;
	spec.unit = SP_EXPORT_ACROSS_RUNS;
	spec.naming = namings[o->format];
	spec.hold = SP_EXPORT_HOLD_LAST;
	spec.nothing = "nothing to compare";
	spec.several = "several series";
	spec.one = " series";
	memset(&ro, 0, sizeof ro);
	ro.want = sp_scale_feed_want(o->measure);
	ro.need = SP_STATS_NEED_SUMS;
	sp_across_stats_opts(&o->common, &ro);
	if ((run = sp_stats_run_new(&ro, e)) == NULL)
		goto out;
	memset(&ao, 0, sizeof ao);
	ao.stats = run;
	ao.common = &o->common;
	ao.run = on_run_all;
	ao.result = on_result;
	ao.finish = on_finish;
	ao.ctx = &x;
	rc = sp_across_run(r, &spec, &ao, e);
out:
	sx_free(&x);
	sp_stats_run_free(run);
	return rc;
}
