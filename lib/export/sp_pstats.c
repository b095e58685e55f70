#include "sp_pstats.h"

#include <stdlib.h>
#include <string.h>

#include "sp_calllog.h"
#include "sp_grow.h"
#include "sp_hash.h"
#include "sp_huge.h"

#define NS_PER_S 1e9
#define NONE UINT32_MAX

/* numpy's ufunc buffer size: sum() adds blocks of this many one by one. */
#define NP_BLOCK 8192

struct path {
	uint32_t parent;	/* path id, NONE for a top-level path */
	uint32_t region;
	int64_t count;
	double tt, ct;
	int seen;		/* met in global order yet */
	uint64_t name_len;	/* of its name "a > b > c" */
	const char *name;	/* interned, once the dict is built */
	long key;
};

struct racc {			/* a region, aggregated */
	int64_t cc, nc;
	double tt, ct;
	int64_t max_end;	/* of its calls so far, across lanes */
};

struct bucket {			/* (region, calling region) */
	uint32_t region;
	uint32_t caller1;	/* calling region + 1, 0 for the root */
	int64_t cc, nc;
	double tt, ct;
	uint64_t sort;		/* dict order of the callers */
};

struct frame {
	int64_t idx;		/* in the call log, -1 without one */
	int64_t start, end, call;
	uint32_t region, aux;
};

struct reg {
	const char *name;	/* interned in d */
	size_t len;		/* of name */
	const char *file;	/* interned, NULL without a source location */
	int64_t line;
};

struct sp_pstats {
	struct sp_prof *d;	/* interns the strings; becomes the result */
	int paths;		/* one entry per call path */
	const char *root;	/* interned, or NULL */
	const char *tilde;	/* interned "~" */

	size_t nreg;
	struct reg *reg;
	uint32_t *order;

	struct sp_calllog *log;	/* NULL in the direct case */

	struct frame *stack;
	size_t depth, stack_cap;
	struct sp_calllog_rec prev;	/* last call entered in the lane */
	int have_prev;
	int one_lane_done;	/* direct case: its one lane has ended */
	int finished;
	uint64_t ncalls;

	struct path *path;
	size_t npath, path_cap;
	uint64_t path_bytes;	/* charged against max_bytes */
	uint64_t max_bytes;	/* 0: no bound */
	uint32_t *ptab;		/* (parent, region) -> path id + 1 */
	size_t ptab_cap;
	uint32_t *seen;		/* path ids in order of appearance */
	size_t nseen, seen_cap;

	struct racc *racc;
	struct bucket *bucket;
	size_t nbucket, bucket_cap;
	uint32_t *btab;		/* (region, caller1) -> bucket + 1 */
	size_t btab_cap;

	/* The root's total: numpy's blocked pairwise sum of root spans. */
	double *block;
	size_t nblock;
	double root_ct;
};

struct sp_pstats *
sp_pstats_new(const struct sp_pstats_opts *o, size_t nregions,
    const struct sp_pstats_region *regions, const uint32_t *order,
    struct sp_err *e)
{
	struct sp_pstats *p;
	size_t i;

	if (nregions >= NONE) {
		sp_fail(e, SP_EUSAGE, "too many regions: %zu", nregions);
		return NULL;
	}
	if ((p = calloc(1, sizeof *p)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	p->paths = !o->no_call_paths;
	p->max_bytes = o->max_bytes;
	p->nreg = nregions;
	if ((p->d = sp_prof_new()) == NULL ||
	    (p->reg = calloc(nregions + 1, sizeof *p->reg)) == NULL ||
	    (p->order = calloc(nregions + 1, sizeof *p->order)) == NULL ||
	    (p->block = malloc(NP_BLOCK * sizeof *p->block)) == NULL ||
	    (!p->paths &&
	    (p->racc = calloc(nregions + 1, sizeof *p->racc)) == NULL) ||
	    ((!p->paths || !o->one_lane) &&
	    (p->log = sp_calllog_new(o->mem_limit, p->order)) == NULL)) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	if ((p->tilde = sp_prof_intern(p->d, "~", 1, e)) == NULL)
		goto fail;
	if (o->root != NULL && (p->root = sp_prof_intern(p->d, o->root,
	    strlen(o->root), e)) == NULL)
		goto fail;
	for (i = 0; i < nregions; i++) {
		const struct sp_pstats_region *r = &regions[i];

		p->order[i] = order ? order[i] : (uint32_t)i;
		p->reg[i].name = sp_prof_intern(p->d, r->name,
		    strlen(r->name), e);
		if (p->reg[i].name == NULL)
			goto fail;
		p->reg[i].len = strlen(r->name);
		/* The reference: a truthy file and a line that is not None. */
		if (r->file != NULL && *r->file != '\0' && r->has_line) {
			p->reg[i].file = sp_prof_intern(p->d, r->file,
			    strlen(r->file), e);
			if (p->reg[i].file == NULL)
				goto fail;
			p->reg[i].line = r->line;
		}
	}
	return p;
fail:
	sp_pstats_free(p);
	return NULL;
}

void
sp_pstats_free(struct sp_pstats *p)
{
	if (p == NULL)
		return;
	sp_prof_free(p->d);
	sp_calllog_free(p->log);
	free(p->reg);
	free(p->order);
	free(p->stack);
	free(p->path);
	free(p->ptab);
	free(p->seen);
	free(p->racc);
	free(p->bucket);
	free(p->btab);
	free(p->block);
	free(p);
}

uint64_t
sp_pstats_calls(const struct sp_pstats *p)
{
	return p->ncalls;
}

/* numpy's pairwise_sum for float64, unrolled by eight below 128 items. */
static double
pairwise(const double *a, size_t n)
{
	double r[8], res;
	size_t i, j, n2;

	if (n < 8) {
		res = 0.;
		for (i = 0; i < n; i++)
			res += a[i];
		return res;
	}
	if (n <= 128) {
		for (j = 0; j < 8; j++)
			r[j] = a[j];
		for (i = 8; i < n - n % 8; i += 8)
			for (j = 0; j < 8; j++)
				r[j] += a[i + j];
		res = ((r[0] + r[1]) + (r[2] + r[3])) +
		    ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += a[i];
		return res;
	}
	n2 = n / 2;
	n2 -= n2 % 8;
	return pairwise(a, n2) + pairwise(a + n2, n - n2);
}

static void
root_add(struct sp_pstats *p, double v)
{
	p->block[p->nblock++] = v;
	if (p->nblock == NP_BLOCK) {
		p->root_ct += pairwise(p->block, p->nblock);
		p->nblock = 0;
	}
}

/* The id of the path (parent, region), created when new. */
static long
path_id(struct sp_pstats *p, uint32_t parent, uint32_t region,
    struct sp_err *e)
{
	size_t mask, i;
	uint32_t id;
	uint64_t name_len;

	if ((p->npath + 1) * 2 > p->ptab_cap) {
		size_t cap = p->ptab_cap ? p->ptab_cap * 2 : 256;
		uint32_t *t = sp_huge_calloc(cap, sizeof *t);

		if (t == NULL)
			goto nomem;
		for (id = 0; id < p->npath; id++) {
			i = sp_hash_mix((uint64_t)p->path[id].parent << 32 |
			    p->path[id].region) & (cap - 1);
			while (t[i] != 0)
				i = (i + 1) & (cap - 1);
			t[i] = id + 1;
		}
		free(p->ptab);
		p->ptab = t;
		p->ptab_cap = cap;
	}
	mask = p->ptab_cap - 1;
	for (i = sp_hash_mix((uint64_t)parent << 32 | region) & mask;
	    p->ptab[i] != 0; i = (i + 1) & mask) {
		struct path *t = &p->path[p->ptab[i] - 1];

		if (t->parent == parent && t->region == region)
			return (long)p->ptab[i] - 1;
	}
	/*
	 * A path's name spells out its whole chain, so deep recursion makes
	 * the names, not the number of calls, what memory grows with: charge
	 * each new path its share of the tables and its name, and stop at
	 * the bound rather than let the machine swap.
	 */
	name_len = p->reg[region].len + (parent == NONE ? 0 :
	    p->path[parent].name_len + 3);
	if (p->max_bytes > 0 &&
	    p->path_bytes + SP_PSTATS_PATH_COST + name_len + 1 > p->max_bytes)
		return sp_fail(e, SP_ENOMEM, "the call path table outgrows "
		    "its bound of %llu bytes at %zu distinct paths (raise "
		    "--max-memory)", (unsigned long long)p->max_bytes,
		    p->npath);
	if (p->npath >= NONE - 1 ||
	    sp_grow(&p->path, &p->path_cap, p->npath + 1, sizeof *p->path,
	    16) == -1)
		goto nomem;
	p->path_bytes += SP_PSTATS_PATH_COST + name_len + 1;
	memset(&p->path[p->npath], 0, sizeof *p->path);
	p->path[p->npath].parent = parent;
	p->path[p->npath].region = region;
	p->path[p->npath].name_len = name_len;
	p->ptab[i] = (uint32_t)++p->npath;
	return (long)p->npath - 1;
nomem:
	return sp_fail(e, SP_ENOMEM, "out of memory adding a call path");
}

static int
path_seen(struct sp_pstats *p, uint32_t id, struct sp_err *e)
{
	if (p->path[id].seen)
		return 0;
	if (sp_grow(&p->seen, &p->seen_cap, p->nseen + 1, sizeof *p->seen,
	    16) == -1)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	p->path[id].seen = 1;
	p->seen[p->nseen++] = id;
	return 0;
}

static struct bucket *
bucket_get(struct sp_pstats *p, uint32_t region, uint32_t caller1,
    struct sp_err *e)
{
	size_t mask, i, b;

	if ((p->nbucket + 1) * 2 > p->btab_cap) {
		size_t cap = p->btab_cap ? p->btab_cap * 2 : 256;
		uint32_t *t = sp_huge_calloc(cap, sizeof *t);

		if (t == NULL)
			goto nomem;
		for (b = 0; b < p->nbucket; b++) {
			i = sp_hash_mix((uint64_t)p->bucket[b].region << 32 |
			    p->bucket[b].caller1) & (cap - 1);
			while (t[i] != 0)
				i = (i + 1) & (cap - 1);
			t[i] = (uint32_t)b + 1;
		}
		free(p->btab);
		p->btab = t;
		p->btab_cap = cap;
	}
	mask = p->btab_cap - 1;
	for (i = sp_hash_mix((uint64_t)region << 32 | caller1) & mask;
	    p->btab[i] != 0; i = (i + 1) & mask) {
		struct bucket *t = &p->bucket[p->btab[i] - 1];

		if (t->region == region && t->caller1 == caller1)
			return t;
	}
	if (p->nbucket >= NONE - 1 || sp_grow(&p->bucket, &p->bucket_cap,
	    p->nbucket + 1, sizeof *p->bucket, 16) == -1)
		goto nomem;
	memset(&p->bucket[p->nbucket], 0, sizeof *p->bucket);
	p->bucket[p->nbucket].region = region;
	p->bucket[p->nbucket].caller1 = caller1;
	p->bucket[p->nbucket].sort = (uint64_t)p->order[region] << 32 |
	    (caller1 ? (uint64_t)p->order[caller1 - 1] + 1 : 0);
	p->btab[i] = (uint32_t)++p->nbucket;
	return &p->bucket[p->nbucket - 1];
nomem:
	sp_fail(e, SP_ENOMEM, "out of memory adding a caller");
	return NULL;
}

/*
 * One call, in the reference's global order (or, for call paths in a
 * single lane, in closing order: the calls of one path close in the order
 * they open, and top-level calls too, so every sum sees the same order).
 */
static int
account(void *ctx, const struct sp_calllog_rec *c, struct sp_err *e)
{
	struct sp_pstats *p = ctx;
	double self = (double)c->self / NS_PER_S;
	double dur = (double)(c->end - c->start) / NS_PER_S;
	struct racc *ra;
	struct bucket *b;
	int prim;

	if (p->paths) {
		struct path *t = &p->path[c->aux];

		if (p->log != NULL && path_seen(p, c->aux, e) == -1)
			return -1;
		t->count++;
		t->tt += self;
		t->ct += dur;
		if (t->parent == NONE)
			root_add(p, dur);
		return 0;
	}
	/*
	 * Recursive: ending no later than an earlier call of the region, in
	 * any lane and even when only touching it (the reference's test).
	 */
	ra = &p->racc[c->region];
	prim = ra->nc == 0 || c->end > ra->max_end;
	if (prim)
		ra->max_end = c->end;
	ra->nc++;
	ra->tt += self;
	if ((b = bucket_get(p, c->region, c->aux, e)) == NULL)
		return -1;
	b->nc++;
	b->tt += self;
	if (prim) {
		ra->cc++;
		ra->ct += dur;
		b->cc++;
		b->ct += dur;
	}
	if (c->aux == 0)
		root_add(p, dur);
	return 0;
}

int
sp_pstats_enter(struct sp_pstats *p, uint32_t region, int64_t start,
    int64_t end, int64_t call, struct sp_err *e)
{
	struct sp_calllog_rec r;
	struct frame *f;
	long id;

	if (p->finished)
		return sp_fail(e, SP_EUSAGE, "a call after the statistics "
		    "were finished");
	if (p->one_lane_done)
		return sp_fail(e, SP_EUSAGE, "a second lane, but the rank "
		    "was said to have one");
	if (region >= p->nreg)
		return sp_fail(e, SP_EDATA, "call of unknown region %u",
		    (unsigned)region);
	if (end < start)
		return sp_fail(e, SP_EDATA, "a call ends before it starts");
	r.start = start;
	r.end = end;
	r.call = call;
	r.self = 0;
	r.region = region;
	if (p->have_prev && (start < p->prev.start || (start ==
	    p->prev.start && (end > p->prev.end || (end == p->prev.end &&
	    (p->order[region] < p->order[p->prev.region] ||
	    (region == p->prev.region && call < p->prev.call)))))))
		return sp_fail(e, SP_EDATA, "calls out of canonical order");
	p->prev = r;
	p->have_prev = 1;
	if (p->paths) {
		id = path_id(p, p->depth ? p->stack[p->depth - 1].aux : NONE,
		    region, e);
		if (id == -1)
			return -1;
		r.aux = (uint32_t)id;
		if (p->log == NULL && path_seen(p, r.aux, e) == -1)
			return -1;
	} else {
		r.aux = p->depth ? p->stack[p->depth - 1].region + 1 : 0;
	}
	if (sp_grow(&p->stack, &p->stack_cap, p->depth + 1,
	    sizeof *p->stack, 16) == -1)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	f = &p->stack[p->depth];
	f->idx = -1;
	if (p->log != NULL && (f->idx = sp_calllog_append(p->log, &r,
	    e)) == -1)
		return -1;
	f->start = start;
	f->end = end;
	f->call = call;
	f->region = region;
	f->aux = r.aux;
	p->depth++;
	p->ncalls++;
	return 0;
}

int
sp_pstats_leave(struct sp_pstats *p, int64_t self_ns, struct sp_err *e)
{
	struct sp_calllog_rec r;
	struct frame *f;

	if (p->depth == 0)
		return sp_fail(e, SP_EUSAGE, "a call closes but none is open");
	f = &p->stack[--p->depth];
	if (p->log != NULL)
		return sp_calllog_set_self(p->log, f->idx, self_ns, e);
	r.start = f->start;
	r.end = f->end;
	r.call = f->call;
	r.self = self_ns;
	r.region = f->region;
	r.aux = f->aux;
	return account(p, &r, e);
}

int
sp_pstats_end_lane(struct sp_pstats *p, struct sp_err *e)
{
	if (p->depth != 0)
		return sp_fail(e, SP_EUSAGE, "a lane ends with %zu calls "
		    "open", p->depth);
	if (!p->have_prev)
		return 0;
	p->have_prev = 0;
	if (p->log == NULL) {
		/* The direct way only holds for one lane. */
		p->one_lane_done = 1;
		return 0;
	}
	return sp_calllog_end_lane(p->log, e);
}

/* The key of a frame named func whose region is r. */
static long
key_of(struct sp_pstats *p, const struct reg *r, const char *func,
    struct sp_err *e)
{
	if (r->file != NULL)
		return sp_prof_key(p->d, r->file, r->line, func, e);
	return sp_prof_key(p->d, p->tilde, 0, func, e);
}

/* The name of path id: "parent > region", built parents first. */
static int
path_name(struct sp_pstats *p, struct path *t, char **buf, size_t *cap,
    struct sp_err *e)
{
	const char *rn = p->reg[t->region].name, *pn;
	size_t nr = strlen(rn), np;

	if (t->parent == NONE) {
		t->name = rn;
		return 0;
	}
	pn = p->path[t->parent].name;
	np = strlen(pn);
	if (np > SIZE_MAX / 2 - nr || sp_grow(buf, cap, np + 3 + nr,
	    1, 16) == -1)
		return sp_fail(e, SP_ENOMEM, "out of memory naming a path");
	memcpy(*buf, pn, np);
	memcpy(*buf + np, " > ", 3);
	memcpy(*buf + np + 3, rn, nr);
	t->name = sp_prof_intern(p->d, *buf, np + 3 + nr, e);
	return t->name == NULL ? -1 : 0;
}

static int
build_paths(struct sp_pstats *p, long root, struct sp_err *e)
{
	struct sp_prof_stat st;
	char *buf = NULL;
	size_t i, cap = 0;
	long idx, ck;
	int rc = -1;

	for (i = 0; i < p->nseen; i++) {
		struct path *t = &p->path[p->seen[i]];

		if (path_name(p, t, &buf, &cap, e) == -1)
			goto out;
		if ((t->key = key_of(p, &p->reg[t->region], t->name, e)) == -1)
			goto out;
		st.cc = st.nc = t->count;
		st.tt = t->tt;
		st.ct = t->ct;
		/*
		 * A name collision lands on an entry already there: the
		 * numbers are replaced, the callers add up, as in the
		 * reference's dict.
		 */
		if ((idx = sp_prof_set(p->d, t->key, &st, 1, e)) == -1)
			goto out;
		ck = t->parent != NONE ? p->path[t->parent].key : root;
		if (ck != -1 &&
		    sp_prof_set_caller(p->d, (size_t)idx, ck, &st, 0, e) == -1)
			goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

static int
by_sort(const void *a, const void *b)
{
	uint64_t x = ((const struct bucket *)a)->sort;
	uint64_t y = ((const struct bucket *)b)->sort;

	return x < y ? -1 : x > y;
}

static int
by_order(const void *a, const void *b)
{
	const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
build_regions(struct sp_pstats *p, long root, struct sp_err *e)
{
	struct sp_prof_stat st;
	uint64_t *ord;
	size_t i, b = 0;
	long idx, key, ck;
	int rc = -1;

	/* Region ids in region order: (order << 32 | id), sorted. */
	if ((ord = malloc((p->nreg + 1) * sizeof *ord)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (i = 0; i < p->nreg; i++)
		ord[i] = (uint64_t)p->order[i] << 32 | i;
	qsort(ord, p->nreg, sizeof *ord, by_order);
	qsort(p->bucket, p->nbucket, sizeof *p->bucket, by_sort);
	for (i = 0; i < p->nreg; i++) {
		uint32_t r = (uint32_t)ord[i];
		struct racc *ra = &p->racc[r];

		if (ra->nc == 0)
			continue;
		if ((key = key_of(p, &p->reg[r], p->reg[r].name, e)) == -1)
			goto out;
		st.cc = ra->cc;
		st.nc = ra->nc;
		st.tt = ra->tt;
		st.ct = ra->ct;
		if ((idx = sp_prof_set(p->d, key, &st, 0, e)) == -1)
			goto out;
		for (; b < p->nbucket && p->bucket[b].region == r; b++) {
			struct bucket *t = &p->bucket[b];

			if (t->caller1 == 0)
				ck = root;
			else
				ck = key_of(p, &p->reg[t->caller1 - 1],
				    p->reg[t->caller1 - 1].name, e);
			if (t->caller1 != 0 && ck == -1)
				goto out;
			if (ck == -1)
				continue;
			st.cc = t->cc;
			st.nc = t->nc;
			st.tt = t->tt;
			st.ct = t->ct;
			if (sp_prof_set_caller(p->d, (size_t)idx, ck, &st, 0,
			    e) == -1)
				goto out;
		}
	}
	rc = 0;
out:
	free(ord);
	return rc;
}

struct sp_prof *
sp_pstats_finish(struct sp_pstats *p, struct sp_err *e)
{
	struct sp_prof_stat st;
	struct sp_prof *d;
	long root = -1;

	if (p->finished) {
		sp_fail(e, SP_EUSAGE, "statistics finished twice");
		return NULL;
	}
	if (sp_pstats_end_lane(p, e) == -1)
		return NULL;
	p->finished = 1;
	if (p->log != NULL && sp_calllog_replay(p->log, account, p, e) == -1)
		return NULL;
	if (p->ncalls == 0)
		goto done;
	if (p->root != NULL &&
	    (root = sp_prof_key(p->d, p->tilde, 0, p->root, e)) == -1)
		return NULL;
	if ((p->paths ? build_paths(p, root, e) :
	    build_regions(p, root, e)) == -1)
		return NULL;
	if (root != -1) {
		p->root_ct += pairwise(p->block, p->nblock);
		st.cc = st.nc = 1;
		st.tt = 0.0;
		st.ct = p->root_ct;
		if (sp_prof_set(p->d, root, &st, 0, e) == -1)
			return NULL;
	}
done:
	d = p->d;
	p->d = NULL;
	return d;
}
