/*
 * sp_json_row.h - a region row of the document, once parsed: its small
 * keys (name, rank, source_file, source_lineno, source_text, tags,
 * aggregate, exclusive_total_ns, and sp-json's summary_statistics and
 * event_metadata_json) read as scope-profiler's read_json reads them
 * (doc/exports.md, "Rows"; doc/formats.md, "JSON profiles"), its per-call
 * columns already on the source's temporary file, made a row of the source.
 *
 * Errors (SP_EDATA) name the row: one without a name or a valid rank,
 * without both start and end times, or whose columns differ in length.
 *
 * Ownership: row and cols are borrowed; what the row keeps of them is
 * kept with the source.
 */
#ifndef SP_JSON_ROW_H
#define SP_JSON_ROW_H

#include "sp_json_source.h"
#include "sp_jvalue.h"

/* row: the row's keys but its columns; cols: where its columns went. */
int sp_json_row_add(struct sp_json_source *s, const struct sp_jvalue *row,
    struct sp_json_source_cols *cols, struct sp_err *e);

#endif
