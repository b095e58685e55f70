/*
 * The sections comparing the runs (sp_report_across.h): the change of
 * two runs by sp-diff's feed, rows and cells, and the scaling of runs at
 * several rank counts by sp-scale's feed, series and chart.
 */
#include "sp_report_across.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_diff_cells.h"
#include "sp_diff_feed.h"
#include "sp_fmt.h"
#include "sp_grow.h"
#include "sp_report_escape.h"
#include "sp_report_text.h"
#include "sp_scale.h"
#include "sp_scale_feed.h"
#include "sp_scale_svg.h"
#include "sp_scale_x.h"

/* The change chart's geometry. */
#define CH_W 640
#define CH_LABEL 180		/* names end here */
#define CH_MID 420		/* the axis of 0 % */
#define CH_HALF 170		/* the largest change's length */
#define CH_ROW 16
#define CH_TOP 22
#define CH_NAME 26		/* characters of a name on the chart */

struct sp_report_across {
	struct sp_diff_feed_opts dopts;
	struct sp_diff_feed *diff;
	struct sp_scale *scale;
	struct sp_scale_runinfo *runs;
	size_t nruns, cap;
	size_t seen;		/* runs begun */
	uint32_t first_ranks;
	int ranks_differ;
	int no_scale;		/* a run without a rank count as x */
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static void
escs(struct sp_stats_text *b, enum sp_report_ctx c, const char *s)
{
	sp_report_text_esc(b, c, s, strlen(s));
}

/* A number as data: shortest round-trip, or "null". */
static void
num(struct sp_stats_text *b, double v, int set)
{
	char t[40];

	if (!set || !isfinite(v)) {
		sp_stats_text_str(b, "null");
		return;
	}
	t[sp_fmt_double(t, v)] = '\0';
	sp_stats_text_str(b, t);
}

static void
attr_num(struct sp_stats_text *b, const char *key, double v, int set)
{
	sp_stats_text_printf(b, " data-%s=\"", key);
	num(b, v, set);
	sp_stats_text_str(b, "\"");
}

static void
region_attr(struct sp_stats_text *b, const char *name, size_t len)
{
	(void)sp_report_region_attr(name, len, sp_report_text_write, b, NULL);
}

/* --- feeding --- */

static void
diff_opts(struct sp_diff_feed_opts *o, uint64_t mem)
{
	memset(o, 0, sizeof *o);
	o->metric = SP_DIFF_TOTAL;
	o->keys = SP_DIFF_BY_REGION;
	o->rows.sort = SP_DIFF_SORT_DELTA;
	o->rows.threshold = -1;
	o->rows.alpha = 0.05;
	o->mem = mem;
}

struct sp_report_across *
sp_report_across_new(uint64_t mem, struct sp_err *e)
{
	struct sp_report_across *a = calloc(1, sizeof *a);

	if (a == NULL) {
		nomem(e);
		return NULL;
	}
	diff_opts(&a->dopts, mem);
	if ((a->diff = sp_diff_feed_new(&a->dopts, e)) == NULL ||
	    (a->scale = sp_scale_new(e)) == NULL) {
		sp_report_across_free(a);
		return NULL;
	}
	return a;
}

void
sp_report_across_free(struct sp_report_across *a)
{
	size_t i;

	if (a == NULL)
		return;
	sp_diff_feed_free(a->diff);
	sp_scale_free(a->scale);
	for (i = 0; i < a->nruns; i++) {
		free((char *)a->runs[i].label);
		free((char *)a->runs[i].x);
	}
	free(a->runs);
	free(a);
}

void
sp_report_across_want(struct sp_stats_run_opts *ro)
{
	struct sp_diff_feed_opts o;

	diff_opts(&o, 0);
	sp_diff_feed_want(&o, ro);
	ro->want |= sp_scale_feed_want(SP_SCALE_PER_CALL);
}

void
sp_report_across_sorting(struct sp_report_across *a, struct sp_stats_run *run)
{
	sp_diff_feed_sorting(a->diff, run);
}

/* The run's x, its rank count, into the series. */
static int
scale_run(struct sp_report_across *a, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct sp_scale_runinfo *u;
	struct sp_scale_x v;
	struct sp_err ignored;

	memset(&v, 0, sizeof v);
	if (sp_scale_x_of(SP_SCALE_X_RANKS, NULL, ri, label, &v,
	    &ignored) < 0) {
		free(v.text);
		a->no_scale = 1;
		return 0;
	}
	if (sp_scale_run(a->scale, v.x, v.text, e) < 0) {
		free(v.text);
		return -1;
	}
	if (sp_grow(&a->runs, &a->cap, a->nruns + 1, sizeof *a->runs, 8) < 0) {
		free(v.text);
		return nomem(e);
	}
	u = &a->runs[a->nruns++];
	u->x = v.text;
	if ((u->label = strdup(label)) == NULL)
		return nomem(e);
	return sp_scale_feed_span(a->scale, ri, e);
}

int
sp_report_across_run(struct sp_report_across *a,
    const struct sp_run_info *ri, const char *label, struct sp_err *e)
{
	size_t n = a->seen++;

	if (n == 0)
		a->first_ranks = ri->num_ranks;
	else if (ri->num_ranks != a->first_ranks)
		a->ranks_differ = 1;
	/* the change is of two runs: a third ends it */
	if (n == 2) {
		sp_diff_feed_free(a->diff);
		a->diff = NULL;
	}
	if (a->diff != NULL && sp_diff_feed_run(a->diff, n > 0, label,
	    ri->source, ri->num_ranks, e) < 0)
		return -1;
	return a->no_scale ? 0 : scale_run(a, ri, label, e);
}

int
sp_report_across_result(struct sp_report_across *a,
    struct sp_stats_run *run, const struct sp_stats_result *res,
    struct sp_err *e)
{
	if (a->diff != NULL && sp_diff_feed_result(a->diff, run, res, e) < 0)
		return -1;
	if (a->no_scale)
		return 0;
	return sp_scale_feed_result(a->scale, SP_SCALE_PER_CALL, res, e);
}

/* --- the change --- */

/* At most max characters of a UTF-8 name, an ellipsis when cut. */
static void
short_name(struct sp_stats_text *b, const char *s, size_t n, size_t max)
{
	size_t i, chars = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && chars++ == max)
			break;
	sp_report_text_esc(b, SP_REPORT_TEXT, s, i);
	if (i < n)
		sp_stats_text_str(b, "\xe2\x80\xa6");
}

/* A bar's kind: slower, faster, or no significant change. */
static const char *
bar_kind(const struct sp_diff_row *w)
{
	if (!w->changed)
		return "ns";
	return w->pct.v > 0 ? "up" : w->pct.v < 0 ? "down" : "ns";
}

static void
bar(struct sp_stats_text *b, const struct sp_diff_row *w, size_t i,
    double top)
{
	double len = CH_HALF * fabs(w->pct.v) / top;
	double x = w->pct.v < 0 ? CH_MID - len : CH_MID;
	double y = CH_TOP + (double)i * CH_ROW;

	sp_stats_text_str(b, "<g class=\"bar\"");
	region_attr(b, w->name, w->len);
	attr_num(b, "pct", w->pct.v, 1);
	sp_stats_text_str(b, "><title>");
	sp_report_text_esc(b, SP_REPORT_TEXT, w->name, w->len);
	sp_stats_text_printf(b, ": %+.4g %%%s</title><text x=\"%d\" y=\"%.0f\" "
	    "text-anchor=\"end\">", w->pct.v, w->changed ? "" :
	    " (no significant change)", CH_LABEL - 4, y + 11);
	short_name(b, w->name, w->len, CH_NAME);
	sp_stats_text_printf(b, "</text><rect class=\"%s\" x=\"%.1f\" y=\"%.0f\" "
	    "width=\"%.1f\" height=\"%d\"/><text x=\"%.1f\" y=\"%.0f\"%s>"
	    "%+.3g%%</text></g>\n", bar_kind(w), x, y + 2, len > 0.5 ? len :
	    0.5, CH_ROW - 4, w->pct.v < 0 ? x - 3 : x + len + 3, y + 11,
	    w->pct.v < 0 ? " text-anchor=\"end\"" : "", w->pct.v);
}

static void
change_chart(struct sp_stats_text *b, const struct sp_diff *d)
{
	size_t i, n = 0, all = 0;
	double top = 0, h;

	for (i = 0; i < sp_diff_nrows(d); i++) {
		const struct sp_diff_row *w = sp_diff_row(d, i);

		if (!w->pct.set)
			continue;
		if (all++ < SP_REPORT_ACROSS_BARS) {
			top = fabs(w->pct.v) > top ? fabs(w->pct.v) : top;
			n++;
		}
	}
	sp_stats_text_str(b, "<h3 id=\"change-chart\">Change chart</h3>\n");
	if (n == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(no region has a "
		    "change in per cent: none is in both runs with time)</p>\n");
		return;
	}
	top = top > 0 ? top : 1;
	sp_stats_text_printf(b, "<p class=\"legend\">Each region's change of "
	    "its total in per cent, b against a, in the table's order: "
	    "<span class=\"sw up\"></span> slower, <span class=\"sw down\">"
	    "</span> faster, <span class=\"sw ns\"></span> no significant "
	    "change.%s</p>\n", all > n ? " The first 40 of the rows with a "
	    "percentage; the rest are in the table." : "");
	h = CH_TOP + (double)n * CH_ROW + 8;
	sp_stats_text_printf(b, "<svg class=\"change\" width=\"%d\" height=\""
	    "%.0f\" viewBox=\"0 0 %d %.0f\" role=\"img\">\n<text x=\"%d\" "
	    "y=\"12\" text-anchor=\"middle\">%+.3g%%</text><text x=\"%d\" "
	    "y=\"12\" text-anchor=\"middle\">0</text><text x=\"%d\" y=\"12\" "
	    "text-anchor=\"middle\">%+.3g%%</text>\n<line class=\"axis\" "
	    "x1=\"%d\" x2=\"%d\" y1=\"16\" y2=\"%.0f\"/>\n", CH_W, h, CH_W, h,
	    CH_MID - CH_HALF, -top, CH_MID, CH_MID + CH_HALF, top, CH_MID,
	    CH_MID, h - 4);
	for (i = 0, n = 0; i < sp_diff_nrows(d) && n < SP_REPORT_ACROSS_BARS;
	    i++)
		if (sp_diff_row(d, i)->pct.set)
			bar(b, sp_diff_row(d, i), n++, top);
	sp_stats_text_str(b, "</svg>\n");
}

static void
diff_row(struct sp_stats_text *b, const struct sp_diff_row *w,
    const struct sp_diff_report *rep, size_t ncols)
{
	char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX];
	size_t k;

	sp_diff_cells_row(w, rep, c);
	sp_stats_text_str(b, "<tr");
	region_attr(b, w->name, w->len);
	attr_num(b, "a", w->a.v, w->a.set);
	attr_num(b, "b", w->b.v, w->b.set);
	attr_num(b, "delta", w->delta, 1);
	attr_num(b, "pct", w->pct.v, w->pct.set);
	attr_num(b, "p", w->p.v, w->p.set);
	sp_stats_text_printf(b, " data-significant=\"%s\"><td>", !w->p.set ?
	    "null" : w->changed ? "true" : "false");
	sp_report_text_esc(b, SP_REPORT_TEXT, w->name, w->len);
	sp_stats_text_str(b, "</td>");
	for (k = 0; k < ncols; k++) {
		sp_stats_text_str(b, "<td>");
		escs(b, SP_REPORT_TEXT, c[k]);
		sp_stats_text_str(b, "</td>");
	}
	sp_stats_text_str(b, "</tr>\n");
}

static void
only(struct sp_stats_text *b, const struct sp_diff *d, int side)
{
	size_t i, n = sp_diff_nonly(d, side);

	if (n == 0)
		return;
	sp_stats_text_printf(b, "<p class=\"only\">Only in %c: ", "ab"[side]);
	for (i = 0; i < n; i++) {
		const struct sp_diff_row *w = sp_diff_only(d, side, i);

		sp_stats_text_str(b, i ? ", <span" : "<span");
		region_attr(b, w->name, w->len);
		sp_stats_text_str(b, ">");
		sp_report_text_esc(b, SP_REPORT_TEXT, w->name, w->len);
		sp_stats_text_str(b, "</span>");
	}
	sp_stats_text_str(b, "</p>\n");
}

static void
change_table(struct sp_stats_text *b, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	size_t i, ncols = sp_diff_cells_tested(d) ? SP_DIFF_NCOLS :
	    SP_DIFF_COL_P;
	char note[256];

	sp_stats_text_printf(b, "<h3 id=\"change-table\">Regions (%zu): "
	    "%s</h3>\n<div class=\"scroll\"><table class=\"diff\"><thead><tr>"
	    "<th>region</th><th>", sp_diff_nrows(d),
	    sp_diff_metric_label(rep->metric));
	escs(b, SP_REPORT_TEXT, rep->side[0].label);
	sp_stats_text_str(b, " (a)</th><th>");
	escs(b, SP_REPORT_TEXT, rep->side[1].label);
	sp_stats_text_printf(b, " (b)</th><th>delta</th><th>delta [%%]</th>%s"
	    "</tr></thead>\n<tbody>\n", ncols == SP_DIFF_NCOLS ?
	    "<th>test</th>" : "");
	for (i = 0; i < sp_diff_nrows(d); i++)
		diff_row(b, sp_diff_row(d, i), rep, ncols);
	sp_stats_text_str(b, "</tbody></table></div>\n");
	if (sp_diff_cells_note(d, rep, note, sizeof note)) {
		sp_stats_text_str(b, "<p class=\"legend\">");
		escs(b, SP_REPORT_TEXT, note);
		sp_stats_text_str(b, "</p>\n");
	}
	if (sp_diff_shared(d) == 0)
		sp_stats_text_str(b, "<p class=\"none\">No region is in both a "
		    "and b.</p>\n");
	only(b, d, 0);
	only(b, d, 1);
}

static int
change(struct sp_report_across *a, struct sp_stats_text *b,
    struct sp_stats_text *nav, struct sp_err *e)
{
	struct sp_diff_report rep;
	const struct sp_diff *d;

	if (sp_diff_feed_rows(a->diff, &rep, e) < 0)
		return -1;
	d = sp_diff_feed_diff(a->diff);
	sp_stats_text_str(b, "<section class=\"across\" id=\"change\">\n"
	    "<h2>Change</h2>\n<p class=\"runline\">a: ");
	escs(b, SP_REPORT_TEXT, rep.side[0].title);
	sp_stats_text_str(b, "<br>b: ");
	escs(b, SP_REPORT_TEXT, rep.side[1].title);
	sp_stats_text_str(b, "<br>as sp-diff compares them: each region's "
	    "total time, the second run against the first.</p>\n");
	change_chart(b, d);
	change_table(b, d, &rep);
	sp_stats_text_str(b, "</section>\n");
	sp_stats_text_str(nav, "<li><a href=\"#change\">Change</a>: <a href="
	    "\"#change-chart\">chart</a>, <a href=\"#change-table\">table</a>"
	    "</li>\n");
	return 0;
}

/* --- the scaling --- */

static void
scale_cell(struct sp_stats_text *b, const char *key, size_t i,
    struct sp_scale_val v, int time)
{
	sp_stats_text_printf(b, "<td data-k=\"%s\" data-i=\"%zu\"", key, i);
	attr_num(b, "v", v.v, v.set);
	sp_stats_text_str(b, ">");
	if (!v.set)
		sp_stats_text_str(b, "-");
	else if (time)
		sp_report_text_secs(b, v.v, 4);
	else
		sp_stats_text_printf(b, "%.3f", v.v);
	sp_stats_text_str(b, "</td>");
}

/* The rank counts a block of the table shows: 4 at most, so that it fits
 * the page's width; the blocks as even as they can be. */
#define SCALE_BLOCK 4

static void
scale_row(struct sp_stats_text *b, const struct sp_scale *s,
    const struct sp_scale_row *w, size_t from, size_t to)
{
	char why[512];
	size_t i;

	sp_stats_text_str(b, "<tr");
	if (!w->whole)
		region_attr(b, w->name, w->len);
	else
		sp_stats_text_str(b, " class=\"whole\"");
	sp_stats_text_str(b, "><td>");
	if (w->whole)
		sp_stats_text_str(b, "[whole run]");
	else
		sp_report_text_esc(b, SP_REPORT_TEXT, w->name, w->len);
	sp_stats_text_str(b, "</td>");
	for (i = from; i < to; i++) {
		scale_cell(b, "time", i, w->cells[i].time, 1);
		scale_cell(b, "speedup", i, w->cells[i].speedup, 0);
		scale_cell(b, "efficiency", i, w->cells[i].efficiency, 0);
	}
	if (to < sp_scale_npoints(s)) {
		sp_stats_text_str(b, "</tr>\n");
		return;
	}
	sp_scale_why(s, w, SP_SCALE_STRONG, why, sizeof why);
	sp_stats_text_printf(b, "<td class=\"verdict\" data-verdict=\"%s\" "
	    "title=\"", sp_scale_verdict_name(w->verdict));
	escs(b, SP_REPORT_ATTR, why);
	sp_stats_text_printf(b, "\">%s</td></tr>\n",
	    sp_scale_verdict_name(w->verdict));
}

/* The table of the rank counts from .. to - 1; the verdicts with the
 * last. */
static void
scale_block(struct sp_stats_text *b, const struct sp_scale *s, size_t from,
    size_t to)
{
	int last = to == sp_scale_npoints(s);
	size_t i;

	sp_stats_text_str(b, "<div class=\"scroll\"><table class=\"scale\">"
	    "<thead><tr><th rowspan=\"2\">region</th>");
	for (i = from; i < to; i++) {
		sp_stats_text_str(b, "<th colspan=\"3\">");
		escs(b, SP_REPORT_TEXT, sp_scale_point(s, i)->text);
		sp_stats_text_printf(b, " rank%s</th>", strcmp(sp_scale_point(s,
		    i)->text, "1") == 0 ? "" : "s");
	}
	sp_stats_text_str(b, last ? "<th rowspan=\"2\">verdict</th></tr>\n"
	    "<tr>" : "</tr>\n<tr>");
	for (i = from; i < to; i++)
		sp_stats_text_str(b, "<th>time</th><th>speedup</th><th>"
		    "efficiency</th>");
	sp_stats_text_str(b, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < sp_scale_nrows(s); i++)
		scale_row(b, s, sp_scale_row(s, i), from, to);
	sp_stats_text_str(b, "</tbody></table></div>\n");
}

/* The table, in blocks of at most SCALE_BLOCK rank counts one under the
 * other, each with the regions. */
static void
scale_table(struct sp_stats_text *b, const struct sp_scale *s)
{
	size_t n = sp_scale_npoints(s), blocks, from, k;

	blocks = (n + SCALE_BLOCK - 1) / SCALE_BLOCK;
	sp_stats_text_str(b, "<h3 id=\"scaling-table\">Table</h3>\n");
	for (k = 0, from = 0; k < blocks; k++) {
		size_t to = n * (k + 1) / blocks;

		scale_block(b, s, from, to);
		from = to;
	}
	sp_stats_text_str(b, "<p class=\"legend\">Hover a verdict for its "
	    "numbers.</p>\n");
}

/* sp-scale's chart, inline: its XML declaration left out. */
static int
scale_chart(struct sp_report_across *a, struct sp_stats_text *b,
    const struct sp_scale_report *rep, struct sp_err *e)
{
	struct sp_stats_text svg = { 0 };
	const char *p;
	int rc;

	rc = sp_scale_svg_write(a->scale, rep, sp_report_text_write, &svg, e);
	if (rc == 0 && svg.failed)
		rc = nomem(e);
	if (rc == 0) {
		p = svg.n > 5 && memcmp(svg.p, "<?xml", 5) == 0 ?
		    memchr(svg.p, '\n', svg.n) : NULL;
		p = p != NULL ? p + 1 : svg.p;
		sp_stats_text_str(b, "<h3 id=\"scaling-chart\">Chart</h3>\n"
		    "<div class=\"scalechart\">\n");
		sp_stats_text_add(b, p, svg.n - (size_t)(p - svg.p));
		sp_stats_text_str(b, "</div>\n");
	}
	sp_stats_text_free(&svg);
	return rc;
}

static int
scaling(struct sp_report_across *a, struct sp_stats_text *b,
    struct sp_stats_text *nav, struct sp_err *e)
{
	struct sp_scale_opts so;
	struct sp_scale_report rep;
	struct sp_err why;

	memset(&so, 0, sizeof so);
	so.mode = SP_SCALE_STRONG;
	memset(&rep, 0, sizeof rep);
	rep.mode = SP_SCALE_STRONG;
	rep.measure = SP_SCALE_PER_CALL;
	rep.plot = SP_SCALE_PLOT_SPEEDUP;
	rep.x_name = sp_scale_x_name(SP_SCALE_X_RANKS, NULL);
	rep.x_label = sp_scale_x_label(SP_SCALE_X_RANKS, NULL);
	rep.runs = a->runs;
	rep.nruns = a->nruns;
	rep.top = 8;
	sp_stats_text_str(b, "<section class=\"across\" id=\"scaling\">\n"
	    "<h2>Scaling</h2>\n");
	sp_stats_text_str(nav, "<li><a href=\"#scaling\">Scaling</a>: <a "
	    "href=\"#scaling-chart\">chart</a>, <a href=\"#scaling-table\">"
	    "table</a></li>\n");
	if (sp_scale_compute(a->scale, &so, &why) < 0) {
		if (why.status == SP_ENOMEM)
			return nomem(e);
		sp_stats_text_str(b, "<p class=\"none\">(");
		escs(b, SP_REPORT_TEXT, why.msg);
		sp_stats_text_str(b, ")</p>\n</section>\n");
		return 0;
	}
	sp_stats_text_printf(b, "<p class=\"runline\">Strong scaling over the "
	    "rank count, as sp-scale computes it: %zu runs at %zu rank counts,"
	    " the first the baseline; time: the mean duration of a call, the "
	    "calls of every selected rank pooled.</p>\n", a->nruns,
	    sp_scale_npoints(a->scale));
	if (scale_chart(a, b, &rep, e) < 0)
		return -1;
	scale_table(b, a->scale);
	sp_stats_text_str(b, "</section>\n");
	return 0;
}

int
sp_report_across_draw(struct sp_report_across *a, struct sp_stats_text *b,
    struct sp_stats_text *nav, struct sp_err *e)
{
	if (a->seen == 2 && a->diff != NULL && change(a, b, nav, e) < 0)
		return -1;
	if (a->ranks_differ && !a->no_scale && a->nruns >= 2 &&
	    scaling(a, b, nav, e) < 0)
		return -1;
	return 0;
}
