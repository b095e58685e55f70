/*
 * The side-payload schema's tables (sp_sidejson.h), and the entries of
 * sp_side_payloads, which carry side items as they are.
 */
#include "sp_sidejson_private.h"

#include <stdlib.h>
#include <string.h>

#include "sp_json_text.h"

#define A SP_SIDEJSON_ATTR
#define D SP_SIDEJSON_DATASET
#define N(v) (sizeof (v) / sizeof (v)[0])

/*
 * likwid[rank][tag] (doc/formats.md, "LIKWID, perf events, line profiles";
 * doc/exports.md, "Side data").
 */
static const struct sp_sidejson_field likwid_fields[] = {
	{ LIKWID_TAG, A, SP_SIDEJSON_TEXT, 0, NULL },
	{ "group_id", A, SP_SIDEJSON_INT, -1, NULL },
	{ "group_name", A, SP_SIDEJSON_TEXT, 0, NULL },
	{ "cpus", D, SP_SIDEJSON_INTS, 0, NULL },
	{ "times", D, SP_SIDEJSON_FLOATS, 0, NULL },
	{ "call_counts", D, SP_SIDEJSON_INTS, 0, NULL },
	{ "event_names", A, SP_SIDEJSON_TEXTS, 0, NULL },
	{ "counter_names", A, SP_SIDEJSON_TEXTS, 0, NULL },
	{ "events", D, SP_SIDEJSON_MATRIX, 0, NULL },
	{ "metric_names", A, SP_SIDEJSON_TEXTS, 0, NULL },
	{ "metrics", D, SP_SIDEJSON_MATRIX, 0, NULL },
	{ "source", A, SP_SIDEJSON_TEXT, 0, NULL },
};

/*
 * perf_events[rank][region] (doc/formats.md, "LIKWID, perf events, line
 * profiles"); "values" apart.
 */
static const struct sp_sidejson_field perf_fields[] = {
	{ PERF_CALLS, A, SP_SIDEJSON_INT, 0, NULL },
};

/*
 * line_profile[rank][i] (doc/formats.md, "LIKWID, perf events, line profiles";
 * doc/exports.md, "Side data"); "source" and "source_first_lineno" are
 * sp-json's extension, from the newest writer's records.
 */
static const struct sp_sidejson_field line_fields[] = {
	{ "region", A, SP_SIDEJSON_TEXT, 0, NULL },
	{ "filename", A, SP_SIDEJSON_TEXT, 0, NULL },
	{ "function", A, SP_SIDEJSON_TEXT, 0, NULL },
	{ "first_lineno", A, SP_SIDEJSON_INT, 0, NULL },
	{ "line_numbers", D, SP_SIDEJSON_INTS, 0, NULL },
	{ "hits", D, SP_SIDEJSON_INTS, 0, NULL },
	{ "times", D, SP_SIDEJSON_FLOATS, 0, NULL },
	{ "unit", A, SP_SIDEJSON_FLOAT, 1.0, NULL },
	{ "source", A, SP_SIDEJSON_TEXT, 0, "source" },
	{ "source_first_lineno", A, SP_SIDEJSON_INT, 0, "source" },
};

_Static_assert(N(likwid_fields) <= FIELDS_MAX &&
    N(line_fields) <= FIELDS_MAX, "records of more than FIELDS_MAX fields");

const struct sp_sidejson_kind sp_sidejson_kinds[SP_SIDEJSON_NKINDS] = {
	{ SP_SIDEJSON_LIKWID, SP_SIDEJSON_TAGGED, likwid_fields,
	    N(likwid_fields) },
	{ SP_SIDEJSON_PERF, SP_SIDEJSON_PATHS, perf_fields, N(perf_fields) },
	{ SP_SIDEJSON_LINES, SP_SIDEJSON_NUMBERED, line_fields,
	    N(line_fields) },
};

const struct sp_sidejson_kind *
sp_sidejson_kind(const char *name)
{
	size_t k;

	for (k = 0; k < SP_SIDEJSON_NKINDS; k++)
		if (strcmp(sp_sidejson_kinds[k].name, name) == 0)
			return &sp_sidejson_kinds[k];
	return NULL;
}

const char *
sp_sidejson_part_name(enum sp_sidejson_part part)
{
	return part == SP_SIDEJSON_ATTR ? SP_SIDEJSON_ATTRS :
	    SP_SIDEJSON_DATASETS;
}

int
sp_sidejson_by_name(const void *a, const void *b)
{
	const struct sp_sidejson_named *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c = memcmp(x->p, y->p, n);

	if (c != 0)
		return c;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

int
sp_sidejson_by_number(const void *a, const void *b)
{
	const struct sp_sidejson_named *x = a, *y = b;

	if (x->numeric != y->numeric)
		return x->numeric ? -1 : 1;
	if (x->numeric && x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return sp_sidejson_by_name(a, b);
}

/* --- sp_side_payloads --- */

int
sp_sidejson_put_payload(struct sp_json_emit *j, int has_rank, uint32_t rank,
    const char *kind, const uint8_t *p, size_t n, struct sp_err *e)
{
	if (sp_json_emit_elem(j, e) < 0 || sp_json_emit_open(j, '{', e) < 0 ||
	    (has_rank && (sp_json_emit_lkey(j, "rank", e) < 0 ||
	    sp_json_emit_u64(j, rank, e) < 0)) ||
	    sp_json_emit_lkey(j, "kind", e) < 0 ||
	    sp_json_emit_str(j, kind, strlen(kind), e) < 0 ||
	    sp_json_emit_lkey(j, "cbor", e) < 0 ||
	    sp_json_emit_base64(j, p, n, e) < 0)
		return -1;
	return sp_json_emit_close(j, e);
}

int
sp_sidejson_payload(const struct sp_jvalue *v, uint32_t *rank,
    const char **kind, uint8_t **data, size_t *len, struct sp_err *e)
{
	const struct sp_jvalue *k = sp_jvalue_get(v, "kind");
	const struct sp_jvalue *b64 = sp_jvalue_get(v, "cbor");
	int64_t r;
	long n;

	if (k == NULL || k->t != SP_JSTR || b64 == NULL ||
	    b64->t != SP_JSTR || !sp_jvalue_int(sp_jvalue_get(v, "rank"), &r) ||
	    r < 0 || r > UINT32_MAX)
		return sp_fail(e, SP_EDATA, "a bad entry in %s",
		    SP_SIDEJSON_PAYLOADS);
	if ((*data = malloc(b64->n / 4 * 3 + 4)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	if ((n = sp_json_text_base64(b64->s, b64->n, *data)) < 0) {
		free(*data);
		*data = NULL;
		return sp_fail(e, SP_EDATA, "%s: bad base64",
		    SP_SIDEJSON_PAYLOADS);
	}
	*rank = (uint32_t)r;
	*kind = k->s;
	*len = (size_t)n;
	return 0;
}
