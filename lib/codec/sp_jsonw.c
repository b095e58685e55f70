#include "sp_jsonw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_utf8.h"

/*
 * Big enough that the callback sees few, large writes (one write(2) per
 * chunk when it goes straight to a descriptor).
 */
#define BUF_SIZE ((size_t)1 << 17)

struct sp_jsonw {
	sp_write_fn *write;
	void *ctx;
	char *buf;
	size_t len;
	uint64_t flushed;
	int failed;
};

struct sp_jsonw *
sp_jsonw_new(sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_jsonw *w;

	if ((w = calloc(1, sizeof *w)) == NULL ||
	    (w->buf = malloc(BUF_SIZE)) == NULL) {
		free(w);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	w->write = write;
	w->ctx = ctx;
	return w;
}

void
sp_jsonw_free(struct sp_jsonw *w)
{
	if (w == NULL)
		return;
	free(w->buf);
	free(w);
}

static int
failed(struct sp_err *e)
{
	return sp_fail(e, SP_EIO, "output already failed");
}

int
sp_jsonw_flush(struct sp_jsonw *w, struct sp_err *e)
{
	if (w->failed)
		return failed(e);
	if (w->len == 0)
		return 0;
	if (w->write(w->ctx, w->buf, w->len, e) != 0) {
		w->failed = 1;
		return -1;
	}
	w->flushed += w->len;
	w->len = 0;
	return 0;
}

char *
sp_jsonw_reserve(struct sp_jsonw *w, size_t n, struct sp_err *e)
{
	if (n > SP_JSONW_RESERVE_MAX) {
		sp_fail(e, SP_EUSAGE, "cannot reserve %zu bytes", n);
		return NULL;
	}
	if (BUF_SIZE - w->len < n && sp_jsonw_flush(w, e) != 0)
		return NULL;
	if (w->failed) {
		failed(e);
		return NULL;
	}
	return w->buf + w->len;
}

void
sp_jsonw_commit(struct sp_jsonw *w, size_t used)
{
	w->len += used;
}

int
sp_jsonw_raw(struct sp_jsonw *w, const char *s, size_t n, struct sp_err *e)
{
	size_t k;

	while (n > 0) {
		if (w->len == BUF_SIZE && sp_jsonw_flush(w, e) != 0)
			return -1;
		if (w->failed)
			return failed(e);
		k = BUF_SIZE - w->len < n ? BUF_SIZE - w->len : n;
		memcpy(w->buf + w->len, s, k);
		w->len += k;
		s += k;
		n -= k;
	}
	return 0;
}

int
sp_jsonw_i64(struct sp_jsonw *w, int64_t v, struct sp_err *e)
{
	char *p;

	if ((p = sp_jsonw_reserve(w, SP_FMT_I64_MAX, e)) == NULL)
		return -1;
	sp_jsonw_commit(w, sp_fmt_i64(p, v));
	return 0;
}

int
sp_jsonw_double(struct sp_jsonw *w, double v, struct sp_err *e)
{
	char *p;

	if (!isfinite(v))
		return sp_fail(e, SP_EDATA, "%s cannot be written in JSON",
		    isnan(v) ? "NaN" : "an infinite number");
	if ((p = sp_jsonw_reserve(w, SP_FMT_DOUBLE_MAX, e)) == NULL)
		return -1;
	sp_jsonw_commit(w, sp_fmt_double(p, v));
	return 0;
}

static char *
put_u(char *p, uint32_t u)
{
	static const char hex[] = "0123456789abcdef";

	*p++ = '\\';
	*p++ = 'u';
	*p++ = hex[u >> 12 & 0xf];
	*p++ = hex[u >> 8 & 0xf];
	*p++ = hex[u >> 4 & 0xf];
	*p++ = hex[u & 0xf];
	return p;
}

/* Escape one character at s into p (room for 12 bytes); returns its length. */
static size_t
escape_one(const unsigned char *s, size_t n, char **pp)
{
	char *p = *pp;
	uint32_t c;
	size_t len;

	switch (s[0]) {
	case '"':  *p++ = '\\'; *p++ = '"'; break;
	case '\\': *p++ = '\\'; *p++ = '\\'; break;
	case '\n': *p++ = '\\'; *p++ = 'n'; break;
	case '\r': *p++ = '\\'; *p++ = 'r'; break;
	case '\t': *p++ = '\\'; *p++ = 't'; break;
	case '\b': *p++ = '\\'; *p++ = 'b'; break;
	case '\f': *p++ = '\\'; *p++ = 'f'; break;
	default:
		if (s[0] < 0x80) {
			p = put_u(p, s[0]);
			break;
		}
		/*
		 * A byte that starts no valid sequence becomes the lone
		 * surrogate U+DC80+byte, as Python's surrogateescape decodes
		 * it: what Python would write for that name, and lossless.
		 */
		/* a lone surrogate as the JSON reader keeps one: its escape */
		if (sp_utf8_surrogate(s, n, &c) == 3) {
			*pp = put_u(p, c);
			return 3;
		}
		if ((len = sp_utf8_decode(s, n, &c)) == 0) {
			p = put_u(p, 0xdc00 | s[0]);
			*pp = p;
			return 1;
		}
		if (c >= 0x10000) {
			c -= 0x10000;
			p = put_u(p, 0xd800 | c >> 10);
			p = put_u(p, 0xdc00 | (c & 0x3ff));
		} else
			p = put_u(p, c);
		*pp = p;
		return len;
	}
	*pp = p;
	return 1;
}

static int
plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

int
sp_jsonw_str(struct sp_jsonw *w, const char *str, size_t n,
    struct sp_err *e)
{
	const unsigned char *s = (const unsigned char *)str;
	char *p, *q;
	size_t i, run;

	if (sp_jsonw_raw(w, "\"", 1, e) != 0)
		return -1;
	i = 0;
	while (i < n) {
		for (run = i; run < n && plain(s[run]); run++)
			continue;
		if (run > i && sp_jsonw_raw(w, str + i, run - i, e) != 0)
			return -1;
		for (i = run; i < n && !plain(s[i]);) {
			if ((p = q = sp_jsonw_reserve(w, 12, e)) == NULL)
				return -1;
			i += escape_one(s + i, n - i, &q);
			sp_jsonw_commit(w, (size_t)(q - p));
		}
	}
	return sp_jsonw_raw(w, "\"", 1, e);
}

uint64_t
sp_jsonw_bytes(const struct sp_jsonw *w)
{
	return w->flushed + w->len;
}
