#include "sp_grow.h"

#include <stdint.h>
#include <stdlib.h>

#include "sp_huge.h"

int
sp_grow_to(void *pp, size_t *cap, size_t need, size_t size, size_t first)
{
	size_t n = *cap ? *cap : first;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			return -1;
		n *= 2;
	}
	/* large arrays in huge pages: a doubling touches every new page */
	if ((p = sp_huge_realloc(*(void **)pp, *cap * size, n * size)) ==
	    NULL)
		return -1;
	*(void **)pp = p;
	*cap = n;
	return 0;
}
