/*
 * sp_progress.h - the text of a progress line, such as sp-read's
 *
 *     sp-read: run.h5: 12.3M of 50.0M calls, 24.1M calls/s, ETA 0:02
 *
 * and, once a file is done,
 *
 *     sp-read: run.h5: 50.0M of 50.0M calls, 24.1M calls/s, done in 0:02
 *
 * Counts below 1000 are written whole, larger ones with one decimal and k,
 * M, G or T (powers of 1000); durations as M:SS, or H:MM:SS from an hour
 * on.  The caller measures the rate, and decides when to show the line
 * (libsp never prints).
 *
 * Ownership: nothing is allocated; the line goes to the caller's buffer.
 */
#ifndef SP_PROGRESS_H
#define SP_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

/* Room for a count or a duration as written here. */
#define SP_PROGRESS_NUM_MAX 32

/* v as "999", "1.0k", "12.3M" (NUL-terminated); returns its length. */
size_t sp_progress_count(char *buf, uint64_t v);
/* s seconds, rounded down, as "0:02", "59:59", "1:00:00"; its length. */
size_t sp_progress_duration(char *buf, double s);

/*
 * The line "PROG: NAME: DONE of TOTAL calls, RATE calls/s, ETA T", T being
 * the calls left at rate calls a second, rounded up; when final, "done in
 * T", T being seconds.  A rate of 0 or less is unknown: "- calls/s, ETA ?".
 * No newline; NUL-terminated and cut to fit cap bytes; returns its length.
 */
size_t sp_progress_line(char *buf, size_t cap, const char *prog,
    const char *name, uint64_t done, uint64_t total, double rate,
    double seconds, int final);

/*
 * When a progress line is due, and what it says.  The caller reads a
 * monotonic clock (seconds) and feeds the meter: _start when a file
 * starts (its pre-pass, which writes nothing), then _tick at each batch
 * with the calls done so far, and once more with final set.  A line is due
 * at most hz times a second, and from delay seconds after the start on
 * (0: at once); the final line only if one was drawn before or there is
 * no delay.  A line's rate counts from the first batch; the final one
 * gives the file's mean rate over its whole time.
 *
 * Ownership: the caller's struct; delay and hz are the caller's to set,
 * the rest is the meter's.
 */
struct sp_progress_meter {
	double delay, hz;
	double start, first, last;
	uint64_t done0;		/* calls of the first batch; 0: none yet */
	int drawn;
};

void sp_progress_meter_start(struct sp_progress_meter *m, double now);
/* 1 when a line is due, with its rate (calls a second) and the seconds
 * since the start; else 0. */
int sp_progress_meter_tick(struct sp_progress_meter *m, double now,
    uint64_t done, int final, double *rate, double *took);

#endif
