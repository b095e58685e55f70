/*
 * Unit test of sp-json's library parts: the emitter's layouts (as
 * json.dumps with and without indent), JSON text re-spelled as json.loads
 * then json.dumps would, truthiness of event metadata, the elements of
 * an array, base64, and the
 * spill primitives (spools and stores on
 * memory and on file, in order and in any order).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_json_emit.h"
#include "sp_json_text.h"
#include "sp_json_respell.h"
#include "sp_spill.h"
#include "check.h"

struct mem {
	char *p;
	size_t len, cap;
};

static int
mem_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct mem *m = ctx;

	(void)e;
	if (m->len + n + 1 > m->cap) {
		m->cap = (m->len + n + 1) * 2;
		if ((m->p = realloc(m->p, m->cap)) == NULL)
			abort();
	}
	memcpy(m->p + m->len, p, n);
	m->len += n;
	m->p[m->len] = '\0';
	return 0;
}

/* A writer and an emitter on a fresh memory buffer. */
struct out {
	struct mem m;
	struct sp_jsonw *w;
	struct sp_json_emit *o;
};

static void
out_open(struct out *t, int indent, int depth)
{
	struct sp_err e;

	memset(t, 0, sizeof *t);
	if ((t->w = sp_jsonw_new(mem_write, &t->m, &e)) == NULL ||
	    (t->o = sp_json_emit_new(t->w, indent, depth, &e)) == NULL)
		abort();
}

static const char *
out_text(struct out *t)
{
	struct sp_err e;

	if (sp_jsonw_flush(t->w, &e) < 0)
		abort();
	return t->m.p != NULL ? t->m.p : "";
}

static void
out_close(struct out *t)
{
	sp_json_emit_free(t->o);
	sp_jsonw_free(t->w);
	free(t->m.p);
}

/* {"a": [1, 2], "b": {}, "c": [], "d": "x"} at an indent. */
static void
layout_case(int indent, const char *want)
{
	static const int64_t v[] = { 1, 2 };
	struct out t;
	struct sp_err e;

	out_open(&t, indent, 0);
	if (sp_json_emit_open(t.o, '{', &e) < 0 ||
	    sp_json_emit_lkey(t.o, "a", &e) < 0 ||
	    sp_json_emit_open(t.o, '[', &e) < 0 ||
	    sp_json_emit_i64s(t.o, v, 1, &e) < 0 ||
	    sp_json_emit_i64s(t.o, v + 1, 1, &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0 ||
	    sp_json_emit_lkey(t.o, "b", &e) < 0 ||
	    sp_json_emit_open(t.o, '{', &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0 ||
	    sp_json_emit_lkey(t.o, "c", &e) < 0 ||
	    sp_json_emit_open(t.o, '[', &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0 ||
	    sp_json_emit_key(t.o, "d", 1, &e) < 0 ||
	    sp_json_emit_str(t.o, "x", 1, &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0)
		abort();
	CHECK(strcmp(out_text(&t), want) == 0, "indent %d: got [%s]", indent,
	    out_text(&t));
	out_close(&t);
}

static void
test_layout(void)
{
	struct out t;
	struct sp_err e;
	static const int64_t big[] = { INT64_MIN, -1, 0, 9, 10, 99999999,
	    100000000, 1700000001893, 9999999999999999, 10000000000000000,
	    INT64_MAX };

	layout_case(-1, "{\"a\": [1, 2], \"b\": {}, \"c\": [], \"d\": \"x\"}");
	layout_case(2, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n"
	    "  \"c\": [],\n  \"d\": \"x\"\n}");
	layout_case(0, "{\n\"a\": [\n1,\n2\n],\n\"b\": {},\n\"c\": [],\n"
	    "\"d\": \"x\"\n}");

	/* the fast integer path spells every int64 as printf does */
	out_open(&t, -1, 0);
	if (sp_json_emit_open(t.o, '[', &e) < 0 ||
	    sp_json_emit_i64s(t.o, big, sizeof big / sizeof big[0], &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0)
		abort();
	CHECK(strcmp(out_text(&t), "[-9223372036854775808, -1, 0, 9, 10, "
	    "99999999, 100000000, 1700000001893, 9999999999999999, "
	    "10000000000000000, 9223372036854775807]") == 0, "ints: %s",
	    out_text(&t));
	out_close(&t);

	/* a fragment at depth 2 continuing an object opened elsewhere */
	out_open(&t, 1, 2);
	if (sp_json_emit_resume(t.o, '{', 0, &e) < 0 ||
	    sp_json_emit_lkey(t.o, "k", &e) < 0 ||
	    sp_json_emit_i64(t.o, 5, &e) < 0)
		abort();
	CHECK(strcmp(out_text(&t), ",\n   \"k\": 5") == 0, "fragment: [%s]",
	    out_text(&t));
	out_close(&t);

	/* non-finite floats are null, others Python's repr */
	out_open(&t, -1, 0);
	if (sp_json_emit_open(t.o, '[', &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 0.1, &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 1.0 / 0.0, &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 0.0 / 0.0, &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 1e16, &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0)
		abort();
	CHECK(strcmp(out_text(&t), "[0.1, null, null, 1e+16]") == 0,
	    "floats: %s", out_text(&t));
	out_close(&t);
	/* json.dumps's words when asked */
	out_open(&t, -1, 0);
	sp_json_emit_set_nonfinite(t.o, SP_JSON_EMIT_WORDS);
	if (sp_json_emit_open(t.o, '[', &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 1.0 / 0.0, &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, -1.0 / 0.0, &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, -(0.0 / 0.0), &e) < 0 ||
	    sp_json_emit_elem(t.o, &e) < 0 ||
	    sp_json_emit_f64(t.o, 2.5, &e) < 0 ||
	    sp_json_emit_close(t.o, &e) < 0)
		abort();
	CHECK(strcmp(out_text(&t), "[Infinity, -Infinity, NaN, 2.5]") == 0,
	    "floats as words: %s", out_text(&t));
	out_close(&t);
}

/* sp_json_respell of in, non-finite floats as how says. */
static void
respell_case(const char *in, enum sp_json_emit_nonfinite how, const char *want)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	struct sp_err e;

	CHECK(sp_json_respell(in, strlen(in), how, &buf, &len, &cap, &e) == 0 &&
	    len == strlen(want) && memcmp(buf, want, len) == 0,
	    "respell %s -> %.*s, want %s", in, (int)len, buf != NULL ? buf : "",
	    want);
	free(buf);
}

static void
test_respell(void)
{
	respell_case("[{\"a\":NaN,\"b\":[Infinity,-Infinity,1e400]},\"NaN\"]",
	    SP_JSON_EMIT_NULL,
	    "[{\"a\": null, \"b\": [null, null, null]}, \"NaN\"]");
	respell_case("[{\"a\":NaN,\"b\":[Infinity,-Infinity,1e400]},\"NaN\"]",
	    SP_JSON_EMIT_WORDS, "[{\"a\": NaN, \"b\": [Infinity, -Infinity, "
	    "Infinity]}, \"NaN\"]");
	respell_case("[-1e400, 0.5]", SP_JSON_EMIT_WORDS, "[-Infinity, 0.5]");
}

/* json.dumps(json.loads(in), indent=indent) */
static void
text_case(const char *in, int indent, const char *want)
{
	struct out t;
	struct sp_err e;
	int rc;

	out_open(&t, indent, 0);
	rc = sp_json_text_emit(t.o, in, strlen(in), &e);
	if (want == NULL) {
		CHECK(rc < 0, "[%s] should fail", in);
	} else {
		CHECK(rc == 0, "[%s]: %s", in, e.msg);
		CHECK(rc == 0 && strcmp(out_text(&t), want) == 0,
		    "[%s] -> [%s], want [%s]", in, out_text(&t), want);
	}
	out_close(&t);
}

static void
test_text(void)
{
	text_case("[{\"a\":1,\"b\":[true,false,null]}]", -1,
	    "[{\"a\": 1, \"b\": [true, false, null]}]");
	text_case(" {\"a\" : 1.50, \"b\": 1e3, \"c\": -0, \"d\": -0.0} ", -1,
	    "{\"a\": 1.5, \"b\": 1000.0, \"c\": 0, \"d\": -0.0}");
	text_case("[NaN, Infinity, -Infinity, 1e400]", -1,
	    "[null, null, null, null]");
	text_case("[123456789012345678901234567890]", -1,
	    "[123456789012345678901234567890]");
	/* escapes as ensure_ascii writes them; pairs; lone surrogates */
	text_case("[\"\\u00e9\\/\\\"\\t\x7f\", \"\xc3\xa9\", "
	    "\"\\ud83d\\ude00\", \"\\udc80\"]", -1,
	    "[\"\\u00e9/\\\"\\t\\u007f\", \"\\u00e9\", \"\\ud83d\\ude00\", "
	    "\"\\udc80\"]");
	text_case("[{}, []]", 2, "[\n  {},\n  []\n]");
	text_case("[{\"k\": [1]}]", 1, "[\n {\n  \"k\": [\n   1\n  ]\n }\n]");
	text_case("[1,]", -1, NULL);
	text_case("[1] 2", -1, NULL);
	text_case("{\"a\" 1}", -1, NULL);
	text_case("", -1, NULL);

	CHECK(sp_json_text_any_true("[{}, {}]", 8) == 0, "all empty");
	CHECK(sp_json_text_any_true("[]", 2) == 0, "empty list");
	CHECK(sp_json_text_any_true("[{}, {\"a\": 0}]", 14) == 1, "one");
	CHECK(sp_json_text_any_true("[0, 0.0, \"\", null, false]", 25) == 0,
	    "falsy scalars");
	CHECK(sp_json_text_any_true("[0.5]", 5) == 1, "0.5 is true");
	CHECK(sp_json_text_any_true("[NaN]", 5) == 1, "NaN is true");
	CHECK(sp_json_text_any_true("{\"a\": 1}", 8) == 0, "not a list");
	CHECK(sp_json_text_any_true("[{", 2) < 0, "not JSON");
}

/* sp_json_text_elements: each element's bytes, as "off:len" joined. */
static int
element(void *ctx, size_t off, size_t len)
{
	char *out = ctx;

	snprintf(out + strlen(out), 256 - strlen(out), "%zu:%zu;", off, len);
	return 0;
}

static const char *
elements(const char *s)
{
	static char out[256];
	struct sp_err e;

	out[0] = '\0';
	if (sp_json_text_elements(s, strlen(s), element, out, &e) < 0)
		snprintf(out + strlen(out), sizeof out - strlen(out), "E");
	return out;
}

static void
test_elements(void)
{
	CHECK(strcmp(elements("[]"), "") == 0, "[]: %s", elements("[]"));
	CHECK(strcmp(elements(" [ ] "), "") == 0, "[ ]");
	CHECK(strcmp(elements("[{}, {\"a\": [1, \"]\"]}]"), "1:2;5:15;") == 0,
	    "objects: %s", elements("[{}, {\"a\": [1, \"]\"]}]"));
	CHECK(strcmp(elements("[1,NaN , \"x\"]"), "1:1;3:3;9:3;") == 0,
	    "scalars: %s", elements("[1,NaN , \"x\"]"));
	CHECK(strcmp(elements("{}"), "E") == 0, "an object is no array");
	CHECK(strcmp(elements("[1,]"), "1:1;E") == 0, "trailing comma: %s",
	    elements("[1,]"));
	CHECK(strcmp(elements("[1] 2"), "1:1;E") == 0, "trailing data");
	CHECK(strcmp(elements(""), "E") == 0, "empty text");
}

/* \u escapes: one, a surrogate pair, lone halves, too short, not hex. */
static void
test_uescape(void)
{
	static const struct {
		const char *s;
		size_t len;
		uint32_t cp;
	} cases[] = {
		{ "00e9", 4, 0xe9 },
		{ "AbCd rest", 4, 0xabcd },
		{ "d83d\\ude00x", 10, 0x1f600 },
		{ "d83d\\u0041", 4, 0xd83d },		/* no low half */
		{ "d83d\\ude0", 4, 0xd83d },		/* cut low half */
		{ "dc00\\ud800", 4, 0xdc00 },		/* low first */
		{ "d800\\ud800", 4, 0xd800 },		/* two high */
		{ "d800", 4, 0xd800 },
		{ "12g4", 0, 0 },
		{ "123", 0, 0 },
	};
	size_t i, k;
	uint32_t cp;

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		cp = 0;
		k = sp_json_text_uescape(cases[i].s, strlen(cases[i].s), &cp);
		CHECK(k == cases[i].len && (k == 0 || cp == cases[i].cp),
		    "%s: %zu bytes, U+%04X", cases[i].s, k, (unsigned)cp);
	}
	/* only the n bytes given count */
	CHECK(sp_json_text_uescape("d83d\\ude00", 9, &cp) == 4 &&
	    cp == 0xd83d, "pair cut by n");
}

static void
test_base64(void)
{
	static const char *const want[] = { "\"\"", "\"AA==\"", "\"AAE=\"",
		"\"AAEC\"", "\"AAECAw==\"" };
	uint8_t in[4000], back[4000];
	struct out t;
	struct sp_err e;
	size_t n;
	long k;

	for (n = 0; n < sizeof in; n++)
		in[n] = (uint8_t)(n * 7 + 3);
	for (n = 0; n < 5; n++) {
		uint8_t b[4] = { 0, 1, 2, 3 };

		out_open(&t, -1, 0);
		if (sp_json_emit_base64(t.o, b, n, &e) < 0)
			abort();
		CHECK(strcmp(out_text(&t), want[n]) == 0, "%zu bytes: %s", n,
		    out_text(&t));
		out_close(&t);
	}
	out_open(&t, -1, 0);
	if (sp_json_emit_base64(t.o, in, sizeof in, &e) < 0)
		abort();
	out_text(&t);
	k = sp_json_text_base64(t.m.p + 1, t.m.len - 2, back);
	CHECK(k == (long)sizeof in && memcmp(in, back, sizeof in) == 0,
	    "round trip: %ld bytes", k);
	CHECK(sp_json_text_base64("A*==", 4, back) < 0, "bad character");
	out_close(&t);
}

static int
spool_sink(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	return mem_write(ctx, p, n, e);
}

static void
test_spool(void)
{
	struct sp_spill_budget b = { 10000, 0 };
	struct sp_spill_file *t;
	struct sp_spill_spool *s;
	struct sp_err e;
	struct mem m = { 0 };
	static uint64_t offs[60000];
	uint64_t off;
	char piece[64];
	size_t i;

	if ((t = sp_spill_file_new(NULL, &e)) == NULL ||
	    (s = sp_spill_spool_new(t, &b, 4096, &e)) == NULL)
		abort();
	/* past its share: onto the file, and still read back in any order */
	for (i = 0; i < 60000; i++) {
		int n = snprintf(piece, sizeof piece, "<%zu>", i);

		if (sp_spill_spool_append(s, piece, (size_t)n, &offs[i],
			&e) < 0) abort();
	}
	CHECK(sp_spill_file_size(t) > 0, "the spool went to the file");
	CHECK(b.used == 0, "budget given back: %" PRIu64, b.used);
	for (i = 60000; i-- > 0;) {
		int n = snprintf(piece, sizeof piece, "<%zu>", i);

		m.len = 0;
		if (sp_spill_spool_copy(s, offs[i], (uint64_t)n, spool_sink, &m,
		    &e) < 0)
			abort();
		CHECK(m.len == (size_t)n && memcmp(m.p, piece, m.len) == 0,
		    "piece %zu", i);
	}
	off = sp_spill_spool_size(s);
	CHECK(sp_spill_spool_copy(s, off, 1, spool_sink, &m, &e) < 0,
	    "beyond the end");
	sp_spill_spool_free(s);
	sp_spill_file_free(t);
	free(m.p);
}

/* n slots put in a scrambled order (or in runs), read back in order. */
static void
store_case(uint64_t limit, uint64_t n, int scramble, int expect_memory)
{
	struct sp_spill_budget b = { limit, 0 };
	struct sp_spill_file *t;
	struct sp_spill_store *s;
	struct sp_err e;
	int64_t *back = malloc(n * 8 + 8);
	uint64_t i, k;
	int ok = 1;

	if (back == NULL || (t = sp_spill_file_new(NULL, &e)) == NULL ||
	    (s = sp_spill_store_new(t, &b, n, 32768, 4, &e)) == NULL)
		abort();
	CHECK(sp_spill_store_in_memory(s) == expect_memory, "in memory %d",
	    expect_memory);
	for (k = 0; k < n; k++) {
		/* a permutation (n is odd), or four streams of runs */
		i = scramble ? (k * 7919) % n : k;
		if (sp_spill_store_put(s, (size_t)(i % 4), i,
		    (int64_t)i * 3 - 7, &e) < 0)
			abort();
	}
	if (sp_spill_store_seal(s, &e) < 0 || sp_spill_store_read(s, 0, n, back,
		&e) < 0) abort();
	for (i = 0; i < n; i++)
		ok = ok && back[i] == (int64_t)i * 3 - 7;
	CHECK(ok, "store of %" PRIu64 " slots (scramble %d)", n, scramble);
	if (n > 10) {
		CHECK(sp_spill_store_read(s, n - 3, 3, back, &e) == 0 &&
		    back[2] == (int64_t)(n - 1) * 3 - 7, "a read at the end");
		CHECK(sp_spill_store_read(s, n - 3, 4, back, &e) < 0,
		    "a read past the end");
	}
	sp_spill_store_free(s);
	CHECK(b.used == 0, "budget given back");
	sp_spill_file_free(t);
	free(back);
}

static void
test_store(void)
{
	struct sp_spill_budget b = { 1 << 20, 0 };
	struct sp_spill_file *t;
	struct sp_spill_store *s;
	struct sp_err e;

	store_case(1 << 24, 100001, 1, 1);
	store_case(1000, 100001, 1, 0);		/* on file, any order */
	store_case(1000, 100001, 0, 0);		/* on file, in runs */
	store_case(10, 3, 0, 0);
	store_case(0, 0, 0, 1);			/* nothing at all */

	/* a store in memory is used again while it is large enough */
	if ((t = sp_spill_file_new(NULL, &e)) == NULL ||
	    (s = sp_spill_store_new(t, &b, 1000, 32768, 0, &e)) == NULL)
		abort();
	CHECK(sp_spill_store_reuse(s, 500) == 0, "reuse smaller");
	CHECK(sp_spill_store_reuse(s, 1001) < 0, "reuse larger");
	sp_spill_store_free(s);
	sp_spill_file_free(t);
}

int
main(void)
{
	test_layout();
	test_text();
	test_respell();
	test_elements();
	test_uescape();
	test_base64();
	test_spool();
	test_store();
	if (!failed)
		printf("ok\n");
	return failed;
}
