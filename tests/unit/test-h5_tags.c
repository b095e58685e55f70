/*
 * Unit test of sp_h5_tags: the JSON array of strings that HDF5 profiles
 * keep in their `tags` column, decoded as Python's json.loads would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_h5_tags.h"
#include "check.h"

/* Parse text; compare with want (n strings, joined by '|'), or a refusal. */
static void
expect(const char *text, const char *want)
{
	char **v = NULL, got[256] = "";
	size_t n = 99, i;
	int rc = sp_h5_tags_parse(text, strlen(text), &v, &n);

	if (want == NULL) {
		CHECK(rc == -1, "'%s': accepted, want a refusal", text);
		if (rc == 0)
			free(v);
		return;
	}
	CHECK(rc == 0, "'%s': refused, want '%s'", text, want);
	if (rc != 0)
		return;
	for (i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s",
		    i ? "|" : "", v[i]);
	CHECK(strcmp(got, want) == 0, "'%s': '%s', want '%s'", text, got,
	    want);
	CHECK(v[n] == NULL, "'%s': the array is not NULL-terminated", text);
	free(v);
}

static void
test_accepted(void)
{
	expect("[]", "");
	expect(" \t\r\n[ ]\n", "");
	expect("[\"a\"]", "a");
	expect("[\"a\", \"b\",\"\"]", "a|b|");
	expect("[\"q\\\"\\\\\\/\"]", "q\"\\/");
	expect("[\"\\b\\f\\n\\r\\t\"]", "\b\f\n\r\t");
	/* \u escapes become UTF-8 of 1, 2 and 3 bytes */
	expect("[\"\\u0041\\u00e9\\u20AC\"]", "A\xc3\xa9\xe2\x82\xac");
	/* a surrogate pair is one code point of 4 bytes */
	expect("[\"\\ud83d\\ude00\"]", "\xf0\x9f\x98\x80");
	/* a lone high surrogate, and one followed by no low one, stay as they are */
	expect("[\"\\ud800\"]", "\xed\xa0\x80");
	expect("[\"\\ud800\\u0041\"]", "\xed\xa0\x80" "A");
	/* raw UTF-8 passes through */
	expect("[\"\xc3\xa9t\xc3\xa9\"]", "\xc3\xa9t\xc3\xa9");
}

static void
test_refused(void)
{
	static const char *const bad[] = {
		"", "   ", "{}", "\"a\"", "[", "[\"a\"", "[\"a\",]", "[,]",
		"[\"a\" \"b\"]", "[1]", "[null]", "[\"a\"] x", "[\"a\"]]",
		"[\"\\x\"]", "[\"\\u12\"]", "[\"\\u12g4\"]", "[\"a\tb\"]",
		"[\"a\nb\"]", "[\"a\\", "[\"unterminated]",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		expect(bad[i], NULL);
}

/* More strings than the first guess of room: every one kept, in order. */
static void
test_many(void)
{
	char text[4096] = "[", want[4096] = "";
	int i;

	for (i = 0; i < 100; i++) {
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "%s\"s%d\"", i ? "," : "", i);
		snprintf(want + strlen(want), sizeof want - strlen(want),
		    "%ss%d", i ? "|" : "", i);
	}
	strcat(text, "]");
	{
		char **v = NULL;
		size_t n;

		CHECK(sp_h5_tags_parse(text, strlen(text), &v, &n) == 0,
		    "100 strings refused");
		CHECK(n == 100 && strcmp(v[0], "s0") == 0 &&
		    strcmp(v[99], "s99") == 0 && v[100] == NULL,
		    "100 strings: %zu", n);
		free(v);
	}
	/* only len bytes are read: a prefix of the text that is whole */
	{
		char **v = NULL;
		size_t n;

		CHECK(sp_h5_tags_parse("[\"a\"]garbage", 5, &v, &n) == 0 &&
		    n == 1 && strcmp(v[0], "a") == 0, "a prefix of len bytes");
		free(v);
	}
}

int
main(void)
{
	test_accepted();
	test_refused();
	test_many();
	return failed != 0;
}
