/*
 * sp_gzout.h - bytes on their way out, plain or compressed into one gzip
 * member, and counted both ways: the filter between a text or packet
 * writer and an exporter's output, for every program that writes .gz
 * files (sp-json, sp-trace).
 *
 * Compressed output is one gzip member written by zlib (deflate, window
 * 2^15, memLevel 8, default strategy) with the header Python's gzip
 * module writes: no file name, mtime 0, OS 255 (unknown), so that two
 * runs give the same bytes, and level 9 gives the bytes of
 * scope-profiler's own write_json_file for the same text.  Where the
 * bytes go (a file named late, standard output holding its last byte) is
 * the caller's business: the filter hands them to a callback.
 *
 * This module is a library of its own (sp_gzip_dep), the one part of
 * libsp's stream layer that links zlib: only the programs that write
 * gzip take it.
 *
 * Ownership: the caller owns the filter from sp_gzout_new and frees it;
 * the output callback's context is borrowed and must outlive it.
 */
#ifndef SP_GZOUT_H
#define SP_GZOUT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

struct sp_gzout;

/* Where the (compressed) bytes go: 0, or -1 after filling e. */
typedef int sp_gzout_fn(void *ctx, const void *p, size_t n,
    struct sp_err *e);

/* Does the name end in ".gz", in any case? */
int sp_gzout_is_gz(const char *path);

/* gzip: compress at level (1 to 9); name: the output, for messages. */
struct sp_gzout *sp_gzout_new(int gzip, int level, sp_gzout_fn *out,
    void *ctx, const char *name, struct sp_err *e);
void sp_gzout_free(struct sp_gzout *f);
/* Bytes in (an sp_gzout_fn itself: f is the struct sp_gzout). */
int sp_gzout_write(void *f, const void *p, size_t n, struct sp_err *e);
/* After the last bytes: end the gzip member (nothing for plain output). */
int sp_gzout_finish(struct sp_gzout *f, struct sp_err *e);
/* Bytes given to the filter, and bytes it handed on. */
uint64_t sp_gzout_in_bytes(const struct sp_gzout *f);
uint64_t sp_gzout_out_bytes(const struct sp_gzout *f);

#endif
