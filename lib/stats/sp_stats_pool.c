#include "sp_stats_pool.h"

#include <stdlib.h>
#include <string.h>

#include "sp_cold.h"
#include "sp_grow.h"
#include "sp_huge.h"

/* Chunk sizes in values: small for the many small groups, up to a cap. */
#define CHUNK_MIN 2
#define CHUNK_MAX 8192

/*
 * Chunks are cut from blocks that double from BLOCK_MIN to BLOCK_MAX, big
 * enough for huge pages (sp_huge.h): the chunks of a large run are 8 bytes
 * a call, and faulting them in page by page cost more than writing them.
 * A spill frees every chunk at once, so the blocks are kept and filled
 * again from the first: the memory is faulted in once.
 */
#define BLOCK_MIN ((size_t)128 << 10)
#define BLOCK_MAX (2 * SP_HUGE_PAGE)

/*
 * What a pool holds before it spills even when others have spent the
 * budget: a quarter of the budget, at most HOLD_MAX.  Without it a pool
 * whose budget is all another's spills a run at each new chunk of two
 * values, and reading a group back takes a read per two values.
 */
#define HOLD_MAX ((uint64_t)1 << 20)

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
	uint32_t nsegs, segs_cap;
	/* a folding pool's: 1 + its blocks' index in folded, or 0 (none) */
	uint32_t folded;
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
	uint64_t fast_below;	/* counts the inline put may add to */
	int fold;		/* a folding pool, converting with conv */
	enum sp_stats_conv conv;
	int64_t *scratch;	/* a folding pool's block, read back */
	/* the groups' folded blocks, for the few groups that have any */
	struct sp_stats_folded *folded;
	size_t nfolded, folded_cap;
};

/* sp_stats_pool_put() of a value that needs a new group or chunk first. */
static int sp_stats_pool_put_slow(struct sp_stats_pool *p, uint32_t gi,
    int64_t v, struct sp_err *e);

/* sp_stats_pool_put(), inline. */
static inline int
sp_stats_pool_append(struct sp_stats_pool *p, uint32_t gi, int64_t v,
    struct sp_err *e)
{
	struct sp_pool_group *g;
	struct sp_pool_chunk *c;

	if (gi < p->ng && (c = (g = &p->g[gi])->tail) != NULL &&
	    c->n < c->cap && g->count < p->fast_below) {
		c->v[c->n++] = v;
		g->count++;
		return 0;
	}
	return sp_stats_pool_put_slow(p, gi, v, e);
}

struct sp_stats_pool *
sp_stats_pool_new(struct sp_spill_file *t, struct sp_spill_budget *b,
    struct sp_err *e)
{
	struct sp_stats_pool *p = calloc(1, sizeof *p);

	if (p == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	p->t = t;
	p->b = b;
	p->fast_below = UINT64_MAX;
	return p;
}

static size_t
block_size(size_t i)
{
	return i >= 5 ? BLOCK_MAX : BLOCK_MIN << i;
}

/* bytes (at most BLOCK_MIN) for a chunk, or NULL. */
static void *
chunk_alloc(struct sp_stats_pool *p, size_t bytes)
{
	char *b;

	bytes = (bytes + 15) & ~(size_t)15;
	for (; p->cur < p->nblocks; p->cur++, p->used = 0)
		if (p->used + bytes <= block_size(p->cur)) {
			p->used += bytes;
			return p->blocks[p->cur] + p->used - bytes;
		}
	if (sp_grow(&p->blocks, &p->blocks_cap, p->nblocks + 1,
	    sizeof *p->blocks, 8) < 0 ||
	    (b = sp_huge_alloc(block_size(p->nblocks))) == NULL)
		return NULL;
	p->blocks[p->nblocks++] = b;
	p->cur = p->nblocks - 1;
	p->used = bytes;
	return b;
}

/* A group's chunks let go; their memory is the blocks'. */
static void
free_chunks(struct sp_stats_pool *p, struct sp_pool_group *g)
{
	g->head = g->tail = NULL;
	(void)p;
}

void
sp_stats_pool_free(struct sp_stats_pool *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->ng; i++)
		free(p->g[i].segs);
	for (i = 0; i < p->nblocks; i++)
		free(p->blocks[i]);
	sp_spill_budget_give(p->b, p->taken);
	free(p->blocks);
	free(p->g);
	free(p->scratch);
	free(p->folded);
	free(p);
}

void
sp_stats_pool_fold(struct sp_stats_pool *p, enum sp_stats_conv c)
{
	p->fold = 1;
	p->conv = c;
	/* the value that fills a block goes the slow way, and folds it */
	p->fast_below = SP_STATS_BLOCK - 1;
}

int
sp_stats_pool_folds(const struct sp_stats_pool *p)
{
	return p->fold;
}

void
sp_stats_pool_folded(const struct sp_stats_pool *p, uint32_t g,
    struct sp_stats_folded *out)
{
	static const struct sp_stats_folded none;

	*out = g < p->ng && p->g[g].folded > 0 ?
	    p->folded[p->g[g].folded - 1] : none;
}

uint64_t
sp_stats_pool_count(const struct sp_stats_pool *p, uint32_t g)
{
	return g < p->ng ? p->g[g].count : 0;
}

uint32_t
sp_stats_pool_ngroups(const struct sp_stats_pool *p)
{
	return (uint32_t)p->ng;
}

size_t
sp_stats_pool_runs(const struct sp_stats_pool *p)
{
	return p->runs;
}

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* Group g made to exist. */
static struct sp_pool_group *
group_at(struct sp_stats_pool *p, uint32_t g, struct sp_err *e)
{
	size_t old = p->g_cap;

	if (g == UINT32_MAX) {
		sp_fail(e, SP_EUSAGE, "pool: no such group");
		return NULL;
	}
	if ((size_t)g >= p->ng) {
		if (sp_grow(&p->g, &p->g_cap, (size_t)g + 1, sizeof *p->g,
		    64) < 0) {
			nomem(e);
			return NULL;
		}
		memset(p->g + old, 0, (p->g_cap - old) * sizeof *p->g);
		p->ng = (size_t)g + 1;
	}
	return &p->g[g];
}

/* Every group's values in memory to the file, as one run. */
static int
spill(struct sp_stats_pool *p, struct sp_err *e)
{
	struct sp_pool_group *g;
	struct sp_pool_chunk *c;
	uint64_t off, start;
	size_t i, cap;

	for (i = 0; i < p->ng; i++) {
		g = &p->g[i];
		if (g->head == NULL || g->head->n == 0) {
			free_chunks(p, g);
			continue;
		}
		start = UINT64_MAX;
		for (c = g->head; c != NULL; c = c->next) {
			if (c->n > 0 && sp_spill_file_append(p->t, c->v,
			    (size_t)c->n * 8, &off, e) < 0)
				return -1;
			if (start == UINT64_MAX)
				start = off;
		}
		cap = g->segs_cap;
		if (g->nsegs == UINT32_MAX || sp_grow(&g->segs, &cap,
		    (size_t)g->nsegs + 1, sizeof *g->segs, 2) < 0)
			return nomem(e);
		g->segs_cap = cap < UINT32_MAX ? (uint32_t)cap : UINT32_MAX;
		g->segs[g->nsegs].off = start;
		g->segs[g->nsegs].n = g->count - g->on_file;
		g->nsegs++;
		g->on_file = g->count;
		free_chunks(p, g);
	}
	sp_spill_budget_give(p->b, p->taken);
	p->taken = 0;
	p->cur = p->used = 0;
	p->runs++;
	return 0;
}

int
sp_stats_pool_settle(struct sp_stats_pool *p, struct sp_err *e)
{
	size_t i;

	if (p->taken > 0 && spill(p, e) < 0)
		return -1;
	for (i = 0; i < p->nblocks; i++)
		free(p->blocks[i]);
	free(p->blocks);
	p->blocks = NULL;
	p->nblocks = p->blocks_cap = 0;
	p->cur = p->used = 0;
	return 0;
}

static uint64_t
hold_min(const struct sp_stats_pool *p)
{
	return p->b->limit / 4 < HOLD_MAX ? p->b->limit / 4 : HOLD_MAX;
}

/*
 * A new tail chunk for g: as large as the group has in memory (doubling),
 * within the bounds.  A full budget spills first.
 */
static int
new_chunk(struct sp_stats_pool *p, struct sp_pool_group *g, struct sp_err *e)
{
	uint64_t mem = g->count - g->on_file;
	uint32_t cap = mem < CHUNK_MIN ? CHUNK_MIN : mem > CHUNK_MAX ?
	    CHUNK_MAX : (uint32_t)mem;
	uint64_t bytes = sizeof(struct sp_pool_chunk) + (uint64_t)cap * 8;
	struct sp_pool_chunk *c;

	if (!sp_spill_budget_take(p->b, bytes)) {
		if (p->taken >= hold_min(p)) {
			if (spill(p, e) < 0)
				return -1;
			cap = CHUNK_MIN;
			bytes = sizeof(struct sp_pool_chunk) +
			    (uint64_t)cap * 8;
		}
		/* the budget may be all someone else's: go over it a little */
		if (!sp_spill_budget_take(p->b, bytes))
			p->b->used += bytes;
	}
	if ((c = chunk_alloc(p, (size_t)bytes)) == NULL) {
		sp_spill_budget_give(p->b, bytes);
		return nomem(e);
	}
	p->taken += bytes;
	c->next = NULL;
	c->n = 0;
	c->cap = cap;
	if (g->tail != NULL)
		g->tail->next = c;
	else
		g->head = c;
	g->tail = c;
	return 0;
}

int
sp_stats_pool_put(struct sp_stats_pool *p, uint32_t gi, int64_t v,
    struct sp_err *e)
{
	return sp_stats_pool_append(p, gi, v, e);
}

/* n values after g's last; a folding pool's next chunk may be there. */
static int
append(struct sp_stats_pool *p, struct sp_pool_group *g, const int64_t *v,
    size_t n, struct sp_err *e)
{
	size_t k;

	while (n > 0) {
		if (g->tail != NULL && g->tail->n == g->tail->cap &&
		    g->tail->next != NULL)
			g->tail = g->tail->next;
		/* a spill in new_chunk frees the chunks: look again after */
		if ((g->tail == NULL || g->tail->n == g->tail->cap) &&
		    new_chunk(p, g, e) < 0)
			return -1;
		k = g->tail->cap - g->tail->n;
		k = k < n ? k : n;
		memcpy(g->tail->v + g->tail->n, v, k * 8);
		g->tail->n += (uint32_t)k;
		g->count += k;
		v += k;
		n -= k;
	}
	return 0;
}

/* A whole block of g's values summed into its folded part. */
static int
fold_block(struct sp_stats_pool *p, struct sp_pool_group *g,
    const int64_t *a, struct sp_err *e)
{
	struct sp_stats_folded *f;
	size_t i = 0;

	if (g->folded == 0) {
		if (p->nfolded >= UINT32_MAX - 1 || sp_grow(&p->folded,
		    &p->folded_cap, p->nfolded + 1, sizeof *p->folded, 8) < 0)
			return nomem(e);
		f = &p->folded[p->nfolded++];
		memset(f, 0, sizeof *f);
		f->min = f->max = a[i++];
		g->folded = (uint32_t)p->nfolded;
	}
	f = &p->folded[g->folded - 1];
	for (; i < SP_STATS_BLOCK; i++) {
		if (a[i] < f->min)
			f->min = a[i];
		if (a[i] > f->max)
			f->max = a[i];
	}
	f->sum += sp_stats_psum_i64(a, SP_STATS_BLOCK, p->conv, 0, 0.);
	f->n += SP_STATS_BLOCK;
	return 0;
}

/*
 * g's full block folded; its chunks, emptied, take the next block (their
 * capacities double up to a block), its segments on file are dropped.
 */
static int
fold_group(struct sp_stats_pool *p, uint32_t gi, struct sp_err *e)
{
	struct sp_pool_group *g = &p->g[gi];
	struct sp_pool_chunk *c;

	if (p->scratch == NULL &&
	    (p->scratch = malloc(SP_STATS_BLOCK * sizeof *p->scratch)) == NULL)
		return nomem(e);
	if (sp_stats_pool_read(p, gi, 0, SP_STATS_BLOCK, p->scratch, e) < 0)
		return -1;
	if (fold_block(p, g, p->scratch, e) < 0)
		return -1;
	for (c = g->head; c != NULL; c = c->next)
		c->n = 0;
	g->tail = g->head;
	g->count = g->on_file = 0;
	g->nsegs = 0;
	return 0;
}

/* sp_stats_pool_add() to a folding pool: whole blocks go straight in. */
static int
fold_add(struct sp_stats_pool *p, uint32_t gi, const int64_t *v, size_t n,
    struct sp_err *e)
{
	struct sp_pool_group *g = &p->g[gi];
	size_t k;

	while (n > 0) {
		if (g->count == 0 && n >= SP_STATS_BLOCK) {
			if (fold_block(p, g, v, e) < 0)
				return -1;
			v += SP_STATS_BLOCK;
			n -= SP_STATS_BLOCK;
			continue;
		}
		k = SP_STATS_BLOCK - (size_t)g->count;
		k = k < n ? k : n;
		if (append(p, g, v, k, e) < 0)
			return -1;
		v += k;
		n -= k;
		if (g->count == SP_STATS_BLOCK && fold_group(p, gi, e) < 0)
			return -1;
	}
	return 0;
}

SP_COLD static int
sp_stats_pool_put_slow(struct sp_stats_pool *p, uint32_t gi, int64_t v,
    struct sp_err *e)
{
	struct sp_pool_group *g;

	if ((g = group_at(p, gi, e)) == NULL)
		return -1;
	if (p->fold)
		return fold_add(p, gi, &v, 1, e);
	return append(p, g, &v, 1, e);
}

int
sp_stats_pool_add(struct sp_stats_pool *p, uint32_t gi, const int64_t *v,
    size_t n, struct sp_err *e)
{
	struct sp_pool_group *g;

	if ((g = group_at(p, gi, e)) == NULL)
		return -1;
	if (p->fold)
		return fold_add(p, gi, v, n, e);
	return append(p, g, v, n, e);
}

/* Values [off, off + n) of the group's part in memory. */
static void
read_mem(const struct sp_pool_group *g, uint64_t off, size_t n, int64_t *out)
{
	const struct sp_pool_chunk *c = g->head;
	size_t k;

	while (c != NULL && off >= c->n) {
		off -= c->n;
		c = c->next;
	}
	while (n > 0 && c != NULL) {
		k = c->n - (size_t)off < n ? c->n - (size_t)off : n;
		memcpy(out, c->v + off, k * 8);
		out += k;
		n -= k;
		off = 0;
		c = c->next;
	}
}

int
sp_stats_pool_read(struct sp_stats_pool *p, uint32_t gi, uint64_t off,
    size_t n, int64_t *out, struct sp_err *e)
{
	struct sp_pool_group *g = (size_t)gi < p->ng ? &p->g[gi] : NULL;
	uint64_t base = 0, rel;
	size_t s, k;

	if (n == 0)
		return 0;
	if (g == NULL || off + n > g->count || off + n < off)
		return sp_fail(e, SP_EUSAGE, "pool: read beyond a group's end");
	/* the segments on file first, then memory */
	for (s = 0; n > 0 && s < g->nsegs; base += g->segs[s].n, s++) {
		if (off >= base + g->segs[s].n)
			continue;
		rel = off - base;
		k = g->segs[s].n - rel < n ? (size_t)(g->segs[s].n - rel) : n;
		if (sp_spill_file_pread(p->t, out, k * 8,
		    g->segs[s].off + rel * 8, e) < 0)
			return -1;
		out += k;
		n -= k;
		off += k;
	}
	if (n > 0)
		read_mem(g, off - g->on_file, n, out);
	return 0;
}
