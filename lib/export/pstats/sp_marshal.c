#include "sp_marshal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_arena.h"
#include "sp_utf8.h"

#define FLAG_REF 0x80

/* Python's 15-bit long digits. */
#define DIGIT_BITS 15
#define DIGIT_MASK ((1 << DIGIT_BITS) - 1)

#define WBUF_SIZE ((size_t)64 << 10)

/*
 * A pstats dict is dict > tuple > dict > tuple > scalar: five levels.  A
 * little slack keeps the error message about the shape, not the depth,
 * for near misses.
 */
#define MAX_DEPTH 8

struct wr {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	size_t n;
	unsigned char buf[WBUF_SIZE];
};

static int
w_flush(struct wr *w)
{
	if (w->n > 0 && w->write(w->ctx, w->buf, w->n, w->e) == -1)
		return -1;
	w->n = 0;
	return 0;
}

static int
w_bytes(struct wr *w, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n > 0) {
		size_t k = WBUF_SIZE - w->n < n ? WBUF_SIZE - w->n : n;

		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
		if (w->n == WBUF_SIZE && w_flush(w) == -1)
			return -1;
	}
	return 0;
}

static int
w_u32(struct wr *w, int code, uint32_t v)
{
	unsigned char b[5];

	b[0] = (unsigned char)code;
	b[1] = v & 0xff;
	b[2] = v >> 8 & 0xff;
	b[3] = v >> 16 & 0xff;
	b[4] = v >> 24 & 0xff;
	return w_bytes(w, b, 5);
}

static int
w_int(struct wr *w, int64_t v)
{
	unsigned char b[5 + 2 * 5];
	uint64_t mag;
	size_t nd = 0;

	if (v >= INT32_MIN && v <= INT32_MAX)
		return w_u32(w, 'i', (uint32_t)v);
	mag = v < 0 ? -(uint64_t)v : (uint64_t)v;
	for (; mag != 0; mag >>= DIGIT_BITS, nd++) {
		b[5 + 2 * nd] = mag & 0xff;
		b[6 + 2 * nd] = mag >> 8 & DIGIT_MASK >> 8;
	}
	if (w_u32(w, 'l', v < 0 ? (uint32_t)-(int32_t)nd : (uint32_t)nd) == -1)
		return -1;
	return w_bytes(w, b + 5, 2 * nd);
}

static int
w_float(struct wr *w, double v)
{
	unsigned char b[9];
	uint64_t u;
	int i;

	memcpy(&u, &v, sizeof u);
	b[0] = 'g';
	for (i = 0; i < 8; i++)
		b[1 + i] = u >> 8 * i & 0xff;
	return w_bytes(w, b, 9);
}

/*
 * Python decodes 'u' with errors="surrogatepass": valid UTF-8, plus the
 * three-byte forms of U+D800..U+DFFF.
 */
static int
py_utf8_ok(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;
	size_t i = 0, k;
	uint64_t w;

	/* ASCII eight bytes at a time: names are mostly that */
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		if (w & 0x8080808080808080ULL)
			break;
	}
	while (i < n) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = sp_utf8_decode(p + i, n - i, &cp)) == 0) {
			if (n - i < 3 || p[i] != 0xed || p[i + 1] < 0xa0 ||
			    p[i + 1] > 0xbf || (p[i + 2] & 0xc0) != 0x80)
				return 0;
			k = 3;
		}
		i += k;
	}
	return 1;
}

static int
w_str(struct wr *w, const char *s)
{
	size_t n = strlen(s);

	if (n > INT32_MAX)
		return sp_fail(w->e, SP_EDATA, "cannot marshal a name of %zu "
		    "bytes", n);
	if (!py_utf8_ok(s, n))
		return sp_fail(w->e, SP_EDATA, "cannot marshal the name "
		    "\"%.60s\": not valid UTF-8", s);
	if (w_u32(w, 'u', (uint32_t)n) == -1)
		return -1;
	return w_bytes(w, s, n);
}

static int
w_key(struct wr *w, const struct sp_prof_key *k)
{
	if (w_u32(w, '(', 3) == -1 || w_str(w, k->file) == -1 ||
	    w_int(w, k->line) == -1 || w_str(w, k->func) == -1)
		return -1;
	return 0;
}

static int
w_stat(struct wr *w, const struct sp_prof_stat *st, int n)
{
	if (w_u32(w, '(', (uint32_t)n) == -1 || w_int(w, st->cc) == -1 ||
	    w_int(w, st->nc) == -1 || w_float(w, st->tt) == -1 ||
	    w_float(w, st->ct) == -1)
		return -1;
	return 0;
}

int
sp_marshal_write_prof(const struct sp_prof *d, sp_write_fn *write,
    void *ctx, struct sp_err *e)
{
	struct wr *w;
	size_t i, j;
	int rc = -1;

	if ((w = malloc(sizeof *w)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	w->write = write;
	w->ctx = ctx;
	w->e = e;
	w->n = 0;
	if (w_bytes(w, "{", 1) == -1)
		goto out;
	for (i = 0; i < sp_prof_len(d); i++) {
		const struct sp_prof_entry *t = sp_prof_entry(d, i);

		if (w_key(w, &t->key) == -1 || w_stat(w, &t->st, 5) == -1 ||
		    w_bytes(w, "{", 1) == -1)
			goto out;
		for (j = 0; j < t->ncallers; j++) {
			const struct sp_prof_caller *c = &t->callers[j];

			if (w_key(w, &c->key) == -1)
				goto out;
			if ((c->count_only ? w_int(w, c->st.nc) :
			    w_stat(w, &c->st, 4)) == -1)
				goto out;
		}
		if (w_bytes(w, "0", 1) == -1)
			goto out;
	}
	if (w_bytes(w, "0", 1) == -1 || w_flush(w) == -1)
		goto out;
	rc = 0;
out:
	free(w);
	return rc;
}

/*
 * The reader: a generic pass builds the object graph (refs make it a DAG),
 * then a second pass checks the pstats shape and fills the dict.  Strings
 * are interned into the dict as they are read and key tuples remember
 * their key id, so a key shared by reference a million times costs one
 * lookup, not a million.
 */

enum { V_INT, V_FLOAT, V_STR, V_TUPLE, V_DICT };

struct obj {
	unsigned char kind;
	unsigned char done;	/* fully read: a ref may point at it */
	size_t n;		/* items of a tuple, pairs of a dict */
	size_t off;		/* where it starts, for messages */
	long key;		/* key id once seen as a key, else -1 */
	union {
		int64_t i;
		double f;
		const char *s;
		struct obj **items;	/* dict: key, value, key, value... */
	} u;
};

struct rd {
	const unsigned char *p;
	size_t n, pos;
	const char *name;
	struct sp_err *e;
	struct sp_arena *arena;
	struct sp_prof *d;
	struct obj **refs;
	size_t nrefs, refs_cap;
	char *tmp;		/* Latin-1 to UTF-8 conversion */
	size_t tmp_cap;
	size_t budget;		/* caller items the shape pass may add */
};

static void *
r_fail(struct rd *r, size_t off, const char *what)
{
	sp_fail(r->e, SP_EDATA, "%s: not a .prof file: %s at byte %zu",
	    r->name, what, off);
	return NULL;
}

static void *
r_nomem(struct rd *r)
{
	sp_fail(r->e, SP_ENOMEM, "%s: out of memory", r->name);
	return NULL;
}

static int
r_need(struct rd *r, size_t k)
{
	if (r->n - r->pos < k) {
		r_fail(r, r->n, "truncated data");
		return -1;
	}
	return 0;
}

static uint64_t
r_le(struct rd *r, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)r->p[r->pos + i] << 8 * i;
	r->pos += bytes;
	return v;
}

/* A length field: bytes wide, signed when 4 bytes wide as in CPython. */
static int
r_len(struct rd *r, int bytes, size_t *len, size_t off)
{
	int32_t v;

	if (r_need(r, bytes) == -1)
		return -1;
	if (bytes == 1) {
		*len = (size_t)r_le(r, 1);
		return 0;
	}
	v = (int32_t)(uint32_t)r_le(r, 4);
	if (v < 0) {
		r_fail(r, off, "negative size");
		return -1;
	}
	*len = (size_t)v;
	return 0;
}

static struct obj *
r_new(struct rd *r, int kind, size_t off)
{
	struct obj *o = sp_arena_alloc(r->arena, sizeof *o);

	if (o == NULL)
		return r_nomem(r);
	o->kind = (unsigned char)kind;
	o->done = 0;
	o->n = 0;
	o->off = off;
	o->key = -1;
	return o;
}

/* Give o the next reference slot, as CPython does when FLAG_REF is set. */
static int
r_ref(struct rd *r, struct obj *o)
{
	if (r->nrefs == r->refs_cap) {
		size_t cap = r->refs_cap ? r->refs_cap * 2 : 64;
		struct obj **v = realloc(r->refs, cap * sizeof *v);

		if (v == NULL) {
			r_nomem(r);
			return -1;
		}
		r->refs = v;
		r->refs_cap = cap;
	}
	r->refs[r->nrefs++] = o;
	return 0;
}

static struct obj *
r_string(struct rd *r, size_t len, int latin1, size_t off)
{
	const char *s = (const char *)r->p + r->pos;
	struct obj *o;
	size_t i, k;

	if (len > r->n - r->pos)
		return r_fail(r, off, "string runs past the end");
	r->pos += len;
	if (latin1) {
		/* CPython reads the ASCII forms as Latin-1, unchecked. */
		if (len > (SIZE_MAX - 1) / 2)
			return r_nomem(r);
		if (r->tmp_cap < 2 * len + 1) {
			char *t = realloc(r->tmp, 2 * len + 1);

			if (t == NULL)
				return r_nomem(r);
			r->tmp = t;
			r->tmp_cap = 2 * len + 1;
		}
		for (i = k = 0; i < len; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x80) {
				r->tmp[k++] = (char)c;
			} else {
				r->tmp[k++] = (char)(0xc0 | c >> 6);
				r->tmp[k++] = (char)(0x80 | (c & 0x3f));
			}
		}
		s = r->tmp;
		len = k;
	} else if (!py_utf8_ok(s, len)) {
		return r_fail(r, off, "string is not valid UTF-8");
	}
	if (memchr(s, '\0', len) != NULL)
		return r_fail(r, off, "string holds a NUL character");
	if ((o = r_new(r, V_STR, off)) == NULL)
		return NULL;
	if ((o->u.s = sp_prof_intern(r->d, s, len, r->e)) == NULL)
		return NULL;
	return o;
}

static struct obj *
r_long(struct rd *r, size_t off)
{
	struct obj *o;
	int32_t n;
	uint64_t mag = 0, d = 0;
	size_t nd, i;

	if (r_need(r, 4) == -1)
		return NULL;
	n = (int32_t)(uint32_t)r_le(r, 4);
	nd = n < 0 ? (size_t)-(int64_t)n : (size_t)n;
	if (nd > (r->n - r->pos) / 2)
		return r_fail(r, off, "integer runs past the end");
	for (i = 0; i < nd; i++) {
		d = r_le(r, 2);
		if (d > DIGIT_MASK)
			return r_fail(r, off, "bad integer digit");
		if (i >= 5 || (i == 4 && d > 0xf))
			return r_fail(r, off, "integer beyond 64 bits");
		mag |= d << DIGIT_BITS * i;
	}
	if (nd > 0 && d == 0)
		return r_fail(r, off, "unnormalized integer");
	if (mag > (n < 0 ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
		return r_fail(r, off, "integer beyond 64 bits");
	if ((o = r_new(r, V_INT, off)) == NULL)
		return NULL;
	o->u.i = n < 0 ? (int64_t)(0 - mag) : (int64_t)mag;
	return o;
}

static struct obj *
r_text_float(struct rd *r, size_t off)
{
	char buf[257], *end;
	struct obj *o;
	size_t len;

	if (r_len(r, 1, &len, off) == -1)
		return NULL;
	if (len > r->n - r->pos)
		return r_fail(r, off, "float runs past the end");
	memcpy(buf, r->p + r->pos, len);
	buf[len] = '\0';
	r->pos += len;
	if ((o = r_new(r, V_FLOAT, off)) == NULL)
		return NULL;
	/* Overflow gives an infinity, as Python's float() does. */
	o->u.f = strtod(buf, &end);
	if (len == 0 || end != buf + len)
		return r_fail(r, off, "bad float text");
	return o;
}

static struct obj *r_object(struct rd *r, int depth);

static struct obj *
r_tuple(struct rd *r, size_t len, int depth, int flag, size_t off)
{
	struct obj *o;
	size_t i;

	/* Every item takes at least one byte. */
	if (len > r->n - r->pos)
		return r_fail(r, off, "tuple runs past the end");
	if ((o = r_new(r, V_TUPLE, off)) == NULL)
		return NULL;
	if (flag && r_ref(r, o) == -1)
		return NULL;
	o->n = len;
	if ((o->u.items = sp_arena_alloc(r->arena,
	    (len ? len : 1) * sizeof *o->u.items)) == NULL)
		return r_nomem(r);
	for (i = 0; i < len; i++)
		if ((o->u.items[i] = r_object(r, depth + 1)) == NULL)
			return NULL;
	o->done = 1;
	return o;
}

static struct obj *
r_dict(struct rd *r, int depth, int flag, size_t off)
{
	struct obj *o, **v = NULL, *k, *x;
	size_t n = 0, cap = 0;

	if ((o = r_new(r, V_DICT, off)) == NULL)
		return NULL;
	if (flag && r_ref(r, o) == -1)
		return NULL;
	for (;;) {
		if (r_need(r, 1) == -1)
			goto fail;
		if (r->p[r->pos] == '0') {
			r->pos++;
			break;
		}
		if ((k = r_object(r, depth + 1)) == NULL)
			goto fail;
		if (r_need(r, 1) == -1)
			goto fail;
		if (r->p[r->pos] == '0') {
			r_fail(r, r->pos, "dict key without a value");
			goto fail;
		}
		if ((x = r_object(r, depth + 1)) == NULL)
			goto fail;
		if (n + 2 > cap) {
			size_t c = cap ? cap * 2 : 16;
			struct obj **t = realloc(v, c * sizeof *t);

			if (t == NULL) {
				r_nomem(r);
				goto fail;
			}
			v = t;
			cap = c;
		}
		v[n++] = k;
		v[n++] = x;
	}
	o->n = n / 2;
	if ((o->u.items = sp_arena_alloc(r->arena,
	    (n ? n : 1) * sizeof *o->u.items)) == NULL) {
		r_nomem(r);
		goto fail;
	}
	if (n > 0)
		memcpy(o->u.items, v, n * sizeof *v);
	free(v);
	o->done = 1;
	return o;
fail:
	free(v);
	return NULL;
}

static struct obj *
r_object(struct rd *r, int depth)
{
	struct obj *o = NULL;
	size_t off = r->pos, len;
	int code, flag;

	if (depth > MAX_DEPTH)
		return r_fail(r, off, "objects nested too deeply");
	if (r_need(r, 1) == -1)
		return NULL;
	code = r->p[r->pos] & ~FLAG_REF;
	flag = r->p[r->pos] & FLAG_REF;
	r->pos++;
	switch (code) {
	case 'i':
		if (r_need(r, 4) == -1 || (o = r_new(r, V_INT, off)) == NULL)
			return NULL;
		o->u.i = (int32_t)(uint32_t)r_le(r, 4);
		break;
	case 'I':
		if (r_need(r, 8) == -1 || (o = r_new(r, V_INT, off)) == NULL)
			return NULL;
		o->u.i = (int64_t)r_le(r, 8);
		break;
	case 'l':
		o = r_long(r, off);
		break;
	case 'g':
		if (r_need(r, 8) == -1 || (o = r_new(r, V_FLOAT, off)) == NULL)
			return NULL;
		{
			uint64_t u = r_le(r, 8);

			memcpy(&o->u.f, &u, sizeof u);
		}
		break;
	case 'f':
		o = r_text_float(r, off);
		break;
	case 'u':
	case 't':
	case 'a':
	case 'A':
		if (r_len(r, 4, &len, off) == -1)
			return NULL;
		o = r_string(r, len, code == 'a' || code == 'A', off);
		break;
	case 'z':
	case 'Z':
		if (r_len(r, 1, &len, off) == -1)
			return NULL;
		o = r_string(r, len, 1, off);
		break;
	case '(':
		if (r_len(r, 4, &len, off) == -1)
			return NULL;
		return r_tuple(r, len, depth, flag, off);
	case ')':
		if (r_len(r, 1, &len, off) == -1)
			return NULL;
		return r_tuple(r, len, depth, flag, off);
	case '{':
		return r_dict(r, depth, flag, off);
	case 'r':
		if (flag)
			return r_fail(r, off, "bad reference");
		if (r_len(r, 4, &len, off) == -1)
			return NULL;
		if (len >= r->nrefs)
			return r_fail(r, off, "reference to an unknown object");
		o = r->refs[len];
		if (!o->done)
			return r_fail(r, off,
			    "reference to an unfinished object");
		return o;
	case '0':
		return r_fail(r, off, "unexpected NULL object");
	default:
		return r_fail(r, off, "unsupported marshal type");
	}
	if (o == NULL)
		return NULL;
	if (flag && r_ref(r, o) == -1)
		return NULL;
	o->done = 1;
	return o;
}

static const char *const kind_name[] = {
	[V_INT] = "an int", [V_FLOAT] = "a float", [V_STR] = "a string",
	[V_TUPLE] = "a tuple", [V_DICT] = "a dict",
};

static int
s_fail(struct rd *r, const struct obj *o, const char *want)
{
	sp_fail(r->e, SP_EDATA, "%s: not a .prof file: %s where pstats "
	    "needs %s, at byte %zu", r->name, kind_name[o->kind], want,
	    o->off);
	return -1;
}

/* The key id of a (file, line, func) tuple. */
static long
s_key(struct rd *r, struct obj *o)
{
	struct obj **it = o->u.items;

	if (o->key >= 0)
		return o->key;
	if (o->kind != V_TUPLE || o->n != 3 || it[0]->kind != V_STR ||
	    it[1]->kind != V_INT || it[2]->kind != V_STR)
		return s_fail(r, o, "a (file, line, function) key");
	o->key = sp_prof_key(r->d, it[0]->u.s, it[1]->u.i, it[2]->u.s, r->e);
	return o->key;
}

/* (cc, nc, tt, ct) from the first four items of tuple o. */
static int
s_stat(struct rd *r, struct obj *o, size_t n, struct sp_prof_stat *st,
    const char *want)
{
	struct obj **it = o->u.items;
	int i;

	if (o->kind != V_TUPLE || o->n != n || it[0]->kind != V_INT ||
	    it[1]->kind != V_INT)
		return s_fail(r, o, want);
	for (i = 2; i < 4; i++)
		if (it[i]->kind != V_INT && it[i]->kind != V_FLOAT)
			return s_fail(r, o, want);
	st->cc = it[0]->u.i;
	st->nc = it[1]->u.i;
	st->tt = it[2]->kind == V_INT ? (double)it[2]->u.i : it[2]->u.f;
	st->ct = it[3]->kind == V_INT ? (double)it[3]->u.i : it[3]->u.f;
	return 0;
}

static int
s_entry(struct rd *r, struct obj *k, struct obj *v)
{
	struct sp_prof_stat st;
	struct obj *callers;
	long key, i, ck;
	size_t j;

	if ((key = s_key(r, k)) == -1 ||
	    s_stat(r, v, 5, &st, "a (cc, nc, tt, ct, callers) value") == -1)
		return -1;
	callers = v->u.items[4];
	if (callers->kind != V_DICT)
		return s_fail(r, callers, "a dict of callers");
	/* A shared callers dict is added again for every entry using it. */
	if (callers->n > r->budget)
		return sp_fail(r->e, SP_EDATA, "%s: not a .prof file: callers "
		    "dicts shared too often", r->name);
	r->budget -= callers->n;
	/* Assigning d[key] replaces the whole value, callers included. */
	if ((i = sp_prof_set(r->d, key, &st, 0, r->e)) == -1)
		return -1;
	for (j = 0; j < callers->n; j++) {
		struct obj *ck_o = callers->u.items[2 * j];
		struct obj *cv = callers->u.items[2 * j + 1];
		int count_only = cv->kind == V_INT;

		if ((ck = s_key(r, ck_o)) == -1)
			return -1;
		if (count_only) {
			st.cc = st.nc = cv->u.i;
			st.tt = st.ct = 0;
		} else if (s_stat(r, cv, 4, &st,
		    "a (cc, nc, tt, ct) caller value") == -1) {
			return -1;
		}
		if (sp_prof_set_caller(r->d, (size_t)i, ck, &st, count_only,
		    r->e) == -1)
			return -1;
	}
	return 0;
}

struct sp_prof *
sp_marshal_read_prof(const void *buf, size_t n, const char *name,
    struct sp_err *e)
{
	struct rd r;
	struct obj *top;
	size_t i;
	int ok = 0;

	memset(&r, 0, sizeof r);
	r.p = buf;
	r.n = n;
	r.name = name;
	r.e = e;
	r.budget = n;
	r.arena = sp_arena_new();
	r.d = sp_prof_new();
	if (r.arena == NULL || r.d == NULL) {
		r_nomem(&r);
		goto out;
	}
	if (n == 0) {
		sp_fail(e, SP_EDATA, "%s: not a .prof file: empty", name);
		goto out;
	}
	if ((top = r_object(&r, 0)) == NULL)
		goto out;
	if (r.pos != n) {
		r_fail(&r, r.pos, "data after the statistics dict");
		goto out;
	}
	if (top->kind != V_DICT) {
		s_fail(&r, top, "a dict");
		goto out;
	}
	if (top->n == 0) {
		sp_fail(e, SP_EDATA, "%s: not a .prof file: the statistics "
		    "dict is empty", name);
		goto out;
	}
	for (i = 0; i < top->n; i++)
		if (s_entry(&r, top->u.items[2 * i],
		    top->u.items[2 * i + 1]) == -1)
			goto out;
	ok = 1;
out:
	free(r.refs);
	free(r.tmp);
	sp_arena_free(r.arena);
	if (!ok) {
		sp_prof_free(r.d);
		return NULL;
	}
	return r.d;
}

struct sp_prof *
sp_marshal_load_prof(const char *path, struct sp_err *e)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct sp_prof *d = NULL;
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;
	struct stat sb;
	ssize_t k;
	int fd;

	fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd == -1) {
		sp_fail_errno(e, errno, "%s", name);
		return NULL;
	}
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
	    (uintmax_t)sb.st_size < SIZE_MAX)
		cap = (size_t)sb.st_size + 1;
	for (;;) {
		if (n == cap) {
			size_t c = cap ? cap * 2 : (size_t)64 << 10;
			unsigned char *t;

			if (c < cap || (t = realloc(buf, c)) == NULL) {
				sp_fail(e, SP_ENOMEM, "%s: out of memory",
				    name);
				goto out;
			}
			buf = t;
			cap = c;
		}
		if (buf == NULL && (buf = malloc(cap)) == NULL) {
			sp_fail(e, SP_ENOMEM, "%s: out of memory", name);
			goto out;
		}
		k = read(fd, buf + n, cap - n);
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1) {
			sp_fail_errno(e, errno, "%s", name);
			goto out;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	d = sp_marshal_read_prof(buf, n, name, e);
out:
	free(buf);
	if (fd != STDIN_FILENO)
		close(fd);
	return d;
}
