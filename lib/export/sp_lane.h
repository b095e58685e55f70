/*
 * sp_lane.h - the human name of a lane (one stack of calls on a rank).
 *
 * A lane id is a task index (>= 0), -2 - a thread index (<= -2), or -1 for
 * calls of no known thread.  Its label is what profile selectors show:
 *
 *   task found in the table  "<name> (<coro tail>) on <label of its thread>"
 *                            where the tail is coro_name after its last dot
 *   task not in the table    "task K"
 *   -1                       "unknown lane"
 *   thread in the table      its name
 *   thread not in the table  "thread K"
 *
 * Rows are looked up by their index field, first match wins, so the
 * tables may be sparse or unordered.
 *
 * Ownership: the tables are the caller's and only read during the call.
 */
#ifndef SP_LANE_H
#define SP_LANE_H

#include <stddef.h>
#include <stdint.h>

/* One row of a rank's thread table. */
struct sp_lane_thread {
	int64_t index;
	const char *name;
};

/* One row of a rank's task table. */
struct sp_lane_task {
	int64_t index;
	const char *name;
	const char *coro_name;
	int64_t thread_index;
};

/*
 * Write the label of lane into buf like snprintf: at most cap bytes
 * including the NUL, and return the length the whole label needs.  Either
 * table may be NULL when its count is 0.
 */
size_t sp_lane_label(char *buf, size_t cap, int64_t lane,
    const struct sp_lane_thread *threads, size_t nthreads,
    const struct sp_lane_task *tasks, size_t ntasks);

/*
 * The name of a rank's lane like snprintf, as sp-speedscope names its
 * profiles: "rank N" for lane -1 (a rank without lanes, or its calls of
 * no known thread), else "rank N - <label>", the label from
 * sp_lane_label().
 */
size_t sp_lane_profile_name(char *buf, size_t cap, uint32_t rank,
    int64_t lane, const char *label);

#endif
