/*
 * sp_stats_pool.h - int64 values kept by group, in the order they were
 * added, in bounded memory: what exact statistics need of a run (every
 * duration of a region or a call path, for its pairwise sum, its standard
 * deviation and its percentiles).
 *
 * Values go into per-group chunks of memory taken from a budget
 * (sp_spill.h) that other parts of the task share.  When the budget is
 * spent, every chunk in memory is written to the task's temporary file as
 * one run, each group's values side by side, and the memory is given
 * back: a group's values are then its segments in the runs, in order,
 * followed by what is in memory.  That is sort(1)'s scheme, with runs
 * already grouped, so reading a group back is a read per run.
 *
 * Usage: sp_stats_pool_put() or _add() in any interleaving of groups;
 * then, for each group, sp_stats_pool_read() from offset 0 on, as often
 * as needed (passes over a group too large to hold).
 *
 * A folding pool (sp_stats_pool_fold) is for a sum alone: it sums each
 * group's values a block of SP_STATS_BLOCK at a time as the block fills,
 * as numpy's buffer does (sp_stats_num.h), keeps the sums, and holds only
 * the last, partial block.  Its count and reads see that block alone;
 * sp_stats_pool_folded() gives what the blocks before it came to.
 *
 * Ownership: the caller owns the pool; the temporary file and the budget
 * are borrowed and must outlive it.
 */
#ifndef SP_STATS_POOL_H
#define SP_STATS_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_spill.h"
#include "sp_stats_num.h"

struct sp_stats_pool;

/* The blocks a folding pool summed of a group. */
struct sp_stats_folded {
	uint64_t n;		/* values, a multiple of SP_STATS_BLOCK */
	double sum;		/* numpy's sum of them, converted */
	int64_t min, max;	/* when n > 0 */
};

struct sp_stats_pool *sp_stats_pool_new(struct sp_spill_file *t,
    struct sp_spill_budget *b, struct sp_err *e);
void sp_stats_pool_free(struct sp_stats_pool *p);

/* Make p, before it holds any value, fold, converting values with c. */
void sp_stats_pool_fold(struct sp_stats_pool *p, enum sp_stats_conv c);
/* What the blocks of group g folded so far came to (n = 0: none). */
void sp_stats_pool_folded(const struct sp_stats_pool *p, uint32_t g,
    struct sp_stats_folded *out);
/* 1 when the pool folds. */
int sp_stats_pool_folds(const struct sp_stats_pool *p);

/* Append one value, or n values, to group g (any uint32 but UINT32_MAX). */
int sp_stats_pool_put(struct sp_stats_pool *p, uint32_t g, int64_t v,
    struct sp_err *e);
int sp_stats_pool_add(struct sp_stats_pool *p, uint32_t g, const int64_t *v,
    size_t n, struct sp_err *e);

/* Values in group g (of a folding pool: in its partial block). */
uint64_t sp_stats_pool_count(const struct sp_stats_pool *p, uint32_t g);
/* 1 + the highest group given values (0: none). */
uint32_t sp_stats_pool_ngroups(const struct sp_stats_pool *p);
/* Runs written to the temporary file so far. */
size_t sp_stats_pool_runs(const struct sp_stats_pool *p);

/*
 * Every value still in memory to the temporary file, and the memory
 * freed and given back to the budget: a pool kept past the task that
 * filled it (a run's durations, read again after the next run) holds no
 * memory then but its groups' lists of segments.  Values may still be
 * added after.
 */
int sp_stats_pool_settle(struct sp_stats_pool *p, struct sp_err *e);

/* Values [off, off + n) of group g, into out. */
int sp_stats_pool_read(struct sp_stats_pool *p, uint32_t g, uint64_t off,
    size_t n, int64_t *out, struct sp_err *e);

#endif
