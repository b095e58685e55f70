/* The pictures (sp_report_svg.h). */
#include "sp_report_svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_report_escape.h"
#include "sp_report_order.h"
#include "sp_report_overview.h"
#include "sp_report_text.h"

#define CELL_W 14
#define LEFT 64
#define TOP 8
#define PLOT_W 300
#define PLOT_H 90

static void
region_attr(struct sp_stats_text *b, const struct sp_stats_region *r)
{
	(void)sp_report_region_attr(r->name, r->name_len, sp_report_text_write, b,
	    NULL);
}

static void
name(struct sp_stats_text *b, const struct sp_stats_region *r)
{
	(void)sp_report_escape(SP_REPORT_TEXT, r->name, r->name_len,
	    sp_report_text_write, b, NULL);
}

/* The ranks of the records, ascending and distinct, and their count. */
static uint32_t *
ranks_of(const struct sp_stats_result *res, size_t *n)
{
	uint8_t *seen;
	uint32_t *v, max = 0;
	size_t i;

	*n = 0;
	for (i = 0; i < res->nranks; i++)
		if (res->ranks[i].rank > max)
			max = res->ranks[i].rank;
	if ((seen = calloc((size_t)max + 1, 1)) == NULL)
		return NULL;
	for (i = 0; i < res->nranks; i++)
		seen[res->ranks[i].rank] = 1;
	if ((v = malloc(((size_t)max + 1) * sizeof *v)) != NULL)
		for (i = 0; i <= max; i++)
			if (seen[i])
				v[(*n)++] = (uint32_t)i;
	free(seen);
	return v;
}

static size_t
slot_of(const uint32_t *ranks, size_t n, uint32_t rank)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ranks[mid] < rank)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct pick {
	double key;
	uint32_t region;
};

static int
pick_cmp(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

/* The max regions first by own time (own) or total, in region order. */
static size_t
pick(const struct sp_stats_result *res, int own, size_t max, uint32_t *out)
{
	struct pick *v = malloc((res->nregions + 1) * sizeof *v);
	const struct sp_stats_region *r;
	size_t i, n = 0;

	if (v == NULL)
		return (size_t)-1;
	for (i = 0; i < res->nregions; i++) {
		r = &res->regions[i];
		if (sp_report_is_session(r) || r->ranks_timed == 0 ||
		    !((own ? r->exclusive : r->total) > 0))
			continue;
		v[n++] = (struct pick){ own ? r->exclusive : r->total,
		    (uint32_t)i };
	}
	qsort(v, n, sizeof *v, pick_cmp);
	n = n < max ? n : max;
	for (i = 0; i < n; i++)
		out[i] = v[i].region;
	free(v);
	for (i = 1; i < n; i++) {	/* insertion sort: region order */
		uint32_t x = out[i];
		size_t j = i;

		for (; j > 0 && out[j - 1] > x; j--)
			out[j] = out[j - 1];
		out[j] = x;
	}
	return n;
}

/* The colours of the cells: 17 levels of x = value / mean on a log
 * scale, blue below, white at 1, red above; and grey for no calls. */
#define LEVELS 17
#define GREY LEVELS

static int
level(double x)
{
	double t;

	if (x < 0)
		return GREY;
	t = x > 0 ? log2(x) : -1;
	t = t < -1 ? -1 : t > 1 ? 1 : t;
	return (int)lround(t * 8) + 8;
}

static void
colour(struct sp_stats_text *b, int lv)
{
	double t = (lv - 8) / 8.0;
	int c = (int)lround(255 * (1 - fabs(t)));

	if (lv == GREY)
		sp_stats_text_str(b, "#ddd");
	else if (t >= 0)
		sp_stats_text_printf(b, "#ff%02x%02x", c, c);
	else
		sp_stats_text_printf(b, "#%02x%02xff", c, c);
}

struct grid {
	size_t nranks, nc, rows, per;	/* ranks per row */
	uint32_t *ranks;
	double *own;			/* ranks x columns, -1: no calls */
	size_t *order, *group;		/* sp_report_order.h */
	unsigned char *lv;		/* rows x columns: the levels */
};

/* Each rank's own time in each column, -1 without calls. */
static int
own_times(struct grid *g, const struct sp_stats_result *res,
    const uint32_t *cols)
{
	const struct sp_stats_rankrec *k;
	size_t i, c;

	g->own = malloc((g->nranks * g->nc + 1) * sizeof *g->own);
	if (g->own == NULL)
		return -1;
	for (i = 0; i < g->nranks * g->nc; i++)
		g->own[i] = -1;
	for (i = 0; i < res->nranks; i++) {
		k = &res->ranks[i];
		for (c = 0; c < g->nc && cols[c] != k->region; c++)
			;
		if (c < g->nc && k->num_calls > 0)
			g->own[slot_of(g->ranks, g->nranks, k->rank) * g->nc +
			    c] = k->exclusive;
	}
	return 0;
}

/* The rows in order, binned: each cell the mean of its ranks with calls
 * over the column's mean. */
static int
fill(struct grid *g, const struct sp_stats_result *res,
    const uint32_t *cols)
{
	size_t row, c, j, hits, n = g->nranks, nc = g->nc;
	double sum, mean;

	g->order = malloc((n + 1) * sizeof *g->order);
	g->group = malloc((n + 1) * sizeof *g->group);
	if (g->order == NULL || g->group == NULL || own_times(g, res,
	    cols) < 0 || sp_report_order(g->own, n, nc, g->order,
	    g->group) < 0)
		return -1;
	g->per = sp_report_order_per(n, SP_REPORT_SVG_ROWS);
	g->rows = sp_report_order_rows(n, SP_REPORT_SVG_ROWS);
	if ((g->lv = malloc(g->rows * nc + 1)) == NULL)
		return -1;
	for (c = 0; c < nc; c++) {
		mean = res->regions[cols[c]].exclusive / (double)n;
		for (row = 0; row < g->rows; row++) {
			sum = 0;
			hits = 0;
			for (j = row * g->per; j < n && j < (row + 1) * g->per;
			    j++) {
				double v = g->own[g->order[j] * nc + c];

				if (v >= 0) {
					sum += v;
					hits++;
				}
			}
			g->lv[row * nc + c] = (unsigned char)level(hits == 0 ||
			    !(mean > 0) ? -1 : sum / (double)hits / mean);
		}
	}
	return 0;
}

/* A column as one path per colour, each run of rows of that colour one
 * rectangle. */
static void
heat_column(struct sp_stats_text *b, const struct grid *g, size_t c, int h)
{
	size_t row, end;
	int lv, any;

	for (lv = 0; lv <= GREY; lv++) {
		any = 0;
		for (row = 0; row < g->rows; row = end) {
			for (end = row; end < g->rows &&
			    g->lv[end * g->nc + c] == lv; end++)
				;
			if (end == row) {
				end++;
				continue;
			}
			if (!any) {
				sp_stats_text_str(b, "<path fill=\"");
				colour(b, lv);
				sp_stats_text_str(b, "\" d=\"");
			}
			any = 1;
			sp_stats_text_printf(b, "M%zu %zuh%dv%zuh-%dz", LEFT + c *
			    CELL_W, TOP + row * (size_t)h, CELL_W - 1,
			    (end - row) * (size_t)h, CELL_W - 1);
		}
		if (any)
			sp_stats_text_str(b, "\"/>");
	}
}

static void
heat_cells(struct sp_stats_text *b, const struct sp_stats_result *res,
    const struct grid *g, const uint32_t *cols, int h)
{
	size_t c;

	for (c = 0; c < g->nc; c++) {
		sp_stats_text_str(b, "<g");
		region_attr(b, &res->regions[cols[c]]);
		sp_stats_text_str(b, "><title>");
		name(b, &res->regions[cols[c]]);
		sp_stats_text_str(b, "</title>");
		heat_column(b, g, c, h);
		sp_stats_text_printf(b, "<rect class=\"col\" x=\"%zu\" y=\"%d\" "
		    "width=\"%d\" height=\"%zu\"/></g>\n", LEFT + c * CELL_W,
		    TOP, CELL_W - 1, g->rows * (size_t)h);
	}
}

/* The ranks at the left: each row's when they fit, else the first and
 * the last; and a mark where a group of the order begins. */
static void
heat_labels(struct sp_stats_text *b, const struct grid *g, int h)
{
	size_t row, first, last;

	for (row = 0; row < g->rows; row++) {
		first = g->order[row * g->per];
		if (row > 0 && g->group[first] != g->group[g->order[row *
		    g->per - 1]])
			sp_stats_text_printf(b, "<line class=\"grp\" x1=\"%d\" "
			    "x2=\"%d\" y1=\"%zu\" y2=\"%zu\"/>", LEFT - 8, LEFT,
			    TOP + row * (size_t)h, TOP + row * (size_t)h);
		if (h >= 12 || row == 0 || row + 1 == g->rows) {
			last = g->order[(row + 1) * g->per < g->nranks ?
			    (row + 1) * g->per - 1 : g->nranks - 1];
			sp_stats_text_printf(b, "<text x=\"4\" y=\"%zu\">rank "
			    "%u%s</text>", TOP + row * (size_t)h + (row == 0 ||
			    h >= 12 ? 10 : 0), g->ranks[row == 0 || h >= 12 ?
			    first : last], g->per > 1 ? "\xe2\x80\xa6" : "");
		}
	}
	sp_stats_text_str(b, "\n");
}

static void
heat_legend(struct sp_stats_text *b, const struct grid *g)
{
	sp_stats_text_printf(b, "<p class=\"legend\">Own time of each rank "
	    "over the region's mean: <span class=\"sw lo\"></span> half or "
	    "less, <span class=\"sw mid\"></span> the mean, <span class=\"sw "
	    "hi\"></span> twice or more, <span class=\"sw nil\"></span> no "
	    "calls.  The regions with the most own time across, in the run's "
	    "order (hover for names).  Ranks down, clustered: grouped by the "
	    "region where their own time is furthest above its mean (the "
	    "columns' order, a mark at the left where a group begins), the "
	    "most own time first in each group, so that ranks of one role sit "
	    "together with their stragglers on top.%s</p>\n", g->per > 1 ?
	    " Past " SP_REPORT_SVG_ROWS_TEXT " ranks, consecutive ranks of "
	    "that order share a row, which shows their mean." : "");
}

int
sp_report_svg_heatmap(struct sp_stats_text *b,
    const struct sp_stats_result *res, const char *id)
{
	uint32_t cols[SP_REPORT_SVG_COLS];
	struct grid g;
	size_t nc, w, hh;
	int h, rc = -1;

	sp_stats_text_printf(b, "<h3 id=\"%s-pictures\">Rank heatmap</h3>\n",
	    id);
	memset(&g, 0, sizeof g);
	if ((g.ranks = ranks_of(res, &g.nranks)) == NULL ||
	    (nc = pick(res, 1, SP_REPORT_SVG_COLS, cols)) == (size_t)-1)
		goto out;
	if (g.nranks < 2 || nc == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(needs two ranks or "
		    "more with own time in a region)</p>\n");
		rc = 0;
		goto out;
	}
	g.nc = nc;
	if (fill(&g, res, cols) < 0)
		goto out;
	h = g.rows <= 32 ? 12 : g.rows <= 128 ? 3 : 1;
	w = LEFT + nc * CELL_W + 8;
	hh = TOP + g.rows * (size_t)h + 8;
	heat_legend(b, &g);
	sp_stats_text_printf(b, "<svg class=\"heatmap\" width=\"%zu\" height="
	    "\"%zu\" viewBox=\"0 0 %zu %zu\" role=\"img\">\n", w, hh, w, hh);
	heat_labels(b, &g, h);
	heat_cells(b, res, &g, cols, h);
	sp_stats_text_str(b, "</svg>\n");
	rc = 0;
out:
	free(g.ranks);
	free(g.own);
	free(g.order);
	free(g.group);
	free(g.lv);
	return rc;
}

/* One region's totals over the ranks, binned, as a line and its mean. */
static int
plot(struct sp_stats_text *b, const struct sp_stats_result *res,
    uint32_t region, const uint32_t *ranks, size_t nranks)
{
	const struct sp_stats_region *r = &res->regions[region];
	size_t per = sp_report_order_per(nranks, SP_REPORT_SVG_POINTS);
	size_t bins = (nranks + per - 1) / per, i;
	double *v = calloc(bins + 1, sizeof *v), top = 0, y;

	if (v == NULL)
		return -1;
	for (i = 0; i < res->nranks; i++)
		if (res->ranks[i].region == region)
			v[slot_of(ranks, nranks, res->ranks[i].rank) / per] +=
			    res->ranks[i].total / (double)per;
	for (i = 0; i < bins; i++)
		top = v[i] > top ? v[i] : top;
	top = top > 0 ? top : 1;
	sp_stats_text_str(b, "<figure class=\"imb\"");
	region_attr(b, r);
	sp_stats_text_str(b, "><figcaption>");
	name(b, r);
	sp_stats_text_printf(b, "</figcaption><svg width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\"><polyline class=\"line\" "
	    "points=\"", PLOT_W, PLOT_H, PLOT_W, PLOT_H);
	for (i = 0; i < bins; i++)
		sp_stats_text_printf(b, "%s%.1f,%.1f", i ? " " : "", bins > 1 ?
		    4 + (PLOT_W - 8) * (double)i / (double)(bins - 1) :
		    PLOT_W / 2.0, PLOT_H - 4 - (PLOT_H - 8) * v[i] / top);
	y = PLOT_H - 4 - (PLOT_H - 8) * r->rank_mean / top;
	sp_stats_text_printf(b, "\"/><line class=\"mean\" x1=\"4\" x2=\"%d\" "
	    "y1=\"%.1f\" y2=\"%.1f\"/></svg><figcaption class=\"fig\">max ",
	    PLOT_W - 4, y, y);
	free(v);
	sp_stats_text_printf(b, "%.3g s (rank %u), mean %.3g s</figcaption>"
	    "</figure>\n", r->rank_max, r->rank_max_rank, r->rank_mean);
	return 0;
}

int
sp_report_svg_imbalance(struct sp_stats_text *b,
    const struct sp_stats_result *res, const char *id)
{
	uint32_t regions[SP_REPORT_SVG_PLOTS], *ranks;
	size_t n, nranks, i;
	int rc = 0;

	sp_stats_text_printf(b, "<h3 id=\"%s-imbalance\">Rank imbalance</h3>\n",
	    id);
	if ((ranks = ranks_of(res, &nranks)) == NULL ||
	    (n = pick(res, 0, SP_REPORT_SVG_PLOTS, regions)) == (size_t)-1) {
		free(ranks);
		return -1;
	}
	if (nranks < 2 || n == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(needs two ranks or "
		    "more)</p>\n");
	} else {
		sp_stats_text_str(b, "<p class=\"legend\">Each rank's total "
		    "time in the region, the mean over the ranks dashed.</p>\n"
		    "<div class=\"plots\">\n");
		for (i = 0; i < n && rc == 0; i++)
			rc = plot(b, res, regions[i], ranks, nranks);
		sp_stats_text_str(b, "</div>\n");
	}
	free(ranks);
	return rc;
}
