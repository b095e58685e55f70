/* Unit test of sp_label: stems, slugs and unique labels, as Python has them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_label.h"
#include "check.h"

/* Expected values from Python 3.11's pathlib.PurePosixPath(p).stem. */
static void
test_stem(void)
{
	static const char *cases[][2] = {
		{ "a/run.json.gz", "run.json" },
		{ ".hidden", ".hidden" },
		{ "run.", "run." },
		{ "..", ".." },
		{ "a/..", ".." },
		{ "a/.", "a" },
		{ "x/.tar.gz", ".tar" },
		{ "dir/", "dir" },
		{ "a//b.h5", "b" },
		{ "/", "" },
		{ ".", "" },
		{ "", "" },
		{ "./.", "" },
		{ "run", "run" },
		{ "profiling_data.h5", "profiling_data" },
		{ "a.b.c", "a.b" },
		{ "/x/y/z.h5/", "z" },
		{ "..h5", "." },
		{ "a..b", "a." },
		{ ".a.b", ".a" },
		{ "\xc3\xa9/\xc3\xa9t\xc3\xa9.h5", "\xc3\xa9t\xc3\xa9" },
		{ "a/./", "a" },
		{ "-x.h5", "-x" },
		{ "-", "stdin" },
		{ "./-", "-" },
	};
	struct sp_err e;
	char *out;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (sp_label_stem(cases[i][0], &out, &e) == -1) {
			CHECK(0, "'%s': %s", cases[i][0], e.msg);
			continue;
		}
		CHECK(strcmp(out, cases[i][1]) == 0, "stem of '%s' is '%s', "
		    "want '%s'", cases[i][0], out, cases[i][1]);
		free(out);
	}
}

static void
test_run(void)
{
	struct sp_err e;
	char *out;

	CHECK(sp_label_run("baseline", "x/run.h5", &out, &e) == 0 &&
	    strcmp(out, "baseline") == 0, "metadata label");
	free(out);
	CHECK(sp_label_run("", "x/run.h5", &out, &e) == 0 &&
	    strcmp(out, "run") == 0, "empty metadata label");
	free(out);
	CHECK(sp_label_run(NULL, "-", &out, &e) == 0 &&
	    strcmp(out, "stdin") == 0, "stdin");
	free(out);
}

/* Expected values from re.sub(r"[^\w.+-]+", "_", label).strip("_") or label. */
static void
test_slug(void)
{
	static const char *cases[][2] = {
		{ "run (2)", "run_2" },
		{ "__init__", "init" },
		{ "a/b", "a_b" },
		{ "  ", "  " },
		{ "", "" },
		{ "\xc3\xa9t\xc3\xa9 1", "\xc3\xa9t\xc3\xa9_1" },
		{ "x--y..z", "x--y..z" },
		{ "(2)", "2" },
		{ "rank#0 / run", "rank_0_run" },
		{ "\xe6\x97\xa5\xe6\x9c\xac \xe3\x83\x86",
		    "\xe6\x97\xa5\xe6\x9c\xac_\xe3\x83\x86" },
		/* A combining accent is not \w in Python. */
		{ "a\xcc\x81" "b", "a_b" },
		{ "_", "_" },
		{ "\xc2\xa0x\xc2\xa0", "x" },
		{ "a_ _b", "a___b" },
		{ "\xd9\xa3\xe2\x85\xa0", "\xd9\xa3\xe2\x85\xa0" },
		/* Bytes that are not UTF-8 are replaced, like the surrogates
		 * Python would decode them to. */
		{ "a\xff" "b", "a_b" },
		{ "\xe2\x82" "x\xed\xa0\x80", "x" },
		{ "\xff", "\xff" },
		{ "run.v2+fast", "run.v2+fast" },
	};
	struct sp_err e;
	char *out;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (sp_label_slug(cases[i][0], &out, &e) == -1) {
			CHECK(0, "'%s': %s", cases[i][0], e.msg);
			continue;
		}
		CHECK(strcmp(out, cases[i][1]) == 0, "slug of '%s' is '%s', "
		    "want '%s'", cases[i][0], out, cases[i][1]);
		free(out);
	}
}

static void
check_unique(const char *const *in, const char *const *want, size_t n)
{
	struct sp_label_set *l;
	const char *u;
	struct sp_err e;
	size_t i;

	l = sp_label_set_new();
	for (i = 0; i < n; i++) {
		if (sp_label_set_add(l, in[i], &u, &e) == -1) {
			CHECK(0, "'%s': %s", in[i], e.msg);
			break;
		}
		CHECK(strcmp(u, want[i]) == 0, "label %zu '%s' became '%s', "
		    "want '%s'", i, in[i], u, want[i]);
	}
	sp_label_set_free(l);
}

static void
test_unique(void)
{
	static const char *a[] = { "run", "run", "base", "run", "base" };
	static const char *a_want[] = { "run", "run (2)", "base", "run (3)",
	    "base (2)" };
	/* The reference would hand out "run (2)" twice in both of these. */
	static const char *b[] = { "run", "run (2)", "run" };
	static const char *b_want[] = { "run", "run (2)", "run (3)" };
	static const char *c[] = { "run", "run", "run (2)" };
	static const char *c_want[] = { "run", "run (2)", "run (2) (2)" };
	static const char *d[] = { "run (2)", "run", "run", "run" };
	static const char *d_want[] = { "run (2)", "run", "run (3)",
	    "run (4)" };
	static const char *f[] = { "", "" };
	static const char *f_want[] = { "", " (2)" };
	struct sp_label_set *l;
	const char *u, *first;
	struct sp_err e;
	char name[16];
	int i;

	check_unique(a, a_want, 5);
	check_unique(b, b_want, 3);
	check_unique(c, c_want, 3);
	check_unique(d, d_want, 4);
	check_unique(f, f_want, 2);

	/* Handed-out names stay valid while the set grows. */
	l = sp_label_set_new();
	CHECK(sp_label_set_add(l, "x", &first, &e) == 0, "%s", e.msg);
	for (i = 2; i <= 1000; i++) {
		CHECK(sp_label_set_add(l, "x", &u, &e) == 0, "%s", e.msg);
		snprintf(name, sizeof name, "x (%d)", i);
		CHECK(strcmp(u, name) == 0, "got '%s', want '%s'", u, name);
	}
	CHECK(strcmp(first, "x") == 0, "first label moved");
	sp_label_set_free(l);
	sp_label_set_free(NULL);
}

int
main(void)
{
	test_stem();
	test_run();
	test_slug();
	test_unique();
	if (failed)
		return 1;
	printf("label: ok\n");
	return 0;
}
