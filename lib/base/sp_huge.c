#include "sp_huge.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* n bytes in whole huge pages, aligned to one and offered them */
static void *
pages(size_t n)
{
	void *p = NULL;
	size_t whole;

	if (n > SIZE_MAX - SP_HUGE_PAGE)
		return NULL;
	whole = (n + SP_HUGE_PAGE - 1) / SP_HUGE_PAGE * SP_HUGE_PAGE;
	if (posix_memalign(&p, SP_HUGE_PAGE, whole) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* advice only: without it the block is ordinary memory */
	(void)madvise(p, whole, MADV_HUGEPAGE);
#endif
	return p;
}

/* The whole pages within [p, p + n): *lo to *hi, or 0 when none. */
static int
whole_pages(void *p, size_t n, uintptr_t *lo, uintptr_t *hi)
{
	long ps = sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)p, page = ps > 0 ? (uintptr_t)ps : 4096;

	if (p == NULL || a > UINTPTR_MAX - n)
		return 0;
	*lo = (a + page - 1) / page * page;
	*hi = (a + n) / page * page;
	return *hi > *lo;
}

void
sp_huge_release(void *p, size_t n)
{
	uintptr_t lo, hi;

	if (whole_pages(p, n, &lo, &hi))
		(void)madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

void *
sp_huge_alloc(size_t n)
{
	return n < SP_HUGE_MIN ? malloc(n) : pages(n);
}

void *
sp_huge_buffer(size_t n)
{
	return n < SP_HUGE_PAGE / 2 ? malloc(n) : pages(n);
}

void *
sp_huge_calloc(size_t n, size_t size)
{
	uintptr_t lo, hi;
	void *p;

	if (size != 0 && n > SIZE_MAX / size)
		return NULL;
	if (n * size < SP_HUGE_MIN)
		return calloc(n, size);
	if ((p = sp_huge_alloc(n * size)) == NULL)
		return NULL;
	/* zero pages the kernel hands out as they are first written, not
	 * all at once: the block fills up in memory as it is used */
	if (!whole_pages(p, n * size, &lo, &hi) ||
	    madvise((void *)lo, hi - lo, MADV_DONTNEED) != 0) {
		memset(p, 0, n * size);
		return p;
	}
	memset(p, 0, lo - (uintptr_t)p);
	memset((void *)hi, 0, (uintptr_t)p + n * size - hi);
	return p;
}

void *
sp_huge_realloc(void *p, size_t old, size_t n)
{
	void *q;

	if (n < SP_HUGE_MIN)
		return realloc(p, n);
	if ((q = sp_huge_alloc(n)) == NULL)
		return NULL;
	if (p != NULL)
		memcpy(q, p, old < n ? old : n);
	free(p);
	return q;
}
