/* Unit test of sp_filter: re.match semantics and the keep rule. */
#include <stdio.h>
#include <string.h>

#include "sp_filter.h"
#include "check.h"

/* Pattern, name, and whether Python 3.11's re.match matched them. */
static const struct {
	const char *pattern, *name;
	int match;
} python[] = {
	{ "solve", "solver_x", 1 },
	{ "solve", "my_solve", 0 },
	{ "solve$", "solver", 0 },
	{ "solve$", "solve", 1 },
	{ "solve$", "solve\n", 1 },
	{ "solve\\Z", "solve\n", 0 },
	{ "solve\\Z", "solve", 1 },
	{ "a{,3}b", "aab", 1 },
	{ "a{,3}b", "aaaab", 0 },
	{ "a{,}b", "aaaaab", 1 },
	{ "x{,3", "x{,3", 1 },
	{ "x{,3}", "x{,3}", 1 },
	{ "x{,3}$", "xxx", 1 },
	{ "\\u00e9t\\u00e9$", "\xc3\xa9t\xc3\xa9", 1 },
	{ "[\\u00e0-\\u00ff]+$", "\xc3\xa9\xc3\xa0", 1 },
	{ "\\U0001F600", "\xf0\x9f\x98\x80", 1 },
	{ "\\v", "\x0b", 1 },
	{ "\\v", "\n", 0 },
	{ "[\\v]", "\x0b", 1 },
	{ "\\w+$", "\xc3\xa9t\xc3\xa9_1", 1 },
	{ "\\w+$", "a-b", 0 },
	{ "\\d", "\xd9\xa3", 1 },
	{ "\\bfoo", "foo", 1 },
	{ "(?P<n>a)(?P=n)", "aa", 1 },
	{ "(?i)MAIN", "main", 1 },
	{ "", "anything", 1 },
	{ "main|solve", "solve", 1 },
	{ "main|solve", "xsolve", 0 },
	{ "a.b", "a\nb", 0 },
	{ "a.b", "a\xc3\xa9" "b", 1 },
	{ "[]a]+$", "]a]", 1 },
	{ "[^]]", "]", 0 },
	{ "[\\]Z]\\Z", "Z", 1 },
	{ "[\\]Z]\\Z", "Z\n", 0 },
	{ "\\\\Z", "\\Z", 1 },
	{ "\\\\Z$", "\\Z", 1 },
	{ "outer > inner", "outer > inner", 1 },
	{ "x\\u00e9", "x\xc3\xa9", 1 },
	{ "(?:ab)+?c", "ababc", 1 },
	{ "(?=a)a", "a", 1 },
	{ "\\x41", "A", 1 },
	{ "\\x41", "a", 0 },
	{ "[\\x41-\\x43]+$", "ABC", 1 },
	{ "\\t", "\t", 1 },
	{ "\\s", " ", 1 },
	{ "\\s", "\xe3\x80\x80", 1 },
	{ "\\S+$", "ab", 1 },
	{ "a*+a", "aaa", 0 },
	{ "(?>a*)a", "aaa", 0 },
	{ "^main", "main", 1 },
	{ "\\Amain", "main", 1 },
	{ "ma(?#comment)in", "main", 1 },
	{ "(?x) m a i n", "main", 1 },
	{ "(?s)a.b", "a\nb", 1 },
	{ "(?m)x$", "x\ny", 1 },
	{ "\\b\xc3\xa9", "\xc3\xa9", 1 },
	{ "\\W", "\xc3\xa9", 0 },
};

static int
keeps(struct sp_filter *f, const char *name)
{
	return sp_filter_keep(f, name, strlen(name));
}

static void
test_python_agreement(void)
{
	struct sp_filter *f;
	struct sp_err e;
	size_t i;

	for (i = 0; i < sizeof python / sizeof python[0]; i++) {
		f = sp_filter_new();
		if (sp_filter_include(f, python[i].pattern, &e) == -1) {
			CHECK(0, "'%s': %s", python[i].pattern, e.msg);
		} else {
			CHECK(keeps(f, python[i].name) == python[i].match,
			    "re.match('%s', '%s') should be %d",
			    python[i].pattern, python[i].name, python[i].match);
		}
		sp_filter_free(f);
	}
}

static void
test_keep_rule(void)
{
	struct sp_filter *f;
	struct sp_err e;

	f = sp_filter_new();
	CHECK(!sp_filter_active(f), "new filter active");
	CHECK(keeps(f, "anything") && keeps(f, ""), "new filter drops");

	CHECK(sp_filter_include(f, "solve", &e) == 0, "%s", e.msg);
	CHECK(sp_filter_include(f, "main$", &e) == 0, "%s", e.msg);
	CHECK(sp_filter_active(f), "filter with includes inactive");
	CHECK(keeps(f, "solve") && keeps(f, "solver_x") && keeps(f, "main"),
	    "an include did not keep");
	CHECK(!keeps(f, "mainx") && !keeps(f, "other") && !keeps(f, "x solve"),
	    "an include kept too much");

	CHECK(sp_filter_exclude(f, "solver_", &e) == 0, "%s", e.msg);
	CHECK(!keeps(f, "solver_x") && keeps(f, "solve") && keeps(f, "solver"),
	    "exclude over include");
	sp_filter_free(f);

	f = sp_filter_new();
	CHECK(sp_filter_exclude(f, "mpi_|io_", &e) == 0, "%s", e.msg);
	CHECK(sp_filter_active(f), "filter with an exclude inactive");
	CHECK(!keeps(f, "mpi_wait") && !keeps(f, "io_write") &&
	    keeps(f, "compute") && keeps(f, "x_mpi_wait"), "exclude only");
	sp_filter_free(f);

	sp_filter_free(NULL);
}

static void
test_bytes(void)
{
	struct sp_filter *f;
	struct sp_err e;

	/* The length counts, not a NUL. */
	f = sp_filter_new();
	CHECK(sp_filter_include(f, "ab\\x00c$", &e) == 0, "%s", e.msg);
	CHECK(sp_filter_keep(f, "ab\0c", 4), "embedded NUL");
	CHECK(!sp_filter_keep(f, "ab\0cd", 5), "length ignored");
	CHECK(!sp_filter_keep(f, "ab\0c", 3), "read past the length");
	sp_filter_free(f);

	/* Invalid UTF-8 in a name is survivable and matches nothing itself. */
	f = sp_filter_new();
	CHECK(sp_filter_include(f, "foo", &e) == 0, "%s", e.msg);
	CHECK(keeps(f, "foo\xff") && keeps(f, "foo\xc3"), "valid prefix");
	CHECK(!keeps(f, "\xff" "foo"), "invalid byte matched");
	sp_filter_free(f);
	f = sp_filter_new();
	CHECK(sp_filter_include(f, "foo.", &e) == 0, "%s", e.msg);
	CHECK(!keeps(f, "foo\xff"), "'.' matched an invalid byte");
	sp_filter_free(f);
	f = sp_filter_new();
	CHECK(sp_filter_include(f, ".*", &e) == 0, "%s", e.msg);
	CHECK(keeps(f, "\xff" "foo"), "'.*' dropped a name with a bad start");
	sp_filter_free(f);
}

/* Nothing inside [...] is rewritten, [:name:] and its ']' included. */
static void
test_classes(void)
{
	struct sp_filter *f;
	struct sp_err e;

	f = sp_filter_new();
	CHECK(sp_filter_include(f, "[[:alpha:]{,2}]+$", &e) == 0, "%s", e.msg);
	CHECK(keeps(f, "a{,2}") && !keeps(f, "0"), "[:alpha:] class edge");
	sp_filter_free(f);
	f = sp_filter_new();
	CHECK(sp_filter_include(f, "[]{,2}]+$", &e) == 0, "%s", e.msg);
	CHECK(keeps(f, "]{,2}") && !keeps(f, "0"), "leading ']' class edge");
	sp_filter_free(f);
}

static void
test_errors(void)
{
	static const struct {
		const char *pattern, *want;
	} cases[] = {
		{ "(", "bad include pattern '(': missing closing parenthesis "
		    "at offset 1" },
		{ "a\\", "bad include pattern 'a\\': \\ at end of pattern at "
		    "offset 2" },
		{ "x{2,1}", "out of order" },
		{ "[a", "missing terminating ]" },
		{ "\\N{LATIN SMALL LETTER A}", "at offset 2" },
		{ "\\u00e", "at offset 2" },
		/* Offsets are into the pattern as written, not as rewritten. */
		{ "\\u00e9\\u00e9)", "at offset 12" },
		{ "\\v\\v\\v)", "at offset 6" },
		{ "\xff", "UTF-8" },
	};
	struct sp_filter *f;
	struct sp_err e;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = sp_filter_new();
		sp_err_clear(&e);
		CHECK(sp_filter_include(f, cases[i].pattern, &e) == -1,
		    "'%s' compiled", cases[i].pattern);
		CHECK(e.status == SP_EUSAGE, "'%s': status %d",
		    cases[i].pattern, (int)e.status);
		CHECK(strstr(e.msg, cases[i].want) != NULL,
		    "'%s': message '%s' lacks '%s'", cases[i].pattern, e.msg,
		    cases[i].want);
		/* A failed pattern is not added. */
		CHECK(!sp_filter_active(f), "'%s' left a pattern behind",
		    cases[i].pattern);
		sp_filter_free(f);
	}
	f = sp_filter_new();
	CHECK(sp_filter_exclude(f, "(", &e) == -1 &&
	    strncmp(e.msg, "bad exclude pattern '('", 23) == 0, "%s", e.msg);
	CHECK(sp_filter_exclude(f, "?", NULL) == -1, "NULL err");
	sp_filter_free(f);
}

int
main(void)
{
	test_python_agreement();
	test_keep_rule();
	test_bytes();
	test_classes();
	test_errors();
	if (failed)
		return 1;
	printf("filter: ok\n");
	return 0;
}
