#include "sp_json_row.h"

#include <stdlib.h>
#include <string.h>

static int
oom(const struct sp_json_source *s, struct sp_err *e)
{
	return sp_json_source_fail(s, e, SP_ENOMEM, "out of memory");
}

/* The row's region and rank; -1 when it has no name or valid rank. */
static int
row_place(struct sp_json_source *s, const struct sp_jvalue *row, long *region,
    uint32_t *rank, struct sp_err *e)
{
	const struct sp_jvalue *v = sp_jvalue_get(row, "name");
	int64_t r = 0;

	if (v == NULL || v->t != SP_JSTR)
		return sp_json_source_fail(s, e, SP_EDATA,
		    "regions[%zu]: a row "
		    "without a name", s->src.nrows);
	if (memchr(v->s, '\0', v->n) != NULL)
		return sp_json_source_fail(s, e, SP_EDATA,
		    "regions[%zu]: the name "
		    "'%s\\u0000...' holds a NUL character, which a region name "
		    "cannot (nor can HDF5's)", s->src.nrows, v->s);
	if (!sp_jvalue_int(sp_jvalue_get(row, "rank"), &r) || r < 0 ||
	    r > UINT32_MAX)
		return sp_json_source_fail(s, e, SP_EDATA, "region '%s': a row "
		    "without a valid rank", v->s);
	if ((*region = sp_json_source_region(s, v->s, v->n)) < 0)
		return oom(s, e);
	*rank = (uint32_t)r;
	return 0;
}

/* A string key kept with the source, or NULL (*oom set on failure). */
static const char *
opt_str(struct sp_json_source *s, const struct sp_jvalue *row, const char *key,
    int *oom)
{
	const struct sp_jvalue *v = sp_jvalue_get(row, key);
	const char *k;

	if (v == NULL || v->t != SP_JSTR)
		return NULL;
	if ((k = sp_json_source_keep(s, v->s, v->n)) == NULL)
		*oom = 1;
	return k;
}

/* source_*, exclusive_total_ns; -1 when out of memory. */
static int
row_source(struct sp_json_source *s, const struct sp_jvalue *row,
    struct sp_row_info *ri)
{
	int64_t x;
	int oom = 0;

	ri->source_file = opt_str(s, row, "source_file", &oom);
	ri->source_text = opt_str(s, row, "source_text", &oom);
	if (sp_jvalue_int(sp_jvalue_get(row, "source_lineno"), &x)) {
		ri->has_lineno = 1;
		ri->source_lineno = x;
	}
	if (sp_jvalue_int(sp_jvalue_get(row, "exclusive_total_ns"), &x) &&
	    x >= 0) {
		ri->has_exclusive = 1;
		ri->exclusive_ns = x;
	}
	return oom ? -1 : 0;
}

#define INT(o, key, field) sp_jvalue_int(sp_jvalue_get(o, key), field)

static void
row_aggregate(const struct sp_jvalue *agg, struct sp_row_info *ri)
{
	if (agg == NULL || agg->t != SP_JOBJ)
		return;
	ri->has_aggregate = 1;
	INT(agg, "count", &ri->agg_count);
	INT(agg, "total", &ri->agg_total);
	INT(agg, "minimum", &ri->agg_minimum);
	INT(agg, "maximum", &ri->agg_maximum);
	INT(agg, "exclusive", &ri->agg_exclusive);
}

/* sp-json's summary_statistics (sp-json(1)). */
static void
row_summary(const struct sp_jvalue *v, struct sp_row_info *ri)
{
	struct sp_summary *m = &ri->summary;
	int64_t g = 0;

	if (v == NULL || v->t != SP_JOBJ)
		return;
	ri->has_summary = 1;
	INT(v, "total", &m->total);
	INT(v, "minimum", &m->minimum);
	INT(v, "maximum", &m->maximum);
	INT(v, "first", &m->first);
	INT(v, "last", &m->last);
	INT(v, "start_minimum", &m->start_minimum);
	INT(v, "end_maximum", &m->end_maximum);
	INT(v, "gpu_count", &g);
	m->gpu_count = (uint64_t)g;
	INT(v, "gpu_total", &m->gpu_total);
	m->mean = sp_jvalue_num(sp_jvalue_get(v, "mean"), 0);
	m->m2 = sp_jvalue_num(sp_jvalue_get(v, "m2"), 0);
}

#undef INT

/* The exact text when sp-json kept it, instead of the list respelled. */
static int
row_event_text(struct sp_json_source *s, const struct sp_jvalue *row,
    struct sp_json_source_cols *c, struct sp_err *e)
{
	const struct sp_jvalue *v = sp_jvalue_get(row, "event_metadata_json");

	if (v == NULL || v->t != SP_JSTR)
		return 0;
	if (sp_spill_file_append(s->tmp, v->s, v->n, &c->ev_off, e) < 0)
		return -1;
	c->ev_len = v->n;
	c->has_ev = 1;
	return 0;
}

/* Start and end times, and every other column as long as they are. */
static int
row_columns(const struct sp_json_source *s, const struct sp_json_source_cols *c,
    const char *name, uint32_t rank, struct sp_err *e)
{
	size_t k;

	if ((c->have & 3) == 1 || (c->have & 3) == 2 ||
	    (c->have > 3 && (c->have & 3) != 3))
		return sp_json_source_fail(s, e, SP_EDATA, "region '%s': a row "
		    "without both start_times_ns and end_times_ns", name);
	for (k = 1; k < SP_JSON_NCOLS; k++)
		if ((c->have >> k) & 1 && c->n[k] != c->n[0])
			return sp_json_source_fail(s, e, SP_EDATA, "region "
			    "'%.200s' rank %lld: %s holds %llu values, "
			    "start_times_ns %llu", name, (long long)rank,
			    sp_jsonkeys_calls[k],
			    (unsigned long long)c->n[k],
			    (unsigned long long)c->n[0]);
	return 0;
}

/* The tags, kept with the source; -1 when out of memory. */
static int
row_tags(struct sp_json_source *s, const struct sp_jvalue *v,
    struct sp_row_info *ri)
{
	const char **t, *p;
	size_t k, n;

	if (v == NULL || v->t != SP_JARR || v->nk == 0)
		return 0;
	if ((t = calloc(v->nk, sizeof *t)) == NULL)
		return -1;
	for (k = 0; k < v->nk; k++) {
		p = sp_jvalue_str(v->kid[k], &n);
		if ((t[k] = sp_json_source_keep(s, p, n)) == NULL) {
			free(t);
			return -1;
		}
	}
	ri->tags = t;
	ri->ntags = v->nk;
	return 0;
}

int
sp_json_row_add(struct sp_json_source *s, const struct sp_jvalue *row,
    struct sp_json_source_cols *c, struct sp_err *e)
{
	struct sp_source_row *r;
	struct sp_row_info *ri;
	uint32_t rank = 0;
	long id = 0;
	size_t k;

	if (row_place(s, row, &id, &rank, e) < 0)
		return -1;
	if ((r = sp_json_source_next_row(s)) == NULL)
		return oom(s, e);
	ri = &r->info;
	r->rank = rank;
	r->region = ri->region = (uint32_t)id;
	if (row_source(s, row, ri) < 0)
		return oom(s, e);
	row_aggregate(sp_jvalue_get(row, "aggregate"), ri);
	row_summary(sp_jvalue_get(row, "summary_statistics"), ri);
	if (row_event_text(s, row, c, e) < 0)
		return -1;
	if (ri->has_aggregate) {
		/* an aggregate row has no calls */
		c->has_ev = 0;
		c->have = 0;
	}
	if (row_columns(s, c, s->names[id], rank, e) < 0)
		return -1;
	/*
	 * The tags last, after every check: only a counted row (nrows) has
	 * its tags freed with the source, so a row refused above must not
	 * hold any yet.
	 */
	if (row_tags(s, sp_jvalue_get(row, "tags"), ri) < 0)
		return oom(s, e);
	r->count = ri->calls = (c->have & 1) ? c->n[0] : 0;
	for (k = 0; k < SP_X_COUNT; k++)
		if ((c->have >> (2 + k)) & 1)
			ri->xmask |= 1u << k;
	sp_json_source_add_row(s, c);
	return 0;
}
