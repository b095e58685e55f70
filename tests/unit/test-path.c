/*
 * Unit test of sp_path: paths spelled and ordered as Python 3.11's
 * pathlib.PurePosixPath does (the expected values are pathlib's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_path.h"
#include "check.h"

static void
test_norm(void)
{
	static const char *const cases[][2] = {
		{ "", "." }, { ".", "." }, { "./", "." },
		{ "./x//y/./z.spt", "x/y/z.spt" }, { "a/", "a" },
		{ "//a", "//a" }, { "///a//b", "/a/b" }, { "/", "/" },
		{ "a/../b", "a/../b" }, { "../x", "../x" }, { "a/.", "a" },
		{ ".hidden.spt", ".hidden.spt" }, { "x/./", "x" },
		{ "a//b/", "a/b" },
	};
	size_t i;
	char *p;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		CHECK(sp_path_norm(cases[i][0], &p, NULL) == 0 &&
		    strcmp(p, cases[i][1]) == 0, "'%s': '%s', want '%s'",
		    cases[i][0], p, cases[i][1]);
		free(p);
	}
	CHECK(sp_path_join("d//", "./x.spt", &p, NULL) == 0 &&
	    strcmp(p, "d/x.spt") == 0, "join: %s", p);
	free(p);
}

static int
cmp(const void *a, const void *b)
{
	return sp_path_cmp(*(char *const *)a, *(char *const *)b);
}

static void
test_order(void)
{
	const char *in[] = { "b.spt", "a.spt", "a-b.spt", "a/b.spt", "B.spt",
		"/abs/z.spt", "-x.spt", "a.spt/c", "d/e/f", "d/e",
		"\xc3\xa9.spt", "z.spt" };
	static const char *const want[] = { "-x.spt", "/abs/z.spt", "B.spt",
		"a/b.spt", "a-b.spt", "a.spt", "a.spt/c", "b.spt", "d/e",
		"d/e/f", "z.spt", "\xc3\xa9.spt" };
	size_t i, n = sizeof in / sizeof in[0];

	qsort(in, n, sizeof in[0], cmp);
	for (i = 0; i < n; i++)
		CHECK(strcmp(in[i], want[i]) == 0, "%zu: %s, want %s", i, in[i],
		    want[i]);
	CHECK(sp_path_cmp("a/b", "a/b") == 0, "equal paths");
	/* a bad byte is U+DC80..: after 'e' (U+00E9), before U+E000 */
	CHECK(sp_path_cmp("\xff", "\xc3\xa9") > 0 &&
	    sp_path_cmp("\xff", "\xee\x80\x80") < 0, "surrogateescape order");
}

int
main(void)
{
	test_norm();
	test_order();
	if (failed)
		return 1;
	printf("path: ok\n");
	return 0;
}
