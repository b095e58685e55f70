/*
 * Unit test of sp_temit, the tracks and nesting of a trace's slices, on
 * a writer that records what it is handed: tracks written with their
 * first slice only (a rank or lane without slices leaves none), the
 * process with the rank's first lane only, sequences numbered as tracks
 * are written; slices ended deepest first at their own ends before a
 * slice at their depth or above, and all of them at the lane's end; a
 * zero-length child at its parent's end and touching siblings nest by
 * depth, not by time; time going back, a child outliving its parent and
 * a depth beyond the open slices are errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_temit.h"
#include "check.h"

struct rec {
	struct sp_trace_writer base;
	char text[4096];
};

static void
put(struct rec *r, const char *s)
{
	strncat(r->text, s, sizeof r->text - strlen(r->text) - 1);
}

static int
rec_track(struct sp_trace_writer *w, const struct sp_trace_process *p,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	char line[256];

	(void)e;
	if (p != NULL) {
		snprintf(line, sizeof line, "P %s@%llu ", p->name,
		    (unsigned long long)ts);
		put((struct rec *)w, line);
	}
	snprintf(line, sizeof line, "T%u %s@%llu ", t->seq, t->name,
	    (unsigned long long)ts);
	put((struct rec *)w, line);
	return 0;
}

static int
rec_open(struct sp_trace_writer *w, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	char line[64];

	(void)a;
	(void)e;
	snprintf(line, sizeof line, "B%u@%llu-%llu ", region,
	    (unsigned long long)ts, (unsigned long long)end);
	put((struct rec *)w, line);
	return 0;
}

static int
rec_close(struct sp_trace_writer *w, uint64_t ts, struct sp_err *e)
{
	char line[64];

	(void)e;
	snprintf(line, sizeof line, "E@%llu ", (unsigned long long)ts);
	put((struct rec *)w, line);
	return 0;
}

static const struct sp_trace_writer_ops rec_ops = {
	rec_track, rec_open, rec_close, NULL, NULL,
};

static struct sp_trace_process proc = { 0, 1, 9, "r0", "", "none", 0 };

static struct sp_trace_thread
lane(const char *name)
{
	struct sp_trace_thread t = { 99, 1, 65537, 1, NULL };

	t.name = name;
	return t;
}

static void
test_nesting(void)
{
	struct rec r;
	struct sp_temit *m = sp_temit_new(NULL);
	struct sp_trace_thread t1 = lane("a"), t2 = lane("b"), t3 = lane("c");
	struct sp_err e;
	int rc;

	memset(&r, 0, sizeof r);
	r.base.ops = &rec_ops;
	sp_temit_begin(m);
	sp_temit_writer(m, &r.base);
	rc = sp_temit_rank(m, &proc, &e) < 0 ||
	    /* a lane whose calls were all dropped: no track */
	    sp_temit_lane(m, &t1, &e) < 0 ||
	    sp_temit_lane(m, &t2, &e) < 0 ||
	    sp_temit_slice(m, 0, 0, 0, 100, NULL, &e) < 0 ||
	    sp_temit_slice(m, 1, 1, 10, 10, NULL, &e) < 0 ||
	    sp_temit_slice(m, 1, 1, 10, 40, NULL, &e) < 0 ||
	    sp_temit_slice(m, 2, 2, 20, 40, NULL, &e) < 0 ||
	    sp_temit_slice(m, 1, 1, 40, 100, NULL, &e) < 0 ||
	    sp_temit_slice(m, 2, 3, 100, 100, NULL, &e) < 0 ||
	    sp_temit_slice(m, 0, 0, 100, 100, NULL, &e) < 0 ||
	    sp_temit_lane(m, &t3, &e) < 0 ||
	    sp_temit_slice(m, 0, 4, 5, 6, NULL, &e) < 0 ||
	    sp_temit_lane_end(m, &e) < 0;
	CHECK(rc == 0, "nesting: %s", e.msg);
	CHECK(strcmp(r.text, "P r0@0 T1 b@0 B0@0-100 B1@10-10 E@10 B1@10-40 "
	    "B2@20-40 E@40 E@40 B1@40-100 B3@100-100 E@100 E@100 E@100 "
	    "B0@100-100 E@100 T2 c@5 B4@5-6 E@6 ") == 0, "nesting: %s",
	    r.text);
	CHECK(sp_temit_slices(m) == 8 && sp_temit_rank_written(m), "counts");
	/* a new rank: its process again, sequences go on */
	r.text[0] = '\0';
	proc.name = "r1";
	rc = sp_temit_rank(m, &proc, &e) < 0 ||
	    sp_temit_lane(m, &t1, &e) < 0 || sp_temit_rank_written(m) ||
	    sp_temit_slice(m, 0, 0, 0, 1, NULL, &e) < 0 ||
	    sp_temit_lane_end(m, &e) < 0;
	CHECK(rc == 0 && strcmp(r.text, "P r1@0 T3 a@0 B0@0-1 E@1 ") == 0,
	    "second rank: %s", r.text);
	sp_temit_free(m);
	sp_temit_free(NULL);
}

static void
test_errors(void)
{
	struct rec r;
	struct sp_temit *m = sp_temit_new(NULL);
	struct sp_trace_thread t = lane("a");
	struct sp_err e;

	memset(&r, 0, sizeof r);
	r.base.ops = &rec_ops;
	sp_temit_begin(m);
	CHECK(sp_temit_rank(m, &proc, &e) == 0 &&
	    sp_temit_lane(m, &t, &e) == 0 &&
	    sp_temit_slice(m, 0, 0, 5, 6, NULL, &e) < 0 &&
	    e.status == SP_EUSAGE, "no writer: %s", e.msg);
	sp_temit_writer(m, &r.base);
	CHECK(sp_temit_slice(m, 0, 0, 50, 60, NULL, &e) == 0 &&
	    sp_temit_slice(m, 0, 0, 40, 45, NULL, &e) < 0 &&
	    strstr(e.msg, "goes back in time") != NULL, "back: %s", e.msg);
	CHECK(sp_temit_slice(m, 0, 0, 70, 80, NULL, &e) == 0 &&
	    sp_temit_slice(m, 1, 0, 75, 81, NULL, &e) < 0 &&
	    strstr(e.msg, "outlives its parent") != NULL, "outlives: %s",
	    e.msg);
	CHECK(sp_temit_slice(m, 3, 0, 75, 76, NULL, &e) < 0 &&
	    strstr(e.msg, "at depth 3 with only 1 calls open") != NULL,
	    "depth: %s", e.msg);
	sp_temit_free(m);
}

int
main(void)
{
	test_nesting();
	test_errors();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
