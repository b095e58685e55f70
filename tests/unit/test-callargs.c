/*
 * Unit test of sp_callargs, the arguments of a call's slice: source
 * locations per region of a rank (copied: they outlive the rank item;
 * "" and a negative line are none), the per-call numbers of a batch
 * (call ids and GPU times when >= 0, await times of calls in a task),
 * and per-call metadata: the call's element of its row's array,
 * respelled on one line, "{}" as none, "[]" and "" as no metadata; bad
 * metadata (not an array, the wrong number of elements) is an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_callargs.h"
#include "check.h"

static struct sp_row_info rows[4];

static void
setup_rank(struct sp_rank_info *ri, char *file)
{
	memset(ri, 0, sizeof *ri);
	memset(rows, 0, sizeof rows);
	ri->rank = 2;
	ri->nrows = 4;
	ri->rows = rows;
	rows[0].region = 5;
	rows[0].calls = 3;
	rows[0].source_file = file;
	rows[0].has_lineno = 1;
	rows[0].source_lineno = 12;
	rows[0].event_metadata = "[{\"a\": 1.50, \"b\": NaN}, {}, \"x\"]";
	rows[0].event_metadata_len = strlen(rows[0].event_metadata);
	rows[1].region = 1;
	rows[1].calls = 1;
	rows[1].source_file = "";
	rows[1].has_lineno = 1;
	rows[1].source_lineno = -1;
	rows[1].event_metadata = " [ ] ";
	rows[1].event_metadata_len = 5;
	rows[2].region = 2;
	rows[2].calls = 2;
	rows[2].event_metadata = "[{}]";
	rows[2].event_metadata_len = 4;
	rows[3].region = 3;
	rows[3].calls = 1;
	rows[3].event_metadata = "{\"a\": 1}";
	rows[3].event_metadata_len = 8;
}

static void
test_source(void)
{
	struct sp_callargs *a = sp_callargs_new(NULL);
	struct sp_rank_info ri;
	struct sp_trace_args out;
	char file[] = "solver.py";
	struct sp_err e;

	setup_rank(&ri, file);
	CHECK(a != NULL && sp_callargs_rank(a, &ri, &e) == 0, "rank");
	file[0] = 'X';	/* the rank item goes away: the copy stays */
	sp_callargs_source(a, 5, &out);
	CHECK(out.file != NULL && out.file_len == 9 &&
	    memcmp(out.file, "solver.py", 9) == 0 && out.line == 12,
	    "region 5: %.*s:%lld", (int)out.file_len, out.file,
	    (long long)out.line);
	sp_callargs_source(a, 1, &out);
	CHECK(out.file == NULL && out.line < 0, "empty file, line -1: none");
	sp_callargs_source(a, 0, &out);
	CHECK(out.file == NULL && out.line < 0, "a region without a row");
	sp_callargs_source(a, 99, &out);
	CHECK(out.file == NULL && out.line < 0, "a region beyond the rows");
	sp_callargs_free(a);
	sp_callargs_free(NULL);
}

static void
test_meta(void)
{
	struct sp_callargs *a = sp_callargs_new(NULL);
	struct sp_rank_info ri;
	struct sp_trace_args out;
	char file[] = "f";
	struct sp_err e;

	setup_rank(&ri, file);
	CHECK(sp_callargs_rank(a, &ri, &e) == 0, "rank");
	CHECK(sp_callargs_meta(a, 5, 0, &out, &e) == 0 && out.meta != NULL &&
	    out.meta_len == strlen("{\"a\": 1.5, \"b\": null}") &&
	    memcmp(out.meta, "{\"a\": 1.5, \"b\": null}", out.meta_len) == 0,
	    "call 0: %.*s", (int)out.meta_len, out.meta);
	CHECK(sp_callargs_meta(a, 5, 1, &out, &e) == 0 && out.meta == NULL,
	    "call 1: {} is none");
	CHECK(sp_callargs_meta(a, 5, 2, &out, &e) == 0 && out.meta != NULL &&
	    memcmp(out.meta, "\"x\"", 3) == 0, "call 2: a string");
	CHECK(sp_callargs_meta(a, 5, 3, &out, &e) < 0 &&
	    strstr(e.msg, "call 3 has no event metadata") != NULL,
	    "call 3: %s", e.msg);
	CHECK(sp_callargs_meta(a, 1, 0, &out, &e) == 0 && out.meta == NULL,
	    "[ ]: none");
	CHECK(sp_callargs_meta(a, 0, 0, &out, &e) == 0 && out.meta == NULL,
	    "no row: none");
	CHECK(sp_callargs_meta(a, 2, 0, &out, &e) < 0 &&
	    strstr(e.msg, "1 entries for 2 calls") != NULL, "count: %s", e.msg);
	CHECK(sp_callargs_meta(a, 3, 0, &out, &e) < 0 &&
	    strstr(e.msg, "rank 2, region 3: event metadata: not valid JSON: "
	    "expected an array") != NULL, "not an array: %s", e.msg);
	/* a new rank forgets the old one's rows */
	ri.nrows = 1;
	rows[0].region = 1;
	CHECK(sp_callargs_rank(a, &ri, &e) == 0 &&
	    sp_callargs_meta(a, 5, 0, &out, &e) == 0 && out.meta == NULL,
	    "next rank");
	sp_callargs_free(a);
}

static void
test_columns(void)
{
	int64_t call[3] = { 4, -1, 6 }, gpu[3] = { -1, 9, 0 },
	    task[3] = { -1, 2, 0 }, aw[3] = { 0, 33, 0 };
	struct sp_batch b;
	struct sp_trace_args out;

	memset(&b, 0, sizeof b);
	b.n = 3;
	sp_callargs_columns(&b, 0, &out);
	CHECK(out.has == 0, "no columns");
	b.x[SP_X_CALL_ID] = call;
	b.x[SP_X_GPU] = gpu;
	b.x[SP_X_TASK] = task;
	b.x[SP_X_AWAIT] = aw;
	sp_callargs_columns(&b, 0, &out);
	CHECK(out.has == SP_TRACE_CALL_ID && out.call_id == 4, "call 0");
	sp_callargs_columns(&b, 1, &out);
	CHECK(out.has == (SP_TRACE_GPU | SP_TRACE_AWAIT) && out.gpu_ns == 9 &&
	    out.await_ns == 33, "call 1");
	sp_callargs_columns(&b, 2, &out);
	CHECK(out.has == (SP_TRACE_CALL_ID | SP_TRACE_GPU | SP_TRACE_AWAIT) &&
	    out.gpu_ns == 0 && out.await_ns == 0, "call 2");
}

/* sp_callargs_call: the three at once, as the three give them. */
static void
test_call(void)
{
	struct sp_callargs *a = sp_callargs_new(NULL);
	struct sp_rank_info ri;
	struct sp_trace_args one, all;
	uint32_t region[3] = { 5, 1, 9 };
	int64_t call[3] = { 0, 0, 0 }, ids[3] = { 3, 4, 5 };
	struct sp_batch b;
	char file[] = "s.py";
	struct sp_err e;
	size_t i;

	setup_rank(&ri, file);
	sp_callargs_rank(a, &ri, &e);
	memset(&b, 0, sizeof b);
	b.n = 3;
	b.region = region;
	b.call = call;
	b.x[SP_X_CALL_ID] = ids;
	for (i = 0; i < 3; i++) {
		memset(&one, 0x55, sizeof one);
		memset(&all, 0xaa, sizeof all);
		sp_callargs_source(a, region[i], &one);
		sp_callargs_columns(&b, i, &one);
		CHECK(sp_callargs_meta(a, region[i], call[i], &one, &e) == 0 &&
		    sp_callargs_call(a, &b, i, &all, &e) == 0, "call %zu", i);
		CHECK(one.file == all.file && one.file_len == all.file_len &&
		    one.line == all.line && one.has == all.has &&
		    one.call_id == all.call_id && one.meta_len == all.meta_len &&
		    (one.meta == NULL) == (all.meta == NULL), "call %zu: the "
		    "same", i);
	}
	sp_callargs_free(a);
}

int
main(void)
{
	test_call();
	test_source();
	test_meta();
	test_columns();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
