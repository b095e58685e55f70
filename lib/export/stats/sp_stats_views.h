/*
 * sp_stats_views.h - the plain text tables of the views the reference
 * has no table for: --by rank (the spread of each region's rank totals,
 * then a line per rank) and --by lane, drawn as print_summary draws its
 * table (sp_stats_grid.h); and the order of any view's records, which
 * the other writers (sp_stats_emit.h) share.
 *
 * Ownership: everything is borrowed for the call.
 */
#ifndef SP_STATS_VIEWS_H
#define SP_STATS_VIEWS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_jsonw.h"
#include "sp_stats_opts.h"
#include "sp_stats_fields.h"
#include "sp_stats_text.h"

/* The records of view v in o's order, cut to --top: out[0 .. *n). */
int sp_stats_records_order(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, const struct sp_stats_view *v,
    uint32_t *out, size_t *n, struct sp_err *e);

/* A value as the text tables show it (fmt: the field's, or NULL). */
void sp_stats_value_text(struct sp_stats_text *b,
    const struct sp_stats_value *v, const char *fmt);

int sp_stats_views_text(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e);

#endif
