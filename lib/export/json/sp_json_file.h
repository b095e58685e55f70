/*
 * sp_json_file.h - where sp-json's text goes: a file that appears under
 * its name only when complete (sp_sink.h), or standard output, plain or
 * gzip-compressed, and the names of the files of several runs.
 *
 * Compressed output is one gzip member written by zlib (deflate, window
 * 2^15, memLevel 8, default strategy) with the header Python's gzip
 * module writes: no file name, mtime 0, OS 255 (unknown), so that two
 * runs give the same bytes, and level 9 gives the bytes of
 * scope-profiler's own write_json_file for the same text.
 *
 * Ownership: the caller owns the file from sp_jfile_open and frees it;
 * freeing a file that was not committed removes its temporary file.
 */
#ifndef SP_JSON_FILE_H
#define SP_JSON_FILE_H

#include <stdint.h>

#include "sp_err.h"

struct sp_jfile;

/* Does the name end in ".gz", in any case? */
int sp_json_is_gz(const char *path);

/*
 * Open path ("-": standard output).  gzip: compress at level (1 to 9).
 * hold: keep the last byte back until sp_jfile_commit(), so that output
 * that fails later is never a complete document (for standard output).
 */
struct sp_jfile *sp_jfile_open(const char *path, int gzip, int level,
    int hold, struct sp_err *e);
void sp_jfile_free(struct sp_jfile *f);
/* Text in: an sp_jsonw_write_fn. */
int sp_jfile_write(void *f, const void *p, size_t n, struct sp_err *e);
/* After the last text: end the gzip member. */
int sp_jfile_finish(struct sp_jfile *f, struct sp_err *e);
/* Put the complete file in place (or the held byte out). */
int sp_jfile_commit(struct sp_jfile *f, struct sp_err *e);
/* Copy the complete file to path instead, and commit that. */
int sp_jfile_commit_as(struct sp_jfile *f, const char *path, struct sp_err *e);
const char *sp_jfile_path(const struct sp_jfile *f);
uint64_t sp_jfile_text_bytes(const struct sp_jfile *f);
uint64_t sp_jfile_file_bytes(const struct sp_jfile *f);

/*
 * The file of a run's document, as scope-profiler's export_json names it
 * (exports.md 3.4, 4.8): the base's file name is split at its first dot
 * into a stem and a suffix (".json" when it has no dot), and the slug of
 * label joins the stem after a "_" when label is not NULL (when the
 * stream holds several runs).  A base ending in "/" names a directory,
 * whose file is "profile.json" (the reference's command line).
 * *out is the caller's to free.
 */
int sp_json_path(const char *base, const char *label, char **out,
    struct sp_err *e);

#endif
