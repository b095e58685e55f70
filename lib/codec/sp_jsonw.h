/*
 * sp_jsonw.h - a buffered JSON text writer: escaped strings, integers and
 * floats, spelled exactly as Python's json module spells them.
 *
 * Strings are written the way json.dump's default (ensure_ascii=True) does:
 * `"` and `\` escaped, \n \r \t \b \f by name, every other character
 * outside printable ASCII (controls, DEL, non-ASCII) as a lower-case \uXXXX
 * escape, characters beyond the BMP as a surrogate pair.  The input is
 * UTF-8 (sp_utf8.h); a byte that starts no valid sequence is written as the
 * lone surrogate \udcXX, the character Python's surrogateescape decodes it
 * to, so nothing is lost.  Floats are Python's repr (the shortest digits
 * that read back exactly, see sp_fmt.h).  The writer adds no whitespace of
 * its own: separators are the caller's literal text.
 *
 * Output goes through a callback, so the caller decides where it lands
 * (a file, stdout, a temporary file, a memory buffer in tests).  The writer
 * hands it large chunks.  Once the callback fails, the writer never calls
 * it again and every later call fails too.
 *
 * Ownership: the caller owns the writer from sp_jsonw_new and frees it with
 * sp_jsonw_free, which does not flush.  Pointers passed in are only read
 * during the call.
 */
#ifndef SP_JSONW_H
#define SP_JSONW_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

/* Most bytes sp_jsonw_reserve can promise. */
#define SP_JSONW_RESERVE_MAX 4096

struct sp_jsonw;

struct sp_jsonw *sp_jsonw_new(sp_write_fn *write, void *ctx,
    struct sp_err *e);
void sp_jsonw_free(struct sp_jsonw *w);

/* Text written as is (punctuation, keys known to need no escaping). */
int sp_jsonw_raw(struct sp_jsonw *w, const char *s, size_t n,
    struct sp_err *e);
/* A quoted, escaped string of n bytes of UTF-8. */
int sp_jsonw_str(struct sp_jsonw *w, const char *s, size_t n,
    struct sp_err *e);
int sp_jsonw_i64(struct sp_jsonw *w, int64_t v, struct sp_err *e);
/* Python repr; NaN and infinities are refused (SP_EDATA): JSON has none. */
int sp_jsonw_double(struct sp_jsonw *w, double v, struct sp_err *e);

/*
 * The fast path for hot loops: room for at least n bytes
 * (n <= SP_JSONW_RESERVE_MAX) at the returned pointer, valid until the next
 * call on w; sp_jsonw_commit then keeps the first `used` of them.
 */
char *sp_jsonw_reserve(struct sp_jsonw *w, size_t n, struct sp_err *e);
void sp_jsonw_commit(struct sp_jsonw *w, size_t used);

/* Hand everything buffered to the callback. */
int sp_jsonw_flush(struct sp_jsonw *w, struct sp_err *e);
/* Bytes written so far, buffered ones included. */
uint64_t sp_jsonw_bytes(const struct sp_jsonw *w);

#endif
