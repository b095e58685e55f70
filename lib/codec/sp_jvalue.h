/*
 * sp_jvalue.h - a JSON value held in memory: a small tree, for the parts
 * of a document that a reader keeps whole (a profile's metadata, its lane
 * tables and side payloads, a region row's keys), built from the events
 * of a streaming parser (YAJL's callbacks) with struct sp_jvalue_build.
 *
 * Numbers keep their text, so that each use converts them the way it
 * needs: an int64, a double, a u64 beyond int64.  Objects keep their
 * keys in document order, repeated ones too; sp_jvalue_get finds the last
 * of them, as json.loads does.  The nodes are plain structs, to be read
 * directly; only these functions build them.
 *
 * Ownership: a container owns its children and its keys; the caller owns
 * the root it made or took from a builder, and frees it with
 * sp_jvalue_free (NULL is fine).  A builder owns what it has built until
 * sp_jvalue_build_take.
 */
#ifndef SP_JVALUE_H
#define SP_JVALUE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cbuf.h"

enum sp_jvalue_type { SP_JNULL, SP_JBOOL, SP_JNUM, SP_JSTR, SP_JARR, SP_JOBJ };

struct sp_jvalue {
	enum sp_jvalue_type t;
	int b;			/* SP_JBOOL */
	char *s;		/* SP_JSTR UTF-8, SP_JNUM its text; NUL-ended */
	size_t n;		/* bytes of s */
	struct sp_jvalue **kid;	/* SP_JARR, SP_JOBJ: elements, or values */
	char **key;		/* SP_JOBJ: the keys, NUL-ended */
	size_t *klen;
	size_t nk, cap;		/* children, and room for them */
};

/* A value of type t; a string or number holding the n bytes at p. */
struct sp_jvalue *sp_jvalue_new(enum sp_jvalue_type t);
struct sp_jvalue *sp_jvalue_new_text(enum sp_jvalue_type t, const char *p,
    size_t n);
void sp_jvalue_free(struct sp_jvalue *v);

/*
 * Append v to the array or object p, under key k (kn bytes) for an
 * object.  p takes v and k; on failure (-1, out of memory) the caller
 * keeps both.
 */
int sp_jvalue_append(struct sp_jvalue *p, char *k, size_t kn,
    struct sp_jvalue *v);

/* The value of key in object o (the last such key), or NULL. */
const struct sp_jvalue *sp_jvalue_get(const struct sp_jvalue *o,
    const char *key);

/*
 * Whether v (or the number text s) is an integer: one in int64's range,
 * or a float of integral value within +-9.2e18.  Sets *out when it is.
 */
int sp_jvalue_int(const struct sp_jvalue *v, int64_t *out);
int sp_jvalue_text_int(const char *s, int64_t *out);
/* A number as a double; null is NaN (a non-finite float); else def. */
double sp_jvalue_num(const struct sp_jvalue *v, double def);
/* A string's bytes (*n of them), or "" for any other value or NULL. */
const char *sp_jvalue_str(const struct sp_jvalue *v, size_t *n);

/*
 * The value as CBOR: integers as ints (above int64, as a u64, whole),
 * other numbers as doubles, text, booleans, null, arrays and maps.
 */
void sp_jvalue_cbor(struct sp_cbuf *b, const struct sp_jvalue *v);

/* --- building a value from parse events --- */

/* Containers a built value may nest. */
#define SP_JVALUE_BUILD_DEPTH 64

struct sp_jvalue_build {
	struct sp_jvalue *root;
	struct sp_jvalue *open[SP_JVALUE_BUILD_DEPTH];	/* innermost last */
	int depth;
	char *key;		/* the pending key of the innermost object */
	size_t keylen;
};

/*
 * The events, in document order.  Each returns 1 when the value is
 * complete (then sp_jvalue_build_take it), 0 while more is to come, -1
 * out of memory, -2 when containers nest deeper than
 * SP_JVALUE_BUILD_DEPTH.  sp_jvalue_build_value takes v (also on
 * failure); sp_jvalue_build_key takes k, the key of the next value in an
 * object.
 */
void sp_jvalue_build_begin(struct sp_jvalue_build *b);
void sp_jvalue_build_key(struct sp_jvalue_build *b, char *k, size_t n);
int sp_jvalue_build_value(struct sp_jvalue_build *b, struct sp_jvalue *v);
int sp_jvalue_build_end(struct sp_jvalue_build *b);
struct sp_jvalue *sp_jvalue_build_take(struct sp_jvalue_build *b);
/* Drop what is built (the builder may begin again). */
void sp_jvalue_build_clear(struct sp_jvalue_build *b);

#endif
