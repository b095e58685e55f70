/*
 * sp_stats_emit.h - a run's records as JSON (json.dumps(..., indent=2) of
 * the list, as the oracle writes summary()), NDJSON (one json.dumps()
 * object a line), CSV (a header of keys, values quoted where they must
 * be, as Python's csv module does, lines ending in "\n"), TSV (tabs,
 * with \t \n \r \\ escaped) or, for the views the reference has no table
 * for (--by rank, --by lane), plain text tables.
 *
 * Order: the view's own (the reference's region order, then ranks and
 * lanes ascending; the tree's order for call paths), or --sort: "name"
 * ascending, "rank" ascending, any other key largest first with None
 * last and ties by name, the reference's rule.  --top and --max-depth
 * keep what sp_stats_top.h says.
 *
 * Ownership: everything is borrowed for the call.
 */
#ifndef SP_STATS_EMIT_H
#define SP_STATS_EMIT_H

#include "sp_err.h"
#include "sp_jsonw.h"
#include "sp_stats.h"
#include "sp_stats_opts.h"

/* SP_EUSAGE for columns or a sort key the view does not have. */
int sp_stats_emit_check(const struct sp_stats_export_opts *o,
    struct sp_err *e);

int sp_stats_emit_write(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e);

#endif
