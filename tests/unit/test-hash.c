/*
 * Unit test of sp_hash: the bit mixer of the hash tables is splitmix64's
 * finaliser.  Its outputs for the states 0x9e3779b97f4a7c15 * k are
 * splitmix64's published sequence from seed 0; and keys that differ in
 * one bit give values that differ in about half of their bits, so that
 * nearby keys land far apart.
 */
#include <stdint.h>

#include "sp_hash.h"
#include "check.h"

static int
bits(uint64_t x)
{
	int n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
}

int
main(void)
{
	static const uint64_t seq[3] = {
		0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
		0x06c45d188009454fULL,
	};
	uint64_t k, state = 0;
	long flips = 0, n = 0;
	int i, b, lo = 64, hi = 0;

	for (i = 0; i < 3; i++) {
		state += 0x9e3779b97f4a7c15ULL;
		CHECK(sp_hash_mix(state) == seq[i], "splitmix64 output %d: "
		    "%016llx", i, (unsigned long long)sp_hash_mix(state));
	}
	CHECK(sp_hash_mix(0) == 0, "0 is its own image");
	/* one bit flipped in keys 1..1000: half the output bits change */
	for (k = 1; k <= 1000; k++)
		for (b = 0; b < 64; b++) {
			int d = bits(sp_hash_mix(k) ^ sp_hash_mix(k ^
			    (1ULL << b)));

			flips += d;
			n++;
			lo = d < lo ? d : lo;
			hi = d > hi ? d : hi;
		}
	CHECK(flips > 31 * n && flips < 33 * n, "%.2f bits change on average",
	    (double)flips / (double)n);
	CHECK(lo >= 8 && hi <= 56, "bits changed from %d to %d", lo, hi);
	return failed != 0;
}
