/* Every rank on one timeline (sp_report_timeline.h). */
#include "sp_report_timeline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_report_escape.h"
#include "sp_report_text.h"

#define KEEP SP_REPORT_TIMELINE_KEEP
#define NONE UINT32_MAX
#define LEFT 96
#define PLOT 800
#define TOP 6

/* A cell: its time in regions, and the regions with the most of it. */
struct cell {
	uint32_t reg[KEEP];
	float t[KEEP];		/* 0: a free place */
	double in;
};

struct sp_report_timeline {
	/* the columns: bound[0..ncols] */
	int64_t *bound;
	size_t ncols;
	/* the rows: cells[level][row * ncols + col] */
	struct cell *cells[SP_REPORT_TIMELINE_LEVELS];
	uint32_t *lo, *hi;	/* the first and last rank of a row */
	size_t *nranks;		/* the ranks of a row */
	size_t rows, cap, per;
	/* the regions */
	uint8_t *skip;
	size_t nregions;
	/* the current lane: the depth of its open top-level call, or NONE;
	 * its region and end, and the end of its last child */
	uint32_t top, top_region;
	int64_t top_end, cursor;
};

static void close_top(struct sp_report_timeline *t);

struct sp_report_timeline *
sp_report_timeline_new(void)
{
	return calloc(1, sizeof(struct sp_report_timeline));
}

static void
forget(struct sp_report_timeline *t)
{
	free(t->bound);
	free(t->cells[0]);
	free(t->cells[1]);
	free(t->lo);
	free(t->hi);
	free(t->nranks);
	free(t->skip);
	memset(t, 0, sizeof *t);
}

void
sp_report_timeline_free(struct sp_report_timeline *t)
{
	if (t == NULL)
		return;
	forget(t);
	free(t);
}

/* first + floor(k L / n), exactly: k q + floor(k r / n) with L = q n + r. */
static int64_t
bound_at(int64_t first, uint64_t len, size_t n, size_t k)
{
	uint64_t q = len / n, r = len % n;

	return first + (int64_t)(q * k + r * k / n);
}

int
sp_report_timeline_run(struct sp_report_timeline *t, int has_span,
    int64_t first, int64_t last, size_t nregions, const uint8_t *skip)
{
	uint64_t len;
	size_t k;

	forget(t);
	t->per = 1;
	t->top = NONE;
	t->nregions = nregions;
	if ((t->skip = calloc(nregions + 1, 1)) == NULL)
		return -1;
	if (skip != NULL)
		memcpy(t->skip, skip, nregions);
	if (!has_span || last <= first)
		return 0;
	len = (uint64_t)last - (uint64_t)first;
	t->ncols = len < SP_REPORT_TIMELINE_COLS ? (size_t)len :
	    SP_REPORT_TIMELINE_COLS;
	if ((t->bound = malloc((t->ncols + 1) * sizeof *t->bound)) == NULL)
		return -1;
	for (k = 0; k <= t->ncols; k++)
		t->bound[k] = bound_at(first, len, t->ncols, k);
	return 0;
}

size_t
sp_report_timeline_cols(const struct sp_report_timeline *t)
{
	return t->ncols;
}

int64_t
sp_report_timeline_bound(const struct sp_report_timeline *t, size_t k)
{
	return t->bound[k];
}

size_t
sp_report_timeline_rows(const struct sp_report_timeline *t)
{
	return t->rows;
}

size_t
sp_report_timeline_per(const struct sp_report_timeline *t)
{
	return t->per;
}

void
sp_report_timeline_row_ranks(const struct sp_report_timeline *t,
    size_t row, uint32_t *lo, uint32_t *hi)
{
	*lo = t->lo[row];
	*hi = t->hi[row];
}

/* --- cells --- */

/* Time w of region r into the cell's places (space-saving). */
static void
cell_put(struct cell *c, uint32_t r, float w)
{
	size_t j, low = 0;

	for (j = 0; j < KEEP; j++)
		if (c->t[j] > 0 && c->reg[j] == r) {
			c->t[j] += w;
			return;
		}
	for (j = 0; j < KEEP; j++)
		if (c->t[j] == 0) {
			c->reg[j] = r;
			c->t[j] = w;
			return;
		}
	for (j = 1; j < KEEP; j++)
		if (c->t[j] < c->t[low])
			low = j;
	c->reg[low] = r;
	c->t[low] += w;
}

static void
cell_merge(struct cell *a, const struct cell *b)
{
	size_t j;

	a->in += b->in;
	for (j = 0; j < KEEP; j++)
		if (b->t[j] > 0)
			cell_put(a, b->reg[j], b->t[j]);
}

uint32_t
sp_report_timeline_cell(const struct sp_report_timeline *t, int level,
    size_t row, size_t col, double *ns)
{
	const struct cell *c = &t->cells[level][row * t->ncols + col];
	double width = (double)(t->bound[col + 1] - t->bound[col]);
	double out = width * (double)t->nranks[row] - c->in;
	uint32_t best = NONE;
	double most = 0;
	size_t j;

	for (j = 0; j < KEEP; j++)
		if (c->t[j] > 0 && (c->t[j] > most || (c->t[j] == most &&
		    c->reg[j] < best))) {
			best = c->reg[j];
			most = c->t[j];
		}
	if (best == NONE || out > most) {
		best = SP_REPORT_TIMELINE_OUTSIDE;
		most = out > 0 ? out : 0;
	}
	if (ns != NULL)
		*ns = most;
	return best;
}

/* --- rows --- */

/* Rows 2i and 2i + 1 into row i: a row is twice the ranks. */
static void
merge_rows(struct sp_report_timeline *t)
{
	size_t i, k, n = t->ncols;
	int l;

	for (i = 0; 2 * i < t->rows; i++) {
		t->lo[i] = t->lo[2 * i];
		t->hi[i] = t->hi[2 * i];
		t->nranks[i] = t->nranks[2 * i];
		for (l = 0; l < SP_REPORT_TIMELINE_LEVELS; l++) {
			struct cell *c = t->cells[l], *to = &c[i * n];

			memmove(to, &c[2 * i * n], n * sizeof *to);
			for (k = 0; 2 * i + 1 < t->rows && k < n; k++)
				cell_merge(&to[k], &c[(2 * i + 1) * n + k]);
		}
		if (2 * i + 1 >= t->rows)
			continue;
		t->hi[i] = t->hi[2 * i + 1];
		t->nranks[i] += t->nranks[2 * i + 1];
	}
	t->rows = i;
	t->per *= 2;
}

static int
grow(struct sp_report_timeline *t)
{
	size_t cap = t->cap ? 2 * t->cap : 16;
	void *p;
	int l;

	if (t->rows < t->cap)
		return 0;
	cap = cap < SP_REPORT_TIMELINE_ROWS ? cap : SP_REPORT_TIMELINE_ROWS;
	for (l = 0; l < SP_REPORT_TIMELINE_LEVELS; l++) {
		p = realloc(t->cells[l], (cap * t->ncols + 1) *
		    sizeof *t->cells[l]);
		if (p == NULL)
			return -1;
		t->cells[l] = p;
	}
	if ((p = realloc(t->lo, cap * sizeof *t->lo)) == NULL)
		return -1;
	t->lo = p;
	if ((p = realloc(t->hi, cap * sizeof *t->hi)) == NULL)
		return -1;
	t->hi = p;
	if ((p = realloc(t->nranks, cap * sizeof *t->nranks)) == NULL)
		return -1;
	t->nranks = p;
	t->cap = cap;
	return 0;
}

int
sp_report_timeline_rank(struct sp_report_timeline *t, uint32_t rank)
{
	size_t row;
	int l;

	close_top(t);
	if (t->rows > 0 && t->nranks[t->rows - 1] < t->per) {
		row = t->rows - 1;
		t->hi[row] = rank;
		t->nranks[row]++;
		return 0;
	}
	if (t->rows == SP_REPORT_TIMELINE_ROWS)
		merge_rows(t);
	if (grow(t) < 0)
		return -1;
	row = t->rows++;
	for (l = 0; l < SP_REPORT_TIMELINE_LEVELS; l++)
		memset(&t->cells[l][row * t->ncols], 0, t->ncols *
		    sizeof *t->cells[l]);
	t->lo[row] = t->hi[row] = rank;
	t->nranks[row] = 1;
	return 0;
}

/* --- calls --- */

/* The column of time s: the last k < ncols with bound[k] <= s. */
static size_t
col_of(const struct sp_report_timeline *t, int64_t s)
{
	size_t lo = 0, hi = t->ncols;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->bound[mid] <= s)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* [s, e) of region r, into the current row's columns at a level. */
static void
add(struct sp_report_timeline *t, int level, int64_t s, int64_t e,
    uint32_t r)
{
	struct cell *row = &t->cells[level][(t->rows - 1) * t->ncols];
	size_t k;

	s = s > t->bound[0] ? s : t->bound[0];
	e = e < t->bound[t->ncols] ? e : t->bound[t->ncols];
	if (e <= s)
		return;
	for (k = col_of(t, s); k < t->ncols && t->bound[k] < e; k++) {
		int64_t a = s > t->bound[k] ? s : t->bound[k];
		int64_t z = e < t->bound[k + 1] ? e : t->bound[k + 1];

		if (z > a) {
			row[k].in += (double)(z - a);
			cell_put(&row[k], r, (float)(z - a));
		}
	}
}

/* The open top-level call ends: the rest of it is its own. */
static void
close_top(struct sp_report_timeline *t)
{
	if (t->top == NONE)
		return;
	if (t->rows > 0 && t->ncols > 0)
		add(t, 1, t->cursor, t->top_end, t->top_region);
	t->top = NONE;
}

/* A call under the open top-level one: a child's time is its own. */
static void
under_top(struct sp_report_timeline *t, uint32_t depth, uint32_t r,
    int64_t s, int64_t e)
{
	if (depth != t->top + 1 || r >= t->nregions || t->skip[r])
		return;
	add(t, 1, t->cursor, s, t->top_region);
	add(t, 1, s, e, r);
	t->cursor = e;
}

void
sp_report_timeline_calls(struct sp_report_timeline *t,
    const struct sp_batch *b)
{
	size_t i;
	uint32_t r;

	if (t->ncols == 0 || t->rows == 0 || b->depth == NULL)
		return;
	for (i = 0; i < b->n; i++) {
		r = b->region[i];
		if (t->top != NONE && b->depth[i] > t->top) {
			under_top(t, b->depth[i], r, b->start[i], b->end[i]);
			continue;
		}
		close_top(t);
		if (r >= t->nregions || t->skip[r])
			continue;
		t->top = b->depth[i];
		t->top_region = r;
		t->top_end = b->end[i];
		t->cursor = b->start[i];
		add(t, 0, b->start[i], b->end[i], r);
	}
	if (b->lane_end)
		close_top(t);
}

/* --- the drawing --- */

static const char *const palette[SP_REPORT_TIMELINE_COLOURS] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#17becf", "#bcbd22", "#1f3a93",
};
#define OTHER_COLOUR "#777777"
#define OUTSIDE_COLOUR "#eeeeee"

/* Columns 2k and 2k + 1 into column k. */
static void
merge_cols(struct sp_report_timeline *t)
{
	size_t n = t->ncols, m = (n + 1) / 2, row, k;
	struct cell c, *v;
	int l;

	for (l = 0; l < SP_REPORT_TIMELINE_LEVELS; l++)
		for (v = t->cells[l], row = 0; row < t->rows; row++)
			for (k = 0; k < m; k++) {
				c = v[row * n + 2 * k];
				if (2 * k + 1 < n)
					cell_merge(&c, &v[row * n + 2 * k + 1]);
				v[row * m + k] = c;
			}
	for (k = 0; k < m; k++)
		t->bound[k] = t->bound[2 * k];
	t->bound[m] = t->bound[n];
	t->ncols = m;
}

struct draw {
	struct sp_report_timeline *t;
	const struct sp_stats_result *res;
	uint32_t *win;		/* rows x ncols: what each cell shows */
	long *index;		/* region id -> index in res, or -1 */
	int level;		/* the level drawn */
	uint32_t only;		/* at level 1, the one top-level region */
	/* the colours' region ids */
	uint32_t colour[SP_REPORT_TIMELINE_COLOURS];
	size_t ncolours;
	int other;		/* some cell shows a region without colour */
	int h;			/* a row's height */
};

/* Each cell's region; the rectangles they make. */
static size_t
winners(struct draw *d)
{
	struct sp_report_timeline *t = d->t;
	size_t row, k, runs = 0;
	uint32_t *w;

	for (row = 0; row < t->rows; row++) {
		w = &d->win[row * t->ncols];
		for (k = 0; k < t->ncols; k++) {
			w[k] = sp_report_timeline_cell(t, d->level, row, k,
			    NULL);
			runs += w[k] != SP_REPORT_TIMELINE_OUTSIDE &&
			    (k == 0 || w[k - 1] != w[k]);
		}
	}
	return runs;
}

struct tally {
	size_t cells;
	uint32_t region;
};

static int
tally_cmp(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->cells != y->cells)
		return x->cells > y->cells ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

/* The colours: the regions that fill most cells. */
static int
colours(struct draw *d)
{
	size_t n = d->t->rows * d->t->ncols, i, m = 0;
	struct tally *v = calloc(d->t->nregions + 1, sizeof *v);

	if (v == NULL)
		return -1;
	for (i = 0; i < d->t->nregions; i++)
		v[i].region = (uint32_t)i;
	for (i = 0; i < n; i++)
		if (d->win[i] < d->t->nregions)
			v[d->win[i]].cells++;
	qsort(v, d->t->nregions, sizeof *v, tally_cmp);
	while (m < d->t->nregions && v[m].cells > 0)
		m++;
	d->ncolours = m < SP_REPORT_TIMELINE_COLOURS ? m :
	    SP_REPORT_TIMELINE_COLOURS;
	d->other = m > d->ncolours;
	for (i = 0; i < d->ncolours; i++)
		d->colour[i] = v[i].region;
	free(v);
	return 0;
}

static void
region_name(struct sp_stats_text *b, const struct draw *d, uint32_t id)
{
	long i = d->index[id];

	if (i >= 0)
		sp_report_text_esc(b, SP_REPORT_TEXT, d->res->regions[i].name, d->res->regions[i].name_len);
	else
		sp_stats_text_printf(b, "region %u", id);
}

/* ' data-region="NAME"' of region index i (sp_report_escape.h). */
static void
region_attr(struct sp_stats_text *b, const struct draw *d, long i)
{
	(void)sp_report_region_attr(d->res->regions[i].name,
	    d->res->regions[i].name_len, sp_report_text_write, b, NULL);
}

static size_t
x_of(const struct sp_report_timeline *t, size_t k)
{
	return LEFT + k * PLOT / t->ncols;
}

/* The cells of colour c (c == ncolours: the other regions) as a path. */
static void
path(struct sp_stats_text *b, const struct draw *d, size_t c)
{
	const struct sp_report_timeline *t = d->t;
	size_t row, k, z;
	const uint32_t *w;
	long idx = c < d->ncolours ? d->index[d->colour[c]] : -1;

	sp_stats_text_str(b, "<path");
	if (idx >= 0)
		region_attr(b, d, idx);
	sp_stats_text_printf(b, " fill=\"%s\" d=\"", c < d->ncolours ?
	    palette[c] : OTHER_COLOUR);
	for (row = 0; row < t->rows; row++) {
		w = &d->win[row * t->ncols];
		for (k = 0; k < t->ncols; k = z) {
			int mine = 0;
			size_t j;

			z = k + 1;
			if (w[k] == SP_REPORT_TIMELINE_OUTSIDE)
				continue;
			for (j = 0; j < d->ncolours; j++)
				if (w[k] == d->colour[j])
					break;
			mine = c < d->ncolours ? j == c : j == d->ncolours;
			if (!mine)
				continue;
			while (z < t->ncols && w[z] == w[k])
				z++;
			sp_stats_text_printf(b, "M%zu %zuh%zuv%dh-%zuz",
			    x_of(t, k), TOP + row * (size_t)d->h,
			    x_of(t, z) - x_of(t, k), d->h > 4 ? d->h - 1 : d->h,
			    x_of(t, z) - x_of(t, k));
		}
	}
	sp_stats_text_str(b, "\"><title>");
	if (c < d->ncolours)
		region_name(b, d, d->colour[c]);
	else
		sp_stats_text_str(b, "other regions");
	sp_stats_text_str(b, "</title></path>\n");
}

static void
row_label(struct sp_stats_text *b, const struct sp_report_timeline *t,
    size_t row, int h)
{
	sp_stats_text_printf(b, "<text x=\"4\" y=\"%zu\">", TOP + row *
	    (size_t)h + (size_t)(h >= 12 ? h - 3 : h));
	if (t->lo[row] == t->hi[row])
		sp_stats_text_printf(b, "rank %u</text>", t->lo[row]);
	else
		sp_stats_text_printf(b, "ranks %u-%u</text>", t->lo[row],
		    t->hi[row]);
}

static void
svg(struct sp_stats_text *b, const struct draw *d)
{
	const struct sp_report_timeline *t = d->t;
	size_t hh = TOP + t->rows * (size_t)d->h, row, c, i;
	double span = (double)(t->bound[t->ncols] - t->bound[0]) / 1e9;

	sp_stats_text_printf(b, "<svg class=\"timeline\" width=\"%d\" height="
	    "\"%zu\" viewBox=\"0 0 %d %zu\" role=\"img\" data-cols=\"%zu\" "
	    "data-rows=\"%zu\">\n<rect class=\"idle\" x=\"%d\" y=\"%d\" "
	    "width=\"%d\" height=\"%zu\" fill=\"%s\"/>\n", LEFT + PLOT + 40,
	    hh + 20, LEFT + PLOT + 40, hh + 20, t->ncols, t->rows, LEFT, TOP,
	    PLOT, hh - TOP, OUTSIDE_COLOUR);
	for (c = 0; c < d->ncolours + (size_t)d->other; c++)
		path(b, d, c);
	for (row = 0; row < t->rows; row++)
		if (d->h >= 12 || row == 0 || row + 1 == t->rows)
			row_label(b, t, row, d->h);
	for (i = 0; i <= 4; i++) {
		sp_stats_text_printf(b, "<text x=\"%d\" y=\"%zu\"%s>",
		    LEFT + PLOT * (int)i / 4, hh + 14, i == 0 ? "" : i == 4 ?
		    " text-anchor=\"end\"" : " text-anchor=\"middle\"");
		sp_report_text_secs(b, span * (double)i / 4, 3);
		sp_stats_text_str(b, "</text>");
	}
	sp_stats_text_str(b, "\n</svg>\n");
}

static void
legend(struct sp_stats_text *b, const struct draw *d)
{
	size_t c;

	sp_stats_text_str(b, "<p class=\"legend tl-legend\">");
	for (c = 0; c < d->ncolours; c++) {
		long idx = d->index[d->colour[c]];

		sp_stats_text_str(b, "<span class=\"tlk\"");
		if (idx >= 0)
			region_attr(b, d, idx);
		sp_stats_text_str(b, ">");
		sp_stats_text_printf(b, "<span class=\"sw\" style=\"background:"
		    "%s\"></span> ", palette[c]);
		region_name(b, d, d->colour[c]);
		sp_stats_text_str(b, "</span> ");
	}
	if (d->other)
		sp_stats_text_str(b, "<span class=\"tlk\"><span class=\"sw\" "
		    "style=\"background:" OTHER_COLOUR "\"></span> other "
		    "regions</span> ");
	sp_stats_text_str(b, "<span class=\"tlk\"><span class=\"sw\" style=\""
	    "background:" OUTSIDE_COLOUR "\"></span> outside every region"
	    "</span></p>\n");
}

/* The command that opens the run in Perfetto, for a profile's path. */
static void
perfetto(struct sp_stats_text *b, const char *source)
{
	struct sp_stats_text q = { 0 };

	if (source == NULL || strcmp(source, "-") == 0)
		return;
	sp_stats_text_str(&q, "sp-read ");
	if (source[0] == '-')
		sp_stats_text_str(&q, "./");
	sp_stats_text_shell_quote(&q, source);
	sp_stats_text_str(&q, " | sp-stack | sp-trace -o run.pftrace");
	sp_stats_text_str(b, "<p class=\"perfetto\">Every call of the run, "
	    "in Perfetto: <code class=\"cmd\">");
	if (q.failed)
		b->failed = 1;
	else
		sp_report_text_esc(b, SP_REPORT_TEXT, q.p, q.n);
	sp_stats_text_str(b, "</code>, then open run.pftrace at <a href=\""
	    "https://ui.perfetto.dev/\" target=\"_blank\" rel=\"noopener "
	    "noreferrer\">ui.perfetto.dev</a> (a site on the network; this "
	    "page loads nothing).</p>\n");
	sp_stats_text_free(&q);
}

static long *
index_of(const struct sp_stats_result *res, size_t nregions)
{
	long *v = malloc((nregions + 1) * sizeof *v);
	size_t i;

	if (v == NULL)
		return NULL;
	for (i = 0; i < nregions; i++)
		v[i] = -1;
	for (i = 0; i < res->nregions; i++)
		if (res->regions[i].id < nregions)
			v[res->regions[i].id] = (long)i;
	return v;
}

static void
caption(struct sp_stats_text *b, const struct draw *d)
{
	const struct sp_report_timeline *t = d->t;

	sp_stats_text_printf(b, "<p class=\"legend\">A strip per rank, the "
	    "run's span in %zu columns, each coloured by the ", t->ncols);
	if (d->level == 0) {
		sp_stats_text_str(b, "top-level region (the session's root "
		    "aside)");
	} else {
		sp_stats_text_str(b, "region directly under ");
		region_name(b, d, d->only);
		sp_stats_text_str(b, " (the one top-level region; its own time "
		    "in its colour)");
	}
	sp_stats_text_str(b, " that holds most of its time.");
	if (t->per > 1)
		sp_stats_text_printf(b, " Past %d ranks, a strip is %zu "
		    "consecutive ranks, their times summed.",
		    SP_REPORT_TIMELINE_ROWS, t->per);
	sp_stats_text_str(b, "</p>\n");
}

int
sp_report_timeline_draw(struct sp_stats_text *b,
    struct sp_report_timeline *t, const struct sp_stats_result *res,
    const char *source, const char *id)
{
	struct draw d;
	int rc = -1;

	memset(&d, 0, sizeof d);
	d.t = t;
	d.res = res;
	sp_stats_text_printf(b, "<h3 id=\"%s-timeline\">Timeline</h3>\n", id);
	if (t->ncols == 0 || t->rows == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(no calls with a "
		    "duration)</p>\n");
		perfetto(b, source);
		return 0;
	}
	if ((d.win = malloc((t->rows * t->ncols + 1) * sizeof *d.win)) ==
	    NULL || (d.index = index_of(res, t->nregions)) == NULL)
		goto out;
	(void)winners(&d);
	if (colours(&d) < 0)
		goto out;
	d.level = d.ncolours == 1 && !d.other;
	d.only = d.colour[0];
	while (winners(&d) > SP_REPORT_TIMELINE_RUNS && t->ncols > 1)
		merge_cols(t);
	if (colours(&d) < 0)
		goto out;
	d.h = t->rows <= 16 ? 16 : t->rows <= 64 ? 8 : t->rows <= 128 ? 4 : 2;
	caption(b, &d);
	svg(b, &d);
	legend(b, &d);
	perfetto(b, source);
	rc = 0;
out:
	free(d.win);
	free(d.index);
	return rc;
}
