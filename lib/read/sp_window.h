/*
 * sp_window.h - the time window of sp-read --window START:END: which calls
 * a run keeps, and how they are cut to it.
 *
 * START and END are each a time relative to the run's start, with a unit
 * ("2.5s", "100ms", "250us", "40ns"; "0" alone is the start; a leading
 * "-" is before it), or absolute
 * nanoseconds after an "@" ("@1700000000000", "@-5"); either may be left
 * out ("100ms:", ":1s"), and the window then reaches that way without
 * bound.  The run's start is its start_time_ns metadata (the instant
 * scope-profiler counts a run's relative times from), or, for a profile
 * without one, the earliest start of any of its calls.
 *
 * The window is half-open, [START, END).  A call of positive length is
 * kept when it has time inside the window (start < END and end > START),
 * a call of no length when START <= start < END; a kept call is clipped
 * to the window, [max(start, START), min(end, END)], so that a call keeps
 * its positive length.  Clipping keeps nesting: a call inside another is
 * inside it after clipping too, and two calls that clipping makes equal
 * keep their order, the outer one first.  With inside (--window-inside)
 * only calls wholly inside the window are kept (START <= start, end <=
 * END; one of no length also start < END), unclipped.
 *
 * Ownership: plain values; nothing is allocated.
 */
#ifndef SP_WINDOW_H
#define SP_WINDOW_H

#include <stdint.h>

#include "sp_err.h"

/* One side of the window as given. */
struct sp_window_end {
	int given;	/* 0: no bound */
	int absolute;	/* "@" */
	int64_t ns;	/* absolute ns, or ns after the run's start */
};

struct sp_window {
	struct sp_window_end start, end;
	int inside;	/* keep only calls wholly inside, unclipped */
	char spec[96];	/* START:END as given, for messages and the run */
};

/*
 * The window of spec "START:END" (inside: --window-inside), or SP_EUSAGE
 * naming opt: no ":", a time without a unit or with a bad one, a START
 * not before END when both are relative or both absolute.
 */
int sp_window_parse(const char *opt, const char *spec, int inside,
    struct sp_window *w, struct sp_err *e);

/* Whether the window needs the run's start (a side is relative). */
int sp_window_relative(const struct sp_window *w);

/* The window of a run, in absolute ns, with INT64_MIN/MAX for no bound. */
struct sp_window_ns {
	int64_t lo, hi;
	int clip;	/* cut kept calls to [lo, hi] (not --window-inside) */
};

/* The window in absolute ns for a run that starts at origin. */
struct sp_window_ns sp_window_resolve(const struct sp_window *w,
    int64_t origin);

/* Whether call [s, e] is kept. */
static inline int
sp_window_keeps(const struct sp_window_ns *w, int64_t s, int64_t e)
{
	if (!w->clip)
		return w->lo <= s && e <= w->hi && (s < w->hi || w->hi ==
		    INT64_MAX);
	if (s == e)
		return w->lo <= s && (s < w->hi || w->hi == INT64_MAX);
	return s < w->hi && e > w->lo;
}

/* A kept call's start and end, clipped. */
static inline int64_t
sp_window_start(const struct sp_window_ns *w, int64_t s)
{
	return w->clip && s < w->lo ? w->lo : s;
}

static inline int64_t
sp_window_end(const struct sp_window_ns *w, int64_t e)
{
	return w->clip && e > w->hi ? w->hi : e;
}

#endif
