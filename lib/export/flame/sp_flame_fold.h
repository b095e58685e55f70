/*
 * sp_flame_fold.h - collapsed ("folded") stacks: the call-path tree of
 * one (run, rank) (sp_flame_tree.h) with integer self times, written one
 * line per path,
 *
 *	main;solve;assemble 30000000
 *
 * frames from the root to the leaf joined by ";", then a space and the
 * path's self time in nanoseconds (the sum over its calls; inclusive time
 * is what the lines of its subtree add up to).  That is the input of
 * flamegraph.pl, inferno and speedscope's importer: integer weights,
 * self time per line.
 *
 * Paths are the tree's: a call's path is its parent's plus its region,
 * so recursion is a deeper path ("fib;fib;fib"), and lanes merge unless
 * the tree gave each a lane prefix frame.  Lines come depth first,
 * children in the order they were first entered, and a path with no self
 * time writes no line (its children's lines hold it).  A ";" in a name
 * becomes ":" and a line break a space: the format has no way to quote
 * them.
 *
 * Names are looked up in the region table given to sp_flame_fold_write().
 *
 * Ownership: the tree and the names are borrowed for the call.
 */
#ifndef SP_FLAME_FOLD_H
#define SP_FLAME_FOLD_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_flame_tree.h"
#include "sp_prof.h"

/* The bound of --max-memory counts this many bytes a folded path. */
#define SP_FLAME_FOLD_PATH_COST SP_FLAME_TREE_PATH_COST

/* A byte of a frame name as the lines spell it (";" is ":", ...). */
char sp_flame_fold_byte(char c);

/*
 * Write the lines; names[r] is the name of region r (nnames of them).
 * SP_EDATA for a region beyond the table.
 */
int sp_flame_fold_write(const struct sp_flame_tree *t,
    const char *const *names, size_t nnames, sp_write_fn *write,
    void *ctx, struct sp_err *e);

#endif
