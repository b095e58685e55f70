/*
 * sp_report_order.h - the order of the heatmap's rows (doc/report.md,
 * "Pictures"): ranks grouped by the column where their own time stands
 * furthest above the column's mean (own / mean, the largest ratio; ties
 * to the first column), the groups in the columns' order, and in each
 * group the ranks by their own time over the columns, largest first
 * (stragglers first), ties by rank.  Ranks of one role (a rank doing
 * I/O, a master rank) thus sit together, with their outliers at the top,
 * and the colours line up block by block.  A rank with no calls in any
 * column, or only in columns of mean 0, is in a last group.  Then the
 * ordered ranks are binned: at most max rows, consecutive ranks of the
 * order sharing a row.
 *
 * Ownership: the caller's arrays, read or filled.
 */
#ifndef SP_REPORT_ORDER_H
#define SP_REPORT_ORDER_H

#include <stddef.h>

/*
 * own: n x ncols own times (row i is the i-th rank), < 0 where the rank
 * has no calls in the column.  order: filled with the rows' indices in
 * the heatmap's order; group, when not NULL, with each row's group (its
 * column, or ncols).  -1 without memory.
 */
int sp_report_order(const double *own, size_t n, size_t ncols,
    size_t *order, size_t *group);

/* The ranks a row holds when n ranks go into at most max rows; and the
 * rows. */
size_t sp_report_order_per(size_t n, size_t max);
size_t sp_report_order_rows(size_t n, size_t max);

#endif
