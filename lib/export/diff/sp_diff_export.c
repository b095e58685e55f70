/*
 * sp-diff on the exporter front end: each run is fed to its statistics by
 * sp_across.h; at its end the metric's values go to the comparison
 * (sp_diff.h) on the run's side and the run's statistics are freed, so
 * that only one run's are held at a time.  When the input has ended, the
 * rows are made and written.
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

#include "sp_across.h"
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
sp_diff_export_naming(enum sp_diff_format f)
{
	return &namings[f];
}

struct dx {
	const struct sp_diff_export_opts *o;
	struct sp_diff_export_stats *st;
	struct sp_export_spec spec;
	struct sp_stats_run *run;
	struct sp_diff_feed *feed;
	struct sp_diff_report rep;
	size_t nruns;
};

/* --- the split --- */

static int
side_of(struct dx *x, struct sp_export *fe, const char *label,
    struct sp_err *e)
{
	const struct sp_diff_export_opts *o = x->o;
	uint64_t k = sp_export_runs(fe);

	if (o->before_label != NULL)
		return fnmatch(o->before_label, label, 0) == 0 ? 0 : 1;
	if (o->before > 0)
		return k <= (uint64_t)o->before ? 0 : 1;
	if (k > 2)
		return sp_fail(e, SP_EUSAGE, "%s: the stream holds more than "
		    "two runs (the third: %s): say which are before with "
		    "--before N or --before-label PATTERN",
		    sp_export_input(fe), sp_export_quoted(fe, label));
	return k == 1 ? 0 : 1;
}

/* --- the stream --- */

static int
on_run(void *ctx, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct dx *x = ctx;
	int side;

	if ((side = side_of(x, fe, label, e)) < 0)
		return -1;
	x->nruns++;
	return sp_diff_feed_run(x->feed, side, label, ri->source,
	    ri->num_ranks, e);
}

static int
on_result(void *ctx, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct dx *x = ctx;

	(void)fe;
	(void)label;
	return sp_diff_feed_result(x->feed, x->run, res, e);
}

/* --- the end --- */

/* Both sides have runs, or the split is wrong. */
static int
check_sides(struct dx *x, struct sp_export *fe, struct sp_err *e)
{
	size_t a = sp_diff_feed_runs(x->feed, 0);
	size_t b = sp_diff_feed_runs(x->feed, 1);

	x->st->runs[0] = a;
	x->st->runs[1] = b;
	if (x->nruns == 1)
		return sp_fail(e, SP_EUSAGE, "%s: the stream holds one run, "
		    "and sp-diff compares two or more: read both profiles "
		    "(sp-read BEFORE AFTER | sp-stack | sp-diff)",
		    sp_export_input(fe));
	if (a > 0 && b > 0)
		return 0;
	if (x->o->before_label != NULL)
		return sp_fail(e, SP_EUSAGE, "%s: --before-label %s matches "
		    "%s of the %zu runs: both sides need one",
		    sp_export_input(fe),
		    sp_export_quoted(fe, x->o->before_label),
		    a == 0 ? "none" : "all", x->nruns);
	return sp_fail(e, SP_EUSAGE, "%s: --before %ld leaves no run after "
	    "it: the stream holds %zu", sp_export_input(fe), x->o->before,
	    x->nruns);
}

static int
write_doc(void *ctx, struct sp_export_out *out, struct sp_err *e)
{
	struct dx *x = ctx;
	const struct sp_diff *d = sp_diff_feed_diff(x->feed);

	if (x->o->format == SP_DIFF_TEXT)
		return sp_diff_text_write(d, &x->rep, sp_export_write, out, e);
	return sp_diff_emit_write(d, &x->rep, (enum sp_diff_emit_format)
	    (x->o->format - SP_DIFF_JSON), sp_export_write, out, e);
}

static int
on_finish(void *ctx, struct sp_export *fe, struct sp_err *e)
{
	struct dx *x = ctx;
	const struct sp_diff *d;

	if (check_sides(x, fe, e) < 0 ||
	    sp_diff_feed_rows(x->feed, &x->rep, e) < 0)
		return -1;
	d = sp_diff_feed_diff(x->feed);
	x->st->rows = sp_diff_nrows(d);
	x->st->shared = sp_diff_shared(d);
	x->st->failures = sp_diff_failures(d);
	return sp_across_write(fe, write_doc, x, e);
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
	fo->mem = o->common.mem;
}

static int
setup(struct dx *x, struct sp_err *e)
{
	const struct sp_diff_export_opts *o = x->o;
	struct sp_diff_feed_opts fo;
	struct sp_stats_run_opts ro;

	if (sp_diff_export_check(o, e) < 0)
		return -1;
	feed_opts(o, &fo);
	memset(&ro, 0, sizeof ro);
	sp_diff_feed_want(&fo, &ro);
	sp_across_stats_opts(&o->common, &ro);
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
	return 0;
}

int
sp_diff_export_run(struct sp_reader *r, const struct sp_diff_export_opts *o,
    struct sp_diff_export_stats *st, struct sp_err *e)
{
	struct sp_diff_export_stats dummy;
	struct sp_across_opts ao;
	struct dx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if (setup(&x, e) == 0) {
		memset(&ao, 0, sizeof ao);
		ao.stats = x.run;
		ao.common = &o->common;
		ao.run = on_run;
		ao.result = on_result;
		ao.finish = on_finish;
		ao.ctx = &x;
		rc = sp_across_run(r, &x.spec, &ao, e);
	}
	/* the feed's pools read the run's temporary file */
	sp_diff_feed_free(x.feed);
	sp_stats_run_free(x.run);
	return rc;
}
