#include "sp_flame_diff_svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame_out.h"

#define NONE SP_FLAME_FLAT_NONE

struct ds {
	const struct sp_flame_flat *f;
	const struct sp_flame_diff_svg_opts *o;
	struct sp_flame_diff d;
	struct sp_flame_out *out;
	int ws;			/* the side that gives the widths */
	unsigned char *keep;
	int64_t *x;		/* left edge, ns from the root's */
	uint32_t *path;		/* scratch: a node's ancestors */
	uint32_t maxdepth;
	double px;		/* pixels per ns */
	struct sp_flame_diff_svg_stats *st;
};

static const struct sp_flame_val *
val(const struct ds *g, size_t i, int side)
{
	return &sp_flame_flat_node(g->f, i)->v[side];
}

/* --- layout --- */

/* Which frames are drawn, where, and how deep the graph is. */
static int
layout(struct ds *g)
{
	size_t i, n = sp_flame_flat_len(g->f);
	int64_t *key = malloc(n * sizeof *key), *off = malloc(n * sizeof *off);
	int64_t root = val(g, 0, g->ws)->total;
	double thr = g->o->threshold * (double)root;
	int rc = -1;

	if (key == NULL || off == NULL)
		goto out;
	for (i = 0; i < n; i++)
		key[i] = val(g, i, g->ws)->total;
	/* key > floor(t * root) is key > t * root, for integer keys */
	if (sp_flame_flat_select(g->f, key, (int64_t)thr, g->o->max_frames,
	    g->keep) == SIZE_MAX)
		goto out;
	g->px = root > 0 ? g->o->width / (double)root : 0;
	for (i = 0; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(g->f, i);

		g->x[i] = x->parent == NONE ? 0 : off[x->parent];
		off[i] = g->x[i];
		if (x->parent != NONE)
			off[x->parent] += key[i];
		if (g->keep[i] && x->depth > g->maxdepth)
			g->maxdepth = x->depth;
	}
	rc = 0;
out:
	free(key);
	free(off);
	return rc;
}

/* The stacks (paths with self time) only one run has, and their time. */
static void
count_one_sided(struct ds *g)
{
	size_t i, n = sp_flame_flat_len(g->f);

	for (i = 1; i < n; i++) {
		enum sp_flame_change c = sp_flame_diff_kind(&g->d, i);
		uint32_t p = sp_flame_flat_node(g->f, i)->parent;
		int top = p == 0 || sp_flame_diff_kind(&g->d, p) != c;

		if (c == SP_FLAME_ADDED) {
			g->st->added += val(g, i, 1)->self > 0;
			if (top)
				g->st->added_ns += val(g, i, 1)->total;
		} else if (c == SP_FLAME_REMOVED) {
			g->st->removed += val(g, i, 0)->self > 0;
			if (top)
				g->st->removed_ns += val(g, i, 0)->total;
		}
	}
}

/* --- output --- */

/* A coordinate, to the hundredth of a pixel, without trailing zeros. */
static int
put_coord(struct sp_flame_out *o, double v)
{
	char b[64];
	int k = snprintf(b, sizeof b, "%.2f", round(v * 100) / 100);

	while (k > 1 && b[k - 1] == '0')
		k--;
	if (k > 1 && b[k - 1] == '.')
		k--;
	if (k == 2 && b[0] == '-' && b[1] == '0')
		return sp_flame_puts(o, "0");
	return sp_flame_put(o, b, (size_t)k);
}

static int
put_text_row(struct ds *g, double y, const char *anchor, double x, int size,
    const char *cls)
{
	sp_flame_puts(g->out, "<text class=\"");
	sp_flame_puts(g->out, cls);
	sp_flame_puts(g->out, "\" x=\"");
	put_coord(g->out, x);
	sp_flame_puts(g->out, "\" y=\"");
	put_coord(g->out, y);
	sp_flame_puts(g->out, "\" text-anchor=\"");
	sp_flame_puts(g->out, anchor);
	sp_flame_puts(g->out, "\" dominant-baseline=\"central\" "
	    "font-size=\"");
	sp_flame_put_i64(g->out, size);
	return sp_flame_puts(g->out, "px\">");
}

static int
put_head(struct ds *g, int64_t height)
{
	struct sp_flame_out *o = g->out;

	if (g->o->fixed_width) {
		sp_flame_puts(o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
		    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
		    "<svg version=\"1.1\" width=\"");
		sp_flame_put_i64(o, g->o->width);
		sp_flame_puts(o, "\" height=\"");
	} else {
		sp_flame_puts(o, "<svg version=\"1.1\" viewBox=\"0 0 ");
		sp_flame_put_i64(o, g->o->width);
		sp_flame_puts(o, " ");
	}
	sp_flame_put_i64(o, height);
	return sp_flame_puts(o, "\"\n     xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
	    "font-family=\"sans-serif\">\n<style type=\"text/css\">\n"
	    "    .func_g:hover { stroke:black; stroke-width:0.5; "
	    "cursor:pointer; }\n</style>\n");
}

/* The legend: what the colours say. */
static int
put_legend(struct ds *g, double y)
{
	const struct sp_flame_diff_opts *d = g->o->diff;
	struct sp_flame_out *o = g->out;
	char b[160];

	put_text_row(g, y, "start", 6, g->o->font_size, "sp_legend");
	sp_flame_puts(o, "red: grew, blue: shrank, by ");
	sp_flame_puts(o, d->negate ? "before - after" : "after - before");
	sp_flame_puts(o, d->by == SP_FLAME_DELTA_TOTAL ? " in total time" :
	    " in self time");
	if (g->d.scale != 1) {
		snprintf(b, sizeof b, ", before normalized x%.4f", g->d.scale);
		sp_flame_puts(o, b);
	}
	if (d->min_delta > 0) {
		snprintf(b, sizeof b, ", grey within %g%%", d->min_delta);
		sp_flame_puts(o, b);
	}
	sp_flame_puts(o, " (full colour: ");
	sp_flame_put_ns(o, g->d.maxabs, 0);
	sp_flame_puts(o, "); gold: only in after, purple: only in before; "
	    "widths: ");
	sp_flame_puts(o, g->ws == 1 ? "after" : "before");
	return sp_flame_puts(o, "</text>\n");
}

/* The row below: the stacks that only one run has. */
static int
put_footer(struct ds *g, double y)
{
	struct sp_flame_out *o = g->out;
	char b[64];

	put_text_row(g, y, "start", 6, g->o->font_size, "sp_onesided");
	snprintf(b, sizeof b, "only in after: %zu stack%s (", g->st->added,
	    g->st->added == 1 ? "" : "s");
	sp_flame_puts(o, b);
	sp_flame_put_ns(o, (double)g->st->added_ns, 0);
	snprintf(b, sizeof b, "); only in before: %zu stack%s (",
	    g->st->removed, g->st->removed == 1 ? "" : "s");
	sp_flame_puts(o, b);
	sp_flame_put_ns(o, (double)g->st->removed_ns, 0);
	sp_flame_puts(o, ")");
	if (g->ws == 1 && g->st->removed > 0)
		sp_flame_puts(o, ", not drawn: the widths are the after run's "
		    "(--before-widths draws them)");
	return sp_flame_puts(o, "</text>\n");
}

/* "a > b > c": the names from the top to node i. */
static int
put_path(struct ds *g, size_t i)
{
	size_t k = 0;

	for (; i != 0 && i != NONE; i = sp_flame_flat_node(g->f, i)->parent)
		g->path[k++] = (uint32_t)i;
	while (k-- > 0) {
		sp_flame_put_xml(g->out, sp_flame_flat_str(g->f, g->path[k]));
		if (k > 0)
			sp_flame_puts(g->out, " &gt; ");
	}
	return 0;
}

static int
put_times(struct ds *g, size_t i, int side)
{
	const struct sp_flame_val *v = val(g, i, side);
	char b[48];

	sp_flame_puts(g->out, side == 1 ? "\nafter (" : "\nbefore (");
	sp_flame_put_xml(g->out, g->o->labels[side]);
	sp_flame_puts(g->out, "): total ");
	sp_flame_put_ns(g->out, (double)v->total, 0);
	if (i == 0)
		return 0;	/* the root is no call */
	sp_flame_puts(g->out, ", self ");
	sp_flame_put_ns(g->out, (double)v->self, 0);
	snprintf(b, sizeof b, ", %llu call%s", (unsigned long long)v->calls,
	    v->calls == 1 ? "" : "s");
	return sp_flame_puts(g->out, b);
}

/*
 * ", +20.00% of the after run": a change as a share of the run that gives
 * the widths (as flamegraph.pl's tooltip gives it of the after profile),
 * the before run scaled as the change is; of the other run when that one
 * has no time.
 */
static int
put_run_share(struct ds *g, double delta)
{
	double a = g->d.scale * (double)val(g, 0, 0)->total;
	double b = (double)val(g, 0, 1)->total;
	int side = g->ws;

	if ((side == 1 ? b : a) <= 0)
		side = !side;
	if ((side == 1 ? b : a) <= 0)
		return 0;
	sp_flame_puts(g->out, ", ");
	sp_flame_put_pct(g->out, delta / (side == 1 ? b : a), 1);
	return sp_flame_puts(g->out, side == 1 ? " of the after run" :
	    " of the before run");
}

/* The root has no time of its own: its change is the runs' whole time's. */
static int
put_root_change(struct ds *g)
{
	double a = g->d.scale * (double)val(g, 0, 0)->total;
	double b = (double)val(g, 0, 1)->total;
	double delta = g->o->diff->negate ? a - b : b - a;

	sp_flame_puts(g->out, g->o->diff->negate ? "\nbefore - after" :
	    "\nafter - before");
	sp_flame_puts(g->out, g->d.scale != 1 ? " (total, before normalized): "
	    : " (total): ");
	sp_flame_put_ns(g->out, delta, 1);
	if (a > 0) {
		sp_flame_puts(g->out, " (");
		sp_flame_put_pct(g->out, delta / a, 1);
		sp_flame_puts(g->out, ")");
	}
	return put_run_share(g, delta);
}

/*
 * The change line of a tooltip: the change in time, as a share of the
 * frame's own before time, and as a share of the run.
 */
static int
put_change(struct ds *g, size_t i)
{
	const struct sp_flame_diff_opts *d = g->o->diff;
	enum sp_flame_change c = sp_flame_diff_kind(&g->d, i);
	double delta = sp_flame_diff_delta(&g->d, i), base;

	if (c == SP_FLAME_ADDED || c == SP_FLAME_REMOVED) {
		sp_flame_puts(g->out, c == SP_FLAME_ADDED ?
		    "\nonly in the after run: " : "\nonly in the before run: ");
		sp_flame_put_ns(g->out, delta, 1);
		return put_run_share(g, delta);
	}
	if (i == 0)
		return put_root_change(g);
	base = g->d.scale * (double)(d->by == SP_FLAME_DELTA_TOTAL ?
	    val(g, i, 0)->total : val(g, i, 0)->self);
	sp_flame_puts(g->out, d->negate ? "\nbefore - after (" :
	    "\nafter - before (");
	sp_flame_puts(g->out, d->by == SP_FLAME_DELTA_TOTAL ? "total" : "self");
	sp_flame_puts(g->out, g->d.scale != 1 ? ", before normalized): " :
	    "): ");
	sp_flame_put_ns(g->out, delta, 1);
	if (base > 0) {
		sp_flame_puts(g->out, " (");
		sp_flame_put_pct(g->out, delta / base, 1);
		sp_flame_puts(g->out, ")");
	}
	put_run_share(g, delta);
	if (c == SP_FLAME_SAME && delta != 0)
		sp_flame_puts(g->out, ", within the noise floor");
	return 0;
}

static int
put_tooltip(struct ds *g, size_t i)
{
	int64_t root = val(g, 0, g->ws)->total;

	sp_flame_put_xml(g->out, sp_flame_flat_str(g->f, i));
	if (i != 0 && sp_flame_flat_node(g->f, i)->depth > 1) {
		sp_flame_puts(g->out, "\n");
		put_path(g, i);
	}
	put_times(g, i, 1);
	put_times(g, i, 0);
	put_change(g, i);
	sp_flame_puts(g->out, "\n");
	sp_flame_put_pct(g->out, root > 0 ? (double)val(g, i, g->ws)->total /
	    (double)root : 0, 0);
	return sp_flame_puts(g->out, g->ws == 1 ? " of the after run" :
	    " of the before run");
}

static int
put_frame(struct ds *g, size_t i, double y)
{
	struct sp_flame_out *o = g->out;
	/*
	 * The width from both edges as written, so that a frame ends where
	 * the next begins, less the pixel between them, to the hundredth; at
	 * least 1 px, as the static graph draws them.
	 */
	double x0 = round((double)g->x[i] * g->px * 100) / 100;
	double x1 = round((double)(g->x[i] + val(g, i, g->ws)->total) *
	    g->px * 100) / 100;
	double w = x1 - x0 - 1;
	unsigned char rgb[3];
	char fill[48];

	sp_flame_diff_rgb(&g->d, i, rgb);
	snprintf(fill, sizeof fill, "rgb(%d, %d, %d)", rgb[0], rgb[1], rgb[2]);
	sp_flame_puts(o, "<svg class=\"func_g\" x=\"");
	put_coord(o, x0);
	sp_flame_puts(o, "\" y=\"");
	put_coord(o, y);
	sp_flame_puts(o, "\" width=\"");
	put_coord(o, w > 1 ? w : 1);
	sp_flame_puts(o, "\" height=\"");
	sp_flame_put_i64(o, g->o->row_height - 1);
	sp_flame_puts(o, "\"><g>\n    <title>");
	put_tooltip(g, i);
	sp_flame_puts(o, "</title>\n    <rect height=\"100%\" width=\"100%\" "
	    "fill=\"");
	sp_flame_puts(o, fill);
	sp_flame_puts(o, "\" rx=\"2\" ry=\"2\" />\n    <text "
	    "alignment-baseline=\"central\" x=\"3\" y=\"");
	put_coord(o, g->o->row_height / 2.0);
	sp_flame_puts(o, "\" font-size=\"");
	sp_flame_put_i64(o, g->o->font_size);
	/* white labels on dark fills (the script's rule too) */
	sp_flame_puts(o, 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] <
	    110 ? "px\" fill=\"rgb(255,255,255)\">" :
	    "px\" fill=\"rgb(0,0,0)\">");
	sp_flame_put_xml(o, sp_flame_flat_str(g->f, i));
	return sp_flame_puts(o, "</text>\n</g></svg>\n");
}

static int
put_svg(struct ds *g)
{
	size_t i, n = sp_flame_flat_len(g->f);
	int64_t rh = g->o->row_height, rows = (int64_t)g->maxdepth + 1;
	double top = 2.0 * (double)rh;

	put_head(g, (rows + 3) * rh);
	put_text_row(g, rh / 2.0, "middle", g->o->width / 2.0,
	    g->o->font_size + 2, "sp_title");
	sp_flame_put_xml(g->out, g->o->title);
	sp_flame_puts(g->out, "</text>\n");
	put_legend(g, 1.5 * (double)rh);
	for (i = 0; i < n; i++) {
		if (!g->keep[i])
			continue;
		put_frame(g, i, top + (double)(g->maxdepth -
		    sp_flame_flat_node(g->f, i)->depth) * (double)rh);
		g->st->frames++;
	}
	put_footer(g, top + (double)(rows * rh) + rh / 2.0);
	return sp_flame_puts(g->out, "</svg>\n");
}

int
sp_flame_diff_svg_write(const struct sp_flame_flat *f,
    const struct sp_flame_diff_svg_opts *o, sp_write_fn *write, void *ctx,
    struct sp_flame_diff_svg_stats *st, struct sp_err *e)
{
	struct sp_flame_diff_svg_stats dummy;
	size_t n = sp_flame_flat_len(f);
	struct ds g;
	int rc = -1;

	if (st == NULL)
		st = &dummy;
	memset(st, 0, sizeof *st);
	if (sp_flame_flat_sides(f) != 2 || o->diff == NULL || o->width <= 0 ||
	    o->row_height < 2 || o->font_size <= 0 || o->title == NULL ||
	    !(o->threshold >= 0 && o->threshold < 1))
		return sp_fail(e, SP_EUSAGE, "differential graph options out "
		    "of range");
	memset(&g, 0, sizeof g);
	g.f = f;
	g.o = o;
	g.st = st;
	g.ws = o->diff->before_widths ? 0 : 1;
	sp_flame_diff_init(&g.d, f, o->diff);
	g.keep = malloc(n);
	g.x = malloc(n * sizeof *g.x);
	g.path = malloc((n + 1) * sizeof *g.path);
	if (g.keep == NULL || g.x == NULL || g.path == NULL ||
	    layout(&g) < 0) {
		sp_fail(e, SP_ENOMEM, "out of memory drawing the flame graph");
		goto out;
	}
	count_one_sided(&g);
	if ((g.out = sp_flame_out_new(write, ctx, e)) == NULL)
		goto out;
	if (put_svg(&g) < 0 || sp_flame_out_flush(g.out) < 0)
		goto out;
	st->bytes = sp_flame_out_bytes(g.out);
	rc = 0;
out:
	sp_flame_out_free(g.out);
	free(g.keep);
	free(g.x);
	free(g.path);
	return rc;
}
