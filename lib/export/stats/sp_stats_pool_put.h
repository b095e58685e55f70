/*
 * sp_stats_pool_put.h - a pool's put inline, for the walks that put a
 * duration per call: the common case (room in the group's last chunk)
 * costs them no call; a new group or chunk is sp_stats_pool_put_slow().
 * The structs are the pool's own (sp_stats_pool.c), here only so that
 * the put can see them: no one else reads them.
 *
 * Ownership: as sp_stats_pool.h.
 */
#ifndef SP_STATS_POOL_PUT_H
#define SP_STATS_POOL_PUT_H

#include "sp_stats_pool.h"

struct sp_pool_chunk {
	struct sp_pool_chunk *next;
	uint32_t n, cap;
	int64_t v[];
};

/* A stretch of a group's values in a run on the temporary file. */
struct sp_pool_seg {
	uint64_t off;		/* bytes, on the file */
	uint64_t n;
};

struct sp_pool_group {
	uint64_t count;		/* all its values */
	uint64_t on_file;	/* of them, in segs */
	/* the count - on_file values in memory */
	struct sp_pool_chunk *head, *tail;
	struct sp_pool_seg *segs;
	size_t nsegs, segs_cap;
};

struct sp_stats_pool {
	struct sp_spill_file *t;
	struct sp_spill_budget *b;
	struct sp_pool_group *g;
	size_t ng, g_cap;
	uint64_t taken;		/* budget held by chunks */
	size_t runs;
	/* the chunks' memory: blocks kept across spills, filled in turn */
	char **blocks;
	size_t nblocks, blocks_cap;
	size_t cur, used;	/* the block being filled, bytes of it */
};

/* sp_stats_pool_put() of a value that needs a new group or chunk first. */
int sp_stats_pool_put_slow(struct sp_stats_pool *p, uint32_t gi, int64_t v,
    struct sp_err *e);

/* sp_stats_pool_put(), inline. */
static inline int
sp_stats_pool_append(struct sp_stats_pool *p, uint32_t gi, int64_t v,
    struct sp_err *e)
{
	struct sp_pool_group *g;
	struct sp_pool_chunk *c;

	if (gi < p->ng && (c = (g = &p->g[gi])->tail) != NULL &&
	    c->n < c->cap) {
		c->v[c->n++] = v;
		g->count++;
		return 0;
	}
	return sp_stats_pool_put_slow(p, gi, v, e);
}

#endif
