#include "sp_stats_paths.h"

#include <stdlib.h>
#include <string.h>

#include "sp_arena.h"
#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_huge.h"

#define SEP " > "
#define SEP_LEN 3

struct node {
	uint32_t parent, elem, depth;
};

/* The last extension of a region: most calls repeat it. */
struct memo {
	uint32_t parent, child;
	int collapsed;
};

struct sp_stats_paths {
	struct sp_arena *arena;

	/* elements: interned strings */
	const char **es;
	size_t *elen;
	size_t ne, ne_cap, elen_cap;
	uint32_t *etab;		/* string -> elem + 1 */
	size_t etab_cap;

	/* regions: their elements, and their memo */
	uint32_t *relem;	/* elements of every region, back to back */
	size_t nrelem, relem_cap;
	size_t *roff;		/* region r: relem[roff[r] .. roff[r + 1]) */
	struct memo *memo;
	size_t nregions;

	/* paths */
	struct node *node;
	size_t nn, nn_cap;
	uint32_t *ntab;		/* (parent, elem) -> node + 1 */
	size_t ntab_cap;
};

struct sp_stats_paths *
sp_stats_paths_new(void)
{
	struct sp_stats_paths *t = calloc(1, sizeof *t);

	if (t != NULL && (t->arena = sp_arena_new()) == NULL) {
		free(t);
		return NULL;
	}
	return t;
}

static void
forget(struct sp_stats_paths *t)
{
	free(t->es);
	free(t->elen);
	free(t->etab);
	free(t->relem);
	free(t->roff);
	free(t->memo);
	free(t->node);
	free(t->ntab);
	t->es = NULL;
	t->elen = NULL;
	t->etab = t->relem = t->ntab = NULL;
	t->roff = NULL;
	t->memo = NULL;
	t->node = NULL;
	t->ne = t->ne_cap = t->elen_cap = t->etab_cap = 0;
	t->nrelem = t->relem_cap = 0;
	t->nregions = t->nn = t->nn_cap = t->ntab_cap = 0;
	sp_arena_reset(t->arena);
}

void
sp_stats_paths_free(struct sp_stats_paths *t)
{
	if (t == NULL)
		return;
	forget(t);
	sp_arena_free(t->arena);
	free(t);
}

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static uint64_t
str_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return sp_hash_mix(h ^ n);
}

/* A table of 2^k slots for at least n entries at half load. */
static int
table_new(uint32_t **tab, size_t *cap, size_t n)
{
	size_t c = 64;

	while (c < 2 * n)
		c *= 2;
	free(*tab);
	*cap = 0;
	if ((*tab = sp_huge_calloc(c, sizeof **tab)) == NULL)
		return -1;
	*cap = c;
	return 0;
}

static int
elem_rehash(struct sp_stats_paths *t)
{
	size_t i, j;

	if (table_new(&t->etab, &t->etab_cap, t->ne + 1) < 0)
		return -1;
	for (i = 0; i < t->ne; i++) {
		j = str_hash(t->es[i], t->elen[i]) & (t->etab_cap - 1);
		while (t->etab[j] != 0)
			j = (j + 1) & (t->etab_cap - 1);
		t->etab[j] = (uint32_t)i + 1;
	}
	return 0;
}

/* The element id of s, interned when new; -1 without memory. */
static int64_t
intern(struct sp_stats_paths *t, const char *s, size_t n)
{
	size_t j;
	uint32_t k;
	char *copy;

	if (2 * (t->ne + 1) > t->etab_cap && elem_rehash(t) < 0)
		return -1;
	j = str_hash(s, n) & (t->etab_cap - 1);
	while ((k = t->etab[j]) != 0) {
		if (t->elen[k - 1] == n && memcmp(t->es[k - 1], s, n) == 0)
			return k - 1;
		j = (j + 1) & (t->etab_cap - 1);
	}
	/* each its own capacity: a failed second growth loses nothing */
	if (sp_grow(&t->es, &t->ne_cap, t->ne + 1, sizeof *t->es, 64) < 0 ||
	    sp_grow(&t->elen, &t->elen_cap, t->ne + 1, sizeof *t->elen,
	    64) < 0 || (copy = sp_arena_strndup(t->arena, s, n)) == NULL)
		return -1;
	t->es[t->ne] = copy;
	t->elen[t->ne] = n;
	t->etab[j] = (uint32_t)t->ne + 1;
	return (int64_t)t->ne++;
}

/* Python's name.split(" > "), each piece interned onto relem. */
static int
split_region(struct sp_stats_paths *t, const char *s, size_t n)
{
	size_t i = 0, start = 0;
	int64_t id;

	for (;;) {
		if (i + SEP_LEN <= n && memcmp(s + i, SEP, SEP_LEN) == 0) {
			if ((id = intern(t, s + start, i - start)) < 0)
				return -1;
		} else if (i >= n) {
			if ((id = intern(t, s + start, n - start)) < 0)
				return -1;
		} else {
			i++;
			continue;
		}
		if (sp_grow(&t->relem, &t->relem_cap, t->nrelem + 1,
		    sizeof *t->relem, 64) < 0)
			return -1;
		t->relem[t->nrelem++] = (uint32_t)id;
		if (i >= n)
			return 0;
		i += SEP_LEN;
		start = i;
	}
}

int
sp_stats_paths_regions(struct sp_stats_paths *t, size_t n,
    const char *const *names, const size_t *lens, struct sp_err *e)
{
	size_t r;

	forget(t);
	if ((t->roff = sp_huge_calloc(n + 1, sizeof *t->roff)) == NULL ||
	    (t->memo = sp_huge_calloc(n + 1, sizeof *t->memo)) == NULL ||
	    table_new(&t->ntab, &t->ntab_cap, 64) < 0)
		return nomem(e);
	for (r = 0; r < n; r++) {
		t->roff[r] = t->nrelem;
		if (split_region(t, names[r], lens[r]) < 0)
			return nomem(e);
		t->memo[r].child = SP_PATH_NONE;
		t->memo[r].parent = SP_PATH_NONE - 1;	/* matches nothing */
	}
	t->roff[n] = t->nrelem;
	t->nregions = n;
	return 0;
}

static size_t
node_slot(const struct sp_stats_paths *t, uint32_t parent, uint32_t elem)
{
	return sp_hash_mix(((uint64_t)parent << 32) | elem) &
	    (t->ntab_cap - 1);
}

static int
node_rehash(struct sp_stats_paths *t)
{
	size_t i, j;

	if (table_new(&t->ntab, &t->ntab_cap, t->nn + 1) < 0)
		return -1;
	for (i = 0; i < t->nn; i++) {
		j = node_slot(t, t->node[i].parent, t->node[i].elem);
		while (t->ntab[j] != 0)
			j = (j + 1) & (t->ntab_cap - 1);
		t->ntab[j] = (uint32_t)i + 1;
	}
	return 0;
}

/* The child (parent, elem), made when new; -1 without memory. */
static int64_t
child(struct sp_stats_paths *t, uint32_t parent, uint32_t elem)
{
	size_t j;
	uint32_t k;

	if (2 * (t->nn + 1) > t->ntab_cap && node_rehash(t) < 0)
		return -1;
	j = node_slot(t, parent, elem);
	while ((k = t->ntab[j]) != 0) {
		if (t->node[k - 1].parent == parent &&
		    t->node[k - 1].elem == elem)
			return k - 1;
		j = (j + 1) & (t->ntab_cap - 1);
	}
	if (t->nn >= SP_PATH_NONE - 2 || sp_grow(&t->node, &t->nn_cap,
	    t->nn + 1, sizeof *t->node, 64) < 0)
		return -1;
	t->node[t->nn].parent = parent;
	t->node[t->nn].elem = elem;
	t->node[t->nn].depth = parent == SP_PATH_NONE ? 0 :
	    t->node[parent].depth + 1;
	t->ntab[j] = (uint32_t)t->nn + 1;
	return (int64_t)t->nn++;
}

int64_t
sp_stats_paths_extend(struct sp_stats_paths *t, uint32_t parent, uint32_t r,
    int *collapsed, struct sp_err *e)
{
	struct memo *m;
	uint32_t cur = parent;
	int64_t id;
	size_t k;
	int merged = 0;

	if (r >= t->nregions)
		return sp_fail(e, SP_EUSAGE, "paths: no region %u", r);
	m = &t->memo[r];
	if (m->parent == parent) {
		if (m->collapsed)
			*collapsed = 1;
		return m->child;
	}
	for (k = t->roff[r]; k < t->roff[r + 1]; k++) {
		if (cur != SP_PATH_NONE && t->node[cur].elem == t->relem[k]) {
			merged = 1;
			continue;
		}
		if ((id = child(t, cur, t->relem[k])) < 0)
			return nomem(e);
		cur = (uint32_t)id;
	}
	m->parent = parent;
	m->child = cur;
	m->collapsed = merged;
	if (merged)
		*collapsed = 1;
	return cur;
}

uint32_t
sp_stats_paths_count(const struct sp_stats_paths *t)
{
	return (uint32_t)t->nn;
}

uint32_t
sp_stats_paths_parent(const struct sp_stats_paths *t, uint32_t id)
{
	return t->node[id].parent;
}

uint32_t
sp_stats_paths_depth(const struct sp_stats_paths *t, uint32_t id)
{
	return t->node[id].depth;
}

uint32_t
sp_stats_paths_elem(const struct sp_stats_paths *t, uint32_t id)
{
	return t->node[id].elem;
}

uint32_t
sp_stats_paths_region_elem(const struct sp_stats_paths *t, uint32_t r)
{
	if (r >= t->nregions || t->roff[r + 1] - t->roff[r] != 1)
		return SP_PATH_NONE;
	return t->relem[t->roff[r]];
}

uint32_t
sp_stats_paths_elems(const struct sp_stats_paths *t)
{
	return (uint32_t)t->ne;
}

const char *
sp_stats_paths_name(const struct sp_stats_paths *t, uint32_t id, size_t *len)
{
	uint32_t el = t->node[id].elem;

	*len = t->elen[el];
	return t->es[el];
}

/*
 * Node p's share of its path's text: its element, and the separator
 * before it unless it is the top.  Both passes of sp_stats_paths_text
 * take their sizes from here, so they cannot disagree, empty names or not.
 */
static size_t
piece(const struct sp_stats_paths *t, uint32_t p, size_t *sep)
{
	*sep = t->node[p].parent != SP_PATH_NONE ? SEP_LEN : 0;
	return *sep + t->elen[t->node[p].elem];
}

/* n bytes of s at buf + at, as much of them as fits before cap - 1 */
static void
put_clipped(char *buf, size_t cap, size_t at, const char *s, size_t n)
{
	if (at < cap - 1)
		memcpy(buf + at, s, n < cap - 1 - at ? n : cap - 1 - at);
}

size_t
sp_stats_paths_text(const struct sp_stats_paths *t, uint32_t id, char *buf,
    size_t cap)
{
	size_t need = 0, at, sep;
	uint32_t p;

	for (p = id; p != SP_PATH_NONE; p = t->node[p].parent)
		need += piece(t, p, &sep);
	if (cap == 0)
		return need;
	/* written from the end backwards, clipped to the buffer */
	at = need;
	for (p = id; p != SP_PATH_NONE; p = t->node[p].parent) {
		at -= piece(t, p, &sep);
		put_clipped(buf, cap, at, SEP, sep);
		put_clipped(buf, cap, at + sep, t->es[t->node[p].elem],
		    t->elen[t->node[p].elem]);
	}
	buf[need < cap ? need : cap - 1] = '\0';
	return need;
}
