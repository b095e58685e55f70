/* Unit test of sp_progress: the counts, durations and lines of a progress line. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sp_progress.h"
#include "check.h"

static void
test_count(void)
{
	static const struct {
		unsigned long long v;
		const char *s;
	} cases[] = {
		{ 0, "0" }, { 7, "7" }, { 999, "999" }, { 1000, "1.0k" },
		{ 1049, "1.0k" }, { 1050, "1.1k" }, { 12345, "12.3k" },
		{ 999949, "999.9k" }, { 999950, "1.0M" }, { 1000000, "1.0M" },
		{ 12300000, "12.3M" }, { 50000000, "50.0M" },
		{ 999949999, "999.9M" }, { 999950000, "1.0G" },
		{ 2500000000ULL, "2.5G" }, { 1000000000000ULL, "1.0T" },
		{ 999950000000000ULL, "1000.0T" },
		{ 18446744073709551615ULL, "18446744.1T" },
	};
	char buf[SP_PROGRESS_NUM_MAX];
	size_t i, n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = sp_progress_count(buf, cases[i].v);
		CHECK(strcmp(buf, cases[i].s) == 0 && n == strlen(cases[i].s),
		    "count %llu: got '%s' (%zu), want '%s'", cases[i].v, buf,
		    n, cases[i].s);
	}
}

static void
test_duration(void)
{
	static const struct {
		double s;
		const char *want;
	} cases[] = {
		{ 0, "0:00" }, { -3, "0:00" }, { 0.999, "0:00" }, { 2.5, "0:02" },
		{ 59.99, "0:59" }, { 60, "1:00" }, { 3599.9, "59:59" },
		{ 3600, "1:00:00" }, { 3661, "1:01:01" }, { 86399, "23:59:59" },
		{ 1e12, "99999:59:59" },
	};
	char buf[SP_PROGRESS_NUM_MAX];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		sp_progress_duration(buf, cases[i].s);
		CHECK(strcmp(buf, cases[i].want) == 0,
		    "duration %g: got '%s', want '%s'", cases[i].s, buf,
		    cases[i].want);
	}
}

static void
test_line(void)
{
	char buf[160];
	size_t n;

	/* 37.7M left at 24.6M/s: 1.53 s, rounded up */
	n = sp_progress_line(buf, sizeof buf, "sp-read", "run.h5", 12300000,
	    50000000, 24.6e6, 0.5, 0);
	CHECK(strcmp(buf, "sp-read: run.h5: 12.3M of 50.0M calls, "
	    "24.6M calls/s, ETA 0:02") == 0 && n == strlen(buf),
	    "line: '%s'", buf);
	/* final: the time taken, rounded down */
	n = sp_progress_line(buf, sizeof buf, "sp-read", "run.h5", 50000000,
	    50000000, 50000000 / 2.07, 2.07, 1);
	CHECK(strcmp(buf, "sp-read: run.h5: 50.0M of 50.0M calls, "
	    "24.2M calls/s, done in 0:02") == 0, "final: '%s'", buf);
	/* no rate yet: no ETA */
	sp_progress_line(buf, sizeof buf, "sp-read", "a.h5", 0, 10, 0, 1.0, 0);
	CHECK(strcmp(buf, "sp-read: a.h5: 0 of 10 calls, - calls/s, "
	    "ETA ?") == 0, "start: '%s'", buf);
	sp_progress_line(buf, sizeof buf, "sp-read", "a.h5", 5, 10, -1, 1.0, 0);
	CHECK(strcmp(buf, "sp-read: a.h5: 5 of 10 calls, - calls/s, "
	    "ETA ?") == 0, "negative rate: '%s'", buf);
	sp_progress_line(buf, sizeof buf, "sp-read", "a.h5", 5, 10, NAN, 1.0,
	    0);
	CHECK(strcmp(buf, "sp-read: a.h5: 5 of 10 calls, - calls/s, "
	    "ETA ?") == 0, "NaN rate: '%s'", buf);
	/* no time passed: no rate */
	sp_progress_line(buf, sizeof buf, "sp-read", "a.h5", 6, 6, 0, 0.0, 1);
	CHECK(strcmp(buf, "sp-read: a.h5: 6 of 6 calls, - calls/s, "
	    "done in 0:00") == 0, "instant: '%s'", buf);
	/* an empty file */
	sp_progress_line(buf, sizeof buf, "sp-read", "e.h5", 0, 0, 0, 0.1, 1);
	CHECK(strcmp(buf, "sp-read: e.h5: 0 of 0 calls, - calls/s, "
	    "done in 0:00") == 0, "empty: '%s'", buf);
	/* all done but not yet final: ETA 0:00 */
	sp_progress_line(buf, sizeof buf, "sp-read", "a.h5", 10, 10, 10, 1.0,
	    0);
	CHECK(strcmp(buf, "sp-read: a.h5: 10 of 10 calls, 10 calls/s, "
	    "ETA 0:00") == 0, "all done: '%s'", buf);
	/* a slow rate, an ETA over an hour */
	sp_progress_line(buf, sizeof buf, "p", "f", 1000, 4000000, 1000, 1.0,
	    0);
	CHECK(strcmp(buf, "p: f: 1.0k of 4.0M calls, 1.0k calls/s, "
	    "ETA 1:06:39") == 0, "slow: '%s'", buf);
	/* cut to the buffer, NUL-terminated */
	n = sp_progress_line(buf, 12, "sp-read", "run.h5", 1, 2, 1, 1.0, 0);
	CHECK(n == 11 && strcmp(buf, "sp-read: ru") == 0, "cut: '%s' %zu",
	    buf, n);
	n = sp_progress_line(buf, 0, "sp-read", "run.h5", 1, 2, 1, 1.0, 0);
	CHECK(n == 0, "cap 0: %zu", n);
}

/* The meter on a made-up clock: delay 1 s, at most 4 lines a second. */
static void
test_meter(void)
{
	struct sp_progress_meter m = { 0 };
	double rate = -1, took = -1;

	m.delay = 1.0;
	m.hz = 4;
	sp_progress_meter_start(&m, 100.0);
	CHECK(!sp_progress_meter_tick(&m, 100.5, 1000, 0, &rate, &took),
	    "the first batch draws nothing");
	CHECK(!sp_progress_meter_tick(&m, 100.9, 2000, 0, &rate, &took),
	    "a line before the delay");
	CHECK(sp_progress_meter_tick(&m, 101.1, 4000, 0, &rate, &took) &&
	    fabs(rate - 3000 / 0.6) < 1e-6 && fabs(took - 1.1) < 1e-9,
	    "after the delay: rate %g took %g", rate, took);
	CHECK(!sp_progress_meter_tick(&m, 101.2, 5000, 0, &rate, &took),
	    "a second line within a quarter second");
	CHECK(sp_progress_meter_tick(&m, 101.4, 6000, 0, &rate, &took),
	    "a line a quarter second later");
	CHECK(sp_progress_meter_tick(&m, 102.0, 8000, 1, &rate, &took) &&
	    fabs(rate - 4000) < 1e-6 && fabs(took - 2.0) < 1e-9,
	    "final after lines: rate %g took %g", rate, took);

	/* a quick file: no line at all, not even the final one */
	sp_progress_meter_start(&m, 200.0);
	CHECK(!sp_progress_meter_tick(&m, 200.1, 10, 0, &rate, &took) &&
	    !sp_progress_meter_tick(&m, 200.5, 20, 1, &rate, &took),
	    "a file done before the delay drew a line");

	/* forced (no delay): the final line always comes */
	m.delay = 0;
	sp_progress_meter_start(&m, 300.0);
	CHECK(sp_progress_meter_tick(&m, 300.0, 0, 1, &rate, &took) &&
	    rate == 0 && took == 0, "an empty file, forced: rate %g", rate);
}

int
main(void)
{
	test_count();
	test_meter();
	test_duration();
	test_line();
	if (!failed)
		printf("ok\n");
	return failed;
}
