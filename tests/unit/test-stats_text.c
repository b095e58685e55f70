/*
 * test-stats_text: sp-stats' small pieces of text (sp_stats_text.h,
 * doc/stats.md "Number formats" and "Notes").  The growing string:
 * appends, repeats of one and of several bytes, printf filling its room
 * to the byte and past it, growth past the first room, out of memory
 * sticky (a repeat too large for memory) until freed; the count format
 * at every step and its quirk just under a power of 1000; percentages
 * and their "-"; optional values; paths relative to a directory as
 * os.path.relpath gives them; shlex.quote's quoting.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_stats_text.h"

/* The text of b is want, NUL-terminated after it. */
static void
is(const struct sp_stats_text *b, const char *want, const char *what)
{
	size_t n = strlen(want);

	CHECK(!b->failed && b->p != NULL && b->n == n &&
	    memcmp(b->p, want, n) == 0 && b->p[n] == '\0',
	    "%s: [%.*s], want [%s]", what, b->p ? (int)b->n : 0,
	    b->p ? b->p : "", want);
}

static void
test_string(void)
{
	struct sp_stats_text b = { 0 };
	char big[1000];
	size_t i;

	sp_stats_text_add(&b, NULL, 0);
	is(&b, "", "nothing added");
	sp_stats_text_add(&b, "abc", 2);
	sp_stats_text_str(&b, "-");
	sp_stats_text_rep(&b, "x", 3);
	sp_stats_text_rep(&b, "\xc3\xa9", 2);
	sp_stats_text_rep(&b, "ab", 0);
	sp_stats_text_rep(&b, "", 5);
	sp_stats_text_printf(&b, "[%d|%s]", -7, "z");
	is(&b, "ab-xxx\xc3\xa9\xc3\xa9[-7|z]", "pieces");
	sp_stats_text_add(&b, "\0q", 2);
	CHECK(b.n == 18 && memcmp(b.p + 16, "\0q", 3) == 0,
	    "a NUL is a byte like the others");
	sp_stats_text_free(&b);
	CHECK(b.p == NULL && b.n == 0 && b.cap == 0 && !b.failed, "freed");

	/* far past the first room, in pieces of every kind */
	for (i = 0; i < sizeof big; i++)
		big[i] = (char)('a' + i % 26);
	for (i = 0; i < 10; i++) {
		sp_stats_text_add(&b, big, 100 * i);
		sp_stats_text_rep(&b, "01234567", 40);
		sp_stats_text_printf(&b, "%.*s", (int)(100 * i), big);
	}
	CHECK(!b.failed && b.n == 10 * 320 + 2 * 4500 && b.cap > b.n &&
	    b.p[b.n] == '\0', "grown: %zu bytes", b.n);
	CHECK(b.n == 12200 && memcmp(b.p + 12200 - 900, big, 900) == 0 &&
	    memcmp(b.p + 12200 - 900 - 320, "0123456701234567", 16) == 0,
	    "grown: the last pieces");
	sp_stats_text_free(&b);
}

/* printf when its text takes the room there is, to the byte. */
static void
test_printf_room(void)
{
	struct sp_stats_text b = { 0 };
	size_t room, k;
	char want[600];

	for (k = 0; k < 3; k++) {
		/* the first room holds cap - 1 bytes and the NUL */
		sp_stats_text_rep(&b, ".", 10);
		room = b.cap - b.n;
		memset(want, '.', 10);
		memset(want + 10, 'y', room - 2 + k);
		want[10 + room - 2 + k] = '\0';
		sp_stats_text_printf(&b, "%s", want + 10);
		is(&b, want, "printf to the end of its room");
		sp_stats_text_free(&b);
	}
}

/* A repeat larger than memory: failed, and nothing done until freed. */
static void
test_failed(void)
{
	struct sp_stats_text b = { 0 };

	sp_stats_text_str(&b, "kept");
	sp_stats_text_rep(&b, "ab", SIZE_MAX / 2);
	CHECK(sp_stats_text_failed(&b), "a repeat past SIZE_MAX");
	sp_stats_text_add(&b, "x", 1);
	sp_stats_text_str(&b, "y");
	sp_stats_text_rep(&b, "z", 3);
	sp_stats_text_printf(&b, "%d", 12345);
	sp_stats_text_count(&b, 5);
	sp_stats_text_pct(&b, sp_opt_of(1), sp_opt_of(2));
	sp_stats_text_opt(&b, "%.1f", sp_opt_of(1));
	sp_stats_text_shell_quote(&b, "a b");
	CHECK(sp_stats_text_failed(&b) && b.n == 4 &&
	    memcmp(b.p, "kept", 5) == 0, "sticky: %zu bytes", b.n);
	sp_stats_text_free(&b);
	CHECK(!sp_stats_text_failed(&b), "freed: not failed");
	sp_stats_text_str(&b, "again");
	is(&b, "again", "used again");
	sp_stats_text_free(&b);

	/* on an empty text, which has no bytes yet */
	sp_stats_text_rep(&b, "x", SIZE_MAX);
	CHECK(sp_stats_text_failed(&b), "a repeat of SIZE_MAX bytes");
	sp_stats_text_printf(&b, "%s", "nothing");
	CHECK(sp_stats_text_failed(&b) && b.n == 0, "nothing written");
	sp_stats_text_free(&b);
}

static void
test_count(void)
{
	static const struct {
		uint64_t n;
		const char *s;
	} c[] = {
		{ 0, "0" }, { 7, "7" }, { 999, "999" },
		{ 1000, "1k" }, { 1049, "1.05k" }, { 1500, "1.5k" },
		{ 12345, "12.3k" }, { 100000, "100k" }, { 999499, "999k" },
		/* 999.5 and up rounds to 1e+03 of the smaller unit */
		{ 999500, "1e+03k" }, { 999999, "1e+03k" },
		{ 1000000, "1M" }, { 2500000, "2.5M" },
		{ 999999999, "1e+03M" },
		{ 1000000000, "1B" }, { 2500000000ULL, "2.5B" },
		{ 999499000000ULL, "999B" }, { 1000000000000ULL, "1e+03B" },
		{ UINT64_MAX, "1.84e+10B" },
	};
	struct sp_stats_text b = { 0 };
	size_t i;

	for (i = 0; i < sizeof c / sizeof *c; i++) {
		b.n = 0;
		sp_stats_text_count(&b, c[i].n);
		CHECK(b.p != NULL && strcmp(b.p, c[i].s) == 0,
		    "count %llu: %s, want %s", (unsigned long long)c[i].n,
		    b.p ? b.p : "", c[i].s);
	}
	sp_stats_text_free(&b);
}

static void
test_pct_opt(void)
{
	struct sp_stats_text b = { 0 };
	struct sp_opt none = { 0, 0 };

	sp_stats_text_pct(&b, sp_opt_of(5.0), sp_opt_of(22.0));
	sp_stats_text_str(&b, " ");
	sp_stats_text_pct(&b, sp_opt_of(1.0), sp_opt_of(3.0));
	sp_stats_text_str(&b, " ");
	sp_stats_text_pct(&b, sp_opt_of(3.0), sp_opt_of(2.0));
	sp_stats_text_str(&b, " ");
	sp_stats_text_pct(&b, sp_opt_of(0.0), sp_opt_of(7.0));
	sp_stats_text_str(&b, " ");
	sp_stats_text_pct(&b, sp_opt_of(-1.0), sp_opt_of(4.0));
	sp_stats_text_str(&b, " ");
	sp_stats_text_pct(&b, sp_opt_of(1e-9), sp_opt_of(1e-9));
	is(&b, "22.73% 33.33% 150.00% 0.00% -25.00% 100.00%", "percentages");
	b.n = 0;
	/* none, or a denominator of 0 or less: "-" */
	sp_stats_text_pct(&b, none, sp_opt_of(2.0));
	sp_stats_text_pct(&b, sp_opt_of(1.0), none);
	sp_stats_text_pct(&b, sp_opt_of(1.0), sp_opt_of(0.0));
	sp_stats_text_pct(&b, sp_opt_of(1.0), sp_opt_of(-0.0));
	sp_stats_text_pct(&b, sp_opt_of(1.0), sp_opt_of(-5.0));
	is(&b, "-----", "no percentage");
	b.n = 0;
	sp_stats_text_opt(&b, "%.6f", sp_opt_of(1.5));
	sp_stats_text_str(&b, " ");
	sp_stats_text_opt(&b, "%.3e", sp_opt_of(0.000625));
	sp_stats_text_str(&b, " ");
	sp_stats_text_opt(&b, "%.2f", sp_opt_of(99.985));
	sp_stats_text_str(&b, " ");
	sp_stats_text_opt(&b, "%.6f", none);
	is(&b, "1.500000 6.250e-04 99.98 -", "optional values");
	sp_stats_text_free(&b);
}

/* os.path.relpath(path, cwd), worked out by hand. */
static void
relpath(const char *path, const char *cwd, const char *want)
{
	char *p = sp_stats_text_relpath(path, cwd);

	CHECK(p != NULL && strcmp(p, want) == 0,
	    "relpath(%s, %s): %s, want %s", path, cwd, p ? p : "NULL",
	    want);
	free(p);
}

static void
test_relpath(void)
{
	relpath("/a/b/c.h5", "/a/x", "../b/c.h5");
	relpath("/a/b/c.h5", "/a", "b/c.h5");
	relpath("/a/b", "/a/b", ".");
	relpath("/a/b/", "/a/b", ".");
	relpath("/a/b", "/a/b/c/d", "../..");
	relpath("/", "/a/b", "../..");
	relpath("/a/b", "/", "a/b");
	relpath("/", "/", ".");
	/* components, not a prefix of the string */
	relpath("/ab/c", "/a", "../ab/c");
	relpath("/a", "/ab", "../a");
	/* relative paths are under cwd; ".", ".." and "//" go */
	relpath("run.h5", "/w", "run.h5");
	relpath("./d//e/../f.h5", "/w", "d/f.h5");
	relpath("../up.h5", "/w/x", "../up.h5");
	relpath("../../../../x", "/a", "../x");
	relpath(".", "/w", ".");
	relpath("/a/./b/../../c", "/c/d/..", ".");
	relpath("//a//b", "/a/", "b");
	relpath("x", "/a/../b/./", "x");
	relpath("d\xc3\xa9j\xc3\xa0/f", "/w", "d\xc3\xa9j\xc3\xa0/f");
}

static void
quote(const char *s, const char *want)
{
	struct sp_stats_text b = { 0 };

	sp_stats_text_shell_quote(&b, s);
	is(&b, want, s);
	sp_stats_text_free(&b);
}

static void
test_quote(void)
{
	/* nothing but [A-Za-z0-9_@%+=:,./-]: as it is */
	quote("run.h5", "run.h5");
	quote("/a/b-c_d@e%f+g=h:i,j/K9", "/a/b-c_d@e%f+g=h:i,j/K9");
	quote("-rf", "-rf");
	/* anything else: in single quotes, a quote as '"'"' */
	quote("", "''");
	quote("a b", "'a b'");
	quote("$HOME", "'$HOME'");
	quote("~", "'~'");
	quote("*.h5", "'*.h5'");
	quote("it's", "'it'\"'\"'s'");
	quote("'", "''\"'\"''");
	quote("a\nb", "'a\nb'");
	quote("d\xc3\xa9j\xc3\xa0", "'d\xc3\xa9j\xc3\xa0'");
}

int
main(void)
{
	test_string();
	test_printf_room();
	test_failed();
	test_count();
	test_pct_opt();
	test_relpath();
	test_quote();
	return failed != 0;
}
