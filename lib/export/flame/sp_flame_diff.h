/*
 * sp_flame_diff.h - what a frame of a differential flame graph says: the
 * change of a call path from the before run (side 0 of a two-sided flat
 * tree, sp_flame_flat.h) to the after run (side 1), and its colour.
 *
 * The change of a node is its after time less its before time, in self
 * time (the default, as flamegraph.pl, inferno and async-profiler colour
 * a diff) or in total time; with normalize, the before times are first
 * scaled by the ratio of the runs' whole times (after / before, in
 * floating point; no scaling when the before run has none), so that a
 * run twice as long does not paint everything red; with negate, the sign
 * is turned (before less after: red is then what shrank).
 *
 * Kinds: a path that the before run lacks (no calls there) is "added", one
 * that the after run lacks "removed", whatever the noise floor; otherwise
 * it grew or shrank when the change is larger than min_delta percent of
 * its larger time (before, scaled, or after) in the measure, else it is
 * the same.
 *
 * Colours: grew is red, shrank blue, the saturation growing linearly with
 * |change| / the largest |change| of a path both runs have (the root
 * aside), from rgb(255, 220, 220) to rgb(255, 40, 40) and from
 * rgb(220, 220, 255) to rgb(40, 40, 255); the same is light grey
 * rgb(235, 235, 235); added is gold rgb(255, 200, 50) and removed purple
 * rgb(170, 130, 220), apart from either scale.  The interactive graph's
 * script computes the same.
 *
 * Ownership: the flat tree and the options are borrowed for the life of
 * the struct, which holds no memory of its own.
 */
#ifndef SP_FLAME_DIFF_H
#define SP_FLAME_DIFF_H

#include <stddef.h>

#include "sp_flame_flat.h"

enum sp_flame_delta {
	SP_FLAME_DELTA_SELF,
	SP_FLAME_DELTA_TOTAL,
};

struct sp_flame_diff_opts {
	enum sp_flame_delta by;
	int negate;
	int normalize;
	double min_delta;	/* percent, >= 0 */
	int before_widths;	/* frames as wide as the before run's */
};

enum sp_flame_change {
	SP_FLAME_SAME,
	SP_FLAME_GREW,
	SP_FLAME_SHRANK,
	SP_FLAME_ADDED,
	SP_FLAME_REMOVED,
};

struct sp_flame_diff {
	const struct sp_flame_flat *f;
	const struct sp_flame_diff_opts *o;
	double scale;		/* of the before times */
	double maxabs;		/* the largest |change| of a paired path */
};

/* Set d up for f (two sides) and o. */
void sp_flame_diff_init(struct sp_flame_diff *d, const struct sp_flame_flat *f,
    const struct sp_flame_diff_opts *o);
/* Node i's change in ns: after - scale * before, or the other way. */
double sp_flame_diff_delta(const struct sp_flame_diff *d, size_t i);
enum sp_flame_change sp_flame_diff_kind(const struct sp_flame_diff *d,
    size_t i);
/* The fill of node i. */
void sp_flame_diff_rgb(const struct sp_flame_diff *d, size_t i,
    unsigned char rgb[3]);

#endif
