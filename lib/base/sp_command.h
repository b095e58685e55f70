/*
 * sp_command.h - the programs that `sp NAME ARGS` runs: sp-NAME, looked
 * for first in the directory of the running executable, then on PATH (as
 * git finds its git-NAME programs).
 *
 * Ownership: sp_command_beside_self's string is the caller's to free.
 */
#ifndef SP_COMMAND_H
#define SP_COMMAND_H

#include "sp_err.h"

/*
 * 1 if name can name an sp program: not empty, of letters, digits, '-'
 * and '_', not starting with '-'; so never a path ("../x", "a/b").
 */
int sp_command_name_ok(const char *name);

/*
 * The path of sp-NAME in the directory of the running executable (the
 * link /proc/self/exe, symbolic links resolved), whether or not it
 * exists; NULL with e filled when that directory cannot be told.
 */
char *sp_command_beside_self(const char *name, struct sp_err *e);

#endif
