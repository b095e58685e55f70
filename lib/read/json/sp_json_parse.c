#include "sp_json_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "sp_json_calls.h"
#include "sp_json_row.h"
#include "sp_json_surr.h"
#include "sp_jvalue.h"

/* Input that may go by without a token: see sp_json_parse.h. */
#define MAX_TOKEN ((uint64_t)16 << 20)

/*
 * The parser's modes.  Depths count open containers: the top object's
 * keys are at depth 1, rows at 2, row keys at 3, column values at 4.
 */
enum mode {
	M_TOP,		/* the top object's keys */
	M_VALUE,	/* building a small value */
	M_ROWS,		/* the regions list */
	M_ROW,		/* a row's keys */
	M_COLUMN,	/* a per-call column's integers */
	M_CAPTURE,	/* event_metadata, kept as text */
};

/* What the value after a key is for, when it is not a small value. */
enum pending { P_NONE, P_REGIONS, P_COLUMN, P_CAPTURE };

struct sp_json_parse {
	struct sp_json_source *s;
	yajl_handle h;
	/* YAJL's text, lone high surrogates kept */
	struct sp_json_surr *surr;
	struct sp_err *e;
	int failed;		/* e is filled */
	int depth;
	enum mode mode;
	enum pending pend;
	struct sp_jvalue *top[SP_JSON_TOP_COUNT];
	/* a small value being built, for top[at] or (at < 0) the row */
	struct sp_jvalue_build b;
	int at;
	/* the row */
	struct sp_jvalue *row;	/* its small keys */
	char *rowkey;		/* the key of the value being built */
	size_t rowkeylen;
	struct sp_json_source_cols cols;
	int col;		/* the column being read */
	struct sp_json_calls *calls;
	/* event_metadata: the chunk, where its text starts, its depth */
	const unsigned char *chunk;
	size_t cap_from;
	int cap_depth;
	/* the input */
	uint64_t consumed;	/* bytes before the chunk */
	uint64_t tokens;	/* callbacks so far: see MAX_TOKEN */
	uint64_t tokens_seen, quiet;
	size_t words;		/* NaN and Infinity words YAJL has yet to give */
};

/* Every callback counts, so that a token going on and on is seen. */
#define TOKEN_SEEN(ctx) (((struct sp_json_parse *)(ctx))->tokens++)

/* The first error, named; returns a yajl callback's "stop". */
static int
fail(struct sp_json_parse *c, enum sp_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
fail(struct sp_json_parse *c, enum sp_status st, const char *fmt, ...)
{
	char msg[SP_ERR_MSG_MAX];
	va_list ap;

	if (!c->failed) {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		sp_json_source_fail(c->s, c->e, st, "%s", msg);
		c->failed = 1;
	}
	return 0;
}

static int
oom(struct sp_json_parse *c)
{
	return fail(c, SP_ENOMEM, "out of memory");
}

/* e was filled elsewhere. */
static int
failed(struct sp_json_parse *c)
{
	c->failed = 1;
	return 0;
}

static int
not_profile(struct sp_json_parse *c)
{
	if (!c->failed)
		sp_json_not_profile(c->s, c->e);
	return failed(c);
}

/* YAJL decodes \udcXX to the 3 bytes of that surrogate: back to the byte. */
static size_t
unsurrogate(char *s, size_t n)
{
	size_t i = 0, k = 0;

	while (i < n) {
		unsigned char *u = (unsigned char *)s + i;

		if (u[0] == 0xed && i + 2 < n && (u[1] == 0xb2 ||
		    u[1] == 0xb3) && (u[2] & 0xc0) == 0x80) {
			s[k++] = (char)(0x80 | (u[1] & 1) << 6 | (u[2] & 0x3f));
			i += 3;
			continue;
		}
		s[k++] = s[i++];
	}
	s[k] = '\0';
	return k;
}

/* --- small values --- */

/* Build the value that follows: for top[at], or (at < 0) the row. */
static void
value_begin(struct sp_json_parse *c, int at)
{
	sp_jvalue_build_clear(&c->b);
	c->at = at;
	c->mode = M_VALUE;
}

/* A small value is complete. */
static int
value_done(struct sp_json_parse *c)
{
	struct sp_jvalue *v = sp_jvalue_build_take(&c->b), *f;

	if (c->at < 0) {
		c->mode = M_ROW;
		if (sp_jvalue_append(c->row, c->rowkey, c->rowkeylen, v) < 0) {
			sp_jvalue_free(v);
			return oom(c);
		}
		c->rowkey = NULL;
		return 1;
	}
	c->mode = M_TOP;
	if (c->at == SP_JSON_TOP_UNKNOWN) {
		sp_jvalue_free(v);
		return 1;
	}
	sp_jvalue_free(c->top[c->at]);
	c->top[c->at] = v;
	if (c->at == SP_JSON_TOP_FORMAT) {
		/* refuse a foreign document at once */
		f = c->top[SP_JSON_TOP_FORMAT];
		if (f->t != SP_JSTR || strcmp(f->s, SP_JSON_FORMAT_NAME) != 0)
			return not_profile(c);
	}
	return 1;
}

/* The builder's answer to an event. */
static int
value_step(struct sp_json_parse *c, int rc)
{
	if (rc == 1)
		return value_done(c);
	if (rc == -1)
		return oom(c);
	if (rc == -2)
		return fail(c, SP_EDATA, "not valid JSON: a value nested too "
		    "deeply");
	return 1;
}

/* --- per-call values --- */

static int
not_integer(struct sp_json_parse *c)
{
	return fail(c, SP_EDATA, "regions[%zu]: %s holds a value that is not "
	    "a 64-bit integer", c->s->src.nrows, sp_jsonkeys_calls[c->col]);
}

static int
column_value(struct sp_json_parse *c, const char *p, size_t n)
{
	int rc = sp_json_calls_value(c->calls, p, n, c->e);

	if (rc < 0)
		return failed(c);
	return rc > 0 ? not_integer(c) : 1;
}

static int
column_end(struct sp_json_parse *c)
{
	if (sp_json_calls_column_end(c->calls, &c->cols.off[c->col],
	    &c->cols.n[c->col], c->e) < 0)
		return failed(c);
	c->cols.have |= 1u << c->col;
	c->mode = M_ROW;
	return 1;
}

/* The captured value, as json.dumps spells it, to the file. */
static int
capture_end(struct sp_json_parse *c)
{
	size_t end = yajl_get_bytes_consumed(c->h);

	if (sp_json_calls_text(c->calls, c->chunk + c->cap_from,
	    end - c->cap_from) < 0)
		return oom(c);
	if (sp_json_calls_text_end(c->calls, &c->cols.ev_off, &c->cols.ev_len,
	    c->e) < 0)
		return failed(c);
	c->cols.has_ev = 1;
	c->mode = M_ROW;
	return 1;
}

/* --- rows --- */

static int
row_begin(struct sp_json_parse *c)
{
	if ((c->row = sp_jvalue_new(SP_JOBJ)) == NULL)
		return oom(c);
	memset(&c->cols, 0, sizeof c->cols);
	c->mode = M_ROW;
	return 1;
}

static int
row_end(struct sp_json_parse *c)
{
	if (sp_json_row_add(c->s, c->row, &c->cols, c->e) < 0)
		return failed(c);
	sp_jvalue_free(c->row);
	c->row = NULL;
	c->mode = M_ROWS;
	return 1;
}

/* A key of a row: a column, the event metadata, or a small value. */
static int
row_key(struct sp_json_parse *c, char *k, size_t kn)
{
	int i;

	for (i = 0; i < SP_JSON_NCOLS; i++)
		if (strlen(sp_jsonkeys_calls[i]) == kn &&
		    memcmp(sp_jsonkeys_calls[i], k, kn) == 0)
			break;
	if (i < SP_JSON_NCOLS) {
		free(k);
		if ((c->cols.have >> i) & 1)
			return fail(c, SP_EDATA, "a row with %s twice",
			    sp_jsonkeys_calls[i]);
		c->col = i;
		c->pend = P_COLUMN;
		return 1;
	}
	if (kn == 14 && memcmp(k, "event_metadata", 14) == 0) {
		free(k);
		c->pend = P_CAPTURE;
		return 1;
	}
	free(c->rowkey);
	c->rowkey = k;
	c->rowkeylen = kn;
	value_begin(c, -1);
	return 1;
}

/* --- callbacks --- */

/*
 * The value of a key, or an element, begins: a scalar or a container.
 * 2 when it is taken here, 1 when the mode's own.
 */
static int
value_begins(struct sp_json_parse *c, int container, enum sp_jvalue_type t)
{
	enum pending p = c->pend;

	c->pend = P_NONE;
	switch (p) {
	case P_REGIONS:
		if (!container || t != SP_JARR)
			return fail(c, SP_EDATA, "\"regions\" is not a list");
		c->mode = M_ROWS;
		return 2;
	case P_COLUMN:
		if (!container || t != SP_JARR)
			return fail(c, SP_EDATA, "%s is not a list",
			    sp_jsonkeys_calls[c->col]);
		c->mode = M_COLUMN;
		sp_json_calls_column(c->calls);
		return 2;
	case P_CAPTURE:
		if (!container)
			return 2;	/* null or a scalar: no metadata */
		c->mode = M_CAPTURE;
		c->cap_depth = c->depth + 1;
		c->cap_from = yajl_get_bytes_consumed(c->h) - 1;
		return 2;
	default:
		return 1;
	}
}

static int
scalar(struct sp_json_parse *c, struct sp_jvalue *v)
{
	int rc;

	if (c->failed) {
		sp_jvalue_free(v);
		return 0;
	}
	if ((rc = value_begins(c, 0, SP_JNULL)) != 1) {
		sp_jvalue_free(v);
		return rc == 2;
	}
	if (c->mode == M_VALUE)
		return value_step(c, sp_jvalue_build_value(&c->b, v));
	sp_jvalue_free(v);
	switch (c->mode) {
	case M_CAPTURE:
		return 1;
	case M_ROWS:
		return fail(c, SP_EDATA, "\"regions\" holds something other "
		    "than row objects");
	case M_COLUMN:
		return fail(c, SP_EDATA, "%s holds something other than "
		    "integers", sp_jsonkeys_calls[c->col]);
	default:
		return not_profile(c);	/* a document that is no object */
	}
}

static int
cb_null(void *ctx)
{
	TOKEN_SEEN(ctx);
	return scalar(ctx, sp_jvalue_new(SP_JNULL));
}

static int
cb_bool(void *ctx, int b)
{
	TOKEN_SEEN(ctx);
	struct sp_jvalue *v = sp_jvalue_new(SP_JBOOL);

	if (v != NULL)
		v->b = b;
	return scalar(ctx, v);
}

/*
 * The word a number stands for (NaN, Infinity, -Infinity: see
 * sp_json_surr.h), or NULL for a number as written.  YAJL has just read
 * past the number's last byte.
 */
static const char *
number_word(struct sp_json_parse *c, const char *p)
{
	const char *w = sp_json_surr_number(c->surr, c->consumed +
	    yajl_get_bytes_consumed(c->h), p[0] == '-');

	if (w != NULL)
		c->words--;
	return w;
}

/* A number: its text as written, or the word it stands for. */
static int
cb_number(void *ctx, const char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct sp_json_parse *c = ctx;
	struct sp_jvalue *v;
	const char *w = NULL;

	if (c->failed)
		return 0;
	if (c->words > 0 && (w = number_word(c, p)) != NULL) {
		p = w;
		n = strlen(w);
	}
	if (c->mode == M_COLUMN && c->pend == P_NONE)
		return w != NULL ? not_integer(c) : column_value(c, p, n);
	if (c->mode == M_CAPTURE)
		return 1;
	if ((v = sp_jvalue_new_text(SP_JNUM, p, n)) == NULL)
		return oom(c);
	return scalar(c, v);
}

static int
cb_string(void *ctx, const unsigned char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct sp_json_parse *c = ctx;
	struct sp_jvalue *v;

	char *t;
	size_t tn;

	if (c->failed)
		return 0;
	if (c->mode == M_CAPTURE)
		return sp_json_surr_decode(c->surr, p, n, NULL, NULL) < 0 ?
		    oom(c) : 1;
	if (sp_json_surr_decode(c->surr, p, n, &t, &tn) < 0)
		return oom(c);
	v = sp_jvalue_new_text(SP_JSTR, t, tn);
	free(t);
	if (v == NULL)
		return oom(c);
	v->n = unsurrogate(v->s, tn);
	return scalar(c, v);
}

static int
cb_map_key(void *ctx, const unsigned char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct sp_json_parse *c = ctx;
	char *k;
	size_t kn;

	if (c->failed)
		return 0;
	if (c->mode == M_CAPTURE)
		return sp_json_surr_decode(c->surr, p, n, NULL, NULL) < 0 ?
		    oom(c) : 1;
	if (sp_json_surr_decode(c->surr, p, n, &k, &kn) < 0)
		return oom(c);
	kn = unsurrogate(k, kn);
	switch (c->mode) {
	case M_VALUE:
		sp_jvalue_build_key(&c->b, k, kn);
		return 1;
	case M_TOP:
		if (kn == 7 && memcmp(k, "regions", 7) == 0)
			c->pend = P_REGIONS;
		else
			value_begin(c, (int)sp_json_top_index(k, kn));
		free(k);
		return 1;
	case M_ROW:
		return row_key(c, k, kn);
	default:
		free(k);
		return fail(c, SP_EDATA, "not valid JSON");
	}
}

static int
cb_start(struct sp_json_parse *c, enum sp_jvalue_type t)
{
	int rc;

	if (c->failed)
		return 0;
	if ((rc = value_begins(c, 1, t)) != 1) {
		if (rc == 2)
			c->depth++;
		return rc == 2;
	}
	c->depth++;
	switch (c->mode) {
	case M_CAPTURE:
		return 1;
	case M_TOP:
		if (c->depth == 1 && t == SP_JOBJ)
			return 1;
		return not_profile(c);
	case M_ROWS:
		if (t != SP_JOBJ)
			return fail(c, SP_EDATA, "\"regions\" holds something "
			    "other than row objects");
		return row_begin(c);
	case M_VALUE:
		return value_step(c, sp_jvalue_build_value(&c->b,
		    sp_jvalue_new(t)));
	case M_COLUMN:
		return fail(c, SP_EDATA, "%s holds something other than "
		    "integers", sp_jsonkeys_calls[c->col]);
	default:
		return fail(c, SP_EDATA, "not valid JSON");
	}
}

static int
cb_end(void *ctx)
{
	TOKEN_SEEN(ctx);
	struct sp_json_parse *c = ctx;
	int d;

	if (c->failed)
		return 0;
	d = c->depth--;
	switch (c->mode) {
	case M_CAPTURE:
		return d == c->cap_depth ? capture_end(c) : 1;
	case M_COLUMN:
		return column_end(c);
	case M_VALUE:
		return value_step(c, sp_jvalue_build_end(&c->b));
	case M_ROW:
		return row_end(c);
	case M_ROWS:
		c->mode = M_TOP;
		return 1;
	default:
		return 1;	/* the end of the document */
	}
}

static int
cb_start_map(void *ctx)
{
	TOKEN_SEEN(ctx);
	return cb_start(ctx, SP_JOBJ);
}

static int
cb_start_array(void *ctx)
{
	TOKEN_SEEN(ctx);
	return cb_start(ctx, SP_JARR);
}

static const yajl_callbacks callbacks = {
	cb_null, cb_bool, NULL, NULL, cb_number, cb_string, cb_start_map,
	cb_map_key, cb_end, cb_start_array, cb_end,
};

/* --- the parse --- */

struct sp_json_parse *
sp_json_parse_new(struct sp_json_source *s, struct sp_err *e)
{
	struct sp_json_parse *c = calloc(1, sizeof *c);

	if (c == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	c->s = s;
	sp_jvalue_build_begin(&c->b);
	if ((c->calls = sp_json_calls_new(s->tmp, e)) == NULL)
		goto fail;
	if ((c->surr = sp_json_surr_new()) == NULL ||
	    (c->h = yajl_alloc(&callbacks, NULL, c)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	return c;
fail:
	sp_json_parse_free(c);
	return NULL;
}

void
sp_json_parse_free(struct sp_json_parse *c)
{
	size_t i;

	if (c == NULL)
		return;
	if (c->h != NULL)
		yajl_free(c->h);
	sp_json_surr_free(c->surr);
	for (i = 0; i < SP_JSON_TOP_COUNT; i++)
		sp_jvalue_free(c->top[i]);
	sp_jvalue_build_clear(&c->b);
	sp_jvalue_free(c->row);
	free(c->rowkey);
	sp_json_calls_free(c->calls);
	free(c);
}

/* YAJL's complaint, with the byte where it stopped. */
static int
not_json(struct sp_json_parse *c, size_t n, struct sp_err *e)
{
	unsigned char *m = yajl_get_error(c->h, 0, NULL, 0);
	uint64_t at = c->consumed + (n > 0 ? yajl_get_bytes_consumed(c->h) :
	    0);
	char *nl;

	if (m != NULL && (nl = strchr((char *)m, '\n')) != NULL)
		*nl = '\0';
	sp_json_source_fail(c->s, e, SP_EDATA,
	    "not valid JSON: %s (at byte %llu)",
	    m != NULL ? (char *)m : "?", (unsigned long long)at);
	if (m != NULL)
		yajl_free_error(c->h, m);
	return -1;
}

/*
 * The next bytes of input through the surrogate filter to YAJL (final:
 * the input ends); captures read the bytes as written.
 */
static int
feed(struct sp_json_parse *c, const unsigned char *in, size_t len, int final,
    struct sp_err *e)
{
	const unsigned char *buf;
	size_t n;

	c->e = e;
	if (sp_json_surr_feed(c->surr, in, len, final, &buf, &c->chunk,
	    &n) < 0) {
		oom(c);
		return -1;
	}
	c->words = sp_json_surr_words(c->surr);
	if (yajl_parse(c->h, buf, n) != yajl_status_ok)
		return c->failed ? -1 : not_json(c, n, e);
	if (c->failed)
		return -1;
	if (c->tokens != c->tokens_seen) {
		c->tokens_seen = c->tokens;
		c->quiet = 0;
	} else if ((c->quiet += n) > MAX_TOKEN) {
		return sp_json_source_fail(c->s, e, SP_EDATA,
		    "not a profile: a "
		    "JSON value runs on for more than %llu MiB before byte "
		    "%llu", (unsigned long long)(MAX_TOKEN >> 20),
		    (unsigned long long)(c->consumed + n));
	}
	/* a capture running past the chunk keeps its part of it */
	if (c->mode == M_CAPTURE) {
		if (sp_json_calls_text(c->calls, c->chunk + c->cap_from,
		    n - c->cap_from) < 0) {
			oom(c);
			return -1;
		}
		c->cap_from = 0;
	}
	c->consumed += n;
	return 0;
}

int
sp_json_parse_feed(struct sp_json_parse *c, const unsigned char *buf, size_t n,
    struct sp_err *e)
{
	return feed(c, buf, n, 0, e);
}

int
sp_json_parse_end(struct sp_json_parse *c, struct sp_err *e)
{
	if (feed(c, NULL, 0, 1, e) < 0)
		return -1;
	c->chunk = NULL;
	if (yajl_complete_parse(c->h) != yajl_status_ok)
		return c->failed ? -1 : not_json(c, 0, e);
	if (c->failed)
		return -1;
	if (c->depth != 0 || c->mode != M_TOP) {
		not_profile(c);
		return -1;
	}
	return 0;
}

struct sp_jvalue *const *
sp_json_parse_top(const struct sp_json_parse *c)
{
	return c->top;
}
