/*
 * Unit test of sp_speedscope: golden documents for the shapes a call tree
 * can take, each written twice (fed directly, and fed by the real call
 * walker as sp-speedscope feeds it), the checks on bad input, and random
 * forests whose documents must balance and never go back in time.
 *
 * The goldens were checked against an independent model of the
 * reference's export (its DFS, frame numbering and float arithmetic,
 * serialized by Python's json.dumps): same document, byte for byte, once
 * "endValue" and "shared" are moved back to the reference's key order.
 *
 * test-speedscope --dump DIR also writes the documents of the golden cases
 * and of a few random ones to DIR/<case>.speedscope.json, for
 * tests/check-speedscope.sh to validate against speedscope's own schema.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_lane.h"
#include "sp_speedscope.h"
#include "sp_walk.h"
#include "check.h"

static const char *dump_dir;

/* A memory sink that can be told to fail after some bytes. */
struct mem {
	char *p;
	size_t len, cap;
	size_t fail_after;	/* 0: never */
};

static int
mem_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct mem *m = ctx;

	if (m->fail_after != 0 && m->len + n > m->fail_after)
		return sp_fail_errno(e, ENOSPC, "test sink");
	if (m->len + n + 1 > m->cap) {
		m->cap = (m->len + n + 1) * 2;
		if ((m->p = realloc(m->p, m->cap)) == NULL)
			abort();
	}
	memcpy(m->p + m->len, p, n);
	m->len += n;
	m->p[m->len] = '\0';
	return 0;
}

struct call {
	uint32_t region;
	int64_t start, end;
};

struct lane {
	uint32_t rank;
	int64_t lane;
	const struct call *calls;	/* region order, then recorded order */
	size_t n;
};

struct doc {
	const char *name;
	const char *const *regions;
	size_t nregions;
	const struct lane *lanes;
	size_t nlanes;
	int unit_ns;
	int64_t min_duration;
	int via_walker;		/* replay through sp_walk, as sp-speedscope */
};

/* Lane tables of rank 0 for the lane labels. */
static const struct sp_lane_thread threads[] = {
	{ 0, "MainThread" }, { 1, "w0" }, { 2, "w1" },
};
static const struct sp_lane_task tasks[] = {
	{ 7, "Task-3", "app.jobs.fetch", 0 },
};

/*
 * The reconstruction order: start ascending, end descending, ties kept in
 * input order (a stable insertion sort).
 */
static void
sort_calls(struct call *c, size_t n)
{
	struct call t;
	size_t i, j;

	for (i = 1; i < n; i++) {
		t = c[i];
		for (j = i; j > 0 && (c[j - 1].start > t.start ||
		    (c[j - 1].start == t.start && c[j - 1].end < t.end)); j--)
			c[j] = c[j - 1];
		c[j] = t;
	}
}

/*
 * Is call c closed when a call starts at s?  In doubled time a call ends
 * at 2 end, or at 2 start + 1 when it has zero length: a call ending at t
 * is closed for a call starting at t, a zero-length one at t is not.
 */
static int
closed_at(const struct call *c, int64_t s)
{
	int64_t e2 = c->end == c->start ? 2 * c->start + 1 : 2 * c->end;

	return e2 <= 2 * s;
}

/* A profile's name, with rank 0's lane tables above. */
static void
profile_name(char *name, size_t cap, uint32_t rank, int64_t lane)
{
	char label[256];

	sp_lane_label(label, sizeof label, lane, threads,
	    sizeof threads / sizeof threads[0], tasks,
	    sizeof tasks / sizeof tasks[0]);
	sp_lane_profile_name(name, cap, rank, lane, label);
}

/* Replay one lane as the walker would: opens, and closes deepest first. */
static int
replay(struct sp_speedscope *w, const struct lane *l, struct sp_err *e)
{
	struct call *c, **stack;
	char name[300];
	size_t i, depth = 0;
	int rc = -1;

	c = malloc((l->n + 1) * sizeof *c);
	stack = malloc((l->n + 1) * sizeof *stack);
	if (c == NULL || stack == NULL)
		abort();
	if (l->n > 0)
		memcpy(c, l->calls, l->n * sizeof *c);
	sort_calls(c, l->n);
	profile_name(name, sizeof name, l->rank, l->lane);
	if (sp_speedscope_begin_profile(w, name, e) != 0)
		goto out;
	for (i = 0; i < l->n; i++) {
		while (depth > 0 && closed_at(stack[depth - 1], c[i].start)) {
			depth--;
			if (sp_speedscope_close(w, stack[depth]->region,
			    stack[depth]->end, e) != 0)
				goto out;
		}
		if (sp_speedscope_open(w, c[i].region, c[i].start, c[i].end,
		    e) != 0)
			goto out;
		stack[depth++] = &c[i];
	}
	while (depth > 0) {
		depth--;
		if (sp_speedscope_close(w, stack[depth]->region,
		    stack[depth]->end, e) != 0)
			goto out;
	}
	rc = sp_speedscope_end_profile(w, e) < 0 ? -1 : 0;
out:
	free(c);
	free(stack);
	return rc;
}

/*
 * The glue sp-speedscope runs: the walk's events feed the writer, a
 * profile begins at the first call of a lane and ends with the lane.
 */
struct glue {
	struct sp_speedscope *w;
	int inlane;
};

static int
glue_open(struct glue *g, const struct sp_batch *b,
    const struct sp_walk_call *c, struct sp_err *e)
{
	char name[300];

	if (!g->inlane) {
		profile_name(name, sizeof name, b->rank, b->lane);
		if (sp_speedscope_begin_profile(g->w, name, e) != 0)
			return -1;
		g->inlane = 1;
	}
	return sp_speedscope_open(g->w, c->region, c->start, c->end, e);
}

static int
glue_lane_end(struct glue *g, struct sp_err *e)
{
	if (!g->inlane)
		return 0;
	g->inlane = 0;
	return sp_speedscope_end_profile(g->w, e) < 0 ? -1 : 0;
}

/* The batch through the walk into the writer. */
static int
glue_walk(struct glue *g, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct sp_walk_iter it;
	int rc = 0;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	while (rc == 0) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			rc = glue_open(g, b, it.c, e);
			break;
		case SP_WALK_CLOSE:
			rc = sp_speedscope_close(g->w, it.c->region,
			    it.c->end, e);
			break;
		case SP_WALK_LANE_END:
			rc = glue_lane_end(g, e);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return -1;
}

/* One lane as one call-stage batch (what sp-stack would send). */
static int
replay_walker(struct sp_speedscope *w, const struct lane *l,
    struct sp_err *e)
{
	struct glue g = { w, 0 };
	struct sp_walk *walker;
	struct sp_batch b = { 0 };
	struct call *c;
	size_t *stack, i, depth = 0, n = l->n + 1;
	int64_t *kids;
	int rc = -1;

	c = malloc(n * sizeof *c);
	stack = malloc(n * sizeof *stack);
	kids = calloc(n, sizeof *kids);
	b.start = malloc(n * sizeof *b.start);
	b.end = malloc(n * sizeof *b.end);
	b.region = malloc(n * sizeof *b.region);
	b.call = calloc(n, sizeof *b.call);
	b.depth = malloc(n * sizeof *b.depth);
	b.parent = malloc(n * sizeof *b.parent);
	b.self = malloc(n * sizeof *b.self);
	walker = sp_walk_new(NULL);
	if (c == NULL || stack == NULL || kids == NULL || b.start == NULL ||
	    b.end == NULL || b.region == NULL || b.call == NULL ||
	    b.depth == NULL || b.parent == NULL || b.self == NULL ||
	    walker == NULL)
		abort();
	if (l->n > 0)
		memcpy(c, l->calls, l->n * sizeof *c);
	sort_calls(c, l->n);
	for (i = 0; i < l->n; i++) {
		while (depth > 0 && closed_at(&c[stack[depth - 1]],
		    c[i].start)) {
			depth--;
			b.self[b.nclosed++] = c[stack[depth]].end -
			    c[stack[depth]].start - kids[stack[depth]];
		}
		if (depth > 0)
			kids[stack[depth - 1]] += c[i].end - c[i].start;
		b.start[i] = c[i].start;
		b.end[i] = c[i].end;
		b.region[i] = c[i].region;
		b.depth[i] = (uint32_t)depth;
		b.parent[i] = depth > 0 ? (int64_t)stack[depth - 1] : -1;
		stack[depth++] = i;
	}
	while (depth > 0) {
		depth--;
		b.self[b.nclosed++] = c[stack[depth]].end -
		    c[stack[depth]].start - kids[stack[depth]];
	}
	b.rank = l->rank;
	b.lane = l->lane;
	b.n = l->n;
	b.lane_end = 1;
	if (glue_walk(&g, walker, &b, e) == 0 &&
	    sp_walk_finish(walker, e) == 0)
		rc = 0;
	sp_walk_free(walker);
	free(c);
	free(stack);
	free(kids);
	free(b.start);
	free(b.end);
	free(b.region);
	free(b.call);
	free(b.depth);
	free(b.parent);
	free(b.self);
	return rc;
}

/* Write a whole document into m; returns the profile count or -1. */
static int
write_doc(const struct doc *d, struct mem *m, uint64_t *dropped,
    struct sp_err *e)
{
	struct sp_speedscope_opts o = { 0 };
	struct sp_speedscope *w;
	size_t i, j;
	int first = 1, rc = -1;

	/* The origin the run item carries: the earliest start of any call. */
	for (i = 0; i < d->nlanes; i++)
		for (j = 0; j < d->lanes[i].n; j++)
			if (first || d->lanes[i].calls[j].start < o.origin_ns) {
				o.origin_ns = d->lanes[i].calls[j].start;
				first = 0;
			}
	o.name = d->name;
	o.exporter = "sp@test";
	o.unit_ns = d->unit_ns;
	o.min_duration_ns = d->min_duration;
	if ((w = sp_speedscope_new(&o, mem_write, m, e)) == NULL)
		return -1;
	if (sp_speedscope_set_regions(w, d->regions, d->nregions, e) != 0)
		goto out;
	for (i = 0; i < d->nlanes; i++)
		if ((d->via_walker ? replay_walker(w, &d->lanes[i], e) :
		    replay(w, &d->lanes[i], e)) != 0)
			goto out;
	rc = sp_speedscope_finish(w, e);
	if (dropped != NULL)
		*dropped = sp_speedscope_dropped(w);
	if (rc >= 0 && sp_speedscope_bytes(w) != m->len) {
		printf("FAIL: %s: bytes %" PRIu64 " != written %zu\n", d->name,
		    sp_speedscope_bytes(w), m->len);
		failed = 1;
	}
out:
	sp_speedscope_free(w);
	return rc;
}

static void
dump(const char *tag, const struct mem *m)
{
	char path[4096];
	FILE *f;

	if (dump_dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/%s.speedscope.json", dump_dir, tag);
	if ((f = fopen(path, "w")) == NULL ||
	    fwrite(m->p, 1, m->len, f) != m->len || fclose(f) != 0) {
		printf("FAIL: cannot write %s\n", path);
		failed = 1;
	}
}

/*
 * Walk the events of a document's profiles as text: every profile must
 * balance (a close names the frame on top of the stack), its "at" values
 * must never decrease, and startValue/endValue must be its first and last.
 * Returns the number of events seen.
 */
static size_t
check_events(const char *tag, const char *doc)
{
	const char *p = doc, *q;
	uint32_t stack[4096];
	size_t depth = 0, nevents = 0;
	double at, last = 0, start = 0, end;
	char type;
	unsigned long frame;
	int first;

	while ((p = strstr(p, "{\"type\": \"evented\"")) != NULL) {
		q = strstr(p, "\"startValue\": ");
		CHECK(q != NULL, "%s: no startValue", tag);
		if (q == NULL)
			return nevents;
		start = strtod(q + 14, NULL);
		p = strstr(q, "\"events\": [") + 11;
		first = 1;
		while (*p == '{' || strncmp(p, ", {", 3) == 0) {
			if (*p == ',')
				p += 2;
			if (sscanf(p, "{\"type\": \"%c\", \"frame\": %lu",
			    &type, &frame) != 2) {
				CHECK(0, "%s: bad event at %.40s", tag, p);
				return nevents;
			}
			p = strstr(p, "\"at\": ") + 6;
			at = strtod(p, (char **)&q);
			p = q + 1;
			nevents++;
			CHECK(first ? at == start : at >= last,
			    "%s: event %zu at %.17g after %.17g", tag, nevents,
			    at, last);
			last = at;
			first = 0;
			if (type == 'O') {
				if (depth < sizeof stack / sizeof stack[0])
					stack[depth] = (uint32_t)frame;
				depth++;
			} else {
				CHECK(type == 'C' && depth > 0 &&
				    (depth > 4096 || stack[depth - 1] == frame),
				    "%s: event %zu closes frame %lu", tag,
				    nevents, frame);
				if (depth > 0)
					depth--;
			}
		}
		CHECK(depth == 0, "%s: %zu frames left open", tag, depth);
		depth = 0;
		CHECK(strncmp(p, "], \"endValue\": ", 15) == 0,
		    "%s: no endValue after the events", tag);
		end = strtod(p + 15, NULL);
		CHECK(end == last, "%s: endValue %.17g, last at %.17g", tag,
		    end, last);
	}
	return nevents;
}

static void
golden(const char *tag, const struct doc *d, int nprofiles,
    const char *want)
{
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	struct doc walked;
	int rc;

	rc = write_doc(d, &m, NULL, &e);
	CHECK(rc == nprofiles, "%s: %d profiles (want %d): %s", tag, rc,
	    nprofiles, e.msg);
	if (rc >= 0) {
		CHECK(strcmp(m.p, want) == 0, "%s:\n got: %s\nwant: %s", tag,
		    m.p, want);
		check_events(tag, m.p);
		dump(tag, &m);
	}
	free(m.p);

	/* The same document, driven by the real call walker. */
	memset(&m, 0, sizeof m);
	walked = *d;
	walked.via_walker = 1;
	rc = write_doc(&walked, &m, NULL, &e);
	CHECK(rc == nprofiles && strcmp(m.p, want) == 0,
	    "%s via sp_walk: %d profiles: %s\n got: %s", tag, rc, e.msg,
	    m.p ? m.p : "");
	free(m.p);
}

#define LEN(a) (sizeof (a) / sizeof (a)[0])
#define SCHEMA "https://www.speedscope.app/file-format-schema.json"
#define S(x) ((int64_t)((x) * 1000000000.0 + 0.5))

/* The reference's own nesting test, in seconds from 10.0. */
static const char *const nest_names[] = {
	"main", "setup", "solve", "assemble",
};
static const struct call nest_calls[] = {
	{ 0, S(10.0), S(11.0) },
	{ 1, S(10.0), S(10.2) },
	{ 2, S(10.2), S(10.9) },
	{ 3, S(10.3), S(10.6) },
};
static const struct lane nest_lanes[] = { { 0, -1, nest_calls, 4 } };

static void
test_nesting(void)
{
	struct doc d = { "nested", nest_names, 4, nest_lanes, 1, 0, 0, 0 };

	golden("nesting", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"nested\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 0.0}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 0.1999999999999993}, {\"type\": \"O\", "
	    "\"frame\": 2, \"at\": 0.1999999999999993}, "
	    "{\"type\": \"O\", \"frame\": 3, "
	    "\"at\": 0.3000000000000007}, {\"type\": \"C\", "
	    "\"frame\": 3, \"at\": 0.5999999999999996}, "
	    "{\"type\": \"C\", \"frame\": 2, "
	    "\"at\": 0.9000000000000004}, {\"type\": \"C\", "
	    "\"frame\": 0, \"at\": 1.0}], \"endValue\": 1.0}], "
	    "\"shared\": {\"frames\": [{\"name\": \"main\"}, "
	    "{\"name\": \"setup\"}, {\"name\": \"solve\"}, "
	    "{\"name\": \"assemble\"}]}}");
	d.unit_ns = 1;
	golden("nesting-ns", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"nested\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"nanoseconds\", "
	    "\"startValue\": 0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 0}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 200000000}, {\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 200000000}, {\"type\": \"O\", \"frame\": 3, "
	    "\"at\": 300000000}, {\"type\": \"C\", \"frame\": 3, "
	    "\"at\": 600000000}, {\"type\": \"C\", \"frame\": 2, "
	    "\"at\": 900000000}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1000000000}], \"endValue\": 1000000000}], "
	    "\"shared\": {\"frames\": [{\"name\": \"main\"}, "
	    "{\"name\": \"setup\"}, {\"name\": \"solve\"}, "
	    "{\"name\": \"assemble\"}]}}");
}

static void
test_recursion(void)
{
	static const char *const names[] = { "fib" };
	static const struct call calls[] = {
		{ 0, 0, 100 }, { 0, 10, 90 }, { 0, 60, 80 }, { 0, 120, 130 },
	};
	static const struct lane lanes[] = { { 0, -1, calls, 4 } };
	struct doc d = { "recursion", names, 1, lanes, 1, 0, 0, 0 };

	golden("recursion", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"recursion\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 1e-08}, {\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 6e-08}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 8e-08}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 9e-08}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1e-07}, {\"type\": \"O\", \"frame\": 0, "
	    "\"at\": 1.2e-07}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1.3e-07}], \"endValue\": 1.3e-07}], "
	    "\"shared\": {\"frames\": [{\"name\": \"fib\"}]}}");
}

static void
test_zero_length(void)
{
	/*
	 * tick(0,0) and tick(50,50) inside outer; two zero-length z at 200
	 * nest (O,O,C,C); z at a's end is a's sibling, at a's start its child.
	 */
	static const char *const names[] = { "outer", "tick", "z", "a" };
	static const struct call calls[] = {
		{ 0, 1000, 1100 },
		{ 1, 1000, 1000 }, { 1, 1050, 1050 },
		{ 2, 1200, 1200 }, { 2, 1200, 1200 }, { 2, 1310, 1310 },
		{ 2, 1300, 1300 },
		{ 3, 1300, 1310 },
	};
	static const struct lane lanes[] = { { 0, -1, calls, LEN(calls) } };
	struct doc d = { "zero", names, 4, lanes, 1, 0, 0, 0 };

	golden("zero-length", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"zero\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 0.0}, {\"type\": \"C\", \"frame\": 1, \"at\": 0.0}, "
	    "{\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 4.9999999999999945e-08}, {\"type\": \"C\", "
	    "\"frame\": 1, \"at\": 4.9999999999999945e-08}, "
	    "{\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1.000000000000001e-07}, {\"type\": \"O\", "
	    "\"frame\": 2, \"at\": 2e-07}, {\"type\": \"O\", "
	    "\"frame\": 2, \"at\": 2e-07}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 2e-07}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 2e-07}, {\"type\": \"O\", "
	    "\"frame\": 3, \"at\": 3.000000000000001e-07}, "
	    "{\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 3.000000000000001e-07}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 3.000000000000001e-07}, "
	    "{\"type\": \"C\", \"frame\": 3, \"at\": 3.1e-07}, "
	    "{\"type\": \"O\", \"frame\": 2, \"at\": 3.1e-07}, "
	    "{\"type\": \"C\", \"frame\": 2, \"at\": 3.1e-07}], "
	    "\"endValue\": 3.1e-07}], "
	    "\"shared\": {\"frames\": [{\"name\": \"outer\"}, "
	    "{\"name\": \"tick\"}, {\"name\": \"z\"}, {\"name\": \"a\"}]}}");
}

static void
test_equal_times(void)
{
	/*
	 * Identical intervals: the region listed first is the parent.
	 * a(0,10), a(10,20) touch: siblings; z(10,10) is a child of the second.
	 */
	static const char *const names[] = { "A", "B", "a", "z" };
	static const struct call calls[] = {
		{ 0, 5, 15 }, { 1, 5, 15 },
		{ 2, 20, 30 }, { 2, 30, 40 },
		{ 3, 30, 30 },
	};
	static const struct lane lanes[] = { { 0, -1, calls, LEN(calls) } };
	struct doc d = { "equal", names, 4, lanes, 1, 0, 0, 0 };

	golden("equal-times", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"equal\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 0.0}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 9.999999999999999e-09}, {\"type\": \"C\", "
	    "\"frame\": 0, \"at\": 9.999999999999999e-09}, "
	    "{\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 1.5000000000000002e-08}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 2.5e-08}, {\"type\": \"O\", "
	    "\"frame\": 2, \"at\": 2.5e-08}, {\"type\": \"O\", "
	    "\"frame\": 3, \"at\": 2.5e-08}, {\"type\": \"C\", "
	    "\"frame\": 3, \"at\": 2.5e-08}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 3.5e-08}], "
	    "\"endValue\": 3.5e-08}], "
	    "\"shared\": {\"frames\": [{\"name\": \"A\"}, "
	    "{\"name\": \"B\"}, {\"name\": \"a\"}, {\"name\": \"z\"}]}}");
}

static void
test_ranks(void)
{
	/* Rank 1 holds the origin; frames are shared, numbered by first use. */
	static const char *const names[] = {
		"main", "setup", "solve", "assemble",
	};
	static const struct call r0[] = {
		{ 0, S(2.5), S(3.5) }, { 2, S(2.75), S(3.25) },
	};
	static const struct call r1[] = {
		{ 0, S(2.0), S(3.0) }, { 1, S(2.1), S(2.2) },
		{ 3, S(2.3), S(2.9) },
	};
	static const struct lane lanes[] = {
		{ 0, -1, r0, LEN(r0) }, { 1, -1, r1, LEN(r1) },
	};
	struct doc d = { "two ranks", names, 4, lanes, 2, 0, 0, 0 };

	golden("ranks", &d, 2,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"two ranks\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.5, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.5}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 0.75}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 1.25}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1.5}], \"endValue\": 1.5}, "
	    "{\"type\": \"evented\", \"name\": \"rank 1\", "
	    "\"unit\": \"seconds\", \"startValue\": 0.0, "
	    "\"events\": [{\"type\": \"O\", \"frame\": 0, \"at\": 0.0}, "
	    "{\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 0.10000000000000009}, {\"type\": \"C\", "
	    "\"frame\": 2, \"at\": 0.20000000000000018}, "
	    "{\"type\": \"O\", \"frame\": 3, "
	    "\"at\": 0.2999999999999998}, {\"type\": \"C\", "
	    "\"frame\": 3, \"at\": 0.8999999999999999}, "
	    "{\"type\": \"C\", \"frame\": 0, \"at\": 1.0}], "
	    "\"endValue\": 1.0}], "
	    "\"shared\": {\"frames\": [{\"name\": \"main\"}, "
	    "{\"name\": \"solve\"}, {\"name\": \"setup\"}, "
	    "{\"name\": \"assemble\"}]}}");
}

static void
test_lanes(void)
{
	/*
	 * Lanes in ascending id, as split_by_lane gives them: threads w1 (-4)
	 * and w0 (-3) overlap freely, then MainThread (-2), the calls of no
	 * known thread (-1), a task and an unknown task; an empty lane is left
	 * out of the document.
	 */
	static const char *const names[] = { "outer", "inner", "io" };
	static const struct call w1[] = { { 0, 10, 110 }, { 1, 30, 50 } };
	static const struct call w0[] = { { 0, 0, 100 }, { 1, 20, 40 } };
	static const struct call main_[] = { { 0, 5, 200 } };
	static const struct call none[] = { { 1, 7, 8 } };
	static const struct call task[] = { { 2, 60, 90 } };
	static const struct call task9[] = { { 2, 61, 62 } };
	static const struct lane lanes[] = {
		{ 0, -4, w1, 2 }, { 0, -3, w0, 2 }, { 0, -2, main_, 1 },
		{ 0, -1, none, 1 }, { 0, 5, NULL, 0 }, { 0, 7, task, 1 },
		{ 0, 9, task9, 1 },
	};
	struct doc d = { "threads", names, 3, lanes, LEN(lanes), 0, 0, 0 };

	golden("lanes", &d, 6,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"threads\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0 - w1\", \"unit\": \"seconds\", "
	    "\"startValue\": 1e-08, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 1e-08}, {\"type\": \"O\", "
	    "\"frame\": 1, \"at\": 3e-08}, {\"type\": \"C\", "
	    "\"frame\": 1, \"at\": 5e-08}, {\"type\": \"C\", "
	    "\"frame\": 0, \"at\": 1.1e-07}], "
	    "\"endValue\": 1.1e-07}, {\"type\": \"evented\", "
	    "\"name\": \"rank 0 - w0\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 2e-08}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 4e-08}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 1e-07}], \"endValue\": 1e-07}, "
	    "{\"type\": \"evented\", "
	    "\"name\": \"rank 0 - MainThread\", \"unit\": \"seconds\", "
	    "\"startValue\": 5e-09, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 5e-09}, {\"type\": \"C\", "
	    "\"frame\": 0, \"at\": 2e-07}], \"endValue\": 2e-07}, "
	    "{\"type\": \"evented\", \"name\": \"rank 0\", "
	    "\"unit\": \"seconds\", \"startValue\": 7e-09, "
	    "\"events\": [{\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 7e-09}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 8e-09}], \"endValue\": 8e-09}, "
	    "{\"type\": \"evented\", "
	    "\"name\": \"rank 0 - Task-3 (fetch) on MainThread\", "
	    "\"unit\": \"seconds\", \"startValue\": 6e-08, "
	    "\"events\": [{\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 6e-08}, {\"type\": \"C\", \"frame\": 2, "
	    "\"at\": 9e-08}], \"endValue\": 9e-08}, "
	    "{\"type\": \"evented\", \"name\": \"rank 0 - task 9\", "
	    "\"unit\": \"seconds\", \"startValue\": 6.1e-08, "
	    "\"events\": [{\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 6.1e-08}, {\"type\": \"C\", \"frame\": 2, "
	    "\"at\": 6.2e-08}], \"endValue\": 6.2e-08}], "
	    "\"shared\": {\"frames\": [{\"name\": \"outer\"}, "
	    "{\"name\": \"inner\"}, {\"name\": \"io\"}]}}");
}

static void
test_escaping(void)
{
	static const char *const names[] = {
		"na\xc3\xafve \"q\" \\ /", "\xf0\x9f\x98\x80\t\x7f", "bad\xff",
	};
	static const struct call calls[] = {
		{ 0, 0, 30 }, { 1, 10, 20 }, { 2, 20, 30 },
	};
	static const struct lane lanes[] = { { 3, -1, calls, 3 } };
	struct doc d = {
		"r\xc3\xa9sum\xc3\xa9 \"x\"", names, 3, lanes, 1, 0, 0, 0,
	};

	golden("escaping", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", "
	    "\"name\": \"r\\u00e9sum\\u00e9 \\\"x\\\"\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 3\", \"unit\": \"seconds\", "
	    "\"startValue\": 0.0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0.0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 1e-08}, {\"type\": \"C\", \"frame\": 1, "
	    "\"at\": 2e-08}, {\"type\": \"O\", \"frame\": 2, "
	    "\"at\": 2e-08}, {\"type\": \"C\", \"frame\": 2, "
	    "\"at\": 3e-08}, {\"type\": \"C\", \"frame\": 0, "
	    "\"at\": 3e-08}], \"endValue\": 3e-08}], "
	    "\"shared\": {\"frames\": [{\"name\": \"na\\u00efve \\\"q\\\" \\\\ /\"}, "
	    "{\"name\": \"\\ud83d\\ude00\\t\\u007f\"}, "
	    "{\"name\": \"bad\\udcff\"}]}}");
}

static void
test_empty(void)
{
	static const char *const names[] = { "never" };
	static const struct lane lanes[] = { { 0, -1, NULL, 0 } };
	struct doc d = { "empty", names, 1, lanes, 1, 0, 0, 0 };

	golden("empty", &d, 0,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"empty\", "
	    "\"activeProfileIndex\": 0, \"profiles\": [], "
	    "\"shared\": {\"frames\": []}}");
}

static void
test_min_duration(void)
{
	/* Drops the 3 ns call with its two children and the 1 ns root. */
	static const char *const names[] = { "main", "tiny", "leaf", "big" };
	static const struct call calls[] = {
		{ 0, 0, 100 },
		{ 1, 10, 13 }, { 2, 10, 11 }, { 2, 12, 13 },
		{ 3, 20, 90 }, { 1, 200, 201 },
	};
	static const struct lane lanes[] = { { 0, -1, calls, LEN(calls) } };
	struct doc d = { "pruned", names, 4, lanes, 1, 1, 5, 0 };
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	uint64_t dropped = 0;

	golden("min-duration", &d, 1,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"pruned\", "
	    "\"activeProfileIndex\": 0, "
	    "\"profiles\": [{\"type\": \"evented\", "
	    "\"name\": \"rank 0\", \"unit\": \"nanoseconds\", "
	    "\"startValue\": 0, \"events\": [{\"type\": \"O\", "
	    "\"frame\": 0, \"at\": 0}, {\"type\": \"O\", \"frame\": 1, "
	    "\"at\": 20}, {\"type\": \"C\", \"frame\": 1, \"at\": 90}, "
	    "{\"type\": \"C\", \"frame\": 0, \"at\": 100}], "
	    "\"endValue\": 100}], "
	    "\"shared\": {\"frames\": [{\"name\": \"main\"}, "
	    "{\"name\": \"big\"}]}}");
	CHECK(write_doc(&d, &m, &dropped, &e) == 1, "min-duration: %s", e.msg);
	CHECK(dropped == 4, "min-duration: %" PRIu64 " dropped, want 4",
	    dropped);
	free(m.p);

	/* Everything dropped: the profile is left out. */
	d.min_duration = 1000;
	golden("min-duration-all", &d, 0,
	    "{\"$schema\": \"" SCHEMA "\", "
	    "\"exporter\": \"sp@test\", \"name\": \"pruned\", "
	    "\"activeProfileIndex\": 0, \"profiles\": [], "
	    "\"shared\": {\"frames\": []}}");
}

/* Feed raw events and expect a failure whose message contains want. */
static void
expect_fail(const char *tag, int (*feed)(struct sp_speedscope *,
    struct sp_err *), enum sp_status status, const char *want)
{
	static const char *const names[] = { "a", "b", "new\nline" };
	struct sp_speedscope_opts o = { "bad", NULL, 0, 0, 0 };
	struct sp_speedscope *w;
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	int rc;

	w = sp_speedscope_new(&o, mem_write, &m, &e);
	CHECK(w != NULL, "%s: new: %s", tag, e.msg);
	if (w == NULL)
		return;
	CHECK(sp_speedscope_set_regions(w, names, 3, &e) == 0, "%s", e.msg);
	rc = feed(w, &e);
	CHECK(rc < 0 && e.status == status && strstr(e.msg, want) != NULL,
	    "%s: rc %d status %d msg \"%s\", want \"%s\"", tag, rc,
	    (int)e.status, e.msg, want);
	sp_speedscope_free(w);
	free(m.p);
}

static int
feed_mismatch(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0 ||
	    sp_speedscope_open(w, 0, 0, 10, e) != 0 ||
	    sp_speedscope_open(w, 1, 2, 5, e) != 0)
		return 0;
	return sp_speedscope_close(w, 0, 10, e);
}

static int
feed_backwards(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0 ||
	    sp_speedscope_open(w, 0, 10, 20, e) != 0 ||
	    sp_speedscope_close(w, 0, 20, e) != 0)
		return 0;
	return sp_speedscope_open(w, 1, 15, 30, e);
}

static int
feed_overlap(struct sp_speedscope *w, struct sp_err *e)
{
	/* b starts inside a and ends after it: a's close comes too late. */
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0 ||
	    sp_speedscope_open(w, 0, 0, 10, e) != 0 ||
	    sp_speedscope_open(w, 1, 5, 20, e) != 0 ||
	    sp_speedscope_close(w, 1, 20, e) != 0)
		return 0;
	return sp_speedscope_close(w, 0, 10, e);
}

static int
feed_unbalanced(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0 ||
	    sp_speedscope_open(w, 0, 0, 10, e) != 0)
		return 0;
	return sp_speedscope_end_profile(w, e);
}

static int
feed_region(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0)
		return 0;
	return sp_speedscope_open(w, 3, 0, 10, e);
}

static int
feed_newline(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0 - it's", e) != 0)
		return 0;
	return sp_speedscope_open(w, 2, 10, 5, e);
}

static int
feed_reversed(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0)
		return 0;
	return sp_speedscope_open(w, 0, 10, 5, e);
}

static int
feed_no_profile(struct sp_speedscope *w, struct sp_err *e)
{
	return sp_speedscope_open(w, 0, 0, 10, e);
}

static int
feed_finish_inside(struct sp_speedscope *w, struct sp_err *e)
{
	if (sp_speedscope_begin_profile(w, "rank 0", e) != 0)
		return 0;
	return sp_speedscope_finish(w, e);
}

static void
test_bad_input(void)
{
	expect_fail("mismatch", feed_mismatch, SP_EDATA,
	    "'a' call closes at 10 ns, but the open call is 'b' ending at "
	    "5 ns");
	expect_fail("backwards", feed_backwards, SP_EDATA,
	    "'b' call opens at 15 ns, before the previous event at 20 ns");
	expect_fail("overlap", feed_overlap, SP_EDATA,
	    "'a' call closes at 10 ns, before the previous event at 20 ns");
	expect_fail("unbalanced", feed_unbalanced, SP_EDATA,
	    "profile 'rank 0' ends with 1 calls still open");
	expect_fail("region", feed_region, SP_EDATA,
	    "region id 3 is not in the region table (3 regions)");
	/* Names are quoted as Python's repr: the message stays one line. */
	expect_fail("newline", feed_newline, SP_EDATA,
	    "profile \"rank 0 - it's\": 'new\\nline' call ends at 5 ns");
	expect_fail("reversed", feed_reversed, SP_EDATA,
	    "'a' call ends at 5 ns, before it starts at 10 ns");
	expect_fail("no profile", feed_no_profile, SP_EUSAGE,
	    "outside a profile");
	expect_fail("finish inside", feed_finish_inside, SP_EUSAGE,
	    "inside a profile");
}

static void
test_write_error(void)
{
	static const char *const names[] = { "a" };
	struct sp_speedscope_opts o = { "x", NULL, 0, 0, 0 };
	struct sp_speedscope *w;
	struct mem m = { 0 };
	struct sp_err e = { 0 };
	int64_t i;
	int rc = 0;

	/* Fails at the first flush, with the sink's message. */
	m.fail_after = 1;
	w = sp_speedscope_new(&o, mem_write, &m, &e);
	if (w == NULL || sp_speedscope_set_regions(w, names, 1, &e) != 0 ||
	    sp_speedscope_begin_profile(w, "rank 0", &e) != 0) {
		CHECK(0, "write error setup: %s", e.msg);
		goto out;
	}
	for (i = 0; rc == 0 && i < 100000; i++)
		if ((rc = sp_speedscope_open(w, 0, 2 * i, 2 * i + 1, &e)) == 0)
			rc = sp_speedscope_close(w, 0, 2 * i + 1, &e);
	CHECK(rc < 0 && e.status == SP_EIO &&
	    strstr(e.msg, "test sink: No space left on device") != NULL,
	    "write error: rc %d, \"%s\"", rc, e.msg);
	CHECK(m.len == 0, "%zu bytes reached a failed sink", m.len);
out:
	sp_speedscope_free(w);
	free(m.p);
}

static uint64_t
rnd(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A random properly nested forest in [lo, hi), appended to c. */
static void
gen_forest(uint64_t *seed, int64_t lo, int64_t hi, int depth,
    struct call *c, size_t *n, size_t max)
{
	int64_t s, e;

	while (lo < hi && *n < max) {
		s = lo + (int64_t)(rnd(seed) % (uint64_t)(hi - lo));
		e = s + (int64_t)(rnd(seed) % (uint64_t)(hi - s + 1));
		if (rnd(seed) % 8 == 0)
			e = s;
		c[(*n)++] = (struct call){ (uint32_t)(rnd(seed) % 5), s, e };
		if (depth < 12 && e > s)
			gen_forest(seed, s, e, depth + 1, c, n, max);
		lo = e + (int64_t)(rnd(seed) % 3);
	}
}

static void
test_random(void)
{
	static const char *const names[] = { "p", "q", "r", "s", "t" };
	struct call *calls[3];
	struct lane lanes[3];
	struct doc d = { "random", names, 5, lanes, 3, 0, 0, 0 };
	struct mem m;
	struct sp_err e = { 0 };
	uint64_t seed = 42, dropped;
	size_t n, i, events, total;
	int round, rc;

	for (round = 0; round < 200; round++) {
		total = 0;
		for (i = 0; i < 3; i++) {
			calls[i] = malloc(2000 * sizeof *calls[i]);
			n = 0;
			gen_forest(&seed, 1000000000000 + (int64_t)i * 7,
			    1000000000000 + 1000000 +
			    (int64_t)(rnd(&seed) % 1000), 0, calls[i], &n,
			    2000);
			lanes[i] = (struct lane){ (uint32_t)i / 2,
			    i == 2 ? -1 : -2 - (int64_t)i, calls[i], n };
			total += n;
		}
		d.unit_ns = round % 2;
		d.via_walker = round % 4 >= 2;
		d.min_duration = round % 3 == 0 ? 1000 : 0;
		memset(&m, 0, sizeof m);
		rc = write_doc(&d, &m, &dropped, &e);
		CHECK(rc >= 0, "random %d: %s", round, e.msg);
		if (rc >= 0) {
			events = check_events("random", m.p);
			CHECK(events == 2 * (total - dropped),
			    "random %d: %zu events for %zu calls, %" PRIu64
			    " dropped", round, events, total, dropped);
			if (round < 4) {
				char tag[32];

				snprintf(tag, sizeof tag, "random-%d", round);
				dump(tag, &m);
			}
		}
		free(m.p);
		for (i = 0; i < 3; i++)
			free(calls[i]);
	}
}

int
main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--dump") == 0)
		dump_dir = argv[2];
	test_nesting();
	test_recursion();
	test_zero_length();
	test_equal_times();
	test_ranks();
	test_lanes();
	test_escaping();
	test_empty();
	test_min_duration();
	test_bad_input();
	test_write_error();
	test_random();
	if (failed)
		return 1;
	printf("ok\n");
	return 0;
}
