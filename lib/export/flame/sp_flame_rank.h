/*
 * sp_flame_rank.h - the entries of a pstats dict in Python's order of
 * their keys (file, line, name): strings by their bytes as strcmp orders
 * them, then the line, then the name.
 *
 * The flame graph lays out every level in that order, and a pass of its
 * layout meets every entry; a dict of call paths holds hundreds of
 * thousands of long names that share their beginnings, which a sort by
 * strcmp reads again at every comparison.  Here the names are sorted
 * eight bytes at a time: by their first eight, then each run of equal
 * ones by the next eight, and so on, so that a byte of a name is read
 * about once per level of the sort; the layout then sorts by rank.
 *
 * Ownership: the dict is borrowed; order is the caller's.
 */
#ifndef SP_FLAME_RANK_H
#define SP_FLAME_RANK_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_prof.h"

/*
 * order[0 .. sp_prof_len(d) - 1]: the entry indices in key order (equal
 * keys, which a dict does not hold, by index).  SP_ENOMEM.
 */
int sp_flame_rank(const struct sp_prof *d, uint32_t *order,
    struct sp_err *e);

#endif
