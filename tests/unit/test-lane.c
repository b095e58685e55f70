/* Unit test of sp_lane: lane labels as the reference names them. */
#include <stdio.h>
#include <string.h>

#include "sp_lane.h"
#include "check.h"

/* Out of order and sparse on purpose: rows are found by index. */
static const struct sp_lane_thread threads[] = {
	{ 1, "w0" }, { 0, "MainThread" }, { 5, "late" }, { 1, "shadowed" },
};
static const struct sp_lane_task tasks[] = {
	{ 7, "Task-3", "app.jobs.fetch", 0 },
	{ 8, "g", "worker", 5 },
	{ 9, "orphan", "x.y", -1 },
	{ 10, "lost", "m.run", 42 },
};

static void
label_is(int64_t lane, const char *want)
{
	char buf[128];
	size_t n;

	n = sp_lane_label(buf, sizeof buf, lane, threads,
	    sizeof threads / sizeof threads[0], tasks,
	    sizeof tasks / sizeof tasks[0]);
	CHECK(strcmp(buf, want) == 0 && n == strlen(want),
	    "lane %lld: got \"%s\" (%zu), want \"%s\"", (long long)lane, buf,
	    n, want);
}

int
main(void)
{
	char buf[8];
	size_t n;

	/* The pins of the reference's tests. */
	label_is(-2, "MainThread");
	label_is(-3, "w0");
	label_is(-1, "unknown lane");
	label_is(-99, "thread 97");
	label_is(7, "Task-3 (fetch) on MainThread");

	label_is(-7, "late");
	label_is(3, "task 3");
	label_is(8, "g (worker) on late");
	label_is(9, "orphan (y) on unknown lane");
	label_is(10, "lost (run) on thread 42");

	/* No tables at all. */
	n = sp_lane_label(buf, sizeof buf, -2, NULL, 0, NULL, 0);
	CHECK(strcmp(buf, "thread ") == 0 && n == 8,
	    "truncated: \"%s\" %zu", buf, n);
	n = sp_lane_label(NULL, 0, 7, threads, 4, tasks, 4);
	CHECK(n == strlen("Task-3 (fetch) on MainThread"), "measure: %zu", n);
	n = sp_lane_label(buf, sizeof buf, 7, threads, 4, tasks, 4);
	CHECK(strcmp(buf, "Task-3 ") == 0 && n == 28,
	    "truncated task: \"%s\" %zu", buf, n);
	if (failed)
		return 1;
	printf("ok\n");
	return 0;
}
