/*
 * sp_h5_tags.h - the one piece of JSON that HDF5 profiles embed in a
 * string: the `tags` column, a JSON array of strings such as ["a", "b"].
 *
 * Ownership: *out is one malloc'ed block (pointers, then text, NULL
 * terminated) for the caller to free().
 */
#ifndef SP_H5_TAGS_H
#define SP_H5_TAGS_H

#include <stddef.h>

/* Parse a JSON array of strings; -1 when text is anything else. */
int sp_h5_tags_parse(const char *text, size_t len, char ***out,
    size_t *n);

#endif
