#include "sp_stats_median.h"

#include <math.h>
#include <string.h>

/* Above this many values, the interval comes from the normal law. */
#define EXACT_MAX 30

/* --- the median's place --- */

static void
place(struct sp_stats_median *m)
{
	double h = 1 / 3.0 + 0.5 * ((double)m->n + 1 / 3.0);
	double kf = floor(h);

	m->frac = h - kf;
	m->k = (uint64_t)kf;
}

/* --- n <= 30: the binomial, exactly --- */

/* P(X = k), X binomial (n, 1/2): exact, n <= 30. */
static double
pmf(int64_t n, int64_t k)
{
	uint64_t c = 1;
	int64_t i;

	if (k < 0 || k > n)
		return 0;
	for (i = 1; i <= k; i++)
		c = c * (uint64_t)(n - k + i) / (uint64_t)i;
	return ldexp((double)c, -(int)n);
}

static void
binomial(struct sp_stats_median *m, double confidence, int64_t *l, int64_t *r)
{
	int64_t n = (int64_t)m->n, x = (n + 2) / 2 - 1;
	double acc = pmf(n, x), lp, rp;

	*l = x;
	*r = x + 1;
	lp = pmf(n, *l - 1);
	rp = pmf(n, *r);
	m->ambiguous = rp == acc;
	while (acc < confidence && (lp > 0 || rp > 0)) {
		m->ambiguous = lp == rp;
		if (lp >= rp) {
			acc += lp;
			(*l)--;
			lp = pmf(n, *l - 1);
		} else {
			acc += rp;
			(*r)++;
			rp = pmf(n, *r);
		}
	}
	m->confidence = acc;
}

/* --- n > 30: the normal approximation --- */

/* The standard normal quantile: Acklam's approximation, one Halley step. */
static double
norm_inv(double p)
{
	static const double a[] = { -3.969683028665376e+01,
		2.209460984245205e+02, -2.759285104469687e+02,
		1.383577518672690e+02, -3.066479806614716e+01,
		2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01,
		1.615858368580409e+02, -1.556989798598866e+02,
		6.680131188771972e+01, -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03,
		-3.223964580411365e-01, -2.400758277161838e+00,
		-2.549732539343734e+00, 4.374664141464968e+00,
		2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03,
		3.224671290700398e-01, 2.445134137142996e+00,
		3.754408661907416e+00 };
	const double plow = 0.02425;
	double q, r, x, e, u;

	if (p <= 0 || p >= 1)
		return p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
	if (p < plow || 1 - plow < p) {
		q = sqrt(-2 * log(p < plow ? p : 1 - p));
		x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) *
		    q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) *
		    q + 1);
		if (p >= plow)
			x = -x;
	} else {
		q = p - 0.5;
		r = q * q;
		x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) *
		    r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r +
		    b[3]) * r + b[4]) * r + 1);
	}
	e = 0.5 * erfc(-x / M_SQRT2) - p;
	u = e * sqrt(2 * M_PI) * exp(x * x / 2);
	return x - u / (1 + x * u / 2);
}

struct normal {
	double mu, sigma;
};

/* P(l <= X < r) with the continuity correction. */
static double
band(const struct normal *g, int64_t l, int64_t r)
{
	double hi = erfc(-((double)r - 0.5 - g->mu) / (g->sigma * M_SQRT2)) / 2;
	double lo = erfc(-((double)l - 0.5 - g->mu) / (g->sigma * M_SQRT2)) / 2;

	return hi - lo;
}

static void
normal(struct sp_stats_median *m, double confidence, int64_t *l, int64_t *r)
{
	struct normal g = { (double)m->n * 0.5,
		sqrt((double)m->n * 0.5 * (1 - 0.5)) };
	double l1 = norm_inv((1 - confidence) / 2) * g.sigma + g.mu;
	double r1 = 2 * g.mu - l1, biased;

	*l = (int64_t)floor(floor(l1 - 0.5) + 0.5) + 1;
	*r = (int64_t)floor(ceil(r1 - 0.5) + 0.5) + 1;
	m->confidence = band(&g, *l, *r);
	m->ambiguous = 0;
	biased = band(&g, *l, *r - 1);
	if (biased >= confidence && biased < m->confidence) {
		m->confidence = biased;
		m->ambiguous = 1;
		(*r)--;
	}
	if (*l <= 0 && *r >= (int64_t)m->n + 1) {
		m->confidence = 1;
		m->ambiguous = 0;
	}
}

/* --- the plan --- */

void
sp_stats_median_plan(uint64_t n, double confidence, struct sp_stats_median *m)
{
	int64_t l, r;

	memset(m, 0, sizeof *m);
	m->n = n;
	m->center = m->lo = m->hi = NAN;
	place(m);
	if (confidence >= 1) {
		m->confidence = 1;
		l = 0;
		r = (int64_t)n + 1;
	} else if (n <= EXACT_MAX) {
		binomial(m, confidence, &l, &r);
	} else {
		normal(m, confidence, &l, &r);
	}
	if (l < 0)
		l = 0;
	if (r > (int64_t)n + 1)
		r = (int64_t)n + 1;
	m->lo_order = (uint64_t)l;
	m->hi_order = (uint64_t)r;
	m->defined = l >= 1 && (uint64_t)r <= n;
}

static size_t
add_rank(uint64_t rank[4], size_t k, uint64_t v)
{
	size_t i, j;

	for (i = 0; i < k && rank[i] < v; i++)
		;
	if (i < k && rank[i] == v)
		return k;
	for (j = k; j > i; j--)
		rank[j] = rank[j - 1];
	rank[i] = v;
	return k + 1;
}

size_t
sp_stats_median_ranks(const struct sp_stats_median *m, uint64_t rank[4])
{
	size_t k = 0;

	if (m->n == 0)
		return 0;
	if (m->k < 1)
		k = add_rank(rank, k, 0);
	else if (m->k >= m->n)
		k = add_rank(rank, k, m->n - 1);
	else {
		k = add_rank(rank, k, m->k - 1);
		k = add_rank(rank, k, m->k);
	}
	if (m->lo_order >= 1)
		k = add_rank(rank, k, m->lo_order - 1);
	if (m->hi_order <= m->n)
		k = add_rank(rank, k, m->hi_order - 1);
	return k;
}

static double
at(const uint64_t *rank, const double *val, size_t nrank, uint64_t r)
{
	size_t i;

	for (i = 0; i < nrank; i++)
		if (rank[i] == r)
			return val[i];
	return NAN;
}

void
sp_stats_median_finish(struct sp_stats_median *m, const uint64_t *rank,
    const double *val, size_t nrank)
{
	double a, b;

	if (m->n == 0)
		m->center = NAN;
	else if (m->k < 1)
		m->center = at(rank, val, nrank, 0);
	else if (m->k >= m->n)
		m->center = at(rank, val, nrank, m->n - 1);
	else {
		a = at(rank, val, nrank, m->k - 1);
		b = at(rank, val, nrank, m->k);
		m->center = a + m->frac * (b - a);
	}
	m->lo = m->lo_order < 1 ? -INFINITY :
	    at(rank, val, nrank, m->lo_order - 1);
	m->hi = m->hi_order > m->n ? INFINITY :
	    at(rank, val, nrank, m->hi_order - 1);
}

void
sp_stats_median_array(const double *x, size_t n, double confidence,
    struct sp_stats_median *m)
{
	uint64_t rank[4];
	double val[4];
	size_t k, i;

	sp_stats_median_plan(n, confidence, m);
	k = sp_stats_median_ranks(m, rank);
	for (i = 0; i < k; i++)
		val[i] = x[rank[i]];
	sp_stats_median_finish(m, rank, val, k);
}

int
sp_stats_median_sort(struct sp_stats_sort *s, double confidence,
    struct sp_stats_median *m, struct sp_err *e)
{
	uint64_t rank[4], pos = 0;
	double val[4];
	int64_t buf[1024];
	size_t k, i = 0;
	ssize_t got;

	sp_stats_median_plan(sp_stats_sort_count(s), confidence, m);
	k = sp_stats_median_ranks(m, rank);
	if (sp_stats_sort_rewind(s, e) < 0)
		return -1;
	while (i < k) {
		got = sp_stats_sort_read(s, buf, 1024, e);
		if (got < 0)
			return -1;
		if (got == 0)
			return sp_fail(e, SP_EDATA, "median: the sort ended "
			    "early");
		for (; i < k && rank[i] < pos + (uint64_t)got; i++)
			val[i] = (double)buf[rank[i] - pos];
		pos += (uint64_t)got;
	}
	sp_stats_median_finish(m, rank, val, k);
	return 0;
}
