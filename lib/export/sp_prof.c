#include "sp_prof.h"

#include <stdlib.h>
#include <string.h>

#include "sp_arena.h"
#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_huge.h"

/*
 * Three open-addressing tables (linear probing, power-of-two sizes, at
 * most half full): interned strings, keys, and (entry, caller key) pairs.
 * Nothing is ever deleted.  A caller slot whose entry lost its callers is
 * simply stale; it is recognised by checking the position it points at.
 *
 * Most entries have a caller or two (a call path has its parent path
 * only), so an entry's callers go into the caller table only once it has
 * HASHED_CALLERS of them: below that a scan of its caller list is
 * cheaper than a table slot, and costs no memory.
 */
#define HASHED_CALLERS 8

struct str {
	uint64_t hash;
	size_t len;
	char s[];
};

struct key {
	struct sp_prof_key k;
	long entry;		/* -1 while the key is only a caller */
};

struct ent {
	struct sp_prof_entry pub;
	struct sp_prof_caller *cv;
	uint32_t *ckid;		/* key id of each caller, after cv[cap] */
	size_t cap;
	uint32_t kid;
	int hashed;		/* its callers are in the caller table */
};

struct cslot {
	uint32_t ent1;		/* entry index + 1; 0 = empty slot */
	uint32_t kid;
	uint32_t pos;
};

struct sp_prof {
	struct sp_arena *arena;

	struct str **strs;	/* string table */
	size_t nstrs, strs_cap;

	struct key *keys;
	size_t nkeys, keys_cap;
	uint32_t *ktab;		/* key id + 1; 0 = empty */
	size_t ktab_cap;

	struct ent *ents;
	size_t nents, ents_cap;

	struct cslot *ctab;
	size_t nctab, ctab_cap;
};

/*
 * Eight bytes a step: call-path names run to hundreds of bytes, and each
 * is hashed when interned.
 */
static uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 29;
	}
	if (i < n) {
		w = 0;
		memcpy(&w, s + i, n - i);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
	}
	return sp_hash_mix(h ^ n);
}

static uint64_t
hash_key(const struct sp_prof_key *k)
{
	/* Interned strings: the pointers identify them. */
	return sp_hash_mix((uint64_t)(uintptr_t)k->file ^
	    sp_hash_mix((uint64_t)(uintptr_t)k->func ^
	    sp_hash_mix((uint64_t)k->line)));
}

struct sp_prof *
sp_prof_new(void)
{
	struct sp_prof *d = calloc(1, sizeof *d);

	if (d == NULL)
		return NULL;
	d->arena = sp_arena_new();
	if (d->arena == NULL) {
		free(d);
		return NULL;
	}
	return d;
}

void
sp_prof_free(struct sp_prof *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nents; i++)
		free(d->ents[i].cv);	/* and its ckid */
	free(d->ents);
	free(d->ctab);
	free(d->ktab);
	free(d->keys);
	free(d->strs);
	sp_arena_free(d->arena);
	free(d);
}

/* The slot of s in the string table: its string, or an empty slot. */
static struct str **
str_slot(const struct sp_prof *d, const char *s, size_t n, uint64_t h)
{
	size_t mask = d->strs_cap - 1, i = h & mask;

	for (;; i = (i + 1) & mask) {
		struct str *t = d->strs[i];

		if (t == NULL || (t->hash == h && t->len == n &&
		    memcmp(t->s, s, n) == 0))
			return &d->strs[i];
	}
}

static int
str_rehash(struct sp_prof *d)
{
	struct str **old = d->strs;
	size_t i, oldcap = d->strs_cap, cap = oldcap ? oldcap * 2 : 64;

	d->strs = sp_huge_calloc(cap, sizeof *d->strs);
	if (d->strs == NULL) {
		d->strs = old;
		return -1;
	}
	d->strs_cap = cap;
	for (i = 0; i < oldcap; i++)
		if (old[i] != NULL)
			*str_slot(d, old[i]->s, old[i]->len, old[i]->hash) =
			    old[i];
	free(old);
	return 0;
}

const char *
sp_prof_intern(struct sp_prof *d, const char *s, size_t n, struct sp_err *e)
{
	uint64_t h = hash_bytes(s, n);
	struct str **slot, *t;

	if (memchr(s, '\0', n) != NULL) {
		sp_fail(e, SP_EDATA, "a name contains a NUL character");
		return NULL;
	}
	if ((d->nstrs + 1) * 2 > d->strs_cap && str_rehash(d) == -1)
		goto nomem;
	slot = str_slot(d, s, n, h);
	if (*slot != NULL)
		return (*slot)->s;
	if (n > SIZE_MAX - sizeof *t - 1 ||
	    (t = sp_arena_alloc(d->arena, sizeof *t + n + 1)) == NULL)
		goto nomem;
	t->hash = h;
	t->len = n;
	memcpy(t->s, s, n);
	t->s[n] = '\0';
	*slot = t;
	d->nstrs++;
	return t->s;
nomem:
	sp_fail(e, SP_ENOMEM, "out of memory interning a name");
	return NULL;
}

/* The interned copy of s if there is one, else NULL. */
static const char *
str_find(const struct sp_prof *d, const char *s)
{
	size_t n = strlen(s);
	struct str **slot;

	if (d->strs_cap == 0)
		return NULL;
	slot = str_slot(d, s, n, hash_bytes(s, n));
	return *slot != NULL ? (*slot)->s : NULL;
}

static uint32_t *
key_slot(const struct sp_prof *d, const struct sp_prof_key *k)
{
	size_t mask = d->ktab_cap - 1, i = hash_key(k) & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t id = d->ktab[i];
		const struct sp_prof_key *t;

		if (id == 0)
			return &d->ktab[i];
		t = &d->keys[id - 1].k;
		if (t->file == k->file && t->func == k->func &&
		    t->line == k->line)
			return &d->ktab[i];
	}
}

static int
key_rehash(struct sp_prof *d)
{
	uint32_t *old = d->ktab;
	size_t i, cap = d->ktab_cap ? d->ktab_cap * 2 : 64;

	d->ktab = sp_huge_calloc(cap, sizeof *d->ktab);
	if (d->ktab == NULL) {
		d->ktab = old;
		return -1;
	}
	d->ktab_cap = cap;
	for (i = 0; i < d->nkeys; i++)
		*key_slot(d, &d->keys[i].k) = (uint32_t)(i + 1);
	free(old);
	return 0;
}

long
sp_prof_key(struct sp_prof *d, const char *file, int64_t line,
    const char *func, struct sp_err *e)
{
	struct sp_prof_key k;
	uint32_t *slot;

	k.file = file;
	k.line = line;
	k.func = func;
	if ((d->nkeys + 1) * 2 > d->ktab_cap && key_rehash(d) == -1)
		goto nomem;
	slot = key_slot(d, &k);
	if (*slot != 0)
		return (long)*slot - 1;
	if (d->nkeys >= UINT32_MAX - 1 ||
	    sp_grow(&d->keys, &d->keys_cap, d->nkeys + 1, sizeof *d->keys,
	    16) == -1)
		goto nomem;
	d->keys[d->nkeys].k = k;
	d->keys[d->nkeys].entry = -1;
	*slot = (uint32_t)++d->nkeys;
	return (long)d->nkeys - 1;
nomem:
	sp_fail(e, SP_ENOMEM, "out of memory adding a key");
	return -1;
}

long
sp_prof_set(struct sp_prof *d, long kid, const struct sp_prof_stat *st,
    int keep_callers, struct sp_err *e)
{
	struct ent *t;

	if (d->keys[kid].entry >= 0) {
		t = &d->ents[d->keys[kid].entry];
		t->pub.st = *st;
		if (!keep_callers) {
			t->pub.ncallers = 0;
			t->hashed = 0;	/* its slots are stale now */
		}
		return d->keys[kid].entry;
	}
	if (d->nents >= UINT32_MAX - 1 ||
	    sp_grow(&d->ents, &d->ents_cap, d->nents + 1, sizeof *d->ents,
	    16) == -1)
		return sp_fail(e, SP_ENOMEM, "out of memory adding an entry");
	t = &d->ents[d->nents];
	memset(t, 0, sizeof *t);
	t->pub.key = d->keys[kid].k;
	t->pub.st = *st;
	t->kid = (uint32_t)kid;
	d->keys[kid].entry = (long)d->nents;
	return (long)d->nents++;
}

static struct cslot *
caller_slot(const struct sp_prof *d, uint32_t ent1, uint32_t kid)
{
	size_t mask = d->ctab_cap - 1;
	size_t i = sp_hash_mix((uint64_t)ent1 << 32 | kid) & mask;

	for (;; i = (i + 1) & mask) {
		struct cslot *c = &d->ctab[i];

		if (c->ent1 == 0 || (c->ent1 == ent1 && c->kid == kid))
			return c;
	}
}

static int
caller_rehash(struct sp_prof *d)
{
	struct cslot *old = d->ctab;
	size_t i, oldcap = d->ctab_cap, cap = oldcap ? oldcap * 2 : 64;

	d->ctab = sp_huge_calloc(cap, sizeof *d->ctab);
	if (d->ctab == NULL) {
		d->ctab = old;
		return -1;
	}
	d->ctab_cap = cap;
	for (i = 0; i < oldcap; i++)
		if (old[i].ent1 != 0)
			*caller_slot(d, old[i].ent1, old[i].kid) = old[i];
	free(old);
	return 0;
}

/*
 * Room for one more caller in t.  The callers and their key ids share
 * one block, the ids after cap callers: one allocation per entry.
 */
static int
ent_reserve(struct ent *t)
{
	size_t cap = t->cap ? t->cap * 2 : 1;
	size_t one = sizeof *t->cv + sizeof *t->ckid;
	struct sp_prof_caller *cv;

	if (t->pub.ncallers < t->cap)
		return 0;
	if (t->pub.ncallers >= UINT32_MAX || cap > SIZE_MAX / one)
		return -1;
	if ((cv = realloc(t->cv, cap * one)) == NULL)
		return -1;
	t->ckid = (uint32_t *)(void *)(cv + cap);
	memmove(t->ckid, cv + t->cap, t->pub.ncallers * sizeof *t->ckid);
	t->cv = cv;
	t->pub.callers = cv;
	t->cap = cap;
	return 0;
}

/* The position of caller kid among the callers of entry i, or -1. */
static long
caller_pos(const struct sp_prof *d, size_t i, uint32_t kid)
{
	const struct ent *t = &d->ents[i];
	const struct cslot *slot;
	size_t j;

	if (!t->hashed) {
		for (j = 0; j < t->pub.ncallers; j++)
			if (t->ckid[j] == kid)
				return (long)j;
		return -1;
	}
	slot = caller_slot(d, (uint32_t)i + 1, kid);
	if (slot->ent1 != 0 && slot->pos < t->pub.ncallers &&
	    t->ckid[slot->pos] == kid)
		return (long)slot->pos;
	return -1;
}

/* Room in the caller table for n more slots. */
static int
caller_room(struct sp_prof *d, size_t n)
{
	while ((d->nctab + n) * 2 > d->ctab_cap)
		if (caller_rehash(d) == -1)
			return -1;
	return 0;
}

/* Caller j of entry i into the caller table, which has room. */
static void
caller_put(struct sp_prof *d, size_t i, size_t j)
{
	uint32_t kid = d->ents[i].ckid[j];
	struct cslot *slot = caller_slot(d, (uint32_t)i + 1, kid);

	if (slot->ent1 == 0)
		d->nctab++;
	slot->ent1 = (uint32_t)i + 1;
	slot->kid = kid;
	slot->pos = (uint32_t)j;
}

int
sp_prof_set_caller(struct sp_prof *d, size_t i, long kid,
    const struct sp_prof_stat *st, int count_only, struct sp_err *e)
{
	struct ent *t = &d->ents[i];
	struct sp_prof_caller *c;
	long pos = caller_pos(d, i, (uint32_t)kid);
	size_t j, n = t->pub.ncallers;

	if (pos < 0) {
		if (ent_reserve(t) == -1 || ((t->hashed ||
		    n + 1 >= HASHED_CALLERS) &&
		    caller_room(d, t->hashed ? 1 : n + 1) == -1))
			goto nomem;
		pos = (long)n;
		t->ckid[n] = (uint32_t)kid;
		t->cv[n].key = d->keys[kid].k;
		t->pub.ncallers = n + 1;
		if (t->hashed)
			caller_put(d, i, n);
		else if (n + 1 >= HASHED_CALLERS) {
			for (j = 0; j <= n; j++)
				caller_put(d, i, j);
			t->hashed = 1;
		}
	}
	c = &t->cv[pos];
	c->st = *st;
	c->count_only = count_only;
	return 0;
nomem:
	return sp_fail(e, SP_ENOMEM, "out of memory adding a caller");
}

size_t
sp_prof_len(const struct sp_prof *d)
{
	return d->nents;
}

const struct sp_prof_entry *
sp_prof_entry(const struct sp_prof *d, size_t i)
{
	return &d->ents[i].pub;
}

long
sp_prof_find(const struct sp_prof *d, const char *file, int64_t line,
    const char *func)
{
	struct sp_prof_key k;
	uint32_t id;

	k.line = line;
	k.file = str_find(d, file);
	k.func = str_find(d, func);
	if (k.file == NULL || k.func == NULL || d->ktab_cap == 0)
		return -1;
	id = *key_slot(d, &k);
	return id == 0 ? -1 : d->keys[id - 1].entry;
}
