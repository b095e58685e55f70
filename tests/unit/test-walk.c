/*
 * test-walk - the walk's events over stacker output of random lanes,
 * checked call by call against a brute-force reconstruction; and the
 * walk's consistency checks on hand-made broken streams, through the
 * events and through sp_walk_check().
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_stack.h"
#include "sp_walk.h"
#include "stackgen.h"
#include "check.h"

/* The lane being replayed and what the callbacks have seen of it. */
struct lane {
	uint32_t run, rank;
	int64_t lane;
	const struct tc *c;
	size_t n;
	/* brute force, or NULL for lanes too large for it */
	const int64_t *depth, *parent, *self;
	const size_t *close;
	int64_t *kids;		/* durations of the children opened so far */
	size_t nopen, nclose;
	int ended;
	int64_t selfsum, rootsum;
};

static void
on_open(struct lane *l, const struct sp_walk_iter *it)
{
	const struct sp_walk_call *c = it->c;
	const struct sp_walk_call *stk = sp_walk_iter_stack(it);
	const struct tc *t;
	size_t k;

	CHECK(c->seq == l->nopen && c->seq < l->n, "open %" PRIu64
	    " after %zu opens", c->seq, l->nopen);
	if (c->seq >= l->n)
		return;
	t = &l->c[c->seq];
	CHECK(it->b->first + it->i == c->seq, "open %" PRIu64 ": index %zu",
	    c->seq, it->i);
	CHECK(c->start == t->s && c->end == t->e && c->region == t->region &&
	    c->call == t->call, "open %" PRIu64 ": wrong call", c->seq);
	if (l->depth != NULL)
		CHECK((int64_t)c->depth == l->depth[c->seq] &&
		    c->parent == l->parent[c->seq], "open %" PRIu64
		    ": depth %" PRIu32 " parent %" PRId64, c->seq, c->depth,
		    c->parent);
	CHECK(sp_walk_iter_depth(it) == (size_t)c->depth + 1 &&
	    &stk[c->depth] == c, "open %" PRIu64 ": not on top", c->seq);
	/* The open chain is the chain of parents. */
	for (k = c->depth; k > 0; k--)
		CHECK(stk[k].parent == (int64_t)stk[k - 1].seq &&
		    stk[k].depth == k, "open %" PRIu64 ": bad chain", c->seq);
	/* Whatever is still open at this call's start contains it. */
	if (c->depth > 0) {
		const struct sp_walk_call *p = &stk[c->depth - 1];

		CHECK(bf_E(&l->c[p->seq]) > bf_S(t) && p->end >= t->e,
		    "open %" PRIu64 ": parent closed or too short", c->seq);
		l->kids[p->seq] += t->e - t->s;
	} else
		l->rootsum += t->e - t->s;
	it->c->user = c->seq * 7 + 1;
	l->nopen++;
}

static void
on_close(struct lane *l, const struct sp_walk_iter *it)
{
	const struct sp_walk_call *c = it->c;
	const struct sp_walk_call *stk = sp_walk_iter_stack(it);
	int64_t dur = c->end - c->start, self_ns = it->self;

	CHECK(c->user == c->seq * 7 + 1, "close %" PRIu64 ": user lost",
	    c->seq);
	CHECK(sp_walk_iter_depth(it) == (size_t)c->depth &&
	    &stk[c->depth] == c, "close %" PRIu64 ": not just off the top",
	    c->seq);
	if (l->close != NULL) {
		CHECK(l->nclose < l->n && c->seq == l->close[l->nclose],
		    "close #%zu is %" PRIu64, l->nclose, c->seq);
		CHECK(self_ns == l->self[c->seq], "close %" PRIu64 ": self %"
		    PRId64 ", want %" PRId64, c->seq, self_ns,
		    l->self[c->seq]);
	}
	/* It closes before the next call opens iff that one starts after. */
	CHECK(l->nopen == l->n || bf_E(&l->c[c->seq]) <= bf_S(&l->c[l->nopen]),
	    "close %" PRIu64 ": too early", c->seq);
	CHECK(self_ns == dur - l->kids[c->seq] && self_ns >= 0,
	    "close %" PRIu64 ": self %" PRId64 " of %" PRId64, c->seq,
	    self_ns, dur);
	l->selfsum += self_ns;
	l->nclose++;
}

static void
on_lane_end(struct lane *l, const struct sp_walk_iter *it)
{
	CHECK(it->b->run == l->run && it->b->rank == l->rank &&
	    it->b->lane == l->lane, "lane end of the wrong lane");
	CHECK(l->nopen == l->n && l->nclose == l->n && !l->ended,
	    "lane end after %zu opens, %zu closes", l->nopen, l->nclose);
	CHECK(sp_walk_iter_depth(it) == 0, "lane end with calls open");
	CHECK(l->selfsum == l->rootsum, "lane self %" PRId64 " != roots %"
	    PRId64, l->selfsum, l->rootsum);
	l->ended = 1;
}

/* Walk b through w, each event to the lane's checks: the loop of the
 * header's comment. */
static int
push(struct sp_walk *w, const struct sp_batch *b, struct lane *l,
    struct sp_err *e)
{
	struct sp_walk_iter it;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	for (;;) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			on_open(l, &it);
			break;
		case SP_WALK_CLOSE:
			on_close(l, &it);
			break;
		case SP_WALK_LANE_END:
			on_lane_end(l, &it);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
}

/* Stack the sorted lane in random batches and replay it through w. */
static void
replay(struct sp_stack *st, struct sp_walk *w, struct lane *l,
    uint64_t *rng)
{
	int64_t *start = malloc((l->n + 1) * sizeof *start);
	int64_t *end = malloc((l->n + 1) * sizeof *end);
	int64_t *call = malloc((l->n + 1) * sizeof *call);
	uint32_t *region = malloc((l->n + 1) * sizeof *region);
	size_t i, at, m, maxb = 1 + (size_t)rndn(rng, (int64_t)l->n);
	struct sp_batch in, out;
	struct sp_err e;

	l->kids = calloc(l->n + 1, sizeof *l->kids);
	for (i = 0; i < l->n; i++) {
		start[i] = l->c[i].s;
		end[i] = l->c[i].e;
		call[i] = l->c[i].call;
		region[i] = l->c[i].region;
	}
	sp_stack_begin_lane(st, l->run, l->rank, l->lane);
	for (at = 0; at < l->n;) {
		memset(&in, 0, sizeof in);
		in.run = l->run;
		in.rank = l->rank;
		in.lane = l->lane;
		in.first = at;
		m = l->n - at;
		m = 1 + (size_t)rndn(rng, (int64_t)(maxb < m ? maxb : m));
		if (rndn(rng, 8) == 0)
			m = 0;
		in.n = m;
		in.start = start + at;
		in.end = end + at;
		in.call = call + at;
		in.region = region + at;
		CHECK(sp_stack_push(st, &in, &out, &e) == 0, "stacker: %s",
		    e.msg);
		CHECK(push(w, &out, l, &e) == 0, "walk: %s", e.msg);
		at += m;
	}
	CHECK(sp_stack_end_lane(st, &out, &e) == 0, "stacker: %s", e.msg);
	CHECK(push(w, &out, l, &e) == 0, "walk: %s", e.msg);
	CHECK(l->ended, "the lane did not end");
	free(l->kids);
	free(start);
	free(end);
	free(call);
	free(region);
}

/* Streams of a few runs, ranks and lanes of random forests each. */
static void
test_random_streams(uint64_t *rng, int trials, size_t maxn)
{
	struct sp_stack *st = sp_stack_new();
	int t;

	for (t = 0; t < trials; t++) {
		struct lane l;
		struct sp_walk *w = sp_walk_new(NULL);
		int nl = 1 + (int)rndn(rng, 4), j;
		struct sp_err e;

		memset(&l, 0, sizeof l);
		sp_stack_set_regions(st, GEN_MAXREG, gen_names, NULL, NULL);
		for (j = 0; j < nl; j++) {
			size_t n = 1 + (size_t)rndn(rng, (int64_t)maxn);
			struct tc *c = gen_forest(rng, n, GEN_MAXREG, 1000);
			int64_t *depth = malloc(n * sizeof *depth);
			int64_t *parent = malloc(n * sizeof *parent);
			int64_t *self = malloc(n * sizeof *self);
			size_t *close = malloc(n * sizeof *close);

			gen_sort(c, n, NULL);
			bf_build(c, n, depth, parent, self, close);
			l.run = (uint32_t)(j / 2);
			l.rank = (uint32_t)j;
			l.lane = -2 - j;
			l.c = c;
			l.n = n;
			l.depth = depth;
			l.parent = parent;
			l.self = self;
			l.close = close;
			l.nopen = l.nclose = 0;
			l.ended = 0;
			l.selfsum = l.rootsum = 0;
			replay(st, w, &l, rng);
			free(c);
			free(depth);
			free(parent);
			free(self);
			free(close);
		}
		CHECK(sp_walk_finish(w, &e) == 0, "finish: %s", e.msg);
		sp_walk_free(w);
	}
	sp_stack_free(st);
}

static void
test_large(uint64_t *rng)
{
	struct sp_stack *st = sp_stack_new();
	struct lane l;
	struct sp_walk *w = sp_walk_new(NULL);
	size_t n = 100000;
	struct tc *c = gen_forest(rng, n, GEN_MAXREG, 0);

	sp_stack_set_regions(st, GEN_MAXREG, gen_names, NULL, NULL);
	gen_sort(c, n, NULL);
	memset(&l, 0, sizeof l);
	l.lane = 3;
	l.c = c;
	l.n = n;
	replay(st, w, &l, rng);
	free(c);
	sp_walk_free(w);
	sp_stack_free(st);
}

/* Hand-made call-stage batches. */
struct hand {
	int64_t start[4], end[4], call[4], parent[4], self[4];
	uint32_t region[4], depth[4];
	struct sp_batch b;
};

static struct sp_batch *
hand(struct hand *h, int64_t lane, uint64_t first, size_t n,
    size_t nclosed, int lane_end)
{
	memset(&h->b, 0, sizeof h->b);
	h->b.lane = lane;
	h->b.first = first;
	h->b.n = n;
	h->b.start = h->start;
	h->b.end = h->end;
	h->b.call = h->call;
	h->b.region = h->region;
	h->b.depth = h->depth;
	h->b.parent = h->parent;
	h->b.self = h->self;
	h->b.nclosed = nclosed;
	h->b.lane_end = lane_end;
	return &h->b;
}

static void
set(struct hand *h, size_t i, int64_t s, int64_t e, uint32_t depth,
    int64_t parent)
{
	h->start[i] = s;
	h->end[i] = e;
	h->call[i] = (int64_t)i;
	h->region[i] = 0;
	h->depth[i] = depth;
	h->parent[i] = parent;
}

/* The events of a walk, counted, and the last close's self time. */
struct counter {
	int opens, closes, ends;
	int64_t self;
	char order[32];		/* o, c, e for the first events */
	size_t norder;
};

/* Walk b through w counting its events, or (k NULL) sp_walk_check(). */
static int
count(struct sp_walk *w, const struct sp_batch *b, struct counter *k,
    struct sp_err *e)
{
	struct sp_walk_iter it;
	int ev;

	if (k == NULL)
		return sp_walk_check(w, b, e);
	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	while ((ev = sp_walk_next(&it, e)) > SP_WALK_DONE) {
		if (k->norder + 1 < sizeof k->order)
			k->order[k->norder++] = "?oce"[ev];
		k->opens += ev == SP_WALK_OPEN;
		k->closes += ev == SP_WALK_CLOSE;
		k->ends += ev == SP_WALK_LANE_END;
		if (ev == SP_WALK_CLOSE)
			k->self = it.self;
	}
	return ev;
}

#define BAD "call stream is inconsistent: "

/*
 * Walk b in a fresh walk (after `pre`, if any) of a run with span
 * [first, last] (none when first > last) and expect msg: through the
 * events and with the checks alone, which say the same; and with a name,
 * which comes first.
 */
static void
expect_in(const char *what, int64_t first, int64_t last,
    struct sp_batch *pre, struct sp_batch *b, const char *msg)
{
	struct counter k;
	struct sp_walk *w;
	struct sp_err e;
	char named[SP_ERR_MSG_MAX];
	size_t i;

	snprintf(named, sizeof named, "in.sps: %s", msg);
	for (i = 0; i < 3; i++) {
		memset(&k, 0, sizeof k);
		w = sp_walk_new(i == 2 ? "in.sps" : NULL);
		sp_walk_span(w, first <= last, first, last);
		sp_err_clear(&e);
		if (pre != NULL)
			CHECK(count(w, pre, &k, &e) == 0, "%s: pre: %s",
			    what, e.msg);
		CHECK(count(w, b, i == 1 ? NULL : &k, &e) == -1,
		    "%s: no error", what);
		CHECK(e.status == SP_EDATA && strcmp(e.msg, i == 2 ? named :
		    msg) == 0, "%s (%s):\n got  %s\n want %s", what,
		    i == 1 ? "checks only" : "events", e.msg, msg);
		sp_walk_free(w);
	}
}

/* The same in a run without bounds. */
static void
expect(const char *what, struct sp_batch *pre, struct sp_batch *b,
    const char *msg)
{
	expect_in(what, INT64_MIN, INT64_MAX, pre, b, msg);
}

/*
 * Times that contradict the nesting: each call inside its parent, after
 * the call before it at its depth, and inside the run's span; each self
 * time its duration less its children's.
 */
static void
test_times(void)
{
	struct hand h;

	set(&h, 0, 10, 5, 0, -1);
	expect("backwards", NULL, hand(&h, -1, 0, 1, 0, 0),
	    BAD "call 0 of rank 0 lane -1 ends at 5 ns, before it starts at "
	    "10 ns");
	set(&h, 0, 0, 10, 0, -1);
	set(&h, 1, 5, 11, 1, 0);
	expect("past the parent", NULL, hand(&h, -1, 0, 2, 0, 0),
	    BAD "call 1 of rank 0 lane -1, [5, 11] ns, is not inside its "
	    "parent, call 0, [0, 10] ns");
	set(&h, 1, 2, 4, 1, 0);
	set(&h, 2, 3, 6, 1, 0);
	h.self[0] = 2;
	expect("overlapping siblings", NULL, hand(&h, -1, 0, 3, 1, 0),
	    BAD "call 2 of rank 0 lane -1 starts at 3 ns, before the call "
	    "before it at its depth ends, at 4 ns");
	h.self[1] = 9;
	expect("self", NULL, hand(&h, -1, 0, 2, 2, 1),
	    BAD "call 0 of rank 0 lane -1 closes with self time 9 ns, but it "
	    "lasts 10 ns, 2 of them in its children");
	h.self[0] = -1;
	expect("negative self", NULL, hand(&h, -1, 0, 1, 1, 1),
	    BAD "call 0 of rank 0 lane -1 closes with self time -1 ns, but it "
	    "lasts 10 ns, 0 of them in its children");
	set(&h, 1, 5, 20, 0, -1);
	h.self[0] = 10;
	expect("overlapping roots", NULL, hand(&h, -1, 0, 2, 1, 0),
	    BAD "call 1 of rank 0 lane -1 starts at 5 ns, before the call "
	    "before it at its depth ends, at 10 ns");
	expect_in("outside the run", 0, 5, NULL, hand(&h, -1, 0, 1, 0, 0),
	    BAD "call 0 of rank 0 lane -1, [0, 10] ns, is outside the run's "
	    "span [0, 5] ns");
	expect_in("a run without calls", 1, 0, NULL, hand(&h, -1, 0, 1, 0, 0),
	    BAD "call 0 of rank 0 lane -1 is in a run whose run item says it "
	    "has no calls");
}

static void
test_inconsistent(void)
{
	struct hand h, g;
	struct sp_batch *b, *pre;
	struct counter k;
	struct sp_walk *w;
	struct sp_err e;

	set(&h, 0, 0, 10, 1, -1);
	expect("too deep", NULL, hand(&h, -1, 0, 1, 0, 0),
	    "call stream is inconsistent: call 0 of lane -1 has depth 1 but "
	    "only 0 calls are open");

	set(&h, 0, 0, 10, 0, -1);
	set(&h, 1, 1, 5, 1, 7);
	expect("parent", NULL, hand(&h, -1, 0, 2, 0, 0),
	    "call stream is inconsistent: call 1 of lane -1 names parent 7 "
	    "but the open call is 0");

	set(&h, 1, 20, 30, 0, -1);
	expect("too few self", NULL, hand(&h, -1, 0, 2, 0, 0),
	    "call stream is inconsistent: a batch of lane -1 closes more "
	    "calls than its 0 self times");

	h.self[0] = 10;
	h.self[1] = 0;
	expect("too many self", NULL, hand(&h, -1, 0, 1, 2, 1),
	    "call stream is inconsistent: a batch of lane -1 carries 2 self "
	    "times for 1 closed calls");

	pre = hand(&g, -2, 0, 0, 0, 0);
	expect("lane switch", pre, hand(&h, -3, 0, 1, 0, 0),
	    "call stream is inconsistent: a batch of run 0 rank 0 lane -3 "
	    "arrives before run 0 rank 0 lane -2 has ended");

	expect("first", NULL, hand(&h, -3, 5, 1, 0, 0),
	    "call stream is inconsistent: a batch of lane -3 starts at call "
	    "5, expected call 0");

	b = hand(&h, -1, 0, 1, 0, 0);
	b->depth = NULL;
	expect("columns", NULL, b, "call stream is inconsistent: a batch "
	    "lacks the stack columns (pipe the stream through sp-stack)");

	/* A lane ended may begin again (a new stream section). */
	memset(&k, 0, sizeof k);
	w = sp_walk_new(NULL);
	set(&h, 0, 0, 10, 0, -1);
	set(&h, 1, 2, 4, 1, 0);
	h.self[0] = 2;
	h.self[1] = 8;
	CHECK(count(w, hand(&h, -1, 0, 2, 0, 0), &k, &e) == 0 &&
	    sp_walk_depth(w) == 2 && strcmp(k.order, "oo") == 0 &&
	    sp_walk_stack(w)[1].seq == 1, "two open: %s", e.msg);
	CHECK(sp_walk_finish(w, &e) == -1 && strcmp(e.msg, "call stream is "
	    "inconsistent: the stream ends inside run 0 rank 0 lane -1") == 0,
	    "finish inside: %s", e.msg);
	CHECK(count(w, hand(&h, -1, 2, 0, 2, 1), &k, &e) == 0 &&
	    sp_walk_depth(w) == 0 && k.closes == 2 && k.ends == 1 &&
	    k.self == 8 && strcmp(k.order, "oocce") == 0, "lane end: %s",
	    e.msg);
	CHECK(sp_walk_finish(w, &e) == 0, "finish: %s", e.msg);
	CHECK(count(w, hand(&h, -1, 0, 2, 2, 1), &k, &e) == 0 &&
	    k.opens == 4 && k.closes == 4 && k.ends == 2 &&
	    strcmp(k.order, "oocceoocce") == 0, "again: %s", e.msg);
	CHECK(sp_walk_check(w, hand(&h, -1, 0, 2, 2, 1), &e) == 0,
	    "checks alone: %s", e.msg);
	sp_walk_free(w);
	sp_walk_free(NULL);

	/* A call closes before the next one at its depth opens. */
	memset(&k, 0, sizeof k);
	w = sp_walk_new(NULL);
	set(&h, 0, 0, 10, 0, -1);
	set(&h, 1, 2, 4, 1, 0);
	set(&h, 2, 5, 6, 1, 0);
	set(&h, 3, 20, 30, 0, -1);
	h.self[0] = 2;
	h.self[1] = 1;
	h.self[2] = 7;
	h.self[3] = 10;
	CHECK(count(w, hand(&h, -1, 0, 4, 4, 1), &k, &e) == 0 &&
	    strcmp(k.order, "oococcoce") == 0, "order %s: %s", k.order,
	    e.msg);
	sp_walk_free(w);
}

/*
 * A chain deeper than the walk's first stack, through the events or the
 * checks alone (sp_walk_check()): one
 * batch opens calls 0..n-1 each in the last, the next one opens a call
 * at depth m below call m - 1 (good) or m - 2 (wrong); the stack grew
 * within the first batch's loop.
 */
static void
deep_chain(int good, int events)
{
	const size_t n = 300, m = 250;
	struct counter k, *kp = events ? &k : NULL;
	int64_t *v = calloc(2 * n + 2, sizeof *v);
	int64_t *z = calloc(n + 1, sizeof *z);	/* [0, 0], self 0 */
	uint32_t *d = calloc(n + 1, sizeof *d);
	struct sp_walk *w = sp_walk_new(NULL);
	struct sp_batch b;
	struct sp_err e;
	size_t i;

	memset(&k, 0, sizeof k);
	memset(&b, 0, sizeof b);
	for (i = 0; i < n; i++) {
		d[i] = (uint32_t)i;
		v[i] = (int64_t)i - 1;
	}
	b.n = n;
	b.call = b.parent = v;
	b.start = b.end = z;
	b.region = d;
	b.depth = d;
	b.self = z;
	CHECK(count(w, &b, kp, &e) == 0 && sp_walk_depth(w) == n,
	    "deep chain: %s", e.msg);
	b.first = n;
	b.n = 1;
	d[0] = (uint32_t)m;
	v[0] = (int64_t)m - (good ? 1 : 2);
	b.nclosed = n + 1;
	b.lane_end = 1;
	if (good)
		CHECK(count(w, &b, kp, &e) == 0 && sp_walk_depth(w) ==
		    0, "deep chain, below %zu: %s", m - 1, e.msg);
	else
		CHECK(count(w, &b, kp, &e) == -1 && strcmp(e.msg,
		    "call stream is inconsistent: call 300 of lane 0 names "
		    "parent 248 but the open call is 249") == 0,
		    "deep chain, wrong parent: %s", e.msg);
	sp_walk_free(w);
	free(v);
	free(z);
	free(d);
}

int
main(void)
{
	uint64_t rng = 77;

	test_inconsistent();
	test_times();
	deep_chain(1, 0);
	deep_chain(0, 0);
	deep_chain(1, 1);
	deep_chain(0, 1);
	test_random_streams(&rng, 2000, 60);
	test_large(&rng);
	if (failed > 0) {
		fprintf(stderr, "test-walk: %d checks failed\n", failed);
		return 1;
	}
	return 0;
}
