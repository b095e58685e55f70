/*
 * Unit test of sp_trace_emit, the tracks of a trace's slices, fed by a
 * real walk (sp_walk.h) as sp-trace feeds it, on a writer that records
 * what it is handed: tracks written with their first slice only (a rank
 * or lane without slices leaves none), the process with the rank's first
 * lane only, sequences numbered as tracks are written; slices ended
 * deepest first at their own ends before a slice at their depth or
 * above, and all of them at the lane's end; a zero-length child at its
 * parent's end and touching siblings nest by depth, not by time.  The
 * writer's hot path (its calls op) writes what open and close would,
 * across batches, and hands back what it leaves.  Time going back, a
 * child outliving its parent and a depth beyond the open calls are the
 * walk's to refuse, with its message, the writer having seen only what
 * came before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_trace_emit.h"
#include "sp_walk.h"
#include "check.h"
#include "tracegen.h"

struct rec {
	struct sp_trace_writer base;
	char text[1 << 18];
};

static void
put(struct rec *r, const char *s)
{
	strncat(r->text, s, sizeof r->text - strlen(r->text) - 1);
}

static int
rec_track(struct sp_trace_writer *w, const struct sp_trace_process *p,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	char line[256];

	(void)e;
	if (p != NULL) {
		snprintf(line, sizeof line, "P %s@%llu ", p->name,
		    (unsigned long long)ts);
		put((struct rec *)w, line);
	}
	snprintf(line, sizeof line, "T%u %s@%llu ", t->seq, t->name,
	    (unsigned long long)ts);
	put((struct rec *)w, line);
	return 0;
}

static int
rec_open(struct sp_trace_writer *w, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	char line[64];

	(void)e;
	snprintf(line, sizeof line, "B%u@%llu-%llu%s ", region,
	    (unsigned long long)ts, (unsigned long long)end,
	    a == NULL ? "" : a->source_key == 7 + region ? "+" : "?");
	put((struct rec *)w, line);
	return 0;
}

static int
rec_close(struct sp_trace_writer *w, uint64_t ts, struct sp_err *e)
{
	char line[64];

	(void)e;
	snprintf(line, sizeof line, "E@%llu ", (unsigned long long)ts);
	put((struct rec *)w, line);
	return 0;
}

/*
 * The calls op of a writer, as sp_trace.h has it: what open and close
 * would have recorded, for the events it takes; it leaves the opens of
 * region 2 to the caller.
 */
static int
rec_calls(struct sp_trace_writer *w, struct sp_walk_iter *it,
    struct sp_trace_calls *c, struct sp_err *e)
{
	const struct sp_trace_argtab *t = c->args;
	const struct sp_trace_args *a;
	uint64_t origin = (uint64_t)c->origin;
	int ev;

	for (;;) {
		ev = sp_walk_next(it, e);
		if (ev == SP_WALK_CLOSE) {
			if (rec_close(w, (uint64_t)it->c->end - origin, e) < 0)
				return SP_WALK_FAIL;
			continue;
		}
		if (ev != SP_WALK_OPEN || it->c->region == 2)
			return ev;
		a = t == NULL ? NULL : it->c->region < t->n ?
		    &t->args[it->c->region] : t->other;
		if (rec_open(w, (uint64_t)it->c->start - origin,
		    (uint64_t)it->c->end - origin, it->c->region, a, e) < 0)
			return SP_WALK_FAIL;
		c->opened++;
	}
}

static const struct sp_trace_writer_ops rec_ops = {
	rec_track, rec_open, rec_close, NULL, NULL, NULL,
};
static const struct sp_trace_writer_ops rec_calls_ops = {
	rec_track, rec_open, rec_close, NULL, NULL, rec_calls,
};

static struct sp_trace_process proc = { 0, 1, 9, "r0", "", "none", 0 };

static struct sp_trace_thread
lane(const char *name)
{
	struct sp_trace_thread t = { 99, 1, 65537, 1, NULL };

	t.name = name;
	return t;
}

/* A lane of calls in pre-order, given by their depths. */
struct calls {
	uint32_t depth[4000], region[4000];
	int64_t start[4000], end[4000];
	size_t n;
};

/* Lane id of c into m through walk w, in batches of bsize calls. */
static int
emit_lane(struct sp_trace_emit *m, struct sp_walk *w, const struct calls *c,
    size_t bsize, int64_t id, const struct sp_trace_argtab *t,
    struct sp_err *e)
{
	struct tg_lane l = { c->depth, c->region, c->start, c->end, c->n };
	struct sp_trace_calls tc = { 1000, t, 0 };

	return tg_emit_lane(m, w, &l, bsize, id, &tc, e);
}

static void
add(struct calls *c, uint32_t depth, uint32_t region, int64_t start,
    int64_t end)
{
	c->depth[c->n] = depth;
	c->region[c->n] = region;
	c->start[c->n] = 1000 + start;
	c->end[c->n++] = 1000 + end;
}

static void
test_nesting(void)
{
	static struct rec r;
	static struct calls c, c3, none;
	struct sp_trace_emit *m = sp_trace_emit_new(NULL);
	struct sp_walk *w = sp_walk_new("in");
	struct sp_trace_thread t1 = lane("a"), t2 = lane("b"), t3 = lane("c");
	struct sp_err e;
	int rc;

	add(&c, 0, 0, 0, 100);
	add(&c, 1, 1, 10, 10);
	add(&c, 1, 1, 10, 40);
	add(&c, 2, 2, 20, 40);
	add(&c, 1, 1, 40, 100);
	add(&c, 2, 3, 100, 100);
	add(&c, 0, 0, 100, 100);
	add(&c3, 0, 4, 5, 6);
	memset(&r, 0, sizeof r);
	r.base.ops = &rec_ops;
	sp_trace_emit_begin(m);
	sp_trace_emit_writer(m, &r.base);
	rc = sp_trace_emit_rank(m, &proc, &e) < 0 ||
	    /* a lane whose calls were all dropped: no track */
	    sp_trace_emit_lane(m, &t1, &e) < 0 ||
	    emit_lane(m, w, &none, 1, 1, NULL, &e) < 0 ||
	    sp_trace_emit_lane(m, &t2, &e) < 0 ||
	    emit_lane(m, w, &c, 3, 2, NULL, &e) < 0 ||
	    sp_trace_emit_lane(m, &t3, &e) < 0 ||
	    emit_lane(m, w, &c3, 1, 3, NULL, &e) < 0 ||
	    sp_walk_finish(w, &e) < 0;
	CHECK(rc == 0, "nesting: %s", e.msg);
	CHECK(strcmp(r.text, "P r0@0 T1 b@0 B0@0-100 B1@10-10 E@10 B1@10-40 "
	    "B2@20-40 E@40 E@40 B1@40-100 B3@100-100 E@100 E@100 E@100 "
	    "B0@100-100 E@100 T2 c@5 B4@5-6 E@6 ") == 0, "nesting: %s",
	    r.text);
	CHECK(sp_trace_emit_slices(m) == 8 && sp_trace_emit_rank_written(m),
	    "counts");
	/* a new rank: its process again, sequences go on */
	r.text[0] = '\0';
	proc.name = "r1";
	rc = sp_trace_emit_rank(m, &proc, &e) < 0 ||
	    sp_trace_emit_lane(m, &t1, &e) < 0 ||
	    sp_trace_emit_rank_written(m) ||
	    emit_lane(m, w, &c3, 1, 4, NULL, &e) < 0;
	CHECK(rc == 0 && strcmp(r.text, "P r1@5 T3 a@5 B4@5-6 E@6 ") == 0,
	    "second rank: %s", r.text);
	proc.name = "r0";
	sp_walk_free(w);
	sp_trace_emit_free(m);
	sp_trace_emit_free(NULL);
}

static void
test_no_writer(void)
{
	struct sp_trace_emit *m = sp_trace_emit_new(NULL);
	struct sp_trace_thread t = lane("a");
	struct sp_err e;

	sp_trace_emit_begin(m);
	CHECK(sp_trace_emit_rank(m, &proc, &e) == 0 &&
	    sp_trace_emit_lane(m, &t, &e) == 0 &&
	    sp_trace_emit_open(m, 0, 5, 6, NULL, &e) < 0 &&
	    e.status == SP_EUSAGE, "no writer: %s", e.msg);
	sp_trace_emit_free(m);
}

static void
random_calls(struct calls *c, size_t n, unsigned seed)
{
	int64_t ends[64], t = 1000, limit, len;
	size_t d = 0;

	srand(seed);
	for (c->n = 0; c->n < n; ) {
		/* end the innermost call, or open one in it */
		if (d > 0 && (rand() % 3 == 0 || d == 63)) {
			t = ends[--d];
			continue;
		}
		limit = d > 0 ? ends[d - 1] : t + 1000;
		len = rand() % 4 == 0 ? 0 : rand() % (limit - t + 1);
		c->depth[c->n] = (uint32_t)d;
		c->region[c->n] = (uint32_t)(rand() % 5);
		c->start[c->n] = t;
		c->end[c->n] = t + len;
		ends[d++] = t + len;
		c->n++;
		if (len > 0 && rand() % 2 == 0)
			t++;	/* else its first child starts with it */
	}
}

/* The calls of one lane into r, in batches of bsize. */
static int
emit(struct rec *r, const struct sp_trace_writer_ops *ops, size_t bsize,
    const struct calls *c, const struct sp_trace_argtab *t, struct sp_err *e)
{
	struct sp_trace_emit *m = sp_trace_emit_new(e);
	struct sp_walk *w = sp_walk_new("in");
	struct sp_trace_thread th = lane("a");
	int rc;

	memset(r, 0, sizeof *r);
	r->base.ops = ops;
	sp_trace_emit_begin(m);
	sp_trace_emit_writer(m, &r->base);
	rc = sp_trace_emit_rank(m, &proc, e) < 0 ||
	    sp_trace_emit_lane(m, &th, e) < 0 ||
	    emit_lane(m, w, c, bsize, 1, t, e) < 0 ||
	    sp_walk_finish(w, e) < 0;
	CHECK(rc != 0 || sp_trace_emit_slices(m) == c->n, "slices counted");
	sp_walk_free(w);
	sp_trace_emit_free(m);
	return rc ? -1 : 0;
}

/*
 * The emitter writes the same through a writer's calls op (which hands
 * opens back often) as through open and close alone, in one batch or
 * many, with an argument table (regions past it get its other entry)
 * and without; and where the stream is bad, the walk refuses it with
 * the same message either way, the writer having seen the same.
 */
static void
test_calls(void)
{
	static struct calls c;
	static struct rec one, many;
	static const size_t bsizes[] = { 4000, 7, 1 };
	struct sp_trace_args args[3], other;
	struct sp_trace_argtab t = { args, 3, &other };
	struct sp_err e1, e2;
	int with, r1, r2;
	unsigned seed;
	size_t k;

	memset(args, 0, sizeof args);
	memset(&other, 0, sizeof other);
	args[0].source_key = 7;
	args[1].source_key = 8;
	args[2].source_key = 9;
	other.source_key = 1;	/* recorded as "?": past the table */
	for (seed = 1; seed <= 7; seed++) {
		random_calls(&c, seed < 4 ? 3000 : 40, seed);
		if (seed == 5)	/* time going back */
			c.start[30] = c.end[29] + 1 < c.start[30] ?
			    c.start[30] : c.start[29] - 1;
		if (seed == 6)	/* a child outliving its parent */
			c.end[35] = c.end[34] + 1000000;
		if (seed == 7)	/* a depth beyond the open calls */
			c.depth[20] += 2;
		for (k = 0; k < 3; k++)
			for (with = 0; with < 2; with++) {
				r1 = emit(&one, &rec_ops, 4000, &c, with ? &t :
				    NULL, &e1);
				r2 = emit(&many, &rec_calls_ops, bsizes[k], &c,
				    with ? &t : NULL, &e2);
				CHECK(r1 == r2 && strcmp(one.text,
				    many.text) == 0 && (r1 == 0 ||
				    strcmp(e1.msg, e2.msg) == 0),
				    "calls, seed %u, batch %zu, args %d: %d %d "
				    "%s / %s", seed, bsizes[k], with, r1, r2,
				    r1 ? e1.msg : "", r2 ? e2.msg : "");
				CHECK((seed >= 5) == (r1 != 0) &&
				    strlen(one.text) > 100 && (r1 == 0 ||
				    (e1.status == SP_EDATA && strncmp(e1.msg,
				    "in: call stream is inconsistent: ", 33) ==
				    0)), "seed %u: %d %s", seed, r1,
				    r1 ? e1.msg : "");
			}
	}
}

/*
 * Each check the emitter once made itself is the walk's: the stream
 * that fails it is refused with the walk's message, and the writer has
 * seen nothing of the call at fault.
 */
static void
test_walk_checks(void)
{
	static const struct {
		int64_t start, end;
		uint32_t depth;
		const char *msg, *seen;
	} bad[] = {
		/* time going back: before the end of the call before it */
		{ 30, 35, 1, "call 2 of rank 0 lane 1 starts at 1030 ns, "
		    "before the call before it at its depth ends, at 1040 ns",
		    "E@40 " },
		/* a child outliving its parent */
		{ 45, 101, 1, "call 2 of rank 0 lane 1, [1045, 1101] ns, is "
		    "not inside its parent, call 0, [1000, 1100] ns", "E@40 " },
		/* a depth beyond the open calls */
		{ 45, 50, 3, "call 2 of lane 1 has depth 3 but only 2 calls "
		    "are open", "" },
	};
	static struct calls c;
	static struct rec r;
	struct sp_err e;
	char want[128];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&c, 0, sizeof c);
		add(&c, 0, 0, 0, 100);
		add(&c, 1, 1, 10, 40);
		add(&c, bad[i].depth, 2, bad[i].start, bad[i].end);
		snprintf(want, sizeof want, "P r0@0 T1 a@0 B0@0-100 B1@10-40 %s",
		    bad[i].seen);
		CHECK(emit(&r, &rec_calls_ops, 4000, &c, NULL, &e) < 0 &&
		    e.status == SP_EDATA && strstr(e.msg, bad[i].msg) != NULL &&
		    strcmp(r.text, want) == 0,
		    "check %zu: %s; %s", i, e.msg, r.text);
	}
}

int
main(void)
{
	test_nesting();
	test_no_writer();
	test_calls();
	test_walk_checks();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
