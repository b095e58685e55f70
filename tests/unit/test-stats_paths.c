/*
 * test-stats_paths: call paths as the reference forms them (doc/stats.md,
 * "Recursion"): names split on " > ", consecutive equal elements
 * collapsed, the path's text, and a region's single element.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sp_stats_paths.h"

static const char *names[] = { "f", "g", "a > b", "b", "x > x", "", " > " };

static int64_t
ext(struct sp_stats_paths *t, int64_t parent, uint32_t r, int *col)
{
	struct sp_err e;

	*col = 0;
	return sp_stats_paths_extend(t, parent < 0 ? SP_PATH_NONE :
	    (uint32_t)parent, r, col, &e);
}

static void
text_is(struct sp_stats_paths *t, int64_t id, const char *want)
{
	char buf[64];

	CHECK(sp_stats_paths_text(t, (uint32_t)id, buf, sizeof buf) ==
	    strlen(want) && strcmp(buf, want) == 0, "path %lld: '%s', not "
	    "'%s'", (long long)id, buf, want);
}

/* the text in a buffer of cap bytes: clipped, still the whole length */
static void
clipped_is(struct sp_stats_paths *t, int64_t id, size_t cap, const char *want)
{
	char buf[16];
	size_t need = sp_stats_paths_text(t, (uint32_t)id, NULL, 0);

	memset(buf, 'X', sizeof buf);
	CHECK(sp_stats_paths_text(t, (uint32_t)id, buf, cap) == need &&
	    strcmp(buf, want) == 0 && buf[cap] == 'X', "path %lld in %zu "
	    "bytes: '%s', not '%s'", (long long)id, cap, buf, want);
}

int
main(void)
{
	struct sp_stats_paths *t = sp_stats_paths_new();
	size_t lens[7], i;
	int64_t f, ff, fg, ab, abb, xx, z;
	struct sp_err e;
	size_t len;
	int col;

	for (i = 0; i < 7; i++)
		lens[i] = strlen(names[i]);
	CHECK(sp_stats_paths_regions(t, 7, names, lens, &e) == 0, "regions");
	f = ext(t, -1, 0, &col);
	CHECK(f >= 0 && !col && sp_stats_paths_depth(t, (uint32_t)f) == 0,
	    "f at the top");
	ff = ext(t, f, 0, &col);
	CHECK(ff == f && col, "f > f collapses into f, marked");
	fg = ext(t, ff, 1, &col);
	CHECK(fg != f && !col && sp_stats_paths_parent(t, (uint32_t)fg) ==
	    (uint32_t)f, "f > g below f");
	text_is(t, fg, "f > g");
	ab = ext(t, -1, 2, &col);
	CHECK(!col && sp_stats_paths_depth(t, (uint32_t)ab) == 1, "'a > b' "
	    "is two elements");
	CHECK(strcmp(sp_stats_paths_name(t, (uint32_t)ab, &len), "b") == 0 &&
	    len == 1, "its row is called b");
	abb = ext(t, ab, 3, &col);
	CHECK(abb == ab && col, "b below 'a > b' collapses");
	CHECK(sp_stats_paths_elem(t, (uint32_t)abb) ==
	    sp_stats_paths_region_elem(t, 3), "b's element is region b's");
	CHECK(sp_stats_paths_region_elem(t, 2) == SP_PATH_NONE,
	    "'a > b' is no single element");
	xx = ext(t, -1, 4, &col);
	CHECK(col && sp_stats_paths_depth(t, (uint32_t)xx) == 0, "'x > x' "
	    "collapses in itself");
	z = ext(t, -1, 5, &col);
	CHECK(z >= 0 && !col, "an empty name is an element");
	CHECK(ext(t, -1, 6, &col) == z && col, "' > ' is two empty ones");
	/* an empty element keeps its separators, at either end */
	text_is(t, ext(t, f, 5, &col), "f > ");
	text_is(t, ext(t, z, 0, &col), " > f");
	text_is(t, ext(t, ext(t, z, 0, &col), 5, &col), " > f > ");
	clipped_is(t, fg, 4, "f >");
	clipped_is(t, ext(t, f, 5, &col), 3, "f ");
	/* the memo answers again, with the mark */
	CHECK(ext(t, f, 0, &col) == f && col, "memo: f > f again");
	CHECK(ext(t, f, 1, &col) == fg && !col, "memo: f > g again");
	CHECK(sp_stats_paths_extend(t, SP_PATH_NONE, 9, &col, &e) < 0,
	    "a region beyond the table refused");
	CHECK(sp_stats_paths_count(t) == 9, "%u paths",
	    sp_stats_paths_count(t));
	sp_stats_paths_free(t);
	return failed != 0;
}
