/*
 * sp_h5.h - scope-profiler HDF5 profiles (schema 1 with or without its
 * attribute, 2 and 3; columnar and aggregate layouts) as a struct
 * sp_source.  The layouts and the reference reader's checks are those of
 * doc/formats.md; the checks it misses (region ids out of range,
 * duplicate rows, disagreeing column lengths) are made here too.
 *
 * Ownership: the caller frees the source with sp_source_free().
 */
#ifndef SP_H5_H
#define SP_H5_H

#include "sp_source.h"

/* HDF5 profiles, for sp_read_files(). */
extern const struct sp_source_format sp_h5_format;

/* Does the file start with the HDF5 signature (at 0 or a user block)? */
int sp_h5_sniff(const char *path);

struct sp_source *sp_h5_open(const char *path, struct sp_err *e);

/*
 * The same from a file image in memory (HDF5's core driver, no backing
 * store): buf is copied, and may be freed once this returns.  name stands
 * for the file in messages and is borrowed like path above; it must not
 * name an existing file, which the core driver refuses to shadow.
 */
struct sp_source *sp_h5_open_image(const void *buf, size_t n,
    const char *name, struct sp_err *e);

#endif
