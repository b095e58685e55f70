#include "sp_stats_views.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sp_stats_grid.h"
#include "sp_stats_notes.h"

#define MAX_COLS 128

static const char *const rank_notes[] = {
	"Durations are in seconds.",
	"vs mean [%]: a rank's total over the mean of its region's rank "
	    "totals, minus 1.",
	"max/mean-1 [%]: the same for the slowest rank (Caliper's "
	    "imbalance), over every rank",
	"with a row of the region; imbalance [%] is the reference's: over "
	    "the ranks whose total",
	"is above 0, and 0 when fewer than two are.",
};

static const char *const lane_notes[] = {
	"Durations are in seconds.",
	"Lanes are named as sp-speedscope names their profiles; wall [s] "
	    "counts the outermost",
	"calls of the region on the lane once.",
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

void
sp_stats_value_text(struct sp_stats_text *b, const struct sp_stats_value *v,
    const char *fmt)
{
	size_t k;

	switch (v->t) {
	case SP_STATS_VALUE_NULL:
		sp_stats_text_str(b, "-");
		break;
	case SP_STATS_VALUE_INT:
		sp_stats_text_printf(b, "%" PRId64, v->i);
		break;
	case SP_STATS_VALUE_DBL:
		sp_stats_text_printf(b, fmt != NULL ? fmt : "%.6f", v->d);
		break;
	case SP_STATS_VALUE_BOOL:
		sp_stats_text_str(b, v->i ? "true" : "false");
		break;
	case SP_STATS_VALUE_STR:
		sp_stats_text_add(b, v->s, v->n);
		break;
	case SP_STATS_VALUE_STRS:
		for (k = 0; k < v->nv; k++) {
			sp_stats_text_str(b, k ? ", " : "");
			sp_stats_text_str(b, v->v[k]);
		}
		break;
	}
}

/* The table's columns: the view's defaults, or --columns' keys. */
static size_t
text_columns(const struct sp_stats_view *v, const char *list,
    const struct sp_stats_field **f)
{
	const char *p = list, *q;
	char key[128];
	size_t n = 0, k;

	if (list == NULL) {
		for (k = 0; k < v->ntext; k++)
			f[n++] = sp_stats_view_field(v, v->text[k]);
		return n;
	}
	for (;;) {
		q = strchr(p, ',');
		k = q != NULL ? (size_t)(q - p) : strlen(p);
		if (k < sizeof key && n < MAX_COLS) {
			memcpy(key, p, k);
			key[k] = '\0';
			if ((f[n] = sp_stats_view_field(v, key)) != NULL)
				n++;
		}
		if (q == NULL)
			return n;
		p = q + 1;
	}
}

static int
grid_line(struct sp_stats_grid *g, const struct sp_stats_result *res,
    const struct sp_stats_field *const *f, size_t nc, size_t i,
    struct sp_err *e)
{
	struct sp_stats_text b[MAX_COLS];
	const char *cell[MAX_COLS] = { 0 };
	size_t len[MAX_COLS] = { 0 }, k;
	struct sp_stats_value x;
	int rc = 0;

	memset(b, 0, sizeof b);
	for (k = 0; k < nc; k++) {
		memset(&x, 0, sizeof x);
		f[k]->get(res, i, &x);
		sp_stats_value_text(&b[k], &x, f[k]->fmt);
		cell[k] = b[k].p != NULL ? b[k].p : "";
		len[k] = b[k].n;
		rc |= b[k].failed;
	}
	rc = rc ? nomem(e) : sp_stats_grid_line(g, cell, len, e);
	for (k = 0; k < nc; k++)
		sp_stats_text_free(&b[k]);
	return rc;
}

/* Records order[0 .. n) of a view as a table, after a heading (if any). */
static int
view_grid(const struct sp_stats_result *res, const struct sp_stats_view *v,
    const char *columns, const char *heading, const uint32_t *order,
    size_t n, sp_write_fn *w, void *ctx, struct sp_err *e)
{
	const struct sp_stats_field *f[MAX_COLS];
	const char *head[MAX_COLS];
	struct sp_stats_grid *g;
	size_t nc = text_columns(v, columns, f), i;
	int rc = -1;

	for (i = 0; i < nc; i++)
		head[i] = f[i]->header != NULL ? f[i]->header : f[i]->key;
	if ((g = sp_stats_grid_new(nc, head)) == NULL)
		return nomem(e);
	for (i = 0; i < n; i++)
		if (grid_line(g, res, f, nc, order[i], e) < 0)
			goto out;
	if ((heading != NULL && (w(ctx, heading, strlen(heading), e) < 0 ||
	    w(ctx, "\n", 1, e) < 0)) || sp_stats_grid_write(g, w, ctx, e) < 0)
		goto out;
	rc = 0;
out:
	sp_stats_grid_free(g);
	return rc;
}

/* A view's records in o's order as a table. */
static int
view_table(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, const struct sp_stats_view *v,
    const char *heading, sp_write_fn *w, void *ctx, struct sp_err *e)
{
	uint32_t *order;
	size_t n;
	int rc;

	if ((order = malloc((v->count(res) + 1) * sizeof *order)) == NULL)
		return nomem(e);
	rc = sp_stats_records_order(res, o, v, order, &n, e);
	if (rc == 0)
		rc = view_grid(res, v, o->columns, heading, order, n, w, ctx,
		    e);
	free(order);
	return rc;
}

/*
 * --by rank: the spread per region (in the sort if it is a region key),
 * of the regions that the lines per rank show, then those lines.
 */
static int
rank_tables(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	const struct sp_stats_view *v = sp_stats_view_of(SP_STATS_BY_RANK, 0);
	const struct sp_stats_view *regions = sp_stats_view_of(
	    SP_STATS_BY_REGION, 0);
	struct sp_stats_export_opts ro = *o;
	uint32_t *order = malloc((res->nranks + 1) * sizeof *order);
	uint32_t *rorder = malloc((res->nregions + 1) * sizeof *rorder);
	uint8_t *shown = calloc(res->nregions + 1, 1);
	size_t n, nr, i, k = 0;
	int rc = -1;

	ro.sort = o->sort != NULL && strcmp(o->sort, "rank") != 0 &&
	    strcmp(o->sort, "imbalance") != 0 ? o->sort : NULL;
	ro.top = -1;
	if (order == NULL || rorder == NULL || shown == NULL) {
		nomem(e);
		goto out;
	}
	if (sp_stats_records_order(res, o, v, order, &n, e) < 0 ||
	    sp_stats_records_order(res, &ro, regions, rorder, &nr, e) < 0)
		goto out;
	for (i = 0; i < n; i++)
		shown[res->ranks[order[i]].region] = 1;
	for (i = 0; i < nr; i++)
		if (o->top < 0 || shown[rorder[i]])
			rorder[k++] = rorder[i];
	if (view_grid(res, regions, NULL, "Per region, over its ranks:",
	    rorder, k, w, ctx, e) < 0 || w(ctx, "\n", 1, e) < 0 ||
	    view_grid(res, v, o->columns, "Per rank:", order, n, w, ctx, e) < 0)
		goto out;
	rc = 0;
out:
	free(order);
	free(rorder);
	free(shown);
	return rc;
}

int
sp_stats_views_text(const struct sp_stats_result *res,
    const struct sp_stats_export_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	struct sp_stats_export_opts vo = *o;
	int rc;

	vo.call_paths = 0;	/* these tables have no rows per path */
	o = &vo;
	if (o->by == SP_STATS_BY_RANK) {
		if (rank_tables(res, o, w, ctx, e) < 0)
			return -1;
		rc = o->suppress_notes ? 0 : sp_stats_notes_box(rank_notes,
		    sizeof rank_notes / sizeof *rank_notes, w, ctx, e);
	} else {
		if (view_table(res, o, sp_stats_view_of(o->by, 0), NULL, w,
		    ctx, e) < 0)
			return -1;
		rc = o->suppress_notes ? 0 : sp_stats_notes_box(lane_notes,
		    sizeof lane_notes / sizeof *lane_notes, w, ctx, e);
	}
	return rc < 0 ? -1 : w(ctx, "\n", 1, e);
}
