#include "sp_callargs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_arena.h"
#include "sp_json_emit.h"
#include "sp_json_text.h"
#include "sp_json_respell.h"

/* One element of a row's metadata array: bytes [off, off + len). */
struct span {
	uint32_t off, len;
};

/* What the rank's row of a region says. */
struct row {
	const char *file;	/* NULL: unknown */
	size_t file_len;
	int64_t line;		/* -1: unknown */
	const char *meta;	/* the JSON array text (borrowed), or NULL */
	size_t meta_len;
	uint64_t calls;
	struct span *spans;	/* its elements, once indexed */
	size_t nspans;
	int indexed;
};

struct sp_callargs {
	struct sp_arena *arena;	/* the rank's source files */
	struct row *rows;	/* by region id */
	size_t nrows, cap;
	/* by region id: a call's arguments when they are its source alone */
	struct sp_trace_args *plain;
	size_t plain_cap;
	uint32_t rank;
	uint64_t key;		/* the rank's source_key: 1, 2, ... */
	int any_meta;		/* a row of the rank has metadata */
	struct sp_trace_args none;	/* a region without a row's */
	char *buf;		/* the last metadata handed out */
	size_t len, bufcap;
};

struct sp_callargs *
sp_callargs_new(struct sp_err *e)
{
	struct sp_callargs *a = calloc(1, sizeof *a);

	if (a == NULL || (a->arena = sp_arena_new()) == NULL) {
		free(a);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	return a;
}

static void
clear_rows(struct sp_callargs *a)
{
	size_t i;

	for (i = 0; i < a->nrows; i++) {
		free(a->rows[i].spans);
		a->rows[i].spans = NULL;
	}
	a->nrows = 0;
}

void
sp_callargs_free(struct sp_callargs *a)
{
	if (a == NULL)
		return;
	clear_rows(a);
	free(a->rows);
	free(a->plain);
	free(a->buf);
	sp_arena_free(a->arena);
	free(a);
}

static size_t
skip_blanks(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
	    s[i] == '\r'))
		i++;
	return i;
}

/* Metadata worth indexing: not absent, "" or "[]" (blanks aside). */
static int
has_meta(const char *s, size_t n)
{
	size_t i;

	if (s == NULL || (i = skip_blanks(s, n, 0)) == n)
		return 0;
	if (s[i] != '[')
		return 1;
	i = skip_blanks(s, n, i + 1);
	return !(i < n && s[i] == ']' && skip_blanks(s, n, i + 1) == n);
}

static int
set_row(struct sp_callargs *a, const struct sp_row_info *ri,
    struct sp_err *e)
{
	struct row *r = &a->rows[ri->region];

	r->calls = ri->calls;
	r->line = ri->has_lineno && ri->source_lineno >= 0 ?
	    ri->source_lineno : -1;
	if (ri->source_file != NULL && ri->source_file[0] != '\0') {
		r->file_len = strlen(ri->source_file);
		if ((r->file = sp_arena_strndup(a->arena, ri->source_file,
		    r->file_len)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	if (has_meta(ri->event_metadata, ri->event_metadata_len)) {
		r->meta = ri->event_metadata;
		r->meta_len = ri->event_metadata_len;
		a->any_meta = 1;
	}
	return 0;
}

/* The arguments of a call that has only its region's source location. */
static void
set_plain(struct sp_trace_args *out, const char *file, size_t file_len,
    int64_t line, uint64_t key)
{
	memset(out, 0, sizeof *out);
	out->file = file;
	out->file_len = file_len;
	out->line = line;
	out->source_key = key;
}

/* Room for n rows and their plain arguments. */
static int
reserve(struct sp_callargs *a, size_t n, struct sp_err *e)
{
	struct row *r;
	struct sp_trace_args *p;

	if (n > a->cap) {
		if ((r = realloc(a->rows, n * sizeof *r)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		a->rows = r;
		a->cap = n;
	}
	if (n > a->plain_cap) {
		if ((p = realloc(a->plain, n * sizeof *p)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		a->plain = p;
		a->plain_cap = n;
	}
	return 0;
}

int
sp_callargs_rank(struct sp_callargs *a, const struct sp_rank_info *ri,
    struct sp_err *e)
{
	size_t i, n = 0;
	const struct row *r;

	clear_rows(a);
	sp_arena_reset(a->arena);
	a->rank = ri->rank;
	a->key++;
	a->any_meta = 0;
	set_plain(&a->none, NULL, 0, -1, a->key);
	for (i = 0; i < ri->nrows; i++)
		if (ri->rows[i].region >= n)
			n = (size_t)ri->rows[i].region + 1;
	if (reserve(a, n, e) < 0)
		return -1;
	a->nrows = n;
	for (i = 0; i < n; i++) {
		memset(&a->rows[i], 0, sizeof a->rows[i]);
		a->rows[i].line = -1;
	}
	for (i = 0; i < ri->nrows; i++)
		if (set_row(a, &ri->rows[i], e) < 0)
			return -1;
	for (i = 0; i < n; i++) {
		r = &a->rows[i];
		set_plain(&a->plain[i], r->file, r->file_len, r->line, a->key);
	}
	return 0;
}

int
sp_callargs_plain(const struct sp_callargs *a, const struct sp_batch *b)
{
	return !a->any_meta && b->x[SP_X_CALL_ID] == NULL &&
	    b->x[SP_X_GPU] == NULL && (b->x[SP_X_AWAIT] == NULL ||
	    b->x[SP_X_TASK] == NULL);
}

void
sp_callargs_table(const struct sp_callargs *a, struct sp_trace_argtab *t)
{
	t->args = a->plain;
	t->n = a->nrows;
	t->other = &a->none;
}

void
sp_callargs_source(const struct sp_callargs *a, uint32_t region,
    struct sp_trace_args *out)
{
	const struct row *r = region < a->nrows ? &a->rows[region] : NULL;

	out->file = r != NULL ? r->file : NULL;
	out->file_len = r != NULL ? r->file_len : 0;
	out->line = r != NULL ? r->line : -1;
	out->source_key = a->key;
}

void
sp_callargs_columns(const struct sp_batch *b, size_t i,
    struct sp_trace_args *out)
{
	out->has = 0;
	if (b->x[SP_X_CALL_ID] != NULL && b->x[SP_X_CALL_ID][i] >= 0) {
		out->has |= SP_TRACE_CALL_ID;
		out->call_id = b->x[SP_X_CALL_ID][i];
	}
	if (b->x[SP_X_GPU] != NULL && b->x[SP_X_GPU][i] >= 0) {
		out->has |= SP_TRACE_GPU;
		out->gpu_ns = b->x[SP_X_GPU][i];
	}
	if (b->x[SP_X_AWAIT] != NULL && b->x[SP_X_TASK] != NULL &&
	    b->x[SP_X_TASK][i] >= 0) {
		out->has |= SP_TRACE_AWAIT;
		out->await_ns = b->x[SP_X_AWAIT][i];
	}
}

struct indexing {
	struct row *r;
	size_t cap;
	struct sp_err *e;
};

static int
add_span(void *ctx, size_t off, size_t len)
{
	struct indexing *x = ctx;
	struct span *s;

	if (x->r->nspans == x->cap) {
		x->cap = x->cap ? x->cap * 2 : 64;
		if ((s = realloc(x->r->spans, x->cap * sizeof *s)) == NULL)
			return sp_fail(x->e, SP_ENOMEM, "out of memory");
		x->r->spans = s;
	}
	x->r->spans[x->r->nspans].off = (uint32_t)off;
	x->r->spans[x->r->nspans++].len = (uint32_t)len;
	return 0;
}

static int
index_row(struct sp_callargs *a, uint32_t region, struct sp_err *e)
{
	struct row *r = &a->rows[region];
	struct indexing x = { r, 0, e };
	char why[SP_ERR_MSG_MAX];

	r->indexed = 1;
	if (r->meta_len > UINT32_MAX)
		return sp_fail(e, SP_EDATA, "rank %" PRIu32 ", region %" PRIu32
		    ": event metadata of %zu bytes: too long", a->rank, region,
		    r->meta_len);
	if (sp_json_text_elements(r->meta, r->meta_len, add_span, &x, e) < 0) {
		snprintf(why, sizeof why, "%s", e != NULL ? e->msg : "");
		return sp_fail(e, e != NULL ? e->status : SP_EDATA, "rank %"
		    PRIu32 ", region %" PRIu32 ": event metadata: %s", a->rank,
		    region, why);
	}
	if (r->nspans != r->calls)
		return sp_fail(e, SP_EDATA, "rank %" PRIu32 ", region %" PRIu32
		    ": event metadata has %zu entries for %" PRIu64 " calls",
		    a->rank, region, r->nspans, r->calls);
	return 0;
}

int
sp_callargs_meta(struct sp_callargs *a, uint32_t region, int64_t call,
    struct sp_trace_args *out, struct sp_err *e)
{
	struct row *r = region < a->nrows ? &a->rows[region] : NULL;
	const struct span *s;

	out->meta = NULL;
	out->meta_len = 0;
	if (r == NULL || r->meta == NULL)
		return 0;
	if (!r->indexed && index_row(a, region, e) < 0)
		return -1;
	if (call < 0 || (uint64_t)call >= r->nspans)
		return sp_fail(e, SP_EDATA, "rank %" PRIu32 ", region %" PRIu32
		    ": call %" PRId64 " has no event metadata (%zu entries)",
		    a->rank, region, call, r->nspans);
	s = &r->spans[call];
	if (sp_json_respell(r->meta + s->off, s->len, SP_JSON_EMIT_NULL,
	    &a->buf, &a->len, &a->bufcap, e) < 0)
		return -1;
	if (a->len == 2 && memcmp(a->buf, "{}", 2) == 0)
		return 0;
	out->meta = a->buf;
	out->meta_len = a->len;
	return 0;
}

int
sp_callargs_call(struct sp_callargs *a, const struct sp_batch *b, size_t i,
    struct sp_trace_args *out, struct sp_err *e)
{
	uint32_t region = b->region[i];
	const struct row *r = region < a->nrows ? &a->rows[region] : NULL;

	sp_callargs_columns(b, i, out);
	out->source_key = a->key;
	if (r == NULL) {
		out->file = NULL;
		out->file_len = 0;
		out->line = -1;
		out->meta = NULL;
		out->meta_len = 0;
		return 0;
	}
	out->file = r->file;
	out->file_len = r->file_len;
	out->line = r->line;
	if (r->meta == NULL) {
		out->meta = NULL;
		out->meta_len = 0;
		return 0;
	}
	return sp_callargs_meta(a, region, b->call[i], out, e);
}
