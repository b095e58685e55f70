#include "sp_huge.h"

#include <stdlib.h>
#include <sys/mman.h>

void *
sp_huge_alloc(size_t n)
{
	void *p = NULL;
	size_t whole;

	if (n < 2 * SP_HUGE_PAGE)
		return malloc(n);
	whole = (n + SP_HUGE_PAGE - 1) / SP_HUGE_PAGE * SP_HUGE_PAGE;
	if (posix_memalign(&p, SP_HUGE_PAGE, whole) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* advice only: without it the block is ordinary memory */
	(void)madvise(p, whole, MADV_HUGEPAGE);
#endif
	return p;
}
