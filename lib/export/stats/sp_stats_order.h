/*
 * sp_stats_order.h - the order of print_summary's rows (doc/stats.md,
 * "Order of the rows"), and the sort keys sp-stats takes for its other
 * views too.
 *
 * "start" prints the tree: roots (rows without a parent row, and the
 * fallback rows) by start, each followed by its children by start, the
 * first met first on ties.  Any other key sorts every row by name (code
 * points), then by the key's value, largest first, None last: so ties
 * are alphabetical, and children may print above their parents
 * (doc/stats.md, "Sorted rows keep their glyphs").
 * "name" is the first step only.
 *
 * Ownership: the caller's arrays.
 */
#ifndef SP_STATS_ORDER_H
#define SP_STATS_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats.h"

/* The keys of the table, for messages. */
extern const char sp_stats_sort_keys[];

/* A key's value in a row: none for a None value or an unknown key. */
struct sp_opt sp_stats_row_key(const struct sp_stats_row *w,
    const char *key, int *known);

/* The rows' order in out[0 .. n). */
int sp_stats_order_rows(const struct sp_stats_row *rows, size_t n,
    const char *sort, uint32_t *out, struct sp_err *e);

/*
 * The same rule for any records: val(ctx, i, &set) is record i's value,
 * name(ctx, i, &len) its name; NULL val sorts by name only.
 */
struct sp_stats_sortable {
	double (*val)(const void *ctx, size_t i, int *set);
	const char *(*name)(const void *ctx, size_t i, size_t *len);
	const void *ctx;
};
int sp_stats_order_by(const struct sp_stats_sortable *s, size_t n,
    uint32_t *out, struct sp_err *e);

#endif
