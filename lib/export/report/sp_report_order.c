/* The order of the heatmap's rows (sp_report_order.h). */
#include "sp_report_order.h"

#include <stdlib.h>

struct key {
	size_t group;
	double total;
	size_t i;
};

static int
key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Each column's mean over the n ranks (a rank without calls adds 0). */
static double *
means(const double *own, size_t n, size_t ncols)
{
	double *m = calloc(ncols + 1, sizeof *m);
	size_t i, c;

	if (m == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		for (c = 0; c < ncols; c++)
			if (own[i * ncols + c] > 0)
				m[c] += own[i * ncols + c];
	for (c = 0; c < ncols; c++)
		m[c] /= (double)n;
	return m;
}

static void
key_of(const double *row, const double *mean, size_t ncols, struct key *k)
{
	double best = -1, x;
	size_t c;

	k->group = ncols;
	k->total = 0;
	for (c = 0; c < ncols; c++) {
		if (row[c] < 0)
			continue;
		k->total += row[c];
		if (!(mean[c] > 0))
			continue;
		x = row[c] / mean[c];
		if (x > best) {
			best = x;
			k->group = c;
		}
	}
}

int
sp_report_order(const double *own, size_t n, size_t ncols, size_t *order,
    size_t *group)
{
	struct key *k = malloc((n + 1) * sizeof *k);
	double *mean = means(own, n, ncols);
	size_t i;

	if (k == NULL || mean == NULL) {
		free(k);
		free(mean);
		return -1;
	}
	for (i = 0; i < n; i++) {
		key_of(own + i * ncols, mean, ncols, &k[i]);
		k[i].i = i;
	}
	qsort(k, n, sizeof *k, key_cmp);
	for (i = 0; i < n; i++) {
		order[i] = k[i].i;
		if (group != NULL)
			group[k[i].i] = k[i].group;
	}
	free(k);
	free(mean);
	return 0;
}

size_t
sp_report_order_per(size_t n, size_t max)
{
	return n > max ? (n + max - 1) / max : 1;
}

size_t
sp_report_order_rows(size_t n, size_t max)
{
	size_t per = sp_report_order_per(n, max);

	return (n + per - 1) / per;
}
