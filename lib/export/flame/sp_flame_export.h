/*
 * sp_flame_export.h - what sp-flame does: read a call stream and write a
 * flame graph (sp_flame.h) or folded stacks (sp_flame_fold.h) for each
 * (run, rank) that has calls, named as scope-profiler names its .prof
 * files.
 *
 * The SVG is drawn from the pstats dict of the rank (sp_pstats.h: call
 * paths by default, with the synthetic root "<label rank N>"), as the
 * reference's export_flamegraph_svg draws it; the folded stacks come
 * from the same walk with integer nanoseconds.  Memory is O(distinct
 * call paths) of one rank at a time (plus the pstats call log, bounded,
 * for a rank with several lanes), never O(calls).
 *
 * Files go out through the exporter front end (sp_export.h), named by
 * sp_flame_svg_naming (or sp_flame_folded_naming) from the base path; the
 * first run's wait complete under temporary names beside their targets
 * until it is known whether a second run follows.  Every file appears
 * under its name only when complete.  Standard output (a base of "-") and
 * devices take one graph: it is held in memory until the input ended
 * cleanly and written then, so that a stream with a second (run, rank)
 * with calls (a usage error) writes nothing there.
 *
 * A (run, rank) without calls is skipped, as in the reference, and a run
 * without any rank with calls gets a note (empty); a stream without any
 * graph is no error.  Errors (SP_EUSAGE for an interval stream,
 * "pipe it through sp-stack first", and for several graphs on standard
 * output) name the input.
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_FLAME_EXPORT_H
#define SP_FLAME_EXPORT_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_flame.h"
#include "sp_stream.h"

/* One graph written: its file ("-" for standard output) and its stats. */
typedef void sp_flame_export_note_fn(void *ctx, const char *path,
    const char *label, uint32_t rank, const struct sp_flame_stats *st);
/* A run (label: its unique label) without a rank with calls: no graph. */
typedef void sp_flame_export_empty_fn(void *ctx, const char *label);

struct sp_flame_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	int folded;		/* folded stacks instead of SVG */
	int lanes;		/* folded: a lane prefix frame per lane */
	int no_call_paths;	/* SVG: the dict aggregated by region */
	struct sp_flame_opts svg;
	size_t mem_limit;	/* pstats call log in memory, 0: default */
	uint64_t max_memory;	/* bound on a rank's path table, 0: none */
	sp_flame_export_note_fn *note;	/* may be NULL; SVG only */
	sp_flame_export_empty_fn *empty;	/* may be NULL */
	void *note_ctx;		/* of both */
};

struct sp_flame_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t graphs;	/* files (or the one output) written */
	uint64_t calls;		/* calls read */
	uint64_t paths;		/* largest number of call paths of a rank */
	uint64_t bytes;		/* written, all outputs */
};

/* st (may be NULL) is filled also on failure. */
int sp_flame_export_stream(struct sp_reader *r,
    const struct sp_flame_export_opts *o, struct sp_flame_export_stats *st,
    struct sp_err *e);

/*
 * How graphs are named (sp_export_name.h), as scope-profiler names .prof
 * files (exports.md 2.6): pathlib's suffix (".svg", or ".folded" for
 * folded stacks, for a name without one), "_rank<N>" after the label,
 * "flamegraph" in a directory, the reference command line's name:
 * "out/flame.svg" -> "out/flame_rank0.svg", "out/flame_run_2_rank1.svg".
 */
extern const struct sp_export_naming sp_flame_svg_naming;
extern const struct sp_export_naming sp_flame_folded_naming;

#endif
