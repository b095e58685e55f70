/*
 * Unit test of the native-trace reader (sp_spt.h): traces built here byte
 * by byte, in both versions and byte orders, read as images and as the
 * rank files of one run (written to $TMPDIR): the run, its region table,
 * rows and calls through the source's ops, its metadata; the later of two
 * records of a name; and the message for each kind of damage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_spt.h"
#include "check.h"

/* A trace being built: its bytes, and the byte order of its integers. */
struct img {
	unsigned char *p;
	size_t n, cap;
	int big;
};

static void
put(struct img *m, const void *p, size_t n)
{
	if (m->n + n > m->cap) {
		m->cap = (m->n + n) * 2;
		if ((m->p = realloc(m->p, m->cap)) == NULL)
			abort();
	}
	memcpy(m->p + m->n, p, n);
	m->n += n;
}

static void
put_int(struct img *m, uint64_t v, size_t width)
{
	unsigned char b[8];
	size_t i;

	for (i = 0; i < width; i++)
		b[m->big ? width - 1 - i : i] = (unsigned char)(v >> (8 * i));
	put(m, b, width);
}

static void
header(struct img *m, int version, int32_t rank, int64_t nregions)
{
	put(m, "SCOPEPRF", 8);
	put_int(m, (uint32_t)version, 4);
	put_int(m, (uint32_t)rank, 4);
	put_int(m, (uint64_t)nregions, 8);
}

/* A record: v2 when src is not NULL ("" unknown); c calls from t0. */
static void
record(struct img *m, const char *name, const char *src, int32_t line,
    size_t c, int64_t t0)
{
	size_t i;

	put_int(m, strlen(name), 4);
	put(m, name, strlen(name));
	if (src != NULL) {
		put_int(m, strlen(src), 4);
		put(m, src, strlen(src));
		put_int(m, (uint32_t)line, 4);
	}
	put_int(m, c, 8);
	for (i = 0; i < c; i++)
		put_int(m, (uint64_t)(t0 + 10 * (int64_t)i), 8);
	for (i = 0; i < c; i++)
		put_int(m, (uint64_t)(t0 + 10 * (int64_t)i + 5), 8);
}

static struct sp_source *
open_img(const struct img *m, size_t cut, struct sp_err *e)
{
	return sp_spt_open_image(m->p, cut > 0 && cut < m->n ? cut : m->n,
	    "t.spt", e);
}

/* Calls [off, off + n) of a row, checked against t0 + 10 k (+ 5). */
static void
check_calls(struct sp_source *s, size_t row, uint64_t off, size_t n,
    int64_t t0)
{
	int64_t *a = malloc((n + 1) * 8), *b = malloc((n + 1) * 8);
	int64_t *none[SP_X_COUNT] = { 0 };
	struct sp_err e;
	size_t i, bad = 0;

	CHECK(a != NULL && b != NULL, "memory");
	if (s->ops->read(s, row, off, n, a, b, none, &e) < 0) {
		CHECK(0, "row %zu: %s", row, e.msg);
	} else {
		for (i = 0; i < n; i++)
			bad += a[i] != t0 + 10 * (int64_t)(off + i) ||
			    b[i] != a[i] + 5;
		CHECK(bad == 0, "row %zu off %llu: %zu wrong calls", row,
		    (unsigned long long)off, bad);
	}
	free(a);
	free(b);
}

static void
test_versions(void)
{
	/* {"source": "native", "trace_format_version": 2, "start_time_ns": 10} */
	static const unsigned char md[] = { 0xa3, 0x66, 's', 'o', 'u', 'r',
		'c', 'e', 0x66, 'n', 'a', 't', 'i', 'v', 'e', 0x74, 't', 'r',
		'a', 'c', 'e', '_', 'f', 'o', 'r', 'm', 'a', 't', '_', 'v', 'e',
		'r', 's', 'i', 'o', 'n', 0x02, 0x6d, 's', 't', 'a', 'r', 't',
		'_', 't', 'i', 'm', 'e', '_', 'n', 's', 0x0a };
	int version, big;

	for (version = 1; version <= 2; version++)
		for (big = 0; big <= 1; big++) {
			struct img m = { NULL, 0, 0, big };
			const char *src = version == 2 ? "solver.c" : NULL;
			struct sp_source *s;
			struct sp_err e;

			header(&m, version, 4, 2);
			record(&m, "solve", src, 7, 3, 30);
			record(&m, "io", version == 2 ? "" : NULL, -1, 2, 10);
			if ((s = open_img(&m, 0, &e)) == NULL) {
				CHECK(0, "v%d big %d: %s", version, big, e.msg);
				free(m.p);
				continue;
			}
			CHECK(s->nregions == 2 && strcmp(s->names[0], "solve") ==
			    0 && strcmp(s->names[1], "io") == 0 &&
			    s->nrows == 2 && s->num_ranks == 1 &&
			    s->rows[0].rank == 4 && s->rows[0].count == 3 &&
			    s->rows[1].region == 1 && s->rows[1].count == 2,
			    "v%d big %d: the run", version, big);
			CHECK(strcmp(s->label, "native_trace") == 0 &&
			    strcmp(s->source_format, "spt") == 0 &&
			    strcmp(s->layout, "native") == 0 && !s->delta &&
			    s->xmask == 0, "v%d: the source", version);
			CHECK(version == 1 ? s->rows[0].info.source_file ==
			    NULL && !s->rows[0].info.has_lineno :
			    strcmp(s->rows[0].info.source_file, "solver.c") ==
			    0 && s->rows[0].info.source_lineno == 7 &&
			    s->rows[1].info.source_file == NULL &&
			    !s->rows[1].info.has_lineno, "v%d: locations",
			    version);
			CHECK(s->metadata_len == sizeof md && memcmp(s->metadata,
			    md, sizeof md) == 0, "v%d: metadata", version);
			check_calls(s, 0, 0, 3, 30);
			check_calls(s, 0, 1, 2, 30);
			check_calls(s, 1, 0, 2, 10);
			sp_source_free(s);
			free(m.p);
		}
}

/* A name recorded twice: one row, in the first's place, the later calls. */
static void
test_records(void)
{
	struct img m = { NULL, 0, 0, 0 };
	struct sp_source *s;
	struct sp_err e;

	header(&m, 1, 0, 4);
	record(&m, "a", NULL, 0, 1, 100);
	record(&m, "idle", NULL, 0, 0, 0);
	record(&m, "b", NULL, 0, 1, 5);
	record(&m, "a", NULL, 0, 2, 500);
	if ((s = open_img(&m, 0, &e)) == NULL) {
		CHECK(0, "records: %s", e.msg);
	} else {
		CHECK(s->nrows == 3 && s->rows[0].region == 0 &&
		    s->rows[0].count == 2 && s->rows[1].count == 0 &&
		    s->rows[2].region == 2, "records: rows");
		check_calls(s, 0, 0, 2, 500);
		/* the earliest first start, 5 */
		CHECK(s->metadata[s->metadata_len - 1] == 0x05, "start_time_ns");
	}
	sp_source_free(s);
	free(m.p);
}

/* Each kind of damage, and its message (doc/formats.md, "Native traces"). */
static void
test_errors(void)
{
	static const struct {
		int version, rank;
		int64_t nregions;
		size_t cut;	/* 0: whole */
		const char *tail, *want;
	} cases[] = {
		{ 1, 0, 1, 20, "", "t.spt: too short to be a trace file" },
		{ 3, 0, 1, 0, "", "t.spt: unsupported trace format version 3 "
		    "(this sp reads versions 1 and 2)" },
		{ 2, 0, 1, 30, "", "t.spt: truncated trace file (offset must "
		    "be non-negative and no greater than buffer length (30))" },
		{ 1, 0, 1, 40, "", "t.spt: truncated trace file (buffer is "
		    "smaller than requested size)" },
		{ 1, 0, 1, 0, "xyz", "t.spt: 3 trailing byte(s) after the last "
		    "region" },
		/* R = 2, one record: the next name length is at the end */
		{ 1, 0, 2, 0, "", "t.spt: truncated trace file (buffer is "
		    "smaller than requested size)" },
		{ 1, -2, 1, 0, "", "t.spt: damaged trace file: a negative rank "
		    "(-2) in its header" },
		{ 1, 0, -7, 24, "", NULL },	/* no regions: fine */
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct img m = { NULL, 0, 0, 0 };
		struct sp_source *s;
		struct sp_err e;

		header(&m, cases[i].version, cases[i].rank, cases[i].nregions);
		record(&m, "solve", cases[i].version == 2 ? "solver.c" : NULL,
		    7, 3, 10);
		put(&m, cases[i].tail, strlen(cases[i].tail));
		sp_err_clear(&e);
		s = open_img(&m, cases[i].cut, &e);
		if (cases[i].want == NULL)
			CHECK(s != NULL && s->nrows == 0 &&
			    s->nextra_ranks == 1, "case %zu: %s", i, e.msg);
		else
			CHECK(s == NULL && e.status == SP_EDATA &&
			    strcmp(e.msg, cases[i].want) == 0,
			    "case %zu: '%s'", i, e.msg);
		sp_source_free(s);
		free(m.p);
	}
}

/* The trace m, written to a file of $TMPDIR: its path in path. */
static void
write_tmp(const struct img *m, char *path, size_t size, const char *name)
{
	const char *tmp = getenv("TMPDIR");
	FILE *f;

	snprintf(path, size, "%s/test-spt-%ld-%s", tmp != NULL ? tmp : "/tmp",
	    (long)getpid(), name);
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(m->p, 1, m->n, f) != m->n || fclose(f) != 0)
		abort();
}

/*
 * Three rank files as one run: rows by rank, regions by first
 * appearance, the empty file's rank counted; a row of 200000 calls read
 * in chunks across files; two files of one rank refused.
 */
static void
test_parts(void)
{
	struct img m[3] = { { NULL, 0, 0, 0 }, { NULL, 0, 0, 1 },
		{ NULL, 0, 0, 0 } };
	char p[4][4096];
	const char *paths[4];
	struct sp_source *s;
	struct sp_err e;
	uint64_t off;
	size_t i;

	header(&m[0], 1, 2, 2);
	record(&m[0], "solve", NULL, 0, 200000, 1000);
	record(&m[0], "io", NULL, 0, 1, 7);
	header(&m[1], 2, 0, 5000);
	for (i = 0; i < 5000; i++) {
		char name[16];

		snprintf(name, sizeof name, "r%zu", i);
		record(&m[1], name, "src.c", (int32_t)i, i % 3, 100);
	}
	header(&m[2], 1, 9, 0);
	for (i = 0; i < 3; i++) {
		write_tmp(&m[i], p[i], sizeof p[i], i == 0 ? "a" : i == 1 ?
		    "b" : "c");
		paths[i] = p[i];
	}
	if ((s = sp_spt_open(paths, 3, &e)) == NULL) {
		CHECK(0, "parts: %s", e.msg);
	} else {
		/* a is read first: solve 0, io 1, then b's r0 2 ... */
		CHECK(s->num_ranks == 3 && s->nregions == 5002 &&
		    s->nrows == 5002 && s->rows[0].rank == 0 &&
		    s->rows[0].region == 2 && s->rows[4999].rank == 0 &&
		    s->rows[5000].rank == 2 && s->rows[5000].region == 0 &&
		    strcmp(s->names[0], "solve") == 0 &&
		    strcmp(s->names[5001], "r4999") == 0 &&
		    s->rows[5001].region == 1 && s->nextra_ranks == 1 &&
		    s->extra_ranks[0] == 9,
		    "parts: the run");
		CHECK(strcmp(s->rows[4].file, p[1]) == 0 &&
		    strcmp(s->rows[5000].file, p[0]) == 0, "parts: files");
		for (off = 0; off < 200000; off += 65536)
			check_calls(s, 5000, off, 200000 - off < 65536 ?
			    (size_t)(200000 - off) : 65536, 1000);
		check_calls(s, 4, 0, 1, 100);
		check_calls(s, 5000, 199999, 1, 1000);
	}
	sp_source_free(s);
	write_tmp(&m[1], p[3], sizeof p[3], "d");
	paths[3] = p[3];
	s = sp_spt_open(paths + 1, 3, &e);
	CHECK(s == NULL && strstr(e.msg, "both claim rank 0; pass the MPI "
	    "rank to sp_init()") != NULL && strncmp(e.msg, p[3],
	    strlen(p[3])) == 0, "duplicate rank: %s", e.msg);
	sp_source_free(s);
	for (i = 0; i < 4; i++)
		unlink(p[i]);
	for (i = 0; i < 3; i++)
		free(m[i].p);
}

int
main(void)
{
	test_versions();
	test_records();
	test_errors();
	test_parts();
	if (failed)
		return 1;
	printf("spt: ok\n");
	return 0;
}
