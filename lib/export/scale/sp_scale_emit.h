/*
 * sp_scale_emit.h - a scaling series as data (doc/scale.md, "Data"):
 * JSON (one document), NDJSON (an object per row and x), CSV and TSV (a
 * line per row and x); or, with plot_data, the points of the report's
 * plot alone in the layout of the reference's data files: CSV "region,
 * <x field>, <value>", or JSON {format, format_version, plot, points,
 * options}.  Numbers as Python's repr writes them, none as null or an
 * empty cell.
 */
#ifndef SP_SCALE_EMIT_H
#define SP_SCALE_EMIT_H

#include "sp_err.h"
#include "sp_scale.h"
#include "sp_scale_report.h"
#include "sp_write.h"

enum sp_scale_emit_format {
	SP_SCALE_EMIT_JSON,
	SP_SCALE_EMIT_NDJSON,
	SP_SCALE_EMIT_CSV,
	SP_SCALE_EMIT_TSV,
};

int sp_scale_emit_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, enum sp_scale_emit_format f,
    int plot_data, sp_write_fn *write, void *ctx, struct sp_err *e);

/* The key of a plot's value: "speedup", "normalized_runtime"... */
const char *sp_scale_emit_key(enum sp_scale_plot p);

#endif
