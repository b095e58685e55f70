/*
 * The flat tree (sp_flame_flat.h).  It is built depth first with a stack
 * of pending nodes, each a group of the tree nodes (of either side) that
 * share a path: a node's children are its members' children, sorted by
 * name and grouped by it.  The groups' members sit on a second stack, the
 * next node's on top, so that both stacks stay as deep as the tree is
 * wide along one path, and no C recursion is needed.
 */
#include "sp_flame_flat.h"

#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_huge.h"

#define NONE SP_FLAME_FLAT_NONE

/* A tree node waiting to be placed: side, id, and its name. */
struct member {
	const char *name;
	uint32_t id;
	unsigned char side, kind;
};

/* A flat node to be made from members [m0, m0 + nm) of the stack. */
struct group {
	size_t m0, nm;
	uint32_t parent, depth;
};

struct sp_flame_flat {
	int nsides;
	struct sp_flame_fnode *n;
	size_t nn, n_cap;
	struct sp_flame_name *names;
	size_t nnames, names_cap;
	uint32_t *htab;		/* name slot -> index + 1, 0 for empty */
	size_t hcap;
};

struct build {
	struct sp_flame_flat *f;
	const struct sp_flame_side *sides;
	int nsides;
	struct member *m, *s;	/* the member stack, the scratch */
	size_t nm, m_cap, ns, s_cap;
	struct group *g;
	size_t ng, g_cap;
	struct sp_err *e;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory laying out the call "
	    "path tree");
}

/* --- the names --- */

static uint64_t
str_hash(const char *s, unsigned kind)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ kind;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return sp_hash_mix(h);
}

static int
rehash_names(struct sp_flame_flat *f)
{
	size_t cap = f->hcap ? 2 * f->hcap : 256, i;
	uint32_t *t = sp_huge_calloc(cap, sizeof *t);

	if (t == NULL)
		return -1;
	for (i = 0; i < f->nnames; i++) {
		size_t h = str_hash(f->names[i].s, f->names[i].kind) &
		    (cap - 1);

		while (t[h] != 0)
			h = (h + 1) & (cap - 1);
		t[h] = (uint32_t)i + 1;
	}
	free(f->htab);
	f->htab = t;
	f->hcap = cap;
	return 0;
}

/* The index of (s, kind) among the names, added (copied) if new. */
static long
intern(struct sp_flame_flat *f, const char *s, enum sp_flame_kind kind)
{
	struct sp_flame_name *nm;
	size_t h;

	if ((f->nnames + 1) * 2 > f->hcap && rehash_names(f) < 0)
		return -1;
	h = str_hash(s, kind) & (f->hcap - 1);
	for (; f->htab[h] != 0; h = (h + 1) & (f->hcap - 1)) {
		nm = &f->names[f->htab[h] - 1];
		if (nm->kind == kind && strcmp(nm->s, s) == 0)
			return (long)f->htab[h] - 1;
	}
	if (sp_grow(&f->names, &f->names_cap, f->nnames + 1,
	    sizeof *f->names, 64) < 0)
		return -1;
	nm = &f->names[f->nnames];
	memset(nm, 0, sizeof *nm);
	if ((nm->s = strdup(s)) == NULL)
		return -1;
	nm->kind = kind;
	f->htab[h] = (uint32_t)++f->nnames;
	return (long)f->nnames - 1;
}

/* --- the build --- */

static int
by_name(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int c = x->name == y->name ? 0 : strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return (int)x->kind - (int)y->kind;
}

/* Member (side, id) onto the scratch, named. */
static int
scratch(struct build *b, int side, uint32_t id)
{
	const struct sp_flame_side *sd = &b->sides[side];
	const struct sp_flame_tree_node *x = sp_flame_tree_node(sd->tree, id);
	struct member *m;

	if (sp_grow(&b->s, &b->s_cap, b->ns + 1, sizeof *b->s, 64) < 0)
		return nomem(b->e);
	m = &b->s[b->ns++];
	m->id = id;
	m->side = (unsigned char)side;
	m->kind = x->lane ? SP_FLAME_LANE : SP_FLAME_REGION;
	if (x->lane)
		m->name = sp_flame_tree_label(sd->tree, x->sym);
	else
		m->name = x->sym < sd->nnames ? sd->names[x->sym] : NULL;
	if (m->name == NULL)
		return sp_fail(b->e, SP_EDATA, "a call of region %u, beyond the "
		    "region table", (unsigned)x->sym);
	return 0;
}

/* The children of the members of node p onto the scratch (p 0: the tops). */
static int
gather(struct build *b, uint32_t p, size_t m0, size_t nm)
{
	size_t i;
	uint32_t c;
	int s;

	b->ns = 0;
	if (p == 0) {
		for (s = 0; s < b->nsides; s++)
			if (b->sides[s].tree != NULL)
				for (c = sp_flame_tree_top(b->sides[s].tree);
				    c != SP_FLAME_TREE_NONE; c = sp_flame_tree_node(
				    b->sides[s].tree, c)->next)
					if (scratch(b, s, c) < 0)
						return -1;
		return 0;
	}
	for (i = m0; i < m0 + nm; i++) {
		const struct sp_flame_tree *t = b->sides[b->m[i].side].tree;

		for (c = sp_flame_tree_node(t, b->m[i].id)->child;
		    c != SP_FLAME_TREE_NONE; c = sp_flame_tree_node(t, c)->next)
			if (scratch(b, b->m[i].side, c) < 0)
				return -1;
	}
	return 0;
}

/*
 * Node p's children as groups, in place of its members (the top of the
 * member stack), the first child's on top.
 */
static int
expand(struct build *b, uint32_t p, size_t m0, size_t nm)
{
	size_t i, j, end;

	if (gather(b, p, m0, nm) < 0)
		return -1;
	qsort(b->s, b->ns, sizeof *b->s, by_name);
	b->nm = m0;
	if (sp_grow(&b->m, &b->m_cap, b->nm + b->ns, sizeof *b->m, 64) < 0)
		return nomem(b->e);
	/* runs of one name, from the last */
	for (end = b->ns; end > 0; end = i) {
		struct group *g;

		for (i = end - 1; i > 0 && by_name(&b->s[i - 1],
		    &b->s[end - 1]) == 0; i--)
			;
		if (sp_grow(&b->g, &b->g_cap, b->ng + 1, sizeof *b->g, 64) < 0)
			return nomem(b->e);
		g = &b->g[b->ng++];
		g->m0 = b->nm;
		g->nm = end - i;
		g->parent = p;
		g->depth = b->f->n[p].depth + 1;
		for (j = i; j < end; j++)
			b->m[b->nm++] = b->s[j];
	}
	return 0;
}

/* A new flat node; its index, or NONE. */
static uint32_t
place(struct build *b, uint32_t parent, uint32_t depth, const char *name,
    enum sp_flame_kind kind)
{
	struct sp_flame_flat *f = b->f;
	struct sp_flame_fnode *x;
	long k;

	if (f->nn >= NONE - 1 || sp_grow(&f->n, &f->n_cap, f->nn + 1,
	    sizeof *f->n, 256) < 0 || (k = intern(f, name, kind)) < 0) {
		nomem(b->e);
		return NONE;
	}
	x = &f->n[f->nn];
	memset(x, 0, sizeof *x);
	x->parent = parent;
	x->depth = depth;
	x->name = (uint32_t)k;
	if (parent != NONE)
		f->n[parent].nchild++;
	return (uint32_t)f->nn++;
}

static int
build(struct build *b, const char *root)
{
	if (place(b, NONE, 0, root, SP_FLAME_ROOT) == NONE ||
	    expand(b, 0, 0, 0) < 0)
		return -1;
	while (b->ng > 0) {
		struct group g = b->g[--b->ng];
		uint32_t id;
		size_t i;

		id = place(b, g.parent, g.depth, b->m[g.m0].name,
		    (enum sp_flame_kind)b->m[g.m0].kind);
		if (id == NONE)
			return -1;
		for (i = g.m0; i < g.m0 + g.nm; i++) {
			const struct member *m = &b->m[i];
			const struct sp_flame_tree_node *x = sp_flame_tree_node(
			    b->sides[m->side].tree, m->id);

			b->f->n[id].v[m->side].calls += x->calls;
			b->f->n[id].v[m->side].self += x->self;
		}
		if (expand(b, id, g.m0, g.nm) < 0)
			return -1;
	}
	return 0;
}

/* Totals from the leaves up: in preorder, children come after parents. */
static void
totals(struct sp_flame_flat *f)
{
	size_t i;
	int s;

	for (i = 0; i < f->nn; i++)
		for (s = 0; s < f->nsides; s++)
			f->n[i].v[s].total = f->n[i].v[s].self;
	for (i = f->nn; i-- > 1;)
		for (s = 0; s < f->nsides; s++)
			f->n[f->n[i].parent].v[s].total += f->n[i].v[s].total;
}

/* Each name's outermost time: its nodes with no ancestor of its name. */
static int
outermost(struct sp_flame_flat *f)
{
	uint32_t *open = sp_huge_calloc(f->nnames + 1, sizeof *open);
	uint32_t *path = sp_huge_alloc((f->nn + 1) * sizeof *path);
	size_t i, depth = 0;
	int s;

	if (open == NULL || path == NULL) {
		free(open);
		free(path);
		return -1;
	}
	for (i = 0; i < f->nn; i++) {
		const struct sp_flame_fnode *x = &f->n[i];

		while (depth > x->depth)
			open[f->n[path[--depth]].name]--;
		if (open[x->name] == 0)
			for (s = 0; s < f->nsides; s++)
				f->names[x->name].outer[s] += x->v[s].total;
		open[x->name]++;
		path[depth++] = (uint32_t)i;
	}
	free(open);
	free(path);
	return 0;
}

struct sp_flame_flat *
sp_flame_flat_new(const struct sp_flame_side *sides, int nsides,
    const char *root, struct sp_err *e)
{
	struct build b;
	struct sp_flame_flat *f;

	if (nsides < 1 || nsides > SP_FLAME_SIDES_MAX) {
		sp_fail(e, SP_EUSAGE, "a flat tree has one or two sides");
		return NULL;
	}
	if ((f = calloc(1, sizeof *f)) == NULL) {
		nomem(e);
		return NULL;
	}
	f->nsides = nsides;
	memset(&b, 0, sizeof b);
	b.f = f;
	b.sides = sides;
	b.nsides = nsides;
	b.e = e;
	if (build(&b, root) < 0) {
		sp_flame_flat_free(f);
		f = NULL;
	} else {
		totals(f);
		if (outermost(f) < 0) {
			nomem(e);
			sp_flame_flat_free(f);
			f = NULL;
		}
	}
	free(b.m);
	free(b.s);
	free(b.g);
	return f;
}

void
sp_flame_flat_free(struct sp_flame_flat *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->nnames; i++)
		free((char *)f->names[i].s);
	free(f->names);
	free(f->htab);
	free(f->n);
	free(f);
}

int
sp_flame_flat_sides(const struct sp_flame_flat *f)
{
	return f->nsides;
}

size_t
sp_flame_flat_len(const struct sp_flame_flat *f)
{
	return f->nn;
}

const struct sp_flame_fnode *
sp_flame_flat_node(const struct sp_flame_flat *f, size_t i)
{
	return &f->n[i];
}

size_t
sp_flame_flat_nnames(const struct sp_flame_flat *f)
{
	return f->nnames;
}

const struct sp_flame_name *
sp_flame_flat_name(const struct sp_flame_flat *f, size_t k)
{
	return &f->names[k];
}

const char *
sp_flame_flat_str(const struct sp_flame_flat *f, size_t i)
{
	return f->names[f->n[i].name].s;
}

/* --- choosing nodes --- */

struct ranked {
	int64_t key;
	uint32_t id;
};

static int
by_rank(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

size_t
sp_flame_flat_select(const struct sp_flame_flat *f, const int64_t *key,
    int64_t floor, size_t max, unsigned char *keep)
{
	struct ranked *r;
	size_t i, n = 0;

	for (i = 0; i < f->nn; i++) {
		keep[i] = key[i] > floor;
		n += keep[i];
	}
	if (max == 0 || n <= max)
		return n;
	if ((r = sp_huge_alloc(n * sizeof *r)) == NULL)
		return SIZE_MAX;
	for (i = 0, n = 0; i < f->nn; i++)
		if (keep[i]) {
			r[n].key = key[i];
			r[n++].id = (uint32_t)i;
		}
	qsort(r, n, sizeof *r, by_rank);
	for (i = max; i < n; i++)
		keep[r[i].id] = 0;
	free(r);
	return max;
}
