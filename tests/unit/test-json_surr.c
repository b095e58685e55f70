/*
 * Unit test of the filter in front of YAJL (sp_json_surr.h), for the
 * words NaN, Infinity and -Infinity: each text fed whole, in two chunks
 * cut at every byte and one byte at a time gives the same filtered text
 * (words where a value stands rewritten as numbers of their length, the
 * rest untouched: strings, misspelled or glued words), the raw bytes as
 * given, and the words' numbers where they end, in order.
 */
#include <stdlib.h>
#include <string.h>

#include "sp_json_surr.h"
#include "check.h"

/* A number the text holds: where it ends, its sign, what it stands for. */
struct num {
	uint64_t end;
	int negative;
	const char *word;	/* NULL: a number as written */
};

struct tcase {
	const char *in, *out;
	struct num nums[4];
	size_t nnums;
};

static const struct tcase cases[] = {
	{ "{\"a\": NaN}", "{\"a\": 0.0}", { { 9, 0, "NaN" } }, 1 },
	{ "[Infinity,-Infinity]", "[0.000000,-0.000000]",
	    { { 9, 0, "Infinity" }, { 19, 1, "-Infinity" } }, 2 },
	{ "[1.5, NaN, 2]", "[1.5, 0.0, 2]",
	    { { 4, 0, NULL }, { 9, 0, "NaN" }, { 12, 0, NULL } }, 3 },
	{ "{\"NaN\": \"NaN Infinity\"}", "{\"NaN\": \"NaN Infinity\"}",
	    { { 0 } }, 0 },
	{ "[\"\\\" NaN\", NaN]", "[\"\\\" NaN\", 0.0]", { { 14, 0, "NaN" } },
	    1 },
	{ "[\"\\\\\", NaN]", "[\"\\\\\", 0.0]", { { 10, 0, "NaN" } }, 1 },
	{ "[1NaN, NaNa, -NaN, nan, Infinit, NaN1]",
	    "[1NaN, NaNa, -NaN, nan, Infinit, NaN1]", { { 0 } }, 0 },
	{ "{\"x\":\n\tNaN\r\n}", "{\"x\":\n\t0.0\r\n}", { { 10, 0, "NaN" } },
	    1 },
	{ "[\"\\ud800\", Infinity]", "[\"\\u0000\", 0.000000]",
	    { { 19, 0, "Infinity" } }, 1 },
	{ "NaN", "0.0", { { 3, 0, "NaN" } }, 1 },
	{ "-Infinity", "-0.000000", { { 9, 1, "-Infinity" } }, 1 },
	{ "[Na", "[Na", { { 0 } }, 0 },
};

/* The text fed in chunks cut at the offsets cuts (ascending, < n). */
static void
run(const struct tcase *t, const size_t *cuts, size_t ncuts, const char *how)
{
	struct sp_json_surr *f = sp_json_surr_new();
	size_t n = strlen(t->in), at = 0, k, got = 0;
	char out[256], raw[256];
	const unsigned char *o, *r;
	size_t len;
	int ok = 1;

	if (f == NULL)
		abort();
	for (k = 0; k <= ncuts && ok; k++) {
		size_t to = k < ncuts ? cuts[k] : n;

		if (sp_json_surr_feed(f, (const unsigned char *)t->in + at,
		    to - at,
		    k == ncuts, &o, &r, &len) < 0 || got + len > sizeof out)
			abort();
		memcpy(out + got, o, len);
		memcpy(raw + got, r, len);
		got += len;
		at = to;
	}
	CHECK(got == n && memcmp(out, t->out, n) == 0 &&
	    memcmp(raw, t->in, n) == 0, "%s (%s): filtered %.*s, raw %.*s",
	    t->in, how, (int)got, out, (int)got, raw);
	for (k = 0; k < t->nnums; k++) {
		const struct num *m = &t->nums[k];
		const char *w = sp_json_surr_number(f, m->end, m->negative);

		CHECK(w == m->word || (w != NULL && m->word != NULL &&
		    strcmp(w, m->word) == 0), "%s (%s): number %zu: %s", t->in,
		    how, k, w != NULL ? w : "(none)");
	}
	CHECK(sp_json_surr_words(f) == 0, "%s (%s): %zu words left", t->in, how,
	    sp_json_surr_words(f));
	sp_json_surr_free(f);
}

static void
test_cases(void)
{
	size_t i, c, cuts[256];

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct tcase *t = &cases[i];
		size_t n = strlen(t->in);

		run(t, NULL, 0, "whole");
		for (c = 1; c < n; c++)
			run(t, &c, 1, "two chunks");
		for (c = 1; c < n; c++)
			cuts[c - 1] = c;
		run(t, cuts, n - 1, "bytes");
	}
}

/* A word asked about at the wrong end stays queued. */
static void
test_order(void)
{
	struct sp_json_surr *f = sp_json_surr_new();
	const unsigned char *o, *r;
	size_t len;

	if (f == NULL || sp_json_surr_feed(f, (const unsigned char *)"[7, NaN]",
	    8, 1, &o, &r, &len) < 0)
		abort();
	CHECK(sp_json_surr_words(f) == 1, "one word");
	CHECK(sp_json_surr_number(f, 2, 0) == NULL, "7 is a number");
	CHECK(sp_json_surr_words(f) == 1, "still one word");
	CHECK(sp_json_surr_number(f, 7, 0) != NULL, "NaN at 7");
	CHECK(sp_json_surr_number(f, 7, 0) == NULL, "asked once");
	sp_json_surr_free(f);
}

int
main(void)
{
	test_cases();
	test_order();
	return failed != 0;
}
