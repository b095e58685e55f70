/*
 * test-sha1: the digests of FIPS 180's examples, and of runs of "a" whose
 * lengths put the padding on each side of a block's end (55, 56, 63, 64,
 * 119, 120 bytes) and across many blocks (a million).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_sha1.h"

static void
hex_of(const unsigned char *md, char hex[2 * SP_SHA1_LEN + 1])
{
	size_t j;

	for (j = 0; j < SP_SHA1_LEN; j++)
		snprintf(hex + 2 * j, 3, "%02x", md[j]);
}

static void
test_examples(void)
{
	static const struct { const char *in, *hex; } t[] = {
		{ "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
		{ "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		    "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	};
	unsigned char md[SP_SHA1_LEN];
	char hex[2 * SP_SHA1_LEN + 1];
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		sp_sha1(t[i].in, strlen(t[i].in), md);
		hex_of(md, hex);
		CHECK(strcmp(hex, t[i].hex) == 0, "sha1(%s) = %s", t[i].in,
		    hex);
	}
}

static void
test_lengths(void)
{
	static const struct { size_t n; const char *hex; } t[] = {
		{ 55, "c1c8bbdc22796e28c0e15163d20899b65621d65a" },
		{ 56, "c2db330f6083854c99d4b5bfb6e8f29f201be699" },
		{ 63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5" },
		{ 64, "0098ba824b5c16427bd7a1122a5a442a25ec644d" },
		{ 119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56" },
		{ 120, "f34c1488385346a55709ba056ddd08280dd4c6d6" },
		{ 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
	};
	unsigned char md[SP_SHA1_LEN];
	char hex[2 * SP_SHA1_LEN + 1];
	char *a = malloc(1000000);
	size_t i;

	if (a == NULL)
		abort();
	memset(a, 'a', 1000000);
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		sp_sha1(a, t[i].n, md);
		hex_of(md, hex);
		CHECK(strcmp(hex, t[i].hex) == 0, "sha1(%zu x a) = %s",
		    t[i].n, hex);
	}
	free(a);
}

int
main(void)
{
	test_examples();
	test_lengths();
	if (!failed)
		printf("test-sha1: ok\n");
	return failed;
}
