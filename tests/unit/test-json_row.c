/*
 * Unit test of sp_json_row: a region row of a JSON profile, its keys as
 * values (jvaltext.h) and its columns' places, made a row of the source:
 * name, rank, source location, tags, exclusive total, aggregate and
 * summary statistics, event metadata text; and the rows refused, each
 * with the message that names it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sp_json_row.h"
#include "jvaltext.h"
#include "check.h"

/* Columns of n values each for the bits of have (start, end, x...). */
static struct sp_json_source_cols
cols(unsigned have, uint64_t n, uint64_t odd_col, uint64_t odd_n)
{
	struct sp_json_source_cols c;
	int k;

	memset(&c, 0, sizeof c);
	c.have = have;
	for (k = 0; k < SP_JSON_NCOLS; k++)
		if ((have >> k) & 1)
			c.n[k] = (uint64_t)k == odd_col ? odd_n : n;
	return c;
}

/* Add the row; "" or the message. */
static const char *
add(struct sp_json_source *s, const char *row, struct sp_json_source_cols c)
{
	static struct sp_err e;
	struct sp_jvalue *v = jv(row);
	int rc;

	sp_err_clear(&e);
	rc = sp_json_row_add(s, v, &c, &e);
	sp_jvalue_free(v);
	return rc == 0 ? "" : e.msg;
}

static void
test_rows(struct sp_json_source *s)
{
	const struct sp_row_info *ri;
	const char *m;

	m = add(s, "{\"name\": \"a\", \"rank\": 2, \"source_file\": \"x.py\", "
	    "\"source_lineno\": 12, \"source_text\": \"def a():\", \"tags\": "
	    "[\"t1\", \"t2\"], \"exclusive_total_ns\": 40, \"rank\": 3}",
	    cols(3 | 1u << (2 + SP_X_THREAD), 5, 99, 0));
	CHECK(*m == '\0', "row a: %s", m);
	ri = &s->src.rows[0].info;
	/* a repeated key: the last one, as json.loads */
	CHECK(s->src.nrows == 1 && s->src.rows[0].rank == 3 &&
	    s->src.rows[0].count == 5 && ri->calls == 5 && ri->region == 0,
	    "row a's place: rank %u, %llu calls", s->src.rows[0].rank,
	    (unsigned long long)s->src.rows[0].count);
	CHECK(ri->source_file != NULL && strcmp(ri->source_file, "x.py") == 0 &&
	    ri->has_lineno && ri->source_lineno == 12 && ri->source_text !=
	    NULL && strcmp(ri->source_text, "def a():") == 0, "row a's source");
	CHECK(ri->ntags == 2 && strcmp(ri->tags[1], "t2") == 0 &&
	    ri->has_exclusive && ri->exclusive_ns == 40 &&
	    ri->xmask == 1u << SP_X_THREAD && !ri->has_aggregate,
	    "row a's tags, exclusive total, columns");

	m = add(s, "{\"name\": \"b\", \"rank\": 0, \"exclusive_total_ns\": -1, "
	    "\"aggregate\": {\"count\": 4, \"total\": 100, \"minimum\": 5, "
	    "\"maximum\": 50, \"exclusive\": 60}, \"event_metadata_json\": "
	    "\"[1]\"}", cols(0, 0, 99, 0));
	ri = &s->src.rows[1].info;
	CHECK(*m == '\0' && ri->has_aggregate && ri->agg_count == 4 &&
	    ri->agg_total == 100 && ri->agg_maximum == 50 &&
	    ri->agg_exclusive == 60 && s->src.rows[1].count == 0 &&
	    !ri->has_exclusive && ri->region == 1, "row b, aggregate: %s", m);
	/* an aggregate row has no calls, nor their metadata */
	CHECK(s->cols[1].has_ev == 0, "row b's event metadata kept");

	m = add(s, "{\"name\": \"a\", \"rank\": 0, \"summary_statistics\": "
	    "{\"total\": 9, \"minimum\": 1, \"maximum\": 5, \"first\": 10, "
	    "\"last\": 90, \"gpu_count\": 2, \"mean\": 4.5, \"m2\": 0.25}, "
	    "\"event_metadata_json\": \"[{\\\"k\\\": 1}]\"}",
	    cols(3, 2, 99, 0));
	ri = &s->src.rows[2].info;
	CHECK(*m == '\0' && ri->region == 0 && ri->has_summary &&
	    ri->summary.total == 9 && ri->summary.last == 90 &&
	    ri->summary.gpu_count == 2 && ri->summary.mean == 4.5 &&
	    ri->summary.m2 == 0.25, "row a again, summary: %s", m);
	CHECK(s->cols[2].has_ev && s->cols[2].ev_len == 10, "its event "
	    "metadata's text: %llu bytes", (unsigned long long)s->cols[2].ev_len);
	CHECK(s->src.xmask == 1u << SP_X_THREAD, "the source's columns");
}

static void
test_refused(struct sp_json_source *s)
{
	static const struct {
		const char *row;
		unsigned have;
		uint64_t odd_col, odd_n;
		const char *msg;
	} c[] = {
		{ "{\"rank\": 0}", 3, 99, 0,
		  "p.json: regions[3]: a row without a name" },
		{ "{\"name\": 5, \"rank\": 0}", 3, 99, 0,
		  "p.json: regions[3]: a row without a name" },
		{ "{\"name\": \"c\"}", 3, 99, 0,
		  "p.json: region 'c': a row without a valid rank" },
		{ "{\"name\": \"c\", \"rank\": -1}", 3, 99, 0,
		  "p.json: region 'c': a row without a valid rank" },
		{ "{\"name\": \"c\", \"rank\": 4294967296}", 3, 99, 0,
		  "p.json: region 'c': a row without a valid rank" },
		{ "{\"name\": \"c\", \"rank\": \"0\"}", 3, 99, 0,
		  "p.json: region 'c': a row without a valid rank" },
		{ "{\"name\": \"c\", \"rank\": 0}", 1, 99, 0,
		  "p.json: region 'c': a row without both start_times_ns and "
		  "end_times_ns" },
		{ "{\"name\": \"c\", \"rank\": 0}", 2 | 1u << 3, 99, 0,
		  "p.json: region 'c': a row without both start_times_ns and "
		  "end_times_ns" },
		{ "{\"name\": \"c\", \"rank\": 1}", 3 | 1u << 2, 2, 2,
		  "p.json: region 'c' rank 1: gpu_durations_ns holds 2 values, "
		  "start_times_ns 3" },
		{ "{\"name\": \"c\", \"rank\": 1}", 3, 1, 4,
		  "p.json: region 'c' rank 1: end_times_ns holds 4 values, "
		  "start_times_ns 3" },
	};
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		const char *m = add(s, c[i].row, cols(c[i].have, 3, c[i].odd_col,
		    c[i].odd_n));

		CHECK(strcmp(m, c[i].msg) == 0, "%s:\n  got  %s\n  want %s",
		    c[i].row, m, c[i].msg);
	}
	/* a name with a NUL in it (YAJL's tree would cut it there) */
	{
		struct sp_jvalue *row = jv("{\"rank\": 0}");
		struct sp_json_source_cols k = cols(3, 3, 99, 0);
		struct sp_err e;

		sp_jvalue_append(row, jv_dup("name"), 4,
		    sp_jvalue_new_text(SP_JSTR, "n\0x", 3));
		CHECK(sp_json_row_add(s, row, &k, &e) == -1 &&
		    strcmp(e.msg, "p.json: regions[3]: the name 'n\\u0000...' "
		    "holds a NUL character, which a region name cannot (nor "
		    "can HDF5's)") == 0, "a NUL in the name: %s", e.msg);
		sp_jvalue_free(row);
	}
	CHECK(s->src.nrows == 3, "refused rows counted: %zu", s->src.nrows);
	/* a row refused for its columns has its name in the table still */
	CHECK(s->nnames == 3 && strcmp(s->names[2], "c") == 0, "names: %zu",
	    s->nnames);
}

int
main(void)
{
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);

	if (s == NULL) {
		printf("FAIL setup: %s\n", e.msg);
		return 1;
	}
	test_rows(s);
	test_refused(s);
	sp_source_free(&s->src);
	return failed != 0;
}
