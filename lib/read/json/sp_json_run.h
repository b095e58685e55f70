/*
 * sp_json_run.h - the top-level keys of a JSON profile, once parsed,
 * made the source's run: the format and its version checked, the region
 * table (sp-json's sp_region_names, else the names in order of first
 * appearance), num_ranks, event_data_available, metadata and its label,
 * the extension keys storage_layout, scope_profiler_schema,
 * sp_event_columns and sp_row_order (sp-json(1)), the lane tables and
 * side payloads (sp_json_perrank.h); the rows put in rank, region order.
 *
 * What they mean follows scope-profiler's read_json (doc/formats.md, "JSON
 * profiles"): num_ranks 0 and event_data_available true when missing.  Errors
 * (SP_EDATA) adapt its JSONProfileError: "not a scope-profiler JSON profile"
 * and "uses JSON profile format version V".
 *
 * Ownership: the values are borrowed; what the run keeps of them is
 * kept with the source.
 */
#ifndef SP_JSON_RUN_H
#define SP_JSON_RUN_H

#include <stddef.h>

#include "sp_json_source.h"
#include "sp_jvalue.h"
#include "sp_sidejson.h"

#define SP_JSON_FORMAT_NAME "scope-profiler-profile"
#define SP_JSON_FORMAT_VERSION 1

/* The top-level keys the run reads ("regions" is the parse's own). */
enum sp_json_top {
	SP_JSON_TOP_FORMAT, SP_JSON_TOP_VERSION, SP_JSON_TOP_NUM_RANKS,
	SP_JSON_TOP_EVENT_DATA, SP_JSON_TOP_METADATA, SP_JSON_TOP_THREADS,
	SP_JSON_TOP_TASKS, SP_JSON_TOP_LAYOUT, SP_JSON_TOP_SCHEMA,
	SP_JSON_TOP_NAMES, SP_JSON_TOP_COLUMNS, SP_JSON_TOP_PAYLOADS,
	SP_JSON_TOP_ROW_ORDER,
	SP_JSON_TOP_SIDE,	/* + k: sp_sidejson_kinds[k]'s key */
	/* dropped */
	SP_JSON_TOP_UNKNOWN = SP_JSON_TOP_SIDE + SP_SIDEJSON_NKINDS,
	SP_JSON_TOP_COUNT
};

/* The index of the n-byte key k: SP_JSON_TOP_UNKNOWN for one not read. */
enum sp_json_top sp_json_top_index(const char *k, size_t n);

/* The error of a document that is no JSON profile at all; -1. */
int sp_json_not_profile(const struct sp_json_source *s, struct sp_err *e);

/* The values of the keys (NULL: absent), made the run. */
int sp_json_run_finish(struct sp_json_source *s,
    struct sp_jvalue *const top[SP_JSON_TOP_COUNT], struct sp_err *e);

#endif
