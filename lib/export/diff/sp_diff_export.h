/*
 * sp_diff_export.h - what sp-diff does: read a call stream of two or more
 * runs, divide them into before and after, take each run's statistics
 * (sp_stats_run.h) and write the rows of their comparison (sp_diff.h) as
 * text, JSON, NDJSON, CSV, TSV or Markdown, judged by the gate when a
 * budget is given (doc/diff.md).
 *
 * The split: with before_label, the runs whose label matches it (a shell
 * pattern, fnmatch(3)) are before and the rest after; with before > 0,
 * the first before runs; else the stream must hold two runs, the first
 * before.  A side left empty is SP_EUSAGE, and so is a stream of one
 * run.
 *
 * The output compares the runs (SP_EXPORT_ACROSS_RUNS): one document for
 * the stream, written once the input has ended cleanly; a file appears
 * under its name only when complete.
 *
 * Ownership: the options and the reader are borrowed for the call.
 */
#ifndef SP_DIFF_EXPORT_H
#define SP_DIFF_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_across_common.h"
#include "sp_diff.h"
#include "sp_diff_feed.h"
#include "sp_diff_report.h"
#include "sp_err.h"
#include "sp_stream.h"

enum sp_diff_format {
	SP_DIFF_TEXT,
	SP_DIFF_JSON,
	SP_DIFF_NDJSON,
	SP_DIFF_CSV,
	SP_DIFF_TSV,
	SP_DIFF_MARKDOWN,
};

struct sp_diff_export_opts {
	struct sp_across_common common;	/* output, ranks, regions, -S, -T */
	enum sp_diff_format format;
	enum sp_diff_metric metric;
	enum sp_diff_keys keys;
	struct sp_diff_opts rows;	/* sort, threshold, the gate */
	int sort_given;		/* else the gate sorts by pct */
	long before;		/* runs before; 0: two runs */
	const char *before_label;	/* a pattern; NULL: by count */
	int approx;
};

struct sp_diff_export_stats {
	size_t runs[2];		/* before, after */
	size_t rows, shared;
	size_t failures;	/* rows past the gate's budget */
};

/*
 * --max-regression's budget into o: a percentage ("5", "5%", "0.5%"), or
 * a time with its unit ("10ms", "0.2s", "500us", "100ns"); >= 0.
 * --threshold's percentage ("2", "2%").  SP_EUSAGE naming the option.
 */
int sp_diff_export_budget(const char *arg, struct sp_diff_opts *o,
    struct sp_err *e);
/* --alpha: a level above 0 and below 1. */
int sp_diff_export_alpha(const char *arg, double *alpha, struct sp_err *e);
int sp_diff_export_threshold(const char *arg, double *pct,
    struct sp_err *e);

/* Check the options that need no input (a metric the keys lack). */
int sp_diff_export_check(const struct sp_diff_export_opts *o,
    struct sp_err *e);

int sp_diff_export_run(struct sp_reader *r,
    const struct sp_diff_export_opts *o, struct sp_diff_export_stats *st,
    struct sp_err *e);

/*
 * How the document is named: the base's first dot splits stem and
 * suffix, the default suffix is the format's (".txt", ".json",
 * ".ndjson", ".csv", ".tsv", ".md"), a directory gets "diff" + suffix.
 */
const struct sp_export_naming *sp_diff_export_naming(enum sp_diff_format f);

#endif
