/*
 * Unit test of sp_pstats: the .prof accounting of doc/exports.md, "cProfile
 * statistics", on hand-computed cases,
 * in both modes, through every path the builder has (call log in memory,
 * call log in a file, no log for one lane), and checked once more by
 * Python's marshal and pstats through tests/check-prof.py.
 *
 * Expected times are written as the reference computes them: each call's
 * ns divided by 1e9 (S()), summed left to right in the global sorted
 * order.  The calls are fed as a walker would: each lane in canonical
 * order, opens and closes from a small stack, lanes by ascending id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_marshal.h"
#include "sp_pstats.h"
#include "proftest.h"

#define MS 1000000LL
#define S(ns) ((double)(ns) / 1e9)
#define K(f) { "~", 0, f }
#define ROOT "<run>"
#define NOLANE -1
/* No callers: ncallers 0 and a filler the compiler wants spelt out. */
#define NOCALLERS { { K(""), 0, 0, 0.0, 0.0 } }

struct tcall {
	uint32_t region;
	int64_t s, e;
	int64_t lane;
};

struct tkey {
	const char *file;
	int64_t line;
	const char *func;
};

struct tcaller {
	struct tkey k;
	int64_t cc, nc;
	double tt, ct;
};

struct tentry {
	struct tkey k;
	int64_t cc, nc;
	double tt, ct;
	size_t ncallers;
	struct tcaller c[4];
};

struct tcase {
	const char *name;
	const struct sp_pstats_region *reg;
	size_t nreg;
	const struct tcall *calls;
	size_t ncalls;
	const char *root;
	int no_call_paths;
	const struct tentry *want;
	size_t nwant;
	int quirk;		/* tt > ct on purpose: skip the invariants */
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A call with its recording index, for sorting a lane canonically. */
struct fcall {
	struct tcall c;
	int64_t call;
};

static int
by_canon(const void *a, const void *b)
{
	const struct fcall *x = a, *y = b;

	if (x->c.s != y->c.s)
		return x->c.s < y->c.s ? -1 : 1;
	if (x->c.e != y->c.e)
		return x->c.e > y->c.e ? -1 : 1;
	if (x->c.region != y->c.region)
		return x->c.region < y->c.region ? -1 : 1;
	return x->call < y->call ? -1 : x->call > y->call;
}

static int
by_lane(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

struct open {
	int64_t end2;		/* doubled end, +1 if zero-length */
	int64_t dur, kids;
};

/* Close the innermost open call. */
static int
pop(struct sp_pstats *p, struct open *st, size_t *depth, struct sp_err *e)
{
	struct open *o = &st[--*depth];

	return sp_pstats_leave(p, o->dur - o->kids, e);
}

/*
 * Feed one lane: a call is open at time t while its doubled end is past
 * 2t (the reconstruction's rule), so the calls nest as the reference
 * nests them.
 */
static int
feed_lane(struct sp_pstats *p, struct fcall *v, size_t n, struct sp_err *e)
{
	struct open *st = calloc(n + 1, sizeof *st);
	size_t i, depth = 0;
	int rc = -1;

	qsort(v, n, sizeof *v, by_canon);
	for (i = 0; i < n; i++) {
		int64_t s2 = 2 * v[i].c.s, e2 = 2 * v[i].c.e;

		if (e2 == s2)
			e2++;
		while (depth > 0 && st[depth - 1].end2 <= s2)
			if (pop(p, st, &depth, e) == -1)
				goto out;
		if (sp_pstats_enter(p, v[i].c.region, v[i].c.s, v[i].c.e,
		    v[i].call, e) == -1)
			goto out;
		if (depth > 0)
			st[depth - 1].kids += v[i].c.e - v[i].c.s;
		st[depth].end2 = e2;
		st[depth].dur = v[i].c.e - v[i].c.s;
		st[depth++].kids = 0;
	}
	while (depth > 0)
		if (pop(p, st, &depth, e) == -1)
			goto out;
	rc = sp_pstats_end_lane(p, e);
out:
	free(st);
	return rc;
}

static struct sp_prof *
build(const struct tcase *t, const struct sp_pstats_opts *o,
    struct sp_err *e)
{
	struct fcall *v = calloc(t->ncalls + 1, sizeof *v);
	int64_t *lanes = calloc(t->ncalls + 1, sizeof *lanes);
	int64_t *next = calloc(t->nreg + 1, sizeof *next);
	struct sp_pstats *p;
	struct sp_prof *d = NULL;
	size_t i, k, n, nl = 0;

	p = sp_pstats_new(o, t->nreg, t->reg, NULL, e);
	if (p == NULL)
		goto out;
	for (i = 0; i < t->ncalls; i++)
		lanes[nl++] = t->calls[i].lane;
	qsort(lanes, nl, sizeof *lanes, by_lane);
	for (k = 0; k < nl; k++) {
		if (k > 0 && lanes[k] == lanes[k - 1])
			continue;
		/* The recording index counts a region's calls in any lane. */
		memset(next, 0, (t->nreg + 1) * sizeof *next);
		for (i = n = 0; i < t->ncalls; i++) {
			int64_t c = next[t->calls[i].region]++;

			if (t->calls[i].lane != lanes[k])
				continue;
			v[n].c = t->calls[i];
			v[n++].call = c;
		}
		if (feed_lane(p, v, n, e) == -1)
			goto out;
	}
	CHECK(sp_pstats_calls(p) == t->ncalls, "%s: calls counted", t->name);
	/* An empty lane changes nothing. */
	if (sp_pstats_end_lane(p, e) == -1)
		goto out;
	d = sp_pstats_finish(p, e);
out:
	sp_pstats_free(p);
	free(v);
	free(lanes);
	free(next);
	return d;
}

static int
key_is(const struct sp_prof_key *k, const struct tkey *w)
{
	return k->line == w->line && strcmp(k->file, w->file) == 0 &&
	    strcmp(k->func, w->func) == 0;
}

/* The dict equals the expected one exactly: order, keys and bits. */
static void
compare(const char *what, const struct sp_prof *d, const struct tcase *t)
{
	size_t i, j;

	CHECK(sp_prof_len(d) == t->nwant, "%s: %zu entries, want %zu", what,
	    sp_prof_len(d), t->nwant);
	for (i = 0; i < sp_prof_len(d) && i < t->nwant; i++) {
		const struct sp_prof_entry *g = sp_prof_entry(d, i);
		const struct tentry *w = &t->want[i];

		CHECK(key_is(&g->key, &w->k), "%s: entry %zu is (%s, %lld, %s),"
		    " want (%s, %lld, %s)", what, i, g->key.file,
		    (long long)g->key.line, g->key.func, w->k.file,
		    (long long)w->k.line, w->k.func);
		CHECK(g->st.cc == w->cc && g->st.nc == w->nc &&
		    g->st.tt == w->tt && g->st.ct == w->ct,
		    "%s: %s is (%lld, %lld, %.17g, %.17g), want (%lld, %lld, "
		    "%.17g, %.17g)", what, w->k.func, (long long)g->st.cc,
		    (long long)g->st.nc, g->st.tt, g->st.ct, (long long)w->cc,
		    (long long)w->nc, w->tt, w->ct);
		CHECK(g->ncallers == w->ncallers, "%s: %s has %zu callers, "
		    "want %zu", what, w->k.func, g->ncallers, w->ncallers);
		for (j = 0; j < g->ncallers && j < w->ncallers; j++) {
			const struct sp_prof_caller *gc = &g->callers[j];
			const struct tcaller *wc = &w->c[j];

			CHECK(key_is(&gc->key, &wc->k) && !gc->count_only &&
			    gc->st.cc == wc->cc && gc->st.nc == wc->nc &&
			    gc->st.tt == wc->tt && gc->st.ct == wc->ct,
			    "%s: %s <- caller %zu is %s (%lld, %lld, %.17g, "
			    "%.17g), want %s (%lld, %lld, %.17g, %.17g)", what,
			    w->k.func, j, gc->key.func, (long long)gc->st.cc,
			    (long long)gc->st.nc, gc->st.tt, gc->st.ct,
			    wc->k.func, (long long)wc->cc, (long long)wc->nc,
			    wc->tt, wc->ct);
		}
	}
}

/*
 * Python's marshal and pstats must read the same dict from our bytes:
 * each case leaves its .prof and the JSON of what we built, and one run
 * of the checker compares them all at the end (plus section 8's
 * invariants, cc <= nc, tt <= ct + 1e-9, callers have entries, for the
 * cases that are not quirks on purpose).
 */
static char pairs[2][16384];

static void
python_save(const struct tcase *t, const struct sp_prof *d)
{
	char name[128], *list = pairs[t->quirk ? 1 : 0];
	size_t used = strlen(list);
	const char *prof, *json;
	FILE *f;

	if (python() == NULL || sp_prof_len(d) == 0)
		return;
	snprintf(name, sizeof name, "%s%s.prof", t->name,
	    t->no_call_paths ? "-agg" : "");
	prof = scratch_path(name);
	snprintf(name, sizeof name, "%s%s.json", t->name,
	    t->no_call_paths ? "-agg" : "");
	json = scratch_path(name);
	f = fopen(prof, "wb");
	CHECK(f != NULL, "open %s", prof);
	if (f == NULL)
		return;
	CHECK(sp_marshal_write_prof(d, file_write, f, NULL) == 0 &&
	    fclose(f) == 0, "write %s", prof);
	CHECK(json_write_prof(json, d) == 0, "write %s", json);
	CHECK((size_t)snprintf(list + used, sizeof pairs[0] - used,
	    " '%s' '%s'", prof, json) < sizeof pairs[0] - used,
	    "too many files for one checker run");
}

static void
python_check(void)
{
	static char args[sizeof pairs[0] + 64];
	int k;

	for (k = 0; k < 2; k++) {
		if (pairs[k][0] == '\0')
			continue;
		strcpy(args, k == 0 ? "--pairs --bytes --invariants" :
		    "--pairs --bytes");
		strcat(args, pairs[k]);
		CHECK(run_checker(args) == 0, "python reads other dicts, or "
		    "invariants fail");
	}
}

static void
run(const struct tcase *t)
{
	struct sp_pstats_opts o = { 0 };
	struct sp_err e = { 0 };
	struct sp_prof *d;
	char what[160];
	size_t i;
	int one = 1;

	for (i = 1; i < t->ncalls; i++)
		if (t->calls[i].lane != t->calls[0].lane)
			one = 0;
	o.no_call_paths = t->no_call_paths;
	o.root = t->root;
	/* In memory, then in a file record by record, then without a log. */
	for (i = 0; i < 3; i++) {
		if (i == 2 && (!one || t->no_call_paths))
			break;
		o.mem_limit = i == 1 ? 1 : 0;
		o.one_lane = i == 2;
		snprintf(what, sizeof what, "%s%s%s", t->name,
		    t->no_call_paths ? " (aggregated)" : "",
		    i == 0 ? "" : i == 1 ? " [spilled]" : " [one lane]");
		d = build(t, &o, &e);
		CHECK(d != NULL, "%s: %s", what, e.msg);
		if (d == NULL)
			continue;
		compare(what, d, t);
		if (i == 0)
			python_save(t, d);
		sp_prof_free(d);
	}
}

#define CASE(nm, rg, cl, rt, agg, wt, q) \
	{ nm, rg, N(rg), cl, N(cl), rt, agg, wt, N(wt), q }

/* Regions without a source location. */
#define R(n) { n, NULL, 0, 0 }

/* main(0,100) > setup(0,20), solve(20,90) > assemble(30,60), in ms. */
static const struct sp_pstats_region nest_reg[] = {
	R("main"), R("setup"), R("solve"), R("assemble"),
};
static const struct tcall nest_calls[] = {
	{ 0, 0, 100 * MS, NOLANE }, { 1, 0, 20 * MS, NOLANE },
	{ 2, 20 * MS, 90 * MS, NOLANE }, { 3, 30 * MS, 60 * MS, NOLANE },
};
static const struct tentry nest_paths[] = {
	{ K("main"), 1, 1, S(10 * MS), S(100 * MS), 1,
	    { { K(ROOT), 1, 1, S(10 * MS), S(100 * MS) } } },
	{ K("main > setup"), 1, 1, S(20 * MS), S(20 * MS), 1,
	    { { K("main"), 1, 1, S(20 * MS), S(20 * MS) } } },
	{ K("main > solve"), 1, 1, S(40 * MS), S(70 * MS), 1,
	    { { K("main"), 1, 1, S(40 * MS), S(70 * MS) } } },
	{ K("main > solve > assemble"), 1, 1, S(30 * MS), S(30 * MS), 1,
	    { { K("main > solve"), 1, 1, S(30 * MS), S(30 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(100 * MS), 0, NOCALLERS },
};
static const struct tentry nest_agg[] = {
	{ K("main"), 1, 1, S(10 * MS), S(100 * MS), 1,
	    { { K(ROOT), 1, 1, S(10 * MS), S(100 * MS) } } },
	{ K("setup"), 1, 1, S(20 * MS), S(20 * MS), 1,
	    { { K("main"), 1, 1, S(20 * MS), S(20 * MS) } } },
	{ K("solve"), 1, 1, S(40 * MS), S(70 * MS), 1,
	    { { K("main"), 1, 1, S(40 * MS), S(70 * MS) } } },
	{ K("assemble"), 1, 1, S(30 * MS), S(30 * MS), 1,
	    { { K("solve"), 1, 1, S(30 * MS), S(30 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(100 * MS), 0, NOCALLERS },
};
/* The same without a root frame: top-level callers are empty. */
static const struct tentry nest_paths_noroot[] = {
	{ K("main"), 1, 1, S(10 * MS), S(100 * MS), 0, NOCALLERS },
	{ K("main > setup"), 1, 1, S(20 * MS), S(20 * MS), 1,
	    { { K("main"), 1, 1, S(20 * MS), S(20 * MS) } } },
	{ K("main > solve"), 1, 1, S(40 * MS), S(70 * MS), 1,
	    { { K("main"), 1, 1, S(40 * MS), S(70 * MS) } } },
	{ K("main > solve > assemble"), 1, 1, S(30 * MS), S(30 * MS), 1,
	    { { K("main > solve"), 1, 1, S(30 * MS), S(30 * MS) } } },
};
static const struct tentry nest_agg_noroot[] = {
	{ K("main"), 1, 1, S(10 * MS), S(100 * MS), 0, NOCALLERS },
	{ K("setup"), 1, 1, S(20 * MS), S(20 * MS), 1,
	    { { K("main"), 1, 1, S(20 * MS), S(20 * MS) } } },
	{ K("solve"), 1, 1, S(40 * MS), S(70 * MS), 1,
	    { { K("main"), 1, 1, S(40 * MS), S(70 * MS) } } },
	{ K("assemble"), 1, 1, S(30 * MS), S(30 * MS), 1,
	    { { K("solve"), 1, 1, S(30 * MS), S(30 * MS) } } },
};

/* Siblings: main(0,1s); child(0.1,0.4), (0.5,0.7). */
static const struct sp_pstats_region sib_reg[] = { R("main"), R("child") };
static const struct tcall sib_calls[] = {
	{ 0, 0, 1000 * MS, NOLANE }, { 1, 100 * MS, 400 * MS, NOLANE },
	{ 1, 500 * MS, 700 * MS, NOLANE },
};
static const struct tentry sib_paths[] = {
	{ K("main"), 1, 1, S(500 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(500 * MS), S(1000 * MS) } } },
	{ K("main > child"), 2, 2, S(300 * MS) + S(200 * MS),
	    S(300 * MS) + S(200 * MS), 1, { { K("main"), 2, 2,
	    S(300 * MS) + S(200 * MS), S(300 * MS) + S(200 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(1000 * MS), 0, NOCALLERS },
};
static const struct tentry sib_agg[] = {
	{ K("main"), 1, 1, S(500 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(500 * MS), S(1000 * MS) } } },
	{ K("child"), 2, 2, S(300 * MS) + S(200 * MS),
	    S(300 * MS) + S(200 * MS), 1, { { K("main"), 2, 2,
	    S(300 * MS) + S(200 * MS), S(300 * MS) + S(200 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(1000 * MS), 0, NOCALLERS },
};

/* Recursion: recurse(0,1s) > recurse(0.2,0.6). */
static const struct sp_pstats_region rec_reg[] = { R("recurse") };
static const struct tcall rec_calls[] = {
	{ 0, 0, 1000 * MS, NOLANE }, { 0, 200 * MS, 600 * MS, NOLANE },
};
static const struct tentry rec_paths[] = {
	{ K("recurse"), 1, 1, S(600 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(600 * MS), S(1000 * MS) } } },
	{ K("recurse > recurse"), 1, 1, S(400 * MS), S(400 * MS), 1,
	    { { K("recurse"), 1, 1, S(400 * MS), S(400 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(1000 * MS), 0, NOCALLERS },
};
static const struct tentry rec_agg[] = {
	{ K("recurse"), 1, 2, S(600 * MS) + S(400 * MS), S(1000 * MS), 2,
	    { { K(ROOT), 1, 1, S(600 * MS), S(1000 * MS) },
	      { K("recurse"), 0, 1, S(400 * MS), 0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(1000 * MS), 0, NOCALLERS },
};

/* Four nested calls of one region: (cc, nc) = (1, 4), as cProfile says. */
static const struct sp_pstats_region rec4_reg[] = { R("rec") };
static const struct tcall rec4_calls[] = {
	{ 0, 0, 100 * MS, NOLANE }, { 0, 10 * MS, 90 * MS, NOLANE },
	{ 0, 20 * MS, 80 * MS, NOLANE }, { 0, 30 * MS, 70 * MS, NOLANE },
};
static const struct tentry rec4_paths[] = {
	{ K("rec"), 1, 1, S(20 * MS), S(100 * MS), 1,
	    { { K(ROOT), 1, 1, S(20 * MS), S(100 * MS) } } },
	{ K("rec > rec"), 1, 1, S(20 * MS), S(80 * MS), 1,
	    { { K("rec"), 1, 1, S(20 * MS), S(80 * MS) } } },
	{ K("rec > rec > rec"), 1, 1, S(20 * MS), S(60 * MS), 1,
	    { { K("rec > rec"), 1, 1, S(20 * MS), S(60 * MS) } } },
	{ K("rec > rec > rec > rec"), 1, 1, S(40 * MS), S(40 * MS), 1,
	    { { K("rec > rec > rec"), 1, 1, S(40 * MS), S(40 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, S(100 * MS), 0, NOCALLERS },
};
/* The sums run in opening order although the inner calls close first. */
static const struct tentry rec4_agg[] = {
	{ K("rec"), 1, 4, ((S(20 * MS) + S(20 * MS)) + S(20 * MS)) +
	    S(40 * MS), S(100 * MS), 2,
	    { { K(ROOT), 1, 1, S(20 * MS), S(100 * MS) },
	      { K("rec"), 0, 3, (S(20 * MS) + S(20 * MS)) + S(40 * MS),
	        0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(100 * MS), 0, NOCALLERS },
};

/* Zero-length calls: outer(0,100) > tick(0,0), tick(50,50), in ns. */
static const struct sp_pstats_region zero_reg[] = { R("outer"), R("tick") };
static const struct tcall zero_calls[] = {
	{ 0, 0, 100, NOLANE }, { 1, 0, 0, NOLANE }, { 1, 50, 50, NOLANE },
};
static const struct tentry zero_paths[] = {
	{ K("outer"), 1, 1, S(100), S(100), 1,
	    { { K(ROOT), 1, 1, S(100), S(100) } } },
	{ K("outer > tick"), 2, 2, 0.0, 0.0, 1,
	    { { K("outer"), 2, 2, 0.0, 0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(100), 0, NOCALLERS },
};
static const struct tentry zero_agg[] = {
	{ K("outer"), 1, 1, S(100), S(100), 1,
	    { { K(ROOT), 1, 1, S(100), S(100) } } },
	{ K("tick"), 2, 2, 0.0, 0.0, 1, { { K("outer"), 2, 2, 0.0, 0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(100), 0, NOCALLERS },
};

/*
 * A zero-length R at the end of an earlier R: a sibling, but counted as
 * recursive when aggregated (the reference's quirk).
 */
static const struct sp_pstats_region ztouch_reg[] = { R("R") };
static const struct tcall ztouch_calls[] = {
	{ 0, 0, 10, NOLANE }, { 0, 10, 10, NOLANE },
};
static const struct tentry ztouch_paths[] = {
	{ K("R"), 2, 2, S(10) + S(0), S(10) + S(0), 1,
	    { { K(ROOT), 2, 2, S(10) + S(0), S(10) + S(0) } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(0), 0, NOCALLERS },
};
static const struct tentry ztouch_agg[] = {
	{ K("R"), 1, 2, S(10) + S(0), S(10), 1,
	    { { K(ROOT), 1, 2, S(10) + S(0), S(10) } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(0), 0, NOCALLERS },
};

/* Touching calls: a(0,10), a(10,20) are siblings; z(10,10) is in the 2nd. */
static const struct sp_pstats_region touch_reg[] = { R("a"), R("z") };
static const struct tcall touch_calls[] = {
	{ 0, 0, 10, NOLANE }, { 0, 10, 20, NOLANE }, { 1, 10, 10, NOLANE },
};
static const struct tentry touch_paths[] = {
	{ K("a"), 2, 2, S(10) + S(10), S(10) + S(10), 1,
	    { { K(ROOT), 2, 2, S(10) + S(10), S(10) + S(10) } } },
	{ K("a > z"), 1, 1, 0.0, 0.0, 1, { { K("a"), 1, 1, 0.0, 0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(10), 0, NOCALLERS },
};
static const struct tentry touch_agg[] = {
	{ K("a"), 2, 2, S(10) + S(10), S(10) + S(10), 1,
	    { { K(ROOT), 2, 2, S(10) + S(10), S(10) + S(10) } } },
	{ K("z"), 1, 1, 0.0, 0.0, 1, { { K("a"), 1, 1, 0.0, 0.0 } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(10), 0, NOCALLERS },
};

/* Two threads: outer(0,100) > inner(20,40) and outer(10,110) > inner(30,50). */
static const struct sp_pstats_region lanes_reg[] = { R("outer"), R("inner") };
static const struct tcall lanes_calls[] = {
	{ 0, 0, 100, -2 }, { 0, 10, 110, -3 },
	{ 1, 20, 40, -2 }, { 1, 30, 50, -3 },
};
static const struct tentry lanes_paths[] = {
	{ K("outer"), 2, 2, S(80) + S(80), S(100) + S(100), 1,
	    { { K(ROOT), 2, 2, S(80) + S(80), S(100) + S(100) } } },
	{ K("outer > inner"), 2, 2, S(20) + S(20), S(20) + S(20), 1,
	    { { K("outer"), 2, 2, S(20) + S(20), S(20) + S(20) } } },
	{ K(ROOT), 1, 1, 0.0, S(100) + S(100), 0, NOCALLERS },
};
static const struct tentry lanes_agg[] = {
	{ K("outer"), 2, 2, S(80) + S(80), S(100) + S(100), 1,
	    { { K(ROOT), 2, 2, S(80) + S(80), S(100) + S(100) } } },
	{ K("inner"), 2, 2, S(20) + S(20), S(20) + S(20), 1,
	    { { K("outer"), 2, 2, S(20) + S(20), S(20) + S(20) } } },
	{ K(ROOT), 1, 1, 0.0, S(100) + S(100), 0, NOCALLERS },
};

/*
 * Lanes come one after another (-3 before -2) but count in start order:
 * a before b in the dict, and x's seconds summed 0.1, 0.2, 0.17, which
 * rounds differently from the stream's 0.17, 0.1, 0.2.
 */
static const struct sp_pstats_region lorder_reg[] = { R("x"), R("a"), R("b") };
static const struct tcall lorder_calls[] = {
	{ 2, 5 * MS, 30 * MS, -3 }, { 0, 1000 * MS, 1170 * MS, -3 },
	{ 1, 0, 50 * MS, -2 }, { 0, 100 * MS, 200 * MS, -2 },
	{ 0, 500 * MS, 700 * MS, -2 },
};
#define LX ((S(100 * MS) + S(200 * MS)) + S(170 * MS))
#define LROOT ((((S(50 * MS) + S(25 * MS)) + S(100 * MS)) + S(200 * MS)) + \
	S(170 * MS))
static const struct tentry lorder_paths[] = {
	{ K("a"), 1, 1, S(50 * MS), S(50 * MS), 1,
	    { { K(ROOT), 1, 1, S(50 * MS), S(50 * MS) } } },
	{ K("b"), 1, 1, S(25 * MS), S(25 * MS), 1,
	    { { K(ROOT), 1, 1, S(25 * MS), S(25 * MS) } } },
	{ K("x"), 3, 3, LX, LX, 1, { { K(ROOT), 3, 3, LX, LX } } },
	{ K(ROOT), 1, 1, 0.0, LROOT, 0, NOCALLERS },
};
static const struct tentry lorder_agg[] = {
	{ K("x"), 3, 3, LX, LX, 1, { { K(ROOT), 3, 3, LX, LX } } },
	{ K("a"), 1, 1, S(50 * MS), S(50 * MS), 1,
	    { { K(ROOT), 1, 1, S(50 * MS), S(50 * MS) } } },
	{ K("b"), 1, 1, S(25 * MS), S(25 * MS), 1,
	    { { K(ROOT), 1, 1, S(25 * MS), S(25 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, LROOT, 0, NOCALLERS },
};

/*
 * Thread 1's work(10,50) inside thread 0's work(0,100): aggregated, the
 * reference calls it recursive across lanes, so tt > ct (its quirk).
 */
static const struct sp_pstats_region lquirk_reg[] = { R("work") };
static const struct tcall lquirk_calls[] = {
	{ 0, 0, 100, -2 }, { 0, 10, 50, -3 },
};
static const struct tentry lquirk_paths[] = {
	{ K("work"), 2, 2, S(100) + S(40), S(100) + S(40), 1,
	    { { K(ROOT), 2, 2, S(100) + S(40), S(100) + S(40) } } },
	{ K(ROOT), 1, 1, 0.0, S(100) + S(40), 0, NOCALLERS },
};
static const struct tentry lquirk_agg[] = {
	{ K("work"), 1, 2, S(100) + S(40), S(100), 1,
	    { { K(ROOT), 1, 2, S(100) + S(40), S(100) } } },
	{ K(ROOT), 1, 1, 0.0, S(100) + S(40), 0, NOCALLERS },
};

/* Source locations: only a truthy file with a line makes a real key. */
static const struct sp_pstats_region src_reg[] = {
	R("main"), { "solve", "solver.py", 42, 1 }, R("leaf"),
	{ "nofile", NULL, 5, 1 }, { "emptyfile", "", 7, 1 },
	{ "noline", "x.py", 0, 0 }, { "zero", "z.py", 0, 1 },
};
static const struct tcall src_calls[] = {
	{ 0, 0, 100, NOLANE }, { 1, 10, 50, NOLANE }, { 2, 20, 30, NOLANE },
	{ 3, 60, 70, NOLANE }, { 4, 70, 80, NOLANE }, { 5, 80, 90, NOLANE },
	{ 6, 90, 95, NOLANE },
};
static const struct tentry src_paths[] = {
	{ K("main"), 1, 1, S(25), S(100), 1,
	    { { K(ROOT), 1, 1, S(25), S(100) } } },
	{ { "solver.py", 42, "main > solve" }, 1, 1, S(30), S(40), 1,
	    { { K("main"), 1, 1, S(30), S(40) } } },
	{ K("main > solve > leaf"), 1, 1, S(10), S(10), 1,
	    { { { "solver.py", 42, "main > solve" }, 1, 1, S(10), S(10) } } },
	{ K("main > nofile"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ K("main > emptyfile"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ K("main > noline"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ { "z.py", 0, "main > zero" }, 1, 1, S(5), S(5), 1,
	    { { K("main"), 1, 1, S(5), S(5) } } },
	{ K(ROOT), 1, 1, 0.0, S(100), 0, NOCALLERS },
};
static const struct tentry src_agg[] = {
	{ K("main"), 1, 1, S(25), S(100), 1,
	    { { K(ROOT), 1, 1, S(25), S(100) } } },
	{ { "solver.py", 42, "solve" }, 1, 1, S(30), S(40), 1,
	    { { K("main"), 1, 1, S(30), S(40) } } },
	{ K("leaf"), 1, 1, S(10), S(10), 1,
	    { { { "solver.py", 42, "solve" }, 1, 1, S(10), S(10) } } },
	{ K("nofile"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ K("emptyfile"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ K("noline"), 1, 1, S(10), S(10), 1,
	    { { K("main"), 1, 1, S(10), S(10) } } },
	{ { "z.py", 0, "zero" }, 1, 1, S(5), S(5), 1,
	    { { K("main"), 1, 1, S(5), S(5) } } },
	{ K(ROOT), 1, 1, 0.0, S(100), 0, NOCALLERS },
};

/*
 * A region named "a > b" at the top, and the path a > b: one key.  The
 * later path's numbers, the first one's place, both callers.
 */
static const struct sp_pstats_region gt_reg[] = { R("a"), R("b"), R("a > b") };
static const struct tcall gt_calls[] = {
	{ 0, 0, 10, NOLANE }, { 1, 2, 5, NOLANE }, { 2, 20, 30, NOLANE },
};
static const struct tentry gt_paths[] = {
	{ K("a"), 1, 1, S(7), S(10), 1, { { K(ROOT), 1, 1, S(7), S(10) } } },
	{ K("a > b"), 1, 1, S(10), S(10), 2,
	    { { K("a"), 1, 1, S(3), S(3) },
	      { K(ROOT), 1, 1, S(10), S(10) } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(10), 0, NOCALLERS },
};
static const struct tentry gt_agg[] = {
	{ K("a"), 1, 1, S(7), S(10), 1, { { K(ROOT), 1, 1, S(7), S(10) } } },
	{ K("b"), 1, 1, S(3), S(3), 1, { { K("a"), 1, 1, S(3), S(3) } } },
	{ K("a > b"), 1, 1, S(10), S(10), 1,
	    { { K(ROOT), 1, 1, S(10), S(10) } } },
	{ K(ROOT), 1, 1, 0.0, S(10) + S(10), 0, NOCALLERS },
};

/* An empty rank: no entry at all, not even the root. */
static const struct sp_pstats_region empty_reg[] = { R("never") };
static const struct tcall empty_calls[1];
static const struct tentry empty_want[1];

/* a(0,1s), b(2s,2.5s) under a custom root: the root calls both. */
static const struct sp_pstats_region two_reg[] = { R("a"), R("b") };
static const struct tcall two_calls[] = {
	{ 0, 0, 1000 * MS, NOLANE }, { 1, 2000 * MS, 2500 * MS, NOLANE },
};
static const struct tentry two_want[] = {
	{ K("a"), 1, 1, S(1000 * MS), S(1000 * MS), 1,
	    { { K("custom root"), 1, 1, S(1000 * MS), S(1000 * MS) } } },
	{ K("b"), 1, 1, S(500 * MS), S(500 * MS), 1,
	    { { K("custom root"), 1, 1, S(500 * MS), S(500 * MS) } } },
	{ K("custom root"), 1, 1, 0.0, S(1000 * MS) + S(500 * MS), 0,
	    NOCALLERS },
};

/* work under phase_a (0.3 s), under phase_b (0.6 s), at the top (0.2 s). */
static const struct sp_pstats_region ph_reg[] = {
	R("phase_a"), R("phase_b"), R("work"),
};
static const struct tcall ph_calls[] = {
	{ 0, 0, 1000 * MS, NOLANE }, { 2, 100 * MS, 400 * MS, NOLANE },
	{ 1, 1000 * MS, 2000 * MS, NOLANE },
	{ 2, 1100 * MS, 1700 * MS, NOLANE },
	{ 2, 3000 * MS, 3200 * MS, NOLANE },
};
#define PHROOT ((S(1000 * MS) + S(1000 * MS)) + S(200 * MS))
#define PHWORK ((S(300 * MS) + S(600 * MS)) + S(200 * MS))
static const struct tentry ph_paths[] = {
	{ K("phase_a"), 1, 1, S(700 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(700 * MS), S(1000 * MS) } } },
	{ K("phase_a > work"), 1, 1, S(300 * MS), S(300 * MS), 1,
	    { { K("phase_a"), 1, 1, S(300 * MS), S(300 * MS) } } },
	{ K("phase_b"), 1, 1, S(400 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(400 * MS), S(1000 * MS) } } },
	{ K("phase_b > work"), 1, 1, S(600 * MS), S(600 * MS), 1,
	    { { K("phase_b"), 1, 1, S(600 * MS), S(600 * MS) } } },
	{ K("work"), 1, 1, S(200 * MS), S(200 * MS), 1,
	    { { K(ROOT), 1, 1, S(200 * MS), S(200 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, PHROOT, 0, NOCALLERS },
};
static const struct tentry ph_agg[] = {
	{ K("phase_a"), 1, 1, S(700 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(700 * MS), S(1000 * MS) } } },
	{ K("phase_b"), 1, 1, S(400 * MS), S(1000 * MS), 1,
	    { { K(ROOT), 1, 1, S(400 * MS), S(1000 * MS) } } },
	{ K("work"), 3, 3, PHWORK, PHWORK, 3,
	    { { K(ROOT), 1, 1, S(200 * MS), S(200 * MS) },
	      { K("phase_a"), 1, 1, S(300 * MS), S(300 * MS) },
	      { K("phase_b"), 1, 1, S(600 * MS), S(600 * MS) } } },
	{ K(ROOT), 1, 1, 0.0, PHROOT, 0, NOCALLERS },
};

/* Identical intervals: the region first in region order is the parent. */
static const struct sp_pstats_region same_reg[] = { R("A"), R("B") };
static const struct tcall same_calls[] = {
	{ 1, 0, 10, NOLANE }, { 0, 0, 10, NOLANE },
};
static const struct tentry same_paths[] = {
	{ K("A"), 1, 1, 0.0, S(10), 1, { { K(ROOT), 1, 1, 0.0, S(10) } } },
	{ K("A > B"), 1, 1, S(10), S(10), 1,
	    { { K("A"), 1, 1, S(10), S(10) } } },
	{ K(ROOT), 1, 1, 0.0, S(10), 0, NOCALLERS },
};
static const struct tentry same_agg[] = {
	{ K("A"), 1, 1, 0.0, S(10), 1, { { K(ROOT), 1, 1, 0.0, S(10) } } },
	{ K("B"), 1, 1, S(10), S(10), 1, { { K("A"), 1, 1, S(10), S(10) } } },
	{ K(ROOT), 1, 1, 0.0, S(10), 0, NOCALLERS },
};

static const struct tcase cases[] = {
	CASE("nesting", nest_reg, nest_calls, ROOT, 0, nest_paths, 0),
	CASE("nesting", nest_reg, nest_calls, ROOT, 1, nest_agg, 0),
	CASE("noroot", nest_reg, nest_calls, NULL, 0, nest_paths_noroot, 0),
	CASE("noroot", nest_reg, nest_calls, NULL, 1, nest_agg_noroot, 0),
	CASE("siblings", sib_reg, sib_calls, ROOT, 0, sib_paths, 0),
	CASE("siblings", sib_reg, sib_calls, ROOT, 1, sib_agg, 0),
	CASE("recursion", rec_reg, rec_calls, ROOT, 0, rec_paths, 0),
	CASE("recursion", rec_reg, rec_calls, ROOT, 1, rec_agg, 0),
	CASE("recursion4", rec4_reg, rec4_calls, ROOT, 0, rec4_paths, 0),
	CASE("recursion4", rec4_reg, rec4_calls, ROOT, 1, rec4_agg, 0),
	CASE("zero", zero_reg, zero_calls, ROOT, 0, zero_paths, 0),
	CASE("zero", zero_reg, zero_calls, ROOT, 1, zero_agg, 0),
	CASE("ztouch", ztouch_reg, ztouch_calls, ROOT, 0, ztouch_paths, 0),
	CASE("ztouch", ztouch_reg, ztouch_calls, ROOT, 1, ztouch_agg, 0),
	CASE("touching", touch_reg, touch_calls, ROOT, 0, touch_paths, 0),
	CASE("touching", touch_reg, touch_calls, ROOT, 1, touch_agg, 0),
	CASE("lanes", lanes_reg, lanes_calls, ROOT, 0, lanes_paths, 0),
	CASE("lanes", lanes_reg, lanes_calls, ROOT, 1, lanes_agg, 0),
	CASE("laneorder", lorder_reg, lorder_calls, ROOT, 0, lorder_paths, 0),
	CASE("laneorder", lorder_reg, lorder_calls, ROOT, 1, lorder_agg, 0),
	CASE("lanequirk", lquirk_reg, lquirk_calls, ROOT, 0, lquirk_paths, 0),
	CASE("lanequirk", lquirk_reg, lquirk_calls, ROOT, 1, lquirk_agg, 1),
	CASE("source", src_reg, src_calls, ROOT, 0, src_paths, 0),
	CASE("source", src_reg, src_calls, ROOT, 1, src_agg, 0),
	CASE("gtname", gt_reg, gt_calls, ROOT, 0, gt_paths, 0),
	CASE("gtname", gt_reg, gt_calls, ROOT, 1, gt_agg, 0),
	{ "empty", empty_reg, 1, empty_calls, 0, ROOT, 0, empty_want, 0, 0 },
	{ "empty", empty_reg, 1, empty_calls, 0, ROOT, 1, empty_want, 0, 0 },
	CASE("customroot", two_reg, two_calls, "custom root", 0, two_want, 0),
	CASE("customroot", two_reg, two_calls, "custom root", 1, two_want, 0),
	CASE("phases", ph_reg, ph_calls, ROOT, 0, ph_paths, 0),
	CASE("phases", ph_reg, ph_calls, ROOT, 1, ph_agg, 0),
	CASE("identical", same_reg, same_calls, ROOT, 0, same_paths, 0),
	CASE("identical", same_reg, same_calls, ROOT, 1, same_agg, 0),
};

/*
 * 20000 top-level calls: the root's total is numpy's sum (pairwise in
 * blocks of 8192, as numpy 1.24 computes it: the hex value below came
 * from numpy itself), the path's own total a plain left-to-right sum.
 */
static void
test_many_roots(void)
{
	const double np_sum = 0x1.03d1b03cd3f0dp+10;
	const double seq_sum = 0x1.03d1b03cd3ef5p+10;
	struct sp_pstats_region reg[] = { R("r") };
	struct sp_pstats_opts o = { 0 };
	struct sp_err e = { 0 };
	double seq = 0.0;
	int64_t t = 0, d;
	int i, k;

	o.root = ROOT;
	for (k = 0; k < 3; k++) {
		struct sp_pstats *p;
		struct sp_prof *prof;
		const struct sp_prof_entry *x;

		o.no_call_paths = k == 2;
		o.mem_limit = k == 1 ? 4096 : 0;
		p = sp_pstats_new(&o, 1, reg, NULL, &e);
		t = 0;
		seq = 0.0;
		for (i = 0; i < 20000; i++) {
			d = 1 + (int64_t)i * 7919 % 123456791;
			seq += S(d);
			if (sp_pstats_enter(p, 0, t, t + d, i, &e) == -1 ||
			    sp_pstats_leave(p, d, &e) == -1)
				break;
			t += d + 5;
		}
		prof = sp_pstats_finish(p, &e);
		CHECK(prof != NULL && sp_prof_len(prof) == 2, "many roots: %s",
		    e.msg);
		if (prof != NULL && sp_prof_len(prof) == 2) {
			x = sp_prof_entry(prof, 0);
			CHECK(x->st.nc == 20000 && x->st.tt == seq_sum &&
			    x->st.ct == seq_sum && seq == seq_sum,
			    "r sums left to right: %a", x->st.ct);
			x = sp_prof_entry(prof, 1);
			CHECK(x->st.ct == np_sum, "root total %a, numpy %a",
			    x->st.ct, np_sum);
		}
		sp_prof_free(prof);
		sp_pstats_free(p);
	}
}

/* Misuse and bad input are refused with a message, never a crash. */
static void
test_errors(void)
{
	struct sp_pstats_region reg[] = { R("a") };
	struct sp_pstats_opts o = { 0 };
	struct sp_err e = { 0 };
	struct sp_pstats *p;

	p = sp_pstats_new(&o, 1, reg, NULL, &e);
	CHECK(sp_pstats_enter(p, 1, 0, 1, 0, &e) == -1 &&
	    e.status == SP_EDATA, "unknown region");
	CHECK(sp_pstats_enter(p, 0, 5, 4, 0, &e) == -1 &&
	    e.status == SP_EDATA, "end before start");
	CHECK(sp_pstats_leave(p, 0, &e) == -1 && e.status == SP_EUSAGE,
	    "a close with nothing open");
	CHECK(sp_pstats_enter(p, 0, 5, 10, 0, &e) == 0, "a call");
	CHECK(sp_pstats_end_lane(p, &e) == -1 && e.status == SP_EUSAGE,
	    "a lane ended with a call open");
	CHECK(sp_pstats_enter(p, 0, 4, 10, 1, &e) == -1 &&
	    e.status == SP_EDATA && strstr(e.msg, "order") != NULL,
	    "out of canonical order: %s", e.msg);
	sp_pstats_free(p);

	o.one_lane = 1;
	p = sp_pstats_new(&o, 1, reg, NULL, &e);
	CHECK(sp_pstats_enter(p, 0, 0, 1, 0, &e) == 0 &&
	    sp_pstats_leave(p, 1, &e) == 0 && sp_pstats_end_lane(p, &e) == 0,
	    "one lane");
	CHECK(sp_pstats_enter(p, 0, 0, 1, 1, &e) == -1 &&
	    e.status == SP_EUSAGE, "a second lane after one_lane");
	sp_pstats_free(p);
	sp_pstats_free(NULL);
}

int
main(void)
{
	size_t i;

	/* The lane-order case must be able to tell the orders apart. */
	CHECK(LX != (S(170 * MS) + S(100 * MS)) + S(200 * MS),
	    "laneorder does not discriminate");
	for (i = 0; i < N(cases); i++)
		run(&cases[i]);
	python_check();
	test_many_roots();
	test_errors();
	scratch_done();
	if (!failed)
		printf("test-pstats: ok\n");
	return proftest_status();
}
