#include "sp_stack.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_pyrepr.h"

/*
 * An open call.  `open_to` is the latest start at which another call is
 * still inside it: a call ending at t is closed for a call starting at t,
 * but a zero-length call at t is still open at t (the reference's doubled
 * time, S = 2 start, E = 2 end or 2 start + 1, without its overflow).
 */
struct frame {
	int64_t open_to;
	int64_t start, end;
	uint64_t dur;		/* unsigned: end - start may exceed INT64_MAX */
	uint64_t kids;		/* sum of the direct children's durations */
	uint64_t seq;
	int64_t call;
	uint32_t region;
};

struct sp_stacker {
	size_t nregions;
	const char *const *names;
	const size_t *name_lens;
	const uint32_t *order;

	uint32_t run, rank;
	int64_t lane;
	uint64_t next;		/* sequence number of the next call */

	/* The previous call of the lane, for the order check. */
	int64_t pstart, pend, pcall;
	uint32_t pregion, porder;

	struct frame *stack;
	size_t top, cap;

	uint32_t *depth;
	int64_t *parent;
	size_t ncap;
	int64_t *self;
	size_t scap;
};

struct sp_stacker *
sp_stacker_new(void)
{
	return calloc(1, sizeof(struct sp_stacker));
}

void
sp_stacker_free(struct sp_stacker *st)
{
	if (st == NULL)
		return;
	free(st->stack);
	free(st->depth);
	free(st->parent);
	free(st->self);
	free(st);
}

void
sp_stacker_set_regions(struct sp_stacker *st, size_t n,
    const char *const *names, const size_t *name_lens, const uint32_t *order)
{
	st->nregions = n;
	st->names = names;
	st->name_lens = name_lens;
	st->order = order;
}

void
sp_stacker_begin_lane(struct sp_stacker *st, uint32_t run, uint32_t rank,
    int64_t lane)
{
	st->run = run;
	st->rank = rank;
	st->lane = lane;
	st->next = 0;
	st->top = 0;
}

/*
 * The buffer p of *cap elements of size sz, grown to hold at least n (and
 * never empty, so that NULL means failure); doubling keeps growth rare.
 */
static void *
grow(void *p, size_t *cap, size_t n, size_t sz, struct sp_err *e)
{
	size_t c = *cap ? *cap : 64;

	if (n <= *cap && p != NULL)
		return p;
	while (c < n) {
		if (c > SIZE_MAX / 2 / sz) {
			sp_fail(e, SP_ENOMEM, "call stack too large");
			return NULL;
		}
		c *= 2;
	}
	if ((p = realloc(p, c * sz)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	*cap = c;
	return p;
}

static int
reserve_self(struct sp_stacker *st, size_t n, struct sp_err *e)
{
	int64_t *p;

	if (n <= st->scap && st->self != NULL)
		return 0;
	if ((p = grow(st->self, &st->scap, n, sizeof *p, e)) == NULL)
		return -1;
	st->self = p;
	return 0;
}

/*
 * "'name' call K [s, e] ns" as the reference names a call, into a buffer
 * the caller frees.
 */
static char *
describe(const struct sp_stacker *st, uint32_t region, int64_t call,
    int64_t s, int64_t t, struct sp_err *e)
{
	char *q = NULL, *d = NULL;
	const char *name;
	size_t len;
	int n;

	if (st->names == NULL) {
		/* No table was given: name the id, unquoted. */
		if ((q = malloc(32)) == NULL)
			goto nomem;
		snprintf(q, 32, "region %" PRIu32, region);
	} else {
		name = st->names[region];
		len = st->name_lens ? st->name_lens[region] : strlen(name);
		if (sp_pyrepr(name, len, &q, e) == -1)
			return NULL;
	}
	n = snprintf(NULL, 0, "%s call %" PRId64 " [%" PRId64 ", %" PRId64
	    "] ns", q, call, s, t);
	if (n < 0 || (d = malloc((size_t)n + 1)) == NULL)
		goto nomem;
	snprintf(d, (size_t)n + 1, "%s call %" PRId64 " [%" PRId64 ", %"
	    PRId64 "] ns", q, call, s, t);
	free(q);
	return d;
nomem:
	free(q);
	sp_fail(e, SP_ENOMEM, "out of memory");
	return NULL;
}

static int
fail_region(const struct sp_stacker *st, uint64_t seq, uint32_t region,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "call %" PRIu64 " of lane %" PRId64
	    " names region %" PRIu32 ", but the region table has %zu entries",
	    seq, st->lane, region, st->nregions);
}

static int
fail_backwards(const struct sp_stacker *st, uint32_t region, int64_t call,
    int64_t s, int64_t t, struct sp_err *e)
{
	char *d;

	if ((d = describe(st, region, call, s, t, e)) == NULL)
		return -1;
	if (t < s)
		sp_fail(e, SP_EDATA, "a recorded call ends before it starts: %s",
		    d);
	else
		sp_fail(e, SP_EDATA, "a recorded call lasts longer than "
		    "2^63 - 1 ns: %s", d);
	free(d);
	return -1;
}

static int
fail_order(const struct sp_stacker *st, uint64_t seq, uint32_t region,
    int64_t call, int64_t s, int64_t t, struct sp_err *e)
{
	char *d = NULL, *p = NULL;

	if ((d = describe(st, region, call, s, t, e)) == NULL ||
	    (p = describe(st, st->pregion, st->pcall, st->pstart, st->pend,
	    e)) == NULL)
		goto out;
	sp_fail(e, SP_EDATA, "the input is not in canonical order (start "
	    "ascending, end descending, then region order and call index): "
	    "call %" PRIu64 " of lane %" PRId64 ", %s, comes after %s",
	    seq, st->lane, d, p);
out:
	free(d);
	free(p);
	return -1;
}

static int
fail_overlap(const struct sp_stacker *st, uint32_t region, int64_t call,
    int64_t s, int64_t t, struct sp_err *e)
{
	const struct frame *f = &st->stack[st->top - 1];
	char *d = NULL, *p = NULL;

	if ((d = describe(st, region, call, s, t, e)) == NULL ||
	    (p = describe(st, f->region, f->call, f->start, f->end, e)) == NULL)
		goto out;
	sp_fail(e, SP_EDATA, "recorded calls are not properly nested: %s "
	    "starts inside %s but ends after it. Regions must nest completely "
	    "or not overlap at all - check for a missing or misordered "
	    "sp_end / __exit__.", d, p);
out:
	free(d);
	free(p);
	return -1;
}

int
sp_stacker_push(struct sp_stacker *st, const struct sp_batch *in,
    struct sp_batch *out, struct sp_err *e)
{
	size_t i, nself = 0;

	if (in->run != st->run || in->rank != st->rank || in->lane != st->lane)
		return sp_fail(e, SP_EUSAGE, "a batch of run %" PRIu32
		    " rank %" PRIu32 " lane %" PRId64 " arrives inside run %"
		    PRIu32 " rank %" PRIu32 " lane %" PRId64, in->run,
		    in->rank, in->lane, st->run, st->rank, st->lane);
	if (in->first != st->next)
		return sp_fail(e, SP_EDATA, "a batch of lane %" PRId64
		    " starts at call %" PRIu64 ", but %" PRIu64 " calls came "
		    "before it", st->lane, in->first, st->next);
	/*
	 * Everything this batch can need, up front: the loop below then only
	 * allocates when the stack gets deeper than ever before.
	 */
	if (in->n > st->ncap) {
		size_t cap = st->ncap;
		uint32_t *d;
		int64_t *p;

		if ((d = grow(st->depth, &cap, in->n, sizeof *d, e)) == NULL)
			return -1;
		st->depth = d;
		cap = st->ncap;
		if ((p = grow(st->parent, &cap, in->n, sizeof *p, e)) == NULL)
			return -1;
		st->parent = p;
		st->ncap = cap;
	}
	if (reserve_self(st, st->top + in->n, e) == -1)
		return -1;

	for (i = 0; i < in->n; i++) {
		int64_t s = in->start[i], t = in->end[i], call = in->call[i];
		uint32_t r = in->region[i], o;
		uint64_t seq = st->next, dur;
		struct frame *f;

		if (r >= st->nregions)
			return fail_region(st, seq, r, e);
		/* Unsigned: the difference of two int64 fits in a uint64. */
		dur = (uint64_t)t - (uint64_t)s;
		if (t < s || dur > INT64_MAX)
			return fail_backwards(st, r, call, s, t, e);
		o = st->order ? st->order[r] : r;
		if (seq > 0 && !(s > st->pstart || (s == st->pstart &&
		    (t < st->pend || (t == st->pend && (o > st->porder ||
		    (o == st->porder && call > st->pcall)))))))
			return fail_order(st, seq, r, call, s, t, e);

		while (st->top > 0 && st->stack[st->top - 1].open_to < s) {
			f = &st->stack[--st->top];
			st->self[nself++] = (int64_t)(f->dur - f->kids);
		}
		if (st->top > 0) {
			f = &st->stack[st->top - 1];
			if (f->end < t)
				return fail_overlap(st, r, call, s, t, e);
			f->kids += dur;
			st->parent[i] = (int64_t)f->seq;
		} else
			st->parent[i] = -1;
		st->depth[i] = (uint32_t)st->top;

		if (st->top == st->cap) {
			if ((f = grow(st->stack, &st->cap, st->top + 1,
			    sizeof *f, e)) == NULL)
				return -1;
			st->stack = f;
		}
		f = &st->stack[st->top++];
		f->open_to = t > s ? t - 1 : t;
		f->start = s;
		f->end = t;
		f->dur = dur;
		f->kids = 0;
		f->seq = seq;
		f->call = call;
		f->region = r;

		st->pstart = s;
		st->pend = t;
		st->pcall = call;
		st->pregion = r;
		st->porder = o;
		st->next++;
	}

	*out = *in;
	out->depth = st->depth;
	out->parent = st->parent;
	out->self = st->self;
	out->nclosed = nself;
	out->lane_end = 0;
	return 0;
}

int
sp_stacker_end_lane(struct sp_stacker *st, struct sp_batch *out,
    struct sp_err *e)
{
	size_t nself = 0;

	if (reserve_self(st, st->top, e) == -1)
		return -1;
	while (st->top > 0) {
		const struct frame *f = &st->stack[--st->top];

		st->self[nself++] = (int64_t)(f->dur - f->kids);
	}
	memset(out, 0, sizeof *out);
	out->run = st->run;
	out->rank = st->rank;
	out->lane = st->lane;
	out->first = st->next;
	out->depth = st->depth;
	out->parent = st->parent;
	out->self = st->self;
	out->nclosed = nself;
	out->lane_end = 1;
	return 0;
}
