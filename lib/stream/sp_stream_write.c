/* The writing half of the sp stream; the format is in sp-stream(5). */
#include "sp_stream.h"

#include <stdlib.h>
#include <string.h>

#include "sp_cbuf.h"

/* RFC 8746 typed-array tags. */
#define TAG_U32LE 70
#define TAG_I64LE 79
#define TAG_SELF_DESCRIBE 55799

const char *const sp_xcol_names[SP_X_COUNT] = {
	"gpu", "call_id", "parent_id", "thread", "task", "await",
};

struct sp_writer {
	struct sp_sink *sink;
	struct sp_cbuf *cb;
	const char *kind;	/* of the item being built, for errors */
	enum sp_batch_stage stage;
	int minor;		/* what the headers say */
	unsigned long long item;	/* sp_sink_written() at its start */
};

struct sp_writer *
sp_writer_new(struct sp_sink *sink, struct sp_err *e)
{
	struct sp_writer *w = calloc(1, sizeof *w);

	if (w == NULL || (w->cb = sp_cbuf_new()) == NULL) {
		free(w);
		sp_fail(e, SP_ENOMEM, "%s: out of memory", sp_sink_name(sink));
		return NULL;
	}
	w->sink = sink;
	w->stage = SP_STAGE_INTERVALS;
	return w;
}

void
sp_writer_free(struct sp_writer *w)
{
	if (w == NULL)
		return;
	sp_cbuf_free(w->cb);
	free(w);
}

/* Start an item [kind, {n keys}] in the scratch buffer. */
static struct sp_cbuf *
begin(struct sp_writer *w, const char *kind, size_t nkeys)
{
	w->kind = kind;
	w->item = sp_sink_written(w->sink);
	sp_cbuf_reset(w->cb);
	sp_cbuf_array(w->cb, 2);
	sp_cbuf_cstr(w->cb, kind);
	sp_cbuf_map(w->cb, nkeys);
	return w->cb;
}

static int
finish(struct sp_writer *w, struct sp_err *e)
{
	if (sp_cbuf_failed(w->cb))
		return sp_fail(e, SP_ENOMEM, "%s: out of memory",
		    sp_sink_name(w->sink));
	/* Never write what every reader would refuse as too large. */
	if (sp_cbuf_len(w->cb) > SP_ITEM_MAX)
		return sp_fail(e, SP_EDATA, "%s: a %s item of %zu bytes is "
		    "larger than the %zu MiB an sp stream item may have",
		    sp_sink_name(w->sink), w->kind, sp_cbuf_len(w->cb),
		    SP_ITEM_MAX >> 20);
	return sp_sink_write(w->sink, sp_cbuf_data(w->cb),
	    sp_cbuf_len(w->cb), e);
}

static void
key(struct sp_cbuf *b, const char *k)
{
	sp_cbuf_cstr(b, k);
}

static void
kv_uint(struct sp_cbuf *b, const char *k, uint64_t v)
{
	key(b, k);
	sp_cbuf_uint(b, v);
}

static void
kv_int(struct sp_cbuf *b, const char *k, int64_t v)
{
	key(b, k);
	sp_cbuf_int(b, v);
}

static void
kv_str(struct sp_cbuf *b, const char *k, const char *v)
{
	key(b, k);
	sp_cbuf_cstr(b, v != NULL ? v : "");
}

void
sp_writer_set_minor(struct sp_writer *w, int minor)
{
	w->minor = minor < 0 ? 0 : minor > SP_STREAM_MINOR ? SP_STREAM_MINOR :
	    minor;
}

int
sp_writer_minor(const struct sp_writer *w)
{
	return w->minor;
}

int
sp_writer_header(struct sp_writer *w, enum sp_batch_stage stage,
    const char *producer, struct sp_err *e)
{
	struct sp_cbuf *b = w->cb;

	w->stage = stage;
	sp_cbuf_reset(b);
	sp_cbuf_tag(b, TAG_SELF_DESCRIBE);
	sp_cbuf_array(b, 2);
	sp_cbuf_cstr(b, "header");
	sp_cbuf_map(b, 5);
	kv_str(b, "format", "sp-stream");
	key(b, "version");
	sp_cbuf_array(b, 2);
	sp_cbuf_uint(b, SP_STREAM_MAJOR);
	sp_cbuf_uint(b, (uint64_t)w->minor);
	kv_str(b, "stage", stage == SP_STAGE_CALLS ? "calls" : "intervals");
	kv_str(b, "order", "time");
	kv_str(b, "producer", producer);
	return finish(w, e);
}

/* 1.1: the run item's "window". */
static void
put_window(struct sp_cbuf *b, const struct sp_run_info *run)
{
	key(b, "window");
	sp_cbuf_map(b, 4);
	key(b, "start");
	if (run->window_has_start)
		sp_cbuf_int(b, run->window_start);
	else
		sp_cbuf_null(b);
	key(b, "end");
	if (run->window_has_end)
		sp_cbuf_int(b, run->window_end);
	else
		sp_cbuf_null(b);
	key(b, "clipped");
	sp_cbuf_bool(b, run->window_clipped);
	kv_str(b, "spec", run->window_spec);
}

int
sp_writer_run(struct sp_writer *w, const struct sp_run_info *run,
    struct sp_err *e)
{
	int named = run->name != NULL && strcmp(run->name, run->label) != 0;
	struct sp_cbuf *b = begin(w, "run", 11 + (run->has_window != 0) +
	    named);

	kv_uint(b, "run", run->run);
	kv_str(b, "label", run->label);
	if (named)
		kv_str(b, "name", run->name);
	kv_str(b, "source", run->source);
	kv_str(b, "source_format", run->source_format);
	kv_str(b, "layout", run->layout);
	kv_int(b, "schema", run->schema);
	kv_uint(b, "num_ranks", run->num_ranks);
	key(b, "event_data");
	sp_cbuf_bool(b, run->event_data);
	key(b, "first_ns");
	if (run->has_span)
		sp_cbuf_int(b, run->first_ns);
	else
		sp_cbuf_null(b);
	key(b, "last_ns");
	if (run->has_span)
		sp_cbuf_int(b, run->last_ns);
	else
		sp_cbuf_null(b);
	key(b, "metadata");
	if (run->metadata_len > 0)
		sp_cbuf_raw(b, run->metadata, run->metadata_len);
	else
		sp_cbuf_map(b, 0);
	if (run->has_window)
		put_window(b, run);
	return finish(w, e);
}

int
sp_writer_regions(struct sp_writer *w, const struct sp_region_table *t,
    struct sp_err *e)
{
	struct sp_cbuf *b = begin(w, "regions", 3);
	size_t i;

	kv_uint(b, "run", t->run);
	key(b, "names");
	sp_cbuf_array(b, t->n);
	for (i = 0; i < t->n; i++)
		sp_cbuf_text(b, t->names[i], t->lens != NULL ? t->lens[i] :
		    strlen(t->names[i]));
	key(b, "order");
	sp_cbuf_array(b, t->n);
	for (i = 0; i < t->n; i++)
		sp_cbuf_uint(b, t->order[i]);
	return finish(w, e);
}

static void
put_summary(struct sp_cbuf *b, const struct sp_summary *s)
{
	sp_cbuf_map(b, 11);
	kv_int(b, "total", s->total);
	kv_int(b, "minimum", s->minimum);
	kv_int(b, "maximum", s->maximum);
	kv_int(b, "first", s->first);
	kv_int(b, "last", s->last);
	kv_int(b, "start_minimum", s->start_minimum);
	kv_int(b, "end_maximum", s->end_maximum);
	kv_uint(b, "gpu_count", s->gpu_count);
	kv_int(b, "gpu_total", s->gpu_total);
	key(b, "mean");
	sp_cbuf_double(b, s->mean);
	key(b, "m2");
	sp_cbuf_double(b, s->m2);
}

static void
put_row(struct sp_cbuf *b, const struct sp_row_info *r)
{
	size_t n = 2, i, ncols = 0;

	n += r->source_file != NULL;
	n += r->has_lineno != 0;
	n += r->source_text != NULL;
	n += r->ntags > 0;
	n += r->has_exclusive != 0;
	n += r->xmask != 0;
	n += r->has_aggregate != 0;
	n += r->has_summary != 0;
	n += r->event_metadata != NULL;
	sp_cbuf_map(b, n);
	kv_uint(b, "region", r->region);
	kv_uint(b, "calls", r->calls);
	if (r->source_file != NULL)
		kv_str(b, "source_file", r->source_file);
	if (r->has_lineno)
		kv_int(b, "source_lineno", r->source_lineno);
	if (r->source_text != NULL)
		kv_str(b, "source_text", r->source_text);
	if (r->ntags > 0) {
		key(b, "tags");
		sp_cbuf_array(b, r->ntags);
		for (i = 0; i < r->ntags; i++)
			sp_cbuf_cstr(b, r->tags[i]);
	}
	if (r->has_exclusive)
		kv_int(b, "exclusive_ns", r->exclusive_ns);
	if (r->xmask != 0) {
		for (i = 0; i < SP_X_COUNT; i++)
			ncols += (r->xmask >> i) & 1;
		key(b, "columns");
		sp_cbuf_array(b, ncols);
		for (i = 0; i < SP_X_COUNT; i++)
			if ((r->xmask >> i) & 1)
				sp_cbuf_cstr(b, sp_xcol_names[i]);
	}
	if (r->has_aggregate) {
		key(b, "aggregate");
		sp_cbuf_map(b, 5);
		kv_int(b, "count", r->agg_count);
		kv_int(b, "total", r->agg_total);
		kv_int(b, "minimum", r->agg_minimum);
		kv_int(b, "maximum", r->agg_maximum);
		kv_int(b, "exclusive", r->agg_exclusive);
	}
	if (r->has_summary) {
		key(b, "summary");
		put_summary(b, &r->summary);
	}
	if (r->event_metadata != NULL) {
		key(b, "event_metadata");
		sp_cbuf_text(b, r->event_metadata, r->event_metadata_len);
	}
}

static void
put_thread(struct sp_cbuf *b, const struct sp_thread_info *t)
{
	sp_cbuf_map(b, 8);
	kv_int(b, "index", t->index);
	kv_str(b, "name", t->name);
	kv_int(b, "ident", t->ident);
	kv_int(b, "native_id", t->native_id);
	key(b, "daemon");
	sp_cbuf_bool(b, t->daemon);
	kv_int(b, "start_ns", t->start_ns);
	kv_int(b, "end_ns", t->end_ns);
	kv_int(b, "cpu_ns", t->cpu_ns);
}

static void
put_task(struct sp_cbuf *b, const struct sp_task_info *t)
{
	sp_cbuf_map(b, 10);
	kv_int(b, "index", t->index);
	kv_str(b, "kind", t->kind);
	kv_str(b, "name", t->name);
	kv_str(b, "coro_name", t->coro_name);
	kv_int(b, "thread_index", t->thread_index);
	kv_int(b, "created_ns", t->created_ns);
	kv_int(b, "done_ns", t->done_ns);
	kv_int(b, "steps", t->steps);
	kv_int(b, "running_ns", t->running_ns);
	kv_int(b, "suspended_ns", t->suspended_ns);
}

int
sp_writer_rank(struct sp_writer *w, const struct sp_rank_info *r,
    struct sp_err *e)
{
	struct sp_cbuf *b = begin(w, "rank", 3 + (r->has_threads != 0) +
	    (r->has_tasks != 0));
	size_t i;

	kv_uint(b, "run", r->run);
	kv_uint(b, "rank", r->rank);
	key(b, "rows");
	sp_cbuf_array(b, r->nrows);
	for (i = 0; i < r->nrows; i++)
		put_row(b, &r->rows[i]);
	if (r->has_threads) {
		key(b, "threads");
		sp_cbuf_array(b, r->nthreads);
		for (i = 0; i < r->nthreads; i++)
			put_thread(b, &r->threads[i]);
	}
	if (r->has_tasks) {
		key(b, "tasks");
		sp_cbuf_array(b, r->ntasks);
		for (i = 0; i < r->ntasks; i++)
			put_task(b, &r->tasks[i]);
	}
	return finish(w, e);
}

int
sp_writer_side(struct sp_writer *w, const struct sp_side *s,
    struct sp_err *e)
{
	struct sp_cbuf *b = begin(w, "side", 3 + (s->has_rank != 0));

	kv_uint(b, "run", s->run);
	if (s->has_rank)
		kv_uint(b, "rank", s->rank);
	kv_str(b, "kind", s->kind);
	key(b, "data");
	sp_cbuf_raw(b, s->data, s->len);
	return finish(w, e);
}

/* The widths a CBOR head may take, shortest first. */
static const unsigned widths[] = { 1, 2, 3, 5, 9 };

/*
 * The key, tag and byte-string head of a column whose bytes are to
 * start at a multiple of elem from the item's start (at bytes in): the
 * three heads take the fewest bytes beyond their shortest that put them
 * there (sp-stream(5)), so that a reader whose item is where its
 * buffer starts can take the column's values where they are instead of
 * copying them.
 */
static void
column_head(struct sp_writer *w, const char *k, uint64_t tag, size_t len,
    size_t elem)
{
	size_t klen = strlen(k), best = SIZE_MAX, at;
	size_t in = (size_t)(sp_sink_written(w->sink) - w->item);
	unsigned wk[3] = { 0, 0, 0 }, i, j, l, min[3];

	min[0] = sp_cbuf_head_len(klen);
	min[1] = sp_cbuf_head_len(tag);
	min[2] = sp_cbuf_head_len(len);
	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++)
			for (l = 0; l < 5; l++) {
				if (widths[i] < min[0] || widths[j] < min[1] ||
				    widths[l] < min[2])
					continue;
				at = in + widths[i] + klen + widths[j] +
				    widths[l];
				if (at % elem == 0 && at < best) {
					best = at;
					wk[0] = widths[i];
					wk[1] = widths[j];
					wk[2] = widths[l];
				}
			}
	/* none found (a head of 9 bytes: not in an item) is the shortest */
	sp_cbuf_head_wide(w->cb, SP_CBOR_TEXT, klen, wk[0]);
	sp_cbuf_raw(w->cb, k, klen);
	sp_cbuf_head_wide(w->cb, SP_CBOR_TAG, tag, wk[1]);
	sp_cbuf_head_wide(w->cb, SP_CBOR_BYTES, len, wk[2]);
}

/*
 * A column goes out as a tagged byte string whose bytes are written
 * straight from the caller's array: on a little-endian host that is the
 * wire layout already, so the hot path is a head plus one large copy.
 */
static int
column(struct sp_writer *w, const char *k, uint64_t tag, const void *p,
    size_t elem, size_t n, struct sp_err *e)
{
	struct sp_cbuf *b = w->cb;

	sp_cbuf_reset(b);
	column_head(w, k, tag, n * elem, elem);
	if (finish(w, e) < 0)
		return -1;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return sp_sink_write(w->sink, p, n * elem, e);
#else
	{
		const unsigned char *src = p;
		unsigned char tmp[8];
		size_t i, j;

		for (i = 0; i < n; i++) {
			for (j = 0; j < elem; j++)
				tmp[j] = src[i * elem + elem - 1 - j];
			if (sp_sink_write(w->sink, tmp, elem, e) < 0)
				return -1;
		}
		return 0;
	}
#endif
}

int
sp_writer_batch(struct sp_writer *w, const struct sp_batch *bt,
    struct sp_err *e)
{
	struct sp_cbuf *b;
	size_t nkeys = 9, i;
	int calls = w->stage == SP_STAGE_CALLS;

	for (i = 0; i < SP_X_COUNT; i++)
		nkeys += bt->x[i] != NULL;
	if (calls)
		nkeys += 4;
	b = begin(w, "batch", nkeys);
	kv_uint(b, "run", bt->run);
	kv_uint(b, "rank", bt->rank);
	kv_int(b, "lane", bt->lane);
	kv_uint(b, "first", bt->first);
	kv_uint(b, "n", bt->n);
	if (finish(w, e) < 0 ||
	    column(w, "start", TAG_I64LE, bt->start, 8, bt->n, e) < 0 ||
	    column(w, "end", TAG_I64LE, bt->end, 8, bt->n, e) < 0 ||
	    column(w, "region", TAG_U32LE, bt->region, 4, bt->n, e) < 0 ||
	    column(w, "call", TAG_I64LE, bt->call, 8, bt->n, e) < 0)
		return -1;
	for (i = 0; i < SP_X_COUNT; i++)
		if (bt->x[i] != NULL && column(w, sp_xcol_names[i], TAG_I64LE,
		    bt->x[i], 8, bt->n, e) < 0)
			return -1;
	if (calls) {
		if (column(w, "depth", TAG_U32LE, bt->depth, 4, bt->n, e) < 0 ||
		    column(w, "parent", TAG_I64LE, bt->parent, 8, bt->n, e) < 0 ||
		    column(w, "self", TAG_I64LE, bt->self, 8, bt->nclosed,
		    e) < 0)
			return -1;
		sp_cbuf_reset(b);
		key(b, "lane_end");
		sp_cbuf_bool(b, bt->lane_end);
		return finish(w, e);
	}
	return 0;
}

int
sp_writer_run_end(struct sp_writer *w, uint32_t run, uint64_t calls,
    uint64_t batches, struct sp_err *e)
{
	struct sp_cbuf *b = begin(w, "run-end", 3);

	kv_uint(b, "run", run);
	kv_uint(b, "calls", calls);
	kv_uint(b, "batches", batches);
	return finish(w, e);
}

int
sp_writer_stream_end(struct sp_writer *w, uint32_t runs, struct sp_err *e)
{
	struct sp_cbuf *b = begin(w, "stream-end", 1);

	kv_uint(b, "runs", runs);
	return finish(w, e);
}

int
sp_writer_raw(struct sp_writer *w, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	return sp_sink_write(w->sink, p, n, e);
}
