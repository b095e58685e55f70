/*
 * sp_pb.h - the protocol-buffer wire format, as much of it as a writer
 * of Perfetto traces needs: varints, field keys, integers, strings and
 * nested messages, encoded into memory the caller provides.
 *
 * A message is a sequence of fields, each a key (field number << 3 |
 * wire type, as a varint) then its value: a varint (wire type 0), or a
 * length as a varint then that many bytes (wire type 2: strings, bytes
 * and nested messages).  Signed int32 and int64 fields carry the two's
 * complement as a varint (ten bytes for a negative number).
 *
 * A nested message's length is known only once it is written: sp_pb_open
 * leaves one byte for it, and sp_pb_close writes it there, moving the
 * message up when the length needs more bytes (a message of 128 bytes or
 * more: rare on the hot path of slices, whose messages are short).
 *
 * Nothing here allocates or fails: every function writes at p and
 * returns the end of what it wrote, and the caller makes sure of the
 * room (SP_PB_VARINT_MAX per varint, and SP_PB_NEST_SLACK more per open
 * message for sp_pb_close's move).
 *
 * Ownership: the caller's buffer; nothing is kept.
 */
#ifndef SP_PB_H
#define SP_PB_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SP_PB_VARINT_MAX 10
/* Room sp_pb_close may need beyond the message: its length's other bytes. */
#define SP_PB_NEST_SLACK (SP_PB_VARINT_MAX - 1)

enum sp_pb_wire {
	SP_PB_VARINT = 0,
	SP_PB_LEN = 2,
};

/* Bytes of v as a varint: 1 to 10. */
static inline size_t
sp_pb_varint_len(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static inline uint8_t *
sp_pb_varint(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

/* Bytes of v as a varint, for v < 2^56: the top bit's index / 7 + 1. */
static inline unsigned
sp_pb_varint_len56(uint64_t v)
{
	/* b * 37 >> 8 is b / 7 for every b below 64 */
	return (((unsigned)(63 - __builtin_clzll(v | 1)) * 37) >> 8) + 1;
}

/*
 * The 7-bit groups of v < 2^56, a byte each, in three steps (28, 14 and
 * 7 bits apart), so that no branch depends on the length.
 */
static inline uint64_t
sp_pb_spread56(uint64_t v)
{
	uint64_t x;

	x = (v & 0xfffffff) | (v & 0xfffffff0000000) << 4;
	x = (x & 0x00003fff00003fff) | (x & 0x0fffc0000fffc000) << 2;
	return (x & 0x007f007f007f007f) | (x & 0x3f803f803f803f80) << 1;
}

/*
 * Varints of values that keep their length for long runs, as a track's
 * timestamps do: the span of values of the last length seen is kept
 * (lo, and width: empty at first), with that length and its
 * continuation bits, so that a value inside it is stored without
 * counting its bits.  Any value may come: outside the span it is
 * counted, and the span moves.
 */
struct sp_pb_run {
	uint64_t lo, width, cont;
	unsigned n;
};

/* The span of v's length, for v < 2^56. */
static inline void
sp_pb_run_set(struct sp_pb_run *r, uint64_t v)
{
	unsigned n = sp_pb_varint_len56(v);
	uint64_t hi = (uint64_t)1 << (7 * n);

	r->lo = n == 1 ? 0 : (uint64_t)1 << (7 * (n - 1));
	r->width = hi - r->lo;
	r->cont = (uint64_t)0x0080808080808080 >> (64 - 8 * n);
	r->n = n;
}

typedef uint64_t sp_pb_spread_fn(uint64_t v);

/*
 * v at p as sp_pb_varint() writes it, with spread (sp_pb_spread56, or
 * pdep's below) for the groups: eight bytes written whatever the length.
 */
static inline __attribute__((always_inline)) uint8_t *
sp_pb_varint_run(uint8_t *p, uint64_t v, struct sp_pb_run *r,
    sp_pb_spread_fn *spread)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x;

	if (v - r->lo >= r->width) {
		if (v >> 56 != 0)
			return sp_pb_varint(p, v);
		sp_pb_run_set(r, v);
	}
	x = spread(v) | r->cont;
	memcpy(p, &x, 8);
	return p + r->n;
#else
	(void)r;
	(void)spread;
	return sp_pb_varint(p, v);
#endif
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SP_PB_PDEP 1
/*
 * The groups spread by BMI2's pdep in one instruction: for code compiled
 * for BMI2, run where sp_pb_pdep_fast() says so.
 */
static inline __attribute__((target("bmi2"))) uint64_t
sp_pb_spread_pdep(uint64_t v)
{
	return _pdep_u64(v, 0x7f7f7f7f7f7f7f7f);
}

/*
 * Whether this processor has pdep, and a fast one: not AMD's before Zen
 * 3, where it is microcode taking a cycle or more per bit of the mask.
 */
int sp_pb_pdep_fast(void);
#endif

static inline uint8_t *
sp_pb_key(uint8_t *p, uint32_t field, enum sp_pb_wire wire)
{
	return sp_pb_varint(p, (uint64_t)field << 3 | (uint64_t)wire);
}

/* An unsigned integer, enum or bool field. */
static inline uint8_t *
sp_pb_uint(uint8_t *p, uint32_t field, uint64_t v)
{
	return sp_pb_varint(sp_pb_key(p, field, SP_PB_VARINT), v);
}

/* An int32 or int64 field: the two's complement, as protobuf has it. */
static inline uint8_t *
sp_pb_int(uint8_t *p, uint32_t field, int64_t v)
{
	return sp_pb_uint(p, field, (uint64_t)v);
}

/* A string or bytes field of n bytes. */
static inline uint8_t *
sp_pb_bytes(uint8_t *p, uint32_t field, const void *s, size_t n)
{
	p = sp_pb_varint(sp_pb_key(p, field, SP_PB_LEN), n);
	memcpy(p, s, n);
	return p + n;
}

/*
 * Begin a nested message in field: *mark is where its length goes.
 * Returns where its fields start.
 */
static inline uint8_t *
sp_pb_open(uint8_t *p, uint32_t field, uint8_t **mark)
{
	p = sp_pb_key(p, field, SP_PB_LEN);
	*mark = p;
	return p + 1;
}

/* The rare case of sp_pb_close: a length of more than one byte. */
uint8_t *sp_pb_close_long(uint8_t *mark, uint8_t *end);

/* End the message opened at mark, whose fields end at end: the new end. */
static inline uint8_t *
sp_pb_close(uint8_t *mark, uint8_t *end)
{
	size_t len = (size_t)(end - mark - 1);

	if (len >= 0x80)
		return sp_pb_close_long(mark, end);
	*mark = (uint8_t)len;
	return end;
}

/* The room a string field of n bytes takes, at most. */
static inline size_t
sp_pb_bytes_room(uint32_t field, size_t n)
{
	return sp_pb_varint_len((uint64_t)field << 3) + sp_pb_varint_len(n) +
	    n;
}

#endif
