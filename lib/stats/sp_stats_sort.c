#include "sp_stats_sort.h"

#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/* A sorted run on the temporary file, read through its buffer. */
struct sp_sort_run {
	uint64_t off;		/* bytes, on the file */
	uint64_t n;		/* values */
	uint64_t done;		/* values read into the buffer so far */
	int64_t *buf;
	size_t at, len;		/* next value in buf, values in buf */
};

struct sp_stats_sort {
	uint64_t n, pos;
	int64_t *mem;			/* all the values, sorted (in memory) */
	struct sp_spill_file *t;
	struct sp_sort_run *runs;	/* (on file) */
	size_t nruns;
	size_t *heap;			/* runs not at their end, least first */
	size_t nheap;
	int64_t *bufs;
	size_t bufcap;
};

/* --- in memory --- */

/* Least significant digit first, 8 bits a pass, passes of one digit skipped. */
void
sp_stats_sort_int64(int64_t *a, size_t n, int64_t *scratch)
{
	size_t cnt[8][256], i, d, sum, c;
	int64_t *src = a, *dst = scratch, *t;
	uint64_t k;

	if (n < 2)
		return;
	memset(cnt, 0, sizeof cnt);
	for (i = 0; i < n; i++) {
		k = (uint64_t)a[i] ^ ((uint64_t)1 << 63);
		for (d = 0; d < 8; d++)
			cnt[d][(k >> (8 * d)) & 0xff]++;
	}
	for (d = 0; d < 8; d++) {
		k = ((uint64_t)src[0] ^ ((uint64_t)1 << 63)) >> (8 * d) & 0xff;
		if (cnt[d][k] == n)
			continue;
		for (sum = 0, i = 0; i < 256; i++) {
			c = cnt[d][i];
			cnt[d][i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++) {
			k = ((uint64_t)src[i] ^ ((uint64_t)1 << 63)) >> (8 * d);
			dst[cnt[d][k & 0xff]++] = src[i];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
sp_stats_sort_doubles(double *a, size_t n)
{
	qsort(a, n, sizeof *a, cmp_double);
}

/* --- the runs --- */

static uint64_t
run_values(uint64_t load_max)
{
	uint64_t r = load_max / 16;

	return r < SP_STATS_SORT_RUN_MIN ? SP_STATS_SORT_RUN_MIN : r;
}

/* Read values [off, off + n) of src into a, in pieces. */
static int
src_read(const struct sp_stats_seq_src *src, uint64_t off, uint64_t n,
    int64_t *a, struct sp_err *e)
{
	uint64_t k;

	while (n > 0) {
		k = n < ((uint64_t)1 << 20) ? n : (uint64_t)1 << 20;
		if (src->read(src->ctx, off, (size_t)k, a, e) < 0)
			return -1;
		off += k;
		a += k;
		n -= k;
	}
	return 0;
}

static int
make_runs(struct sp_stats_sort *s, const struct sp_stats_seq_src *src,
    uint64_t len, struct sp_err *e)
{
	int64_t *a = NULL, *scratch = NULL;
	uint64_t off, k;
	size_t i;
	int rc = -1;

	s->nruns = (size_t)((s->n + len - 1) / len);
	s->runs = calloc(s->nruns, sizeof *s->runs);
	s->heap = calloc(s->nruns, sizeof *s->heap);
	a = sp_huge_alloc((size_t)len * sizeof *a);
	scratch = sp_huge_alloc((size_t)len * sizeof *scratch);
	if (s->runs == NULL || s->heap == NULL || a == NULL ||
	    scratch == NULL) {
		sp_fail(e, SP_ENOMEM, "sort: out of memory");
		goto out;
	}
	for (i = 0, off = 0; i < s->nruns; i++, off += k) {
		k = s->n - off < len ? s->n - off : len;
		if (src_read(src, off, k, a, e) < 0)
			goto out;
		sp_stats_sort_int64(a, (size_t)k, scratch);
		s->runs[i].n = k;
		if (sp_spill_file_append(s->t, a, (size_t)k * sizeof *a,
		    &s->runs[i].off, e) < 0)
			goto out;
	}
	rc = 0;
out:
	free(a);
	free(scratch);
	return rc;
}

static int
run_fill(struct sp_stats_sort *s, struct sp_sort_run *r, struct sp_err *e)
{
	uint64_t k = r->n - r->done;

	if (k > s->bufcap)
		k = s->bufcap;
	if (sp_spill_file_pread(s->t, r->buf, (size_t)k * sizeof *r->buf,
	    r->off + r->done * sizeof *r->buf, e) < 0)
		return -1;
	r->done += k;
	r->at = 0;
	r->len = (size_t)k;
	return 0;
}

static int64_t
head(const struct sp_stats_sort *s, size_t h)
{
	const struct sp_sort_run *r = &s->runs[s->heap[h]];

	return r->buf[r->at];
}

static void
sift_down(struct sp_stats_sort *s, size_t h)
{
	size_t c, t;

	for (;;) {
		c = 2 * h + 1;
		if (c >= s->nheap)
			return;
		if (c + 1 < s->nheap && head(s, c + 1) < head(s, c))
			c++;
		if (head(s, h) <= head(s, c))
			return;
		t = s->heap[h];
		s->heap[h] = s->heap[c];
		s->heap[c] = t;
		h = c;
	}
}

/* Every run at its start, filled, in the heap. */
static int
merge_start(struct sp_stats_sort *s, struct sp_err *e)
{
	size_t i;

	for (i = 0; i < s->nruns; i++) {
		s->runs[i].done = 0;
		if (run_fill(s, &s->runs[i], e) < 0)
			return -1;
		s->heap[i] = i;
	}
	s->nheap = s->nruns;
	for (i = s->nheap / 2; i-- > 0;)
		sift_down(s, i);
	return 0;
}

static int
merge_buffers(struct sp_stats_sort *s, uint64_t load_max, struct sp_err *e)
{
	uint64_t cap = load_max / 8 / s->nruns;
	size_t i;

	if (cap < SP_STATS_SORT_BUF_MIN)
		cap = SP_STATS_SORT_BUF_MIN;
	if (cap > s->runs[0].n)
		cap = s->runs[0].n;
	s->bufcap = (size_t)cap;
	s->bufs = sp_huge_alloc(s->nruns * s->bufcap * sizeof *s->bufs);
	if (s->bufs == NULL)
		return sp_fail(e, SP_ENOMEM, "sort: out of memory");
	for (i = 0; i < s->nruns; i++)
		s->runs[i].buf = s->bufs + i * s->bufcap;
	return merge_start(s, e);
}

static ssize_t
merge_read(struct sp_stats_sort *s, int64_t *out, size_t n, struct sp_err *e)
{
	struct sp_sort_run *r;
	size_t got = 0;

	while (got < n && s->nheap > 0) {
		r = &s->runs[s->heap[0]];
		out[got++] = r->buf[r->at++];
		if (r->at == r->len) {
			if (r->done == r->n) {
				s->heap[0] = s->heap[--s->nheap];
			} else if (run_fill(s, r, e) < 0) {
				return -1;
			}
		}
		sift_down(s, 0);
	}
	return (ssize_t)got;
}

/* --- the object --- */

struct sp_stats_sort *
sp_stats_sort_new_vsrc(const struct sp_stats_seq_src *src, uint64_t load_max,
    struct sp_spill_file *t, struct sp_err *e)
{
	struct sp_stats_sort *s = calloc(1, sizeof *s);
	int64_t *scratch;

	if (s == NULL) {
		sp_fail(e, SP_ENOMEM, "sort: out of memory");
		return NULL;
	}
	s->n = src->n;
	s->t = t;
	if (s->n <= load_max / 16) {
		s->mem = sp_huge_alloc((size_t)s->n * sizeof *s->mem + 8);
		scratch = sp_huge_alloc((size_t)s->n * sizeof *scratch + 8);
		if (s->mem == NULL || scratch == NULL) {
			free(scratch);
			sp_fail(e, SP_ENOMEM, "sort: out of memory");
			goto fail;
		}
		if (src_read(src, 0, s->n, s->mem, e) < 0) {
			free(scratch);
			goto fail;
		}
		sp_stats_sort_int64(s->mem, (size_t)s->n, scratch);
		free(scratch);
		return s;
	}
	if (make_runs(s, src, run_values(load_max), e) < 0 ||
	    merge_buffers(s, load_max, e) < 0)
		goto fail;
	return s;
fail:
	sp_stats_sort_free(s);
	return NULL;
}

struct sp_sort_group {
	struct sp_stats_pool *p;
	uint32_t g;
};

static int
pool_read(void *ctx, uint64_t off, size_t n, int64_t *out, struct sp_err *e)
{
	const struct sp_sort_group *c = ctx;

	return sp_stats_pool_read(c->p, c->g, off, n, out, e);
}

struct sp_stats_sort *
sp_stats_sort_new(struct sp_stats_pool *p, uint32_t g, uint64_t load_max,
    struct sp_spill_file *t, struct sp_err *e)
{
	struct sp_sort_group c = { p, g };
	struct sp_stats_seq_src src = { pool_read, &c,
		sp_stats_pool_count(p, g) };

	return sp_stats_sort_new_vsrc(&src, load_max, t, e);
}

void
sp_stats_sort_free(struct sp_stats_sort *s)
{
	if (s == NULL)
		return;
	free(s->mem);
	free(s->runs);
	free(s->heap);
	free(s->bufs);
	free(s);
}

ssize_t
sp_stats_sort_read(struct sp_stats_sort *s, int64_t *out, size_t n,
    struct sp_err *e)
{
	ssize_t got;

	if (s->nruns > 0) {
		got = merge_read(s, out, n, e);
	} else {
		if (n > s->n - s->pos)
			n = (size_t)(s->n - s->pos);
		memcpy(out, s->mem + s->pos, n * sizeof *out);
		got = (ssize_t)n;
	}
	if (got > 0)
		s->pos += (uint64_t)got;
	return got;
}

int
sp_stats_sort_rewind(struct sp_stats_sort *s, struct sp_err *e)
{
	s->pos = 0;
	return s->nruns > 0 ? merge_start(s, e) : 0;
}

uint64_t
sp_stats_sort_count(const struct sp_stats_sort *s)
{
	return s->n;
}

size_t
sp_stats_sort_runs(const struct sp_stats_sort *s)
{
	return s->nruns;
}
