/*
 * sp_json_export_run(): the JSON profile document of each run of a stream.
 * The layout is that of json.dumps of scope-profiler's build_json_document
 * (doc/exports.md, "sp-json documents"); see sp_json.h for the regrouping and
 * the extensions.
 */
#include "sp_json_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_export.h"
#include "sp_json_emit.h"
#include "sp_json_text.h"
#include "sp_gzout.h"
#include "sp_jsonkeys.h"
#include "sp_json_respell.h"
#include "sp_spill.h"
#include "sp_jsonw.h"
#include "sp_section.h"
#include "sp_sidejson.h"

#define NAMING { SP_EXPORT_FIRST_DOT, ".json", "profile", 0 }

const struct sp_export_naming sp_json_export_naming = NAMING;

/* A document per run; one on standard output, its last byte held back. */
static const struct sp_export_spec spec = {
	.stage = SP_STAGE_INTERVALS,
	.unit = SP_EXPORT_PER_RUN,
	.naming = NAMING,
	.hold = SP_EXPORT_HOLD_LAST,
	.nothing = "nothing to export",
	.several = "several runs",
	.one = " document",
};

#define READ_CHUNK ((size_t)1 << 15)	/* values read from a store at once */
#define NONE UINT32_MAX
#define NCOL (2 + SP_X_COUNT)	/* the most values a call has */

/* The keys that follow "regions", each gathered in a spool as it comes. */
enum trail {
	T_THREADS, T_TASKS, T_LIKWID, T_LINES, T_PERF, T_ROWORDER, T_SIDES,
	T_COUNT
};

static const char *const trail_keys[T_COUNT] = {
	"threads", "tasks", SP_SIDEJSON_LIKWID, SP_SIDEJSON_LINES,
	SP_SIDEJSON_PERF, "sp_row_order", SP_SIDEJSON_PAYLOADS,
};

/* The JSON key of each x column. */
static const char *const *const xcol_keys = sp_jsonkeys_calls + 2;
_Static_assert(SP_JSONKEYS_NCALLS == 2 + SP_X_COUNT,
    "a JSON call column key for every call column");

/* One (rank, region) row of the document. */
struct jrow {
	uint32_t rank, region;
	uint64_t calls, got;
	unsigned xmask;
	unsigned ncols;		/* values per call: start, end, x columns */
	struct sp_spill_store *store;	/* where its calls go */
	uint64_t slot;		/* its first slot there */
	uint64_t head, head_len;	/* rendered text in the row spool */
	uint64_t ev, ev_len;	/* ', "event_metadata": [...]' or empty */
	uint64_t tail, tail_len;	/* exclusive total and extensions */
	unsigned aggregate:1;	/* head is the whole row */
	unsigned live:1;	/* written as it arrives (file order) */
	unsigned started:1;	/* live: head and starts are being written */
	unsigned done:1;	/* written */
};

struct jx {
	struct sp_reader *r;
	const struct sp_json_export_opts *o;
	struct sp_json_export_stats *st;
	int indent;
	char exporter[64];
	struct sp_spill_budget budget;
	uint64_t window;
	struct sp_spill_file *tmp;
	struct sp_cbor *cd;

	/* where documents go: the run's, through the front end */
	struct sp_export *fe;
	struct sp_export_out *out;
	struct sp_gzout *f;	/* its text, compressed if .gz */

	/* the section */
	enum sp_section_order order;

	/* the run */
	int have_run;
	int event_data;
	char *layout;
	int64_t schema;
	struct sp_jsonw *w;	/* the document's text */
	struct sp_json_emit *top;	/* its top-level object */
	struct sp_json_emit *rows_out;	/* its "regions" array */
	size_t nregions;
	char **names;
	size_t *lens;
	unsigned char *used_region;
	struct jrow *rows;
	size_t nrows, caprows;
	uint32_t *byregion;	/* the current rank: region -> row */
	int have_rank;
	uint32_t rank;
	size_t rank_row0;	/* its rows are [rank_row0, nrows) */
	struct sp_spill_store **stores;
	size_t nstores, capstores;
	unsigned batch_cols, row_cols;

	/* fragments, rendered as they come */
	struct sp_jsonw *fw;	/* writes to *fspool */
	struct sp_spill_spool *fspool;
	struct sp_spill_spool *rowtext;
	struct sp_spill_spool *trail[T_COUNT];
	uint64_t ntrail[T_COUNT];
	int lines_any;		/* some line-profile record */
	char *canon;		/* canonical event-metadata text */
	size_t canon_len, canon_cap;

	/* file order: the last rank is written as it comes */
	uint32_t *franks;
	size_t nfranks;
	int live;		/* the current rank is the live one */
	size_t *out_order;	/* rows by (region, rank) */
	size_t nout, out_next;
	size_t live_cur;	/* the live row being filled, or NONE */
	/* the live rows', one at a time */
	struct sp_spill_store *live_store;

	int64_t *readbuf;
};

/* --- small helpers --- */

static int
oom(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static const char *
in_name(const struct jx *x)
{
	return sp_reader_name(x->r);
}

static int
jsonw_put(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	return sp_jsonw_raw(ctx, p, n, e);
}

static int
fspool_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct jx *x = ctx;

	return sp_spill_spool_append(x->fspool, p, n, NULL, e);
}

/* Start a fragment into spool s; returns its offset. */
static uint64_t
frag_begin(struct jx *x, struct sp_spill_spool *s)
{
	x->fspool = s;
	return sp_spill_spool_size(s);
}

/* End a fragment: flush it, and its length. */
static int
frag_end(struct jx *x, uint64_t start, uint64_t *len, struct sp_err *e)
{
	if (sp_jsonw_flush(x->fw, e) < 0)
		return -1;
	*len = sp_spill_spool_size(x->fspool) - start;
	return 0;
}

static int
rank_key(struct sp_json_emit *j, uint32_t rank, struct sp_err *e)
{
	char buf[16];
	int n = snprintf(buf, sizeof buf, "%u", rank);

	return sp_json_emit_key(j, buf, (size_t)n, e);
}

/* --- trailing keys: lane tables and side payloads --- */

/* The start of one rank's entry of trailing key t, at depth 1. */
static struct sp_json_emit *
entry_begin(struct jx *x, enum trail t, uint64_t *off, struct sp_err *e)
{
	struct sp_json_emit *j;

	*off = frag_begin(x, x->trail[t]);
	if ((j = sp_json_emit_new(x->fw, x->indent, 1, e)) == NULL)
		return NULL;
	if (sp_json_emit_resume(j, t == T_SIDES ? '[' : '{', x->ntrail[t] == 0,
	    e) < 0) {
		sp_json_emit_free(j);
		return NULL;
	}
	return j;
}

/* Its end: the fragment complete, and counted. */
static int
entry_end(struct jx *x, enum trail t, uint64_t off, struct sp_err *e)
{
	uint64_t len;

	if (frag_end(x, off, &len, e) < 0)
		return -1;
	x->ntrail[t]++;
	return 0;
}

/*
 * One rank's entry of a trailing key: in sp_side_payloads the item as
 * it is, else "<rank>": the document's value for its image.
 */
static int
trail_entry(struct jx *x, enum trail t, const struct sp_side *s,
    struct sp_err *e)
{
	const struct sp_sidejson_kind *k = sp_sidejson_kind(s->kind);
	struct sp_json_emit *j;
	uint64_t off;
	size_t used, need, nrec = 0;
	int rc = -1;

	if ((j = entry_begin(x, t, &off, e)) == NULL)
		return -1;
	if (t == T_SIDES) {
		if (sp_sidejson_put_payload(j, s->has_rank, s->rank, s->kind,
		    s->data, s->len, e) < 0)
			goto out;
	} else if (k == NULL || sp_cbor_parse(x->cd, s->data, s->len, s->len,
	    &used, &need, e) != 1) {
		/* a decoder out of memory has said so in e */
		if (k == NULL || e == NULL || e->status != SP_ENOMEM)
			sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u: the "
			    "%s payload is not one CBOR item", in_name(x),
			    s->rank, s->kind);
		goto out;
	} else if (rank_key(j, s->rank, e) < 0 ||
	    sp_sidejson_put(j, k, x->cd, 0, &nrec, e) < 0) {
		goto out;
	}
	/* line_profile is left out when no rank has a record */
	if (t == T_LINES && nrec > 0)
		x->lines_any = 1;
	rc = entry_end(x, t, off, e);
out:
	sp_json_emit_free(j);
	return rc;
}

static int
put_threads(struct sp_json_emit *j, const struct sp_rank_info *ri,
    struct sp_err *e)
{
	size_t i;

	for (i = 0; i < ri->nthreads; i++) {
		const struct sp_thread_info *t = &ri->threads[i];

		if (sp_json_emit_elem(j, e) < 0 ||
		    sp_json_emit_open(j, '{', e) < 0 ||
		    sp_json_emit_lkey(j, "index", e) < 0 ||
		    sp_json_emit_i64(j, t->index, e) < 0 ||
		    sp_json_emit_lkey(j, "name", e) < 0 ||
		    sp_json_emit_str(j, t->name, strlen(t->name), e) < 0 ||
		    sp_json_emit_lkey(j, "ident", e) < 0 ||
		    sp_json_emit_i64(j, t->ident, e) < 0 ||
		    sp_json_emit_lkey(j, "native_id", e) < 0 ||
		    sp_json_emit_i64(j, t->native_id, e) < 0 ||
		    sp_json_emit_lkey(j, "daemon", e) < 0 ||
		    sp_json_emit_bool(j, t->daemon, e) < 0 ||
		    sp_json_emit_lkey(j, "start_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->start_ns, e) < 0 ||
		    sp_json_emit_lkey(j, "end_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->end_ns, e) < 0 ||
		    sp_json_emit_lkey(j, "cpu_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->cpu_ns, e) < 0 ||
		    sp_json_emit_close(j, e) < 0)
			return -1;
	}
	return 0;
}

static int
put_tasks(struct sp_json_emit *j, const struct sp_rank_info *ri,
    struct sp_err *e)
{
	size_t i;

	for (i = 0; i < ri->ntasks; i++) {
		const struct sp_task_info *t = &ri->tasks[i];

		if (sp_json_emit_elem(j, e) < 0 ||
		    sp_json_emit_open(j, '{', e) < 0 ||
		    sp_json_emit_lkey(j, "index", e) < 0 ||
		    sp_json_emit_i64(j, t->index, e) < 0 ||
		    sp_json_emit_lkey(j, "kind", e) < 0 ||
		    sp_json_emit_str(j, t->kind, strlen(t->kind), e) < 0 ||
		    sp_json_emit_lkey(j, "name", e) < 0 ||
		    sp_json_emit_str(j, t->name, strlen(t->name), e) < 0 ||
		    sp_json_emit_lkey(j, "coro_name", e) < 0 ||
		    sp_json_emit_str(j, t->coro_name, strlen(t->coro_name),
		    e) < 0 ||
		    sp_json_emit_lkey(j, "thread_index", e) < 0 ||
		    sp_json_emit_i64(j, t->thread_index, e) < 0 ||
		    sp_json_emit_lkey(j, "created_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->created_ns, e) < 0 ||
		    sp_json_emit_lkey(j, "done_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->done_ns, e) < 0 ||
		    sp_json_emit_lkey(j, "steps", e) < 0 ||
		    sp_json_emit_i64(j, t->steps, e) < 0 ||
		    sp_json_emit_lkey(j, "running_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->running_ns, e) < 0 ||
		    sp_json_emit_lkey(j, "suspended_ns", e) < 0 ||
		    sp_json_emit_i64(j, t->suspended_ns, e) < 0 ||
		    sp_json_emit_close(j, e) < 0)
			return -1;
	}
	return 0;
}

/* A rank's lane table: "<rank>": [entries], in trailing key t. */
static int
lane_entry(struct jx *x, enum trail t, const struct sp_rank_info *ri,
    int (*put)(struct sp_json_emit *, const struct sp_rank_info *,
    struct sp_err *), struct sp_err *e)
{
	struct sp_json_emit *j;
	uint64_t off;
	int rc = -1;

	if ((j = entry_begin(x, t, &off, e)) == NULL)
		return -1;
	if (rank_key(j, ri->rank, e) == 0 &&
	    sp_json_emit_open(j, '[', e) == 0 &&
	    put(j, ri, e) == 0 && sp_json_emit_close(j, e) == 0)
		rc = entry_end(x, t, off, e);
	sp_json_emit_free(j);
	return rc;
}

static int
render_tables(struct jx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	if (ri->nthreads > 0 && lane_entry(x, T_THREADS, ri, put_threads,
	    e) < 0)
		return -1;
	if (ri->ntasks > 0 && lane_entry(x, T_TASKS, ri, put_tasks, e) < 0)
		return -1;
	return 0;
}

/* --- rows --- */

/* The row of ri, counted in once its text is rendered. */
static struct jrow *
new_row(struct jx *x, const struct sp_row_info *ri, struct sp_err *e)
{
	struct jrow *r;
	unsigned k;

	if (x->nrows == x->caprows) {
		size_t cap = x->caprows ? x->caprows * 2 : 64;
		struct jrow *v = realloc(x->rows, cap * sizeof *v);

		if (v == NULL) {
			oom(e);
			return NULL;
		}
		x->rows = v;
		x->caprows = cap;
	}
	if (ri->region >= x->nregions) {
		sp_fail(e, SP_EDATA, "%s: bad sp stream: a row of region id %u "
		    "of %zu", in_name(x), ri->region, x->nregions);
		return NULL;
	}
	r = &x->rows[x->nrows];
	memset(r, 0, sizeof *r);
	r->rank = x->rank;
	r->region = ri->region;
	r->calls = ri->has_aggregate ? 0 : ri->calls;
	r->xmask = ri->xmask & ((1u << SP_X_COUNT) - 1);
	r->aggregate = ri->has_aggregate != 0;
	r->ncols = 2;
	for (k = 0; k < SP_X_COUNT; k++)
		r->ncols += (r->xmask >> k) & 1;
	x->row_cols |= r->aggregate ? 0 : r->xmask;
	x->used_region[ri->region] = 1;
	return r;
}

/* A fragment of row text at depth 2: the row's opening, or inside it. */
static struct sp_json_emit *
row_text(struct jx *x, int opening, uint64_t *off, struct sp_err *e)
{
	struct sp_json_emit *j;

	*off = frag_begin(x, x->rowtext);
	if ((j = sp_json_emit_new(x->fw, x->indent, 2, e)) == NULL)
		return NULL;
	if ((opening ? sp_json_emit_open(j, '{', e) :
	    sp_json_emit_resume(j, '{', 0, e)) < 0) {
		sp_json_emit_free(j);
		return NULL;
	}
	return j;
}

/* "name", "rank", the source when known, the tags when any. */
static int
put_head(struct jx *x, struct sp_json_emit *j, const struct sp_row_info *ri,
    struct sp_err *e)
{
	size_t t;

	if (sp_json_emit_lkey(j, "name", e) < 0 ||
	    sp_json_emit_str(j, x->names[ri->region], x->lens[ri->region],
	    e) < 0 ||
	    sp_json_emit_lkey(j, "rank", e) < 0 ||
	    sp_json_emit_u64(j, x->rank, e) < 0)
		return -1;
	if (ri->source_file != NULL &&
	    (sp_json_emit_lkey(j, "source_file", e) < 0 ||
	    sp_json_emit_str(j, ri->source_file, strlen(ri->source_file),
	    e) < 0))
		return -1;
	if (ri->has_lineno && (sp_json_emit_lkey(j, "source_lineno", e) < 0 ||
	    sp_json_emit_i64(j, ri->source_lineno, e) < 0))
		return -1;
	if (ri->source_text != NULL &&
	    (sp_json_emit_lkey(j, "source_text", e) < 0 ||
	    sp_json_emit_str(j, ri->source_text, strlen(ri->source_text),
	    e) < 0))
		return -1;
	if (ri->ntags == 0)
		return 0;
	if (sp_json_emit_lkey(j, "tags", e) < 0 ||
	    sp_json_emit_open(j, '[', e) < 0)
		return -1;
	for (t = 0; t < ri->ntags; t++)
		if (sp_json_emit_elem(j, e) < 0 ||
		    sp_json_emit_str(j, ri->tags[t], strlen(ri->tags[t]),
		    e) < 0)
			return -1;
	return sp_json_emit_close(j, e);
}

/* An aggregate row's totals, in place of its calls. */
static int
put_aggregate(struct jx *x, struct sp_json_emit *j,
    const struct sp_row_info *ri,
    struct sp_err *e)
{
	if (sp_json_emit_lkey(j, "aggregate", e) < 0 ||
	    sp_json_emit_open(j, '{', e) < 0 ||
	    sp_json_emit_lkey(j, "count", e) < 0 ||
	    sp_json_emit_i64(j, ri->agg_count, e) < 0 ||
	    sp_json_emit_lkey(j, "total", e) < 0 ||
	    sp_json_emit_i64(j, ri->agg_total, e) < 0 ||
	    sp_json_emit_lkey(j, "minimum", e) < 0 ||
	    sp_json_emit_i64(j, ri->agg_minimum, e) < 0 ||
	    sp_json_emit_lkey(j, "maximum", e) < 0 ||
	    sp_json_emit_i64(j, ri->agg_maximum, e) < 0 ||
	    sp_json_emit_lkey(j, "exclusive", e) < 0 ||
	    sp_json_emit_i64(j, ri->agg_exclusive, e) < 0 ||
	    sp_json_emit_close(j, e) < 0)
		return -1;
	if (!x->event_data && (sp_json_emit_lkey(j, "event_data_available",
	    e) < 0 || sp_json_emit_bool(j, 0, e) < 0))
		return -1;
	return 0;
}

/*
 * "event_metadata", which follows end_times_ns, when some call has any
 * (*any: sp_json_text_any_true's answer, for put_event_text).
 */
static int
put_events(struct jx *x, struct jrow *r, const struct sp_row_info *ri,
    int *any, struct sp_err *e)
{
	struct sp_json_emit *j;
	uint64_t off;
	int rc = -1;

	*any = 0;
	if (ri->event_metadata == NULL || (*any = sp_json_text_any_true(
	    ri->event_metadata, ri->event_metadata_len)) <= 0)
		return 0;
	if ((j = row_text(x, 0, &off, e)) == NULL)
		return -1;
	if (sp_json_emit_lkey(j, "event_metadata", e) == 0 &&
	    sp_json_text_emit(j, ri->event_metadata, ri->event_metadata_len,
	    e) == 0 && frag_end(x, off, &r->ev_len, e) == 0) {
		r->ev = off;
		rc = 0;
	}
	sp_json_emit_free(j);
	return rc;
}

/* The extension "summary_statistics" (sp-json(1)). */
static int
put_summary(struct sp_json_emit *j, const struct sp_summary *s,
    struct sp_err *e)
{
	return sp_json_emit_lkey(j, "summary_statistics", e) < 0 ||
	    sp_json_emit_open(j, '{', e) < 0 ||
	    sp_json_emit_lkey(j, "total", e) < 0 ||
	    sp_json_emit_i64(j, s->total, e) < 0 ||
	    sp_json_emit_lkey(j, "minimum", e) < 0 ||
	    sp_json_emit_i64(j, s->minimum, e) < 0 ||
	    sp_json_emit_lkey(j, "maximum", e) < 0 ||
	    sp_json_emit_i64(j, s->maximum, e) < 0 ||
	    sp_json_emit_lkey(j, "first", e) < 0 ||
	    sp_json_emit_i64(j, s->first, e) < 0 ||
	    sp_json_emit_lkey(j, "last", e) < 0 ||
	    sp_json_emit_i64(j, s->last, e) < 0 ||
	    sp_json_emit_lkey(j, "start_minimum", e) < 0 ||
	    sp_json_emit_i64(j, s->start_minimum, e) < 0 ||
	    sp_json_emit_lkey(j, "end_maximum", e) < 0 ||
	    sp_json_emit_i64(j, s->end_maximum, e) < 0 ||
	    sp_json_emit_lkey(j, "gpu_count", e) < 0 ||
	    sp_json_emit_u64(j, s->gpu_count, e) < 0 ||
	    sp_json_emit_lkey(j, "gpu_total", e) < 0 ||
	    sp_json_emit_i64(j, s->gpu_total, e) < 0 ||
	    sp_json_emit_lkey(j, "mean", e) < 0 ||
	    sp_json_emit_f64(j, s->mean, e) < 0 ||
	    sp_json_emit_lkey(j, "m2", e) < 0 ||
	    sp_json_emit_f64(j, s->m2, e) < 0 ||
	    sp_json_emit_close(j, e) < 0 ? -1 : 0;
}

/*
 * The extension "event_metadata_json": the text as the profile had it,
 * when "event_metadata" does not give it back (v1 drops a list of empty
 * objects, and json.dumps respells the text).
 */
static int
put_event_text(struct jx *x, struct sp_json_emit *j,
    const struct sp_row_info *ri,
    int any, struct sp_err *e)
{
	int same = 0;

	if (any > 0) {
		if (sp_json_respell(ri->event_metadata, ri->event_metadata_len,
		    SP_JSON_EMIT_NULL, &x->canon, &x->canon_len, &x->canon_cap,
		    e) < 0)
			return -1;
		same = x->canon_len == ri->event_metadata_len &&
		    memcmp(x->canon, ri->event_metadata, x->canon_len) == 0;
	}
	if (same)
		return 0;
	if (sp_json_emit_lkey(j, "event_metadata_json", e) < 0)
		return -1;
	return sp_json_emit_str(j, ri->event_metadata, ri->event_metadata_len,
	    e);
}

/* The row's last keys: its exclusive total, then the extensions. */
static int
put_tail(struct jx *x, struct sp_json_emit *j, const struct jrow *r,
    const struct sp_row_info *ri, int any, struct sp_err *e)
{
	if (ri->has_exclusive && !r->aggregate &&
	    (sp_json_emit_lkey(j, "exclusive_total_ns", e) < 0 ||
	    sp_json_emit_i64(j, ri->exclusive_ns, e) < 0))
		return -1;
	if (ri->has_summary && put_summary(j, &ri->summary, e) < 0)
		return -1;
	if (ri->event_metadata != NULL && !r->aggregate)
		return put_event_text(x, j, ri, any, e);
	return 0;
}

/*
 * A row of the rank, rendered but for its columns: an aggregate row
 * whole as its head; any other as its head (up to the start times), its
 * event metadata and its tail (after the x columns).
 */
static int
add_row(struct jx *x, const struct sp_row_info *ri, struct sp_err *e)
{
	struct jrow *r;
	struct sp_json_emit *j = NULL;
	uint64_t off;
	int any = 0, rc = -1;

	if ((r = new_row(x, ri, e)) == NULL)
		return -1;
	if ((j = row_text(x, 1, &off, e)) == NULL || put_head(x, j, ri, e) < 0)
		goto out;
	r->head = off;
	if (r->aggregate) {
		if (put_aggregate(x, j, ri, e) < 0 ||
		    put_tail(x, j, r, ri, 0, e) < 0 ||
		    sp_json_emit_close(j, e) < 0 ||
		    frag_end(x, off, &r->head_len, e) < 0)
			goto out;
	} else {
		if (frag_end(x, off, &r->head_len, e) < 0)
			goto out;
		sp_json_emit_free(j);
		j = NULL;
		if (put_events(x, r, ri, &any, e) < 0 ||
		    (j = row_text(x, 0, &off, e)) == NULL ||
		    put_tail(x, j, r, ri, any, e) < 0 ||
		    frag_end(x, off, &r->tail_len, e) < 0)
			goto out;
		r->tail = off;
	}
	x->nrows++;
	rc = 0;
out:
	sp_json_emit_free(j);
	return rc;
}

/* --- stores and batches --- */

static int
keep_store(struct jx *x, struct sp_spill_store *s, struct sp_err *e)
{
	if (x->nstores == x->capstores) {
		size_t cap = x->capstores ? x->capstores * 2 : 16;
		struct sp_spill_store **v = realloc(x->stores, cap * sizeof *v);

		if (v == NULL) {
			sp_spill_store_free(s);
			return oom(e);
		}
		x->stores = v;
		x->capstores = cap;
	}
	x->stores[x->nstores++] = s;
	return 0;
}

static const char *
region_name(const struct jx *x, uint32_t region)
{
	return region < x->nregions ? x->names[region] : "?";
}

/* The rank's calls are all in: check the counts, and make them readable. */
static int
finish_rank(struct jx *x, struct sp_err *e)
{
	size_t i;

	if (!x->have_rank)
		return 0;
	x->have_rank = 0;
	if (x->live)
		return 0;
	for (i = x->rank_row0; i < x->nrows; i++) {
		const struct jrow *r = &x->rows[i];

		if (r->got != r->calls)
			return sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u "
			    "region '%s' brought %" PRIu64 " calls, its row "
			    "declares %" PRIu64, in_name(x), r->rank,
			    region_name(x, r->region), r->got, r->calls);
	}
	if (x->nrows > x->rank_row0 && x->rows[x->rank_row0].store != NULL)
		return sp_spill_store_seal(x->rows[x->rank_row0].store, e);
	return 0;
}

static int
cmp_pair(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The rows in the document's order: by region, then rank (arrival). */
static int
sort_rows(struct jx *x, struct sp_err *e)
{
	size_t i, *key;

	free(x->out_order);
	x->nout = x->out_next = 0;
	if ((x->out_order = malloc((x->nrows + 1) * sizeof *x->out_order)) ==
	    NULL || (key = malloc((x->nrows + 1) * 2 * sizeof *key)) == NULL)
		return oom(e);
	for (i = 0; i < x->nrows; i++) {
		key[2 * i] = x->rows[i].region;
		key[2 * i + 1] = i;
	}
	if (x->nrows > 1)
		qsort(key, x->nrows, 2 * sizeof *key, cmp_pair);
	for (i = 0; i < x->nrows; i++)
		x->out_order[i] = key[2 * i + 1];
	x->nout = x->nrows;
	free(key);
	return 0;
}

/* One column of a row: "key": [values], from its store. */
static int
write_column(struct jx *x, struct sp_json_emit *j, const struct jrow *r,
    unsigned col, const char *key, struct sp_err *e)
{
	uint64_t first = r->slot + (uint64_t)(col - r->live) * r->calls;
	uint64_t done = 0;
	const int64_t *mem;

	if (sp_json_emit_lkey(j, key, e) < 0 ||
	    sp_json_emit_open(j, '[', e) < 0)
		return -1;
	if (r->calls > 0 && (mem = sp_spill_store_ptr(r->store)) != NULL) {
		if (sp_json_emit_i64s(j, mem + first, (size_t)r->calls, e) < 0)
			return -1;
	} else {
		while (done < r->calls) {
			size_t n = r->calls - done < READ_CHUNK ?
			    (size_t)(r->calls - done) : READ_CHUNK;

			if (sp_spill_store_read(r->store, first + done, n,
			    x->readbuf, e) < 0 ||
			    sp_json_emit_i64s(j, x->readbuf, n, e) < 0)
				return -1;
			done += n;
		}
	}
	return sp_json_emit_close(j, e);
}

/* A row's head, up to its start times (which a live row writes itself). */
static int
row_begin(struct jx *x, struct jrow *r, struct sp_err *e)
{
	struct sp_json_emit *j = x->rows_out;

	if (sp_json_emit_elem(j, e) < 0 ||
	    sp_spill_spool_copy(x->rowtext, r->head, r->head_len, jsonw_put,
	    x->w, e) < 0)
		return -1;
	if (r->aggregate)
		return 0;
	if (sp_json_emit_resume(j, '{', 0, e) < 0)
		return -1;
	if (r->live)
		return sp_json_emit_lkey(j, "start_times_ns", e) < 0 ||
		    sp_json_emit_open(j, '[', e) < 0 ? -1 : 0;
	return write_column(x, j, r, 0, "start_times_ns", e);
}

/* The rest of a row, after its start times. */
static int
row_end(struct jx *x, struct jrow *r, struct sp_err *e)
{
	struct sp_json_emit *j = x->rows_out;
	unsigned k, col = 2;

	r->done = 1;
	if (r->aggregate)
		return 0;
	if ((r->live && sp_json_emit_close(j, e) < 0) ||
	    write_column(x, j, r, 1, "end_times_ns", e) < 0 ||
	    sp_spill_spool_copy(x->rowtext, r->ev, r->ev_len, jsonw_put, x->w,
	    e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++)
		if ((r->xmask >> k) & 1 &&
		    write_column(x, j, r, col++, xcol_keys[k], e) < 0)
			return -1;
	if (sp_spill_spool_copy(x->rowtext, r->tail, r->tail_len, jsonw_put,
	    x->w, e) < 0)
		return -1;
	return sp_json_emit_close(j, e);
}

/* Write the rows whose turn has come: up to the first incomplete one. */
static int
advance(struct jx *x, struct sp_err *e)
{
	while (x->out_next < x->nout) {
		struct jrow *r = &x->rows[x->out_order[x->out_next]];

		if (r->live && r->got < r->calls)
			break;	/* its first call starts it, its last ends it */
		if (!r->started && row_begin(x, r, e) < 0)
			return -1;
		if (row_end(x, r, e) < 0)
			return -1;
		if (r->live) {
			r->store = NULL;
			x->st->live_rows++;
		}
		x->out_next++;
	}
	return 0;
}

/*
 * A rank whose rows the profile lists out of region order: the document
 * loses that order, "sp_row_order" keeps it.
 */
static int
row_order(struct jx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct sp_json_emit *j;
	uint64_t off, len;
	size_t i;
	int rc = -1;

	for (i = 1; i < ri->nrows; i++)
		if (ri->rows[i].region < ri->rows[i - 1].region)
			break;
	if (i >= ri->nrows)
		return 0;
	off = frag_begin(x, x->trail[T_ROWORDER]);
	if ((j = sp_json_emit_new(x->fw, x->indent, 1, e)) == NULL)
		return -1;
	if (sp_json_emit_resume(j, '{', x->ntrail[T_ROWORDER] == 0, e) < 0 ||
	    rank_key(j, ri->rank, e) < 0 || sp_json_emit_open(j, '[', e) < 0)
		goto out;
	for (i = 0; i < ri->nrows; i++)
		if (sp_json_emit_elem(j, e) < 0 ||
		    sp_json_emit_u64(j, ri->rows[i].region, e) < 0)
			goto out;
	if (sp_json_emit_close(j, e) < 0 || frag_end(x, off, &len, e) < 0)
		goto out;
	x->ntrail[T_ROWORDER]++;
	rc = 0;
out:
	sp_json_emit_free(j);
	return rc;
}

static int
begin_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct jx *x = ctx;
	uint64_t slots = 0;
	size_t i;

	if (finish_rank(x, e) < 0)
		return -1;
	if (x->live)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u after "
		    "rank %u, the last of its file-order list", in_name(x),
		    ri->rank, x->rank);
	x->rank = ri->rank;
	x->have_rank = 1;
	x->rank_row0 = x->nrows;
	for (i = 0; i < x->nregions; i++)
		x->byregion[i] = NONE;
	for (i = 0; i < ri->nrows; i++) {
		uint32_t g = ri->rows[i].region;

		if (g < x->nregions && x->byregion[g] != NONE)
			return sp_fail(e, SP_EDATA, "%s: bad sp stream: rank "
			    "%u has two rows of region '%s'", in_name(x),
			    ri->rank, region_name(x, g));
		if (add_row(x, &ri->rows[i], e) < 0)
			return -1;
		x->byregion[g] = (uint32_t)(x->nrows - 1);
	}
	if (render_tables(x, ri, e) < 0 || row_order(x, ri, e) < 0)
		return -1;
	x->live = x->order == SP_ORDER_FILE && x->nfranks > 0 &&
	    ri->rank == x->franks[x->nfranks - 1];
	if (x->live) {
		/* every rank is in: the rows' order is known from here on */
		for (i = x->rank_row0; i < x->nrows; i++)
			x->rows[i].live = 1;
		x->live_cur = NONE;
		if (sort_rows(x, e) < 0)
			return -1;
		return advance(x, e);
	}
	for (i = x->rank_row0; i < x->nrows; i++) {
		x->rows[i].slot = slots;
		slots += x->rows[i].calls * x->rows[i].ncols;
	}
	if (slots > 0) {
		struct sp_spill_store *s = sp_spill_store_new(x->tmp,
		    &x->budget, slots, x->window,
		    (x->nrows - x->rank_row0) * NCOL, e);

		if (s == NULL || keep_store(x, s, e) < 0)
			return -1;
		for (i = x->rank_row0; i < x->nrows; i++)
			x->rows[i].store = s;
	}
	return 0;
}

static int
bad_call(struct jx *x, const struct sp_batch *b, size_t i, const char *why,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u region '%s' "
	    "call %" PRId64 ": %s", in_name(x), b->rank,
	    region_name(x, b->region[i]), b->call[i], why);
}

/*
 * Calls [i, i + n) of batch b, all of row r with consecutive call indices,
 * into r's store from slot first on: each column of a run is contiguous.
 */
static int
put_run(struct jx *x, const struct sp_batch *b, size_t i, size_t n,
    struct jrow *r, uint64_t first, struct sp_err *e)
{
	int64_t *m = sp_spill_store_ptr(r->store);
	const int64_t *col[NCOL];
	size_t stream = r->live ? 0 :
	    (size_t)((size_t)(r - x->rows) - x->rank_row0) * NCOL;
	unsigned k, nc = 2, c;
	size_t j;

	col[0] = b->start;
	col[1] = b->end;
	for (k = 0; k < SP_X_COUNT; k++)
		if ((r->xmask >> k) & 1)
			col[nc++] = b->x[k];
	for (c = 0; c < nc; c++) {
		uint64_t at = first + (uint64_t)(c - r->live) * r->calls;

		if (c == 0 && r->live) {
			/* straight to the document */
			if (sp_json_emit_i64s(x->rows_out, b->start + i, n,
			    e) < 0)
				return -1;
			continue;
		}

		if (m != NULL) {
			/* time order brings runs of one call: no memcpy call */
			if (n < 16)
				for (j = 0; j < n; j++)
					m[at + j] = col[c][i + j];
			else
				memcpy(m + at, col[c] + i, n * 8);
			continue;
		}
		for (j = 0; j < n; j++)
			if (sp_spill_store_put(r->store, stream + c, at + j,
			    col[c][i + j], e) < 0)
				return -1;
	}
	return 0;
}

/* Calls of the live rank: their row must be the one being filled. */
static int
live_run(struct jx *x, const struct sp_batch *b, size_t i, size_t n,
    struct jrow *r, struct sp_err *e)
{
	size_t ri = (size_t)(r - x->rows);
	uint64_t c = (uint64_t)b->call[i];

	if (x->live_cur != ri) {
		if (x->live_cur != NONE || r->got != 0 || x->out_next >=
		    x->nout || x->out_order[x->out_next] != ri)
			return bad_call(x, b, i, "not in file order", e);
		x->live_cur = ri;
		/*
		 * One store for every live row in turn, while it fits: all
		 * columns but the start times, which go out as they come.
		 */
		if (x->live_store == NULL || sp_spill_store_reuse(x->live_store,
		    r->calls * (r->ncols - 1)) < 0) {
			sp_spill_store_free(x->live_store);
			if ((x->live_store = sp_spill_store_new(x->tmp,
			    &x->budget, r->calls * (r->ncols - 1), x->window,
			    NCOL, e)) == NULL)
				return -1;
		}
		r->store = x->live_store;
		r->started = 1;
		if (row_begin(x, r, e) < 0)
			return -1;
	}
	if (c != r->got)
		return bad_call(x, b, i, "not in file order", e);
	if (put_run(x, b, i, n, r, c, e) < 0)
		return -1;
	r->got += n;
	if (r->got < r->calls)
		return 0;
	x->live_cur = NONE;
	if (sp_spill_store_seal(r->store, e) < 0)
		return -1;
	return advance(x, e);
}

static int
batch(void *ctx, const struct sp_batch *b, struct sp_err *e)
{
	struct jx *x = ctx;
	unsigned k, have = 0;
	size_t i, j;

	if (!x->have_run || !x->have_rank)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a batch outside "
		    "a rank", in_name(x));
	for (k = 0; k < SP_X_COUNT; k++)
		if (b->x[k] != NULL)
			have |= 1u << k;
	x->batch_cols |= have;
	x->st->calls += b->n;
	for (i = 0; i < b->n; i = j) {
		uint32_t g = b->region[i];
		struct jrow *r;
		uint64_t c;

		if (g >= x->nregions || x->byregion[g] == NONE)
			return bad_call(x, b, i, "its region has no row on the "
			    "rank", e);
		r = &x->rows[x->byregion[g]];
		if (r->xmask & ~have)
			return bad_call(x, b, i, "the batch lacks a column its "
			    "row has", e);
		/* a run of the row's calls that follow each other */
		for (j = i + 1; j < b->n && b->region[j] == g &&
		    b->call[j] == b->call[j - 1] + 1; j++)
			continue;
		if (b->call[i] < 0 || (uint64_t)b->call[j - 1] >= r->calls)
			return bad_call(x, b, b->call[i] < 0 ? i : j - 1,
			    "beyond the calls its row declares", e);
		if (r->live) {
			if (live_run(x, b, i, j - i, r, e) < 0)
				return -1;
			continue;
		}
		c = (uint64_t)b->call[i];
		r->got += j - i;
		if (put_run(x, b, i, j - i, r, r->slot + c, e) < 0)
			return -1;
	}
	return 0;
}

static int
side(struct jx *x, const struct sp_side *s, struct sp_err *e)
{
	if (!x->have_run)
		return 0;
	if (!s->has_rank && strcmp(s->kind, SP_SECTION_RANKS_KIND) == 0) {
		free(x->franks);
		x->franks = NULL;
		x->nfranks = 0;
		if (x->order != SP_ORDER_FILE)
			return 0;
		if (sp_section_read_ranks(s, &x->franks, &x->nfranks, e) < 0) {
			char msg[SP_ERR_MSG_MAX];

			if (e != NULL && e->status == SP_ENOMEM)
				return -1;
			snprintf(msg, sizeof msg, "%s", e != NULL ? e->msg : "");
			return sp_fail(e, SP_EDATA, "%s: bad sp stream: %s",
			    in_name(x), msg);
		}
		return 0;
	}
	if (s->has_rank) {
		if (strcmp(s->kind, SP_SIDEJSON_LIKWID) == 0 &&
		    trail_entry(x, T_LIKWID, s, e) < 0)
			return -1;
		if (strcmp(s->kind, SP_SIDEJSON_LINES) == 0 &&
		    trail_entry(x, T_LINES, s, e) < 0)
			return -1;
		if (strcmp(s->kind, SP_SIDEJSON_PERF) == 0 &&
		    trail_entry(x, T_PERF, s, e) < 0)
			return -1;
	}
	return trail_entry(x, T_SIDES, s, e);
}

/* --- runs and documents --- */

static void
run_free(struct jx *x)
{
	size_t i;

	sp_json_emit_free(x->rows_out);
	sp_json_emit_free(x->top);
	sp_jsonw_free(x->w);
	sp_gzout_free(x->f);
	x->rows_out = x->top = NULL;
	x->w = NULL;
	x->f = NULL;
	sp_spill_store_free(x->live_store);
	x->live_store = NULL;
	for (i = 0; i < x->nstores; i++)
		sp_spill_store_free(x->stores[i]);
	x->nstores = 0;
	for (i = 0; i < x->nregions; i++)
		free(x->names[i]);
	free(x->names);
	free(x->lens);
	free(x->used_region);
	free(x->byregion);
	x->names = NULL;
	x->lens = NULL;
	x->used_region = NULL;
	x->byregion = NULL;
	x->nregions = 0;
	x->nrows = 0;
	free(x->out_order);
	x->out_order = NULL;
	x->nout = x->out_next = 0;
	free(x->franks);
	x->franks = NULL;
	x->nfranks = 0;
	sp_spill_spool_free(x->rowtext);
	x->rowtext = NULL;
	for (i = 0; i < T_COUNT; i++) {
		sp_spill_spool_free(x->trail[i]);
		x->trail[i] = NULL;
		x->ntrail[i] = 0;
	}
	x->have_run = x->have_rank = x->live = 0;
	x->lines_any = 0;
	x->batch_cols = x->row_cols = 0;
}

/*
 * The run's metadata (the CBOR map at node 0 of d).  A float that is not
 * finite came, in a run read from a JSON profile, from the document's
 * NaN, Infinity or -Infinity (its null stays null): it is written back
 * so.  From HDF5 it is written as null, as json_export writes it.
 */
static int
put_metadata(struct sp_json_emit *t, const struct sp_run_info *ri,
    const struct sp_cbor *d, struct sp_err *e)
{
	int rc;

	if (ri->source_format != NULL &&
	    strcmp(ri->source_format, "json") == 0)
		sp_json_emit_set_nonfinite(t, SP_JSON_EMIT_WORDS);
	rc = sp_json_emit_cbor(t, d, 0, e);
	sp_json_emit_set_nonfinite(t, SP_JSON_EMIT_NULL);
	return rc;
}

/* The run's document: its file, and the text's way there. */
static int
open_document(struct jx *x, struct sp_err *e)
{
	const char *path;

	if ((x->out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	path = sp_export_out_path(x->out);
	if ((x->f = sp_gzout_new(sp_gzout_is_gz(path), x->o->level,
	    sp_export_write, x->out, path, e)) == NULL ||
	    (x->w = sp_jsonw_new(sp_gzout_write, x->f, e)) == NULL ||
	    (x->top = sp_json_emit_new(x->w, x->indent, 0, e)) == NULL ||
	    (x->rows_out = sp_json_emit_new(x->w, x->indent, 1, e)) == NULL)
		return -1;
	return 0;
}

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct jx *x = ctx;
	struct sp_json_emit *t;
	size_t used, need, k;
	uint64_t share = x->budget.limit / 16;

	(void)label;
	x->have_run = 1;
	x->event_data = ri->event_data;
	free(x->layout);
	if ((x->layout = strdup(ri->layout)) == NULL)
		return oom(e);
	x->schema = ri->schema;
	if ((x->rowtext = sp_spill_spool_new(x->tmp, &x->budget, share * 4,
	    e)) == NULL)
		return -1;
	for (k = 0; k < T_COUNT; k++)
		if ((x->trail[k] = sp_spill_spool_new(x->tmp, &x->budget, share,
		    e)) == NULL)
			return -1;
	if (open_document(x, e) < 0)
		return -1;
	t = x->top;
	if (sp_json_emit_open(t, '{', e) < 0 ||
	    sp_json_emit_lkey(t, "format", e) < 0 ||
	    sp_json_emit_raw(t, "\"scope-profiler-profile\"", 24, e) < 0 ||
	    sp_json_emit_lkey(t, "format_version", e) < 0 ||
	    sp_json_emit_raw(t, "1", 1, e) < 0 ||
	    sp_json_emit_lkey(t, "exporter", e) < 0 ||
	    sp_json_emit_str(t, x->exporter, strlen(x->exporter), e) < 0 ||
	    sp_json_emit_lkey(t, "time_unit", e) < 0 ||
	    sp_json_emit_raw(t, "\"nanoseconds\"", 13, e) < 0 ||
	    sp_json_emit_lkey(t, "num_ranks", e) < 0 ||
	    sp_json_emit_u64(t, ri->num_ranks, e) < 0 ||
	    sp_json_emit_lkey(t, "event_data_available", e) < 0 ||
	    sp_json_emit_bool(t, ri->event_data, e) < 0 ||
	    sp_json_emit_lkey(t, "metadata", e) < 0)
		return -1;
	if (ri->metadata_len == 0) {
		if (sp_json_emit_raw(t, "{}", 2, e) < 0)
			return -1;
	} else if (sp_cbor_parse(x->cd, ri->metadata, ri->metadata_len,
	    ri->metadata_len, &used, &need, e) != 1) {
		if (e != NULL && e->status == SP_ENOMEM)
			return -1;
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run metadata "
		    "is not one CBOR item", in_name(x));
	} else if (put_metadata(t, ri, x->cd, e) < 0) {
		return -1;
	}
	if (sp_json_emit_lkey(t, "regions", e) < 0 ||
	    sp_json_emit_raw(t, "[", 1, e) < 0)
		return -1;
	return sp_json_emit_resume(x->rows_out, '[', 1, e);
}

static int
regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct jx *x = ctx;
	size_t i;

	if (!x->have_run)
		return 0;
	if (x->names != NULL)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a second region "
		    "table", in_name(x));
	x->names = calloc(t->n + 1, sizeof *x->names);
	x->lens = calloc(t->n + 1, sizeof *x->lens);
	x->used_region = calloc(t->n + 1, 1);
	x->byregion = calloc(t->n + 1, sizeof *x->byregion);
	if (x->names == NULL || x->lens == NULL || x->used_region == NULL ||
	    x->byregion == NULL)
		return oom(e);
	for (i = 0; i < t->n; i++) {
		x->lens[i] = t->lens != NULL ? t->lens[i] : strlen(t->names[i]);
		if ((x->names[i] = malloc(x->lens[i] + 1)) == NULL)
			return oom(e);
		memcpy(x->names[i], t->names[i], x->lens[i]);
		x->names[i][x->lens[i]] = '\0';
		x->nregions = i + 1;
		x->byregion[i] = NONE;
	}
	x->nregions = t->n;
	return 0;
}

/* A trailing key gathered in a spool: "key": {entries} or [entries]. */
static int
put_trail(struct jx *x, enum trail t, struct sp_err *e)
{
	char open = t == T_SIDES ? '[' : '{';

	if (x->ntrail[t] == 0 || (t == T_LINES && !x->lines_any))
		return 0;
	if (sp_json_emit_lkey(x->top, trail_keys[t], e) < 0 ||
	    sp_json_emit_raw(x->top, open == '[' ? "[" : "{", 1, e) < 0 ||
	    sp_spill_spool_copy(x->trail[t], 0,
	    sp_spill_spool_size(x->trail[t]), jsonw_put, x->w, e) < 0 ||
	    sp_json_emit_resume(x->top, open, 0, e) < 0)
		return -1;
	return sp_json_emit_close(x->top, e);
}

static int
end_run(void *ctx, struct sp_err *e)
{
	struct jx *x = ctx;
	struct sp_json_emit *t = x->top;
	size_t i;
	unsigned k;
	int all = 1;

	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a run-end "
		    "outside a run", in_name(x));
	if (finish_rank(x, e) < 0)
		return -1;
	if (x->out_order == NULL && sort_rows(x, e) < 0)
		return -1;
	if (advance(x, e) < 0)
		return -1;
	if (x->out_next < x->nout) {
		const struct jrow *r = &x->rows[x->out_order[x->out_next]];

		return sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u region "
		    "'%s' brought %" PRIu64 " calls, its row declares %" PRIu64,
		    in_name(x), r->rank, region_name(x, r->region), r->got,
		    r->calls);
	}
	if (sp_json_emit_close(x->rows_out, e) < 0)
		return -1;
	/* the rows' closer was written by rows_out: top's "regions" is done */
	for (k = T_THREADS; k <= T_PERF; k++)
		if (put_trail(x, (enum trail)k, e) < 0)
			return -1;
	if (sp_json_emit_lkey(t, "storage_layout", e) < 0 ||
	    sp_json_emit_str(t, x->layout, strlen(x->layout), e) < 0 ||
	    sp_json_emit_lkey(t, "scope_profiler_schema", e) < 0 ||
	    sp_json_emit_i64(t, x->schema, e) < 0)
		return -1;
	for (i = 0; i < x->nregions; i++)
		all = all && x->used_region[i];
	if (!all) {
		/* names without a row: v1 would lose them */
		if (sp_json_emit_lkey(t, "sp_region_names", e) < 0 ||
		    sp_json_emit_open(t, '[', e) < 0)
			return -1;
		for (i = 0; i < x->nregions; i++)
			if (sp_json_emit_elem(t, e) < 0 ||
			    sp_json_emit_str(t, x->names[i], x->lens[i], e) < 0)
				return -1;
		if (sp_json_emit_close(t, e) < 0)
			return -1;
	}
	if (x->batch_cols != x->row_cols) {
		/* columns the batches carry that no row has */
		if (sp_json_emit_lkey(t, "sp_event_columns", e) < 0 ||
		    sp_json_emit_open(t, '[', e) < 0)
			return -1;
		for (k = 0; k < SP_X_COUNT; k++)
			if ((x->batch_cols >> k) & 1 &&
			    (sp_json_emit_elem(t, e) < 0 || sp_json_emit_str(t,
			    xcol_keys[k], strlen(xcol_keys[k]), e) < 0))
				return -1;
		if (sp_json_emit_close(t, e) < 0)
			return -1;
	}
	if (put_trail(x, T_ROWORDER, e) < 0 ||
	    put_trail(x, T_SIDES, e) < 0 || sp_json_emit_close(t, e) < 0 ||
	    sp_jsonw_flush(x->w, e) < 0 || sp_gzout_finish(x->f, e) < 0)
		return -1;
	x->st->text_bytes += sp_gzout_in_bytes(x->f);
	x->st->file_bytes += sp_gzout_out_bytes(x->f);
	run_free(x);
	if (sp_export_close(x->fe, x->out, e) < 0)
		return -1;
	x->out = NULL;
	return 0;
}

static int
header(void *ctx, const struct sp_header *h, enum sp_section_order order,
    struct sp_err *e)
{
	struct jx *x = ctx;

	(void)h;
	x->order = order;
	if (order == SP_ORDER_OTHER)
		return sp_fail(e, SP_EDATA, "%s: a stream in an order this "
		    "sp-json does not know: upgrade sp", in_name(x));
	return 0;
}

static int
side_item(void *ctx, const struct sp_side *s, struct sp_err *e)
{
	return side(ctx, s, e);
}

int
sp_json_export_run(struct sp_reader *r, const struct sp_json_export_opts *o,
    struct sp_json_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.header = header,
		.run = begin_run,
		.regions = regions,
		.rank = begin_rank,
		.batch = batch,
		.side = side_item,
		.run_end = end_run,
	};
	struct sp_json_export_stats dummy;
	struct jx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.r = r;
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	x.indent = o->indent < 0 ? -1 : o->indent;
	snprintf(x.exporter, sizeof x.exporter, "%s", o->exporter != NULL ?
	    o->exporter : "sp@" SP_VERSION);
	x.budget.limit = o->buffer > 0 ? o->buffer :
	    SP_JSON_EXPORT_BUFFER_DEFAULT;
	/* stores on file build a window at a time: a quarter of the budget */
	x.window = x.budget.limit / 4;
	x.live_cur = NONE;
	if ((x.cd = sp_cbor_new()) == NULL ||
	    (x.readbuf = malloc(READ_CHUNK * 8)) == NULL) {
		oom(e);
		goto out;
	}
	if ((x.tmp = sp_spill_file_new(o->tmpdir, e)) == NULL ||
	    (x.fw = sp_jsonw_new(fspool_write, &x, e)) == NULL ||
	    (x.fe = sp_export_new(r, &spec, o->output, e)) == NULL)
		goto out;
	sp_export_on_wrote(x.fe, &o->wrote);
	rc = sp_export_run(x.fe, &ops, &x, e);
	x.st->runs = sp_export_runs(x.fe);
	x.st->documents = sp_export_outputs(x.fe);
out:
	x.st->spilled = x.tmp != NULL ? sp_spill_file_size(x.tmp) : 0;
	run_free(&x);
	sp_export_free(x.fe);
	sp_jsonw_free(x.fw);
	sp_spill_file_free(x.tmp);
	sp_cbor_free(x.cd);
	free(x.readbuf);
	free(x.canon);
	free(x.layout);
	free(x.stores);
	free(x.rows);
	return rc;
}
