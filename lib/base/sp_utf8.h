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

/*
 * A lone surrogate U+D800..U+DFFF carried as its three bytes of
 * generalized UTF-8 (ED A0..BF 80..BF), which strict UTF-8 refuses: sp
 * keeps the lone surrogates of a JSON string ("sol\ud800ve") that way,
 * so that they are written back as the same escapes.  Returns 3 with the
 * code point in *cp when s starts such a sequence, else 0.
 */
size_t sp_utf8_surrogate(const unsigned char *s, size_t n, uint32_t *cp);

/*
 * What Python's strict UTF-8 decoder says of the n bytes at s, into msg
 * (size bytes): 0 when they decode, else 1 with the message of its
 * UnicodeDecodeError ("'utf-8' codec can't decode byte 0xff in position
 * 0: invalid start byte") for the first bad sequence, with its range as
 * Python reports it.
 */
/* 1 when the n bytes at s are strict UTF-8 (sp_utf8_decode's), else 0. */
int sp_utf8_valid(const unsigned char *s, size_t n);

/*
 * The n bytes at s into out (room for 3 n bytes) with every byte that
 * starts no valid character replaced by U+FFFD, one per byte (where
 * Python's errors="replace" gives one per maximal bad sequence: a cut
 * three-byte character is one U+FFFD there, two here); returns the
 * length written.  With out NULL, only the length.
 */
size_t sp_utf8_repair(const unsigned char *s, size_t n, char *out);

int sp_utf8_pyerror(const unsigned char *s, size_t n, char *msg,
    size_t size);

#endif
