#include "sp_flame_page.h"

#include <string.h>

#include "sp_flame_embed.h"
#include "sp_flame_out.h"

extern const char sp_flame_script[];

static int
put_head(struct sp_flame_out *o, const struct sp_flame_page_opts *p)
{
	int h = 2 * p->row_height;

	if (p->fixed_width)
		sp_flame_puts(o, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
		    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n");
	sp_flame_puts(o, "<svg version=\"1.1\" width=\"");
	sp_flame_put_i64(o, p->width);
	sp_flame_puts(o, "\" height=\"");
	sp_flame_put_i64(o, h);
	sp_flame_puts(o, "\" viewBox=\"0 0 ");
	sp_flame_put_i64(o, p->width);
	sp_flame_puts(o, " ");
	sp_flame_put_i64(o, h);
	sp_flame_puts(o, "\"\n     xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
	    "font-family=\"sans-serif\">\n"
	    "<style type=\"text/css\">\n"
	    "    .f { cursor:pointer; }\n"
	    "    .f:hover rect { stroke:black; stroke-width:0.5; }\n"
	    "    .merged rect, .caller { cursor:default; }\n"
	    "    .sp_btn { cursor:pointer; fill:rgb(0,0,160); }\n"
	    "</style>\n"
	    "<text id=\"sp-fallback\" x=\"6\" y=\"");
	sp_flame_put_i64(o, p->row_height / 2);
	sp_flame_puts(o, "\" font-size=\"");
	sp_flame_put_i64(o, p->font_size);
	sp_flame_puts(o, "px\" dominant-baseline=\"central\">");
	sp_flame_put_xml(o, p->title);
	return sp_flame_puts(o, ": this flame graph is drawn by its script; "
	    "open the file in a web browser</text>\n");
}

static int
put_diff_view(struct sp_flame_out *o, const struct sp_flame_diff_opts *d)
{
	sp_flame_puts(o, ",\n  \"diff\": {\"by\": ");
	sp_flame_puts(o, d->by == SP_FLAME_DELTA_TOTAL ? "\"total\"" :
	    "\"self\"");
	sp_flame_puts(o, ", \"negate\": ");
	sp_flame_puts(o, d->negate ? "true" : "false");
	sp_flame_puts(o, ", \"normalize\": ");
	sp_flame_puts(o, d->normalize ? "true" : "false");
	sp_flame_puts(o, ", \"minDelta\": ");
	sp_flame_put_double(o, d->min_delta);
	sp_flame_puts(o, ", \"beforeWidths\": ");
	return sp_flame_puts(o, d->before_widths ? "true}" : "false}");
}

/* The data's head: the runs' labels and what the script's view takes. */
static int
put_view(struct sp_flame_out *o, const struct sp_flame_page_opts *p,
    int sides)
{
	int s;

	sp_flame_puts(o, "{\"version\": 1, \"labels\": [");
	for (s = 0; s < sides; s++) {
		if (s > 0)
			sp_flame_puts(o, ", ");
		sp_flame_put_json(o, p->labels[s] != NULL ? p->labels[s] : "");
	}
	sp_flame_puts(o, "],\n\"view\": {\"width\": ");
	sp_flame_put_i64(o, p->width);
	sp_flame_puts(o, ", \"rowHeight\": ");
	sp_flame_put_i64(o, p->row_height);
	sp_flame_puts(o, ", \"fontSize\": ");
	sp_flame_put_i64(o, p->font_size);
	sp_flame_puts(o, ", \"threshold\": ");
	sp_flame_put_double(o, p->threshold);
	sp_flame_puts(o, ", \"maxFrames\": ");
	sp_flame_put_u64(o, p->max_frames);
	sp_flame_puts(o, ",\n  \"title\": ");
	sp_flame_put_json(o, p->title);
	if (p->diff != NULL)
		put_diff_view(o, p->diff);
	return sp_flame_puts(o, "},\n\"tree\": ");
}

static int
check(const struct sp_flame_flat *f, const struct sp_flame_page_opts *p,
    struct sp_err *e)
{
	if (p->width <= 0 || p->row_height < 2 || p->font_size <= 0 ||
	    !(p->threshold >= 0 && p->threshold < 1) || p->title == NULL ||
	    (p->diff != NULL) != (sp_flame_flat_sides(f) == 2))
		return sp_fail(e, SP_EUSAGE, "interactive graph options out "
		    "of range");
	return 0;
}

/* The data object: its head, the tree, its end. */
static int
put_data(struct sp_flame_out *o, const struct sp_flame_flat *f,
    const struct sp_flame_page_opts *p, struct sp_flame_page_stats *st,
    struct sp_err *e)
{
	struct sp_flame_embed_stats es;

	put_view(o, p, sp_flame_flat_sides(f));
	if (sp_flame_embed_write(o, f, p->max_nodes, &es, e) < 0)
		return -1;
	st->paths = es.paths;
	st->nodes = es.nodes;
	memcpy(st->merged_ns, es.merged_ns, sizeof st->merged_ns);
	return sp_flame_puts(o, "}\n");
}

/* The page whole (data 0), or its data alone (data 1). */
static int
page(const struct sp_flame_flat *f, const struct sp_flame_page_opts *p,
    int data, sp_write_fn *write, void *ctx, struct sp_flame_page_stats *st,
    struct sp_err *e)
{
	struct sp_flame_page_stats dummy;
	struct sp_flame_out *o;
	int rc = -1;

	if (st == NULL)
		st = &dummy;
	memset(st, 0, sizeof *st);
	if (check(f, p, e) < 0 || (o = sp_flame_out_new(write, ctx, e)) ==
	    NULL)
		return -1;
	if (!data) {
		put_head(o, p);
		sp_flame_puts(o, "<script type=\"application/json\" "
		    "id=\"sp-data\"><![CDATA[\n");
	}
	if (put_data(o, f, p, st, e) < 0)
		goto out;
	if (!data) {
		sp_flame_puts(o, "]]></script>\n<script type=\""
		    "text/ecmascript\"><![CDATA[\n");
		sp_flame_puts(o, sp_flame_script);
		sp_flame_puts(o, "]]></script>\n</svg>\n");
	}
	if (sp_flame_out_flush(o) < 0)
		goto out;
	st->bytes = sp_flame_out_bytes(o);
	rc = 0;
out:
	sp_flame_out_free(o);
	return rc;
}

int
sp_flame_page_write(const struct sp_flame_flat *f,
    const struct sp_flame_page_opts *p, sp_write_fn *write, void *ctx,
    struct sp_flame_page_stats *st, struct sp_err *e)
{
	return page(f, p, 0, write, ctx, st, e);
}

int
sp_flame_page_data(const struct sp_flame_flat *f,
    const struct sp_flame_page_opts *p, sp_write_fn *write, void *ctx,
    struct sp_flame_page_stats *st, struct sp_err *e)
{
	return page(f, p, 1, write, ctx, st, e);
}

const char *
sp_flame_page_script(void)
{
	return sp_flame_script;
}
