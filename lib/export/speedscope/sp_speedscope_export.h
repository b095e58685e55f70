/*
 * sp_speedscope_export.h - what sp-speedscope does: read a call stream and
 * write one speedscope document per run (sp_speedscope.h), named as
 * scope-profiler's export_speedscope names its files.
 *
 * The calls of each (rank, lane) become one evented profile, "rank N" or
 * "rank N - <lane label>" (sp_lane.h), in the order the stream brings
 * them.  A run's document is rebased on the first_ns of its run item (the
 * earliest call the run holds) and written while its calls stream past:
 * memory is O(distinct frames + deepest nesting + lane tables), never
 * O(calls).
 *
 * Documents go out through the exporter front end (sp_export.h): to
 * files named by sp_speedscope_export_naming from a base path (an existing
 * directory counts as "DIR/"), the first run's under a temporary name
 * until it is known whether a second run follows; or to standard output
 * ("-" or NULL) or an existing device or FIFO, which takes one document
 * only, its last byte held back until the input has ended cleanly, so
 * that a stream with a second run (a usage error) never leaves a complete
 * document there.
 *
 * A run without calls, or whose calls min_duration_ns all drops, gets no
 * document, as in the reference, and a note (for the first run once it
 * is known whether a second one comes).  A stream whose runs have no
 * call is no error: its notes say so, and nothing is written (speedscope
 * cannot open a document without profiles).  One in which min_duration_ns
 * drops every call is an error (SP_EDATA, "no calls left ..."), so is an
 * interval stream (SP_EUSAGE, "an
 * interval stream: pipe it through sp-stack first"), and so is a second
 * run when the output takes one document (SP_EUSAGE).  Errors name the
 * input, or the output file concerned.
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_SPEEDSCOPE_EXPORT_H
#define SP_SPEEDSCOPE_EXPORT_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_stream.h"

/* What a notice is about. */
enum sp_speedscope_export_note {
	/* a document passed max_size (once each) */
	SP_SPEEDSCOPE_EXPORT_OVERSIZE,
	/* a run has no calls: no document */
	SP_SPEEDSCOPE_EXPORT_NO_CALLS,
	/* min_duration left none: no document */
	SP_SPEEDSCOPE_EXPORT_ALL_DROPPED,
};

/*
 * label is the run's (unique) label; path the document's file ("-" for
 * standard output; for the first run's document, the name it has so far).
 */
typedef void sp_speedscope_export_note_fn(void *ctx,
    enum sp_speedscope_export_note what,
    const char *label, const char *path, uint64_t value);

struct sp_speedscope_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	const char *name;	/* document name; NULL: the run's label */
	const char *exporter;	/* NULL: "sp@<version>" */
	int unit_ns;		/* integer ns instead of float seconds */
	int64_t min_duration_ns;	/* > 0: drop shorter calls (subtrees) */
	uint64_t max_size;	/* notice when a document passes it; 0: never */
	sp_speedscope_export_note_fn *note;	/* may be NULL */
	void *note_ctx;
	struct sp_export_wrote wrote;	/* told of each file written */
};

struct sp_speedscope_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t documents;	/* documents written */
	uint64_t calls;		/* calls read */
	uint64_t dropped;	/* calls left out by min_duration_ns */
	uint64_t bytes;		/* JSON written, all documents */
};

/*
 * Export every run of the stream r.  st (may be NULL) is filled also on
 * failure, with what was done until then.
 */
int sp_speedscope_export_run(struct sp_reader *r,
    const struct sp_speedscope_export_opts *o,
    struct sp_speedscope_export_stats *st, struct sp_err *e);

/*
 * How documents are named (sp_export_name.h), as export_speedscope names
 * its files (doc/exports.md, "Run labels and file names"): the suffix from the
 * first dot, ".speedscope.json" for a name without one,
 * "profile.speedscope.json" in a directory, no rank:
 * "out/profile.speedscope.json", or "out/profile_run_2.speedscope.json" for
 * run "run (2)" of several.
 */
extern const struct sp_export_naming sp_speedscope_export_naming;

#endif
