/*
 * sp_stats_seq.h - the statistics of one sequence of int64 values (the
 * durations of a region or a call path, in the order the reference pools
 * them): count, minimum, maximum, numpy's sum (sp_stats_num.h) and sum
 * of squared deviations, and the order statistics that its three
 * percentiles need.
 *
 * A sequence that fits in load_max bytes is read once into memory and
 * everything is computed there; a longer one is read in passes: one for
 * the extremes, one for the sum, one for the deviations, and up to four for
 * the percentiles, each narrowing every wanted rank to a 65536th of its
 * range of values (a radix selection), so memory stays bounded whatever
 * the length.  The results are the same either way.
 *
 * Ownership: the source is the caller's, read during the call only.
 */
#ifndef SP_STATS_SEQ_H
#define SP_STATS_SEQ_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats_num.h"

/* Random access to the n values of a sequence. */
struct sp_stats_seq_src {
	int (*read)(void *ctx, uint64_t off, size_t n, int64_t *out,
	    struct sp_err *e);
	void *ctx;
	uint64_t n;
};

/* What to compute. */
#define SP_SEQ_SUM	0x1	/* psum, mean */
#define SP_SEQ_DEV	0x2	/* dev2 (implies SUM) */
#define SP_SEQ_PCT	0x4	/* the order statistics of the percentiles */

struct sp_stats_seq {
	uint64_t n;
	int64_t min, max;	/* raw values; 0 when n = 0 */
	double psum;		/* numpy's sum of the converted values */
	double mean;		/* psum / n */
	double dev2;		/* numpy's sum of (x - mean)^2 */
	size_t nord;
	uint64_t rank[6];	/* sorted ranks ... */
	int64_t ord[6];		/* ... and the values there */
};

int sp_stats_seq_compute(const struct sp_stats_seq_src *src,
    enum sp_stats_conv c, unsigned what, uint64_t load_max,
    struct sp_stats_seq *out, struct sp_err *e);

/*
 * The percentiles 50, 95 and 99 from the order statistics, converted
 * with c (numpy's lerp on the converted values).  n > 0.
 */
void sp_stats_seq_pct(const struct sp_stats_seq *s, enum sp_stats_conv c,
    double pct[3]);

/* A source over an array in memory (ctx is the array). */
int sp_stats_seq_src_array(void *ctx, uint64_t off, size_t n, int64_t *out,
    struct sp_err *e);

#endif
