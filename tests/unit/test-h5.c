/*
 * Unit test of the HDF5 reader (sp_h5.h) through HDF5's core driver
 * (sp_h5_open_image): the generator's small files of the fuzz corpus
 * (tests/fuzz/corpus/h5/gen-*, made by tests/gen/spgen.py; the directory
 * is the first argument) read back as a struct sp_source: layout, schema,
 * ranks, regions, rows, calls through the source's ops, lane tables, side
 * payloads; and the message for each kind of damaged file.
 *
 *	test-h5 CORPUS_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_h5.h"
#include "check.h"

static const char *dir;

/* A corpus file opened as an image named "<name>", or NULL (e filled). */
static struct sp_source *
open_gen(const char *name, size_t cut, struct sp_err *e)
{
	char path[4096], shown[256];
	unsigned char *buf = NULL;
	struct sp_source *s;
	size_t n = 0;
	long len;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	/* a name no file has: the core driver will not shadow a real one */
	snprintf(shown, sizeof shown, "<%s>", name);
	if ((f = fopen(path, "rb")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    (buf = malloc((size_t)len + 1)) == NULL ||
	    (n = fread(buf, 1, (size_t)len, f)) != (size_t)len) {
		CHECK(0, "%s: cannot read", path);
		if (f != NULL)
			fclose(f);
		free(buf);
		sp_fail(e, SP_EIO, "cannot read");
		return NULL;
	}
	fclose(f);
	/* cut: keep only the first n - cut bytes (a truncated file) */
	s = sp_h5_open_image(buf, cut < n ? n - cut : 0, shown, e);
	free(buf);
	return s;
}

/* Calls [off, off + n) of a row through the source's read op. */
static int
read_row(struct sp_source *s, size_t row, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t (*x)[8])
{
	int64_t *xs[SP_X_COUNT];
	struct sp_err e;
	size_t k;

	for (k = 0; k < SP_X_COUNT; k++)
		xs[k] = x != NULL && ((s->xmask >> k) & 1) ? x[k] : NULL;
	if (s->ops->read(s, row, off, n, a, b, xs, &e) < 0) {
		CHECK(0, "%s: row %zu: %s", s->path, row, e.msg);
		return -1;
	}
	return 0;
}

static int
eq_str(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static void
test_columnar_s3(void)
{
	static const uint8_t md[] = { 0xa1, 0x68, 'm', 'p', 'i', '_', 's',
		'i', 'z', 'e', 0x01 };	/* {"mpi_size": 1} */
	struct sp_err e;
	struct sp_source *s = open_gen("gen-spec-lanes.h5", 0, &e);
	const struct sp_row_info *r0, *r1;
	struct sp_rank_info ri;
	int64_t a[2], b[2], x[SP_X_COUNT][8];

	CHECK(s != NULL, "spec-lanes: %s", e.msg);
	if (s == NULL)
		return;
	CHECK(s->schema == 3 && eq_str(s->layout, "columnar") &&
	    eq_str(s->source_format, "hdf5") && s->event_data &&
	    s->num_ranks == 1 && s->label == NULL, "spec-lanes: run");
	CHECK(s->metadata_len == sizeof md &&
	    memcmp(s->metadata, md, sizeof md) == 0, "spec-lanes: metadata");
	CHECK(s->nregions == 2 && eq_str(s->names[0], "main") &&
	    eq_str(s->names[1], "work"), "spec-lanes: regions");
	/* every x column, and times as start deltas and durations */
	CHECK(s->delta && s->xmask == (1u << SP_X_COUNT) - 1,
	    "spec-lanes: delta %d xmask %#x", s->delta, s->xmask);
	CHECK(s->nrows == 2, "spec-lanes: %zu rows", s->nrows);
	r0 = &s->rows[0].info;
	r1 = &s->rows[1].info;
	CHECK(s->rows[0].count == 1 && s->rows[1].count == 2 &&
	    s->rows[1].offset == 1 && r1->region == 1, "spec-lanes: index");
	CHECK(eq_str(r0->source_file, "app.py") && r0->has_lineno &&
	    r0->source_lineno == 3 && eq_str(r0->source_text,
	    "with region('main'):") && r0->ntags == 1 &&
	    eq_str(r0->tags[0], "top"), "spec-lanes: row 0 texts");
	/* "" and -1 mean unknown */
	CHECK(r1->source_file == NULL && !r1->has_lineno &&
	    r1->source_text == NULL && r1->ntags == 0 && !r1->has_exclusive,
	    "spec-lanes: row 1 texts");
	CHECK(r1->event_metadata_len == 14 &&
	    memcmp(r1->event_metadata, "[{\"i\": 0}, {}]", 14) == 0 &&
	    r0->event_metadata_len == 2, "spec-lanes: event metadata");
	if (read_row(s, 1, 0, 2, a, b, x) == 0)
		CHECK(a[0] == 10 && a[1] == 10 && b[0] == 5 && b[1] == 20 &&
		    x[SP_X_THREAD][0] == 1 && x[SP_X_TASK][1] == 0 &&
		    x[SP_X_AWAIT][0] == 2 && x[SP_X_CALL_ID][1] == 2 &&
		    x[SP_X_PARENT_ID][0] == -1 && x[SP_X_GPU][1] == -1,
		    "spec-lanes: row 1 calls");
	memset(&ri, 0, sizeof ri);
	CHECK(s->ops->tables(s, 0, &ri, &e) == 0, "%s", e.msg);
	CHECK(ri.has_threads && ri.nthreads == 2 &&
	    eq_str(ri.threads[0].name, "MainThread") &&
	    eq_str(ri.threads[1].name, "w") && ri.threads[1].daemon &&
	    !ri.threads[0].daemon && ri.threads[1].native_id == 4001 &&
	    ri.threads[0].ident == 139800000000000 &&
	    ri.threads[1].end_ns == -1, "spec-lanes: thread table");
	CHECK(ri.has_tasks && ri.ntasks == 1 &&
	    eq_str(ri.tasks[0].name, "T") &&
	    eq_str(ri.tasks[0].coro_name, "c") &&
	    eq_str(ri.tasks[0].kind, "task") &&
	    ri.tasks[0].thread_index == 1 && ri.tasks[0].steps == 1 &&
	    ri.tasks[0].done_ns == -1,
	    "spec-lanes: task table");
	free(ri.threads);
	free(ri.tasks);
	/* a rank without entries: the tables exist, empty */
	memset(&ri, 0, sizeof ri);
	CHECK(s->ops->tables(s, 7, &ri, &e) == 0 && ri.has_threads &&
	    ri.nthreads == 0 && ri.has_tasks && ri.ntasks == 0,
	    "spec-lanes: rank 7 tables");
	sp_source_free(s);
}

static void
test_columnar_s2(void)
{
	struct sp_err e;
	struct sp_source *s = open_gen("gen-spec-s2-lanes.h5", 0, &e);
	const struct sp_row_info *r0;
	struct sp_rank_info ri;
	int64_t a[2], b[2], x[SP_X_COUNT][8];

	CHECK(s != NULL, "spec-s2-lanes: %s", e.msg);
	if (s == NULL)
		return;
	/* num_ranks: mpi_size 3, the highest rank 2 plus one */
	CHECK(s->schema == 2 && !s->delta && s->num_ranks == 3 &&
	    s->xmask == 1u << SP_X_THREAD, "spec-s2-lanes: run");
	CHECK(s->nrows == 2 && s->rows[0].rank == 0 && s->rows[1].rank == 2 &&
	    s->rows[0].count == 2 && s->rows[1].region == 1,
	    "spec-s2-lanes: rows");
	r0 = &s->rows[0].info;
	CHECK(r0->has_exclusive && r0->exclusive_ns == 13 &&
	    s->rows[1].info.exclusive_ns == 1, "spec-s2-lanes: exclusive");
	CHECK(r0->has_summary && r0->summary.total == 13 &&
	    r0->summary.minimum == 3 && r0->summary.start_minimum == 0 &&
	    r0->summary.end_maximum == 10 && r0->summary.mean == 6.5 &&
	    r0->summary.m2 == 24.5, "spec-s2-lanes: summary");
	if (read_row(s, 0, 1, 1, a, b, x) == 0)
		CHECK(a[0] == 5 && b[0] == 8 && x[SP_X_THREAD][0] == 1,
		    "spec-s2-lanes: row 0 call 1");
	if (read_row(s, 1, 0, 1, a, b, x) == 0)
		CHECK(a[0] == 1 && b[0] == 2 && x[SP_X_THREAD][0] == -1,
		    "spec-s2-lanes: row 1");
	memset(&ri, 0, sizeof ri);
	CHECK(s->ops->tables(s, 0, &ri, &e) == 0 && ri.nthreads == 2 &&
	    eq_str(ri.threads[1].name, "x") && !ri.has_tasks,
	    "spec-s2-lanes: tables");
	free(ri.threads);
	free(ri.tasks);
	sp_source_free(s);
}

/* Schema 1, with its attribute and without (a file from before it). */
static void
test_schema1(void)
{
	static const char *const files[2] = { "gen-synth-s1-small.h5",
		"gen-synth-s0-small.h5" };
	static const char *const names[4] = { "assemble", "main", "setup",
		"solve" };
	static const int64_t main_start[2] = { 1700000000535,
		1700000003106 };
	static const int64_t main_end[2] = { 1700000237447, 1700000303130 };
	struct sp_err e;
	size_t k, i;

	for (k = 0; k < 2; k++) {
		struct sp_source *s = open_gen(files[k], 0, &e);
		const struct sp_row_info *setup;
		int64_t a[1], b[1];

		CHECK(s != NULL, "%s: %s", files[k], e.msg);
		if (s == NULL)
			continue;
		CHECK(s->schema == 1 && eq_str(s->layout, "per-rank") &&
		    s->num_ranks == 1 && !s->delta && s->xmask == 0,
		    "%s: run", files[k]);
		CHECK(s->nextra_ranks == 1 && s->extra_ranks[0] == 0,
		    "%s: rank groups", files[k]);
		/* regions by name within the rank group, as HDF5 lists them */
		CHECK(s->nregions == 4 && s->nrows == 4, "%s: %zu regions",
		    files[k], s->nregions);
		for (i = 0; i < s->nregions && i < 4; i++)
			CHECK(eq_str(s->names[i], names[i]) &&
			    s->rows[i].region == i && s->rows[i].count == 1,
			    "%s: region %zu", files[k], i);
		setup = &s->rows[2].info;
		CHECK(eq_str(setup->source_file, "solver.py") &&
		    setup->source_lineno == 17 && setup->ntags == 1 &&
		    eq_str(setup->tags[0], "setup") &&
		    eq_str(setup->source_text,
		    "    with profile_region('setup'):"), "%s: setup row",
		    files[k]);
		if (read_row(s, 1, 0, 1, a, b, NULL) == 0)
			CHECK(a[0] == main_start[k] && b[0] == main_end[k],
			    "%s: main [%lld, %lld]", files[k], (long long)a[0],
			    (long long)b[0]);
		sp_source_free(s);
	}
}

/* A '/' in a schema 1 region name nests groups: the name is the path. */
static void
test_nested_name(void)
{
	struct sp_err e;
	struct sp_source *s = open_gen("gen-broken-nested-name.h5", 0, &e);
	int64_t a[2], b[2];

	CHECK(s != NULL, "nested-name: %s", e.msg);
	if (s == NULL)
		return;
	CHECK(s->nregions == 2 && eq_str(s->names[0], "io/write") &&
	    eq_str(s->names[1], "solve") && s->nrows == 2 &&
	    s->rows[1].count == 2, "nested-name: regions");
	/* rows of one rank keep their datasets open across reads */
	if (read_row(s, 1, 0, 2, a, b, NULL) == 0 &&
	    read_row(s, 0, 0, 1, a + 1, b + 1, NULL) == 0)
		CHECK(a[0] == 1000 && b[0] == 1100 && a[1] == 1110 &&
		    b[1] == 1190, "nested-name: calls");
	if (read_row(s, 1, 1, 1, a, b, NULL) == 0)
		CHECK(a[0] == 1200 && b[0] == 1300, "nested-name: call 1");
	sp_source_free(s);
}

static void
test_aggregate(void)
{
	static const int64_t count[3] = { 3, 1, 2 }, total[3] = { 33, 100,
		70 }, excl[3] = { 20, 30, 70 };
	struct sp_err e;
	struct sp_source *s = open_gen("gen-spec-aggregate.h5", 0, &e);
	size_t i;

	CHECK(s != NULL, "aggregate: %s", e.msg);
	if (s == NULL)
		return;
	CHECK(eq_str(s->layout, "aggregate") && s->event_data &&
	    s->num_ranks == 2 && s->nregions == 3 &&
	    eq_str(s->names[2], "inner"), "aggregate: run");
	CHECK(s->nrows == 3, "aggregate: %zu rows", s->nrows);
	for (i = 0; i < s->nrows && i < 3; i++) {
		const struct sp_row_info *r = &s->rows[i].info;

		CHECK(s->rows[i].count == 0 && r->has_aggregate &&
		    r->agg_count == count[i] && r->agg_total == total[i] &&
		    r->agg_exclusive == excl[i] && !r->has_summary,
		    "aggregate: row %zu", i);
	}
	CHECK(s->rows[2].rank == 1 && s->rows[2].info.agg_minimum == 30 &&
	    s->rows[1].info.agg_maximum == 100, "aggregate: rows by rank");
	sp_source_free(s);
}

/* The side payloads a rank group holds, as sides() hands them out. */
struct sides_seen {
	int n;
	char kinds[4][16];
	uint8_t first[4];
};

static int
on_side(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	struct sides_seen *ss = ctx;

	(void)e;
	if (ss->n < 4) {
		snprintf(ss->kinds[ss->n], sizeof ss->kinds[0], "%s", kind);
		ss->first[ss->n] = n > 0 ? p[0] : 0;
	}
	ss->n++;
	return 0;
}

static void
test_sides(void)
{
	static const struct {
		const char *file;
		int n;
		const char *kinds[2];
	} cases[] = {
		{ "gen-spec-likwid.h5", 1, { "likwid", NULL } },
		{ "gen-spec-line-perf.h5", 2, { "perf_events",
			"line_profile" } },
		{ "gen-spec-minimal.h5", 0, { NULL, NULL } },
	};
	struct sp_err e;
	size_t k;
	int i;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct sp_source *s = open_gen(cases[k].file, 0, &e);
		struct sides_seen ss = { 0 };

		CHECK(s != NULL, "%s: %s", cases[k].file, e.msg);
		if (s == NULL)
			continue;
		CHECK(s->ops->sides(s, 0, on_side, &ss, &e) == 0, "%s: %s",
		    cases[k].file, e.msg);
		CHECK(ss.n == cases[k].n, "%s: %d sides", cases[k].file,
		    ss.n);
		/* each a map {"attrs", "datasets", "groups"} */
		for (i = 0; i < ss.n && i < cases[k].n; i++)
			CHECK(strcmp(ss.kinds[i], cases[k].kinds[i]) == 0 &&
			    ss.first[i] == 0xa3, "%s: side %d is %s",
			    cases[k].file, i, ss.kinds[i]);
		ss.n = 0;
		CHECK(s->ops->sides(s, 1, on_side, &ss, &e) == 0 && ss.n == 0,
		    "%s: rank 1 sides", cases[k].file);
		sp_source_free(s);
	}
}

#define SCHEMA_MUST "HDF5 schema version attribute " \
	"'scope_profiler_schema' must be an integer, got "
#define NOT_READABLE "not a readable HDF5 profiling file (a run that " \
	"was interrupted while writing leaves a truncated file behind)"

/*
 * Damaged files (tests/gen/spgen_broken.py): refused when opened, with a
 * message naming the file; or, for a call that ends before it starts,
 * read as it is (sp_order checks calls).
 */
static void
test_broken(void)
{
	static const struct {
		const char *file;
		size_t cut;
		const char *msg;
	} cases[] = {
		{ "gen-broken-duplicate-rows.h5", 0, "index rows 0 and 1 are "
		    "both rank 0 region 'outer': the file is damaged" },
		{ "gen-broken-float-seconds.h5", 0, "rank 0 region 'inner' "
		    "holds float times: the pre-release float-seconds layout, "
		    "which sp does not read" },
		{ "gen-broken-float-seconds-norank.h5", 0, "a pre-release "
		    "scope-profiler file (/regions without rank groups, float "
		    "seconds), which sp does not read" },
		{ "gen-broken-huge-events.h5", 0, "events/start_deltas "
		    "declares 17179869184 values but stores only 0 bytes of "
		    "them: the file is damaged" },
		{ "gen-broken-huge-index.h5", 0,
		    "rank_region_index/region_ids declares 17179869184 values "
		    "but stores only 0 bytes of them: the file is damaged" },
		{ "gen-broken-length-mismatch.h5", 0, "event columns disagree "
		    "in length (3 start values, 2 durations)" },
		{ "gen-broken-missing-events.h5", 0, "missing "
		    "events/start_times: the file is truncated or damaged" },
		{ "gen-broken-missing-names.h5", 0, "missing "
		    "region_table/names: the file is truncated or damaged" },
		{ "gen-broken-lane-ranks.h5", 0, "thread_table/ranks is "
		    "damaged" },
		{ "gen-broken-lane-names.h5", 0, "thread_table/name is "
		    "damaged" },
		{ "gen-broken-offsets-beyond.h5", 0, "claims 6 recorded "
		    "events but its event columns hold 3. The file is "
		    "truncated or damaged." },
		{ "gen-broken-overlapping-rows.h5", 0, "has overlapping "
		    "region rows in its event index. The file is damaged." },
		{ "gen-broken-region-id-out-of-range.h5", 0, "index row 1 "
		    "names region id 2, the region table has 2 names: the "
		    "file is damaged" },
		{ "gen-broken-schema-array.h5", 0, SCHEMA_MUST
		    "an array" },
		{ "gen-broken-schema-float.h5", 0, SCHEMA_MUST
		    "the float 2.0" },
		{ "gen-broken-schema-string.h5", 0, SCHEMA_MUST
		    "a string" },
		{ "gen-broken-schema-future.h5", 0, "unsupported "
		    "scope-profiler HDF5 schema version 99; this sp reads "
		    "versions through 3. Upgrade sp to read this file." },
		{ "gen-broken-schema-zero.h5", 0, "unsupported scope-profiler "
		    "HDF5 schema version 0; versions must be positive" },
		{ "gen-broken-not-hdf5.h5", 0, NOT_READABLE },
		{ "gen-spec-lanes.h5", 12000, NOT_READABLE },
		{ "edge-signature", 0, NOT_READABLE },
		{ "edge-empty", 0, "empty file, not a profile" },
	};
	struct sp_err e;
	struct sp_source *s;
	char want[1024];
	int64_t a[2], b[2];
	size_t k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		sp_err_clear(&e);
		s = open_gen(cases[k].file, cases[k].cut, &e);
		snprintf(want, sizeof want, "<%s>: %s", cases[k].file,
		    cases[k].msg);
		CHECK(s == NULL && e.status == SP_EDATA &&
		    strcmp(e.msg, want) == 0, "%s: got '%s'", cases[k].file,
		    s != NULL ? "(opened)" : e.msg);
		sp_source_free(s);
	}
	s = open_gen("gen-broken-end-before-start.h5", 0, &e);
	CHECK(s != NULL && s->nrows == 2 && eq_str(s->names[1], "inner"),
	    "end-before-start: %s", s != NULL ? "rows" : e.msg);
	if (s != NULL && read_row(s, 1, 0, 2, a, b, NULL) == 0)
		CHECK(a[0] + a[1] == 1050 && a[0] + a[1] + b[1] == 1045,
		    "end-before-start: call 1 [%lld, %lld]",
		    (long long)(a[0] + a[1]), (long long)(a[0] + a[1] + b[1]));
	sp_source_free(s);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test-h5 CORPUS_DIR\n");
		return 2;
	}
	dir = argv[1];
	test_columnar_s3();
	test_columnar_s2();
	test_schema1();
	test_nested_name();
	test_aggregate();
	test_sides();
	test_broken();
	if (!failed)
		printf("ok\n");
	return failed;
}
