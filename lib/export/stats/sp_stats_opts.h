/*
 * sp_stats_opts.h - what sp-stats' report is asked for: the text table's
 * columns and options (sp_stats_table.h) and the whole export's
 * (sp_stats_export.h), shared by the report's writers (table, notes,
 * fields, views, emit) so that none of them includes another's header
 * for its options.
 *
 * Ownership: the options borrow every string and context they point to.
 */
#ifndef SP_STATS_OPTS_H
#define SP_STATS_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_across_common.h"

enum sp_stats_pmode {
	SP_STATS_PCT_COVERAGE,	/* % session: wall-clock coverage */
	SP_STATS_PCT_EXCLUSIVE,	/* % session: exclusive time */
};

/* The column keys, in the reference's order of its error message. */
enum sp_stats_col {
	SP_COL_REGION, SP_COL_RANKS, SP_COL_CALLS, SP_COL_TOTAL,
	SP_COL_PERCENT, SP_COL_PARENT_PERCENT, SP_COL_AVG, SP_COL_GPU_TOTAL,
	SP_COL_GPU_AVG, SP_COL_MIN, SP_COL_MAX, SP_COL_FIRST, SP_COL_LAST,
	SP_COL_STD, SP_COL_P50, SP_COL_P95, SP_COL_P99, SP_COL_IMBALANCE,
	SP_COL_WALL, SP_COL_SELF, SP_COL_COUNT
};

#define SP_STATS_COLS_MAX 64

struct sp_stats_table_opts {
	const enum sp_stats_col *columns;	/* NULL: the default */
	size_t ncolumns;
	const char *sort;	/* NULL: "start" */
	enum sp_stats_pmode pmode;
	int suppress_notes;
	const char *title;	/* NULL: the default title */
	const char *cwd;	/* for the path in the title and hints */
	long top;		/* regions shown (sp_stats_top.h), < 0: all */
	long max_depth;		/* rows' depth at most, < 0: all */
	int flat_paths;
};

enum sp_stats_format {
	SP_STATS_TEXT,
	SP_STATS_JSON,
	SP_STATS_NDJSON,
	SP_STATS_CSV,
	SP_STATS_TSV,
};

enum sp_stats_by {
	SP_STATS_BY_REGION,
	SP_STATS_BY_RANK,
	SP_STATS_BY_LANE,
};

struct sp_stats_export_opts {
	struct sp_across_common common;	/* output, ranks, regions, -S, -T */
	enum sp_stats_format format;
	enum sp_stats_by by;
	int call_paths;		/* rows per call path */
	int approx;
	const char *sort;	/* NULL: the view's own order */
	long top;		/* regions kept (sp_stats_top.h), < 0: all */
	long max_depth;		/* the tree's rows' depth at most, < 0: all;
				 * only the table and call paths have one */
	const char *columns;	/* NULL: the default; text by region: the
				 * table's columns, else record keys */
	enum sp_stats_pmode pmode;
	int suppress_notes;
	const char *title;	/* NULL: the default */
	const char *cwd;	/* the working directory, for titles */
	/* NULL or told what the user should know of a run that went well:
	 * "INPUT: run LABEL: ..." (--approx folding the table) */
	void (*notice)(void *ctx, const char *msg);
	void *notice_ctx;
};

#endif
