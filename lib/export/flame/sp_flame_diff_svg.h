/*
 * sp_flame_diff_svg.h - a differential flame graph as a static SVG: the
 * paired call-path tree of a before and an after run (a flat tree of two
 * sides, sp_flame_flat.h) drawn as a flame graph, the root at the bottom,
 * each frame as wide as its total time in the after run (or, with
 * before_widths, the before run), coloured by its change
 * (sp_flame_diff.h).
 *
 * Children sit on their parent from its left edge in the order of their
 * names, each as wide as it is, so that the two runs line up; a frame is
 * drawn when its width is more than threshold times the root's, and at
 * most max_frames are (0: no bound), the widest (a parent before its
 * children); the frames left out leave their room empty.  Each frame is a
 * nested <svg class="func_g"> that clips its label, its own region name,
 * with its tooltip (<title>): the name, the path, both runs' total and
 * self times and calls in real units, the change (in time, as a share of
 * the frame's before time, and as flamegraph.pl gives it, a share of the
 * run that gives the widths, or of the other when that one has none),
 * and the frame's share of the run.
 *
 * Around the frames: a title row, a legend row (what the colours mean,
 * the change that gets full colour), and below the graph a row that says
 * how many stacks (paths with self time) only one run has, and their
 * time: with after widths the removed ones have no width, so this row is
 * where they show.
 *
 * The document is scalable (a viewBox, no size), or with fixed_width
 * standalone (the XML prolog and DOCTYPE, width and height), as the
 * static graph is.
 *
 * Ownership: the tree, the options and the writer are borrowed for the
 * call; output goes through write(ctx, ...) in pieces of at most 64 KiB.
 */
#ifndef SP_FLAME_DIFF_SVG_H
#define SP_FLAME_DIFF_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_flame_diff.h"
#include "sp_flame_flat.h"
#include "sp_prof.h"

struct sp_flame_diff_svg_opts {
	int width, row_height, font_size;	/* > 0 */
	double threshold;	/* of the root's width, in [0, 1) */
	size_t max_frames;	/* 0: no bound */
	int fixed_width;
	const char *title;	/* not NULL */
	const char *labels[2];	/* before, after */
	const struct sp_flame_diff_opts *diff;
};

struct sp_flame_diff_svg_stats {
	size_t frames;		/* drawn */
	size_t added, removed;	/* stacks only in after, only in before */
	int64_t added_ns, removed_ns;	/* their time, in their run */
	uint64_t bytes;
};

/* st may be NULL. */
int sp_flame_diff_svg_write(const struct sp_flame_flat *f,
    const struct sp_flame_diff_svg_opts *o, sp_write_fn *write, void *ctx,
    struct sp_flame_diff_svg_stats *st, struct sp_err *e);

#endif
