/*
 * sp_gzout.h - bytes on their way out, plain or compressed into one gzip
 * member, and counted both ways: the filter between a text or packet
 * writer and an exporter's output, for every program that writes .gz
 * files (sp-json, sp-trace).
 *
 * Compressed output is a gzip file of independent members, one per
 * block of SP_GZOUT_BLOCK input bytes, each compressed by libdeflate on
 * one of a pool of threads (one per core this process may run on):
 * Python's gzip module, gzip(1), zlib's gzread and sp-read read such a
 * file as the one text.  The bytes are the same from one run to the next
 * and whatever the number of threads or the pieces the filter is fed in.
 * Each member's header is libdeflate's: no file name, mtime 0, OS 255
 * (unknown), the XFL byte for its level.  Where the bytes go (a file
 * named late, standard output holding its last byte) is the caller's
 * business: the filter hands them to a callback, on the caller's thread.
 *
 * Memory: (2 * threads + 1) * (block + its compressed bound) and one
 * libdeflate compressor per thread (see sp_gzblocks.h): about 12 MiB on
 * two cores at --level 6, 30 MiB at 9.
 *
 * This module is a library of its own (sp_gzip_dep), the one part of
 * libsp's stream layer that links libdeflate and threads: only the
 * programs that write gzip take them.
 *
 * Ownership: the caller owns the filter from sp_gzout_new and frees it;
 * the output callback's context is borrowed and must outlive it.
 */
#ifndef SP_GZOUT_H
#define SP_GZOUT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_gzout;

/* Does the name end in ".gz", in any case? */
int sp_gzout_is_gz(const char *path);

/* Bytes of input per gzip member. */
#define SP_GZOUT_BLOCK ((size_t)1 << 20)

/* gzip: compress at level (1 to 9, as --level); name: the output, for
 * messages.  Threads: sp_gzout_threads(); members: SP_GZOUT_BLOCK. */
struct sp_gzout *sp_gzout_new(int gzip, int level, sp_write_fn *out,
    void *ctx, const char *name, struct sp_err *e);
/* The same with the threads (0: the caller's only) and the block size
 * given: for tests, which check that the threads change no byte. */
struct sp_gzout *sp_gzout_new_with(int gzip, int level, int threads,
    size_t block, sp_write_fn *out, void *ctx, const char *name,
    struct sp_err *e);
/* libdeflate's level for a --level of 1 to 9: the same up to 7; 8 and 9
 * take its near-optimal 10 and 12, smaller and faster than its own 8-9. */
int sp_gzout_level(int level);
/* Worker threads by default: the cores this process may run on, or 0
 * on one core (the caller's thread does the work). */
int sp_gzout_threads(void);
void sp_gzout_free(struct sp_gzout *f);
/* Bytes in (an sp_write_fn itself: f is the struct sp_gzout). */
int sp_gzout_write(void *f, const void *p, size_t n, struct sp_err *e);
/* After the last bytes: end the gzip member (nothing for plain output). */
int sp_gzout_finish(struct sp_gzout *f, struct sp_err *e);
/* Bytes given to the filter, and bytes it handed on. */
uint64_t sp_gzout_in_bytes(const struct sp_gzout *f);
uint64_t sp_gzout_out_bytes(const struct sp_gzout *f);

#endif
