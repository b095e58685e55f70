/*
 * sp_json_perrank.h - the document's per-rank keys, keyed "<rank>", made
 * the source's per-rank tables: the lane tables "threads" and "tasks",
 * and the side payloads, from sp-json's "sp_side_payloads" when it is
 * there (the items exactly), else from the v1 keys "likwid",
 * "perf_events" and "line_profile" (sp_sidejson.h).
 *
 * Ownership: the values are borrowed; the tables are kept with the
 * source.
 */
#ifndef SP_JSON_PERRANK_H
#define SP_JSON_PERRANK_H

#include "sp_json_source.h"
#include "sp_jvalue.h"
#include "sp_sidejson.h"

/* threads, tasks: the keys' values, or NULL. */
int sp_json_lanes(struct sp_json_source *s, const struct sp_jvalue *threads,
    const struct sp_jvalue *tasks, struct sp_err *e);

/* payloads: sp_side_payloads; v1[k]: the key of sp_sidejson_kinds[k]. */
int sp_json_sides(struct sp_json_source *s, const struct sp_jvalue *payloads,
    const struct sp_jvalue *const v1[SP_SIDEJSON_NKINDS], struct sp_err *e);

#endif
