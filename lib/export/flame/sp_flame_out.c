#include "sp_flame_out.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_utf8.h"

#define OUTBUF ((size_t)1 << 16)
#define REPLACEMENT "\xef\xbf\xbd"

struct sp_flame_out {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	char *buf;
	size_t n;
	uint64_t passed;
	int failed;
};

struct sp_flame_out *
sp_flame_out_new(sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_flame_out *o = calloc(1, sizeof *o);

	if (o == NULL || (o->buf = malloc(OUTBUF)) == NULL) {
		free(o);
		sp_fail(e, SP_ENOMEM, "out of memory drawing the flame graph");
		return NULL;
	}
	o->write = write;
	o->ctx = ctx;
	o->e = e;
	return o;
}

void
sp_flame_out_free(struct sp_flame_out *o)
{
	if (o == NULL)
		return;
	free(o->buf);
	free(o);
}

int
sp_flame_out_flush(struct sp_flame_out *o)
{
	if (o->failed)
		return -1;
	if (o->n == 0)
		return 0;
	if (o->write(o->ctx, o->buf, o->n, o->e) < 0) {
		o->failed = 1;
		return -1;
	}
	o->passed += o->n;
	o->n = 0;
	return 0;
}

uint64_t
sp_flame_out_bytes(const struct sp_flame_out *o)
{
	return o->passed + o->n;
}

int
sp_flame_put(struct sp_flame_out *o, const char *s, size_t n)
{
	if (o->failed)
		return -1;
	while (n > 0) {
		size_t k = OUTBUF - o->n;

		if (k == 0) {
			if (sp_flame_out_flush(o) < 0)
				return -1;
			continue;
		}
		if (k > n)
			k = n;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
	}
	return 0;
}

int
sp_flame_puts(struct sp_flame_out *o, const char *s)
{
	return sp_flame_put(o, s, strlen(s));
}

int
sp_flame_put_i64(struct sp_flame_out *o, int64_t v)
{
	char b[SP_FMT_MAX];

	return sp_flame_put(o, b, sp_fmt_i64(b, v));
}

int
sp_flame_put_u64(struct sp_flame_out *o, uint64_t v)
{
	char b[SP_FMT_MAX];

	return sp_flame_put(o, b, sp_fmt_u64(b, v));
}

int
sp_flame_put_double(struct sp_flame_out *o, double v)
{
	char b[SP_FMT_MAX];

	return sp_flame_put(o, b, sp_fmt_double(b, v));
}

/*
 * s with some characters replaced: rep(cp) gives the text for a code
 * point that needs it (NULL: as it is); what is not UTF-8, and what XML
 * cannot hold at all, becomes U+FFFD.
 */
static int
put_escaped(struct sp_flame_out *o, const char *s,
    const char *(*rep)(uint32_t cp, char tmp[8]))
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, run = 0, k;
	uint32_t cp;
	char tmp[8];

	while (i < n) {
		const char *r;

		k = sp_utf8_decode(p + i, n - i, &cp);
		if (k == 0 || (cp < 0x20 && cp != '\t' && cp != '\n' &&
		    cp != '\r') || cp == 0xfffe || cp == 0xffff)
			r = REPLACEMENT;
		else
			r = rep(cp, tmp);
		if (r == NULL) {
			i += k;
			continue;
		}
		if (sp_flame_put(o, s + run, i - run) < 0 ||
		    sp_flame_puts(o, r) < 0)
			return -1;
		i += k ? k : 1;
		run = i;
	}
	return sp_flame_put(o, s + run, i - run);
}

static const char *
xml_rep(uint32_t cp, char tmp[8])
{
	(void)tmp;
	switch (cp) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	default:
		return NULL;
	}
}

static const char *
json_rep(uint32_t cp, char tmp[8])
{
	switch (cp) {
	case '"':
		return "\\\"";
	case '\\':
		return "\\\\";
	case '\n':
		return "\\n";
	case '\r':
		return "\\r";
	case '\t':
		return "\\t";
	case '<': case '>': case '&':
		snprintf(tmp, 8, "\\u%04x", (unsigned)cp);
		return tmp;
	default:
		return NULL;
	}
}

int
sp_flame_put_xml(struct sp_flame_out *o, const char *s)
{
	return put_escaped(o, s, xml_rep);
}

int
sp_flame_put_json(struct sp_flame_out *o, const char *s)
{
	if (sp_flame_put(o, "\"", 1) < 0 || put_escaped(o, s, json_rep) < 0)
		return -1;
	return sp_flame_put(o, "\"", 1);
}

/* --- times and shares --- */

static const struct {
	double div;
	const char *unit;
} UNITS[] = {
	{ 1, "ns" }, { 1e3, "\xc2\xb5s" }, { 1e6, "ms" }, { 1e9, "s" },
};

size_t
sp_flame_fmt_ns(char *buf, double ns, int sign)
{
	const char *pre = ns < 0 ? "-" : sign && ns > 0 ? "+" : "";
	double a = fabs(ns), v;
	size_t i = 0;
	int dec, n;

	if (!isfinite(ns))
		return (size_t)snprintf(buf, SP_FLAME_NUM_MAX, "n/a");
	while (i < 3 && a >= UNITS[i + 1].div)
		i++;
	for (;;) {
		v = a / UNITS[i].div;
		dec = v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2;
		if (i == 0 && v == floor(v))
			dec = 0;
		/* 999.7 ns is 1.00 µs, not "1000 ns" */
		if (i < 3 && floor(v + 0.5) >= 1000) {
			i++;
			continue;
		}
		break;
	}
	n = snprintf(buf, SP_FLAME_NUM_MAX, "%s%.*f %s", pre, dec, v,
	    UNITS[i].unit);
	return (size_t)n;
}

size_t
sp_flame_fmt_pct(char *buf, double fraction, int sign)
{
	double v = 100 * fraction;

	if (!isfinite(v))
		return (size_t)snprintf(buf, SP_FLAME_NUM_MAX, "n/a");
	/* no "-0.00%" */
	if (fabs(v) < 0.005)
		v = 0;
	return (size_t)snprintf(buf, SP_FLAME_NUM_MAX, "%s%.2f%%",
	    sign && v > 0 ? "+" : "", v);
}

int
sp_flame_put_ns(struct sp_flame_out *o, double ns, int sign)
{
	char b[SP_FLAME_NUM_MAX];

	return sp_flame_put(o, b, sp_flame_fmt_ns(b, ns, sign));
}

int
sp_flame_put_pct(struct sp_flame_out *o, double fraction, int sign)
{
	char b[SP_FLAME_NUM_MAX];

	return sp_flame_put(o, b, sp_flame_fmt_pct(b, fraction, sign));
}
