/*
 * sp_cbuf.h - a growable buffer that CBOR items are encoded into.
 *
 * The encoders use libcbor's cbor_encode_* primitives.  Out-of-memory is
 * sticky: every call after a failed growth is a no-op and sp_cbuf_failed()
 * reports it, so a whole item can be encoded and checked once at the end.
 *
 * Ownership: the buffer owns its bytes; sp_cbuf_data() is valid until the
 * next append, reset or free.
 */
#ifndef SP_CBUF_H
#define SP_CBUF_H

#include <stddef.h>
#include <stdint.h>

struct sp_cbuf;

struct sp_cbuf *sp_cbuf_new(void);
void sp_cbuf_free(struct sp_cbuf *b);
void sp_cbuf_reset(struct sp_cbuf *b);
const uint8_t *sp_cbuf_data(const struct sp_cbuf *b);
size_t sp_cbuf_len(const struct sp_cbuf *b);
int sp_cbuf_failed(const struct sp_cbuf *b);

void sp_cbuf_uint(struct sp_cbuf *b, uint64_t v);
void sp_cbuf_int(struct sp_cbuf *b, int64_t v);
void sp_cbuf_double(struct sp_cbuf *b, double v);
void sp_cbuf_bool(struct sp_cbuf *b, int v);
void sp_cbuf_null(struct sp_cbuf *b);
void sp_cbuf_text(struct sp_cbuf *b, const char *s, size_t len);
void sp_cbuf_cstr(struct sp_cbuf *b, const char *s);
void sp_cbuf_bytes(struct sp_cbuf *b, const void *p, size_t len);
void sp_cbuf_array(struct sp_cbuf *b, size_t n);
void sp_cbuf_map(struct sp_cbuf *b, size_t n);
void sp_cbuf_tag(struct sp_cbuf *b, uint64_t tag);
/* Append bytes that already are encoded CBOR. */
void sp_cbuf_raw(struct sp_cbuf *b, const void *p, size_t len);
/* Only the head of a byte string; the caller appends len bytes itself. */
void sp_cbuf_bytes_head(struct sp_cbuf *b, size_t len);

/* The major types of CBOR heads, for sp_cbuf_head_wide(). */
enum {
	SP_CBOR_BYTES = 2,
	SP_CBOR_TEXT = 3,
	SP_CBOR_TAG = 6,
};
/* Bytes of the shortest head of argument v: 1, 2, 3, 5 or 9. */
unsigned sp_cbuf_head_len(uint64_t v);
/*
 * A head of major type major and argument v in width bytes (1, 2, 3, 5
 * or 9, at least sp_cbuf_head_len(v)): CBOR lets a head take more bytes
 * than it needs, which places what follows it where a reader wants it.
 */
void sp_cbuf_head_wide(struct sp_cbuf *b, unsigned major, uint64_t v,
    unsigned width);

#endif
