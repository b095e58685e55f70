/*
 * sp_stats_top.h - which rows or records sp-stats keeps under --top and
 * --max-depth, applied to an order made by sp_stats_order.h.
 *
 * --top N keeps regions, not lines: the N regions (distinct names) that
 * lead by the sort key, a region leading by its best row or record;
 * without a key, by total time, largest first, whatever order the rows
 * or records print in.  For the tree (the table and --call-paths) the
 * key ranks the rows as a flat list: "start" by first start, earliest
 * first, ties by name; any other key as sp_stats_order_rows() sorts
 * them.  Of each
 * region kept, its N leading rows stay, and with every row kept the rows
 * of its ancestors, so that the tree still reads.  For the other records
 * (by region, rank or lane) every record of a region kept stays.
 *
 * --max-depth D keeps the tree's rows of depth D at most (roots are 0,
 * as the records' depth key); --top then ranks those only.
 *
 * Both filter order[0 .. *n) in place, keeping its order.
 * Ownership: the caller's arrays.
 */
#ifndef SP_STATS_TOP_H
#define SP_STATS_TOP_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats.h"
#include "sp_stats_order.h"

/* top < 0: every region; max_depth < 0: every depth. */
int sp_stats_top_rows(const struct sp_stats_row *rows, const char *sort,
    long top, long max_depth, uint32_t *order, size_t *n, struct sp_err *e);

/*
 * The records of the top regions (s->name names a record's region):
 * those that lead by s->val, largest first, where it is set, else the
 * first met in order; count is the number of records.
 */
int sp_stats_top_records(const struct sp_stats_sortable *s, size_t count,
    long top, uint32_t *order, size_t *n, struct sp_err *e);

#endif
