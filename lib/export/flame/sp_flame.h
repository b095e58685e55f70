/*
 * sp_flame.h - a pstats dict drawn as a flame-graph SVG, the way
 * scope-profiler's export_flamegraph_svg draws it through flameprof 0.4
 * (doc/exports.md, "Flame graphs").
 *
 * The dict (sp_prof.h) is read as a call graph: an entry with no callers
 * is a root, every caller item an edge caller -> callee with its own
 * (cc, nc, tt, ct).  The layout is flameprof's:
 *
 * - total and the extra-root heuristic: total = the summed ct of the
 *   roots; the non-root entry with the largest ct is made a root as well
 *   when that keeps total within 20 % of the summed tt of all entries,
 *   else total = that sum (so a run whose largest top-level region is
 *   under about 20 % of it draws that region twice);
 * - the top section, callees above: from the virtual root down, children
 *   sorted by key (file, line, name), each frame as wide as its edge's ct;
 *   edges met more than once on the way (the counts of flameprof's
 *   _counts) are rescaled to fill what the parent's self time and its
 *   other children leave, drawn green when they start being shared;
 * - the bottom section, "who called this": every entry at the top, sorted
 *   by key, as wide as its tt, its callers below it splitting its width in
 *   proportion to their edge ct, and so on down the caller chain;
 * - a frame is drawn when its width / total > threshold, at
 *   x = origin * width / total, width max(1, w * width / total - 1),
 *   height row_height - 1; the fill is one of flameprof's palettes,
 *   indexed by the first 4 bytes of the SHA-1 of "file:line:name" (so a
 *   name has the same colour in every graph); the tooltip reads
 *   "file:line:name P% (cc nc tt ct)".
 *
 * Numbers are written as Python writes them (sp_fmt.h), so that with
 * gaps set and no budget the bytes are flameprof's: the XML prolog,
 * DOCTYPE and fixed size with fixed_width, else the reference's scalable
 * form (a viewBox, no prolog).
 *
 * Beyond the reference, all off by default except the merging:
 *
 * - merging (unless gaps): the children a frame does not draw because of
 *   the threshold or the budget become one "[other]" frame after its
 *   drawn children, which are packed from its left edge, so that the
 *   widths of a frame's children add up to what the reference's would
 *   (drawn itself when it passes the threshold);
 * - a budget of max_frames frames: the smallest frames are left out (a
 *   width cut-off over both sections, raised until the frames drawn,
 *   "[other]" frames included, fit), so that the file stays small enough
 *   for a browser whatever the input;
 * - a title row.
 *
 * The interactive graph is drawn from the call-path tree instead
 * (sp_flame_page.h).
 *
 * Where the reference fails (a zero total time, nothing above the
 * threshold in a section, a caller of zero time) the graph is drawn with
 * what there is: an empty section takes no room.  A caller key without
 * its own entry is an error (SP_EDATA).
 *
 * Memory: O(entries + callers + frames drawn); the time of the layout is
 * O(entries + callers) plus O(frames considered) per pass, a few passes
 * when the budget binds (a bisection over the frame widths).  Without a
 * budget, flameprof's layout of a cyclic or shared graph can draw a frame
 * per path through it, which multiply: past 2 million frames it fails
 * (SP_EDATA) rather than grow without end.
 *
 * Ownership: the dict and the options are borrowed for the call; output
 * goes through write(ctx, ...) in pieces of at most 64 KiB.
 */
#ifndef SP_FLAME_H
#define SP_FLAME_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_prof.h"

#define SP_FLAME_WIDTH_DEFAULT 1200
#define SP_FLAME_THRESHOLD_DEFAULT 0.001
#define SP_FLAME_ROW_HEIGHT_DEFAULT 24
#define SP_FLAME_FONT_SIZE_DEFAULT 12
#define SP_FLAME_MAX_FRAMES_DEFAULT 10000

/* What a merged frame is called. */
#define SP_FLAME_OTHER "[other]"

struct sp_flame_opts {
	int width;		/* > 0; 0: SP_FLAME_WIDTH_DEFAULT */
	double threshold;	/* fraction of the total, in [0, 1) */
	int row_height;		/* > 1; 0: the default */
	int font_size;		/* > 0; 0: the default */
	int fixed_width;	/* flameprof's own document: prolog, W x H */
	int gaps;		/* drop small frames as flameprof does */
	size_t max_frames;	/* at most this many frames; 0: no budget */
	const char *title;	/* a title row; NULL: none */
};

struct sp_flame_stats {
	size_t frames;		/* frames drawn, "[other]" frames included */
	size_t top_frames, bottom_frames;
	size_t other_frames;	/* "[other]" frames drawn */
	double cut;		/* the budget's width cut-off (seconds), or 0 */
	int extra_root;		/* the heuristic drew a region twice */
	int roots_off;		/* flameprof would warn: root ct vs sum of tt */
	double total;		/* the width of the graph, in seconds */
	uint64_t bytes;		/* SVG written */
};

/* Fills o with the defaults above (merging on, scalable, no title). */
void sp_flame_opts_init(struct sp_flame_opts *o);

/*
 * Draw d.  st may be NULL.  SP_EUSAGE for options out of range, SP_EDATA
 * for a dict that is not a graph (a caller without an entry), and what
 * write fails with.
 */
int sp_flame_render(const struct sp_prof *d, const struct sp_flame_opts *o,
    sp_write_fn *write, void *ctx, struct sp_flame_stats *st,
    struct sp_err *e);

/*
 * The colour flameprof gives a frame: index into a palette of n colours
 * by the SHA-1 of name (len bytes).  Exposed for the tests.
 */
size_t sp_flame_color_index(const char *name, size_t len, size_t n);

#endif
