/*
 * sp_marshal.h - .prof files: a pstats dict in Python's marshal format,
 * written as cProfile's dump_stats writes it and read as pstats loads it.
 *
 * The writer emits exactly the bytes of Python's marshal.dumps(stats, 2):
 * version 2 is the newest whose codes every Python 3 reads (3.0 to 3.3 do
 * not know the short forms of version 4), and it never shares objects by
 * reference, so its bytes depend on the dict alone.  The codes:
 *
 *	'{' ... '0'	dict, ended by the NULL code
 *	'(' int32 n	tuple of n items
 *	'u' int32 n	string: n bytes of UTF-8
 *	'i' int32	an int in [-2^31, 2^31)
 *	'l' int32 n	any other int: |n| 15-bit digits of its magnitude
 *			in int16s, least significant first; n < 0 for a
 *			negative int
 *	'g' 8 bytes	a float, IEEE 754 binary64
 *
 * All multi-byte fields are little-endian.  (CPython's own dump_stats uses
 * version 4, with short forms and back-references; the bytes differ, the
 * loaded dict does not.)
 *
 * The reader takes what CPython's marshal writes for such a dict at any
 * version (0 to 4): the codes above plus ')' (small tuple), 'I' (int64),
 * 'f' (float as text), 't', 'a', 'A', 'z', 'Z' (the other string forms;
 * the ASCII ones decode as Latin-1, as CPython decodes them), FLAG_REF on
 * any object and 'r' back-references.  It checks the shape pstats needs:
 * a non-empty dict of (str, int, str) keys to (int, int, number, number,
 * callers) tuples, callers a dict of such keys to (int, int, number,
 * number) tuples or, as the pure-Python profile module writes them, to
 * bare call counts.  Anything else fails with SP_EDATA and a message
 * naming the input and the byte offset: other types, ints beyond 64 bits,
 * strings that are not text or hold a NUL, data after the dict, an empty
 * dict (pstats refuses one too), objects nested deeper than a pstats dict
 * can be, references to unknown or unfinished objects, callers dicts
 * shared so often that they would multiply the input, truncation
 * anywhere.  Sizes are checked against the bytes left before anything is
 * allocated, so a damaged file costs memory in proportion to its size.
 *
 * Ownership: the writer only reads the dict; the caller owns the dict a
 * reader returns and frees it with sp_prof_free().
 */
#ifndef SP_MARSHAL_H
#define SP_MARSHAL_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_prof.h"

/*
 * Marshal d through write (called with chunks of at most 64 KiB).  Fails
 * with SP_EDATA for a string that is not valid UTF-8 (encoded surrogates
 * pass, as Python's marshal lets them) or longer than 2 GiB.
 */
int sp_marshal_write_prof(const struct sp_prof *d, sp_write_fn *write,
    void *ctx, struct sp_err *e);

/* Read a .prof held in memory; name is used in error messages. */
struct sp_prof *sp_marshal_read_prof(const void *buf, size_t n,
    const char *name, struct sp_err *e);

/* Read a .prof file ("-" is standard input), as pstats.Stats(path) does. */
struct sp_prof *sp_marshal_load_prof(const char *path, struct sp_err *e);

#endif
