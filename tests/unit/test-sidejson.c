/*
 * Unit test of the side-payload schema (sp_sidejson.h) and the JSON
 * value model it reads (sp_jvalue.h): an image written as the
 * document's value and made back is the same image, byte for byte; a
 * value as sp-json writes it made an image and written again is the
 * same text; the defaults of missing fields both ways; values of the
 * wrong shape; the sp_side_payloads entries; and the value model's
 * conversions and builder.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_tree.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"
#include "sp_json_emit.h"
#include "sp_jvalue.h"
#include "sp_sidejson.h"
#include "check.h"
#include "membuf.h"

/* --- JSON text in, JSON text out --- */

static struct sp_jvalue *
of_yajl(yajl_val y)
{
	struct sp_jvalue *v = NULL;
	size_t i;

	if (YAJL_IS_STRING(y))
		return sp_jvalue_new_text(SP_JSTR, y->u.string,
		    strlen(y->u.string));
	if (YAJL_IS_NUMBER(y))
		return sp_jvalue_new_text(SP_JNUM, YAJL_GET_NUMBER(y),
		    strlen(YAJL_GET_NUMBER(y)));
	if (YAJL_IS_TRUE(y) || YAJL_IS_FALSE(y)) {
		if ((v = sp_jvalue_new(SP_JBOOL)) != NULL)
			v->b = YAJL_IS_TRUE(y);
		return v;
	}
	if (YAJL_IS_NULL(y))
		return sp_jvalue_new(SP_JNULL);
	if (YAJL_IS_ARRAY(y)) {
		v = sp_jvalue_new(SP_JARR);
		for (i = 0; i < y->u.array.len; i++)
			if (sp_jvalue_append(v, NULL, 0,
			    of_yajl(y->u.array.values[i])) < 0)
				abort();
		return v;
	}
	v = sp_jvalue_new(SP_JOBJ);
	for (i = 0; i < y->u.object.len; i++)
		if (sp_jvalue_append(v, strdup(y->u.object.keys[i]),
		    strlen(y->u.object.keys[i]),
		    of_yajl(y->u.object.values[i])) < 0)
			abort();
	return v;
}

/* The value of a JSON text (the test's own: it must be valid). */
static struct sp_jvalue *
parse(const char *text)
{
	char err[256];
	yajl_val y = yajl_tree_parse(text, err, sizeof err);
	struct sp_jvalue *v;

	if (y == NULL) {
		printf("bad test JSON: %s\n%s\n", err, text);
		abort();
	}
	v = of_yajl(y);
	yajl_tree_free(y);
	return v;
}

/* The image of v, as kind k; NULL when v is not of its shape. */
static struct sp_cbuf *
image_of(const struct sp_sidejson_kind *k, const struct sp_jvalue *v)
{
	struct sp_cbuf *b = sp_cbuf_new();
	int rc = sp_sidejson_image(b, k, v);

	CHECK(rc >= 0 && !sp_cbuf_failed(b), "image of %s: %d", k->name, rc);
	if (rc == 0) {
		CHECK(sp_cbuf_len(b) == 0, "%s: nothing appended", k->name);
		sp_cbuf_free(b);
		return NULL;
	}
	return b;
}

/* The document's value for the image at p (one-line layout). */
static char *
text_of(const struct sp_sidejson_kind *k, const uint8_t *p, size_t n,
    size_t *nrec)
{
	struct membuf m = { 0 };
	struct sp_cbor *d = sp_cbor_new();
	struct sp_jsonw *w;
	struct sp_json_emit *j;
	struct sp_err e;
	size_t used, need;

	if (d == NULL || (w = sp_jsonw_new(membuf_write, &m, &e)) == NULL ||
	    (j = sp_json_emit_new(w, -1, 0, &e)) == NULL)
		abort();
	CHECK(sp_cbor_parse(d, p, n, n, &used, &need, &e) == 1,
	    "image of %s: %s", k->name, e.msg);
	CHECK(sp_sidejson_put(j, k, d, 0, nrec, &e) == 0 &&
	    sp_jsonw_flush(w, &e) == 0, "put %s: %s", k->name, e.msg);
	sp_json_emit_free(j);
	sp_jsonw_free(w);
	sp_cbor_free(d);
	if (membuf_write(&m, "", 1, &e) < 0)
		abort();
	return (char *)m.p;
}

/* --- round trips --- */

/* A value as sp-json writes it: image, then the same text. */
static void
text_trip(const char *kind, const char *text, size_t want_rec)
{
	const struct sp_sidejson_kind *k = sp_sidejson_kind(kind);
	struct sp_jvalue *v = parse(text);
	struct sp_cbuf *b;
	char *back;
	size_t nrec = 99;

	CHECK(k != NULL, "kind %s", kind);
	if (k == NULL || (b = image_of(k, v)) == NULL) {
		sp_jvalue_free(v);
		return;
	}
	back = text_of(k, sp_cbuf_data(b), sp_cbuf_len(b), &nrec);
	CHECK(strcmp(back, text) == 0, "%s:\n  got  %s\n  want %s", kind,
	    back, text);
	CHECK(nrec == want_rec, "%s: %zu records, want %zu", kind, nrec,
	    want_rec);
	free(back);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
}

/* An image: its text, then the same image. */
static void
image_trip(const char *kind, const struct sp_cbuf *img)
{
	const struct sp_sidejson_kind *k = sp_sidejson_kind(kind);
	char *text = text_of(k, sp_cbuf_data(img), sp_cbuf_len(img), NULL);
	struct sp_jvalue *v = parse(text);
	struct sp_cbuf *b = image_of(k, v);

	CHECK(b != NULL && sp_cbuf_len(b) == sp_cbuf_len(img) &&
	    memcmp(sp_cbuf_data(b), sp_cbuf_data(img), sp_cbuf_len(b)) == 0,
	    "%s: the image of %s differs", kind, text);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
	free(text);
}

static const char likwid_text[] =
	"{\"a/b\": {\"tag\": \"a/b\", \"group_id\": 3, \"group_name\": "
	"\"FLOPS\", \"cpus\": [0, 1], \"times\": [0.5, 1.25], "
	"\"call_counts\": [2, 2], \"event_names\": [\"E1\"], "
	"\"counter_names\": [\"PMC0\"], \"events\": [[1.0, 2.0]], "
	"\"metric_names\": [\"M\"], \"metrics\": [[null, 3.5]], "
	"\"source\": \"marker_api\"}, "
	"\"z\": {\"tag\": \"z\", \"group_id\": -1, \"group_name\": \"\", "
	"\"cpus\": [], \"times\": [], \"call_counts\": [], "
	"\"event_names\": [], \"counter_names\": [], \"events\": [], "
	"\"metric_names\": [], \"metrics\": [], \"source\": \"\"}}";

static const char perf_text[] =
	"{\"a\": {\"calls\": 1, \"values\": {\"cycles\": 10}}, "
	"\"a/b\": {\"calls\": 2, \"values\": {\"cycles\": 20, "
	"\"instructions\": 30}}, "
	"\"c\": {\"calls\": 0, \"values\": {}}}";

/* Twelve records: "10" and "11" sort before "2" in the image. */
static void
lines_trip(void)
{
	char text[8192];
	size_t n = 0;
	int i;

	n += (size_t)snprintf(text + n, sizeof text - n, "[");
	for (i = 0; i < 12; i++) {
		n += (size_t)snprintf(text + n, sizeof text - n, "%s{"
		    "\"region\": \"r%d\", \"filename\": \"f.py\", "
		    "\"function\": \"g\", \"first_lineno\": %d, "
		    "\"line_numbers\": [%d, %d], \"hits\": [1, 0], "
		    "\"times\": [2.5, 0.0], \"unit\": 1e-09%s}",
		    i ? ", " : "", i, i, i, i + 1, i % 2 ? ", \"source\": "
		    "\"def g():\\n    pass\", \"source_first_lineno\": 4" : "");
	}
	snprintf(text + n, sizeof text - n, "]");
	text_trip(SP_SIDEJSON_LINES, text, 12);
}

/* The likwid image by hand, as sp_h5_group_cbor makes it. */
static struct sp_cbuf *
likwid_image(void)
{
	struct sp_cbuf *b = sp_cbuf_new();

	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "num_regions");
	sp_cbuf_int(b, 1);
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "regions");
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 0);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "x|y");
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	sp_cbuf_map(b, 7);
	sp_cbuf_cstr(b, "counter_names");
	sp_cbuf_array(b, 1);
	sp_cbuf_cstr(b, "FIXC0");
	sp_cbuf_cstr(b, "event_names");
	sp_cbuf_array(b, 1);
	sp_cbuf_cstr(b, "INSTR");
	sp_cbuf_cstr(b, "group_id");
	sp_cbuf_int(b, 7);
	sp_cbuf_cstr(b, "group_name");
	sp_cbuf_cstr(b, "CLOCK");
	sp_cbuf_cstr(b, "metric_names");
	sp_cbuf_array(b, 0);
	sp_cbuf_cstr(b, "source");
	sp_cbuf_cstr(b, "full_api");
	sp_cbuf_cstr(b, "tag");
	sp_cbuf_cstr(b, "x/y");
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, 5);
	sp_cbuf_cstr(b, "call_counts");
	sp_cbuf_array(b, 1);
	sp_cbuf_int(b, 4);
	sp_cbuf_cstr(b, "cpus");
	sp_cbuf_array(b, 1);
	sp_cbuf_int(b, 0);
	sp_cbuf_cstr(b, "events");
	sp_cbuf_array(b, 1);
	sp_cbuf_array(b, 1);
	sp_cbuf_double(b, 12.0);
	sp_cbuf_cstr(b, "metrics");
	sp_cbuf_array(b, 0);
	sp_cbuf_cstr(b, "times");
	sp_cbuf_array(b, 1);
	sp_cbuf_double(b, 0.25);
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, 0);
	return b;
}

static void
test_round_trips(void)
{
	struct sp_cbuf *img = likwid_image();
	struct sp_jvalue *v;
	struct sp_cbuf *b;

	text_trip(SP_SIDEJSON_LIKWID, likwid_text, 2);
	text_trip(SP_SIDEJSON_PERF, perf_text, 3);
	text_trip(SP_SIDEJSON_LINES, "[]", 0);
	text_trip(SP_SIDEJSON_LIKWID, "{}", 0);
	lines_trip();
	image_trip(SP_SIDEJSON_LIKWID, img);
	/* and the reader makes exactly that image from its text */
	v = parse("{\"x/y\": {\"tag\": \"x/y\", \"group_id\": 7, "
	    "\"group_name\": \"CLOCK\", \"cpus\": [0], \"times\": [0.25], "
	    "\"call_counts\": [4], \"event_names\": [\"INSTR\"], "
	    "\"counter_names\": [\"FIXC0\"], \"events\": [[12]], "
	    "\"metric_names\": [], \"metrics\": [], \"source\": "
	    "\"full_api\"}}");
	b = image_of(sp_sidejson_kind(SP_SIDEJSON_LIKWID), v);
	CHECK(b != NULL && sp_cbuf_len(b) == sp_cbuf_len(img) &&
	    memcmp(sp_cbuf_data(b), sp_cbuf_data(img), sp_cbuf_len(b)) == 0,
	    "likwid: the image made differs from sp_h5_group_cbor's");
	sp_cbuf_free(b);
	sp_jvalue_free(v);
	sp_cbuf_free(img);
}

/* What is missing gets the defaults, both ways. */
static void
test_defaults(void)
{
	const struct sp_sidejson_kind *lk = sp_sidejson_kind(SP_SIDEJSON_LINES);
	const struct sp_sidejson_kind *wk =
	    sp_sidejson_kind(SP_SIDEJSON_LIKWID);
	struct sp_jvalue *v = parse("[{}, {\"unit\": null, \"hits\": [1.5, "
	    "\"x\", 2e0], \"source\": 5}]");
	struct sp_cbuf *b = image_of(lk, v);
	char *t;

	t = text_of(lk, sp_cbuf_data(b), sp_cbuf_len(b), NULL);
	CHECK(strcmp(t, "[{\"region\": \"\", \"filename\": \"\", \"function\": "
	    "\"\", \"first_lineno\": 0, \"line_numbers\": [], \"hits\": [], "
	    "\"times\": [], \"unit\": 1.0}, {\"region\": \"\", \"filename\": "
	    "\"\", \"function\": \"\", \"first_lineno\": 0, \"line_numbers\": "
	    "[], \"hits\": [0, 0, 2], \"times\": [], \"unit\": null}]") == 0,
	    "line defaults: %s", t);
	free(t);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
	/* the group named by the key when there is no tag */
	v = parse("{\"k/1\": 5}");
	b = image_of(wk, v);
	t = text_of(wk, sp_cbuf_data(b), sp_cbuf_len(b), NULL);
	CHECK(strcmp(t, "{\"\": {\"tag\": \"\", \"group_id\": -1, "
	    "\"group_name\": \"\", \"cpus\": [], \"times\": [], "
	    "\"call_counts\": [], \"event_names\": [], \"counter_names\": [], "
	    "\"events\": [], \"metric_names\": [], \"metrics\": [], "
	    "\"source\": \"\"}}") == 0, "likwid defaults: %s", t);
	free(t);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
}

/* Values of the wrong shape give no image; a repeated tag: the last. */
static void
test_shapes(void)
{
	const struct sp_sidejson_kind *wk =
	    sp_sidejson_kind(SP_SIDEJSON_LIKWID);
	struct sp_jvalue *v = parse("[1]");
	struct sp_cbuf *b;
	char *t;

	CHECK(image_of(wk, v) == NULL, "likwid of a list");
	CHECK(image_of(sp_sidejson_kind(SP_SIDEJSON_PERF), v) == NULL,
	    "perf_events of a list");
	sp_jvalue_free(v);
	v = parse("{}");
	CHECK(image_of(sp_sidejson_kind(SP_SIDEJSON_LINES), v) == NULL,
	    "line_profile of an object");
	sp_jvalue_free(v);
	CHECK(sp_sidejson_kind("memray") == NULL, "unknown kind");
	v = parse("{\"one\": {\"tag\": \"t\", \"group_id\": 1}, "
	    "\"two\": {\"tag\": \"t\", \"group_id\": 2}}");
	b = image_of(wk, v);
	t = text_of(wk, sp_cbuf_data(b), sp_cbuf_len(b), NULL);
	CHECK(strstr(t, "\"group_id\": 2") != NULL &&
	    strstr(t, "\"group_id\": 1") == NULL, "repeated tag: %s", t);
	free(t);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
}

/* sp_side_payloads: an entry written, and read back. */
static void
test_payloads(void)
{
	static const uint8_t data[] = { 0xa1, 0x61, 0x78, 0xf6, 0x00 };
	struct membuf m = { 0 };
	struct sp_jsonw *w;
	struct sp_json_emit *j;
	struct sp_jvalue *v;
	struct sp_err e;
	const char *kind;
	uint8_t *got;
	uint32_t rank;
	size_t len;

	if ((w = sp_jsonw_new(membuf_write, &m, &e)) == NULL ||
	    (j = sp_json_emit_new(w, -1, 0, &e)) == NULL)
		abort();
	CHECK(sp_json_emit_open(j, '[', &e) == 0 &&
	    sp_sidejson_put_payload(j, 1,
	    7, "likwid", data, sizeof data, &e) == 0 &&
	    sp_json_emit_close(j, &e) == 0 && sp_jsonw_flush(w, &e) == 0 &&
	    membuf_write(&m, "", 1, &e) == 0, "put payload: %s", e.msg);
	CHECK(strcmp((char *)m.p, "[{\"rank\": 7, \"kind\": \"likwid\", "
	    "\"cbor\": \"oWF49gA=\"}]") == 0, "payload: %s", (char *)m.p);
	v = parse((char *)m.p);
	CHECK(sp_sidejson_payload(v->kid[0], &rank, &kind, &got, &len,
	    &e) == 0 && rank == 7 && strcmp(kind, "likwid") == 0 &&
	    len == sizeof data && memcmp(got, data, len) == 0,
	    "payload back: %s", e.msg);
	free(got);
	sp_jvalue_free(v);
	sp_json_emit_free(j);
	sp_jsonw_free(w);
	free(m.p);
	v = parse("[{\"kind\": \"likwid\", \"cbor\": \"oQ==\"}, "
	    "{\"rank\": 1, \"kind\": \"likwid\", \"cbor\": \"*\"}]");
	CHECK(sp_sidejson_payload(v->kid[0], &rank, &kind, &got, &len,
	    &e) < 0 && e.status == SP_EDATA &&
	    strcmp(e.msg, "a bad entry in sp_side_payloads") == 0,
	    "no rank: %s", e.msg);
	CHECK(sp_sidejson_payload(v->kid[1], &rank, &kind, &got, &len,
	    &e) < 0 && e.status == SP_EDATA &&
	    strcmp(e.msg, "sp_side_payloads: bad base64") == 0,
	    "bad base64: %s", e.msg);
	sp_jvalue_free(v);
}

/* --- the value model --- */

static void
test_values(void)
{
	struct sp_jvalue *v = parse("{\"i\": 12, \"f\": 2.0, \"h\": 2.5, "
	    "\"big\": 99999999999999999999, \"u\": 18446744073709551615, "
	    "\"n\": null, \"s\": \"t\", \"i\": 13}");
	struct sp_cbuf *b = sp_cbuf_new();
	struct sp_cbor *d = sp_cbor_new();
	size_t used, need;
	uint64_t u;
	int64_t x;
	size_t n;
	struct sp_err e;

	CHECK(sp_jvalue_int(sp_jvalue_get(v, "i"), &x) && x == 13,
	    "the last key wins");
	CHECK(sp_jvalue_int(sp_jvalue_get(v, "f"), &x) && x == 2,
	    "an integral float");
	CHECK(!sp_jvalue_int(sp_jvalue_get(v, "h"), &x), "2.5");
	CHECK(!sp_jvalue_int(sp_jvalue_get(v, "big"), &x), "beyond int64");
	CHECK(isnan(sp_jvalue_num(sp_jvalue_get(v, "n"), 0)), "null: NaN");
	CHECK(sp_jvalue_num(sp_jvalue_get(v, "s"), 4) == 4, "text: def");
	CHECK(strcmp(sp_jvalue_str(sp_jvalue_get(v, "s"), &n), "t") == 0 &&
	    n == 1, "str");
	CHECK(strcmp(sp_jvalue_str(sp_jvalue_get(v, "i"), &n), "") == 0 &&
	    n == 0, "str of a number");
	sp_jvalue_cbor(b, v);
	CHECK(sp_cbor_parse(d, sp_cbuf_data(b), sp_cbuf_len(b),
	    sp_cbuf_len(b), &used, &need, &e) == 1, "cbor: %s", e.msg);
	CHECK(sp_cbor_uint(d, (size_t)sp_cbor_map_get(d, 0, "u"), &u) == 0 &&
	    u == UINT64_MAX, "a u64 kept whole");
	CHECK(sp_cbor_node(d, (size_t)sp_cbor_map_get(d, 0, "f"))->type ==
	    SP_CBOR_NODE_FLOAT, "2.0 stays a float");
	sp_cbor_free(d);
	sp_cbuf_free(b);
	sp_jvalue_free(v);
}

/* The builder: a value from events, and too deep a one refused. */
static void
test_builder(void)
{
	struct sp_jvalue_build b;
	struct sp_jvalue *v;
	int i, rc = 0;

	sp_jvalue_build_begin(&b);
	CHECK(sp_jvalue_build_value(&b, sp_jvalue_new(SP_JOBJ)) == 0, "open");
	sp_jvalue_build_key(&b, strdup("k"), 1);
	CHECK(sp_jvalue_build_value(&b, sp_jvalue_new(SP_JARR)) == 0, "open");
	CHECK(sp_jvalue_build_value(&b, sp_jvalue_new(SP_JNULL)) == 0, "null");
	CHECK(sp_jvalue_build_end(&b) == 0, "close the list");
	CHECK(sp_jvalue_build_end(&b) == 1, "complete");
	v = sp_jvalue_build_take(&b);
	CHECK(v != NULL && v->t == SP_JOBJ && v->nk == 1 &&
	    sp_jvalue_get(v, "k")->nk == 1, "built");
	sp_jvalue_free(v);
	sp_jvalue_build_begin(&b);
	CHECK(sp_jvalue_build_value(&b, sp_jvalue_new_text(SP_JNUM, "5", 1)) ==
	    1, "a scalar is complete at once");
	sp_jvalue_free(sp_jvalue_build_take(&b));
	sp_jvalue_build_begin(&b);
	for (i = 0; i <= SP_JVALUE_BUILD_DEPTH && rc == 0; i++)
		rc = sp_jvalue_build_value(&b, sp_jvalue_new(SP_JARR));
	CHECK(rc == -2 && i == SP_JVALUE_BUILD_DEPTH + 1, "too deep: %d at %d",
	    rc, i);
	sp_jvalue_build_clear(&b);
}

int
main(void)
{
	test_round_trips();
	test_defaults();
	test_shapes();
	test_payloads();
	test_values();
	test_builder();
	if (!failed)
		printf("ok\n");
	return failed;
}
