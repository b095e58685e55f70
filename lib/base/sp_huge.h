/*
 * sp_huge.h - large blocks of memory offered transparent huge pages.
 *
 * Faulting memory in one 4 KiB page at a time costs more than filling it,
 * on virtual machines most of all; a huge page (2 MiB) is one fault where
 * 4 KiB pages take 512.  A
 * block of SP_HUGE_MIN bytes or more is aligned to a huge page and
 * madvise()d so that the kernel may back it with huge pages; a smaller
 * one is plain malloc().  Either is released with free().
 *
 * Ownership: the caller owns the block.
 */
#ifndef SP_HUGE_H
#define SP_HUGE_H

#include <stddef.h>

/* The huge page size the kernels we run on use on x86-64 and arm64. */
#define SP_HUGE_PAGE ((size_t)2 << 20)

/* Blocks of at least this many bytes are offered huge pages. */
#define SP_HUGE_MIN (2 * SP_HUGE_PAGE)

/* n bytes (uninitialised), or NULL when there is no memory. */
void *sp_huge_alloc(size_t n);

/*
 * A buffer of n bytes that is written through whole and soon (a reader's
 * or a writer's): from half a huge page up, its size rounded up to whole
 * huge pages and offered them, since one fault costs less than 256; a
 * smaller one is plain malloc().  Released with free().
 */
void *sp_huge_buffer(size_t n);

/* calloc(), with the large blocks of sp_huge_alloc(). */
void *sp_huge_calloc(size_t n, size_t size);

/*
 * realloc() of a block of old bytes (from any of these, malloc() or
 * realloc()) to n bytes.  A large one is copied into a new block of
 * sp_huge_alloc() and the old one freed: glibc's realloc would leave the
 * new part to be faulted in page by page.  NULL, the block unchanged,
 * when there is no memory.
 */
void *sp_huge_realloc(void *p, size_t old, size_t n);

/*
 * The whole pages within [p, p + n), of any block, given back to the
 * kernel: they read as zeros from then on, and count in no peak after.
 * For a large array read once front to back, released as it goes.
 */
void sp_huge_release(void *p, size_t n);

#endif
