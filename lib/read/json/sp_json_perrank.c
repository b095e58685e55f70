#include "sp_json_perrank.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbuf.h"

static int
oom(const struct sp_json_source *s, struct sp_err *e)
{
	return sp_json_source_fail(s, e, SP_ENOMEM, "out of memory");
}

/* A rank as a key: decimal digits only (str(rank)). */
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

/* --- lane tables --- */

enum ftype { F_INT, F_TEXT, F_BOOL };

/* A key of a table's entries, and where it goes in the entry. */
struct lane_field {
	const char *key;
	size_t off;
	enum ftype type;
};

#define TH(key, field, type) \
	{ key, offsetof(struct sp_thread_info, field), type }
#define TA(key, field, type) \
	{ key, offsetof(struct sp_task_info, field), type }

static const struct lane_field thread_fields[] = {
	TH("index", index, F_INT), TH("name", name, F_TEXT),
	TH("ident", ident, F_INT), TH("native_id", native_id, F_INT),
	TH("daemon", daemon, F_BOOL), TH("start_ns", start_ns, F_INT),
	TH("end_ns", end_ns, F_INT), TH("cpu_ns", cpu_ns, F_INT),
};

static const struct lane_field task_fields[] = {
	TA("index", index, F_INT), TA("kind", kind, F_TEXT),
	TA("name", name, F_TEXT), TA("coro_name", coro_name, F_TEXT),
	TA("thread_index", thread_index, F_INT),
	TA("created_ns", created_ns, F_INT), TA("done_ns", done_ns, F_INT),
	TA("steps", steps, F_INT), TA("running_ns", running_ns, F_INT),
	TA("suspended_ns", suspended_ns, F_INT),
};

struct lane_kind {
	const struct lane_field *fields;
	size_t nfields;
	size_t size;		/* of an entry */
};

static const struct lane_kind threads_kind = { thread_fields,
	sizeof thread_fields / sizeof thread_fields[0],
	sizeof(struct sp_thread_info) };
static const struct lane_kind tasks_kind = { task_fields,
	sizeof task_fields / sizeof task_fields[0],
	sizeof(struct sp_task_info) };

/* One entry from object o: a missing int stays 0, text is "". */
static int
lane_entry(struct sp_json_source *s, const struct lane_kind *lk,
    const struct sp_jvalue *o, char *entry)
{
	size_t i, n;

	for (i = 0; i < lk->nfields; i++) {
		const struct lane_field *f = &lk->fields[i];
		const struct sp_jvalue *v = sp_jvalue_get(o, f->key);
		void *at = entry + f->off;
		const char *p;
		int64_t x;

		switch (f->type) {
		case F_INT:
			if (sp_jvalue_int(v, &x))
				*(int64_t *)at = x;
			break;
		case F_BOOL:
			*(int *)at = v != NULL && ((v->t == SP_JBOOL && v->b) ||
			    (v->t == SP_JNUM && strtod(v->s, NULL) != 0));
			break;
		case F_TEXT:
			p = sp_jvalue_str(v, &n);
			if ((*(const char **)at = sp_json_source_keep(s, p,
			    n)) ==
			    NULL)
				return -1;
			break;
		}
	}
	return 0;
}

/* {"<rank>": [entry]}: the ranks' tables into *out, *n of them. */
static int
lane_table(struct sp_json_source *s, const struct sp_jvalue *m,
    const struct lane_kind *lk, struct sp_json_source_lanes **out, size_t *n,
    struct sp_err *e)
{
	struct sp_json_source_lanes *rl;
	size_t i, k;

	if ((rl = calloc(m->nk + 1, sizeof *rl)) == NULL)
		return oom(s, e);
	*out = rl;
	for (i = 0; i < m->nk; i++) {
		const struct sp_jvalue *list = m->kid[i];
		struct sp_json_source_lanes *t = &rl[*n];
		uint32_t rank;

		if (rank_of_key(m->key[i], &rank) < 0 || list->t != SP_JARR)
			continue;
		t->rank = rank;
		t->n = list->nk;
		if ((t->v = calloc(list->nk + 1, lk->size)) == NULL)
			return oom(s, e);
		++*n;
		for (k = 0; k < list->nk; k++)
			if (lane_entry(s, lk, list->kid[k],
			    (char *)t->v + k * lk->size) < 0)
				return oom(s, e);
	}
	return 0;
}

int
sp_json_lanes(struct sp_json_source *s, const struct sp_jvalue *threads,
    const struct sp_jvalue *tasks, struct sp_err *e)
{
	if (threads != NULL && threads->t == SP_JOBJ) {
		s->has_threads = 1;
		if (lane_table(s, threads, &threads_kind, &s->threads,
		    &s->nthreads, e) < 0)
			return -1;
	}
	if (tasks != NULL && tasks->t == SP_JOBJ) {
		s->has_tasks = 1;
		if (lane_table(s, tasks, &tasks_kind, &s->tasks, &s->ntasks,
		    e) < 0)
			return -1;
	}
	return 0;
}

/* --- side payloads --- */

/* e's message, prefixed with the source's name. */
static int
named(const struct sp_json_source *s, struct sp_err *e)
{
	char msg[SP_ERR_MSG_MAX];

	if (e == NULL)
		return -1;
	snprintf(msg, sizeof msg, "%s", e->msg);
	return sp_json_source_fail(s, e, e->status, "%s", msg);
}

/* sp-json's items, as they were. */
static int
exact_sides(struct sp_json_source *s, const struct sp_jvalue *list,
    struct sp_err *e)
{
	size_t i, len;

	for (i = 0; i < list->nk; i++) {
		const char *kind;
		uint8_t *data;
		uint32_t rank;
		int rc;

		if (sp_sidejson_payload(list->kid[i], &rank, &kind, &data, &len,
		    e) < 0)
			return named(s, e);
		rc = sp_json_source_add_side(s, rank, kind, data, len);
		free(data);
		if (rc < 0)
			return oom(s, e);
	}
	return 0;
}

/* A rank's value for a kind. */
struct rside {
	uint32_t rank;
	size_t kind;		/* in sp_sidejson_kinds */
	const struct sp_jvalue *v;
};

static int
cmp_rside(const void *a, const void *b)
{
	const struct rside *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->kind > y->kind) - (x->kind < y->kind);
}

/* The ranks' values of the v1 keys, by rank then kind: in *out. */
static int
v1_values(const struct sp_jvalue *const v1[], struct rside **out, size_t *n)
{
	size_t i, k, cap = 0;

	*out = NULL;
	*n = 0;
	for (k = 0; k < SP_SIDEJSON_NKINDS; k++) {
		const struct sp_jvalue *m = v1[k];

		if (m == NULL || m->t != SP_JOBJ)
			continue;
		for (i = 0; i < m->nk; i++) {
			uint32_t rank;

			if (rank_of_key(m->key[i], &rank) < 0)
				continue;
			if (*n == cap) {
				size_t nc = cap ? cap * 2 : 16;
				struct rside *v = realloc(*out, nc * sizeof *v);

				if (v == NULL)
					return -1;
				*out = v;
				cap = nc;
			}
			(*out)[*n].rank = rank;
			(*out)[*n].kind = k;
			(*out)[*n].v = m->kid[i];
			++*n;
		}
	}
	if (*n > 1)
		qsort(*out, *n, sizeof **out, cmp_rside);
	return 0;
}

/* The images that the v1 keys stand for. */
static int
v1_sides(struct sp_json_source *s, const struct sp_jvalue *const v1[],
    struct sp_err *e)
{
	struct rside *rs;
	struct sp_cbuf *b = NULL;
	size_t i, n;
	int rc = -1;

	if (v1_values(v1, &rs, &n) < 0 || (b = sp_cbuf_new()) == NULL)
		goto out;
	for (i = 0; i < n; i++) {
		int got;

		sp_cbuf_reset(b);
		got = sp_sidejson_image(b, &sp_sidejson_kinds[rs[i].kind],
		    rs[i].v);
		if (got == 0)
			continue;
		if (got < 0 || sp_cbuf_failed(b) || sp_json_source_add_side(s,
		    rs[i].rank, sp_sidejson_kinds[rs[i].kind].name,
		    sp_cbuf_data(b), sp_cbuf_len(b)) < 0)
			goto out;
	}
	rc = 0;
out:
	free(rs);
	sp_cbuf_free(b);
	return rc < 0 ? oom(s, e) : 0;
}

int
sp_json_sides(struct sp_json_source *s, const struct sp_jvalue *payloads,
    const struct sp_jvalue *const v1[SP_SIDEJSON_NKINDS], struct sp_err *e)
{
	if (payloads != NULL && payloads->t == SP_JARR)
		return exact_sides(s, payloads, e);
	return v1_sides(s, v1, e);
}
