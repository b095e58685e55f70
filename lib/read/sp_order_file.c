/*
 * File order (sp-read --order file; sp-stream(5) FILE ORDER): the rows of
 * a rank by region id, each row's calls in recording order, in batches of
 * lane -1 that may span rows.  Rows are read as they are stored; the
 * pre-pass has checked them.
 */
#include "sp_order_internal.h"

#include <stdlib.h>
#include <string.h>

/* Pairs (region id, row index) by region id. */
static int
cmp_row_region(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/*
 * The selected rows among [r0, r1) by region id, which is unique within
 * a rank: *idx, n of them, for the caller to free.
 */
static int
rows_by_region(struct sp_order *or, size_t r0, size_t r1, size_t **idx,
    size_t *n)
{
	const struct sp_source *src = or->src;
	size_t *v = malloc((r1 - r0 + 1) * sizeof *v), *key, i, m = 0;

	if ((*idx = v) == NULL)
		return sp_order_oom(or);
	for (i = r0; i < r1; i++)
		if (sp_order_row_selected(or, &src->rows[i]))
			v[m++] = i;
	*n = m;
	if (m < 2)
		return 0;
	if ((key = malloc(m * 2 * sizeof *key)) == NULL)
		return sp_order_oom(or);
	for (i = 0; i < m; i++) {
		key[2 * i] = src->rows[v[i]].region;
		key[2 * i + 1] = v[i];
	}
	qsort(key, m, 2 * sizeof *key, cmp_row_region);
	for (i = 0; i < m; i++)
		v[i] = key[2 * i + 1];
	free(key);
	return 0;
}

/* Calls [off, off + m) of row r, as read into or->a, or->b and or->x. */
static int
copy_chunk(struct sp_order *or, const struct sp_source_row *r, uint64_t off,
    size_t m)
{
	struct sp_batch *b = &or->out;
	size_t j = 0, i, x;

	while (j < m) {
		size_t room = or->batch - b->n;
		size_t c = m - j < room ? m - j : room;

		memcpy(b->start + b->n, or->a + j, c * 8);
		memcpy(b->end + b->n, or->b + j, c * 8);
		for (i = 0; i < c; i++) {
			b->region[b->n + i] = r->region;
			b->call[b->n + i] = (int64_t)(off + j + i);
		}
		for (x = 0; x < SP_X_COUNT; x++)
			if (b->x[x] != NULL)
				memcpy(b->x[x] + b->n, or->x[x] + j, c * 8);
		b->n += c;
		j += c;
		if (b->n == or->batch && sp_order_flush(or) < 0)
			return -1;
	}
	return 0;
}

/* One row's calls in recording order. */
static int
file_row(struct sp_order *or, size_t row)
{
	struct sp_source *src = or->src;
	const struct sp_source_row *r = &src->rows[row];
	int64_t prev = 0;
	uint64_t off;
	size_t i;

	for (off = 0; off < r->count; off += SP_ORDER_CHUNK) {
		size_t m = r->count - off < SP_ORDER_CHUNK ?
		    (size_t)(r->count - off) : SP_ORDER_CHUNK;

		if (src->ops->read(src, row, off, m, or->a, or->b, or->x,
		    or->e) < 0)
			return -1;
		if (src->delta) {
			for (i = 0; i < m; i++) {
				prev += or->a[i];
				or->a[i] = prev;
				or->b[i] += prev;
			}
		}
		if (copy_chunk(or, r, off, m) < 0)
			return -1;
	}
	return 0;
}

int
sp_order_file_rows(struct sp_order *or, uint32_t rank, size_t r0, size_t r1)
{
	size_t *idx, n = 0, k;
	int rc = -1;

	if (rows_by_region(or, r0, r1, &idx, &n) < 0)
		goto out;
	sp_order_lane_begin(or, rank, -1);
	for (k = 0; k < n; k++)
		if (file_row(or, idx[k]) < 0)
			goto out;
	rc = sp_order_flush(or);
out:
	free(idx);
	return rc;
}
