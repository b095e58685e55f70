/*
 * Unit test of the timeline writers' interface (sp_trace.h): a writer's
 * hot path (calls, taking a walk's events) and the opens it leaves to
 * its caller must make the same bytes as opens and closes alone.  Random forests of
 * one lane (zero-length and touching calls, deep and flat ones) through
 * both writers, Perfetto's (which has the hot path) and Chrome's JSON
 * (which has none), each driven both ways as sp_trace.h says.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_trace_chrome.h"
#include "sp_perfetto.h"
#include "sp_trace.h"
#include "check.h"
#include "tracegen.h"

#define MAXN 4000

struct out {
	unsigned char *p;
	size_t n, cap;
};

static int
put(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct out *o = ctx;

	(void)e;
	if (o->n + n > o->cap) {
		o->cap = (o->n + n) * 2;
		if ((o->p = realloc(o->p, o->cap)) == NULL)
			abort();
	}
	memcpy(o->p + o->n, p, n);
	o->n += n;
	return 0;
}

/* A forest: calls in stream order (start ascending, parents first). */
static uint32_t depth[MAXN], region[MAXN];
static int64_t start[MAXN], end[MAXN];
static size_t ncalls;
static unsigned long rnd;
/* calls the hot path wrote, of how many driven with it */
static size_t by_hot, driven_hot;

static unsigned
next(unsigned m)
{
	rnd = rnd * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rnd >> 33) % m;
}

/* Children of [t0, t1) at depth d; their number is random. */
static void
grow(int64_t t0, int64_t t1, uint32_t d)
{
	int64_t t = t0;

	while (ncalls < MAXN && t < t1 && next(4) != 0) {
		int64_t s = t + (next(3) == 0 ? 0 : next(5)), e;
		size_t me;

		if (s > t1)
			break;
		e = s + (next(4) == 0 ? 0 : next((unsigned)(t1 - s) + 1));
		me = ncalls++;
		depth[me] = d;
		region[me] = next(3);
		start[me] = s;
		end[me] = e;
		if (d < 12 && e > s)
			grow(s, e, d + 1);
		t = e;
	}
}

/*
 * The forest through w, walked (sp_walk.h) in one batch: each event by
 * its hot path when hot, else by opens and closes alone.
 */
static int
drive(struct sp_trace_writer *w, int hot, struct sp_err *e)
{
	static const struct sp_trace_process p = { 0, 1, 7, "r rank 0",
		"Rank 0.", "none", 0 };
	static const struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	static const struct sp_trace_meta m = { "r", "r.h5", "sp@test",
		"none", NULL, 0, 0, 0 };
	struct tg_lane l = { depth, region, start, end, ncalls };
	struct sp_trace_calls c = { 0, NULL, 0 };
	struct sp_walk *walk = sp_walk_new(NULL);
	struct sp_walk_iter it;
	struct tg g = { 0 };
	struct sp_batch b = tg_batch(&g, &l, 0, ncalls, 1);
	int ev, rc = -1;

	if (walk == NULL || sp_trace_track(w, &p, &t, 0, e) < 0 ||
	    sp_walk_begin(walk, &b, &it, e) < 0)
		goto out;
	if (hot && w->ops->calls != NULL)
		driven_hot += ncalls;
	for (;;) {
		ev = hot && w->ops->calls != NULL ? w->ops->calls(w, &it, &c,
		    e) : sp_walk_next(&it, e);
		if (ev == SP_WALK_DONE)
			break;
		if (ev == SP_WALK_FAIL)
			goto out;
		if (ev == SP_WALK_OPEN && sp_trace_open(w,
		    (uint64_t)it.c->start, (uint64_t)it.c->end, it.c->region,
		    NULL, e) < 0)
			goto out;
		if (ev == SP_WALK_CLOSE && sp_trace_close(w,
		    (uint64_t)it.c->end, e) < 0)
			goto out;
	}
	by_hot += c.opened;
	rc = sp_walk_finish(walk, e) < 0 ? -1 : sp_trace_finish(w, &m, e);
out:
	sp_walk_free(walk);
	tg_free(&g);
	return rc;
}

typedef struct sp_trace_writer *new_fn(const char *const *, const size_t *,
    size_t, sp_write_fn *, void *, struct sp_err *);

static void
same_bytes(new_fn *make, const char *what, unsigned long seed)
{
	static const char *const names[3] = { "main", "io", "fft" };
	static const size_t lens[3] = { 4, 2, 3 };
	struct out o[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
	struct sp_err e;
	int hot;

	for (hot = 0; hot < 2; hot++) {
		struct sp_trace_writer *w = make(names, lens, 3, put, &o[hot],
		    &e);

		CHECK(w != NULL && drive(w, hot, &e) == 0, "%s, seed %lu: %s",
		    what, seed, e.msg);
		sp_trace_writer_free(w);
	}
	CHECK(o[0].n > 0 && o[0].n == o[1].n &&
	    memcmp(o[0].p, o[1].p, o[0].n) == 0, "%s, seed %lu, %zu calls: "
	    "%zu bytes by opens and closes, %zu with the hot path", what,
	    seed, ncalls, o[0].n, o[1].n);
	free(o[0].p);
	free(o[1].p);
}

int
main(void)
{
	unsigned long seed;

	for (seed = 1; seed <= 40; seed++) {
		rnd = seed;
		ncalls = 0;
		grow(0, 100000, 0);
		same_bytes(sp_perfetto_new, "perfetto", seed);
		same_bytes(sp_trace_chrome_new, "ctrace", seed);
	}
	sp_trace_writer_free(NULL);
	/* the comparison means something only if the hot path wrote */
	CHECK(by_hot * 2 > driven_hot, "the hot path wrote %zu calls of %zu",
	    by_hot, driven_hot);
	return failed != 0;
}
