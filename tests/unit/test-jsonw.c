/*
 * Unit test of sp_jsonw: strings escaped as Python's json.dumps (with its
 * default ensure_ascii) escapes them, numbers as Python prints them, and
 * output errors that stick.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_jsonw.h"
#include "check.h"

struct mem {
	char *p;
	size_t len, cap;
	int writes;
	int fail;
};

static int
mem_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct mem *m = ctx;

	m->writes++;
	if (m->fail)
		return sp_fail_errno(e, EPIPE, "test sink");
	if (m->len + n + 1 > m->cap) {
		m->cap = (m->len + n + 1) * 2;
		if ((m->p = realloc(m->p, m->cap)) == NULL)
			abort();
	}
	memcpy(m->p + m->len, p, n);
	m->len += n;
	m->p[m->len] = '\0';
	return 0;
}

/* Write one string and compare with Python's json.dumps of it. */
static void
str_case(const char *in, size_t n, const char *want)
{
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	struct sp_jsonw *w;

	if ((w = sp_jsonw_new(mem_write, &m, &e)) == NULL) {
		CHECK(0, "new: %s", e.msg);
		return;
	}
	CHECK(sp_jsonw_str(w, in, n, &e) == 0 && sp_jsonw_flush(w, &e) == 0,
	    "str: %s", e.msg);
	CHECK(m.p != NULL && strcmp(m.p, want) == 0, "str: got %s, want %s",
	    m.p ? m.p : "(nothing)", want);
	sp_jsonw_free(w);
	free(m.p);
}

#define STR(lit, want) str_case(lit, sizeof lit - 1, want)

static void
test_strings(void)
{
	char all[0x80], want[0x80 * 6 + 3], *p;
	int c;

	STR("", "\"\"");
	STR("plain text / with slash", "\"plain text / with slash\"");
	STR("q\"b\\", "\"q\\\"b\\\\\"");
	STR("\n\r\t\b\f", "\"\\n\\r\\t\\b\\f\"");
	STR("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
	STR("nul\0in", "\"nul\\u0000in\"");
	/* U+00EF, U+20AC, U+FFFF, U+1F600 (a surrogate pair), U+10FFFF */
	STR("na\xc3\xafve \xe2\x82\xac\xef\xbf\xbf",
	    "\"na\\u00efve \\u20ac\\uffff\"");
	STR("\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf",
	    "\"\\ud83d\\ude00\\udbff\\udfff\"");
	/*
	 * Invalid UTF-8, one byte at a time, as surrogateescape decodes it:
	 * a stray continuation, an overlong form, a truncated sequence
	 * before ASCII, a lead byte at the very end.
	 */
	STR("\x80", "\"\\udc80\"");
	STR("\xc0\xaf", "\"\\udcc0\\udcaf\"");
	/*
	 * An encoded surrogate is how the JSON reader carries a lone one
	 * ("sol\ud800ve"): its escape again, high or low (sp_utf8.h).
	 */
	STR("\xed\xa0\x80", "\"\\ud800\"");
	STR("a\xed\xb0\x80" "b\xed\xbf\xbf", "\"a\\udc00b\\udfff\"");
	STR("\xe2\x82" "A", "\"\\udce2\\udc82A\"");
	STR("ok\xf0", "\"ok\\udcf0\"");

	/* Every ASCII character, against the rule written out longhand. */
	p = want;
	*p++ = '"';
	for (c = 0; c < 0x80; c++) {
		all[c] = (char)c;
		if (c == '"' || c == '\\')
			p += sprintf(p, "\\%c", c);
		else if (c == '\n')
			p += sprintf(p, "\\n");
		else if (c == '\r')
			p += sprintf(p, "\\r");
		else if (c == '\t')
			p += sprintf(p, "\\t");
		else if (c == '\b')
			p += sprintf(p, "\\b");
		else if (c == '\f')
			p += sprintf(p, "\\f");
		else if (c < 0x20 || c == 0x7f)
			p += sprintf(p, "\\u%04x", c);
		else
			*p++ = (char)c;
	}
	*p++ = '"';
	*p = '\0';
	str_case(all, sizeof all, want);
}

/* Write numbers through one writer; compare the text. */
static void
test_numbers(void)
{
	static const struct {
		double v;
		const char *want;
	} d[] = {
		{ 0.0, "0.0" }, { -0.0, "-0.0" }, { 1.0, "1.0" },
		{ 0.1, "0.1" }, { 100.0, "100.0" }, { 0.0001, "0.0001" },
		{ 1e-06, "1e-06" }, { 1e-05, "1e-05" }, { 1e+16, "1e+16" },
		{ 9999999999999998.0, "9999999999999998.0" },
		{ 1.2345678901234568e+17, "1.2345678901234568e+17" },
		{ 0.1999999999999993, "0.1999999999999993" },
		{ 5e-324, "5e-324" },
		{ 1.7976931348623157e+308, "1.7976931348623157e+308" },
		{ -2.5e-07, "-2.5e-07" }, { 123456.789, "123456.789" },
	};
	static const struct {
		int64_t v;
		const char *want;
	} i[] = {
		{ 0, "0" }, { -1, "-1" }, { 1000000000, "1000000000" },
		{ INT64_MAX, "9223372036854775807" },
		{ INT64_MIN, "-9223372036854775808" },
	};
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	struct sp_jsonw *w;
	size_t k;

	for (k = 0; k < sizeof d / sizeof d[0]; k++) {
		m.len = 0;
		w = sp_jsonw_new(mem_write, &m, &e);
		CHECK(w != NULL && sp_jsonw_double(w, d[k].v, &e) == 0 &&
		    sp_jsonw_flush(w, &e) == 0, "double: %s", e.msg);
		CHECK(m.p != NULL && strcmp(m.p, d[k].want) == 0,
		    "double %.17g: got %s, want %s", d[k].v, m.p, d[k].want);
		sp_jsonw_free(w);
	}
	for (k = 0; k < sizeof i / sizeof i[0]; k++) {
		m.len = 0;
		w = sp_jsonw_new(mem_write, &m, &e);
		CHECK(w != NULL && sp_jsonw_i64(w, i[k].v, &e) == 0 &&
		    sp_jsonw_flush(w, &e) == 0, "i64: %s", e.msg);
		CHECK(m.p != NULL && strcmp(m.p, i[k].want) == 0,
		    "i64: got %s, want %s", m.p, i[k].want);
		sp_jsonw_free(w);
	}
	w = sp_jsonw_new(mem_write, &m, &e);
	CHECK(w != NULL && sp_jsonw_double(w, NAN, &e) < 0 &&
	    e.status == SP_EDATA, "NaN accepted");
	CHECK(sp_jsonw_double(w, -INFINITY, &e) < 0 && e.status == SP_EDATA,
	    "-inf accepted");
	sp_jsonw_free(w);
	free(m.p);
}

/* Large output arrives whole, in few writes; reserve/commit append. */
static void
test_buffering(void)
{
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	struct sp_jsonw *w;
	static char big[1 << 20];
	char *p;
	size_t k;

	for (k = 0; k < sizeof big; k++)
		big[k] = (char)('a' + k % 26);
	w = sp_jsonw_new(mem_write, &m, &e);
	CHECK(w != NULL, "new: %s", e.msg);
	if (w == NULL)
		return;
	CHECK(sp_jsonw_raw(w, "[", 1, &e) == 0, "%s", e.msg);
	CHECK(sp_jsonw_raw(w, big, sizeof big, &e) == 0, "%s", e.msg);
	CHECK((p = sp_jsonw_reserve(w, 3, &e)) != NULL, "%s", e.msg);
	if (p != NULL) {
		memcpy(p, "xyz", 3);
		sp_jsonw_commit(w, 2);
	}
	CHECK(sp_jsonw_reserve(w, SP_JSONW_RESERVE_MAX + 1, &e) == NULL &&
	    e.status == SP_EUSAGE, "oversized reserve granted");
	CHECK(sp_jsonw_bytes(w) == sizeof big + 3, "bytes %" PRIu64,
	    sp_jsonw_bytes(w));
	CHECK(sp_jsonw_flush(w, &e) == 0, "%s", e.msg);
	CHECK(m.len == sizeof big + 3 && m.p[0] == '[' &&
	    memcmp(m.p + 1, big, sizeof big) == 0 &&
	    memcmp(m.p + 1 + sizeof big, "xy", 2) == 0, "big output differs");
	CHECK(m.writes <= 16, "%d writes for 1 MiB", m.writes);
	sp_jsonw_free(w);
	free(m.p);
}

/* The sink's error comes back, and every later call fails too. */
static void
test_sticky_error(void)
{
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	struct sp_jsonw *w;
	int writes;

	m.fail = 1;
	w = sp_jsonw_new(mem_write, &m, &e);
	CHECK(w != NULL, "new: %s", e.msg);
	if (w == NULL)
		return;
	CHECK(sp_jsonw_raw(w, "abc", 3, &e) == 0, "buffered write failed");
	CHECK(sp_jsonw_flush(w, &e) < 0 && e.status == SP_EIO &&
	    strcmp(e.msg, "test sink: Broken pipe") == 0, "flush: \"%s\"",
	    e.msg);
	writes = m.writes;
	m.fail = 0;
	sp_err_clear(&e);
	CHECK(sp_jsonw_flush(w, &e) < 0 && e.status == SP_EIO,
	    "a flush after a failure succeeded");
	CHECK(sp_jsonw_reserve(w, 8, &e) == NULL, "reserve after a failure");
	CHECK(sp_jsonw_str(w, "x", 1, &e) < 0 || sp_jsonw_flush(w, &e) < 0,
	    "a write after a failure succeeded");
	CHECK(m.writes == writes, "the sink was called again after failing");
	sp_jsonw_free(w);
	sp_jsonw_free(NULL);
	free(m.p);
}

int
main(void)
{
	test_strings();
	test_numbers();
	test_buffering();
	test_sticky_error();
	if (failed)
		return 1;
	printf("ok\n");
	return 0;
}
