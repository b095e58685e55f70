/*
 * The reading half of the sp stream.  Items are decoded one at a time,
 * as the byte layer cuts them (sp_raw.h: a buffer that holds at most one
 * item plus read-ahead, so memory depends on the largest item, bounded by
 * SP_ITEM_MAX, never on the stream), or as its thread does, one item
 * ahead, for a big regular file (sp_ahead.h).
 */
#include "sp_stream.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_ahead.h"
#include "sp_arena.h"
#include "sp_cbor.h"
#include "sp_raw.h"
#include "sp_simd.h"

#define TAG_U32LE 70
#define TAG_I64LE 79
#define TAG_SELF_DESCRIBE 55799
#define READ_CHUNK ((size_t)1 << 20)
/*
 * A regular file with this much left is cut by a thread one item ahead:
 * below it, the thread would cost about what it saves.
 */
#define AHEAD_MIN ((off_t)4 << 20)

enum state {
	ST_START,	/* nothing read yet */
	ST_SECTION,	/* after a header or a run-end */
	ST_RUN,		/* inside a run */
	ST_BETWEEN,	/* after a stream-end */
};

struct column_buf {
	void *p;
	size_t cap;	/* bytes */
};

/* The reader's copy of each batch column. */
enum column {
	COL_START, COL_END, COL_REGION, COL_CALL,
	COL_X,			/* the optional columns, by sp_batch_xcol */
	COL_DEPTH = COL_X + SP_X_COUNT, COL_PARENT, COL_SELF,
	COL_COUNT,
};

struct sp_reader {
	char *name;
	const char *fix;	/* sp_reader_set_fix() */
	struct sp_raw raw;	/* the bytes, read in turn; or */
	struct sp_ahead *ahead;	/* a thread that cuts them ahead */
	struct sp_cbor *doc;	/* the current item's parse */
	enum state state;

	struct sp_arena *section_arena, *run_arena, *rank_arena;
	struct sp_header header;
	uint32_t runs_in_section;

	struct sp_run_info run;
	int have_regions;
	struct sp_region_table regions;
	int32_t *row_of;	/* region id -> row index in rank, or -1 */
	size_t row_of_cap;

	int have_rank;
	struct sp_rank_info rank;

	int have_lane;		/* a batch of this rank was seen */
	int64_t lane;
	uint64_t lane_next;	/* expected `first` of the next batch */
	int lane_ended;
	uint64_t run_calls, run_batches;

	struct column_buf cols[COL_COUNT];
};

void
sp_reader_set_fix(struct sp_reader *r, const char *fix)
{
	r->fix = fix;
}

const char *
sp_reader_name(const struct sp_reader *r)
{
	return r->name;
}

const struct sp_header *
sp_reader_header(const struct sp_reader *r)
{
	return r->state == ST_START ? NULL : &r->header;
}

const struct sp_run_info *
sp_reader_run(const struct sp_reader *r)
{
	return r->state == ST_RUN ? &r->run : NULL;
}

const struct sp_region_table *
sp_reader_regions(const struct sp_reader *r)
{
	return r->state == ST_RUN && r->have_regions ? &r->regions : NULL;
}

const struct sp_rank_info *
sp_reader_rank(const struct sp_reader *r)
{
	return r->state == ST_RUN && r->have_rank ? &r->rank : NULL;
}

const struct sp_row_info *
sp_reader_row(const struct sp_reader *r, uint32_t region)
{
	if (!r->have_rank || region >= r->regions.n || r->row_of[region] < 0)
		return NULL;
	return &r->rank.rows[r->row_of[region]];
}

/*
 * A regular file with much left to read is cut by a thread one item ahead
 * (sp_ahead.h).  -1 only when out of memory: without a thread, the file
 * is read in turn.
 */
static int
start_ahead(struct sp_reader *r, int fd)
{
	struct stat sb;
	struct sp_err why;
	off_t at;

	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    (at = lseek(fd, 0, SEEK_CUR)) < 0 || sb.st_size - at < AHEAD_MIN)
		return 0;
	r->ahead = sp_ahead_new(fd, r->name, &why);
	return r->ahead == NULL && why.status == SP_ENOMEM ? -1 : 0;
}

struct sp_reader *
sp_reader_new(int fd, const char *name, struct sp_err *e)
{
	struct sp_reader *r = calloc(1, sizeof *r);

	if (r == NULL)
		goto oom;
	sp_sink_pipe_widen(fd);
	r->name = strdup(strcmp(name, "-") == 0 ? "<stdin>" : name);
	r->section_arena = sp_arena_new();
	r->run_arena = sp_arena_new();
	r->rank_arena = sp_arena_new();
	if (r->name == NULL || r->section_arena == NULL ||
	    r->run_arena == NULL || r->rank_arena == NULL ||
	    start_ahead(r, fd) < 0 || (r->ahead == NULL &&
	    sp_raw_init(&r->raw, fd, r->name, READ_CHUNK * 2) < 0))
		goto oom;
	return r;
oom:
	sp_reader_free(r);
	sp_fail(e, SP_ENOMEM, "%s: out of memory", name);
	return NULL;
}

void
sp_reader_free(struct sp_reader *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < sizeof r->cols / sizeof r->cols[0]; i++)
		free(r->cols[i].p);
	free(r->row_of);
	sp_arena_free(r->section_arena);
	sp_arena_free(r->run_arena);
	sp_arena_free(r->rank_arena);
	sp_ahead_free(r->ahead);
	sp_raw_fini(&r->raw);
	free(r->name);
	free(r);
}

/* --- typed access to the decoded item --- */

struct ctx {
	struct sp_reader *r;
	struct sp_cbor *d;
	const char *kind;
	struct sp_err *e;
};

static int
bad(struct ctx *c, const char *what, const char *key)
{
	return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: %s item: %s%s%s",
	    c->r->name, c->kind, what, key != NULL ? " " : "",
	    key != NULL ? key : "");
}

static long
need_key(struct ctx *c, size_t map, const char *key)
{
	long i = sp_cbor_map_get(c->d, map, key);

	if (i < 0)
		bad(c, "missing key", key);
	return i;
}

static int
get_u64(struct ctx *c, size_t map, const char *key, uint64_t *out)
{
	long i = need_key(c, map, key);

	if (i < 0)
		return -1;
	if (sp_cbor_uint(c->d, (size_t)i, out) < 0)
		return bad(c, "not an unsigned integer:", key);
	return 0;
}

static int
get_u32(struct ctx *c, size_t map, const char *key, uint32_t *out)
{
	uint64_t v;

	if (get_u64(c, map, key, &v) < 0)
		return -1;
	if (v > UINT32_MAX)
		return bad(c, "out of range:", key);
	*out = (uint32_t)v;
	return 0;
}

static int
get_i64(struct ctx *c, size_t map, const char *key, int64_t *out)
{
	long i = need_key(c, map, key);

	if (i < 0)
		return -1;
	if (sp_cbor_int(c->d, (size_t)i, out) < 0)
		return bad(c, "not an integer:", key);
	return 0;
}

/* Optional integer: 0 absent, 1 present, -1 wrong type. */
static int
opt_i64(struct ctx *c, size_t map, const char *key, int64_t *out)
{
	long i = sp_cbor_map_get(c->d, map, key);

	if (i < 0 || c->d == NULL)
		return 0;
	if (sp_cbor_int(c->d, (size_t)i, out) < 0)
		return bad(c, "not an integer:", key);
	return 1;
}

static int
get_bool(struct ctx *c, size_t map, const char *key, int *out)
{
	long i = need_key(c, map, key);
	const struct sp_cbor_node *v;

	if (i < 0)
		return -1;
	v = sp_cbor_node(c->d, (size_t)i);
	if (v->type != SP_CBOR_NODE_BOOL)
		return bad(c, "not a boolean:", key);
	*out = (int)v->u;
	return 0;
}

static int
text_at(struct ctx *c, struct sp_arena *a, size_t i, const char *key,
    const char **out, size_t *lenp)
{
	const char *p = NULL;
	size_t len = 0;

	if (sp_cbor_text(c->d, i, &p, &len) < 0)
		return bad(c, "not text:", key);
	if ((*out = sp_arena_strndup(a, p, len)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
		    c->r->name);
	if (lenp != NULL)
		*lenp = len;
	return 0;
}

static int
get_text(struct ctx *c, struct sp_arena *a, size_t map, const char *key,
    const char **out)
{
	long i = need_key(c, map, key);

	return i < 0 ? -1 : text_at(c, a, (size_t)i, key, out, NULL);
}

static int
opt_text(struct ctx *c, struct sp_arena *a, size_t map, const char *key,
    const char **out, size_t *len)
{
	long i = sp_cbor_map_get(c->d, map, key);

	*out = NULL;
	if (i < 0)
		return 0;
	return text_at(c, a, (size_t)i, key, out, len);
}

/* A copy of the encoded value at node i, for opaque payloads. */
static int
copy_span(struct ctx *c, struct sp_arena *a, const uint8_t *item, size_t i,
    const uint8_t **out, size_t *len)
{
	size_t off;
	uint8_t *p;

	sp_cbor_span(c->d, i, &off, len);
	if ((p = sp_arena_alloc(a, *len ? *len : 1)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
		    c->r->name);
	memcpy(p, item + off, *len);
	*out = p;
	return 0;
}

/* Count the entries of the array at key and return its first child. */
static int
get_array(struct ctx *c, size_t map, const char *key, size_t *first,
    size_t *n)
{
	long i = need_key(c, map, key);
	const struct sp_cbor_node *v;

	*first = 0;
	*n = 0;
	if (i < 0)
		return -1;
	v = sp_cbor_node(c->d, (size_t)i);
	if (v->type != SP_CBOR_NODE_ARRAY)
		return bad(c, "not an array:", key);
	*first = (size_t)i + 1;
	*n = (size_t)v->u;
	return 0;
}

/* --- items --- */

static int
read_header(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	const char *fmt, *stage;
	size_t first, n;
	int64_t major, minor;

	sp_arena_reset(r->section_arena);
	if (get_text(c, r->section_arena, body, "format", &fmt) < 0)
		return -1;
	if (strcmp(fmt, "sp-stream") != 0)
		return sp_fail(c->e, SP_EDATA, "%s: not an sp stream "
		    "(format \"%s\")", r->name, fmt);
	if (get_array(c, body, "version", &first, &n) < 0)
		return -1;
	if (n < 2 || sp_cbor_int(c->d, first, &major) < 0 ||
	    sp_cbor_int(c->d, sp_cbor_next(c->d, first), &minor) < 0)
		return bad(c, "malformed", "version");
	if (major != SP_STREAM_MAJOR)
		return sp_fail(c->e, SP_EDATA, "%s: sp stream version "
		    "%lld.%lld is %s than this sp reads (%d.x)%s", r->name,
		    (long long)major, (long long)minor,
		    major > SP_STREAM_MAJOR ? "newer" : "older",
		    SP_STREAM_MAJOR, major > SP_STREAM_MAJOR ?
		    "; upgrade sp" : "");
	if (get_text(c, r->section_arena, body, "stage", &stage) < 0)
		return -1;
	if (strcmp(stage, "intervals") == 0)
		r->header.stage = SP_STAGE_INTERVALS;
	else if (strcmp(stage, "calls") == 0)
		r->header.stage = SP_STAGE_CALLS;
	else
		return bad(c, "unknown stage", stage);
	r->header.major = (int)major;
	r->header.minor = (int)minor;
	if (opt_text(c, r->section_arena, body, "producer",
	    &r->header.producer, NULL) < 0)
		return -1;
	if (r->header.producer == NULL)
		r->header.producer = "";
	r->runs_in_section = 0;
	r->state = ST_SECTION;
	item->u.header = r->header;
	return 0;
}

/* A bound of the window: null (none) or an integer. */
static int
window_bound(struct ctx *c, size_t map, const char *key, int *has,
    int64_t *v)
{
	long i = need_key(c, map, key);

	if (i < 0)
		return -1;
	*has = sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_NULL;
	if (*has && sp_cbor_int(c->d, (size_t)i, v) < 0)
		return bad(c, "not an integer or null:", key);
	return 0;
}

/* 1.1: the optional "window" of a run. */
static int
read_window(struct ctx *c, size_t body, struct sp_run_info *run)
{
	long i = sp_cbor_map_get(c->d, body, "window");

	if (i < 0)
		return 0;
	if (sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_MAP)
		return bad(c, "not a map:", "window");
	run->has_window = 1;
	if (window_bound(c, (size_t)i, "start", &run->window_has_start,
	    &run->window_start) < 0 ||
	    window_bound(c, (size_t)i, "end", &run->window_has_end,
	    &run->window_end) < 0 ||
	    get_bool(c, (size_t)i, "clipped", &run->window_clipped) < 0 ||
	    get_text(c, c->r->run_arena, (size_t)i, "spec",
	    &run->window_spec) < 0)
		return -1;
	return 0;
}

static int
read_run(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_run_info *run = &r->run;
	struct sp_arena *a = r->run_arena;
	int64_t v;
	long i;
	int rc;

	sp_arena_reset(a);
	sp_arena_reset(r->rank_arena);
	memset(run, 0, sizeof *run);
	r->have_regions = 0;
	r->have_rank = 0;
	r->have_lane = 0;
	r->run_calls = r->run_batches = 0;
	if (get_u32(c, body, "run", &run->run) < 0)
		return -1;
	if (run->run != r->runs_in_section)
		return bad(c, "runs out of sequence:", "run");
	if (get_text(c, a, body, "label", &run->label) < 0 ||
	    opt_text(c, a, body, "name", &run->name, NULL) < 0 ||
	    get_text(c, a, body, "source", &run->source) < 0 ||
	    get_text(c, a, body, "source_format", &run->source_format) < 0 ||
	    get_text(c, a, body, "layout", &run->layout) < 0 ||
	    get_i64(c, body, "schema", &run->schema) < 0 ||
	    get_u32(c, body, "num_ranks", &run->num_ranks) < 0 ||
	    get_bool(c, body, "event_data", &run->event_data) < 0)
		return -1;
	/* null (no call in the run) or an integer */
	i = need_key(c, body, "first_ns");
	if (i < 0)
		return -1;
	if (sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_NULL) {
		if ((rc = opt_i64(c, body, "first_ns", &v)) < 0 ||
		    opt_i64(c, body, "last_ns", &run->last_ns) != 1)
			return bad(c, "not an integer or null:", "first_ns/last_ns");
		run->has_span = 1;
		run->first_ns = v;
		if (!sp_span_fits(v, run->last_ns))
			return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: run "
			    "item: first_ns %lld and last_ns %lld are not a "
			    "span of at most 2^63 - 1 ns", r->name,
			    (long long)v, (long long)run->last_ns);
	}
	i = need_key(c, body, "metadata");
	if (i < 0)
		return -1;
	if (sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_MAP)
		return bad(c, "not a map:", "metadata");
	if (copy_span(c, a, item->raw, (size_t)i, &run->metadata,
	    &run->metadata_len) < 0 || read_window(c, body, run) < 0)
		return -1;
	r->state = ST_RUN;
	item->u.run = *run;
	return 0;
}

static int
read_regions(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_region_table *t = &r->regions;
	size_t first, n, ofirst, on, i, k;
	const char **names;
	size_t *lens;
	uint32_t *order;
	uint64_t v;

	if (r->have_regions)
		return bad(c, "second region table in run", NULL);
	if (get_u32(c, body, "run", &t->run) < 0)
		return -1;
	if (t->run != r->run.run)
		return bad(c, "run does not match", "run");
	if (get_array(c, body, "names", &first, &n) < 0 ||
	    get_array(c, body, "order", &ofirst, &on) < 0)
		return -1;
	if (n != on)
		return bad(c, "names and order differ in length", NULL);
	names = sp_arena_alloc(r->run_arena, (n + 1) * sizeof *names);
	lens = sp_arena_alloc(r->run_arena, (n + 1) * sizeof *lens);
	order = sp_arena_alloc(r->run_arena, (n + 1) * sizeof *order);
	if (n + 1 > r->row_of_cap) {
		int32_t *ro = realloc(r->row_of, (n + 1) * sizeof *ro);

		if (ro != NULL) {
			r->row_of = ro;
			r->row_of_cap = n + 1;
		} else {
			names = NULL;
		}
	}
	if (names == NULL || lens == NULL || order == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory", r->name);
	for (i = first, k = 0; k < n; k++, i = sp_cbor_next(c->d, i))
		if (text_at(c, r->run_arena, i, "names", &names[k],
		    &lens[k]) < 0)
			return -1;
	for (i = ofirst, k = 0; k < n; k++, i = sp_cbor_next(c->d, i)) {
		if (sp_cbor_uint(c->d, i, &v) < 0 || v >= n)
			return bad(c, "bad entry in", "order");
		order[k] = (uint32_t)v;
	}
	t->n = n;
	t->names = names;
	t->lens = lens;
	t->order = order;
	r->have_regions = 1;
	item->u.regions = *t;
	return 0;
}

static int
read_tags(struct ctx *c, struct sp_row_info *row, size_t map)
{
	long i = sp_cbor_map_get(c->d, map, "tags");
	size_t k, j;

	if (i < 0)
		return 0;
	if (sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_ARRAY)
		return bad(c, "not an array:", "tags");
	row->ntags = (size_t)sp_cbor_node(c->d, (size_t)i)->u;
	row->tags = sp_arena_alloc(c->r->rank_arena,
	    (row->ntags + 1) * sizeof *row->tags);
	if (row->tags == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
		    c->r->name);
	for (j = (size_t)i + 1, k = 0; k < row->ntags;
	    k++, j = sp_cbor_next(c->d, j))
		if (text_at(c, c->r->rank_arena, j, "tags", &row->tags[k],
		    NULL) < 0)
			return -1;
	return 0;
}

static int
read_columns_list(struct ctx *c, struct sp_row_info *row, size_t map)
{
	long i = sp_cbor_map_get(c->d, map, "columns");
	size_t k, j, n, x;

	if (i < 0)
		return 0;
	if (sp_cbor_node(c->d, (size_t)i)->type != SP_CBOR_NODE_ARRAY)
		return bad(c, "not an array:", "columns");
	n = (size_t)sp_cbor_node(c->d, (size_t)i)->u;
	for (j = (size_t)i + 1, k = 0; k < n; k++, j = sp_cbor_next(c->d, j)) {
		const char *p;
		size_t len;

		if (sp_cbor_text(c->d, j, &p, &len) < 0)
			return bad(c, "not text:", "columns");
		for (x = 0; x < SP_X_COUNT; x++)
			if (strlen(sp_xcol_names[x]) == len &&
			    memcmp(sp_xcol_names[x], p, len) == 0)
				row->xmask |= 1u << x;
		/* an unknown column name is a newer minor version: skip */
	}
	return 0;
}

static int
read_aggregate(struct ctx *c, struct sp_row_info *row, size_t map)
{
	long i = sp_cbor_map_get(c->d, map, "aggregate");

	if (i < 0)
		return 0;
	row->has_aggregate = 1;
	return get_i64(c, (size_t)i, "count", &row->agg_count) < 0 ||
	    get_i64(c, (size_t)i, "total", &row->agg_total) < 0 ||
	    get_i64(c, (size_t)i, "minimum", &row->agg_minimum) < 0 ||
	    get_i64(c, (size_t)i, "maximum", &row->agg_maximum) < 0 ||
	    get_i64(c, (size_t)i, "exclusive", &row->agg_exclusive) < 0 ?
	    -1 : 0;
}

static int
get_f64(struct ctx *c, size_t map, const char *key, double *out)
{
	long i = need_key(c, map, key);

	if (i < 0)
		return -1;
	if (sp_cbor_number(c->d, (size_t)i, out) < 0)
		return bad(c, "not a number:", key);
	return 0;
}

static int
read_summary(struct ctx *c, struct sp_row_info *row, size_t map)
{
	long i = sp_cbor_map_get(c->d, map, "summary");
	struct sp_summary *s = &row->summary;
	size_t m;

	if (i < 0)
		return 0;
	m = (size_t)i;
	row->has_summary = 1;
	return get_i64(c, m, "total", &s->total) < 0 ||
	    get_i64(c, m, "minimum", &s->minimum) < 0 ||
	    get_i64(c, m, "maximum", &s->maximum) < 0 ||
	    get_i64(c, m, "first", &s->first) < 0 ||
	    get_i64(c, m, "last", &s->last) < 0 ||
	    get_i64(c, m, "start_minimum", &s->start_minimum) < 0 ||
	    get_i64(c, m, "end_maximum", &s->end_maximum) < 0 ||
	    get_u64(c, m, "gpu_count", &s->gpu_count) < 0 ||
	    get_i64(c, m, "gpu_total", &s->gpu_total) < 0 ||
	    get_f64(c, m, "mean", &s->mean) < 0 ||
	    get_f64(c, m, "m2", &s->m2) < 0 ? -1 : 0;
}

static int
read_row(struct ctx *c, struct sp_row_info *row, size_t map)
{
	struct sp_arena *a = c->r->rank_arena;
	int rc;

	memset(row, 0, sizeof *row);
	if (sp_cbor_node(c->d, map)->type != SP_CBOR_NODE_MAP)
		return bad(c, "row is not a map", NULL);
	if (get_u32(c, map, "region", &row->region) < 0 ||
	    get_u64(c, map, "calls", &row->calls) < 0 ||
	    opt_text(c, a, map, "source_file", &row->source_file, NULL) < 0 ||
	    opt_text(c, a, map, "source_text", &row->source_text, NULL) < 0 ||
	    opt_text(c, a, map, "event_metadata", &row->event_metadata,
	    &row->event_metadata_len) < 0)
		return -1;
	if ((rc = opt_i64(c, map, "source_lineno", &row->source_lineno)) < 0)
		return -1;
	row->has_lineno = rc;
	if ((rc = opt_i64(c, map, "exclusive_ns", &row->exclusive_ns)) < 0)
		return -1;
	row->has_exclusive = rc;
	return read_tags(c, row, map) < 0 || read_columns_list(c, row,
	    map) < 0 || read_aggregate(c, row, map) < 0 ||
	    read_summary(c, row, map) < 0 ? -1 : 0;
}

static int
read_thread(struct ctx *c, struct sp_thread_info *t, size_t m)
{
	return get_i64(c, m, "index", &t->index) < 0 ||
	    get_text(c, c->r->rank_arena, m, "name", &t->name) < 0 ||
	    get_i64(c, m, "ident", &t->ident) < 0 ||
	    get_i64(c, m, "native_id", &t->native_id) < 0 ||
	    get_bool(c, m, "daemon", &t->daemon) < 0 ||
	    get_i64(c, m, "start_ns", &t->start_ns) < 0 ||
	    get_i64(c, m, "end_ns", &t->end_ns) < 0 ||
	    get_i64(c, m, "cpu_ns", &t->cpu_ns) < 0 ? -1 : 0;
}

static int
read_task(struct ctx *c, struct sp_task_info *t, size_t m)
{
	struct sp_arena *a = c->r->rank_arena;

	return get_i64(c, m, "index", &t->index) < 0 ||
	    get_text(c, a, m, "kind", &t->kind) < 0 ||
	    get_text(c, a, m, "name", &t->name) < 0 ||
	    get_text(c, a, m, "coro_name", &t->coro_name) < 0 ||
	    get_i64(c, m, "thread_index", &t->thread_index) < 0 ||
	    get_i64(c, m, "created_ns", &t->created_ns) < 0 ||
	    get_i64(c, m, "done_ns", &t->done_ns) < 0 ||
	    get_i64(c, m, "steps", &t->steps) < 0 ||
	    get_i64(c, m, "running_ns", &t->running_ns) < 0 ||
	    get_i64(c, m, "suspended_ns", &t->suspended_ns) < 0 ? -1 : 0;
}

static int
read_rank(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_rank_info *rk = &r->rank;
	uint32_t run = 0, rank = 0;
	size_t first, n, i, k;
	long t;

	if (!r->have_regions)
		return bad(c, "rank before the region table", NULL);
	if (get_u32(c, body, "run", &run) < 0 ||
	    get_u32(c, body, "rank", &rank) < 0)
		return -1;
	if (run != r->run.run)
		return bad(c, "run does not match", "run");
	if (r->have_rank && rank <= rk->rank)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: rank %u "
		    "after rank %u (ranks must ascend)", r->name, rank,
		    rk->rank);
	if (r->have_lane && r->header.stage == SP_STAGE_CALLS &&
	    !r->lane_ended)
		return bad(c, "previous lane not ended", NULL);
	sp_arena_reset(r->rank_arena);
	memset(rk, 0, sizeof *rk);
	rk->run = run;
	rk->rank = rank;
	r->have_lane = 0;
	for (i = 0; i < r->regions.n; i++)
		r->row_of[i] = -1;
	if (get_array(c, body, "rows", &first, &n) < 0)
		return -1;
	if ((rk->rows = sp_arena_alloc(r->rank_arena,
	    (n + 1) * sizeof *rk->rows)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory", r->name);
	for (i = first, k = 0; k < n; k++, i = sp_cbor_next(c->d, i)) {
		if (read_row(c, &rk->rows[k], i) < 0)
			return -1;
		if (rk->rows[k].region >= r->regions.n)
			return bad(c, "row region id out of range", NULL);
		if (r->row_of[rk->rows[k].region] >= 0)
			return bad(c, "two rows for one region", NULL);
		r->row_of[rk->rows[k].region] = (int32_t)k;
	}
	rk->nrows = n;
	if ((t = sp_cbor_map_get(c->d, body, "threads")) >= 0) {
		if (get_array(c, body, "threads", &first, &n) < 0)
			return -1;
		rk->threads = sp_arena_alloc(r->rank_arena,
		    (n + 1) * sizeof *rk->threads);
		if (rk->threads == NULL)
			return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
			    r->name);
		for (i = first, k = 0; k < n; k++, i = sp_cbor_next(c->d, i))
			if (read_thread(c, &rk->threads[k], i) < 0)
				return -1;
		rk->has_threads = 1;
		rk->nthreads = n;
	}
	if ((t = sp_cbor_map_get(c->d, body, "tasks")) >= 0) {
		if (get_array(c, body, "tasks", &first, &n) < 0)
			return -1;
		rk->tasks = sp_arena_alloc(r->rank_arena,
		    (n + 1) * sizeof *rk->tasks);
		if (rk->tasks == NULL)
			return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
			    r->name);
		for (i = first, k = 0; k < n; k++, i = sp_cbor_next(c->d, i))
			if (read_task(c, &rk->tasks[k], i) < 0)
				return -1;
		rk->has_tasks = 1;
		rk->ntasks = n;
	}
	r->have_rank = 1;
	item->u.rank = *rk;
	return 0;
}

static int
read_side(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_side *s = &item->u.side;
	long i;
	int rc;
	int64_t rank = 0;
	const char *p;
	size_t len;

	memset(s, 0, sizeof *s);
	if (get_u32(c, body, "run", &s->run) < 0)
		return -1;
	if (s->run != r->run.run)
		return bad(c, "run does not match", "run");
	if ((rc = opt_i64(c, body, "rank", &rank)) < 0)
		return -1;
	if (rc && (rank < 0 || rank > UINT32_MAX))
		return bad(c, "out of range:", "rank");
	s->has_rank = rc;
	s->rank = (uint32_t)rank;
	i = need_key(c, body, "kind");
	if (i < 0 || sp_cbor_text(c->d, (size_t)i, &p, &len) < 0)
		return bad(c, "missing or not text:", "kind");
	/* Points into the item: valid until the next read, as documented. */
	s->kind = NULL;
	if ((s->kind = sp_arena_strndup(r->rank_arena, p, len)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory", r->name);
	i = need_key(c, body, "data");
	if (i < 0)
		return -1;
	{
		size_t off;

		sp_cbor_span(c->d, (size_t)i, &off, &s->len);
		s->data = item->raw + off;
	}
	return 0;
}

/* A typed-array column: its bytes in place, or copied to be aligned. */
static int
get_column(struct ctx *c, size_t body, const char *key, uint64_t tag,
    size_t elem, size_t n, int required, struct column_buf *cb, void **out)
{
	long i = sp_cbor_map_get(c->d, body, key);
	const struct sp_cbor_node *t, *v;

	*out = NULL;
	if (i < 0)
		return required ? bad(c, "missing column", key) : 0;
	t = sp_cbor_node(c->d, (size_t)i);
	v = sp_cbor_node(c->d, (size_t)i + 1);
	if (t->type != SP_CBOR_NODE_TAG || t->u != tag ||
	    t->end != (size_t)i + 2 ||
	    v->type != SP_CBOR_NODE_BYTES)
		return bad(c, "column is not a typed array of the right type:",
		    key);
	if (v->len != n * elem)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: batch "
		    "column %s holds %zu values, the batch declares %zu",
		    c->r->name, key, v->len / elem, n);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/*
	 * Aligned, as sp's writers place a column (sp-stream(5)), the bytes
	 * are the values: used where they are, valid as long as the item.
	 */
	if (v->len > 0 && (uintptr_t)v->p % elem == 0) {
		*out = (void *)(uintptr_t)v->p;
		return 0;
	}
#endif
	if (v->len > cb->cap) {
		void *p = realloc(cb->p, v->len);

		if (p == NULL)
			return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
			    c->r->name);
		cb->p = p;
		cb->cap = v->len;
	}
	if (v->len > 0)
		memcpy(cb->p, v->p, v->len);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	{
		unsigned char *p = cb->p, tmp;
		size_t k, j;

		for (k = 0; k < n; k++)
			for (j = 0; j < elem / 2; j++) {
				tmp = p[k * elem + j];
				p[k * elem + j] = p[k * elem + elem - 1 - j];
				p[k * elem + elem - 1 - j] = tmp;
			}
	}
#endif
	*out = cb->p;
	return 0;
}

/* The keys of a batch that say whose calls it holds, and how many. */
static int
batch_keys(struct ctx *c, size_t body, struct sp_batch *b)
{
	struct sp_reader *r = c->r;
	uint64_t n;

	if (!r->have_rank)
		return bad(c, "batch before its rank item", NULL);
	if (get_u32(c, body, "run", &b->run) < 0 ||
	    get_u32(c, body, "rank", &b->rank) < 0 ||
	    get_i64(c, body, "lane", &b->lane) < 0 ||
	    get_u64(c, body, "first", &b->first) < 0 ||
	    get_u64(c, body, "n", &n) < 0)
		return -1;
	if (b->run != r->run.run || b->rank != r->rank.rank)
		return bad(c, "run or rank does not match the current one",
		    NULL);
	if (n > SP_BATCH_MAX)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: batch of "
		    "%llu calls (at most %zu allowed)", r->name,
		    (unsigned long long)n, SP_BATCH_MAX);
	b->n = (size_t)n;
	return 0;
}

/* A batch follows on in its lane, or opens the next lane at call 0. */
static int
batch_lane(struct ctx *c, const struct sp_batch *b)
{
	struct sp_reader *r = c->r;
	int calls = r->header.stage == SP_STAGE_CALLS;

	if (r->have_lane && b->lane == r->lane) {
		if (calls && r->lane_ended)
			return bad(c, "batch after the end of its lane", NULL);
		if (b->first != r->lane_next)
			return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: "
			    "rank %u lane %lld: batch starts at call %llu, "
			    "expected %llu (a batch is missing or repeated)",
			    r->name, b->rank, (long long)b->lane,
			    (unsigned long long)b->first,
			    (unsigned long long)r->lane_next);
		return 0;
	}
	if (r->have_lane && b->lane < r->lane)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: rank %u: "
		    "lane %lld after lane %lld (lanes must ascend)", r->name,
		    b->rank, (long long)b->lane, (long long)r->lane);
	if (calls && r->have_lane && !r->lane_ended)
		return bad(c, "previous lane not ended", NULL);
	if (b->first != 0)
		return bad(c, "first batch of a lane must start at 0", NULL);
	r->have_lane = 1;
	r->lane = b->lane;
	r->lane_ended = 0;
	return 0;
}

/*
 * Every region id of b within the table.  The largest first, in a loop
 * without branches (the compiler's vector max, with AVX2 where the
 * processor has it): a test a batch, not a call; the first id beyond
 * names the error.
 */
static SP_CLONES_AVX2 int
check_regions(const struct sp_reader *r, struct ctx *c,
    const struct sp_batch *b)
{
	const uint32_t *v = b->region;
	uint32_t max = 0;
	size_t i;

	for (i = 0; i < b->n; i++)
		max = v[i] > max ? v[i] : max;
	if (b->n == 0 || max < r->regions.n)
		return 0;
	for (i = 0; v[i] < r->regions.n; i++)
		;
	return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: region id %u "
	    "out of range (%zu regions)", r->name, v[i], r->regions.n);
}

/* The columns of the interval stage, with every region id in range. */
static int
batch_columns(struct ctx *c, size_t body, struct sp_batch *b)
{
	struct sp_reader *r = c->r;
	size_t i;
	void *p;

	if (get_column(c, body, "start", TAG_I64LE, 8, b->n, 1,
	    &r->cols[COL_START], &p) < 0)
		return -1;
	b->start = p;
	if (get_column(c, body, "end", TAG_I64LE, 8, b->n, 1,
	    &r->cols[COL_END], &p) < 0)
		return -1;
	b->end = p;
	if (get_column(c, body, "region", TAG_U32LE, 4, b->n, 1,
	    &r->cols[COL_REGION], &p) < 0)
		return -1;
	b->region = p;
	if (get_column(c, body, "call", TAG_I64LE, 8, b->n, 1,
	    &r->cols[COL_CALL], &p) < 0)
		return -1;
	b->call = p;
	for (i = 0; i < SP_X_COUNT; i++) {
		if (get_column(c, body, sp_xcol_names[i], TAG_I64LE, 8, b->n, 0,
		    &r->cols[COL_X + i], &p) < 0)
			return -1;
		b->x[i] = p;
	}
	return check_regions(r, c, b);
}

/*
 * The columns the call stage adds: depth and parent of each call, the
 * self times of the calls the batch closes (as many as they are), and
 * whether it ends its lane.
 */
static int
batch_stack_columns(struct ctx *c, size_t body, struct sp_batch *b)
{
	struct sp_reader *r = c->r;
	long s = need_key(c, body, "self");
	const struct sp_cbor_node *v;
	void *p;

	if (s < 0)
		return -1;
	v = sp_cbor_node(c->d, (size_t)s + 1);
	if (v->type != SP_CBOR_NODE_BYTES || v->len % 8 != 0)
		return bad(c, "malformed column", "self");
	b->nclosed = v->len / 8;
	if (get_column(c, body, "depth", TAG_U32LE, 4, b->n, 1,
	    &r->cols[COL_DEPTH], &p) < 0)
		return -1;
	b->depth = p;
	if (get_column(c, body, "parent", TAG_I64LE, 8, b->n, 1,
	    &r->cols[COL_PARENT], &p) < 0)
		return -1;
	b->parent = p;
	if (get_column(c, body, "self", TAG_I64LE, 8, b->nclosed, 1,
	    &r->cols[COL_SELF], &p) < 0)
		return -1;
	b->self = p;
	if (get_bool(c, body, "lane_end", &b->lane_end) < 0)
		return -1;
	r->lane_ended = b->lane_end;
	return 0;
}

static int
read_batch(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_batch *b = &item->u.batch;

	if (batch_keys(c, body, b) < 0 || batch_lane(c, b) < 0 ||
	    batch_columns(c, body, b) < 0)
		return -1;
	if (r->header.stage == SP_STAGE_CALLS &&
	    batch_stack_columns(c, body, b) < 0)
		return -1;
	r->lane_next = b->first + b->n;
	r->run_calls += b->n;
	r->run_batches++;
	return 0;
}

static int
read_run_end(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;
	struct sp_run_end *re = &item->u.run_end;

	if (get_u32(c, body, "run", &re->run) < 0 ||
	    get_u64(c, body, "calls", &re->calls) < 0 ||
	    get_u64(c, body, "batches", &re->batches) < 0)
		return -1;
	if (re->run != r->run.run)
		return bad(c, "run does not match", "run");
	if (re->calls != r->run_calls || re->batches != r->run_batches)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: run '%s' "
		    "declares %llu calls in %llu batches, the stream held "
		    "%llu in %llu", r->name, r->run.label,
		    (unsigned long long)re->calls,
		    (unsigned long long)re->batches,
		    (unsigned long long)r->run_calls,
		    (unsigned long long)r->run_batches);
	if (r->header.stage == SP_STAGE_CALLS && r->have_lane &&
	    !r->lane_ended)
		return bad(c, "run ends inside a lane", NULL);
	r->state = ST_SECTION;
	r->runs_in_section++;
	return 0;
}

static int
read_stream_end(struct ctx *c, size_t body, struct sp_item *item)
{
	struct sp_reader *r = c->r;

	if (get_u32(c, body, "runs", &item->u.stream_end_runs) < 0)
		return -1;
	if (item->u.stream_end_runs != r->runs_in_section)
		return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: stream-end "
		    "declares %u runs, the stream held %u", r->name,
		    item->u.stream_end_runs, r->runs_in_section);
	r->state = ST_BETWEEN;
	return 0;
}

static int
truncated(struct sp_reader *r, struct sp_err *e)
{
	if (r->state == ST_START)
		return sp_fail(e, SP_EDATA, "%s: empty input, not an sp stream",
		    r->name);
	if (r->state == ST_RUN)
		return sp_fail(e, SP_EDATA, "%s: truncated sp stream: run "
		    "'%s' has no end (the producer failed or was cut off)",
		    r->name, r->run.label);
	return sp_fail(e, SP_EDATA, "%s: truncated sp stream: no "
	    "stream-end (the producer failed or was cut off)", r->name);
}

/*
 * Explain the commonest mistake: feeding a profile file to a filter (at:
 * the input's first bytes, or those after a stream-end).
 */
static int
not_a_stream(struct sp_reader *r, const struct sp_raw_at *at,
    struct sp_err *e)
{
	const uint8_t *p = at->p;
	size_t n = at->avail, i = 0;
	const char *what = NULL;

	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n'))
		i++;
	if (n >= 8 && memcmp(p, "\211HDF\r\n\032\n", 8) == 0)
		what = "an HDF5 file";
	else if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		what = "gzip data";
	else if (i < n && p[i] == '{')
		what = "a JSON document";
	if (what == NULL)
		return sp_fail(e, SP_EDATA, "%s: not an sp stream (no "
		    "sp-stream header)", r->name);
	return sp_fail(e, SP_EDATA, "%s: %s, not an sp stream: read it with "
	    "%s", r->name, what, r->fix != NULL ? r->fix : "sp-read");
}

static int
expect(struct ctx *c, int ok, const char *where)
{
	if (ok)
		return 0;
	return sp_fail(c->e, SP_EDATA, "%s: bad sp stream: %s item %s",
	    c->r->name, c->kind, where);
}

/* A state of the reader as a bit, for the states an item may come in. */
#define IN(state) (1u << (state))

/* The kinds of item of this version, and where in a stream each belongs. */
#define NAME(s) s, sizeof s - 1
static const struct item_kind {
	const char *name;
	size_t len;
	enum sp_item_kind kind;
	unsigned where;		/* IN() the states it may come in */
	const char *elsewhere;	/* what it is anywhere else */
	int (*read)(struct ctx *c, size_t body, struct sp_item *item);
} item_kinds[] = {
	{ NAME("header"), SP_ITEM_HEADER, IN(ST_START) | IN(ST_BETWEEN),
	    "inside a section", read_header },
	{ NAME("run"), SP_ITEM_RUN, IN(ST_SECTION), "inside another run",
	    read_run },
	{ NAME("stream-end"), SP_ITEM_STREAM_END, IN(ST_SECTION),
	    "inside a run", read_stream_end },
	{ NAME("regions"), SP_ITEM_REGIONS, IN(ST_RUN), "outside a run",
	    read_regions },
	{ NAME("rank"), SP_ITEM_RANK, IN(ST_RUN), "outside a run",
	    read_rank },
	{ NAME("side"), SP_ITEM_SIDE, IN(ST_RUN), "outside a run",
	    read_side },
	{ NAME("batch"), SP_ITEM_BATCH, IN(ST_RUN), "outside a run",
	    read_batch },
	{ NAME("run-end"), SP_ITEM_RUN_END, IN(ST_RUN), "outside a run",
	    read_run_end },
};
#undef NAME

/* The kind named kind (len bytes), or NULL for one of a newer version. */
static const struct item_kind *
item_kind(const char *kind, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof item_kinds / sizeof item_kinds[0]; i++)
		if (item_kinds[i].len == len &&
		    memcmp(item_kinds[i].name, kind, len) == 0)
			return &item_kinds[i];
	return NULL;
}

/*
 * The next item of the input, parsed (r->doc): 1 with item->raw set, 0 at
 * the clean end of the input (after a stream-end), -1 on error.  Where a
 * header must come, the first byte must be able to begin one; the thread
 * knows that of the input's first item only, so the check is made here
 * too, on what it cut (or failed to).
 */
static int
next_raw(struct sp_reader *r, struct sp_item *item, struct sp_err *e)
{
	int head = r->state == ST_START || r->state == ST_BETWEEN;
	struct sp_raw_at at;
	enum sp_raw_got got;

	got = r->ahead != NULL ? sp_ahead_next(r->ahead, &at, e) :
	    sp_raw_next(&r->raw, head, &at, e);
	if (head && got != SP_RAW_END && at.avail > 0 && at.p[0] != 0xd9)
		got = SP_RAW_NOT_HEAD;
	switch (got) {
	case SP_RAW_END:
		return r->state == ST_BETWEEN ? 0 : truncated(r, e);
	case SP_RAW_NOT_HEAD:
		return not_a_stream(r, &at, e);
	case SP_RAW_ITEM:
		break;
	default:
		return -1;
	}
	memset(item, 0, sizeof *item);
	item->raw = at.p;
	item->raw_len = at.len;
	r->doc = at.doc;
	return 1;
}

/* The parsed item as [kind, body], and whether it has the 55799 tag. */
struct frame {
	const char *kind;
	size_t kind_len;
	size_t body;		/* node of the body map */
	int tagged;
};

static int
item_frame(struct sp_reader *r, struct frame *f, struct sp_err *e)
{
	const struct sp_cbor_node *top = sp_cbor_node(r->doc, 0), *arr;
	size_t a;

	f->tagged = top->type == SP_CBOR_NODE_TAG &&
	    top->u == TAG_SELF_DESCRIBE;
	a = f->tagged ? 1 : 0;
	arr = sp_cbor_node(r->doc, a);
	if (arr->type != SP_CBOR_NODE_ARRAY || arr->u != 2 ||
	    sp_cbor_text(r->doc, a + 1, &f->kind, &f->kind_len) < 0)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: an item is "
		    "not [kind, body]", r->name);
	f->body = sp_cbor_next(r->doc, a + 1);
	if (sp_cbor_node(r->doc, f->body)->type != SP_CBOR_NODE_MAP)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: an item body "
		    "is not a map", r->name);
	return 0;
}

int
sp_reader_next(struct sp_reader *r, struct sp_item *item, struct sp_err *e)
{
	struct ctx c = { r, NULL, "", e };
	const struct item_kind *k;
	struct frame f;
	int rc;

	if ((rc = next_raw(r, item, e)) <= 0)
		return rc;
	c.d = r->doc;
	if (item_frame(r, &f, e) < 0)
		return -1;
	k = item_kind(f.kind, f.kind_len);
	/* between sections, only a header may come */
	if ((r->state == ST_START || r->state == ST_BETWEEN) &&
	    (k == NULL || k->kind != SP_ITEM_HEADER)) {
		struct sp_raw_at at = { item->raw, item->raw_len,
			item->raw_len, r->doc };

		return not_a_stream(r, &at, e);
	}
	if (k == NULL) {
		/* An item kind of a newer minor version: hand it on as such. */
		item->kind = SP_ITEM_OTHER;
		return 1;
	}
	c.kind = k->name;
	if ((k->kind == SP_ITEM_HEADER &&
	    expect(&c, f.tagged, "without its 55799 tag") < 0) ||
	    expect(&c, (k->where & IN(r->state)) != 0, k->elsewhere) < 0 ||
	    expect(&c, r->state != ST_RUN || r->have_regions ||
	    k->kind == SP_ITEM_REGIONS, "before the run's regions item") < 0 ||
	    k->read(&c, f.body, item) < 0)
		return -1;
	item->kind = k->kind;
	return 1;
}
