/*
 * The region order (sp-stream(5) CALL ORDER), which breaks the ties
 * between calls of equal start and end: that of the reference's
 * get_regions(), the regions stably sorted by the earliest start of their
 * rows in seconds.  Seconds as Python computes them, float(ns) / 1e9, so
 * that starts a double cannot tell apart tie and the region id decides;
 * 0.0 for a row without calls; and regions without rows last.
 */
#include "sp_order_internal.h"

#include <math.h>
#include <stdlib.h>

struct rkey {
	double key;
	uint32_t region;
};

static int
cmp_rkey(const void *a, const void *b)
{
	const struct rkey *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

int
sp_order_regions(const struct sp_source *src, const int64_t *row_min,
    uint32_t *order, struct sp_err *e)
{
	struct rkey *keys = malloc((src->nregions + 1) * sizeof *keys);
	size_t i;

	if (keys == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", src->path);
	for (i = 0; i < src->nregions; i++) {
		keys[i].key = HUGE_VAL;
		keys[i].region = (uint32_t)i;
	}
	for (i = 0; i < src->nrows; i++) {
		const struct sp_source_row *r = &src->rows[i];
		double sec = r->count > 0 ? (double)row_min[i] / 1e9 : 0.0;

		if (sec < keys[r->region].key)
			keys[r->region].key = sec;
	}
	if (src->nregions > 1)
		qsort(keys, src->nregions, sizeof *keys, cmp_rkey);
	for (i = 0; i < src->nregions; i++)
		order[keys[i].region] = (uint32_t)i;
	free(keys);
	return 0;
}
