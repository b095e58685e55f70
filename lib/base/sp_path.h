/*
 * sp_path.h - file paths as Python's pathlib spells and orders them, for
 * inputs that several files make together (the rank files of a native
 * trace), which the reference takes once each by their normalised
 * spelling and sorts by path components.
 *
 * Ownership: sp_path_norm's string is the caller's to free.
 */
#ifndef SP_PATH_H
#define SP_PATH_H

#include "sp_err.h"

/*
 * path as pathlib.PurePosixPath prints it: repeated "/" collapsed (two
 * leading ones kept, as POSIX allows them a meaning), "." components and
 * a trailing "/" dropped, ".." kept, never made absolute; "" and "./"
 * give ".".  So "./x//y/./z.spt" is "x/y/z.spt".
 */
int sp_path_norm(const char *path, char **out, struct sp_err *e);

/*
 * The order of two normalised paths, as pathlib compares them on POSIX:
 * by the list of their components (the root "/" of an absolute path its
 * first), each compared by code points (bytes that are not UTF-8 as
 * Python's surrogateescape decodes them), a list that is a prefix of the
 * other first.  So "a/b.spt" < "a-b.spt" < "a.spt" < "b.spt", and within
 * one directory upper case comes before lower case.  <0, 0 or >0.
 */
int sp_path_cmp(const char *a, const char *b);

/*
 * dir and name joined by one "/", normalised (the caller frees *out):
 * what a directory contributes when it is listed.
 */
int sp_path_join(const char *dir, const char *name, char **out,
    struct sp_err *e);

#endif
