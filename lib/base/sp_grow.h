/*
 * sp_grow.h - a growing array, doubled as it fills.
 *
 * Ownership: the array stays the caller's; only its block is moved.
 */
#ifndef SP_GROW_H
#define SP_GROW_H

#include <stddef.h>

/*
 * Make the array *pp (of *cap elements of size bytes) hold at least need:
 * its capacity doubles from first (for an empty one) until it does.  0,
 * or -1 (the array and *cap unchanged) when the size overflows or there
 * is no memory.
 */
int sp_grow_to(void *pp, size_t *cap, size_t need, size_t size,
    size_t first);

/* The common case, that it fits already, inline: builders grow per call. */
static inline int
sp_grow(void *pp, size_t *cap, size_t need, size_t size, size_t first)
{
	return need <= *cap ? 0 : sp_grow_to(pp, cap, need, size, first);
}

#endif
