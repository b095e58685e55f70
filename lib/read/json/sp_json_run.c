#include "sp_json_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbuf.h"
#include "sp_json_perrank.h"

static const char *const top_keys[SP_JSON_TOP_SIDE] = {
	"format", "format_version", "num_ranks", "event_data_available",
	"metadata", "threads", "tasks", "storage_layout",
	"scope_profiler_schema", "sp_region_names", "sp_event_columns",
	SP_SIDEJSON_PAYLOADS, "sp_row_order",
};

static int
same(const char *key, const char *k, size_t n)
{
	return strlen(key) == n && memcmp(key, k, n) == 0;
}

enum sp_json_top
sp_json_top_index(const char *k, size_t n)
{
	int i;

	for (i = 0; i < SP_JSON_TOP_SIDE; i++)
		if (same(top_keys[i], k, n))
			return (enum sp_json_top)i;
	for (i = 0; i < SP_SIDEJSON_NKINDS; i++)
		if (same(sp_sidejson_kinds[i].name, k, n))
			return (enum sp_json_top)(SP_JSON_TOP_SIDE + i);
	return SP_JSON_TOP_UNKNOWN;
}

int
sp_json_not_profile(const struct sp_json_source *s, struct sp_err *e)
{
	return sp_json_source_fail(s, e, SP_EDATA, "not a scope-profiler JSON "
	    "profile (written by sp-json, `scope-profiler export json` or "
	    "`-o <name>.json`)");
}

static int
oom(const struct sp_json_source *s, struct sp_err *e)
{
	return sp_json_source_fail(s, e, SP_ENOMEM, "out of memory");
}

/* int(format_version), default 0, as read_json has it. */
static int64_t
version_of(const struct sp_jvalue *v)
{
	double d;

	if (v == NULL)
		return 0;
	if (v->t == SP_JNUM) {
		d = strtod(v->s, NULL);
		/*
		 * int() of it, held in an int64: converting a double beyond
		 * that range (4e87, or 1e999 read as inf) is undefined
		 * behaviour, so clamp first; NaN, which int() refuses,
		 * is no version (0).
		 */
		return d != d ? 0 : d >= 9.2e18 ? INT64_MAX :
		    d <= -9.2e18 ? INT64_MIN : (int64_t)d;
	}
	if (v->t == SP_JSTR)
		return strtoll(v->s, NULL, 10);
	if (v->t == SP_JBOOL)
		return v->b;
	return 0;
}

static int
check_format(const struct sp_json_source *s, struct sp_jvalue *const top[],
    struct sp_err *e)
{
	const struct sp_jvalue *v = top[SP_JSON_TOP_FORMAT];
	int64_t x;

	if (v == NULL || v->t != SP_JSTR ||
	    strcmp(v->s, SP_JSON_FORMAT_NAME) != 0)
		return sp_json_not_profile(s, e);
	if ((x = version_of(top[SP_JSON_TOP_VERSION])) > SP_JSON_FORMAT_VERSION)
		return sp_json_source_fail(s, e, SP_EDATA, "uses JSON profile "
		    "format version %lld; this sp reads versions through %d. "
		    "Upgrade sp to read this file.", (long long)x,
		    SP_JSON_FORMAT_VERSION);
	return 0;
}

/* sp-json's whole region table: the rows' ids mapped into it. */
static int
listed_regions(struct sp_json_source *s, const struct sp_jvalue *v,
    struct sp_err *e)
{
	size_t *map = calloc(s->nnames + 1, sizeof *map);
	const char *p;
	size_t i, k, n;

	if (map == NULL)
		return oom(s, e);
	for (i = 0; i < s->nnames; i++) {
		for (k = 0; k < v->nk; k++)
			if (v->kid[k]->t == SP_JSTR &&
			    v->kid[k]->n == s->lens[i] &&
			    memcmp(v->kid[k]->s, s->names[i], s->lens[i]) == 0)
				break;
		if (k == v->nk) {
			free(map);
			return sp_json_source_fail(s, e, SP_EDATA,
			    "region '%s' is "
			    "not in sp_region_names", s->names[i]);
		}
		map[i] = k;
	}
	for (i = 0; i < s->src.nrows; i++)
		s->src.rows[i].region = s->src.rows[i].info.region =
		    (uint32_t)map[s->src.rows[i].region];
	free(map);
	s->src.nregions = v->nk;
	if ((s->src.names = calloc(v->nk + 1, sizeof(char *))) == NULL)
		return oom(s, e);
	for (k = 0; k < v->nk; k++) {
		p = sp_jvalue_str(v->kid[k], &n);
		if ((s->src.names[k] = sp_json_source_keep(s, p, n)) == NULL)
			return oom(s, e);
	}
	return 0;
}

/* The region table: sp-json's full one, else by first appearance. */
static int
region_table(struct sp_json_source *s, const struct sp_jvalue *v,
    struct sp_err *e)
{
	if (v != NULL && v->t == SP_JARR)
		return listed_regions(s, v, e);
	s->src.nregions = s->nnames;
	if ((s->src.names = calloc(s->nnames + 1, sizeof(char *))) == NULL)
		return oom(s, e);
	/* no regions: s->names is NULL, which memcpy may not get */
	if (s->nnames > 0)
		memcpy(s->src.names, s->names, s->nnames * sizeof(char *));
	return 0;
}

/* The run's scalars: num_ranks, event data, layout, schema, columns. */
static int
run_fields(struct sp_json_source *s, struct sp_jvalue *const top[],
    struct sp_err *e)
{
	const struct sp_jvalue *v;
	int64_t x;
	size_t i, k;

	s->src.num_ranks = sp_jvalue_int(top[SP_JSON_TOP_NUM_RANKS], &x) &&
	    x >= 0 && x <= UINT32_MAX ? (uint32_t)x : 0;
	v = top[SP_JSON_TOP_EVENT_DATA];
	s->src.event_data = v == NULL || v->t != SP_JBOOL || v->b;
	v = top[SP_JSON_TOP_LAYOUT];
	if (v != NULL && v->t == SP_JSTR) {
		if ((s->src.layout = sp_json_source_keep(s, v->s, v->n)) ==
		    NULL)
			return oom(s, e);
	} else {
		s->src.layout = "columnar";
		for (i = 0; i < s->src.nrows; i++)
			if (s->src.rows[i].info.has_aggregate)
				s->src.layout = "aggregate";
	}
	s->src.schema = sp_jvalue_int(top[SP_JSON_TOP_SCHEMA], &x) ? x : 0;
	if ((v = top[SP_JSON_TOP_COLUMNS]) != NULL && v->t == SP_JARR)
		for (i = 0; i < v->nk; i++)
			for (k = 0; k < SP_X_COUNT; k++)
				if (v->kid[i]->t == SP_JSTR &&
				    strcmp(v->kid[i]->s,
				    sp_jsonkeys_calls[2 + k]) == 0)
					s->src.xmask |= 1u << k;
	return 0;
}

/* The metadata as CBOR, and its label. */
static int
run_metadata(struct sp_json_source *s, const struct sp_jvalue *v,
    struct sp_err *e)
{
	const struct sp_jvalue *label;
	struct sp_cbuf *b = sp_cbuf_new();
	char *l;

	if (b == NULL)
		return oom(s, e);
	if (v != NULL && v->t == SP_JOBJ) {
		sp_jvalue_cbor(b, v);
		if ((label = sp_jvalue_get(v, "label")) != NULL &&
		    label->t == SP_JSTR && label->n > 0) {
			if ((l = malloc(label->n + 1)) == NULL)
				goto nomem;
			memcpy(l, label->s, label->n + 1);
			s->src.label = l;
		}
	} else {
		sp_cbuf_map(b, 0);
	}
	if (sp_cbuf_failed(b) ||
	    (s->src.metadata = malloc(sp_cbuf_len(b))) == NULL)
		goto nomem;
	s->src.metadata_len = sp_cbuf_len(b);
	memcpy(s->src.metadata, sp_cbuf_data(b), s->src.metadata_len);
	sp_cbuf_free(b);
	return 0;
nomem:
	sp_cbuf_free(b);
	return oom(s, e);
}

static int
cmp_row(const void *a, const void *b)
{
	const struct sp_source_row *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->region != y->region)
		return x->region < y->region ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Rows by rank, then region: the order sp_order reads them in. */
static int
sort_rows(struct sp_json_source *s, struct sp_err *e)
{
	const struct sp_source_row *r = s->src.rows;
	size_t i;

	if (s->src.nrows > 1)
		qsort(s->src.rows, s->src.nrows, sizeof *s->src.rows, cmp_row);
	for (i = 1; i < s->src.nrows; i++)
		if (r[i].rank == r[i - 1].rank &&
		    r[i].region == r[i - 1].region)
			return sp_json_source_fail(s, e, SP_EDATA,
			    "two rows for "
			    "region '%.200s' rank %u",
			    s->src.names[r[i].region], r[i].rank);
	return 0;
}

/* In tmp, the rows of [r0, r1) in the order of list; their count. */
static size_t
listed_rows(const struct sp_source_row *rows, size_t r0, size_t r1,
    const struct sp_jvalue *list, struct sp_source_row *tmp)
{
	size_t i, k, n = 0;
	int64_t g;

	for (k = 0; k < list->nk; k++) {
		if (!sp_jvalue_int(list->kid[k], &g))
			continue;
		for (i = r0; i < r1; i++)
			if (rows[i].region == g && n < r1 - r0) {
				tmp[n++] = rows[i];
				break;
			}
	}
	return n;
}

/*
 * sp_row_order: {"<rank>": [region ids]}, the order of a rank's rows in
 * the profile when it is not region order.  The rows are sorted by rank,
 * then region: reorder each listed rank's stretch.
 */
static int
row_order(struct sp_json_source *s, const struct sp_jvalue *m, struct sp_err *e)
{
	struct sp_source_row *rows = s->src.rows, *tmp = NULL;
	size_t r0, r1, cap = 0;
	int rc = -1;

	for (r0 = 0; r0 < s->src.nrows; r0 = r1) {
		const struct sp_jvalue *list;
		char key[16];

		for (r1 = r0; r1 < s->src.nrows &&
		    rows[r1].rank == rows[r0].rank; r1++)
			continue;
		snprintf(key, sizeof key, "%u", rows[r0].rank);
		list = sp_jvalue_get(m, key);
		if (list == NULL || list->t != SP_JARR)
			continue;
		if (r1 - r0 > cap) {
			struct sp_source_row *t = realloc(tmp,
			    (r1 - r0) * sizeof *t);

			if (t == NULL) {
				oom(s, e);
				goto out;
			}
			tmp = t;
			cap = r1 - r0;
		}
		if (listed_rows(rows, r0, r1, list, tmp) != r1 - r0) {
			sp_json_source_fail(s, e, SP_EDATA,
			    "sp_row_order of rank "
			    "%s does not list the rank's rows", key);
			goto out;
		}
		memcpy(rows + r0, tmp, (r1 - r0) * sizeof *tmp);
	}
	rc = 0;
out:
	free(tmp);
	return rc;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Ranks with side payloads but maybe no rows. */
static int
extra_ranks(struct sp_json_source *s, struct sp_err *e)
{
	uint32_t *r;
	size_t i, n = 0;

	if (s->nsides == 0)
		return 0;
	if ((r = malloc(s->nsides * sizeof *r)) == NULL)
		return oom(s, e);
	for (i = 0; i < s->nsides; i++)
		r[i] = s->sides[i].rank;
	qsort(r, s->nsides, sizeof *r, cmp_u32);
	for (i = 0; i < s->nsides; i++)
		if (n == 0 || r[n - 1] != r[i])
			r[n++] = r[i];
	s->src.extra_ranks = r;
	s->src.nextra_ranks = n;
	return 0;
}

int
sp_json_run_finish(struct sp_json_source *s,
    struct sp_jvalue *const top[SP_JSON_TOP_COUNT], struct sp_err *e)
{
	const struct sp_jvalue *v1[SP_SIDEJSON_NKINDS];
	const struct sp_jvalue *v;
	size_t k;

	for (k = 0; k < SP_SIDEJSON_NKINDS; k++)
		v1[k] = top[SP_JSON_TOP_SIDE + k];
	if (check_format(s, top, e) < 0 ||
	    region_table(s, top[SP_JSON_TOP_NAMES], e) < 0 ||
	    run_fields(s, top, e) < 0 ||
	    run_metadata(s, top[SP_JSON_TOP_METADATA], e) < 0 ||
	    sp_json_lanes(s, top[SP_JSON_TOP_THREADS], top[SP_JSON_TOP_TASKS],
	    e) < 0 ||
	    sp_json_sides(s, top[SP_JSON_TOP_PAYLOADS], v1, e) < 0 ||
	    sort_rows(s, e) < 0)
		return -1;
	if ((v = top[SP_JSON_TOP_ROW_ORDER]) != NULL && v->t == SP_JOBJ &&
	    row_order(s, v, e) < 0)
		return -1;
	return extra_ranks(s, e);
}
