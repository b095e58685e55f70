/*
 * sp_gzblocks.h - gzip on every core: the bytes cut into blocks of a
 * fixed size, each compressed on its own by libdeflate into one gzip
 * member, on worker threads, the members handed on in the order of their
 * blocks.  A file of such members is one gzip file to Python's gzip
 * module, gzip(1), zlib's gzread and sp-read.
 *
 * The output is the same bytes whatever the number of threads and
 * however the input is cut into writes: member boundaries depend only on
 * the block size.  Memory: (2 * threads + 1) blocks of input and as many
 * of their compressed bounds, plus one libdeflate compressor per thread.
 * With threads 0 the caller's thread compresses each block as it fills
 * (one block, one compressor).
 *
 * The output callback is called on the caller's thread only, inside
 * sp_gzblocks_write and sp_gzblocks_finish; the threads touch nothing
 * but the blocks they were given.
 *
 * Ownership: the caller owns the filter from sp_gzblocks_new and frees
 * it (which stops its threads); the callback's context is borrowed and
 * must outlive it.
 */
#ifndef SP_GZBLOCKS_H
#define SP_GZBLOCKS_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_gzblocks;

/* level: libdeflate's (1 to 12); block: bytes per member (> 0); name:
 * the output, for messages. */
struct sp_gzblocks *sp_gzblocks_new(int level, int threads, size_t block,
    sp_write_fn *out, void *ctx, const char *name, struct sp_err *e);
void sp_gzblocks_free(struct sp_gzblocks *b);
int sp_gzblocks_write(struct sp_gzblocks *b, const void *p, size_t n,
    struct sp_err *e);
/* After the last bytes: the rest, and one empty member if there were no
 * bytes at all (a file of no members is not a gzip file). */
int sp_gzblocks_finish(struct sp_gzblocks *b, struct sp_err *e);

#endif
