#include "sp_stats_order.h"

#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

const char sp_stats_sort_keys[] = "start, name, total, calls, avg, min, "
    "max, first, last, std, p50, p95, p99, imbalance, coverage, depth, "
    "num_ranks, exclusive, self, wall, gpu_total, gpu_avg";

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_opt
sp_stats_row_key(const struct sp_stats_row *w, const char *key, int *known)
{
	static const struct {
		const char *key;
		size_t off;
	} opt[] = {
		{ "total", offsetof(struct sp_stats_row, total) },
		{ "avg", offsetof(struct sp_stats_row, avg) },
		{ "min", offsetof(struct sp_stats_row, min) },
		{ "max", offsetof(struct sp_stats_row, max) },
		{ "first", offsetof(struct sp_stats_row, first) },
		{ "last", offsetof(struct sp_stats_row, last) },
		{ "std", offsetof(struct sp_stats_row, std) },
		{ "p50", offsetof(struct sp_stats_row, p50) },
		{ "p95", offsetof(struct sp_stats_row, p95) },
		{ "p99", offsetof(struct sp_stats_row, p99) },
		{ "coverage", offsetof(struct sp_stats_row, coverage) },
		{ "exclusive", offsetof(struct sp_stats_row, exclusive) },
		{ "self", offsetof(struct sp_stats_row, exclusive) },
		{ "gpu_total", offsetof(struct sp_stats_row, gpu_total) },
		{ "gpu_avg", offsetof(struct sp_stats_row, gpu_avg) },
	};
	size_t i;

	*known = 1;
	for (i = 0; i < sizeof opt / sizeof opt[0]; i++)
		if (strcmp(key, opt[i].key) == 0)
			return *(const struct sp_opt *)((const char *)w +
			    opt[i].off);
	if (strcmp(key, "calls") == 0)
		return sp_opt_of((double)w->calls);
	if (strcmp(key, "imbalance") == 0)
		return sp_opt_of(w->imbalance);
	if (strcmp(key, "depth") == 0)
		return sp_opt_of(w->depth);
	if (strcmp(key, "num_ranks") == 0)
		return sp_opt_of(w->num_ranks);
	if (strcmp(key, "wall") == 0)
		return sp_opt_of((double)w->wall_ns / 1e9);
	if (strcmp(key, "start") == 0)
		return sp_opt_of(w->start);
	*known = strcmp(key, "name") == 0;
	return (struct sp_opt){ 0., 0 };
}

/* --- sorting by a key --- */

struct item {
	uint32_t i;
	int set;
	double v;
	const char *name;
	size_t len;
};

static int
name_cmp(const struct item *x, const struct item *y)
{
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);

	if (c != 0)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* (set, value) descending, then name, then the original order. */
static int
by_value(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	double xv = x->set ? x->v : 0., yv = y->set ? y->v : 0.;
	int c;

	if (x->set != y->set)
		return x->set ? -1 : 1;
	if (xv != yv)
		return xv > yv ? -1 : 1;
	if ((c = name_cmp(x, y)) != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

static int
by_name(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = name_cmp(x, y);

	return c != 0 ? c : x->i < y->i ? -1 : x->i > y->i;
}

int
sp_stats_order_by(const struct sp_stats_sortable *s, size_t n, uint32_t *out,
    struct sp_err *e)
{
	struct item *it = sp_huge_alloc((n + 1) * sizeof *it);
	size_t i;

	if (it == NULL)
		return nomem(e);
	for (i = 0; i < n; i++) {
		it[i].i = (uint32_t)i;
		it[i].name = s->name(s->ctx, i, &it[i].len);
		it[i].set = 0;
		it[i].v = s->val != NULL ? s->val(s->ctx, i, &it[i].set) : 0.;
	}
	qsort(it, n, sizeof *it, s->val != NULL ? by_value : by_name);
	for (i = 0; i < n; i++)
		out[i] = it[i].i;
	free(it);
	return 0;
}

struct keyed_rows {
	const struct sp_stats_row *rows;
	const char *key;
};

static double
row_val(const void *ctx, size_t i, int *set)
{
	const struct keyed_rows *k = ctx;
	int known;
	struct sp_opt v = sp_stats_row_key(&k->rows[i], k->key, &known);

	*set = v.set;
	return v.v;
}

static const char *
row_name(const void *ctx, size_t i, size_t *len)
{
	const struct keyed_rows *k = ctx;

	*len = k->rows[i].name_len;
	return k->rows[i].name;
}

/* --- the tree --- */

struct started {
	double start;
	uint32_t i;
};

/* By start, the first met first: a stable sort by start. */
static int
by_start(const void *a, const void *b)
{
	const struct started *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

static void
sort_started(const struct sp_stats_row *rows, uint32_t *v, size_t n,
    struct started *tmp)
{
	size_t k;

	for (k = 0; k < n; k++) {
		tmp[k].start = rows[v[k]].start;
		tmp[k].i = v[k];
	}
	qsort(tmp, n, sizeof *tmp, by_start);
	for (k = 0; k < n; k++)
		v[k] = tmp[k].i;
}

/*
 * Children grouped by parent (kids[first[p] .. first[p] + count[p])),
 * the roots last (at first[n]), each group by start.
 */
static void
group(const struct sp_stats_row *rows, size_t n, uint32_t *kids,
    uint32_t *first, uint32_t *count, struct started *tmp)
{
	uint32_t i, p;

	for (i = 0; i < n; i++)
		count[rows[i].parent != UINT32_MAX ? rows[i].parent : n]++;
	for (i = 1; i <= n; i++)
		first[i] = first[i - 1] + count[i - 1];
	memset(count, 0, (n + 1) * sizeof *count);
	for (i = 0; i < n; i++) {
		p = rows[i].parent != UINT32_MAX ? rows[i].parent :
		    (uint32_t)n;
		kids[first[p] + count[p]++] = i;
	}
	for (i = 0; i <= n; i++)
		sort_started(rows, kids + first[i], count[i], tmp);
}

/* Pre-order, with a stack of (row, children visited) of our own. */
static void
preorder(const uint32_t *kids, const uint32_t *first, const uint32_t *count,
    size_t n, uint32_t *stack, uint32_t *pos, uint32_t *out)
{
	size_t top = 0, k = 0, m;
	uint32_t r, c;

	for (m = 0; m < count[n]; m++) {
		stack[top] = kids[first[n] + m];
		pos[top++] = 0;
		out[k++] = stack[0];
		while (top > 0) {
			r = stack[top - 1];
			if (pos[top - 1] == count[r]) {
				top--;
				continue;
			}
			c = kids[first[r] + pos[top - 1]++];
			out[k++] = c;
			stack[top] = c;
			pos[top++] = 0;
		}
	}
}

static int
tree_order(const struct sp_stats_row *rows, size_t n, uint32_t *out,
    struct sp_err *e)
{
	uint32_t *kids = sp_huge_alloc((n + 1) * sizeof *kids);
	uint32_t *first = sp_huge_calloc(n + 2, sizeof *first);
	uint32_t *count = sp_huge_calloc(n + 2, sizeof *count);
	uint32_t *stack = sp_huge_alloc((n + 1) * sizeof *stack);
	uint32_t *pos = sp_huge_alloc((n + 1) * sizeof *pos);
	struct started *tmp = sp_huge_alloc((n + 1) * sizeof *tmp);
	int rc = 0;

	if (kids == NULL || first == NULL || count == NULL || stack == NULL ||
	    pos == NULL || tmp == NULL)
		rc = nomem(e);
	else {
		group(rows, n, kids, first, count, tmp);
		preorder(kids, first, count, n, stack, pos, out);
	}
	free(kids);
	free(first);
	free(count);
	free(stack);
	free(pos);
	free(tmp);
	return rc;
}

int
sp_stats_order_rows(const struct sp_stats_row *rows, size_t n,
    const char *sort, uint32_t *out, struct sp_err *e)
{
	struct keyed_rows k = { rows, sort };
	struct sp_stats_sortable s = { row_val, row_name, &k };
	int known;

	if (sort == NULL || strcmp(sort, "start") == 0)
		return tree_order(rows, n, out, e);
	if (n > 0)
		(void)sp_stats_row_key(&rows[0], sort, &known);
	else
		known = 1;
	if (!known)
		return sp_fail(e, SP_EUSAGE, "'%s' is not a sort key: give "
		    "one of %s", sort, sp_stats_sort_keys);
	if (strcmp(sort, "name") == 0)
		s.val = NULL;
	return sp_stats_order_by(&s, n, out, e);
}
