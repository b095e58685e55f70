/*
 * sp-diff on the exporter front end: each run is fed to sp_stats_run.h a
 * batch at a time, as sp-stats feeds it; at its end the metric's values
 * go to the comparison (sp_diff.h) on the run's side and the run's
 * statistics are freed, so that only one run's are held at a time.  When
 * the input has ended, the rows are made and written.
 */
#include "sp_diff_export.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_diff_emit.h"
#include "sp_diff_text.h"
#include "sp_export.h"
#include "sp_grow.h"
#include "sp_parse.h"
#include "sp_stats_run.h"

#define NAMING(suffix) { SP_EXPORT_FIRST_DOT, suffix, "diff", 0 }

static const struct sp_export_naming namings[] = {
	NAMING(".txt"), NAMING(".json"), NAMING(".ndjson"), NAMING(".csv"),
	NAMING(".tsv"), NAMING(".md"),
};

const struct sp_export_naming *
sp_diff_naming(enum sp_diff_format f)
{
	return &namings[f];
}

/* A run as the titles name it. */
struct drun {
	char *label, *source;
	uint32_t ranks;
	int side;
};

struct dx {
	const struct sp_diff_export_opts *o;
	struct sp_diff_export_stats *st;
	struct sp_export_spec spec;
	struct sp_export *fe;
	struct sp_stats_run *run;
	struct sp_diff *diff;
	struct drun *runs;
	size_t nruns, cap;
	const char *label;
	uint32_t rank;
	char *title[2], *column[2];
	/* the per-call durations of the runs, while one a side */
	struct sp_stats_pool *pools[4];
	size_t npools;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* Where the run's errors happened, as sp-stats says it. */
static int
failed_at(struct dx *x, struct sp_err *e)
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

/* --- the split --- */

static int
side_of(struct dx *x, const char *label, struct sp_err *e)
{
	const struct sp_diff_export_opts *o = x->o;
	uint64_t k = sp_export_runs(x->fe);

	if (o->before_label != NULL)
		return fnmatch(o->before_label, label, 0) == 0 ? 0 : 1;
	if (o->before > 0)
		return k <= (uint64_t)o->before ? 0 : 1;
	if (k > 2)
		return sp_fail(e, SP_EUSAGE, "%s: the stream holds more than "
		    "two runs (the third: %s): say which are before with "
		    "--before N or --before-label PATTERN",
		    sp_export_input(x->fe), sp_export_quoted(x->fe, label));
	return k == 1 ? 0 : 1;
}

/* --- the stream --- */

static int
on_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct dx *x = ctx;
	struct drun *d;
	int side;

	x->label = label;
	x->rank = 0;
	if ((side = side_of(x, label, e)) < 0)
		return -1;
	if (sp_grow(&x->runs, &x->cap, x->nruns + 1, sizeof *x->runs, 4) < 0)
		return nomem(e);
	d = &x->runs[x->nruns++];
	memset(d, 0, sizeof *d);
	d->side = side;
	d->ranks = ri->num_ranks;
	if ((d->label = strdup(label)) == NULL ||
	    (d->source = strdup(ri->source != NULL ? ri->source : "")) ==
	    NULL)
		return nomem(e);
	if (sp_diff_run(x->diff, side, e) < 0)
		return -1;
	return sp_stats_run_begin(x->run, ri, label, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct dx *x = ctx;

	return sp_stats_run_regions(x->run, t, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct dx *x = ctx;
	int selected = x->o->rank_ok == NULL ||
	    x->o->rank_ok(x->o->rank_ctx, ri->rank);

	x->rank = ri->rank;
	return sp_stats_run_rank(x->run, ri, selected, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct dx *x = ctx;

	(void)rank;
	return sp_stats_run_lane(x->run, lane, NULL, e);
}

static int
on_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct dx *x = ctx;
	int walk_failed;

	if (sp_stats_run_calls(x->run, w, b, &walk_failed, e) == 0)
		return 0;
	return walk_failed ? -1 : failed_at(x, e);
}

static int
on_rank_end(void *ctx, struct sp_err *e)
{
	struct dx *x = ctx;

	return sp_stats_run_rank_end(x->run, e) < 0 ? failed_at(x, e) : 0;
}

/* --- a run's values --- */

/* The metric of a region record; none without calls. */
static struct sp_opt
of_region(const struct sp_stats_region *g, enum sp_diff_metric m)
{
	static const struct sp_opt none;

	if (g->num_calls == 0)
		return none;
	switch (m) {
	case SP_DIFF_TOTAL:
		return sp_opt_of(g->total);
	case SP_DIFF_AVG:
		return sp_opt_of(g->total / (double)g->num_calls);
	case SP_DIFF_MIN:
		return sp_opt_of(g->min);
	case SP_DIFF_MAX:
		return sp_opt_of(g->max);
	case SP_DIFF_P50:
		return sp_opt_of(g->p50);
	case SP_DIFF_P95:
		return sp_opt_of(g->p95);
	case SP_DIFF_P99:
		return sp_opt_of(g->p99);
	case SP_DIFF_CALLS:
		return sp_opt_of((double)g->num_calls);
	case SP_DIFF_IMBALANCE:
		return sp_opt_of(g->rank_imbalance_pct);
	case SP_DIFF_WALL:
		return g->wall_known ? sp_opt_of(g->wall) : none;
	case SP_DIFF_SELF:
		return sp_opt_of(g->exclusive);
	default:
		return sp_opt_of(g->rank_max);
	}
}

/* The metric of a call path's row (no slowest rank: checked before). */
static struct sp_opt
of_row(const struct sp_stats_row *w, enum sp_diff_metric m)
{
	static const struct sp_opt none;
	struct sp_opt p[] = { w->total, w->avg, w->min, w->max, w->p50,
		w->p95, w->p99 };

	if (w->calls == 0)
		return none;
	if (m <= SP_DIFF_P99)
		return p[m];
	switch (m) {
	case SP_DIFF_CALLS:
		return sp_opt_of((double)w->calls);
	case SP_DIFF_IMBALANCE:
		return sp_opt_of(w->imbalance);
	case SP_DIFF_WALL:
		return sp_opt_of((double)w->wall_ns / 1e9);
	default:
		return w->exclusive;
	}
}

/* The metric of a region on one rank (no imbalance, no slowest rank). */
static struct sp_opt
of_rank(const struct sp_stats_rankrec *k, enum sp_diff_metric m)
{
	static const struct sp_opt none;

	if (k->num_calls == 0)
		return none;
	switch (m) {
	case SP_DIFF_TOTAL:
		return sp_opt_of(k->total);
	case SP_DIFF_AVG:
		return sp_opt_of(k->total / (double)k->num_calls);
	case SP_DIFF_MIN:
		return sp_opt_of(k->min);
	case SP_DIFF_MAX:
		return sp_opt_of(k->max);
	case SP_DIFF_P50:
		return k->p50;
	case SP_DIFF_P95:
		return k->p95;
	case SP_DIFF_P99:
		return k->p99;
	case SP_DIFF_CALLS:
		return sp_opt_of((double)k->num_calls);
	case SP_DIFF_WALL:
		return k->wall_known ? sp_opt_of((double)k->wall_ns / 1e9) :
		    none;
	default:
		return sp_opt_of(k->exclusive);
	}
}

static int
put(struct dx *x, const char *name, size_t len, uint32_t rank,
    struct sp_opt v, struct sp_err *e)
{
	return v.set ? sp_diff_put(x->diff, name, len, rank, v.v, e) : 0;
}

/* The metrics whose samples within a run are the ranks' totals. */
static int
rank_sampled(const struct sp_diff_export_opts *o)
{
	return o->keys == SP_DIFF_BY_REGION && (o->metric == SP_DIFF_TOTAL ||
	    o->metric == SP_DIFF_SELF || o->metric == SP_DIFF_WALL ||
	    o->metric == SP_DIFF_SLOWEST);
}

/* The metrics whose samples within a run are the calls' durations. */
static int
call_sampled(const struct sp_diff_export_opts *o)
{
	return o->keys != SP_DIFF_BY_RANK && !o->approx &&
	    o->metric >= SP_DIFF_AVG && o->metric <= SP_DIFF_P99;
}

/* A run's pool of durations, kept until the end; NULL: none. */
static struct sp_stats_pool *
take_pool(struct dx *x, unsigned what)
{
	struct sp_stats_pool *p = sp_stats_run_durations(x->run, what);

	if (p != NULL)
		x->pools[x->npools++] = p;
	return p;
}

/* Group g of p as the samples of a key, when it holds all its calls. */
static int
put_durations(struct dx *x, const char *name, size_t len,
    struct sp_stats_pool *p, uint32_t g, uint64_t calls, struct sp_err *e)
{
	if (p == NULL || calls == 0 || sp_stats_pool_count(p, g) != calls)
		return 0;
	return sp_diff_durations(x->diff, name, len, SP_DIFF_NO_RANK, p, g,
	    e);
}

/*
 * Each key's per-call durations, as its samples: taken while the runs
 * are one a side (sp_diff.h tests more runs on their values).
 */
static int
put_calls(struct dx *x, const struct sp_stats_result *res, struct sp_err *e)
{
	struct sp_stats_pool *rp, *pp;
	size_t i;
	int rc = 0;

	if (sp_diff_runs(x->diff, 0) > 1 || sp_diff_runs(x->diff, 1) > 1)
		return 0;
	rp = take_pool(x, SP_STATS_WANT_REGIONS);
	pp = take_pool(x, SP_STATS_WANT_TREE);
	if (x->o->keys == SP_DIFF_BY_REGION) {
		for (i = 0; i < res->nregions && rc == 0; i++) {
			const struct sp_stats_region *g = &res->regions[i];

			rc = put_durations(x, g->name, g->name_len, rp, g->id,
			    g->num_calls, e);
		}
		return rc;
	}
	for (i = 0; i < res->nrows && rc == 0; i++) {
		const struct sp_stats_row *w = &res->rows[i];

		if (w->call_path != NULL)
			rc = put_durations(x, w->call_path,
			    strlen(w->call_path), pp, w->path, w->calls, e);
		else
			rc = put_durations(x, w->name, w->name_len, rp,
			    w->region, w->calls, e);
	}
	return rc;
}

/* Each rank's value of the metric, as samples of its region. */
static int
put_samples(struct dx *x, const struct sp_stats_result *res,
    struct sp_err *e)
{
	enum sp_diff_metric m = x->o->metric == SP_DIFF_SLOWEST ?
	    SP_DIFF_TOTAL : x->o->metric;
	size_t i;

	for (i = 0; i < res->nranks; i++) {
		const struct sp_stats_rankrec *k = &res->ranks[i];
		const struct sp_stats_region *g = &res->regions[k->region];
		struct sp_opt v = of_rank(k, m);

		if (v.set && sp_diff_sample(x->diff, g->name, g->name_len,
		    SP_DIFF_NO_RANK, v.v, e) < 0)
			return -1;
	}
	return 0;
}

static int
put_result(struct dx *x, const struct sp_stats_result *res,
    struct sp_err *e)
{
	enum sp_diff_metric m = x->o->metric;
	size_t i;
	int rc = 0;

	switch (x->o->keys) {
	case SP_DIFF_BY_REGION:
		for (i = 0; i < res->nregions && rc == 0; i++)
			rc = put(x, res->regions[i].name,
			    res->regions[i].name_len, SP_DIFF_NO_RANK,
			    of_region(&res->regions[i], m), e);
		break;
	case SP_DIFF_BY_PATH:
		for (i = 0; i < res->nrows && rc == 0; i++) {
			const struct sp_stats_row *w = &res->rows[i];
			const char *p = w->call_path != NULL ? w->call_path :
			    w->name;

			rc = put(x, p, w->call_path != NULL ? strlen(p) :
			    w->name_len, SP_DIFF_NO_RANK, of_row(w, m), e);
		}
		break;
	default:
		for (i = 0; i < res->nranks && rc == 0; i++) {
			const struct sp_stats_rankrec *k = &res->ranks[i];
			const struct sp_stats_region *g =
			    &res->regions[k->region];

			rc = put(x, g->name, g->name_len, k->rank,
			    of_rank(k, m), e);
		}
	}
	return rc;
}

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct dx *x = ctx;
	struct sp_stats_result *res = NULL;
	int rc;

	if (sp_stats_run_finish(x->run, &res, e) < 0)
		return failed_at(x, e);
	rc = put_result(x, res, e);
	if (rc == 0 && rank_sampled(x->o))
		rc = put_samples(x, res, e);
	if (rc == 0 && call_sampled(x->o))
		rc = put_calls(x, res, e);
	sp_stats_result_free(res);
	return rc;
}

/* --- the end --- */

/* A side's title: its run's "LABEL - PATH (N ranks)", or its runs'. */
static char *
title_of(struct dx *x, int side)
{
	size_t i, n = 64, k = 0;
	char *t, *p;

	for (i = 0; i < x->nruns; i++)
		if (x->runs[i].side == side)
			n += strlen(x->runs[i].label) +
			    strlen(x->runs[i].source) + 32;
	if ((t = p = malloc(n)) == NULL)
		return NULL;
	*t = '\0';
	for (i = 0; i < x->nruns; i++) {
		const struct drun *d = &x->runs[i];

		if (d->side != side)
			continue;
		p += snprintf(p, n - (size_t)(p - t), "%s%s - %s (%" PRIu32
		    " rank%s)", k++ ? "; " : "", d->label, d->source,
		    d->ranks, d->ranks == 1 ? "" : "s");
	}
	return t;
}

/* A side's column: its run's label, or "N runs". */
static char *
column_of(struct dx *x, int side)
{
	size_t i, n = sp_diff_runs(x->diff, side);
	char t[32];

	for (i = 0; n == 1 && i < x->nruns; i++)
		if (x->runs[i].side == side)
			return strdup(x->runs[i].label);
	snprintf(t, sizeof t, "%zu runs", n);
	return strdup(t);
}

/* Both sides have runs, or the split is wrong. */
static int
check_sides(struct dx *x, struct sp_err *e)
{
	size_t a = sp_diff_runs(x->diff, 0), b = sp_diff_runs(x->diff, 1);

	x->st->runs[0] = a;
	x->st->runs[1] = b;
	if (x->nruns == 1)
		return sp_fail(e, SP_EUSAGE, "%s: the stream holds one run, "
		    "and sp-diff compares two or more: read both profiles "
		    "(sp-read BEFORE AFTER | sp-stack | sp-diff)",
		    sp_export_input(x->fe));
	if (a > 0 && b > 0)
		return 0;
	if (x->o->before_label != NULL)
		return sp_fail(e, SP_EUSAGE, "%s: --before-label %s matches "
		    "%s of the %zu runs: both sides need one", 
		    sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->o->before_label),
		    a == 0 ? "none" : "all", x->nruns);
	return sp_fail(e, SP_EUSAGE, "%s: --before %ld leaves no run after "
	    "it: the stream holds %zu", sp_export_input(x->fe), x->o->before,
	    x->nruns);
}

static int
write_doc(struct dx *x, const struct sp_diff_report *rep,
    struct sp_export_out *out, struct sp_err *e)
{
	if (x->o->format == SP_DIFF_TEXT)
		return sp_diff_text_write(x->diff, rep, sp_export_write, out,
		    e);
	return sp_diff_emit_write(x->diff, rep, (enum sp_diff_emit_format)
	    (x->o->format - SP_DIFF_JSON), sp_export_write, out, e);
}

static int
on_finish(void *ctx, struct sp_err *e)
{
	struct dx *x = ctx;
	struct sp_diff_opts ro = x->o->rows;
	struct sp_diff_report rep;
	struct sp_export_out *out;
	int k;

	if (check_sides(x, e) < 0)
		return -1;
	if (ro.min_samples == 0)
		ro.min_samples = SP_DIFF_MIN_SAMPLES;
	if (ro.budget != SP_DIFF_BUDGET_NONE && !x->o->sort_given)
		ro.sort = SP_DIFF_SORT_PCT;
	if (sp_diff_rows(x->diff, &ro, e) < 0)
		return -1;
	memset(&rep, 0, sizeof rep);
	rep.metric = x->o->metric;
	rep.keys = x->o->keys;
	rep.opts = &ro;
	rep.check = ro.budget != SP_DIFF_BUDGET_NONE;
	if (sp_diff_runs(x->diff, 0) > 1 || sp_diff_runs(x->diff, 1) > 1)
		rep.samples = "runs";
	else if (rank_sampled(x->o))
		rep.samples = "ranks";
	else if (call_sampled(x->o))
		rep.samples = "calls";
	for (k = 0; k < 2; k++) {
		if ((x->title[k] = title_of(x, k)) == NULL ||
		    (x->column[k] = column_of(x, k)) == NULL)
			return nomem(e);
		rep.side[k].title = x->title[k];
		rep.side[k].label = x->column[k];
		rep.side[k].runs = sp_diff_runs(x->diff, k);
	}
	x->st->rows = sp_diff_nrows(x->diff);
	x->st->shared = sp_diff_shared(x->diff);
	x->st->failures = sp_diff_failures(x->diff);
	if ((out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	if (write_doc(x, &rep, out, e) < 0 ||
	    sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* --- setup --- */

/* A percentage >= 0, with or without its "%"; -1 when s is not one. */
static int
percent(const char *s, double *out)
{
	char *end;
	double v;

	if (*s == '\0' || *s == '-' || *s == '+' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(v) || v < 0)
		return -1;
	if (*end == '%')
		end++;
	if (*end != '\0')
		return -1;
	*out = v;
	return 0;
}

int
sp_diff_export_budget(const char *arg, struct sp_diff_opts *o,
    struct sp_err *e)
{
	int64_t ns;

	if (percent(arg, &o->max) == 0) {
		o->budget = SP_DIFF_BUDGET_PCT;
		return 0;
	}
	if (strspn(arg, "0123456789.") == strlen(arg) ||
	    sp_parse_duration("--max-regression", arg, &ns, e) < 0)
		return sp_fail(e, SP_EUSAGE, "--max-regression: '%s' is "
		    "neither a percentage (5%%) nor a time with its unit "
		    "(10ms)", arg);
	o->budget = SP_DIFF_BUDGET_ABS;
	o->max = (double)ns / 1e9;
	return 0;
}

int
sp_diff_export_alpha(const char *arg, double *alpha, struct sp_err *e)
{
	double v;

	if (percent(arg, &v) < 0 || strchr(arg, '%') != NULL || v <= 0 ||
	    v >= 1)
		return sp_fail(e, SP_EUSAGE, "--alpha: '%s' is not a level "
		    "above 0 and below 1", arg);
	*alpha = v;
	return 0;
}

int
sp_diff_export_threshold(const char *arg, double *pct, struct sp_err *e)
{
	if (percent(arg, pct) < 0)
		return sp_fail(e, SP_EUSAGE, "--threshold: '%s' is not a "
		    "percentage (0 or more)", arg);
	return 0;
}

int
sp_diff_export_check(const struct sp_diff_export_opts *o, struct sp_err *e)
{
	const char *m = sp_diff_metric_name(o->metric);

	if (o->keys == SP_DIFF_BY_PATH && o->metric == SP_DIFF_SLOWEST)
		return sp_fail(e, SP_EUSAGE, "--metric %s is a region's: the "
		    "call paths have no slowest rank", m);
	if (o->keys == SP_DIFF_BY_RANK && (o->metric == SP_DIFF_SLOWEST ||
	    o->metric == SP_DIFF_IMBALANCE))
		return sp_fail(e, SP_EUSAGE, "--metric %s compares ranks: "
		    "--by rank has one rank a row", m);
	if (o->rows.budget == SP_DIFF_BUDGET_ABS &&
	    (o->metric == SP_DIFF_CALLS || o->metric == SP_DIFF_IMBALANCE))
		return sp_fail(e, SP_EUSAGE, "--max-regression: a time is a "
		    "budget of a time, and --metric %s is not one: give a "
		    "percentage", m);
	if (o->rows.fail_on_new && o->rows.budget == SP_DIFF_BUDGET_NONE)
		return sp_fail(e, SP_EUSAGE, "--fail-on-new is the gate's: "
		    "give --max-regression too");
	if (o->before_label != NULL && o->before > 0)
		return sp_fail(e, SP_EUSAGE, "--before and --before-label both "
		    "say which runs are before: give one");
	return 0;
}

static unsigned
need_of(enum sp_diff_metric m)
{
	if (m == SP_DIFF_P50 || m == SP_DIFF_P95 || m == SP_DIFF_P99)
		return SP_STATS_NEED_PCT;
	return m == SP_DIFF_IMBALANCE ? SP_STATS_NEED_IMB : SP_STATS_NEED_SUMS;
}

static int
setup(struct dx *x, struct sp_reader *r, struct sp_err *e)
{
	const struct sp_diff_export_opts *o = x->o;
	struct sp_stats_run_opts ro;

	if (sp_diff_export_check(o, e) < 0)
		return -1;
	memset(&ro, 0, sizeof ro);
	ro.want = o->keys == SP_DIFF_BY_PATH ? SP_STATS_WANT_TREE :
	    o->keys == SP_DIFF_BY_RANK ? SP_STATS_WANT_RANKS :
	    SP_STATS_WANT_REGIONS;
	if (rank_sampled(o))
		ro.want |= SP_STATS_WANT_RANKS;
	if (call_sampled(o))
		ro.hand_out = SP_STATS_WANT_REGIONS | (o->keys == SP_DIFF_BY_PATH ?
		    SP_STATS_WANT_TREE : 0);
	ro.need = need_of(o->metric);
	ro.approx = o->approx;
	ro.ranks_given = o->rank_ok != NULL;
	ro.keep = o->keep;
	ro.keep_ctx = o->keep_ctx;
	ro.mem = o->mem;
	ro.tmpdir = o->tmpdir;
	x->spec.stage = SP_STAGE_CALLS;
	x->spec.unit = SP_EXPORT_ACROSS_RUNS;
	x->spec.naming = namings[o->format];
	x->spec.hold = SP_EXPORT_HOLD_LAST;
	x->spec.nothing = "nothing to compare";
	x->spec.several = "several comparisons";
	x->spec.one = " comparison";
	if ((x->diff = sp_diff_new(e)) == NULL ||
	    (x->run = sp_stats_run_new(&ro, e)) == NULL)
		return -1;
	/* the two sorts of a key's durations: half the budget each */
	sp_diff_sorting(x->diff, sp_stats_run_file(x->run),
	    o->mem / 2 > 4096 ? o->mem / 2 : 4096);
	x->fe = sp_export_new(r, &x->spec, o->output, e);
	if (x->fe == NULL)
		return -1;
	sp_export_on_wrote(x->fe, &o->wrote);
	return 0;
}

static void
dx_free(struct dx *x)
{
	size_t i;

	for (i = 0; i < x->nruns; i++) {
		free(x->runs[i].label);
		free(x->runs[i].source);
	}
	free(x->runs);
	free(x->title[0]);
	free(x->title[1]);
	free(x->column[0]);
	free(x->column[1]);
	sp_export_free(x->fe);
	/* the pools read the run's temporary file */
	sp_diff_free(x->diff);
	for (i = 0; i < x->npools; i++)
		sp_stats_pool_free(x->pools[i]);
	sp_stats_run_free(x->run);
}

int
sp_diff_export_run(struct sp_reader *r, const struct sp_diff_export_opts *o,
    struct sp_diff_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = on_run,
		.regions = on_regions,
		.rank = on_rank,
		.rank_end = on_rank_end,
		.lane = on_lane,
		.calls = on_calls,
		.run_end = on_run_end,
		.finish = on_finish,
	};
	struct sp_diff_export_stats dummy;
	struct dx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if (setup(&x, r, e) == 0)
		rc = sp_export_run(x.fe, &ops, &x, e);
	dx_free(&x);
	return rc;
}
