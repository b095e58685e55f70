#include "sp_json_emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_utf8.h"

static const char spaces[] =
	"                                                                "
	"                                                                ";

struct level {
	char closer;
	char first;		/* no element written yet */
};

struct sp_json_emit {
	struct sp_jsonw *w;
	int indent;
	int base;		/* depth of the first value */
	struct level *lv;
	size_t n, cap;
	char *sep;		/* separator scratch for sp_json_emit_i64s */
	size_t sepcap;
	enum sp_json_emit_nonfinite nonfinite;
};

struct sp_json_emit *
sp_json_emit_new(struct sp_jsonw *w, int indent, int depth, struct sp_err *e)
{
	struct sp_json_emit *o = calloc(1, sizeof *o);

	if (o == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	o->w = w;
	o->indent = indent < 0 ? -1 : indent;
	o->base = depth < 0 ? 0 : depth;
	return o;
}

void
sp_json_emit_free(struct sp_json_emit *o)
{
	if (o == NULL)
		return;
	free(o->lv);
	free(o->sep);
	free(o);
}

struct sp_jsonw *
sp_json_emit_writer(const struct sp_json_emit *o)
{
	return o->w;
}

static size_t
depth(const struct sp_json_emit *o)
{
	return (size_t)o->base + o->n;
}

static int
put_spaces(struct sp_json_emit *o, size_t n, struct sp_err *e)
{
	while (n > 0) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;

		if (sp_jsonw_raw(o->w, spaces, k, e) < 0)
			return -1;
		n -= k;
	}
	return 0;
}

/* The separator before an element of the innermost container. */
static int
sep(struct sp_json_emit *o, struct sp_err *e)
{
	struct level *l;

	if (o->n == 0)
		return 0;	/* the value of a fragment */
	l = &o->lv[o->n - 1];
	if (o->indent < 0) {
		if (!l->first && sp_jsonw_raw(o->w, ", ", 2, e) < 0)
			return -1;
	} else {
		if (sp_jsonw_raw(o->w, l->first ? "\n" : ",\n",
		    l->first ? 1 : 2, e) < 0 ||
		    put_spaces(o, (size_t)o->indent * depth(o), e) < 0)
			return -1;
	}
	l->first = 0;
	return 0;
}

static int
push(struct sp_json_emit *o, char bracket, int first, struct sp_err *e)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 16;
		struct level *v = realloc(o->lv, cap * sizeof *v);

		if (v == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		o->lv = v;
		o->cap = cap;
	}
	o->lv[o->n].closer = bracket == '{' ? '}' : ']';
	o->lv[o->n].first = (char)(first != 0);
	o->n++;
	return 0;
}

int
sp_json_emit_resume(struct sp_json_emit *o, char bracket, int first,
    struct sp_err *e)
{
	return push(o, bracket, first, e);
}

void
sp_json_emit_leave(struct sp_json_emit *o)
{
	if (o->n > 0)
		o->n--;
}

void
sp_json_emit_touch(struct sp_json_emit *o)
{
	if (o->n > 0)
		o->lv[o->n - 1].first = 0;
}

int
sp_json_emit_open(struct sp_json_emit *o, char bracket, struct sp_err *e)
{
	if (sp_jsonw_raw(o->w, bracket == '{' ? "{" : "[", 1, e) < 0)
		return -1;
	return push(o, bracket, 1, e);
}

int
sp_json_emit_close(struct sp_json_emit *o, struct sp_err *e)
{
	struct level l;

	if (o->n == 0)
		return sp_fail(e, SP_EUSAGE, "JSON: close without open");
	l = o->lv[--o->n];
	if (!l.first && o->indent >= 0 &&
	    (sp_jsonw_raw(o->w, "\n", 1, e) < 0 ||
	    put_spaces(o, (size_t)o->indent * depth(o), e) < 0))
		return -1;
	return sp_jsonw_raw(o->w, &l.closer, 1, e);
}

int
sp_json_emit_key(struct sp_json_emit *o, const char *key, size_t n,
    struct sp_err *e)
{
	if (sep(o, e) < 0 || sp_jsonw_str(o->w, key, n, e) < 0)
		return -1;
	return sp_jsonw_raw(o->w, ": ", 2, e);
}

int
sp_json_emit_lkey(struct sp_json_emit *o, const char *key, struct sp_err *e)
{
	size_t n = strlen(key);

	if (sep(o, e) < 0 || sp_jsonw_raw(o->w, "\"", 1, e) < 0 ||
	    sp_jsonw_raw(o->w, key, n, e) < 0)
		return -1;
	return sp_jsonw_raw(o->w, "\": ", 3, e);
}

int
sp_json_emit_elem(struct sp_json_emit *o, struct sp_err *e)
{
	return sep(o, e);
}

int
sp_json_emit_str(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e)
{
	return sp_jsonw_str(o->w, s, n, e);
}

int
sp_json_emit_i64(struct sp_json_emit *o, int64_t v, struct sp_err *e)
{
	return sp_jsonw_i64(o->w, v, e);
}

int
sp_json_emit_u64(struct sp_json_emit *o, uint64_t v, struct sp_err *e)
{
	char *p;

	if ((p = sp_jsonw_reserve(o->w, SP_FMT_MAX, e)) == NULL)
		return -1;
	sp_jsonw_commit(o->w, sp_fmt_u64(p, v));
	return 0;
}

void
sp_json_emit_set_nonfinite(struct sp_json_emit *o,
    enum sp_json_emit_nonfinite how)
{
	o->nonfinite = how;
}

int
sp_json_emit_f64(struct sp_json_emit *o, double v, struct sp_err *e)
{
	if (isfinite(v))
		return sp_jsonw_double(o->w, v, e);
	if (o->nonfinite == SP_JSON_EMIT_NULL)
		return sp_jsonw_raw(o->w, "null", 4, e);
	if (isnan(v))
		return sp_jsonw_raw(o->w, "NaN", 3, e);
	return v < 0 ? sp_jsonw_raw(o->w, "-Infinity", 9, e) :
	    sp_jsonw_raw(o->w, "Infinity", 8, e);
}

int
sp_json_emit_bool(struct sp_json_emit *o, int v, struct sp_err *e)
{
	return v ? sp_jsonw_raw(o->w, "true", 4, e) :
	    sp_jsonw_raw(o->w, "false", 5, e);
}

int
sp_json_emit_null(struct sp_json_emit *o, struct sp_err *e)
{
	return sp_jsonw_raw(o->w, "null", 4, e);
}

int
sp_json_emit_raw(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e)
{
	return sp_jsonw_raw(o->w, s, n, e);
}

/*
 * Integers in decimal, faster than sp_fmt_i64 for the long columns of
 * nanosecond timestamps: the number is cut into 8-digit pieces done in
 * 32-bit arithmetic, two digits at a time (sp_fmt_pairs).  The digits
 * are the same.
 */

/* Exactly 8 digits of x < 10^8. */
static inline void
put8(char *p, uint32_t x)
{
	uint32_t a = x / 10000, b = x % 10000;

	memcpy(p, sp_fmt_pairs + 2 * (a / 100), 2);
	memcpy(p + 2, sp_fmt_pairs + 2 * (a % 100), 2);
	memcpy(p + 4, sp_fmt_pairs + 2 * (b / 100), 2);
	memcpy(p + 6, sp_fmt_pairs + 2 * (b % 100), 2);
}

/* The digits of x < 10^8, no leading zeros. */
static inline size_t
put_small(char *p, uint32_t x)
{
	char buf[8];
	size_t n;

	if (x < 10) {
		*p = (char)('0' + x);
		return 1;
	}
	if (x < 100) {
		memcpy(p, sp_fmt_pairs + 2 * x, 2);
		return 2;
	}
	put8(buf, x);
	n = x < 1000 ? 3 : x < 10000 ? 4 : x < 100000 ? 5 : x < 1000000 ?
	    6 : x < 10000000 ? 7 : 8;
	memcpy(p, buf + 8 - n, n);
	return n;
}

/*
 * Forced inline: gcc 12 leaves it out of line in sp_json_emit_i64s's loop once
 * the digit table is another file's, and sp-json pays 2% for the calls.
 */
static inline __attribute__((always_inline)) size_t
put_i64(char *p, int64_t v)
{
	uint64_t u = (uint64_t)v;
	size_t k = 0;

	if (v < 0) {
		p[k++] = '-';
		u = 0 - u;
	}
	if (u < 100000000)
		return k + put_small(p + k, (uint32_t)u);
	if (u < 10000000000000000ULL) {
		k += put_small(p + k, (uint32_t)(u / 100000000));
		put8(p + k, (uint32_t)(u % 100000000));
		return k + 8;
	}
	k += put_small(p + k, (uint32_t)(u / 10000000000000000ULL));
	u %= 10000000000000000ULL;
	put8(p + k, (uint32_t)(u / 100000000));
	put8(p + k + 8, (uint32_t)(u % 100000000));
	return k + 16;
}

int
sp_json_emit_i64s(struct sp_json_emit *o, const int64_t *v, size_t n,
    struct sp_err *e)
{
	struct level *l;
	size_t seplen, i = 0;

	if (n == 0)
		return 0;
	if (o->n == 0)
		return sp_fail(e, SP_EUSAGE, "JSON: elements outside an array");
	l = &o->lv[o->n - 1];
	/* The separator of every element but a container's first. */
	seplen = o->indent < 0 ? 2 : 2 + (size_t)o->indent * depth(o);
	if (seplen > o->sepcap) {
		char *p = realloc(o->sep, seplen);

		if (p == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		o->sep = p;
		o->sepcap = seplen;
	}
	if (o->indent < 0) {
		memcpy(o->sep, ", ", 2);
	} else {
		memcpy(o->sep, ",\n", 2);
		memset(o->sep + 2, ' ', seplen - 2);
	}
	if (l->first) {
		if (sep(o, e) < 0 || sp_jsonw_i64(o->w, v[0], e) < 0)
			return -1;
		i = 1;
	}
	if (seplen + SP_FMT_I64_MAX > SP_JSONW_RESERVE_MAX) {
		/* an absurd indent: the slow way */
		for (; i < n; i++)
			if (sp_jsonw_raw(o->w, o->sep, seplen, e) < 0 ||
			    sp_jsonw_i64(o->w, v[i], e) < 0)
				return -1;
		return 0;
	}
	while (i < n) {
		size_t per = seplen + SP_FMT_I64_MAX;
		size_t room = SP_JSONW_RESERVE_MAX / per, k, used = 0;
		char *p = sp_jsonw_reserve(o->w, SP_JSONW_RESERVE_MAX, e);

		if (p == NULL)
			return -1;
		if (room > n - i)
			room = n - i;
		if (seplen == 2) {
			for (k = 0; k < room; k++) {
				memcpy(p + used, o->sep, 2);
				used += 2 + put_i64(p + used + 2, v[i + k]);
			}
		} else {
			for (k = 0; k < room; k++) {
				memcpy(p + used, o->sep, seplen);
				used += seplen;
				used += put_i64(p + used, v[i + k]);
			}
		}
		sp_jsonw_commit(o->w, used);
		i += room;
	}
	return 0;
}

/* --- CBOR values --- */

/* UTF-8 with every invalid byte replaced by U+FFFD, as a JSON string. */
static int
str_replace(struct sp_json_emit *o, const uint8_t *s, size_t n,
    struct sp_err *e)
{
	char *buf = malloc(n * 3 + 1);
	size_t k;
	int rc;

	if (buf == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	k = sp_utf8_repair(s, n, buf);
	rc = sp_jsonw_str(o->w, buf, k, e);
	free(buf);
	return rc;
}

/* -1 - u for a CBOR negative integer u, in decimal. */
static int
negint(struct sp_json_emit *o, uint64_t u, struct sp_err *e)
{
	char buf[SP_FMT_MAX + 2], *p = buf + sizeof buf;
	unsigned __int128 v = (unsigned __int128)u + 1;

	if (u <= (uint64_t)INT64_MAX)
		return sp_json_emit_i64(o, -1 - (int64_t)u, e);
	do {
		*--p = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v > 0);
	*--p = '-';
	return sp_jsonw_raw(o->w, p, (size_t)(buf + sizeof buf - p), e);
}

/* A map key that is not text: its JSON text, as Python's str() of it. */
static int
cbor_key(struct sp_json_emit *o, const struct sp_cbor *d, size_t i,
    struct sp_err *e)
{
	const struct sp_cbor_node *v = sp_cbor_node(d, i);
	char buf[SP_FMT_MAX + 2];
	size_t n;

	if (v->type == SP_CBOR_NODE_TEXT)
		return sp_json_emit_key(o, (const char *)v->p, v->len, e);
	switch (v->type) {
	case SP_CBOR_NODE_UINT:
		n = sp_fmt_u64(buf, v->u);
		break;
	case SP_CBOR_NODE_NEGINT:
		if (v->u > (uint64_t)INT64_MAX)
			return sp_json_emit_key(o, "?", 1, e);
		n = sp_fmt_i64(buf, -1 - (int64_t)v->u);
		break;
	case SP_CBOR_NODE_BOOL:
		n = (size_t)snprintf(buf, sizeof buf, "%s", v->u ? "true" :
		    "false");
		break;
	case SP_CBOR_NODE_FLOAT:
		if (isnan(v->f))
			n = (size_t)snprintf(buf, sizeof buf, "NaN");
		else if (isinf(v->f))
			n = (size_t)snprintf(buf, sizeof buf, "%sInfinity",
			    v->f < 0 ? "-" : "");
		else
			n = sp_fmt_double(buf, v->f);
		break;
	case SP_CBOR_NODE_BYTES:
		return sp_json_emit_key(o, (const char *)v->p, v->len, e);
	default:
		n = (size_t)snprintf(buf, sizeof buf, "null");
		break;
	}
	return sp_json_emit_key(o, buf, n, e);
}

int
sp_json_emit_cbor(struct sp_json_emit *o, const struct sp_cbor *d, size_t i,
    struct sp_err *e)
{
	const struct sp_cbor_node *v = sp_cbor_node(d, i);
	size_t c, k;

	switch (v->type) {
	case SP_CBOR_NODE_UINT:
		return sp_json_emit_u64(o, v->u, e);
	case SP_CBOR_NODE_NEGINT:
		return negint(o, v->u, e);
	case SP_CBOR_NODE_FLOAT:
		return sp_json_emit_f64(o, v->f, e);
	case SP_CBOR_NODE_TEXT:
		return sp_jsonw_str(o->w, (const char *)v->p, v->len, e);
	case SP_CBOR_NODE_BYTES:
		return str_replace(o, v->p, v->len, e);
	case SP_CBOR_NODE_BOOL:
		return sp_json_emit_bool(o, (int)v->u, e);
	case SP_CBOR_NODE_TAG:
		return sp_json_emit_cbor(o, d, i + 1, e);
	case SP_CBOR_NODE_ARRAY:
		if (sp_json_emit_open(o, '[', e) < 0)
			return -1;
		for (c = i + 1, k = 0; k < v->u; k++, c = sp_cbor_next(d, c))
			if (sp_json_emit_elem(o, e) < 0 ||
			    sp_json_emit_cbor(o, d, c, e) < 0)
				return -1;
		return sp_json_emit_close(o, e);
	case SP_CBOR_NODE_MAP:
		if (sp_json_emit_open(o, '{', e) < 0)
			return -1;
		for (c = i + 1, k = 0; k < v->u; k++) {
			if (cbor_key(o, d, c, e) < 0)
				return -1;
			c = sp_cbor_next(d, c);
			if (sp_json_emit_cbor(o, d, c, e) < 0)
				return -1;
			c = sp_cbor_next(d, c);
		}
		return sp_json_emit_close(o, e);
	default:
		return sp_json_emit_null(o, e);
	}
}

/* --- base64 --- */

static const char b64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int
sp_json_emit_base64(struct sp_json_emit *o, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	size_t i = 0;

	if (sp_jsonw_raw(o->w, "\"", 1, e) < 0)
		return -1;
	while (i < n) {
		size_t k = 0, m = (n - i) / 3 * 3;
		char *q;

		if (m > 3000)
			m = 3000;
		if (m == 0)
			m = n - i;
		if ((q = sp_jsonw_reserve(o->w, 4004, e)) == NULL)
			return -1;
		for (; m >= 3; m -= 3, i += 3) {
			uint32_t v = (uint32_t)p[i] << 16 |
			    (uint32_t)p[i + 1] << 8 | p[i + 2];

			q[k++] = b64[v >> 18];
			q[k++] = b64[v >> 12 & 63];
			q[k++] = b64[v >> 6 & 63];
			q[k++] = b64[v & 63];
		}
		if (m > 0) {
			uint32_t v = (uint32_t)p[i] << 16 |
			    (m > 1 ? (uint32_t)p[i + 1] << 8 : 0);

			q[k++] = b64[v >> 18];
			q[k++] = b64[v >> 12 & 63];
			q[k++] = m > 1 ? b64[v >> 6 & 63] : '=';
			q[k++] = '=';
			i += m;
		}
		sp_jsonw_commit(o->w, k);
	}
	return sp_jsonw_raw(o->w, "\"", 1, e);
}
