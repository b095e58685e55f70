/*
 * sp_trace_export.h - what sp-trace does: read a call stream and write
 * one timeline trace per run, every rank and lane of the run on it, as
 * Perfetto's protobuf (sp_perfetto.h) or Chrome's Trace Event JSON
 * (sp_trace_chrome.h), plain or gzip-compressed for a name ending in .gz.
 *
 * A rank is a process track, "<run label> rank N", pid N + 1, in rank
 * order; each of its lanes a thread track named as sp-speedscope names
 * its profiles (sp_lane.h), in stream order; each call a slice with its
 * region's name, nested exactly as sp-stack nested the calls (the opens
 * and closes of the front end's walk, sp_walk.h, which refuses a call
 * stream that contradicts itself with its own message), with the
 * call's source location, call id, GPU and await times and per-call
 * metadata as arguments where the profile has them (sp_callargs.h;
 * none with no_args).
 *
 * Time 0 is the run's first call (the run item's first_ns), and every
 * time is in ns from it, shifted per rank by the alignment:
 *
 *   none     nothing moves (the shift is 0);
 *   start    each rank's first call starts at 0;
 *   region   each rank's first call of the region named align_region
 *            starts at the same time on every rank: at S, the span of
 *            the run (its last end minus its first start), the least
 *            time that keeps every call of every rank at 0 or later
 *            whatever the ranks hold (viewers show times from the
 *            trace's first event, so this offset does not show); a rank
 *            without such a call is not shifted, with a notice.
 *
 * The first call of a rank is known only when the rank is read whole, so
 * with an alignment a rank's calls wait in a spool (sp_trace_spool.h: memory
 * up to buffer bytes, then a temporary file in tmpdir) and are written
 * at the rank's end; without one they are written as they come.  The
 * shifts, taken over all the rank's calls whatever min_duration drops,
 * are recorded in the trace (process labels and descriptions; in JSON
 * also its "metadata").
 *
 * min_duration_ns > 0 leaves out every call shorter than that, with all
 * the calls inside it.  A run without calls, or whose calls it all
 * drops, gets no trace, and a notice (the first run's once it is known
 * whether a second one comes).  A stream whose runs have no call is no
 * error: its notices say so, and nothing is written (make -j over a
 * directory passes an empty profile).  One in which min_duration_ns
 * drops every call is an error (SP_EDATA, "no calls left ..."), so is an
 * interval stream (SP_EUSAGE "an interval stream: pipe it through
 * sp-stack first"), and so is a second run when the output takes one
 * trace (SP_EUSAGE).
 *
 * Traces go out through the exporter front end (sp_export.h), named as
 * sp_trace_export_naming_proto or _json says from a base path, or to standard
 * output or a device, one trace only, its last byte held back until the
 * input has ended cleanly.
 *
 * Memory: O(lanes of a rank x their depth + distinct region names), plus
 * the current rank's lane tables and per-call metadata, and with an
 * alignment the spool's buffer; never O(calls).
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_TRACE_EXPORT_H
#define SP_TRACE_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_stream.h"

enum sp_trace_export_format {
	/* Perfetto TrackEvent protobuf: .pftrace */
	SP_TRACE_EXPORT_PROTO,
	/* Chrome Trace Event JSON: .json */
	SP_TRACE_EXPORT_JSON,
};

enum sp_trace_export_align {
	SP_TRACE_EXPORT_ALIGN_NONE,
	SP_TRACE_EXPORT_ALIGN_START,
	SP_TRACE_EXPORT_ALIGN_REGION,
};

/* What a notice is about. */
enum sp_trace_export_note {
	/* a trace passed max_size (once each) */
	SP_TRACE_EXPORT_OVERSIZE,
	/* a run has no calls: no trace */
	SP_TRACE_EXPORT_NO_CALLS,
	/* min_duration left none: no trace */
	SP_TRACE_EXPORT_ALL_DROPPED,
	/* a rank without align_region: not shifted */
	SP_TRACE_EXPORT_NO_REGION,
};

/*
 * label is the run's (unique) label; path the trace's file ("-" for
 * standard output; the first run's, the name it has so far); value the
 * size, the calls dropped, or the rank.
 */
typedef void sp_trace_export_note_fn(void *ctx, enum sp_trace_export_note what,
    const char *label, const char *path, uint64_t value);

struct sp_trace_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	enum sp_trace_export_format format;
	int level;		/* gzip level of .gz outputs, 1 to 9 */
	enum sp_trace_export_align align;
	const char *align_region;	/* for SP_TRACE_EXPORT_ALIGN_REGION */
	int64_t min_duration_ns;	/* > 0: drop shorter calls (subtrees) */
	uint64_t max_size;	/* notice when a trace passes it; 0: never */
	int no_args;		/* slices without arguments */
	const char *tmpdir;	/* the spool's files; NULL: $TMPDIR or /tmp */
	size_t buffer;		/* the spool's memory; 0: 4 MiB */
	const char *exporter;	/* NULL: "sp@<version>" */
	sp_trace_export_note_fn *note;	/* may be NULL */
	void *note_ctx;
	struct sp_export_wrote wrote;	/* told of each file written */
};

struct sp_trace_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t traces;	/* traces written */
	uint64_t calls;		/* calls read */
	uint64_t slices;	/* calls written */
	uint64_t dropped;	/* calls left out by min_duration_ns */
	uint64_t bytes;		/* trace bytes, before any gzip */
	uint64_t file_bytes;	/* bytes written */
	uint64_t spilled;	/* bytes the spool put on temporary files */
};

/*
 * Export every run of the stream r.  st (may be NULL) is filled also on
 * failure, with what was done until then.
 */
int sp_trace_export_run(struct sp_reader *r,
    const struct sp_trace_export_opts *o,
    struct sp_trace_export_stats *st, struct sp_err *e);

/*
 * How traces are named (sp_export_name.h): the suffix from the first
 * dot, ".pftrace" or ".trace.json" for a name without one,
 * "profile.pftrace" or "profile.trace.json" in a directory, no rank.
 */
extern const struct sp_export_naming sp_trace_export_naming_proto;
extern const struct sp_export_naming sp_trace_export_naming_json;

/* The format a file name asks for: JSON for .json and .json.gz. */
enum sp_trace_export_format sp_trace_export_format_of(const char *path);

#endif
