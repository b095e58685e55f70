/*
 * sp_utf8.h - strict UTF-8 decoding, as Python's decoder accepts it.
 *
 * Names and labels come from profiles as UTF-8 bytes that are not
 * guaranteed valid; every module that must treat them character by
 * character (repr quoting, slugs) decodes with this one definition of
 * "valid" so that they agree with each other and with Python.
 *
 * Ownership: nothing is allocated; the caller owns every buffer.
 */
#ifndef SP_UTF8_H
#define SP_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decode the character at s (n bytes available).  Returns its length in
 * bytes (1 to 4) and stores the code point in *cp, or returns 0 when n is 0
 * or s does not start a valid sequence: an overlong form, a surrogate,
 * a code point above U+10FFFF, a stray continuation byte or a truncated
 * sequence.  A caller that skips one byte on 0 resynchronizes exactly as
 * Python's decoder does with errors="surrogateescape".
 */
size_t sp_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

#endif
