/* A scaling series and its rows (sp_scale.h). */
#include "sp_scale.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_hash.h"

/* A region's numbers in one run. */
struct in {
	struct sp_scale_val time, imb;
	int seen;
};

struct srun {
	double x;
	char *text;
	struct in *in;		/* one per region */
	size_t cap;
	struct sp_scale_val whole;
	size_t group;
};

struct sreg {
	char *name;
	size_t len;
	size_t seen;		/* runs with calls of it */
};

struct sp_scale {
	struct srun *runs;
	size_t nruns, rcap;
	struct sreg *regs;
	size_t nregs, gcap;
	uint32_t *slots;	/* region index + 1, 0: empty */
	size_t nslots;
	struct sp_scale_point *points;
	size_t npoints;
	struct sp_scale_row *rows;
	size_t nrows, skipped;
	struct sp_scale_cell *cells;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_scale *
sp_scale_new(struct sp_err *e)
{
	struct sp_scale *s = calloc(1, sizeof *s);

	if (s == NULL)
		nomem(e);
	return s;
}

void
sp_scale_free(struct sp_scale *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nruns; i++) {
		free(s->runs[i].text);
		free(s->runs[i].in);
	}
	for (i = 0; i < s->nregs; i++)
		free(s->regs[i].name);
	free(s->runs);
	free(s->regs);
	free(s->slots);
	free(s->points);
	free(s->rows);
	free(s->cells);
	free(s);
}

/* --- the regions of the first run, by name --- */

static uint64_t
hash_of(const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return sp_hash_mix(h);
}

/* The slot of name: its region's, or the empty one it would take. */
static size_t
slot_of(const struct sp_scale *s, const char *name, size_t len)
{
	size_t m = s->nslots - 1, i = (size_t)hash_of(name, len) & m;

	for (;; i = (i + 1) & m) {
		uint32_t k = s->slots[i];

		if (k == 0 || (s->regs[k - 1].len == len &&
		    memcmp(s->regs[k - 1].name, name, len) == 0))
			return i;
	}
}

static int
rehash(struct sp_scale *s, struct sp_err *e)
{
	size_t n = s->nslots ? s->nslots * 2 : 64, i;
	uint32_t *old = s->slots;

	if ((s->slots = calloc(n, sizeof *s->slots)) == NULL) {
		s->slots = old;
		return nomem(e);
	}
	free(old);
	s->nslots = n;
	for (i = 0; i < s->nregs; i++)
		s->slots[slot_of(s, s->regs[i].name, s->regs[i].len)] =
		    (uint32_t)i + 1;
	return 0;
}

/* A region of the first run: new, in its order. */
static long
add_region(struct sp_scale *s, const char *name, size_t len,
    struct sp_err *e)
{
	struct srun *r = &s->runs[0];
	struct sreg *g;

	if ((s->nregs + 1) * 2 > s->nslots && rehash(s, e) < 0)
		return -1;
	if (s->nregs >= UINT32_MAX - 1 ||
	    sp_grow(&s->regs, &s->gcap, s->nregs + 1, sizeof *s->regs, 16) < 0
	    || sp_grow(&r->in, &r->cap, s->nregs + 1, sizeof *r->in, 16) < 0)
		return nomem(e);
	g = &s->regs[s->nregs];
	if ((g->name = malloc(len + 1)) == NULL)
		return nomem(e);
	memcpy(g->name, name, len);
	g->name[len] = '\0';
	g->len = len;
	g->seen = 0;
	memset(&r->in[s->nregs], 0, sizeof *r->in);
	s->slots[slot_of(s, name, len)] = (uint32_t)++s->nregs;
	return (long)s->nregs - 1;
}

/* --- feeding --- */

int
sp_scale_run(struct sp_scale *s, double x, const char *text,
    struct sp_err *e)
{
	struct srun *r;

	if (sp_grow(&s->runs, &s->rcap, s->nruns + 1, sizeof *s->runs, 8) < 0)
		return nomem(e);
	r = &s->runs[s->nruns];
	memset(r, 0, sizeof *r);
	r->x = x;
	if ((r->text = strdup(text)) == NULL)
		return nomem(e);
	s->nruns++;
	if (s->nruns > 1 && s->nregs > 0 &&
	    (r->in = calloc(s->nregs, sizeof *r->in)) == NULL)
		return nomem(e);
	return 0;
}

int
sp_scale_put(struct sp_scale *s, const char *name, size_t len,
    struct sp_scale_val time, struct sp_scale_val imbalance,
    struct sp_err *e)
{
	struct srun *r = &s->runs[s->nruns - 1];
	long k = -1;
	uint32_t slot;

	if (s->nslots > 0 && (slot = s->slots[slot_of(s, name, len)]) != 0)
		k = (long)slot - 1;
	if (k < 0 && s->nruns > 1)
		return 0;	/* not in the first run: not common */
	if (k < 0 && (k = add_region(s, name, len, e)) < 0)
		return -1;
	if (!r->in[k].seen)
		s->regs[k].seen++;
	r->in[k].seen = 1;
	r->in[k].time = time;
	r->in[k].imb = imbalance;
	return 0;
}

int
sp_scale_put_whole(struct sp_scale *s, struct sp_scale_val span,
    struct sp_err *e)
{
	(void)e;
	s->runs[s->nruns - 1].whole = span;
	return 0;
}

size_t
sp_scale_runs(const struct sp_scale *s)
{
	return s->nruns;
}

size_t
sp_scale_regions(const struct sp_scale *s)
{
	return s->nregs;
}

size_t
sp_scale_common(const struct sp_scale *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->nregs; i++)
		n += s->regs[i].seen == s->nruns;
	return n;
}

/* --- the points --- */

static int
by_x(const void *a, const void *b)
{
	double x = ((const struct sp_scale_point *)a)->x;
	double y = ((const struct sp_scale_point *)b)->x;

	return (x > y) - (x < y);
}

static size_t
find_point(const struct sp_scale *s, const struct srun *r, int categorical)
{
	size_t i;

	for (i = 0; i < s->npoints; i++)
		if (categorical ? strcmp(s->points[i].text, r->text) == 0 :
		    s->points[i].x == r->x)
			return i;
	return SIZE_MAX;
}

static int
make_points(struct sp_scale *s, int categorical, struct sp_err *e)
{
	size_t i;

	if ((s->points = calloc(s->nruns, sizeof *s->points)) == NULL)
		return nomem(e);
	for (i = 0; i < s->nruns; i++) {
		struct srun *r = &s->runs[i];

		if (find_point(s, r, categorical) != SIZE_MAX)
			continue;
		s->points[s->npoints].x = categorical ? (double)s->npoints :
		    r->x;
		s->points[s->npoints++].text = r->text;
	}
	if (!categorical)
		qsort(s->points, s->npoints, sizeof *s->points, by_x);
	for (i = 0; i < s->nruns; i++) {
		s->runs[i].group = find_point(s, &s->runs[i], categorical);
		s->points[s->runs[i].group].runs++;
	}
	for (i = 0; i < s->npoints; i++)
		s->points[i].p = categorical ? 0 :
		    s->points[i].x / s->points[0].x;
	return 0;
}

/* --- the rows --- */

static int
usable(struct sp_scale_val v)
{
	return v.set && isfinite(v.v) && v.v > 0;
}

static struct sp_scale_val
val(double v)
{
	struct sp_scale_val r = { v, 1 };

	return r;
}

/* The mean over the runs of group g of the values get() gives. */
static struct sp_scale_val
group_mean(const struct sp_scale *s, size_t g, long reg, int imb)
{
	struct sp_scale_val r = { 0, 0 };
	double sum = 0;
	size_t i, n = 0;

	for (i = 0; i < s->nruns; i++) {
		const struct srun *u = &s->runs[i];
		struct sp_scale_val v;

		if (u->group != g)
			continue;
		v = reg < 0 ? u->whole : imb ? u->in[reg].imb :
		    u->in[reg].time;
		if (imb ? !(v.set && isfinite(v.v)) : !usable(v))
			continue;
		sum += v.v;
		n++;
	}
	if (n > 0)
		r = val(sum / (double)n);
	return r;
}

double
sp_scale_karp_flatt(double sp, double p)
{
	return (1 / sp - 1 / p) / (1 - 1 / p);
}

static void
derive(const struct sp_scale *s, struct sp_scale_row *w,
    const struct sp_scale_opts *o)
{
	double t0 = w->base_time;
	size_t i;

	for (i = 0; i < s->npoints; i++) {
		struct sp_scale_cell *c = &w->cells[i];
		double p = s->points[i].p;

		if (!c->time.set)
			continue;
		c->normalized = val(c->time.v / t0);
		c->weak_efficiency = val(t0 / c->time.v);
		c->speedup = val(t0 / c->time.v);
		if (o->categorical)
			continue;
		c->efficiency = val(c->speedup.v / p);
		if (p > 1)
			c->karp_flatt = val(sp_scale_karp_flatt(c->speedup.v,
			    p));
	}
}

/* The verdict of a row from its last point and the trend of e. */
static void
judge(const struct sp_scale *s, struct sp_scale_row *w,
    const struct sp_scale_opts *o)
{
	const struct sp_scale_cell *first = NULL, *last = NULL;
	double esum = 0, eff;
	size_t i, n = 0;

	for (i = 1; i < s->npoints; i++) {
		const struct sp_scale_cell *c = &w->cells[i];
		int ok = o->mode == SP_SCALE_WEAK ? c->weak_efficiency.set :
		    c->karp_flatt.set;

		if (!ok)
			continue;
		if (first == NULL)
			first = c;
		last = c;
		esum += o->mode == SP_SCALE_WEAK ? 0 : c->karp_flatt.v;
		n++;
	}
	if (last == NULL || (o->categorical && o->mode == SP_SCALE_STRONG))
		return;
	eff = o->mode == SP_SCALE_WEAK ? last->weak_efficiency.v :
	    last->efficiency.v;
	if (last->imbalance.set && last->imbalance.v >= SP_SCALE_IMBALANCED)
		w->verdict = SP_SCALE_IMBALANCE;
	else if (eff > SP_SCALE_SUPER)
		w->verdict = SP_SCALE_SUPERLINEAR;
	else if (eff >= SP_SCALE_GOOD)
		w->verdict = SP_SCALE_SCALES;
	else if (o->mode == SP_SCALE_WEAK || last->speedup.v <= 1 ||
	    (n > 1 && last->karp_flatt.v >
	    SP_SCALE_E_GROWS * first->karp_flatt.v + SP_SCALE_E_NOISE))
		w->verdict = SP_SCALE_OVERHEAD;
	else {
		w->verdict = SP_SCALE_SERIAL;
		w->serial = val(esum / (double)n);
	}
}

/* The row of region reg (-1: the whole run); 0 when it has no baseline. */
static int
fill_row(struct sp_scale *s, struct sp_scale_row *w, long reg,
    const struct sp_scale_opts *o)
{
	size_t i;

	for (i = 0; i < s->npoints; i++) {
		w->cells[i].time = group_mean(s, i, reg, 0);
		if (reg >= 0)
			w->cells[i].imbalance = group_mean(s, i, reg, 1);
	}
	if (!w->cells[0].time.set)
		return 0;
	w->whole = reg < 0;
	w->name = reg < 0 ? NULL : s->regs[reg].name;
	w->len = reg < 0 ? 0 : s->regs[reg].len;
	w->base_time = w->cells[0].time.v;
	derive(s, w, o);
	judge(s, w, o);
	return 1;
}

static int
make_rows(struct sp_scale *s, const struct sp_scale_opts *o,
    struct sp_err *e)
{
	size_t n = s->nregs + 1, i;
	long k;

	if ((s->rows = calloc(n, sizeof *s->rows)) == NULL ||
	    (s->cells = calloc(n * s->npoints, sizeof *s->cells)) == NULL)
		return nomem(e);
	for (k = -1; k < (long)s->nregs; k++) {
		struct sp_scale_row *w = &s->rows[s->nrows];

		if (k >= 0 && s->regs[k].seen != s->nruns)
			continue;
		w->cells = s->cells + s->nrows * s->npoints;
		if (fill_row(s, w, k, o))
			s->nrows++;
		else {
			memset(w->cells, 0, s->npoints * sizeof *w->cells);
			s->skipped += k >= 0;
		}
	}
	for (i = 0; i < s->nrows; i++)
		if (!s->rows[i].whole)
			return 0;
	return sp_fail(e, SP_EDATA, "no region common to all %zu runs has a "
	    "time at the baseline (x = %s)", s->nruns, s->points[0].text);
}

int
sp_scale_compute(struct sp_scale *s, const struct sp_scale_opts *o,
    struct sp_err *e)
{
	if (s->nruns < 2)
		return sp_fail(e, SP_EDATA, "%s: a scaling series needs two "
		    "runs or more", s->nruns == 0 ? "no runs" : "one run");
	if (s->points == NULL && make_points(s, o->categorical, e) < 0)
		return -1;
	if (s->npoints < 2)
		return sp_fail(e, SP_EDATA, "all %zu runs have x = %s: a "
		    "scaling series needs two values of x or more", s->nruns,
		    s->points[0].text);
	if (sp_scale_common(s) == 0)
		return sp_fail(e, SP_EDATA, "no region is common to all %zu "
		    "runs (%zu in the first): compare runs of one case, or "
		    "widen -i/-x/-r", s->nruns, s->nregs);
	return make_rows(s, o, e);
}

size_t
sp_scale_npoints(const struct sp_scale *s)
{
	return s->npoints;
}

const struct sp_scale_point *
sp_scale_point(const struct sp_scale *s, size_t i)
{
	return &s->points[i];
}

size_t
sp_scale_nrows(const struct sp_scale *s)
{
	return s->nrows;
}

const struct sp_scale_row *
sp_scale_row(const struct sp_scale *s, size_t i)
{
	return &s->rows[i];
}

size_t
sp_scale_skipped(const struct sp_scale *s)
{
	return s->skipped;
}

const char *
sp_scale_verdict_name(enum sp_scale_verdict v)
{
	static const char *const names[] = { "-", "scales", "superlinear",
		"serial", "overhead", "imbalance" };

	return names[v];
}

/* The first and last points beyond the baseline with a value of e. */
static void
e_ends(const struct sp_scale *s, const struct sp_scale_row *w, size_t *a,
    size_t *b)
{
	size_t i;

	*a = *b = 0;
	for (i = 1; i < s->npoints; i++)
		if (w->cells[i].karp_flatt.set) {
			if (*a == 0)
				*a = i;
			*b = i;
		}
}

/* The last point with a time. */
static size_t
last_point(const struct sp_scale *s, const struct sp_scale_row *w)
{
	size_t i = s->npoints;

	while (i > 1 && !w->cells[i - 1].time.set)
		i--;
	return i - 1;
}

void
sp_scale_why(const struct sp_scale *s, const struct sp_scale_row *w,
    enum sp_scale_mode mode, char *buf, size_t n)
{
	size_t a, b, l = last_point(s, w);
	const struct sp_scale_cell *c = &w->cells[l];
	double eff = mode == SP_SCALE_WEAK ? c->weak_efficiency.v :
	    c->efficiency.v;
	const char *x = s->points[l].text;

	e_ends(s, w, &a, &b);
	switch (w->verdict) {
	case SP_SCALE_SCALES:
		snprintf(buf, n, "scales: efficiency %.2f at %s", eff, x);
		break;
	case SP_SCALE_SUPERLINEAR:
		snprintf(buf, n, "superlinear: efficiency %.2f at %s (less "
		    "work per rank fits a cache, or the runs differ)", eff, x);
		break;
	case SP_SCALE_SERIAL:
		snprintf(buf, n, "serial work: e = %.2f%% %s (Amdahl: speedup "
		    "at most %.3g)", 100 * w->serial.v, a == b ?
		    "at the one x past the baseline" : "at every x",
		    w->serial.v > 0 ? 1 / w->serial.v : INFINITY);
		break;
	case SP_SCALE_OVERHEAD:
		if (mode == SP_SCALE_WEAK)
			snprintf(buf, n, "overhead: the time grows with p, "
			    "efficiency %.2f at %s", eff, x);
		else if (c->speedup.v <= 1)
			snprintf(buf, n, "overhead: no speedup, %.3g times the "
			    "baseline's time at %s", 1 / c->speedup.v, x);
		else
			snprintf(buf, n, "overhead grows with p: e from %.3f "
			    "at %s to %.3f at %s (communication, "
			    "synchronisation)", w->cells[a].karp_flatt.v,
			    s->points[a].text, w->cells[b].karp_flatt.v,
			    s->points[b].text);
		break;
	case SP_SCALE_IMBALANCE:
		snprintf(buf, n, "imbalance: the slowest rank %.0f%% above "
		    "the mean at %s, efficiency %.2f (a slow rank, not serial "
		    "work)", 100 * c->imbalance.v, x, eff);
		break;
	default:
		snprintf(buf, n, "-");
	}
}
