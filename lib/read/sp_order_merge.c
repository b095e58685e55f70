/*
 * The merge of one lane: its segments, each already in canonical order,
 * read again in chunks through a cursor apiece and merged by a tree of
 * losers into the output batches.
 */
#include "sp_order_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/*
 * The read-buffer budget of a merge, in calls over all its cursors, and
 * the least a cursor gets.  Every refill is two H5Dread calls of some
 * 13,000 instructions each whatever their size, so a cursor should not
 * be small: with 32 cursors (a profile of 32 regions), 2^19 calls in all
 * give each 16,384, and the refills' cost is then small beside the
 * merge's, for some 6 MiB of buffers more than 2^17 would take.
 */
#define MERGE_BUDGET ((size_t)1 << 19)
#define MERGE_MIN ((size_t)64)
_Static_assert(MERGE_MIN >= 4 * SP_ORDER_TIE_RUN,
    "a cursor holds a run of equal starts and more");

/*
 * The merge cursor of one segment.  What the merge's loop reads of a
 * winner comes first, in one cache line: with 1,000 cursors (150 KiB of
 * them) the winner's cursor is seldom in the first-level cache, and its
 * fields spread over three lines cost three misses a call.
 */
struct cursor {
	_Alignas(64) size_t pos, len;
	int64_t *start, *end;
	int64_t *call;		/* with lanes or ties: call indices; else NULL */
	uint64_t call0;		/* else: index of start[0] */
	uint32_t region;
	int ties;		/* the segment's runs of equal starts need sorting */
	int64_t *x[SP_X_COUNT];
	const struct sp_order_seg *seg;
	uint64_t next;		/* next call of the row to read */
	uint64_t left;		/* calls of the lane still to deliver */
	int64_t prev;		/* running start, for delta sources */
	size_t cap;
	size_t held;		/* calls after len that wait for the next read */
};

/* The call index of position pos of a cursor. */
static inline int64_t
cur_call(const struct cursor *c, size_t pos)
{
	return c->call != NULL ? c->call[pos] : (int64_t)(c->call0 + pos);
}

/*
 * Without lanes a segment owns every call of its range: the columns are
 * read straight into the cursor.
 */
static int
refill_plain(struct sp_order *or, struct cursor *c)
{
	struct sp_source *src = or->src;
	uint64_t room = c->seg->end - c->next;
	size_t h = c->len, n = room < c->cap - h ? (size_t)room : c->cap - h;
	int64_t *x[SP_X_COUNT], *st = c->start + h, *en = c->end + h;
	size_t i, k;

	for (k = 0; k < SP_X_COUNT; k++)
		x[k] = c->x[k] != NULL ? c->x[k] + h : NULL;
	if (src->ops->read(src, c->seg->row, c->next, n, st, en, x,
	    or->e) < 0)
		return -1;
	if (c->call != NULL)
		for (i = 0; i < n; i++)
			c->call[h + i] = (int64_t)(c->next + i);
	c->call0 = c->next;
	if (src->delta) {
		int64_t prev = c->prev;

		for (i = 0; i < n; i++) {
			prev += st[i];
			st[i] = prev;
			en[i] += prev;
		}
		c->prev = prev;
	}
	c->len = h + n;
	c->next += n;
	c->left -= n;
	return 0;
}

/* With lanes, one read of the range, keeping the calls of the lane. */
static int
refill_lane(struct sp_order *or, struct cursor *c)
{
	struct sp_source *src = or->src;
	uint64_t room = c->seg->end - c->next;
	size_t n = room < c->cap - c->len ? (size_t)room : c->cap - c->len;
	size_t had = c->len, i, k;

	if (src->ops->read(src, c->seg->row, c->next, n, or->a, or->b, or->x,
	    or->e) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		int64_t s, en;

		if (src->delta) {
			s = c->prev + or->a[i];
			en = s + or->b[i];
			c->prev = s;
		} else {
			s = or->a[i];
			en = or->b[i];
		}
		if (sp_order_lane_of(or, i) != c->seg->lane)
			continue;
		c->start[c->len] = s;
		c->end[c->len] = en;
		c->call[c->len] = (int64_t)(c->next + i);
		for (k = 0; k < SP_X_COUNT; k++)
			if (c->x[k] != NULL)
				c->x[k][c->len] = or->x[k][i];
		c->len++;
	}
	c->next += n;
	c->left -= c->len - had;
	return 0;
}

/* The calls a and b of a cursor change places (start is the same). */
static void
swap_calls(struct cursor *c, size_t a, size_t b)
{
	int64_t t;
	size_t k;

	t = c->end[a], c->end[a] = c->end[b], c->end[b] = t;
	t = c->call[a], c->call[a] = c->call[b], c->call[b] = t;
	for (k = 0; k < SP_X_COUNT; k++)
		if (c->x[k] != NULL)
			t = c->x[k][a], c->x[k][a] = c->x[k][b],
			    c->x[k][b] = t;
}

/* Equal starts into canonical order: end descending, then call index. */
static void
sort_run(struct cursor *c, size_t i, size_t r)
{
	size_t a, b;

	for (a = i + 1; a < r; a++)
		for (b = a; b > i && (c->end[b] > c->end[b - 1] ||
		    (c->end[b] == c->end[b - 1] &&
		    c->call[b] < c->call[b - 1])); b--)
			swap_calls(c, b, b - 1);
}

/*
 * A segment with ties: its runs of equal starts sorted; the last run
 * waits (held) while more of the segment is to come, which may carry it
 * on.  A run is at most SP_ORDER_TIE_RUN calls (the pre-pass cuts a
 * segment before a longer one), less than a quarter of any cursor.
 */
static void
settle(struct cursor *c)
{
	size_t n = c->len, j = n, i, r;

	if (c->left > 0 && n > 0) {
		while (j > 0 && c->start[j - 1] == c->start[n - 1])
			j--;
		if (j == 0)
			j = n;	/* cannot be: a run fills no cursor */
	}
	c->held = n - j;
	c->len = j;
	for (i = 0; i < j; i = r) {
		for (r = i + 1; r < j && c->start[r] == c->start[i]; r++)
			;
		if (r - i > 1)
			sort_run(c, i, r);
	}
}

/* What waited after len goes to the front, as the calls to deliver. */
static void
keep_held(struct cursor *c)
{
	size_t h = c->held, k;

	if (h > 0 && c->len > 0) {
		memmove(c->start, c->start + c->len, h * 8);
		memmove(c->end, c->end + c->len, h * 8);
		memmove(c->call, c->call + c->len, h * 8);
		for (k = 0; k < SP_X_COUNT; k++)
			if (c->x[k] != NULL)
				memmove(c->x[k], c->x[k] + c->len, h * 8);
	}
	c->pos = 0;
	c->len = h;
	c->held = 0;
}

/* The next calls of a segment into its cursor: none when it is done. */
static int
refill(struct sp_order *or, struct cursor *c)
{
	do {
		keep_held(c);
		if (c->left > 0 && (or->lanes ? refill_lane(or, c) :
		    refill_plain(or, c)) < 0)
			return -1;
		if (c->ties)
			settle(c);
	} while (c->len == 0 && c->left > 0);
	return 0;
}

/*
 * The merge is a tree of losers over the cursors (Knuth 5.4.1): each
 * internal node keeps the loser of the match below it, so replacing the
 * winner costs one match per level.  A cursor's sort key, the start of
 * its next call, is cached in a flat array, so that a match is one
 * comparison of two integers; the end (descending), region order and
 * call index only break equal starts, looked up in the cursors.  An
 * exhausted cursor's key is INT64_MAX, and a tie finds out whether it is
 * one (a real start may be INT64_MAX too).
 *
 * Start and end are not folded into one unsigned 128-bit key, which
 * would spare the look-up on equal starts: comparing two such keys takes
 * some 26 instructions where one start takes one, and equal starts are
 * rare, their branch predicted.
 *
 * The tree keeps the keys only, and a cursor without lanes keeps no
 * call-index column (the index of position pos is call0 + pos).
 */
#define KEY_DONE INT64_MAX

struct tourney {
	size_t k;
	size_t *t;		/* t[0] winner, t[1..k-1] losers */
	int64_t *key;
	uint32_t *order;	/* region order of each cursor */
	const struct cursor *cs;
};

/* Equal starts: end descending, region order, then call index; a done
 * cursor loses to one that is not (two done cursors: either). */
static int
t_tie(const struct tourney *tr, size_t a, size_t b)
{
	const struct cursor *x = &tr->cs[a], *y = &tr->cs[b];

	if (x->pos == x->len || y->pos == y->len)
		return y->pos == y->len && x->pos < x->len;
	if (x->end[x->pos] != y->end[y->pos])
		return x->end[x->pos] > y->end[y->pos];
	if (tr->order[a] != tr->order[b])
		return tr->order[a] < tr->order[b];
	return cur_call(x, x->pos) < cur_call(y, y->pos);
}

/* The canonical order: start asc, end desc, region order, call index. */
static inline int
t_before(const struct tourney *tr, size_t a, size_t b)
{
	if (tr->key[a] != tr->key[b])
		return tr->key[a] < tr->key[b];
	return t_tie(tr, a, b);
}

static inline void
t_load(struct tourney *tr, size_t i, const struct cursor *c)
{
	tr->key[i] = c->pos < c->len ? c->start[c->pos] : KEY_DONE;
}

/*
 * Cursor w's key changed: play its matches up to the root, without a
 * branch on who wins: where the winners follow no pattern (recursion,
 * many regions) a predictor gets a branch per match wrong half the
 * time, and where they do (a profile that repeats a call tree) the
 * masks cost a few instructions a match.
 */
static inline __attribute__((always_inline)) void
t_replay(struct tourney *tr, size_t w)
{
	size_t node = (w + tr->k) / 2;
	int64_t kw = tr->key[w];

	while (node > 0) {
		size_t l = tr->t[node], m;
		int64_t kl = tr->key[l];
		int swap;

		if (__builtin_expect(kl == kw, 0))
			swap = t_tie(tr, l, w);
		else
			swap = kl < kw;
		m = (size_t)0 - (size_t)swap;	/* ones: l wins */
		tr->t[node] = l ^ ((l ^ w) & m);
		w ^= (w ^ l) & m;
		kw ^= (kw ^ kl) & (int64_t)m;
		node /= 2;
	}
	tr->t[0] = w;
}

/* Build the tree: a contender parks at an empty node until its rival. */
static void
t_build(struct tourney *tr)
{
	size_t i, none = (size_t)-1;

	for (i = 0; i < tr->k; i++)
		tr->t[i] = none;
	for (i = 0; i < tr->k; i++) {
		size_t w = i, node = (i + tr->k) / 2;

		while (node > 0) {
			if (tr->t[node] == none) {
				tr->t[node] = w;
				w = none;
				break;
			}
			if (t_before(tr, tr->t[node], w)) {
				size_t l = tr->t[node];

				tr->t[node] = w;
				w = l;
			}
			node /= 2;
		}
		if (w != none)
			tr->t[0] = w;
	}
}

/* A lane being merged: its cursors, their tree, the columns it copies. */
struct merge {
	size_t k, live;		/* cursors, and those not yet done */
	struct cursor *cs;
	struct tourney tr;
	size_t xs[SP_X_COUNT], nx;	/* the x columns of the run */
	/*
	 * Every cursor's columns, in one block: 12 MiB on a 32-region lane,
	 * some 3,000 faults to fill in 4 KiB pages, one per huge page in a
	 * block of sp_huge_alloc()
	 */
	int64_t *mem;
};

/* Whether a cursor keeps call indices (else they follow from call0). */
static int
keeps_calls(const struct sp_order *or, const struct sp_order_seg *sg)
{
	return or->lanes || sg->ties;
}

/*
 * Open the cursor of segment sg with room for cap calls, its columns cut
 * from *mem, and fill it.
 */
static int
cursor_open(struct sp_order *or, const struct merge *m, struct cursor *c,
    const struct sp_order_seg *sg, size_t cap, int64_t **mem)
{
	size_t x;

	c->seg = sg;
	c->next = sg->begin;
	c->left = sg->count;
	c->prev = sg->base;
	c->cap = cap;
	c->region = or->src->rows[sg->row].region;
	c->ties = sg->ties;
	c->start = *mem;
	c->end = *mem + cap;
	*mem += 2 * cap;
	if (keeps_calls(or, sg)) {
		c->call = *mem;
		*mem += cap;
	}
	for (x = 0; x < m->nx; x++) {
		c->x[m->xs[x]] = *mem;
		*mem += cap;
	}
	return refill(or, c);
}

static void
merge_close(struct merge *m)
{
	free(m->cs);
	free(m->mem);
	free(m->tr.t);
	free(m->tr.key);
	free(m->tr.order);
}

/* The cursors of the k segments sg, filled, and their tree built. */
static int
merge_open(struct sp_order *or, struct merge *m, const struct sp_order_seg *sg,
    size_t k)
{
	size_t cap = MERGE_BUDGET / k, i, x, cols = 0;
	int64_t *mem;

	memset(m, 0, sizeof *m);
	if (cap < MERGE_MIN)
		cap = MERGE_MIN;
	if (cap > SP_ORDER_CHUNK)
		cap = SP_ORDER_CHUNK;
	m->k = m->tr.k = k;
	/* each cursor on a cache line of its own (its size is a multiple) */
	if (k <= SIZE_MAX / sizeof *m->cs &&
	    (m->cs = aligned_alloc(_Alignof(struct cursor),
	    k * sizeof *m->cs)) != NULL)
		memset(m->cs, 0, k * sizeof *m->cs);
	m->tr.t = malloc(k * sizeof *m->tr.t);
	m->tr.key = malloc(k * sizeof *m->tr.key);
	m->tr.order = malloc(k * sizeof *m->tr.order);
	m->tr.cs = m->cs;
	if (m->cs == NULL || m->tr.t == NULL || m->tr.key == NULL ||
	    m->tr.order == NULL)
		return sp_order_oom(or);
	/* the optional columns this run carries, checked once, not per call */
	for (x = 0; x < SP_X_COUNT; x++)
		if ((or->xmask >> x) & 1)
			m->xs[m->nx++] = x;
	for (i = 0; i < k; i++)
		cols += 2 + (size_t)keeps_calls(or, &sg[i]) + m->nx;
	/* about max(k * MERGE_MIN, MERGE_BUDGET) calls: far from overflow */
	if ((m->mem = mem = sp_huge_alloc(cols * cap * 8)) == NULL)
		return sp_order_oom(or);
	for (i = 0; i < k; i++) {
		struct cursor *c = &m->cs[i];

		if (cursor_open(or, m, c, &sg[i], cap, &mem) < 0)
			return -1;
		m->live += c->len > 0;
		m->tr.order[i] = or->order[c->region];
		t_load(&m->tr, i, c);
	}
	t_build(&m->tr);
	return 0;
}

/*
 * Ask for the cache line after the winner's next calls in each column
 * (PREFETCH_CALLS calls on).  The cursors' columns are too many streams
 * (32 cursors x 3 columns on the compass file) for the hardware
 * prefetcher, and their 12 MiB too much for the cache: without this the
 * loads of the winner's columns would be most of the merge's time.  Integer
 * arithmetic: the address may lie past a column's end, which a prefetch
 * may ask for but a pointer may not point to.
 */
#define PREFETCH_CALLS 16

static inline __attribute__((always_inline)) void
prefetch_at(const int64_t *col, size_t pos)
{
	__builtin_prefetch((const void *)((uintptr_t)(col + pos) +
	    PREFETCH_CALLS * 8));
}

static inline __attribute__((always_inline)) void
ahead(const struct cursor *c, size_t nx, const size_t *xs)
{
	size_t x;

	prefetch_at(c->start, c->pos);
	prefetch_at(c->end, c->pos);
	if (c->call != NULL)
		prefetch_at(c->call, c->pos);
	for (x = 0; x < nx; x++)
		prefetch_at(c->x[xs[x]], c->pos);
}


/*
 * The winner's call into the batch and its next call into the tree,
 * until one cursor is left: the hot loop of sp-read.  What it reads is
 * in locals (the tree, the column list), which the stores into the
 * batch's columns cannot be taken to change; and it is a function of its
 * own, not inlined into the setup around it, whose live values made the
 * compiler spill the tree to the stack.
 */
static __attribute__((noinline)) int
merge_play(struct sp_order *or, struct merge *m)
{
	struct tourney tr = { m->tr.k, m->tr.t, m->tr.key, m->tr.order,
		m->tr.cs };
	struct cursor *cs = m->cs;
	struct sp_batch *b = &or->out;
	size_t xs[SP_X_COUNT], nx = m->nx, live = m->live, x;

	memcpy(xs, m->xs, sizeof xs);
	while (live > 1) {
		size_t w = tr.t[0];
		struct cursor *c = &cs[w];
		size_t j = b->n;

		ahead(c, nx, xs);

		b->start[j] = c->start[c->pos];
		b->end[j] = c->end[c->pos];
		b->region[j] = c->region;
		b->call[j] = cur_call(c, c->pos);
		for (x = 0; x < nx; x++)
			b->x[xs[x]][j] = c->x[xs[x]][c->pos];
		b->n++;
		if (b->n == or->batch && sp_order_flush(or) < 0)
			return -1;
		if (++c->pos == c->len) {
			if (refill(or, c) < 0)
				return -1;
			live -= c->len == 0;
		}
		t_load(&tr, w, c);
		t_replay(&tr, w);
	}
	m->live = live;
	return 0;
}

/* Append calls [pos, pos + n) of a cursor to the output batch. */
static void
take(struct sp_order *or, struct cursor *c, size_t n)
{
	struct sp_batch *b = &or->out;
	size_t j = b->n, x;

	memcpy(b->start + j, c->start + c->pos, n * 8);
	memcpy(b->end + j, c->end + c->pos, n * 8);
	if (c->call != NULL)
		memcpy(b->call + j, c->call + c->pos, n * 8);
	else
		for (x = 0; x < n; x++)
			b->call[j + x] = (int64_t)(c->call0 + c->pos + x);
	for (x = 0; x < n; x++)
		b->region[j + x] = c->region;
	for (x = 0; x < SP_X_COUNT; x++)
		if (b->x[x] != NULL)
			memcpy(b->x[x] + j, c->x[x] + c->pos, n * 8);
	b->n += n;
	c->pos += n;
}

/* One segment left: its calls follow in order, copied in runs. */
static int
merge_drain(struct sp_order *or, struct cursor *c)
{
	for (;;) {
		while (c->pos < c->len) {
			size_t room = or->batch - or->out.n;
			size_t n = c->len - c->pos;

			take(or, c, n < room ? n : room);
			if (or->out.n == or->batch && sp_order_flush(or) < 0)
				return -1;
		}
		if (refill(or, c) < 0)
			return -1;
		if (c->len == 0)
			return 0;
	}
}

int
sp_order_merge_lane(struct sp_order *or, const struct sp_order_seg *sg,
    size_t k, uint32_t rank)
{
	struct merge m;
	int rc = -1;

	sp_order_lane_begin(or, rank, sg[0].lane);
	if (merge_open(or, &m, sg, k) < 0 || merge_play(or, &m) < 0)
		goto out;
	if (m.live == 1 && merge_drain(or, &m.cs[m.tr.t[0]]) < 0)
		goto out;
	rc = sp_order_flush(or);
out:
	merge_close(&m);
	return rc;
}
