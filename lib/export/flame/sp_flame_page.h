/*
 * sp_flame_page.h - the interactive flame graph: one self-contained SVG
 * that carries the aggregated call-path tree (sp_flame_embed.h) and the
 * script that draws it (sp_flame_script.js), for one run or, with two
 * sides, as a differential graph (sp_flame_diff.h).
 *
 * The document: width W and a first height in pixels, with a viewBox of
 * the same size (the script sets the height to what it draws); with
 * fixed_width also the XML prolog and DOCTYPE; a style sheet; a line
 * for viewers without scripts, which the script removes; the data, one
 * JSON object in <script type="application/json" id="sp-data">,
 *
 *   {"version": 1, "labels": [...], "view": {...}, "tree": {...}}
 *
 * (labels: the runs' labels, before and after for a diff; view: width,
 * rowHeight, fontSize, threshold, maxFrames, title, and for a diff its
 * options); and the script.  Both sit in CDATA sections; nothing is
 * fetched from elsewhere, no font is named but the generic sans-serif.
 *
 * Size: the script is about 37 kB, the tree about 30 bytes a node of one
 * run (50 for a diff), times at most max_nodes nodes.
 *
 * Ownership: the tree, the options and the writer are borrowed for the
 * call; output goes through write(ctx, ...) in pieces of at most 64 KiB.
 */
#ifndef SP_FLAME_PAGE_H
#define SP_FLAME_PAGE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_flame_diff.h"
#include "sp_flame_flat.h"
#include "sp_prof.h"

#define SP_FLAME_MAX_NODES_DEFAULT 100000

struct sp_flame_page_opts {
	int width, row_height, font_size;	/* > 0 */
	double threshold;	/* of the zoomed frame, in [0, 1) */
	size_t max_frames;	/* drawn at once; 0: no bound */
	size_t max_nodes;	/* of the tree; 0: no bound */
	int fixed_width;	/* the XML prolog and DOCTYPE too */
	const char *title;
	const char *labels[SP_FLAME_SIDES_MAX];	/* the runs' labels */
	const struct sp_flame_diff_opts *diff;	/* NULL unless two sides */
};

struct sp_flame_page_stats {
	size_t paths;		/* nodes of the tree, the root included */
	size_t nodes;		/* nodes written, within the budget */
	int64_t merged_ns[SP_FLAME_SIDES_MAX];
	uint64_t bytes;
};

/* st may be NULL. */
int sp_flame_page_write(const struct sp_flame_flat *f,
    const struct sp_flame_page_opts *o, sp_write_fn *write, void *ctx,
    struct sp_flame_page_stats *st, struct sp_err *e);

/*
 * For a page of another program that draws the graph with the same script
 * (sp-report's HTML): the data alone, the JSON object above without its
 * element, and the script (a NUL-terminated string, ASCII, without "]]>"
 * or "</script"), to go in that page's elements as the script's header
 * says.  The options are those of the page; fixed_width has no effect.
 */
int sp_flame_page_data(const struct sp_flame_flat *f,
    const struct sp_flame_page_opts *o, sp_write_fn *write, void *ctx,
    struct sp_flame_page_stats *st, struct sp_err *e);
const char *sp_flame_page_script(void);

#endif
