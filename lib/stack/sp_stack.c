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

struct sp_stack {
	size_t nregions;
	const char *const *names;
	const size_t *name_lens;
	const uint32_t *order;
	int given_ties;		/* equal intervals keep the input's order */

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

struct sp_stack *
sp_stack_new(void)
{
	return calloc(1, sizeof(struct sp_stack));
}

void
sp_stack_free(struct sp_stack *st)
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
sp_stack_set_regions(struct sp_stack *st, size_t n,
    const char *const *names, const size_t *name_lens, const uint32_t *order)
{
	st->nregions = n;
	st->names = names;
	st->name_lens = name_lens;
	st->order = order;
}

void
sp_stack_set_given_ties(struct sp_stack *st, int on)
{
	st->given_ties = on;
}

void
sp_stack_begin_lane(struct sp_stack *st, uint32_t run, uint32_t rank,
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
reserve_self(struct sp_stack *st, size_t n, struct sp_err *e)
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
describe(const struct sp_stack *st, uint32_t region, int64_t call,
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
fail_region(const struct sp_stack *st, uint64_t seq, uint32_t region,
    struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "call %" PRIu64 " of lane %" PRId64
	    " names region %" PRIu32 ", but the region table has %zu entries",
	    seq, st->lane, region, st->nregions);
}

static int
fail_backwards(const struct sp_stack *st, uint32_t region, int64_t call,
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
fail_order(const struct sp_stack *st, uint64_t seq, uint32_t region,
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
fail_overlap(const struct sp_stack *st, uint32_t region, int64_t call,
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

/*
 * Room for a batch of n calls: its depth and parent columns, and the self
 * times of every call it may close (those open and its own).  The hot
 * loop then only allocates when the stack gets deeper than ever before.
 */
static int
reserve(struct sp_stack *st, size_t n, struct sp_err *e)
{
	if (n > st->ncap) {
		size_t cap = st->ncap;
		uint32_t *d;
		int64_t *p;

		if ((d = grow(st->depth, &cap, n, sizeof *d, e)) == NULL)
			return -1;
		st->depth = d;
		cap = st->ncap;
		if ((p = grow(st->parent, &cap, n, sizeof *p, e)) == NULL)
			return -1;
		st->parent = p;
		st->ncap = cap;
	}
	return reserve_self(st, st->top + n, e);
}

/* Region r's place in the region order (NULL: the ids are the order). */
static inline uint32_t
order_of(const uint32_t *order, uint32_t r)
{
	return order != NULL ? order[r] : r;
}

/*
 * Whether call (s, t) of region order o and call index c, which does not
 * start after the previous call (ps, pe, po, pc), still comes after it in
 * canonical order: the same start, then end descending, then region
 * order and call index ascending.
 */
static inline int
ties_after(int64_t s, int64_t t, uint32_t o, int64_t c, int64_t ps,
    int64_t pe, uint32_t po, int64_t pc)
{
	return s == ps && (t < pe || (t == pe && (o > po || (o == po &&
	    c > pc))));
}

/* What stopped a batch: its call i is wrong, or memory ran out. */
enum fault {
	F_NONE,
	F_REGION,	/* names a region the table does not have */
	F_BACKWARDS,	/* ends before it starts, or lasts too long */
	F_ORDER,	/* comes before the previous call */
	F_OVERLAP,	/* starts inside the innermost open call, ends after */
	F_NOMEM,	/* the stack could not grow (e says so) */
};

static int
fail_call(const struct sp_stack *st, enum fault why,
    const struct sp_batch *in, size_t i, struct sp_err *e)
{
	uint32_t r = in->region[i];
	int64_t c = in->call[i], s = in->start[i], t = in->end[i];

	switch (why) {
	case F_REGION:
		return fail_region(st, in->first + i, r, e);
	case F_BACKWARDS:
		return fail_backwards(st, r, c, s, t, e);
	case F_ORDER:
		return fail_order(st, in->first + i, r, c, s, t, e);
	case F_OVERLAP:
		return fail_overlap(st, r, c, s, t, e);
	default:
		return -1;
	}
}

/*
 * Stack the calls of in, counting in *nclosed the self times of the calls
 * they close.  The loop keeps the stacker's state in locals and writes
 * it back at the end, also when a call is wrong: the int64 stores into
 * self and parent may alias st's own 64-bit fields, so that otherwise
 * every field is reloaded and stored again for each call.  The previous
 * call, for the order check, is the one before in the batch (st's copy
 * only for the first), and its region order is looked up only for a tie
 * on start and end.
 */
static int
stack_calls(struct sp_stack *st, const struct sp_batch *in,
    size_t *nclosed, struct sp_err *e)
{
	struct frame *stack = st->stack, *f;
	size_t top = st->top, cap = st->cap, nself = 0, i;
	const uint32_t *order = st->order;
	const int given_ties = st->given_ties;
	const size_t nregions = st->nregions;
	uint32_t *depth = st->depth;
	int64_t *parent = st->parent, *self = st->self;
	const uint64_t next = st->next;
	const int64_t *istart = in->start, *iend = in->end;
	const int64_t *icall = in->call;
	const uint32_t *iregion = in->region;
	const size_t n = in->n;
	enum fault why = F_NONE;

	for (i = 0; i < n; i++) {
		int64_t s = istart[i], t = iend[i], ps, pe;
		uint32_t r = iregion[i];
		uint64_t dur;

		if (r >= nregions) {
			why = F_REGION;
			break;
		}
		/* Unsigned: the difference of two int64 fits. */
		dur = (uint64_t)t - (uint64_t)s;
		if (t < s || dur > INT64_MAX) {
			why = F_BACKWARDS;
			break;
		}
		if (i > 0) {
			ps = istart[i - 1];
			pe = iend[i - 1];
		} else {
			ps = st->pstart;
			pe = st->pend;
		}
		if (!(s > ps) && next + i > 0 &&
		    !(given_ties && s == ps && t == pe) && !ties_after(s, t,
		    order_of(order, r), icall[i], ps, pe, i > 0 ?
		    order_of(order, iregion[i - 1]) : st->porder, i > 0 ?
		    icall[i - 1] : st->pcall)) {
			why = F_ORDER;
			break;
		}

		while (top > 0 && stack[top - 1].open_to < s) {
			f = &stack[--top];
			self[nself++] = (int64_t)(f->dur - f->kids);
		}
		if (top > 0) {
			f = &stack[top - 1];
			if (f->end < t) {
				why = F_OVERLAP;
				break;
			}
			f->kids += dur;
			parent[i] = (int64_t)f->seq;
		} else
			parent[i] = -1;
		depth[i] = (uint32_t)top;

		if (top == cap) {
			if ((f = grow(stack, &cap, top + 1, sizeof *f,
			    e)) == NULL) {
				why = F_NOMEM;
				break;
			}
			stack = f;
		}
		f = &stack[top++];
		f->open_to = t > s ? t - 1 : t;
		f->start = s;
		f->end = t;
		f->dur = dur;
		f->kids = 0;
		f->seq = next + i;
		f->call = icall[i];
		f->region = r;
	}
	/* the state after call i - 1 */
	st->stack = stack;
	st->top = top;
	st->cap = cap;
	st->next = next + i;
	if (i > 0) {
		st->pstart = istart[i - 1];
		st->pend = iend[i - 1];
		st->pcall = icall[i - 1];
		st->pregion = iregion[i - 1];
		st->porder = order_of(order, st->pregion);
	}
	*nclosed = nself;
	return why == F_NONE ? 0 : fail_call(st, why, in, i, e);
}

int
sp_stack_push(struct sp_stack *st, const struct sp_batch *in,
    struct sp_batch *out, struct sp_err *e)
{
	size_t nself;

	if (in->run != st->run || in->rank != st->rank || in->lane != st->lane)
		return sp_fail(e, SP_EUSAGE, "a batch of run %" PRIu32
		    " rank %" PRIu32 " lane %" PRId64 " arrives inside run %"
		    PRIu32 " rank %" PRIu32 " lane %" PRId64, in->run,
		    in->rank, in->lane, st->run, st->rank, st->lane);
	if (in->first != st->next)
		return sp_fail(e, SP_EDATA, "a batch of lane %" PRId64
		    " starts at call %" PRIu64 ", but %" PRIu64 " calls came "
		    "before it", st->lane, in->first, st->next);
	if (reserve(st, in->n, e) < 0 || stack_calls(st, in, &nself, e) < 0)
		return -1;
	*out = *in;
	out->depth = st->depth;
	out->parent = st->parent;
	out->self = st->self;
	out->nclosed = nself;
	out->lane_end = 0;
	return 0;
}

int
sp_stack_end_lane(struct sp_stack *st, struct sp_batch *out,
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
