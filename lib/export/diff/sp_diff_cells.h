/*
 * sp_diff_cells.h - the cells of sp-diff's tables, text and Markdown
 * (doc/diff.md, "Text"): values "%.6g" (counts as integers), deltas with
 * their sign, percentages "%+.4g%", "-" for none; a cell's width in
 * characters; and the writer's pieces, out of memory or I/O sticky.
 *
 * Ownership: cells are written into the caller's buffers of
 * SP_DIFF_CELL_MAX bytes.
 */
#ifndef SP_DIFF_CELLS_H
#define SP_DIFF_CELLS_H

#include <stddef.h>

#include "sp_diff_report.h"
#include "sp_err.h"
#include "sp_write.h"

#define SP_DIFF_CELL_MAX 64

void sp_diff_cells_value(char *buf, enum sp_diff_metric m, struct sp_opt v);
void sp_diff_cells_delta(char *buf, enum sp_diff_metric m, double d);
void sp_diff_cells_pct(char *buf, struct sp_opt pct);
/* The columns of a row after its key's (and its rank's). */
enum {
	SP_DIFF_COL_A, SP_DIFF_COL_B, SP_DIFF_COL_DELTA, SP_DIFF_COL_PCT,
	SP_DIFF_COL_P, SP_DIFF_NCOLS
};

/*
 * A row's cells as the text table has them: each side's value (with
 * several runs, its median and interval, "1.5 ±3.2%"), the delta,
 * the percentage or "~" when tested and not significant, and the test
 * ("p=0.021 n=8+8", or "-").
 */
void sp_diff_cells_row(const struct sp_diff_row *w,
    const struct sp_diff_report *rep,
    char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX]);
/* Some row of d was tested. */
int sp_diff_cells_tested(const struct sp_diff *d);
/* What the tests compared, the line under a table ("Test: ..."): 0 when
 * no row was tested (no line), else 1 and the line in buf. */
int sp_diff_cells_note(const struct sp_diff *d,
    const struct sp_diff_report *rep, char *buf, size_t n);
/* The characters of n bytes of UTF-8 (a byte that starts none counts). */
size_t sp_diff_cells_width(const char *s, size_t n);

/* A writer that remembers its first failure. */
struct sp_diff_cells_out {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	int failed;
};

void sp_diff_cells_put(struct sp_diff_cells_out *o, const char *s, size_t n);
void sp_diff_cells_str(struct sp_diff_cells_out *o, const char *s);
void sp_diff_cells_pad(struct sp_diff_cells_out *o, size_t n);
/* s in width characters: left-aligned (left) or right-aligned. */
void sp_diff_cells_cell(struct sp_diff_cells_out *o, const char *s, size_t n,
    size_t width, int left);

#endif
