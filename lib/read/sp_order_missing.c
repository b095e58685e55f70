/*
 * The ranks that --ranks asks for and a run lacks (sp_order.h): a rank is
 * the run's when some row or rank group has it, selected by the region
 * filter or not.  The selection is walked range by range, never rank by
 * rank, so "--ranks 0-4294967295" costs what "--ranks 0" does.
 */
#include "sp_order_internal.h"

#include <stdlib.h>

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The run's ranks, ascending, each once, into *have (the caller frees). */
static int
run_ranks(struct sp_order *or, uint32_t **have, size_t *m)
{
	const struct sp_source *src = or->src;
	uint32_t *v;
	size_t i, j = 0, n = 0;

	if ((v = malloc((src->nrows + src->nextra_ranks + 1) *
	    sizeof *v)) == NULL)
		return sp_order_oom(or);
	for (i = 0; i < src->nrows; i++)
		v[n++] = src->rows[i].rank;
	for (i = 0; i < src->nextra_ranks; i++)
		v[n++] = src->extra_ranks[i];
	qsort(v, n, sizeof *v, cmp_u32);
	for (i = 0; i < n; i++)
		if (j == 0 || v[j - 1] != v[i])
			v[j++] = v[i];
	*have = v;
	*m = j;
	return 0;
}

/* Append [lo, hi] to *out (n of cap). */
static int
add_range(struct sp_order *or, uint32_t (**out)[2], size_t *n, size_t *cap,
    uint32_t lo, uint32_t hi)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 8;
		uint32_t (*p)[2] = realloc(*out, c * sizeof *p);

		if (p == NULL)
			return sp_order_oom(or);
		*out = p;
		*cap = c;
	}
	(*out)[*n][0] = lo;
	(*out)[(*n)++][1] = hi;
	return 0;
}

int
sp_order_missing(struct sp_order *or)
{
	const struct sp_order_opts *o = or->o;
	uint32_t *have = NULL, (*out)[2] = NULL, from = 0, x, end;
	size_t m = 0, k = 0, n = 0, cap = 0;
	int rc = -1;

	if (o->missing == NULL || o->shard || o->ranks == NULL ||
	    sp_ranks_all(o->ranks))
		return 0;
	if (run_ranks(or, &have, &m) < 0)
		return -1;
	while (sp_ranks_next(o->ranks, from, &x)) {
		while (k < m && have[k] < x)
			k++;
		if (k < m && have[k] == x)
			end = x;
		else {
			end = sp_ranks_span_end(o->ranks, x);
			if (k < m && have[k] - 1 < end)
				end = have[k] - 1;
			if (add_range(or, &out, &n, &cap, x, end) < 0)
				goto out;
		}
		if (end == UINT32_MAX)
			break;
		from = end + 1;
	}
	if (n > 0)
		o->missing(o->missing_ctx, or->src->path,
		    (const uint32_t (*)[2])out, n);
	rc = 0;
out:
	free(have);
	free(out);
	return rc;
}
