/*
 * Unit test of the JSON profile reader (sp_json_read.h): small documents
 * written to a temporary directory and opened with sp_json_open, the
 * source checked as sp_order sees it (region table, rows in rank and
 * region order, calls read back through its operations, lane tables,
 * event metadata, side payloads, run fields and metadata), plain, gzip
 * and from standard input; and the messages for documents it refuses.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_cbor.h"
#include "sp_json_read.h"
#include "check.h"

#define HDR "\"format\": \"scope-profiler-profile\", \"format_version\": 1"

static char tmpdir[] = "/tmp/test-json_read.XXXXXX";

/* The names put in tmpdir, to remove them at the end. */
static const char *names[16];
static size_t nnames;

/* tmpdir/name holding the n bytes at p, plain or gzip; a new string. */
static char *
put_file(const char *name, const void *p, size_t n, int gz)
{
	char *path = malloc(strlen(tmpdir) + strlen(name) + 2);
	FILE *f;
	gzFile z;
	size_t i;

	if (path == NULL)
		abort();
	sprintf(path, "%s/%s", tmpdir, name);
	for (i = 0; i < nnames && strcmp(names[i], name) != 0; i++)
		continue;
	if (i == nnames && nnames < sizeof names / sizeof names[0])
		names[nnames++] = name;
	if (gz) {
		if ((z = gzopen(path, "wb")) == NULL ||
		    gzwrite(z, p, (unsigned)n) != (int)n || gzclose(z) != Z_OK)
			abort();
		return path;
	}
	if ((f = fopen(path, "wb")) == NULL || fwrite(p, 1, n, f) != n ||
	    fclose(f) != 0)
		abort();
	return path;
}

/* The document text opened (NULL: e says why); *path to free. */
static struct sp_source *
open_text(const char *text, char **path, struct sp_err *e)
{
	*path = put_file("doc.json", text, strlen(text), 0);
	return sp_json_open(*path, tmpdir, e);
}

/* Calls [off, off + n) of row r: starts and ends, x columns. */
static int
read_calls(struct sp_source *s, size_t r, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t x[SP_X_COUNT][64])
{
	int64_t *xp[SP_X_COUNT];
	struct sp_err e;
	size_t k;

	for (k = 0; k < SP_X_COUNT; k++)
		xp[k] = x != NULL ? x[k] : NULL;
	if (s->ops->read(s, r, off, n, a, b, xp, &e) < 0) {
		printf("read: %s\n", e.msg);
		return -1;
	}
	return 0;
}

static int
same64(const int64_t *a, const int64_t *b, size_t n)
{
	return memcmp(a, b, n * sizeof *a) == 0;
}

/* --- what a document reads as --- */

/*
 * scope-profiler's own fixture, json-v1.json (doc/formats.md, "JSON
 * profiles").
 */
static void
test_fixture(void)
{
	static const char doc[] = "{\"time_unit\": \"nanoseconds\", "
	    "\"format_version\": 1, \"exporter\": \"scope-profiler@0.5.2\", "
	    "\"num_ranks\": 1, \"event_data_available\": true, "
	    "\"metadata\": {\"mpi_size\": 1}, "
	    "\"format\": \"scope-profiler-profile\", \"regions\": [{"
	    "\"name\": \"solve\", \"rank\": 0, \"source_file\": \"solver.py\", "
	    "\"source_lineno\": 7, \"tags\": [\"golden\"], "
	    "\"start_times_ns\": [10, 20, 40], \"end_times_ns\": [15, 33, 55]"
	    "}]}";
	static const int64_t starts[] = { 10, 20, 40 }, ends[] = { 15, 33, 55 };
	struct sp_cbor *d = sp_cbor_new();
	struct sp_source *s;
	struct sp_err e;
	int64_t a[3], b[3], x[SP_X_COUNT][64], v;
	size_t used, need;
	char *path;
	const struct sp_row_info *ri;

	s = open_text(doc, &path, &e);
	CHECK(s != NULL, "fixture: %s", e.msg);
	if (s == NULL)
		goto out;
	CHECK(s->nregions == 1 && strcmp(s->names[0], "solve") == 0,
	    "regions");
	CHECK(s->nrows == 1 && s->rows[0].rank == 0 && s->rows[0].count == 3,
	    "rows");
	ri = &s->rows[0].info;
	CHECK(ri->calls == 3 && strcmp(ri->source_file, "solver.py") == 0 &&
	    ri->has_lineno && ri->source_lineno == 7 && ri->ntags == 1 &&
	    strcmp(ri->tags[0], "golden") == 0 && ri->source_text == NULL &&
	    !ri->has_aggregate && !ri->has_exclusive && ri->xmask == 0,
	    "row info");
	CHECK(s->num_ranks == 1 && s->event_data &&
	    strcmp(s->layout, "columnar") == 0 && s->schema == 0 &&
	    strcmp(s->source_format, "json") == 0 && s->label == NULL &&
	    s->xmask == 0 && s->nextra_ranks == 0, "run");
	CHECK(sp_cbor_parse(d, s->metadata, s->metadata_len, s->metadata_len,
	    &used, &need, &e) == 1 &&
	    sp_cbor_node(d, 0)->type == SP_CBOR_NODE_MAP &&
	    sp_cbor_node(d, 0)->u == 1 && sp_cbor_int(d,
	    (size_t)sp_cbor_map_get(d, 0, "mpi_size"), &v) == 0 && v == 1,
	    "metadata");
	CHECK(read_calls(s, 0, 0, 3, a, b, x) == 0 && same64(a, starts, 3) &&
	    same64(b, ends, 3), "calls");
	CHECK(x[SP_X_GPU][0] == -1 && x[SP_X_CALL_ID][2] == -1 &&
	    x[SP_X_AWAIT][1] == 0, "absent columns: -1, await_ns 0");
	CHECK(read_calls(s, 0, 1, 2, a, b, NULL) == 0 &&
	    same64(a, starts + 1, 2) && same64(b, ends + 1, 2), "at 1");
	sp_source_free(s);
out:
	sp_cbor_free(d);
	free(path);
}

/* Ids by first appearance; rows by rank, then region; sp-json's keys. */
static void
test_rows(void)
{
	static const char doc[] = "{" HDR ", \"regions\": ["
	    "{\"name\": \"B\", \"rank\": 1, \"start_times_ns\": [1], "
	    "\"end_times_ns\": [2]}, "
	    "{\"name\": \"A\", \"rank\": 0, \"start_times_ns\": [3], "
	    "\"end_times_ns\": [4]}, "
	    "{\"name\": \"B\", \"rank\": 0, \"start_times_ns\": [5, 6], "
	    "\"end_times_ns\": [7, 8]}, "
	    "{\"name\": \"A\", \"rank\": 1}], "
	    "\"sp_row_order\": {\"0\": [1, 0]}}";
	static const char named[] = "{" HDR ", \"regions\": ["
	    "{\"name\": \"A\", \"rank\": 0}], "
	    "\"sp_region_names\": [\"C\", \"A\", \"B\"], "
	    "\"storage_layout\": \"per-rank\", \"scope_profiler_schema\": 1, "
	    "\"num_ranks\": 4, \"metadata\": {\"label\": \"run 2\"}}";
	struct sp_source *s;
	struct sp_err e;
	int64_t a[2], b[2];
	char *path;

	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "rows: %s", e.msg);
		free(path);
		return;
	}
	CHECK(s->nregions == 2 && strcmp(s->names[0], "B") == 0 &&
	    strcmp(s->names[1], "A") == 0, "ids by first appearance");
	CHECK(s->nrows == 4 && s->rows[0].rank == 0 &&
	    s->rows[0].region == 1 && s->rows[1].rank == 0 &&
	    s->rows[1].region == 0 && s->rows[2].rank == 1 &&
	    s->rows[2].region == 0 && s->rows[3].region == 1,
	    "rank, then region; rank 0 in sp_row_order's order");
	CHECK(read_calls(s, 1, 0, 2, a, b, NULL) == 0 && a[0] == 5 &&
	    a[1] == 6 && b[1] == 8, "rank 0 B's calls");
	CHECK(s->rows[3].count == 0 && s->num_ranks == 0, "no calls; no "
	    "num_ranks: 0");
	sp_source_free(s);
	free(path);
	if ((s = open_text(named, &path, &e)) == NULL) {
		CHECK(0, "named: %s", e.msg);
		free(path);
		return;
	}
	CHECK(s->nregions == 3 && strcmp(s->names[0], "C") == 0 &&
	    s->rows[0].region == 1 && s->rows[0].info.region == 1,
	    "sp_region_names");
	CHECK(strcmp(s->layout, "per-rank") == 0 && s->schema == 1 &&
	    s->num_ranks == 4 && s->label != NULL &&
	    strcmp(s->label, "run 2") == 0, "run fields");
	sp_source_free(s);
	free(path);
}

/* Optional columns, one long column, numbers at their limits. */
static void
test_columns(void)
{
	enum { N = 40000 };
	char *doc = malloc(N * 24 + 1024), *path;
	int64_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
	int64_t x[SP_X_COUNT][64];
	struct sp_source *s;
	struct sp_err e;
	size_t n = 0, i;
	int ok = 1;

	if (doc == NULL || a == NULL || b == NULL)
		abort();
	n += (size_t)sprintf(doc, "{" HDR ", \"regions\": [{\"name\": \"x\", "
	    "\"rank\": 2, \"start_times_ns\": [-5, 1e3, 123456789012345678], "
	    "\"end_times_ns\": [0, 1000, 123456789012345679], "
	    "\"gpu_durations_ns\": [1, 2, 3], \"call_ids\": [0, 1, 2], "
	    "\"thread_ids\": [0, 0, 1]}, {\"name\": \"y\", \"rank\": 2, "
	    "\"start_times_ns\": [");
	for (i = 0; i < N; i++)
		n += (size_t)sprintf(doc + n, "%s%zu", i ? ", " : "", i * 3);
	n += (size_t)sprintf(doc + n, "], \"end_times_ns\": [");
	for (i = 0; i < N; i++)
		n += (size_t)sprintf(doc + n, "%s%zu", i ? ", " : "",
		    i * 3 + 1);
	sprintf(doc + n, "]}], \"sp_event_columns\": [\"task_ids\"]}");
	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "columns: %s", e.msg);
		goto out;
	}
	CHECK(s->rows[0].info.xmask == (1u << SP_X_GPU | 1u << SP_X_CALL_ID |
	    1u << SP_X_THREAD) && s->rows[1].info.xmask == 0,
	    "row xmask %x", s->rows[0].info.xmask);
	CHECK(s->xmask == (s->rows[0].info.xmask | 1u << SP_X_TASK),
	    "sp_event_columns: %x", s->xmask);
	CHECK(read_calls(s, 0, 0, 3, a, b, x) == 0 && a[0] == -5 &&
	    a[1] == 1000 && a[2] == 123456789012345678 &&
	    b[2] == 123456789012345679 && x[SP_X_GPU][2] == 3 &&
	    x[SP_X_THREAD][2] == 1 && x[SP_X_PARENT_ID][0] == -1 &&
	    x[SP_X_TASK][1] == -1, "values");
	CHECK(s->rows[1].count == N, "long row: %llu",
	    (unsigned long long)s->rows[1].count);
	if (read_calls(s, 1, 0, N, a, b, NULL) < 0)
		ok = 0;
	for (i = 0; ok && i < N; i++)
		ok = a[i] == (int64_t)i * 3 && b[i] == (int64_t)i * 3 + 1;
	CHECK(ok, "long row's calls, at %zu", i);
	CHECK(read_calls(s, 1, 20000, 5, a, b, NULL) == 0 && a[0] == 60000 &&
	    b[4] == 60013, "from the middle");
	sp_source_free(s);
out:
	free(path);
	free(doc);
	free(a);
	free(b);
}

/* Lane tables through the tables operation, a rank at a time. */
static void
test_lanes(void)
{
	static const char doc[] = "{" HDR ", \"regions\": [], \"threads\": "
	    "{\"0\": [{\"index\": 0, \"name\": \"MainThread\", \"ident\": 5, "
	    "\"native_id\": 6, \"daemon\": false, \"start_ns\": 1, "
	    "\"end_ns\": 2, \"cpu_ns\": 3}, {\"index\": 1, \"daemon\": 1}], "
	    "\"x\": [{}]}, \"tasks\": {\"1\": [{\"index\": 0, \"kind\": "
	    "\"task\", \"name\": \"t\", \"coro_name\": \"c\", "
	    "\"thread_index\": 0, \"created_ns\": 1, \"done_ns\": 2, "
	    "\"steps\": 3, \"running_ns\": 4, \"suspended_ns\": 5}]}}";
	struct sp_rank_info r0, r1;
	struct sp_source *s;
	struct sp_err e;
	char *path;

	memset(&r0, 0, sizeof r0);
	memset(&r1, 0, sizeof r1);
	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "lanes: %s", e.msg);
		free(path);
		return;
	}
	CHECK(s->ops->tables(s, 0, &r0, &e) == 0 &&
	    s->ops->tables(s, 1, &r1, &e) == 0, "tables: %s", e.msg);
	CHECK(r0.has_threads && r0.nthreads == 2 && r0.has_tasks &&
	    r0.ntasks == 0, "rank 0 has threads");
	CHECK(r0.nthreads == 2 && r0.threads[0].ident == 5 &&
	    r0.threads[0].native_id == 6 && !r0.threads[0].daemon &&
	    r0.threads[0].cpu_ns == 3 &&
	    strcmp(r0.threads[0].name, "MainThread") == 0 &&
	    r0.threads[1].index == 1 && r0.threads[1].daemon &&
	    strcmp(r0.threads[1].name, "") == 0, "threads");
	CHECK(r1.nthreads == 0 && r1.ntasks == 1 &&
	    strcmp(r1.tasks[0].kind, "task") == 0 &&
	    strcmp(r1.tasks[0].coro_name, "c") == 0 &&
	    r1.tasks[0].steps == 3 && r1.tasks[0].suspended_ns == 5, "tasks");
	free(r0.threads);
	free(r0.tasks);
	free(r1.threads);
	free(r1.tasks);
	sp_source_free(s);
	free(path);
}

/* Event metadata: respelled as json.dumps would, or sp-json's text. */
static void
test_events(void)
{
	static const char doc[] = "{" HDR ", \"regions\": [{\"name\": \"a\", "
	    "\"rank\": 0, \"start_times_ns\": [1, 2], "
	    "\"end_times_ns\": [3, 4], "
	    "\"event_metadata\": [{\"a\": 1.50, \"b\": \"\\u00e9\"},   {}]}, "
	    "{\"name\": \"b\", \"rank\": 0, \"start_times_ns\": [1], "
	    "\"end_times_ns\": [3], \"event_metadata\": [{\"x\": 1}], "
	    "\"event_metadata_json\": \"[{}]\"}, {\"name\": \"c\", "
	    "\"rank\": 1, \"start_times_ns\": [1], \"end_times_ns\": [3], "
	    "\"event_metadata\": [{\"y\": 2}]}]}";
	struct sp_rank_info ri;
	struct sp_source *s;
	struct sp_err e;
	char *path;
	const struct sp_row_info *r;

	memset(&ri, 0, sizeof ri);
	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "events: %s", e.msg);
		free(path);
		return;
	}
	CHECK(s->ops->tables(s, 0, &ri, &e) == 0, "tables: %s", e.msg);
	r = &s->rows[0].info;
	CHECK(r->event_metadata != NULL && strcmp(r->event_metadata,
	    "[{\"a\": 1.5, \"b\": \"\\u00e9\"}, {}]") == 0 &&
	    r->event_metadata_len == strlen(r->event_metadata),
	    "respelled: %s", r->event_metadata ? r->event_metadata : "NULL");
	r = &s->rows[1].info;
	CHECK(r->event_metadata != NULL &&
	    strcmp(r->event_metadata, "[{}]") == 0, "event_metadata_json");
	CHECK(s->rows[2].info.event_metadata == NULL, "rank 1's not loaded");
	CHECK(s->ops->tables(s, 1, &ri, &e) == 0 &&
	    s->rows[2].info.event_metadata != NULL &&
	    s->rows[0].info.event_metadata == NULL, "rank 1's, then");
	sp_source_free(s);
	free(path);
}

/* An aggregate row, summary statistics, exclusive totals. */
static void
test_totals(void)
{
	static const char doc[] = "{" HDR ", \"event_data_available\": false, "
	    "\"regions\": [{\"name\": \"a\", \"rank\": 0, \"aggregate\": "
	    "{\"count\": 4, \"total\": 10.0, \"minimum\": 1, \"maximum\": 4, "
	    "\"exclusive\": 6}, \"start_times_ns\": [1], "
	    "\"end_times_ns\": [2]}, {\"name\": \"b\", \"rank\": 0, "
	    "\"start_times_ns\": [1], \"end_times_ns\": [2], "
	    "\"exclusive_total_ns\": 1, "
	    "\"summary_statistics\": {\"total\": 1, \"gpu_count\": 2, "
	    "\"mean\": 1.5, \"m2\": null}}]}";
	struct sp_source *s;
	struct sp_err e;
	char *path;
	const struct sp_row_info *a, *b;

	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "totals: %s", e.msg);
		free(path);
		return;
	}
	a = &s->rows[0].info;
	b = &s->rows[1].info;
	CHECK(a->has_aggregate && a->agg_count == 4 && a->agg_total == 10 &&
	    a->agg_exclusive == 6 && s->rows[0].count == 0 && a->xmask == 0,
	    "aggregate");
	CHECK(strcmp(s->layout, "aggregate") == 0 && !s->event_data,
	    "layout and event data");
	CHECK(b->has_exclusive && b->exclusive_ns == 1 && b->has_summary &&
	    b->summary.total == 1 && b->summary.gpu_count == 2 &&
	    b->summary.mean == 1.5 && b->summary.m2 != b->summary.m2,
	    "summary (m2 null: NaN)");
	sp_source_free(s);
	free(path);
}

/* --- side payloads --- */

struct got {
	char kind[4][32];
	uint8_t data[4][512];
	size_t len[4];
	int n;
};

static int
emit(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	struct got *g = ctx;

	(void)e;
	if (g->n < 4 && n <= sizeof g->data[0]) {
		snprintf(g->kind[g->n], sizeof g->kind[0], "%s", kind);
		memcpy(g->data[g->n], p, n);
		g->len[g->n] = n;
	}
	g->n++;
	return 0;
}

/* The node of group a (in it, b) of the image at p, or -1. */
static long
group_at(struct sp_cbor *d, const uint8_t *p, size_t n, const char *a,
    const char *b)
{
	size_t used, need;
	long g;

	if (sp_cbor_parse(d, p, n, n, &used, &need, NULL) != 1 ||
	    (g = sp_cbor_map_get(d, 0, "groups")) < 0 ||
	    (g = sp_cbor_map_get(d, (size_t)g, a)) < 0)
		return -1;
	if (b == NULL)
		return g;
	if ((g = sp_cbor_map_get(d, (size_t)g, "groups")) < 0)
		return -1;
	return sp_cbor_map_get(d, (size_t)g, b);
}

static void
test_v1_sides(void)
{
	static const char doc[] = "{" HDR ", \"regions\": [], \"likwid\": "
	    "{\"0\": {\"x/y\": {\"tag\": \"x/y\", \"group_id\": 3}}}, "
	    "\"perf_events\": {\"2\": {\"r/s\": {\"calls\": 5, \"values\": "
	    "{\"cycles\": 9}}}, \"nope\": {}}, \"line_profile\": {\"0\": "
	    "[{\"region\": \"r\"}], \"2\": 7}}";
	struct sp_cbor *d = sp_cbor_new();
	struct got g0, g2;
	struct sp_source *s;
	struct sp_err e;
	char *path;
	long node;
	int64_t v;

	memset(&g0, 0, sizeof g0);
	memset(&g2, 0, sizeof g2);
	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "sides: %s", e.msg);
		goto out;
	}
	CHECK(s->nextra_ranks == 2 && s->extra_ranks[0] == 0 &&
	    s->extra_ranks[1] == 2, "ranks of the side payloads");
	CHECK(s->ops->sides(s, 0, emit, &g0, &e) == 0 && g0.n == 2 &&
	    strcmp(g0.kind[0], "likwid") == 0 &&
	    strcmp(g0.kind[1], "line_profile") == 0, "rank 0: likwid, lines");
	CHECK(s->ops->sides(s, 2, emit, &g2, &e) == 0 && g2.n == 1 &&
	    strcmp(g2.kind[0], "perf_events") == 0, "rank 2: perf only");
	node = group_at(d, g0.data[0], g0.len[0], "regions", "x|y");
	CHECK(node >= 0 && (node = sp_cbor_map_get(d, (size_t)node,
	    "attrs")) >= 0 && sp_cbor_int(d, (size_t)sp_cbor_map_get(d,
	    (size_t)node, "group_id"), &v) == 0 && v == 3,
	    "likwid's group_id under regions/x|y");
	node = group_at(d, g2.data[0], g2.len[0], "r", "s");
	CHECK(node >= 0 && (node = sp_cbor_map_get(d, (size_t)node,
	    "attrs")) >= 0 && sp_cbor_int(d, (size_t)sp_cbor_map_get(d,
	    (size_t)node, "calls"), &v) == 0 && v == 5,
	    "perf's calls under r/s");
	CHECK(group_at(d, g0.data[1], g0.len[1], "0", NULL) >= 0,
	    "line record 0");
	sp_source_free(s);
out:
	sp_cbor_free(d);
	free(path);
}

/* sp_side_payloads wins over the v1 keys, its bytes exactly. */
static void
test_exact_sides(void)
{
	static const char doc[] = "{" HDR ", \"regions\": [], "
	    "\"likwid\": {\"0\": {}}, \"sp_side_payloads\": ["
	    "{\"rank\": 3, \"kind\": \"likwid\", \"cbor\": \"oWF49g==\"}, "
	    "{\"rank\": 3, \"kind\": \"other\", \"cbor\": \"9g\"}]}";
	static const uint8_t want[] = { 0xa1, 0x61, 0x78, 0xf6 };
	struct got g0, g3;
	struct sp_source *s;
	struct sp_err e;
	char *path;

	memset(&g0, 0, sizeof g0);
	memset(&g3, 0, sizeof g3);
	if ((s = open_text(doc, &path, &e)) == NULL) {
		CHECK(0, "exact sides: %s", e.msg);
		free(path);
		return;
	}
	CHECK(s->ops->sides(s, 0, emit, &g0, &e) == 0 && g0.n == 0,
	    "v1 keys ignored");
	CHECK(s->ops->sides(s, 3, emit, &g3, &e) == 0 && g3.n == 2 &&
	    g3.len[0] == sizeof want && memcmp(g3.data[0], want,
	    sizeof want) == 0 && strcmp(g3.kind[1], "other") == 0 &&
	    g3.len[1] == 1 && g3.data[1][0] == 0xf6, "the items as they were");
	CHECK(s->nextra_ranks == 1 && s->extra_ranks[0] == 3, "rank 3");
	sp_source_free(s);
	free(path);
}

/* --- inputs --- */

static void
test_gzip_and_stdin(void)
{
	static const char doc[] = "{" HDR ", \"regions\": [{\"name\": \"g\", "
	    "\"rank\": 0, \"start_times_ns\": [1], \"end_times_ns\": [2]}]}";
	char *path = put_file("doc.json.gz", doc, sizeof doc - 1, 1);
	struct sp_source *s = sp_json_open(path, tmpdir, NULL);
	int saved = dup(STDIN_FILENO), fd;
	struct sp_err e;

	CHECK(s != NULL && s->nrows == 1 && strcmp(s->names[0], "g") == 0,
	    "gzip");
	sp_source_free(s);
	/* standard input, gzip or not */
	if (saved < 0 || (fd = open(path, O_RDONLY)) < 0 ||
	    dup2(fd, STDIN_FILENO) < 0)
		abort();
	close(fd);
	s = sp_json_open("-", tmpdir, &e);
	CHECK(s != NULL && s->nrows == 1 && strcmp(s->path, "-") == 0,
	    "stdin: %s", s == NULL ? e.msg : "");
	sp_source_free(s);
	free(path);
	path = put_file("empty", "", 0, 0);
	if ((fd = open(path, O_RDONLY)) < 0 || dup2(fd, STDIN_FILENO) < 0)
		abort();
	close(fd);
	CHECK(sp_json_open("-", tmpdir, &e) == NULL && e.status == SP_EDATA &&
	    strcmp(e.msg, "<stdin>: empty input, not a profile") == 0,
	    "empty stdin: %s", e.msg);
	free(path);
	path = put_file("h5", "\211HDF\r\n\032\nxxxx", 12, 0);
	if ((fd = open(path, O_RDONLY)) < 0 || dup2(fd, STDIN_FILENO) < 0)
		abort();
	close(fd);
	CHECK(sp_json_open("-", tmpdir, &e) == NULL && e.status == SP_EUSAGE &&
	    strstr(e.msg, "give a file name, not standard input") != NULL,
	    "HDF5 on stdin: %s", e.msg);
	free(path);
	if (dup2(saved, STDIN_FILENO) < 0)
		abort();
	close(saved);
}

/* --- refusals --- */

#define ROW "{\"name\": \"r\", \"rank\": 0, \"start_times_ns\": [1, 5], " \
	"\"end_times_ns\": [3, 9]}"
#define NOT_PROFILE "not a scope-profiler JSON profile (written by " \
	"sp-json, `scope-profiler export json` or `-o <name>.json`)"

static const struct {
	const char *doc;
	enum sp_status st;
	const char *msg;	/* after "<path>: "; ending in ...: a prefix */
} bad[] = {
	{ "[1, 2]", SP_EDATA, NOT_PROFILE },
	{ "42", SP_EDATA, NOT_PROFILE },
	{ "{\"format\": \"other\", \"regions\": []}", SP_EDATA, NOT_PROFILE },
	{ "{\"regions\": []}", SP_EDATA, NOT_PROFILE },
	{ "{\"format\": \"scope-profiler-profile\", \"format_version\": 2}",
	    SP_EDATA, "uses JSON profile format version 2; this sp reads "
	    "versions through 1. Upgrade sp to read this file." },
	{ "{\"format\": \"scope-profiler-profile\", \"format_version\": 1e999}",
	    SP_EDATA, "uses JSON profile format version 9223372036854775807; "
	    "this sp reads versions through 1. Upgrade sp to read this file." },
	{ "{\"format\": \"scope-profiler-profile\", \"format_version\": \"7\"}",
	    SP_EDATA, "uses JSON profile format version 7; this sp reads "
	    "versions through 1. Upgrade sp to read this file." },
	{ "{" HDR ", \"regions\": [" ROW, SP_EDATA,
	    "not valid JSON: parse error: premature EOF..." },
	{ "{" HDR ", \"regions\": [} ", SP_EDATA, "not valid JSON: parse "
	    "error: unallowed token at this point in JSON text (at byte 71)" },
	{ "{" HDR ", \"regions\": []} 5", SP_EDATA, "not valid JSON: parse "
	    "error: trailing garbage (at byte 74)" },
	{ "", SP_EDATA, "empty file, not a profile" },
	{ "\xd9\xd9\xf7xx", SP_EDATA, "already an sp stream; pipe it to the "
	    "next program" },
	{ "{" HDR ", \"regions\": {}}", SP_EDATA, "\"regions\" is not a list" },
	{ "{" HDR ", \"regions\": [1]}", SP_EDATA, "\"regions\" holds "
	    "something other than row objects" },
	{ "{" HDR ", \"regions\": [[1]]}", SP_EDATA, "\"regions\" holds "
	    "something other than row objects" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"start_times_ns\": {}}]}", SP_EDATA,
	    "start_times_ns is not a list" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"start_times_ns\": [\"a\"]}]}", SP_EDATA,
	    "start_times_ns holds something other than integers" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"end_times_ns\": [1.5]}]}", SP_EDATA, "regions[0]: "
	    "end_times_ns holds a value that is not a 64-bit integer" },
	{ "{" HDR ", \"regions\": [" ROW ", {\"name\": \"r\", \"rank\": 0, "
	    "\"call_ids\": [99999999999999999999]}]}", SP_EDATA, "regions[1]: "
	    "call_ids holds a value that is not a 64-bit integer" },
	{ "{" HDR ", \"regions\": [{\"rank\": 0}]}", SP_EDATA,
	    "regions[0]: a row without a name" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": -1}]}",
	    SP_EDATA, "region 'r': a row without a valid rank" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": \"0\"}]}",
	    SP_EDATA, "region 'r': a row without a valid rank" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"start_times_ns\": [1]}]}", SP_EDATA, "region 'r': a row "
	    "without both start_times_ns and end_times_ns" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"start_times_ns\": [1], \"end_times_ns\": [2, 3]}]}", SP_EDATA,
	    "region 'r' rank 0: end_times_ns holds 2 values, "
	    "start_times_ns 1" },
	{ "{" HDR ", \"regions\": [{\"name\": \"r\", \"rank\": 0, "
	    "\"start_times_ns\": [1], \"start_times_ns\": [2]}]}", SP_EDATA,
	    "a row with start_times_ns twice" },
	{ "{" HDR ", \"regions\": [" ROW ", " ROW "]}", SP_EDATA,
	    "two rows for region 'r' rank 0" },
	{ "{" HDR ", \"regions\": [" ROW "], \"sp_region_names\": [\"a\"]}",
	    SP_EDATA, "region 'r' is not in sp_region_names" },
	{ "{" HDR ", \"regions\": [" ROW "], \"sp_row_order\": {\"0\": [3]}}",
	    SP_EDATA, "sp_row_order of rank 0 does not list the rank's rows" },
	{ "{" HDR ", \"regions\": [], \"sp_side_payloads\": [{\"kind\": "
	    "\"likwid\"}]}", SP_EDATA, "a bad entry in sp_side_payloads" },
	{ "{" HDR ", \"regions\": [], \"sp_side_payloads\": [{\"kind\": "
	    "\"likwid\", \"rank\": 0, \"cbor\": \"!!!\"}]}", SP_EDATA,
	    "sp_side_payloads: bad base64" },
};

/* 70 levels of lists, more than SP_JVALUE_BUILD_DEPTH. */
static const char brackets[] =
	"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
	"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
	"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
	"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]";

static void
test_refusals(void)
{
	static const char cut[] = "{" HDR ", \"regions\": [" ROW ", {\"name\": "
	    "\"q\", \"rank\": 1, \"start_times_ns\": [1, 2, 3, 4, 5, 6, 7], "
	    "\"end_times_ns\": [2, 3, 4, 5, 6, 7, 8]}]}";
	struct sp_source *s;
	struct sp_err e;
	char *path, want[SP_ERR_MSG_MAX];
	size_t i, n;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		s = open_text(bad[i].doc, &path, &e);
		snprintf(want, sizeof want, "%s: %s", path, bad[i].msg);
		n = strlen(want);
		if (n > 3 && strcmp(want + n - 3, "...") == 0)
			n -= 3;
		else
			n++;
		CHECK(s == NULL && e.status == bad[i].st &&
		    strncmp(e.msg, want, n) == 0, "bad[%zu]: %s\n  want %s",
		    i, s == NULL ? e.msg : "opened", want);
		sp_source_free(s);
		free(path);
	}
	/* a metadata value nested deeper than a value may be */
	snprintf(want, sizeof want, "{" HDR ", \"metadata\": %.70s%.70s, "
	    "\"regions\": []}", brackets, brackets + 70);
	s = open_text(want, &path, &e);
	CHECK(s == NULL && e.status == SP_EDATA && strstr(e.msg, "not valid "
	    "JSON: a value nested too deeply") != NULL, "deep: %s", e.msg);
	free(path);
	path = put_file("none.json", "", 0, 0);
	unlink(path);
	CHECK(sp_json_open(path, tmpdir, &e) == NULL && e.status == SP_EIO &&
	    strstr(e.msg, "No such file") != NULL, "missing: %s", e.msg);
	free(path);
	/* a gzip member cut short, in its deflate data */
	path = put_file("cut.json.gz", cut, strlen(cut), 1);
	if (truncate(path, 40) != 0)
		abort();
	CHECK(sp_json_open(path, tmpdir, &e) == NULL && e.status == SP_EDATA &&
	    strstr(e.msg, ": bad gzip data: ") != NULL, "cut gzip: %s", e.msg);
	free(path);
}

/* tmpdir and what the tests put there (the spills unlink themselves). */
static void
remove_files(void)
{
	char path[sizeof tmpdir + 32];
	size_t i;

	for (i = 0; i < nnames; i++) {
		snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
		unlink(path);
	}
	if (rmdir(tmpdir) != 0)
		printf("could not remove %s\n", tmpdir);
}

int
main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_fixture();
	test_rows();
	test_columns();
	test_lanes();
	test_events();
	test_totals();
	test_v1_sides();
	test_exact_sides();
	test_gzip_and_stdin();
	test_refusals();
	remove_files();
	if (!failed)
		printf("ok\n");
	return failed;
}
