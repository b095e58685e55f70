/*
 * sp_json_export(): the JSON profile document of each run of a stream.
 * The layout is that of json.dumps of scope-profiler's build_json_document
 * (exports.md 4); see sp_json.h for the regrouping and the extensions.
 */
#include "sp_json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_export.h"
#include "sp_json_emit.h"
#include "sp_json_file.h"
#include "sp_spill.h"
#include "sp_jsonw.h"
#include "sp_section.h"

#define NAMING { SP_EXPORT_FIRST_DOT, ".json", "profile", 0 }

const struct sp_export_naming sp_json_naming = NAMING;

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
	"threads", "tasks", "likwid", "line_profile", "perf_events",
	"sp_row_order", "sp_side_payloads",
};

static const char *const xcol_keys[SP_X_COUNT] = {
	"gpu_durations_ns", "call_ids", "parent_ids", "thread_ids",
	"task_ids", "await_ns",
};

/* One (rank, region) row of the document. */
struct jrow {
	uint32_t rank, region;
	uint64_t calls, got;
	unsigned xmask;
	unsigned ncols;		/* values per call: start, end, x columns */
	struct sp_jstore *store;	/* where its calls go */
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
	const struct sp_json_opts *o;
	struct sp_json_stats *st;
	int indent;
	char exporter[64];
	struct sp_jbudget budget;
	uint64_t window;
	struct sp_jtmp *tmp;
	struct sp_cdoc *cd;

	/* where documents go: the run's, through the front end */
	struct sp_export *fe;
	struct sp_export_out *out;
	struct sp_jfile *f;	/* its text, compressed if .gz */

	/* the section */
	enum sp_stream_order order;

	/* the run */
	int have_run;
	int event_data;
	char *layout;
	int64_t schema;
	struct sp_jsonw *w;	/* the document's text */
	struct sp_jout *top;	/* its top-level object */
	struct sp_jout *rows_out;	/* its "regions" array */
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
	struct sp_jstore **stores;
	size_t nstores, capstores;
	unsigned batch_cols, row_cols;

	/* fragments, rendered as they come */
	struct sp_jsonw *fw;	/* writes to *fspool */
	struct sp_jspool *fspool;
	struct sp_jspool *rowtext;
	struct sp_jspool *trail[T_COUNT];
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
	struct sp_jstore *live_store;	/* the live rows', one at a time */

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

	return sp_jspool_append(x->fspool, p, n, NULL, e);
}

/* Start a fragment into spool s; returns its offset. */
static uint64_t
frag_begin(struct jx *x, struct sp_jspool *s)
{
	x->fspool = s;
	return sp_jspool_size(s);
}

/* End a fragment: flush it, and its length. */
static int
frag_end(struct jx *x, uint64_t start, uint64_t *len, struct sp_err *e)
{
	if (sp_jsonw_flush(x->fw, e) < 0)
		return -1;
	*len = sp_jspool_size(x->fspool) - start;
	return 0;
}

static int
rank_key(struct sp_jout *j, uint32_t rank, struct sp_err *e)
{
	char buf[16];
	int n = snprintf(buf, sizeof buf, "%u", rank);

	return sp_jout_key(j, buf, (size_t)n, e);
}

/* --- CBOR images of HDF5 groups (side payloads) --- */

static long
image_part(const struct sp_cdoc *d, long img, const char *part,
    const char *name)
{
	long m;

	if (img < 0 || (m = sp_cdoc_map_get(d, (size_t)img, part)) < 0)
		return -1;
	return sp_cdoc_map_get(d, (size_t)m, name);
}

/* attrs[name] as text, or def. */
static void
image_text(const struct sp_cdoc *d, long img, const char *name,
    const char **p, size_t *n, const char *def)
{
	long v = image_part(d, img, "attrs", name);

	if (v < 0 || sp_cdoc_text(d, (size_t)v, p, n) < 0) {
		*p = def;
		*n = strlen(def);
	}
}

static int
put_text_attr(struct sp_jout *j, const struct sp_cdoc *d, long img,
    const char *name, struct sp_err *e)
{
	const char *p;
	size_t n;

	image_text(d, img, name, &p, &n, "");
	if (sp_jout_lkey(j, name, e) < 0)
		return -1;
	return sp_jout_str(j, p, n, e);
}

static int
put_int_attr(struct sp_jout *j, const struct sp_cdoc *d, long img,
    const char *name, int64_t def, struct sp_err *e)
{
	long v = image_part(d, img, "attrs", name);
	double f;
	int64_t i = def;

	if (v >= 0 && sp_cdoc_int(d, (size_t)v, &i) < 0 &&
	    sp_cdoc_number(d, (size_t)v, &f) == 0)
		i = (int64_t)f;
	if (sp_jout_lkey(j, name, e) < 0)
		return -1;
	return sp_jout_i64(j, i, e);
}

/* A list: the value as it is when an array, [text] for text, else []. */
static int
put_list(struct sp_jout *j, const struct sp_cdoc *d, long v, int matrix,
    struct sp_err *e)
{
	const struct sp_cv *c = v >= 0 ? sp_cdoc_node(d, (size_t)v) : NULL;

	if (c != NULL && c->type == SP_CV_TEXT && !matrix) {
		if (sp_jout_open(j, '[', e) < 0 || sp_jout_elem(j, e) < 0 ||
		    sp_jout_str(j, (const char *)c->p, c->len, e) < 0)
			return -1;
		return sp_jout_close(j, e);
	}
	if (c != NULL && c->type == SP_CV_ARRAY && matrix) {
		/* a matrix that is not 2-D is written as [] */
		size_t k, i = (size_t)v + 1;

		for (k = 0; k < c->u; k++, i = sp_cdoc_next(d, i)) {
			const struct sp_cv *row = sp_cdoc_node(d, i);
			size_t m, q = i + 1;

			if (row->type != SP_CV_ARRAY)
				c = NULL;
			else
				for (m = 0; m < row->u; m++, q = sp_cdoc_next(d,
				    q))
					if (sp_cdoc_node(d, q)->type ==
					    SP_CV_ARRAY ||
					    sp_cdoc_node(d, q)->type ==
					    SP_CV_MAP)
						c = NULL;
			if (c == NULL)
				break;
		}
	}
	if (c == NULL || c->type != SP_CV_ARRAY)
		return sp_jout_raw(j, "[]", 2, e);
	return sp_jout_cbor(j, d, (size_t)v, e);
}

struct named {
	const char *p;
	size_t n;
	long node;
	uint64_t num;		/* line-profile records: numeric order */
	int numeric;
	size_t at;		/* position, for a stable sort */
};

static int
cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c = memcmp(x->p, y->p, n);

	if (c != 0)
		return c;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

static int
cmp_numbered(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	if (x->numeric != y->numeric)
		return x->numeric ? -1 : 1;
	if (x->numeric && x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return cmp_named(a, b);
}

/* The groups of image img, as (name, node). */
static int
image_groups(const struct sp_cdoc *d, long img, struct named **out,
    size_t *n, struct sp_err *e)
{
	long g = img >= 0 ? sp_cdoc_map_get(d, (size_t)img, "groups") : -1;
	const struct sp_cv *m;
	size_t k, i;

	*out = NULL;
	*n = 0;
	if (g < 0 || (m = sp_cdoc_node(d, (size_t)g))->type != SP_CV_MAP)
		return 0;
	if ((*out = calloc(m->u + 1, sizeof **out)) == NULL)
		return oom(e);
	for (k = 0, i = (size_t)g + 1; k < m->u; k++) {
		const struct sp_cv *key = sp_cdoc_node(d, i);
		struct named *t = &(*out)[*n];

		i = sp_cdoc_next(d, i);
		if (key->type == SP_CV_TEXT &&
		    sp_cdoc_node(d, i)->type == SP_CV_MAP) {
			size_t q;

			t->p = (const char *)key->p;
			t->n = key->len;
			t->node = (long)i;
			t->at = *n;
			t->numeric = key->len > 0 && key->len < 20;
			for (q = 0; q < key->len; q++) {
				if (key->p[q] < '0' || key->p[q] > '9') {
					t->numeric = 0;
					break;
				}
				t->num = t->num * 10 + (uint64_t)(key->p[q] -
				    '0');
			}
			(*n)++;
		}
		i = sp_cdoc_next(d, i);
	}
	return 0;
}

/* likwid[rank] = {tag: {...}}, tags sorted (exports.md 4.4). */
static int
render_likwid(struct jx *x, struct sp_jout *j, long img, struct sp_err *e)
{
	const struct sp_cdoc *d = x->cd;
	long regions = image_part(d, img, "groups", "regions");
	struct named *g = NULL;
	size_t n = 0, k;
	int rc = -1;

	if (image_groups(d, regions, &g, &n, e) < 0)
		return -1;
	/* keyed by the tag attribute, not the (escaped) group name */
	for (k = 0; k < n; k++)
		image_text(d, g[k].node, "tag", &g[k].p, &g[k].n, "");
	if (n > 1)
		qsort(g, n, sizeof *g, cmp_named);
	if (sp_jout_open(j, '{', e) < 0)
		goto out;
	for (k = 0; k < n; k++) {
		long img1 = g[k].node;

		/* a repeated tag: the last group wins, as in a dict */
		if (k + 1 < n && g[k + 1].n == g[k].n &&
		    memcmp(g[k + 1].p, g[k].p, g[k].n) == 0)
			continue;
		if (sp_jout_key(j, g[k].p, g[k].n, e) < 0 ||
		    sp_jout_open(j, '{', e) < 0 ||
		    put_text_attr(j, d, img1, "tag", e) < 0 ||
		    put_int_attr(j, d, img1, "group_id", -1, e) < 0 ||
		    put_text_attr(j, d, img1, "group_name", e) < 0 ||
		    sp_jout_lkey(j, "cpus", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "datasets", "cpus"), 0,
		    e) < 0 ||
		    sp_jout_lkey(j, "times", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "datasets", "times"), 0,
		    e) < 0 ||
		    sp_jout_lkey(j, "call_counts", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "datasets",
		    "call_counts"), 0, e) < 0 ||
		    sp_jout_lkey(j, "event_names", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "attrs", "event_names"),
		    0, e) < 0 ||
		    sp_jout_lkey(j, "counter_names", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "attrs",
		    "counter_names"), 0, e) < 0 ||
		    sp_jout_lkey(j, "events", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "datasets", "events"), 1,
		    e) < 0 ||
		    sp_jout_lkey(j, "metric_names", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "attrs",
		    "metric_names"), 0, e) < 0 ||
		    sp_jout_lkey(j, "metrics", e) < 0 ||
		    put_list(j, d, image_part(d, img1, "datasets", "metrics"),
		    1, e) < 0 ||
		    put_text_attr(j, d, img1, "source", e) < 0 ||
		    sp_jout_close(j, e) < 0)
			goto out;
	}
	rc = sp_jout_close(j, e);
out:
	free(g);
	return rc;
}

/* line_profile[rank] = [record, ...], records in numeric group order. */
static int
render_lines(struct jx *x, struct sp_jout *j, long img, struct sp_err *e)
{
	const struct sp_cdoc *d = x->cd;
	struct named *g = NULL;
	size_t n = 0, k;
	int rc = -1;

	if (image_groups(d, img, &g, &n, e) < 0)
		return -1;
	if (n > 1)
		qsort(g, n, sizeof *g, cmp_numbered);
	if (n > 0)
		x->lines_any = 1;
	if (sp_jout_open(j, '[', e) < 0)
		goto out;
	for (k = 0; k < n; k++) {
		long r = g[k].node, v;
		double unit = 1.0;

		if ((v = image_part(d, r, "attrs", "unit")) >= 0 &&
		    sp_cdoc_number(d, (size_t)v, &unit) < 0)
			unit = 1.0;
		if (sp_jout_elem(j, e) < 0 || sp_jout_open(j, '{', e) < 0 ||
		    put_text_attr(j, d, r, "region", e) < 0 ||
		    put_text_attr(j, d, r, "filename", e) < 0 ||
		    put_text_attr(j, d, r, "function", e) < 0 ||
		    put_int_attr(j, d, r, "first_lineno", 0, e) < 0 ||
		    sp_jout_lkey(j, "line_numbers", e) < 0 ||
		    put_list(j, d, image_part(d, r, "datasets",
		    "line_numbers"), 0, e) < 0 ||
		    sp_jout_lkey(j, "hits", e) < 0 ||
		    put_list(j, d, image_part(d, r, "datasets", "hits"), 0,
		    e) < 0 ||
		    sp_jout_lkey(j, "times", e) < 0 ||
		    put_list(j, d, image_part(d, r, "datasets", "times"), 0,
		    e) < 0 ||
		    sp_jout_lkey(j, "unit", e) < 0 ||
		    sp_jout_f64(j, unit, e) < 0)
			goto out;
		/* extension: the newest writer's source lines */
		if (image_part(d, r, "attrs", "source") >= 0 &&
		    put_text_attr(j, d, r, "source", e) < 0)
			goto out;
		if (image_part(d, r, "attrs", "source_first_lineno") >= 0 &&
		    put_int_attr(j, d, r, "source_first_lineno", 0, e) < 0)
			goto out;
		if (sp_jout_close(j, e) < 0)
			goto out;
	}
	rc = sp_jout_close(j, e);
out:
	free(g);
	return rc;
}

/* perf_events[rank] = {region: {calls, values: {event: n}}} (extension). */
static int
render_perf_groups(struct jx *x, struct sp_jout *j, long img, char **path,
    size_t *cap, size_t len, struct sp_err *e)
{
	const struct sp_cdoc *d = x->cd;
	struct named *g = NULL;
	size_t n = 0, k;
	int rc = -1;

	if (image_groups(d, img, &g, &n, e) < 0)
		return -1;
	for (k = 0; k < n; k++) {
		long r = g[k].node, names, vals;
		size_t plen = len + (len > 0) + g[k].n;

		if (plen + 1 > *cap) {
			char *p = realloc(*path, plen + 1);

			if (p == NULL) {
				oom(e);
				goto out;
			}
			*path = p;
			*cap = plen + 1;
		}
		if (len > 0)
			(*path)[len] = '/';
		memcpy(*path + len + (len > 0), g[k].p, g[k].n);
		names = image_part(d, r, "attrs", "event_names");
		vals = image_part(d, r, "datasets", "values");
		if (image_part(d, r, "attrs", "calls") >= 0 || vals >= 0) {
			const struct sp_cv *nv = names >= 0 ?
			    sp_cdoc_node(d, (size_t)names) : NULL;
			const struct sp_cv *vv = vals >= 0 ?
			    sp_cdoc_node(d, (size_t)vals) : NULL;
			size_t m = 0, q, ni = (size_t)names + 1,
			    vi = (size_t)vals + 1;

			if (nv != NULL && nv->type == SP_CV_ARRAY &&
			    vv != NULL && vv->type == SP_CV_ARRAY)
				m = nv->u < vv->u ? nv->u : vv->u;
			if (sp_jout_key(j, *path, plen, e) < 0 ||
			    sp_jout_open(j, '{', e) < 0 ||
			    put_int_attr(j, d, r, "calls", 0, e) < 0 ||
			    sp_jout_lkey(j, "values", e) < 0 ||
			    sp_jout_open(j, '{', e) < 0)
				goto out;
			for (q = 0; q < m; q++) {
				const char *p;
				size_t pn;

				if (sp_cdoc_text(d, ni, &p, &pn) < 0) {
					p = "";
					pn = 0;
				}
				if (sp_jout_key(j, p, pn, e) < 0 ||
				    sp_jout_cbor(j, d, vi, e) < 0)
					goto out;
				ni = sp_cdoc_next(d, ni);
				vi = sp_cdoc_next(d, vi);
			}
			if (sp_jout_close(j, e) < 0 || sp_jout_close(j, e) < 0)
				goto out;
		}
		if (render_perf_groups(x, j, r, path, cap, plen, e) < 0)
			goto out;
	}
	rc = 0;
out:
	free(g);
	return rc;
}

/* One rank's entry of a trailing key: "<rank>": value, at depth 1. */
static int
trail_entry(struct jx *x, enum trail t, const struct sp_side *s,
    struct sp_err *e)
{
	struct sp_jout *j;
	uint64_t off, len;
	size_t used, need;
	int rc = -1;

	off = frag_begin(x, x->trail[t]);
	if ((j = sp_jout_new(x->fw, x->indent, 1, e)) == NULL)
		return -1;
	if (sp_jout_resume(j, t == T_SIDES ? '[' : '{', x->ntrail[t] == 0,
	    e) < 0)
		goto out;
	if (t == T_SIDES) {
		if (sp_jout_elem(j, e) < 0 || sp_jout_open(j, '{', e) < 0 ||
		    (s->has_rank && (sp_jout_lkey(j, "rank", e) < 0 ||
		    sp_jout_u64(j, s->rank, e) < 0)) ||
		    sp_jout_lkey(j, "kind", e) < 0 ||
		    sp_jout_str(j, s->kind, strlen(s->kind), e) < 0 ||
		    sp_jout_lkey(j, "cbor", e) < 0 ||
		    sp_jout_base64(j, s->data, s->len, e) < 0 ||
		    sp_jout_close(j, e) < 0)
			goto out;
	} else {
		if (sp_cdoc_parse(x->cd, s->data, s->len, s->len, &used, &need,
		    e) != 1) {
			if (e != NULL && e->status == SP_ENOMEM)
				goto out;
			sp_fail(e, SP_EDATA, "%s: bad sp stream: rank %u: the "
			    "%s payload is not one CBOR item", in_name(x),
			    s->rank, s->kind);
			goto out;
		}
		if (rank_key(j, s->rank, e) < 0)
			goto out;
		if (t == T_LIKWID)
			rc = render_likwid(x, j, 0, e);
		else if (t == T_LINES)
			rc = render_lines(x, j, 0, e);
		else {
			char *path = NULL;
			size_t cap = 0;

			rc = sp_jout_open(j, '{', e);
			if (rc == 0)
				rc = render_perf_groups(x, j, 0, &path, &cap,
				    0, e);
			free(path);
			if (rc == 0)
				rc = sp_jout_close(j, e);
		}
		if (rc < 0)
			goto out;
		rc = -1;
	}
	if (frag_end(x, off, &len, e) < 0)
		goto out;
	x->ntrail[t]++;
	rc = 0;
out:
	sp_jout_free(j);
	return rc;
}

/* --- lanes tables --- */

static int
render_tables(struct jx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct sp_jout *j = NULL;
	uint64_t off, len;
	size_t i;
	int rc = -1;

	if (ri->nthreads > 0) {
		off = frag_begin(x, x->trail[T_THREADS]);
		if ((j = sp_jout_new(x->fw, x->indent, 1, e)) == NULL ||
		    sp_jout_resume(j, '{', x->ntrail[T_THREADS] == 0, e) < 0 ||
		    rank_key(j, ri->rank, e) < 0 ||
		    sp_jout_open(j, '[', e) < 0)
			goto out;
		for (i = 0; i < ri->nthreads; i++) {
			const struct sp_thread_info *t = &ri->threads[i];

			if (sp_jout_elem(j, e) < 0 ||
			    sp_jout_open(j, '{', e) < 0 ||
			    sp_jout_lkey(j, "index", e) < 0 ||
			    sp_jout_i64(j, t->index, e) < 0 ||
			    sp_jout_lkey(j, "name", e) < 0 ||
			    sp_jout_str(j, t->name, strlen(t->name), e) < 0 ||
			    sp_jout_lkey(j, "ident", e) < 0 ||
			    sp_jout_i64(j, t->ident, e) < 0 ||
			    sp_jout_lkey(j, "native_id", e) < 0 ||
			    sp_jout_i64(j, t->native_id, e) < 0 ||
			    sp_jout_lkey(j, "daemon", e) < 0 ||
			    sp_jout_bool(j, t->daemon, e) < 0 ||
			    sp_jout_lkey(j, "start_ns", e) < 0 ||
			    sp_jout_i64(j, t->start_ns, e) < 0 ||
			    sp_jout_lkey(j, "end_ns", e) < 0 ||
			    sp_jout_i64(j, t->end_ns, e) < 0 ||
			    sp_jout_lkey(j, "cpu_ns", e) < 0 ||
			    sp_jout_i64(j, t->cpu_ns, e) < 0 ||
			    sp_jout_close(j, e) < 0)
				goto out;
		}
		if (sp_jout_close(j, e) < 0 || frag_end(x, off, &len, e) < 0)
			goto out;
		x->ntrail[T_THREADS]++;
		sp_jout_free(j);
		j = NULL;
	}
	if (ri->ntasks > 0) {
		off = frag_begin(x, x->trail[T_TASKS]);
		if ((j = sp_jout_new(x->fw, x->indent, 1, e)) == NULL ||
		    sp_jout_resume(j, '{', x->ntrail[T_TASKS] == 0, e) < 0 ||
		    rank_key(j, ri->rank, e) < 0 ||
		    sp_jout_open(j, '[', e) < 0)
			goto out;
		for (i = 0; i < ri->ntasks; i++) {
			const struct sp_task_info *t = &ri->tasks[i];

			if (sp_jout_elem(j, e) < 0 ||
			    sp_jout_open(j, '{', e) < 0 ||
			    sp_jout_lkey(j, "index", e) < 0 ||
			    sp_jout_i64(j, t->index, e) < 0 ||
			    sp_jout_lkey(j, "kind", e) < 0 ||
			    sp_jout_str(j, t->kind, strlen(t->kind), e) < 0 ||
			    sp_jout_lkey(j, "name", e) < 0 ||
			    sp_jout_str(j, t->name, strlen(t->name), e) < 0 ||
			    sp_jout_lkey(j, "coro_name", e) < 0 ||
			    sp_jout_str(j, t->coro_name, strlen(t->coro_name),
			    e) < 0 ||
			    sp_jout_lkey(j, "thread_index", e) < 0 ||
			    sp_jout_i64(j, t->thread_index, e) < 0 ||
			    sp_jout_lkey(j, "created_ns", e) < 0 ||
			    sp_jout_i64(j, t->created_ns, e) < 0 ||
			    sp_jout_lkey(j, "done_ns", e) < 0 ||
			    sp_jout_i64(j, t->done_ns, e) < 0 ||
			    sp_jout_lkey(j, "steps", e) < 0 ||
			    sp_jout_i64(j, t->steps, e) < 0 ||
			    sp_jout_lkey(j, "running_ns", e) < 0 ||
			    sp_jout_i64(j, t->running_ns, e) < 0 ||
			    sp_jout_lkey(j, "suspended_ns", e) < 0 ||
			    sp_jout_i64(j, t->suspended_ns, e) < 0 ||
			    sp_jout_close(j, e) < 0)
				goto out;
		}
		if (sp_jout_close(j, e) < 0 || frag_end(x, off, &len, e) < 0)
			goto out;
		x->ntrail[T_TASKS]++;
	}
	rc = 0;
out:
	sp_jout_free(j);
	return rc;
}

/* --- rows --- */

static int
canon_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct jx *x = ctx;

	if (x->canon_len + n > x->canon_cap) {
		size_t cap = x->canon_cap ? x->canon_cap : 4096;
		char *q;

		while (cap < x->canon_len + n)
			cap *= 2;
		if ((q = realloc(x->canon, cap)) == NULL)
			return oom(e);
		x->canon = q;
		x->canon_cap = cap;
	}
	memcpy(x->canon + x->canon_len, p, n);
	x->canon_len += n;
	return 0;
}

/* The event metadata text in json.dumps's own spelling, in x->canon. */
static int
canonical(struct jx *x, const char *s, size_t n, struct sp_err *e)
{
	struct sp_jsonw *w;
	struct sp_jout *j = NULL;
	int rc = -1;

	x->canon_len = 0;
	if ((w = sp_jsonw_new(canon_write, x, e)) == NULL)
		return -1;
	if ((j = sp_jout_new(w, -1, 0, e)) != NULL &&
	    sp_jout_jsontext(j, s, n, e) == 0 && sp_jsonw_flush(w, e) == 0)
		rc = 0;
	sp_jout_free(j);
	sp_jsonw_free(w);
	return rc;
}

static int
add_row(struct jx *x, const struct sp_row_info *ri, struct sp_err *e)
{
	struct jrow *r;
	struct sp_jout *j = NULL;
	uint64_t off;
	int any = 0, rc = -1;
	unsigned k;

	if (x->nrows == x->caprows) {
		size_t cap = x->caprows ? x->caprows * 2 : 64;
		struct jrow *v = realloc(x->rows, cap * sizeof *v);

		if (v == NULL)
			return oom(e);
		x->rows = v;
		x->caprows = cap;
	}
	if (ri->region >= x->nregions)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a row of region "
		    "id %u of %zu", in_name(x), ri->region, x->nregions);
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

	/* the head: {"name", "rank", source, tags (and for aggregates all) */
	off = frag_begin(x, x->rowtext);
	if ((j = sp_jout_new(x->fw, x->indent, 2, e)) == NULL ||
	    sp_jout_open(j, '{', e) < 0 ||
	    sp_jout_lkey(j, "name", e) < 0 ||
	    sp_jout_str(j, x->names[ri->region], x->lens[ri->region], e) < 0 ||
	    sp_jout_lkey(j, "rank", e) < 0 ||
	    sp_jout_u64(j, x->rank, e) < 0)
		goto out;
	if (ri->source_file != NULL && (sp_jout_lkey(j, "source_file", e) < 0 ||
	    sp_jout_str(j, ri->source_file, strlen(ri->source_file), e) < 0))
		goto out;
	if (ri->has_lineno && (sp_jout_lkey(j, "source_lineno", e) < 0 ||
	    sp_jout_i64(j, ri->source_lineno, e) < 0))
		goto out;
	if (ri->source_text != NULL && (sp_jout_lkey(j, "source_text", e) < 0 ||
	    sp_jout_str(j, ri->source_text, strlen(ri->source_text), e) < 0))
		goto out;
	if (ri->ntags > 0) {
		size_t t;

		if (sp_jout_lkey(j, "tags", e) < 0 ||
		    sp_jout_open(j, '[', e) < 0)
			goto out;
		for (t = 0; t < ri->ntags; t++)
			if (sp_jout_elem(j, e) < 0 || sp_jout_str(j,
			    ri->tags[t], strlen(ri->tags[t]), e) < 0)
				goto out;
		if (sp_jout_close(j, e) < 0)
			goto out;
	}
	if (r->aggregate) {
		if (sp_jout_lkey(j, "aggregate", e) < 0 ||
		    sp_jout_open(j, '{', e) < 0 ||
		    sp_jout_lkey(j, "count", e) < 0 ||
		    sp_jout_i64(j, ri->agg_count, e) < 0 ||
		    sp_jout_lkey(j, "total", e) < 0 ||
		    sp_jout_i64(j, ri->agg_total, e) < 0 ||
		    sp_jout_lkey(j, "minimum", e) < 0 ||
		    sp_jout_i64(j, ri->agg_minimum, e) < 0 ||
		    sp_jout_lkey(j, "maximum", e) < 0 ||
		    sp_jout_i64(j, ri->agg_maximum, e) < 0 ||
		    sp_jout_lkey(j, "exclusive", e) < 0 ||
		    sp_jout_i64(j, ri->agg_exclusive, e) < 0 ||
		    sp_jout_close(j, e) < 0)
			goto out;
		if (!x->event_data && (sp_jout_lkey(j, "event_data_available",
		    e) < 0 || sp_jout_bool(j, 0, e) < 0))
			goto out;
	}
	if (!r->aggregate) {
		if (frag_end(x, off, &r->head_len, e) < 0)
			goto out;
		r->head = off;
		sp_jout_free(j);
		j = NULL;
		/* event_metadata, after end_times_ns */
		if (ri->event_metadata != NULL) {
			any = sp_json_text_any_true(ri->event_metadata,
			    ri->event_metadata_len);
			if (any > 0) {
				off = frag_begin(x, x->rowtext);
				if ((j = sp_jout_new(x->fw, x->indent, 2,
				    e)) == NULL ||
				    sp_jout_resume(j, '{', 0, e) < 0 ||
				    sp_jout_lkey(j, "event_metadata", e) < 0 ||
				    sp_jout_jsontext(j, ri->event_metadata,
				    ri->event_metadata_len, e) < 0 ||
				    frag_end(x, off, &r->ev_len, e) < 0)
					goto out;
				r->ev = off;
				sp_jout_free(j);
				j = NULL;
			}
		}
		off = frag_begin(x, x->rowtext);
		if ((j = sp_jout_new(x->fw, x->indent, 2, e)) == NULL ||
		    sp_jout_resume(j, '{', 0, e) < 0)
			goto out;
	}
	/* the tail: exclusive total, then the extensions */
	if (ri->has_exclusive && !r->aggregate &&
	    (sp_jout_lkey(j, "exclusive_total_ns", e) < 0 ||
	    sp_jout_i64(j, ri->exclusive_ns, e) < 0))
		goto out;
	if (ri->has_summary) {
		const struct sp_summary *s = &ri->summary;

		if (sp_jout_lkey(j, "summary_statistics", e) < 0 ||
		    sp_jout_open(j, '{', e) < 0 ||
		    sp_jout_lkey(j, "total", e) < 0 ||
		    sp_jout_i64(j, s->total, e) < 0 ||
		    sp_jout_lkey(j, "minimum", e) < 0 ||
		    sp_jout_i64(j, s->minimum, e) < 0 ||
		    sp_jout_lkey(j, "maximum", e) < 0 ||
		    sp_jout_i64(j, s->maximum, e) < 0 ||
		    sp_jout_lkey(j, "first", e) < 0 ||
		    sp_jout_i64(j, s->first, e) < 0 ||
		    sp_jout_lkey(j, "last", e) < 0 ||
		    sp_jout_i64(j, s->last, e) < 0 ||
		    sp_jout_lkey(j, "start_minimum", e) < 0 ||
		    sp_jout_i64(j, s->start_minimum, e) < 0 ||
		    sp_jout_lkey(j, "end_maximum", e) < 0 ||
		    sp_jout_i64(j, s->end_maximum, e) < 0 ||
		    sp_jout_lkey(j, "gpu_count", e) < 0 ||
		    sp_jout_u64(j, s->gpu_count, e) < 0 ||
		    sp_jout_lkey(j, "gpu_total", e) < 0 ||
		    sp_jout_i64(j, s->gpu_total, e) < 0 ||
		    sp_jout_lkey(j, "mean", e) < 0 ||
		    sp_jout_f64(j, s->mean, e) < 0 ||
		    sp_jout_lkey(j, "m2", e) < 0 ||
		    sp_jout_f64(j, s->m2, e) < 0 ||
		    sp_jout_close(j, e) < 0)
			goto out;
	}
	if (ri->event_metadata != NULL && !r->aggregate) {
		int same = 0;

		/* v1 drops a list of empty objects, and respells the text */
		if (any > 0) {
			if (canonical(x, ri->event_metadata,
			    ri->event_metadata_len, e) < 0)
				goto out;
			same = x->canon_len == ri->event_metadata_len &&
			    memcmp(x->canon, ri->event_metadata,
			    x->canon_len) == 0;
		}
		if (!same && (sp_jout_lkey(j, "event_metadata_json", e) < 0 ||
		    sp_jout_str(j, ri->event_metadata, ri->event_metadata_len,
		    e) < 0))
			goto out;
	}
	if (r->aggregate) {
		if (sp_jout_close(j, e) < 0 ||
		    frag_end(x, off, &r->head_len, e) < 0)
			goto out;
		r->head = off;
	} else if (frag_end(x, off, &r->tail_len, e) < 0) {
		goto out;
	} else {
		r->tail = off;
	}
	x->nrows++;
	rc = 0;
out:
	sp_jout_free(j);
	return rc;
}

/* --- stores and batches --- */

static int
keep_store(struct jx *x, struct sp_jstore *s, struct sp_err *e)
{
	if (x->nstores == x->capstores) {
		size_t cap = x->capstores ? x->capstores * 2 : 16;
		struct sp_jstore **v = realloc(x->stores, cap * sizeof *v);

		if (v == NULL) {
			sp_jstore_free(s);
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
		return sp_jstore_seal(x->rows[x->rank_row0].store, e);
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
write_column(struct jx *x, struct sp_jout *j, const struct jrow *r,
    unsigned col, const char *key, struct sp_err *e)
{
	uint64_t first = r->slot + (uint64_t)(col - r->live) * r->calls;
	uint64_t done = 0;
	const int64_t *mem;

	if (sp_jout_lkey(j, key, e) < 0 || sp_jout_open(j, '[', e) < 0)
		return -1;
	if (r->calls > 0 && (mem = sp_jstore_ptr(r->store)) != NULL) {
		if (sp_jout_i64s(j, mem + first, (size_t)r->calls, e) < 0)
			return -1;
	} else {
		while (done < r->calls) {
			size_t n = r->calls - done < READ_CHUNK ?
			    (size_t)(r->calls - done) : READ_CHUNK;

			if (sp_jstore_read(r->store, first + done, n,
			    x->readbuf, e) < 0 ||
			    sp_jout_i64s(j, x->readbuf, n, e) < 0)
				return -1;
			done += n;
		}
	}
	return sp_jout_close(j, e);
}

/* A row's head, up to its start times (which a live row writes itself). */
static int
row_begin(struct jx *x, struct jrow *r, struct sp_err *e)
{
	struct sp_jout *j = x->rows_out;

	if (sp_jout_elem(j, e) < 0 ||
	    sp_jspool_copy(x->rowtext, r->head, r->head_len, jsonw_put, x->w,
	    e) < 0)
		return -1;
	if (r->aggregate)
		return 0;
	if (sp_jout_resume(j, '{', 0, e) < 0)
		return -1;
	if (r->live)
		return sp_jout_lkey(j, "start_times_ns", e) < 0 ||
		    sp_jout_open(j, '[', e) < 0 ? -1 : 0;
	return write_column(x, j, r, 0, "start_times_ns", e);
}

/* The rest of a row, after its start times. */
static int
row_end(struct jx *x, struct jrow *r, struct sp_err *e)
{
	struct sp_jout *j = x->rows_out;
	unsigned k, col = 2;

	r->done = 1;
	if (r->aggregate)
		return 0;
	if ((r->live && sp_jout_close(j, e) < 0) ||
	    write_column(x, j, r, 1, "end_times_ns", e) < 0 ||
	    sp_jspool_copy(x->rowtext, r->ev, r->ev_len, jsonw_put, x->w,
	    e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++)
		if ((r->xmask >> k) & 1 &&
		    write_column(x, j, r, col++, xcol_keys[k], e) < 0)
			return -1;
	if (sp_jspool_copy(x->rowtext, r->tail, r->tail_len, jsonw_put, x->w,
	    e) < 0)
		return -1;
	return sp_jout_close(j, e);
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
	struct sp_jout *j;
	uint64_t off, len;
	size_t i;
	int rc = -1;

	for (i = 1; i < ri->nrows; i++)
		if (ri->rows[i].region < ri->rows[i - 1].region)
			break;
	if (i >= ri->nrows)
		return 0;
	off = frag_begin(x, x->trail[T_ROWORDER]);
	if ((j = sp_jout_new(x->fw, x->indent, 1, e)) == NULL)
		return -1;
	if (sp_jout_resume(j, '{', x->ntrail[T_ROWORDER] == 0, e) < 0 ||
	    rank_key(j, ri->rank, e) < 0 || sp_jout_open(j, '[', e) < 0)
		goto out;
	for (i = 0; i < ri->nrows; i++)
		if (sp_jout_elem(j, e) < 0 ||
		    sp_jout_u64(j, ri->rows[i].region, e) < 0)
			goto out;
	if (sp_jout_close(j, e) < 0 || frag_end(x, off, &len, e) < 0)
		goto out;
	x->ntrail[T_ROWORDER]++;
	rc = 0;
out:
	sp_jout_free(j);
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
		struct sp_jstore *s = sp_jstore_new(x->tmp, &x->budget, slots,
		    x->window, (x->nrows - x->rank_row0) * NCOL, e);

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
	int64_t *m = sp_jstore_ptr(r->store);
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
			if (sp_jout_i64s(x->rows_out, b->start + i, n, e) < 0)
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
			if (sp_jstore_put(r->store, stream + c, at + j,
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
		if (x->live_store == NULL || sp_jstore_reuse(x->live_store,
		    r->calls * (r->ncols - 1)) < 0) {
			sp_jstore_free(x->live_store);
			if ((x->live_store = sp_jstore_new(x->tmp, &x->budget,
			    r->calls * (r->ncols - 1), x->window, NCOL,
			    e)) == NULL)
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
	if (sp_jstore_seal(r->store, e) < 0)
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
		if (strcmp(s->kind, "likwid") == 0 &&
		    trail_entry(x, T_LIKWID, s, e) < 0)
			return -1;
		if (strcmp(s->kind, "line_profile") == 0 &&
		    trail_entry(x, T_LINES, s, e) < 0)
			return -1;
		if (strcmp(s->kind, "perf_events") == 0 &&
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

	sp_jout_free(x->rows_out);
	sp_jout_free(x->top);
	sp_jsonw_free(x->w);
	sp_jfile_free(x->f);
	x->rows_out = x->top = NULL;
	x->w = NULL;
	x->f = NULL;
	sp_jstore_free(x->live_store);
	x->live_store = NULL;
	for (i = 0; i < x->nstores; i++)
		sp_jstore_free(x->stores[i]);
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
	sp_jspool_free(x->rowtext);
	x->rowtext = NULL;
	for (i = 0; i < T_COUNT; i++) {
		sp_jspool_free(x->trail[i]);
		x->trail[i] = NULL;
		x->ntrail[i] = 0;
	}
	x->have_run = x->have_rank = x->live = 0;
	x->lines_any = 0;
	x->batch_cols = x->row_cols = 0;
}

/* The run's document: its file, and the text's way there. */
static int
open_document(struct jx *x, struct sp_err *e)
{
	const char *path;

	if ((x->out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	path = sp_export_out_path(x->out);
	if ((x->f = sp_jfile_new(sp_json_is_gz(path), x->o->level,
	    sp_export_write, x->out, path, e)) == NULL ||
	    (x->w = sp_jsonw_new(sp_jfile_write, x->f, e)) == NULL ||
	    (x->top = sp_jout_new(x->w, x->indent, 0, e)) == NULL ||
	    (x->rows_out = sp_jout_new(x->w, x->indent, 1, e)) == NULL)
		return -1;
	return 0;
}

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct jx *x = ctx;
	struct sp_jout *t;
	size_t used, need, k;
	uint64_t share = x->budget.limit / 16;

	(void)label;
	x->have_run = 1;
	x->event_data = ri->event_data;
	free(x->layout);
	if ((x->layout = strdup(ri->layout)) == NULL)
		return oom(e);
	x->schema = ri->schema;
	if ((x->rowtext = sp_jspool_new(x->tmp, &x->budget, share * 4,
	    e)) == NULL)
		return -1;
	for (k = 0; k < T_COUNT; k++)
		if ((x->trail[k] = sp_jspool_new(x->tmp, &x->budget, share,
		    e)) == NULL)
			return -1;
	if (open_document(x, e) < 0)
		return -1;
	t = x->top;
	if (sp_jout_open(t, '{', e) < 0 ||
	    sp_jout_lkey(t, "format", e) < 0 ||
	    sp_jout_raw(t, "\"scope-profiler-profile\"", 24, e) < 0 ||
	    sp_jout_lkey(t, "format_version", e) < 0 ||
	    sp_jout_raw(t, "1", 1, e) < 0 ||
	    sp_jout_lkey(t, "exporter", e) < 0 ||
	    sp_jout_str(t, x->exporter, strlen(x->exporter), e) < 0 ||
	    sp_jout_lkey(t, "time_unit", e) < 0 ||
	    sp_jout_raw(t, "\"nanoseconds\"", 13, e) < 0 ||
	    sp_jout_lkey(t, "num_ranks", e) < 0 ||
	    sp_jout_u64(t, ri->num_ranks, e) < 0 ||
	    sp_jout_lkey(t, "event_data_available", e) < 0 ||
	    sp_jout_bool(t, ri->event_data, e) < 0 ||
	    sp_jout_lkey(t, "metadata", e) < 0)
		return -1;
	if (ri->metadata_len == 0) {
		if (sp_jout_raw(t, "{}", 2, e) < 0)
			return -1;
	} else if (sp_cdoc_parse(x->cd, ri->metadata, ri->metadata_len,
	    ri->metadata_len, &used, &need, e) != 1) {
		if (e != NULL && e->status == SP_ENOMEM)
			return -1;
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run metadata "
		    "is not one CBOR item", in_name(x));
	} else if (sp_jout_cbor(t, x->cd, 0, e) < 0) {
		return -1;
	}
	if (sp_jout_lkey(t, "regions", e) < 0 || sp_jout_raw(t, "[", 1, e) < 0)
		return -1;
	return sp_jout_resume(x->rows_out, '[', 1, e);
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
	if (sp_jout_lkey(x->top, trail_keys[t], e) < 0 ||
	    sp_jout_raw(x->top, open == '[' ? "[" : "{", 1, e) < 0 ||
	    sp_jspool_copy(x->trail[t], 0, sp_jspool_size(x->trail[t]),
	    jsonw_put, x->w, e) < 0 ||
	    sp_jout_resume(x->top, open, 0, e) < 0)
		return -1;
	return sp_jout_close(x->top, e);
}

static int
end_run(void *ctx, struct sp_err *e)
{
	struct jx *x = ctx;
	struct sp_jout *t = x->top;
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
	if (sp_jout_close(x->rows_out, e) < 0)
		return -1;
	/* the rows' closer was written by rows_out: top's "regions" is done */
	for (k = T_THREADS; k <= T_PERF; k++)
		if (put_trail(x, (enum trail)k, e) < 0)
			return -1;
	if (sp_jout_lkey(t, "storage_layout", e) < 0 ||
	    sp_jout_str(t, x->layout, strlen(x->layout), e) < 0 ||
	    sp_jout_lkey(t, "scope_profiler_schema", e) < 0 ||
	    sp_jout_i64(t, x->schema, e) < 0)
		return -1;
	for (i = 0; i < x->nregions; i++)
		all = all && x->used_region[i];
	if (!all) {
		/* names without a row: v1 would lose them */
		if (sp_jout_lkey(t, "sp_region_names", e) < 0 ||
		    sp_jout_open(t, '[', e) < 0)
			return -1;
		for (i = 0; i < x->nregions; i++)
			if (sp_jout_elem(t, e) < 0 ||
			    sp_jout_str(t, x->names[i], x->lens[i], e) < 0)
				return -1;
		if (sp_jout_close(t, e) < 0)
			return -1;
	}
	if (x->batch_cols != x->row_cols) {
		/* columns the batches carry that no row has */
		if (sp_jout_lkey(t, "sp_event_columns", e) < 0 ||
		    sp_jout_open(t, '[', e) < 0)
			return -1;
		for (k = 0; k < SP_X_COUNT; k++)
			if ((x->batch_cols >> k) & 1 &&
			    (sp_jout_elem(t, e) < 0 || sp_jout_str(t,
			    xcol_keys[k], strlen(xcol_keys[k]), e) < 0))
				return -1;
		if (sp_jout_close(t, e) < 0)
			return -1;
	}
	if (put_trail(x, T_ROWORDER, e) < 0 ||
	    put_trail(x, T_SIDES, e) < 0 || sp_jout_close(t, e) < 0 ||
	    sp_jsonw_flush(x->w, e) < 0 || sp_jfile_finish(x->f, e) < 0)
		return -1;
	x->st->text_bytes += sp_jfile_text_bytes(x->f);
	x->st->file_bytes += sp_jfile_file_bytes(x->f);
	run_free(x);
	if (sp_export_close(x->fe, x->out, e) < 0)
		return -1;
	x->out = NULL;
	return 0;
}

static int
header(void *ctx, const struct sp_header *h, enum sp_stream_order order,
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
sp_json_export(struct sp_reader *r, const struct sp_json_opts *o,
    struct sp_json_stats *st, struct sp_err *e)
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
	struct sp_json_stats dummy;
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
	x.budget.limit = o->buffer > 0 ? o->buffer : SP_JSON_BUFFER_DEFAULT;
	/* stores on file build a window at a time: a quarter of the budget */
	x.window = x.budget.limit / 4;
	x.live_cur = NONE;
	if ((x.cd = sp_cdoc_new()) == NULL ||
	    (x.readbuf = malloc(READ_CHUNK * 8)) == NULL) {
		oom(e);
		goto out;
	}
	if ((x.tmp = sp_jtmp_new(o->tmpdir, e)) == NULL ||
	    (x.fw = sp_jsonw_new(fspool_write, &x, e)) == NULL ||
	    (x.fe = sp_export_new(r, &spec, o->output, e)) == NULL)
		goto out;
	rc = sp_export_run(x.fe, &ops, &x, e);
	x.st->runs = sp_export_runs(x.fe);
	x.st->documents = sp_export_outputs(x.fe);
out:
	x.st->spilled = x.tmp != NULL ? sp_jtmp_size(x.tmp) : 0;
	run_free(&x);
	sp_export_free(x.fe);
	sp_jsonw_free(x.fw);
	sp_jtmp_free(x.tmp);
	sp_cdoc_free(x.cd);
	free(x.readbuf);
	free(x.canon);
	free(x.layout);
	free(x.stores);
	free(x.rows);
	return rc;
}
