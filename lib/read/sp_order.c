#include "sp_order.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"

/*
 * Calls read per pre-pass chunk, and the merge's read-buffer budget, in
 * calls over all its cursors.  A budget of 2^17 rather than 2^19 keeps the
 * cursors' buffers (16 bytes a call) near the CPU's caches: on the
 * 10M-call benchmark profile (9 rows) sp-read took 0.25 s of CPU instead
 * of 0.29 s (best of 9) and 6 MiB less memory; 2^16 and 2^15 were no
 * faster.  A profile of 445 unsorted stretches was as fast either way.
 */
#define SCAN_CHUNK ((size_t)1 << 16)
#define MERGE_BUDGET ((size_t)1 << 17)
#define MERGE_MIN ((size_t)64)

/* A stretch of one row, one lane, already in canonical order. */
struct seg {
	size_t row;
	int64_t lane;
	uint64_t begin, end;	/* call range of the row it spans */
	uint64_t count;		/* its calls (other lanes may interleave) */
	int64_t base;		/* start of call begin - 1 (delta sources) */
};

struct segs {
	struct seg *v;
	size_t n, cap;
};

/* The merge cursor of one segment. */
struct cursor {
	const struct seg *seg;
	uint64_t next;		/* next call of the row to read */
	uint64_t left;		/* calls of the lane still to deliver */
	int64_t prev;		/* running start, for delta sources */
	size_t pos, len, cap;
	int64_t *start, *end, *x[SP_X_COUNT];
	int64_t *call;		/* with lanes: call indices; else NULL */
	uint64_t call0;		/* without lanes: call index of start[0] */
	uint32_t region;
};

/* The call index of position pos of a cursor. */
static inline int64_t
cur_call(const struct cursor *c, size_t pos)
{
	return c->call != NULL ? c->call[pos] : (int64_t)(c->call0 + pos);
}

struct order {
	struct sp_source *src;
	const struct sp_order_opts *o;
	struct sp_writer *w;
	struct sp_err *e;
	uint32_t run;
	const uint32_t *rank_of;	/* region id -> tie-break rank */
	uint32_t *order;
	unsigned xmask;		/* x columns the batches carry */
	int lanes;		/* thread/task columns give lanes */
	int id_any[2];		/* some call/parent id is not -1 */
	size_t batch;
	/* scratch of the pre-pass */
	int64_t *a, *b, *x[SP_X_COUNT];
	/* output batch */
	struct sp_batch out;
	int64_t *ostart, *oend, *ocall, *ox[SP_X_COUNT];
	uint32_t *oregion;
	uint64_t calls, batches;
	uint64_t total;		/* calls of the selected rows, for progress */
	int span_rest;		/* scan_row: a row not emitted adds its span */
};

static int
oom(struct order *or)
{
	return sp_fail(or->e, SP_ENOMEM, "%s: out of memory", or->src->path);
}

static int
row_selected(const struct order *or, const struct sp_src_row *r)
{
	const char *name = or->src->names[r->region];

	if (or->o->ranks != NULL && !sp_ranks_has(or->o->ranks, r->rank))
		return 0;
	return or->o->filter == NULL ||
	    sp_filter_keep(or->o->filter, name, strlen(name));
}

static int64_t
lane_of(const struct order *or, size_t i)
{
	int64_t task = or->x[SP_X_TASK] != NULL ? or->x[SP_X_TASK][i] : -1;
	int64_t thread = or->x[SP_X_THREAD] != NULL ?
	    or->x[SP_X_THREAD][i] : -1;

	if (!or->lanes)
		return -1;
	if (task >= 0)
		return task;
	if (thread >= 0)
		return -2 - thread;
	return -1;
}

static int
segs_add(struct order *or, struct segs *s, size_t row, int64_t lane,
    uint64_t at, int64_t base)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct seg *v = realloc(s->v, cap * sizeof *v);

		if (v == NULL)
			return oom(or);
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n].row = row;
	s->v[s->n].lane = lane;
	s->v[s->n].begin = at;
	s->v[s->n].end = at;
	s->v[s->n].count = 0;
	s->v[s->n].base = base;
	return (int)s->n++;
}

/* Per-lane state of a row while it is scanned. */
struct open_seg {
	int64_t lane;
	size_t seg;
	int64_t last_start, last_end;
};

/*
 * The scan of one chunk of a row without lanes: one open segment, a tight
 * loop.  Same results as the general loop of scan_row.
 */
static int
scan_plain(struct order *or, const struct sp_src_row *r, size_t row,
    uint64_t off, size_t n, struct segs *segs, int64_t *prevp, int64_t *lop,
    int64_t *span_lo, int64_t *span_hi, int *any, struct open_seg **openp,
    size_t *nopen, size_t *capopen, int *gpu_any)
{
	struct sp_source *src = or->src;
	const int64_t *a = or->a, *b = or->b, *gpu = or->x[SP_X_GPU];
	const int64_t *cid = or->x[SP_X_CALL_ID], *pid = or->x[SP_X_PARENT_ID];
	int64_t prev = *prevp, lo = *lop, slo = *span_lo, shi = *span_hi;
	int64_t ls, le;
	struct open_seg *os;
	size_t i, sg;

	if (*nopen == 0) {
		if (*capopen == 0) {
			if ((*openp = malloc(sizeof **openp)) == NULL)
				return oom(or);
			*capopen = 1;
		}
		*nopen = 1;
		os = *openp;
		if ((sg = (size_t)segs_add(or, segs, row, -1, off, prev)) ==
		    (size_t)-1)
			return -1;
		os->lane = -1;
		os->seg = sg;
		/* the first call never breaks a segment */
		os->last_start = INT64_MIN;
		os->last_end = INT64_MIN;
	}
	os = *openp;
	sg = os->seg;
	ls = os->last_start;
	le = os->last_end;
	for (i = 0; i < n; i++) {
		int64_t s, en;

		if (src->delta) {
			s = prev + a[i];
			en = s + b[i];
			if (b[i] < 0)
				en = s - 1;
		} else {
			s = a[i];
			en = b[i];
		}
		if (en < s)
			return sp_fail(or->e, SP_EDATA, "%s: rank %u region "
			    "'%s' call %llu ends before it starts [%lld, "
			    "%lld] ns", src->path, r->rank,
			    src->names[r->region],
			    (unsigned long long)(off + i), (long long)s,
			    (long long)(src->delta ? s + b[i] : en));
		if (s < lo)
			lo = s;
		if (s < slo)
			slo = s;
		if (en > shi)
			shi = en;
		if (s < ls || (s == ls && en > le)) {
			/* out of order: the rest of the row is a new segment */
			segs->v[sg].end = off + i;
			int k = segs_add(or, segs, row, -1, off + i, prev);

			if (k < 0)
				return -1;
			sg = (size_t)k;
		}
		segs->v[sg].count++;
		ls = s;
		le = en;
		prev = s;
		if (gpu != NULL && gpu[i] >= 0)
			*gpu_any = 1;
		if (cid != NULL && cid[i] != -1)
			or->id_any[0] = 1;
		if (pid != NULL && pid[i] != -1)
			or->id_any[1] = 1;
	}
	segs->v[sg].end = off + n;
	os->seg = sg;
	os->last_start = ls;
	os->last_end = le;
	*prevp = prev;
	*lop = lo;
	*span_lo = slo;
	*span_hi = shi;
	*any = *any || n > 0;
	return 0;
}

/*
 * Scan one row: check it, find its ordered segments (when it is to be
 * emitted), its earliest start, and the span of its calls.
 */
static int
scan_row(struct order *or, size_t row, int emit, struct segs *segs,
    int64_t *min_start, int64_t *span_lo, int64_t *span_hi, int *any)
{
	struct sp_source *src = or->src;
	struct sp_src_row *r = &src->rows[row];
	struct open_seg *open = NULL;
	size_t nopen = 0, capopen = 0, last = 0;
	uint64_t off;
	int64_t prev = 0, lo = INT64_MAX;
	int gpu_any = 0, rc = -1;
	int64_t *const *xs = or->x;
	int64_t *none[SP_X_COUNT] = { 0 };

	for (off = 0; off < r->count; off += SCAN_CHUNK) {
		size_t n = r->count - off < SCAN_CHUNK ?
		    (size_t)(r->count - off) : SCAN_CHUNK, i;

		if (src->ops->read(src, row, off, n, or->a, or->b,
		    emit ? xs : none, or->e) < 0)
			goto out;
		if (emit && !or->lanes) {
			if (scan_plain(or, r, row, off, n, segs, &prev, &lo,
			    span_lo, span_hi, any, &open, &nopen, &capopen,
			    &gpu_any) < 0)
				goto out;
			continue;
		}
		for (i = 0; i < n; i++) {
			int64_t s, en;

			if (src->delta) {
				s = prev + or->a[i];
				en = s + or->b[i];
				if (or->b[i] < 0)
					en = s - 1;
			} else {
				s = or->a[i];
				en = or->b[i];
			}
			if (s < lo)
				lo = s;
			if (!emit) {
				/* a shard's span covers the ranks not read */
				if (or->span_rest) {
					if (s < *span_lo)
						*span_lo = s;
					if (en > *span_hi)
						*span_hi = en;
					*any = 1;
				}
				prev = s;
				continue;
			}
			if (en < s) {
				sp_fail(or->e, SP_EDATA, "%s: rank %u region "
				    "'%s' call %llu ends before it starts "
				    "[%lld, %lld] ns", src->path, r->rank,
				    src->names[r->region],
				    (unsigned long long)(off + i),
				    (long long)s, (long long)(src->delta ?
				    s + or->b[i] : en));
				goto out;
			}
			if (s < *span_lo)
				*span_lo = s;
			if (en > *span_hi)
				*span_hi = en;
			*any = 1;
			if (xs[SP_X_GPU] != NULL && xs[SP_X_GPU][i] >= 0)
				gpu_any = 1;
			if (xs[SP_X_CALL_ID] != NULL &&
			    xs[SP_X_CALL_ID][i] != -1)
				or->id_any[0] = 1;
			if (xs[SP_X_PARENT_ID] != NULL &&
			    xs[SP_X_PARENT_ID][i] != -1)
				or->id_any[1] = 1;
			{
				int64_t lane = lane_of(or, i);
				struct open_seg *os;
				int fresh = 0;

				if (nopen == 0 || open[last].lane != lane) {
					for (last = 0; last < nopen; last++)
						if (open[last].lane == lane)
							break;
					if (last == nopen) {
						if (nopen == capopen) {
							size_t c = capopen ?
							    capopen * 2 : 8;
							struct open_seg *v =
							    realloc(open,
							    c * sizeof *v);

							if (v == NULL) {
								oom(or);
								goto out;
							}
							open = v;
							capopen = c;
						}
						nopen++;
						fresh = 1;
					}
				}
				os = &open[last];
				/* a call out of order starts a new segment */
				if (fresh || s < os->last_start ||
				    (s == os->last_start &&
				    en > os->last_end)) {
					int sg = segs_add(or, segs, row, lane,
					    off + i, prev);

					if (sg < 0)
						goto out;
					os->lane = lane;
					os->seg = (size_t)sg;
				}
				os->last_start = s;
				os->last_end = en;
				segs->v[os->seg].end = off + i + 1;
				segs->v[os->seg].count++;
			}
			prev = s;
		}
	}
	if (emit) {
		/* the reference keeps a GPU slice only if it says something */
		if (!gpu_any)
			r->info.xmask &= ~(1u << SP_X_GPU);
	}
	*min_start = r->count > 0 ? lo : 0;
	rc = 0;
out:
	free(open);
	return rc;
}

/*
 * Whether a row that is not written holds, in id column col, an id other
 * than -1: 1 if so, 0 if not, -1 on error.  A placeholder column of -1 is
 * decided per file (h5-format 4.8), so the rows that the rank and region
 * selection leave out count too.  Stops at the first id found; rows
 * without the column are not read.
 */
static int
ids_elsewhere(struct order *or, enum sp_xcol col)
{
	struct sp_source *src = or->src;
	int64_t *xs[SP_X_COUNT] = { 0 };
	size_t i, j;

	if ((xs[col] = or->x[col]) == NULL)
		return 0;
	for (i = 0; i < src->nrows; i++) {
		const struct sp_src_row *r = &src->rows[i];
		uint64_t off;

		if (!((r->info.xmask >> col) & 1) || row_selected(or, r))
			continue;
		for (off = 0; off < r->count; off += SCAN_CHUNK) {
			size_t n = r->count - off < SCAN_CHUNK ?
			    (size_t)(r->count - off) : SCAN_CHUNK;

			if (src->ops->read(src, i, off, n, or->a, or->b, xs,
			    or->e) < 0)
				return -1;
			for (j = 0; j < n; j++)
				if (xs[col][j] != -1)
					return 1;
		}
	}
	return 0;
}

/* Region order of get_regions(): stable by earliest start in seconds. */
struct rkey {
	double key;
	uint32_t region;
};

static int
cmp_rkey(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_seg_lane(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;

	if (x->lane != y->lane)
		return x->lane < y->lane ? -1 : 1;
	/* keep scan order: it is row order, then position */
	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* --- the merge --- */

static int
flush_batch(struct order *or, int64_t lane, uint64_t *seq)
{
	struct sp_batch *b = &or->out;

	if (b->n == 0)
		return 0;
	b->lane = lane;
	b->first = *seq;
	if (sp_writer_batch(or->w, b, or->e) < 0)
		return -1;
	*seq += b->n;
	or->calls += b->n;
	or->batches++;
	b->n = 0;
	if (or->o->progress != NULL)
		or->o->progress(or->o->progress_ctx, or->src->path, or->calls,
		    or->total, 0);
	return 0;
}

/*
 * Read the next calls of a segment into its cursor.  Without lanes a
 * segment owns every call of its range, so the columns are read straight
 * into the cursor; with lanes, calls of other lanes are skipped.
 */
static int
refill(struct order *or, struct cursor *c)
{
	struct sp_source *src = or->src;
	const struct seg *sg = c->seg;
	size_t k, i;

	c->pos = c->len = 0;
	if (!or->lanes && c->left > 0) {
		uint64_t room = sg->end - c->next;
		size_t n = room < c->cap ? (size_t)room : c->cap;
		int64_t *const *xs = c->x;

		if (src->ops->read(src, sg->row, c->next, n, c->start, c->end,
		    xs, or->e) < 0)
			return -1;
		c->call0 = c->next;
		if (src->delta) {
			int64_t prev = c->prev;

			for (i = 0; i < n; i++) {
				prev += c->start[i];
				c->start[i] = prev;
				c->end[i] += prev;
			}
			c->prev = prev;
		}
		c->len = n;
		c->next += n;
		c->left -= n;
		return 0;
	}
	while (c->len == 0 && c->left > 0) {
		uint64_t room = sg->end - c->next;
		size_t n = room < c->cap ? (size_t)room : c->cap;

		if (src->ops->read(src, sg->row, c->next, n, or->a, or->b,
		    or->x, or->e) < 0)
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
			if (lane_of(or, i) != sg->lane)
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
		c->left -= c->len;
	}
	return 0;
}

/*
 * The merge is a tree of losers over the cursors (Knuth 5.4.1): each
 * internal node keeps the loser of the match below it, so replacing the
 * winner costs one match per level.  A cursor's sort key is cached in flat
 * arrays: start ascending and end descending fold into one unsigned
 * 128-bit number (sign bits flipped so unsigned order is signed order, the
 * end complemented), so most matches are one comparison; region order and
 * call index only break exact ties.  An exhausted cursor gets a key above
 * every real one (a real key never has all bits set: that would need an
 * end before its start).
 *
 * The tree keeps the keys only: region order and call index are looked up
 * in the cursors for an exact tie, and a cursor without lanes keeps no
 * call-index column (the index of position pos is call0 + pos).  That
 * took sp-read on the 1M-call benchmark profile from 296 to 276 M
 * instructions (callgrind).  A branch-free replay (conditional moves) was
 * tried and dropped: on the 10M-call profile it took 0.41 s of CPU where
 * this takes 0.35 s (best of 15): the winners follow a pattern that the
 * branch predictor learns.
 */
typedef unsigned __int128 key128;

#define KEY_DONE (~(key128)0)

struct tourney {
	size_t k;
	size_t *t;		/* t[0] winner, t[1..k-1] losers */
	key128 *key;
	const uint32_t *order;	/* region order of each cursor */
	const struct cursor *cs;
};

static inline key128
key_of(int64_t start, int64_t end)
{
	uint64_t hi = (uint64_t)start ^ ((uint64_t)1 << 63);
	uint64_t lo = ~((uint64_t)end ^ ((uint64_t)1 << 63));

	return (key128)hi << 64 | lo;
}

/* Equal keys: region order, then call index (two done cursors: either). */
static int
t_tie(const struct tourney *tr, size_t a, size_t b)
{
	const struct cursor *x = &tr->cs[a], *y = &tr->cs[b];

	if (tr->key[a] == KEY_DONE)
		return 0;
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
	tr->key[i] = c->pos < c->len ? key_of(c->start[c->pos],
	    c->end[c->pos]) : KEY_DONE;
}

/* Cursor w's key changed: play its matches up to the root. */
static inline void
t_replay(struct tourney *tr, size_t w)
{
	size_t node = (w + tr->k) / 2;

	while (node > 0) {
		if (t_before(tr, tr->t[node], w)) {
			size_t l = tr->t[node];

			tr->t[node] = w;
			w = l;
		}
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

static void
cursors_free(struct cursor *cs, size_t n)
{
	size_t i, k;

	if (cs == NULL)
		return;
	for (i = 0; i < n; i++) {
		free(cs[i].start);
		free(cs[i].end);
		free(cs[i].call);
		for (k = 0; k < SP_X_COUNT; k++)
			free(cs[i].x[k]);
	}
	free(cs);
}

/* Append calls [pos, pos + n) of a cursor to the output batch. */
static void
take(struct order *or, struct cursor *c, size_t n)
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

/* Merge the k segments of one lane into batches. */
static int
merge_lane(struct order *or, const struct seg *sg, size_t k, uint32_t rank)
{
	struct cursor *cs = calloc(k, sizeof *cs);
	struct tourney tr = { k, NULL, NULL, NULL, NULL };
	uint32_t *ord = NULL;
	size_t cap = MERGE_BUDGET / k, live = 0, i, x, nx = 0;
	size_t xs[SP_X_COUNT];
	uint64_t seq = 0;
	int64_t lane = sg[0].lane;
	int rc = -1;

	if (cap < MERGE_MIN)
		cap = MERGE_MIN;
	if (cap > SCAN_CHUNK)
		cap = SCAN_CHUNK;
	tr.t = malloc(k * sizeof *tr.t);
	tr.key = malloc(k * sizeof *tr.key);
	tr.order = ord = malloc(k * sizeof *ord);
	tr.cs = cs;
	if (cs == NULL || tr.t == NULL || tr.key == NULL || ord == NULL) {
		oom(or);
		goto out;
	}
	/* the optional columns this run carries, checked once, not per call */
	for (x = 0; x < SP_X_COUNT; x++)
		if ((or->xmask >> x) & 1)
			xs[nx++] = x;
	or->out.run = or->run;
	or->out.rank = rank;
	or->out.n = 0;
	for (i = 0; i < k; i++) {
		struct cursor *c = &cs[i];

		c->seg = &sg[i];
		c->next = sg[i].begin;
		c->left = sg[i].count;
		c->prev = sg[i].base;
		c->cap = cap;
		c->region = or->src->rows[sg[i].row].region;
		c->start = malloc(cap * 8);
		c->end = malloc(cap * 8);
		c->call = or->lanes ? malloc(cap * 8) : NULL;
		if (c->start == NULL || c->end == NULL ||
		    (or->lanes && c->call == NULL)) {
			oom(or);
			goto out;
		}
		for (x = 0; x < nx; x++)
			if ((c->x[xs[x]] = malloc(cap * 8)) == NULL) {
				oom(or);
				goto out;
			}
		if (refill(or, c) < 0)
			goto out;
		live += c->len > 0;
		ord[i] = or->order[c->region];
		t_load(&tr, i, c);
	}
	t_build(&tr);
	while (live > 1) {
		size_t w = tr.t[0];
		struct cursor *c = &cs[w];
		struct sp_batch *b = &or->out;
		size_t j = b->n;

		b->start[j] = c->start[c->pos];
		b->end[j] = c->end[c->pos];
		b->region[j] = c->region;
		b->call[j] = cur_call(c, c->pos);
		for (x = 0; x < nx; x++)
			b->x[xs[x]][j] = c->x[xs[x]][c->pos];
		b->n++;
		if (b->n == or->batch && flush_batch(or, lane, &seq) < 0)
			goto out;
		if (++c->pos == c->len) {
			if (refill(or, c) < 0)
				goto out;
			live -= c->len == 0;
		}
		t_load(&tr, w, c);
		t_replay(&tr, w);
	}
	/* one segment left: its calls follow in order, copy them in runs */
	if (live == 1) {
		struct cursor *c = &cs[tr.t[0]];

		for (;;) {
			while (c->pos < c->len) {
				size_t room = or->batch - or->out.n;
				size_t m = c->len - c->pos;

				take(or, c, m < room ? m : room);
				if (or->out.n == or->batch &&
				    flush_batch(or, lane, &seq) < 0)
					goto out;
			}
			if (refill(or, c) < 0)
				goto out;
			if (c->len == 0)
				break;
		}
	}
	rc = flush_batch(or, lane, &seq);
out:
	cursors_free(cs, k);
	free(tr.t);
	free(tr.key);
	free(ord);
	return rc;
}

/* --- file order --- */

/* Pairs (region id, row index) by region id. */
static int
cmp_row_region(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/*
 * The rows of a rank by region id, each row's calls in recording order,
 * in batches of lane -1.  A batch may span rows.
 */
static int
emit_file_rows(struct order *or, uint32_t rank, size_t r0, size_t r1)
{
	struct sp_source *src = or->src;
	struct sp_batch *b = &or->out;
	size_t *idx = malloc((r1 - r0 + 1) * sizeof *idx);
	size_t n = 0, i, k;
	uint64_t seq = 0;
	int rc = -1;

	if (idx == NULL)
		return oom(or);
	/* (region, row) pairs sorted by region, unique within a rank */
	for (i = r0; i < r1; i++)
		if (row_selected(or, &src->rows[i]))
			idx[n++] = i;
	if (n > 1) {
		size_t *key = malloc(n * 2 * sizeof *key);

		if (key == NULL) {
			oom(or);
			goto out;
		}
		for (i = 0; i < n; i++) {
			key[2 * i] = src->rows[idx[i]].region;
			key[2 * i + 1] = idx[i];
		}
		qsort(key, n, 2 * sizeof *key, cmp_row_region);
		for (i = 0; i < n; i++)
			idx[i] = key[2 * i + 1];
		free(key);
	}
	b->run = or->run;
	b->rank = rank;
	b->n = 0;
	for (k = 0; k < n; k++) {
		const struct sp_src_row *r = &src->rows[idx[k]];
		int64_t prev = 0;
		uint64_t off;

		for (off = 0; off < r->count; off += SCAN_CHUNK) {
			size_t m = r->count - off < SCAN_CHUNK ?
			    (size_t)(r->count - off) : SCAN_CHUNK, j = 0, x;

			if (src->ops->read(src, idx[k], off, m, or->a, or->b,
			    or->x, or->e) < 0)
				goto out;
			if (src->delta) {
				for (i = 0; i < m; i++) {
					prev += or->a[i];
					or->a[i] = prev;
					or->b[i] += prev;
				}
			}
			while (j < m) {
				size_t room = or->batch - b->n;
				size_t c = m - j < room ? m - j : room;

				memcpy(b->start + b->n, or->a + j, c * 8);
				memcpy(b->end + b->n, or->b + j, c * 8);
				for (i = 0; i < c; i++) {
					b->region[b->n + i] = r->region;
					b->call[b->n + i] =
					    (int64_t)(off + j + i);
				}
				for (x = 0; x < SP_X_COUNT; x++)
					if (b->x[x] != NULL)
						memcpy(b->x[x] + b->n,
						    or->x[x] + j, c * 8);
				b->n += c;
				j += c;
				if (b->n == or->batch &&
				    flush_batch(or, -1, &seq) < 0)
					goto out;
			}
		}
	}
	rc = flush_batch(or, -1, &seq);
out:
	free(idx);
	return rc;
}

struct side_ctx {
	struct order *or;
	uint32_t rank;
};

static int
emit_side(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	struct side_ctx *sc = ctx;
	struct sp_side s = { sc->or->run, 1, sc->rank, kind, p, n };

	return sp_writer_side(sc->or->w, &s, e);
}

static int
emit_rank(struct order *or, uint32_t rank, size_t r0, size_t r1,
    struct seg *segs, size_t nsegs)
{
	struct sp_source *src = or->src;
	struct sp_rank_info ri;
	struct sp_row_info *rows = malloc((r1 - r0 + 1) * sizeof *rows);
	struct side_ctx sc = { or, rank };
	size_t i, n = 0;
	int rc = -1;

	memset(&ri, 0, sizeof ri);
	if (rows == NULL)
		return oom(or);
	/* tables first: a source may make the rank's row texts ready there */
	if (src->ops->tables(src, rank, &ri, or->e) < 0)
		goto out;
	for (i = r0; i < r1; i++)
		if (row_selected(or, &src->rows[i]))
			rows[n++] = src->rows[i].info;
	ri.run = or->run;
	ri.rank = rank;
	ri.nrows = n;
	ri.rows = rows;
	if (sp_writer_rank(or->w, &ri, or->e) < 0 ||
	    src->ops->sides(src, rank, emit_side, &sc, or->e) < 0)
		goto out;
	if (or->o->order == SP_ORDER_FILE) {
		rc = emit_file_rows(or, rank, r0, r1);
		goto out;
	}
	if (nsegs > 1)
		qsort(segs, nsegs, sizeof *segs, cmp_seg_lane);
	for (i = 0; i < nsegs;) {
		size_t j = i;

		while (j < nsegs && segs[j].lane == segs[i].lane)
			j++;
		if (merge_lane(or, segs + i, j - i, rank) < 0)
			goto out;
		i = j;
	}
	rc = 0;
out:
	free(ri.threads);
	free(ri.tasks);
	free(rows);
	return rc;
}

/* The "file-order" side item: the ranks whose items follow. */
static int
emit_rank_list(struct order *or, const uint32_t *ranks, size_t n)
{
	return sp_section_write_ranks(or->w, or->run, ranks, n, or->e);
}

static int
alloc_cols(struct order *or)
{
	size_t k, n = or->batch, m = SCAN_CHUNK;

	or->a = malloc(m * 8);
	or->b = malloc(m * 8);
	or->ostart = malloc(n * 8);
	or->oend = malloc(n * 8);
	or->ocall = malloc(n * 8);
	or->oregion = malloc(n * 4);
	if (or->a == NULL || or->b == NULL || or->ostart == NULL ||
	    or->oend == NULL || or->ocall == NULL || or->oregion == NULL)
		return oom(or);
	for (k = 0; k < SP_X_COUNT; k++) {
		if (!((or->src->xmask >> k) & 1))
			continue;
		if ((or->x[k] = malloc(m * 8)) == NULL)
			return oom(or);
		if ((or->xmask >> k) & 1 && (or->ox[k] = malloc(n * 8)) == NULL)
			return oom(or);
	}
	or->out.start = or->ostart;
	or->out.end = or->oend;
	or->out.call = or->ocall;
	or->out.region = or->oregion;
	for (k = 0; k < SP_X_COUNT; k++)
		or->out.x[k] = or->ox[k];
	return 0;
}

static void
free_cols(struct order *or)
{
	size_t k;

	free(or->a);
	free(or->b);
	free(or->ostart);
	free(or->oend);
	free(or->ocall);
	free(or->oregion);
	for (k = 0; k < SP_X_COUNT; k++) {
		free(or->x[k]);
		free(or->ox[k]);
	}
}

int
sp_order_emit(struct sp_source *src, const char *label, uint32_t run,
    const struct sp_order_opts *o, struct sp_writer *w, uint64_t *ncalls,
    struct sp_err *e)
{
	struct order or;
	struct segs segs = { 0 };
	double *first = NULL;
	struct rkey *keys = NULL;
	size_t *seg_end = NULL, i, k;
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	int any = 0, rc = -1;
	struct sp_run_info ri;
	struct sp_region_table rt;
	uint32_t *ranks = NULL;
	size_t nranks = 0;

	memset(&or, 0, sizeof or);
	or.src = src;
	or.o = o;
	or.w = w;
	or.e = e;
	or.run = run;
	or.batch = o->batch > 0 && o->batch <= SP_BATCH_MAX ? o->batch :
	    SP_BATCH_DEFAULT;
	/* the reference stacks by lane only where a thread column exists */
	or.lanes = (src->xmask >> SP_X_THREAD) & 1;
	or.xmask = src->xmask;
	first = malloc((src->nregions + 1) * sizeof *first);
	keys = malloc((src->nregions + 1) * sizeof *keys);
	or.order = malloc((src->nregions + 1) * sizeof *or.order);
	seg_end = malloc((src->nrows + 1) * sizeof *seg_end);
	if (first == NULL || keys == NULL || or.order == NULL ||
	    seg_end == NULL || alloc_cols(&or) < 0) {
		oom(&or);
		goto out;
	}
	for (i = 0; i < src->nregions; i++)
		first[i] = HUGE_VAL;
	for (i = 0; i < src->nrows; i++)
		if (row_selected(&or, &src->rows[i]))
			or.total += src->rows[i].count;
	if (o->progress != NULL)
		o->progress(o->progress_ctx, src->path, 0, or.total, 0);
	for (i = 0; i < src->nrows; i++) {
		struct sp_src_row *r = &src->rows[i];
		int emit = row_selected(&or, r);
		int64_t m = 0;
		double sec;

		/*
		 * A shard's span is the run's: rows of the ranks not read
		 * that the region filter keeps add theirs, from the summary
		 * when there is one, as the region order takes it.
		 */
		or.span_rest = !emit && o->shard && (o->filter == NULL ||
		    sp_filter_keep(o->filter, src->names[r->region],
		    strlen(src->names[r->region])));
		if (emit || !r->info.has_summary || r->count == 0) {
			if (scan_row(&or, i, emit, &segs, &m, &lo, &hi,
			    &any) < 0)
				goto out;
		} else {
			m = r->info.summary.start_minimum;
			if (or.span_rest) {
				if (m < lo)
					lo = m;
				if (r->info.summary.end_maximum > hi)
					hi = r->info.summary.end_maximum;
				any = 1;
			}
		}
		seg_end[i] = segs.n;
		/* as Python: float(min ns) / 1e9, and 0.0 for no calls */
		sec = r->count > 0 ? (double)m / 1e9 : 0.0;
		if (sec < first[r->region])
			first[r->region] = sec;
	}
	/*
	 * An id column holding nothing but -1 is the placeholder an old C
	 * writer filled in: treat it as absent (h5-format 4.8).  A parent id
	 * column is all -1 in a row of roots, so this is decided per file.
	 */
	for (k = 0; k < 2; k++) {
		int found;

		if (or.id_any[k])
			continue;
		if ((found = ids_elsewhere(&or, k ? SP_X_PARENT_ID :
		    SP_X_CALL_ID)) < 0)
			goto out;
		if (found)
			or.id_any[k] = 1;
		else
			for (i = 0; i < src->nrows; i++)
				src->rows[i].info.xmask &= ~(1u <<
				    (k ? SP_X_PARENT_ID : SP_X_CALL_ID));
	}
	for (i = 0; i < src->nregions; i++) {
		keys[i].key = first[i];
		keys[i].region = (uint32_t)i;
	}
	if (src->nregions > 1)
		qsort(keys, src->nregions, sizeof *keys, cmp_rkey);
	for (i = 0; i < src->nregions; i++)
		or.order[keys[i].region] = (uint32_t)i;

	memset(&ri, 0, sizeof ri);
	ri.run = run;
	ri.label = label;
	ri.source = src->path;
	ri.source_format = src->source_format;
	ri.layout = src->layout;
	ri.schema = src->schema;
	ri.num_ranks = src->num_ranks;
	ri.event_data = src->event_data;
	ri.has_span = any;
	ri.first_ns = any ? lo : 0;
	ri.last_ns = any ? hi : 0;
	ri.metadata = src->metadata;
	ri.metadata_len = src->metadata_len;
	rt.run = run;
	rt.n = src->nregions;
	rt.names = (const char **)src->names;
	rt.lens = NULL;
	rt.order = or.order;
	if (sp_writer_run(w, &ri, e) < 0 || sp_writer_regions(w, &rt, e) < 0)
		goto out;

	/* the ranks to emit: those of selected rows and selected groups */
	ranks = malloc((src->nrows + src->nextra_ranks + 1) * sizeof *ranks);
	if (ranks == NULL) {
		oom(&or);
		goto out;
	}
	for (i = 0; i < src->nrows; i++)
		if (row_selected(&or, &src->rows[i]))
			ranks[nranks++] = src->rows[i].rank;
	for (i = 0; i < src->nextra_ranks; i++)
		if (o->ranks == NULL || sp_ranks_has(o->ranks,
		    src->extra_ranks[i]))
			ranks[nranks++] = src->extra_ranks[i];
	if (nranks > 1)
		qsort(ranks, nranks, sizeof *ranks, cmp_u32);
	{
		size_t j = 0;

		for (i = 0; i < nranks; i++)
			if (j == 0 || ranks[j - 1] != ranks[i])
				ranks[j++] = ranks[i];
		nranks = j;
	}
	if (o->order == SP_ORDER_FILE &&
	    emit_rank_list(&or, ranks, nranks) < 0)
		goto out;
	{
		size_t r = 0;

		for (k = 0; k < nranks; k++) {
			size_t r0, s0, s1;

			while (r < src->nrows && src->rows[r].rank < ranks[k])
				r++;
			r0 = r;
			while (r < src->nrows && src->rows[r].rank == ranks[k])
				r++;
			s0 = r0 > 0 ? seg_end[r0 - 1] : 0;
			s1 = r > 0 ? seg_end[r - 1] : 0;
			if (s1 < s0)
				s1 = s0;
			/*
			 * No segments at all (no calls): segs.v is NULL, and
			 * even NULL + 0 is undefined behaviour in C.
			 */
			if (emit_rank(&or, ranks[k], r0, r, segs.v != NULL ?
			    segs.v + s0 : NULL, s1 - s0) < 0)
				goto out;
		}
	}
	if (sp_writer_run_end(w, run, or.calls, or.batches, e) < 0)
		goto out;
	if (o->progress != NULL)
		o->progress(o->progress_ctx, src->path, or.calls, or.total, 1);
	if (ncalls != NULL)
		*ncalls = or.calls;
	rc = 0;
out:
	free_cols(&or);
	free(segs.v);
	free(first);
	free(keys);
	free(or.order);
	free(seg_end);
	free(ranks);
	return rc;
}
