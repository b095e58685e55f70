/*
 * Unit test of sp_window: the --window syntax, its resolution against the
 * run's start, and the keep and clip rules, each against brute force over
 * small times.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sp_window.h"
#include "check.h"

static void
test_parse(void)
{
	static const struct {
		const char *spec;
		int64_t lo, hi;	/* resolved for a run starting at 1000 */
	} ok[] = {
		{ "2.5s:3s", 1000 + 2500000000, 1000 + 3000000000 },
		{ "100ms:", 1000 + 100000000, INT64_MAX },
		{ ":1s", INT64_MIN, 1000 + 1000000000 },
		{ "0:1ns", 1000, 1001 },
		{ "-1us:0", 0, 1000 },
		{ "@5:@7", 5, 7 },
		{ "@-5:", -5, INT64_MAX },
		{ "@1500:400ns", 1500, 1400 },	/* mixed: checked by the run */
		{ "1.4ns:3ns", 1002, 1003 },	/* rounded up */
		{ ":", INT64_MIN, INT64_MAX },
	};
	static const char *const bad[] = {
		"1s", "1:2ms", "1x:2s", "@abc:", "@1.5:", "@:", "2s:1s",
		"1ms:1ms", "@10:@10", "1s:2s:3s", "-:", "ms:", "@1e3:",
	};
	struct sp_window w;
	struct sp_window_ns r;
	struct sp_err e;
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		if (sp_window_parse("--window", ok[i].spec, 0, &w, &e) < 0) {
			CHECK(0, "%s: refused: %s", ok[i].spec, e.msg);
			continue;
		}
		r = sp_window_resolve(&w, 1000);
		CHECK(r.lo == ok[i].lo && r.hi == ok[i].hi && r.clip,
		    "%s: [%lld, %lld)", ok[i].spec, (long long)r.lo,
		    (long long)r.hi);
		CHECK(strcmp(w.spec, ok[i].spec) == 0, "%s: spec %s",
		    ok[i].spec, w.spec);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CHECK(sp_window_parse("--window", bad[i], 0, &w, &e) < 0 &&
		    e.status == SP_EUSAGE, "%s: accepted", bad[i]);
	}
	CHECK(sp_window_parse("--window", "@1:@2", 1, &w, &e) == 0 &&
	    !sp_window_relative(&w) && !sp_window_resolve(&w, 0).clip,
	    "inside");
}

/* The rules of sp-read(1), --window, over [lo, hi). */
static int
brute_keeps(int64_t lo, int64_t hi, int inside, int64_t s, int64_t t)
{
	if (inside)
		return lo <= s && t <= hi && s < hi;
	if (s == t)
		return lo <= s && s < hi;
	return s < hi && t > lo;
}

static void
test_rules(void)
{
	struct sp_window_ns w;
	int64_t lo, hi, s, t;
	int inside;

	for (inside = 0; inside < 2; inside++)
		for (lo = 0; lo < 6; lo++)
			for (hi = lo + 1; hi < 7; hi++)
				for (s = 0; s < 7; s++)
					for (t = s; t < 8; t++) {
		int k;

		w.lo = lo;
		w.hi = hi;
		w.clip = !inside;
		k = sp_window_keeps(&w, s, t);
		CHECK(k == brute_keeps(lo, hi, inside, s, t),
		    "[%lld,%lld) inside=%d call [%lld,%lld]: keeps %d",
		    (long long)lo, (long long)hi, inside, (long long)s,
		    (long long)t, k);
		if (!k)
			continue;
		CHECK(sp_window_start(&w, s) == (inside || s > lo ? s : lo) &&
		    sp_window_end(&w, t) == (inside || t < hi ? t : hi),
		    "clip [%lld,%lld]", (long long)s, (long long)t);
					}
}

int
main(void)
{
	test_parse();
	test_rules();
	if (failed)
		return 1;
	printf("window: ok\n");
	return 0;
}
