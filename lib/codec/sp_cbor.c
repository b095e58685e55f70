#include "sp_cbor.h"

#include <cbor.h>
#include <stdlib.h>
#include <string.h>

/* Deep enough for any sp item and for metadata nested inside it. */
#define MAX_NEST 64
/*
 * At most this many values in one item (48 bytes of node each): far more
 * than any sp producer writes in one item (batches hold their calls in
 * typed arrays, a few values each), and it keeps an item of tiny values
 * from costing 48 times its size.
 */
#define MAX_NODES ((size_t)1 << 20)

struct open_node {
	size_t index;
	uint64_t left;		/* children still expected */
};

struct sp_cbor {
	struct sp_cbor_node *v;
	size_t n, cap;
	struct open_node stack[MAX_NEST];
	int depth;
	int complete;
	size_t pos;		/* offset of the head being decoded */
	size_t item_len;	/* size of the last complete item */
	const char *bad;	/* why the item is refused, or NULL */
	enum sp_status bad_status;	/* SP_EDATA, or SP_ENOMEM */
};

struct sp_cbor *
sp_cbor_new(void)
{
	return calloc(1, sizeof(struct sp_cbor));
}

void
sp_cbor_free(struct sp_cbor *d)
{
	if (d == NULL)
		return;
	free(d->v);
	free(d);
}

size_t
sp_cbor_count(const struct sp_cbor *d)
{
	return d->n;
}

const struct sp_cbor_node *
sp_cbor_node(const struct sp_cbor *d, size_t i)
{
	return &d->v[i];
}

/* Close every container whose children are all there. */
static void
settle(struct sp_cbor *d)
{
	while (d->depth > 0 && d->stack[d->depth - 1].left == 0) {
		d->v[d->stack[d->depth - 1].index].end = (uint32_t)d->n;
		d->depth--;
	}
	if (d->depth == 0)
		d->complete = 1;
}

static struct sp_cbor_node *
add(struct sp_cbor *d, enum sp_cbor_node_type type, uint64_t children)
{
	struct sp_cbor_node *v;

	if (d->bad != NULL || d->complete)
		return NULL;
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 256;
		struct sp_cbor_node *nv;

		if (cap > MAX_NODES) {
			d->bad = "too many values in one item";
			return NULL;
		}
		nv = realloc(d->v, cap * sizeof *nv);
		if (nv == NULL) {
			d->bad = "out of memory";
			d->bad_status = SP_ENOMEM;
			return NULL;
		}
		d->v = nv;
		d->cap = cap;
	}
	if (d->depth > 0)
		d->stack[d->depth - 1].left--;
	v = &d->v[d->n++];
	memset(v, 0, sizeof *v);
	v->type = type;
	v->off = (uint32_t)d->pos;
	v->end = (uint32_t)d->n;
	if (children > 0) {
		if (d->depth == MAX_NEST) {
			d->bad = "values nested too deeply";
			return v;
		}
		d->stack[d->depth].index = d->n - 1;
		d->stack[d->depth].left = children;
		d->depth++;
	} else {
		settle(d);
	}
	return v;
}

static void
leaf_uint(void *ctx, uint64_t u)
{
	struct sp_cbor_node *v = add(ctx, SP_CBOR_NODE_UINT, 0);

	if (v != NULL)
		v->u = u;
}

static void cb_u8(void *c, uint8_t u) { leaf_uint(c, u); }
static void cb_u16(void *c, uint16_t u) { leaf_uint(c, u); }
static void cb_u32(void *c, uint32_t u) { leaf_uint(c, u); }
static void cb_u64(void *c, uint64_t u) { leaf_uint(c, u); }

static void
leaf_neg(void *ctx, uint64_t u)
{
	struct sp_cbor_node *v = add(ctx, SP_CBOR_NODE_NEGINT, 0);

	if (v != NULL)
		v->u = u;
}

static void cb_n8(void *c, uint8_t u) { leaf_neg(c, u); }
static void cb_n16(void *c, uint16_t u) { leaf_neg(c, u); }
static void cb_n32(void *c, uint32_t u) { leaf_neg(c, u); }
static void cb_n64(void *c, uint64_t u) { leaf_neg(c, u); }

static void
leaf_str(void *ctx, enum sp_cbor_node_type type, cbor_data p, size_t len)
{
	struct sp_cbor_node *v = add(ctx, type, 0);

	if (v != NULL) {
		v->p = p;
		v->len = len;
	}
}

static void
cb_bytes(void *c, cbor_data p, size_t n)
{
	leaf_str(c, SP_CBOR_NODE_BYTES, p, n);
}

static void
cb_text(void *c, cbor_data p, size_t n)
{
	leaf_str(c, SP_CBOR_NODE_TEXT, p, n);
}

static void
container(void *ctx, enum sp_cbor_node_type type, size_t count,
    uint64_t children)
{
	struct sp_cbor_node *v = add(ctx, type, children);

	if (v != NULL)
		v->u = count;
}

static void
cb_array(void *ctx, size_t n)
{
	container(ctx, SP_CBOR_NODE_ARRAY, n, n);
}

static void
cb_map(void *ctx, size_t n)
{
	struct sp_cbor *d = ctx;

	if (n > UINT64_MAX / 2) {
		d->bad = "absurd map size";
		return;
	}
	container(ctx, SP_CBOR_NODE_MAP, n, (uint64_t)n * 2);
}

static void
cb_tag(void *ctx, uint64_t tag)
{
	container(ctx, SP_CBOR_NODE_TAG, tag, 1);
}

static void
leaf_float(void *ctx, double f)
{
	struct sp_cbor_node *v = add(ctx, SP_CBOR_NODE_FLOAT, 0);

	if (v != NULL)
		v->f = f;
}

static void cb_f4(void *c, float f) { leaf_float(c, f); }
static void cb_f8(void *c, double f) { leaf_float(c, f); }

static void
cb_bool(void *ctx, bool b)
{
	struct sp_cbor_node *v = add(ctx, SP_CBOR_NODE_BOOL, 0);

	if (v != NULL)
		v->u = b;
}

static void cb_null(void *c) { add(c, SP_CBOR_NODE_NULL, 0); }
static void cb_undef(void *c) { add(c, SP_CBOR_NODE_UNDEF, 0); }

static void
cb_indefinite(void *ctx)
{
	((struct sp_cbor *)ctx)->bad =
	    "indefinite-length values are not allowed";
}

static void
cb_indef_str(void *ctx, cbor_data p, size_t n)
{
	(void)p;
	(void)n;
	cb_indefinite(ctx);
}

static const struct cbor_callbacks callbacks = {
	.uint8 = cb_u8, .uint16 = cb_u16, .uint32 = cb_u32, .uint64 = cb_u64,
	.negint8 = cb_n8, .negint16 = cb_n16, .negint32 = cb_n32,
	.negint64 = cb_n64,
	/* libcbor 0.8 names: byte_string = definite, *_start = indefinite */
	.byte_string = cb_bytes, .byte_string_start = cb_indefinite,
	.string = cb_text, .string_start = cb_indefinite,
	.array_start = cb_array, .indef_array_start = cb_indefinite,
	.map_start = cb_map, .indef_map_start = cb_indefinite,
	.tag = cb_tag,
	.float2 = cb_f4, .float4 = cb_f4, .float8 = cb_f8,
	.undefined = cb_undef, .null = cb_null, .boolean = cb_bool,
	.indef_break = cb_indefinite,
};

int
sp_cbor_parse(struct sp_cbor *d, const uint8_t *buf, size_t len,
    size_t max_bytes, size_t *used, size_t *need, struct sp_err *e)
{
	size_t pos = 0;

	(void)cb_indef_str;
	d->n = 0;
	d->depth = 0;
	d->complete = 0;
	d->bad = NULL;
	d->bad_status = SP_EDATA;
	while (!d->complete) {
		struct cbor_decoder_result r;

		if (pos >= len) {
			*need = pos + 1;
			goto more;
		}
		d->pos = pos;
		r = cbor_stream_decode(buf + pos, len - pos, &callbacks, d);
		if (r.status == CBOR_DECODER_NEDATA) {
			size_t req = r.required > 0 ? r.required : 1;

			/*
			 * libcbor adds a declared length to the bytes of the
			 * head without checking, and so do we to pos: a
			 * length near 2^64 wraps around to a need that the
			 * buffer already meets, and the reader would ask for
			 * more forever.  No item is that long.
			 */
			if (req <= len - pos || req > max_bytes)
				return sp_fail(e, SP_EDATA, "item larger than "
				    "%zu bytes", max_bytes);
			*need = pos + req;
			goto more;
		}
		if (r.status != CBOR_DECODER_FINISHED)
			return sp_fail(e, SP_EDATA, "malformed CBOR");
		if (d->bad != NULL)
			return sp_fail(e, d->bad_status, "%s", d->bad);
		pos += r.read;
		if (pos > max_bytes)
			return sp_fail(e, SP_EDATA, "item larger than %zu bytes",
			    max_bytes);
	}
	*used = pos;
	d->item_len = pos;
	return 1;
more:
	if (*need > max_bytes)
		return sp_fail(e, SP_EDATA, "item larger than %zu bytes",
		    max_bytes);
	return 0;
}

void
sp_cbor_span(const struct sp_cbor *d, size_t i, size_t *off, size_t *len)
{
	size_t end = d->v[i].end;
	size_t stop = end < d->n ? d->v[end].off : d->item_len;

	*off = d->v[i].off;
	*len = stop - *off;
}

size_t
sp_cbor_next(const struct sp_cbor *d, size_t i)
{
	return d->v[i].end;
}

long
sp_cbor_map_get(const struct sp_cbor *d, size_t map, const char *key)
{
	size_t klen = strlen(key), i, k;

	if (d->v[map].type != SP_CBOR_NODE_MAP)
		return -1;
	i = map + 1;
	for (k = 0; k < d->v[map].u; k++) {
		const struct sp_cbor_node *kv = &d->v[i];
		size_t val = kv->end;

		if (kv->type == SP_CBOR_NODE_TEXT && kv->len == klen &&
		    memcmp(kv->p, key, klen) == 0)
			return (long)val;
		i = d->v[val].end;
	}
	return -1;
}

int
sp_cbor_int(const struct sp_cbor *d, size_t i, int64_t *out)
{
	const struct sp_cbor_node *v = &d->v[i];

	if (v->type == SP_CBOR_NODE_UINT && v->u <= INT64_MAX)
		*out = (int64_t)v->u;
	else if (v->type == SP_CBOR_NODE_NEGINT && v->u <= INT64_MAX)
		*out = -(int64_t)v->u - 1;
	else
		return -1;
	return 0;
}

int
sp_cbor_uint(const struct sp_cbor *d, size_t i, uint64_t *out)
{
	if (d->v[i].type != SP_CBOR_NODE_UINT)
		return -1;
	*out = d->v[i].u;
	return 0;
}

int
sp_cbor_text(const struct sp_cbor *d, size_t i, const char **p, size_t *len)
{
	if (d->v[i].type != SP_CBOR_NODE_TEXT)
		return -1;
	*p = (const char *)d->v[i].p;
	*len = d->v[i].len;
	return 0;
}

int
sp_cbor_number(const struct sp_cbor *d, size_t i, double *out)
{
	int64_t v;

	if (d->v[i].type == SP_CBOR_NODE_FLOAT) {
		*out = d->v[i].f;
		return 0;
	}
	if (sp_cbor_int(d, i, &v) < 0)
		return -1;
	*out = (double)v;
	return 0;
}
