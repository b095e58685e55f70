#include "sp_trace_emit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct sp_trace_emit {
	struct sp_trace_writer *w;
	uint32_t seqs;		/* lane tracks written */
	uint64_t slices;
	/* the rank: its track, to write with its first slice */
	struct sp_trace_process p;
	char *pname, *pdesc, *palign;
	int rank_set, rank_written;
	/* the lane */
	struct sp_trace_thread t;
	char *tname;
	int lane_set, lane_written;
	uint64_t last;		/* its latest time */
	uint64_t *ends;		/* its open slices' ends, root first */
	size_t depth, cap;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_trace_emit *
sp_trace_emit_new(struct sp_err *e)
{
	struct sp_trace_emit *m = calloc(1, sizeof *m);

	if (m == NULL)
		nomem(e);
	return m;
}

void
sp_trace_emit_free(struct sp_trace_emit *m)
{
	if (m == NULL)
		return;
	free(m->pname);
	free(m->pdesc);
	free(m->palign);
	free(m->tname);
	free(m->ends);
	free(m);
}

void
sp_trace_emit_begin(struct sp_trace_emit *m)
{
	m->w = NULL;
	m->seqs = 0;
	m->slices = 0;
	m->rank_set = m->rank_written = 0;
	m->lane_set = m->lane_written = 0;
	m->depth = 0;
}

void
sp_trace_emit_writer(struct sp_trace_emit *m, struct sp_trace_writer *w)
{
	m->w = w;
}

/* *dst = a copy of s. */
static int
keep(char **dst, const char *s, struct sp_err *e)
{
	size_t n = strlen(s) + 1;
	char *p = realloc(*dst, n);

	if (p == NULL)
		return nomem(e);
	memcpy(p, s, n);
	*dst = p;
	return 0;
}

int
sp_trace_emit_rank(struct sp_trace_emit *m, const struct sp_trace_process *p,
    struct sp_err *e)
{
	if (m->depth > 0)
		return sp_fail(e, SP_EUSAGE, "a rank begins inside a lane");
	m->p = *p;
	if (keep(&m->pname, p->name, e) < 0 ||
	    keep(&m->pdesc, p->desc, e) < 0 ||
	    keep(&m->palign, p->align, e) < 0)
		return -1;
	m->p.name = m->pname;
	m->p.desc = m->pdesc;
	m->p.align = m->palign;
	m->rank_set = 1;
	m->rank_written = 0;
	m->lane_set = 0;
	return 0;
}

int
sp_trace_emit_lane(struct sp_trace_emit *m, const struct sp_trace_thread *t,
    struct sp_err *e)
{
	if (sp_trace_emit_lane_end(m, e) < 0)
		return -1;
	m->t = *t;
	if (keep(&m->tname, t->name, e) < 0)
		return -1;
	m->t.name = m->tname;
	m->lane_set = 1;
	m->lane_written = 0;
	m->last = 0;
	return 0;
}

static int
close_to(struct sp_trace_emit *m, size_t depth, struct sp_err *e)
{
	while (m->depth > depth) {
		uint64_t end = m->ends[--m->depth];

		if (sp_trace_close(m->w, end, e) < 0)
			return -1;
		m->last = end;
	}
	return 0;
}

int
sp_trace_emit_lane_end(struct sp_trace_emit *m, struct sp_err *e)
{
	return close_to(m, 0, e);
}

/* The lane's track, and its rank's before it, at the first slice. */
static int
write_track(struct sp_trace_emit *m, uint64_t ts, struct sp_err *e)
{
	if (!m->rank_set || !m->lane_set || m->w == NULL)
		return sp_fail(e, SP_EUSAGE, "a slice outside a rank's lane, "
		    "or before the trace has a writer");
	m->t.seq = ++m->seqs;
	if (sp_trace_track(m->w, m->rank_written ? NULL : &m->p, &m->t, ts,
	    e) < 0)
		return -1;
	m->rank_written = m->lane_written = 1;
	return 0;
}

/* What sp_trace_emit_slice() refuses, said. */
static int __attribute__((noinline))
bad_slice(const struct sp_trace_emit *m, uint64_t ts, uint64_t end,
    struct sp_err *e)
{
	if (ts < m->last || end < ts)
		return sp_fail(e, SP_EDATA, "a call from %" PRIu64 " to %"
		    PRIu64 " ns goes back in time on its lane (at %" PRIu64
		    " ns)", ts, end, m->last);
	return sp_fail(e, SP_EDATA, "a call ending at %" PRIu64 " ns "
	    "outlives its parent, which ends at %" PRIu64 " ns", end,
	    m->ends[m->depth - 1]);
}

/* The lane's first slice, a depth beyond the open ones, a full stack. */
static int __attribute__((noinline))
slice_slow(struct sp_trace_emit *m, uint32_t depth, uint64_t ts,
    struct sp_err *e)
{
	uint64_t *p;
	size_t cap;

	if (!m->lane_written && write_track(m, ts, e) < 0)
		return -1;
	if (depth > m->depth)
		return sp_fail(e, SP_EDATA, "a call at depth %" PRIu32 " with "
		    "only %zu calls open around it", depth, m->depth);
	if (m->depth == m->cap) {
		cap = m->cap ? m->cap * 2 : 64;
		if ((p = realloc(m->ends, cap * sizeof *p)) == NULL)
			return nomem(e);
		m->ends = p;
		m->cap = cap;
	}
	return 0;
}

static inline int
slice(struct sp_trace_emit *m, uint32_t depth, uint32_t region, uint64_t ts,
    uint64_t end, const struct sp_trace_args *a, struct sp_err *e)
{
	size_t d = m->depth;

	if (!m->lane_written || depth > d || d == m->cap) {
		if (slice_slow(m, depth, ts, e) < 0)
			return -1;
	}
	/* the open slices at this depth or deeper end, deepest first */
	while (d > depth) {
		uint64_t at = m->ends[--d];

		m->depth = d;
		if (sp_trace_close(m->w, at, e) < 0)
			return -1;
		m->last = at;
	}
	if (ts < m->last || end < ts || (d > 0 && end > m->ends[d - 1]))
		return bad_slice(m, ts, end, e);
	if (sp_trace_open(m->w, ts, end, region, a, e) < 0)
		return -1;
	m->ends[d] = end;
	m->depth = d + 1;
	m->last = ts;
	m->slices++;
	return 0;
}

int
sp_trace_emit_slice(struct sp_trace_emit *m, uint32_t depth, uint32_t region,
    uint64_t ts, uint64_t end, const struct sp_trace_args *a,
    struct sp_err *e)
{
	return slice(m, depth, region, ts, end, a, e);
}

/* Call i of c through slice(). */
static inline int
call_at(struct sp_trace_emit *m, const struct sp_trace_calls *c, size_t i,
    const struct sp_trace_argtab *t, struct sp_err *e)
{
	uint32_t region = c->region[i];
	uint64_t ts = (uint64_t)c->start[i] - (uint64_t)c->origin;
	const struct sp_trace_args *a = NULL;

	if (t != NULL)
		a = region < t->n ? &t->args[region] : t->other;
	return slice(m, c->depth[i], region, ts,
	    ts + ((uint64_t)c->end[i] - (uint64_t)c->start[i]), a, e);
}

/* The loop of sp_trace_emit_calls(), for a table of arguments or none. */
static inline int
calls(struct sp_trace_emit *m, const struct sp_trace_calls *c,
    const struct sp_trace_argtab *t, struct sp_err *e)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (call_at(m, c, i, t, e) < 0)
			return -1;
	return 0;
}

/*
 * calls() for a writer with a calls op: it writes what it can, and the
 * call it stops at goes through slice(), which writes the track, grows
 * the stack, says what is wrong or opens the slice the long way; then
 * the writer goes on after it.
 */
static int
calls_handed(struct sp_trace_emit *m, const struct sp_trace_calls *c,
    struct sp_err *e)
{
	struct sp_trace_nest s;
	size_t i = 0, from;
	int rc;

	while (i < c->n) {
		if (m->lane_written) {
			s.ends = m->ends;
			s.depth = m->depth;
			s.cap = m->cap;
			s.last = m->last;
			from = i;
			rc = m->w->ops->calls(m->w, &s, c, &i, e);
			m->depth = s.depth;
			m->last = s.last;
			m->slices += i - from;
			if (rc < 0 || i == c->n)
				return rc;
		}
		if (call_at(m, c, i++, c->args, e) < 0)
			return -1;
	}
	return 0;
}

int
sp_trace_emit_calls(struct sp_trace_emit *m, const struct sp_trace_calls *c,
    struct sp_err *e)
{
	if (m->w != NULL && m->w->ops->calls != NULL)
		return calls_handed(m, c, e);
	/* a copy of the loop per case: without arguments it tests nothing */
	if (c->args == NULL)
		return calls(m, c, NULL, e);
	return calls(m, c, c->args, e);
}

uint64_t
sp_trace_emit_slices(const struct sp_trace_emit *m)
{
	return m->slices;
}

int
sp_trace_emit_rank_written(const struct sp_trace_emit *m)
{
	return m->rank_written;
}
