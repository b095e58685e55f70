/*
 * sp_read.h - profile files in, one interval-stream section out: what
 * sp-read does, minus option parsing.  Each file becomes one run, labelled
 * by its metadata label or its file stem, made unique across the files.
 * A file is an HDF5 profile (sp_h5.h) or a JSON profile (sp_json_read.h),
 * told apart by its content, then by its name; "-" is a JSON profile on
 * standard input.  JSON profiles keep their calls in a temporary file
 * under tmpdir (NULL: $TMPDIR, else /tmp) while they are read.
 *
 * On failure nothing more is written: the section has no stream-end, so a
 * consumer sees a truncated stream rather than a smaller profile.
 */
#ifndef SP_READ_H
#define SP_READ_H

#include "sp_order.h"

int sp_read_files(const char *const *paths, size_t n,
    const struct sp_order_opts *o, const char *tmpdir, struct sp_writer *w,
    struct sp_err *e);

#endif
