#include "sp_ranks.h"

#include <stdlib.h>
#include <string.h>

/* Inclusive, so that rank 4294967295 needs no wider type. */
struct span {
	uint32_t lo, hi;
};

struct sp_ranks {
	int added;		/* a spec was added: the set restricts */
	int all;		/* "all" was seen: it does not after all */
	struct span *v;		/* sorted, disjoint, not even adjacent */
	size_t n, cap;
};

struct sp_ranks *
sp_ranks_new(void)
{
	return calloc(1, sizeof(struct sp_ranks));
}

void
sp_ranks_free(struct sp_ranks *r)
{
	if (r == NULL)
		return;
	free(r->v);
	free(r);
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	    c == '\r';
}

/* Trim [*s, *end) in place. */
static void
trim(const char **s, const char **end)
{
	while (*s < *end && is_blank(**s))
		(*s)++;
	while (*end > *s && is_blank((*end)[-1]))
		(*end)--;
}

/* A decimal uint32 spanning exactly [s, end) once trimmed; -1 if not. */
static int
parse_rank(const char *s, const char *end, uint32_t *out)
{
	uint64_t v = 0;

	trim(&s, &end);
	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > UINT32_MAX)
			return -1;
	}
	*out = (uint32_t)v;
	return 0;
}

static int
cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Sort and merge overlapping or touching spans, so lookups can bisect. */
static void
normalize(struct sp_ranks *r)
{
	size_t i, k;

	if (r->n == 0)
		return;
	qsort(r->v, r->n, sizeof r->v[0], cmp_span);
	for (i = 1, k = 0; i < r->n; i++) {
		if ((uint64_t)r->v[k].hi + 1 >= r->v[i].lo) {
			if (r->v[i].hi > r->v[k].hi)
				r->v[k].hi = r->v[i].hi;
		} else {
			r->v[++k] = r->v[i];
		}
	}
	r->n = k + 1;
}

static int
push(struct sp_ranks *r, uint32_t lo, uint32_t hi)
{
	struct span *v;
	size_t cap;

	if (r->n == r->cap) {
		cap = r->cap != 0 ? 2 * r->cap : 8;
		if ((v = realloc(r->v, cap * sizeof *v)) == NULL)
			return -1;
		r->v = v;
		r->cap = cap;
	}
	r->v[r->n].lo = lo;
	r->v[r->n].hi = hi;
	r->n++;
	return 0;
}

/* The span of one trimmed part "N" or "N-M" (lo > hi when empty). */
static int
parse_part(const char *p, const char *q, uint32_t *lo, uint32_t *hi)
{
	const char *dash;

	if ((dash = memchr(p, '-', (size_t)(q - p))) == NULL) {
		if (parse_rank(p, q, lo) == -1)
			return -1;
		*hi = *lo;
		return 0;
	}
	if (parse_rank(p, dash, lo) == -1 || parse_rank(dash + 1, q, hi) == -1)
		return -1;
	return 0;
}

int
sp_ranks_add(struct sp_ranks *r, const char *spec, struct sp_err *e)
{
	const char *next, *stop, *p, *q;
	size_t n0 = r->n;
	uint32_t lo, hi;
	int all = 0;

	/* Parts are pushed as they parse; a failure truncates them away. */
	for (next = spec; next != NULL; next = *stop == ',' ? stop + 1 : NULL) {
		stop = strchr(next, ',');
		if (stop == NULL)
			stop = next + strlen(next);
		p = next;
		q = stop;
		trim(&p, &q);
		if (q - p == 3 && memcmp(p, "all", 3) == 0) {
			all = 1;
			continue;
		}
		if (parse_part(p, q, &lo, &hi) == -1) {
			sp_fail(e, SP_EUSAGE, "bad rank '%.*s': expected "
			    "all, N, N-M or a comma list of them",
			    (int)(q - p), p);
			goto fail;
		}
		/* An empty range still restricts, to nothing. */
		if (lo <= hi && push(r, lo, hi) == -1) {
			sp_fail(e, SP_ENOMEM, "out of memory reading ranks");
			goto fail;
		}
	}
	r->added = 1;
	r->all |= all;
	normalize(r);
	return 0;
fail:
	r->n = n0;
	return -1;
}

int
sp_ranks_all(const struct sp_ranks *r)
{
	return !r->added || r->all;
}

/* Index of the first span with hi >= rank, or n. */
static size_t
lower_bound(const struct sp_ranks *r, uint32_t rank)
{
	size_t lo = 0, hi = r->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->v[mid].hi < rank)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
sp_ranks_has(const struct sp_ranks *r, uint32_t rank)
{
	size_t i;

	if (sp_ranks_all(r))
		return 1;
	i = lower_bound(r, rank);
	return i < r->n && r->v[i].lo <= rank;
}

int
sp_ranks_next(const struct sp_ranks *r, uint32_t from, uint32_t *next)
{
	size_t i;

	if (sp_ranks_all(r)) {
		*next = from;
		return 1;
	}
	i = lower_bound(r, from);
	if (i == r->n)
		return 0;
	*next = r->v[i].lo > from ? r->v[i].lo : from;
	return 1;
}

uint32_t
sp_ranks_span_end(const struct sp_ranks *r, uint32_t rank)
{
	size_t i;

	if (sp_ranks_all(r))
		return UINT32_MAX;
	i = lower_bound(r, rank);
	return i < r->n ? r->v[i].hi : rank;
}
