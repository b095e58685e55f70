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
#include <stdint.h>

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

/*
 * The table as lines of cells, for writers of other forms than text (the
 * HTML of sp-report): its shape (the rows shown, in order; S, the
 * session's total; the columns; which rows get an (own) row), then each
 * line's cells, the text of sp_stats_table_write()'s cells.
 */
struct sp_stats_table_shape {
	uint32_t *shown;	/* row indices, in the table's order */
	size_t n;
	struct sp_opt session;	/* S, the % session's denominator */
	enum sp_stats_col cols[SP_STATS_COLS_MAX];
	size_t ncols;
	uint8_t *own;		/* by row index: an (own) row follows;
				 * NULL with flat_paths */
};

int sp_stats_table_shape(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, struct sp_stats_table_shape *s,
    struct sp_err *e);
void sp_stats_table_shape_free(struct sp_stats_table_shape *s);

/* A column's header ("total [s]"). */
const char *sp_stats_table_header(enum sp_stats_col c);

struct sp_stats_table_lines {
	/* row: the index in res->rows; own: its (own) row; one cell a column
	 * (len[k] bytes, not NUL-terminated) */
	int (*line)(void *ctx, uint32_t row, int own, const char *const *cell,
	    const size_t *len, struct sp_err *e);
	void *ctx;
};

/* Every line of the table, the header aside, in order. */
int sp_stats_table_lines(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const struct sp_stats_table_shape *s,
    const struct sp_stats_table_lines *l, struct sp_err *e);

#endif
