/*
 * failalloc.h - make the Nth allocation fail, and count the blocks alive.
 *
 * failalloc.c defines __wrap_malloc, __wrap_calloc, __wrap_realloc,
 * __wrap_reallocarray, __wrap_strdup, __wrap_strndup,
 * __wrap_posix_memalign, __wrap_aligned_alloc and __wrap_free.  An
 * executable linked with -Wl,--wrap=malloc,--wrap=calloc,... (the list
 * is failalloc_link_args in tests/meson.build) has every call of those
 * functions made by its own objects and by the static libraries it
 * links (libsp) go through them; calls made inside shared libraries
 * (libc itself, libcbor, libhdf5, libyajl, zlib, libpcre2) do not.
 *
 * Between failalloc_start() and failalloc_stop() allocations are
 * counted, and the fail_at-th one fails: it returns NULL (or ENOMEM from
 * posix_memalign) with errno ENOMEM, once; the ones after it succeed.
 * At all times every block the wrappers hand out is remembered until it
 * is freed (free, or realloc moving it), so failalloc_live() tells
 * whether a run gave back all it took.  The table hides its pointers
 * (XOR) so that LeakSanitizer still sees a leaked block as leaked.
 *
 * Not thread-safe: libsp is single-threaded, and so are the tests.
 *
 * Ownership: the table is the hook's, allocated with the real malloc.
 */
#ifndef FAILALLOC_H
#define FAILALLOC_H

#include <stddef.h>
#include <stdint.h>

/*
 * Start counting from 0; the fail_at-th allocation from now fails (0:
 * none).  With trace set, the failing allocation prints its backtrace on
 * standard error (backtrace_symbols_fd; static functions show as
 * offsets, for addr2line).
 */
void failalloc_start(unsigned long fail_at, int trace);
/* Stop counting; returns the allocations counted since the start. */
unsigned long failalloc_stop(void);
/* Whether the fail_at-th allocation was reached (and failed). */
int failalloc_reached(void);

/*
 * While counting, also note where each of allocations 1 to max is made
 * from: ctx[k - 1] becomes a hash of the return addresses on the stack
 * of allocation k (its caller and the callers above, up to
 * FAILALLOC_DEPTH frames), so that allocations made on the same path
 * share a hash.  NULL stops it.  The sweep fails one allocation of each
 * path when it does not fail them all (test-alloc.c).
 */
#define FAILALLOC_DEPTH 4
void failalloc_record(uint64_t *ctx, unsigned long max);

/* Blocks handed out by the wrappers and not freed yet. */
size_t failalloc_live(void);
/* Every allocation ever made through the wrappers (a serial number). */
unsigned long failalloc_serial(void);
/*
 * Print (to standard output) the blocks alive that were allocated after
 * serial number since: size, the number of the allocation within the
 * run begun by failalloc_start, and the caller's address; at most max.
 */
void failalloc_print_live(unsigned long since, size_t max);

#endif
