#include "sp_flame_tree.h"

#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_huge.h"

#define NONE SP_FLAME_TREE_NONE

struct sp_flame_tree {
	struct sp_flame_tree_node *n;
	size_t nn, n_cap;
	uint64_t *tab;		/* slot -> id + 1, 0 for empty */
	uint64_t *keys;
	size_t tab_cap;		/* power of two */
	uint32_t *stack;
	size_t depth, stack_cap;
	uint32_t base;		/* the lane frame, or NONE */
	uint32_t top;		/* the first top-level node, a list via next */
	uint32_t top_last;
	char **labels;
	size_t nlabels, labels_cap;
	int64_t total;
	uint64_t max_bytes;	/* 0: no bound */
	const char *what;
};

struct sp_flame_tree *
sp_flame_tree_new(void)
{
	struct sp_flame_tree *t = calloc(1, sizeof *t);

	if (t == NULL)
		return NULL;
	t->base = t->top = t->top_last = NONE;
	t->what = "the call path tree";
	return t;
}

void
sp_flame_tree_set_max_bytes(struct sp_flame_tree *t, uint64_t max_bytes,
    const char *what)
{
	t->max_bytes = max_bytes;
	if (what != NULL)
		t->what = what;
}

void
sp_flame_tree_reset(struct sp_flame_tree *t)
{
	size_t i;

	t->nn = 0;
	t->depth = 0;
	t->base = t->top = t->top_last = NONE;
	t->total = 0;
	if (t->tab != NULL)
		memset(t->tab, 0, t->tab_cap * sizeof *t->tab);
	for (i = 0; i < t->nlabels; i++)
		free(t->labels[i]);
	t->nlabels = 0;
}

void
sp_flame_tree_free(struct sp_flame_tree *t)
{
	if (t == NULL)
		return;
	sp_flame_tree_reset(t);
	free(t->n);
	free(t->tab);
	free(t->keys);
	free(t->stack);
	free(t->labels);
	free(t);
}

/* A path is its parent and its symbol: one 64-bit key. */
static uint64_t
key_of(uint32_t parent, uint32_t lane, uint32_t sym)
{
	return ((uint64_t)parent + 1) << 33 | (uint64_t)(lane != 0) << 32 |
	    sym;
}

static int
rehash(struct sp_flame_tree *t, struct sp_err *e)
{
	size_t cap = t->tab_cap ? t->tab_cap * 2 : 1024, i;
	uint64_t *tab, *keys;

	if ((tab = sp_huge_calloc(cap, sizeof *tab)) == NULL ||
	    (keys = sp_huge_calloc(cap, sizeof *keys)) == NULL) {
		free(tab);
		return sp_fail(e, SP_ENOMEM, "out of memory building %s",
		    t->what);
	}
	for (i = 0; i < t->nn; i++) {
		const struct sp_flame_tree_node *x = &t->n[i];
		uint64_t k = key_of(x->parent, x->lane, x->sym);
		size_t h = sp_hash_mix(k) & (cap - 1);

		while (tab[h] != 0)
			h = (h + 1) & (cap - 1);
		tab[h] = (uint64_t)i + 1;
		keys[h] = k;
	}
	free(t->tab);
	free(t->keys);
	t->tab = tab;
	t->keys = keys;
	t->tab_cap = cap;
	return 0;
}

/* A new node id for (parent, sym), linked into its parent's list. */
static uint32_t
add(struct sp_flame_tree *t, uint32_t parent, uint32_t lane, uint32_t sym,
    struct sp_err *e)
{
	struct sp_flame_tree_node *x;
	uint32_t id;

	if (t->max_bytes > 0 &&
	    (t->nn + 1) * SP_FLAME_TREE_PATH_COST > t->max_bytes) {
		sp_fail(e, SP_ENOMEM, "%s outgrows its bound of %llu bytes at "
		    "%zu distinct paths (raise --max-memory)", t->what,
		    (unsigned long long)t->max_bytes, t->nn);
		return NONE;
	}
	if (t->nn >= NONE - 1 || sp_grow(&t->n, &t->n_cap, t->nn + 1,
	    sizeof *t->n, 64) < 0) {
		sp_fail(e, SP_ENOMEM, "out of memory building %s", t->what);
		return NONE;
	}
	id = (uint32_t)t->nn++;
	x = &t->n[id];
	memset(x, 0, sizeof *x);
	x->parent = parent;
	x->sym = sym;
	x->lane = lane != 0;
	x->child = x->last = x->next = NONE;
	if (parent == NONE) {
		if (t->top == NONE)
			t->top = id;
		else
			t->n[t->top_last].next = id;
		t->top_last = id;
	} else {
		struct sp_flame_tree_node *p = &t->n[parent];

		if (p->child == NONE)
			p->child = id;
		else
			t->n[p->last].next = id;
		p->last = id;
	}
	return id;
}

/* The node (parent, sym), added if new. */
static uint32_t
node(struct sp_flame_tree *t, uint32_t parent, uint32_t lane, uint32_t sym,
    struct sp_err *e)
{
	uint64_t k = key_of(parent, lane, sym);
	size_t h;
	uint32_t id;

	if ((t->nn + 1) * 2 > t->tab_cap && rehash(t, e) < 0)
		return NONE;
	h = sp_hash_mix(k) & (t->tab_cap - 1);
	while (t->tab[h] != 0) {
		if (t->keys[h] == k)
			return (uint32_t)(t->tab[h] - 1);
		h = (h + 1) & (t->tab_cap - 1);
	}
	if ((id = add(t, parent, lane, sym, e)) == NONE)
		return NONE;
	t->tab[h] = (uint64_t)id + 1;
	t->keys[h] = k;
	return id;
}

int
sp_flame_tree_lane(struct sp_flame_tree *t, const char *label,
    struct sp_err *e)
{
	size_t i;

	if (t->depth != 0)
		return sp_fail(e, SP_EUSAGE, "a lane starts with calls open");
	if (label == NULL) {
		t->base = NONE;
		return 0;
	}
	for (i = 0; i < t->nlabels; i++)
		if (strcmp(t->labels[i], label) == 0)
			break;
	if (i == t->nlabels) {
		if (sp_grow(&t->labels, &t->labels_cap, t->nlabels + 1,
		    sizeof *t->labels, 64) < 0 ||
		    (t->labels[t->nlabels] = strdup(label)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		t->nlabels++;
	}
	t->base = node(t, NONE, 1, (uint32_t)i, e);
	return t->base == NONE ? -1 : 0;
}

int
sp_flame_tree_enter(struct sp_flame_tree *t, uint32_t region,
    struct sp_err *e)
{
	uint32_t parent = t->depth ? t->stack[t->depth - 1] : t->base, id;

	if ((id = node(t, parent, 0, region, e)) == NONE)
		return -1;
	if (sp_grow(&t->stack, &t->stack_cap, t->depth + 1,
	    sizeof *t->stack, 64) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	t->stack[t->depth++] = id;
	t->n[id].calls++;
	return 0;
}

int
sp_flame_tree_leave(struct sp_flame_tree *t, int64_t self_ns,
    struct sp_err *e)
{
	if (t->depth == 0)
		return sp_fail(e, SP_EUSAGE, "a call closes but none is open");
	/* self times are >= 0 (the walk checks), so the total bounds
	 * every node's self and every subtree's sum */
	if (__builtin_add_overflow(t->total, self_ns, &t->total))
		return sp_fail(e, SP_EDATA, "the calls' times add up past "
		    "2^63 - 1 ns (292 years), more than a flame graph can sum");
	t->n[t->stack[--t->depth]].self += self_ns;
	return 0;
}

size_t
sp_flame_tree_paths(const struct sp_flame_tree *t)
{
	return t->nn;
}

int64_t
sp_flame_tree_total(const struct sp_flame_tree *t)
{
	return t->total;
}

uint32_t
sp_flame_tree_top(const struct sp_flame_tree *t)
{
	return t->top;
}

const struct sp_flame_tree_node *
sp_flame_tree_node(const struct sp_flame_tree *t, uint32_t id)
{
	return &t->n[id];
}

const char *
sp_flame_tree_label(const struct sp_flame_tree *t, uint32_t sym)
{
	return sym < t->nlabels ? t->labels[sym] : NULL;
}
