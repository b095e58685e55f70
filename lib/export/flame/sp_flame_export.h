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
 * Files: sp_flame_export_path() names each from the base path.  Whether
 * the run's label goes into the names depends on how many runs the
 * stream holds, known only once a second run starts or the input ends:
 * so the first run's files wait, complete, under temporary names beside
 * their targets, and are renamed once that is known.  Every file appears
 * under its name only when complete.  Standard output (a base of "-")
 * and devices take one graph: it is held until the input ended cleanly
 * and written then, so that a stream with a second (run, rank) with
 * calls (a usage error) writes nothing there.
 *
 * A (run, rank) without calls is skipped, as in the reference.  Errors
 * (SP_EDATA "no calls recorded ...", SP_EUSAGE for an interval stream,
 * "pipe it through sp-stack first", and for several graphs on standard
 * output) name the input.
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_FLAME_EXPORT_H
#define SP_FLAME_EXPORT_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_flame.h"
#include "sp_stream.h"

/* One graph written: its file ("-" for standard output) and its stats. */
typedef void sp_flame_export_note_fn(void *ctx, const char *path,
    const char *label, uint32_t rank, const struct sp_flame_stats *st);

struct sp_flame_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	int folded;		/* folded stacks instead of SVG */
	int lanes;		/* folded: a lane prefix frame per lane */
	int no_call_paths;	/* SVG: the dict aggregated by region */
	struct sp_flame_opts svg;
	size_t mem_limit;	/* pstats call log in memory, 0: default */
	uint64_t max_memory;	/* bound on a rank's path table, 0: none */
	sp_flame_export_note_fn *note;	/* may be NULL; SVG only */
	void *note_ctx;
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
 * The file of a graph, as scope-profiler names .prof files (exports.md
 * 2.6): the base's stem, "_" and the slug of label when label is not
 * NULL (several runs), "_rank<N>", and the base's last suffix, or
 * suffix when it has none: "out/flame.svg" -> "out/flame_rank0.svg",
 * "out/flame_run_2_rank1.svg".  A base ending in "/" names a directory:
 * its file is "flamegraph" + suffix, the reference command line's name.
 * *out is the caller's.
 */
int sp_flame_export_path(const char *base, const char *label, uint32_t rank,
    const char *suffix, char **out, struct sp_err *e);

#endif
