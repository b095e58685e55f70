#include "sp_stats_mwu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MWU_BUF 512
/* The exact method's size limit: a sample of at most this many values. */
#define EXACT_MAX 8

typedef __int128 i128;

/* One ascending sample, read through a buffer. */
struct mwu_in {
	const struct sp_stats_mwu_src *src;
	const char *name;
	double buf[MWU_BUF];
	size_t at, len;
	int end, started;
	double last;
	uint64_t n;
};

/* What one merge of the two samples gives. */
struct mwu_pass {
	i128 u2;		/* 2 U1 */
	i128 tie;		/* sum of t^3 - t */
	int ties;
};

static int
in_fill(struct mwu_in *s, struct sp_err *e)
{
	size_t i, got = 0;

	if (s->src->next(s->src->ctx, s->buf, MWU_BUF, &got, e) < 0)
		return -1;
	if (got > MWU_BUF)
		return sp_fail(e, SP_EUSAGE, "U test: %s: source returned too "
		    "many values", s->name);
	for (i = 0; i < got; i++) {
		if (isnan(s->buf[i]))
			return sp_fail(e, SP_EUSAGE, "U test: %s: NaN in the "
			    "sample", s->name);
		if (s->started && s->buf[i] < s->last)
			return sp_fail(e, SP_EUSAGE, "U test: %s: sample not in "
			    "ascending order", s->name);
		s->last = s->buf[i];
		s->started = 1;
	}
	s->at = 0;
	s->len = got;
	s->end = got == 0;
	return 0;
}

/* 1 and the next value in *v, 0 at the end, -1 on error. */
static int
in_peek(struct mwu_in *s, double *v, struct sp_err *e)
{
	while (s->at == s->len && !s->end)
		if (in_fill(s, e) < 0)
			return -1;
	if (s->at == s->len)
		return 0;
	*v = s->buf[s->at];
	return 1;
}

/* Take every value equal to v: how many in *k. */
static int
in_take(struct mwu_in *s, double v, uint64_t *k, struct sp_err *e)
{
	double w;
	int r;

	*k = 0;
	while ((r = in_peek(s, &w, e)) == 1 && w == v) {
		s->at++;
		(*k)++;
	}
	s->n += *k;
	return r < 0 ? -1 : 0;
}

/* The merge: each group of equal values, x's part a and y's part b. */
static int
merge(struct mwu_in *x, struct mwu_in *y, struct mwu_pass *m,
    struct sp_err *e)
{
	uint64_t a, b, ylt = 0;
	double vx, vy, v;
	int hx, hy;
	i128 t;

	memset(m, 0, sizeof *m);
	for (;;) {
		if ((hx = in_peek(x, &vx, e)) < 0 || (hy = in_peek(y, &vy, e)) < 0)
			return -1;
		if (!hx && !hy)
			return 0;
		v = !hx ? vy : !hy ? vx : vx < vy ? vx : vy;
		if (in_take(x, v, &a, e) < 0 || in_take(y, v, &b, e) < 0)
			return -1;
		m->u2 += (i128)a * (2 * (i128)ylt + b);
		ylt += b;
		t = (i128)a + b;
		if (t > 1) {
			m->tie += t * t * t - t;
			m->ties = 1;
		}
	}
}

/* --- the exact null distribution --- */

/*
 * The number of arrangements with U' = k, for k <= kmax, in c: the
 * coefficients of the Gaussian binomial [l + s, s] in q, the product over
 * i = 1..s of (1 - q^(l + i)) / (1 - q^i), one factor at a time.
 */
#define GAUSS_BINOM(c, kmax, s, l) do {				\
	uint64_t i_, k_;						\
	memset(c, 0, ((kmax) + 1) * sizeof *(c));			\
	(c)[0] = 1;							\
	for (i_ = 1; i_ <= (s); i_++) {					\
		for (k_ = (kmax); k_ >= (l) + i_ && k_ <= (kmax); k_--)	\
			(c)[k_] -= (c)[k_ - (l) - i_];			\
		for (k_ = i_; k_ <= (kmax); k_++)			\
			(c)[k_] += (c)[k_ - i_];			\
	}								\
} while (0)

/* log2 of the binomial coefficient (l + s, s). */
static double
log2_choose(uint64_t l, uint64_t s)
{
	return (lgamma((double)(l + s) + 1) - lgamma((double)l + 1) -
	    lgamma((double)s + 1)) / log(2);
}

static double
exact_i128(uint64_t kmax, uint64_t s, uint64_t l, struct sp_err *e)
{
	i128 *c = malloc((size_t)(kmax + 1) * sizeof *c), sum = 0, all = 1;
	uint64_t i;

	if (c == NULL)
		return sp_fail(e, SP_ENOMEM, "U test: out of memory");
	GAUSS_BINOM(c, kmax, s, l);
	for (i = 0; i <= kmax; i++)
		sum += c[i];
	for (i = 1; i <= s; i++)
		all = all * (i128)(l + i) / (i128)i;
	free(c);
	return (double)((long double)sum / (long double)all);
}

static double
exact_ld(uint64_t kmax, uint64_t s, uint64_t l, struct sp_err *e)
{
	long double *c = malloc((size_t)(kmax + 1) * sizeof *c), sum = 0;
	long double all = 1;
	uint64_t i;

	if (c == NULL)
		return sp_fail(e, SP_ENOMEM, "U test: out of memory");
	GAUSS_BINOM(c, kmax, s, l);
	for (i = 0; i <= kmax; i++)
		sum += c[i];
	for (i = 1; i <= s; i++)
		all = all * (long double)(l + i) / (long double)i;
	free(c);
	return (double)(sum / all);
}

double
sp_stats_mwu_exact_p(uint64_t u, uint64_t n1, uint64_t n2, struct sp_err *e)
{
	uint64_t s = n1 < n2 ? n1 : n2, l = n1 < n2 ? n2 : n1;
	uint64_t kmax = n1 * n2 - u;
	double cdf;

	if (log2_choose(l, s) + log2((double)(l + s)) < 125)
		cdf = exact_i128(kmax, s, l, e);
	else
		cdf = exact_ld(kmax, s, l, e);
	if (cdf < 0)
		return -1;
	return 2 * cdf > 1 ? 1 : 2 * cdf;
}

/* --- the normal approximation --- */

/* The standard normal distribution function, by erf and erfc as SciPy. */
static double
ndtr(double a)
{
	double x = a * M_SQRT1_2, z = fabs(x), y;

	if (isnan(a))
		return NAN;
	if (z < M_SQRT1_2)
		return 0.5 + 0.5 * erf(x);
	y = 0.5 * erfc(z);
	return x > 0 ? 1.0 - y : y;
}

static void
asymptotic(const struct mwu_pass *m, double u, struct sp_stats_mwu *out)
{
	uint64_t n1 = out->n1, n2 = out->n2, n = n1 + n2;
	double mu = (double)(n1 * n2) / 2;
	double s, num, p;

	s = sqrt((double)(n1 * n2) / 12 * ((double)(n + 1) -
	    (double)m->tie / (double)(n * (n - 1))));
	num = u - mu;
	num -= 0.5;
	out->z = num / s;
	p = 2 * ndtr(-out->z);
	out->p = p > 1 ? 1 : p < 0 ? 0 : p;
}

/* --- the test --- */

int
sp_stats_mwu_test(const struct sp_stats_mwu_src *x,
    const struct sp_stats_mwu_src *y, struct sp_stats_mwu *out,
    struct sp_err *e)
{
	struct mwu_in *ix = calloc(2, sizeof *ix), *iy;
	struct mwu_pass m;
	double u, u2;
	int rc = -1;

	if (ix == NULL)
		return sp_fail(e, SP_ENOMEM, "U test: out of memory");
	iy = ix + 1;
	ix->src = x;
	ix->name = "first sample";
	iy->src = y;
	iy->name = "second sample";
	if (merge(ix, iy, &m, e) < 0)
		goto out;
	memset(out, 0, sizeof *out);
	out->n1 = ix->n;
	out->n2 = iy->n;
	if (out->n1 == 0 || out->n2 == 0) {
		sp_fail(e, SP_EUSAGE, "U test: %s is empty", out->n1 == 0 ?
		    ix->name : iy->name);
		goto out;
	}
	if (out->n1 >= ((uint64_t)1 << 31) || out->n2 >= ((uint64_t)1 << 31)) {
		sp_fail(e, SP_EUSAGE, "U test: samples too large");
		goto out;
	}
	out->ties = m.ties;
	out->u1 = (double)m.u2 / 2;
	u2 = (double)(out->n1 * out->n2) - out->u1;
	u = out->u1 > u2 ? out->u1 : u2;
	if ((out->n1 > EXACT_MAX && out->n2 > EXACT_MAX) || m.ties) {
		out->method = SP_STATS_MWU_ASYMPTOTIC;
		asymptotic(&m, u, out);
	} else {
		out->method = SP_STATS_MWU_EXACT;
		out->p = sp_stats_mwu_exact_p((uint64_t)u, out->n1, out->n2, e);
		if (out->p < 0)
			goto out;
	}
	rc = 0;
out:
	free(ix);
	return rc;
}

/* --- sources --- */

struct mwu_array {
	const double *a;
	size_t n, at;
};

static int
array_next(void *ctx, double *out, size_t n, size_t *got, struct sp_err *e)
{
	struct mwu_array *s = ctx;

	(void)e;
	if (n > s->n - s->at)
		n = s->n - s->at;
	memcpy(out, s->a + s->at, n * sizeof *out);
	s->at += n;
	*got = n;
	return 0;
}

int
sp_stats_mwu_arrays(const double *x, size_t n1, const double *y, size_t n2,
    struct sp_stats_mwu *out, struct sp_err *e)
{
	double *c = malloc((n1 + n2 + 1) * sizeof *c);
	struct mwu_array ax = { c, n1, 0 }, ay = { c + n1, n2, 0 };
	struct sp_stats_mwu_src sx = { &ax, array_next };
	struct sp_stats_mwu_src sy = { &ay, array_next };
	size_t i;
	int rc;

	if (c == NULL)
		return sp_fail(e, SP_ENOMEM, "U test: out of memory");
	memcpy(c, x, n1 * sizeof *c);
	memcpy(c + n1, y, n2 * sizeof *c);
	for (i = 0; i < n1 + n2; i++)
		if (isnan(c[i])) {
			free(c);
			return sp_fail(e, SP_EUSAGE, "U test: NaN in the "
			    "%s sample", i < n1 ? "first" : "second");
		}
	sp_stats_sort_doubles(c, n1);
	sp_stats_sort_doubles(c + n1, n2);
	rc = sp_stats_mwu_test(&sx, &sy, out, e);
	free(c);
	return rc;
}

int
sp_stats_mwu_next_sort(void *sort, double *out, size_t n, size_t *got,
    struct sp_err *e)
{
	int64_t buf[MWU_BUF];
	ssize_t k;
	size_t i;

	if (n > MWU_BUF)
		n = MWU_BUF;
	k = sp_stats_sort_read(sort, buf, n, e);
	if (k < 0)
		return -1;
	for (i = 0; i < (size_t)k; i++)
		out[i] = (double)buf[i];
	*got = (size_t)k;
	return 0;
}
