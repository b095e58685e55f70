/*
 * sp_pstats.h - the pstats statistics dict of one (run, rank): the .prof
 * export's accounting, doc/exports.md, "cProfile statistics", quirks included.
 *
 * A builder is fed the calls of one rank, lane after lane, as opens and
 * closes (the events of a call walk, sp_walk.h) and turns them into the dict
 * cProfile's dump_stats would write:
 *
 * - keys (source file, line, name) when the region (for a call path, its
 *   leaf region) has a source file and a line, else ("~", 0, name);
 * - by default one entry per distinct call path, named "a > b > c" from
 *   the top, whose one caller is its parent path, cc = nc; colliding
 *   names (a region called "a > b") merge as the reference's dict does:
 *   the later path's numbers, the first one's position, both callers;
 * - with no_call_paths, one entry per region in region order, with
 *   cProfile's accounting: a call is recursive when it ends no later than
 *   an earlier call of the same region, in any lane (the reference's
 *   quirks: lanes are ignored, and a zero-length call at the end of an
 *   earlier one counts as recursive); cc counts the other calls, ct sums
 *   their durations only; callers are bucketed by calling region, the
 *   root's bucket first, then region order;
 * - the root frame ("~", 0, root) calling every top-level call, added
 *   last as (1, 1, 0.0, total of the top-level durations, {}), unless
 *   the root name is NULL; none at all for a rank without calls.
 *
 * Times are the reference's float64 seconds, bit for bit: each call's ns
 * divided by 1e9, then summed in the reference's global order (all lanes
 * merged by start, end descending, region order, recording order), the
 * root's total the way numpy's sum adds (pairwise within blocks of 8192,
 * the blocks one after another).  Because lanes come one after another
 * but are summed interleaved, the builder logs the calls (sp_calllog.h)
 * and replays them at the end; its memory is O(distinct call paths) plus
 * a bounded log buffer, whatever the number of calls.  With one_lane set
 * and call paths on, no log is needed and none is kept.
 *
 * Usage: sp_pstats_new(); for each lane, sp_pstats_enter() and
 * sp_pstats_leave() in the walk's order (opens in canonical order,
 * closes deepest first) then sp_pstats_end_lane(); sp_pstats_finish().
 *
 * Ownership: the caller owns the builder and the dict sp_pstats_finish()
 * returns.  The options and region table are copied by sp_pstats_new().
 */
#ifndef SP_PSTATS_H
#define SP_PSTATS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_prof.h"

struct sp_pstats;

/* A region as this rank recorded it. */
struct sp_pstats_region {
	const char *name;
	const char *file;	/* source file; NULL or "" for none */
	int64_t line;
	int has_line;		/* 0: no line (None in the reference) */
};

struct sp_pstats_opts {
	int no_call_paths;	/* aggregate by region, cProfile-style */
	const char *root;	/* e.g. "<run rank 0>"; NULL: no root frame */
	int one_lane;		/* the rank has one lane (checked) */
	size_t mem_limit;	/* call log bytes kept in memory, 0: default */
	uint64_t max_bytes;	/* bound on the call path table, 0: none */
};

/*
 * What a distinct call path costs besides its name, as max_bytes counts
 * it: its node, hash slots, its dict entry, key and interned string
 * (measured with sp-pstats on a random forest of 1M calls, 450000 paths
 * with names of 50 bytes: 307 bytes each besides their names).
 */
#define SP_PSTATS_PATH_COST 310

/*
 * order[r] ranks region r in the run's region order (NULL: the ids are
 * that order), which breaks ties between identical intervals and orders
 * the aggregated dict.
 */
struct sp_pstats *sp_pstats_new(const struct sp_pstats_opts *o,
    size_t nregions, const struct sp_pstats_region *regions,
    const uint32_t *order, struct sp_err *e);
void sp_pstats_free(struct sp_pstats *p);

/*
 * A call opens (start, end in ns; call is its index in its region's
 * recording order).  SP_EDATA for an unknown region, end < start, or a
 * call before the previous one of the lane in canonical order.
 */
int sp_pstats_enter(struct sp_pstats *p, uint32_t region, int64_t start,
    int64_t end, int64_t call, struct sp_err *e);
/* The innermost open call closes, with its exclusive ns. */
int sp_pstats_leave(struct sp_pstats *p, int64_t self_ns, struct sp_err *e);
/* The lane is over (every call closed); the next enter starts another. */
int sp_pstats_end_lane(struct sp_pstats *p, struct sp_err *e);

/* Calls entered so far. */
uint64_t sp_pstats_calls(const struct sp_pstats *p);

/*
 * The dict, empty for a rank without calls.  Ends the current lane.  The
 * builder is spent afterwards: only sp_pstats_free() remains.
 */
struct sp_prof *sp_pstats_finish(struct sp_pstats *p, struct sp_err *e);

#endif
