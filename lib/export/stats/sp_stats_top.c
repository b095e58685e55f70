#include "sp_stats_top.h"

#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

#define UNSEEN UINT32_MAX
#define LEFT_OUT (UINT32_MAX - 1)

enum { CHOSEN = 1, LINKED = 2 };

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/*
 * A dense id per distinct name of items 0 .. count - 1 into gid; the
 * number of ids is returned, (size_t)-1 on failure.
 */
static size_t
name_ids(const struct sp_stats_sortable *s, size_t count, uint32_t *gid,
    struct sp_err *e)
{
	struct sp_stats_sortable byname = { NULL, s->name, s->ctx };
	uint32_t *sorted = sp_huge_alloc((count + 1) * sizeof *sorted);
	const char *p = NULL, *q;
	size_t i, np = 0, nq, ids = 0;

	if (sorted == NULL) {
		nomem(e);
		return (size_t)-1;
	}
	if (sp_stats_order_by(&byname, count, sorted, e) < 0) {
		free(sorted);
		return (size_t)-1;
	}
	for (i = 0; i < count; i++) {
		q = s->name(s->ctx, sorted[i], &nq);
		if (i == 0 || nq != np || memcmp(p, q, nq) != 0)
			ids++;
		gid[sorted[i]] = (uint32_t)(ids - 1);
		p = q;
		np = nq;
	}
	free(sorted);
	return ids;
}

/*
 * Walk rank[0 .. n): each item of one of the first top names met is
 * chosen, up to per_name items of a name (0: all of them).
 */
static void
choose(const uint32_t *rank, size_t n, const uint32_t *gid, uint32_t *slot,
    size_t top, size_t per_name, uint8_t *mark)
{
	size_t i, names = 0;
	uint32_t *g;

	for (i = 0; i < n; i++) {
		g = &slot[gid[rank[i]]];
		if (*g == UNSEEN)
			*g = names < top ? (names++, 0) : LEFT_OUT;
		if (*g == LEFT_OUT || (per_name > 0 && *g >= per_name))
			continue;
		(*g)++;
		mark[rank[i]] |= CHOSEN;
	}
}

/* order[0 .. *n) without the items mark leaves out. */
static void
squeeze(uint32_t *order, size_t *n, const uint8_t *mark)
{
	size_t i, k = 0;

	for (i = 0; i < *n; i++)
		if (mark[order[i]])
			order[k++] = order[i];
	*n = k;
}

int
sp_stats_top_records(const struct sp_stats_sortable *s, size_t count,
    long top, uint32_t *order, size_t *n, struct sp_err *e)
{
	uint32_t *gid, *slot = NULL, *rank = NULL;
	uint8_t *mark = NULL;
	size_t ids;
	int rc = -1;

	if (top < 0)
		return 0;
	if ((gid = sp_huge_alloc((count + 1) * sizeof *gid)) == NULL)
		return nomem(e);
	if ((ids = name_ids(s, count, gid, e)) == (size_t)-1)
		goto out;
	slot = malloc((ids + 1) * sizeof *slot);
	mark = calloc(count + 1, 1);
	rank = s->val != NULL ? malloc((count + 1) * sizeof *rank) : NULL;
	if (slot == NULL || mark == NULL || (s->val != NULL && rank == NULL)) {
		nomem(e);
		goto out;
	}
	if (s->val != NULL && sp_stats_order_by(s, count, rank, e) < 0)
		goto out;
	memset(slot, 0xff, (ids + 1) * sizeof *slot);
	if (rank != NULL)
		choose(rank, count, gid, slot, (size_t)top, 0, mark);
	else
		choose(order, *n, gid, slot, (size_t)top, 0, mark);
	squeeze(order, n, mark);
	rc = 0;
out:
	free(gid);
	free(slot);
	free(mark);
	free(rank);
	return rc;
}

/* --- the tree's rows --- */

static const char *
row_name(const void *ctx, size_t i, size_t *len)
{
	const struct sp_stats_row *rows = ctx;

	*len = rows[i].name_len;
	return rows[i].name;
}

/* Minus the start: sp_stats_order_by() puts the earliest first. */
static double
row_early(const void *ctx, size_t i, int *set)
{
	const struct sp_stats_row *rows = ctx;

	*set = 1;
	return -rows[i].start;
}

/* A row's total time: sp_stats_order_by() puts the largest first. */
static double
row_total(const void *ctx, size_t i, int *set)
{
	const struct sp_stats_row *rows = ctx;

	*set = rows[i].total.set;
	return rows[i].total.v;
}

/* Every ancestor row of a chosen row is linked in. */
static void
link_ancestors(const struct sp_stats_row *rows, const uint32_t *order,
    size_t n, uint8_t *mark)
{
	uint32_t up;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(mark[order[i]] & CHOSEN))
			continue;
		for (up = rows[order[i]].up; up != UINT32_MAX &&
		    !(mark[up] & LINKED); up = rows[up].up)
			mark[up] |= LINKED;
	}
}

/*
 * The rows in the key's flat order (no key: by total, largest first), of
 * depth max_depth at most.
 */
static int
ranking(const struct sp_stats_row *rows, const char *sort, long max_depth,
    const uint32_t *order, uint32_t *rank, size_t *n, struct sp_err *e)
{
	struct sp_stats_sortable s = { row_early, row_name, rows };
	size_t i, k = 0;

	if (sort == NULL)
		s.val = row_total;
	if (sort == NULL || strcmp(sort, "start") == 0) {
		if (sp_stats_order_by(&s, *n, rank, e) < 0)
			return -1;
	} else {
		memcpy(rank, order, *n * sizeof *rank);
	}
	for (i = 0; i < *n; i++)
		if (max_depth < 0 || rows[rank[i]].depth <= (uint64_t)max_depth)
			rank[k++] = rank[i];
	*n = k;
	return 0;
}

int
sp_stats_top_rows(const struct sp_stats_row *rows, const char *sort,
    long top, long max_depth, uint32_t *order, size_t *n, struct sp_err *e)
{
	struct sp_stats_sortable s = { NULL, row_name, rows };
	size_t count = *n, nr = *n, ids = 0;
	uint32_t *rank = NULL, *gid = NULL, *slot = NULL;
	uint8_t *mark;
	int rc = -1;

	if (top < 0 && max_depth < 0)
		return 0;
	if ((mark = calloc(count + 1, 1)) == NULL ||
	    (rank = sp_huge_alloc((count + 1) * sizeof *rank)) == NULL ||
	    (gid = sp_huge_alloc((count + 1) * sizeof *gid)) == NULL) {
		nomem(e);
		goto out;
	}
	if (ranking(rows, sort, max_depth, order, rank, &nr, e) < 0 ||
	    (top >= 0 && (ids = name_ids(&s, count, gid, e)) == (size_t)-1))
		goto out;
	if ((slot = malloc((ids + 1) * sizeof *slot)) == NULL) {
		nomem(e);
		goto out;
	}
	memset(slot, 0xff, (ids + 1) * sizeof *slot);
	if (top >= 0) {
		choose(rank, nr, gid, slot, (size_t)top, (size_t)top, mark);
		link_ancestors(rows, order, count, mark);
	} else {
		while (nr > 0)
			mark[rank[--nr]] = CHOSEN;
	}
	squeeze(order, n, mark);
	rc = 0;
out:
	free(mark);
	free(rank);
	free(gid);
	free(slot);
	return rc;
}
