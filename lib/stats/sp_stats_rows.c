/*
 * The display rows of print_summary at the end of a run (doc/stats.md,
 * "The call tree"): a row per call path in the order its first call was
 * met, each with its statistics, its parent's coverage and whether it has children
 * in the table; then a fallback row per region that no path row names.
 */
#include "sp_stats_acc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/* Accounts whose rows are made are let go this many at a time. */
#define RELEASE_STEP 65536

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/*
 * Per-path imbalance: every rank with a call of it, zeros kept
 * (doc/stats.md, "Two imbalances").
 */
static double
path_imbalance(const struct pacc *p)
{
	double max = 0., mean;
	size_t i;

	if (p->nrt < 2)
		return 0.;
	for (i = 0; i < p->nrt; i++)
		if (i == 0 || p->rt[i] > max)
			max = p->rt[i];
	mean = sp_stats_psum(p->rt, p->nrt) / (double)p->nrt;
	/* the reference divides by zero here (a path of zero-length calls) */
	return mean > 0 ? (max / mean - 1.0) * 100.0 : 0.;
}

/*
 * The duration statistics of a path: exact, or estimated.  Exact, its
 * count and extremes are its pool's, where the walk (sp_stats_run.c)
 * puts each call's duration.
 */
static int
path_stats(struct sp_stats_run *r, uint32_t id, struct sp_stats_row *w,
    struct sp_err *e)
{
	const struct pacc *p = &r->tree.pacc[id];
	const struct papx *x = r->tree.papx != NULL ? &r->tree.papx[id] : NULL;
	unsigned what = sp_stats_seq_needed(r);
	struct sp_stats_seq s;
	double pct[3];

	if (r->o.approx) {
		w->calls = p->calls;
		w->min = sp_opt_of(sp_stats_sec(p->dmin));
		w->max = sp_opt_of(sp_stats_sec(p->dmax));
		w->total = sp_opt_of(sp_stats_sec(p->sum));
		w->avg = sp_opt_of(w->total.v / (double)p->calls);
		w->std = sp_opt_of((double)sqrtl(x->w.m2 /
		    (long double)p->calls) / 1e9);
		if (what & SP_SEQ_PCT)
			sp_stats_hist_pct(x->h, SP_CONV_SEC, pct);
	} else {
		if (sp_stats_pool_seq(r, r->ppool, id, SP_CONV_SEC, what, &s,
		    e) < 0)
			return -1;
		w->calls = s.n;
		w->min = sp_opt_of(sp_stats_sec(s.min));
		w->max = sp_opt_of(sp_stats_sec(s.max));
		w->total = sp_opt_of(s.psum);
		w->avg = sp_opt_of(s.mean);
		w->std = sp_opt_of(sqrt(s.dev2 / (double)s.n));
		if (what & SP_SEQ_PCT)
			sp_stats_seq_pct(&s, SP_CONV_SEC, pct);
	}
	if (!(what & SP_SEQ_DEV))
		w->std.set = 0;
	if (!(what & SP_SEQ_PCT))
		return 0;
	w->p50 = sp_opt_of(pct[0]);
	w->p95 = sp_opt_of(pct[1]);
	w->p99 = sp_opt_of(pct[2]);
	return 0;
}

static int
path_row(struct sp_stats_run *r, uint32_t id, struct sp_stats_row *w,
    struct sp_err *e)
{
	const struct pacc *p = &r->tree.pacc[id];
	size_t n;

	memset(w, 0, sizeof *w);
	w->name = sp_stats_paths_name(r->tree.paths, id, &w->name_len);
	if (!r->o.no_path_text) {
		n = sp_stats_paths_text(r->tree.paths, id, NULL, 0) + 1;
		if ((w->call_path = malloc(n)) == NULL)
			return nomem(e);
		sp_stats_paths_text(r->tree.paths, id, w->call_path, n);
	}
	w->path = id;
	w->parent = w->up = UINT32_MAX;
	w->region = UINT32_MAX;
	w->depth = sp_stats_paths_depth(r->tree.paths, id);
	w->num_ranks = p->nranks;
	if (path_stats(r, id, w, e) < 0)
		return -1;
	w->first = sp_opt_of(sp_stats_sec(p->fd));
	w->last = sp_opt_of(sp_stats_sec(p->ld));
	w->exclusive = sp_opt_of(p->excl);
	w->coverage = sp_opt_of(p->cacc);
	if (p->gpun > 0) {
		w->gpu_total = sp_opt_of(p->gpu);
		w->gpu_avg = sp_opt_of(p->gpu / (double)p->gpun);
	}
	w->imbalance = path_imbalance(p);
	w->start = p->fstart;
	w->recursive = p->recursive;
	w->wall_ns = p->wall;
	return 0;
}

/*
 * The accounts of paths [0, to) have their rows: what they hold is freed
 * and their pages given back, so that a large run's rows and accounts are
 * not in memory whole at once (accounts_free finds them zero).
 */
static void
release_accounts(struct sp_stats_run *r, size_t from, size_t to)
{
	struct tree_acc *t = &r->tree;
	size_t i;

	for (i = from; i < to; i++) {
		free(t->pacc[i].rt);
		t->pacc[i].rt = NULL;
		if (t->papx != NULL) {
			sp_stats_hist_free(t->papx[i].h);
			t->papx[i].h = NULL;
		}
	}
	sp_huge_release(t->pacc, to * sizeof *t->pacc);
	if (t->papx != NULL)
		sp_huge_release(t->papx, to * sizeof *t->papx);
}

/* Parents, their coverage, and which rows have rows below them. */
static void
link_rows(struct sp_stats_run *r, struct sp_stats_row *rows, size_t n,
    const uint32_t *row_of_path)
{
	uint32_t up, k;
	size_t i;

	for (i = 0; i < n; i++) {
		up = sp_stats_paths_parent(r->tree.paths, rows[i].path);
		if (up != SP_PATH_NONE && row_of_path[up] != UINT32_MAX) {
			rows[i].parent = row_of_path[up];
			rows[i].parent_coverage =
			    rows[rows[i].parent].coverage;
		}
		for (; up != SP_PATH_NONE;
		    up = sp_stats_paths_parent(r->tree.paths, up))
			if ((k = row_of_path[up]) != UINT32_MAX) {
				if (rows[i].up == UINT32_MAX)
					rows[i].up = k;
				rows[k].has_children = 1;
			}
	}
}

static void
fallback_row(const struct sp_stats_region *g, struct sp_stats_row *w)
{
	const struct sp_stats_flat *f = &g->flat;

	memset(w, 0, sizeof *w);
	w->name = g->name;
	w->name_len = g->name_len;
	w->path = w->parent = w->up = UINT32_MAX;
	w->region = g->id;
	w->fallback = 1;
	w->num_ranks = f->num_ranks;
	w->calls = f->calls;
	w->total = f->total;
	w->avg = f->avg;
	w->min = f->min;
	w->max = f->max;
	w->std = f->std;
	w->p50 = f->p50;
	w->p95 = f->p95;
	w->p99 = f->p99;
	w->first = f->first;
	w->last = f->last;
	w->exclusive = f->exclusive;
	w->coverage = f->coverage;
	w->gpu_total = f->gpu_total;
	w->gpu_avg = f->gpu_avg;
	w->imbalance = f->imbalance;
	w->start = f->start;
	w->wall_ns = g->wall_ns;
}

/*
 * The regions that no path row names get a fallback row.  A row's name
 * is an element, which never holds " > ": such a region always gets one
 * (doc/stats.md, "Names that contain the path separator").
 */
static int
fallbacks(struct sp_stats_run *r, struct sp_err *e)
{
	struct sp_stats_result *res = r->res;
	const struct sp_stats_paths *paths = r->tree.paths;
	uint32_t ne = sp_stats_paths_elems(paths), el;
	uint8_t *named;
	size_t k;

	if ((named = calloc((size_t)ne + 1, 1)) == NULL)
		return nomem(e);
	for (k = 0; k < res->nrows; k++)
		named[sp_stats_paths_elem(paths, res->rows[k].path)] = 1;
	for (k = 0; k < res->nregions; k++) {
		el = sp_stats_paths_region_elem(paths, res->regions[k].id);
		if (el == SP_PATH_NONE || !named[el])
			fallback_row(&res->regions[k],
			    &res->rows[res->nrows++]);
	}
	free(named);
	return 0;
}

int
sp_stats_tree_finish(struct sp_stats_run *r, struct sp_err *e)
{
	struct sp_stats_result *res = r->res;
	const struct sp_stats_paths *paths = r->tree.paths;
	uint32_t np = paths != NULL ? sp_stats_paths_count(paths) : 0;
	uint32_t *row_of_path = NULL, i;
	size_t n = r->tree.nseen, done = 0;
	int rc = 0;

	res->tree = 1;
	if (r->tree.folded) {
		/* --approx past its bound: every region's own row */
		n = 0;
		np = 0;
		res->paths_folded = (uint32_t)r->tree.npacc;
	}
	res->rows = sp_huge_calloc(n + res->nregions + 1, sizeof *res->rows);
	row_of_path = sp_huge_alloc((np + 1) * sizeof *row_of_path);
	if (res->rows == NULL || row_of_path == NULL) {
		free(row_of_path);
		return nomem(e);
	}
	for (i = 0; i < np; i++)
		row_of_path[i] = i < r->tree.npacc && r->tree.pacc[i].seen ?
		    r->tree.pacc[i].index : UINT32_MAX;
	for (i = 0; i < np && rc == 0; i++) {
		if (row_of_path[i] != UINT32_MAX)
			rc = path_row(r, i, &res->rows[row_of_path[i]], e);
		if (i < r->tree.npacc && ((i + 1) % RELEASE_STEP == 0 ||
		    i + 1 == r->tree.npacc)) {
			release_accounts(r, done, (size_t)i + 1);
			done = (size_t)i + 1;
		}
	}
	res->nrows = n;
	if (rc == 0)
		link_rows(r, res->rows, n, row_of_path);
	free(row_of_path);
	return rc == 0 ? fallbacks(r, e) : -1;
}
