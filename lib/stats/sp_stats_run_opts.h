/*
 * sp_stats_run_opts.h - what a run's statistics are asked to hold
 * (sp_stats_run.h): the result's parts, what the tree's rows need, the
 * filters, the memory bound, and who watches the walk.  Apart from sp_stats_run.h so that the
 * run's state (sp_stats_acc.h) needs nothing of the run's API.
 *
 * Ownership: keep's and the watch's contexts are borrowed; tmpdir too.
 */
#ifndef SP_STATS_RUN_OPTS_H
#define SP_STATS_RUN_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

/* What the result is to hold. */
#define SP_STATS_WANT_REGIONS	0x1	/* summary(): pooled statistics */
#define SP_STATS_WANT_TREE	0x2	/* print_summary's rows */
#define SP_STATS_WANT_RANKS	0x4	/* the per-rank records */
#define SP_STATS_WANT_LANES	0x8	/* the lanes' records */

/*
 * What the tree's rows, the regions' records and the per-rank records
 * are to hold besides their sums, counts and extremes, when a program
 * reads only some of it (0: everything).  What is left out stays unset,
 * or 0 in a field that has no unset state, and costs nothing: the
 * deviations and percentiles take most of a run's time at its end.
 */
#define SP_STATS_NEED_DEV	0x1	/* std */
#define SP_STATS_NEED_PCT	0x2	/* p50, p95, p99 */
#define SP_STATS_NEED_IMB	0x4	/* imbalance */
#define SP_STATS_NEED_SUMS	0x8	/* none of them: the sums only */
#define SP_STATS_NEED_ALL	0x7

/*
 * Told of each call of a selected rank as sp_stats_run_calls() walks it:
 * open when it opens (its region), close when it closes (its self time),
 * in the walk's order, so that a caller builds what it needs of the
 * calls' nesting in the statistics' pass rather than in a walk of its
 * own.  open NULL: no one.  A failure stops the walk and is the run's.
 */
struct sp_stats_run_watch {
	int (*open)(void *ctx, uint32_t region, struct sp_err *e);
	int (*close)(void *ctx, int64_t self_ns, struct sp_err *e);
	void *ctx;
};

struct sp_stats_run_opts {
	unsigned want;
	unsigned need;		/* SP_STATS_NEED_*; 0: all */
	int no_path_text;	/* the tree's rows without call_path (NULL) */
	int approx;
	/* the tree visits the selected ranks, else 0 .. num_ranks - 1
	 * (doc/stats.md, "Ranks outside the tree") */
	int ranks_given;
	int (*keep)(void *ctx, const char *name, size_t len);
	void *keep_ctx;
	/*
	 * The durations handed out when a run ends (sp_stats_run.h,
	 * sp_stats_run_durations()): SP_STATS_WANT_REGIONS, the regions';
	 * SP_STATS_WANT_TREE, the call paths'; 0: none.
	 */
	unsigned hand_out;
	uint64_t mem;		/* bytes held before the temporary file */
	const char *tmpdir;	/* NULL: $TMPDIR or /tmp */
	struct sp_stats_run_watch watch;
};

#endif
