/* The duration distributions (sp_report_hist.h). */
#include "sp_report_hist.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_report_escape.h"
#include "sp_report_overview.h"
#include "sp_report_text.h"

#define PW 300			/* a plot's width */
#define PH 110			/* and height */
#define PAD 4
#define BASE 92			/* the bars' baseline */
#define MIN_BINS 6

#define DECADE(x) x, 2 * (x), 5 * (x)
static const int64_t edges[SP_REPORT_HIST_BINS] = {
	0,
	DECADE(1LL), DECADE(10LL), DECADE(100LL), DECADE(1000LL),
	DECADE(10000LL), DECADE(100000LL), DECADE(1000000LL),
	DECADE(10000000LL), DECADE(100000000LL), DECADE(1000000000LL),
	DECADE(10000000000LL), DECADE(100000000000LL),
	DECADE(1000000000000LL), DECADE(10000000000000LL),
	DECADE(100000000000000LL), DECADE(1000000000000000LL),
	DECADE(10000000000000000LL), DECADE(100000000000000000LL),
	DECADE(1000000000000000000LL),
};

struct sp_report_hist {
	uint64_t *n;		/* nregions x SP_REPORT_HIST_BINS */
	size_t nregions;
};

size_t
sp_report_hist_bin(int64_t ns)
{
	size_t lo = 0, hi = SP_REPORT_HIST_BINS;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (edges[mid] <= ns)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

int64_t
sp_report_hist_edge(size_t j)
{
	return edges[j];
}

struct sp_report_hist *
sp_report_hist_new(void)
{
	return calloc(1, sizeof(struct sp_report_hist));
}

void
sp_report_hist_free(struct sp_report_hist *h)
{
	if (h == NULL)
		return;
	free(h->n);
	free(h);
}

int
sp_report_hist_run(struct sp_report_hist *h, size_t nregions)
{
	free(h->n);
	h->nregions = 0;
	h->n = calloc(nregions * SP_REPORT_HIST_BINS + 1, sizeof *h->n);
	if (h->n == NULL)
		return -1;
	h->nregions = nregions;
	return 0;
}

void
sp_report_hist_calls(struct sp_report_hist *h, const struct sp_batch *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->region[i] < h->nregions)
			h->n[b->region[i] * (size_t)SP_REPORT_HIST_BINS +
			    sp_report_hist_bin(b->end[i] - b->start[i])]++;
}

uint64_t
sp_report_hist_count(const struct sp_report_hist *h, uint32_t id, size_t j)
{
	return id < h->nregions ? h->n[id * (size_t)SP_REPORT_HIST_BINS + j] :
	    0;
}

/* --- the drawing --- */

/* A bin's edge as people read it: 500 ns, 2 us, 50 ms, 10 s. */
static void
edge_text(struct sp_stats_text *b, size_t j)
{
	int64_t v = edges[j];

	if (v < 1000)
		sp_stats_text_printf(b, "%" PRId64 " ns", v);
	else if (v < 1000000)
		sp_stats_text_printf(b, "%" PRId64 " us", v / 1000);
	else if (v < 1000000000)
		sp_stats_text_printf(b, "%" PRId64 " ms", v / 1000000);
	else
		sp_stats_text_printf(b, "%g s", (double)v / 1e9);
}

struct pick {
	double own;
	uint32_t region;
};

static int
pick_cmp(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	if (x->own != y->own)
		return x->own > y->own ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

/* The regions with the most own time and some durations counted. */
static size_t
pick(const struct sp_report_hist *h, const struct sp_stats_result *res,
    uint32_t *out)
{
	struct pick *v = malloc((res->nregions + 1) * sizeof *v);
	const struct sp_stats_region *r;
	size_t i, j, n = 0;
	uint64_t calls;

	if (v == NULL)
		return (size_t)-1;
	for (i = 0; i < res->nregions; i++) {
		r = &res->regions[i];
		for (calls = 0, j = 0; j < SP_REPORT_HIST_BINS; j++)
			calls += sp_report_hist_count(h, r->id, j);
		if (sp_report_is_session(r) || calls == 0)
			continue;
		v[n++] = (struct pick){ r->exclusive, (uint32_t)i };
	}
	qsort(v, n, sizeof *v, pick_cmp);
	n = n < SP_REPORT_HIST_PLOTS ? n : SP_REPORT_HIST_PLOTS;
	for (i = 0; i < n; i++)
		out[i] = v[i].region;
	free(v);
	return n;
}

/* The bins a plot shows: the counted ones, at least MIN_BINS. */
static void
range(const struct sp_report_hist *h, uint32_t id, size_t *lo, size_t *hi)
{
	size_t j;

	*lo = SP_REPORT_HIST_BINS;
	*hi = 0;
	for (j = 0; j < SP_REPORT_HIST_BINS; j++)
		if (sp_report_hist_count(h, id, j) > 0) {
			*lo = *lo < j ? *lo : j;
			*hi = j;
		}
	while (*hi - *lo + 1 < MIN_BINS) {
		if (*lo > 1)
			--*lo;
		if (*hi - *lo + 1 < MIN_BINS && *hi + 1 < SP_REPORT_HIST_BINS)
			++*hi;
	}
}

static void
bar(struct sp_stats_text *b, size_t j, uint64_t n, uint64_t top, double x,
    double w)
{
	double bh = top > 0 ? (double)(BASE - PAD) * (double)n / (double)top :
	    0;

	sp_stats_text_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" data-bin=\"%zu\" data-n=\"%" PRIu64 "\"><title>",
	    x, BASE - bh, w > 1.5 ? w - 1 : w, bh, j, n);
	if (j == 0) {
		sp_stats_text_str(b, "0 ns");
	} else {
		sp_stats_text_str(b, "[");
		edge_text(b, j);
		sp_stats_text_str(b, ", ");
		if (j + 1 < SP_REPORT_HIST_BINS)
			edge_text(b, j + 1);
		else
			sp_stats_text_str(b, "\xe2\x80\xa6");
		sp_stats_text_str(b, ")");
	}
	sp_stats_text_printf(b, ": %" PRIu64 " call%s</title></rect>", n,
	    n == 1 ? "" : "s");
}

static void
quantiles(struct sp_stats_text *b, const struct sp_stats_region *r)
{
	static const char *const names[] = { "median", "p95", "p99" };
	double v[3] = { r->p50, r->p95, r->p99 };
	size_t i;

	for (i = 0; i < 3; i++)
		if (isfinite(v[i])) {
			sp_stats_text_printf(b, " \xc2\xb7 %s%s ", names[i],
			    r->approx ? " ~" : "");
			sp_report_text_secs(b, v[i], 3);
		}
}

/* The decades' edges under the bars. */
static void
ticks(struct sp_stats_text *b, size_t lo, size_t hi, double w)
{
	size_t j;
	double x;

	for (j = lo > 0 ? lo : 1; j <= hi + 1 && j < SP_REPORT_HIST_BINS;
	    j++) {
		if ((j - 1) % 3 != 0)
			continue;
		x = PAD + w * (double)(j - lo);
		sp_stats_text_printf(b, "<line class=\"axis\" x1=\"%.1f\" "
		    "x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/><text x=\"%.1f\" "
		    "y=\"%d\" text-anchor=\"%s\">", x, x, BASE, BASE + 4, x,
		    PH - 4, x < 20 ? "start" : x > PW - 20 ? "end" : "middle");
		edge_text(b, j);
		sp_stats_text_str(b, "</text>");
	}
}

static void
plot(struct sp_stats_text *b, const struct sp_report_hist *h,
    const struct sp_stats_result *res, uint32_t i)
{
	const struct sp_stats_region *r = &res->regions[i];
	size_t lo, hi, j, nb;
	uint64_t top = 0, calls = 0, n;
	double w;

	range(h, r->id, &lo, &hi);
	nb = hi - lo + 1;
	w = (double)(PW - 2 * PAD) / (double)nb;
	for (j = lo; j <= hi; j++) {
		n = sp_report_hist_count(h, r->id, j);
		top = n > top ? n : top;
		calls += n;
	}
	sp_stats_text_str(b, "<figure class=\"hist\"");
	(void)sp_report_region_attr(r->name, r->name_len, sp_report_text_write, b, NULL);
	sp_stats_text_str(b, "><figcaption>");
	(void)sp_report_escape(SP_REPORT_TEXT, r->name, r->name_len,
	    sp_report_text_write, b, NULL);
	sp_stats_text_printf(b, "</figcaption><svg width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\">", PW, PH, PW, PH);
	for (j = lo; j <= hi; j++)
		bar(b, j, sp_report_hist_count(h, r->id, j), top, PAD +
		    w * (double)(j - lo), w);
	sp_stats_text_printf(b, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" "
	    "y1=\"%d\" y2=\"%d\"/><text x=\"%d\" y=\"12\">%" PRIu64
	    "</text>", PAD, PW - PAD, BASE, BASE, PAD + 2, top);
	ticks(b, lo, hi, w);
	sp_stats_text_str(b, "</svg><figcaption class=\"fig\">");
	sp_stats_text_printf(b, "%" PRIu64 " call%s", calls, calls == 1 ? "" :
	    "s");
	quantiles(b, r);
	sp_stats_text_str(b, "</figcaption></figure>\n");
}

int
sp_report_hist_draw(struct sp_stats_text *b, const struct sp_report_hist *h,
    const struct sp_stats_result *res, const char *id)
{
	uint32_t regions[SP_REPORT_HIST_PLOTS];
	size_t n, i;

	sp_stats_text_printf(b, "<h3 id=\"%s-durations\">Durations</h3>\n", id);
	if ((n = pick(h, res, regions)) == (size_t)-1)
		return -1;
	if (n == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(no calls)</p>\n");
		return 0;
	}
	sp_stats_text_str(b, "<p class=\"legend\">How long the calls of the "
	    "regions with the most own time took: calls counted in bins "
	    "1-2-5 per decade (hover for each bin's range and count), the "
	    "tallest bar's count at the top left.</p>\n"
	    "<div class=\"plots\">\n");
	for (i = 0; i < n; i++)
		plot(b, h, res, regions[i]);
	sp_stats_text_str(b, "</div>\n");
	return 0;
}
