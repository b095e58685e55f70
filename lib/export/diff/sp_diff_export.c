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

struct dx {
	const struct sp_diff_export_opts *o;
	struct sp_diff_export_stats *st;
	struct sp_export_spec spec;
	struct sp_export *fe;
	struct sp_stats_run *run;
	struct sp_diff_feed *feed;
	size_t nruns;
	const char *label;
	uint32_t rank;
};

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
	int side;

	x->label = label;
	x->rank = 0;
	if ((side = side_of(x, label, e)) < 0)
		return -1;
	x->nruns++;
	if (sp_diff_feed_run(x->feed, side, label, ri->source, ri->num_ranks,
	    e) < 0)
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

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct dx *x = ctx;
	struct sp_stats_result *res = NULL;
	int rc;

	if (sp_stats_run_finish(x->run, &res, e) < 0)
		return failed_at(x, e);
	rc = sp_diff_feed_result(x->feed, x->run, res, e);
	sp_stats_result_free(res);
	return rc;
}

/* --- the end --- */

/* Both sides have runs, or the split is wrong. */
static int
check_sides(struct dx *x, struct sp_err *e)
{
	size_t a = sp_diff_feed_runs(x->feed, 0);
	size_t b = sp_diff_feed_runs(x->feed, 1);

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
	const struct sp_diff *d = sp_diff_feed_diff(x->feed);

	if (x->o->format == SP_DIFF_TEXT)
		return sp_diff_text_write(d, rep, sp_export_write, out, e);
	return sp_diff_emit_write(d, rep, (enum sp_diff_emit_format)
	    (x->o->format - SP_DIFF_JSON), sp_export_write, out, e);
}

static int
on_finish(void *ctx, struct sp_err *e)
{
	struct dx *x = ctx;
	const struct sp_diff *d;
	struct sp_diff_report rep;
	struct sp_export_out *out;

	if (check_sides(x, e) < 0 ||
	    sp_diff_feed_rows(x->feed, &rep, e) < 0)
		return -1;
	d = sp_diff_feed_diff(x->feed);
	x->st->rows = sp_diff_nrows(d);
	x->st->shared = sp_diff_shared(d);
	x->st->failures = sp_diff_failures(d);
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

/* The feed's options from sp-diff's. */
static void
feed_opts(const struct sp_diff_export_opts *o, struct sp_diff_feed_opts *fo)
{
	memset(fo, 0, sizeof *fo);
	fo->metric = o->metric;
	fo->keys = o->keys;
	fo->rows = o->rows;
	fo->sort_given = o->sort_given;
	fo->approx = o->approx;
	fo->mem = o->mem;
}

static int
setup(struct dx *x, struct sp_reader *r, struct sp_err *e)
{
	const struct sp_diff_export_opts *o = x->o;
	struct sp_diff_feed_opts fo;
	struct sp_stats_run_opts ro;

	if (sp_diff_export_check(o, e) < 0)
		return -1;
	feed_opts(o, &fo);
	memset(&ro, 0, sizeof ro);
	sp_diff_feed_want(&fo, &ro);
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
	if ((x->feed = sp_diff_feed_new(&fo, e)) == NULL ||
	    (x->run = sp_stats_run_new(&ro, e)) == NULL)
		return -1;
	sp_diff_feed_sorting(x->feed, x->run);
	x->fe = sp_export_new(r, &x->spec, o->output, e);
	if (x->fe == NULL)
		return -1;
	sp_export_on_wrote(x->fe, &o->wrote);
	return 0;
}

static void
dx_free(struct dx *x)
{
	sp_export_free(x->fe);
	/* the feed's pools read the run's temporary file */
	sp_diff_feed_free(x->feed);
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
