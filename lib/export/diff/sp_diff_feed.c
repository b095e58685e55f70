/*
 * A run's statistics into a comparison (sp_diff_feed.h): at a run's end
 * the metric's values go to the comparison on the run's side, with the
 * samples of the tests; the runs' labels, paths and rank counts are kept
 * for the sides' titles.
 */
#include "sp_diff_feed.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"

/* A run as the titles name it. */
struct drun {
	char *label, *source;
	uint32_t ranks;
	int side;
};

struct sp_diff_feed {
	struct sp_diff_feed_opts o;
	struct sp_diff *diff;
	struct drun *runs;
	size_t nruns, cap;
	char *title[2], *column[2];
	struct sp_diff_opts ro;		/* the rows' options, as made */
	/* the per-call durations of the runs, while one a side */
	struct sp_stats_pool *pools[4];
	size_t npools;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* --- the options --- */

/* The metrics whose samples within a run are the ranks' totals. */
static int
rank_sampled(const struct sp_diff_feed_opts *o)
{
	return o->keys == SP_DIFF_BY_REGION && (o->metric == SP_DIFF_TOTAL ||
	    o->metric == SP_DIFF_SELF || o->metric == SP_DIFF_WALL ||
	    o->metric == SP_DIFF_SLOWEST);
}

/* The metrics whose samples within a run are the calls' durations. */
static int
call_sampled(const struct sp_diff_feed_opts *o)
{
	return o->keys != SP_DIFF_BY_RANK && !o->approx &&
	    o->metric >= SP_DIFF_AVG && o->metric <= SP_DIFF_P99;
}

static unsigned
need_of(enum sp_diff_metric m)
{
	if (m == SP_DIFF_P50 || m == SP_DIFF_P95 || m == SP_DIFF_P99)
		return SP_STATS_NEED_PCT;
	return m == SP_DIFF_IMBALANCE ? SP_STATS_NEED_IMB : SP_STATS_NEED_SUMS;
}

/* Two needs at once: 0 (everything) wins, the sums alone give way. */
static unsigned
need_both(unsigned a, unsigned b)
{
	if (a == 0 || b == 0)
		return 0;
	if (a == SP_STATS_NEED_SUMS || b == SP_STATS_NEED_SUMS)
		return a == b ? a : (a | b) & SP_STATS_NEED_ALL;
	return a | b;
}

void
sp_diff_feed_want(const struct sp_diff_feed_opts *o,
    struct sp_stats_run_opts *ro)
{
	int first = ro->want == 0;

	ro->want |= o->keys == SP_DIFF_BY_PATH ? SP_STATS_WANT_TREE :
	    o->keys == SP_DIFF_BY_RANK ? SP_STATS_WANT_RANKS :
	    SP_STATS_WANT_REGIONS;
	if (rank_sampled(o))
		ro->want |= SP_STATS_WANT_RANKS;
	if (call_sampled(o))
		ro->hand_out |= SP_STATS_WANT_REGIONS |
		    (o->keys == SP_DIFF_BY_PATH ? SP_STATS_WANT_TREE : 0);
	ro->need = first ? need_of(o->metric) :
	    need_both(ro->need, need_of(o->metric));
	ro->approx = ro->approx || o->approx;
}

struct sp_diff_feed *
sp_diff_feed_new(const struct sp_diff_feed_opts *o, struct sp_err *e)
{
	struct sp_diff_feed *f = calloc(1, sizeof *f);

	if (f == NULL) {
		nomem(e);
		return NULL;
	}
	f->o = *o;
	if ((f->diff = sp_diff_new(e)) == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

void
sp_diff_feed_free(struct sp_diff_feed *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->nruns; i++) {
		free(f->runs[i].label);
		free(f->runs[i].source);
	}
	free(f->runs);
	for (i = 0; i < 2; i++) {
		free(f->title[i]);
		free(f->column[i]);
	}
	/* the pools are read by the comparison's sorts */
	sp_diff_free(f->diff);
	for (i = 0; i < f->npools; i++)
		sp_stats_pool_free(f->pools[i]);
	free(f);
}

void
sp_diff_feed_sorting(struct sp_diff_feed *f, struct sp_stats_run *run)
{
	/* the two sorts of a key's durations: half the budget each */
	sp_diff_sorting(f->diff, sp_stats_run_file(run),
	    f->o.mem / 2 > 4096 ? f->o.mem / 2 : 4096);
}

int
sp_diff_feed_run(struct sp_diff_feed *f, int side, const char *label,
    const char *source, uint32_t ranks, struct sp_err *e)
{
	struct drun *d;

	if (sp_grow(&f->runs, &f->cap, f->nruns + 1, sizeof *f->runs, 4) < 0)
		return nomem(e);
	d = &f->runs[f->nruns++];
	memset(d, 0, sizeof *d);
	d->side = side;
	d->ranks = ranks;
	if ((d->label = strdup(label)) == NULL ||
	    (d->source = strdup(source != NULL ? source : "")) == NULL)
		return nomem(e);
	return sp_diff_run(f->diff, side, e);
}

size_t
sp_diff_feed_runs(const struct sp_diff_feed *f, int side)
{
	return sp_diff_runs(f->diff, side);
}

const struct sp_diff *
sp_diff_feed_diff(const struct sp_diff_feed *f)
{
	return f->diff;
}

/* --- a run's values --- */

/* The metric of a region record; none without calls. */
static struct sp_opt
of_region(const struct sp_stats_region *g, enum sp_diff_metric m)
{
	static const struct sp_opt none;

	if (g->num_calls == 0)
		return none;
	switch (m) {
	case SP_DIFF_TOTAL:
		return sp_opt_of(g->total);
	case SP_DIFF_AVG:
		return sp_opt_of(g->total / (double)g->num_calls);
	case SP_DIFF_MIN:
		return sp_opt_of(g->min);
	case SP_DIFF_MAX:
		return sp_opt_of(g->max);
	case SP_DIFF_P50:
		return sp_opt_of(g->p50);
	case SP_DIFF_P95:
		return sp_opt_of(g->p95);
	case SP_DIFF_P99:
		return sp_opt_of(g->p99);
	case SP_DIFF_CALLS:
		return sp_opt_of((double)g->num_calls);
	case SP_DIFF_IMBALANCE:
		return sp_opt_of(g->rank_imbalance_pct);
	case SP_DIFF_WALL:
		return g->wall_known ? sp_opt_of(g->wall) : none;
	case SP_DIFF_SELF:
		return sp_opt_of(g->exclusive);
	default:
		return sp_opt_of(g->rank_max);
	}
}

/* The metric of a call path's row (no slowest rank: checked before). */
static struct sp_opt
of_row(const struct sp_stats_row *w, enum sp_diff_metric m)
{
	static const struct sp_opt none;
	struct sp_opt p[] = { w->total, w->avg, w->min, w->max, w->p50,
		w->p95, w->p99 };

	if (w->calls == 0)
		return none;
	if (m <= SP_DIFF_P99)
		return p[m];
	switch (m) {
	case SP_DIFF_CALLS:
		return sp_opt_of((double)w->calls);
	case SP_DIFF_IMBALANCE:
		return sp_opt_of(w->imbalance);
	case SP_DIFF_WALL:
		return sp_opt_of((double)w->wall_ns / 1e9);
	default:
		return w->exclusive;
	}
}

/* The metric of a region on one rank (no imbalance, no slowest rank). */
static struct sp_opt
of_rank(const struct sp_stats_rankrec *k, enum sp_diff_metric m)
{
	static const struct sp_opt none;

	if (k->num_calls == 0)
		return none;
	switch (m) {
	case SP_DIFF_TOTAL:
		return sp_opt_of(k->total);
	case SP_DIFF_AVG:
		return sp_opt_of(k->total / (double)k->num_calls);
	case SP_DIFF_MIN:
		return sp_opt_of(k->min);
	case SP_DIFF_MAX:
		return sp_opt_of(k->max);
	case SP_DIFF_P50:
		return k->p50;
	case SP_DIFF_P95:
		return k->p95;
	case SP_DIFF_P99:
		return k->p99;
	case SP_DIFF_CALLS:
		return sp_opt_of((double)k->num_calls);
	case SP_DIFF_WALL:
		return k->wall_known ? sp_opt_of((double)k->wall_ns / 1e9) :
		    none;
	default:
		return sp_opt_of(k->exclusive);
	}
}

static int
put(struct sp_diff_feed *f, const char *name, size_t len, uint32_t rank,
    struct sp_opt v, struct sp_err *e)
{
	return v.set ? sp_diff_put(f->diff, name, len, rank, v.v, e) : 0;
}

/* A run's pool of durations, kept until the end; NULL: none. */
static struct sp_stats_pool *
take_pool(struct sp_diff_feed *f, struct sp_stats_run *run, unsigned what)
{
	struct sp_stats_pool *p = sp_stats_run_durations(run, what);

	if (p != NULL)
		f->pools[f->npools++] = p;
	return p;
}

/* Group g of p as the samples of a key, when it holds all its calls. */
static int
put_durations(struct sp_diff_feed *f, const char *name, size_t len,
    struct sp_stats_pool *p, uint32_t g, uint64_t calls, struct sp_err *e)
{
	if (p == NULL || calls == 0 || sp_stats_pool_count(p, g) != calls)
		return 0;
	return sp_diff_durations(f->diff, name, len, SP_DIFF_NO_RANK, p, g,
	    e);
}

/*
 * Each key's per-call durations, as its samples: taken while the runs
 * are one a side (sp_diff.h tests more runs on their values).
 */
static int
put_calls(struct sp_diff_feed *f, struct sp_stats_run *run,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct sp_stats_pool *rp, *pp;
	size_t i;
	int rc = 0;

	if (sp_diff_runs(f->diff, 0) > 1 || sp_diff_runs(f->diff, 1) > 1)
		return 0;
	rp = take_pool(f, run, SP_STATS_WANT_REGIONS);
	pp = take_pool(f, run, SP_STATS_WANT_TREE);
	if (f->o.keys == SP_DIFF_BY_REGION) {
		for (i = 0; i < res->nregions && rc == 0; i++) {
			const struct sp_stats_region *g = &res->regions[i];

			rc = put_durations(f, g->name, g->name_len, rp, g->id,
			    g->num_calls, e);
		}
		return rc;
	}
	for (i = 0; i < res->nrows && rc == 0; i++) {
		const struct sp_stats_row *w = &res->rows[i];

		if (w->call_path != NULL)
			rc = put_durations(f, w->call_path,
			    strlen(w->call_path), pp, w->path, w->calls, e);
		else
			rc = put_durations(f, w->name, w->name_len, rp,
			    w->region, w->calls, e);
	}
	return rc;
}

/* Each rank's value of the metric, as samples of its region. */
static int
put_samples(struct sp_diff_feed *f, const struct sp_stats_result *res,
    struct sp_err *e)
{
	enum sp_diff_metric m = f->o.metric == SP_DIFF_SLOWEST ?
	    SP_DIFF_TOTAL : f->o.metric;
	size_t i;

	for (i = 0; i < res->nranks; i++) {
		const struct sp_stats_rankrec *k = &res->ranks[i];
		const struct sp_stats_region *g = &res->regions[k->region];
		struct sp_opt v = of_rank(k, m);

		if (v.set && sp_diff_sample(f->diff, g->name, g->name_len,
		    SP_DIFF_NO_RANK, v.v, e) < 0)
			return -1;
	}
	return 0;
}

static int
put_result(struct sp_diff_feed *f, const struct sp_stats_result *res,
    struct sp_err *e)
{
	enum sp_diff_metric m = f->o.metric;
	size_t i;
	int rc = 0;

	switch (f->o.keys) {
	case SP_DIFF_BY_REGION:
		for (i = 0; i < res->nregions && rc == 0; i++)
			rc = put(f, res->regions[i].name,
			    res->regions[i].name_len, SP_DIFF_NO_RANK,
			    of_region(&res->regions[i], m), e);
		break;
	case SP_DIFF_BY_PATH:
		for (i = 0; i < res->nrows && rc == 0; i++) {
			const struct sp_stats_row *w = &res->rows[i];
			const char *p = w->call_path != NULL ? w->call_path :
			    w->name;

			rc = put(f, p, w->call_path != NULL ? strlen(p) :
			    w->name_len, SP_DIFF_NO_RANK, of_row(w, m), e);
		}
		break;
	default:
		for (i = 0; i < res->nranks && rc == 0; i++) {
			const struct sp_stats_rankrec *k = &res->ranks[i];
			const struct sp_stats_region *g =
			    &res->regions[k->region];

			rc = put(f, g->name, g->name_len, k->rank,
			    of_rank(k, m), e);
		}
	}
	return rc;
}

int
sp_diff_feed_result(struct sp_diff_feed *f, struct sp_stats_run *run,
    const struct sp_stats_result *res, struct sp_err *e)
{
	int rc = put_result(f, res, e);

	if (rc == 0 && rank_sampled(&f->o))
		rc = put_samples(f, res, e);
	if (rc == 0 && call_sampled(&f->o))
		rc = put_calls(f, run, res, e);
	return rc;
}

/* --- the end --- */

/* A side's title: its run's "LABEL - PATH (N ranks)", or its runs'. */
static char *
title_of(struct sp_diff_feed *f, int side)
{
	size_t i, n = 64, k = 0;
	char *t, *p;

	for (i = 0; i < f->nruns; i++)
		if (f->runs[i].side == side)
			n += strlen(f->runs[i].label) +
			    strlen(f->runs[i].source) + 32;
	if ((t = p = malloc(n)) == NULL)
		return NULL;
	*t = '\0';
	for (i = 0; i < f->nruns; i++) {
		const struct drun *d = &f->runs[i];

		if (d->side != side)
			continue;
		p += snprintf(p, n - (size_t)(p - t), "%s%s - %s (%" PRIu32
		    " rank%s)", k++ ? "; " : "", d->label, d->source,
		    d->ranks, d->ranks == 1 ? "" : "s");
	}
	return t;
}

/* A side's column: its run's label, or "N runs". */
static char *
column_of(struct sp_diff_feed *f, int side)
{
	size_t i, n = sp_diff_runs(f->diff, side);
	char t[32];

	for (i = 0; n == 1 && i < f->nruns; i++)
		if (f->runs[i].side == side)
			return strdup(f->runs[i].label);
	snprintf(t, sizeof t, "%zu runs", n);
	return strdup(t);
}

int
sp_diff_feed_rows(struct sp_diff_feed *f, struct sp_diff_report *rep,
    struct sp_err *e)
{
	int k;

	f->ro = f->o.rows;
	if (f->ro.min_samples == 0)
		f->ro.min_samples = SP_DIFF_MIN_SAMPLES;
	if (f->ro.budget != SP_DIFF_BUDGET_NONE && !f->o.sort_given)
		f->ro.sort = SP_DIFF_SORT_PCT;
	if (sp_diff_rows(f->diff, &f->ro, e) < 0)
		return -1;
	memset(rep, 0, sizeof *rep);
	rep->metric = f->o.metric;
	rep->keys = f->o.keys;
	rep->opts = &f->ro;
	rep->check = f->ro.budget != SP_DIFF_BUDGET_NONE;
	if (sp_diff_runs(f->diff, 0) > 1 || sp_diff_runs(f->diff, 1) > 1)
		rep->samples = "runs";
	else if (rank_sampled(&f->o))
		rep->samples = "ranks";
	else if (call_sampled(&f->o))
		rep->samples = "calls";
	for (k = 0; k < 2; k++) {
		free(f->title[k]);
		free(f->column[k]);
		if ((f->title[k] = title_of(f, k)) == NULL ||
		    (f->column[k] = column_of(f, k)) == NULL)
			return nomem(e);
		rep->side[k].title = f->title[k];
		rep->side[k].label = f->column[k];
		rep->side[k].runs = sp_diff_runs(f->diff, k);
	}
	return 0;
}
