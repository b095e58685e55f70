/*
 * sp_flame_out.h - the text writer of the tree-drawn graphs (the
 * interactive and the differential ones): a buffer passed on in pieces
 * of at most 64 KiB, with what their SVG and embedded data are made of:
 * XML character data, JSON strings that can sit in a CDATA section,
 * numbers, and times and shares as people read them.
 *
 * A failed write is remembered: every later call fails at once, so that
 * a writer may chain its calls and test the last.
 *
 * Ownership: the writer borrows the write function, its context and the
 * error for its life; sp_flame_out_free() does not flush.
 */
#ifndef SP_FLAME_OUT_H
#define SP_FLAME_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_flame_out;

/* NULL (e filled) without memory. */
struct sp_flame_out *sp_flame_out_new(sp_write_fn *write, void *ctx,
    struct sp_err *e);
void sp_flame_out_free(struct sp_flame_out *o);
/* Pass on what is buffered. */
int sp_flame_out_flush(struct sp_flame_out *o);
/* Bytes passed on or buffered so far. */
uint64_t sp_flame_out_bytes(const struct sp_flame_out *o);

int sp_flame_put(struct sp_flame_out *o, const char *s, size_t n);
int sp_flame_puts(struct sp_flame_out *o, const char *s);
int sp_flame_put_i64(struct sp_flame_out *o, int64_t v);
int sp_flame_put_u64(struct sp_flame_out *o, uint64_t v);
/* v as Python's repr(float) writes it (sp_fmt.h). */
int sp_flame_put_double(struct sp_flame_out *o, double v);

/*
 * s as XML character data: &, < and > escaped; what XML 1.0 cannot hold
 * (C0 controls but tab and line breaks, U+FFFE, U+FFFF) and bytes that
 * are not UTF-8 become U+FFFD.
 */
int sp_flame_put_xml(struct sp_flame_out *o, const char *s);
/*
 * s as a JSON string, quotes included: ", \ and controls escaped, and
 * <, > and & as \u003c, \u003e, \u0026, so that the text can stand in a
 * CDATA section or a script (no "]]>", no "</"); what is not UTF-8 and
 * what XML cannot hold become U+FFFD as above.
 */
int sp_flame_put_json(struct sp_flame_out *o, const char *s);

/*
 * A time in the unit that suits it, three significant digits: "0 ns",
 * "812 ns", "1.23 µs", "45.6 ms", "12.0 s"; with sign, "+" before a
 * positive one.  Hours of ns stay in s ("7200 s").
 */
int sp_flame_put_ns(struct sp_flame_out *o, double ns, int sign);
/* 100 * fraction with two decimals and "%" ("12.34%"); with sign, "+". */
int sp_flame_put_pct(struct sp_flame_out *o, double fraction, int sign);

/* The same into buf (at least SP_FLAME_NUM_MAX bytes); the length. */
#define SP_FLAME_NUM_MAX 48
size_t sp_flame_fmt_ns(char *buf, double ns, int sign);
size_t sp_flame_fmt_pct(char *buf, double fraction, int sign);

#endif
