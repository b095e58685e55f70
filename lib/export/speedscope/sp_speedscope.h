/*
 * sp_speedscope.h - a streaming writer of one speedscope document
 * (https://www.speedscope.app/file-format-schema.json): evented profiles,
 * one per (rank, lane), sharing one frame table.
 *
 * Calls are fed in the order the call walk replays them: a profile is
 * begun, each call opens with its start and end and closes with its end,
 * deepest first, and the profile ends once all are closed.  Events are
 * written as they arrive, so memory is O(frames + regions + depth), never
 * O(calls).  Because nothing is held back, two things move against the
 * key order of scope-profiler's json.dump (JSON objects are unordered, and
 * speedscope does not care): "endValue" follows "events" in a profile, and
 * "shared" (whose frames are numbered as they are first opened) follows
 * "profiles".  Everything else, the separators (", " and ": ") and the
 * numbers are exactly what scope-profiler writes:
 *
 *   - one frame per region name, numbered in the order of their first
 *     written open, across the profiles of the document;
 *   - "at" in seconds is (double)ns / 1e9 - (double)origin_ns / 1e9,
 *     divided first and subtracted second, printed as Python's repr;
 *   - "startValue" is the first event's "at", "endValue" the last one's;
 *   - a profile with no calls is left out of the document.
 *
 * origin_ns must be the earliest start of any call of the document (over
 * all its profiles, before any min_duration filtering): the stream carries
 * it in the run item.  With unit_ns the times are instead the integers
 * ns - origin_ns and the unit is "nanoseconds": exact, and shorter.
 *
 * min_duration_ns > 0 leaves out every call shorter than that, together
 * with all the calls nested in it; sp_speedscope_dropped() counts them.
 *
 * Input is checked as it streams: a close that does not match the call on
 * top of the stack, a call that ends before it starts, or an event earlier
 * than the one before it in its profile is SP_EDATA, since speedscope
 * would refuse the document.  After any failure the document is lost:
 * only sp_speedscope_free() remains to be called.
 *
 * Ownership: the caller owns the writer (sp_speedscope_new/_free).  Strings
 * passed in are copied where they are kept; the write callback and its
 * context must outlive the writer.  The document is complete only after
 * sp_speedscope_finish(); freeing an unfinished writer just drops it.
 */
#ifndef SP_SPEEDSCOPE_H
#define SP_SPEEDSCOPE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_jsonw.h"

struct sp_speedscope_opts {
	const char *name;		/* document name: the run's label */
	const char *exporter;		/* NULL: "sp@<version>" */
	int64_t origin_ns;		/* earliest call start, see above */
	int unit_ns;			/* nonzero: integer ns */
	int64_t min_duration_ns;	/* > 0: drop shorter calls, see above */
};

struct sp_speedscope;

struct sp_speedscope *sp_speedscope_new(const struct sp_speedscope_opts *o,
    sp_write_fn *write, void *ctx, struct sp_err *e);
void sp_speedscope_free(struct sp_speedscope *w);

/*
 * The run's region table: names[id] for every region id the calls use.
 * May be called again between profiles (frames stay keyed by name).
 */
int sp_speedscope_set_regions(struct sp_speedscope *w,
    const char *const *names, size_t n, struct sp_err *e);

/* Start a profile; nothing is written until its first call opens. */
int sp_speedscope_begin_profile(struct sp_speedscope *w, const char *name,
    struct sp_err *e);
int sp_speedscope_open(struct sp_speedscope *w, uint32_t region,
    int64_t start_ns, int64_t end_ns, struct sp_err *e);
int sp_speedscope_close(struct sp_speedscope *w, uint32_t region,
    int64_t end_ns, struct sp_err *e);
/* End the profile: 1 if it was written, 0 if it had no calls left. */
int sp_speedscope_end_profile(struct sp_speedscope *w, struct sp_err *e);

/*
 * Write the frame table, close the document and flush it: returns the
 * number of profiles written (0 is a valid, empty document; whether that is
 * an error is the caller's call).
 */
int sp_speedscope_finish(struct sp_speedscope *w, struct sp_err *e);

/* Calls left out by min_duration_ns so far. */
uint64_t sp_speedscope_dropped(const struct sp_speedscope *w);
/* Bytes of JSON produced so far. */
uint64_t sp_speedscope_bytes(const struct sp_speedscope *w);

#endif
