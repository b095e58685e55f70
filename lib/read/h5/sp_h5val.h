/*
 * sp_h5val.h - reading HDF5 values the way scope-profiler files hold them:
 * strings of every flavour (variable or fixed length, UTF-8 or ASCII,
 * NUL- or space-padded), numeric columns converted to int64 by hyperslab,
 * and attributes or whole groups turned into CBOR for the stream.
 *
 * Ownership: string arrays returned here are allocated with malloc as one
 * block (array of pointers followed by the text) and freed with free().
 */
#ifndef SP_H5VAL_H
#define SP_H5VAL_H

#include <hdf5.h>
#include <stdint.h>

#include "sp_cbuf.h"
#include "sp_err.h"

/* Length of a 1-D dataset or attribute, -1 when not one-dimensional. */
long long sp_h5_length(hid_t obj, int is_attr);

/* All strings of a string dataset or attribute (scalar: one string). */
int sp_h5_strings(hid_t obj, int is_attr, const char *file, const char *what,
    size_t *n, char ***out, struct sp_err *e);

/* n int64 values from offset off of a 1-D integer dataset. */
int sp_h5_read_i64(hid_t dset, uint64_t off, size_t n, int64_t *out,
    const char *file, const char *what, struct sp_err *e);
/* The same for a whole 1-D integer attribute or dataset of length n. */
int sp_h5_read_all_i64(hid_t obj, int is_attr, size_t n, int64_t *out,
    const char *file, const char *what, struct sp_err *e);

/* Is the dataset's element class an integer? (float columns are refused) */
int sp_h5_is_integer(hid_t dset);

/* Append the attribute's value as CBOR (int, float, text, bool, arrays). */
int sp_h5_attr_cbor(hid_t attr, struct sp_cbuf *b, const char *file,
    struct sp_err *e);
/* Append {name: value} of every attribute of obj, in name order. */
int sp_h5_attrs_cbor(hid_t obj, struct sp_cbuf *b, const char *file,
    struct sp_err *e);
/*
 * Append a generic image of a group: {"attrs": {...}, "datasets":
 * {name: values}, "groups": {name: {...}}}, names in name order, N-D
 * datasets as nested arrays.  Used for the opaque side payloads.
 */
int sp_h5_group_cbor(hid_t group, struct sp_cbuf *b, const char *file,
    struct sp_err *e);

/*
 * Fail when the dataset needs a filter this HDF5 library cannot apply
 * (LZF, Zstandard and other plugins), naming it, rather than letting the
 * first read fail with a vaguer message; and when it declares far more
 * data than it stores (see SP_H5_MAX_RATIO), before anything is
 * allocated or read for it.
 */
int sp_h5_check_filters(hid_t dset, const char *file, const char *what,
    struct sp_err *e);

/* Does the link exist (without HDF5 printing anything)? */
int sp_h5_exists(hid_t loc, const char *name);

#endif
