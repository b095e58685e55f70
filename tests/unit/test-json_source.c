/*
 * Unit test of sp_json_source: the struct sp_source a JSON profile
 * becomes.  Messages name the document (<stdin> for "-"); region ids in
 * the order names first appear, names compared by their bytes; rows
 * whose columns wait on the temporary file, read back by offset, with
 * the columns a row lacks given their defaults (-1, and 0 for await);
 * event metadata handed out with its rank's tables; side payloads by
 * rank.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_json_source.h"
#include "check.h"

static void
test_names(void)
{
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("-", NULL, &e);
	char *k;

	CHECK(s != NULL, "new: %s", e.msg);
	if (s == NULL)
		return;
	CHECK(sp_json_source_fail(s, &e, SP_EDATA, "row %d: bad", 3) == -1 &&
	    e.status == SP_EDATA && strcmp(e.msg, "<stdin>: row 3: bad") == 0,
	    "fail: '%s'", e.msg);
	CHECK(strcmp(s->src.source_format, "json") == 0 && s->src.event_data,
	    "the source's defaults");
	CHECK(sp_json_source_region(s, "a", 1) == 0 &&
	    sp_json_source_region(s, "b", 1) == 1 &&
	    sp_json_source_region(s, "a", 1) == 0 &&
	    sp_json_source_region(s, "a\0b", 3) == 2 &&
	    sp_json_source_region(s, "ab", 1) == 0 &&
	    sp_json_source_region(s, "", 0) == 3, "region ids");
	CHECK(s->nnames == 4 && strcmp(s->names[1], "b") == 0 &&
	    s->lens[2] == 3 && memcmp(s->names[2], "a\0b", 4) == 0,
	    "the names kept");
	k = sp_json_source_keep(s, "xyz", 2);
	CHECK(k != NULL && strcmp(k, "xy") == 0, "keep");
	sp_source_free(&s->src);
}

/* n values of v on the source's file, where they went in c. */
static void
put_column(struct sp_json_source *s, struct sp_json_source_cols *c, int col,
    const int64_t *v, uint64_t n)
{
	struct sp_err e;

	CHECK(sp_spill_file_append(s->tmp, v, n * 8, &c->off[col], &e) == 0,
	    "append: %s", e.msg);
	c->n[col] = n;
	c->have |= 1u << col;
}

static int
emit(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	char *out = ctx;

	(void)e;
	snprintf(out + strlen(out), 256 - strlen(out), "%s:%.*s;", kind,
	    (int)n, (const char *)p);
	return 0;
}

static void
test_rows(void)
{
	static const int64_t starts[4] = { 10, 20, 30, 40 }, ends[4] = { 15,
		25, 35, 45 }, ids[4] = { 7, 8, 9, 10 };
	static const char ev[] = "[{\"k\": 1}]";
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);
	struct sp_source_row *r;
	struct sp_json_source_cols c;
	struct sp_rank_info info;
	int64_t a[2], b[2], gpu[2], call[2], await[2];
	int64_t *x[SP_X_COUNT] = { NULL };
	char sides[256] = "";

	CHECK(s != NULL, "new: %s", e.msg);
	if (s == NULL)
		return;
	/* row 0: rank 1, with call ids and event metadata */
	memset(&c, 0, sizeof c);
	put_column(s, &c, 0, starts, 4);
	put_column(s, &c, 1, ends, 4);
	put_column(s, &c, 2 + SP_X_CALL_ID, ids, 4);
	CHECK(sp_spill_file_append(s->tmp, ev, sizeof ev - 1, &c.ev_off, &e) == 0,
	    "%s", e.msg);
	c.ev_len = sizeof ev - 1;
	c.has_ev = 1;
	r = sp_json_source_next_row(s);
	r->rank = 1;
	r->count = 4;
	r->info.xmask = 1u << SP_X_CALL_ID;
	sp_json_source_add_row(s, &c);
	/* row 1: rank 0, times only */
	memset(&c, 0, sizeof c);
	put_column(s, &c, 0, starts + 2, 2);
	put_column(s, &c, 1, ends + 2, 2);
	r = sp_json_source_next_row(s);
	r->count = 2;
	sp_json_source_add_row(s, &c);
	CHECK(s->src.nrows == 2 && s->src.rows[1].offset == 1 &&
	    s->src.xmask == 1u << SP_X_CALL_ID, "rows: %zu, xmask %#x",
	    s->src.nrows, s->src.xmask);

	x[SP_X_GPU] = gpu;
	x[SP_X_CALL_ID] = call;
	x[SP_X_AWAIT] = await;
	CHECK(s->src.ops->read(&s->src, 0, 1, 2, a, b, x, &e) == 0, "%s",
	    e.msg);
	CHECK(a[0] == 20 && a[1] == 30 && b[0] == 25 && b[1] == 35 &&
	    call[0] == 8 && call[1] == 9, "row 0, calls 1-2: %lld %lld %lld",
	    (long long)a[0], (long long)b[1], (long long)call[1]);
	CHECK(gpu[0] == -1 && gpu[1] == -1 && await[0] == 0 && await[1] == 0,
	    "the defaults of columns not given");
	CHECK(s->src.ops->read(&s->src, 1, 0, 2, a, b, x, &e) == 0 &&
	    a[0] == 30 && b[1] == 45 && call[0] == -1, "row 1");

	/* the event metadata comes with its rank's tables */
	memset(&info, 0, sizeof info);
	CHECK(s->src.ops->tables(&s->src, 1, &info, &e) == 0, "%s", e.msg);
	CHECK(s->src.rows[0].info.event_metadata != NULL &&
	    strcmp(s->src.rows[0].info.event_metadata, ev) == 0 &&
	    s->src.rows[0].info.event_metadata_len == sizeof ev - 1 &&
	    !info.has_threads && !info.has_tasks, "rank 1's tables");
	CHECK(s->src.ops->tables(&s->src, 0, &info, &e) == 0 &&
	    s->src.rows[0].info.event_metadata == NULL, "rank 0's tables");

	CHECK(sp_json_source_add_side(s, 1, "likwid", (const uint8_t *)"L1",
	    2) ==
	    0 && sp_json_source_add_side(s, 0, "perf", (const uint8_t *)"P",
	    1) ==
	    0 && sp_json_source_add_side(s, 1, "line", (const uint8_t *)"",
	    0) ==
	    0, "sides");
	CHECK(s->src.ops->sides(&s->src, 1, emit, sides, &e) == 0 &&
	    strcmp(sides, "likwid:L1;line:;") == 0, "rank 1's sides: %s",
	    sides);
	sp_source_free(&s->src);
}

int
main(void)
{
	test_names();
	test_rows();
	return failed != 0;
}
