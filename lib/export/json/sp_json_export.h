/*
 * sp_json_export.h - what sp-json does: read an sp stream (intervals or calls)
 * and write scope-profiler's JSON profile, format version 1, one document
 * per run, or one NDJSON line per call.
 *
 * The document (doc/exports.md, "sp-json documents") lists the calls of each
 * (region, rank) row in recording order, rows grouped by region, while a
 * stream brings them rank by rank and lane by lane in time order.
 * sp_json_export() regroups them in bounded memory: each rank's calls go to
 * their place in a store (sp_spill.h) held in memory while the budget allows,
 * else on a temporary file as sort(1) does.  A stream that sp-read wrote with
 * --order file brings each row's calls in recording order, rows in region
 * order: its last rank (for a one-rank run, the only one) is then written as
 * it arrives, a row at a time, and needs no spill.  Either way the bytes are
 * the same.
 *
 * What JSON v1 cannot say is carried by extension keys, listed in
 * sp-json(1), so that sp-read gives back the stream the document came
 * from: "summary_statistics" and "event_metadata_json" in rows,
 * "source" and "source_first_lineno" in line-profile records, and at the
 * end "perf_events", "storage_layout", "scope_profiler_schema",
 * "sp_region_names", "sp_event_columns" and "sp_side_payloads".
 *
 * Documents go out through the exporter front end (sp_export.h): to
 * files named by sp_json_export_naming from a base path, or, when the base is
 * "-" or NULL (standard output) or a device or FIFO, to that one output,
 * which takes one document only (a second run is SP_EUSAGE).  As in
 * sp_speedscope_export.h, the first run's document waits complete under a
 * temporary name until it is known whether a second run follows.
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_JSON_EXPORT_H
#define SP_JSON_EXPORT_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_stream.h"

/*
 * The memory budget when none is given: 32 MB (32 * 10^6 bytes), which
 * keeps sp-json's peak RSS under 45 MiB: a larger budget holds a rank of
 * millions of calls in memory whole (64 MB: some 4M calls, 70 MiB), while
 * spilling costs a rank of 3M calls about a quarter more time.
 */
#define SP_JSON_EXPORT_BUFFER_DEFAULT ((uint64_t)32000000)

struct sp_json_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	int indent;		/* < 0: one line, else json.dumps's indent */
	int level;		/* gzip level (1..9) of ".gz" outputs */
	uint64_t buffer;	/* memory budget in bytes; 0: the default */
	const char *tmpdir;	/* NULL: $TMPDIR, else /tmp */
	const char *exporter;	/* NULL: "sp@<version>" */
	struct sp_export_wrote wrote;	/* told of each file written */
};

struct sp_json_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t documents;	/* documents (or NDJSON files) written */
	uint64_t calls;		/* calls read */
	uint64_t text_bytes;	/* JSON text written, all outputs */
	uint64_t file_bytes;	/* bytes written to outputs (compressed) */
	uint64_t spilled;	/* bytes put on temporary files */
	uint64_t live_rows;	/* rows written as they arrived (file order) */
};

/*
 * How documents are named (sp_export_name.h), as export_json names them
 * (doc/exports.md, "Run labels and file names"): the suffix from the first dot
 * (".json" for a name without one), "profile.json" in a directory, no rank.
 */
extern const struct sp_export_naming sp_json_export_naming;

/* One document per run.  st (may be NULL) is filled also on failure. */
int sp_json_export_run(struct sp_reader *r, const struct sp_json_export_opts *o,
    struct sp_json_export_stats *st, struct sp_err *e);

/*
 * NDJSON: one line per call, as the calls arrive, all runs to the one
 * output (o->output, NULL or "-" for standard output; o->indent unused).
 * Each line is an object: run (the run's label), rank, lane, seq (the
 * call's sequence number in its lane; not in file-order streams), region
 * (its name), start_ns, end_ns, duration_ns; and in a call stream depth,
 * parent (the parent's seq, -1 for a root) and self_ns.  A call stream's
 * lines come as the calls close, since their self time is known only then.
 */
int sp_json_export_lines(struct sp_reader *r,
    const struct sp_json_export_opts *o,
    struct sp_json_export_stats *st, struct sp_err *e);

#endif
