/*
 * test-json_respell: JSON text respelled on one line, into the caller's
 * growing buffer, as json.dumps(json.loads(s)) spells it
 * (sp_json_respell.h): separators ", " and ": ", integers as their
 * digits, floats as Python's repr, strings as ensure_ascii escapes them
 * (raw UTF-8, pairs, lone surrogates, bytes that are no UTF-8), non-
 * finite floats as null or as words; only the n bytes given are read;
 * text that is not one JSON value refused (SP_EDATA); nesting 1000 deep
 * but no deeper; the buffer grown past its first room and past the
 * writer's flushes, and used again from its start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_json_respell.h"

/* s (n bytes) respelled, non-finite floats as how: want, or refused. */
static void
respell_n(const char *s, size_t n, enum sp_json_emit_nonfinite how,
    const char *want)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	struct sp_err e;
	int rc;

	e.status = SP_OK;
	rc = sp_json_respell(s, n, how, &buf, &len, &cap, &e);
	if (want == NULL) {
		CHECK(rc == -1 && e.status == SP_EDATA && e.msg[0] != '\0',
		    "[%.*s]: accepted, want SP_EDATA", (int)n, s);
	} else {
		CHECK(rc == 0, "[%.*s]: %s", (int)n, s, e.msg);
		CHECK(rc == 0 && len == strlen(want) && len <= cap &&
		    memcmp(buf, want, len) == 0, "[%.*s] -> [%.*s], want [%s]",
		    (int)n, s, rc == 0 ? (int)len : 0, buf ? buf : "", want);
	}
	free(buf);
}

static void
respell(const char *s, const char *want)
{
	respell_n(s, strlen(s), SP_JSON_EMIT_NULL, want);
}

static void
test_layout(void)
{
	respell("{\"a\":1,\"b\":[true,false,null],\"c\":{},\"d\":[]}",
	    "{\"a\": 1, \"b\": [true, false, null], \"c\": {}, \"d\": []}");
	respell(" \t\n[ 1 ,\r\n2 ,{ \"k\" :\"v\" } ] \n",
	    "[1, 2, {\"k\": \"v\"}]");
	respell("[[],[[]],{\"x\":[{}]}]", "[[], [[]], {\"x\": [{}]}]");
	/* a scalar alone is a JSON text too */
	respell("\"x\"", "\"x\"");
	respell("  7 ", "7");
	respell("true", "true");
	respell("null", "null");
}

static void
test_numbers(void)
{
	/* integers: int() then str(): the digits, but -0 is 0 */
	respell("[0, -0, 42, -17]", "[0, 0, 42, -17]");
	respell("[123456789012345678901234567890]",
	    "[123456789012345678901234567890]");
	/* floats: repr of the nearest double */
	respell("[1.50, -0.0, 1E2, 1e+2, 0.1, 1e-7, 2.5e-05, 1e16, 1e15]",
	    "[1.5, -0.0, 100.0, 100.0, 0.1, 1e-07, 2.5e-05, 1e+16, "
	    "1000000000000000.0]");
	respell("[0.30000000000000004, 5e-324, 1e-400]",
	    "[0.30000000000000004, 5e-324, 0.0]");
	/* not numbers to json.loads */
	respell("[01]", NULL);
	respell("01", NULL);
	respell("[.5]", NULL);
	respell("[1.]", NULL);
	respell("[1e]", NULL);
	respell("[+1]", NULL);
	respell("[-]", NULL);
	respell("[0x10]", NULL);
}

static void
test_nonfinite(void)
{
	static const char in[] =
	    "[NaN, Infinity, -Infinity, 1e400, -1e400, \"NaN\"]";

	respell_n(in, strlen(in), SP_JSON_EMIT_NULL,
	    "[null, null, null, null, null, \"NaN\"]");
	respell_n(in, strlen(in), SP_JSON_EMIT_WORDS,
	    "[NaN, Infinity, -Infinity, Infinity, -Infinity, \"NaN\"]");
	respell_n("-Infinity", 9, SP_JSON_EMIT_WORDS, "-Infinity");
	respell_n("NaN", 3, SP_JSON_EMIT_NULL, "null");
	/* json.loads knows these three words only, spelled so */
	respell("[-NaN]", NULL);
	respell("[nan]", NULL);
	respell("[inf]", NULL);
	respell("[Infinit]", NULL);
}

static void
test_strings(void)
{
	/* escapes read, then written as ensure_ascii writes them */
	respell("[\"\\\"\\\\\\/\"]", "[\"\\\"\\\\/\"]");
	respell("[\"\\b\\f\\n\\r\\t\"]", "[\"\\b\\f\\n\\r\\t\"]");
	respell("[\"\\u0041\\u00E9\\u001F\\u007f \"]",
	    "[\"A\\u00e9\\u001f\\u007f \"]");
	respell("[\"~\x7f\"]", "[\"~\\u007f\"]");
	/* raw UTF-8 of 2, 3 and 4 bytes: \u escapes, beyond the BMP a pair */
	respell("[\"\xc3\xa9\", \"\xe2\x82\xac\", \"\xf0\x9f\x98\x80\"]",
	    "[\"\\u00e9\", \"\\u20ac\", \"\\ud83d\\ude00\"]");
	/* an escaped pair is one character, written again as a pair */
	respell("[\"\\uD83D\\uDE00\"]", "[\"\\ud83d\\ude00\"]");
	/* lone surrogates stay: alone, before a letter, before no low one */
	respell("[\"\\ud800\", \"\\udc00x\", \"\\ud800\\u0041\"]",
	    "[\"\\ud800\", \"\\udc00x\", \"\\ud800A\"]");
	/*
	 * a byte that starts no UTF-8: sp's rule (sp_jsonw.h), the lone
	 * surrogate U+DC00 + byte that surrogateescape decodes it to
	 */
	respell("[\"a\xff\", \"\xc3\", \"\xe2\x82\"]",
	    "[\"a\\udcff\", \"\\udcc3\", \"\\udce2\\udc82\"]");
	/* keys are strings like the others */
	respell("{\"\xc3\xa9\\n\": \"\"}", "{\"\\u00e9\\n\": \"\"}");
	/* not strings to json.loads */
	respell("[\"abc]", NULL);
	respell("[\"\\x\"]", NULL);
	respell("[\"\\u12\"]", NULL);
	respell("[\"\\u12g4\"]", NULL);
	respell("[\"a\\", NULL);
	respell("{1: 2}", NULL);
	respell("{'a': 2}", NULL);
}

static void
test_refused(void)
{
	static const char *const bad[] = {
		"", "   ", "[", "]", "[1,]", "[,1]", "[1 2]", "[1] 2", "{}}",
		"{\"a\" 1}", "{\"a\":}", "{\"a\":1,}", "tru", "nul", "True",
		"[true false]", "\"a\" \"b\"",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		respell(bad[i], NULL);
}

/* Only the n bytes given are read: none past them, and all of them. */
static void
test_length(void)
{
	respell_n("[1]xyz", 3, SP_JSON_EMIT_NULL, "[1]");
	respell_n("\"ab\"cd", 4, SP_JSON_EMIT_NULL, "\"ab\"");
	respell_n("[1, 2]", 4, SP_JSON_EMIT_NULL, NULL);
	respell_n("[1]", 0, SP_JSON_EMIT_NULL, NULL);
	respell_n("truex", 3, SP_JSON_EMIT_NULL, NULL);
	/* a NUL within the n bytes is a byte like any other: not JSON */
	respell_n("[1]\0", 4, SP_JSON_EMIT_NULL, NULL);
	respell_n("\0", 1, SP_JSON_EMIT_NULL, NULL);
}

/* Containers nest 1000 deep, not 1001. */
static void
test_depth(void)
{
	char s[2 * 1001 + 1];
	int d;

	for (d = 1000; d <= 1001; d++) {
		memset(s, '[', (size_t)d);
		memset(s + d, ']', (size_t)d);
		s[2 * d] = '\0';
		respell(s, d <= 1000 ? s : NULL);
	}
}

/*
 * Large outputs: past the first room, through several of the writer's
 * flushes; the buffer used again starts over, and a caller's small one
 * is grown.
 */
static void
test_growth(void)
{
	enum { N = 40000, U = 100000 };
	char *in = malloc(N * 8 + 2), *want = malloc(N * 9 + 2);
	char *sin = malloc(2 * U + 3), *buf = NULL;
	size_t len = 0, cap = 0, ni = 0, nw = 0, i;
	struct sp_err e;
	int ok;

	if (in == NULL || want == NULL || sin == NULL)
		abort();
	in[ni++] = want[nw++] = '[';
	for (i = 0; i < N; i++) {
		ni += (size_t)sprintf(in + ni, i ? ",%zu" : "%zu", i);
		nw += (size_t)sprintf(want + nw, i ? ", %zu" : "%zu", i);
	}
	in[ni++] = want[nw++] = ']';
	/* more than two of the writer's chunks (128 KiB) */
	CHECK(nw > 2 * 131072, "the case is too small: %zu", nw);
	CHECK(sp_json_respell(in, ni, SP_JSON_EMIT_NULL, &buf, &len, &cap,
	    &e) == 0, "%d integers: %s", N, e.msg);
	CHECK(len == nw && cap >= len && memcmp(buf, want, nw) == 0,
	    "%d integers: %zu bytes, want %zu", N, len, nw);

	/* the same buffer again: the text starts at 0, not after the last */
	CHECK(sp_json_respell(" [ ] ", 5, SP_JSON_EMIT_NULL, &buf, &len, &cap,
	    &e) == 0 && len == 2 && memcmp(buf, "[]", 2) == 0,
	    "used again: %zu bytes, want 2", len);

	/* one string of U raw U+00E9: 6 bytes each written */
	sin[0] = '"';
	for (i = 0; i < U; i++)
		memcpy(sin + 1 + 2 * i, "\xc3\xa9", 2);
	sin[2 * U + 1] = '"';
	CHECK(sp_json_respell(sin, 2 * U + 2, SP_JSON_EMIT_NULL, &buf, &len,
	    &cap, &e) == 0, "long string: %s", e.msg);
	ok = len == 6 * (size_t)U + 2 && buf[0] == '"' && buf[len - 1] == '"';
	for (i = 0; ok && i < U; i++)
		ok = memcmp(buf + 1 + 6 * i, "\\u00e9", 6) == 0;
	CHECK(ok, "long string: %zu bytes, want %d", len, 6 * U + 2);
	free(buf);

	/* a caller's buffer of one byte, grown as it fills */
	buf = malloc(1);
	cap = 1;
	CHECK(buf != NULL && sp_json_respell("[\"hello\",1]", 11,
	    SP_JSON_EMIT_NULL, &buf, &len, &cap, &e) == 0 && len == 12 &&
	    cap >= 12 && memcmp(buf, "[\"hello\", 1]", 12) == 0,
	    "a small buffer: %zu bytes, want 12", len);
	/* a refusal leaves the buffer the caller's to free */
	CHECK(sp_json_respell("[1,", 3, SP_JSON_EMIT_NULL, &buf, &len, &cap,
	    &e) == -1 && e.status == SP_EDATA, "refused into a buffer");
	free(buf);
	free(sin);
	free(want);
	free(in);
}

int
main(void)
{
	test_layout();
	test_numbers();
	test_nonfinite();
	test_strings();
	test_refused();
	test_length();
	test_depth();
	test_growth();
	return failed != 0;
}
