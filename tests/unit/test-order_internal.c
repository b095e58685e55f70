/*
 * Unit test of two pieces the ordering engine's files share
 * (sp_order_internal.h): the region order, regions stably sorted by the
 * earliest start of their rows in seconds as Python computes them
 * (float(ns) / 1e9: starts a double cannot tell apart tie, and the
 * region id decides), 0.0 for a row without calls, regions without rows
 * last; and a call's lane: its task, else its thread, else -1, and -1
 * always for a source without lanes.
 */
#include <stdint.h>
#include <string.h>

#include "sp_order_internal.h"
#include "check.h"

static void
test_regions(void)
{
	/* rows: region, calls, earliest start */
	static const struct { uint32_t region; uint64_t count; int64_t min; }
	    rows[] = {
		{ 0, 5, 3000000000 },
		{ 1, 2, 1000000000 },
		{ 1, 4, 5000000000 },
		/* equal in seconds as doubles: 2^53 + 1 and 2^53 ns */
		{ 2, 1, 9007199254740993 },
		{ 3, 1, 9007199254740992 },
		{ 4, 0, 7000000000 },	/* no calls: 0.0 */
		/* region 5: no rows */
		{ 6, 3, 3000000000 },	/* ties region 0 */
	};
	static const uint32_t want[7] = { 2, 1, 4, 5, 0, 6, 3 };
	struct sp_source_row r[7];
	int64_t row_min[7];
	uint32_t order[7];
	struct sp_source src;
	struct sp_err e;
	size_t i;

	memset(&src, 0, sizeof src);
	memset(r, 0, sizeof r);
	for (i = 0; i < 7; i++) {
		r[i].region = rows[i].region;
		r[i].count = rows[i].count;
		row_min[i] = rows[i].min;
	}
	src.rows = r;
	src.nrows = 7;
	src.nregions = 7;
	src.path = "p.h5";
	CHECK(sp_order_regions(&src, row_min, order, &e) == 0, "%s", e.msg);
	for (i = 0; i < 7; i++)
		CHECK(order[i] == want[i], "region %zu: place %u, want %u", i,
		    order[i], want[i]);
	/* no regions at all */
	src.nrows = 0;
	src.nregions = 0;
	CHECK(sp_order_regions(&src, row_min, order, &e) == 0, "none");
}

static void
test_lanes(void)
{
	int64_t task[4] = { 3, -1, -1, 0 }, thread[4] = { 1, 2, -1, -1 };
	static const int64_t want[4] = { 3, -4, -1, 0 };
	struct sp_order or;
	size_t i;

	memset(&or, 0, sizeof or);
	or.x[SP_X_TASK] = task;
	or.x[SP_X_THREAD] = thread;
	or.lanes = 1;
	for (i = 0; i < 4; i++)
		CHECK(sp_order_lane_of(&or, i) == want[i], "call %zu: lane %lld",
		    i, (long long)sp_order_lane_of(&or, i));
	or.x[SP_X_TASK] = NULL;
	CHECK(sp_order_lane_of(&or, 0) == -3 && sp_order_lane_of(&or, 2) == -1,
	    "threads only");
	or.lanes = 0;
	CHECK(sp_order_lane_of(&or, 0) == -1 && sp_order_lane_of(&or, 1) == -1,
	    "a source without lanes");
}

int
main(void)
{
	test_regions();
	test_lanes();
	return failed != 0;
}
