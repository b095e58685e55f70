/*
 * test-huge: blocks below and above SP_HUGE_MIN, the calloc's zeros, the
 * realloc keeping every byte across the threshold both ways, sizes that
 * overflow refused, buffers on a huge page from half of one up and grown
 * by realloc() as the stream reader and the trace writer grow theirs,
 * and the growing array and the arena, which use them, past the
 * threshold.  The calloc's zeros on memory that malloc hands out again
 * dirty (its pages given back rather than cleared), and pages given back
 * by sp_huge_release: the whole ones zero, the bytes around them kept.
 */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sp_arena.h"
#include "sp_grow.h"
#include "sp_huge.h"

static void
fill(unsigned char *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 31 + seed);
}

static size_t
first_wrong(const unsigned char *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n && p[i] == (unsigned char)(i * 31 + seed); i++)
		;
	return i;
}

static void
test_alloc(void)
{
	size_t sizes[] = { 1, 4096, SP_HUGE_MIN - 1, SP_HUGE_MIN,
		SP_HUGE_MIN + 1, 3 * SP_HUGE_MIN + 12345 };
	size_t i, k;

	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		unsigned char *p = sp_huge_alloc(sizes[i]);
		unsigned char *z = sp_huge_calloc(sizes[i], 1);

		CHECK(p != NULL && z != NULL, "size %zu: no memory", sizes[i]);
		if (p == NULL || z == NULL) {
			free(p);
			free(z);
			continue;
		}
		CHECK(sizes[i] < SP_HUGE_MIN ||
		    (uintptr_t)p % SP_HUGE_PAGE == 0,
		    "size %zu: not on a huge page", sizes[i]);
		fill(p, sizes[i], 7);
		CHECK(first_wrong(p, sizes[i], 7) == sizes[i], "size %zu",
		    sizes[i]);
		for (k = 0; k < sizes[i] && z[k] == 0; k++)
			;
		CHECK(k == sizes[i], "calloc %zu: byte %zu not zero",
		    sizes[i], k);
		free(p);
		free(z);
	}
	CHECK(sp_huge_alloc(SIZE_MAX - 10) == NULL, "SIZE_MAX refused");
	CHECK(sp_huge_calloc(SIZE_MAX / 2, 3) == NULL, "overflow refused");
}

/* 1000 bytes -> 5 MiB -> 9 MiB -> 3 MiB -> 100 bytes, contents kept. */
static void
test_realloc(void)
{
	size_t steps[] = { 1000, 5 << 20, 9 << 20, 3 << 20, 100 };
	size_t old = 0, keep, i;
	unsigned char *p = NULL, *q;

	for (i = 0; i < sizeof steps / sizeof *steps; i++) {
		q = sp_huge_realloc(p, old, steps[i]);
		CHECK(q != NULL, "realloc to %zu", steps[i]);
		if (q == NULL)
			break;
		keep = old < steps[i] ? old : steps[i];
		CHECK(first_wrong(q, keep, 3) == keep,
		    "realloc %zu -> %zu: byte %zu lost", old, steps[i],
		    first_wrong(q, keep, 3));
		fill(q, steps[i], 3);
		p = q;
		old = steps[i];
	}
	free(p);
}

/* Buffers: where they lie, every byte theirs, realloc() keeping them. */
static void
test_buffer(void)
{
	size_t sizes[] = { 100, SP_HUGE_PAGE / 2 - 1, SP_HUGE_PAGE / 2,
		SP_HUGE_PAGE, SP_HUGE_PAGE + 1 };
	size_t i;

	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		unsigned char *p = sp_huge_buffer(sizes[i]), *q;

		CHECK(p != NULL, "buffer %zu: no memory", sizes[i]);
		if (p == NULL)
			continue;
		CHECK(sizes[i] < SP_HUGE_PAGE / 2 ||
		    (uintptr_t)p % SP_HUGE_PAGE == 0,
		    "buffer %zu: not on a huge page", sizes[i]);
		fill(p, sizes[i], 11);
		q = realloc(p, 2 * sizes[i]);
		CHECK(q != NULL, "buffer %zu: realloc", sizes[i]);
		if (q == NULL) {
			free(p);
			continue;
		}
		CHECK(first_wrong(q, sizes[i], 11) == sizes[i],
		    "buffer %zu: byte %zu lost in realloc", sizes[i],
		    first_wrong(q, sizes[i], 11));
		fill(q, 2 * sizes[i], 13);
		free(q);
	}
	CHECK(sp_huge_buffer(SIZE_MAX - 10) == NULL, "SIZE_MAX refused");
}

static void
test_users(void)
{
	int64_t *v = NULL;
	size_t cap = 0, i, n = (SP_HUGE_MIN / 8) * 3 + 5;
	struct sp_arena *a = sp_arena_new();
	unsigned char *big, *small;

	for (i = 0; i < n; i++) {
		if (sp_grow(&v, &cap, i + 1, sizeof *v, 16) < 0)
			break;
		v[i] = (int64_t)i * 3;
	}
	CHECK(i == n && cap >= n, "grew to %zu of %zu", i, n);
	for (i = 0; i < n && v[i] == (int64_t)i * 3; i++)
		;
	CHECK(i == n, "grown array: value %zu lost", i);
	free(v);
	CHECK(a != NULL, "arena");
	if (a == NULL)
		return;
	small = sp_arena_alloc(a, 100);
	big = sp_arena_alloc(a, SP_HUGE_MIN + 100);
	CHECK(small != NULL && big != NULL, "arena: no memory");
	if (big != NULL) {
		fill(big, SP_HUGE_MIN + 100, 5);
		memset(small, 9, 100);
		CHECK(first_wrong(big, SP_HUGE_MIN + 100, 5) ==
		    SP_HUGE_MIN + 100 && small[99] == 9,
		    "arena blocks overlap");
	}
	sp_arena_free(a);
}

/*
 * With blocks up to 32 MiB served from the heap and its top never given
 * back, a freed block comes back with its old bytes: the calloc still
 * reads zero throughout.
 */
static void
test_calloc_dirty(void)
{
	size_t n = 3 * SP_HUGE_MIN + 12345, i, k;
	unsigned char *p, *z;

	/* advice: a sanitizer's allocator takes none, and hands out clean
	 * memory or dirty as it will */
	(void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
	(void)mallopt(M_TRIM_THRESHOLD, 256 << 20);
	for (i = 0; i < 3; i++) {
		p = sp_huge_alloc(n);
		CHECK(p != NULL, "dirty %zu: no memory", i);
		if (p == NULL)
			return;
		/* read back, so that the filling is no dead store */
		fill(p, n, 13);
		CHECK(first_wrong(p, n, 13) == n, "dirty %zu: fill", i);
		free(p);
		z = sp_huge_calloc(n, 1);
		CHECK(z != NULL, "dirty calloc %zu: no memory", i);
		if (z == NULL)
			return;
		for (k = 0; k < n && z[k] == 0; k++)
			;
		CHECK(k == n, "dirty calloc %zu: byte %zu of %zu not zero", i,
		    k, n);
		free(z);
	}
}

/* Whole pages within the range read zero; every other byte is kept. */
static void
test_release(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), n = 8 * page, k;
	size_t from = page / 2, len = 3 * page, lo, hi;
	unsigned char *p = sp_huge_alloc(n);

	CHECK(p != NULL, "release: no memory");
	if (p == NULL)
		return;
	fill(p, n, 5);
	sp_huge_release(p + from, len);
	lo = ((uintptr_t)p + from + page - 1) / page * page - (uintptr_t)p;
	hi = ((uintptr_t)p + from + len) / page * page - (uintptr_t)p;
	CHECK(hi - lo == 2 * page, "release: %zu bytes of whole pages",
	    hi - lo);
	for (k = 0; k < n; k++)
		if (k >= lo && k < hi ? p[k] != 0 :
		    p[k] != (unsigned char)(k * 31 + 5))
			break;
	CHECK(k == n, "release: byte %zu (whole pages %zu to %zu)", k, lo,
	    hi);
	sp_huge_release(NULL, n);
	sp_huge_release(p, 10);
	CHECK(p[0] == 5, "release: a part of a page is no page");
	free(p);
}

int
main(void)
{
	test_alloc();
	test_calloc_dirty();
	test_release();
	test_realloc();
	test_buffer();
	test_users();
	return failed != 0;
}
