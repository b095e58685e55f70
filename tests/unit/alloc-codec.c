/*
 * alloc-codec.c - the allocation-failure scenarios of lib/codec: the
 * CBOR decoder (a document past its first 256 nodes), the JSON text
 * writer, and the emitter with its rendering of CBOR values and of JSON
 * text (nesting past its first 16 levels, a float longer than its small
 * buffer, byte strings that need replacement characters).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"
#include "sp_json_emit.h"
#include "sp_json_text.h"
#include "sp_jsonw.h"
#include "alloc.h"

/* A CBOR item of some 700 nodes of every type, made by the setup. */
static uint8_t item[16384];
static size_t item_len;

static void
make_item(void)
{
	struct sp_cbuf *b = sp_cbuf_new();
	int i;

	if (b == NULL)
		alloc_die("sp_cbuf_new", "out of memory");
	sp_cbuf_map(b, 6);
	sp_cbuf_cstr(b, "label");
	sp_cbuf_cstr(b, "caf\xc3\xa9 \"run\"");
	sp_cbuf_cstr(b, "raw");
	sp_cbuf_bytes(b, "ok \xff\xfe bytes", 12);
	sp_cbuf_cstr(b, "flags");
	sp_cbuf_array(b, 4);
	sp_cbuf_bool(b, 1);
	sp_cbuf_null(b);
	sp_cbuf_tag(b, 1);
	sp_cbuf_double(b, 1.0 / 0.0);
	sp_cbuf_double(b, 0.1);
	sp_cbuf_int(b, 7);	/* a key that is not text */
	sp_cbuf_int(b, -3);
	sp_cbuf_cstr(b, "deep");
	for (i = 0; i < 40; i++)
		sp_cbuf_array(b, 1);
	sp_cbuf_uint(b, UINT64_MAX);
	sp_cbuf_cstr(b, "values");
	sp_cbuf_array(b, 300);
	for (i = 0; i < 300; i++) {
		sp_cbuf_array(b, 2);
		sp_cbuf_int(b, i * 1000003LL);
		sp_cbuf_double(b, i / 3.0);
	}
	if (sp_cbuf_failed(b) || sp_cbuf_len(b) > sizeof item)
		alloc_die("CBOR item", "too large");
	memcpy(item, sp_cbuf_data(b), sp_cbuf_len(b));
	item_len = sp_cbuf_len(b);
	sp_cbuf_free(b);
}

static int
cbor(struct sp_err *e)
{
	struct sp_cbor *d = sp_cbor_new();
	size_t used = 0, need = 0;
	long v;
	const char *s;
	size_t len;
	int64_t x;
	int rc = -1;

	if (d == NULL)
		return alloc_nomem(e, "sp_cbor_new");
	/* a prefix first: not complete yet */
	if ((rc = sp_cbor_parse(d, item, item_len / 2, 1 << 20, &used, &need,
	    e)) != 0) {
		if (rc > 0)
			sp_fail(e, SP_EDATA, "wrong: a prefix parsed whole");
		rc = -1;
		goto out;
	}
	rc = -1;
	if (sp_cbor_parse(d, item, item_len, 1 << 20, &used, &need, e) != 1)
		goto out;
	if (used != item_len || (v = sp_cbor_map_get(d, 0, "label")) < 0 ||
	    sp_cbor_text(d, (size_t)v, &s, &len) < 0 ||
	    (v = sp_cbor_map_get(d, 0, "values")) < 0 ||
	    sp_cbor_int(d, (size_t)v + 2, &x) < 0) {
		sp_fail(e, SP_EDATA, "wrong document");
		goto out;
	}
	rc = alloc_printf(e, "%zu nodes, label %.*s, %lld\n", sp_cbor_count(d),
	    (int)len, s, (long long)x);
out:
	sp_cbor_free(d);
	return rc;
}

/* More than the writer's 128 KiB buffer, so that it flushes on its way. */
static int
jsonw(struct sp_err *e)
{
	struct sp_jsonw *w = sp_jsonw_new(alloc_write, NULL, e);
	int i, rc = -1;
	char *p;

	if (w == NULL)
		return -1;
	for (i = 0; i < 4000; i++) {
		if (sp_jsonw_raw(w, i ? ", " : "[", i ? 2 : 1, e) < 0 ||
		    sp_jsonw_str(w, "tab\t caf\xc3\xa9 \xf0\x9f\x98\x80 \xff",
		    17, e) < 0 ||
		    sp_jsonw_raw(w, ", ", 2, e) < 0 ||
		    sp_jsonw_i64(w, -i * 7919LL, e) < 0 ||
		    sp_jsonw_raw(w, ", ", 2, e) < 0 ||
		    sp_jsonw_double(w, i / 7.0, e) < 0)
			goto out;
	}
	if ((p = sp_jsonw_reserve(w, 1, e)) == NULL)
		goto out;
	*p = ']';
	sp_jsonw_commit(w, 1);
	rc = sp_jsonw_flush(w, e);
out:
	sp_jsonw_free(w);
	return rc;
}

/* One document through every kind of value the emitter writes. */
static int
emit_doc(int indent, struct sp_err *e)
{
	static const char text[] = "[1, -0, 2.5e-3, 3.14159265358979323846264"
	    "338327950288419716939937510582097494459230781640628620899862803, "
	    "NaN, -Infinity, 1e999, \"caf\\u00e9\", {\"a\": "
	    "[[[[[[[[[[[[[[[[[[[[true]]]]]]]]]]]]]]]]]]]], \"b\": null}, false]";
	static const int64_t col[] = { 1, -2, 3000000000LL, INT64_MIN };
	static const uint8_t raw[] = { 0, 1, 2, 0xff, 0xfe };
	struct sp_jsonw *w = NULL;
	struct sp_json_emit *o = NULL;
	struct sp_cbor *d = NULL;
	size_t used, need;
	int rc = -1, i;

	if ((w = sp_jsonw_new(alloc_write, NULL, e)) == NULL ||
	    (o = sp_json_emit_new(w, indent, 0, e)) == NULL)
		goto out;
	if ((d = sp_cbor_new()) == NULL) {
		alloc_nomem(e, "sp_cbor_new");
		goto out;
	}
	if (sp_cbor_parse(d, item, item_len, 1 << 20, &used, &need, e) != 1)
		goto out;
	if (sp_json_emit_open(o, '{', e) < 0 ||
	    sp_json_emit_lkey(o, "cbor", e) < 0 ||
	    sp_json_emit_cbor(o, d, 0, e) < 0 ||
	    sp_json_emit_lkey(o, "text", e) < 0 ||
	    sp_json_text_emit(o, text, sizeof text - 1, e) < 0 ||
	    sp_json_emit_key(o, "k\xc3\xa9y", 4, e) < 0 ||
	    sp_json_emit_open(o, '[', e) < 0)
		goto out;
	for (i = 0; i < 20; i++)
		if (sp_json_emit_elem(o, e) < 0 ||
		    sp_json_emit_open(o, '[', e) < 0)
			goto out;
	if (sp_json_emit_i64s(o, col, 4, e) < 0)
		goto out;
	for (i = 0; i < 21; i++)
		if (sp_json_emit_close(o, e) < 0)
			goto out;
	if (sp_json_emit_lkey(o, "scalars", e) < 0 ||
	    sp_json_emit_open(o, '[', e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 || sp_json_emit_str(o, "s", 1, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 ||
	    sp_json_emit_u64(o, UINT64_MAX, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 ||
	    sp_json_emit_f64(o, 0.0 / 0.0, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 || sp_json_emit_bool(o, 0, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 || sp_json_emit_null(o, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 ||
	    sp_json_emit_raw(o, "{}", 2, e) < 0 ||
	    sp_json_emit_elem(o, e) < 0 ||
	    sp_json_emit_base64(o, raw, 5, e) < 0 ||
	    sp_json_emit_close(o, e) < 0 || sp_json_emit_close(o, e) < 0 ||
	    sp_jsonw_raw(w, "\n", 1, e) < 0 || sp_jsonw_flush(w, e) < 0)
		goto out;
	rc = 0;
out:
	sp_cbor_free(d);
	sp_json_emit_free(o);
	sp_jsonw_free(w);
	return rc;
}

static int
json_emit(struct sp_err *e)
{
	if (emit_doc(-1, e) < 0 || emit_doc(2, e) < 0)
		return -1;
	return sp_json_text_any_true("[0, \"\", {}]", 11) == 0 ? 0 :
	    sp_fail(e, SP_EDATA, "wrong truth");
}

const struct alloc_scenario alloc_codec[] = {
	{ "codec/cbor", make_item, cbor, 0 },
	{ "codec/jsonw", NULL, jsonw, 0 },
	{ "codec/json_emit", make_item, json_emit, 0 },
	{ NULL, NULL, NULL, 0 },
};
