/*
 * sp_json_file.h - sp-json's text on its way out: plain, or compressed
 * into one gzip member, and counted both ways.
 *
 * Compressed output is one gzip member written by zlib (deflate, window
 * 2^15, memLevel 8, default strategy) with the header Python's gzip
 * module writes: no file name, mtime 0, OS 255 (unknown), so that two
 * runs give the same bytes, and level 9 gives the bytes of
 * scope-profiler's own write_json_file for the same text.  Where the
 * bytes go (a file named late, standard output holding its last byte) is
 * the exporter front end's business (sp_export.h).
 *
 * Ownership: the caller owns the filter from sp_jfile_new and frees it;
 * the output callback's context is borrowed and must outlive it.
 */
#ifndef SP_JSON_FILE_H
#define SP_JSON_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

struct sp_jfile;

/* Where the (compressed) bytes go: an sp_jsonw_write_fn. */
typedef int sp_jfile_out_fn(void *ctx, const void *p, size_t n,
    struct sp_err *e);

/* Does the name end in ".gz", in any case? */
int sp_json_is_gz(const char *path);

/* gzip: compress at level (1 to 9); name: the output, for messages. */
struct sp_jfile *sp_jfile_new(int gzip, int level, sp_jfile_out_fn *out,
    void *ctx, const char *name, struct sp_err *e);
void sp_jfile_free(struct sp_jfile *f);
/* Text in: an sp_jsonw_write_fn. */
int sp_jfile_write(void *f, const void *p, size_t n, struct sp_err *e);
/* After the last text: end the gzip member. */
int sp_jfile_finish(struct sp_jfile *f, struct sp_err *e);
uint64_t sp_jfile_text_bytes(const struct sp_jfile *f);
uint64_t sp_jfile_file_bytes(const struct sp_jfile *f);

#endif
