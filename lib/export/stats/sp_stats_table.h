/*
 * sp_stats_table.h - print_summary's text (spec/summary.md 4.4-5.6):
 * the display rows of a run in their order, their (own) rows, the cells
 * in the reference's formats, the table's borders and the notes box, to
 * the character.  Only the notes' command hints differ: they name sp's
 * programs.  With flat_paths (sp-stats --call-paths) the region column
 * shows each row's whole call path instead of the tree, without (own)
 * rows.
 *
 * Columns are the reference's (region or name, ranks, calls, total,
 * percent, parent_percent, avg, gpu_total, gpu_avg, min, max, first,
 * last, std, p50, p95, p99, imbalance) and sp's wall (the outermost calls
 * of a row's path, or region) and self (its exclusive time).
 *
 * Ownership: everything is borrowed for the call.
 */
#ifndef SP_STATS_TABLE_H
#define SP_STATS_TABLE_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_jsonw.h"
#include "sp_stats.h"

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

/*
 * Parse a comma-separated column list; an unknown name or an empty list
 * is SP_EUSAGE with the reference's message.
 */
int sp_stats_table_columns(const char *list, enum sp_stats_col *cols,
    size_t *n, struct sp_err *e);
/* Whether key is a sort key of the table (SP_EUSAGE listing them if not). */
int sp_stats_table_sort_key(const char *key, struct sp_err *e);

int sp_stats_table_write(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e);

#endif
