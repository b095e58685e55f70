/*
 * sp_diff_emit.h - sp-diff's rows for programs and for pages (doc/diff.md,
 * "Formats"): JSON (one document: the metric, the sides, the gate, the
 * rows, the keys only on one side), NDJSON (one row a line), CSV and TSV
 * (a header, one row a line; none for a missing value), and Markdown (the
 * table a pull request or a CI job's summary shows).
 *
 * Ownership: the rows and the report are borrowed for the call.
 */
#ifndef SP_DIFF_EMIT_H
#define SP_DIFF_EMIT_H

#include "sp_diff.h"
#include "sp_diff_report.h"
#include "sp_err.h"
#include "sp_write.h"

enum sp_diff_emit_format {
	SP_DIFF_EMIT_JSON,
	SP_DIFF_EMIT_NDJSON,
	SP_DIFF_EMIT_CSV,
	SP_DIFF_EMIT_TSV,
	SP_DIFF_EMIT_MARKDOWN,
};

int sp_diff_emit_write(const struct sp_diff *d,
    const struct sp_diff_report *rep, enum sp_diff_emit_format f,
    sp_write_fn *write, void *ctx, struct sp_err *e);

#endif
