/*
 * sp_order_emit(): a run in four steps, the pre-pass over every row
 * (sp_order_scan.c), the region order (sp_order_regions.c), the run and
 * region items, then rank after rank its items and its calls, merged lane
 * by lane (sp_order_merge.c) or in file order (sp_order_file.c).  Here
 * too: the output batch that the merge and the file order fill.
 */
#include "sp_order_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

int
sp_order_oom(struct sp_order *or)
{
	return sp_fail(or->e, SP_ENOMEM, "%s: out of memory", or->src->path);
}

int
sp_order_row_selected(const struct sp_order *or, const struct sp_source_row *r)
{
	const char *name = or->src->names[r->region];

	if (or->o->ranks != NULL && !sp_ranks_has(or->o->ranks, r->rank))
		return 0;
	return or->o->filter == NULL ||
	    sp_filter_keep(or->o->filter, name, strlen(name));
}

void
sp_order_lane_begin(struct sp_order *or, uint32_t rank, int64_t lane)
{
	or->out.run = or->run;
	or->out.rank = rank;
	or->out.lane = lane;
	or->out.first = 0;
	or->out.n = 0;
}

int
sp_order_flush(struct sp_order *or)
{
	struct sp_batch *b = &or->out;

	if (or->win_on)
		sp_order_window_cut(or);
	if (b->n == 0)
		return 0;
	if (sp_writer_batch(or->w, b, or->e) < 0)
		return -1;
	b->first += b->n;
	or->calls += b->n;
	or->batches++;
	b->n = 0;
	if (or->o->progress != NULL)
		or->o->progress(or->o->progress_ctx, or->src->path, or->calls,
		    or->total, 0);
	return 0;
}

/*
 * The read chunk and the output batch, with the x columns of the run, cut
 * from one block (or->cols): over 1 MiB, which sp_huge_buffer() faults in
 * a huge page at a time instead of 4 KiB.
 */
static int
alloc_cols(struct sp_order *or)
{
	size_t k, n = or->batch, m = SP_ORDER_CHUNK, words = 2 * m + 3 * n +
	    (n + 1) / 2;
	int64_t *p;

	for (k = 0; k < SP_X_COUNT; k++)
		if ((or->src->xmask >> k) & 1)
			words += m + ((or->xmask >> k) & 1 ? n : 0);
	if ((or->cols = p = sp_huge_buffer(words * 8)) == NULL)
		return sp_order_oom(or);
	or->a = p;
	or->b = p += m;
	or->out.start = p += m;
	or->out.end = p += n;
	or->out.call = p += n;
	p += n;
	for (k = 0; k < SP_X_COUNT; k++) {
		if (!((or->src->xmask >> k) & 1))
			continue;
		or->x[k] = p;
		p += m;
		if ((or->xmask >> k) & 1) {
			or->out.x[k] = p;
			p += n;
		}
	}
	/* last: the only column of 4-byte values */
	or->out.region = (uint32_t *)p;
	return 0;
}

static int
order_init(struct sp_order *or, struct sp_source *src, uint32_t run,
    const struct sp_order_opts *o, struct sp_writer *w, struct sp_err *e)
{
	size_t i;

	memset(or, 0, sizeof *or);
	or->src = src;
	or->o = o;
	or->w = w;
	or->e = e;
	or->run = run;
	or->batch = o->batch > 0 && o->batch <= SP_BATCH_MAX ? o->batch :
	    SP_BATCH_DEFAULT;
	/* the reference stacks by lane only where a thread column exists */
	or->lanes = (src->xmask >> SP_X_THREAD) & 1;
	or->xmask = src->xmask;
	or->span_lo = INT64_MAX;
	or->span_hi = INT64_MIN;
	or->order = malloc((src->nregions + 1) * sizeof *or->order);
	or->seg_end = malloc((src->nrows + 1) * sizeof *or->seg_end);
	or->row_min = malloc((src->nrows + 1) * sizeof *or->row_min);
	if (or->order == NULL || or->seg_end == NULL || or->row_min == NULL)
		return sp_order_oom(or);
	for (i = 0; i < src->nrows; i++)
		if (sp_order_row_selected(or, &src->rows[i]))
			or->total += src->rows[i].count;
	return alloc_cols(or);
}

static void
order_free(struct sp_order *or)
{
	free(or->cols);
	free(or->segs);
	free(or->seg_end);
	free(or->row_min);
	sp_order_window_free(or);
	free(or->order);
}

/* The run item and the region table. */
static int
write_run(struct sp_order *or, const char *label, const char *name)
{
	const struct sp_source *src = or->src;
	struct sp_run_info ri;
	struct sp_region_table rt;

	if (or->has_span && !sp_span_fits(or->span_lo, or->span_hi))
		return sp_fail(or->e, SP_EDATA, "%s: its calls span [%" PRId64
		    ", %" PRId64 "] ns, more than 2^63 - 1 ns: sp cannot "
		    "measure times that far apart", src->path, or->span_lo,
		    or->span_hi);
	memset(&ri, 0, sizeof ri);
	ri.run = or->run;
	ri.label = label;
	ri.name = name;
	ri.source = src->path;
	ri.source_format = src->source_format;
	ri.layout = src->layout;
	ri.schema = src->schema;
	ri.num_ranks = src->num_ranks;
	ri.event_data = src->event_data;
	ri.has_span = or->has_span;
	ri.first_ns = or->has_span ? or->span_lo : 0;
	ri.last_ns = or->has_span ? or->span_hi : 0;
	ri.metadata = src->metadata;
	ri.metadata_len = src->metadata_len;
	if (or->win_on) {
		ri.has_window = 1;
		ri.window_has_start = or->win.lo != INT64_MIN;
		ri.window_has_end = or->win.hi != INT64_MAX;
		ri.window_start = or->win.lo;
		ri.window_end = or->win.hi;
		ri.window_clipped = or->win.clip;
		ri.window_spec = or->o->window->spec;
	}
	rt.run = or->run;
	rt.n = src->nregions;
	rt.names = (const char **)src->names;
	rt.lens = NULL;
	rt.order = or->order;
	if (sp_writer_run(or->w, &ri, or->e) < 0)
		return -1;
	return sp_writer_regions(or->w, &rt, or->e);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The ranks to write, ascending, each once: those of the selected rows
 * and the selected ones of the ranks a source has besides its rows (rank
 * groups with tables or payloads).  *ranks is the caller's to free.
 */
static int
select_ranks(struct sp_order *or, uint32_t **ranks, size_t *nranks)
{
	const struct sp_source *src = or->src;
	uint32_t *v;
	size_t i, j = 0, n = 0;

	v = malloc((src->nrows + src->nextra_ranks + 1) * sizeof *v);
	if ((*ranks = v) == NULL)
		return sp_order_oom(or);
	for (i = 0; i < src->nrows; i++)
		if (sp_order_row_selected(or, &src->rows[i]))
			v[n++] = src->rows[i].rank;
	for (i = 0; i < src->nextra_ranks; i++)
		if (or->o->ranks == NULL || sp_ranks_has(or->o->ranks,
		    src->extra_ranks[i]))
			v[n++] = src->extra_ranks[i];
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_u32);
	for (i = 0; i < n; i++)
		if (j == 0 || v[j - 1] != v[i])
			v[j++] = v[i];
	*nranks = j;
	return 0;
}

static int
cmp_seg_lane(const void *a, const void *b)
{
	const struct sp_order_seg *x = a, *y = b;

	if (x->lane != y->lane)
		return x->lane < y->lane ? -1 : 1;
	/* keep scan order: it is row order, then position */
	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* A rank's calls in time order: its segments by lane, each lane merged. */
static int
emit_lanes(struct sp_order *or, uint32_t rank, struct sp_order_seg *segs,
    size_t nsegs)
{
	size_t i, j;

	if (nsegs > 1)
		qsort(segs, nsegs, sizeof *segs, cmp_seg_lane);
	for (i = 0; i < nsegs; i = j) {
		for (j = i; j < nsegs && segs[j].lane == segs[i].lane; j++)
			;
		if (sp_order_merge_lane(or, segs + i, j - i, rank) < 0)
			return -1;
	}
	return 0;
}

struct side_ctx {
	struct sp_order *or;
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

/*
 * Rank rank, rows [r0, r1) of the source, segments segs: its rank item
 * (with its tables and selected rows), its side items, then its calls.
 */
static int
emit_rank(struct sp_order *or, uint32_t rank, size_t r0, size_t r1,
    struct sp_order_seg *segs, size_t nsegs)
{
	struct sp_source *src = or->src;
	struct sp_rank_info ri;
	struct sp_row_info *rows = malloc((r1 - r0 + 1) * sizeof *rows);
	struct side_ctx sc = { or, rank };
	size_t *index = malloc((r1 - r0 + 1) * sizeof *index);
	char **texts = NULL;
	size_t i, n = 0;
	int rc = -1;

	memset(&ri, 0, sizeof ri);
	if (rows == NULL || index == NULL) {
		free(rows);
		free(index);
		return sp_order_oom(or);
	}
	/* tables first: a source may make the rank's row texts ready there */
	if (src->ops->tables(src, rank, &ri, or->e) < 0)
		goto out;
	for (i = r0; i < r1; i++)
		if (sp_order_row_selected(or, &src->rows[i])) {
			index[n] = i;
			rows[n++] = src->rows[i].info;
		}
	if (or->win_on &&
	    sp_order_window_rows(or, index, rows, n, &texts) < 0)
		goto out;
	ri.run = or->run;
	ri.rank = rank;
	ri.nrows = n;
	ri.rows = rows;
	if (sp_writer_rank(or->w, &ri, or->e) < 0 ||
	    src->ops->sides(src, rank, emit_side, &sc, or->e) < 0)
		goto out;
	if (or->o->order == SP_ORDER_FILE)
		rc = sp_order_file_rows(or, rank, r0, r1);
	else
		rc = emit_lanes(or, rank, segs, nsegs);
out:
	free(ri.threads);
	free(ri.tasks);
	sp_order_window_free_texts(texts, n);
	free(index);
	free(rows);
	return rc;
}

/* Every rank of ranks: rows are grouped by rank, ranks ascending. */
static int
emit_ranks(struct sp_order *or, const uint32_t *ranks, size_t nranks)
{
	const struct sp_source *src = or->src;
	size_t r = 0, k;

	for (k = 0; k < nranks; k++) {
		size_t r0, s0, s1;

		while (r < src->nrows && src->rows[r].rank < ranks[k])
			r++;
		r0 = r;
		while (r < src->nrows && src->rows[r].rank == ranks[k])
			r++;
		s0 = r0 > 0 ? or->seg_end[r0 - 1] : 0;
		s1 = r > 0 ? or->seg_end[r - 1] : 0;
		if (s1 < s0)
			s1 = s0;
		/*
		 * No segments at all (no calls): segs is NULL, and even
		 * NULL + 0 is undefined behaviour in C.
		 */
		if (emit_rank(or, ranks[k], r0, r, or->segs != NULL ?
		    or->segs + s0 : NULL, s1 - s0) < 0)
			return -1;
	}
	return 0;
}

int
sp_order_emit(struct sp_source *src, const char *label, const char *name,
    uint32_t run, const struct sp_order_opts *o, struct sp_writer *w,
    uint64_t *ncalls, struct sp_err *e)
{
	struct sp_order or;
	uint32_t *ranks = NULL;
	size_t nranks = 0;
	int rc = -1;

	if (order_init(&or, src, run, o, w, e) < 0)
		goto out;
	if (o->progress != NULL)
		o->progress(o->progress_ctx, src->path, 0, or.total, 0);
	if (sp_order_prepass(&or) < 0 || sp_order_window(&or) < 0 ||
	    sp_order_regions(src, or.row_min, or.order, e) < 0 ||
	    write_run(&or, label, name) < 0 || select_ranks(&or, &ranks,
	    &nranks) < 0)
		goto out;
	if (o->order == SP_ORDER_FILE &&
	    sp_section_write_ranks(w, run, ranks, nranks, e) < 0)
		goto out;
	if (emit_ranks(&or, ranks, nranks) < 0 ||
	    sp_writer_run_end(w, run, or.calls, or.batches, e) < 0)
		goto out;
	if (o->progress != NULL)
		o->progress(o->progress_ctx, src->path, or.calls, or.total, 1);
	if (sp_order_missing(&or) < 0)
		goto out;
	if (ncalls != NULL)
		*ncalls = or.calls;
	rc = 0;
out:
	order_free(&or);
	free(ranks);
	return rc;
}
