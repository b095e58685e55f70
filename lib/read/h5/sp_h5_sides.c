/*
 * The side payloads of a rank (doc/formats.md, "LIKWID, perf events, line
 * profiles"): the groups rank<N>/likwid, rank<N>/perf_events and
 * rank<N>/line_profile, each handed out as a generic image of the group
 * (sp_h5_group_cbor), for sp-json to write as the reference's JSON export
 * does.  One buffer serves every payload.
 */
#include <stdio.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"
#include "sp_sidejson.h"

/* The image of group g into h->side_buf. */
static int
side_image(struct sp_h5src *h, hid_t g, struct sp_err *e)
{
	int rc;

	if (h->side_buf == NULL && (h->side_buf = sp_cbuf_new()) == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	sp_cbuf_reset(h->side_buf);
	rc = sp_h5_group_cbor(g, h->side_buf, h->src.path, e);
	if (rc == 0 && sp_cbuf_failed(h->side_buf))
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	return rc;
}

int
sp_h5src_sides(struct sp_source *s, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	struct sp_h5src *h = (struct sp_h5src *)s;
	size_t k;

	/* the kinds that sp_sidejson maps to the JSON profile, in its order */
	for (k = 0; k < SP_SIDEJSON_NKINDS; k++) {
		const char *kind = sp_sidejson_kinds[k].name;
		char path[64];
		hid_t g;
		int rc;

		snprintf(path, sizeof path, "rank%u/%s", rank, kind);
		if (!sp_h5_exists(h->file, path) ||
		    (g = H5Gopen2(h->file, path, H5P_DEFAULT)) < 0)
			continue;
		rc = side_image(h, g, e);
		H5Gclose(g);
		if (rc < 0 || emit(ctx, kind, sp_cbuf_data(h->side_buf),
		    sp_cbuf_len(h->side_buf), e) < 0)
			return -1;
	}
	return 0;
}
