/* A scaling series as an SVG chart (sp_scale_svg.h). */
#include "sp_scale_svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_across_out.h"
#include "sp_utf8.h"

#define WIDTH 640.
#define LEFT 64.
#define RIGHT 450.
#define TOP 40.
#define PLOT_H 300.
#define LEGEND_X 462.
#define LEGEND_DY 18.
#define NAME_MAX 26	/* characters of a name in the legend */

static const char *const colours[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

/* A line to draw: a row, the rest merged, or the ideal. */
struct line {
	const char *name;
	size_t len;
	char label[64];		/* when name is NULL */
	const char *colour;
	double width;
	struct sp_scale_val *y;	/* one per point */
};

struct chart {
	struct sp_across_out o;
	const struct sp_scale *s;
	const struct sp_scale_report *rep;
	size_t np;
	struct line *lines;
	size_t nlines;
	struct sp_scale_val *vals;
	double xmin, xmax, ymin, ymax, bottom, height;
	int xlog, ylog;
};

/* --- text --- */

/* s as XML character data; what XML cannot hold becomes U+FFFD. */
static void
xml(struct sp_across_out *o, const char *s, size_t n, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, chars = 0, k;
	uint32_t cp;

	while (i < n) {
		if (chars++ == max) {
			sp_across_out_str(o, "\xe2\x80\xa6");
			return;
		}
		k = sp_utf8_decode(p + i, n - i, &cp);
		if (k == 0 || (cp < 0x20 && cp != '\t') || cp == 0xfffe ||
		    cp == 0xffff)
			sp_across_out_str(o, "\xef\xbf\xbd");
		else if (cp == '&' || cp == '<' || cp == '>' || cp == '"')
			sp_across_out_str(o, cp == '&' ? "&amp;" : cp == '<' ?
			    "&lt;" : cp == '>' ? "&gt;" : "&quot;");
		else
			sp_across_out_put(o, s + i, k);
		i += k ? k : 1;
	}
}

static void
xml_str(struct sp_across_out *o, const char *s)
{
	xml(o, s, strlen(s), SIZE_MAX);
}

/* --- the lines --- */

static int
by_time(const void *a, const void *b)
{
	const struct sp_scale_row *x = *(const struct sp_scale_row *const *)a;
	const struct sp_scale_row *y = *(const struct sp_scale_row *const *)b;

	if (x->base_time != y->base_time)
		return x->base_time < y->base_time ? 1 : -1;
	return x < y ? -1 : x > y;
}

static struct sp_scale_val
sval(double v, int set)
{
	struct sp_scale_val r = { v, set };

	return r;
}

/* The plot's value of a time t at point i, against the baseline t0. */
static struct sp_scale_val
of_time(const struct chart *c, double t0, double t, size_t i)
{
	struct sp_scale_cell x;
	double p = sp_scale_point(c->s, i)->p;

	memset(&x, 0, sizeof x);
	x.speedup = sval(t0 / t, 1);
	x.efficiency = sval(t0 / t / p, !c->rep->categorical);
	x.normalized = sval(t / t0, 1);
	x.weak_efficiency = sval(t0 / t, 1);
	return sp_scale_plot_value(c->rep->plot, &x);
}

/* The rows past the top, their times summed where all of them have one. */
static void
merged(struct chart *c, struct line *l, const struct sp_scale_row **rows,
    size_t from, size_t n)
{
	double t0 = 0;
	size_t i, k;

	snprintf(l->label, sizeof l->label, "other (%zu regions)", n - from);
	for (k = 0; k < c->np; k++) {
		double t = 0;
		int all = 1;

		for (i = from; i < n; i++) {
			all = all && rows[i]->cells[k].time.set;
			t += rows[i]->cells[k].time.v;
		}
		if (k == 0)
			t0 = t;
		l->y[k] = all && t > 0 && t0 > 0 ? of_time(c, t0, t, k) :
		    sval(0, 0);
	}
}

static void
row_line(struct chart *c, struct line *l, const struct sp_scale_row *w)
{
	size_t k;

	l->name = w->whole ? NULL : w->name;
	l->len = w->len;
	if (w->whole)
		snprintf(l->label, sizeof l->label, "whole run");
	for (k = 0; k < c->np; k++)
		l->y[k] = sp_scale_plot_value(c->rep->plot, &w->cells[k]);
}

/* The ideal: speedup p, efficiencies and normalized runtime 1. */
static int
ideal_line(struct chart *c, struct line *l)
{
	size_t k;

	if (c->rep->categorical && c->rep->plot == SP_SCALE_PLOT_SPEEDUP)
		return 0;
	snprintf(l->label, sizeof l->label, "ideal");
	for (k = 0; k < c->np; k++)
		l->y[k] = sval(c->rep->plot == SP_SCALE_PLOT_SPEEDUP ?
		    sp_scale_point(c->s, k)->p : 1, 1);
	return 1;
}

static int
make_lines(struct chart *c, struct sp_err *e)
{
	size_t n = sp_scale_nrows(c->s), i, nr = 0, top = c->rep->top;
	const struct sp_scale_row **rows = malloc((n + 1) * sizeof *rows);
	const struct sp_scale_row *whole = NULL;

	c->lines = calloc(n + 3, sizeof *c->lines);
	c->vals = calloc((n + 3) * c->np, sizeof *c->vals);
	if (rows == NULL || c->lines == NULL || c->vals == NULL) {
		free(rows);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	for (i = 0; i < n + 3; i++)
		c->lines[i].y = c->vals + i * c->np;
	for (i = 0; i < n; i++) {
		const struct sp_scale_row *w = sp_scale_row(c->s, i);

		if (w->whole)
			whole = w;
		else
			rows[nr++] = w;
	}
	qsort(rows, nr, sizeof *rows, by_time);
	c->nlines += ideal_line(c, &c->lines[c->nlines]);
	if (whole != NULL)
		row_line(c, &c->lines[c->nlines++], whole);
	for (i = 0; i < nr && i < top; i++)
		row_line(c, &c->lines[c->nlines++], rows[i]);
	if (nr > top + 1)
		merged(c, &c->lines[c->nlines++], rows, top, nr);
	else if (nr == top + 1)
		row_line(c, &c->lines[c->nlines++], rows[top]);
	free(rows);
	return 0;
}

/* --- the axes --- */

static void
ranges(struct chart *c)
{
	size_t i, k;
	double lo = INFINITY, hi = -INFINITY;

	c->xlog = !c->rep->categorical;
	c->ylog = c->xlog && c->rep->plot == SP_SCALE_PLOT_SPEEDUP;
	c->xmin = c->xlog ? sp_scale_point(c->s, 0)->x : 0;
	c->xmax = c->xlog ? sp_scale_point(c->s, c->np - 1)->x :
	    (double)(c->np - 1);
	if (c->xmax <= c->xmin)
		c->xmax = c->xlog ? c->xmin * 2 : c->xmin + 1;
	for (i = 0; i < c->nlines; i++)
		for (k = 0; k < c->np; k++)
			if (c->lines[i].y[k].set && isfinite(c->lines[i].y[k].v)
			    && (!c->ylog || c->lines[i].y[k].v > 0)) {
				lo = fmin(lo, c->lines[i].y[k].v);
				hi = fmax(hi, c->lines[i].y[k].v);
			}
	if (!isfinite(lo))
		lo = hi = 1;
	if (c->ylog) {
		c->ymin = fmin(lo, 1) / 1.25;
		c->ymax = hi * 1.25;
	} else {
		c->ymin = 0;
		c->ymax = fmax(1.05, hi * 1.05);
	}
}

static double
px(const struct chart *c, double x)
{
	double f = c->xlog ? log(x / c->xmin) / log(c->xmax / c->xmin) :
	    (x - c->xmin) / (c->xmax - c->xmin);

	return LEFT + f * (RIGHT - LEFT);
}

static double
py(const struct chart *c, double y)
{
	double f = c->ylog ? log(y / c->ymin) / log(c->ymax / c->ymin) :
	    (y - c->ymin) / (c->ymax - c->ymin);

	return c->bottom - f * c->height;
}

/* A linear step giving at most 8 ticks. */
static double
step_of(double span)
{
	static const double m[] = { 1, 2, 2.5, 5, 10 };
	double p = pow(10, floor(log10(span / 8))), s = p;
	int i;

	for (i = 0; i < 5; i++)
		if ((s = m[i] * p) * 8 >= span)
			break;
	return s;
}

static void
y_tick(struct chart *c, double v)
{
	double y = py(c, v);

	sp_across_out_printf(&c->o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" stroke=\"#ddd\"/>\n<text x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"end\">%g</text>\n", LEFT, y, RIGHT, y, LEFT - 6,
	    y + 4, v);
}

static void
y_ticks(struct chart *c)
{
	double v, s;

	if (c->ylog) {
		for (v = pow(2, ceil(log2(c->ymin))); v <= c->ymax; v *= 2)
			y_tick(c, v);
		return;
	}
	s = step_of(c->ymax - c->ymin);
	for (v = 0; v <= c->ymax + s * 1e-9; v += s)
		y_tick(c, v);
}

static void
x_ticks(struct chart *c)
{
	size_t k;

	for (k = 0; k < c->np; k++) {
		const struct sp_scale_point *p = sp_scale_point(c->s, k);
		double x = px(c, p->x);

		sp_across_out_printf(&c->o, "<line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n<text "
		    "x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x, TOP, x,
		    c->bottom, x, c->bottom + 16);
		xml(&c->o, p->text, strlen(p->text), 10);
		sp_across_out_str(&c->o, "</text>\n");
	}
}

static const char *const y_labels[] = {
	"speedup", "strong efficiency", "normalized runtime",
	"weak efficiency",
};

static void
axes(struct chart *c)
{
	sp_across_out_printf(&c->o, "<g class=\"plot\" data-left=\"%g\" "
	    "data-right=\"%g\" data-top=\"%g\" data-bottom=\"%g\" "
	    "data-xmin=\"%.17g\" data-xmax=\"%.17g\" data-ymin=\"%.17g\" "
	    "data-ymax=\"%.17g\" data-xlog=\"%d\" data-ylog=\"%d\">\n", LEFT,
	    RIGHT, c->bottom - c->height, c->bottom, c->xmin, c->xmax,
	    c->ymin, c->ymax, c->xlog, c->ylog);
	y_ticks(c);
	x_ticks(c);
	sp_across_out_printf(&c->o, "<rect x=\"%g\" y=\"%g\" width=\"%g\" "
	    "height=\"%g\" fill=\"none\" stroke=\"#333\"/>\n", LEFT, TOP,
	    RIGHT - LEFT, c->height);
	sp_across_out_printf(&c->o, "<text x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"middle\">", (LEFT + RIGHT) / 2, c->bottom + 36);
	xml_str(&c->o, c->rep->x_label);
	sp_across_out_printf(&c->o, "%s</text>\n<text x=\"16\" y=\"%.1f\" "
	    "text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">%s%s"
	    "</text>\n</g>\n", c->xlog ? " (log scale)" : "",
	    TOP + c->height / 2, TOP + c->height / 2, y_labels[c->rep->plot],
	    c->ylog ? " (log scale)" : "");
}

/* --- the lines and the legend --- */

static void
name_of(struct chart *c, const struct line *l, size_t max)
{
	if (l->name != NULL)
		xml(&c->o, l->name, l->len, max);
	else
		xml_str(&c->o, l->label);
}

static void
point(struct chart *c, const struct line *l, size_t k, const char *colour)
{
	const struct sp_scale_point *p = sp_scale_point(c->s, k);

	sp_across_out_printf(&c->o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
	    "fill=\"%s\" data-x=\"%.17g\" data-y=\"%.17g\"><title>",
	    px(c, p->x), py(c, l->y[k].v), colour, p->x, l->y[k].v);
	name_of(c, l, SIZE_MAX);
	sp_across_out_str(&c->o, ": ");
	xml_str(&c->o, p->text);
	sp_across_out_printf(&c->o, ", %s %.4g</title></circle>\n",
	    y_labels[c->rep->plot], l->y[k].v);
}

static int
drawable(const struct chart *c, struct sp_scale_val v)
{
	return v.set && isfinite(v.v) && (!c->ylog || v.v > 0);
}

static void
draw(struct chart *c, const struct line *l, int ideal)
{
	size_t k;

	sp_across_out_printf(&c->o, "<g class=\"%s\" data-name=\"",
	    ideal ? "ideal" : "series");
	name_of(c, l, SIZE_MAX);
	sp_across_out_printf(&c->o, "\">\n<polyline fill=\"none\" pointer-events=\"none\" stroke=\"%s\" "
	    "stroke-width=\"%g\"%s points=\"", l->colour, l->width, ideal ?
	    " stroke-dasharray=\"6 4\"" : "");
	for (k = 0; k < c->np; k++)
		if (drawable(c, l->y[k]))
			sp_across_out_printf(&c->o, "%s%.1f,%.1f", k ? " " : "",
			    px(c, sp_scale_point(c->s, k)->x), py(c,
			    l->y[k].v));
	sp_across_out_str(&c->o, "\"/>\n");
	for (k = 0; k < c->np && !ideal; k++)
		if (drawable(c, l->y[k]))
			point(c, l, k, l->colour);
	sp_across_out_str(&c->o, "</g>\n");
}

static void
legend(struct chart *c, size_t i, const struct line *l, int ideal)
{
	double y = TOP + 8 + LEGEND_DY * (double)i;

	sp_across_out_printf(&c->o, "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" "
	    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%g\"%s/>\n<text "
	    "x=\"%g\" y=\"%.1f\">", LEGEND_X, y, LEGEND_X + 22, y, l->colour,
	    l->width, ideal ? " stroke-dasharray=\"6 4\"" : "",
	    LEGEND_X + 28, y + 4);
	name_of(c, l, NAME_MAX);
	sp_across_out_str(&c->o, "</text>\n");
}

static void
colour(struct chart *c)
{
	size_t i, k = 0;
	int ideal = !(c->rep->categorical &&
	    c->rep->plot == SP_SCALE_PLOT_SPEEDUP);

	for (i = 0; i < c->nlines; i++) {
		struct line *l = &c->lines[i];
		int black = (ideal && i == 0) || (l->name == NULL &&
		    strcmp(l->label, "whole run") == 0);

		l->colour = black ? "#000" : colours[k++ % 10];
		l->width = ideal && i == 0 ? 1.5 : black ? 3 : 2;
	}
}

static void
title(struct chart *c)
{
	static const char *const what[] = { "Speedup", "Strong efficiency",
		"Weak scaling: normalized runtime", "Weak efficiency" };

	sp_across_out_printf(&c->o, "<text x=\"%g\" y=\"24\" "
	    "text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
	    "%s over ", WIDTH / 2, what[c->rep->plot]);
	xml_str(&c->o, c->rep->x_label);
	sp_across_out_printf(&c->o, " (time: %s)</text>\n",
	    sp_scale_measure_name(c->rep->measure));
}

static void
document(struct chart *c)
{
	double legend_h = TOP + 16 + LEGEND_DY * (double)c->nlines;
	double h = fmax(TOP + PLOT_H + 60, legend_h);
	size_t i;
	int ideal = !(c->rep->categorical &&
	    c->rep->plot == SP_SCALE_PLOT_SPEEDUP);

	c->height = PLOT_H;
	c->bottom = TOP + PLOT_H;
	sp_across_out_printf(&c->o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" "
	    "height=\"%g\" viewBox=\"0 0 %g %g\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n<rect width=\"%g\" height=\"%g\" "
	    "fill=\"#fff\"/>\n", WIDTH, h, WIDTH, h, WIDTH, h);
	title(c);
	axes(c);
	sp_across_out_printf(&c->o, "<g class=\"lines\">\n");
	for (i = c->nlines; i-- > 0;)
		draw(c, &c->lines[i], ideal && i == 0);
	sp_across_out_str(&c->o, "</g>\n<g class=\"legend\">\n");
	for (i = 0; i < c->nlines; i++)
		legend(c, i, &c->lines[i], ideal && i == 0);
	sp_across_out_str(&c->o, "</g>\n</svg>\n");
}

int
sp_scale_svg_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, sp_write_fn *write, void *ctx,
    struct sp_err *e)
{
	struct chart c;
	int rc = -1;

	memset(&c, 0, sizeof c);
	c.o.write = write;
	c.o.ctx = ctx;
	c.o.e = e;
	c.s = s;
	c.rep = rep;
	c.np = sp_scale_npoints(s);
	if (make_lines(&c, e) == 0) {
		colour(&c);
		ranges(&c);
		c.height = PLOT_H;
		c.bottom = TOP + PLOT_H;
		document(&c);
		rc = c.o.failed ? -1 : 0;
	}
	free(c.lines);
	free(c.vals);
	return rc;
}
