#include "sp_trace_emit.h"

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
	m->t = *t;
	if (keep(&m->tname, t->name, e) < 0)
		return -1;
	m->t.name = m->tname;
	m->lane_set = 1;
	m->lane_written = 0;
	return 0;
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

int
sp_trace_emit_open(struct sp_trace_emit *m, uint32_t region, uint64_t ts,
    uint64_t end, const struct sp_trace_args *a, struct sp_err *e)
{
	if (!m->lane_written && write_track(m, ts, e) < 0)
		return -1;
	if (sp_trace_open(m->w, ts, end, region, a, e) < 0)
		return -1;
	m->slices++;
	return 0;
}

int
sp_trace_emit_close(struct sp_trace_emit *m, uint64_t ts, struct sp_err *e)
{
	return sp_trace_close(m->w, ts, e);
}

int
sp_trace_emit_next(struct sp_trace_emit *m, struct sp_walk_iter *it,
    struct sp_trace_calls *c, struct sp_err *e)
{
	int ev;

	if (!m->lane_written || m->w->ops->calls == NULL)
		return sp_walk_next(it, e);
	c->opened = 0;
	ev = m->w->ops->calls(m->w, it, c, e);
	m->slices += c->opened;
	return ev;
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
