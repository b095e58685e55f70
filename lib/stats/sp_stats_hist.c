#include "sp_stats_hist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXACT 128		/* values below have a bucket each */
#define SUB 64			/* buckets per power of two above */

static const double pct_q[3] = { 50, 95, 99 };

struct sp_stats_hist {
	uint64_t exact[EXACT];
	uint64_t *log;		/* buckets lo .. lo + nlog - 1 */
	int32_t lo;
	size_t nlog;
	uint64_t count;
	int64_t min, max;
};

size_t
sp_stats_hist_bytes(const struct sp_stats_hist *h)
{
	return h != NULL ? sizeof *h + h->nlog * sizeof *h->log : 0;
}

struct sp_stats_hist *
sp_stats_hist_new(void)
{
	return calloc(1, sizeof(struct sp_stats_hist));
}

void
sp_stats_hist_free(struct sp_stats_hist *h)
{
	if (h == NULL)
		return;
	free(h->log);
	free(h);
}

void
sp_stats_hist_reset(struct sp_stats_hist *h)
{
	memset(h->exact, 0, sizeof h->exact);
	if (h->nlog > 0)
		memset(h->log, 0, h->nlog * sizeof *h->log);
	h->count = 0;
}

uint64_t
sp_stats_hist_count(const struct sp_stats_hist *h)
{
	return h->count;
}

/*
 * v >= 128 is m 2^s with m in [64, 128): bucket (s - 1) 64 + m - 64, by
 * bits alone (no logarithm: it runs once per call).
 */
static int32_t
bucket(int64_t v)
{
	int e = 63 - __builtin_clzll((unsigned long long)v);
	int s = e - 6;

	return (int32_t)((s - 1) * SUB + (int)((uint64_t)v >> s) - SUB);
}

/* The bounds [l, u) of bucket i. */
static void
bounds(int32_t i, double *l, double *u)
{
	int s = i / SUB + 1;
	double m = (double)(i % SUB + SUB);

	*l = ldexp(m, s);
	*u = ldexp(m + 1, s);
}

/* The buckets widened to hold index i. */
static int
cover(struct sp_stats_hist *h, int32_t i, struct sp_err *e)
{
	int32_t lo = h->nlog ? (i < h->lo ? i : h->lo) : i;
	int32_t hi = h->nlog ? (i > h->lo + (int32_t)h->nlog - 1 ? i :
	    h->lo + (int32_t)h->nlog - 1) : i;
	size_t n = (size_t)(hi - lo + 1);
	uint64_t *p;

	if ((p = calloc(n, sizeof *p)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	if (h->nlog)
		memcpy(p + (h->lo - lo), h->log, h->nlog * sizeof *p);
	free(h->log);
	h->log = p;
	h->lo = lo;
	h->nlog = n;
	return 0;
}

int
sp_stats_hist_add(struct sp_stats_hist *h, int64_t v, struct sp_err *e)
{
	int32_t i;

	if (v < 0)
		v = 0;
	if (h->count == 0 || v < h->min)
		h->min = v;
	if (h->count == 0 || v > h->max)
		h->max = v;
	h->count++;
	if (v < EXACT) {
		h->exact[v]++;
		return 0;
	}
	i = bucket(v);
	if ((h->nlog == 0 || i < h->lo || i >= h->lo + (int32_t)h->nlog) &&
	    cover(h, i, e) < 0) {
		h->count--;
		return -1;
	}
	h->log[i - h->lo]++;
	return 0;
}

/*
 * What bucket i stands for, within the group's extremes: not rounded to
 * an integer, which would add up to half a nanosecond to the error.
 */
static double
represent(const struct sp_stats_hist *h, int32_t i)
{
	double l, u, r;

	bounds(i, &l, &u);
	r = 2 * l * u / (l + u);

	if (r < (double)h->min)
		r = (double)h->min;
	if (r > (double)h->max)
		r = (double)h->max;
	return r;
}

double
sp_stats_hist_value(const struct sp_stats_hist *h, uint64_t k)
{
	size_t i;

	for (i = 0; i < EXACT; i++) {
		if (k < h->exact[i])
			return (double)i;
		k -= h->exact[i];
	}
	for (i = 0; i < h->nlog; i++) {
		if (k < h->log[i])
			return represent(h, h->lo + (int32_t)i);
		k -= h->log[i];
	}
	return (double)h->max;
}

/* As sp_stats_conv() for a value that is an estimate. */
static double
conv(double v, enum sp_stats_conv c)
{
	return c == SP_CONV_SEC ? v / 1e9 : v;
}

void
sp_stats_hist_pct(const struct sp_stats_hist *h, enum sp_stats_conv c,
    double pct[3])
{
	uint64_t i;
	double g, a, b;
	size_t j;
	int last;

	for (j = 0; j < 3; j++) {
		sp_stats_pct_at(h->count, pct_q[j], &i, &g, &last);
		a = conv(sp_stats_hist_value(h, i), c);
		if (last) {
			pct[j] = a;
			continue;
		}
		b = conv(sp_stats_hist_value(h, i + 1), c);
		pct[j] = sp_stats_lerp(a, b, g);
	}
}
