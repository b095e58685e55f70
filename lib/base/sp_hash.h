/*
 * sp_hash.h - the bit mixer of the hash tables (call paths, interned
 * keys, folded stacks): splitmix64's finaliser, so that nearby keys land
 * far apart.
 */
#ifndef SP_HASH_H
#define SP_HASH_H

#include <stdint.h>

static inline uint64_t
sp_hash_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

#endif
