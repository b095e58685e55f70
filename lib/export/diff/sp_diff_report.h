/*
 * sp_diff_report.h - what sp-diff's writers (sp_diff_text.h,
 * sp_diff_emit.h) are told besides the rows (sp_diff.h): the metric, the
 * keys, the two sides' titles, the gate.
 *
 * Ownership: every string is borrowed for the call of a writer.
 */
#ifndef SP_DIFF_REPORT_H
#define SP_DIFF_REPORT_H

#include <stddef.h>

#include "sp_diff.h"

enum sp_diff_metric {
	SP_DIFF_TOTAL, SP_DIFF_AVG, SP_DIFF_MIN, SP_DIFF_MAX, SP_DIFF_P50,
	SP_DIFF_P95, SP_DIFF_P99, SP_DIFF_CALLS, SP_DIFF_IMBALANCE,
	SP_DIFF_WALL, SP_DIFF_SELF, SP_DIFF_SLOWEST, SP_DIFF_METRICS
};

/* What a row's key is. */
enum sp_diff_keys {
	SP_DIFF_BY_REGION,
	SP_DIFF_BY_PATH,	/* call paths, "a > b" */
	SP_DIFF_BY_RANK,	/* a region on one rank */
};

struct sp_diff_side {
	const char *title;	/* "LABEL - PATH (N ranks)", or the runs' */
	const char *label;	/* the column's name */
	size_t runs;
};

struct sp_diff_report {
	enum sp_diff_metric metric;
	enum sp_diff_keys keys;
	struct sp_diff_side side[2];
	const struct sp_diff_opts *opts;
	int check;		/* the gate's layout: a budget was given */
	/* what the tests' samples are: "runs", "ranks" or "calls" (one
	 * run a side), or NULL: no test */
	const char *samples;
};

/* The metric's name ("total"), and its label with a unit ("total [s]"). */
const char *sp_diff_metric_name(enum sp_diff_metric m);
const char *sp_diff_metric_label(enum sp_diff_metric m);

#endif
