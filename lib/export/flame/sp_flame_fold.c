#include "sp_flame_fold.h"

#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_grow.h"
#include "sp_hash.h"

#define NONE UINT32_MAX
#define OUTBUF ((size_t)1 << 16)

struct fnode {
	uint32_t parent;
	uint32_t sym;		/* region, or lane label index */
	int lane;		/* a lane prefix frame */
	uint32_t child, last, next;	/* first child, last child, sibling */
	int64_t self;
};

struct sp_flame_fold {
	struct fnode *n;
	size_t nn, n_cap;
	uint64_t *tab;		/* key -> id + 1 in the low 32 bits */
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
};

struct sp_flame_fold *
sp_flame_fold_new(void)
{
	struct sp_flame_fold *t = calloc(1, sizeof *t);

	if (t == NULL)
		return NULL;
	t->base = t->top = t->top_last = NONE;
	return t;
}

void
sp_flame_fold_set_max_bytes(struct sp_flame_fold *t, uint64_t max_bytes)
{
	t->max_bytes = max_bytes;
}

void
sp_flame_fold_reset(struct sp_flame_fold *t)
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
sp_flame_fold_free(struct sp_flame_fold *t)
{
	if (t == NULL)
		return;
	sp_flame_fold_reset(t);
	free(t->n);
	free(t->tab);
	free(t->keys);
	free(t->stack);
	free(t->labels);
	free(t);
}

static uint64_t
key_of(uint32_t parent, int lane, uint32_t sym)
{
	return ((uint64_t)parent + 1) << 33 | (uint64_t)(lane != 0) << 32 |
	    sym;
}

static int
rehash(struct sp_flame_fold *t, struct sp_err *e)
{
	size_t cap = t->tab_cap ? t->tab_cap * 2 : 1024, i;
	uint64_t *tab, *keys;

	if ((tab = calloc(cap, sizeof *tab)) == NULL ||
	    (keys = calloc(cap, sizeof *keys)) == NULL) {
		free(tab);
		return sp_fail(e, SP_ENOMEM, "out of memory folding stacks");
	}
	for (i = 0; i < t->nn; i++) {
		const struct fnode *x = &t->n[i];
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

/* The node (parent, sym), added if new. */
static uint32_t
node(struct sp_flame_fold *t, uint32_t parent, int lane, uint32_t sym,
    struct sp_err *e)
{
	uint64_t k = key_of(parent, lane, sym);
	size_t h;
	struct fnode *x;
	uint32_t id;

	if ((t->nn + 1) * 2 > t->tab_cap && rehash(t, e) < 0)
		return NONE;
	h = sp_hash_mix(k) & (t->tab_cap - 1);
	while (t->tab[h] != 0) {
		if (t->keys[h] == k)
			return (uint32_t)(t->tab[h] - 1);
		h = (h + 1) & (t->tab_cap - 1);
	}
	if (t->max_bytes > 0 &&
	    (t->nn + 1) * SP_FLAME_FOLD_PATH_COST > t->max_bytes) {
		sp_fail(e, SP_ENOMEM, "the folded path tree outgrows its "
		    "bound of %llu bytes at %zu distinct paths (raise "
		    "--max-memory)", (unsigned long long)t->max_bytes, t->nn);
		return NONE;
	}
	if (t->nn >= NONE - 1 || sp_grow(&t->n, &t->n_cap, t->nn + 1,
	    sizeof *t->n, 64) < 0) {
		sp_fail(e, SP_ENOMEM, "out of memory folding stacks");
		return NONE;
	}
	id = (uint32_t)t->nn++;
	x = &t->n[id];
	x->parent = parent;
	x->sym = sym;
	x->lane = lane;
	x->child = x->last = x->next = NONE;
	x->self = 0;
	t->tab[h] = (uint64_t)id + 1;
	t->keys[h] = k;
	if (parent == NONE) {
		if (t->top == NONE)
			t->top = id;
		else
			t->n[t->top_last].next = id;
		t->top_last = id;
	} else {
		struct fnode *p = &t->n[parent];

		if (p->child == NONE)
			p->child = id;
		else
			t->n[p->last].next = id;
		p->last = id;
	}
	return id;
}

int
sp_flame_fold_lane(struct sp_flame_fold *t, const char *label,
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
sp_flame_fold_enter(struct sp_flame_fold *t, uint32_t region,
    struct sp_err *e)
{
	uint32_t parent = t->depth ? t->stack[t->depth - 1] : t->base, id;

	if ((id = node(t, parent, 0, region, e)) == NONE)
		return -1;
	if (sp_grow(&t->stack, &t->stack_cap, t->depth + 1,
	    sizeof *t->stack, 64) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	t->stack[t->depth++] = id;
	return 0;
}

int
sp_flame_fold_leave(struct sp_flame_fold *t, int64_t self_ns,
    struct sp_err *e)
{
	if (t->depth == 0)
		return sp_fail(e, SP_EUSAGE, "a call closes but none is open");
	t->n[t->stack[--t->depth]].self += self_ns;
	t->total += self_ns;
	return 0;
}

size_t
sp_flame_fold_paths(const struct sp_flame_fold *t)
{
	return t->nn;
}

int64_t
sp_flame_fold_total(const struct sp_flame_fold *t)
{
	return t->total;
}

struct out {
	sp_prof_write_fn *write;
	void *ctx;
	char *buf;
	size_t n;
	struct sp_err *e;
};

static int
put(struct out *o, const char *s, size_t n)
{
	while (n > 0) {
		size_t k = OUTBUF - o->n;

		if (k == 0) {
			if (o->write(o->ctx, o->buf, o->n, o->e) < 0)
				return -1;
			o->n = 0;
			continue;
		}
		if (k > n)
			k = n;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
	}
	return 0;
}

/* A frame name, with what the format cannot hold replaced. */
static int
put_name(struct out *o, const char *s)
{
	size_t i, run = 0;

	for (i = 0; s[i] != '\0'; i++) {
		const char *rep;

		if (s[i] == ';')
			rep = ":";
		else if (s[i] == '\n' || s[i] == '\r')
			rep = " ";
		else
			continue;
		if (put(o, s + run, i - run) < 0 || put(o, rep, 1) < 0)
			return -1;
		run = i + 1;
	}
	return put(o, s + run, i - run);
}

static const char *
name_of(const struct sp_flame_fold *t, const struct fnode *x,
    const char *const *names, size_t nnames)
{
	if (x->lane)
		return t->labels[x->sym];
	return x->sym < nnames ? names[x->sym] : NULL;
}

int
sp_flame_fold_write(const struct sp_flame_fold *t,
    const char *const *names, size_t nnames, sp_prof_write_fn *write,
    void *ctx, struct sp_err *e)
{
	struct out o;
	uint32_t *path = NULL, id;
	size_t depth = 0, cap = 0, i;
	char num[SP_FMT_MAX + 2];
	int rc = -1;

	memset(&o, 0, sizeof o);
	o.write = write;
	o.ctx = ctx;
	o.e = e;
	if ((o.buf = malloc(OUTBUF)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (i = 0; i < t->nn; i++)
		if (name_of(t, &t->n[i], names, nnames) == NULL) {
			sp_fail(e, SP_EDATA, "a call of region %u, beyond the "
			    "region table", (unsigned)t->n[i].sym);
			goto out;
		}
	/* depth first: visit id, then its children, then its siblings */
	id = t->top;
	while (id != NONE) {
		const struct fnode *x = &t->n[id];

		if (sp_grow(&path, &cap, depth + 1, sizeof *path, 64) < 0) {
			sp_fail(e, SP_ENOMEM, "out of memory");
			goto out;
		}
		path[depth++] = id;
		if (x->self != 0) {
			size_t k;

			for (k = 0; k < depth; k++)
				if ((k > 0 && put(&o, ";", 1) < 0) ||
				    put_name(&o, name_of(t, &t->n[path[k]],
				    names, nnames)) < 0)
					goto out;
			num[0] = ' ';
			k = 1 + sp_fmt_i64(num + 1, x->self);
			num[k++] = '\n';
			if (put(&o, num, k) < 0)
				goto out;
		}
		if (x->child != NONE) {
			id = x->child;
			continue;
		}
		/* up until a node with a next sibling */
		while (depth > 0 && t->n[path[depth - 1]].next == NONE)
			depth--;
		if (depth == 0)
			break;
		id = t->n[path[--depth]].next;
	}
	if (o.n > 0 && write(ctx, o.buf, o.n, e) < 0)
		goto out;
	rc = 0;
out:
	free(path);
	free(o.buf);
	return rc;
}
