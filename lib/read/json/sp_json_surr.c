/* sp_json_surr.c - lone high surrogates through YAJL (sp_json_surr.h). */
#include "sp_json_surr.h"

#include <stdlib.h>
#include <string.h>

enum { OUTSIDE, INSIDE };

struct sp_jsurr {
	int state;		/* at the end of what was given to YAJL */
	unsigned char held[12];	/* an escape cut by the chunk's end */
	size_t nheld;
	unsigned char *raw, *out;
	size_t cap;
	uint32_t *q;		/* what each \u0000 stands for, in order */
	size_t qhead, qtail, qcap;
};

struct sp_jsurr *
sp_jsurr_new(void)
{
	return calloc(1, sizeof(struct sp_jsurr));
}

void
sp_jsurr_free(struct sp_jsurr *f)
{
	if (f == NULL)
		return;
	free(f->raw);
	free(f->out);
	free(f->q);
	free(f);
}

/* The value of 4 hex digits at p, or -1. */
static long
hex4(const unsigned char *p)
{
	long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		int c = p[i], d = c >= '0' && c <= '9' ? c - '0' :
		    c >= 'a' && c <= 'f' ? c - 'a' + 10 :
		    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

static int
push(struct sp_jsurr *f, uint32_t v)
{
	if (f->qtail == f->qcap) {
		size_t live = f->qtail - f->qhead, c;
		uint32_t *p;

		if (f->qhead > 0 && live < f->qcap / 2) {
			memmove(f->q, f->q + f->qhead, live * sizeof *f->q);
			f->qhead = 0;
			f->qtail = live;
		} else {
			c = f->qcap ? f->qcap * 2 : 16;
			if ((p = realloc(f->q, c * sizeof *p)) == NULL)
				return -1;
			f->q = p;
			f->qcap = c;
		}
	}
	f->q[f->qtail++] = v;
	return 0;
}

/*
 * The escape at b[i] (a backslash in a string), n bytes available: its
 * length, 0 when it may be cut by the chunk's end, -1 without memory.
 * A lone high surrogate's digits become 0000 in b.
 */
static long
escape(struct sp_jsurr *f, unsigned char *b, size_t i, size_t n, int final)
{
	long h, l;

	if (i + 1 >= n)
		return final ? 1 : 0;
	if (b[i + 1] != 'u')
		return 2;
	if (i + 6 > n)
		return final ? 2 : 0;
	if ((h = hex4(b + i + 2)) < 0)
		return 2;
	if (h == 0)
		return push(f, 0) < 0 ? -1 : 6;
	if (h < 0xd800 || h > 0xdbff)
		return 6;
	if (i + 12 > n && !final)
		return 0;
	if (i + 12 <= n && b[i + 6] == '\\' && b[i + 7] == 'u' &&
	    (l = hex4(b + i + 8)) >= 0xdc00 && l <= 0xdfff)
		return 12;
	memcpy(b + i + 2, "0000", 4);
	return push(f, (uint32_t)h) < 0 ? -1 : 6;
}

int
sp_jsurr_feed(struct sp_jsurr *f, const unsigned char *buf, size_t n,
    int final, const unsigned char **out, const unsigned char **raw,
    size_t *len)
{
	size_t total = f->nheld + n, i = 0;
	long k;

	if (total > f->cap) {
		unsigned char *r = realloc(f->raw, total), *o;

		if (r == NULL)
			return -1;
		f->raw = r;
		if ((o = realloc(f->out, total)) == NULL)
			return -1;
		f->out = o;
		f->cap = total;
	}
	memcpy(f->raw, f->held, f->nheld);
	if (n > 0)
		memcpy(f->raw + f->nheld, buf, n);
	memcpy(f->out, f->raw, total);
	while (i < total) {
		unsigned char c = f->out[i];

		if (f->state == OUTSIDE) {
			f->state = c == '"' ? INSIDE : OUTSIDE;
			i++;
		} else if (c == '"') {
			f->state = OUTSIDE;
			i++;
		} else if (c != '\\') {
			i++;
		} else if ((k = escape(f, f->out, i, total, final)) < 0) {
			return -1;
		} else if (k == 0) {
			break;
		} else {
			i += (size_t)k;
		}
	}
	if (i > total)
		i = total;
	f->nheld = total - i;
	memcpy(f->held, f->raw + i, f->nheld);
	*out = f->out;
	*raw = f->raw;
	*len = i;
	return 0;
}

int
sp_jsurr_decode(struct sp_jsurr *f, const unsigned char *p, size_t n,
    char **s, size_t *sn)
{
	size_t i, k = 0, nul = 0, live = f->qtail - f->qhead;
	char *t;

	for (i = 0; i < n; i++)
		nul += p[i] == '\0';
	if (s == NULL) {
		f->qhead += nul < live ? nul : live;
		return 0;
	}
	if ((t = malloc(n + 2 * nul + 1)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		uint32_t v;

		if (p[i] != '\0' || f->qhead >= f->qtail ||
		    (v = f->q[f->qhead++]) == 0) {
			t[k++] = (char)p[i];
			continue;
		}
		t[k++] = (char)0xed;
		t[k++] = (char)(0x80 | (v >> 6 & 0x3f));
		t[k++] = (char)(0x80 | (v & 0x3f));
	}
	t[k] = '\0';
	*s = t;
	*sn = k;
	return 0;
}
