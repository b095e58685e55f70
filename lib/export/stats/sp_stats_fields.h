/*
 * sp_stats_fields.h - the records of sp-stats' views as named fields,
 * for the writers of JSON, NDJSON, CSV, TSV and the plain text tables.
 *
 *   regions  summary()'s keys in its order (doc/stats.md, "Region
 *            records"), then sp's: wall_duration, the exact ns sums, the spread of the
 *            ranks' totals and Caliper's imbalance;
 *   ranks    the per-rank records' keys ("Per-rank records"), then sp's, with the region's
 *            spread of totals so that each record stands alone;
 *   lanes    a record per (region, rank, lane);
 *   paths    the display rows ("The call tree") by call path.
 *
 * A field may be absent from a record (gpu_* without GPU times), as
 * summary() leaves them out; CSV and TSV then write an empty cell.
 *
 * Ownership: the tables are static; values point into the result.
 */
#ifndef SP_STATS_FIELDS_H
#define SP_STATS_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_stats.h"
#include "sp_stats_opts.h"

enum sp_stats_value_type {
	SP_STATS_VALUE_NULL, SP_STATS_VALUE_INT, SP_STATS_VALUE_DBL,
	SP_STATS_VALUE_STR, SP_STATS_VALUE_STRS, SP_STATS_VALUE_BOOL
};

struct sp_stats_value {
	enum sp_stats_value_type t;
	int64_t i;		/* also BOOL */
	double d;
	const char *s;
	size_t n;
	const char *const *v;	/* STRS */
	size_t nv;
};

struct sp_stats_field {
	const char *key;
	void (*get)(const struct sp_stats_result *res, size_t i,
	    struct sp_stats_value *out);
	/* NULL: in every record; a field never present is the text's only */
	int (*present)(const struct sp_stats_result *res, size_t i);
	/* in the text table by default: its header and format ("%.6f") */
	const char *header;
	const char *fmt;
};

struct sp_stats_view {
	const struct sp_stats_field *fields;
	size_t nfields;
	size_t (*count)(const struct sp_stats_result *res);
	/* the record's name and its region's place, for sorting */
	const char *(*name)(const struct sp_stats_result *res, size_t i,
	    size_t *len);
	/* the alias of a sort key in this view (NULL: none) */
	const char *(*alias)(const char *key);
	/* the text table's default columns, as keys */
	const char *const *text;
	size_t ntext;
};

const struct sp_stats_view *sp_stats_view_of(enum sp_stats_by by,
    int call_paths);

/* The field called key, or NULL. */
const struct sp_stats_field *sp_stats_view_field(
    const struct sp_stats_view *v, const char *key);

#endif
