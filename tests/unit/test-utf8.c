/*
 * Unit test of sp_utf8: every code point round-trips, nothing else
 * decodes; lone surrogates in their generalized form; Python's decode
 * errors, and Python's repr() of bytes (sp_pyrepr.h), against a table
 * Python wrote (gen-utf8-table.py).
 */
#include <stdio.h>
#include <string.h>

#include "sp_pyrepr.h"
#include "sp_utf8.h"
#include "check.h"

struct utf8_case {
	const char *s;
	size_t n;
	const char *error;	/* "": it decodes */
	const char *repr;
};

#include "utf8-table.inc"

/* The textbook encoder, written independently of the decoder under test. */
static size_t
encode(uint32_t c, unsigned char *b)
{
	if (c < 0x80) {
		b[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		b[0] = (unsigned char)(0xc0 | c >> 6);
		b[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (unsigned char)(0xe0 | c >> 12);
		b[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (unsigned char)(0xf0 | c >> 18);
	b[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	b[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	b[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

static void
test_every_code_point(void)
{
	unsigned char b[4];
	uint32_t c, got;
	size_t n, len;

	for (c = 0; c <= 0x10ffff; c++) {
		n = encode(c, b);
		len = sp_utf8_decode(b, n, &got);
		if (c >= 0xd800 && c <= 0xdfff) {
			CHECK(len == 0, "surrogate U+%04X accepted",
			    (unsigned)c);
			continue;
		}
		CHECK(len == n && got == c, "U+%04X: len %zu cp %X",
		    (unsigned)c, len, (unsigned)got);
		/* Every truncation of a multi-byte sequence is invalid. */
		if (n > 1)
			CHECK(sp_utf8_decode(b, n - 1, &got) == 0,
			    "U+%04X truncated accepted", (unsigned)c);
	}
}

/*
 * The well-formed sequences of Unicode's table 3-7, spelled out as byte
 * ranges: an independent statement of what the decoder must accept.
 */
static size_t
well_formed(const unsigned char *b, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (n == 0)
		return 0;
	if (b[0] <= 0x7f)
		return 1;
	if (b[0] >= 0xc2 && b[0] <= 0xdf)
		len = 2;
	else if (b[0] >= 0xe0 && b[0] <= 0xef)
		len = 3;
	else if (b[0] >= 0xf0 && b[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (b[0] == 0xe0)
		lo = 0xa0;
	else if (b[0] == 0xed)
		hi = 0x9f;
	else if (b[0] == 0xf0)
		lo = 0x90;
	else if (b[0] == 0xf4)
		hi = 0x8f;
	if (n < len || b[1] < lo || b[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (b[i] < 0x80 || b[i] > 0xbf)
			return 0;
	return len;
}

static void
check_bytes(const unsigned char *b, size_t n)
{
	unsigned char e[4];
	uint32_t c = 0;
	size_t len, want;

	len = sp_utf8_decode(b, n, &c);
	want = well_formed(b, n);
	if (len != want) {
		CHECK(0, "%02x %02x %02x %02x (n %zu): length %zu, want %zu",
		    b[0], n > 1 ? b[1] : 0, n > 2 ? b[2] : 0, n > 3 ? b[3] : 0,
		    n, len, want);
		return;
	}
	if (len > 0)
		CHECK(encode(c, e) == len && memcmp(e, b, len) == 0,
		    "%02x %02x %02x: decoded as U+%04X", b[0], b[1], b[2],
		    (unsigned)c);
}

/* Every 3-byte string, and every 4-byte one with an interesting lead. */
static void
test_exhaustive(void)
{
	static const unsigned char lead[] = { 0xf0, 0xf3, 0xf4, 0xf5 };
	unsigned char b[4];
	uint32_t v;
	size_t i;

	for (v = 0; v < 1u << 24 && !failed; v++) {
		b[0] = (unsigned char)(v >> 16);
		b[1] = (unsigned char)(v >> 8);
		b[2] = (unsigned char)v;
		check_bytes(b, 3);
	}
	for (i = 0; i < sizeof lead && !failed; i++) {
		b[0] = lead[i];
		for (v = 0; v < 1u << 24 && !failed; v++) {
			b[1] = (unsigned char)(v >> 16);
			b[2] = (unsigned char)(v >> 8);
			b[3] = (unsigned char)v;
			check_bytes(b, 4);
		}
	}
}

static void
test_invalid(void)
{
	static const struct {
		const char *s;
		size_t n;
	} bad[] = {
		{ "\x80", 1 },			/* stray continuation */
		{ "\xbf", 1 },
		{ "\xc0\x80", 2 },		/* overlong NUL */
		{ "\xc1\xbf", 2 },		/* overlong */
		{ "\xe0\x80\x80", 3 },		/* overlong */
		{ "\xe0\x9f\xbf", 3 },		/* overlong U+07FF */
		{ "\xed\xa0\x80", 3 },		/* U+D800 */
		{ "\xed\xbf\xbf", 3 },		/* U+DFFF */
		{ "\xf0\x8f\xbf\xbf", 4 },	/* overlong U+FFFF */
		{ "\xf4\x90\x80\x80", 4 },	/* U+110000 */
		{ "\xf5\x80\x80\x80", 4 },
		{ "\xff", 1 },
		{ "\xe2\x82", 2 },		/* truncated euro sign */
		{ "\xe2\x82\x41", 3 },		/* interrupted */
		{ "", 0 },
	};
	static const unsigned char euro[] = "\xe2\x82\xac!";
	static const unsigned char last[] = "\xf4\x8f\xbf\xbf";
	uint32_t c;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(sp_utf8_decode((const unsigned char *)bad[i].s, bad[i].n,
		    &c) == 0, "bad case %zu accepted", i);
	CHECK(sp_utf8_decode(euro, 4, &c) == 3 && c == 0x20ac, "euro sign");
	CHECK(sp_utf8_decode(last, 4, &c) == 4 && c == 0x10ffff, "U+10FFFF");
}

/* The generalized form of every surrogate, and nothing else. */
static void
test_surrogates(void)
{
	unsigned char b[4];
	uint32_t c, got;

	for (c = 0xd000; c <= 0xe000; c++) {
		size_t n = encode(c, b), len = sp_utf8_surrogate(b, n, &got);

		if (c >= 0xd800 && c <= 0xdfff)
			CHECK(len == 3 && got == c, "U+%04X: %zu %X",
			    (unsigned)c, len, (unsigned)got);
		else
			CHECK(len == 0, "U+%04X taken for a surrogate",
			    (unsigned)c);
		CHECK(sp_utf8_surrogate(b, n - 1, &got) == 0,
		    "U+%04X cut taken", (unsigned)c);
	}
}

/* Python's messages, and its bytes repr, for the table's strings. */
static void
test_python(void)
{
	char msg[256], repr[64];
	size_t i;

	for (i = 0; i < sizeof utf8_cases / sizeof utf8_cases[0]; i++) {
		const struct utf8_case *t = &utf8_cases[i];
		int bad = sp_utf8_pyerror((const unsigned char *)t->s, t->n,
		    msg, sizeof msg);

		CHECK(bad == (t->error[0] != '\0') &&
		    (!bad || strcmp(msg, t->error) == 0),
		    "case %zu: got %d '%s', want '%s'", i, bad, bad ? msg : "",
		    t->error);
		CHECK(sp_pyrepr_bytes((const unsigned char *)t->s, t->n, repr,
		    sizeof repr) == strlen(t->repr) &&
		    strcmp(repr, t->repr) == 0, "case %zu: repr %s, want %s",
		    i, repr, t->repr);
	}
	/* cut to fit, and the length it needs */
	CHECK(sp_pyrepr_bytes((const unsigned char *)"\xff", 1, repr, 4) ==
	    7 && strcmp(repr, "b'\\") == 0, "cut: %s", repr);
}

/* valid and repair: each byte that starts no character, one U+FFFD */
static void
test_repair(void)
{
	static const struct {
		const char *s, *want;
		size_t n;
	} cases[] = {
		{ "", "", 0 },
		{ "ok \xc3\xa9", "ok \xc3\xa9", 5 },
		{ "a\xff\xfe", "a\xef\xbf\xbd\xef\xbf\xbd", 3 },
		{ "\xed\xa0\x80x", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdx", 4 },
		{ "cut\xc3", "cut\xef\xbf\xbd", 4 },
		{ "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd", 2 },
		{ "a\0b", "a\0b", 3 },
	};
	char out[32];
	size_t i, k, want;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const unsigned char *s = (const unsigned char *)cases[i].s;

		want = i == 6 ? 3 : strlen(cases[i].want);
		CHECK(sp_utf8_valid(s, cases[i].n) == (i < 2 || i == 6),
		    "repair case %zu: valid", i);
		k = sp_utf8_repair(s, cases[i].n, out);
		CHECK(k == want && memcmp(out, cases[i].want, k) == 0 &&
		    sp_utf8_repair(s, cases[i].n, NULL) == k,
		    "repair case %zu: %zu bytes", i, k);
		CHECK(sp_utf8_valid((const unsigned char *)out, k),
		    "repair case %zu: the repair is valid", i);
	}
}

int
main(void)
{
	test_repair();
	test_surrogates();
	test_python();
	test_invalid();
	test_every_code_point();
	test_exhaustive();
	if (failed)
		return 1;
	printf("utf8: ok\n");
	return 0;
}
