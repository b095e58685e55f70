/*
 * Unit test of sp_trace_emit, the tracks and nesting of a trace's slices, on
 * a writer that records what it is handed: tracks written with their
 * first slice only (a rank or lane without slices leaves none), the
 * process with the rank's first lane only, sequences numbered as tracks
 * are written; slices ended deepest first at their own ends before a
 * slice at their depth or above, and all of them at the lane's end; a
 * zero-length child at its parent's end and touching siblings nest by
 * depth, not by time; time going back, a child outliving its parent and
 * a depth beyond the open slices are errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_trace_emit.h"
#include "check.h"

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
 * would have recorded, for the calls it takes; it leaves those of region
 * 2 to open and close, and stops where the contract says it must.
 */
static int
rec_calls(struct sp_trace_writer *w, struct sp_trace_nest *s,
    const struct sp_trace_calls *c, size_t *i, struct sp_err *e)
{
	const struct sp_trace_argtab *t = c->args;
	const struct sp_trace_args *a;

	for (; *i < c->n; ++*i) {
		size_t k = *i;
		uint32_t region = c->region[k];
		uint64_t ts = (uint64_t)(c->start[k] - c->origin);
		uint64_t end = (uint64_t)(c->end[k] - c->origin);

		if (c->depth[k] > s->depth || s->depth == s->cap)
			return 0;
		while (s->depth > c->depth[k]) {
			s->last = s->ends[--s->depth];
			if (rec_close(w, s->last, e) < 0)
				return -1;
		}
		if (ts < s->last || end < ts || (s->depth > 0 &&
		    end > s->ends[s->depth - 1]) || region == 2)
			return 0;
		a = t == NULL ? NULL : region < t->n ? &t->args[region] :
		    t->other;
		if (rec_open(w, ts, end, region, a, e) < 0)
			return -1;
		s->ends[s->depth++] = end;
		s->last = ts;
	}
	return 0;
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

static void
test_nesting(void)
{
	struct rec r;
	struct sp_trace_emit *m = sp_trace_emit_new(NULL);
	struct sp_trace_thread t1 = lane("a"), t2 = lane("b"), t3 = lane("c");
	struct sp_err e;
	int rc;

	memset(&r, 0, sizeof r);
	r.base.ops = &rec_ops;
	sp_trace_emit_begin(m);
	sp_trace_emit_writer(m, &r.base);
	rc = sp_trace_emit_rank(m, &proc, &e) < 0 ||
	    /* a lane whose calls were all dropped: no track */
	    sp_trace_emit_lane(m, &t1, &e) < 0 ||
	    sp_trace_emit_lane(m, &t2, &e) < 0 ||
	    sp_trace_emit_slice(m, 0, 0, 0, 100, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 1, 1, 10, 10, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 1, 1, 10, 40, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 2, 2, 20, 40, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 1, 1, 40, 100, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 2, 3, 100, 100, NULL, &e) < 0 ||
	    sp_trace_emit_slice(m, 0, 0, 100, 100, NULL, &e) < 0 ||
	    sp_trace_emit_lane(m, &t3, &e) < 0 ||
	    sp_trace_emit_slice(m, 0, 4, 5, 6, NULL, &e) < 0 ||
	    sp_trace_emit_lane_end(m, &e) < 0;
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
	    sp_trace_emit_slice(m, 0, 0, 0, 1, NULL, &e) < 0 ||
	    sp_trace_emit_lane_end(m, &e) < 0;
	CHECK(rc == 0 && strcmp(r.text, "P r1@0 T3 a@0 B0@0-1 E@1 ") == 0,
	    "second rank: %s", r.text);
	sp_trace_emit_free(m);
	sp_trace_emit_free(NULL);
}

static void
test_errors(void)
{
	struct rec r;
	struct sp_trace_emit *m = sp_trace_emit_new(NULL);
	struct sp_trace_thread t = lane("a");
	struct sp_err e;

	memset(&r, 0, sizeof r);
	r.base.ops = &rec_ops;
	sp_trace_emit_begin(m);
	CHECK(sp_trace_emit_rank(m, &proc, &e) == 0 &&
	    sp_trace_emit_lane(m, &t, &e) == 0 &&
	    sp_trace_emit_slice(m, 0, 0, 5, 6, NULL, &e) < 0 &&
	    e.status == SP_EUSAGE, "no writer: %s", e.msg);
	sp_trace_emit_writer(m, &r.base);
	CHECK(sp_trace_emit_slice(m, 0, 0, 50, 60, NULL, &e) == 0 &&
	    sp_trace_emit_slice(m, 0, 0, 40, 45, NULL, &e) < 0 &&
	    strstr(e.msg, "goes back in time") != NULL, "back: %s", e.msg);
	CHECK(sp_trace_emit_slice(m, 0, 0, 70, 80, NULL, &e) == 0 &&
	    sp_trace_emit_slice(m, 1, 0, 75, 81, NULL, &e) < 0 &&
	    strstr(e.msg, "outlives its parent") != NULL, "outlives: %s",
	    e.msg);
	CHECK(sp_trace_emit_slice(m, 3, 0, 75, 76, NULL, &e) < 0 &&
	    strstr(e.msg, "at depth 3 with only 1 calls open") != NULL,
	    "depth: %s", e.msg);
	sp_trace_emit_free(m);
}

/* A random lane of n calls in pre-order, times from 1000 on. */
struct calls {
	uint32_t depth[4000], region[4000];
	int64_t start[4000], end[4000];
	size_t n;
};

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

/* The calls through sp_trace_emit_slice() or sp_trace_emit_calls() into r. */
static int
emit(struct rec *r, const struct sp_trace_writer_ops *ops, int batch,
    const struct calls *c, const struct sp_trace_argtab *t, struct sp_err *e)
{
	struct sp_trace_emit *m = sp_trace_emit_new(e);
	struct sp_trace_thread th = lane("a");
	struct sp_trace_calls b = {
		c->depth, c->region, c->start, c->end, c->n, 1000, t,
	};
	const struct sp_trace_args *a;
	int rc;
	size_t i;

	memset(r, 0, sizeof *r);
	r->base.ops = ops;
	sp_trace_emit_begin(m);
	sp_trace_emit_writer(m, &r->base);
	rc = sp_trace_emit_rank(m, &proc, e) < 0 ||
	    sp_trace_emit_lane(m, &th, e) < 0;
	for (i = 0; rc == 0 && !batch && i < c->n; i++) {
		a = t == NULL ? NULL : c->region[i] < t->n ?
		    &t->args[c->region[i]] : t->other;
		rc = sp_trace_emit_slice(m, c->depth[i], c->region[i],
		    (uint64_t)(c->start[i] - 1000),
		    (uint64_t)(c->end[i] - 1000), a, e) < 0;
	}
	if (rc == 0 && batch)
		rc = sp_trace_emit_calls(m, &b, e) < 0;
	if (rc == 0)
		rc = sp_trace_emit_lane_end(m, e) < 0;
	CHECK(rc != 0 || sp_trace_emit_slices(m) == c->n, "slices counted");
	sp_trace_emit_free(m);
	return rc ? -1 : 0;
}

/*
 * sp_trace_emit_calls() is sp_trace_emit_slice() call by call, for a writer
 * with a calls op (which stops often and hands calls back) and without, with
 * an argument table (regions past it get its other entry) and without; and so
 * are its errors, and what the writer saw before them.
 */
static void
test_calls(void)
{
	static struct calls c;
	static struct rec one, many;
	struct sp_trace_args args[3], other;
	struct sp_trace_argtab t = { args, 3, &other };
	const struct sp_trace_writer_ops *ops[2] = { &rec_ops,
	    &rec_calls_ops };
	struct sp_err e1, e2;
	int k, with, r1, r2;
	unsigned seed;

	memset(args, 0, sizeof args);
	memset(&other, 0, sizeof other);
	args[0].source_key = 7;
	args[1].source_key = 8;
	args[2].source_key = 9;
	other.source_key = 1;	/* recorded as "?": past the table */
	for (seed = 1; seed <= 6; seed++) {
		random_calls(&c, seed < 4 ? 3000 : 40, seed);
		if (seed >= 5) {	/* time going back; a child outliving */
			c.start[30] = c.start[29] - 1;
			if (seed == 6)
				c.end[35] = c.end[34] + 1000000;
		}
		for (k = 0; k < 2; k++)
			for (with = 0; with < 2; with++) {
				r1 = emit(&one, &rec_ops, 0, &c, with ? &t :
				    NULL, &e1);
				r2 = emit(&many, ops[k], 1, &c, with ? &t :
				    NULL, &e2);
				CHECK(r1 == r2 && strcmp(one.text,
				    many.text) == 0 && (r1 == 0 ||
				    strcmp(e1.msg, e2.msg) == 0),
				    "calls, seed %u, calls op %d, args %d: %d %d "
				    "%s / %s", seed, k, with, r1, r2,
				    r1 ? e1.msg : "", r2 ? e2.msg : "");
				CHECK((seed >= 5) == (r1 != 0) &&
				    strlen(one.text) > 100, "seed %u: %d %s",
				    seed, r1, r1 ? e1.msg : "");
			}
	}
}

/*
 * A call whose time goes back after the calls op has moved the lane's
 * time on: the emitter must judge it by the time the op left, as
 * sp_trace_emit_slice() would (40 ns, C's end), not by the time it held
 * before the op ran.
 */
static void
test_handback(void)
{
	static struct calls c;
	static struct rec one, many;
	static const uint32_t depth[] = { 0, 1, 1, 1 };
	static const int64_t start[] = { 1000, 1010, 1030, 1025 };
	static const int64_t end[] = { 1100, 1020, 1040, 1026 };
	struct sp_err e1, e2;
	int r1, r2;
	size_t i;

	memset(&c, 0, sizeof c);
	for (i = 0; i < 4; i++) {
		c.depth[i] = depth[i];
		c.start[i] = start[i];
		c.end[i] = end[i];
	}
	c.n = 4;
	r1 = emit(&one, &rec_ops, 0, &c, NULL, &e1);
	r2 = emit(&many, &rec_calls_ops, 1, &c, NULL, &e2);
	CHECK(r1 < 0 && r2 < 0 && strcmp(e1.msg, e2.msg) == 0 &&
	    strstr(e1.msg, "(at 40 ns)") != NULL &&
	    strcmp(one.text, many.text) == 0, "hand-back: %d %d %s / %s",
	    r1, r2, r1 ? e1.msg : "", r2 ? e2.msg : "");
}

int
main(void)
{
	test_nesting();
	test_errors();
	test_calls();
	test_handback();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
