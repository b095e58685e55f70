#include "sp_flame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_flame_out.h"
#include "sp_flame_rank.h"
#include "sp_grow.h"
#include "sp_huge.h"
#include "sp_sha1.h"

#define NONE UINT32_MAX
#define MAX_PASSES 200
/* Without a budget: flameprof's layout can multiply the paths of a graph. */
#define UNBUDGETED_MAX ((size_t)2000000)

size_t
sp_flame_color_index(const char *name, size_t len, size_t n)
{
	unsigned char d[SP_SHA1_LEN];
	uint32_t v;

	sp_sha1(name, len, d);
	v = (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 |
	    (uint32_t)d[2] << 8 | d[3];
	/* int(len(colors) * (v / 2^32)), in doubles as Python does it */
	return (size_t)((double)n * ((double)v / 4294967296.0));
}

/* flameprof's palettes: gen_colors(start, end, n), floor division. */
static const unsigned char COLORS[7][3] = {
	{ 255, 240, 141 }, { 255, 215, 125 }, { 255, 190, 110 },
	{ 255, 165, 95 }, { 255, 140, 79 }, { 255, 115, 64 }, { 255, 90, 49 },
};
static const unsigned char CCOLORS[5][3] = {
	{ 44, 255, 210 }, { 57, 242, 168 }, { 71, 230, 126 },
	{ 85, 218, 84 }, { 99, 206, 42 },
};
static const unsigned char ECOLORS[5][3] = {
	{ 230, 230, 255 }, { 214, 214, 255 }, { 198, 198, 255 },
	{ 182, 182, 255 }, { 166, 166, 255 },
};
static const unsigned char DCOLORS[7][3] = {
	{ 190, 190, 190 }, { 197, 197, 197 }, { 204, 204, 204 },
	{ 211, 211, 211 }, { 218, 218, 218 }, { 225, 225, 225 },
	{ 232, 232, 232 },
};

/* Palette ids of a block. */
enum { PAL_COLORS, PAL_CCOLORS, PAL_ECOLORS, PAL_DCOLORS, PAL_OTHER };

/* --- the graph --- */

struct node {
	const char *file, *func;
	int64_t line;
	struct sp_prof_stat st;
	uint32_t out0, nout;	/* callee edges in outs[] (flameprof 'calls') */
	uint32_t in0, nin;	/* caller edges in ins[] ('called') */
	uint32_t cnt;		/* flameprof's block count of its edges */
	int reach;
};

struct edge {
	uint32_t from, to;
	struct sp_prof_stat st;
	int onpath;
};

/* A child considered by the layout. */
struct child {
	uint32_t rank;		/* of its node, for sorting by key */
	uint32_t node, edge;
	uint32_t mult;
	int64_t cc, nc;
	double tt, tc;
};

/* One level of the depth-first layout (either section). */
struct frame {
	size_t c0, n, i;	/* its children in the child stack */
	int level;
	double origin;
	uint32_t pccnt;
	uint32_t via;		/* the edge that led here, NONE */
	double factor;		/* bottom section */
	size_t on;		/* merged children */
	int64_t occ, onc;
	double ott, otc;
};

struct block {
	double x, w;
	double tt, tc, pct;
	int64_t cc, nc;
	int level;
	int sect;		/* 0 top, 1 bottom */
	int pal;
	uint32_t node;		/* NONE for "[other]" */
	size_t merged;
};

struct fl {
	const struct sp_prof *d;
	const struct sp_flame_opts *o;
	size_t n;		/* entries; node n is the virtual root */
	struct node *node;
	struct edge *edge;
	size_t nedge;
	uint32_t *outs, *ins;
	uint32_t *order;	/* nodes in key order */
	uint32_t *rank;		/* the position of each node in order */
	double maxw;

	struct child *ch;
	size_t nch, ch_cap;
	struct frame *fr;
	size_t nfr, fr_cap;

	struct block *blk;
	size_t nblk, blk_cap;
	size_t nother;
	int has_cut;
	double cut;
	size_t limit;

	struct sp_flame_out *out;
	struct sp_err *e;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory drawing the flame graph");
}

static uint64_t
key_hash(const char *file, int64_t line, const char *func)
{
	uint64_t x = (uint64_t)(uintptr_t)file * 0x9e3779b97f4a7c15ULL ^
	    (uint64_t)line * 0xc2b2ae3d27d4eb4fULL ^
	    (uint64_t)(uintptr_t)func * 0x165667b19e3779f9ULL;

	x ^= x >> 29;
	x *= 0xbf58476d1ce4e5b9ULL;
	return x ^ (x >> 32);
}

/*
 * The entries by key.  The dict interns its strings, so equal keys have
 * equal pointers: a table of pointers finds a caller without hashing its
 * text (call-path names are long).
 */
static uint32_t *
key_table(const struct fl *f, size_t *mask)
{
	size_t cap = 16, i;
	uint32_t *t;

	while (cap < 2 * f->n + 2)
		cap *= 2;
	if ((t = sp_huge_alloc(cap * sizeof *t)) == NULL)
		return NULL;
	memset(t, 0xff, cap * sizeof *t);
	for (i = 0; i < f->n; i++) {
		const struct node *nd = &f->node[i];
		size_t h = key_hash(nd->file, nd->line, nd->func) & (cap - 1);

		while (t[h] != NONE)
			h = (h + 1) & (cap - 1);
		t[h] = (uint32_t)i;
	}
	*mask = cap - 1;
	return t;
}

static long
key_find(const struct fl *f, const uint32_t *t, size_t mask,
    const struct sp_prof_key *k)
{
	size_t h = key_hash(k->file, k->line, k->func) & mask;

	for (; t[h] != NONE; h = (h + 1) & mask) {
		const struct node *nd = &f->node[t[h]];

		if (nd->file == k->file && nd->func == k->func &&
		    nd->line == k->line)
			return (long)t[h];
	}
	/* not interned alike: look it up by value */
	return sp_prof_find(f->d, k->file, k->line, k->func);
}

/*
 * The nodes, one per entry and the virtual root n, from the dict; the
 * number of edges they need: caller edges, the root's edges, and one for
 * an extra root.
 */
static int
add_nodes(struct fl *f, size_t *nedges, struct sp_err *e)
{
	size_t i, n = f->n, ne = 0, nroots = 0;

	if ((f->node = sp_huge_calloc(n + 1, sizeof *f->node)) == NULL)
		return nomem(e);
	for (i = 0; i < n; i++) {
		const struct sp_prof_entry *en = sp_prof_entry(f->d, i);

		f->node[i].file = en->key.file;
		f->node[i].line = en->key.line;
		f->node[i].func = en->key.func;
		f->node[i].st = en->st;
		ne += en->ncallers;
		if (en->ncallers == 0)
			nroots++;
	}
	*nedges = ne + nroots + 1;
	return 0;
}

/* The edges caller -> func, in stats order then callers order. */
static int
add_caller_edges(struct fl *f, struct sp_err *e)
{
	size_t i, j, mask = 0;
	uint32_t *ktab;
	long k;

	if ((ktab = key_table(f, &mask)) == NULL)
		return nomem(e);
	for (i = 0; i < f->n; i++) {
		const struct sp_prof_entry *en = sp_prof_entry(f->d, i);

		for (j = 0; j < en->ncallers; j++) {
			const struct sp_prof_caller *c = &en->callers[j];
			struct edge *g = &f->edge[f->nedge++];

			k = key_find(f, ktab, mask, &c->key);
			if (k < 0) {
				free(ktab);
				return sp_fail(e, SP_EDATA, "the caller "
				    "%s:%lld:%s of %s:%lld:%s has no entry "
				    "of its own", c->key.file,
				    (long long)c->key.line, c->key.func,
				    en->key.file, (long long)en->key.line,
				    en->key.func);
			}
			g->from = (uint32_t)k;
			g->to = (uint32_t)i;
			g->st = c->st;
			f->node[k].nout++;
			f->node[i].nin++;
		}
	}
	free(ktab);
	return 0;
}

/*
 * The total (the width of the graph, f->maxw): the roots' cumulative
 * time, plus that of an extra root when the roots' total is off the
 * functions' own total by 20% or more and the non-root with the largest
 * ct makes up for it.  Returns the extra root, or -1.
 */
static long
extra_root(struct fl *f, struct sp_flame_stats *st)
{
	size_t i, n = f->n;
	double total = 0.0, ttotal = 0.0;
	long newroot = -1;

	for (i = 0; i < n; i++)
		if (f->node[i].nin == 0)
			total += f->node[i].st.ct;
	for (i = 0; i < n; i++)
		ttotal += f->node[i].st.tt;
	if (!(0.8 < total / ttotal && total / ttotal < 1.2))
		st->roots_off = 1;
	/* the non-root with the largest ct, the first of equals */
	for (i = 0; i < n; i++)
		if (f->node[i].nin > 0 && (newroot < 0 ||
		    f->node[i].st.ct > f->node[newroot].st.ct))
			newroot = (long)i;
	if (newroot >= 0 && 0.8 < (total + f->node[newroot].st.ct) / ttotal &&
	    (total + f->node[newroot].st.ct) / ttotal < 1.2) {
		total += f->node[newroot].st.ct;
		st->extra_root = 1;
	} else {
		/* flameprof fails without a non-root: keep the roots' total */
		if (newroot >= 0)
			total = ttotal;
		newroot = -1;
	}
	f->maxw = total * 1.0;
	return newroot;
}

/* The root's edges: roots in stats order, then the extra root. */
static void
add_root_edges(struct fl *f, long newroot)
{
	size_t i, n = f->n;

	for (i = 0; i < n; i++) {
		struct edge *g;

		if (f->node[i].nin != 0)
			continue;
		g = &f->edge[f->nedge++];
		g->from = (uint32_t)n;
		g->to = (uint32_t)i;
		g->st = f->node[i].st;
		f->node[n].nout++;
	}
	if (newroot >= 0) {
		struct edge *g = &f->edge[f->nedge++];

		g->from = (uint32_t)n;
		g->to = (uint32_t)newroot;
		g->st = f->node[newroot].st;
		f->node[n].nout++;
	}
}

/* The out and in lists of every node, in edge order. */
static int
index_edges(struct fl *f, struct sp_err *e)
{
	size_t i, j, m, n = f->n;
	uint32_t *fill;

	if ((fill = sp_huge_calloc(n + 1, sizeof *fill)) == NULL)
		return nomem(e);
	for (i = 0, j = 0, m = 0; i <= n; i++) {
		f->node[i].out0 = (uint32_t)j;
		j += f->node[i].nout;
		f->node[i].in0 = (uint32_t)m;
		m += f->node[i].nin;
	}
	for (i = 0; i < f->nedge; i++) {
		struct edge *g = &f->edge[i];

		f->outs[f->node[g->from].out0 + fill[g->from]++] =
		    (uint32_t)i;
	}
	memset(fill, 0, (n + 1) * sizeof *fill);
	for (i = 0; i < f->nedge; i++) {
		struct edge *g = &f->edge[i];

		if (g->from == n)
			continue;	/* 'called' knows no root */
		f->ins[f->node[g->to].in0 + fill[g->to]++] = (uint32_t)i;
	}
	free(fill);
	return 0;
}

/*
 * flameprof's _counts: the count of an edge p -> c is the number of
 * edges into p from nodes reachable from the root (1 for the root).
 */
static int
count_edges(struct fl *f, struct sp_err *e)
{
	size_t i, j, n = f->n, qh = 0, qt = 0;
	uint32_t *queue;

	if ((queue = sp_huge_calloc(n + 1, sizeof *queue)) == NULL)
		return nomem(e);
	f->node[n].reach = 1;
	queue[qt++] = (uint32_t)n;
	while (qh < qt) {
		struct node *p = &f->node[queue[qh++]];

		for (j = 0; j < p->nout; j++) {
			struct node *c = &f->node[f->edge[f->outs[p->out0 +
			    j]].to];

			if (!c->reach) {
				c->reach = 1;
				queue[qt++] = (uint32_t)(c - f->node);
			}
		}
	}
	f->node[n].cnt = 1;
	for (i = 0; i < f->nedge; i++)
		if (f->node[f->edge[i].from].reach)
			f->node[f->edge[i].to].cnt++;
	free(queue);
	return 0;
}

/* The nodes in key order, which every level of the layout is drawn in. */
static int
rank_nodes(struct fl *f, struct sp_err *e)
{
	size_t i;

	if ((f->order = sp_huge_calloc(f->n + 1, sizeof *f->order)) == NULL ||
	    (f->rank = sp_huge_calloc(f->n + 1, sizeof *f->rank)) == NULL)
		return nomem(e);
	if (sp_flame_rank(f->d, f->order, e) < 0)
		return -1;
	for (i = 0; i < f->n; i++)
		f->rank[f->order[i]] = (uint32_t)i;
	return 0;
}

/*
 * flameprof's calc_callers: nodes, edges (caller items, then the root's),
 * total, and the extra root; then the lists and counts the layout walks.
 */
static int
build(struct fl *f, struct sp_flame_stats *st, struct sp_err *e)
{
	size_t ne = 0;

	if (add_nodes(f, &ne, e) < 0)
		return -1;
	if ((f->edge = sp_huge_calloc(ne, sizeof *f->edge)) == NULL ||
	    (f->outs = sp_huge_calloc(ne, sizeof *f->outs)) == NULL ||
	    (f->ins = sp_huge_calloc(ne, sizeof *f->ins)) == NULL)
		return nomem(e);
	if (add_caller_edges(f, e) < 0)
		return -1;
	add_root_edges(f, extra_root(f, st));
	if (index_edges(f, e) < 0 || count_edges(f, e) < 0)
		return -1;
	return rank_nodes(f, e);
}

/* --- layout --- */

static int
by_child_key(const void *a, const void *b)
{
	const struct child *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->edge < y->edge ? -1 : x->edge > y->edge;
}

static void
sort_children(struct fl *f, struct child *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		c[i].rank = f->rank[c[i].node];
	qsort(c, n, sizeof *c, by_child_key);
}

static int
push_frame(struct fl *f, struct sp_err *e)
{
	if (sp_grow(&f->fr, &f->fr_cap, f->nfr + 1, sizeof *f->fr, 64) < 0)
		return nomem(e);
	memset(&f->fr[f->nfr], 0, sizeof *f->fr);
	f->fr[f->nfr].c0 = f->nch;
	f->nfr++;
	return 0;
}

static int
add_block(struct fl *f, const struct block *b, struct sp_err *e)
{
	if (sp_grow(&f->blk, &f->blk_cap, f->nblk + 1, sizeof *f->blk, 64) < 0)
		return nomem(e);
	f->blk[f->nblk++] = *b;
	if (b->node == NONE)
		f->nother++;
	return 0;
}

static int
kept(const struct fl *f, double w)
{
	return w / f->maxw > f->o->threshold && (!f->has_cut || w > f->cut);
}

/*
 * The children of node p (flameprof's _calc): sorted by key, the ones met
 * once first, the others rescaled into what p's self time and the first
 * ones leave.
 */
static int
top_children(struct fl *f, uint32_t p, double ptt, double ptc,
    uint32_t pccnt, struct sp_err *e)
{
	const struct node *pn = &f->node[p];
	struct frame *fr = &f->fr[f->nfr - 1];
	struct child *c, *tmp;
	size_t i, ng = 0, nb = 0;
	double gctc = 0.0, bctc = 0.0, factor;

	if (sp_grow(&f->ch, &f->ch_cap, f->nch + 2 * (size_t)pn->nout + 1,
	    sizeof *f->ch, 64) < 0)
		return nomem(e);
	c = &f->ch[f->nch];
	for (i = 0; i < pn->nout; i++) {
		uint32_t g = f->outs[pn->out0 + i];
		const struct edge *ed = &f->edge[g];

		c[i].node = ed->to;
		c[i].edge = g;
		c[i].mult = pn->cnt > pccnt ? pn->cnt : pccnt;
		c[i].cc = ed->st.cc;
		c[i].nc = ed->st.nc;
		c[i].tt = ed->st.tt;
		c[i].tc = ed->st.ct;
	}
	sort_children(f, c, pn->nout);
	/* good ones first, both groups in key order (scratch after c) */
	tmp = c + pn->nout;
	for (i = 0; i < pn->nout; i++)
		if (c[i].mult == 1) {
			tmp[ng++] = c[i];
			gctc += c[i].tc;
		}
	for (i = 0; i < pn->nout; i++)
		if (c[i].mult > 1) {
			tmp[ng + nb++] = c[i];
			bctc += c[i].tc;
		}
	if (nb > 0) {
		factor = bctc > 0 ? (ptc - ptt - gctc) / bctc : 1.0;
		for (i = ng; i < ng + nb; i++) {
			tmp[i].cc = (int64_t)nearbyint((double)tmp[i].cc *
			    factor);
			tmp[i].nc = (int64_t)nearbyint((double)tmp[i].nc *
			    factor);
			tmp[i].tt *= factor;
			tmp[i].tc *= factor;
		}
	}
	memmove(c, tmp, pn->nout * sizeof *c);
	f->nch += pn->nout;
	fr->n = pn->nout;
	return 0;
}

static int
other_block(struct fl *f, const struct frame *fr, int sect,
    struct sp_err *e)
{
	struct block b;

	if (fr->on == 0 || f->o->gaps)
		return 0;
	if (!(fr->otc / f->maxw > f->o->threshold))
		return 0;
	memset(&b, 0, sizeof b);
	b.x = fr->origin;
	b.w = fr->otc;
	b.level = fr->level;
	b.sect = sect;
	b.pal = PAL_OTHER;
	b.node = NONE;
	b.cc = fr->occ;
	b.nc = fr->onc;
	b.tt = fr->ott;
	b.tc = fr->otc;
	b.pct = (sect == 0 ? fr->otc : fr->ott) / f->maxw;
	b.merged = fr->on;
	return add_block(f, &b, e);
}

static void
merge(struct frame *fr, const struct child *c, double w)
{
	if (!(w > 0))
		return;		/* nothing to draw, nothing to count */
	fr->on++;
	fr->occ += c->cc;
	fr->onc += c->nc;
	fr->ott += c->tt;
	fr->otc += w;
}

/* The callers of node `to` (or every node, for NONE), sorted by key. */
static int
bottom_children(struct fl *f, uint32_t to, double pw, struct sp_err *e)
{
	struct frame *fr = &f->fr[f->nfr - 1];
	size_t i, n = to == NONE ? f->n : f->node[to].nin;
	struct child *c;
	double sum = 0.0;

	if (sp_grow(&f->ch, &f->ch_cap, f->nch + n + 1, sizeof *f->ch, 64) < 0)
		return nomem(e);
	c = &f->ch[f->nch];
	for (i = 0; i < n; i++) {
		if (to == NONE) {
			const struct node *nd = &f->node[f->order[i]];

			c[i].node = f->order[i];
			c[i].edge = NONE;
			c[i].cc = nd->st.cc;
			c[i].nc = nd->st.nc;
			c[i].tt = nd->st.tt;
			c[i].tc = nd->st.ct;
		} else {
			uint32_t g = f->ins[f->node[to].in0 + i];

			c[i].node = f->edge[g].from;
			c[i].edge = g;
			c[i].cc = f->edge[g].st.cc;
			c[i].nc = f->edge[g].st.nc;
			c[i].tt = f->edge[g].st.tt;
			c[i].tc = f->edge[g].st.ct;
			sum += c[i].tc;	/* in the callers' own order */
		}
		c[i].mult = 1;
	}
	fr->factor = 1.0;
	if (to != NONE && n > 0)
		/* flameprof divides by zero here; draw nothing instead */
		fr->factor = sum != 0.0 ? pw / sum : 0.0;
	if (to != NONE)	/* every node: already in key order */
		sort_children(f, c, n);
	f->nch += n;
	fr->n = n;
	return 0;
}

/*
 * The children of c (NULL: of the section's root), drawn w wide: in the
 * top section its callees, in the bottom one its callers.
 */
static int
children(struct fl *f, int sect, const struct child *c, double w,
    struct sp_err *e)
{
	if (sect == 1)
		return bottom_children(f, c != NULL ? c->node : NONE,
		    c != NULL ? w : 0.0, e);
	if (c == NULL)
		return top_children(f, (uint32_t)f->n, f->maxw, f->maxw, 1, e);
	return top_children(f, c->node, c->tt, c->tc, c->mult, e);
}

/* How wide child c of frame fr is drawn. */
static double
child_width(const struct frame *fr, const struct child *c, int sect)
{
	if (sect == 0)
		return c->tc;
	return (c->edge == NONE ? c->tt : c->tc) * fr->factor;
}

/* The palette of child c's block. */
static int
child_pal(const struct fl *f, const struct frame *fr, const struct child *c,
    int sect)
{
	if (sect == 0)
		return fr->pccnt == 1 && c->mult > 1 ? PAL_CCOLORS : PAL_COLORS;
	return fr->level > 0 ? PAL_DCOLORS :
	    f->node[c->node].nout == 0 ? PAL_ECOLORS : PAL_COLORS;
}

/*
 * One section, depth first: sect 0 the top one (callees, from the
 * virtual root), 1 the bottom one (callers, from every node).  1 when it
 * grew past the limit.
 */
static int
layout_section(struct fl *f, int sect, struct sp_err *e)
{
	struct frame *fr;
	struct block b;

	f->nch = f->nfr = 0;
	if (push_frame(f, e) < 0)
		return -1;
	fr = &f->fr[0];
	fr->pccnt = 1;
	fr->via = NONE;
	if (children(f, sect, NULL, 0.0, e) < 0)
		return -1;
	while (f->nfr > 0) {
		struct child c;
		double w;

		fr = &f->fr[f->nfr - 1];
		if (fr->i == fr->n) {
			if (other_block(f, fr, sect, e) < 0)
				return -1;
			if (fr->via != NONE)
				f->edge[fr->via].onpath = 0;
			f->nch = fr->c0;
			f->nfr--;
			continue;
		}
		c = f->ch[fr->c0 + fr->i++];
		w = child_width(fr, &c, sect);
		if (!kept(f, w)) {
			if (f->o->gaps)
				fr->origin += w;
			else
				merge(fr, &c, w);
			continue;
		}
		memset(&b, 0, sizeof b);
		b.x = fr->origin;
		b.w = w;
		b.level = fr->level;
		b.sect = sect;
		b.pal = child_pal(f, fr, &c, sect);
		b.node = c.node;
		b.cc = c.cc;
		b.nc = c.nc;
		b.tt = c.tt;
		b.tc = c.tc;
		b.pct = (sect == 0 ? c.tc : c.tt) / f->maxw;
		if (add_block(f, &b, e) < 0)
			return -1;
		if (f->nblk > f->limit)
			return 1;
		fr->origin += w;
		if (c.edge == NONE || !f->edge[c.edge].onpath) {
			int level = fr->level;
			struct frame *nf;

			if (c.edge != NONE)
				f->edge[c.edge].onpath = 1;
			if (push_frame(f, e) < 0)
				return -1;
			nf = &f->fr[f->nfr - 1];
			nf->level = level + 1;
			nf->origin = b.x;
			nf->pccnt = c.mult;
			nf->via = c.edge;
			if (children(f, sect, &c, w, e) < 0)
				return -1;
		}
	}
	return 0;
}

/* Both sections at the current cut: 0, 1 past the limit, -1. */
static int
layout(struct fl *f, struct sp_err *e)
{
	size_t i;
	int rc;

	f->nblk = f->nother = 0;
	for (i = 0; i < f->nedge; i++)
		f->edge[i].onpath = 0;
	if ((rc = layout_section(f, 0, e)) != 0)
		return rc;
	for (i = 0; i < f->nedge; i++)
		f->edge[i].onpath = 0;
	return layout_section(f, 1, e);
}

static int
by_width_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x > y ? -1 : x < y;
}

/*
 * The widths of the frames (not "[other]") of the last pass, largest
 * first, in *w (the caller frees it); their number.
 */
static size_t
widths(struct fl *f, double **w, struct sp_err *e)
{
	size_t i, n = 0;

	if ((*w = sp_huge_alloc((f->nblk + 1) * sizeof **w)) == NULL) {
		nomem(e);
		return SIZE_MAX;
	}
	for (i = 0; i < f->nblk; i++)
		if (f->blk[i].node != NONE)
			(*w)[n++] = f->blk[i].w;
	qsort(*w, n, sizeof **w, by_width_desc);
	return n;
}

/*
 * Lay out within the budget.  Without a cut first; while a pass runs past
 * the limit, cut below the (max + 1)-th widest frame seen, which only
 * raises the cut.  Then, over the distinct widths u[0] > u[1] > ... of
 * the last complete pass, the number of frames drawn with a cut at u[j]
 * ("[other]" frames included) grows with j: the largest j that fits is
 * found by bisection.  Ties go together: frames as wide as the cut are
 * all merged.
 */
static int
layout_budget(struct fl *f, struct sp_flame_stats *st, struct sp_err *e)
{
	size_t max = f->o->max_frames, n, k, lo, hi, pass = 0;
	double *w = NULL, best;
	int rc;

	f->has_cut = 0;
	f->limit = max == 0 ? UNBUDGETED_MAX : (max > SIZE_MAX / 4 ?
	    SIZE_MAX : 4 * max + 64);
	for (;;) {
		if ((rc = layout(f, e)) < 0)
			return -1;
		if (rc == 0 && (max == 0 || f->nblk <= max))
			return 0;
		if (max == 0)
			return sp_fail(e, SP_EDATA, "more than %zu frames to "
			    "draw (a call graph whose paths multiply): raise "
			    "the threshold or set a frame budget",
			    (size_t)UNBUDGETED_MAX);
		if (rc == 0 || ++pass > MAX_PASSES)
			break;
		if ((n = widths(f, &w, e)) == SIZE_MAX)
			return -1;
		f->cut = w[max < n ? max : n - 1];
		f->has_cut = 1;
		free(w);
	}
	/* the distinct widths of the last complete pass */
	if ((n = widths(f, &w, e)) == SIZE_MAX)
		return -1;
	for (lo = k = 0; lo < n; lo++)
		if (k == 0 || w[lo] != w[k - 1])
			w[k++] = w[lo];
	if (k == 0) {
		free(w);
		return 0;	/* only "[other]" frames: as few as can be */
	}
	/* total(j) <= max for j < lo; total(j) > max for j >= hi */
	lo = 0;
	hi = k;
	best = w[0];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		f->cut = w[mid];
		f->has_cut = 1;
		if ((rc = layout(f, e)) < 0) {
			free(w);
			return -1;
		}
		if (rc == 0 && f->nblk <= max) {
			best = w[mid];
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	f->cut = best;
	f->has_cut = 1;
	st->cut = best;
	free(w);
	return layout(f, e) < 0 ? -1 : 0;
}

/* --- output --- */

/* Python's format(v, '.2%'): v * 100, then fixed with two decimals. */
static int
put_pct(struct sp_flame_out *out, double v)
{
	char b[64];
	int n;

	v *= 100;
	if (isnan(v))
		return sp_flame_puts(out, "nan%");
	if (isinf(v))
		return sp_flame_puts(out, v > 0 ? "inf%" : "-inf%");
	n = snprintf(b, sizeof b, "%.2f%%", v);
	return sp_flame_put(out, b, (size_t)n);
}

/* "file:line:name" */
static int
hash_name(const struct node *nd, char **buf, size_t *cap, size_t *len)
{
	char lb[SP_FMT_MAX];
	size_t fl = strlen(nd->file), nl = strlen(nd->func), ll;

	ll = sp_fmt_i64(lb, nd->line);
	if (sp_grow(buf, cap, fl + ll + nl + 3, 1, 64) < 0)
		return -1;
	memcpy(*buf, nd->file, fl);
	(*buf)[fl] = ':';
	memcpy(*buf + fl + 1, lb, ll);
	(*buf)[fl + 1 + ll] = ':';
	memcpy(*buf + fl + 2 + ll, nd->func, nl);
	(*buf)[fl + 2 + ll + nl] = '\0';
	*len = fl + 2 + ll + nl;
	return 0;
}

static int
put_fill(struct fl *f, const struct block *b, const char *hn, size_t hl)
{
	const unsigned char (*pal)[3];
	size_t n, i;
	char s[48];
	int k;

	switch (b->pal) {
	case PAL_CCOLORS:
		pal = CCOLORS;
		n = 5;
		break;
	case PAL_ECOLORS:
		pal = ECOLORS;
		n = 5;
		break;
	case PAL_DCOLORS:
	case PAL_OTHER:
		pal = DCOLORS;
		n = 7;
		break;
	default:
		pal = COLORS;
		n = 7;
		break;
	}
	i = sp_flame_color_index(hn, hl, n);
	if (i >= n)
		i = n - 1;
	k = snprintf(s, sizeof s, "rgb(%d, %d, %d)", pal[i][0], pal[i][1],
	    pal[i][2]);
	return sp_flame_put(f->out, s, (size_t)k);
}

static int
put_block(struct fl *f, const struct block *b, int64_t y, char **hb,
    size_t *hcap)
{
	const struct sp_flame_opts *o = f->o;
	struct sp_flame_out *out = f->out;
	int h = o->row_height;
	double w = b->w * (double)o->width / f->maxw - 1;
	const char *name;
	size_t hl;

	if (b->node == NONE) {
		name = SP_FLAME_OTHER;
		if (sp_grow(hb, hcap, sizeof SP_FLAME_OTHER, 1, 64) < 0)
			return nomem(f->e);
		memcpy(*hb, SP_FLAME_OTHER, sizeof SP_FLAME_OTHER);
		hl = sizeof SP_FLAME_OTHER - 1;
	} else {
		name = f->node[b->node].func;
		if (hash_name(&f->node[b->node], hb, hcap, &hl) < 0)
			return nomem(f->e);
	}
	if (sp_flame_puts(out, "<svg class=\"func_g\" x=\"") < 0 ||
	    sp_flame_put_double(out, b->x * (double)o->width / f->maxw) < 0 ||
	    sp_flame_puts(out, "\" y=\"") < 0 ||
	    sp_flame_put_i64(out, y) < 0 ||
	    sp_flame_puts(out, "\" width=\"") < 0 ||
	    (w > 1 ? sp_flame_put_double(out, w) :
	    sp_flame_puts(out, "1")) < 0 ||
	    sp_flame_puts(out, "\" height=\"") < 0 ||
	    sp_flame_put_i64(out, h - 1) < 0 ||
	    sp_flame_puts(out, "\"><g>\n    <title>") < 0 ||
	    sp_flame_put_xml(out, *hb) < 0)
		return -1;
	if (b->node == NONE) {
		char s[64];
		int k = snprintf(s, sizeof s, ": %zu frame%s", b->merged,
		    b->merged == 1 ? "" : "s");

		if (sp_flame_put(out, s, (size_t)k) < 0)
			return -1;
	}
	if (sp_flame_puts(out, " ") < 0 || put_pct(out, b->pct) < 0 ||
	    sp_flame_puts(out, " (") < 0 || sp_flame_put_i64(out, b->cc) < 0 ||
	    sp_flame_puts(out, " ") < 0 || sp_flame_put_i64(out, b->nc) < 0 ||
	    sp_flame_puts(out, " ") < 0 ||
	    sp_flame_put_double(out, b->tt) < 0 ||
	    sp_flame_puts(out, " ") < 0 ||
	    sp_flame_put_double(out, b->tc) < 0 ||
	    sp_flame_puts(out, ")</title>\n    <rect height=\"100%\" "
	    "width=\"100%\" fill=\"") < 0 || put_fill(f, b, *hb, hl) < 0 ||
	    sp_flame_puts(out, "\" rx=\"2\" ry=\"2\" />\n    <text "
	    "alignment-baseline=\"central\" x=\"") < 0 ||
	    sp_flame_put_double(out, h / 6.0) < 0 ||
	    sp_flame_puts(out, "\" y=\"") < 0 ||
	    sp_flame_put_double(out, h / 2.0) < 0 ||
	    sp_flame_puts(out, "\" font-size=\"") < 0 ||
	    sp_flame_put_i64(out, o->font_size) < 0 ||
	    sp_flame_puts(out, "px\" fill=\"rgb(0,0,0)\">") < 0 ||
	    sp_flame_put_xml(out, name) < 0 ||
	    sp_flame_puts(out, "</text>\n</g></svg>") < 0)
		return -1;
	return 0;
}

/* A text element: the title row. */
static int
put_label(struct sp_flame_out *out, const char *cls, double x, double y,
    const char *anchor, int size, const char *text)
{
	if (sp_flame_puts(out, "\n<text class=\"") < 0 ||
	    sp_flame_puts(out, cls) < 0 || sp_flame_puts(out, "\" x=\"") < 0 ||
	    sp_flame_put_double(out, x) < 0 ||
	    sp_flame_puts(out, "\" y=\"") < 0 ||
	    sp_flame_put_double(out, y) < 0 ||
	    sp_flame_puts(out, "\" text-anchor=\"") < 0 ||
	    sp_flame_puts(out, anchor) < 0 ||
	    sp_flame_puts(out, "\" dominant-baseline=\"central\" "
	    "font-size=\"") < 0 || sp_flame_put_i64(out, size) < 0 ||
	    sp_flame_puts(out, "px\"") < 0 || sp_flame_puts(out, ">") < 0 ||
	    sp_flame_put_xml(out, text) < 0 ||
	    sp_flame_puts(out, "</text>") < 0)
		return -1;
	return 0;
}

static int
write_svg(struct fl *f, struct sp_flame_stats *st)
{
	const struct sp_flame_opts *o = f->o;
	struct sp_flame_out *out = f->out;
	int64_t h = o->row_height, top_h = 0, bot_h = 0, h1, h2, yoff, total;
	int maxl[2] = { -1, -1 };
	size_t i, hcap = 0;
	char *hb = NULL;
	int first = 1, rc = -1;
	double W = o->width;

	for (i = 0; i < f->nblk; i++) {
		const struct block *b = &f->blk[i];

		if (b->level > maxl[b->sect])
			maxl[b->sect] = b->level;
		if (b->sect == 0)
			st->top_frames++;
		else
			st->bottom_frames++;
	}
	if (maxl[0] >= 0)
		top_h = (maxl[0] + 1) * h;
	if (maxl[1] >= 0)
		bot_h = (maxl[1] + 1) * h;
	h1 = maxl[0] >= 0 ? top_h + h : 0;
	h2 = h1 + bot_h;
	yoff = o->title != NULL ? h : 0;
	total = h2 + yoff;
	if (o->fixed_width) {
		if (sp_flame_puts(out, "<?xml version=\"1.0\" "
		    "standalone=\"no\"?>\n"
		    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
		    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
		    "<svg version=\"1.1\" width=\"") < 0 ||
		    sp_flame_put_i64(out, o->width) < 0 ||
		    sp_flame_puts(out, "\" height=\"") < 0 ||
		    sp_flame_put_i64(out, total) < 0 ||
		    sp_flame_puts(out, "\"") < 0)
			goto out;
	} else if (sp_flame_puts(out, "<svg version=\"1.1\" "
	    "viewBox=\"0 0 ") < 0 || sp_flame_put_i64(out, o->width) < 0 ||
	    sp_flame_puts(out, " ") < 0 || sp_flame_put_i64(out, total) < 0 ||
	    sp_flame_puts(out, "\"") < 0) {
		goto out;
	}
	if (sp_flame_puts(out, "\n     xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
	    "<style type=\"text/css\">\n"
	    "    .func_g:hover { stroke:black; stroke-width:0.5; "
	    "cursor:pointer; }\n</style>\n") < 0)
		goto out;
	/* the blocks, joined by newlines (top section first) */
	for (i = 0; i < f->nblk; i++) {
		const struct block *b = &f->blk[i];
		int64_t y;

		if (b->sect == 0)
			y = top_h - b->level * h - h;
		else
			y = h1 + bot_h - (maxl[1] - b->level) * h - h;
		if ((!first && sp_flame_puts(out, "\n") < 0) ||
		    put_block(f, b, y + yoff, &hb, &hcap) < 0)
			goto out;
		first = 0;
	}
	if (o->title != NULL && put_label(out, "sp_title", W / 2, h / 2.0,
	    "middle", o->font_size + 2, o->title) < 0)
		goto out;
	if (sp_flame_puts(out, "\n</svg>\n") < 0 ||
	    sp_flame_out_flush(out) < 0)
		goto out;
	rc = 0;
out:
	free(hb);
	return rc;
}

void
sp_flame_opts_init(struct sp_flame_opts *o)
{
	memset(o, 0, sizeof *o);
	o->width = SP_FLAME_WIDTH_DEFAULT;
	o->threshold = SP_FLAME_THRESHOLD_DEFAULT;
	o->row_height = SP_FLAME_ROW_HEIGHT_DEFAULT;
	o->font_size = SP_FLAME_FONT_SIZE_DEFAULT;
	o->max_frames = SP_FLAME_MAX_FRAMES_DEFAULT;
}

int
sp_flame_render(const struct sp_prof *d, const struct sp_flame_opts *oin,
    sp_write_fn *write, void *ctx, struct sp_flame_stats *stp,
    struct sp_err *e)
{
	struct sp_flame_stats dummy;
	struct sp_flame_opts o = *oin;
	struct fl f;
	int rc = -1;

	if (o.width == 0)
		o.width = SP_FLAME_WIDTH_DEFAULT;
	if (o.row_height == 0)
		o.row_height = SP_FLAME_ROW_HEIGHT_DEFAULT;
	if (o.font_size == 0)
		o.font_size = SP_FLAME_FONT_SIZE_DEFAULT;
	if (o.width < 0 || o.row_height < 2 || o.font_size < 0 ||
	    !(o.threshold >= 0 && o.threshold < 1))
		return sp_fail(e, SP_EUSAGE, "flame graph options out of "
		    "range");
	if (stp == NULL)
		stp = &dummy;
	memset(stp, 0, sizeof *stp);
	memset(&f, 0, sizeof f);
	f.d = d;
	f.o = &o;
	f.n = sp_prof_len(d);
	f.e = e;
	if (f.n >= NONE - 1)
		return sp_fail(e, SP_EUSAGE, "too many entries to draw");
	if ((f.out = sp_flame_out_new(write, ctx, e)) == NULL)
		goto out;
	if (build(&f, stp, e) < 0 || layout_budget(&f, stp, e) < 0)
		goto out;
	stp->total = f.maxw;
	stp->frames = f.nblk;
	stp->other_frames = f.nother;
	if (write_svg(&f, stp) < 0)
		goto out;
	stp->bytes = sp_flame_out_bytes(f.out);
	rc = 0;
out:
	sp_flame_out_free(f.out);
	free(f.node);
	free(f.edge);
	free(f.outs);
	free(f.ins);
	free(f.order);
	free(f.rank);
	free(f.ch);
	free(f.fr);
	free(f.blk);
	return rc;
}
