/*
 * sp_sidejson_put(): a rank's side-payload image as the document's value
 * for it, the way scope-profiler's json_export writes the data it read
 * from those groups (doc/exports.md, "Side data").
 */
#include "sp_sidejson_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The node of part[name] of the image at img, or -1. */
static long
image_part(const struct sp_cbor *d, long img, const char *part,
    const char *name)
{
	long m;

	if (img < 0 || (m = sp_cbor_map_get(d, (size_t)img, part)) < 0)
		return -1;
	return sp_cbor_map_get(d, (size_t)m, name);
}

static long
field_node(const struct sp_cbor *d, long rec, const struct sp_sidejson_field *f)
{
	return image_part(d, rec, sp_sidejson_part_name(f->part), f->name);
}

/* Whether the array at c (node v) holds rows of scalars only. */
static int
is_matrix(const struct sp_cbor *d, const struct sp_cbor_node *c, size_t v)
{
	size_t k, i = v + 1;

	for (k = 0; k < c->u; k++, i = sp_cbor_next(d, i)) {
		const struct sp_cbor_node *row = sp_cbor_node(d, i);
		size_t m, q = i + 1;

		if (row->type != SP_CBOR_NODE_ARRAY)
			return 0;
		for (m = 0; m < row->u; m++, q = sp_cbor_next(d, q))
			if (sp_cbor_node(d, q)->type == SP_CBOR_NODE_ARRAY ||
			    sp_cbor_node(d, q)->type == SP_CBOR_NODE_MAP)
				return 0;
	}
	return 1;
}

/* A list: the value as it is when an array, [text] for text, else []. */
static int
put_list(struct sp_json_emit *j, const struct sp_cbor *d, long v, int matrix,
    struct sp_err *e)
{
	const struct sp_cbor_node *c = v >= 0 ? sp_cbor_node(d, (size_t)v) :
	    NULL;

	if (c != NULL && c->type == SP_CBOR_NODE_TEXT && !matrix) {
		if (sp_json_emit_open(j, '[', e) < 0 ||
		    sp_json_emit_elem(j, e) < 0 ||
		    sp_json_emit_str(j, (const char *)c->p, c->len, e) < 0)
			return -1;
		return sp_json_emit_close(j, e);
	}
	/* a matrix that is not 2-D is written as [] */
	if (c == NULL || c->type != SP_CBOR_NODE_ARRAY ||
	    (matrix && !is_matrix(d, c, (size_t)v)))
		return sp_json_emit_raw(j, "[]", 2, e);
	return sp_json_emit_cbor(j, d, (size_t)v, e);
}

/*
 * An integer field, as Python's int() makes one of a float attribute:
 * truncated toward zero, exact also past the int64 range (a double is an
 * integer there, which "%.0f" spells digit for digit); a non-finite one,
 * on which the reference fails, as null.
 */
static int
put_int(struct sp_json_emit *j, const struct sp_cbor *d, long v, int64_t def,
    struct sp_err *e)
{
	char buf[400];
	double f;
	int64_t i = def;

	if (v < 0 || sp_cbor_int(d, (size_t)v, &i) == 0 ||
	    sp_cbor_number(d, (size_t)v, &f) < 0)
		return sp_json_emit_i64(j, i, e);
	if (!isfinite(f))
		return sp_json_emit_null(j, e);
	if (f > -9223372036854775808.0 && f < 9223372036854775808.0)
		return sp_json_emit_i64(j, (int64_t)f, e);
	snprintf(buf, sizeof buf, "%.0f", trunc(f));
	return sp_json_emit_raw(j, buf, strlen(buf), e);
}

/* One field of the record at rec: "name": value. */
static int
put_field(struct sp_json_emit *j, const struct sp_cbor *d, long rec,
    const struct sp_sidejson_field *f, struct sp_err *e)
{
	long v = field_node(d, rec, f);
	const char *p;
	size_t n;
	double x = f->def;

	if (f->when != NULL && v < 0)
		return 0;
	if (sp_json_emit_lkey(j, f->name, e) < 0)
		return -1;
	switch (f->type) {
	case SP_SIDEJSON_TEXT:
		if (v < 0 || sp_cbor_text(d, (size_t)v, &p, &n) < 0) {
			p = "";
			n = 0;
		}
		return sp_json_emit_str(j, p, n, e);
	case SP_SIDEJSON_INT:
		return put_int(j, d, v, (int64_t)f->def, e);
	case SP_SIDEJSON_FLOAT:
		if (v >= 0 && sp_cbor_number(d, (size_t)v, &x) < 0)
			x = f->def;
		return sp_json_emit_f64(j, x, e);
	default:
		return put_list(j, d, v, f->type == SP_SIDEJSON_MATRIX, e);
	}
}

/* The fields of kind k's record at rec, in an object. */
static int
put_record(struct sp_json_emit *j, const struct sp_cbor *d, long rec,
    const struct sp_sidejson_kind *k, struct sp_err *e)
{
	size_t i;

	if (sp_json_emit_open(j, '{', e) < 0)
		return -1;
	for (i = 0; i < k->nfields; i++)
		if (put_field(j, d, rec, &k->fields[i], e) < 0)
			return -1;
	return sp_json_emit_close(j, e);
}

/* Whether the n bytes at p are a decimal number, and which. */
static int
numeric(const uint8_t *p, size_t n, uint64_t *num)
{
	size_t q;

	*num = 0;
	if (n == 0 || n >= 20)
		return 0;
	for (q = 0; q < n; q++) {
		if (p[q] < '0' || p[q] > '9')
			return 0;
		*num = *num * 10 + (uint64_t)(p[q] - '0');
	}
	return 1;
}

/* The groups of the image at img, as (name, node), in the image's order. */
static int
image_groups(const struct sp_cbor *d, long img,
    struct sp_sidejson_named **out, size_t *n, struct sp_err *e)
{
	long g = img >= 0 ? sp_cbor_map_get(d, (size_t)img,
	    SP_SIDEJSON_GROUPS) : -1;
	const struct sp_cbor_node *m;
	size_t k, i;

	*out = NULL;
	*n = 0;
	if (g < 0 || (m = sp_cbor_node(d, (size_t)g))->type != SP_CBOR_NODE_MAP)
		return 0;
	if ((*out = calloc(m->u + 1, sizeof **out)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (k = 0, i = (size_t)g + 1; k < m->u; k++) {
		const struct sp_cbor_node *key = sp_cbor_node(d, i);
		struct sp_sidejson_named *t = &(*out)[*n];

		i = sp_cbor_next(d, i);
		if (key->type == SP_CBOR_NODE_TEXT &&
		    sp_cbor_node(d, i)->type == SP_CBOR_NODE_MAP) {
			t->p = (const char *)key->p;
			t->n = key->len;
			t->node = (long)i;
			t->at = *n;
			t->numeric = numeric(key->p, key->len, &t->num);
			(*n)++;
		}
		i = sp_cbor_next(d, i);
	}
	return 0;
}

/* likwid's groups are named by the tag attribute (escaped): its text. */
static void
name_by_tag(const struct sp_cbor *d, struct sp_sidejson_named *g, size_t n)
{
	const struct sp_sidejson_field tag = { LIKWID_TAG, SP_SIDEJSON_ATTR,
		SP_SIDEJSON_TEXT, 0, NULL };
	size_t k;

	for (k = 0; k < n; k++) {
		long v = field_node(d, g[k].node, &tag);

		if (v < 0 || sp_cbor_text(d, (size_t)v, &g[k].p, &g[k].n) < 0) {
			g[k].p = "";
			g[k].n = 0;
		}
	}
}

/*
 * The records of a tagged or numbered image: likwid's {tag: record},
 * tags in order, or line_profile's [record, ...], in numeric group
 * order.
 */
static int
put_records(struct sp_json_emit *j, const struct sp_sidejson_kind *kind,
    const struct sp_cbor *d, long img, size_t *nrec, struct sp_err *e)
{
	int tagged = kind->layout == SP_SIDEJSON_TAGGED;
	struct sp_sidejson_named *g = NULL;
	size_t n = 0, k;
	int rc = -1;

	if (image_groups(d, tagged ? image_part(d, img, SP_SIDEJSON_GROUPS,
	    LIKWID_REGIONS) : img, &g, &n, e) < 0)
		return -1;
	if (tagged)
		name_by_tag(d, g, n);
	if (n > 1)
		qsort(g, n, sizeof *g, tagged ? sp_sidejson_by_name :
		    sp_sidejson_by_number);
	if (sp_json_emit_open(j, tagged ? '{' : '[', e) < 0)
		goto out;
	for (k = 0; k < n; k++) {
		/* a repeated tag: the last group wins, as in a dict */
		if (tagged && k + 1 < n && g[k + 1].n == g[k].n &&
		    memcmp(g[k + 1].p, g[k].p, g[k].n) == 0)
			continue;
		if ((tagged ? sp_json_emit_key(j, g[k].p, g[k].n, e) :
		    sp_json_emit_elem(j, e)) < 0 ||
		    put_record(j, d, g[k].node, kind, e) < 0)
			goto out;
		++*nrec;
	}
	rc = sp_json_emit_close(j, e);
out:
	free(g);
	return rc;
}

/* A region's path, as the groups are walked. */
struct path {
	char *p;
	size_t cap;
};

/* path[len] = "/" (past the first) + name; the new length. */
static int
path_push(struct path *pa, size_t len, const char *name, size_t n,
    size_t *out, struct sp_err *e)
{
	size_t plen = len + (len > 0) + n;

	if (plen + 1 > pa->cap) {
		char *p = realloc(pa->p, plen + 1);

		if (p == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		pa->p = p;
		pa->cap = plen + 1;
	}
	if (len > 0)
		pa->p[len] = '/';
	memcpy(pa->p + len + (len > 0), name, n);
	*out = plen;
	return 0;
}

/* A region's record: {calls, values: {event: total}}. */
static int
put_totals(struct sp_json_emit *j, const struct sp_sidejson_kind *kind,
    const struct sp_cbor *d, long rec, struct sp_err *e)
{
	long names = image_part(d, rec, SP_SIDEJSON_ATTRS, PERF_NAMES);
	long vals = image_part(d, rec, SP_SIDEJSON_DATASETS, PERF_VALUES);
	const struct sp_cbor_node *nv = names >= 0 ?
	    sp_cbor_node(d, (size_t)names) :
	    NULL;
	const struct sp_cbor_node *vv = vals >= 0 ?
	    sp_cbor_node(d, (size_t)vals) :
	    NULL;
	size_t m = 0, q, ni = (size_t)names + 1, vi = (size_t)vals + 1, i;

	if (nv != NULL && nv->type == SP_CBOR_NODE_ARRAY && vv != NULL &&
	    vv->type == SP_CBOR_NODE_ARRAY)
		m = nv->u < vv->u ? nv->u : vv->u;
	if (sp_json_emit_open(j, '{', e) < 0)
		return -1;
	for (i = 0; i < kind->nfields; i++)
		if (put_field(j, d, rec, &kind->fields[i], e) < 0)
			return -1;
	if (sp_json_emit_lkey(j, PERF_VALUES, e) < 0 ||
	    sp_json_emit_open(j, '{', e) < 0)
		return -1;
	for (q = 0; q < m; q++) {
		const char *p;
		size_t pn;

		if (sp_cbor_text(d, ni, &p, &pn) < 0) {
			p = "";
			pn = 0;
		}
		if (sp_json_emit_key(j, p, pn, e) < 0 ||
		    sp_json_emit_cbor(j, d, vi, e) < 0)
			return -1;
		ni = sp_cbor_next(d, ni);
		vi = sp_cbor_next(d, vi);
	}
	if (sp_json_emit_close(j, e) < 0)
		return -1;
	return sp_json_emit_close(j, e);
}

/*
 * perf_events: "region": record for each group under img that holds
 * totals, named by its path, depth first in the image's order.
 */
static int
put_paths(struct sp_json_emit *j, const struct sp_sidejson_kind *kind,
    const struct sp_cbor *d, long img, struct path *pa, size_t len,
    size_t *nrec, struct sp_err *e)
{
	struct sp_sidejson_named *g = NULL;
	size_t n = 0, k, plen = 0;
	int rc = -1;

	if (image_groups(d, img, &g, &n, e) < 0)
		return -1;
	for (k = 0; k < n; k++) {
		long r = g[k].node;

		if (path_push(pa, len, g[k].p, g[k].n, &plen, e) < 0)
			goto out;
		if (image_part(d, r, SP_SIDEJSON_ATTRS, PERF_CALLS) >= 0 ||
		    image_part(d, r, SP_SIDEJSON_DATASETS, PERF_VALUES) >= 0) {
			if (sp_json_emit_key(j, pa->p, plen, e) < 0 ||
			    put_totals(j, kind, d, r, e) < 0)
				goto out;
			++*nrec;
		}
		if (put_paths(j, kind, d, r, pa, plen, nrec, e) < 0)
			goto out;
	}
	rc = 0;
out:
	free(g);
	return rc;
}

int
sp_sidejson_put(struct sp_json_emit *j, const struct sp_sidejson_kind *k,
    const struct sp_cbor *d, size_t img, size_t *nrecords, struct sp_err *e)
{
	struct path pa = { NULL, 0 };
	size_t n = 0;
	int rc;

	if (k->layout != SP_SIDEJSON_PATHS) {
		rc = put_records(j, k, d, (long)img, &n, e);
	} else {
		rc = sp_json_emit_open(j, '{', e);
		if (rc == 0)
			rc = put_paths(j, k, d, (long)img, &pa, 0, &n, e);
		if (rc == 0)
			rc = sp_json_emit_close(j, e);
		free(pa.p);
	}
	if (nrecords != NULL)
		*nrecords = n;
	return rc;
}
