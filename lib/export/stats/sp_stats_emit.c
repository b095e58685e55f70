#include "sp_stats_emit.h"

#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_stats_fields.h"
#include "sp_stats_order.h"
#include "sp_stats_text.h"
#include "sp_stats_top.h"
#include "sp_stats_views.h"

#define MAX_COLS 128

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* --- columns and keys --- */

static int
columns(const struct sp_stats_view *v, const char *list,
    const struct sp_stats_field **out, size_t *n, struct sp_err *e)
{
	const char *p = list, *q;
	char key[128];
	size_t k;

	*n = 0;
	for (;;) {
		q = strchr(p, ',');
		k = q != NULL ? (size_t)(q - p) : strlen(p);
		if (k >= sizeof key || *n == MAX_COLS)
			return sp_fail(e, SP_EUSAGE, "--columns: too long a "
			    "list or name");
		memcpy(key, p, k);
		key[k] = '\0';
		if ((out[*n] = sp_stats_view_field(v, key)) == NULL)
			return sp_fail(e, SP_EUSAGE, "--columns: '%s' is no "
			    "key of these records", key);
		(*n)++;
		if (q == NULL)
			return 0;
		p = q + 1;
	}
}

/* The field a sort key names in the view, by alias or as a key. */
static const struct sp_stats_field *
sort_field(const struct sp_stats_view *v, const char *key)
{
	const char *a = v->alias != NULL ? v->alias(key) : NULL;

	return sp_stats_view_field(v, a != NULL ? a : key);
}

static int
has_rank(const struct sp_stats_view *v)
{
	return sp_stats_view_field(v, "rank") != NULL;
}

int
sp_stats_emit_check(const struct sp_stats_export_opts *o, struct sp_err *e)
{
	const struct sp_stats_view *v = sp_stats_view_of(o->by,
	    o->call_paths);
	const struct sp_stats_field *f[MAX_COLS];
	size_t n;
	int known;

	if (o->columns != NULL && (o->format == SP_STATS_JSON ||
	    o->format == SP_STATS_NDJSON))
		return sp_fail(e, SP_EUSAGE, "--columns: JSON records have "
		    "every key; it applies to text, csv and tsv");
	if (o->columns != NULL && columns(v, o->columns, f, &n, e) < 0)
		return -1;
	if (o->sort == NULL || strcmp(o->sort, "start") == 0 ||
	    strcmp(o->sort, "name") == 0)
		return 0;
	if (strcmp(o->sort, "rank") == 0)
		return has_rank(v) ? 0 : sp_fail(e, SP_EUSAGE, "--sort rank "
		    "applies to --by rank and --by lane");
	if (o->call_paths) {
		struct sp_stats_row w;

		memset(&w, 0, sizeof w);
		(void)sp_stats_row_key(&w, o->sort, &known);
		if (known)
			return 0;
	}
	if (sort_field(v, o->sort) == NULL)
		return sp_fail(e, SP_EUSAGE, "'%s' is not a sort key: give "
		    "rank, one of %s, or a key of the records", o->sort,
		    sp_stats_sort_keys);
	return 0;
}

/* --- order --- */

struct keyed {
	const struct sp_stats_result *res;
	const struct sp_stats_view *v;
	const struct sp_stats_field *f;
};

static double
key_val(const void *ctx, size_t i, int *set)
{
	const struct keyed *k = ctx;
	struct sp_stats_value x;

	memset(&x, 0, sizeof x);
	if (k->f->present == NULL || k->f->present(k->res, i))
		k->f->get(k->res, i, &x);
	*set = x.t == SP_STATS_VALUE_DBL || x.t == SP_STATS_VALUE_INT ||
	    x.t == SP_STATS_VALUE_BOOL;
	return x.t == SP_STATS_VALUE_DBL ? x.d : (double)x.i;
}

static const char *
key_name(const void *ctx, size_t i, size_t *len)
{
	const struct keyed *k = ctx;

	return k->v->name(k->res, i, len);
}

struct ranked {
	double rank;
	uint32_t i;
};

static int
by_rank_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* By rank ascending, the view's order on ties. */
static int
by_rank(const struct sp_stats_result *res, const struct sp_stats_view *v,
    uint32_t *out, size_t n, struct sp_err *e)
{
	struct keyed k = { res, v, sp_stats_view_field(v, "rank") };
	struct ranked *t = malloc((n + 1) * sizeof *t);
	size_t i;
	int set;

	if (t == NULL)
		return nomem(e);
	for (i = 0; i < n; i++) {
		t[i].rank = key_val(&k, i, &set);
		t[i].i = (uint32_t)i;
	}
	qsort(t, n, sizeof *t, by_rank_cmp);
	for (i = 0; i < n; i++)
		out[i] = t[i].i;
	free(t);
	return 0;
}

int
sp_stats_records_order(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, const struct sp_stats_view *v,
    uint32_t *out, size_t *n, struct sp_err *e)
{
	struct keyed k = { res, v, NULL };
	struct sp_stats_sortable s = { key_val, key_name, &k };
	size_t i;
	int rc = 0;

	*n = v->count(res);
	if (o->call_paths)
		rc = sp_stats_order_rows(res->rows, *n, o->sort, out, e);
	else if (o->sort == NULL || strcmp(o->sort, "start") == 0)
		for (i = 0; i < *n; i++)
			out[i] = (uint32_t)i;
	else if (strcmp(o->sort, "rank") == 0)
		rc = by_rank(res, v, out, *n, e);
	else {
		if (strcmp(o->sort, "name") == 0 ||
		    (k.f = sort_field(v, o->sort)) == NULL)
			s.val = NULL;	/* a key of another view: by name */
		rc = sp_stats_order_by(&s, *n, out, e);
	}
	if (rc < 0)
		return -1;
	if (o->call_paths)
		return sp_stats_top_rows(res->rows, o->sort, o->top,
		    o->max_depth, out, n, e);
	/* sorted by a key, the order leads; else the total time does */
	k.f = o->sort == NULL ? sort_field(v, "total") : NULL;
	if (k.f == NULL)
		s.val = NULL;
	return sp_stats_top_records(&s, v->count(res), o->top, out, n, e);
}

/* --- JSON --- */

static int
json_str(struct sp_jsonw *j, const char *s, size_t n, struct sp_err *e)
{
	return sp_jsonw_str(j, s, n, e);
}

/* A value; a list of strings with json.dumps' indent (0: one line). */
static int
json_value(struct sp_jsonw *j, const struct sp_stats_value *v, int indent,
    struct sp_err *e)
{
	size_t k;

	switch (v->t) {
	case SP_STATS_VALUE_NULL:
		return sp_jsonw_raw(j, "null", 4, e);
	case SP_STATS_VALUE_INT:
		return sp_jsonw_i64(j, v->i, e);
	case SP_STATS_VALUE_DBL:
		return sp_jsonw_double(j, v->d, e);
	case SP_STATS_VALUE_BOOL:
		return sp_jsonw_raw(j, v->i ? "true" : "false", v->i ? 4 : 5,
		    e);
	case SP_STATS_VALUE_STR:
		return json_str(j, v->s, v->n, e);
	case SP_STATS_VALUE_STRS:
		break;
	}
	if (v->nv == 0)
		return sp_jsonw_raw(j, "[]", 2, e);
	if (sp_jsonw_raw(j, indent ? "[\n      " : "[", indent ? 8 : 1, e) < 0)
		return -1;
	for (k = 0; k < v->nv; k++)
		if ((k > 0 && sp_jsonw_raw(j, indent ? ",\n      " : ", ",
		    indent ? 8 : 2, e) < 0) ||
		    json_str(j, v->v[k], strlen(v->v[k]), e) < 0)
			return -1;
	return sp_jsonw_raw(j, indent ? "\n    ]" : "]", indent ? 6 : 1, e);
}

static int
present(const struct sp_stats_field *f, const struct sp_stats_result *res,
    size_t i)
{
	return f->present == NULL || f->present(res, i);
}

/* One record: indent 2 inside the list, or one line (NDJSON). */
static int
json_record(struct sp_jsonw *j, const struct sp_stats_view *v,
    const struct sp_stats_result *res, size_t i, int pretty,
    struct sp_err *e)
{
	const struct sp_stats_field *f;
	struct sp_stats_value x;
	size_t k;
	int first = 1;

	if (sp_jsonw_raw(j, pretty ? "  {\n    " : "{", pretty ? 8 : 1, e) < 0)
		return -1;
	for (k = 0; k < v->nfields; k++) {
		f = &v->fields[k];
		if (!present(f, res, i))
			continue;
		memset(&x, 0, sizeof x);
		f->get(res, i, &x);
		if ((!first && sp_jsonw_raw(j, pretty ? ",\n    " : ", ",
		    pretty ? 6 : 2, e) < 0) ||
		    json_str(j, f->key, strlen(f->key), e) < 0 ||
		    sp_jsonw_raw(j, ": ", 2, e) < 0 ||
		    json_value(j, &x, pretty, e) < 0)
			return -1;
		first = 0;
	}
	return sp_jsonw_raw(j, pretty ? "\n  }" : "}", pretty ? 4 : 1, e);
}

static int
json_write(const struct sp_stats_result *res, const struct sp_stats_view *v,
    const uint32_t *order, size_t n, int lines, sp_write_fn *w,
    void *ctx, struct sp_err *e)
{
	struct sp_jsonw *j = sp_jsonw_new(w, ctx, e);
	size_t i;
	int rc = -1;

	if (j == NULL)
		return -1;
	if (!lines && sp_jsonw_raw(j, n ? "[\n" : "[", n ? 2 : 1, e) < 0)
		goto out;
	for (i = 0; i < n; i++)
		if ((!lines && i > 0 && sp_jsonw_raw(j, ",\n", 2, e) < 0) ||
		    json_record(j, v, res, order[i], !lines, e) < 0 ||
		    (lines && sp_jsonw_raw(j, "\n", 1, e) < 0))
			goto out;
	if (!lines && sp_jsonw_raw(j, n ? "\n]\n" : "]\n", n ? 3 : 2, e) < 0)
		goto out;
	rc = sp_jsonw_flush(j, e);
out:
	sp_jsonw_free(j);
	return rc;
}

/* --- CSV and TSV --- */

static void
csv_cell(struct sp_stats_text *b, const char *s, size_t n, int tsv)
{
	size_t i;

	if (tsv) {
		for (i = 0; i < n; i++)
			switch (s[i]) {
			case '\t': sp_stats_text_add(b, "\\t", 2); break;
			case '\n': sp_stats_text_add(b, "\\n", 2); break;
			case '\r': sp_stats_text_add(b, "\\r", 2); break;
			case '\\': sp_stats_text_add(b, "\\\\", 2); break;
			default: sp_stats_text_add(b, s + i, 1);
			}
		return;
	}
	if (memchr(s, ',', n) == NULL && memchr(s, '"', n) == NULL &&
	    memchr(s, '\n', n) == NULL && memchr(s, '\r', n) == NULL) {
		sp_stats_text_add(b, s, n);
		return;
	}
	sp_stats_text_add(b, "\"", 1);
	for (i = 0; i < n; i++) {
		sp_stats_text_add(b, s + i, 1);
		if (s[i] == '"')
			sp_stats_text_add(b, "\"", 1);	/* doubled */
	}
	sp_stats_text_add(b, "\"", 1);
}

/* A value as a cell: numbers as JSON spells them, lists joined by ";". */
static void
csv_value(struct sp_stats_text *b, const struct sp_stats_value *v, int tsv)
{
	struct sp_stats_text t = { 0 };
	char num[SP_FMT_MAX];
	size_t k;

	switch (v->t) {
	case SP_STATS_VALUE_NULL:
		return;
	case SP_STATS_VALUE_INT:
		sp_stats_text_add(b, num, sp_fmt_i64(num, v->i));
		return;
	case SP_STATS_VALUE_DBL:
		sp_stats_text_add(b, num, sp_fmt_double(num, v->d));
		return;
	case SP_STATS_VALUE_BOOL:
		sp_stats_text_str(b, v->i ? "true" : "false");
		return;
	case SP_STATS_VALUE_STR:
		csv_cell(b, v->s, v->n, tsv);
		return;
	case SP_STATS_VALUE_STRS:
		break;
	}
	for (k = 0; k < v->nv; k++) {
		if (k > 0)
			sp_stats_text_add(&t, ";", 1);
		sp_stats_text_str(&t, v->v[k]);
	}
	if (t.failed)
		b->failed = 1;
	csv_cell(b, t.p != NULL ? t.p : "", t.n, tsv);
	sp_stats_text_free(&t);
}

/* The columns: as given, or every field some record has. */
static size_t
csv_columns(const struct sp_stats_result *res, const struct sp_stats_view *v,
    const char *list, const struct sp_stats_field **f, struct sp_err *e)
{
	size_t k, i, n = 0, count = v->count(res);

	if (list != NULL)
		return columns(v, list, f, &n, e) < 0 ? (size_t)-1 : n;
	for (k = 0; k < v->nfields; k++) {
		for (i = 0; i < count && !present(&v->fields[k], res, i); i++)
			;
		if (v->fields[k].present == NULL || i < count)
			f[n++] = &v->fields[k];
	}
	return n;
}

static int
csv_write(const struct sp_stats_result *res, const struct sp_stats_view *v,
    const struct sp_stats_export_opts *o, const uint32_t *order, size_t n,
    sp_write_fn *w, void *ctx, struct sp_err *e)
{
	const struct sp_stats_field *f[MAX_COLS];
	int tsv = o->format == SP_STATS_TSV, rc = 0;
	const char *sep = tsv ? "\t" : ",";
	struct sp_stats_text b = { 0 };
	struct sp_stats_value x;
	size_t nc, i, k;

	if ((nc = csv_columns(res, v, o->columns, f, e)) == (size_t)-1)
		return -1;
	for (k = 0; k < nc; k++) {
		sp_stats_text_str(&b, k ? sep : "");
		csv_cell(&b, f[k]->key, strlen(f[k]->key), tsv);
	}
	sp_stats_text_str(&b, "\n");
	for (i = 0; i < n && rc == 0; i++) {
		for (k = 0; k < nc; k++) {
			sp_stats_text_str(&b, k ? sep : "");
			memset(&x, 0, sizeof x);
			if (present(f[k], res, order[i]))
				f[k]->get(res, order[i], &x);
			csv_value(&b, &x, tsv);
		}
		sp_stats_text_str(&b, "\n");
		if (b.n >= 65536 || i + 1 == n) {
			rc = b.failed ? nomem(e) : w(ctx, b.p, b.n, e);
			b.n = 0;
		}
	}
	if (rc == 0 && n == 0)
		rc = b.failed ? nomem(e) : w(ctx, b.p, b.n, e);
	sp_stats_text_free(&b);
	return rc;
}

int
sp_stats_emit_write(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	const struct sp_stats_view *v = sp_stats_view_of(o->by,
	    o->call_paths);
	uint32_t *order;
	size_t n;
	int rc;

	if (o->format == SP_STATS_TEXT)
		return sp_stats_views_text(res, o, w, ctx, e);
	if ((order = malloc((v->count(res) + 1) * sizeof *order)) == NULL)
		return nomem(e);
	rc = sp_stats_records_order(res, o, v, order, &n, e);
	if (rc == 0 && (o->format == SP_STATS_JSON ||
	    o->format == SP_STATS_NDJSON))
		rc = json_write(res, v, order, n, o->format ==
		    SP_STATS_NDJSON, w, ctx, e);
	else if (rc == 0)
		rc = csv_write(res, v, o, order, n, w, ctx, e);
	free(order);
	return rc;
}
