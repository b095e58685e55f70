/*
 * sp_json_surr.c - what Python's json reads and YAJL does not: lone high
 * surrogates and the bare NaN, Infinity, -Infinity (sp_json_surr.h).
 */
#include "sp_json_surr.h"

#include <stdlib.h>
#include <string.h>

enum { OUTSIDE, INSIDE };

/* The bytes where the scan stops, outside strings and inside them. */
enum { STOP_OUTSIDE = 1, STOP_INSIDE = 2 };
static const unsigned char stops[256] = {
	['"'] = STOP_OUTSIDE | STOP_INSIDE,
	['N'] = STOP_OUTSIDE,
	['I'] = STOP_OUTSIDE,
	['\\'] = STOP_INSIDE,
};

struct sp_json_surr {
	int state;		/* at the end of what was given to YAJL */
	unsigned char held[12];	/* an escape or a word cut by the chunk's end */
	size_t nheld;
	unsigned char *raw, *out;
	size_t cap;
	uint32_t *q;		/* what each \u0000 stands for, in order */
	size_t qhead, qtail, qcap;
	uint64_t base;		/* bytes given to YAJL before out[0] */
	unsigned char last;	/* the last of them; 0 before the first */
	uint64_t *nf;		/* each word's number: its end << 1 | is NaN */
	size_t nfhead, nftail, nfcap;
};

struct sp_json_surr *
sp_json_surr_new(void)
{
	return calloc(1, sizeof(struct sp_json_surr));
}

void
sp_json_surr_free(struct sp_json_surr *f)
{
	if (f == NULL)
		return;
	free(f->raw);
	free(f->out);
	free(f->q);
	free(f->nf);
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

/*
 * The queue q of elements of size sz with room for one more at its tail:
 * the live ones moved to the front when that frees half, else doubled.
 * NULL without memory (q is then unchanged).
 */
static void *
room(void *q, size_t sz, size_t *head, size_t *tail, size_t *cap)
{
	size_t live = *tail - *head, c;
	void *p;

	if (*tail < *cap)
		return q;
	if (*head > 0 && live < *cap / 2) {
		memmove(q, (char *)q + *head * sz, live * sz);
		*head = 0;
		*tail = live;
		return q;
	}
	c = *cap ? *cap * 2 : 16;
	if ((p = realloc(q, c * sz)) == NULL)
		return NULL;
	*cap = c;
	return p;
}

static int
push(struct sp_json_surr *f, uint32_t v)
{
	uint32_t *q = room(f->q, sizeof *q, &f->qhead, &f->qtail, &f->qcap);

	if (q == NULL)
		return -1;
	f->q = q;
	f->q[f->qtail++] = v;
	return 0;
}

/*
 * The escape at b[i] (a backslash in a string), n bytes available: its
 * length, 0 when it may be cut by the chunk's end, -1 without memory.
 * A lone high surrogate's digits become 0000 in b.
 */
static long
escape(struct sp_json_surr *f, unsigned char *b, size_t i, size_t n, int final)
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

/* Where a value may begin, before a word: a bracket, a comma, a colon,
 * a blank, or nothing (0, the document's start); '-' too before Infinity. */
static int
value_before(unsigned char c, int infinity)
{
	return c == '[' || c == ',' || c == ':' || c == ' ' || c == '\t' ||
	    c == '\n' || c == '\r' || c == 0 || (infinity && c == '-');
}

/* Where a value may end, after a word. */
static int
value_after(unsigned char c)
{
	return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' ||
	    c == '\n' || c == '\r';
}

/*
 * The word NaN or Infinity at b[i] (an N or an I outside strings, n
 * bytes available, prev the byte before): its length, rewritten in b as
 * a number of that length, whose end is queued; 1 when it is no such
 * word; 0 when it may be cut by the chunk's end (the byte after it
 * decides); -1 without memory.
 */
static long
word(struct sp_json_surr *f, unsigned char *b, size_t i, size_t n, int final,
    unsigned char prev)
{
	static const char nan[] = "NaN", inf[] = "Infinity";
	int infinity = b[i] == 'I';
	const char *w = infinity ? inf : nan;
	size_t k = infinity ? sizeof inf - 1 : sizeof nan - 1;
	uint64_t *q;

	if (i + k >= n && !final)
		return 0;
	if (i + k > n || memcmp(b + i, w, k) != 0 ||
	    !value_before(prev, infinity) ||
	    (i + k < n && !value_after(b[i + k])))
		return 1;
	if ((q = room(f->nf, sizeof *q, &f->nfhead, &f->nftail,
	    &f->nfcap)) == NULL)
		return -1;
	f->nf = q;
	f->nf[f->nftail++] = (f->base + i + k) << 1 | !infinity;
	memcpy(b + i, "0.000000", k);
	return (long)k;
}

int
sp_json_surr_feed(struct sp_json_surr *f, const unsigned char *buf, size_t n,
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
		unsigned char *b = f->out, mask = f->state == OUTSIDE ?
		    STOP_OUTSIDE : STOP_INSIDE;

		while (i < total && !(stops[b[i]] & mask))
			i++;
		if (i == total)
			break;
		if (b[i] == '"') {
			f->state = f->state == OUTSIDE ? INSIDE : OUTSIDE;
			i++;
			continue;
		}
		k = f->state == INSIDE ? escape(f, b, i, total, final) :
		    word(f, b, i, total, final, i > 0 ? b[i - 1] : f->last);
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		i += (size_t)k;
	}
	if (i > total)
		i = total;
	f->nheld = total - i;
	memcpy(f->held, f->raw + i, f->nheld);
	if (i > 0)
		f->last = f->out[i - 1];
	f->base += i;
	*out = f->out;
	*raw = f->raw;
	*len = i;
	return 0;
}

const char *
sp_json_surr_number(struct sp_json_surr *f, uint64_t end, int negative)
{
	uint64_t v;

	if (f->nfhead == f->nftail || (v = f->nf[f->nfhead]) >> 1 != end)
		return NULL;
	f->nfhead++;
	return v & 1 ? "NaN" : negative ? "-Infinity" : "Infinity";
}

size_t
sp_json_surr_words(const struct sp_json_surr *f)
{
	return f->nftail - f->nfhead;
}

int
sp_json_surr_decode(struct sp_json_surr *f, const unsigned char *p, size_t n,
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
