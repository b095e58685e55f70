/*
 * sp_trace.h - what a timeline writer is handed, whatever its format:
 * tracks (a process per rank, a thread per lane) and the slices of the
 * calls on them, in the order of the call stream.
 *
 * Both writers (sp_perfetto.h, Perfetto's protobuf TrackEvents, and
 * sp_trace_chrome.h, Chrome's Trace Event JSON) share this interface, so that
 * the exporter (sp_trace_export.h) is the same for both:
 *
 *   track     a lane begins: its thread track, and before it the
 *             process track of its rank when this is the rank's first
 *             lane in the trace (p not NULL);
 *   open      a call's slice begins at ts and will end at end, with its
 *             region's name and its arguments;
 *   close     the innermost open slice ends at ts;
 *   finish    the last slice is closed: end the trace, with what the
 *             trace says of itself (m);
 *   calls     optional: the hot path, a batch's calls nested and
 *             written by the writer itself, as far as it can go on its
 *             own (struct sp_trace_calls, struct sp_trace_nest): what
 *             it leaves, the emitter hands over by open and close.
 *
 * Slices nest as the calls do: a call opens after its parent, and all
 * the calls it holds close before it does, so that each track is a
 * well-nested sequence of opens and closes whose times never decrease
 * (zero-length and touching calls included: the order, not the times,
 * tells the nesting).  Times are ns from the trace's origin (>= 0).
 *
 * Ownership: a writer borrows the region names for its life, and the
 * write callback's context; what the calls hand it (names, arguments) is
 * only read during the call.  Freeing an unfinished writer drops what it
 * would have written.
 */
#ifndef SP_TRACE_H
#define SP_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

/* Which of a slice's optional numbers are there. */
enum {
	SP_TRACE_CALL_ID = 1,	/* the profile's call id */
	SP_TRACE_GPU = 2,	/* device time of the call, ns */
	SP_TRACE_AWAIT = 4,	/* time its task spent awaiting inside it, ns */
};

/*
 * What a slice shows besides its name: where the profile has it.  The
 * source location is its region's on its rank: source_key, when not 0,
 * says so, as the same number for every call of the rank, so that a
 * writer may encode a region's location once per key.
 */
struct sp_trace_args {
	const char *file;	/* source file, NULL when unknown */
	size_t file_len;
	int64_t line;		/* source line, < 0 when unknown */
	uint64_t source_key;	/* 0, or the same per (rank, region) */
	unsigned has;		/* SP_TRACE_* bits */
	int64_t call_id, gpu_ns, await_ns;
	const char *meta;	/* per-call metadata, one JSON value; or NULL */
	size_t meta_len;
};

/*
 * Arguments by region, for calls whose arguments depend on their region
 * alone: args[region] below n, other past it.
 */
struct sp_trace_argtab {
	const struct sp_trace_args *args;
	size_t n;
	const struct sp_trace_args *other;
};

/* A rank's process track. */
struct sp_trace_process {
	uint32_t rank;
	int32_t pid;		/* rank + 1: never 0, which viewers treat apart */
	uint64_t uuid;		/* unique in the trace, apart from the threads' */
	const char *name;	/* "<run label> rank N" */
	const char *desc;	/* the run, the alignment: a sentence or two */
	const char *align;	/* "none", "start", "region:NAME" */
	int64_t shift_ns;	/* how far --align moved the rank */
};

/* A lane's thread track; its sequence of packets has the same number. */
struct sp_trace_thread {
	uint32_t seq;		/* 1, 2, ...: the lane's place in the trace */
	int32_t pid;
	int64_t tid;		/* (rank + 1) * 65536 + k: unique in the trace */
	int32_t order;		/* k, the lane's place in its rank (1, 2, ...) */
	const char *name;	/* as sp-speedscope names the lane */
};

/* The shift of one rank, for the trace's metadata. */
struct sp_trace_shift {
	uint32_t rank;
	int64_t ns;
};

/* What the trace says of itself at its end (JSON: its "metadata"). */
struct sp_trace_meta {
	const char *label;	/* the run's label */
	const char *source;	/* its profile's path */
	const char *exporter;	/* "sp@VERSION" */
	const char *align;	/* as in struct sp_trace_process */
	const struct sp_trace_shift *shifts;
	size_t nshifts;
	int64_t min_duration_ns;	/* 0: none */
	uint64_t dropped;	/* calls left out by it */
};

/*
 * A batch's calls, in the stream's order: call i at depth[i] of its
 * lane, from start[i] - origin (>= 0), for end[i] - start[i] ns, with
 * its region's entry of args (none when args is NULL).
 */
struct sp_trace_calls {
	const uint32_t *depth, *region;
	const int64_t *start, *end;
	size_t n;
	int64_t origin;
	const struct sp_trace_argtab *args;
};

/* A lane's open slices, which the calls op carries on. */
struct sp_trace_nest {
	uint64_t *ends;		/* their ends, root first */
	size_t depth, cap;	/* how many are open; the room in ends */
	uint64_t last;		/* the lane's latest time */
};

struct sp_trace_writer;

struct sp_trace_writer_ops {
	int (*track)(struct sp_trace_writer *w, const struct sp_trace_process *p,
	    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e);
	int (*open)(struct sp_trace_writer *w, uint64_t ts, uint64_t end,
	    uint32_t region, const struct sp_trace_args *a, struct sp_err *e);
	int (*close)(struct sp_trace_writer *w, uint64_t ts, struct sp_err *e);
	int (*finish)(struct sp_trace_writer *w, const struct sp_trace_meta *m,
	    struct sp_err *e);
	void (*free)(struct sp_trace_writer *w);
	/*
	 * May be NULL.  From call *i of c on, each call first closes the
	 * open slices at its depth or deeper, deepest first, each at its
	 * end, then opens its own; s says what is open and moves on with
	 * it.  The writer stops with *i at a call it leaves to open and
	 * close: before its closes when its depth is beyond the open
	 * slices or s is full; after them when its times go back (before
	 * s->last), end before they start or outlive its parent, or when
	 * its slice is not one the writer makes on the hot path.  *i is
	 * c->n when all are written.  Returns 0, or -1 after filling e.
	 */
	int (*calls)(struct sp_trace_writer *w, struct sp_trace_nest *s,
	    const struct sp_trace_calls *c, size_t *i, struct sp_err *e);
};

/* Each writer's struct starts with this. */
struct sp_trace_writer {
	const struct sp_trace_writer_ops *ops;
};

static inline int
sp_trace_track(struct sp_trace_writer *w, const struct sp_trace_process *p,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	return w->ops->track(w, p, t, ts, e);
}

static inline int
sp_trace_open(struct sp_trace_writer *w, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	return w->ops->open(w, ts, end, region, a, e);
}

static inline int
sp_trace_close(struct sp_trace_writer *w, uint64_t ts, struct sp_err *e)
{
	return w->ops->close(w, ts, e);
}

static inline int
sp_trace_finish(struct sp_trace_writer *w, const struct sp_trace_meta *m,
    struct sp_err *e)
{
	return w->ops->finish(w, m, e);
}

static inline void
sp_trace_writer_free(struct sp_trace_writer *w)
{
	if (w != NULL)
		w->ops->free(w);
}

#endif
