/*
 * sp_read.h - profile files in, one interval-stream section out: what
 * sp-read does, minus option parsing.  A file is of one of the formats
 * given (struct sp_source_format: HDF5 and JSON profiles, native traces; h5/,
 * json/, spt/), told apart by its content, then by its name; "-" is of
 * the format that reads standard input.  Each file becomes one run,
 * except the files of a format whose files are parts of one run (the
 * rank files of a native trace): all of those, and those of the
 * directories given, make one run, where the first of them was given
 * (sp_read_plan.h).  A run is labelled by the name its source gives (its
 * metadata label, say) or its file's stem, or by the name o->labels
 * gives it, made unique across the runs; the run item keeps that name
 * too when a number made it unique.
 * A source may keep its calls in a temporary file under tmpdir (NULL:
 * $TMPDIR, else /tmp) while it is read.
 *
 * On failure nothing more is written: the section has no stream-end, so a
 * consumer sees a truncated stream rather than a smaller profile.
 */
#ifndef SP_READ_H
#define SP_READ_H

#include "sp_order.h"

int sp_read_files(const struct sp_source_format *const *formats,
    size_t nformats, const char *const *paths, size_t n,
    const struct sp_order_opts *o, const char *tmpdir, struct sp_writer *w,
    struct sp_err *e);

#endif
