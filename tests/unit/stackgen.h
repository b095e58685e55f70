/*
 * stackgen.h - random lanes and a brute-force reconstruction, shared by
 * test-stack and test-walk.
 *
 * The brute force follows the reference's definitions literally, in
 * doubled time (S = 2 start, E = 2 end, E = S + 1 for a zero-length call)
 * and O(n^2): depth = the earlier-sorted calls with E > S, parent = the
 * last earlier call one level up, self = duration - the durations of the
 * direct children.  It shares no code with lib/sp_stack.c on purpose.
 *
 * Ownership: every array here is the caller's; gen_* grow theirs with
 * realloc and the caller frees them.
 */
#ifndef STACKGEN_H
#define STACKGEN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tc {
	int64_t s, e;
	int64_t call;
	uint32_t region;
};

#define GEN_MAXREG 8

static const char *const gen_names[GEN_MAXREG] = {
	"a", "b", "c", "d", "e", "f", "g", "h",
};

static inline uint64_t
rnd(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0; the bias does not matter here. */
static inline int64_t
rndn(uint64_t *x, int64_t n)
{
	return (int64_t)(rnd(x) % (uint64_t)n);
}

struct gen {
	uint64_t *rng;
	struct tc *c;
	size_t n, cap, budget;
	uint32_t nreg;
	int64_t ncall[GEN_MAXREG];
};

static inline void
gen_emit(struct gen *g, int64_t s, int64_t e)
{
	uint32_t r = (uint32_t)rndn(g->rng, g->nreg);

	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		if ((g->c = realloc(g->c, g->cap * sizeof *g->c)) == NULL) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
	}
	g->c[g->n].s = s;
	g->c[g->n].e = e;
	g->c[g->n].region = r;
	g->c[g->n].call = g->ncall[r]++;
	g->n++;
	g->budget--;
}

/*
 * Children of [lo, hi] (hi < 0: unbounded roots), one after the other:
 * touching or apart, zero-length ones anywhere including the parent's
 * start and end, some identical to the parent or ending with it.
 */
static inline void
gen_kids(struct gen *g, int64_t lo, int64_t hi, int level)
{
	int64_t t = lo, s, e, span;
	int k;

	while (g->budget > 0) {
		if (hi >= 0 && rndn(g->rng, 4) == 0)
			break;
		k = (int)rndn(g->rng, 10);
		s = k < 5 ? t : t + rndn(g->rng, 6);	/* often touching */
		if (hi >= 0 && s > hi)
			break;
		span = hi >= 0 ? hi - s + 1 : 40;
		if (k == 0 || k == 5)
			e = s;				/* zero-length */
		else if (hi >= 0 && (k == 1 || k == 6))
			e = hi;				/* ends with parent */
		else if (hi >= 0 && k == 2 && t == lo) {
			s = lo;				/* identical */
			e = hi;
		} else
			e = s + rndn(g->rng, span);
		if (k == 3 && hi >= 0 && rndn(g->rng, 2) == 0)
			s = e = hi;			/* zero at parent end */
		gen_emit(g, s, e);
		if (level < 40 && rndn(g->rng, 3) != 0)
			gen_kids(g, s, e, level + 1);
		t = e;
	}
}

/* A properly nested lane of exactly n calls (unsorted), times + base. */
static inline struct tc *
gen_forest(uint64_t *rng, size_t n, uint32_t nreg, int64_t base)
{
	struct gen g;
	size_t i;

	memset(&g, 0, sizeof g);
	g.rng = rng;
	g.budget = n;
	g.nreg = nreg;
	gen_kids(&g, 0, -1, 0);
	for (i = 0; i < g.n; i++) {
		g.c[i].s += base;
		g.c[i].e += base;
	}
	return g.c;
}

/* n random intervals in [0, width + maxlen], often overlapping. */
static inline struct tc *
gen_random(uint64_t *rng, size_t n, uint32_t nreg, int64_t width,
    int64_t maxlen)
{
	struct gen g;

	memset(&g, 0, sizeof g);
	g.rng = rng;
	g.budget = n;
	g.nreg = nreg;
	while (g.budget > 0) {
		int64_t s = rndn(rng, width);

		gen_emit(&g, s, rndn(rng, 4) == 0 ? s : s + rndn(rng, maxlen));
	}
	return g.c;
}

/* The canonical order; qsort has no context pointer, hence the global. */
static const uint32_t *gen_order;

static inline int
gen_cmp(const void *pa, const void *pb)
{
	const struct tc *a = pa, *b = pb;
	uint32_t oa = gen_order ? gen_order[a->region] : a->region;
	uint32_t ob = gen_order ? gen_order[b->region] : b->region;

	if (a->s != b->s)
		return a->s < b->s ? -1 : 1;
	if (a->e != b->e)
		return a->e > b->e ? -1 : 1;
	if (oa != ob)
		return oa < ob ? -1 : 1;
	if (a->call != b->call)
		return a->call < b->call ? -1 : 1;
	return 0;
}

static inline void
gen_sort(struct tc *c, size_t n, const uint32_t *order)
{
	gen_order = order;
	qsort(c, n, sizeof *c, gen_cmp);
}

static inline void
gen_perm(uint64_t *rng, uint32_t *p, uint32_t n)
{
	uint32_t i, j, t;

	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n; i > 1; i--) {
		j = (uint32_t)rndn(rng, i);
		t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
}

static inline int64_t
bf_S(const struct tc *c)
{
	return 2 * c->s;
}

static inline int64_t
bf_E(const struct tc *c)
{
	return c->e == c->s ? 2 * c->s + 1 : 2 * c->e;
}

/*
 * The reference's reconstruction of sorted calls, literally.  close[] gets
 * the calls in closing order: i closes before the first later call j with
 * E(i) <= S(j) opens (or at the lane's end), deepest first.
 */
static inline void
bf_build(const struct tc *c, size_t n, int64_t *depth, int64_t *parent,
    int64_t *self, size_t *close)
{
	size_t i, j, k;
	size_t *at = malloc((n + 1) * sizeof *at);

	for (i = 0; i < n; i++) {
		depth[i] = 0;
		for (j = 0; j < i; j++)
			if (bf_E(&c[j]) > bf_S(&c[i]))
				depth[i]++;
		parent[i] = -1;
		for (j = 0; j < i; j++)
			if (depth[j] == depth[i] - 1)
				parent[i] = (int64_t)j;
	}
	for (i = 0; i < n; i++) {
		self[i] = c[i].e - c[i].s;
		for (j = 0; j < n; j++)
			if (parent[j] == (int64_t)i)
				self[i] -= c[j].e - c[j].s;
	}
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++)
			if (bf_E(&c[i]) <= bf_S(&c[j]))
				break;
		at[i] = j;
	}
	k = 0;
	for (j = 0; j <= n; j++)
		for (i = n; i-- > 0;)
			if (at[i] == j)
				close[k++] = i;
	free(at);
}

/* Some pair is neither disjoint nor one inside the other. */
static inline int
bf_overlaps(const struct tc *c, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			const struct tc *a = &c[i], *b = &c[j];

			if (a->e <= b->s || b->e <= a->s)
				continue;
			if ((a->s <= b->s && b->e <= a->e) ||
			    (b->s <= a->s && a->e <= b->e))
				continue;
			return 1;
		}
	return 0;
}

/* The reference's overlap error: the first call whose parent ends first. */
static inline int
bf_culprit(const struct tc *c, size_t n, const int64_t *parent)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (parent[i] >= 0 && c[parent[i]].e < c[i].e)
			return (int)i;
	return -1;
}

static inline void
bf_overlap_msg(char *buf, size_t size, const struct tc *ch,
    const struct tc *pa)
{
	snprintf(buf, size, "recorded calls are not properly nested: '%s' "
	    "call %lld [%lld, %lld] ns starts inside '%s' call %lld [%lld, "
	    "%lld] ns but ends after it. Regions must nest completely or not "
	    "overlap at all - check for a missing or misordered sp_end / "
	    "__exit__.", gen_names[ch->region], (long long)ch->call,
	    (long long)ch->s, (long long)ch->e, gen_names[pa->region],
	    (long long)pa->call, (long long)pa->s, (long long)pa->e);
}

#endif
