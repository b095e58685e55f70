/* sp_section.c - a section's order: its header, and the file-order rank list. */
#include "sp_section.h"

#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"

int
sp_section_write_header(struct sp_writer *w, enum sp_section_order order,
    const char *producer, struct sp_err *e)
{
	struct sp_cbuf *b;
	int rc;

	if (order != SP_ORDER_FILE)
		return sp_writer_header(w, SP_STAGE_INTERVALS, producer, e);
	/* As sp_writer_header writes it, with "order": "file". */
	if ((b = sp_cbuf_new()) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	sp_cbuf_tag(b, 55799);
	sp_cbuf_array(b, 2);
	sp_cbuf_cstr(b, "header");
	sp_cbuf_map(b, 5);
	sp_cbuf_cstr(b, "format");
	sp_cbuf_cstr(b, "sp-stream");
	sp_cbuf_cstr(b, "version");
	sp_cbuf_array(b, 2);
	sp_cbuf_uint(b, SP_STREAM_MAJOR);
	sp_cbuf_uint(b, (uint64_t)sp_writer_minor(w));
	sp_cbuf_cstr(b, "stage");
	sp_cbuf_cstr(b, "intervals");
	sp_cbuf_cstr(b, "order");
	sp_cbuf_cstr(b, "file");
	sp_cbuf_cstr(b, "producer");
	sp_cbuf_cstr(b, producer != NULL ? producer : "");
	if (sp_cbuf_failed(b)) {
		sp_cbuf_free(b);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	rc = sp_writer_raw(w, sp_cbuf_data(b), sp_cbuf_len(b), e);
	sp_cbuf_free(b);
	return rc;
}

int
sp_section_order(const struct sp_item *header, enum sp_section_order *order,
    struct sp_err *e)
{
	struct sp_cbor *d = sp_cbor_new();
	struct sp_err pe;
	size_t used, need, body;
	const char *p;
	size_t len;
	long i;
	int rc = 0;

	*order = SP_ORDER_TIME;
	sp_err_clear(&pe);
	if (d == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	if (header->raw == NULL || sp_cbor_parse(d, header->raw,
	    header->raw_len, header->raw_len, &used, &need, &pe) != 1) {
		/* the reader has decoded the item: only memory can fail */
		if (header->raw != NULL && pe.status == SP_ENOMEM)
			rc = sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	/* tag 55799 [ "header", {body} ] */
	i = sp_cbor_node(d, 0)->type == SP_CBOR_NODE_TAG ? 1 : 0;
	if (sp_cbor_node(d, (size_t)i)->type != SP_CBOR_NODE_ARRAY)
		goto out;
	body = sp_cbor_next(d, (size_t)i + 1);
	if ((i = sp_cbor_map_get(d, body, "order")) < 0)
		goto out;
	if (sp_cbor_text(d, (size_t)i, &p, &len) < 0) {
		*order = SP_ORDER_OTHER;
		goto out;
	}
	if (len == 4 && memcmp(p, "time", 4) == 0)
		*order = SP_ORDER_TIME;
	else if (len == 4 && memcmp(p, "file", 4) == 0)
		*order = SP_ORDER_FILE;
	else
		*order = SP_ORDER_OTHER;
out:
	sp_cbor_free(d);
	return rc;
}

int
sp_section_read_ranks(const struct sp_side *s, uint32_t **ranks, size_t *n,
    struct sp_err *e)
{
	struct sp_cbor *d = sp_cbor_new();
	struct sp_err pe;
	size_t used, need, k, c, m;
	uint64_t v;
	long i;
	int rc = -1;

	*ranks = NULL;
	*n = 0;
	sp_err_clear(&pe);
	if (d == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	if (sp_cbor_parse(d, s->data, s->len, s->len, &used, &need,
	    &pe) != 1 || (i = sp_cbor_map_get(d, 0, "ranks")) < 0 ||
	    sp_cbor_node(d, (size_t)i)->type != SP_CBOR_NODE_ARRAY) {
		if (pe.status == SP_ENOMEM)
			sp_fail(e, SP_ENOMEM, "out of memory");
		else
			sp_fail(e, SP_EDATA, "a %s side item without its "
			    "ranks", SP_SECTION_RANKS_KIND);
		goto out;
	}
	m = (size_t)sp_cbor_node(d, (size_t)i)->u;
	if ((*ranks = malloc((m + 1) * sizeof **ranks)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	for (k = 0, c = (size_t)i + 1; k < m; k++, c = sp_cbor_next(d, c)) {
		if (sp_cbor_uint(d, c, &v) < 0 || v > UINT32_MAX) {
			sp_fail(e, SP_EDATA, "a %s side item with a bad rank",
			    SP_SECTION_RANKS_KIND);
			free(*ranks);
			*ranks = NULL;
			goto out;
		}
		(*ranks)[k] = (uint32_t)v;
	}
	*n = m;
	rc = 0;
out:
	sp_cbor_free(d);
	return rc;
}

int
sp_section_write_ranks(struct sp_writer *w, uint32_t run,
    const uint32_t *ranks, size_t n, struct sp_err *e)
{
	struct sp_cbuf *b = sp_cbuf_new();
	struct sp_side s;
	size_t i;
	int rc;

	if (b == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	sp_cbuf_map(b, 1);
	sp_cbuf_cstr(b, "ranks");
	sp_cbuf_array(b, n);
	for (i = 0; i < n; i++)
		sp_cbuf_uint(b, ranks[i]);
	if (sp_cbuf_failed(b)) {
		sp_cbuf_free(b);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	memset(&s, 0, sizeof s);
	s.run = run;
	s.kind = SP_SECTION_RANKS_KIND;
	s.data = sp_cbuf_data(b);
	s.len = sp_cbuf_len(b);
	rc = sp_writer_side(w, &s, e);
	sp_cbuf_free(b);
	return rc;
}
