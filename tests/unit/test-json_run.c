/*
 * Unit test of sp_json_run: a JSON profile's top-level keys made the
 * source's run.  The keys known by name; the format and its version
 * checked, with read_json's messages; the defaults of missing keys; the
 * region table by first appearance or from sp_region_names; the rows
 * put in rank, region order (two of one region and rank refused), or in
 * sp_row_order's; the metadata's label; sp-json's extension keys.
 */
#include <stdio.h>
#include <string.h>

#include "sp_json_row.h"
#include "sp_json_run.h"
#include "jvaltext.h"
#include "check.h"

/*
 * Rows (each {"name", "rank"} with 2 calls), then the top-level object
 * top: the run as text, or "ERR message".
 */
static void
finish(const char *const *rows, const char *top, char *out, size_t cap)
{
	struct sp_jvalue *t[SP_JSON_TOP_COUNT] = { NULL }, *o = jv(top);
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);
	size_t i, len;

	for (i = 0; rows[i] != NULL; i++) {
		struct sp_jvalue *r = jv(rows[i]);
		struct sp_json_source_cols c;

		memset(&c, 0, sizeof c);
		c.have = 3;
		c.n[0] = c.n[1] = 2;
		if (sp_json_row_add(s, r, &c, &e) < 0)
			printf("FAIL row %s: %s\n", rows[i], e.msg);
		sp_jvalue_free(r);
	}
	/* the object's values by their key's index; o keeps them */
	for (i = 0; i < o->nk; i++)
		t[sp_json_top_index(o->key[i], o->klen[i])] = o->kid[i];
	t[SP_JSON_TOP_UNKNOWN] = NULL;
	if (sp_json_run_finish(s, t, &e) < 0) {
		snprintf(out, cap, "ERR %s", e.msg);
	} else {
		snprintf(out, cap, "regions");
		for (i = 0; i < s->src.nregions; i++) {
			len = strlen(out);
			snprintf(out + len, cap - len, " %s", s->src.names[i]);
		}
		len = strlen(out);
		snprintf(out + len, cap - len, "; rows");
		for (i = 0; i < s->src.nrows; i++) {
			len = strlen(out);
			snprintf(out + len, cap - len, " %u:%u",
			    s->src.rows[i].rank, s->src.rows[i].region);
		}
		len = strlen(out);
		snprintf(out + len, cap - len, "; ranks %u, events %d, %s, "
		    "schema %lld, xmask %#x, label %s, metadata %zu bytes",
		    s->src.num_ranks, s->src.event_data, s->src.layout,
		    (long long)s->src.schema, s->src.xmask,
		    s->src.label != NULL ? s->src.label : "-",
		    s->src.metadata_len);
	}
	sp_jvalue_free(o);
	sp_source_free(&s->src);
}

#define FMT "\"format\": \"scope-profiler-profile\""

static void
expect(const char *const *rows, const char *top, const char *want)
{
	char got[2048];

	finish(rows, top, got, sizeof got);
	CHECK(strcmp(got, want) == 0, "%s:\n  got  %s\n  want %s", top, got,
	    want);
}

static void
test_keys(void)
{
	static const char *const keys[] = { "format", "format_version",
		"num_ranks", "event_data_available", "metadata", "threads",
		"tasks", "storage_layout", "scope_profiler_schema",
		"sp_region_names", "sp_event_columns", "sp_side_payloads",
		"sp_row_order" };
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		CHECK(sp_json_top_index(keys[i], strlen(keys[i])) ==
		    (enum sp_json_top)i, "%s: %d", keys[i],
		    (int)sp_json_top_index(keys[i], strlen(keys[i])));
	for (i = 0; i < SP_SIDEJSON_NKINDS; i++)
		CHECK(sp_json_top_index(sp_sidejson_kinds[i].name,
		    strlen(sp_sidejson_kinds[i].name)) ==
		    (enum sp_json_top)(SP_JSON_TOP_SIDE + i), "side key %zu",
		    i);
	CHECK(sp_json_top_index("regions", 7) == SP_JSON_TOP_UNKNOWN &&
	    sp_json_top_index("format", 5) == SP_JSON_TOP_UNKNOWN &&
	    sp_json_top_index("formats", 7) == SP_JSON_TOP_UNKNOWN,
	    "keys not read");
}

static void
test_format(void)
{
	static const char *const none[] = { NULL };

	expect(none, "{}", "ERR p.json: not a scope-profiler JSON profile "
	    "(written by sp-json, `scope-profiler export json` or `-o "
	    "<name>.json`)");
	expect(none, "{\"format\": \"other\"}", "ERR p.json: not a "
	    "scope-profiler JSON profile (written by sp-json, `scope-profiler "
	    "export json` or `-o <name>.json`)");
	expect(none, "{" FMT ", \"format_version\": 2}", "ERR p.json: uses "
	    "JSON profile format version 2; this sp reads versions through 1. "
	    "Upgrade sp to read this file.");
	expect(none, "{" FMT ", \"format_version\": \"7\"}", "ERR p.json: "
	    "uses JSON profile format version 7; this sp reads versions "
	    "through 1. Upgrade sp to read this file.");
	expect(none, "{" FMT ", \"format_version\": 1e999}", "ERR p.json: "
	    "uses JSON profile format version 9223372036854775807; this sp "
	    "reads versions through 1. Upgrade sp to read this file.");
	/* int() of 1.9 is 1; true is 1; no version is 0 */
	expect(none, "{" FMT ", \"format_version\": 1.9}", "regions; rows; "
	    "ranks 0, events 1, columnar, schema 0, xmask 0, label -, "
	    "metadata 1 bytes");
	expect(none, "{" FMT ", \"format_version\": true}", "regions; rows; "
	    "ranks 0, events 1, columnar, schema 0, xmask 0, label -, "
	    "metadata 1 bytes");
}

static void
test_rows(void)
{
	static const char *const rows[] = {
		"{\"name\": \"b\", \"rank\": 1}", "{\"name\": \"a\", \"rank\": 0}",
		"{\"name\": \"b\", \"rank\": 0}", NULL,
	};
	static const char *const twice[] = {
		"{\"name\": \"a\", \"rank\": 0}", "{\"name\": \"a\", \"rank\": 0}",
		NULL,
	};

	expect(rows, "{" FMT "}", "regions b a; rows 0:0 0:1 1:0; ranks 0, "
	    "events 1, columnar, schema 0, xmask 0, label -, metadata 1 bytes");
	expect(rows, "{" FMT ", \"sp_region_names\": [\"z\", \"a\", \"b\"]}",
	    "regions z a b; rows 0:1 0:2 1:2; ranks 0, events 1, columnar, "
	    "schema 0, xmask 0, label -, metadata 1 bytes");
	expect(rows, "{" FMT ", \"sp_region_names\": [\"a\"]}",
	    "ERR p.json: region 'b' is not in sp_region_names");
	expect(twice, "{" FMT "}", "ERR p.json: two rows for region 'a' "
	    "rank 0");
	/* rank 0's rows as listed; rank 1 not listed: region order */
	expect(rows, "{" FMT ", \"sp_row_order\": {\"0\": [1, 0]}}",
	    "regions b a; rows 0:1 0:0 1:0; ranks 0, events 1, columnar, "
	    "schema 0, xmask 0, label -, metadata 1 bytes");
	expect(rows, "{" FMT ", \"sp_row_order\": {\"0\": [1]}}",
	    "ERR p.json: sp_row_order of rank 0 does not list the rank's "
	    "rows");
}

static void
test_fields(void)
{
	static const char *const none[] = { NULL };

	expect(none, "{" FMT ", \"num_ranks\": 4, \"event_data_available\": "
	    "false, \"storage_layout\": \"aggregate\", "
	    "\"scope_profiler_schema\": 3, \"sp_event_columns\": [\"call_ids\", "
	    "\"await_ns\", \"start_times_ns\", 5], \"metadata\": {\"label\": "
	    "\"L\", \"k\": 1}, \"unknown\": [1]}",
	    "regions; rows; ranks 4, events 0, aggregate, schema 3, xmask "
	    "0x22, label L, metadata 12 bytes");
	/* a label that is empty or no string is none */
	expect(none, "{" FMT ", \"num_ranks\": -1, \"metadata\": {\"label\": "
	    "\"\"}}", "regions; rows; ranks 0, events 1, columnar, schema 0, "
	    "xmask 0, label -, metadata 8 bytes");
	expect(none, "{" FMT ", \"metadata\": [1]}", "regions; rows; ranks "
	    "0, events 1, columnar, schema 0, xmask 0, label -, metadata 1 "
	    "bytes");
}

int
main(void)
{
	test_keys();
	test_format();
	test_rows();
	test_fields();
	return failed != 0;
}
