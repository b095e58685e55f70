/*
 * sp_stats_grid.h - a table of text cells drawn as print_summary draws
 * its tables (tabulate 0.10's "rounded_outline" with every cell a left-
 * aligned string, each line printed after two spaces): doc/stats.md,
 * "Table layout", oddities included.
 *
 * Widths count code points; when any cell holds an ANSI CSI sequence or
 * an OSC 8 hyperlink, those are not counted (the link's text is).  A
 * column is as wide as its widest cell, and two wider than its header.
 * A line whose first or second cell is U+0001 between white space is
 * drawn as the rule under the header (tabulate's separating line), and
 * counts for no width.  A cell holding a line boundary (as Python's
 * str.splitlines knows them) breaks the printed line there, each piece
 * after its own two spaces.
 *
 * Ownership: the grid copies the cells it is given, but not the headers,
 * which must outlive it.
 */
#ifndef SP_STATS_GRID_H
#define SP_STATS_GRID_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_jsonw.h"

struct sp_stats_grid;

/* ncols columns with these headers (NUL-terminated UTF-8). */
struct sp_stats_grid *sp_stats_grid_new(size_t ncols,
    const char *const *headers);
void sp_stats_grid_free(struct sp_stats_grid *g);

/* A line of ncols cells (lens[i] bytes each); a grid of no columns takes
 * none (SP_EUSAGE) and is drawn as its borders. */
int sp_stats_grid_line(struct sp_stats_grid *g, const char *const *cells,
    const size_t *lens, struct sp_err *e);

/* The whole table, borders included, to w. */
int sp_stats_grid_write(const struct sp_stats_grid *g, sp_write_fn *w,
    void *ctx, struct sp_err *e);

/* The code points of s (n bytes); strip: without ANSI sequences. */
size_t sp_stats_grid_width(const char *s, size_t n, int strip);
/* Whether s holds an ANSI CSI sequence or an OSC 8 hyperlink. */
int sp_stats_grid_has_ansi(const char *s, size_t n);

#endif
