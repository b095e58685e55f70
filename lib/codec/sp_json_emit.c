#include "sp_json_emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_utf8.h"

/* Deepest JSON text re-read (Python's own limit is about 1000). */
#define TEXT_DEPTH_MAX 1000

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

/* --- JSON text, re-read --- */

struct text {
	const unsigned char *s;
	size_t n, i;
	struct sp_json_emit *o;	/* NULL: only check and skip */
	struct sp_err *e;
	int depth;
};

static int
bad_text(struct text *t, const char *what)
{
	return sp_fail(t->e, SP_EDATA, "not valid JSON: %s at byte %zu", what,
	    t->i);
}

static void
ws(struct text *t)
{
	while (t->i < t->n && (t->s[t->i] == ' ' || t->s[t->i] == '\t' ||
	    t->s[t->i] == '\n' || t->s[t->i] == '\r'))
		t->i++;
}

static int
lit(struct text *t, const char *w)
{
	size_t k = strlen(w);

	if (t->n - t->i < k || memcmp(t->s + t->i, w, k) != 0)
		return 0;
	t->i += k;
	return 1;
}

static int
hex4(struct text *t, uint32_t *v)
{
	size_t k;

	*v = 0;
	if (t->n - t->i < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		unsigned char c = t->s[t->i + k];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	t->i += 4;
	return 0;
}

/* One character as ensure_ascii writes it; p has room for 12 bytes. */
static size_t
put_cp(char *p, uint32_t cp)
{
	static const char hex[] = "0123456789abcdef";
	char *q = p;
	uint32_t u[2];
	int k, n = 1;

	switch (cp) {
	case '"': memcpy(p, "\\\"", 2); return 2;
	case '\\': memcpy(p, "\\\\", 2); return 2;
	case '\n': memcpy(p, "\\n", 2); return 2;
	case '\r': memcpy(p, "\\r", 2); return 2;
	case '\t': memcpy(p, "\\t", 2); return 2;
	case '\b': memcpy(p, "\\b", 2); return 2;
	case '\f': memcpy(p, "\\f", 2); return 2;
	default:
		break;
	}
	if (cp >= 0x20 && cp < 0x7f) {
		*p = (char)cp;
		return 1;
	}
	u[0] = cp;
	if (cp >= 0x10000) {
		cp -= 0x10000;
		u[0] = 0xd800 | cp >> 10;
		u[1] = 0xdc00 | (cp & 0x3ff);
		n = 2;
	}
	for (k = 0; k < n; k++) {
		*q++ = '\\';
		*q++ = 'u';
		*q++ = hex[u[k] >> 12 & 0xf];
		*q++ = hex[u[k] >> 8 & 0xf];
		*q++ = hex[u[k] >> 4 & 0xf];
		*q++ = hex[u[k] & 0xf];
	}
	return (size_t)(q - p);
}

/* A string token, written as json.dumps writes the str json.loads gives. */
static int
text_string(struct text *t, int is_key)
{
	struct sp_jsonw *w = t->o != NULL ? t->o->w : NULL;
	char *p;

	t->i++;		/* the opening quote */
	if (w != NULL && sp_jsonw_raw(w, "\"", 1, t->e) < 0)
		return -1;
	for (;;) {
		uint32_t cp, lo;
		size_t len;
		unsigned char c;

		if (t->i >= t->n)
			return bad_text(t, "unterminated string");
		c = t->s[t->i];
		if (c == '"') {
			t->i++;
			break;
		}
		if (c == '\\') {
			if (t->i + 1 >= t->n)
				return bad_text(t, "unterminated string");
			t->i += 2;
			switch (t->s[t->i - 1]) {
			case '"': cp = '"'; break;
			case '\\': cp = '\\'; break;
			case '/': cp = '/'; break;
			case 'b': cp = '\b'; break;
			case 'f': cp = '\f'; break;
			case 'n': cp = '\n'; break;
			case 'r': cp = '\r'; break;
			case 't': cp = '\t'; break;
			case 'u':
				if (hex4(t, &cp) < 0)
					return bad_text(t, "bad \\u escape");
				/* a surrogate pair is one character */
				if (cp >= 0xd800 && cp < 0xdc00 &&
				    t->n - t->i >= 6 && t->s[t->i] == '\\' &&
				    t->s[t->i + 1] == 'u') {
					size_t at = t->i;

					t->i += 2;
					if (hex4(t, &lo) == 0 && lo >= 0xdc00 &&
					    lo < 0xe000)
						cp = 0x10000 + ((cp - 0xd800) <<
						    10) + (lo - 0xdc00);
					else
						t->i = at;
				}
				break;
			default:
				t->i--;
				return bad_text(t, "bad escape");
			}
		} else if (c < 0x80) {
			cp = c;
			t->i++;
		} else if ((len = sp_utf8_decode(t->s + t->i, t->n - t->i,
		    &cp)) > 0) {
			t->i += len;
		} else {
			/* surrogateescape, as everywhere in sp */
			cp = 0xdc00 | c;
			t->i++;
		}
		if (w == NULL)
			continue;
		if ((p = sp_jsonw_reserve(w, 12, t->e)) == NULL)
			return -1;
		sp_jsonw_commit(w, put_cp(p, cp));
	}
	if (w == NULL)
		return 0;
	return sp_jsonw_raw(w, is_key ? "\": " : "\"", is_key ? 3 : 1, t->e);
}

static int
text_number(struct text *t)
{
	size_t start = t->i;
	int is_float = 0, neg = 0;
	char small[64], *buf;
	double d;

	if (t->s[t->i] == '-') {
		neg = 1;
		t->i++;
	}
	if (lit(t, "Infinity"))
		return t->o != NULL ? sp_json_emit_f64(t->o, neg ? -INFINITY :
		    INFINITY, t->e) : 0;
	if (t->i >= t->n || t->s[t->i] < '0' || t->s[t->i] > '9')
		return bad_text(t, "bad number");
	if (t->s[t->i] == '0')
		t->i++;
	else
		while (t->i < t->n && t->s[t->i] >= '0' && t->s[t->i] <= '9')
			t->i++;
	if (t->i < t->n && t->s[t->i] == '.') {
		is_float = 1;
		t->i++;
		if (t->i >= t->n || t->s[t->i] < '0' || t->s[t->i] > '9')
			return bad_text(t, "bad number");
		while (t->i < t->n && t->s[t->i] >= '0' && t->s[t->i] <= '9')
			t->i++;
	}
	if (t->i < t->n && (t->s[t->i] == 'e' || t->s[t->i] == 'E')) {
		is_float = 1;
		t->i++;
		if (t->i < t->n && (t->s[t->i] == '+' || t->s[t->i] == '-'))
			t->i++;
		if (t->i >= t->n || t->s[t->i] < '0' || t->s[t->i] > '9')
			return bad_text(t, "bad number");
		while (t->i < t->n && t->s[t->i] >= '0' && t->s[t->i] <= '9')
			t->i++;
	}
	if (t->o == NULL)
		return 0;
	if (!is_float) {
		/* int(text) then str(): digits as they are, but -0 is 0 */
		if (neg && t->i - start == 2 && t->s[start + 1] == '0')
			return sp_jsonw_raw(t->o->w, "0", 1, t->e);
		return sp_jsonw_raw(t->o->w, (const char *)t->s + start,
		    t->i - start, t->e);
	}
	buf = t->i - start < sizeof small ? small : malloc(t->i - start + 1);
	if (buf == NULL)
		return sp_fail(t->e, SP_ENOMEM, "out of memory");
	memcpy(buf, t->s + start, t->i - start);
	buf[t->i - start] = '\0';
	d = strtod(buf, NULL);
	if (buf != small)
		free(buf);
	return sp_json_emit_f64(t->o, d, t->e);
}

static int text_value(struct text *t);

static int
text_container(struct text *t, char open)
{
	char close = open == '{' ? '}' : ']';
	int first = 1;

	if (++t->depth > TEXT_DEPTH_MAX)
		return bad_text(t, "nested too deeply");
	t->i++;
	if (t->o != NULL && sp_json_emit_open(t->o, open, t->e) < 0)
		return -1;
	ws(t);
	if (t->i < t->n && t->s[t->i] == close) {
		t->i++;
		t->depth--;
		return t->o != NULL ? sp_json_emit_close(t->o, t->e) : 0;
	}
	for (;;) {
		if (!first) {
			ws(t);
			if (t->i < t->n && t->s[t->i] == close)
				break;
			if (t->i >= t->n || t->s[t->i] != ',')
				return bad_text(t, "expected ',' or a bracket");
			t->i++;
		}
		first = 0;
		ws(t);
		if (open == '{') {
			if (t->i >= t->n || t->s[t->i] != '"')
				return bad_text(t, "expected a key");
			if (t->o != NULL && sep(t->o, t->e) < 0)
				return -1;
			if (text_string(t, 1) < 0)
				return -1;
			ws(t);
			if (t->i >= t->n || t->s[t->i] != ':')
				return bad_text(t, "expected ':'");
			t->i++;
		} else if (t->o != NULL && sep(t->o, t->e) < 0) {
			return -1;
		}
		if (text_value(t) < 0)
			return -1;
	}
	t->i++;
	t->depth--;
	return t->o != NULL ? sp_json_emit_close(t->o, t->e) : 0;
}

static int
text_value(struct text *t)
{
	ws(t);
	if (t->i >= t->n)
		return bad_text(t, "expected a value");
	switch (t->s[t->i]) {
	case '{':
	case '[':
		return text_container(t, (char)t->s[t->i]);
	case '"':
		return text_string(t, 0);
	case 't':
		if (!lit(t, "true"))
			break;
		return t->o != NULL ? sp_json_emit_bool(t->o, 1, t->e) : 0;
	case 'f':
		if (!lit(t, "false"))
			break;
		return t->o != NULL ? sp_json_emit_bool(t->o, 0, t->e) : 0;
	case 'n':
		if (!lit(t, "null"))
			break;
		return t->o != NULL ? sp_json_emit_null(t->o, t->e) : 0;
	case 'N':
		if (!lit(t, "NaN"))
			break;
		return t->o != NULL ? sp_json_emit_f64(t->o, NAN, t->e) : 0;
	default:
		if (t->s[t->i] == '-' || t->s[t->i] == 'I' ||
		    (t->s[t->i] >= '0' && t->s[t->i] <= '9')) {
			if (t->s[t->i] == 'I') {
				if (!lit(t, "Infinity"))
					break;
				return t->o != NULL ?
				    sp_json_emit_f64(t->o, INFINITY, t->e) : 0;
			}
			return text_number(t);
		}
		break;
	}
	return bad_text(t, "unexpected character");
}

int
sp_json_emit_jsontext(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e)
{
	struct text t = { (const unsigned char *)s, n, 0, o, e, 0 };

	if (text_value(&t) < 0)
		return -1;
	ws(&t);
	if (t.i != t.n)
		return bad_text(&t, "trailing data");
	return 0;
}

/* Python's truth of the value at t->i (which it then skips), or -1. */
static int
text_truth(struct text *t)
{
	size_t at;
	int truth;

	ws(t);
	if (t->i >= t->n)
		return -1;
	at = t->i;
	switch (t->s[at]) {
	case '{':
	case '[':
		t->i++;
		ws(t);
		truth = t->i < t->n && t->s[t->i] != (t->s[at] == '{' ? '}' :
		    ']');
		t->i = at;
		break;
	case '"':
		truth = at + 1 < t->n && t->s[at + 1] != '"';
		break;
	case 't':
		truth = 1;
		break;
	case 'f':
	case 'n':
		truth = 0;
		break;
	default: {
		/* numbers: zero is false; NaN and the infinities are true */
		size_t k;

		truth = 0;
		for (k = at; k < t->n; k++) {
			unsigned char c = t->s[k];

			if (c == 'e' || c == 'E' || c == ',' || c == ']' ||
			    c == ' ' || c == '\n' || c == '\t' || c == '\r')
				break;
			if ((c >= '1' && c <= '9') || c == 'N' || c == 'I')
				truth = 1;
		}
		break;
	}
	}
	if (text_value(t) < 0)
		return -1;
	return truth;
}

int
sp_json_text_any_true(const char *s, size_t n)
{
	struct sp_err e;
	struct text t = { (const unsigned char *)s, n, 0, NULL, &e, 0 };
	int any = 0, first = 1, v;

	ws(&t);
	if (t.i >= t.n)
		return -1;
	if (t.s[t.i] != '[') {
		if (text_value(&t) < 0)
			return -1;
		ws(&t);
		return t.i == t.n ? 0 : -1;
	}
	t.i++;
	for (;;) {
		ws(&t);
		if (t.i < t.n && t.s[t.i] == ']')
			break;
		if (!first) {
			if (t.i >= t.n || t.s[t.i] != ',')
				return -1;
			t.i++;
		}
		first = 0;
		if ((v = text_truth(&t)) < 0)
			return -1;
		any |= v;
	}
	t.i++;
	ws(&t);
	return t.i == t.n ? any : -1;
}

int
sp_json_text_elements(const char *s, size_t n,
    int (*each)(void *ctx, size_t off, size_t len), void *ctx,
    struct sp_err *e)
{
	struct text t = { (const unsigned char *)s, n, 0, NULL, e, 0 };
	int first = 1;

	ws(&t);
	if (t.i >= t.n || t.s[t.i] != '[')
		return bad_text(&t, "expected an array");
	t.i++;
	for (;;) {
		size_t at;

		ws(&t);
		if (t.i < t.n && t.s[t.i] == ']')
			break;
		if (!first) {
			if (t.i >= t.n || t.s[t.i] != ',')
				return bad_text(&t, "expected ',' or ']'");
			t.i++;
			ws(&t);
		}
		first = 0;
		at = t.i;
		if (text_value(&t) < 0 || each(ctx, at, t.i - at) < 0)
			return -1;
	}
	t.i++;
	ws(&t);
	return t.i == t.n ? 0 : bad_text(&t, "trailing data");
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

long
sp_json_base64_decode(const char *s, size_t n, uint8_t *out)
{
	uint32_t v = 0;
	size_t i, k = 0;
	int bits = 0;

	while (n > 0 && s[n - 1] == '=')
		n--;
	for (i = 0; i < n; i++) {
		const char *c = strchr(b64, s[i]);

		if (s[i] == '\0' || c == NULL)
			return -1;
		v = v << 6 | (uint32_t)(c - b64);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[k++] = (uint8_t)(v >> bits);
		}
	}
	return (long)k;
}
