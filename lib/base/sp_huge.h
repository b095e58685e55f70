/*
 * sp_huge.h - large blocks of memory offered transparent huge pages.
 *
 * Faulting memory in 4 KiB pages one by one costs more than filling it,
 * on virtual machines most of all: a block of 4 MiB or more is aligned
 * to 2 MiB and madvise()d so that the kernel may back it with huge
 * pages; a smaller one is plain malloc().  Either is released with
 * free().
 *
 * Ownership: the caller owns the block.
 */
#ifndef SP_HUGE_H
#define SP_HUGE_H

#include <stddef.h>

/* The huge page size the kernels we run on use on x86-64 and arm64. */
#define SP_HUGE_PAGE ((size_t)2 << 20)

/* n bytes (uninitialised), or NULL when there is no memory. */
void *sp_huge_alloc(size_t n);

#endif
