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
 *   calls     optional: the hot path, the opens and closes of a
 *             batch's walk (sp_walk.h) taken and written by the writer
 *             itself, as far as it can go on its own (struct
 *             sp_trace_calls): the event it leaves, the caller hands
 *             over by open and close.
 *
 * Slices nest as the calls do: a call opens after its parent, and all
 * the calls it holds close before it does, so that each track is a
 * well-nested sequence of opens and closes whose times never decrease
 * (zero-length and touching calls included: the order, not the times,
 * tells the nesting).  Times are ns from the trace's origin (>= 0).
 * That is what a walk hands out, once it has checked the stream; a
 * writer relies on it and checks none of it.
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
#include "sp_walk.h"
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
 * What the calls op needs besides the walk: the trace's origin (a call's
 * slice runs from its start - origin to its end - origin, >= 0), each
 * region's arguments (none when args is NULL), and a count it adds the
 * slices it opens to.
 */
struct sp_trace_calls {
	int64_t origin;
	const struct sp_trace_argtab *args;
	uint64_t opened;
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
	 * May be NULL.  Takes the next events of it, a walk begun on a
	 * batch of the lane whose track is written: a close ends the
	 * innermost slice at its call's end, an open begins the call's slice
	 * when the writer makes it on the hot path.  Returns the first event
	 * it leaves to the caller: SP_WALK_OPEN (it->c, whose slice it did
	 * not write), SP_WALK_LANE_END or SP_WALK_DONE; or SP_WALK_FAIL
	 * after filling e, the walk's failure or its own.
	 */
	int (*calls)(struct sp_trace_writer *w, struct sp_walk_iter *it,
	    struct sp_trace_calls *c, struct sp_err *e);
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
