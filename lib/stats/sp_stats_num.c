#include "sp_stats_num.h"

#include <math.h>
#include <string.h>

/*
 * np.sum of a plain float64 array goes in SP_STATS_BLOCK blocks too
 * (numpy 1.24): a whole-array pairwise sum holds up to 8192 values only.
 */
#define NP_BUFSIZE SP_STATS_BLOCK
/* numpy's pairwise_sum unrolls by eight and recurses above 128 values. */
#define PW_LEAF 128

static const double pct_q[3] = { 50, 95, 99 };

/* The leaf of numpy's pairwise_sum, over values already converted. */
static double
leaf(const double *x, size_t n)
{
	double r[8], res;
	size_t i, j;

	if (n < 8) {
		res = 0.;
		for (i = 0; i < n; i++)
			res += x[i];
		return res;
	}
	for (j = 0; j < 8; j++)
		r[j] = x[j];
	for (i = 8; i < n - n % 8; i += 8)
		for (j = 0; j < 8; j++)
			r[j] += x[i + j];
	res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
	for (; i < n; i++)
		res += x[i];
	return res;
}

/* Where numpy splits n > 128 values: half, down to a multiple of 8. */
static size_t
split(uint64_t n)
{
	uint64_t h = n / 2;

	return (size_t)(h - h % 8);
}

/* numpy's pairwise_sum itself: the recursion within one buffer. */
static double
pairwise(const double *a, size_t n)
{
	size_t h;

	if (n <= PW_LEAF)
		return leaf(a, n);
	h = split(n);
	return pairwise(a, h) + pairwise(a + h, n - h);
}

double
sp_stats_psum(const double *a, size_t n)
{
	double s = 0.;
	size_t k;

	for (k = 0; k < n; k += NP_BUFSIZE)
		s += pairwise(a + k, n - k < NP_BUFSIZE ? n - k : NP_BUFSIZE);
	return s;
}

/* Up to PW_LEAF values converted (and squared deviations), into x. */
static void
convert(const int64_t *a, size_t n, enum sp_stats_conv c, int dev2,
    double m, double *x)
{
	size_t i;
	double t;

	if (c == SP_CONV_SEC && !dev2) {
		for (i = 0; i < n; i++)
			x[i] = sp_stats_sec(a[i]);
	} else if (!dev2) {
		for (i = 0; i < n; i++)
			x[i] = (double)a[i];
	} else {
		for (i = 0; i < n; i++) {
			t = sp_stats_conv(a[i], c) - m;
			x[i] = t * t;
		}
	}
}

static double
pairwise_i64(const int64_t *a, size_t n, enum sp_stats_conv c, int dev2,
    double m)
{
	double x[PW_LEAF];
	size_t h;

	if (n <= PW_LEAF) {
		convert(a, n, c, dev2, m, x);
		return leaf(x, n);
	}
	h = split(n);
	return pairwise_i64(a, h, c, dev2, m) +
	    pairwise_i64(a + h, n - h, c, dev2, m);
}

double
sp_stats_psum_i64(const int64_t *a, size_t n, enum sp_stats_conv c,
    int dev2, double m)
{
	double s = 0.;
	size_t k;

	for (k = 0; k < n; k += NP_BUFSIZE)
		s += pairwise_i64(a + k, n - k < NP_BUFSIZE ? n - k :
		    NP_BUFSIZE, c, dev2, m);
	return s;
}

struct pstream {
	const struct sp_stats_source *s;
	enum sp_stats_conv c;
	int dev2;
	double m;
	struct sp_err *e;
	int failed;
};

static double
psum_stream(struct pstream *p, uint64_t n)
{
	int64_t v[PW_LEAF];
	double x[PW_LEAF];
	size_t h;

	if (p->failed)
		return 0.;
	if (n <= PW_LEAF) {
		if (p->s->read(p->s->ctx, v, (size_t)n, p->e) < 0) {
			p->failed = 1;
			return 0.;
		}
		convert(v, (size_t)n, p->c, p->dev2, p->m, x);
		return leaf(x, (size_t)n);
	}
	h = split(n);
	/* the left half first: the source is read in order */
	{
		double left = psum_stream(p, h);

		return left + psum_stream(p, n - h);
	}
}

int
sp_stats_psum_stream(const struct sp_stats_source *s, uint64_t n,
    enum sp_stats_conv c, int dev2, double m, double *out, struct sp_err *e)
{
	struct pstream p = { s, c, dev2, m, e, 0 };
	uint64_t k;

	*out = 0.;
	for (k = 0; k < n && !p.failed; k += NP_BUFSIZE)
		*out += psum_stream(&p, n - k < NP_BUFSIZE ? n - k :
		    NP_BUFSIZE);
	return p.failed ? -1 : 0;
}

void
sp_stats_pct_at(uint64_t n, double q, uint64_t *i, double *g, int *last)
{
	double v = (double)(n - 1) * (q / 100.0);

	if (v >= (double)(n - 1)) {
		*i = n - 1;
		*g = 0.;
		*last = 1;
		return;
	}
	*i = (uint64_t)floor(v);
	*g = v - (double)*i;
	*last = 0;
}

double
sp_stats_lerp(double a, double b, double g)
{
	double d = b - a;

	return g >= 0.5 ? b - d * (1.0 - g) : a + d * g;
}

size_t
sp_stats_pct_ranks(uint64_t n, uint64_t rank[6])
{
	uint64_t i, t;
	size_t k = 0, j, m;
	double g;
	int last;

	for (j = 0; j < 3; j++) {
		sp_stats_pct_at(n, pct_q[j], &i, &g, &last);
		rank[k++] = i;
		if (!last)
			rank[k++] = i + 1;
	}
	/* insertion sort, then drop repeats */
	for (j = 1; j < k; j++)
		for (m = j; m > 0 && rank[m - 1] > rank[m]; m--) {
			t = rank[m];
			rank[m] = rank[m - 1];
			rank[m - 1] = t;
		}
	for (j = m = 0; j < k; j++)
		if (m == 0 || rank[m - 1] != rank[j])
			rank[m++] = rank[j];
	return m;
}

/* --- selection --- */

static void
swap(int64_t *a, size_t i, size_t j)
{
	int64_t t = a[i];

	a[i] = a[j];
	a[j] = t;
}

static void
insertion(int64_t *a, size_t n)
{
	size_t i, j;
	int64_t v;

	for (i = 1; i < n; i++) {
		v = a[i];
		for (j = i; j > 0 && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
}

static void
sift(int64_t *a, size_t n, size_t i)
{
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && a[c + 1] > a[c])
			c++;
		if (a[i] >= a[c])
			return;
		swap(a, i, c);
		i = c;
	}
}

/* The guarantee when quickselect meets an adversary: sort the rest. */
static void
heapsort(int64_t *a, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		sift(a, n, i);
	for (i = n; i-- > 1;) {
		swap(a, 0, i);
		sift(a, i, 0);
	}
}

/* Hoare partition around the median of three; returns the split. */
static size_t
partition(int64_t *a, size_t lo, size_t hi)
{
	size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
	int64_t p;

	if (a[mid] < a[lo])
		swap(a, mid, lo);
	if (a[hi] < a[lo])
		swap(a, hi, lo);
	if (a[hi] < a[mid])
		swap(a, hi, mid);
	p = a[mid];
	for (;;) {
		while (a[i] < p)
			i++;
		while (a[j] > p)
			j--;
		if (i >= j)
			return j;
		swap(a, i, j);
		i++;
		j--;
	}
}

void
sp_stats_select(int64_t *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1, s;
	unsigned budget = 64;

	while (hi > lo) {
		if (hi - lo < 16) {
			insertion(a + lo, hi - lo + 1);
			return;
		}
		if (budget-- == 0) {
			heapsort(a + lo, hi - lo + 1);
			return;
		}
		s = partition(a, lo, hi);
		if (k <= s)
			hi = s;
		else
			lo = s + 1;
	}
}
