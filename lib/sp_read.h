/*
 * sp_read.h - profile files in, one interval-stream section out: what
 * sp-read does, minus option parsing.  Each file becomes one run, labelled
 * by its metadata label or its file stem, made unique across the files.
 *
 * On failure nothing more is written: the section has no stream-end, so a
 * consumer sees a truncated stream rather than a smaller profile.
 */
#ifndef SP_READ_H
#define SP_READ_H

#include "sp_order.h"

int sp_read_files(const char *const *paths, size_t n,
    const struct sp_order_opts *o, struct sp_writer *w, struct sp_err *e);

#endif
