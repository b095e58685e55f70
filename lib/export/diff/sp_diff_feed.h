/*
 * sp_diff_feed.h - a run's statistics (sp_stats.h) into a comparison
 * (sp_diff.h), as sp-diff feeds it: each key's value of the metric, the
 * samples of the tests (the ranks' values, or the calls' durations from
 * the run's pools while the runs are one a side), and at the end the
 * rows and what sp-diff's writers are told of them (sp_diff_report.h).
 * sp-diff and sp-report's change section both feed a comparison through
 * it, so that their numbers are one computation.
 *
 * The run's statistics must hold what sp_diff_feed_want() asks for.
 * The pools of durations taken from a run read its temporary file: free
 * the feed before the run (struct sp_stats_run).
 *
 * Ownership: the feed owns the comparison, the runs' titles and the
 * pools; options are copied; the report's strings are the feed's, valid
 * until it is freed.
 */
#ifndef SP_DIFF_FEED_H
#define SP_DIFF_FEED_H

#include <stddef.h>
#include <stdint.h>

#include "sp_diff.h"
#include "sp_diff_report.h"
#include "sp_err.h"
#include "sp_stats.h"
#include "sp_stats_run.h"

/*
 * Noise: with several runs a side, the runs' values are the samples of
 * the U test; with one run a side, the ranks' values of a region for
 * total, self, wall and slowest (a rank's total), and the calls'
 * durations of a region or call path for avg, min, max, p50, p95 and p99
 * (handed out by the run, sp_stats_run_durations(), and kept on the
 * temporary file until the end), when each side has at least this many
 * samples of the key; 0 in the options' min_samples is this.
 */
#define SP_DIFF_MIN_SAMPLES 5

struct sp_diff_feed_opts {
	enum sp_diff_metric metric;
	enum sp_diff_keys keys;
	struct sp_diff_opts rows;	/* sort, threshold, the gate */
	int sort_given;		/* else the gate sorts by pct */
	int approx;
	uint64_t mem;		/* the sorts' budget, as sp-diff's -S */
};

struct sp_diff_feed;

struct sp_diff_feed *sp_diff_feed_new(const struct sp_diff_feed_opts *o,
    struct sp_err *e);
void sp_diff_feed_free(struct sp_diff_feed *f);

/* What the runs' statistics must hold, added to ro's want, need and
 * hand_out. */
void sp_diff_feed_want(const struct sp_diff_feed_opts *o,
    struct sp_stats_run_opts *ro);
/* The run whose temporary file the sorts of durations use. */
void sp_diff_feed_sorting(struct sp_diff_feed *f, struct sp_stats_run *run);

/* A run of side (0: before, 1: after) begins: its label, its profile's
 * path and its rank count, for the titles. */
int sp_diff_feed_run(struct sp_diff_feed *f, int side, const char *label,
    const char *source, uint32_t ranks, struct sp_err *e);
/* The run's result (run: where its pools of durations are). */
int sp_diff_feed_result(struct sp_diff_feed *f, struct sp_stats_run *run,
    const struct sp_stats_result *res, struct sp_err *e);

/* Runs fed to a side. */
size_t sp_diff_feed_runs(const struct sp_diff_feed *f, int side);
/* The rows and the report of them; then read through sp_diff_feed_diff(). */
int sp_diff_feed_rows(struct sp_diff_feed *f, struct sp_diff_report *rep,
    struct sp_err *e);
const struct sp_diff *sp_diff_feed_diff(const struct sp_diff_feed *f);

#endif
