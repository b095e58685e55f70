/*
 * sp_sidejson_image(): the image of the HDF5 group that a document's
 * value for one rank came from, as sp_h5_group_cbor would have made it,
 * as far as JSON v1 tells: each field typed as HDF5 stores it.
 */
#include "sp_sidejson_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A number as a float (null: NaN), or an int for int fields. */
static void
cbor_num(struct sp_cbuf *b, const struct sp_jvalue *v, int as_float)
{
	int64_t x;

	if (as_float) {
		sp_cbuf_double(b, v != NULL && (v->t == SP_JNUM ||
		    v->t == SP_JNULL) ? sp_jvalue_num(v, 0) : 0);
		return;
	}
	sp_cbuf_int(b, sp_jvalue_int(v, &x) ? x : 0);
}

/* A list of numbers (dims 1) or of lists of them (dims 2); else []. */
static void
cbor_nums(struct sp_cbuf *b, const struct sp_jvalue *v, int as_float,
    int dims)
{
	size_t i;

	if (v == NULL || v->t != SP_JARR) {
		sp_cbuf_array(b, 0);
		return;
	}
	sp_cbuf_array(b, v->nk);
	for (i = 0; i < v->nk; i++) {
		if (dims == 2)
			cbor_nums(b, v->kid[i], as_float, 1);
		else
			cbor_num(b, v->kid[i], as_float);
	}
}

/* A list of text ("" for what is not); else []. */
static void
cbor_texts(struct sp_cbuf *b, const struct sp_jvalue *v)
{
	const char *s;
	size_t i, n;

	if (v == NULL || v->t != SP_JARR) {
		sp_cbuf_array(b, 0);
		return;
	}
	sp_cbuf_array(b, v->nk);
	for (i = 0; i < v->nk; i++) {
		s = sp_jvalue_str(v->kid[i], &n);
		sp_cbuf_text(b, s, n);
	}
}

static void
field_image(struct sp_cbuf *b, const struct sp_sidejson_field *f,
    const struct sp_jvalue *v)
{
	const char *s;
	size_t n;
	int64_t x;

	switch (f->type) {
	case SP_SIDEJSON_TEXT:
		s = sp_jvalue_str(v, &n);
		sp_cbuf_text(b, s, n);
		break;
	case SP_SIDEJSON_INT:
		sp_cbuf_int(b, sp_jvalue_int(v, &x) ? x : (int64_t)f->def);
		break;
	case SP_SIDEJSON_FLOAT:
		sp_cbuf_double(b, sp_jvalue_num(v, f->def));
		break;
	case SP_SIDEJSON_TEXTS:
		cbor_texts(b, v);
		break;
	case SP_SIDEJSON_INTS:
		cbor_nums(b, v, 0, 1);
		break;
	case SP_SIDEJSON_FLOATS:
		cbor_nums(b, v, 1, 1);
		break;
	case SP_SIDEJSON_MATRIX:
		cbor_nums(b, v, 1, 2);
		break;
	}
}

/* The fields of a part that record rec has, in name order (as HDF5). */
static size_t
part_fields(const struct sp_sidejson_kind *k, enum sp_sidejson_part part,
    const struct sp_jvalue *rec, const struct sp_sidejson_field **out)
{
	size_t i, j, n = 0;

	for (i = 0; i < k->nfields && n < FIELDS_MAX; i++) {
		const struct sp_sidejson_field *f = &k->fields[i];
		const struct sp_jvalue *w;

		if (f->part != part)
			continue;
		if (f->when != NULL && ((w = sp_jvalue_get(rec, f->when)) ==
		    NULL || w->t != SP_JSTR))
			continue;
		for (j = n++; j > 0 && strcmp(out[j - 1]->name, f->name) > 0;
		    j--)
			out[j] = out[j - 1];
		out[j] = f;
	}
	return n;
}

/* Parts with nothing in them: "attrs": {}, "datasets": {}. */
static void
no_data(struct sp_cbuf *b)
{
	sp_cbuf_cstr(b, SP_SIDEJSON_ATTRS);
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, SP_SIDEJSON_DATASETS);
	sp_cbuf_map(b, 0);
}

/* The group of one record: its fields, and no groups. */
static void
record_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *rec)
{
	static const enum sp_sidejson_part parts[2] = { SP_SIDEJSON_ATTR,
		SP_SIDEJSON_DATASET };
	const struct sp_sidejson_field *f[FIELDS_MAX];
	size_t p, i, n;

	sp_cbuf_map(b, 3);
	for (p = 0; p < 2; p++) {
		n = part_fields(k, parts[p], rec, f);
		sp_cbuf_cstr(b, sp_sidejson_part_name(parts[p]));
		sp_cbuf_map(b, n);
		for (i = 0; i < n; i++) {
			sp_cbuf_cstr(b, f[i]->name);
			field_image(b, f[i], sp_jvalue_get(rec, f[i]->name));
		}
	}
	sp_cbuf_cstr(b, SP_SIDEJSON_GROUPS);
	sp_cbuf_map(b, 0);
}

/* Records named in g (n of them), in name order, as groups. */
static void
groups_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    struct sp_sidejson_named *g, size_t n)
{
	size_t i;

	if (n > 1)
		qsort(g, n, sizeof *g, sp_sidejson_by_name);
	sp_cbuf_cstr(b, SP_SIDEJSON_GROUPS);
	sp_cbuf_map(b, n);
	for (i = 0; i < n; i++) {
		sp_cbuf_text(b, g[i].p, g[i].n);
		record_image(b, k, g[i].v);
	}
}

static void
names_free(struct sp_sidejson_named *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(g[i].own);
	free(g);
}

/* likwid[rank]: {tag: record} as groups/regions/<tag, "/" as "|">. */
static int
tagged_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *tags)
{
	struct sp_sidejson_named *g = calloc(tags->nk + 1, sizeof *g);
	size_t i, q;

	if (g == NULL)
		return -1;
	for (i = 0; i < tags->nk; i++) {
		const struct sp_jvalue *tag = sp_jvalue_get(tags->kid[i],
		    LIKWID_TAG);
		int own = tag != NULL && tag->t == SP_JSTR;

		g[i].n = own ? tag->n : tags->klen[i];
		if ((g[i].own = malloc(g[i].n + 1)) == NULL) {
			names_free(g, i);
			return -1;
		}
		memcpy(g[i].own, own ? tag->s : tags->key[i], g[i].n);
		g[i].own[g[i].n] = '\0';
		for (q = 0; q < g[i].n; q++)
			if (g[i].own[q] == '/')
				g[i].own[q] = '|';
		g[i].p = g[i].own;
		g[i].v = tags->kid[i];
		g[i].at = i;
	}
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, SP_SIDEJSON_ATTRS);
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, LIKWID_COUNT);
	sp_cbuf_int(b, (int64_t)tags->nk);
	sp_cbuf_cstr(b, SP_SIDEJSON_DATASETS);
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, SP_SIDEJSON_GROUPS);
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, LIKWID_REGIONS);
	sp_cbuf_map(b, 3);
	no_data(b);
	groups_image(b, k, g, tags->nk);
	names_free(g, tags->nk);
	return 0;
}

/* line_profile[rank]: [record, ...] as groups "0", "1", ... */
static int
numbered_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *recs)
{
	struct sp_sidejson_named *g = calloc(recs->nk + 1, sizeof *g);
	size_t i;

	if (g == NULL)
		return -1;
	for (i = 0; i < recs->nk; i++) {
		char num[24];
		int n = snprintf(num, sizeof num, "%zu", i);

		if ((g[i].own = malloc((size_t)n + 1)) == NULL) {
			names_free(g, i);
			return -1;
		}
		memcpy(g[i].own, num, (size_t)n + 1);
		g[i].p = g[i].own;
		g[i].n = (size_t)n;
		g[i].v = recs->kid[i];
		g[i].at = i;
	}
	sp_cbuf_map(b, 3);
	no_data(b);
	groups_image(b, k, g, recs->nk);
	names_free(g, recs->nk);
	return 0;
}

/* perf_events: region names split at "/" into nested groups. */
struct pnode {
	struct sp_sidejson_named name;	/* first: sorted as names */
	struct pnode *kid;
	size_t nk, cap;
};

static void
pnode_free(struct pnode *p)
{
	size_t i;

	for (i = 0; i < p->nk; i++)
		pnode_free(&p->kid[i]);
	free(p->kid);
	free(p->name.own);
}

/* The child of at named by the n bytes at s, added if need be. */
static struct pnode *
pnode_child(struct pnode *at, const char *s, size_t n)
{
	struct pnode *c;
	size_t k;

	for (k = 0; k < at->nk; k++)
		if (at->kid[k].name.n == n &&
		    memcmp(at->kid[k].name.p, s, n) == 0)
			return &at->kid[k];
	if (at->nk == at->cap) {
		size_t cap = at->cap ? at->cap * 2 : 4;
		struct pnode *q = realloc(at->kid, cap * sizeof *q);

		if (q == NULL)
			return NULL;
		at->kid = q;
		at->cap = cap;
	}
	c = &at->kid[at->nk];
	memset(c, 0, sizeof *c);
	if ((c->name.own = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(c->name.own, s, n);
	c->name.own[n] = '\0';
	c->name.p = c->name.own;
	c->name.n = n;
	at->nk++;
	return c;
}

static int
pnode_add(struct pnode *root, const char *path, size_t n,
    const struct sp_jvalue *v)
{
	struct pnode *at = root;
	size_t i = 0;

	for (;;) {
		const char *slash = memchr(path + i, '/', n - i);
		size_t len = slash != NULL ? (size_t)(slash - path) - i : n - i;

		if ((at = pnode_child(at, path + i, len)) == NULL)
			return -1;
		if (slash == NULL)
			break;
		i += len + 1;
	}
	at->name.v = v;
	return 0;
}

/* A region's record: calls, and values as event_names and values. */
static void
totals_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *rec)
{
	const struct sp_jvalue *vals = sp_jvalue_get(rec, PERF_VALUES);
	size_t i, nv = vals != NULL && vals->t == SP_JOBJ ? vals->nk : 0;

	sp_cbuf_cstr(b, SP_SIDEJSON_ATTRS);
	sp_cbuf_map(b, k->nfields + 1);
	for (i = 0; i < k->nfields; i++) {
		sp_cbuf_cstr(b, k->fields[i].name);
		field_image(b, &k->fields[i], sp_jvalue_get(rec,
		    k->fields[i].name));
	}
	sp_cbuf_cstr(b, PERF_NAMES);
	sp_cbuf_array(b, nv);
	for (i = 0; i < nv; i++)
		sp_cbuf_text(b, vals->key[i], vals->klen[i]);
	sp_cbuf_cstr(b, SP_SIDEJSON_DATASETS);
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, PERF_VALUES);
	sp_cbuf_array(b, nv);
	for (i = 0; i < nv; i++) {
		const struct sp_jvalue *x = vals->kid[i];

		/* strtoull's reading of the number text, as sp-read has it */
		sp_cbuf_uint(b, x->t == SP_JNUM ? strtoull(x->s, NULL, 10) : 0);
	}
}

static void
pnode_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    struct pnode *p)
{
	size_t i;

	if (p->nk > 1)
		qsort(p->kid, p->nk, sizeof *p->kid, sp_sidejson_by_name);
	sp_cbuf_map(b, 3);
	if (p->name.v == NULL)
		no_data(b);
	else
		totals_image(b, k, p->name.v);
	sp_cbuf_cstr(b, SP_SIDEJSON_GROUPS);
	sp_cbuf_map(b, p->nk);
	for (i = 0; i < p->nk; i++) {
		sp_cbuf_text(b, p->kid[i].name.p, p->kid[i].name.n);
		pnode_image(b, k, &p->kid[i]);
	}
}

/* perf_events[rank]: {region: record} as nested groups. */
static int
paths_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *regions)
{
	struct pnode root;
	size_t i;
	int rc = 0;

	memset(&root, 0, sizeof root);
	for (i = 0; i < regions->nk && rc == 0; i++)
		if (regions->kid[i]->t == SP_JOBJ)
			rc = pnode_add(&root, regions->key[i],
			    regions->klen[i], regions->kid[i]);
	if (rc == 0)
		pnode_image(b, k, &root);
	pnode_free(&root);
	return rc;
}

int
sp_sidejson_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *v)
{
	int rc;

	switch (k->layout) {
	case SP_SIDEJSON_TAGGED:
		if (v->t != SP_JOBJ)
			return 0;
		rc = tagged_image(b, k, v);
		break;
	case SP_SIDEJSON_NUMBERED:
		if (v->t != SP_JARR)
			return 0;
		rc = numbered_image(b, k, v);
		break;
	default:
		if (v->t != SP_JOBJ)
			return 0;
		rc = paths_image(b, k, v);
		break;
	}
	return rc < 0 ? -1 : 1;
}
