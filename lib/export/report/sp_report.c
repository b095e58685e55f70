/*
 * sp-report's page (sp_report.h): the escaping, each run's section as
 * text, and the page around the sections.
 */
#include "sp_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_flame_page.h"
#include "sp_report_overview.h"
#include "sp_report_svg.h"
#include "sp_report_text.h"
#include "sp_stats_notes.h"
#include "sp_stats_table.h"
#include "sp_stats_text.h"

extern const char sp_report_style[];
extern const char sp_report_script[];

#define HOT_MAX 8

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* --- text --- */

static void
put(struct sp_stats_text *b, const char *s)
{
	sp_stats_text_str(b, s);
}

static void
escs(struct sp_stats_text *b, enum sp_report_ctx c, const char *s)
{
	sp_report_text_esc(b, c, s, strlen(s));
}

/* A number in JSON: null when it is none. */
static void
jnum(struct sp_stats_text *b, double v)
{
	if (isfinite(v))
		sp_stats_text_printf(b, "%.7g", v);
	else
		put(b, "null");
}

/* --- the run line and metadata --- */

static int
meta_text(const struct sp_cbor *d, const char *key, const char **p,
    size_t *n)
{
	long i = d != NULL ? sp_cbor_map_get(d, 0, key) : -1;

	return i >= 0 && sp_cbor_text(d, (size_t)i, p, n) == 0 && *n > 0;
}

static int
meta_ns(const struct sp_cbor *d, const char *key, int64_t *v)
{
	long i = d != NULL ? sp_cbor_map_get(d, 0, key) : -1;

	return i >= 0 && sp_cbor_int(d, (size_t)i, v) == 0;
}

/* Days from 1970-01-01 of a civil date (Howard Hinnant's algorithm). */
static long
days_of(long y, long m, long d)
{
	long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static void
civil(long z, long *y, long *m, long *d)
{
	long era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

/*
 * An ISO 8601 time stamp (YYYY-MM-DDTHH:MM[:SS[.f]][Z|+HH:MM]) in UTC to
 * the minute; 0 when it is not one.
 */
static int
utc_minutes(const char *p, size_t n, char *out, size_t size)
{
	char s[64];
	long y, mo, d, h, mi, oh = 0, om = 0, t;
	const char *z;
	int k = 0;

	if (n >= sizeof s)
		return 0;
	memcpy(s, p, n);
	s[n] = '\0';
	if (sscanf(s, "%4ld-%2ld-%2ld%*1[T ]%2ld:%2ld%n", &y, &mo, &d, &h, &mi,
	    &k) != 5 || k == 0)
		return 0;
	z = s + k + strcspn(s + k, "+-Z");
	if ((*z == '+' || *z == '-') && sscanf(z + 1, "%2ld:%2ld", &oh, &om) <
	    1)
		return 0;
	t = (days_of(y, mo, d) * 24 + h) * 60 + mi;
	t -= (*z == '-' ? -1 : 1) * (oh * 60 + om);
	civil(t >= 0 ? t / 1440 : (t - 1439) / 1440, &y, &mo, &d);
	t = ((t % 1440) + 1440) % 1440;
	snprintf(out, size, "%04ld-%02ld-%02ld %02ld:%02ld UTC", y, mo, d,
	    t / 60, t % 60);
	return 1;
}

static void
sep(struct sp_stats_text *b, int *first)
{
	if (!*first)
		put(b, " \xc2\xb7 ");
	*first = 0;
}

/* The profiled span: setup to finalize, else the first to the last call. */
static double
span_of(const struct sp_report_run *run, const struct sp_cbor *d)
{
	int64_t a, z;

	if (meta_ns(d, "start_time_ns", &a) && meta_ns(d, "finalize_time_ns",
	    &z) && z >= a)
		return (double)(z - a) / 1e9;
	if (run->has_span)
		return (double)(run->last_ns - run->first_ns) / 1e9;
	return 0;
}

static void
run_line(struct sp_stats_text *b, const struct sp_report_run *run,
    const struct sp_stats_result *res, const struct sp_cbor *d, double span)
{
	const char *p;
	char when[64];
	size_t n;
	int first = 1;

	put(b, "<p class=\"runline\">");
	sep(b, &first);
	put(b, "<span class=\"file\">");
	escs(b, SP_REPORT_TEXT, run->source != NULL ? run->source : "-");
	put(b, "</span>");
	if (meta_text(d, "timestamp", &p, &n) &&
	    utc_minutes(p, n, when, sizeof when)) {
		sep(b, &first);
		put(b, when);
	}
	if (meta_text(d, "hostname", &p, &n)) {
		sep(b, &first);
		sp_report_text_esc(b, SP_REPORT_TEXT, p, n);
	}
	if (meta_text(d, "chip_information", &p, &n)) {
		sep(b, &first);
		sp_report_text_esc(b, SP_REPORT_TEXT, p, n);
	}
	sep(b, &first);
	sp_stats_text_printf(b, "%u rank%s", res->num_ranks,
	    res->num_ranks == 1 ? "" : "s");
	sep(b, &first);
	sp_stats_text_printf(b, "%zu region%s", res->nregions,
	    res->nregions == 1 ? "" : "s");
	if (span > 0) {
		sep(b, &first);
		put(b, "profiled ");
		sp_report_text_secs(b, span, 3);
	}
	put(b, "</p>\n");
}

/* A CBOR value as text: strings as they are, the rest as JSON has it. */
static void
value_text(struct sp_stats_text *b, const struct sp_cbor *d, size_t i,
    int depth)
{
	const struct sp_cbor_node *v = sp_cbor_node(d, i);
	size_t k, c;

	switch (v->type) {
	case SP_CBOR_NODE_TEXT:
		if (depth > 0)
			put(b, "\"");
		sp_report_text_esc(b, SP_REPORT_TEXT, (const char *)v->p, v->len);
		if (depth > 0)
			put(b, "\"");
		return;
	case SP_CBOR_NODE_UINT:
		sp_stats_text_printf(b, "%llu", (unsigned long long)v->u);
		return;
	case SP_CBOR_NODE_NEGINT:
		sp_stats_text_printf(b, "-%llu", (unsigned long long)v->u + 1);
		return;
	case SP_CBOR_NODE_FLOAT:
		sp_stats_text_printf(b, "%.17g", v->f);
		return;
	case SP_CBOR_NODE_BOOL:
		put(b, v->u ? "true" : "false");
		return;
	case SP_CBOR_NODE_ARRAY:
	case SP_CBOR_NODE_MAP:
		put(b, v->type == SP_CBOR_NODE_MAP ? "{" : "[");
		for (c = i + 1, k = 0; c < v->end; c = sp_cbor_node(d, c)->end,
		    k++) {
			if (k > 0)
				put(b, v->type == SP_CBOR_NODE_MAP && k % 2 ?
				    ": " : ", ");
			value_text(b, d, c, depth + 1);
		}
		put(b, v->type == SP_CBOR_NODE_MAP ? "}" : "]");
		return;
	case SP_CBOR_NODE_BYTES:
		sp_stats_text_printf(b, "(%zu bytes)", v->len);
		return;
	default:
		put(b, "null");
	}
}

static void
metadata(struct sp_stats_text *b, const struct sp_cbor *d, const char *id)
{
	const struct sp_cbor_node *m = d != NULL ? sp_cbor_node(d, 0) : NULL;
	size_t c;

	if (m == NULL || m->type != SP_CBOR_NODE_MAP)
		return;
	sp_stats_text_printf(b, "<details class=\"meta\" id=\"%s-meta\">"
	    "<summary>Metadata (%llu keys)</summary>\n<table>\n", id,
	    (unsigned long long)m->u);
	for (c = 1; c < m->end; c = sp_cbor_node(d, c)->end) {
		put(b, "<tr><th>");
		value_text(b, d, c, 0);
		put(b, "</th><td>");
		c = sp_cbor_node(d, c)->end;
		if (c >= m->end)
			break;
		value_text(b, d, c, 0);
		put(b, "</td></tr>\n");
	}
	put(b, "</table></details>\n");
}

/* --- regions by name --- */

struct named {
	const char *name;
	size_t len;
	uint32_t i;
};

static int
named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);

	if (c != 0)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

struct section {
	const struct sp_stats_result *res;
	struct sp_stats_text *b;
	struct named *by_name;
	const char *id;
};

/* The region of a table row: its own for a fallback row, else by name. */
static long
region_of(const struct section *s, const struct sp_stats_row *w)
{
	struct named key = { w->name, w->name_len, 0 }, *hit;

	if (w->fallback)
		return w->region;
	hit = bsearch(&key, s->by_name, s->res->nregions, sizeof key,
	    named_cmp);
	return hit != NULL ? (long)hit->i : -1;
}

static struct named *
index_names(const struct sp_stats_result *res)
{
	struct named *v = malloc((res->nregions + 1) * sizeof *v);
	size_t i;

	if (v == NULL)
		return NULL;
	for (i = 0; i < res->nregions; i++) {
		v[i].name = res->regions[i].name;
		v[i].len = res->regions[i].name_len;
		v[i].i = (uint32_t)i;
	}
	qsort(v, res->nregions, sizeof *v, named_cmp);
	return v;
}

/* --- the overview and the hot spots --- */

static void
region_attr(struct sp_stats_text *b, const struct sp_stats_region *r)
{
	(void)sp_report_region_attr(r->name, r->name_len, sp_report_text_write, b,
	    NULL);
}

static void
bold_name(struct sp_stats_text *b, const struct sp_stats_region *r)
{
	put(b, "<b class=\"rn\"");
	region_attr(b, r);
	put(b, ">");
	sp_report_text_esc(b, SP_REPORT_TEXT, r->name, r->name_len);
	put(b, "</b>");
}

static void
overview(struct sp_stats_text *b, const struct sp_stats_result *res,
    const struct sp_report_overview *ov)
{
	const struct sp_stats_region *r;

	put(b, "<ul class=\"overview\">\n");
	if (ov->dominant != SP_REPORT_NONE) {
		r = &res->regions[ov->dominant];
		put(b, "<li class=\"b-dominant\">");
		bold_name(b, r);
		put(b, " takes the most own time: ");
		sp_report_text_secs(b, r->exclusive, 3);
		sp_stats_text_printf(b, " in %llu call%s, %.1f %% of the time "
		    "in regions.</li>\n", (unsigned long long)r->num_calls,
		    r->num_calls == 1 ? "" : "s", ov->dominant_pct);
	}
	if (ov->largest != SP_REPORT_NONE) {
		r = &res->regions[ov->largest];
		put(b, "<li class=\"b-largest\">");
		bold_name(b, r);
		put(b, " has the largest total, ");
		sp_report_text_secs(b, r->total, 3);
		sp_stats_text_printf(b, ", of which its children take %.1f "
		    "%%.</li>\n", ov->children_pct);
	}
	if (ov->outside)
		sp_stats_text_printf(b, "<li class=\"b-outside\">%.1f %% of the "
		    "session is outside every region.</li>\n",
		    ov->outside_pct);
	if (ov->imbalance != SP_REPORT_NONE) {
		r = &res->regions[ov->imbalance];
		put(b, "<li class=\"b-imbalance\">");
		bold_name(b, r);
		sp_stats_text_printf(b, " is the most imbalanced: the slowest "
		    "rank (%u) spends %.1f %% more than the per-rank average."
		    "</li>\n", ov->imbalance_rank, ov->imbalance_pct);
	}
	if (ov->chatty != SP_REPORT_NONE) {
		r = &res->regions[ov->chatty];
		put(b, "<li class=\"b-chatty\">");
		bold_name(b, r);
		sp_stats_text_printf(b, " is the chattiest: %llu calls at ",
		    (unsigned long long)r->num_calls);
		sp_report_text_secs(b, r->average, 3);
		put(b, " each; timer overhead measurable.</li>\n");
	}
	if (ov->no_calls > 0)
		sp_stats_text_printf(b, "<li class=\"b-nocalls\">%zu region%s "
		    "had no calls on the selected ranks.</li>\n", ov->no_calls,
		    ov->no_calls == 1 ? "" : "s");
	put(b, "</ul>\n");
}

struct hot {
	double own;
	long region;		/* -1: outside any region */
};

static int
hot_cmp(const void *a, const void *b)
{
	const struct hot *x = a, *y = b;

	if (x->own != y->own)
		return x->own > y->own ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

static void
hot_spot(struct sp_stats_text *b, const struct sp_stats_result *res,
    const struct hot *h, const struct sp_report_overview *ov, double top)
{
	const struct sp_stats_region *r = h->region >= 0 ?
	    &res->regions[h->region] : NULL;

	if (r != NULL) {
		put(b, "<div class=\"hs\"");
		region_attr(b, r);
		put(b, "><span class=\"hn\">");
	} else
		put(b, "<div class=\"hs outside\"><span class=\"hn\">");
	if (r != NULL)
		sp_report_text_esc(b, SP_REPORT_TEXT, r->name, r->name_len);
	else
		put(b, "(outside any region)");
	sp_stats_text_printf(b, "</span><span class=\"hb\"><i style=\"width:"
	    "%.1f%%\"></i></span><span class=\"hv\">", 100 * h->own / top);
	sp_report_text_secs(b, h->own, 3);
	if (ov->session_s > 0)
		sp_stats_text_printf(b, " \xc2\xb7 %.1f %%", 100 * h->own /
		    ov->session_s);
	put(b, "</span></div>\n");
}

static int
hot_spots(struct sp_stats_text *b, const struct sp_stats_result *res,
    const struct sp_report_overview *ov, const char *id)
{
	struct hot *h = malloc((res->nregions + 1) * sizeof *h);
	size_t i, n = 0;

	if (h == NULL)
		return -1;
	for (i = 0; i < res->nregions; i++)
		if (i != ov->session && res->regions[i].exclusive > 0)
			h[n++] = (struct hot){ res->regions[i].exclusive,
			    (long)i };
	if (ov->session != SP_REPORT_NONE && ov->outside_s > 0)
		h[n++] = (struct hot){ ov->outside_s, -1 };
	qsort(h, n, sizeof *h, hot_cmp);
	n = n < HOT_MAX ? n : HOT_MAX;
	if (n >= 2) {
		sp_stats_text_printf(b, "<h3 id=\"%s-hot\">Hot spots</h3>\n"
		    "<div class=\"hot\">\n", id);
		for (i = 0; i < n; i++)
			hot_spot(b, res, &h[i], ov, h[0].own);
		put(b, "</div>\n");
	}
	free(h);
	return 0;
}

/* --- the summary tree --- */

struct lines {
	struct section *s;
	const struct sp_stats_table_shape *shape;
	uint32_t line;
};

static int
table_line(void *ctx, uint32_t row, int own, const char *const *cell,
    const size_t *len, struct sp_err *e)
{
	struct lines *l = ctx;
	struct sp_stats_text *b = l->s->b;
	const struct sp_stats_row *w = &l->s->res->rows[row];
	long region = region_of(l->s, w);
	size_t k;

	(void)e;
	sp_stats_text_printf(b, "<tr data-d=\"%u\"", w->depth + (own != 0));
	if (region >= 0) {
		region_attr(b, &l->s->res->regions[region]);
		sp_stats_text_printf(b, " data-ri=\"%ld\"", region);
	}
	put(b, own ? " class=\"own\">" : ">");
	for (k = 0; k < l->shape->ncols; k++) {
		put(b, "<td>");
		sp_report_text_esc(b, SP_REPORT_TEXT, cell[k], len[k]);
		put(b, "</td>");
	}
	put(b, "</tr>\n");
	l->line++;
	return 0;
}

static int
note_line(void *ctx, const char *s, size_t n, struct sp_err *e)
{
	struct sp_stats_text *b = ctx;

	(void)e;
	if (n == 0)
		return 0;
	put(b, "<li>");
	sp_report_text_esc(b, SP_REPORT_TEXT, s, n);
	put(b, "</li>\n");
	return 0;
}

struct ranked {
	double total;
	size_t at;		/* in the table's order */
};

static int
ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/*
 * The rows of the table shown when it may show max: those of the largest
 * total, the earlier of equal ones, and the callers of each (their rows
 * above it, which a total no smaller keeps already but for rounding), in
 * the table's order, into cut (as many as shown); how many.  SIZE_MAX
 * without memory.
 */
static size_t
top_rows(const struct sp_stats_result *res, const uint32_t *shown, size_t n,
    size_t max, uint32_t *cut)
{
	struct ranked *r = malloc((n + 1) * sizeof *r);
	uint8_t *keep = calloc(res->nrows + 1, 1);
	size_t i, k = SIZE_MAX;
	uint32_t u;

	if (r == NULL || keep == NULL)
		goto out;
	for (i = 0; i < n; i++) {
		r[i].total = res->rows[shown[i]].total.set ?
		    res->rows[shown[i]].total.v : -HUGE_VAL;
		r[i].at = i;
	}
	qsort(r, n, sizeof *r, ranked_cmp);
	for (i = 0; i < max && i < n; i++)
		for (u = shown[r[i].at]; u < res->nrows && !keep[u];
		    u = res->rows[u].up)
			keep[u] = 1;
	for (i = k = 0; i < n; i++)
		if (keep[shown[i]])
			cut[k++] = shown[i];
out:
	free(r);
	free(keep);
	return k;
}

/* What the table leaves out, and how to see it. */
static void
rows_left(struct sp_stats_text *b, const struct sp_stats_result *res,
    const struct sp_stats_table_shape *all,
    const struct sp_stats_table_shape *cut)
{
	size_t kept = cut->n;
	double self = 0, out = 0;
	size_t i, j = 0;

	for (i = 0; i < all->n; i++) {
		const struct sp_stats_row *w = &res->rows[all->shown[i]];
		double x = w->exclusive.set && w->exclusive.v > 0 ?
		    w->exclusive.v : 0;

		self += x;
		if (j < kept && all->shown[i] == cut->shown[j])
			j++;
		else
			out += x;
	}
	sp_stats_text_printf(b, "<p class=\"rows-cut\">%zu of %zu rows shown, "
	    "those of the largest total time with their callers; the other "
	    "%zu hold %.2f %% of the own time in regions.  <code>sp-stats "
	    "--call-paths</code> lists every call path, <code>sp-report "
	    "--rows 0</code> shows every row.</p>\n", kept, all->n,
	    all->n - kept, self > 0 ? 100 * out / self : 0.0);
}

static int
summary(struct section *s, const struct sp_report_opts *o, struct sp_err *e)
{
	struct sp_stats_table_opts t;
	struct sp_stats_table_shape shape, cut;
	struct lines l = { s, &cut, 0 };
	struct sp_stats_table_lines tl = { table_line, &l };
	struct sp_stats_text *b = s->b;
	size_t k;
	int rc;

	sp_stats_text_printf(b, "<h3 id=\"%s-summary\">Summary</h3>\n", s->id);
	if (s->res->nrows == 0) {
		put(b, "<p class=\"empty\">(no regions recorded)</p>\n");
		return 0;
	}
	memset(&t, 0, sizeof t);
	t.cwd = o->cwd;
	t.top = -1;
	t.max_depth = -1;
	if (sp_stats_table_shape(s->res, &t, &shape, e) < 0)
		return -1;
	cut = shape;
	if (o->rows > 0 && shape.n > o->rows) {
		cut.shown = malloc(shape.n * sizeof *cut.shown);
		if (cut.shown == NULL || (cut.n = top_rows(s->res, shape.shown,
		    shape.n, o->rows, cut.shown)) == SIZE_MAX) {
			free(cut.shown);
			sp_stats_table_shape_free(&shape);
			return nomem(e);
		}
	}
	put(b, "<div class=\"tools\"><button type=\"button\" data-act=\""
	    "collapse\">Collapse all</button> <button type=\"button\" "
	    "data-act=\"expand\">Expand all</button></div>\n"
	    "<div class=\"scroll\"><table class=\"tree\"><thead><tr>");
	for (k = 0; k < shape.ncols; k++)
		sp_stats_text_printf(b, "<th data-k=\"%zu\">%s</th>", k,
		    sp_stats_table_header(shape.cols[k]));
	put(b, "</tr></thead>\n<tbody>\n");
	rc = sp_stats_table_lines(s->res, &t, &cut, &tl, e);
	put(b, "</tbody></table></div>\n");
	if (cut.n < shape.n)
		rows_left(b, s->res, &shape, &cut);
	if (cut.shown != shape.shown)
		free(cut.shown);
	put(b, "<ul class=\"notes\">\n");
	if (rc == 0)
		rc = sp_stats_notes_each(s->res, &t, shape.shown, shape.n,
		    shape.session, shape.cols, shape.ncols, note_line, b, e);
	put(b, "</ul>\n");
	sp_stats_table_shape_free(&shape);
	return rc;
}

/* The names and per-rank records the script shows, as JSON. */
static void
data(struct sp_stats_text *b, const struct sp_stats_result *res)
{
	const struct sp_stats_rankrec *k;
	size_t i, j = 0;

	put(b, "<script type=\"application/json\" class=\"sp-data\">"
	    "{\"names\":[");
	for (i = 0; i < res->nregions; i++) {
		put(b, i ? ",\"" : "\"");
		sp_report_text_esc(b, SP_REPORT_JSON, res->regions[i].name,
		    res->regions[i].name_len);
		put(b, "\"");
	}
	put(b, "],\n\"ranks\":[");
	for (i = 0; i < res->nregions; i++) {
		put(b, i ? ",\n[" : "[");
		for (; j < res->nranks && res->ranks[j].region == i; j++) {
			k = &res->ranks[j];
			if (k->num_calls == 0)
				continue;
			sp_stats_text_printf(b, "%s[%u,%llu,", b->n == 0 ||
			    b->p[b->n - 1] == '[' ? "" : ",", k->rank,
			    (unsigned long long)k->num_calls);
			jnum(b, k->total);
			put(b, ",");
			jnum(b, k->average);
			put(b, ",");
			jnum(b, k->min);
			put(b, ",");
			jnum(b, k->max);
			put(b, "]");
		}
		put(b, "]");
	}
	put(b, "]}</script>\n");
}

/* --- the page --- */

struct sp_report {
	struct sp_report_opts o;
	struct sp_stats_text *sec;	/* the sections */
	char **labels;
	size_t n, cap;
	size_t regions;			/* over every run */
	size_t flames;			/* runs with a flame graph */
	struct sp_stats_text across, across_nav;	/* the comparisons */
};

struct sp_report *
sp_report_new(const struct sp_report_opts *o, struct sp_err *e)
{
	struct sp_report *p = calloc(1, sizeof *p);

	if (p == NULL) {
		nomem(e);
		return NULL;
	}
	if (o != NULL)
		p->o = *o;
	return p;
}

void
sp_report_free(struct sp_report *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->n; i++) {
		sp_stats_text_free(&p->sec[i]);
		free(p->labels[i]);
	}
	free(p->sec);
	free(p->labels);
	sp_stats_text_free(&p->across);
	sp_stats_text_free(&p->across_nav);
	free(p);
}

void
sp_report_put_across(struct sp_report *p, struct sp_stats_text *b,
    struct sp_stats_text *nav)
{
	sp_stats_text_free(&p->across);
	sp_stats_text_free(&p->across_nav);
	p->across = *b;
	p->across_nav = *nav;
	memset(b, 0, sizeof *b);
	memset(nav, 0, sizeof *nav);
}

size_t
sp_report_runs(const struct sp_report *p)
{
	return p->n;
}

static int
grow(struct sp_report *p)
{
	size_t cap = p->cap ? 2 * p->cap : 4;
	struct sp_stats_text *s;
	char **l;

	if (p->n < p->cap)
		return 0;
	if ((s = realloc(p->sec, cap * sizeof *s)) == NULL)
		return -1;
	p->sec = s;
	if ((l = realloc(p->labels, cap * sizeof *l)) == NULL)
		return -1;
	p->labels = l;
	p->cap = cap;
	return 0;
}

static int
section(struct sp_report *p, struct section *s,
    const struct sp_report_run *run, const struct sp_cbor *d,
    struct sp_err *e)
{
	struct sp_report_overview ov;
	struct sp_stats_text *b = s->b;
	double span = span_of(run, d);
	int rc = 0;

	sp_report_overview(s->res, span, &ov);
	sp_stats_text_printf(b, "<section class=\"run\" id=\"%s\">\n<h2>", s->id);
	escs(b, SP_REPORT_TEXT, run->label);
	put(b, "</h2>\n");
	run_line(b, run, s->res, d, span);
	sp_stats_text_printf(b, "<h3 id=\"%s-overview\">Overview</h3>\n", s->id);
	overview(b, s->res, &ov);
	if (hot_spots(b, s->res, &ov, s->id) < 0)
		return nomem(e);
	if (summary(s, &p->o, e) < 0)
		return -1;
	if (sp_report_svg_heatmap(b, s->res, s->id) < 0 ||
	    sp_report_svg_imbalance(b, s->res, s->id) < 0)
		return nomem(e);
	if (run->calls != NULL && sp_report_calls_draw(b, run->calls, s->res,
	    run->source, s->id) < 0)
		return nomem(e);
	if (run->calls != NULL && (rc = sp_report_calls_flame(b, run->calls,
	    run->label, s->id, e)) < 0)
		return -1;
	p->flames += rc > 0;
	metadata(b, d, s->id);
	data(b, s->res);
	put(b, "</section>\n");
	return 0;
}

/* The run's metadata parsed into *d (NULL when it has none or it is
 * malformed): -1 (SP_ENOMEM) only when memory ran out. */
static int
parse_meta(const struct sp_report_run *run, struct sp_cbor **d,
    struct sp_err *e)
{
	size_t used, need;
	int rc;

	*d = NULL;
	if (run->metadata == NULL || run->metadata_len == 0)
		return 0;
	if ((*d = sp_cbor_new()) == NULL)
		return nomem(e);
	rc = sp_cbor_parse(*d, run->metadata, run->metadata_len,
	    run->metadata_len, &used, &need, e);
	if (rc != 1) {
		sp_cbor_free(*d);
		*d = NULL;
		if (rc < 0 && e->status == SP_ENOMEM)
			return -1;
		sp_err_clear(e);
	}
	return 0;
}

int
sp_report_add(struct sp_report *p, const struct sp_report_run *run,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct sp_stats_text b = { 0 };
	struct section s;
	struct sp_cbor *d;
	char id[32];
	int rc;

	if (grow(p) < 0)
		return nomem(e);
	snprintf(id, sizeof id, "r%zu", p->n + 1);
	s.res = res;
	s.b = &b;
	s.id = id;
	if ((s.by_name = index_names(res)) == NULL)
		return nomem(e);
	if (parse_meta(run, &d, e) < 0) {
		free(s.by_name);
		return -1;
	}
	rc = section(p, &s, run, d, e);
	sp_cbor_free(d);
	free(s.by_name);
	if (rc == 0 && b.failed)
		rc = nomem(e);
	if (rc == 0 && (p->labels[p->n] = strdup(run->label)) == NULL)
		rc = nomem(e);
	if (rc < 0) {
		sp_stats_text_free(&b);
		return -1;
	}
	p->sec[p->n++] = b;
	p->regions += res->nregions;
	return 0;
}

static void
head(const struct sp_report *p, struct sp_stats_text *b)
{
	size_t i;

	put(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<title>");
	if (p->o.title != NULL) {
		escs(b, SP_REPORT_TEXT, p->o.title);
	} else {
		put(b, "sp-report");
		for (i = 0; i < p->n; i++) {
			put(b, i ? ", " : ": ");
			escs(b, SP_REPORT_TEXT, p->labels[i]);
		}
	}
	put(b, "</title>\n<style>\n");
	put(b, sp_report_style);
	put(b, "</style>\n</head>\n<body>\n<header>\n<h1>");
	escs(b, SP_REPORT_TEXT, p->o.title != NULL ? p->o.title :
	    "sp-report");
	put(b, "</h1>\n<nav id=\"contents\"><h2>Contents</h2><ul>\n");
	sp_stats_text_add(b, p->across_nav.p, p->across_nav.n);
	for (i = 0; i < p->n; i++) {
		sp_stats_text_printf(b, "<li><a href=\"#r%zu\">", i + 1);
		escs(b, SP_REPORT_TEXT, p->labels[i]);
		sp_stats_text_printf(b, "</a>: <a href=\"#r%zu-overview\">"
		    "overview</a>, <a href=\"#r%zu-summary\">summary</a>, "
		    "<a href=\"#r%zu-pictures\">pictures</a>, <a href=\"#r%zu-"
		    "flame\">flame graph</a></li>\n", i + 1, i + 1, i + 1, i + 1);
	}
	sp_stats_text_printf(b, "</ul></nav>\n<div id=\"filter\"><label>"
	    "Filter regions <input id=\"filter-box\" type=\"search\" "
	    "placeholder=\"mpi, ^solve\" autocomplete=\"off\"></label> "
	    "<span id=\"filter-count\">%zu of %zu regions</span></div>\n"
	    "</header>\n<main>\n", p->regions, p->regions);
}

int
sp_report_write(const struct sp_report *p, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	struct sp_stats_text b = { 0 };
	size_t i;
	int rc;

	head(p, &b);
	if (b.failed) {
		sp_stats_text_free(&b);
		return nomem(e);
	}
	rc = w(ctx, b.p, b.n, e);
	if (rc == 0 && p->across.n > 0)
		rc = w(ctx, p->across.p, p->across.n, e);
	for (i = 0; i < p->n && rc == 0; i++)
		rc = w(ctx, p->sec[i].p, p->sec[i].n, e);
	b.n = 0;
	put(&b, "</main>\n");
	/* sp-flame's script draws the flame graphs, before the page's own
	 * script marks their frames */
	if (p->flames > 0) {
		put(&b, "<script>\n");
		put(&b, sp_flame_page_script());
		put(&b, "</script>\n");
	}
	put(&b, "<script>\n");
	put(&b, sp_report_script);
	put(&b, "</script>\n</body>\n</html>\n");
	if (rc == 0)
		rc = b.failed ? nomem(e) : w(ctx, b.p, b.n, e);
	sp_stats_text_free(&b);
	return rc;
}
