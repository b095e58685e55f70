/*
 * print_summary's table: the rows in their order, their (own) rows and
 * the cells of each column (doc/stats.md, "Columns", "The region cell"
 * and "Number formats").  The notes box is
 * sp_stats_notes.c's.
 */
#include "sp_stats_table.h"

#include <stdlib.h>
#include <string.h>

#include "sp_pyrepr.h"
#include "sp_stats_grid.h"
#include "sp_stats_notes.h"
#include "sp_stats_order.h"
#include "sp_stats_text.h"
#include "sp_stats_top.h"

#define SESSION "scope_profiler.session"

static const struct {
	const char *key;
	const char *header;
} cols[SP_COL_COUNT] = {
	{ "region", "region" }, { "ranks", "ranks" }, { "calls", "n" },
	{ "total", "total [s]" }, { "percent", "% session" },
	{ "parent_percent", "% parent" }, { "avg", "avg/call [s]" },
	{ "gpu_total", "gpu total [s]" }, { "gpu_avg", "gpu avg [s]" },
	{ "min", "min [s]" }, { "max", "max [s]" }, { "first", "first [s]" },
	{ "last", "last [s]" }, { "std", "std [s]" }, { "p50", "p50 [s]" },
	{ "p95", "p95 [s]" }, { "p99", "p99 [s]" },
	{ "imbalance", "imbalance [%]" }, { "wall", "wall [s]" },
	{ "self", "self [s]" },
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
column_of(const char *s, size_t n)
{
	int k;

	if (n == 4 && memcmp(s, "name", 4) == 0)
		return SP_COL_REGION;
	for (k = 0; k < SP_COL_COUNT; k++)
		if (strlen(cols[k].key) == n && memcmp(cols[k].key, s, n) == 0)
			return k;
	return -1;
}

/* The reference's ValueError, with Python's list repr of the names. */
static int
unknown(struct sp_stats_text *bad, struct sp_err *e)
{
	struct sp_stats_text m = { 0 };
	int k, rc;

	sp_stats_text_str(&m, "Unknown region summary column(s): [");
	sp_stats_text_add(&m, bad->p, bad->n);
	sp_stats_text_str(&m, "]. Choices: ");
	for (k = 0; k < SP_COL_COUNT; k++) {
		if (k > 0)
			sp_stats_text_str(&m, ", ");
		sp_stats_text_str(&m, cols[k].key);
	}
	rc = m.failed ? nomem(e) : sp_fail(e, SP_EUSAGE, "%s", m.p);
	sp_stats_text_free(&m);
	return rc;
}

int
sp_stats_table_columns(const char *list, enum sp_stats_col *out, size_t *n,
    struct sp_err *e)
{
	struct sp_stats_text bad = { 0 };
	const char *p = list, *q;
	char *r;
	int k, rc = 0;

	*n = 0;
	while (*list != '\0') {
		q = strchr(p, ',');
		q = q != NULL ? q : p + strlen(p);
		if ((k = column_of(p, (size_t)(q - p))) >= 0 &&
		    *n < SP_STATS_COLS_MAX) {
			out[(*n)++] = (enum sp_stats_col)k;
		} else if (k < 0) {
			if (sp_pyrepr(p, (size_t)(q - p), &r, e) < 0)
				return -1;
			sp_stats_text_str(&bad, bad.n ? ", " : "");
			sp_stats_text_str(&bad, r);
			free(r);
		}
		if (*q == '\0')
			break;
		p = q + 1;
	}
	if (bad.n > 0)
		rc = unknown(&bad, e);
	else if (*n == 0)
		rc = sp_fail(e, SP_EUSAGE, "At least one region summary column "
		    "must be selected.");
	sp_stats_text_free(&bad);
	return rc;
}

int
sp_stats_table_sort_key(const char *key, struct sp_err *e)
{
	struct sp_stats_row w;
	int known;

	memset(&w, 0, sizeof w);
	(void)sp_stats_row_key(&w, key, &known);
	if (!known)
		return sp_fail(e, SP_EUSAGE, "'%s' is not a sort key: give "
		    "one of %s", key, sp_stats_sort_keys);
	return 0;
}

/* --- cells --- */

struct table {
	const struct sp_stats_result *res;
	const struct sp_stats_table_opts *o;
	struct sp_opt session;
	int calls_shown;
};

static void
tree_prefix(struct sp_stats_text *b, uint32_t depth)
{
	if (depth == 0)
		return;
	sp_stats_text_rep(b, "\xe2\x94\x82 ", depth - 1);
	sp_stats_text_str(b, "\xe2\x94\x94\xe2\x94\x80 ");
}

static size_t
indent(const struct table *t, uint32_t depth)
{
	return t->o->flat_paths || depth == 0 ? 0 : 2 * (size_t)depth + 1;
}

static void
region_cell(const struct table *t, const struct sp_stats_row *w,
    struct sp_stats_text *b)
{
	if (t->o->flat_paths && w->call_path != NULL) {
		sp_stats_text_str(b, w->call_path);
	} else {
		tree_prefix(b, t->o->flat_paths ? 0 : w->depth);
		sp_stats_text_add(b, w->name, w->name_len);
	}
	if (w->recursive)
		sp_stats_text_str(b, " \xe2\x86\xbb");
	if (!t->calls_shown && w->calls != 1) {
		sp_stats_text_str(b, " (");
		sp_stats_text_count(b, w->calls);
		sp_stats_text_str(b, "x)");
	}
}

/* % session of a row (4.5). */
static struct sp_opt
session_share(const struct table *t, const struct sp_stats_row *w)
{
	if (t->o->pmode == SP_STATS_PCT_COVERAGE)
		return w->coverage;
	if (w->name_len == sizeof SESSION - 1 &&
	    memcmp(w->name, SESSION, w->name_len) == 0)
		return w->total;
	return w->exclusive;
}

static void
row_cell(const struct table *t, const struct sp_stats_row *w,
    enum sp_stats_col c, struct sp_stats_text *b)
{
	if (c == SP_COL_TOTAL || c == SP_COL_PERCENT ||
	    c == SP_COL_PARENT_PERCENT || c == SP_COL_AVG ||
	    c == SP_COL_WALL || c == SP_COL_SELF)
		sp_stats_text_rep(b, " ", indent(t, w->depth));
	switch (c) {
	case SP_COL_REGION:
		region_cell(t, w, b);
		break;
	case SP_COL_RANKS:
		sp_stats_text_printf(b, "%u", w->num_ranks);
		break;
	case SP_COL_CALLS:
		sp_stats_text_count(b, w->calls);
		break;
	case SP_COL_TOTAL:
		sp_stats_text_opt(b, "%.6f", w->total);
		break;
	case SP_COL_PERCENT:
		sp_stats_text_pct(b, session_share(t, w), t->session);
		break;
	case SP_COL_PARENT_PERCENT:
		sp_stats_text_pct(b, w->coverage, w->parent_coverage);
		break;
	case SP_COL_AVG:
		sp_stats_text_opt(b, "%.3e", w->avg);
		break;
	case SP_COL_GPU_TOTAL:
		sp_stats_text_opt(b, "%.6f", w->gpu_total);
		break;
	case SP_COL_IMBALANCE:
		sp_stats_text_printf(b, "%.2f", w->imbalance);
		break;
	case SP_COL_WALL:
		sp_stats_text_printf(b, "%.6f", (double)w->wall_ns / 1e9);
		break;
	case SP_COL_SELF:
		sp_stats_text_opt(b, "%.6f", w->exclusive);
		break;
	default: {
		int known;

		/* min .. p99 and gpu_avg: three decimals, no indent */
		sp_stats_text_opt(b, "%.3f", sp_stats_row_key(w, cols[c].key,
		    &known));
	}
	}
}

/* The (own) row under w: its own time, in the columns that show it. */
static void
own_cell(const struct table *t, const struct sp_stats_row *w,
    enum sp_stats_col c, struct sp_stats_text *b)
{
	size_t in = indent(t, w->depth + 1);

	switch (c) {
	case SP_COL_REGION:
		tree_prefix(b, w->depth + 1);
		sp_stats_text_str(b, "(own)");
		break;
	case SP_COL_TOTAL:
	case SP_COL_SELF:
		sp_stats_text_rep(b, " ", in);
		sp_stats_text_opt(b, "%.6f", w->exclusive);
		break;
	case SP_COL_PERCENT:
		sp_stats_text_rep(b, " ", in);
		sp_stats_text_pct(b, w->exclusive, t->session);
		break;
	case SP_COL_PARENT_PERCENT:
		sp_stats_text_rep(b, " ", in);
		sp_stats_text_pct(b, w->exclusive, w->coverage);
		break;
	case SP_COL_AVG:
		sp_stats_text_rep(b, " ", in);
		if (w->exclusive.set)
			sp_stats_text_printf(b, "%.3e", w->exclusive.v /
			    (double)w->calls);
		else
			sp_stats_text_str(b, "-");
		break;
	default:
		break;
	}
}

/* --- the table --- */

const char *
sp_stats_table_header(enum sp_stats_col c)
{
	return cols[c].header;
}

/* The columns: as given, or region, [percent,] total [, gpu columns]. */
static size_t
columns(const struct sp_stats_result *res, const struct sp_stats_table_opts *o,
    struct sp_opt session, const uint32_t *shown, size_t n,
    enum sp_stats_col *c)
{
	size_t k = 0, i;
	int gpu = 0;

	if (o->columns != NULL) {
		memcpy(c, o->columns, o->ncolumns * sizeof *c);
		return o->ncolumns;
	}
	c[k++] = SP_COL_REGION;
	if (session.set)
		c[k++] = SP_COL_PERCENT;
	c[k++] = SP_COL_TOTAL;
	for (i = 0; i < n && !gpu; i++)
		gpu = res->rows[shown[i]].gpu_total.set;
	if (gpu) {
		c[k++] = SP_COL_GPU_TOTAL;
		c[k++] = SP_COL_GPU_AVG;
	}
	return k;
}

/* S: the total of the first session row in the order (4.5). */
static struct sp_opt
session(const struct sp_stats_result *res, const uint32_t *order, size_t n)
{
	const struct sp_stats_row *w;
	size_t i;

	for (i = 0; i < n; i++) {
		w = &res->rows[order[i]];
		if (w->name_len == sizeof SESSION - 1 &&
		    memcmp(w->name, SESSION, w->name_len) == 0)
			return w->total;
	}
	return (struct sp_opt){ 0., 0 };
}

/* Which shown rows have shown rows below them: they get (own) rows. */
static uint8_t *
parents_shown(const struct sp_stats_result *res, const uint32_t *shown,
    size_t n)
{
	uint8_t *in = calloc(res->nrows + 1, 1), *kids = calloc(res->nrows + 1,
	    1);
	uint32_t up;
	size_t i;

	if (in == NULL || kids == NULL) {
		free(in);
		free(kids);
		return NULL;
	}
	for (i = 0; i < n; i++)
		in[shown[i]] = 1;
	for (i = 0; i < n; i++)
		for (up = res->rows[shown[i]].up; up != UINT32_MAX;
		    up = res->rows[up].up)
			if (in[up])
				kids[up] = 1;
	free(in);
	return kids;
}

void
sp_stats_table_shape_free(struct sp_stats_table_shape *s)
{
	free(s->shown);
	free(s->own);
	memset(s, 0, sizeof *s);
}

int
sp_stats_table_shape(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, struct sp_stats_table_shape *s,
    struct sp_err *e)
{
	size_t n = res->nrows;

	memset(s, 0, sizeof *s);
	if ((s->shown = malloc((n + 1) * sizeof *s->shown)) == NULL)
		return nomem(e);
	if (sp_stats_order_rows(res->rows, n, o->sort, s->shown, e) < 0)
		goto fail;
	s->session = session(res, s->shown, n);
	if (sp_stats_top_rows(res->rows, o->sort, o->top, o->max_depth,
	    s->shown, &n, e) < 0)
		goto fail;
	s->n = n;
	s->ncols = columns(res, o, s->session, s->shown, n, s->cols);
	if (!o->flat_paths &&
	    (s->own = parents_shown(res, s->shown, n)) == NULL) {
		nomem(e);
		goto fail;
	}
	return 0;
fail:
	sp_stats_table_shape_free(s);
	return -1;
}

static int
add_line(const struct table *t, const struct sp_stats_table_shape *s,
    uint32_t row, int own, const struct sp_stats_table_lines *l,
    struct sp_err *e)
{
	const struct sp_stats_row *w = &t->res->rows[row];
	struct sp_stats_text b[SP_STATS_COLS_MAX];
	const char *cell[SP_STATS_COLS_MAX] = { 0 };
	size_t len[SP_STATS_COLS_MAX] = { 0 }, k;
	int rc = 0;

	memset(b, 0, sizeof b);
	for (k = 0; k < s->ncols; k++) {
		if (own)
			own_cell(t, w, s->cols[k], &b[k]);
		else
			row_cell(t, w, s->cols[k], &b[k]);
		cell[k] = b[k].p != NULL ? b[k].p : "";
		len[k] = b[k].n;
		if (b[k].failed)
			rc = -1;
	}
	if (rc == 0)
		rc = l->line(l->ctx, row, own, cell, len, e);
	else
		nomem(e);
	for (k = 0; k < s->ncols; k++)
		sp_stats_text_free(&b[k]);
	return rc;
}

int
sp_stats_table_lines(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const struct sp_stats_table_shape *s,
    const struct sp_stats_table_lines *l, struct sp_err *e)
{
	struct table t = { res, o, s->session, 0 };
	size_t i, k;

	for (k = 0; k < s->ncols; k++)
		t.calls_shown |= s->cols[k] == SP_COL_CALLS;
	for (i = 0; i < s->n; i++) {
		if (add_line(&t, s, s->shown[i], 0, l, e) < 0)
			return -1;
		if (s->own != NULL && s->own[s->shown[i]] &&
		    add_line(&t, s, s->shown[i], 1, l, e) < 0)
			return -1;
	}
	return 0;
}

static int
grid_line(void *ctx, uint32_t row, int own, const char *const *cell,
    const size_t *len, struct sp_err *e)
{
	(void)row;
	(void)own;
	return sp_stats_grid_line(ctx, cell, len, e);
}

static int
draw(const struct sp_stats_result *res, const struct sp_stats_table_opts *o,
    const struct sp_stats_table_shape *s, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	const char *head[SP_STATS_COLS_MAX];
	struct sp_stats_table_lines l = { grid_line, NULL };
	struct sp_stats_grid *g;
	size_t k;
	int rc = -1;

	for (k = 0; k < s->ncols; k++)
		head[k] = cols[s->cols[k]].header;
	if ((g = sp_stats_grid_new(s->ncols, head)) == NULL)
		return nomem(e);
	l.ctx = g;
	if (sp_stats_table_lines(res, o, s, &l, e) == 0)
		rc = sp_stats_grid_write(g, w, ctx, e);
	sp_stats_grid_free(g);
	return rc;
}

int
sp_stats_table_write(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	struct sp_stats_table_shape s;
	int rc;

	if (res->nrows == 0)
		return sp_stats_notes_empty(res, o, w, ctx, e);
	if (sp_stats_table_shape(res, o, &s, e) < 0)
		return -1;
	rc = draw(res, o, &s, w, ctx, e);
	if (rc == 0)
		rc = sp_stats_notes_write(res, o, s.shown, s.n, s.session,
		    s.cols, s.ncols, w, ctx, e);
	sp_stats_table_shape_free(&s);
	return rc;
}
