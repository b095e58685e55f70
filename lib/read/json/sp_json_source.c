/*
 * The JSON source: what the document's parse leaves, and the operations
 * (struct sp_source_ops) that hand it to sp_order.
 */
#include "sp_json_source.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *
dupn(const char *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s != NULL) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

int
sp_json_source_fail(const struct sp_json_source *s, struct sp_err *e,
    enum sp_status st, const char *fmt, ...)
{
	char msg[SP_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return sp_fail(e, st, "%s: %s", s->name, msg);
}

char *
sp_json_source_keep(struct sp_json_source *s, const char *p, size_t n)
{
	char *d;

	if (s->nstrs == s->capstrs) {
		size_t cap = s->capstrs ? s->capstrs * 2 : 64;
		char **v = realloc(s->strs, cap * sizeof *v);

		if (v == NULL)
			return NULL;
		s->strs = v;
		s->capstrs = cap;
	}
	if ((d = dupn(p, n)) == NULL)
		return NULL;
	s->strs[s->nstrs++] = d;
	return d;
}

long
sp_json_source_region(struct sp_json_source *s, const char *p, size_t n)
{
	size_t i;

	/* rows of one region come together: look from the newest */
	for (i = s->nnames; i-- > 0;)
		if (s->lens[i] == n && memcmp(s->names[i], p, n) == 0)
			return (long)i;
	if (s->nnames == s->capnames) {
		size_t cap = s->capnames ? s->capnames * 2 : 64;
		char **v = realloc(s->names, cap * sizeof *v);
		size_t *l;

		if (v == NULL)
			return -1;
		s->names = v;
		if ((l = realloc(s->lens, cap * sizeof *l)) == NULL)
			return -1;
		s->lens = l;
		s->capnames = cap;
	}
	if ((s->names[s->nnames] = sp_json_source_keep(s, p, n)) == NULL)
		return -1;
	s->lens[s->nnames] = n;
	return (long)s->nnames++;
}

struct sp_source_row *
sp_json_source_next_row(struct sp_json_source *s)
{
	struct sp_source_row *r;

	if (s->src.nrows == s->caprows) {
		size_t cap = s->caprows ? s->caprows * 2 : 64;
		struct sp_source_row *nr;
		struct sp_json_source_cols *nc;

		if ((nr = realloc(s->src.rows, cap * sizeof *nr)) == NULL)
			return NULL;
		s->src.rows = nr;
		if ((nc = realloc(s->cols, cap * sizeof *nc)) == NULL)
			return NULL;
		s->cols = nc;
		s->caprows = cap;
	}
	r = &s->src.rows[s->src.nrows];
	memset(r, 0, sizeof *r);
	return r;
}

void
sp_json_source_add_row(struct sp_json_source *s,
    const struct sp_json_source_cols *c)
{
	struct sp_source_row *r = &s->src.rows[s->src.nrows];

	r->offset = s->src.nrows;	/* its columns: s->cols[offset] */
	s->src.xmask |= r->info.xmask;
	s->cols[s->src.nrows++] = *c;
}

int
sp_json_source_add_side(struct sp_json_source *s, uint32_t rank,
    const char *kind, const uint8_t *p, size_t n)
{
	struct sp_json_source_side *d;

	if (s->nsides == s->capsides) {
		size_t cap = s->capsides ? s->capsides * 2 : 16;
		struct sp_json_source_side *v = realloc(s->sides,
		    cap * sizeof *v);

		if (v == NULL)
			return -1;
		s->sides = v;
		s->capsides = cap;
	}
	d = &s->sides[s->nsides];
	if ((d->kind = dupn(kind, strlen(kind))) == NULL ||
	    (d->data = malloc(n ? n : 1)) == NULL) {
		free(d->kind);
		return -1;
	}
	memcpy(d->data, p, n);
	d->len = n;
	d->rank = rank;
	s->nsides++;
	return 0;
}

/* --- the operations --- */

static int
jread(struct sp_source *src, size_t row, uint64_t off, size_t n, int64_t *a,
    int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct sp_json_source *s = (struct sp_json_source *)src;
	const struct sp_json_source_cols *c = &s->cols[src->rows[row].offset];
	size_t k, i;

	if (n == 0)
		return 0;
	if (sp_spill_file_pread(s->tmp, a, n * 8, c->off[0] + off * 8, e) < 0 ||
	    sp_spill_file_pread(s->tmp, b, n * 8, c->off[1] + off * 8, e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++) {
		if (x[k] == NULL)
			continue;
		if ((c->have >> (2 + k)) & 1) {
			if (sp_spill_file_pread(s->tmp, x[k], n * 8,
			    c->off[2 + k] + off * 8, e) < 0)
				return -1;
			continue;
		}
		for (i = 0; i < n; i++)
			x[k][i] = k == SP_X_AWAIT ? 0 : -1;
	}
	return 0;
}

static void
free_evtexts(struct sp_json_source *s)
{
	size_t i;

	for (i = 0; i < s->nevtexts; i++)
		free(s->evtexts[i]);
	s->nevtexts = 0;
}

/*
 * The event metadata of the rank's rows, which stays on the temporary
 * file until its rank is written: into the rows' info.
 */
static int
load_events(struct sp_json_source *s, uint32_t rank, struct sp_err *e)
{
	struct sp_source *src = &s->src;
	size_t i;

	free_evtexts(s);
	for (i = 0; i < src->nrows; i++) {
		struct sp_source_row *r = &src->rows[i];
		const struct sp_json_source_cols *c = &s->cols[r->offset];
		char *t;

		r->info.event_metadata = NULL;
		r->info.event_metadata_len = 0;
		if (r->rank != rank || !c->has_ev)
			continue;
		if (s->nevtexts == src->nrows)
			break;
		if (s->evtexts == NULL && (s->evtexts = calloc(src->nrows + 1,
		    sizeof *s->evtexts)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		if ((t = malloc(c->ev_len + 1)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		s->evtexts[s->nevtexts++] = t;
		if (sp_spill_file_pread(s->tmp, t, c->ev_len, c->ev_off, e) < 0)
			return -1;
		t[c->ev_len] = '\0';
		r->info.event_metadata = t;
		r->info.event_metadata_len = c->ev_len;
	}
	return 0;
}

/* A copy of the rank's table in rl (n ranks), entries of size bytes. */
static int
copy_lanes(const struct sp_json_source_lanes *rl, size_t n, size_t size,
    uint32_t rank, void **copy, size_t *cnt, struct sp_err *e)
{
	size_t i;

	*copy = NULL;
	*cnt = 0;
	for (i = 0; i < n; i++)
		if (rl[i].rank == rank && rl[i].n > 0) {
			if ((*copy = malloc(rl[i].n * size)) == NULL)
				return sp_fail(e, SP_ENOMEM, "out of memory");
			memcpy(*copy, rl[i].v, rl[i].n * size);
			*cnt = rl[i].n;
			break;
		}
	return 0;
}

/* The rank's lane tables; and its rows' event metadata. */
static int
jtables(struct sp_source *src, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	struct sp_json_source *s = (struct sp_json_source *)src;
	void *copy;

	if (load_events(s, rank, e) < 0)
		return -1;
	if (s->has_threads) {
		if (copy_lanes(s->threads, s->nthreads,
		    sizeof(struct sp_thread_info), rank, &copy, &out->nthreads,
		    e) < 0)
			return -1;
		out->has_threads = 1;
		out->threads = copy;
	}
	if (s->has_tasks) {
		if (copy_lanes(s->tasks, s->ntasks, sizeof(struct sp_task_info),
		    rank, &copy, &out->ntasks, e) < 0)
			return -1;
		out->has_tasks = 1;
		out->tasks = copy;
	}
	return 0;
}

static int
jsides(struct sp_source *src, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	struct sp_json_source *s = (struct sp_json_source *)src;
	size_t i;

	for (i = 0; i < s->nsides; i++)
		if (s->sides[i].rank == rank &&
		    emit(ctx, s->sides[i].kind, s->sides[i].data,
		    s->sides[i].len, e) < 0)
			return -1;
	return 0;
}

static void
lanes_free(struct sp_json_source_lanes *rl, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(rl[i].v);
	free(rl);
}

static void
jfree(struct sp_source *src)
{
	struct sp_json_source *s = (struct sp_json_source *)src;
	size_t i;

	free_evtexts(s);
	free(s->evtexts);
	sp_spill_file_free(s->tmp);
	free(s->cols);
	free(s->names);
	free(s->lens);
	for (i = 0; i < s->nstrs; i++)
		free(s->strs[i]);
	free(s->strs);
	lanes_free(s->threads, s->nthreads);
	lanes_free(s->tasks, s->ntasks);
	for (i = 0; i < s->nsides; i++) {
		free(s->sides[i].kind);
		free(s->sides[i].data);
	}
	free(s->sides);
	free(s->name);
}

static const struct sp_source_ops json_ops = { jread, jtables, jsides,
	jfree };

struct sp_json_source *
sp_json_source_new(const char *path, const char *tmpdir, struct sp_err *e)
{
	struct sp_json_source *s = calloc(1, sizeof *s);
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;

	if (s == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	s->src.ops = &json_ops;
	s->src.path = path;
	s->src.source_format = "json";
	s->src.layout = "columnar";
	s->src.event_data = 1;
	if ((s->name = dupn(name, strlen(name))) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	if ((s->tmp = sp_spill_file_new(tmpdir, e)) == NULL)
		goto fail;
	return s;
fail:
	sp_source_free(&s->src);
	return NULL;
}
