/*
 * Unit test of sp_json_calls: a JSON row's per-call values on their way
 * to the temporary file.  A column's numbers become int64 (integers in
 * any spelling json.loads gives an int or an integral float for, others
 * refused), appended in order also past the buffer of one flush; the
 * event metadata's text, gathered across chunks, is appended as
 * json.dumps spells it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_json_calls.h"
#include "check.h"

static struct sp_spill_file *tmp;

/* One column of the n number texts; the values read back, their count. */
static size_t
column(struct sp_json_calls *c, const char *const *texts, size_t n,
    int64_t *back, int *refused)
{
	uint64_t off, count = 0;
	struct sp_err e;
	size_t i;

	sp_err_clear(&e);
	sp_json_calls_column(c);
	for (i = 0; i < n; i++) {
		int rc = sp_json_calls_value(c, texts[i], strlen(texts[i]), &e);

		CHECK(rc >= 0, "%s: %s", texts[i], e.msg);
		refused[i] = rc == 1;
	}
	CHECK(sp_json_calls_column_end(c, &off, &count, &e) == 0, "%s", e.msg);
	CHECK(sp_spill_file_pread(tmp, back, count * 8, off, &e) == 0, "%s", e.msg);
	return (size_t)count;
}

static void
test_numbers(struct sp_json_calls *c)
{
	static const char *const texts[] = {
		"0", "-2", "123456789012345678", "9223372036854775807",
		"-9223372036854775808", "1e3", "2.0", "-0", "1.5",
		"9223372036854775808", "1e300", "-",
	};
	static const int64_t want[] = {
		0, -2, 123456789012345678, INT64_MAX, INT64_MIN, 1000, 2, 0,
	};
	static const int want_refused[] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1,
		1 };
	int64_t back[16];
	int refused[16];
	size_t n = sizeof texts / sizeof texts[0], i;
	size_t got = column(c, texts, n, back, refused);

	CHECK(got == sizeof want / sizeof want[0], "%zu values", got);
	for (i = 0; i < got && i < sizeof want / sizeof want[0]; i++)
		CHECK(back[i] == want[i], "%s: %lld, want %lld", texts[i],
		    (long long)back[i], (long long)want[i]);
	for (i = 0; i < n; i++)
		CHECK(refused[i] == want_refused[i], "%s: refused %d",
		    texts[i], refused[i]);
}

/* More values than one flush holds: all of them, in order. */
static void
test_long_column(struct sp_json_calls *c)
{
	enum { N = 40000 };
	static char texts[N][8];
	static const char *ptrs[N];
	static int64_t back[N];
	static int refused[N];
	size_t i, bad = 0;

	for (i = 0; i < N; i++) {
		snprintf(texts[i], sizeof texts[i], "%zu", i * 3);
		ptrs[i] = texts[i];
	}
	CHECK(column(c, ptrs, N, back, refused) == N, "a long column");
	for (i = 0; i < N; i++)
		bad += back[i] != (int64_t)(i * 3);
	CHECK(bad == 0, "%zu values of the long column differ", bad);
}

/* Text in pieces, respelled as json.dumps does; read back. */
static void
text(struct sp_json_calls *c, const char *const *pieces, const char *want)
{
	uint64_t off, len;
	char back[256] = "";
	struct sp_err e;
	size_t i;

	sp_err_clear(&e);
	for (i = 0; pieces[i] != NULL; i++)
		CHECK(sp_json_calls_text(c, (const unsigned char *)pieces[i],
		    strlen(pieces[i])) == 0, "text");
	CHECK(sp_json_calls_text_end(c, &off, &len, &e) == 0, "%s", e.msg);
	CHECK(len < sizeof back && sp_spill_file_pread(tmp, back, len, off, &e) == 0,
	    "%s", e.msg);
	CHECK(strlen(want) == len && memcmp(back, want, len) == 0,
	    "'%s': '%.*s', want '%s'", pieces[0], (int)len, back, want);
}

static void
test_text(struct sp_json_calls *c)
{
	static const char *const a[] = { "{\"a\":", "1,\"b\" :[tr", "ue,null",
		"]}", NULL };
	static const char *const b[] = { "\"x\"", NULL };
	static const char *const u[] = { "{\"\xc3\xa9\":\"\\u00e9\"}", NULL };

	text(c, a, "{\"a\": 1, \"b\": [true, null]}");
	/* each text on its own: nothing of the one before */
	text(c, b, "\"x\"");
	/* non-ASCII escaped as json.dumps does by default */
	text(c, u, "{\"\\u00e9\": \"\\u00e9\"}");
}

int
main(void)
{
	struct sp_err e;
	struct sp_json_calls *c;

	sp_err_clear(&e);
	if ((tmp = sp_spill_file_new(NULL, &e)) == NULL ||
	    (c = sp_json_calls_new(tmp, &e)) == NULL) {
		printf("FAIL setup: %s\n", e.msg);
		return 1;
	}
	test_numbers(c);
	test_long_column(c);
	test_text(c);
	sp_json_calls_free(c);
	sp_json_calls_free(NULL);
	sp_spill_file_free(tmp);
	return failed != 0;
}
