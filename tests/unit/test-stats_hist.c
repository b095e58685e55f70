/*
 * test-stats_hist: --approx's percentiles are within the stated 0.78%
 * of numpy's, over values from 0 ns to hours, and exact below 128 ns.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sp_stats_hist.h"
#include "sp_stats_seq.h"
#include "statsgen.h"

static void
compare(int64_t *a, size_t n, const char *what)
{
	struct sp_stats_hist *h = sp_stats_hist_new();
	struct sp_stats_seq_src src = { sp_stats_seq_src_array, a, n };
	struct sp_stats_seq s;
	struct sp_err e;
	double got[3], want[3];
	size_t i;

	for (i = 0; i < n; i++)
		CHECK(sp_stats_hist_add(h, a[i], &e) == 0, "add");
	CHECK(sp_stats_seq_compute(&src, SP_CONV_SEC, SP_SEQ_PCT, 1 << 30, &s,
	    &e) == 0, "exact");
	sp_stats_seq_pct(&s, SP_CONV_SEC, want);
	sp_stats_hist_pct(h, SP_CONV_SEC, got);
	for (i = 0; i < 3; i++)
		CHECK(fabs(got[i] - want[i]) <= SP_STATS_HIST_REL_ERROR *
		    want[i], "%s: p%zu %.9g, exact %.9g (%.3f%%)", what, i,
		    got[i], want[i], 100 * fabs(got[i] - want[i]) / want[i]);
	sp_stats_hist_free(h);
}

int
main(void)
{
	int64_t small[300], *a;
	size_t i, r;

	for (i = 0; i < 300; i++)
		small[i] = (int64_t)(i * 37 % 128);
	compare(small, 300, "below 128 ns");
	for (r = 0; r < sizeof stats_table / sizeof *stats_table; r++) {
		a = lcg_array(stats_table[r].seed, stats_table[r].n,
		    stats_table[r].big);
		compare(a, stats_table[r].n, "lcg");
		free(a);
	}
	/* every power of 1.5 from 1 ns to 3 hours, twice */
	a = malloc(200 * sizeof *a);
	for (i = 0; i < 200; i++)
		a[i] = (int64_t)pow(1.5, (double)(i % 100)) + (int64_t)i;
	compare(a, 200, "powers");
	free(a);
	return failed != 0;
}
