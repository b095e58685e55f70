/*
 * sp_flame_export.h - what sp-flame does: read a call stream and write
 * for each (run, rank) that has calls a flame graph or folded stacks,
 * named as scope-profiler names its .prof files; or, with diff, compare
 * the stream's two runs, before and after, in a differential graph per
 * rank.
 *
 * The static SVG is drawn from the pstats dict of the rank (sp_pstats.h:
 * call paths by default, with the synthetic root "<label rank N>"), as
 * the reference's export_flamegraph_svg draws it (sp_flame.h).  Folded
 * stacks, the interactive graph and the differential graphs are made
 * from the rank's call-path tree (sp_flame_tree.h): folded stacks as
 * they come (sp_flame_fold.h), the others laid flat (sp_flame_flat.h)
 * and drawn by sp_flame_page.h (interactive, one run or a diff),
 * sp_flame_diff_svg.h (a static diff) or sp_flame_diff_fold.h (a folded diff).
 * With merge_ranks the ranks of a run make one tree, one output per run
 * (per stream for a diff).  Memory is O(distinct call paths) of one rank
 * at a time (of every rank of both runs for a diff, whose first run's
 * trees wait for the second), never O(calls).
 *
 * Files go out through the exporter front end (sp_export.h), named by
 * sp_flame_export_svg_naming (or sp_flame_export_folded_naming) from the base
 * path, or without "_rank<N>" for merged ranks; a diff's outputs are the
 * stream's (SP_EXPORT_ACROSS_RUNS: no run label, written once the input has
 * ended cleanly).  Every file appears under its name only when complete.
 * Standard output (a base of "-") and devices take one graph: it is held in
 * memory until the input ended cleanly and written then, so that a stream
 * with a second graph (a usage error) writes nothing there.
 *
 * A (run, rank) without calls is skipped, as in the reference, and a run
 * without any rank with calls gets a note (empty); a stream without any
 * graph is no error.  Errors (SP_EUSAGE for an interval stream, "pipe it
 * through sp-stack first", for several graphs on standard output, and
 * for a diff of a stream without exactly two runs) name the input.
 *
 * Ownership: the reader and the options are borrowed for the call.
 */
#ifndef SP_FLAME_EXPORT_H
#define SP_FLAME_EXPORT_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_flame.h"
#include "sp_flame_diff.h"
#include "sp_stream.h"

/* What one graph written was: its file ("-" for standard output). */
struct sp_flame_export_note {
	const char *path;
	const struct sp_flame_stats *svg;	/* the static graph, or NULL */
	size_t paths, nodes;	/* interactive: the tree and what was kept */
	double merged_share;	/* of the run's time, in merged nodes */
};

typedef void sp_flame_export_note_fn(void *ctx,
    const struct sp_flame_export_note *n);
/* A run (label: its unique label) without a rank with calls: no graph. */
typedef void sp_flame_export_empty_fn(void *ctx, const char *label);

struct sp_flame_export_opts {
	const char *output;	/* base path; "-" or NULL: standard output */
	int folded;		/* folded stacks instead of SVG */
	int lanes;		/* folded: a lane prefix frame per lane */
	int no_call_paths;	/* static SVG: the dict aggregated by region */
	int interactive;	/* the interactive graph */
	int merge_ranks;	/* one tree for all ranks of a run */
	int diff;		/* compare the two runs */
	struct sp_flame_diff_opts d;
	size_t max_nodes;	/* interactive: the tree's node budget */
	struct sp_flame_opts svg;
	size_t mem_limit;	/* pstats call log in memory, 0: default */
	uint64_t max_memory;	/* bound on a rank's path table, 0: none */
	sp_flame_export_note_fn *note;	/* may be NULL; graphs only */
	sp_flame_export_empty_fn *empty;	/* may be NULL */
	void *note_ctx;		/* of both */
	struct sp_export_wrote wrote;	/* told of each file written */
};

struct sp_flame_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t graphs;	/* files (or the one output) written */
	uint64_t calls;		/* calls read */
	uint64_t paths;		/* largest number of call paths of a rank */
	uint64_t bytes;		/* written, all outputs */
};

/* st (may be NULL) is filled also on failure. */
int sp_flame_export_run(struct sp_reader *r,
    const struct sp_flame_export_opts *o, struct sp_flame_export_stats *st,
    struct sp_err *e);

/*
 * How graphs are named (sp_export_name.h), as scope-profiler names .prof
 * files (doc/exports.md, "Run labels and file names"): pathlib's suffix
 * (".svg", or ".folded" for folded stacks, for a name without one), "_rank<N>"
 * after the label, "flamegraph" in a directory, the reference command line's
 * name: "out/flame.svg" -> "out/flame_rank0.svg", "out/flame_run_2_rank1.svg".
 */
extern const struct sp_export_naming sp_flame_export_svg_naming;
extern const struct sp_export_naming sp_flame_export_folded_naming;

#endif
