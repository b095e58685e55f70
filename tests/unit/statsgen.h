/*
 * statsgen.h - the arrays of stats-table.inc (gen-stats-table.py): the
 * same 64-bit LCG, so that the C tests see numpy's values, and the
 * table's row type.
 */
#ifndef STATSGEN_H
#define STATSGEN_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* sums, mean, std, p50, p95, p99 of seconds; mean, std, pct of int64 */
struct stats_row {
	size_t n;
	uint64_t seed;
	int big;
	uint64_t bits[11];
};

#include "stats-table.inc"

static inline int64_t *
lcg_array(uint64_t seed, size_t n, int big)
{
	int64_t *a = malloc((n + 1) * sizeof *a);
	uint64_t x = seed;
	size_t i;

	for (i = 0; a != NULL && i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		a[i] = (int64_t)((x >> 33) % 5000000 * ((x >> 13) % 1000 + 1));
		if (big)
			a[i] += 1000000000000LL;
	}
	return a;
}

static inline double
bits_double(uint64_t b)
{
	double d;

	memcpy(&d, &b, sizeof d);
	return d;
}

#endif
