/*
 * The rows of a comparison (sp_diff.h): keys in a hash table, each run's
 * values in an array by key (NaN: none), rows made, filtered, sorted and
 * judged at the end.
 */
#include "sp_diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_stats_median.h"
#include "sp_stats_mwu.h"
#include "sp_stats_sort.h"

struct key {
	char *name;
	size_t len;
	uint32_t rank;
	uint64_t hash;
	double *smp[2];		/* samples of each side's one run */
	size_t ns[2], scap[2];
	/* or those samples as a group of a pool (borrowed) */
	struct sp_stats_pool *pool[2];
	uint32_t group[2];
};

struct run {
	int side;
	double *v;		/* by key; NaN or past n: none */
	size_t n, cap;
};

struct sp_diff {
	struct key *keys;
	size_t nkeys, kcap;
	uint32_t *slots;	/* key index + 1; 0: empty */
	size_t nslots;
	struct run *runs;
	size_t nruns, rcap;
	size_t per_side[2];
	struct sp_diff_row *all;	/* every row, in name order */
	size_t nall;
	size_t *shown, nshown;
	size_t *only[2], nonly[2];
	size_t shared, failures;
	double *tmp[2];		/* a side's values of one key */
	struct sp_spill_file *file;	/* the pools' sorts' */
	uint64_t load_max;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_diff *
sp_diff_new(struct sp_err *e)
{
	struct sp_diff *d = calloc(1, sizeof *d);

	if (d == NULL)
		nomem(e);
	return d;
}

static void
drop_rows(struct sp_diff *d)
{
	free(d->all);
	free(d->shown);
	free(d->only[0]);
	free(d->only[1]);
	d->all = NULL;
	d->shown = d->only[0] = d->only[1] = NULL;
	d->nall = d->nshown = d->nonly[0] = d->nonly[1] = 0;
	d->shared = d->failures = 0;
}

void
sp_diff_free(struct sp_diff *d)
{
	size_t i;

	if (d == NULL)
		return;
	drop_rows(d);
	for (i = 0; i < d->nkeys; i++) {
		free(d->keys[i].name);
		free(d->keys[i].smp[0]);
		free(d->keys[i].smp[1]);
	}
	free(d->tmp[0]);
	free(d->tmp[1]);
	for (i = 0; i < d->nruns; i++)
		free(d->runs[i].v);
	free(d->keys);
	free(d->slots);
	free(d->runs);
	free(d);
}

int
sp_diff_run(struct sp_diff *d, int side, struct sp_err *e)
{
	if (sp_grow(&d->runs, &d->rcap, d->nruns + 1, sizeof *d->runs, 8) < 0)
		return nomem(e);
	memset(&d->runs[d->nruns], 0, sizeof d->runs[0]);
	d->runs[d->nruns++].side = side;
	d->per_side[side != 0]++;
	return 0;
}

size_t
sp_diff_runs(const struct sp_diff *d, int side)
{
	return d->per_side[side != 0];
}

/* --- keys --- */

static uint64_t
hash_of(const char *name, size_t len, uint32_t rank)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 0x100000001b3ULL;
	return sp_hash_mix(h ^ rank);
}

static int
rehash(struct sp_diff *d, struct sp_err *e)
{
	size_t n = d->nslots ? d->nslots * 2 : 64, i, s;
	uint32_t *slots = calloc(n, sizeof *slots);

	if (slots == NULL)
		return nomem(e);
	for (i = 0; i < d->nkeys; i++) {
		for (s = d->keys[i].hash & (n - 1); slots[s] != 0;
		    s = (s + 1) & (n - 1))
			;
		slots[s] = (uint32_t)i + 1;
	}
	free(d->slots);
	d->slots = slots;
	d->nslots = n;
	return 0;
}

/* The index of a key, added when new; -1 without memory. */
static long
key_of(struct sp_diff *d, const char *name, size_t len, uint32_t rank,
    struct sp_err *e)
{
	uint64_t h = hash_of(name, len, rank);
	struct key *k;
	size_t s;

	if ((d->nkeys + 1) * 2 > d->nslots && rehash(d, e) < 0)
		return -1;
	for (s = h & (d->nslots - 1); d->slots[s] != 0;
	    s = (s + 1) & (d->nslots - 1)) {
		k = &d->keys[d->slots[s] - 1];
		if (k->hash == h && k->rank == rank && k->len == len &&
		    memcmp(k->name, name, len) == 0)
			return (long)d->slots[s] - 1;
	}
	if (d->nkeys >= UINT32_MAX - 1 || sp_grow(&d->keys, &d->kcap,
	    d->nkeys + 1, sizeof *d->keys, 64) < 0)
		return nomem(e);
	k = &d->keys[d->nkeys];
	memset(k, 0, sizeof *k);
	if ((k->name = malloc(len + 1)) == NULL)
		return nomem(e);
	memcpy(k->name, name, len);
	k->name[len] = '\0';
	k->len = len;
	k->rank = rank;
	k->hash = h;
	d->slots[s] = (uint32_t)++d->nkeys;
	return (long)d->nkeys - 1;
}

int
sp_diff_put(struct sp_diff *d, const char *name, size_t len, uint32_t rank,
    double v, struct sp_err *e)
{
	struct run *r = &d->runs[d->nruns - 1];
	long k = key_of(d, name, len, rank, e);
	size_t i;

	if (k < 0)
		return -1;
	if (sp_grow(&r->v, &r->cap, (size_t)k + 1, sizeof *r->v, 64) < 0)
		return nomem(e);
	for (i = r->n; i <= (size_t)k; i++)
		r->v[i] = NAN;
	if (r->n <= (size_t)k)
		r->n = (size_t)k + 1;
	r->v[k] = v;
	return 0;
}

int
sp_diff_sample(struct sp_diff *d, const char *name, size_t len,
    uint32_t rank, double v, struct sp_err *e)
{
	int side = d->runs[d->nruns - 1].side;
	long k = key_of(d, name, len, rank, e);
	struct key *x;

	if (k < 0)
		return -1;
	x = &d->keys[k];
	if (sp_grow(&x->smp[side], &x->scap[side], x->ns[side] + 1,
	    sizeof *x->smp[side], 8) < 0)
		return nomem(e);
	x->smp[side][x->ns[side]++] = v;
	return 0;
}

int
sp_diff_durations(struct sp_diff *d, const char *name, size_t len,
    uint32_t rank, struct sp_stats_pool *p, uint32_t g, struct sp_err *e)
{
	int side = d->runs[d->nruns - 1].side;
	long k = key_of(d, name, len, rank, e);

	if (k < 0)
		return -1;
	d->keys[k].pool[side] = p;
	d->keys[k].group[side] = g;
	return 0;
}

void
sp_diff_sorting(struct sp_diff *d, struct sp_spill_file *t,
    uint64_t load_max)
{
	d->file = t;
	d->load_max = load_max;
}

/* --- rows --- */

/* The values of key k in side's runs, into d->tmp[side] (*n of them). */
static void
gather(struct sp_diff *d, int side, size_t k, size_t *n)
{
	size_t i;

	*n = 0;
	for (i = 0; i < d->nruns; i++) {
		const struct run *r = &d->runs[i];

		if (r->side == side && k < r->n && !isnan(r->v[k]))
			d->tmp[side][(*n)++] = r->v[k];
	}
}

/* A side's value: its one run's, or its runs' median and interval. */
static void
side_value(struct sp_diff *d, int side, size_t k, struct sp_diff_row *w)
{
	struct sp_opt *v = side ? &w->b : &w->a;
	struct sp_opt *lo = side ? &w->b_lo : &w->a_lo;
	struct sp_opt *hi = side ? &w->b_hi : &w->a_hi;
	double *x = d->tmp[side];
	struct sp_stats_median m;
	size_t n;

	gather(d, side, k, &n);
	*(side ? &w->nb : &w->na) = n;
	if (n == 0)
		return;
	if (d->per_side[side] == 1) {
		*v = sp_opt_of(x[0]);
		return;
	}
	sp_stats_sort_doubles(x, n);
	sp_stats_median_array(x, n, SP_DIFF_CONFIDENCE, &m);
	*v = sp_opt_of(m.center);
	if (m.defined) {
		*lo = sp_opt_of(m.lo);
		*hi = sp_opt_of(m.hi);
	}
}

/* The U test of two groups of pools, each read in order by a sort. */
static int
test_pools(struct sp_diff *d, const struct key *key, struct sp_stats_mwu *u,
    struct sp_err *e)
{
	struct sp_stats_sort *s[2] = { NULL, NULL };
	struct sp_stats_mwu_src src[2];
	int k, rc = -1;

	for (k = 0; k < 2; k++) {
		if ((s[k] = sp_stats_sort_new(key->pool[k], key->group[k],
		    d->load_max, d->file, e)) == NULL)
			goto out;
		src[k].ctx = s[k];
		src[k].next = sp_stats_mwu_next_sort;
	}
	rc = sp_stats_mwu_test(&src[0], &src[1], u, e);
out:
	sp_stats_sort_free(s[0]);
	sp_stats_sort_free(s[1]);
	return rc;
}

/* The U test of one run's samples a side: 1 tested, 0 not, -1 error. */
static int
test_samples(struct sp_diff *d, const struct key *key, struct sp_diff_row *w,
    const struct sp_diff_opts *o, struct sp_stats_mwu *u, struct sp_err *e)
{
	int pools = key->pool[0] != NULL && key->pool[1] != NULL;
	uint64_t n[2];
	int k;

	for (k = 0; k < 2; k++)
		n[k] = pools ? sp_stats_pool_count(key->pool[k],
		    key->group[k]) : key->ns[k];
	if (n[0] < o->min_samples || n[1] < o->min_samples || n[0] == 0 ||
	    n[1] == 0)
		return 0;
	if (pools && d->file == NULL)
		return sp_fail(e, SP_EUSAGE, "diff: pools without a file to "
		    "sort them on");
	if (pools ? test_pools(d, key, u, e) < 0 :
	    sp_stats_mwu_arrays(key->smp[0], key->ns[0], key->smp[1],
	    key->ns[1], u, e) < 0)
		return -1;
	w->na = n[0];
	w->nb = n[1];
	return 1;
}

/* The U test of the runs' values, or of one run's samples a side. */
static int
test(struct sp_diff *d, const struct key *key, struct sp_diff_row *w,
    const struct sp_diff_opts *o, struct sp_err *e)
{
	struct sp_stats_mwu u;
	int rc;

	if (d->per_side[0] > 1 || d->per_side[1] > 1) {
		if (w->na == 0 || w->nb == 0 || w->na + w->nb < 3)
			return 0;
		if (sp_stats_mwu_arrays(d->tmp[0], w->na, d->tmp[1], w->nb,
		    &u, e) < 0)
			return -1;
	} else if ((rc = test_samples(d, key, w, o, &u, e)) <= 0) {
		return rc;
	}
	w->p = sp_opt_of(u.p);
	w->changed = u.p < o->alpha;
	return 0;
}

static int
fails(const struct sp_diff_row *w, const struct sp_diff_opts *o)
{
	if (!w->changed || !w->b.set)
		return 0;
	if (!w->a.set)
		return o->fail_on_new;
	switch (o->budget) {
	case SP_DIFF_BUDGET_PCT:
		return w->pct.set && w->pct.v > o->max;
	case SP_DIFF_BUDGET_ABS:
		return w->delta > o->max;
	default:
		return 0;
	}
}

static int
make_row(struct sp_diff *d, size_t k, struct sp_diff_row *w,
    const struct sp_diff_opts *o, struct sp_err *e)
{
	const struct key *key = &d->keys[k];

	memset(w, 0, sizeof *w);
	w->name = key->name;
	w->len = key->len;
	w->rank = key->rank;
	side_value(d, 0, k, w);
	side_value(d, 1, k, w);
	w->delta = (w->b.set ? w->b.v : 0.) - (w->a.set ? w->a.v : 0.);
	if (w->a.set && w->a.v != 0.)
		w->pct = sp_opt_of(w->delta / w->a.v * 100.);
	w->changed = 1;
	return w->a.set && w->b.set ? test(d, key, w, o, e) : 0;
}

/* Name order: bytes (code points, for UTF-8), then rank. */
static int
cmp_name(const struct sp_diff_row *x, const struct sp_diff_row *y)
{
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static int
by_name(const void *a, const void *b)
{
	return cmp_name(a, b);
}

/* A shown row's place in the sort: none last, then |key| descending. */
struct place {
	int none;
	double mag;
	size_t i;		/* in name order: breaks ties */
};

static int
by_place(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->none != y->none)
		return x->none - y->none;
	if (x->mag != y->mag)
		return x->mag > y->mag ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

static int
sort_shown(struct sp_diff *d, enum sp_diff_sort key, struct sp_err *e)
{
	struct place *p = malloc((d->nshown ? d->nshown : 1) * sizeof *p);
	size_t i;

	if (p == NULL)
		return nomem(e);
	for (i = 0; i < d->nshown; i++) {
		const struct sp_diff_row *w = &d->all[d->shown[i]];

		p[i].i = d->shown[i];
		p[i].none = key == SP_DIFF_SORT_PCT && !w->pct.set;
		p[i].mag = key == SP_DIFF_SORT_NAME || p[i].none ? 0. :
		    fabs(key == SP_DIFF_SORT_PCT ? w->pct.v : w->delta);
	}
	qsort(p, d->nshown, sizeof *p, by_place);
	for (i = 0; i < d->nshown; i++)
		d->shown[i] = p[i].i;
	free(p);
	return 0;
}

static int
kept(const struct sp_diff_row *w, const struct sp_diff_opts *o)
{
	return o->threshold < 0 || !w->pct.set ||
	    fabs(w->pct.v) >= o->threshold;
}

static int
select_rows(struct sp_diff *d, const struct sp_diff_opts *o,
    struct sp_err *e)
{
	size_t i, n = d->nall ? d->nall : 1;

	d->shown = malloc(n * sizeof *d->shown);
	d->only[0] = malloc(n * sizeof *d->only[0]);
	d->only[1] = malloc(n * sizeof *d->only[1]);
	if (d->shown == NULL || d->only[0] == NULL || d->only[1] == NULL)
		return nomem(e);
	for (i = 0; i < d->nall; i++) {
		struct sp_diff_row *w = &d->all[i];

		if (w->a.set && w->b.set)
			d->shared++;
		else
			d->only[w->b.set][d->nonly[w->b.set]++] = i;
		w->fails = fails(w, o);
		d->failures += w->fails != 0;
		if (kept(w, o))
			d->shown[d->nshown++] = i;
	}
	return sort_shown(d, o->sort, e);
}

int
sp_diff_rows(struct sp_diff *d, const struct sp_diff_opts *o,
    struct sp_err *e)
{
	size_t k;

	drop_rows(d);
	free(d->tmp[0]);
	free(d->tmp[1]);
	d->tmp[0] = malloc((d->per_side[0] + 1) * sizeof *d->tmp[0]);
	d->tmp[1] = malloc((d->per_side[1] + 1) * sizeof *d->tmp[1]);
	d->all = malloc((d->nkeys ? d->nkeys : 1) * sizeof *d->all);
	if (d->all == NULL || d->tmp[0] == NULL || d->tmp[1] == NULL)
		return nomem(e);
	for (k = 0; k < d->nkeys; k++) {
		struct sp_diff_row *w = &d->all[d->nall];

		if (make_row(d, k, w, o, e) < 0)
			return -1;
		if (w->a.set || w->b.set)
			d->nall++;
	}
	qsort(d->all, d->nall, sizeof *d->all, by_name);
	return select_rows(d, o, e);
}

size_t
sp_diff_nrows(const struct sp_diff *d)
{
	return d->nshown;
}

const struct sp_diff_row *
sp_diff_row(const struct sp_diff *d, size_t i)
{
	return &d->all[d->shown[i]];
}

size_t
sp_diff_nonly(const struct sp_diff *d, int side)
{
	return d->nonly[side != 0];
}

const struct sp_diff_row *
sp_diff_only(const struct sp_diff *d, int side, size_t i)
{
	return &d->all[d->only[side != 0][i]];
}

size_t
sp_diff_shared(const struct sp_diff *d)
{
	return d->shared;
}

size_t
sp_diff_failures(const struct sp_diff *d)
{
	return d->failures;
}
