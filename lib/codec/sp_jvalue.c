#include "sp_jvalue.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sp_jvalue *
sp_jvalue_new(enum sp_jvalue_type t)
{
	struct sp_jvalue *v = calloc(1, sizeof *v);

	if (v != NULL)
		v->t = t;
	return v;
}

struct sp_jvalue *
sp_jvalue_new_text(enum sp_jvalue_type t, const char *p, size_t n)
{
	struct sp_jvalue *v = sp_jvalue_new(t);

	if (v == NULL || (v->s = malloc(n + 1)) == NULL) {
		free(v);
		return NULL;
	}
	memcpy(v->s, p, n);
	v->s[n] = '\0';
	v->n = n;
	return v;
}

void
sp_jvalue_free(struct sp_jvalue *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->nk; i++) {
		sp_jvalue_free(v->kid[i]);
		if (v->key != NULL)
			free(v->key[i]);
	}
	free(v->kid);
	free(v->key);
	free(v->klen);
	free(v->s);
	free(v);
}

/* Room for one more child of p. */
static int
grow(struct sp_jvalue *p)
{
	size_t cap = p->cap ? p->cap * 2 : 8;
	struct sp_jvalue **kid;
	char **key;
	size_t *klen;

	if ((kid = realloc(p->kid, cap * sizeof *kid)) == NULL)
		return -1;
	p->kid = kid;
	if (p->t == SP_JOBJ) {
		if ((key = realloc(p->key, cap * sizeof *key)) == NULL)
			return -1;
		p->key = key;
		if ((klen = realloc(p->klen, cap * sizeof *klen)) == NULL)
			return -1;
		p->klen = klen;
	}
	p->cap = cap;
	return 0;
}

int
sp_jvalue_append(struct sp_jvalue *p, char *k, size_t kn,
    struct sp_jvalue *v)
{
	if (p->nk == p->cap && grow(p) < 0)
		return -1;
	if (p->t == SP_JOBJ) {
		p->key[p->nk] = k;
		p->klen[p->nk] = kn;
	}
	p->kid[p->nk++] = v;
	return 0;
}

const struct sp_jvalue *
sp_jvalue_get(const struct sp_jvalue *o, const char *key)
{
	size_t i, n = strlen(key);

	if (o == NULL || o->t != SP_JOBJ)
		return NULL;
	/* a repeated key: the last one wins, as in json.loads */
	for (i = o->nk; i-- > 0;)
		if (o->klen[i] == n && memcmp(o->key[i], key, n) == 0)
			return o->kid[i];
	return NULL;
}

int
sp_jvalue_text_int(const char *s, int64_t *out)
{
	char *end;
	double d;

	errno = 0;
	if (strpbrk(s, ".eE") == NULL) {
		long long x = strtoll(s, &end, 10);

		if (errno != 0 || *end != '\0')
			return 0;
		*out = x;
		return 1;
	}
	d = strtod(s, &end);
	if (*end != '\0' || d != floor(d) || d < -9.2e18 || d > 9.2e18)
		return 0;
	*out = (int64_t)d;
	return 1;
}

int
sp_jvalue_int(const struct sp_jvalue *v, int64_t *out)
{
	if (v == NULL || v->t != SP_JNUM)
		return 0;
	return sp_jvalue_text_int(v->s, out);
}

double
sp_jvalue_num(const struct sp_jvalue *v, double def)
{
	if (v == NULL)
		return def;
	if (v->t == SP_JNULL)
		return NAN;	/* a non-finite float, written as null */
	if (v->t != SP_JNUM)
		return def;
	return strtod(v->s, NULL);
}

const char *
sp_jvalue_str(const struct sp_jvalue *v, size_t *n)
{
	if (v == NULL || v->t != SP_JSTR) {
		*n = 0;
		return "";
	}
	*n = v->n;
	return v->s;
}

/* A number: an int, a u64 above int64 kept whole (as sp-read does), else
 * a double. */
static void
number_cbor(struct sp_cbuf *b, const struct sp_jvalue *v)
{
	unsigned long long u;
	char *end;
	int64_t x;

	if (strpbrk(v->s, ".eE") == NULL && sp_jvalue_int(v, &x)) {
		sp_cbuf_int(b, x);
		return;
	}
	if (strpbrk(v->s, ".eE-") == NULL) {
		errno = 0;
		u = strtoull(v->s, &end, 10);
		if (errno == 0 && *end == '\0') {
			sp_cbuf_uint(b, u);
			return;
		}
	}
	sp_cbuf_double(b, strtod(v->s, NULL));
}

void
sp_jvalue_cbor(struct sp_cbuf *b, const struct sp_jvalue *v)
{
	size_t i;

	switch (v->t) {
	case SP_JNULL:
		sp_cbuf_null(b);
		break;
	case SP_JBOOL:
		sp_cbuf_bool(b, v->b);
		break;
	case SP_JSTR:
		sp_cbuf_text(b, v->s, v->n);
		break;
	case SP_JNUM:
		number_cbor(b, v);
		break;
	case SP_JARR:
		sp_cbuf_array(b, v->nk);
		for (i = 0; i < v->nk; i++)
			sp_jvalue_cbor(b, v->kid[i]);
		break;
	case SP_JOBJ:
		sp_cbuf_map(b, v->nk);
		for (i = 0; i < v->nk; i++) {
			sp_cbuf_text(b, v->key[i], v->klen[i]);
			sp_jvalue_cbor(b, v->kid[i]);
		}
		break;
	}
}

/* --- building --- */

void
sp_jvalue_build_begin(struct sp_jvalue_build *b)
{
	memset(b, 0, sizeof *b);
}

void
sp_jvalue_build_clear(struct sp_jvalue_build *b)
{
	sp_jvalue_free(b->root);
	free(b->key);
	sp_jvalue_build_begin(b);
}

void
sp_jvalue_build_key(struct sp_jvalue_build *b, char *k, size_t n)
{
	free(b->key);
	b->key = k;
	b->keylen = n;
}

int
sp_jvalue_build_value(struct sp_jvalue_build *b, struct sp_jvalue *v)
{
	if (v == NULL)
		return -1;
	if (b->depth == 0) {
		b->root = v;
	} else {
		if (sp_jvalue_append(b->open[b->depth - 1], b->key, b->keylen,
		    v) < 0) {
			sp_jvalue_free(v);
			return -1;
		}
		b->key = NULL;
	}
	if (v->t == SP_JARR || v->t == SP_JOBJ) {
		if (b->depth == SP_JVALUE_BUILD_DEPTH)
			return -2;
		b->open[b->depth++] = v;
		return 0;
	}
	return b->depth == 0;
}

int
sp_jvalue_build_end(struct sp_jvalue_build *b)
{
	return --b->depth == 0;
}

struct sp_jvalue *
sp_jvalue_build_take(struct sp_jvalue_build *b)
{
	struct sp_jvalue *v = b->root;

	b->root = NULL;
	return v;
}
