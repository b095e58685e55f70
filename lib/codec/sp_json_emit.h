/*
 * sp_json_emit.h - JSON values laid out as Python's json.dumps lays them
 * out, with or without indent, on top of the text writer sp_jsonw.
 *
 * Without indent (indent < 0) containers are "[a, b]" and "{"k": v}"; with
 * indent N every element goes on its own line, N spaces deeper per level,
 * items separated by "," and keys by ": "; an empty container is "[]" or
 * "{}".  An emitter starts at a given depth, so that a fragment (a region
 * row, a rank's thread list) can be written apart and placed later at
 * that depth of the document: the bytes come out as if the whole document
 * had been written in one go.
 *
 * Besides the primitives, the emitter writes values from elsewhere the
 * way scope-profiler's json_export would: a CBOR value (metadata, side
 * payloads) and a JSON text (per-call event metadata, stored as text in
 * profiles) re-read and written again.  A float that is not finite is
 * written as null (json_export's rule, and strict JSON), or, when asked,
 * as json.dumps writes it by default: NaN, Infinity, -Infinity.
 *
 * Ownership: the emitter borrows the writer, which must outlive it; the
 * caller owns both.  Nothing passed in is kept beyond the call.
 */
#ifndef SP_JSON_EMIT_H
#define SP_JSON_EMIT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cbor.h"
#include "sp_err.h"
#include "sp_jsonw.h"

struct sp_json_emit;

/* indent < 0: one line; depth: the nesting level of the first value. */
struct sp_json_emit *sp_json_emit_new(struct sp_jsonw *w, int indent, int depth,
    struct sp_err *e);
void sp_json_emit_free(struct sp_json_emit *o);
struct sp_jsonw *sp_json_emit_writer(const struct sp_json_emit *o);

/* What a float that is not finite becomes; SP_JSON_EMIT_NULL at first. */
enum sp_json_emit_nonfinite {
	SP_JSON_EMIT_NULL,	/* null */
	SP_JSON_EMIT_WORDS,	/* NaN, Infinity, -Infinity */
};
void sp_json_emit_set_nonfinite(struct sp_json_emit *o,
    enum sp_json_emit_nonfinite how);

/* Open '{' or '[' at the current value position; close the innermost. */
int sp_json_emit_open(struct sp_json_emit *o, char bracket, struct sp_err *e);
int sp_json_emit_close(struct sp_json_emit *o, struct sp_err *e);
/*
 * Continue inside a container whose bracket was written elsewhere (first:
 * no element yet); leave one without writing its closer; mark the
 * innermost as holding elements written elsewhere.  For fragments.
 */
int sp_json_emit_resume(struct sp_json_emit *o, char bracket, int first,
    struct sp_err *e);
void sp_json_emit_leave(struct sp_json_emit *o);
void sp_json_emit_touch(struct sp_json_emit *o);
/* In an object: the separator, then "key": (key is UTF-8, escaped). */
int sp_json_emit_key(struct sp_json_emit *o, const char *key, size_t n,
    struct sp_err *e);
/* A key known to need no escaping (a C string literal). */
int sp_json_emit_lkey(struct sp_json_emit *o, const char *key,
    struct sp_err *e);
/* In an array: the separator before the next element. */
int sp_json_emit_elem(struct sp_json_emit *o, struct sp_err *e);

/* Scalars, written at the value position (after a key or an elem). */
int sp_json_emit_str(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e);
int sp_json_emit_i64(struct sp_json_emit *o, int64_t v, struct sp_err *e);
int sp_json_emit_u64(struct sp_json_emit *o, uint64_t v, struct sp_err *e);
/* Python repr; NaN and infinities as sp_json_emit_set_nonfinite says. */
int sp_json_emit_f64(struct sp_json_emit *o, double v, struct sp_err *e);
int sp_json_emit_bool(struct sp_json_emit *o, int v, struct sp_err *e);
int sp_json_emit_null(struct sp_json_emit *o, struct sp_err *e);
/* Bytes written as they are at the value position (a rendered value). */
int sp_json_emit_raw(struct sp_json_emit *o, const char *s, size_t n,
    struct sp_err *e);

/* Elements of the innermost (array) container: the hot path of columns. */
int sp_json_emit_i64s(struct sp_json_emit *o, const int64_t *v, size_t n,
    struct sp_err *e);

/*
 * The CBOR value at node i of d: integers, floats (sp_json_emit_f64),
 * text, byte strings (decoded as UTF-8 with replacement), booleans, null
 * (and undefined), arrays and maps (a key that is not text is written as
 * its JSON text), tags as their content.
 */
int sp_json_emit_cbor(struct sp_json_emit *o, const struct sp_cbor *d, size_t i,
    struct sp_err *e);

/* Base64 (RFC 4648, padded) of n bytes as a JSON string. */
int sp_json_emit_base64(struct sp_json_emit *o, const uint8_t *p, size_t n,
    struct sp_err *e);

#endif
