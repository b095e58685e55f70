#include "sp_cbuf.h"

#include <cbor.h>
#include <stdlib.h>
#include <string.h>

struct sp_cbuf {
	uint8_t *p;
	size_t len, cap;
	int failed;
};

struct sp_cbuf *
sp_cbuf_new(void)
{
	return calloc(1, sizeof(struct sp_cbuf));
}

void
sp_cbuf_free(struct sp_cbuf *b)
{
	if (b == NULL)
		return;
	free(b->p);
	free(b);
}

void
sp_cbuf_reset(struct sp_cbuf *b)
{
	b->len = 0;
	b->failed = 0;
}

const uint8_t *
sp_cbuf_data(const struct sp_cbuf *b)
{
	return b->p;
}

size_t
sp_cbuf_len(const struct sp_cbuf *b)
{
	return b->len;
}

int
sp_cbuf_failed(const struct sp_cbuf *b)
{
	return b->failed;
}

/* Make room for n more bytes; returns the write position or NULL. */
static uint8_t *
reserve(struct sp_cbuf *b, size_t n)
{
	if (b->failed)
		return NULL;
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 4096;
		uint8_t *p;

		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2)
				goto fail;
			cap *= 2;
		}
		p = realloc(b->p, cap);
		if (p == NULL)
			goto fail;
		b->p = p;
		b->cap = cap;
	}
	return b->p + b->len;
fail:
	b->failed = 1;
	return NULL;
}

/* A CBOR head is at most 9 bytes; encode it in place. */
#define HEAD(b, call)                                            \
	do {                                                     \
		uint8_t *w_ = reserve((b), 9);                   \
		if (w_ != NULL)                                  \
			(b)->len += call;                        \
	} while (0)

void
sp_cbuf_uint(struct sp_cbuf *b, uint64_t v)
{
	HEAD(b, cbor_encode_uint(v, w_, 9));
}

void
sp_cbuf_int(struct sp_cbuf *b, int64_t v)
{
	if (v >= 0)
		HEAD(b, cbor_encode_uint((uint64_t)v, w_, 9));
	else
		HEAD(b, cbor_encode_negint((uint64_t)(-(v + 1)), w_, 9));
}

void
sp_cbuf_double(struct sp_cbuf *b, double v)
{
	HEAD(b, cbor_encode_double(v, w_, 9));
}

void
sp_cbuf_bool(struct sp_cbuf *b, int v)
{
	HEAD(b, cbor_encode_bool(v != 0, w_, 9));
}

void
sp_cbuf_null(struct sp_cbuf *b)
{
	HEAD(b, cbor_encode_null(w_, 9));
}

void
sp_cbuf_array(struct sp_cbuf *b, size_t n)
{
	HEAD(b, cbor_encode_array_start(n, w_, 9));
}

void
sp_cbuf_map(struct sp_cbuf *b, size_t n)
{
	HEAD(b, cbor_encode_map_start(n, w_, 9));
}

void
sp_cbuf_tag(struct sp_cbuf *b, uint64_t tag)
{
	HEAD(b, cbor_encode_tag(tag, w_, 9));
}

void
sp_cbuf_bytes_head(struct sp_cbuf *b, size_t len)
{
	HEAD(b, cbor_encode_bytestring_start(len, w_, 9));
}

unsigned
sp_cbuf_head_len(uint64_t v)
{
	return v < 24 ? 1 : v <= 0xff ? 2 : v <= 0xffff ? 3 :
	    v <= 0xffffffff ? 5 : 9;
}

void
sp_cbuf_head_wide(struct sp_cbuf *b, unsigned major, uint64_t v,
    unsigned width)
{
	/* the additional information that says how many bytes follow */
	static const uint8_t ai[10] = { 0, 0, 24, 25, 0, 26, 0, 0, 0, 27 };
	uint8_t *w = reserve(b, 9);
	unsigned i;

	if (w == NULL)
		return;
	if (width < sp_cbuf_head_len(v) || width > 9 ||
	    (width > 1 && ai[width] == 0))
		width = sp_cbuf_head_len(v);	/* a width CBOR has not */
	if (width == 1) {
		w[0] = (uint8_t)(major << 5 | v);
		b->len += 1;
		return;
	}
	w[0] = (uint8_t)(major << 5 | ai[width]);
	for (i = 1; i < width; i++)
		w[i] = (uint8_t)(v >> 8 * (width - 1 - i));
	b->len += width;
}

void
sp_cbuf_raw(struct sp_cbuf *b, const void *p, size_t len)
{
	uint8_t *w = reserve(b, len);

	if (w == NULL)
		return;
	if (len > 0)
		memcpy(w, p, len);
	b->len += len;
}

void
sp_cbuf_text(struct sp_cbuf *b, const char *s, size_t len)
{
	HEAD(b, cbor_encode_string_start(len, w_, 9));
	sp_cbuf_raw(b, s, len);
}

void
sp_cbuf_cstr(struct sp_cbuf *b, const char *s)
{
	sp_cbuf_text(b, s, strlen(s));
}

void
sp_cbuf_bytes(struct sp_cbuf *b, const void *p, size_t len)
{
	sp_cbuf_bytes_head(b, len);
	sp_cbuf_raw(b, p, len);
}
