/*
 * sp_stats_table.h - print_summary's text (doc/stats.md, "Table layout"):
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
#include "sp_stats_opts.h"

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
