#include "sp_spill.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_cold.h"
#include "sp_huge.h"

#define TMP_BUF ((size_t)1 << 20)	/* write buffer of the temporary file */
#define SPOOL_BLOCK ((size_t)1 << 18)	/* a spool's unit on file */
#define PAIR 12				/* a slot (u32) and a value (i64) */
#define STAGE_MIN ((size_t)4096 / PAIR * PAIR)
#define STAGE_MAX ((size_t)262144 / PAIR * PAIR)
#define SEAL_CHUNK (((size_t)1 << 20) / PAIR * PAIR)
#define RUN_MIN 64		/* values of a run worth its own write */
#define RUN_CAP_MIN 64		/* streams need buffers of this many values */
#define RUN_CAP_MAX 8192

int
sp_spill_budget_take(struct sp_spill_budget *b, uint64_t n)
{
	if (b == NULL)
		return 1;
	if (b->used + n > b->limit || b->used + n < b->used)
		return 0;
	b->used += n;
	return 1;
}

void
sp_spill_budget_give(struct sp_spill_budget *b, uint64_t n)
{
	if (b != NULL)
		b->used = n > b->used ? 0 : b->used - n;
}

/* --- the temporary file --- */

struct sp_spill_file {
	char *dir;
	int fd;
	uint64_t size;		/* logical end */
	unsigned char *buf;
	size_t len;		/* buffered bytes, which end at size */
};

struct sp_spill_file *
sp_spill_file_new(const char *dir, struct sp_err *e)
{
	struct sp_spill_file *t = calloc(1, sizeof *t);

	if (dir == NULL || dir[0] == '\0')
		dir = getenv("TMPDIR");
	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	if (t == NULL || (t->dir = strdup(dir)) == NULL) {
		free(t);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	t->fd = -1;
	return t;
}

void
sp_spill_file_free(struct sp_spill_file *t)
{
	if (t == NULL)
		return;
	if (t->fd >= 0)
		close(t->fd);
	free(t->buf);
	free(t->dir);
	free(t);
}

uint64_t
sp_spill_file_size(const struct sp_spill_file *t)
{
	return t->size;
}

static int
tmp_open(struct sp_spill_file *t, struct sp_err *e)
{
	size_t n = strlen(t->dir) + 32;
	char *path;

	if (t->fd >= 0)
		return 0;
	if ((path = malloc(n)) == NULL ||
	    (t->buf == NULL && (t->buf = malloc(TMP_BUF)) == NULL)) {
		free(path);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	snprintf(path, n, "%s/sp-spill.XXXXXX", t->dir);
	if ((t->fd = mkstemp(path)) < 0) {
		int err = errno;

		free(path);
		return sp_fail_errno(e, err, "cannot create a temporary file "
		    "in %s", t->dir);
	}
	/* Gone from the directory at once: nothing is ever left behind. */
	unlink(path);
	free(path);
	return 0;
}

static int
tmp_pwrite(struct sp_spill_file *t, const void *p, size_t n, uint64_t off,
    struct sp_err *e)
{
	const unsigned char *q = p;

	while (n > 0) {
		ssize_t k = pwrite(t->fd, q, n, (off_t)off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return sp_fail_errno(e, k < 0 ? errno : EIO,
			    "%s: temporary file: write error", t->dir);
		q += k;
		n -= (size_t)k;
		off += (uint64_t)k;
	}
	return 0;
}

static int
tmp_flush(struct sp_spill_file *t, struct sp_err *e)
{
	if (t->len == 0)
		return 0;
	if (tmp_pwrite(t, t->buf, t->len, t->size - t->len, e) < 0)
		return -1;
	t->len = 0;
	return 0;
}

int
sp_spill_file_append(struct sp_spill_file *t, const void *p, size_t n,
    uint64_t *off, struct sp_err *e)
{
	if (tmp_open(t, e) < 0)
		return -1;
	*off = t->size;
	if (n > TMP_BUF - t->len) {
		if (tmp_flush(t, e) < 0)
			return -1;
		if (n >= TMP_BUF) {
			if (tmp_pwrite(t, p, n, t->size, e) < 0)
				return -1;
			t->size += n;
			return 0;
		}
	}
	memcpy(t->buf + t->len, p, n);
	t->len += n;
	t->size += n;
	return 0;
}

int
sp_spill_file_reserve(struct sp_spill_file *t, uint64_t n, uint64_t *off,
    struct sp_err *e)
{
	if (tmp_open(t, e) < 0 || tmp_flush(t, e) < 0)
		return -1;
	*off = t->size;
	t->size += n;
	return 0;
}

int
sp_spill_file_pwrite(struct sp_spill_file *t, const void *p, size_t n,
    uint64_t off, struct sp_err *e)
{
	if (tmp_open(t, e) < 0)
		return -1;
	if (off + n > t->size - t->len && tmp_flush(t, e) < 0)
		return -1;
	return tmp_pwrite(t, p, n, off, e);
}

int
sp_spill_file_pread(struct sp_spill_file *t, void *p, size_t n, uint64_t off,
    struct sp_err *e)
{
	unsigned char *q = p;

	if (n == 0)
		return 0;
	if (t->fd < 0 || off + n > t->size)
		return sp_fail(e, SP_EIO, "%s: temporary file: read beyond its "
		    "end", t->dir);
	if (off + n > t->size - t->len && tmp_flush(t, e) < 0)
		return -1;
	while (n > 0) {
		ssize_t k = pread(t->fd, q, n, (off_t)off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0) {
			/* reserved, never written: zeros */
			memset(q, 0, n);
			break;
		}
		if (k < 0)
			return sp_fail_errno(e, errno, "%s: temporary file: "
			    "read error", t->dir);
		q += k;
		n -= (size_t)k;
		off += (uint64_t)k;
	}
	return 0;
}

/* --- spools --- */

struct sp_spill_spool {
	struct sp_spill_file *t;
	struct sp_spill_budget *b;
	uint64_t share;
	/* in memory: the whole spool; on file: the tail block */
	unsigned char *mem;
	size_t len, cap;
	uint64_t taken;		/* budget taken for mem */
	int on_file;
	uint64_t *blocks;	/* file offset of each full block */
	size_t nblocks, capblocks;
	unsigned char *bounce;
};

struct sp_spill_spool *
sp_spill_spool_new(struct sp_spill_file *t, struct sp_spill_budget *b,
    uint64_t share, struct sp_err *e)
{
	struct sp_spill_spool *s = calloc(1, sizeof *s);

	if (s == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	s->t = t;
	s->b = b;
	s->share = share;
	return s;
}

void
sp_spill_spool_free(struct sp_spill_spool *s)
{
	if (s == NULL)
		return;
	sp_spill_budget_give(s->b, s->taken);
	free(s->mem);
	free(s->blocks);
	free(s->bounce);
	free(s);
}

uint64_t
sp_spill_spool_size(const struct sp_spill_spool *s)
{
	return (uint64_t)s->nblocks * SPOOL_BLOCK + s->len;
}

/* Write the full blocks of mem to the file; keep the rest. */
static int
spool_flush_blocks(struct sp_spill_spool *s, struct sp_err *e)
{
	size_t done = 0;

	while (s->len - done >= SPOOL_BLOCK) {
		uint64_t off;

		if (s->nblocks == s->capblocks) {
			size_t cap = s->capblocks ? s->capblocks * 2 : 64;
			uint64_t *v = realloc(s->blocks, cap * sizeof *v);

			if (v == NULL)
				return sp_fail(e, SP_ENOMEM, "out of memory");
			s->blocks = v;
			s->capblocks = cap;
		}
		if (sp_spill_file_append(s->t, s->mem + done, SPOOL_BLOCK, &off,
		    e) < 0)
			return -1;
		s->blocks[s->nblocks++] = off;
		done += SPOOL_BLOCK;
	}
	if (s->len > done)	/* mem is NULL while nothing is held */
		memmove(s->mem, s->mem + done, s->len - done);
	s->len -= done;
	return 0;
}

/* From memory to the file: the budget is given back but for one block. */
static int
spool_to_file(struct sp_spill_spool *s, struct sp_err *e)
{
	unsigned char *m;

	s->on_file = 1;
	if (spool_flush_blocks(s, e) < 0)
		return -1;
	if ((m = realloc(s->mem, SPOOL_BLOCK)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	s->mem = m;
	s->cap = SPOOL_BLOCK;
	sp_spill_budget_give(s->b, s->taken);
	s->taken = 0;
	return 0;
}

int
sp_spill_spool_append(struct sp_spill_spool *s, const void *p, size_t n,
    uint64_t *off, struct sp_err *e)
{
	const unsigned char *q = p;

	if (off != NULL)
		*off = sp_spill_spool_size(s);
	if (!s->on_file && s->len + n > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		unsigned char *m;

		while (cap < s->len + n)
			cap *= 2;
		if (cap > s->share ||
		    !sp_spill_budget_take(s->b, cap - s->cap)) {
			if (spool_to_file(s, e) < 0)
				return -1;
		} else {
			if ((m = realloc(s->mem, cap)) == NULL) {
				sp_spill_budget_give(s->b, cap - s->cap);
				return sp_fail(e, SP_ENOMEM, "out of memory");
			}
			s->taken += cap - s->cap;
			s->mem = m;
			s->cap = cap;
		}
	}
	if (!s->on_file) {
		memcpy(s->mem + s->len, q, n);
		s->len += n;
		return 0;
	}
	while (n > 0) {
		size_t k = SPOOL_BLOCK - s->len < n ? SPOOL_BLOCK - s->len : n;

		memcpy(s->mem + s->len, q, k);
		s->len += k;
		q += k;
		n -= k;
		if (s->len == SPOOL_BLOCK && spool_flush_blocks(s, e) < 0)
			return -1;
	}
	return 0;
}

int
sp_spill_spool_write(void *spool, const void *p, size_t n, struct sp_err *e)
{
	return sp_spill_spool_append(spool, p, n, NULL, e);
}

int
sp_spill_spool_copy(struct sp_spill_spool *s, uint64_t off, uint64_t n,
    sp_write_fn *write,
    void *ctx, struct sp_err *e)
{
	if (off + n > sp_spill_spool_size(s))
		return sp_fail(e, SP_EUSAGE, "spool: read beyond its end");
	if (!s->on_file)
		return n == 0 ? 0 : write(ctx, s->mem + off, (size_t)n, e);
	while (n > 0) {
		uint64_t blk = off / SPOOL_BLOCK, in = off % SPOOL_BLOCK;
		size_t k = SPOOL_BLOCK - in < n ? (size_t)(SPOOL_BLOCK - in) :
		    (size_t)n;

		if (blk == s->nblocks) {
			if (write(ctx, s->mem + in, k, e) < 0)
				return -1;
		} else {
			if (s->bounce == NULL &&
			    (s->bounce = malloc(SPOOL_BLOCK)) == NULL)
				return sp_fail(e, SP_ENOMEM, "out of memory");
			if (sp_spill_file_pread(s->t, s->bounce, k,
			    s->blocks[blk] + in, e) < 0 ||
			    write(ctx, s->bounce, k, e) < 0)
				return -1;
		}
		off += k;
		n -= k;
	}
	return 0;
}

/* --- stores --- */

struct extent {
	uint64_t off, len;
};

struct window {
	unsigned char *stage;
	size_t fill;
	struct extent *ext;
	size_t next, capext;
	int direct;		/* runs were written into it */
};

/* The values of a stream that follow each other, not yet written. */
struct run {
	uint64_t start;
	size_t n;
	int64_t *buf;
};

struct sp_spill_store {
	struct sp_spill_file *t;
	struct sp_spill_budget *b;
	uint64_t n;
	uint64_t cap;		/* slots of mem */
	int64_t *mem;		/* in memory */
	/* on file */
	uint64_t base;		/* the slots' place on the file */
	uint64_t wslots;	/* slots per window, a power of 2 */
	unsigned wshift;	/* its log2 */
	size_t nwin;
	struct window *win;
	size_t stage;		/* bytes of each window's stage */
	struct run *runs;
	size_t nruns, runcap;
	int sealed;
};

struct sp_spill_store *
sp_spill_store_new(struct sp_spill_file *t, struct sp_spill_budget *b,
    uint64_t n, uint64_t window_bytes, size_t nstreams, struct sp_err *e)
{
	struct sp_spill_store *s = calloc(1, sizeof *s);

	if (s == NULL)
		goto oom;
	s->t = t;
	s->b = b;
	s->n = n;
	if (n == 0 || (n <= SIZE_MAX / 8 && sp_spill_budget_take(b, n * 8))) {
		/* every slot is set before it is read: no zeroing */
		if ((s->mem = sp_huge_alloc(n ? (size_t)n * 8 : 8)) == NULL) {
			sp_spill_budget_give(b, n * 8);
			goto oom;
		}
		s->cap = n;
		return s;
	}
	/* a power of 2 of at least 4096 slots, below 2^32 */
	s->wshift = 12;
	while (s->wshift < 31 && ((uint64_t)2 << s->wshift) * 8 <=
	    window_bytes)
		s->wshift++;
	s->wslots = (uint64_t)1 << s->wshift;
	s->nwin = (size_t)((n + s->wslots - 1) / s->wslots);
	s->stage = (size_t)(s->wslots * 8 / s->nwin) / PAIR * PAIR;
	if (s->stage < STAGE_MIN)
		s->stage = STAGE_MIN;
	if (s->stage > STAGE_MAX)
		s->stage = STAGE_MAX;
	if ((s->win = calloc(s->nwin, sizeof *s->win)) == NULL)
		goto oom;
	/* run buffers take at most a window's worth of memory */
	if (nstreams > 0 && window_bytes / 8 / nstreams >= RUN_CAP_MIN) {
		s->runcap = (size_t)(window_bytes / 8 / nstreams);
		if (s->runcap > RUN_CAP_MAX)
			s->runcap = RUN_CAP_MAX;
		if ((s->runs = calloc(nstreams, sizeof *s->runs)) == NULL)
			goto oom;
		s->nruns = nstreams;
	}
	if (sp_spill_file_reserve(t, n * 8, &s->base, e) < 0) {
		sp_spill_store_free(s);
		return NULL;
	}
	return s;
oom:
	sp_spill_store_free(s);
	sp_fail(e, SP_ENOMEM, "out of memory");
	return NULL;
}

void
sp_spill_store_free(struct sp_spill_store *s)
{
	size_t i;

	if (s == NULL)
		return;
	if (s->mem != NULL) {
		sp_spill_budget_give(s->b, s->cap * 8);
		free(s->mem);
	}
	for (i = 0; s->win != NULL && i < s->nwin; i++) {
		free(s->win[i].stage);
		free(s->win[i].ext);
	}
	for (i = 0; i < s->nruns; i++)
		free(s->runs[i].buf);
	free(s->runs);
	free(s->win);
	free(s);
}

int
sp_spill_store_reuse(struct sp_spill_store *s, uint64_t n)
{
	if (s->mem == NULL || n > s->cap)
		return -1;
	s->n = n;
	s->sealed = 0;
	return 0;
}

int
sp_spill_store_in_memory(const struct sp_spill_store *s)
{
	return s->mem != NULL;
}

int64_t *
sp_spill_store_ptr(const struct sp_spill_store *s)
{
	return s->mem;
}

static int
stage_flush(struct sp_spill_store *s, struct window *w, struct sp_err *e)
{
	uint64_t off;

	if (w->fill == 0)
		return 0;
	if (w->next == w->capext) {
		size_t cap = w->capext ? w->capext * 2 : 8;
		struct extent *v = realloc(w->ext, cap * sizeof *v);

		if (v == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		w->ext = v;
		w->capext = cap;
	}
	if (sp_spill_file_append(s->t, w->stage, w->fill, &off, e) < 0)
		return -1;
	/* consecutive stages of a window often land side by side */
	if (w->next > 0 && w->ext[w->next - 1].off +
	    w->ext[w->next - 1].len == off) {
		w->ext[w->next - 1].len += w->fill;
	} else {
		w->ext[w->next].off = off;
		w->ext[w->next].len = w->fill;
		w->next++;
	}
	w->fill = 0;
	return 0;
}

/* A slot and its value into the bucket of its window. */
static int
pair_put(struct sp_spill_store *s, uint64_t i, int64_t v, struct sp_err *e)
{
	struct window *w;
	uint32_t rel;

	w = &s->win[i >> s->wshift];
	rel = (uint32_t)(i & (s->wslots - 1));
	if (w->stage == NULL && (w->stage = malloc(s->stage)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memcpy(w->stage + w->fill, &rel, 4);
	memcpy(w->stage + w->fill + 4, &v, 8);
	w->fill += PAIR;
	if (w->fill == s->stage)
		return stage_flush(s, w, e);
	return 0;
}

/* A run in place when it is long enough, else its values as pairs. */
static int
run_flush(struct sp_spill_store *s, struct run *r, struct sp_err *e)
{
	uint64_t w;
	size_t k;

	if (r->n == 0)
		return 0;
	if (r->n < RUN_MIN) {
		for (k = 0; k < r->n; k++)
			if (pair_put(s, r->start + k, r->buf[k], e) < 0)
				return -1;
	} else {
		if (sp_spill_file_pwrite(s->t, r->buf, r->n * 8, s->base +
		    r->start * 8, e) < 0)
			return -1;
		for (w = r->start >> s->wshift; w <= (r->start + r->n - 1) >>
		    s->wshift; w++)
			s->win[w].direct = 1;
	}
	r->start += r->n;
	r->n = 0;
	return 0;
}

/*
 * A value for a store on the file: its stream's run, flushed when full
 * (every value of a store past its budget: not rare, but kept out of
 * sp_spill_store_put()'s prologue).
 */
SP_NOINLINE static int
file_put(struct sp_spill_store *s, size_t stream, uint64_t i, int64_t v,
    struct sp_err *e)
{
	struct run *r;

	if (i >= s->n || s->sealed)
		return sp_fail(e, SP_EUSAGE, "store: slot %llu of %llu",
		    (unsigned long long)i, (unsigned long long)s->n);
	if (stream >= s->nruns)
		return pair_put(s, i, v, e);
	r = &s->runs[stream];
	if (r->n > 0 && i != r->start + r->n && run_flush(s, r, e) < 0)
		return -1;
	if (r->n == 0) {
		if (r->buf == NULL &&
		    (r->buf = malloc(s->runcap * 8)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		r->start = i;
	}
	r->buf[r->n++] = v;
	return r->n == s->runcap ? run_flush(s, r, e) : 0;
}

int
sp_spill_store_put(struct sp_spill_store *s, size_t stream, uint64_t i,
    int64_t v, struct sp_err *e)
{
	/* a call per value: a store in memory takes it in a few instructions */
	if (s->mem != NULL && i < s->n && !s->sealed) {
		s->mem[i] = v;
		return 0;
	}
	return file_put(s, stream, i, v, e);
}

int
sp_spill_store_seal(struct sp_spill_store *s, struct sp_err *e)
{
	unsigned char *chunk = NULL;
	int64_t *buf = NULL;
	size_t i, k;
	int rc = -1;

	if (s->mem != NULL || s->sealed) {
		s->sealed = 1;
		return 0;
	}
	for (i = 0; i < s->nruns; i++) {
		if (run_flush(s, &s->runs[i], e) < 0)
			return -1;
		free(s->runs[i].buf);
		s->runs[i].buf = NULL;
	}
	for (i = 0; i < s->nwin; i++) {
		if (stage_flush(s, &s->win[i], e) < 0)
			return -1;
		free(s->win[i].stage);
		s->win[i].stage = NULL;
	}
	if ((buf = malloc(s->wslots * 8)) == NULL ||
	    (chunk = malloc(SEAL_CHUNK)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < s->nwin; i++) {
		struct window *w = &s->win[i];
		uint64_t first = (uint64_t)i * s->wslots;
		uint64_t len = s->n - first < s->wslots ? s->n - first :
		    s->wslots;

		if (w->next == 0)
			continue;	/* all in place, or never written */
		/* runs already in place: build on them */
		if (w->direct) {
			if (sp_spill_file_pread(s->t, buf, (size_t)len * 8,
			    s->base + first * 8, e) < 0)
				goto out;
		} else {
			memset(buf, 0, (size_t)len * 8);
		}
		for (k = 0; k < w->next; k++) {
			uint64_t off = w->ext[k].off, left = w->ext[k].len;

			while (left > 0) {
				size_t m = left < SEAL_CHUNK ? (size_t)left :
				    SEAL_CHUNK, j;

				if (sp_spill_file_pread(s->t, chunk, m, off,
				    e) < 0)
					goto out;
				for (j = 0; j < m; j += PAIR) {
					uint32_t rel;
					int64_t v;

					memcpy(&rel, chunk + j, 4);
					memcpy(&v, chunk + j + 4, 8);
					buf[rel] = v;
				}
				off += m;
				left -= m;
			}
		}
		free(w->ext);
		w->ext = NULL;
		w->next = w->capext = 0;
		if (sp_spill_file_pwrite(s->t, buf, (size_t)len * 8, s->base +
		    first * 8, e) < 0)
			goto out;
	}
	s->sealed = 1;
	rc = 0;
out:
	free(buf);
	free(chunk);
	return rc;
}

int
sp_spill_store_read(struct sp_spill_store *s, uint64_t i, size_t n,
    int64_t *out, struct sp_err *e)
{
	if (i + n > s->n || i + n < i)
		return sp_fail(e, SP_EUSAGE, "store: read beyond its end");
	if (s->mem != NULL) {
		memcpy(out, s->mem + i, n * 8);
		return 0;
	}
	if (!s->sealed)
		return sp_fail(e, SP_EUSAGE, "store: read before seal");
	return sp_spill_file_pread(s->t, out, n * 8, s->base + i * 8, e);
}
