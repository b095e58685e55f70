/*
 * test-stats_seq: a sequence's statistics, read whole or in passes (a
 * load bound far below its size: radix selection over the source), are
 * numpy's (stats-table.inc) either way.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "sp_stats_seq.h"
#include "statsgen.h"

static void
check_row(const struct stats_row *t, uint64_t load_max)
{
	int64_t *a = lcg_array(t->seed, t->n, t->big);
	struct sp_stats_seq_src src = { sp_stats_seq_src_array, a, t->n };
	struct sp_stats_seq s;
	struct sp_err e;
	double p[3];
	size_t k;

	CHECK(sp_stats_seq_compute(&src, SP_CONV_SEC, SP_SEQ_DEV |
	    SP_SEQ_PCT, load_max, &s, &e) == 0, "seq n=%zu", t->n);
	CHECK(s.psum == bits_double(t->bits[0]), "n=%zu load %llu: sum %a",
	    t->n, (unsigned long long)load_max, s.psum);
	CHECK(sqrt(s.dev2 / (double)s.n) == bits_double(t->bits[2]),
	    "n=%zu load %llu: std", t->n, (unsigned long long)load_max);
	sp_stats_seq_pct(&s, SP_CONV_SEC, p);
	for (k = 0; k < 3; k++)
		CHECK(p[k] == bits_double(t->bits[3 + k]), "n=%zu load %llu: "
		    "p%zu %a, numpy %a", t->n, (unsigned long long)load_max, k,
		    p[k], bits_double(t->bits[3 + k]));
	CHECK(sp_stats_seq_compute(&src, SP_CONV_DBL, SP_SEQ_DEV |
	    SP_SEQ_PCT, load_max, &s, &e) == 0, "seq dbl");
	CHECK(s.mean == bits_double(t->bits[6]), "n=%zu load "
	    "%llu: int64 mean", t->n, (unsigned long long)load_max);
	sp_stats_seq_pct(&s, SP_CONV_DBL, p);
	for (k = 0; k < 3; k++)
		CHECK(p[k] == bits_double(t->bits[8 + k]), "n=%zu: int64 p%zu",
		    t->n, k);
	free(a);
}

/* Negative and equal values, all in passes: the radix works offset. */
static void
odd_values(void)
{
	int64_t a[200];
	struct sp_stats_seq_src src = { sp_stats_seq_src_array, a, 200 };
	struct sp_stats_seq m, f;
	struct sp_err e;
	size_t i;

	for (i = 0; i < 200; i++)
		a[i] = i % 3 == 0 ? -5 : i % 3 == 1 ? INT64_MAX / 4 : 7;
	CHECK(sp_stats_seq_compute(&src, SP_CONV_DBL, SP_SEQ_PCT, 1 << 20, &m,
	    &e) == 0 && sp_stats_seq_compute(&src, SP_CONV_DBL, SP_SEQ_PCT, 8,
	    &f, &e) == 0, "odd values");
	for (i = 0; i < m.nord; i++)
		CHECK(m.ord[i] == f.ord[i] && m.rank[i] == f.rank[i],
		    "odd values: rank %llu: %lld in memory, %lld in passes",
		    (unsigned long long)m.rank[i], (long long)m.ord[i],
		    (long long)f.ord[i]);
	CHECK(m.min == -5 && f.min == -5 && f.max == INT64_MAX / 4, "extremes");
}

int
main(void)
{
	size_t r;

	for (r = 0; r < sizeof stats_table / sizeof *stats_table; r++) {
		check_row(&stats_table[r], 1 << 30);
		check_row(&stats_table[r], 64);
	}
	odd_values();
	return failed != 0;
}
