/*
 * sp_pyrepr.h - Python's repr() of a str, for messages that must read as
 * the reference's do (the nesting error quotes region names this way).
 *
 * The text is UTF-8.  The quote is ' unless the text holds a ' and no ",
 * then ".  Escaped: \\, the chosen quote, \t \n \r; other C0 controls, DEL
 * and the C1 controls as \xNN; every other character Python does not call
 * printable as \xNN, \uNNNN or \UNNNNNNNN (the shortest that fits, lower
 * case hex).  Printable non-ASCII characters are kept as they are.
 *
 * "Printable" is Python's str.isprintable: everything but the general
 * categories Cc, Cf, Cs, Co, Cn (unassigned), Zl, Zp and Zs other than the
 * space.  The categories are PCRE2's; with PCRE2 10.42 and Python 3.11
 * both use Unicode 14.0, and the two agree on every assigned code point.
 * With other versions, characters assigned by one Unicode version and not
 * the other may differ.
 *
 * Bytes that are not valid UTF-8 come out as Python shows the text
 * os.fsdecode() gives for them (errors="surrogateescape"): each bad byte
 * 0xNN as \udcNN.
 *
 * Ownership: the caller frees the string sp_pyrepr stores in *out.
 */
#ifndef SP_PYREPR_H
#define SP_PYREPR_H

#include <stddef.h>

#include "sp_err.h"

/* The repr of len bytes at s, NUL-terminated, in *out (NULL on failure). */
int sp_pyrepr(const char *s, size_t len, char **out, struct sp_err *e);

/*
 * Python's repr() of a bytes object of n bytes at s, into out (size
 * bytes, cut to fit, NUL-terminated; 4 n + 4 always fit): b'...',
 * printable ASCII as it is, \t \n \r, other bytes as \xNN, backslash
 * and the quote escaped; the quote ' unless the bytes hold a ' and no ".
 * Returns the length it needs, as snprintf does.
 */
size_t sp_pyrepr_bytes(const unsigned char *s, size_t n, char *out,
    size_t size);

#endif
