/*
 * Unit test of sp_pb, the protobuf wire encoder of sp-trace: varints at
 * every length boundary, field keys (one and two bytes: the spec's tags
 * 0A, 40, D0 03, B8 05, E2 03), signed integers as protobuf carries them
 * (ten bytes for a negative one), strings, and nested messages whose
 * length takes one byte or more (sp_pb_close moving the message up),
 * nested in each other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_pb.h"
#include "check.h"

/* The bytes from buf to end as hex, "0a 02 ...". */
static const char *
hex(const uint8_t *buf, const uint8_t *end)
{
	static char out[4096];
	size_t n = 0;

	out[0] = '\0';
	for (; buf < end && n + 4 < sizeof out; buf++)
		n += (size_t)snprintf(out + n, sizeof out - n, "%s%02x",
		    n > 0 ? " " : "", *buf);
	return out;
}

static void
test_varints(void)
{
	static const struct { uint64_t v; const char *bytes; } cases[] = {
		{ 0, "00" }, { 1, "01" }, { 127, "7f" }, { 128, "80 01" },
		{ 300, "ac 02" }, { 16383, "ff 7f" }, { 16384, "80 80 01" },
		{ (uint64_t)1 << 32, "80 80 80 80 10" },
		{ UINT64_MAX, "ff ff ff ff ff ff ff ff ff 01" },
	};
	uint8_t buf[16], *end;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		end = sp_pb_varint(buf, cases[i].v);
		CHECK(strcmp(hex(buf, end), cases[i].bytes) == 0 &&
		    (size_t)(end - buf) == sp_pb_varint_len(cases[i].v),
		    "varint %llu: %s", (unsigned long long)cases[i].v,
		    hex(buf, end));
	}
}

static void
test_fields(void)
{
	uint8_t buf[64], *p;

	p = sp_pb_uint(buf, 8, 5);		/* TracePacket.timestamp */
	p = sp_pb_uint(p, 58, 6);		/* .timestamp_clock_id */
	p = sp_pb_uint(p, 87, 1);		/* .first_packet_on_sequence */
	CHECK(strcmp(hex(buf, p), "40 05 d0 03 06 b8 05 01") == 0,
	    "varint fields: %s", hex(buf, p));
	p = sp_pb_int(buf, 4, -1);		/* DebugAnnotation.int_value */
	CHECK(strcmp(hex(buf, p), "20 ff ff ff ff ff ff ff ff ff 01") == 0,
	    "int -1: %s", hex(buf, p));
	p = sp_pb_int(buf, 4, -2);
	CHECK(strcmp(hex(buf, p), "20 fe ff ff ff ff ff ff ff ff 01") == 0,
	    "int -2: %s", hex(buf, p));
	p = sp_pb_bytes(buf, 2, "ab", 2);	/* a name */
	CHECK(strcmp(hex(buf, p), "12 02 61 62") == 0, "string: %s",
	    hex(buf, p));
	p = sp_pb_bytes(buf, 2, "", 0);
	CHECK(strcmp(hex(buf, p), "12 00") == 0, "empty string: %s",
	    hex(buf, p));
	CHECK(sp_pb_bytes_room(2, 3) == 5 && sp_pb_bytes_room(60, 200) == 204,
	    "room");
}

/* A nested message of n filler bytes in field 60 (key e2 03). */
static void
nest(size_t n, const char *head)
{
	uint8_t *buf = calloc(1, n + 32), *p, *mark;
	char want[64];
	size_t k;

	p = sp_pb_open(buf, 60, &mark);
	memset(p, 0x55, n);
	p = sp_pb_close(mark, p + n);
	k = strlen(head);
	snprintf(want, sizeof want, "%s", hex(buf, buf + 2 +
	    sp_pb_varint_len(n)));
	CHECK(strncmp(want, head, k) == 0 && (size_t)(p - buf) == 2 +
	    sp_pb_varint_len(n) + n, "nested %zu: %s", n, want);
	CHECK(n == 0 || (buf[2 + sp_pb_varint_len(n)] == 0x55 &&
	    p[-1] == 0x55), "nested %zu: content moved whole", n);
	free(buf);
}

static void
test_nested(void)
{
	uint8_t buf[512], *p, *outer, *inner;

	nest(0, "e2 03 00");
	nest(127, "e2 03 7f");
	nest(128, "e2 03 80 01");
	nest(20000, "e2 03 a0 9c 01");
	/* a packet holding a track event holding a name: both close */
	p = sp_pb_open(buf, 1, &outer);
	p = sp_pb_uint(p, 8, 7);
	p = sp_pb_open(p, 11, &inner);
	p = sp_pb_uint(p, 9, 1);
	p = sp_pb_close(inner, p);
	p = sp_pb_close(outer, p);
	CHECK(strcmp(hex(buf, p), "0a 06 40 07 5a 02 48 01") == 0,
	    "packet: %s", hex(buf, p));
	/* an inner message of 200 bytes: both lengths take two bytes */
	p = sp_pb_open(buf, 1, &outer);
	p = sp_pb_open(p, 11, &inner);
	memset(p, 0x33, 200);
	p = sp_pb_close(inner, p + 200);
	p = sp_pb_close(outer, p);
	CHECK((size_t)(p - buf) == 2 + 2 + 2 + 200 && buf[0] == 0x0a &&
	    buf[1] == 0xcb && buf[2] == 0x01 && buf[3] == 0x5a &&
	    buf[4] == 0xc8 && buf[5] == 0x01 && buf[6] == 0x33 &&
	    p[-1] == 0x33, "two-byte lengths: %s", hex(buf, buf + 8));
}

/* One value through the run's varint, against the loop: 1 when they differ. */
static int
run_differs(uint64_t v, struct sp_pb_run *r, sp_pb_spread_fn *spread)
{
	uint8_t a[24], b[24], *ea, *eb;

	ea = sp_pb_varint(a, v);
	eb = sp_pb_varint_run(b, v, r, spread);
	return ea - a != eb - b || memcmp(a, b, (size_t)(ea - a)) != 0;
}

/*
 * The run's varint, against the loop, with each spread: values rising
 * slowly through every length (as a track's timestamps do), then rising
 * and falling past each power of two, then at random, so that the span must follow them
 * both ways; and values at 2^56 and above, which it leaves to the loop.
 */
static void
test_varint_run(sp_pb_spread_fn *spread, const char *what)
{
	struct sp_pb_run r = { 0 };
	uint64_t v, x = 0x2545f4914f6cdd1du;
	int k, d, i, bad = 0;

	for (v = 0; v < ((uint64_t)1 << 62); v = v + 1 + v / 3)
		bad += run_differs(v, &r, spread);
	for (k = 0; k < 64; k++)
		for (d = -2; d <= 2; d++)
			bad += run_differs(((uint64_t)1 << k) +
			    (uint64_t)(int64_t)d, &r, spread);
	for (k = 63; k >= 0; k--)
		for (d = 2; d >= -2; d--)
			bad += run_differs(((uint64_t)1 << k) +
			    (uint64_t)(int64_t)d, &r, spread);
	for (i = 0; i < 100000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		bad += run_differs(x >> (x % 64), &r, spread);
	}
	CHECK(bad == 0, "sp_pb_varint_run (%s): %d values differ", what, bad);
}

int
main(void)
{
	test_varints();
	test_varint_run(sp_pb_spread56, "shifts");
#ifdef SP_PB_PDEP
	if (__builtin_cpu_supports("bmi2"))
		test_varint_run(sp_pb_spread_pdep, "pdep");
#endif
	test_fields();
	test_nested();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
