/*
 * sp_json_text.h - JSON text read again: checked and written anew through
 * an emitter (sp_json_emit.h) as Python's json.loads then json.dumps
 * would, looked into without building its values, and the base64 of a
 * JSON string turned back into bytes.  The text is what a profile keeps
 * as it is (a run's event_metadata, a side payload), read by the same
 * rules as Python's json module: NaN and the infinities are numbers, a
 * lone surrogate escape is a character, containers nest at most 1000
 * deep.  Two differences, by choice, on text json.dumps never writes: a
 * control character inside a string, which json.loads refuses, is taken
 * (and written escaped); and an object's repeated key is written each
 * time with its own value, where json.loads keeps only the last value,
 * in the first one's place (a reader that takes the last gets the same).
 *
 * Ownership: nothing is kept; s is only read during the call.
 */
#ifndef SP_JSON_TEXT_H
#define SP_JSON_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_json_emit.h"

/*
 * The JSON text s re-read and written again to o as json.loads then
 * json.dumps would: the same values, strings escaped as ensure_ascii
 * escapes them, integers as their digits, floats as Python's repr of the
 * nearest double; NaN, Infinity and -Infinity (which json.loads takes)
 * and floats that overflow as sp_json_emit_f64 writes them.  Fails
 * (SP_EDATA) on text that is not one JSON value.
 */
int sp_json_text_emit(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e);

/*
 * Whether the JSON text s is an array with at least one element that
 * Python finds true (a non-empty object or array or string, a non-zero
 * number, true): json_export writes event_metadata only then.  0 also
 * for text that is not an array; -1 for text that is not JSON.
 */
int sp_json_text_any_true(const char *s, size_t n);

/*
 * The elements of the JSON array text s, in order: each(ctx, off, len)
 * gets the bytes [off, off + len) of s that hold one element, without
 * the blanks around it.  Fails (SP_EDATA) on text that is not a JSON
 * array, or with each's failure; elements before the bad part have been
 * handed out by then.
 */
int sp_json_text_elements(const char *s, size_t n,
    int (*each)(void *ctx, size_t off, size_t len), void *ctx,
    struct sp_err *e);

/*
 * The character of a \u escape whose four hex digits start at s (n
 * bytes on from there), as json.loads reads it: a high surrogate whose
 * escape is followed by one of a low surrogate is one character of both;
 * any other surrogate is a character of its own.  Returns the bytes read
 * (4, or 10 for a pair), or 0 when the four are not hex digits.
 */
size_t sp_json_text_uescape(const char *s, size_t n, uint32_t *cp);

/*
 * The bytes of base64 text (RFC 4648; padding optional, no whitespace),
 * as sp_json_emit_base64 writes them, into out, which has room for
 * n / 4 * 3 + 3 bytes; returns their length, or -1.
 */
long sp_json_text_base64(const char *s, size_t n, uint8_t *out);

#endif
