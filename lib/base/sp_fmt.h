/*
 * sp_fmt.h - numbers as text, for every JSON and text writer of sp.
 *
 * Integers in decimal; doubles exactly as Python's repr(float) writes
 * them, so that sp's JSON and SVG match the reference's byte for byte.
 * These run once per number written, on the hot path of every exporter:
 * no allocation, no locale (the decimal point is always '.'), no errors.
 *
 * Ownership: nothing is allocated; the caller passes a buffer of at least
 * SP_FMT_MAX bytes.  The functions write no terminating NUL and return the
 * number of bytes written.
 */
#ifndef SP_FMT_H
#define SP_FMT_H

#include <stddef.h>
#include <stdint.h>

/* Room for any number these functions write (at most 24 bytes today). */
#define SP_FMT_MAX 32
/* The same, per kind, for writers that reserve space before formatting. */
#define SP_FMT_I64_MAX SP_FMT_MAX
#define SP_FMT_DOUBLE_MAX SP_FMT_MAX

/* v in decimal: "-9223372036854775808" .. "18446744073709551615". */
/* "00" to "99", back to back: two digits at a time, for fast formatters. */
extern const char sp_fmt_pairs[200];

size_t sp_fmt_i64(char *buf, int64_t v);
size_t sp_fmt_u64(char *buf, uint64_t v);

/*
 * v as Python's repr(v): the fewest significant digits that read back as
 * v (the nearest such when several are as short), in positional notation
 * for 1e-4 <= |v| < 1e16 ("0.0001", "123.456", "1.0", "-0.0",
 * "1234567890123456.0") and in scientific notation otherwise ("1e-05",
 * "1.5e+16", "5e-324", "1.7976931348623157e+308"); "inf", "-inf", "nan".
 * Assumes IEEE doubles and the default rounding mode, as Python does.
 */
size_t sp_fmt_double(char *buf, double v);

#endif
