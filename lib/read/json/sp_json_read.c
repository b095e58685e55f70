#include "sp_json_read.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <yajl/yajl_parse.h>
#include <zlib.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"
#include "sp_json_emit.h"
#include "sp_spill.h"
#include "sp_jsonw.h"

#define FORMAT_NAME "scope-profiler-profile"
#define FORMAT_VERSION 1
#define IN_CHUNK ((size_t)1 << 18)
#define COL_BUF ((size_t)1 << 14)	/* values buffered per column */
#define NCOLS (2 + SP_X_COUNT)
/*
 * YAJL keeps a token that spans input chunks in a buffer of its own, which
 * grows without bound: a string of 2^31 bytes gzips to a couple of MB.  So
 * the read loop refuses input that has gone this far without completing a
 * single token (a string, number, key or bracket), before YAJL holds more.
 * (YAJL also rescans such a token for every chunk, so its time grows with
 * the square of the token's length: 16 MiB cost 1.4 s, 64 MiB 12.7 s.)
 */
#define MAX_TOKEN ((uint64_t)16 << 20)

static const char *const col_keys[NCOLS] = {
	"start_times_ns", "end_times_ns", "gpu_durations_ns", "call_ids",
	"parent_ids", "thread_ids", "task_ids", "await_ns",
};

/* --- a small DOM for everything but the per-call columns --- */

enum jt { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jt t;
	int b;
	char *s;		/* string (UTF-8, NUL-ended) or number text */
	size_t n;
	struct jv **kid;
	char **key;		/* objects */
	size_t *klen;
	size_t nk, cap;
};

static void
jv_free(struct jv *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->nk; i++) {
		jv_free(v->kid[i]);
		if (v->key != NULL)
			free(v->key[i]);
	}
	free(v->kid);
	free(v->key);
	free(v->klen);
	free(v->s);
	free(v);
}

static struct jv *
jv_get(const struct jv *o, const char *key)
{
	size_t i, n = strlen(key);

	if (o == NULL || o->t != J_OBJ)
		return NULL;
	/* a repeated key: the last one wins, as in json.loads */
	for (i = o->nk; i-- > 0;)
		if (o->klen[i] == n && memcmp(o->key[i], key, n) == 0)
			return o->kid[i];
	return NULL;
}

/* An integer value (or an integral float); 0 when it is none. */
static int
jv_int(const struct jv *v, int64_t *out)
{
	char *end;
	double d;

	if (v == NULL || v->t != J_NUM)
		return 0;
	errno = 0;
	if (strpbrk(v->s, ".eE") == NULL) {
		long long x = strtoll(v->s, &end, 10);

		if (errno != 0 || *end != '\0')
			return 0;
		*out = x;
		return 1;
	}
	d = strtod(v->s, &end);
	if (*end != '\0' || d != floor(d) || d < -9.2e18 || d > 9.2e18)
		return 0;
	*out = (int64_t)d;
	return 1;
}

static double
jv_num(const struct jv *v, double def)
{
	if (v == NULL)
		return def;
	if (v->t == J_NULL)
		return NAN;	/* a non-finite float, written as null */
	if (v->t != J_NUM)
		return def;
	return strtod(v->s, NULL);
}

/* --- the source --- */

struct rowcols {
	uint64_t off[NCOLS], n[NCOLS];
	unsigned have;		/* bit c: column c given */
	int has_ev;
	uint64_t ev_off, ev_len;
};

struct side {
	uint32_t rank;
	char *kind;
	uint8_t *data;
	size_t len;
};

struct ranklist {
	uint32_t rank;
	size_t n;
	void *v;		/* struct sp_thread_info or sp_task_info */
};

struct jsrc {
	struct sp_source src;	/* first: a struct sp_source * is this */
	struct sp_jtmp *tmp;
	struct rowcols *cols;
	size_t ncols_rows, capcols;
	size_t caprows;
	/* strings of rows, tables, names: freed with the source */
	char **strs;
	size_t nstrs, capstrs;
	int has_threads, has_tasks;
	struct ranklist *threads, *tasks;
	size_t nthreads_r, ntasks_r;
	struct side *sides;
	size_t nsides, capsides;
	/* the rank whose event metadata texts are loaded */
	char **evtexts;
	size_t nevtexts;
	char *name;		/* for messages */
};

/* --- parsing --- */

/*
 * The parser's modes.  Depths count open containers: the top object's
 * keys are at depth 1, rows at 2, row keys at 3, column values at 4.
 */
enum mode {
	M_TOP,		/* the top object's keys */
	M_DOM,		/* building a small value */
	M_ROWS,		/* the regions list */
	M_ROW,		/* a row's keys */
	M_COLUMN,	/* a per-call column's integers */
	M_CAPTURE,	/* event_metadata, kept as raw text */
};

enum pending { P_NONE, P_REGIONS, P_COLUMN, P_CAPTURE, P_ROWKEY };

static const char *const top_keys[] = {
	"format", "format_version", "exporter", "time_unit", "num_ranks",
	"event_data_available", "metadata", "threads", "tasks", "likwid",
	"line_profile", "perf_events", "storage_layout",
	"scope_profiler_schema", "sp_region_names", "sp_event_columns",
	"sp_side_payloads", "sp_row_order", NULL,
};

enum {
	K_FORMAT, K_VERSION, K_EXPORTER, K_TIME_UNIT, K_NUM_RANKS,
	K_EVENT_DATA, K_METADATA, K_THREADS, K_TASKS, K_LIKWID, K_LINES,
	K_PERF, K_LAYOUT, K_SCHEMA, K_NAMES, K_COLUMNS, K_SIDES, K_ROWORDER,
	K_UNKNOWN, K_COUNT
};

struct pctx {
	struct jsrc *s;
	yajl_handle h;
	struct sp_err *e;
	int failed;		/* e is filled */
	int depth;
	enum mode mode;
	enum pending pend;
	struct jv *top[K_COUNT];
	/* a small value being built */
	struct jv **dom_out;
	enum mode dom_back;
	struct jv *stack[64];
	int sdepth;
	char *pkey;		/* pending key inside the value */
	size_t pkeylen;
	/* rows */
	struct jv *row;		/* the row's small keys */
	struct jv *rowval;
	char *rowkey;
	size_t rowkeylen;
	struct rowcols rc;
	int col;
	int64_t *cbuf;
	size_t cn;
	uint64_t ccount, cstart;
	/* raw capture of event_metadata */
	const unsigned char *chunk;
	size_t cap_from;
	int cap_depth;
	char *cap;
	size_t caplen, capcap;
	struct sp_jsonw *cw;
	struct sp_jout *cj;
	char *canon;
	size_t canon_len, canon_cap;
	/* region names by first appearance */
	char **names;
	size_t *nlens;
	size_t nnames, capnames;
	uint64_t tokens;	/* callbacks so far: see MAX_TOKEN */
};

/* Every callback counts, so the read loop sees a token go on and on. */
#define TOKEN_SEEN(ctx) (((struct pctx *)(ctx))->tokens++)

static int
pfail(struct pctx *c, enum sp_status st, const char *fmt, const char *a)
{
	char msg[SP_ERR_MSG_MAX];

	if (!c->failed) {
		snprintf(msg, sizeof msg, fmt, a != NULL ? a : "");
		sp_fail(c->e, st, "%s: %s", c->s->name, msg);
		c->failed = 1;
	}
	return 0;	/* a yajl callback's "stop" */
}

static int
poom(struct pctx *c)
{
	return pfail(c, SP_ENOMEM, "out of memory%s", NULL);
}

static int
not_profile(struct pctx *c)
{
	return pfail(c, SP_EDATA, "not a scope-profiler JSON profile (written "
	    "by sp-json, `scope-profiler export json` or `-o <name>.json`)%s",
	    NULL);
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

static char *
dupn(const void *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s != NULL) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

/* Keep a string until the source is freed. */
static char *
keep(struct jsrc *s, const char *p, size_t n)
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

static struct jv *
jv_new(enum jt t)
{
	struct jv *v = calloc(1, sizeof *v);

	if (v != NULL)
		v->t = t;
	return v;
}

/* Append v to container p, under key k (owned) for an object. */
static int
jv_append(struct jv *p, char *k, size_t kn, struct jv *v)
{
	if (p->nk == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 8;
		struct jv **kid = realloc(p->kid, cap * sizeof *kid);

		if (kid == NULL)
			return -1;
		p->kid = kid;
		if (p->t == J_OBJ) {
			char **kk = realloc(p->key, cap * sizeof *kk);
			size_t *kl;

			if (kk == NULL)
				return -1;
			p->key = kk;
			if ((kl = realloc(p->klen, cap * sizeof *kl)) == NULL)
				return -1;
			p->klen = kl;
		}
		p->cap = cap;
	}
	if (p->t == J_OBJ) {
		p->key[p->nk] = k;
		p->klen[p->nk] = kn;
	}
	p->kid[p->nk++] = v;
	return 0;
}

static void
dom_begin(struct pctx *c, struct jv **out, enum mode back)
{
	jv_free(*out);
	*out = NULL;
	c->dom_out = out;
	c->dom_back = back;
	c->sdepth = 0;
	c->mode = M_DOM;
}

/* A small value is complete. */
static int
dom_done(struct pctx *c)
{
	c->mode = c->dom_back;
	if (c->mode == M_ROW) {
		/* a row's small key */
		if (jv_append(c->row, c->rowkey, c->rowkeylen, c->rowval) < 0)
			return poom(c);
		c->rowkey = NULL;
		c->rowval = NULL;
		return 1;
	}
	if (c->dom_out == &c->top[K_FORMAT]) {
		/* refuse a foreign document at once */
		struct jv *f = c->top[K_FORMAT];

		if (f == NULL || f->t != J_STR || strcmp(f->s, FORMAT_NAME) != 0)
			return not_profile(c);
	}
	if (c->dom_out == &c->top[K_UNKNOWN]) {
		jv_free(c->top[K_UNKNOWN]);
		c->top[K_UNKNOWN] = NULL;
	}
	return 1;
}

/* Add v at the current place of the value being built. */
static int
dom_add(struct pctx *c, struct jv *v)
{
	if (v == NULL)
		return poom(c);
	if (c->sdepth == 0) {
		*c->dom_out = v;
	} else {
		struct jv *p = c->stack[c->sdepth - 1];

		if (jv_append(p, c->pkey, c->pkeylen, v) < 0) {
			jv_free(v);
			return poom(c);
		}
		c->pkey = NULL;
	}
	if (v->t == J_ARR || v->t == J_OBJ) {
		if (c->sdepth == (int)(sizeof c->stack / sizeof c->stack[0]))
			return pfail(c, SP_EDATA, "not valid JSON: a value "
			    "nested too deeply%s", NULL);
		c->stack[c->sdepth++] = v;
		return 1;
	}
	return c->sdepth == 0 ? dom_done(c) : 1;
}

/* --- per-call columns --- */

static int
col_flush(struct pctx *c)
{
	uint64_t off;

	if (c->cn == 0)
		return 1;
	if (sp_jtmp_append(c->s->tmp, c->cbuf, c->cn * 8, &off, c->e) < 0) {
		c->failed = 1;
		return 0;
	}
	c->cn = 0;
	return 1;
}

static int
col_value(struct pctx *c, const char *p, size_t n)
{
	uint64_t u = 0;
	int64_t v;
	size_t i = 0;
	int neg = 0;

	if (n > 0 && p[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i < n && n - i <= 18) {
		for (; i < n; i++) {
			if (p[i] < '0' || p[i] > '9')
				break;
			u = u * 10 + (uint64_t)(p[i] - '0');
		}
	}
	if (i == n && n > (size_t)neg) {
		v = neg ? -(int64_t)u : (int64_t)u;
	} else {
		/* long, or a float: exact integers only */
		struct jv t;
		char buf[64];

		memset(&t, 0, sizeof t);
		if (n >= sizeof buf)
			goto bad;
		memcpy(buf, p, n);
		buf[n] = '\0';
		t.t = J_NUM;
		t.s = buf;
		if (!jv_int(&t, &v))
			goto bad;
	}
	c->cbuf[c->cn++] = v;
	c->ccount++;
	return c->cn == COL_BUF ? col_flush(c) : 1;
bad:
	{
		char msg[128];

		snprintf(msg, sizeof msg, "regions[%zu]: %s holds a value that "
		    "is not a 64-bit integer", c->s->src.nrows,
		    col_keys[c->col]);
		return pfail(c, SP_EDATA, "%s", msg);
	}
}

/* --- event_metadata, captured as text --- */

static int
cap_add(struct pctx *c, const unsigned char *p, size_t n)
{
	if (c->caplen + n > c->capcap) {
		size_t cap = c->capcap ? c->capcap : 4096;
		char *q;

		while (cap < c->caplen + n)
			cap *= 2;
		if ((q = realloc(c->cap, cap)) == NULL)
			return poom(c);
		c->cap = q;
		c->capcap = cap;
	}
	memcpy(c->cap + c->caplen, p, n);
	c->caplen += n;
	return 1;
}

static int
canon_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct pctx *c = ctx;

	if (c->canon_len + n > c->canon_cap) {
		size_t cap = c->canon_cap ? c->canon_cap : 4096;
		char *q;

		while (cap < c->canon_len + n)
			cap *= 2;
		if ((q = realloc(c->canon, cap)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		c->canon = q;
		c->canon_cap = cap;
	}
	memcpy(c->canon + c->canon_len, p, n);
	c->canon_len += n;
	return 0;
}

/* The captured value, spelled as json.dumps spells it, to the file. */
static int
cap_done(struct pctx *c)
{
	size_t end = yajl_get_bytes_consumed(c->h);

	if (!cap_add(c, c->chunk + c->cap_from, end - c->cap_from))
		return 0;
	c->canon_len = 0;
	if (sp_jout_jsontext(c->cj, c->cap, c->caplen, c->e) < 0 ||
	    sp_jsonw_flush(c->cw, c->e) < 0 ||
	    sp_jtmp_append(c->s->tmp, c->canon, c->canon_len, &c->rc.ev_off,
	    c->e) < 0) {
		c->failed = 1;
		return 0;
	}
	c->rc.ev_len = c->canon_len;
	c->rc.has_ev = 1;
	c->caplen = 0;
	c->mode = M_ROW;
	return 1;
}

/* --- rows --- */

static long
name_id(struct pctx *c, const char *p, size_t n)
{
	size_t i;

	/* rows of one region come together: look from the newest */
	for (i = c->nnames; i-- > 0;)
		if (c->nlens[i] == n && memcmp(c->names[i], p, n) == 0)
			return (long)i;
	if (c->nnames == c->capnames) {
		size_t cap = c->capnames ? c->capnames * 2 : 64;
		char **v = realloc(c->names, cap * sizeof *v);
		size_t *l;

		if (v == NULL)
			return -1;
		c->names = v;
		if ((l = realloc(c->nlens, cap * sizeof *l)) == NULL)
			return -1;
		c->nlens = l;
		c->capnames = cap;
	}
	if ((c->names[c->nnames] = keep(c->s, p, n)) == NULL)
		return -1;
	c->nlens[c->nnames] = n;
	return (long)c->nnames++;
}

static const char *
opt_str(struct pctx *c, const struct jv *row, const char *key, int *oom)
{
	const struct jv *v = jv_get(row, key);
	const char *s;

	if (v == NULL || v->t != J_STR)
		return NULL;
	if ((s = keep(c->s, v->s, v->n)) == NULL)
		*oom = 1;
	return s;
}

static int
row_done(struct pctx *c)
{
	struct jsrc *s = c->s;
	const struct jv *row = c->row, *v, *agg;
	struct sp_src_row *r;
	struct sp_row_info *ri;
	int64_t rank = 0, x;
	int oom = 0;
	long id;
	size_t k;

	v = jv_get(row, "name");
	if (v == NULL || v->t != J_STR) {
		char msg[64];

		snprintf(msg, sizeof msg, "regions[%zu]: a row without a name",
		    s->src.nrows);
		return pfail(c, SP_EDATA, "%s", msg);
	}
	if (!jv_int(jv_get(row, "rank"), &rank) || rank < 0 ||
	    rank > UINT32_MAX)
		return pfail(c, SP_EDATA, "region '%s': a row without a valid "
		    "rank", v->s);
	if ((id = name_id(c, v->s, v->n)) < 0)
		return poom(c);
	if (s->src.nrows == s->caprows) {
		size_t cap = s->caprows ? s->caprows * 2 : 64;
		struct sp_src_row *nr = realloc(s->src.rows, cap * sizeof *nr);
		struct rowcols *nc;

		if (nr == NULL)
			return poom(c);
		s->src.rows = nr;
		if ((nc = realloc(s->cols, cap * sizeof *nc)) == NULL)
			return poom(c);
		s->cols = nc;
		s->caprows = cap;
	}
	r = &s->src.rows[s->src.nrows];
	memset(r, 0, sizeof *r);
	ri = &r->info;
	r->rank = (uint32_t)rank;
	r->region = ri->region = (uint32_t)id;
	r->offset = s->src.nrows;	/* its columns: s->cols[offset] */
	ri->source_file = opt_str(c, row, "source_file", &oom);
	ri->source_text = opt_str(c, row, "source_text", &oom);
	if (jv_int(jv_get(row, "source_lineno"), &x)) {
		ri->has_lineno = 1;
		ri->source_lineno = x;
	}
	if (jv_int(jv_get(row, "exclusive_total_ns"), &x) && x >= 0) {
		ri->has_exclusive = 1;
		ri->exclusive_ns = x;
	}
	if ((agg = jv_get(row, "aggregate")) != NULL && agg->t == J_OBJ) {
		ri->has_aggregate = 1;
		jv_int(jv_get(agg, "count"), &ri->agg_count);
		jv_int(jv_get(agg, "total"), &ri->agg_total);
		jv_int(jv_get(agg, "minimum"), &ri->agg_minimum);
		jv_int(jv_get(agg, "maximum"), &ri->agg_maximum);
		jv_int(jv_get(agg, "exclusive"), &ri->agg_exclusive);
	}
	if ((v = jv_get(row, "summary_statistics")) != NULL &&
	    v->t == J_OBJ) {
		struct sp_summary *m = &ri->summary;
		int64_t g = 0;

		ri->has_summary = 1;
		jv_int(jv_get(v, "total"), &m->total);
		jv_int(jv_get(v, "minimum"), &m->minimum);
		jv_int(jv_get(v, "maximum"), &m->maximum);
		jv_int(jv_get(v, "first"), &m->first);
		jv_int(jv_get(v, "last"), &m->last);
		jv_int(jv_get(v, "start_minimum"), &m->start_minimum);
		jv_int(jv_get(v, "end_maximum"), &m->end_maximum);
		jv_int(jv_get(v, "gpu_count"), &g);
		m->gpu_count = (uint64_t)g;
		jv_int(jv_get(v, "gpu_total"), &m->gpu_total);
		m->mean = jv_num(jv_get(v, "mean"), 0);
		m->m2 = jv_num(jv_get(v, "m2"), 0);
	}
	if (oom)
		return poom(c);
	/* the exact text when sp-json kept it, else the list respelled */
	if ((v = jv_get(row, "event_metadata_json")) != NULL &&
	    v->t == J_STR) {
		if (sp_jtmp_append(s->tmp, v->s, v->n, &c->rc.ev_off,
		    c->e) < 0) {
			c->failed = 1;
			return 0;
		}
		c->rc.ev_len = v->n;
		c->rc.has_ev = 1;
	}
	if (ri->has_aggregate) {
		/* an aggregate row has no calls */
		c->rc.has_ev = 0;
		c->rc.have = 0;
	}
	if ((c->rc.have & 3) == 1 || (c->rc.have & 3) == 2 ||
	    (c->rc.have > 3 && (c->rc.have & 3) != 3))
		return pfail(c, SP_EDATA, "region '%s': a row without both "
		    "start_times_ns and end_times_ns", c->names[id]);
	for (k = 1; k < NCOLS; k++)
		if ((c->rc.have >> k) & 1 && c->rc.n[k] != c->rc.n[0]) {
			char msg[512];

			snprintf(msg, sizeof msg, "region '%.200s' rank %lld: "
			    "%s holds %llu values, start_times_ns %llu",
			    c->names[id], (long long)rank, col_keys[k],
			    (unsigned long long)c->rc.n[k],
			    (unsigned long long)c->rc.n[0]);
			return pfail(c, SP_EDATA, "%s", msg);
		}
	/*
	 * The tags last, after every check: only a counted row (nrows) has
	 * its tags freed with the source, so a row refused above must not
	 * hold any yet.
	 */
	if ((v = jv_get(row, "tags")) != NULL && v->t == J_ARR && v->nk > 0) {
		const char **t = calloc(v->nk, sizeof *t);

		if (t == NULL)
			return poom(c);
		for (k = 0; k < v->nk; k++) {
			const struct jv *tv = v->kid[k];

			if ((t[k] = keep(s, tv->t == J_STR ? tv->s : "",
			    tv->t == J_STR ? tv->n : 0)) == NULL) {
				free(t);
				return poom(c);
			}
		}
		ri->tags = t;
		ri->ntags = v->nk;
	}
	r->count = ri->calls = (c->rc.have & 1) ? c->rc.n[0] : 0;
	for (k = 0; k < SP_X_COUNT; k++)
		if ((c->rc.have >> (2 + k)) & 1)
			ri->xmask |= 1u << k;
	s->src.xmask |= ri->xmask;
	s->cols[s->src.nrows] = c->rc;
	s->src.nrows++;
	jv_free(c->row);
	c->row = NULL;
	memset(&c->rc, 0, sizeof c->rc);
	c->mode = M_ROWS;
	return 1;
}

/* --- callbacks --- */

static int
top_index(const char *k, size_t n)
{
	int i;

	for (i = 0; top_keys[i] != NULL; i++)
		if (strlen(top_keys[i]) == n && memcmp(top_keys[i], k, n) == 0)
			return i;
	return K_UNKNOWN;
}

/* The value of a key, or an element, begins: a scalar or a container. */
static int
value_begins(struct pctx *c, int container, enum jt t)
{
	enum pending p = c->pend;

	c->pend = P_NONE;
	switch (p) {
	case P_REGIONS:
		if (!container || t != J_ARR)
			return pfail(c, SP_EDATA, "\"regions\" is not a list%s",
			    NULL);
		c->mode = M_ROWS;
		return 2;	/* taken */
	case P_COLUMN:
		if (!container || t != J_ARR)
			return pfail(c, SP_EDATA, "%s is not a list",
			    col_keys[c->col]);
		c->mode = M_COLUMN;
		c->cn = 0;
		c->ccount = 0;
		c->cstart = sp_jtmp_size(c->s->tmp);
		return 2;
	case P_CAPTURE:
		if (!container)
			return 2;	/* null or a scalar: no metadata */
		c->mode = M_CAPTURE;
		c->cap_depth = c->depth + 1;
		c->cap_from = yajl_get_bytes_consumed(c->h) - 1;
		c->caplen = 0;
		return 2;
	default:
		return 1;
	}
}

static int
scalar(struct pctx *c, struct jv *v)
{
	int rc;

	if (c->failed) {
		jv_free(v);
		return 0;
	}
	if ((rc = value_begins(c, 0, J_NULL)) != 1) {
		jv_free(v);
		return rc == 2;
	}
	switch (c->mode) {
	case M_DOM:
		return dom_add(c, v);
	case M_CAPTURE:
		jv_free(v);
		return 1;
	case M_ROWS:
		jv_free(v);
		return pfail(c, SP_EDATA, "\"regions\" holds something other "
		    "than row objects%s", NULL);
	case M_COLUMN:
		jv_free(v);
		return pfail(c, SP_EDATA, "%s holds something other than "
		    "integers", col_keys[c->col]);
	default:
		jv_free(v);
		return not_profile(c);	/* a document that is no object */
	}
}

static int
cb_null(void *ctx)
{
	TOKEN_SEEN(ctx);
	return scalar(ctx, jv_new(J_NULL));
}

static int
cb_bool(void *ctx, int b)
{
	TOKEN_SEEN(ctx);
	struct jv *v = jv_new(J_BOOL);

	if (v != NULL)
		v->b = b;
	return scalar(ctx, v);
}

static int
cb_number(void *ctx, const char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct pctx *c = ctx;
	struct jv *v;

	if (c->failed)
		return 0;
	if (c->mode == M_COLUMN && c->pend == P_NONE)
		return col_value(c, p, n);
	if (c->mode == M_CAPTURE)
		return 1;
	if ((v = jv_new(J_NUM)) == NULL || (v->s = dupn(p, n)) == NULL) {
		jv_free(v);
		return poom(c);
	}
	v->n = n;
	return scalar(c, v);
}

static int
cb_string(void *ctx, const unsigned char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct pctx *c = ctx;
	struct jv *v;

	if (c->failed)
		return 0;
	if (c->mode == M_CAPTURE)
		return 1;
	if ((v = jv_new(J_STR)) == NULL || (v->s = dupn(p, n)) == NULL) {
		jv_free(v);
		return poom(c);
	}
	v->n = unsurrogate(v->s, n);
	return scalar(c, v);
}

static int
cb_map_key(void *ctx, const unsigned char *p, size_t n)
{
	TOKEN_SEEN(ctx);
	struct pctx *c = ctx;
	char *k;
	size_t kn;
	int i;

	if (c->failed)
		return 0;
	if (c->mode == M_CAPTURE)
		return 1;
	if ((k = dupn(p, n)) == NULL)
		return poom(c);
	kn = unsurrogate(k, n);
	switch (c->mode) {
	case M_DOM:
		free(c->pkey);
		c->pkey = k;
		c->pkeylen = kn;
		return 1;
	case M_TOP:
		if (kn == 7 && memcmp(k, "regions", 7) == 0) {
			free(k);
			c->pend = P_REGIONS;
			return 1;
		}
		i = top_index(k, kn);
		free(k);
		dom_begin(c, &c->top[i], M_TOP);
		return 1;
	case M_ROW:
		for (i = 0; i < NCOLS; i++)
			if (strlen(col_keys[i]) == kn &&
			    memcmp(col_keys[i], k, kn) == 0)
				break;
		if (i < NCOLS) {
			free(k);
			if ((c->rc.have >> i) & 1)
				return pfail(c, SP_EDATA, "a row with %s "
				    "twice", col_keys[i]);
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
		dom_begin(c, &c->rowval, M_ROW);
		return 1;
	default:
		free(k);
		return pfail(c, SP_EDATA, "not valid JSON%s", NULL);
	}
}

static int
cb_start(struct pctx *c, enum jt t)
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
		if (c->depth == 1 && t == J_OBJ)
			return 1;
		return not_profile(c);
	case M_ROWS:
		if (t != J_OBJ)
			return pfail(c, SP_EDATA, "\"regions\" holds something "
			    "other than row objects%s", NULL);
		if ((c->row = jv_new(J_OBJ)) == NULL)
			return poom(c);
		memset(&c->rc, 0, sizeof c->rc);
		c->mode = M_ROW;
		return 1;
	case M_DOM:
		return dom_add(c, jv_new(t));
	case M_COLUMN:
		return pfail(c, SP_EDATA, "%s holds something other than "
		    "integers", col_keys[c->col]);
	default:
		return pfail(c, SP_EDATA, "not valid JSON%s", NULL);
	}
}

static int
cb_end(void *ctx)
{
	TOKEN_SEEN(ctx);
	struct pctx *c = ctx;
	int d;

	if (c->failed)
		return 0;
	d = c->depth--;
	switch (c->mode) {
	case M_CAPTURE:
		return d == c->cap_depth ? cap_done(c) : 1;
	case M_COLUMN:
		if (!col_flush(c))
			return 0;
		c->rc.have |= 1u << c->col;
		c->rc.n[c->col] = c->ccount;
		c->rc.off[c->col] = c->cstart;
		c->mode = M_ROW;
		return 1;
	case M_DOM:
		if (--c->sdepth == 0)
			return dom_done(c);
		return 1;
	case M_ROW:
		return row_done(c);
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
	return cb_start(ctx, J_OBJ);
}

static int
cb_start_array(void *ctx)
{
	TOKEN_SEEN(ctx);
	return cb_start(ctx, J_ARR);
}

static const yajl_callbacks callbacks = {
	cb_null, cb_bool, NULL, NULL, cb_number, cb_string, cb_start_map,
	cb_map_key, cb_end, cb_start_array, cb_end,
};

/* --- after the parse: the document's meaning --- */

/* A JSON value as CBOR (metadata): ints, floats, text, bools, null. */
static void
cbor_of(struct sp_cbuf *b, const struct jv *v)
{
	size_t i;
	int64_t x;

	switch (v->t) {
	case J_NULL:
		sp_cbuf_null(b);
		break;
	case J_BOOL:
		sp_cbuf_bool(b, v->b);
		break;
	case J_STR:
		sp_cbuf_text(b, v->s, v->n);
		break;
	case J_NUM:
		if (strpbrk(v->s, ".eE") == NULL && jv_int(v, &x)) {
			sp_cbuf_int(b, x);
		} else if (strpbrk(v->s, ".eE-") == NULL) {
			/* above 2^63: a u64 kept whole, as sp-read does */
			char *end;
			unsigned long long u;

			errno = 0;
			u = strtoull(v->s, &end, 10);
			if (errno == 0 && *end == '\0')
				sp_cbuf_uint(b, u);
			else
				sp_cbuf_double(b, strtod(v->s, NULL));
		} else {
			sp_cbuf_double(b, strtod(v->s, NULL));
		}
		break;
	case J_ARR:
		sp_cbuf_array(b, v->nk);
		for (i = 0; i < v->nk; i++)
			cbor_of(b, v->kid[i]);
		break;
	case J_OBJ:
		sp_cbuf_map(b, v->nk);
		for (i = 0; i < v->nk; i++) {
			sp_cbuf_text(b, v->key[i], v->klen[i]);
			cbor_of(b, v->kid[i]);
		}
		break;
	}
}

/* A number as a CBOR float (null: NaN), or an int for int datasets. */
static void
cbor_num(struct sp_cbuf *b, const struct jv *v, int as_float)
{
	int64_t x;

	if (as_float) {
		sp_cbuf_double(b, v != NULL && (v->t == J_NUM ||
		    v->t == J_NULL) ? jv_num(v, 0) : 0);
		return;
	}
	sp_cbuf_int(b, jv_int(v, &x) ? x : 0);
}

/* A list of numbers (dims 1) or of lists (dims 2), typed as a dataset. */
static void
cbor_nums(struct sp_cbuf *b, const struct jv *v, int as_float, int dims)
{
	size_t i;

	if (v == NULL || v->t != J_ARR) {
		sp_cbuf_array(b, 0);
		return;
	}
	sp_cbuf_array(b, v->nk);
	for (i = 0; i < v->nk; i++) {
		if (dims == 2)
			cbor_nums(b, v->kid[i], as_float, 1);
		else
			cbor_num(b, v->kid[i], as_float);
	}
}

static void
cbor_strs(struct sp_cbuf *b, const struct jv *v)
{
	size_t i;

	if (v == NULL || v->t != J_ARR) {
		sp_cbuf_array(b, 0);
		return;
	}
	sp_cbuf_array(b, v->nk);
	for (i = 0; i < v->nk; i++)
		if (v->kid[i]->t == J_STR)
			sp_cbuf_text(b, v->kid[i]->s, v->kid[i]->n);
		else
			sp_cbuf_cstr(b, "");
}

static void
cbor_str(struct sp_cbuf *b, const struct jv *v)
{
	if (v != NULL && v->t == J_STR)
		sp_cbuf_text(b, v->s, v->n);
	else
		sp_cbuf_cstr(b, "");
}

static void
cbor_int(struct sp_cbuf *b, const struct jv *v, int64_t def)
{
	int64_t x;

	sp_cbuf_int(b, jv_int(v, &x) ? x : def);
}

struct named {
	const char *p;
	size_t n;
	char *own;
	const struct jv *v;
};

static int
cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c = memcmp(x->p, y->p, n);

	return c != 0 ? c : (x->n > y->n) - (x->n < y->n);
}

static int
add_side(struct jsrc *s, uint32_t rank, const char *kind,
    const uint8_t *p, size_t n)
{
	struct side *d;

	if (s->nsides == s->capsides) {
		size_t cap = s->capsides ? s->capsides * 2 : 16;
		struct side *v = realloc(s->sides, cap * sizeof *v);

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

static int
rank_of_key(const char *k, uint32_t *rank)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(k, &end, 10);
	if (errno != 0 || end == k || *end != '\0' || v > UINT32_MAX ||
	    k[0] == '-' || k[0] == '+' || k[0] == ' ')
		return -1;
	*rank = (uint32_t)v;
	return 0;
}

/* The image of /rank<N>/likwid from likwid[rank] (sp_h5_group_cbor's form). */
static int
likwid_image(struct sp_cbuf *b, const struct jv *tags)
{
	struct named *g = calloc(tags->nk + 1, sizeof *g);
	size_t i, k;

	if (g == NULL)
		return -1;
	for (i = 0; i < tags->nk; i++) {
		const struct jv *tag = jv_get(tags->kid[i], "tag");
		const char *t = tag != NULL && tag->t == J_STR ? tag->s :
		    tags->key[i];
		size_t n = tag != NULL && tag->t == J_STR ? tag->n :
		    tags->klen[i];

		/* the group is named by the tag with "/" as "|" */
		if ((g[i].own = dupn(t, n)) == NULL) {
			for (k = 0; k < i; k++)
				free(g[k].own);
			free(g);
			return -1;
		}
		for (k = 0; k < n; k++)
			if (g[i].own[k] == '/')
				g[i].own[k] = '|';
		g[i].p = g[i].own;
		g[i].n = n;
		g[i].v = tags->kid[i];
	}
	qsort(g, tags->nk, sizeof *g, cmp_named);
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "num_regions");
	sp_cbuf_int(b, (int64_t)tags->nk);
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "regions");
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, tags->nk);
	for (i = 0; i < tags->nk; i++) {
		const struct jv *r = g[i].v;

		sp_cbuf_text(b, g[i].p, g[i].n);
		sp_cbuf_map(b, 3);
		sp_cbuf_cstr(b, "attrs");
		sp_cbuf_map(b, 7);
		sp_cbuf_cstr(b, "counter_names");
		cbor_strs(b, jv_get(r, "counter_names"));
		sp_cbuf_cstr(b, "event_names");
		cbor_strs(b, jv_get(r, "event_names"));
		sp_cbuf_cstr(b, "group_id");
		cbor_int(b, jv_get(r, "group_id"), -1);
		sp_cbuf_cstr(b, "group_name");
		cbor_str(b, jv_get(r, "group_name"));
		sp_cbuf_cstr(b, "metric_names");
		cbor_strs(b, jv_get(r, "metric_names"));
		sp_cbuf_cstr(b, "source");
		cbor_str(b, jv_get(r, "source"));
		sp_cbuf_cstr(b, "tag");
		cbor_str(b, jv_get(r, "tag"));
		sp_cbuf_cstr(b, "datasets");
		sp_cbuf_map(b, 5);
		sp_cbuf_cstr(b, "call_counts");
		cbor_nums(b, jv_get(r, "call_counts"), 0, 1);
		sp_cbuf_cstr(b, "cpus");
		cbor_nums(b, jv_get(r, "cpus"), 0, 1);
		sp_cbuf_cstr(b, "events");
		cbor_nums(b, jv_get(r, "events"), 1, 2);
		sp_cbuf_cstr(b, "metrics");
		cbor_nums(b, jv_get(r, "metrics"), 1, 2);
		sp_cbuf_cstr(b, "times");
		cbor_nums(b, jv_get(r, "times"), 1, 1);
		sp_cbuf_cstr(b, "groups");
		sp_cbuf_map(b, 0);
	}
	for (i = 0; i < tags->nk; i++)
		free(g[i].own);
	free(g);
	return 0;
}

/* The image of /rank<N>/line_profile: groups "0", "1", ... by name. */
static int
lines_image(struct sp_cbuf *b, const struct jv *recs)
{
	struct named *g = calloc(recs->nk + 1, sizeof *g);
	size_t i;

	if (g == NULL)
		return -1;
	for (i = 0; i < recs->nk; i++) {
		char num[24];
		int n = snprintf(num, sizeof num, "%zu", i);

		if ((g[i].own = dupn(num, (size_t)n)) == NULL) {
			while (i-- > 0)
				free(g[i].own);
			free(g);
			return -1;
		}
		g[i].p = g[i].own;
		g[i].n = (size_t)n;
		g[i].v = recs->kid[i];
	}
	qsort(g, recs->nk, sizeof *g, cmp_named);
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, recs->nk);
	for (i = 0; i < recs->nk; i++) {
		const struct jv *r = g[i].v, *src = jv_get(r, "source");
		int has_src = src != NULL && src->t == J_STR;

		sp_cbuf_text(b, g[i].p, g[i].n);
		sp_cbuf_map(b, 3);
		sp_cbuf_cstr(b, "attrs");
		sp_cbuf_map(b, has_src ? 7 : 5);
		sp_cbuf_cstr(b, "filename");
		cbor_str(b, jv_get(r, "filename"));
		sp_cbuf_cstr(b, "first_lineno");
		cbor_int(b, jv_get(r, "first_lineno"), 0);
		sp_cbuf_cstr(b, "function");
		cbor_str(b, jv_get(r, "function"));
		sp_cbuf_cstr(b, "region");
		cbor_str(b, jv_get(r, "region"));
		if (has_src) {
			sp_cbuf_cstr(b, "source");
			cbor_str(b, src);
			sp_cbuf_cstr(b, "source_first_lineno");
			cbor_int(b, jv_get(r, "source_first_lineno"), 0);
		}
		sp_cbuf_cstr(b, "unit");
		sp_cbuf_double(b, jv_get(r, "unit") != NULL ?
		    jv_num(jv_get(r, "unit"), 1.0) : 1.0);
		sp_cbuf_cstr(b, "datasets");
		sp_cbuf_map(b, 3);
		sp_cbuf_cstr(b, "hits");
		cbor_nums(b, jv_get(r, "hits"), 0, 1);
		sp_cbuf_cstr(b, "line_numbers");
		cbor_nums(b, jv_get(r, "line_numbers"), 0, 1);
		sp_cbuf_cstr(b, "times");
		cbor_nums(b, jv_get(r, "times"), 1, 1);
		sp_cbuf_cstr(b, "groups");
		sp_cbuf_map(b, 0);
	}
	for (i = 0; i < recs->nk; i++)
		free(g[i].own);
	free(g);
	return 0;
}

/* perf_events: region names split at "/" into nested groups. */
struct pnode {
	char *name;
	size_t n;
	const struct jv *v;	/* the region's {calls, values}, or NULL */
	struct pnode *kid;
	size_t nk, cap;
};

static void
pnode_free(struct pnode *p)
{
	size_t i;

	for (i = 0; i < p->nk; i++)
		pnode_free(&p->kid[i]);
	free(p->kid);
	free(p->name);
}

static int
pnode_add(struct pnode *root, const char *path, size_t n, const struct jv *v)
{
	struct pnode *at = root;
	size_t i = 0;

	for (;;) {
		const char *slash = memchr(path + i, '/', n - i);
		size_t len = slash != NULL ? (size_t)(slash - path) - i : n - i;
		size_t k;

		for (k = 0; k < at->nk; k++)
			if (at->kid[k].n == len &&
			    memcmp(at->kid[k].name, path + i, len) == 0)
				break;
		if (k == at->nk) {
			if (at->nk == at->cap) {
				size_t cap = at->cap ? at->cap * 2 : 4;
				struct pnode *q = realloc(at->kid,
				    cap * sizeof *q);

				if (q == NULL)
					return -1;
				at->kid = q;
				at->cap = cap;
			}
			memset(&at->kid[k], 0, sizeof at->kid[k]);
			if ((at->kid[k].name = dupn(path + i, len)) == NULL)
				return -1;
			at->kid[k].n = len;
			at->nk++;
		}
		at = &at->kid[k];
		if (slash == NULL)
			break;
		i += len + 1;
	}
	at->v = v;
	return 0;
}

static int
cmp_pnode(const void *a, const void *b)
{
	const struct pnode *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c = memcmp(x->name, y->name, n);

	return c != 0 ? c : (x->n > y->n) - (x->n < y->n);
}

static void
pnode_cbor(struct sp_cbuf *b, struct pnode *p)
{
	const struct jv *vals = p->v != NULL ? jv_get(p->v, "values") : NULL;
	size_t i, nv = vals != NULL && vals->t == J_OBJ ? vals->nk : 0;

	if (p->nk > 1)
		qsort(p->kid, p->nk, sizeof *p->kid, cmp_pnode);
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	if (p->v == NULL) {
		sp_cbuf_map(b, 0);
	} else {
		sp_cbuf_map(b, 2);
		sp_cbuf_cstr(b, "calls");
		cbor_int(b, jv_get(p->v, "calls"), 0);
		sp_cbuf_cstr(b, "event_names");
		sp_cbuf_array(b, nv);
		for (i = 0; i < nv; i++)
			sp_cbuf_text(b, vals->key[i], vals->klen[i]);
	}
	sp_cbuf_cstr(b, "datasets");
	if (p->v == NULL) {
		sp_cbuf_map(b, 0);
	} else {
		sp_cbuf_map(b, 1);
		sp_cbuf_cstr(b, "values");
		sp_cbuf_array(b, nv);
		for (i = 0; i < nv; i++) {
			const struct jv *x = vals->kid[i];
			unsigned long long u = 0;

			if (x->t == J_NUM)
				u = strtoull(x->s, NULL, 10);
			sp_cbuf_uint(b, u);
		}
	}
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, p->nk);
	for (i = 0; i < p->nk; i++) {
		sp_cbuf_text(b, p->kid[i].name, p->kid[i].n);
		pnode_cbor(b, &p->kid[i]);
	}
}

static int
perf_image(struct sp_cbuf *b, const struct jv *regions)
{
	struct pnode root;
	size_t i;
	int rc = 0;

	memset(&root, 0, sizeof root);
	for (i = 0; i < regions->nk && rc == 0; i++)
		if (regions->kid[i]->t == J_OBJ)
			rc = pnode_add(&root, regions->key[i],
			    regions->klen[i], regions->kid[i]);
	if (rc == 0)
		pnode_cbor(b, &root);
	pnode_free(&root);
	return rc;
}

struct rside {
	uint32_t rank;
	int kind;		/* 0 likwid, 1 perf_events, 2 line_profile */
	const struct jv *v;
};

static int
cmp_rside(const void *a, const void *b)
{
	const struct rside *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->kind - y->kind;
}

/* Side payloads: sp-json's exact ones, else made from the v1 keys. */
static int
build_sides(struct pctx *c)
{
	struct jsrc *s = c->s;
	const struct jv *list = c->top[K_SIDES];
	static const char *const kinds[3] = { "likwid", "perf_events",
		"line_profile" };
	const struct jv *maps[3] = { c->top[K_LIKWID], c->top[K_PERF],
		c->top[K_LINES] };
	struct rside *rs = NULL;
	struct sp_cbuf *b = NULL;
	size_t i, k, n = 0, cap = 0;
	int rc = -1;

	if (list != NULL && list->t == J_ARR) {
		for (i = 0; i < list->nk; i++) {
			const struct jv *e = list->kid[i];
			const struct jv *kind = jv_get(e, "kind");
			const struct jv *data = jv_get(e, "cbor");
			int64_t rank;
			uint8_t *p;
			long len;

			if (kind == NULL || kind->t != J_STR || data == NULL ||
			    data->t != J_STR || !jv_int(jv_get(e, "rank"),
			    &rank) || rank < 0 || rank > UINT32_MAX)
				return pfail(c, SP_EDATA, "a bad entry in "
				    "sp_side_payloads%s", NULL);
			if ((p = malloc(data->n / 4 * 3 + 4)) == NULL)
				return poom(c);
			len = sp_json_base64_decode(data->s, data->n, p);
			if (len < 0) {
				free(p);
				return pfail(c, SP_EDATA, "sp_side_payloads: "
				    "bad base64%s", NULL);
			}
			if (add_side(s, (uint32_t)rank, kind->s, p,
			    (size_t)len) < 0) {
				free(p);
				return poom(c);
			}
			free(p);
		}
		return 1;
	}
	for (k = 0; k < 3; k++) {
		const struct jv *m = maps[k];

		if (m == NULL || m->t != J_OBJ)
			continue;
		for (i = 0; i < m->nk; i++) {
			uint32_t rank;

			if (rank_of_key(m->key[i], &rank) < 0)
				continue;
			if (n == cap) {
				size_t nc = cap ? cap * 2 : 16;
				struct rside *v = realloc(rs, nc * sizeof *v);

				if (v == NULL)
					goto nomem;
				rs = v;
				cap = nc;
			}
			rs[n].rank = rank;
			rs[n].kind = (int)k;
			rs[n].v = m->kid[i];
			n++;
		}
	}
	if (n > 1)
		qsort(rs, n, sizeof *rs, cmp_rside);
	if ((b = sp_cbuf_new()) == NULL)
		goto nomem;
	for (i = 0; i < n; i++) {
		const struct jv *v = rs[i].v;

		sp_cbuf_reset(b);
		if (rs[i].kind == 0 && v->t == J_OBJ)
			rc = likwid_image(b, v);
		else if (rs[i].kind == 1 && v->t == J_OBJ)
			rc = perf_image(b, v);
		else if (rs[i].kind == 2 && v->t == J_ARR)
			rc = lines_image(b, v);
		else
			continue;
		if (rc < 0 || sp_cbuf_failed(b) || add_side(s, rs[i].rank,
		    kinds[rs[i].kind], sp_cbuf_data(b), sp_cbuf_len(b)) < 0)
			goto nomem;
	}
	free(rs);
	sp_cbuf_free(b);
	return 1;
nomem:
	free(rs);
	sp_cbuf_free(b);
	return poom(c);
}

static int
build_tables(struct pctx *c, int which)
{
	struct jsrc *s = c->s;
	const struct jv *m = c->top[which == 0 ? K_THREADS : K_TASKS];
	struct ranklist *rl;
	size_t i, k, n = 0;

	if (m == NULL || m->t != J_OBJ)
		return 1;
	if ((rl = calloc(m->nk + 1, sizeof *rl)) == NULL)
		return poom(c);
	if (which == 0) {
		s->has_threads = 1;
		s->threads = rl;
	} else {
		s->has_tasks = 1;
		s->tasks = rl;
	}
	for (i = 0; i < m->nk; i++) {
		const struct jv *list = m->kid[i];
		uint32_t rank;

		if (rank_of_key(m->key[i], &rank) < 0 || list->t != J_ARR)
			continue;
		rl[n].rank = rank;
		rl[n].n = list->nk;
		rl[n].v = calloc(list->nk + 1, which == 0 ?
		    sizeof(struct sp_thread_info) : sizeof(struct sp_task_info));
		if (rl[n].v == NULL)
			return poom(c);
		*(which == 0 ? &s->nthreads_r : &s->ntasks_r) = n + 1;
		for (k = 0; k < list->nk; k++) {
			const struct jv *o = list->kid[k];
			const struct jv *d;

#define INT(field, key) do { int64_t x_; if (jv_int(jv_get(o, key), &x_)) \
	field = x_; } while (0)
#define STR(field, key) do { const struct jv *v_ = jv_get(o, key); \
	field = keep(s, v_ != NULL && v_->t == J_STR ? v_->s : "", \
	v_ != NULL && v_->t == J_STR ? v_->n : 0); \
	if (field == NULL) return poom(c); } while (0)
			if (which == 0) {
				struct sp_thread_info *t =
				    (struct sp_thread_info *)rl[n].v + k;

				INT(t->index, "index");
				STR(t->name, "name");
				INT(t->ident, "ident");
				INT(t->native_id, "native_id");
				d = jv_get(o, "daemon");
				t->daemon = d != NULL && ((d->t == J_BOOL &&
				    d->b) || (d->t == J_NUM &&
				    strtod(d->s, NULL) != 0));
				INT(t->start_ns, "start_ns");
				INT(t->end_ns, "end_ns");
				INT(t->cpu_ns, "cpu_ns");
			} else {
				struct sp_task_info *t =
				    (struct sp_task_info *)rl[n].v + k;

				INT(t->index, "index");
				STR(t->kind, "kind");
				STR(t->name, "name");
				STR(t->coro_name, "coro_name");
				INT(t->thread_index, "thread_index");
				INT(t->created_ns, "created_ns");
				INT(t->done_ns, "done_ns");
				INT(t->steps, "steps");
				INT(t->running_ns, "running_ns");
				INT(t->suspended_ns, "suspended_ns");
			}
#undef INT
#undef STR
		}
		n++;
	}
	if (which == 0)
		s->nthreads_r = n;
	else
		s->ntasks_r = n;
	return 1;
}

static int
cmp_row(const void *a, const void *b)
{
	const struct sp_src_row *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->region != y->region)
		return x->region < y->region ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * sp_row_order: {"<rank>": [region ids]}, the order of a rank's rows in
 * the profile when it is not region order.  The rows are sorted by rank,
 * then region: reorder each listed rank's stretch.
 */
static int
row_order(struct pctx *c, const struct jv *m)
{
	struct jsrc *s = c->s;
	struct sp_src_row *tmp = NULL;
	size_t i, k, r0 = 0, r1, cap = 0;

	for (r0 = 0; r0 < s->src.nrows; r0 = r1) {
		const struct jv *list = NULL;
		char key[16];
		size_t n = 0;

		for (r1 = r0; r1 < s->src.nrows &&
		    s->src.rows[r1].rank == s->src.rows[r0].rank; r1++)
			continue;
		snprintf(key, sizeof key, "%u", s->src.rows[r0].rank);
		if ((list = jv_get(m, key)) == NULL || list->t != J_ARR)
			continue;
		if (r1 - r0 > cap) {
			struct sp_src_row *t = realloc(tmp, (r1 - r0) *
			    sizeof *t);

			if (t == NULL) {
				free(tmp);
				return poom(c);
			}
			tmp = t;
			cap = r1 - r0;
		}
		for (k = 0; k < list->nk; k++) {
			int64_t g;

			if (!jv_int(list->kid[k], &g))
				continue;
			for (i = r0; i < r1; i++)
				if (s->src.rows[i].region == g && n < r1 - r0) {
					tmp[n++] = s->src.rows[i];
					break;
				}
		}
		if (n != r1 - r0) {
			free(tmp);
			return pfail(c, SP_EDATA, "sp_row_order of rank %s does "
			    "not list the rank's rows", key);
		}
		memcpy(s->src.rows + r0, tmp, n * sizeof *tmp);
	}
	free(tmp);
	return 1;
}

/* Everything is parsed: check the format, and make the source whole. */
static int
finish_parse(struct pctx *c)
{
	struct jsrc *s = c->s;
	const struct jv *v;
	struct sp_cbuf *b;
	int64_t x;
	size_t i, k;

	v = c->top[K_FORMAT];
	if (v == NULL || v->t != J_STR || strcmp(v->s, FORMAT_NAME) != 0)
		return not_profile(c);
	/* int(format_version), default 0 */
	x = 0;
	if ((v = c->top[K_VERSION]) != NULL) {
		if (v->t == J_NUM) {
			double d = strtod(v->s, NULL);

			/*
			 * int() of it, held in an int64: converting a double
			 * beyond that range (4e87, or 1e999 read as inf) is
			 * undefined behaviour, so clamp first.
			 */
			x = d >= 9.2e18 ? INT64_MAX : d <= -9.2e18 ?
			    INT64_MIN : (int64_t)d;
		} else if (v->t == J_STR)
			x = strtoll(v->s, NULL, 10);
		else if (v->t == J_BOOL)
			x = v->b;
	}
	if (x > FORMAT_VERSION) {
		char msg[160];

		snprintf(msg, sizeof msg, "uses JSON profile format version "
		    "%lld; this sp reads versions through %d. Upgrade sp to "
		    "read this file.", (long long)x, FORMAT_VERSION);
		return pfail(c, SP_EDATA, "%s", msg);
	}
	/* the region table: sp-json's full one, else by first appearance */
	if ((v = c->top[K_NAMES]) != NULL && v->t == J_ARR) {
		size_t *map = calloc(c->nnames + 1, sizeof *map);

		if (map == NULL)
			return poom(c);
		for (i = 0; i < c->nnames; i++) {
			for (k = 0; k < v->nk; k++)
				if (v->kid[k]->t == J_STR &&
				    v->kid[k]->n == c->nlens[i] &&
				    memcmp(v->kid[k]->s, c->names[i],
				    c->nlens[i]) == 0)
					break;
			if (k == v->nk) {
				free(map);
				return pfail(c, SP_EDATA, "region '%s' is not "
				    "in sp_region_names", c->names[i]);
			}
			map[i] = k;
		}
		for (i = 0; i < s->src.nrows; i++)
			s->src.rows[i].region = s->src.rows[i].info.region =
			    (uint32_t)map[s->src.rows[i].region];
		free(map);
		s->src.nregions = v->nk;
		if ((s->src.names = calloc(v->nk + 1, sizeof(char *))) == NULL)
			return poom(c);
		for (k = 0; k < v->nk; k++)
			if ((s->src.names[k] = keep(s, v->kid[k]->t == J_STR ?
			    v->kid[k]->s : "", v->kid[k]->t == J_STR ?
			    v->kid[k]->n : 0)) == NULL)
				return poom(c);
	} else {
		s->src.nregions = c->nnames;
		if ((s->src.names = calloc(c->nnames + 1, sizeof(char *))) ==
		    NULL)
			return poom(c);
		/* no regions: c->names is NULL, which memcpy may not get */
		if (c->nnames > 0)
			memcpy(s->src.names, c->names,
			    c->nnames * sizeof(char *));
	}
	/* the run */
	s->src.num_ranks = jv_int(c->top[K_NUM_RANKS], &x) && x >= 0 &&
	    x <= UINT32_MAX ? (uint32_t)x : 0;
	v = c->top[K_EVENT_DATA];
	s->src.event_data = v == NULL || v->t != J_BOOL || v->b;
	v = c->top[K_LAYOUT];
	if (v != NULL && v->t == J_STR) {
		if ((s->src.layout = keep(s, v->s, v->n)) == NULL)
			return poom(c);
	} else {
		s->src.layout = "columnar";
		for (i = 0; i < s->src.nrows; i++)
			if (s->src.rows[i].info.has_aggregate)
				s->src.layout = "aggregate";
	}
	s->src.schema = jv_int(c->top[K_SCHEMA], &x) ? x : 0;
	if ((v = c->top[K_COLUMNS]) != NULL && v->t == J_ARR)
		for (i = 0; i < v->nk; i++)
			for (k = 0; k < SP_X_COUNT; k++)
				if (v->kid[i]->t == J_STR &&
				    strcmp(v->kid[i]->s, col_keys[2 + k]) == 0)
					s->src.xmask |= 1u << k;
	if ((b = sp_cbuf_new()) == NULL)
		return poom(c);
	if ((v = c->top[K_METADATA]) != NULL && v->t == J_OBJ) {
		cbor_of(b, v);
		if ((v = jv_get(v, "label")) != NULL && v->t == J_STR &&
		    v->n > 0 && (s->src.label = dupn(v->s, v->n)) == NULL) {
			sp_cbuf_free(b);
			return poom(c);
		}
	} else {
		sp_cbuf_map(b, 0);
	}
	if (sp_cbuf_failed(b) ||
	    (s->src.metadata = malloc(sp_cbuf_len(b))) == NULL) {
		sp_cbuf_free(b);
		return poom(c);
	}
	s->src.metadata_len = sp_cbuf_len(b);
	memcpy(s->src.metadata, sp_cbuf_data(b), s->src.metadata_len);
	sp_cbuf_free(b);
	if (!build_tables(c, 0) || !build_tables(c, 1) || !build_sides(c))
		return 0;
	/* rows by rank, then region: the order sp_order reads them in */
	if (s->src.nrows > 1)
		qsort(s->src.rows, s->src.nrows, sizeof *s->src.rows, cmp_row);
	for (i = 1; i < s->src.nrows; i++)
		if (s->src.rows[i].rank == s->src.rows[i - 1].rank &&
		    s->src.rows[i].region == s->src.rows[i - 1].region) {
			char msg[256];

			snprintf(msg, sizeof msg, "two rows for region '%.200s' "
			    "rank %u", s->src.names[s->src.rows[i].region],
			    s->src.rows[i].rank);
			return pfail(c, SP_EDATA, "%s", msg);
		}
	if ((v = c->top[K_ROWORDER]) != NULL && v->t == J_OBJ &&
	    !row_order(c, v))
		return 0;
	/* ranks with side payloads but maybe no rows */
	if (s->nsides > 0) {
		uint32_t *r = malloc(s->nsides * sizeof *r);
		size_t n = 0;

		if (r == NULL)
			return poom(c);
		for (i = 0; i < s->nsides; i++)
			r[i] = s->sides[i].rank;
		qsort(r, s->nsides, sizeof *r, cmp_u32);
		for (i = 0; i < s->nsides; i++)
			if (n == 0 || r[n - 1] != r[i])
				r[n++] = r[i];
		s->src.extra_ranks = r;
		s->src.nextra_ranks = n;
	}
	return 1;
}

/* --- the source's operations --- */

static int
jread(struct sp_source *src, size_t row, uint64_t off, size_t n, int64_t *a,
    int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct jsrc *s = (struct jsrc *)src;
	const struct rowcols *rc = &s->cols[src->rows[row].offset];
	size_t k, i;

	if (n == 0)
		return 0;
	if (sp_jtmp_pread(s->tmp, a, n * 8, rc->off[0] + off * 8, e) < 0 ||
	    sp_jtmp_pread(s->tmp, b, n * 8, rc->off[1] + off * 8, e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++) {
		if (x[k] == NULL)
			continue;
		if ((rc->have >> (2 + k)) & 1) {
			if (sp_jtmp_pread(s->tmp, x[k], n * 8, rc->off[2 + k] +
			    off * 8, e) < 0)
				return -1;
			continue;
		}
		for (i = 0; i < n; i++)
			x[k][i] = k == SP_X_AWAIT ? 0 : -1;
	}
	return 0;
}

static void
free_evtexts(struct jsrc *s)
{
	size_t i;

	for (i = 0; i < s->nevtexts; i++)
		free(s->evtexts[i]);
	s->nevtexts = 0;
}

/*
 * The rank's lane tables; and its rows' event metadata, which stays on
 * the temporary file until its rank is written.
 */
static int
jtables(struct sp_source *src, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	struct jsrc *s = (struct jsrc *)src;
	size_t i, k;

	free_evtexts(s);
	for (i = 0; i < src->nrows; i++) {
		struct sp_src_row *r = &src->rows[i];
		const struct rowcols *rc = &s->cols[r->offset];
		char *t;

		r->info.event_metadata = NULL;
		r->info.event_metadata_len = 0;
		if (r->rank != rank || !rc->has_ev)
			continue;
		if (s->nevtexts == src->nrows)
			break;
		if (s->evtexts == NULL && (s->evtexts = calloc(src->nrows + 1,
		    sizeof *s->evtexts)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		if ((t = malloc(rc->ev_len + 1)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		s->evtexts[s->nevtexts++] = t;
		if (sp_jtmp_pread(s->tmp, t, rc->ev_len, rc->ev_off, e) < 0)
			return -1;
		t[rc->ev_len] = '\0';
		r->info.event_metadata = t;
		r->info.event_metadata_len = rc->ev_len;
	}
	for (k = 0; k < 2; k++) {
		const struct ranklist *rl = k == 0 ? s->threads : s->tasks;
		size_t n = k == 0 ? s->nthreads_r : s->ntasks_r;
		size_t size = k == 0 ? sizeof(struct sp_thread_info) :
		    sizeof(struct sp_task_info);
		void *copy = NULL;
		size_t cnt = 0;

		if (k == 0 ? !s->has_threads : !s->has_tasks)
			continue;
		for (i = 0; i < n; i++)
			if (rl[i].rank == rank && rl[i].n > 0) {
				if ((copy = malloc(rl[i].n * size)) == NULL)
					return sp_fail(e, SP_ENOMEM,
					    "out of memory");
				memcpy(copy, rl[i].v, rl[i].n * size);
				cnt = rl[i].n;
				break;
			}
		if (k == 0) {
			out->has_threads = 1;
			out->threads = copy;
			out->nthreads = cnt;
		} else {
			out->has_tasks = 1;
			out->tasks = copy;
			out->ntasks = cnt;
		}
	}
	return 0;
}

static int
jsides(struct sp_source *src, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	struct jsrc *s = (struct jsrc *)src;
	size_t i;

	for (i = 0; i < s->nsides; i++)
		if (s->sides[i].rank == rank &&
		    emit(ctx, s->sides[i].kind, s->sides[i].data,
		    s->sides[i].len, e) < 0)
			return -1;
	return 0;
}

static void
jfree(struct sp_source *src)
{
	struct jsrc *s = (struct jsrc *)src;
	size_t i;

	free_evtexts(s);
	free(s->evtexts);
	sp_jtmp_free(s->tmp);
	free(s->cols);
	for (i = 0; i < s->nstrs; i++)
		free(s->strs[i]);
	free(s->strs);
	for (i = 0; i < s->nthreads_r; i++)
		free(s->threads[i].v);
	for (i = 0; i < s->ntasks_r; i++)
		free(s->tasks[i].v);
	free(s->threads);
	free(s->tasks);
	for (i = 0; i < s->nsides; i++) {
		free(s->sides[i].kind);
		free(s->sides[i].data);
	}
	free(s->sides);
	free(s->name);
}

static const struct sp_source_ops json_ops = { jread, jtables, jsides,
	jfree };

/* --- opening --- */

static void
pctx_free(struct pctx *c)
{
	size_t i;

	if (c->h != NULL)
		yajl_free(c->h);
	for (i = 0; i < K_COUNT; i++)
		jv_free(c->top[i]);
	jv_free(c->row);
	jv_free(c->rowval);
	free(c->rowkey);
	free(c->pkey);
	free(c->cbuf);
	free(c->cap);
	free(c->canon);
	free(c->names);
	free(c->nlens);
	sp_jout_free(c->cj);
	sp_jsonw_free(c->cw);
}

/* What the start of the input says when it is no JSON at all. */
static int
first_chunk(struct jsrc *s, const unsigned char *p, size_t n,
    struct sp_err *e)
{
	if (n == 0) {
		sp_fail(e, SP_EDATA, "%s: empty %s, not a profile", s->name,
		    strcmp(s->src.path, "-") == 0 ? "input" : "file");
		return 0;
	}
	if (n >= 8 && memcmp(p, "\211HDF\r\n\032\n", 8) == 0) {
		if (strcmp(s->src.path, "-") == 0)
			sp_fail(e, SP_EUSAGE, "an HDF5 profile needs random "
			    "access: give a file name, not standard input");
		else
			sp_fail(e, SP_EDATA, "%s: a gzip-compressed HDF5 file: "
			    "unpack it first, HDF5 needs random access",
			    s->name);
		return 0;
	}
	if (n >= 3 && p[0] == 0xd9 && p[1] == 0xd9 && p[2] == 0xf7) {
		sp_fail(e, SP_EDATA, "%s: already an sp stream; pipe it to the "
		    "next program", s->name);
		return 0;
	}
	return 1;
}

/* zlib's message without the "<fd:N>: " it puts in front. */
static const char *
gz_msg(const char *m)
{
	const char *p;

	if (m != NULL && strncmp(m, "<fd:", 4) == 0 &&
	    (p = strstr(m, ": ")) != NULL)
		return p + 2;
	return m != NULL ? m : "?";
}

struct sp_source *
sp_json_open(const char *path, const char *tmpdir, struct sp_err *e)
{
	struct jsrc *s = calloc(1, sizeof *s);
	struct pctx c;
	unsigned char *buf = NULL;
	gzFile gz = NULL;
	int fd = -1, stdin_ = strcmp(path, "-") == 0;
	uint64_t consumed = 0, tokens = 0, quiet = 0;

	memset(&c, 0, sizeof c);
	if (s == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	s->src.ops = &json_ops;
	s->src.path = path;
	s->src.source_format = "json";
	s->src.layout = "columnar";
	s->src.event_data = 1;
	c.s = s;
	c.e = e;
	if ((s->name = dupn(stdin_ ? "<stdin>" : path, strlen(stdin_ ?
	    "<stdin>" : path))) == NULL ||
	    (c.cbuf = malloc(COL_BUF * 8)) == NULL ||
	    (buf = malloc(IN_CHUNK)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	if ((s->tmp = sp_jtmp_new(tmpdir, e)) == NULL ||
	    (c.cw = sp_jsonw_new(canon_write, &c, e)) == NULL ||
	    (c.cj = sp_jout_new(c.cw, -1, 0, e)) == NULL)
		goto fail;
	if (stdin_)
		fd = dup(STDIN_FILENO);
	else if ((fd = open(path, O_RDONLY)) < 0) {
		sp_fail_errno(e, errno, "%s", path);
		goto fail;
	}
	/* gzread reads plain files as they are, and gzip ones unpacked */
	if (fd < 0 || (gz = gzdopen(fd, "rb")) == NULL) {
		sp_fail_errno(e, errno, "%s", s->name);
		if (fd >= 0)
			close(fd);
		goto fail;
	}
	gzbuffer(gz, 1 << 18);
	if ((c.h = yajl_alloc(&callbacks, NULL, &c)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	for (;;) {
		int n = gzread(gz, buf, (unsigned)IN_CHUNK);
		yajl_status st;

		if (n < 0) {
			int err;
			const char *m = gzerror(gz, &err);

			if (err == Z_ERRNO)
				sp_fail_errno(e, errno, "%s: read error",
				    s->name);
			else
				sp_fail(e, SP_EDATA, "%s: bad gzip data: %s",
				    s->name, gz_msg(m));
			goto fail;
		}
		if (n == 0) {
			int err;
			const char *m = gzerror(gz, &err);

			/* a cut gzip member ends reading without a word */
			if (err != Z_OK && err != Z_STREAM_END) {
				sp_fail(e, SP_EDATA, "%s: bad gzip data: %s",
				    s->name, gz_msg(m));
				goto fail;
			}
		}
		if (consumed == 0 && !first_chunk(s, buf, (size_t)n, e))
			goto fail;
		c.chunk = buf;
		if (n == 0) {
			st = yajl_complete_parse(c.h);
		} else {
			st = yajl_parse(c.h, buf, (size_t)n);
		}
		if (c.failed)
			goto fail;
		if (st != yajl_status_ok) {
			unsigned char *m = yajl_get_error(c.h, 0, NULL, 0);
			char *nl;
			uint64_t at = consumed + (n > 0 ?
			    yajl_get_bytes_consumed(c.h) : 0);

			if (m != NULL && (nl = strchr((char *)m, '\n')) != NULL)
				*nl = '\0';
			sp_fail(e, SP_EDATA, "%s: not valid JSON: %s (at byte "
			    "%llu)", s->name, m != NULL ? (char *)m : "?",
			    (unsigned long long)at);
			if (m != NULL)
				yajl_free_error(c.h, m);
			goto fail;
		}
		if (n == 0)
			break;
		if (c.tokens != tokens) {
			tokens = c.tokens;
			quiet = 0;
		} else if ((quiet += (uint64_t)n) > MAX_TOKEN) {
			sp_fail(e, SP_EDATA, "%s: not a profile: a JSON value "
			    "runs on for more than %llu MiB before byte %llu",
			    s->name, (unsigned long long)(MAX_TOKEN >> 20),
			    (unsigned long long)(consumed + (uint64_t)n));
			goto fail;
		}
		/* a capture running past the chunk keeps its part of it */
		if (c.mode == M_CAPTURE) {
			if (!cap_add(&c, buf + c.cap_from, (size_t)n -
			    c.cap_from))
				goto fail;
			c.cap_from = 0;
		}
		consumed += (uint64_t)n;
	}
	if (c.depth != 0 || c.mode != M_TOP) {
		not_profile(&c);
		goto fail;
	}
	if (!finish_parse(&c))
		goto fail;
	gzclose(gz);
	free(buf);
	pctx_free(&c);
	return &s->src;
fail:
	if (gz != NULL)
		gzclose(gz);
	free(buf);
	pctx_free(&c);
	sp_source_free(&s->src);
	return NULL;
}

int
sp_json_sniff_bytes(const unsigned char *p, size_t n)
{
	size_t i = 0;

	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return 1;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r'))
		i++;
	return i < n && p[i] == '{';
}

int
sp_json_is_json_path(const char *path)
{
	size_t n = strlen(path);

	return (n >= 5 && strcasecmp(path + n - 5, ".json") == 0) ||
	    (n >= 8 && strcasecmp(path + n - 8, ".json.gz") == 0);
}

const struct sp_format sp_json_format = {
	"json", 1, NULL, sp_json_sniff_bytes, sp_json_is_json_path,
	sp_json_open,
};
