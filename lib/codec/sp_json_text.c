/*
 * JSON text read again (sp_json_text.h): one recursive reader, which
 * writes what it reads through an emitter or, without one, only checks
 * and skips it.
 */
#include "sp_json_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_utf8.h"

/* Deepest JSON text re-read (Python's own limit is about 1000). */
#define TEXT_DEPTH_MAX 1000

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

/* The value of the four hex digits at s (n bytes), or -1. */
static int
hex4(const char *s, size_t n, uint32_t *v)
{
	size_t k;

	*v = 0;
	if (n < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		unsigned char c = (unsigned char)s[k];

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
	return 0;
}

size_t
sp_json_text_uescape(const char *s, size_t n, uint32_t *cp)
{
	uint32_t lo;

	if (hex4(s, n, cp) < 0)
		return 0;
	if (*cp >= 0xd800 && *cp < 0xdc00 && n >= 10 && s[4] == '\\' &&
	    s[5] == 'u' && hex4(s + 6, n - 6, &lo) == 0 && lo >= 0xdc00 &&
	    lo < 0xe000) {
		*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
		return 10;
	}
	return 4;
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
	struct sp_jsonw *w = t->o != NULL ? sp_json_emit_writer(t->o) : NULL;
	char *p;

	t->i++;		/* the opening quote */
	if (w != NULL && sp_jsonw_raw(w, "\"", 1, t->e) < 0)
		return -1;
	for (;;) {
		uint32_t cp;
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
				if ((len = sp_json_text_uescape((const char *)
				    t->s + t->i, t->n - t->i, &cp)) == 0)
					return bad_text(t, "bad \\u escape");
				t->i += len;
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
		struct sp_jsonw *w = sp_json_emit_writer(t->o);

		/* int(text) then str(): digits as they are, but -0 is 0 */
		if (neg && t->i - start == 2 && t->s[start + 1] == '0')
			return sp_jsonw_raw(w, "0", 1, t->e);
		return sp_jsonw_raw(w, (const char *)t->s + start,
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
			if (t->o != NULL && sp_json_emit_elem(t->o, t->e) < 0)
				return -1;
			if (text_string(t, 1) < 0)
				return -1;
			ws(t);
			if (t->i >= t->n || t->s[t->i] != ':')
				return bad_text(t, "expected ':'");
			t->i++;
		} else if (t->o != NULL && sp_json_emit_elem(t->o, t->e) < 0) {
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
sp_json_text_emit(struct sp_json_emit *o, const char *s, size_t n,
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

/* The value of a base64 digit, or -1. */
static int
b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

long
sp_json_text_base64(const char *s, size_t n, uint8_t *out)
{
	uint32_t v = 0;
	size_t i, k = 0;
	int bits = 0, d;

	while (n > 0 && s[n - 1] == '=')
		n--;
	for (i = 0; i < n; i++) {
		if ((d = b64_value(s[i])) < 0)
			return -1;
		v = v << 6 | (uint32_t)d;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[k++] = (uint8_t)(v >> bits);
		}
	}
	return (long)k;
}
