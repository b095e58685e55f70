/*
 * sp_read.h - profile files in, one interval-stream section out: what
 * sp-read does, minus option parsing.  Each file becomes one run, labelled
 * by its metadata label or its file stem, made unique across the files.
 * A file is of one of the formats given (struct sp_format: HDF5 and JSON
 * profiles, h5/ and json/), told apart by its content, then by its name;
 * "-" is of the format that reads standard input.  A source may keep its
 * calls in a temporary file under tmpdir (NULL: $TMPDIR, else /tmp) while
 * it is read.
 *
 * On failure nothing more is written: the section has no stream-end, so a
 * consumer sees a truncated stream rather than a smaller profile.
 */
#ifndef SP_READ_H
#define SP_READ_H

#include "sp_order.h"

int sp_read_files(const struct sp_format *const *formats, size_t nformats,
    const char *const *paths, size_t n, const struct sp_order_opts *o,
    const char *tmpdir, struct sp_writer *w, struct sp_err *e);

#endif
