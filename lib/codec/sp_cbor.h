/*
 * sp_cbor.h - decode one CBOR data item into a flat, read-only tree.
 *
 * Built on libcbor's streaming decoder (cbor_stream_decode): the item is
 * decoded straight from the caller's buffer, byte and text strings are not
 * copied but point into that buffer.  Nodes are stored in pre-order; the
 * children of node i start at i + 1 and node i's subtree ends at v[i].end,
 * which is also where its next sibling starts.  A map's children alternate
 * key, value.  A tag has its tagged item as its only child.
 *
 * Only definite-length items are accepted: sp producers never write
 * indefinite ones, and refusing them keeps every size known up front.
 *
 * Ownership: the document owns its nodes; nodes (and the string pointers in
 * them, which point into the parsed buffer) are valid until the next parse
 * or until the buffer changes.
 */
#ifndef SP_CBOR_H
#define SP_CBOR_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

enum sp_cbor_node_type {
	SP_CBOR_NODE_UINT = 1,
	SP_CBOR_NODE_NEGINT,	/* value is -1 - u */
	SP_CBOR_NODE_BYTES,
	SP_CBOR_NODE_TEXT,
	SP_CBOR_NODE_ARRAY,
	SP_CBOR_NODE_MAP,
	SP_CBOR_NODE_TAG,	/* u is the tag number */
	SP_CBOR_NODE_FLOAT,
	SP_CBOR_NODE_BOOL,	/* u is 0 or 1 */
	SP_CBOR_NODE_NULL,
	SP_CBOR_NODE_UNDEF,
};

struct sp_cbor_node {
	enum sp_cbor_node_type type;
	uint32_t end;		/* one past the last node of this subtree */
	uint64_t u;		/* uint, negint magnitude, tag, bool, count */
	double f;
	const uint8_t *p;	/* bytes and text */
	size_t len;
	uint32_t off;		/* byte offset of the value in the item */
};

struct sp_cbor;

struct sp_cbor *sp_cbor_new(void);
void sp_cbor_free(struct sp_cbor *d);

/*
 * Decode the item at the start of buf.  Returns 1 with *used set to its
 * size when it is complete, 0 when buf holds only a prefix of it (*need is
 * then a lower bound of the bytes the item needs), -1 on malformed data.
 * Items larger than max_bytes are refused as malformed.
 */
int sp_cbor_parse(struct sp_cbor *d, const uint8_t *buf, size_t len,
    size_t max_bytes, size_t *used, size_t *need, struct sp_err *e);

size_t sp_cbor_count(const struct sp_cbor *d);
/* Byte span [*off, *off + *len) of the value at node i within the item. */
void sp_cbor_span(const struct sp_cbor *d, size_t i, size_t *off, size_t *len);
const struct sp_cbor_node *sp_cbor_node(const struct sp_cbor *d, size_t i);

/* The value of key in the map at node i (a text key), or -1. */
long sp_cbor_map_get(const struct sp_cbor *d, size_t map, const char *key);
/* Index of the k-th child of the array (or k-th entry of the map: 2k key,
 * 2k+1 value) at node i; children must be walked, so prefer iteration:
 * first child is i + 1, the next one starts at node(child)->end. */
size_t sp_cbor_next(const struct sp_cbor *d, size_t i);

/* Typed reads; each returns -1 if the node has another type or range. */
int sp_cbor_int(const struct sp_cbor *d, size_t i, int64_t *out);
int sp_cbor_uint(const struct sp_cbor *d, size_t i, uint64_t *out);
int sp_cbor_text(const struct sp_cbor *d, size_t i, const char **p,
    size_t *len);
int sp_cbor_number(const struct sp_cbor *d, size_t i, double *out);

#endif
