/*
 * sp_flame_fold.h - collapsed ("folded") stacks: the call-path tree of
 * one (run, rank) with integer self times, written one line per path,
 *
 *	main;solve;assemble 30000000
 *
 * frames from the root to the leaf joined by ";", then a space and the
 * path's self time in nanoseconds (the sum over its calls; inclusive time
 * is what the lines of its subtree add up to).  That is the input of
 * flamegraph.pl, inferno and speedscope's importer: integer weights,
 * self time per line.
 *
 * Paths are the walker's: a call's path is its parent's plus its region,
 * so recursion is a deeper path ("fib;fib;fib").  Paths of different
 * lanes merge unless each lane starts with a frame of its own
 * (sp_flame_fold_lane() with a label), the lane prefix frame.  Lines come
 * depth first, children in the order they were first entered, and a path
 * with no self time writes no line (its children's lines hold it).  A
 * ";" in a name becomes ":" and a line break a space: the format has no
 * way to quote them.
 *
 * Memory: O(distinct paths); names are not copied but looked up in the
 * region table given to sp_flame_fold_write().
 *
 * Ownership: the caller owns the tree; lane labels are copied.
 */
#ifndef SP_FLAME_FOLD_H
#define SP_FLAME_FOLD_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_prof.h"

struct sp_flame_fold;

/* NULL when out of memory. */
struct sp_flame_fold *sp_flame_fold_new(void);
void sp_flame_fold_free(struct sp_flame_fold *t);

/*
 * Refuse a new path once the tree would take more than max_bytes (0: no
 * bound), counting SP_FLAME_FOLD_PATH_COST bytes a path.
 */
#define SP_FLAME_FOLD_PATH_COST 90
void sp_flame_fold_set_max_bytes(struct sp_flame_fold *t, uint64_t max_bytes);

/* Forget every path (the next rank starts). */
void sp_flame_fold_reset(struct sp_flame_fold *t);

/*
 * A lane starts (no call open): with a label, its calls hang below a
 * frame of that name; with NULL, at the top.
 */
int sp_flame_fold_lane(struct sp_flame_fold *t, const char *label,
    struct sp_err *e);
/* A call of region opens / the innermost open call closes. */
int sp_flame_fold_enter(struct sp_flame_fold *t, uint32_t region,
    struct sp_err *e);
int sp_flame_fold_leave(struct sp_flame_fold *t, int64_t self_ns,
    struct sp_err *e);

/* Distinct paths so far (lane frames included). */
size_t sp_flame_fold_paths(const struct sp_flame_fold *t);
/* Self ns of every call so far. */
int64_t sp_flame_fold_total(const struct sp_flame_fold *t);

/*
 * Write the lines; names[r] is the name of region r (nnames of them).
 * SP_EDATA for a region beyond the table.
 */
int sp_flame_fold_write(const struct sp_flame_fold *t,
    const char *const *names, size_t nnames, sp_prof_write_fn *write,
    void *ctx, struct sp_err *e);

#endif
