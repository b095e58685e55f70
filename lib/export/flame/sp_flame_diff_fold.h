/*
 * sp_flame_diff_fold.h - a differential profile as folded stacks in the
 * two-count format of difffolded.pl, which flamegraph.pl and
 * inferno-flamegraph draw as a differential flame graph:
 *
 *	main;solve;assemble 30000000 36000000
 *
 * the call path, then the path's self time in the before run and in the
 * after run, integer nanoseconds.  A line for every path that has self
 * time in either run (a path one run lacks has 0 there), frames as
 * sp_flame_fold.h writes them (";" in a name becomes ":", a line break a
 * space); lines sorted by path in byte order, as LC_ALL=C sort and
 * flamegraph.pl sort them, and paths that are written alike (a name with
 * ";" and one with ":" in its place, a lane frame and a region of one
 * name) one line, their counts added up, as difffolded.pl adds up a
 * repeated path.  That is what difffolded.pl writes for the two runs'
 * folded stacks, but for the order of its lines (Perl's hash order).
 *
 * With normalize, as difffolded.pl -n: each before count becomes
 * floor(count * total_after / total_before), the totals being the sums of
 * the counts; computed exactly in integers (Perl's doubles can be off by
 * one past 2^53), and not at all when the before run has no time (where
 * difffolded.pl divides by zero).
 *
 * Memory: the lines' paths, held to be sorted: O(nodes x depth).
 *
 * Ownership: the tree (two sides: before, after) and the writer are
 * borrowed for the call.
 */
#ifndef SP_FLAME_DIFF_FOLD_H
#define SP_FLAME_DIFF_FOLD_H

#include "sp_err.h"
#include "sp_flame_flat.h"
#include "sp_prof.h"

int sp_flame_diff_fold_write(const struct sp_flame_flat *f, int normalize,
    sp_write_fn *write, void *ctx, struct sp_err *e);

#endif
