#include "sp_lane.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* snprintf's result as a length (it is negative only for bad formats). */
static size_t
put(int n)
{
	return n < 0 ? 0 : (size_t)n;
}

static size_t
thread_label(char *buf, size_t cap, int64_t index,
    const struct sp_lane_thread *threads, size_t nthreads)
{
	size_t i;

	/*
	 * A task that ran on no known thread (index -1) reads "unknown lane",
	 * as lane -1 does.  A more negative index is corrupt data; naming it
	 * the same beats chasing it into the task table.
	 */
	if (index < 0)
		return put(snprintf(buf, cap, "unknown lane"));
	for (i = 0; i < nthreads; i++)
		if (threads[i].index == index)
			return put(snprintf(buf, cap, "%s",
			    threads[i].name != NULL ? threads[i].name : ""));
	return put(snprintf(buf, cap, "thread %" PRId64, index));
}

size_t
sp_lane_label(char *buf, size_t cap, int64_t lane,
    const struct sp_lane_thread *threads, size_t nthreads,
    const struct sp_lane_task *tasks, size_t ntasks)
{
	const struct sp_lane_task *t;
	const char *name, *coro, *dot;
	size_t i, len;

	if (lane == -1)
		return put(snprintf(buf, cap, "unknown lane"));
	if (lane < -1)
		return thread_label(buf, cap, -2 - lane, threads, nthreads);
	for (i = 0; i < ntasks; i++)
		if (tasks[i].index == lane)
			break;
	if (i == ntasks)
		return put(snprintf(buf, cap, "task %" PRId64, lane));
	t = &tasks[i];
	name = t->name != NULL ? t->name : "";
	coro = t->coro_name != NULL ? t->coro_name : "";
	if ((dot = strrchr(coro, '.')) != NULL)
		coro = dot + 1;
	len = put(snprintf(buf, cap, "%s (%s) on ", name, coro));
	return len + thread_label(len < cap ? buf + len : NULL,
	    len < cap ? cap - len : 0, t->thread_index, threads, nthreads);
}

size_t
sp_lane_profile_name(char *buf, size_t cap, uint32_t rank,
    int64_t lane, const char *label)
{
	int n;

	if (lane == -1)
		n = snprintf(buf, cap, "rank %" PRIu32, rank);
	else
		n = snprintf(buf, cap, "rank %" PRIu32 " - %s", rank,
		    label != NULL ? label : "");
	return n < 0 ? 0 : (size_t)n;
}
