#include "sp_stats_seq.h"

#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/* Values read at a time in the passes over a long sequence. */
#define PASS_BUF 8192
/* The radix of the percentile passes: 16 bits of the value a pass. */
#define RADIX_BITS 16
#define RADIX ((size_t)1 << RADIX_BITS)

static const double pct_q[3] = { 50, 95, 99 };

int
sp_stats_seq_src_array(void *ctx, uint64_t off, size_t n, int64_t *out,
    struct sp_err *e)
{
	(void)e;
	memcpy(out, (const int64_t *)ctx + off, n * 8);
	return 0;
}

/* --- in memory --- */

static void
minmax(const int64_t *a, size_t n, struct sp_stats_seq *s)
{
	size_t i;

	s->min = s->max = a[0];
	for (i = 1; i < n; i++) {
		if (a[i] < s->min)
			s->min = a[i];
		if (a[i] > s->max)
			s->max = a[i];
	}
}

/*
 * The order statistics, lowest rank first, each selected among what lies
 * above the last one; a rank next to the last one is the least of what
 * lies above it.
 */
static void
select_ranks(int64_t *a, size_t n, struct sp_stats_seq *s)
{
	size_t lo = 0, j, i, r, m;
	int64_t t;

	s->nord = sp_stats_pct_ranks(n, s->rank);
	for (j = 0; j < s->nord; j++) {
		r = (size_t)s->rank[j];
		if (j > 0 && r == lo) {
			for (m = r, i = r + 1; i < n; i++)
				if (a[i] < a[m])
					m = i;
			t = a[r];
			a[r] = a[m];
			a[m] = t;
		} else {
			sp_stats_select(a + lo, n - lo, r - lo);
		}
		s->ord[j] = a[r];
		lo = r + 1;
	}
}

static void
in_memory(int64_t *a, size_t n, enum sp_stats_conv c, unsigned what,
    struct sp_stats_seq *s)
{
	minmax(a, n, s);
	if (what & (SP_SEQ_SUM | SP_SEQ_DEV)) {
		s->psum = sp_stats_psum_i64(a, n, c, 0, 0.);
		s->mean = s->psum / (double)n;
	}
	if (what & SP_SEQ_DEV)
		s->dev2 = sp_stats_psum_i64(a, n, c, 1, s->mean);
	if (what & SP_SEQ_PCT)
		select_ranks(a, n, s);
}

/* --- in passes --- */

/*
 * The sums ask for a leaf of values at a time: they are read PASS_BUF at
 * a time into buf, so that a sequence on file costs a read per PASS_BUF
 * values, not one per leaf.
 */
struct reader {
	const struct sp_stats_seq_src *src;
	uint64_t pos;		/* next value to fetch from src */
	int64_t *buf;
	size_t have, used;	/* values in buf, of them handed out */
};

static void
reader_rewind(struct reader *r)
{
	r->pos = 0;
	r->have = r->used = 0;
}

static int
pass_read(void *ctx, int64_t *out, size_t n, struct sp_err *e)
{
	struct reader *r = ctx;
	size_t k;

	while (n > 0) {
		if (r->used == r->have) {
			k = r->src->n - r->pos < PASS_BUF ?
			    (size_t)(r->src->n - r->pos) : PASS_BUF;
			if (k == 0)
				return sp_fail(e, SP_EUSAGE,
				    "seq: read beyond the values' end");
			if (r->src->read(r->src->ctx, r->pos, k, r->buf,
			    e) < 0)
				return -1;
			r->pos += k;
			r->have = k;
			r->used = 0;
		}
		k = r->have - r->used < n ? r->have - r->used : n;
		memcpy(out, r->buf + r->used, k * sizeof *out);
		r->used += k;
		out += k;
		n -= k;
	}
	return 0;
}

/* One pass over everything, in pieces, calling fn on each. */
static int
each_piece(const struct sp_stats_seq_src *src, int64_t *buf,
    void (*fn)(void *ctx, const int64_t *v, size_t n), void *ctx,
    struct sp_err *e)
{
	uint64_t off;
	size_t k;

	for (off = 0; off < src->n; off += k) {
		k = src->n - off < PASS_BUF ? (size_t)(src->n - off) : PASS_BUF;
		if (src->read(src->ctx, off, k, buf, e) < 0)
			return -1;
		fn(ctx, buf, k);
	}
	return 0;
}

struct mpass {
	struct sp_stats_seq *s;
	int first;
};

static void
extremes(void *ctx, const int64_t *v, size_t n)
{
	struct mpass *p = ctx;
	struct sp_stats_seq t;

	minmax(v, n, &t);
	if (p->first || t.min < p->s->min)
		p->s->min = t.min;
	if (p->first || t.max > p->s->max)
		p->s->max = t.max;
	p->first = 0;
}

/* A wanted rank, narrowed pass after pass. */
struct target {
	uint64_t rank;		/* among all values */
	uint64_t below;		/* values below lo */
	uint64_t lo;		/* its range, as value - min, unsigned */
	unsigned shift;		/* bucket width, log2 */
	int done;
	uint64_t *hist;
};

struct rpass {
	struct target *t;
	size_t nt;
	int64_t min;
};

static void
histogram(void *ctx, const int64_t *v, size_t n)
{
	struct rpass *p = ctx;
	size_t i, k;
	uint64_t u, top;

	for (k = 0; k < p->nt; k++) {
		struct target *t = &p->t[k];

		if (t->done)
			continue;
		top = (uint64_t)RADIX << t->shift;
		for (i = 0; i < n; i++) {
			u = (uint64_t)v[i] - (uint64_t)p->min;
			if (u < t->lo)
				t->below++;
			else if (u - t->lo < top || top == 0)
				t->hist[(u - t->lo) >> t->shift]++;
		}
	}
}

static unsigned
bits(uint64_t x)
{
	unsigned b = 0;

	while (x != 0) {
		b++;
		x >>= 1;
	}
	return b;
}

/* After a pass: the bucket that holds the rank becomes the range. */
static void
narrow(struct target *t)
{
	uint64_t left = t->rank - t->below;
	size_t b;

	for (b = 0; b < RADIX && left >= t->hist[b]; b++)
		left -= t->hist[b];
	t->below = t->rank - left;
	t->lo += (uint64_t)b << t->shift;
	if (t->shift == 0)
		t->done = 1;
	else
		t->shift = t->shift > RADIX_BITS ? t->shift - RADIX_BITS : 0;
	memset(t->hist, 0, RADIX * sizeof *t->hist);
}

static int
radix_select(const struct sp_stats_seq_src *src, int64_t *buf,
    struct sp_stats_seq *s, struct sp_err *e)
{
	struct target t[6];
	struct rpass p = { t, 0, s->min };
	unsigned w = bits((uint64_t)s->max - (uint64_t)s->min);
	size_t k, left;
	int rc = -1;

	s->nord = sp_stats_pct_ranks(src->n, s->rank);
	memset(t, 0, sizeof t);
	for (k = 0; k < s->nord; k++) {
		t[k].rank = s->rank[k];
		t[k].shift = w > RADIX_BITS ? w - RADIX_BITS : 0;
		if ((t[k].hist = calloc(RADIX, sizeof *t[k].hist)) == NULL) {
			sp_fail(e, SP_ENOMEM, "out of memory");
			goto out;
		}
	}
	p.nt = s->nord;
	for (left = p.nt; left > 0;) {
		for (k = 0; k < p.nt; k++)
			t[k].below = 0;
		if (each_piece(src, buf, histogram, &p, e) < 0)
			goto out;
		for (k = left = 0; k < p.nt; k++) {
			if (!t[k].done)
				narrow(&t[k]);
			left += !t[k].done;
		}
	}
	for (k = 0; k < s->nord; k++)
		s->ord[k] = (int64_t)((uint64_t)s->min + t[k].lo);
	rc = 0;
out:
	for (k = 0; k < 6; k++)
		free(t[k].hist);
	return rc;
}

static int
in_passes(const struct sp_stats_seq_src *src, enum sp_stats_conv c,
    unsigned what, struct sp_stats_seq *s, struct sp_err *e)
{
	struct reader r = { src, 0, NULL, 0, 0 };
	struct sp_stats_source ss = { pass_read, &r };
	struct mpass mp = { s, 1 };
	int64_t *buf;
	int rc = -1;

	if ((buf = malloc(PASS_BUF * sizeof *buf)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	r.buf = buf;
	if (each_piece(src, buf, extremes, &mp, e) < 0)
		goto out;
	if (what & (SP_SEQ_SUM | SP_SEQ_DEV)) {
		if (sp_stats_psum_stream(&ss, src->n, c, 0, 0., &s->psum,
		    e) < 0)
			goto out;
		s->mean = s->psum / (double)src->n;
	}
	reader_rewind(&r);
	if ((what & SP_SEQ_DEV) && sp_stats_psum_stream(&ss, src->n, c, 1,
	    s->mean, &s->dev2, e) < 0)
		goto out;
	if ((what & SP_SEQ_PCT) && radix_select(src, buf, s, e) < 0)
		goto out;
	rc = 0;
out:
	free(buf);
	return rc;
}

int
sp_stats_seq_compute(const struct sp_stats_seq_src *src, enum sp_stats_conv c,
    unsigned what, uint64_t load_max, struct sp_stats_seq *s,
    struct sp_err *e)
{
	int64_t *a;
	int rc;

	memset(s, 0, sizeof *s);
	s->n = src->n;
	if (src->n == 0)
		return 0;
	if (src->n <= load_max / 8 && src->n <= SIZE_MAX / 8 &&
	    (a = sp_huge_alloc((size_t)src->n * 8)) != NULL) {
		rc = src->read(src->ctx, 0, (size_t)src->n, a, e);
		if (rc == 0)
			in_memory(a, (size_t)src->n, c, what, s);
		free(a);
		return rc;
	}
	return in_passes(src, c, what, s, e);
}

void
sp_stats_seq_pct(const struct sp_stats_seq *s, enum sp_stats_conv c,
    double pct[3])
{
	uint64_t i;
	double g, a, b;
	size_t j, k;
	int last;

	for (j = 0; j < 3; j++) {
		sp_stats_pct_at(s->n, pct_q[j], &i, &g, &last);
		for (k = 0; k < s->nord && s->rank[k] != i; k++)
			;
		a = sp_stats_conv(s->ord[k], c);
		if (last) {
			pct[j] = a;
			continue;
		}
		b = sp_stats_conv(s->ord[k + 1], c);
		pct[j] = sp_stats_lerp(a, b, g);
	}
}
