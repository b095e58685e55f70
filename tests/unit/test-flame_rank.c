/*
 * Unit test of sp_flame_rank: the entries of dicts of random keys (names
 * sharing long beginnings, bytes above 0x7f, names that are prefixes of
 * others, several files and lines) come out in the order of a sort by
 * strcmp and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame_rank.h"
#include "sp_prof.h"
#include "check.h"

static const struct sp_prof *cur;

static int
by_key(const void *a, const void *b)
{
	const struct sp_prof_key *x = &sp_prof_entry(cur,
	    *(const uint32_t *)a)->key;
	const struct sp_prof_key *y = &sp_prof_entry(cur,
	    *(const uint32_t *)b)->key;
	int c = strcmp(x->file, y->file);

	if (c != 0)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->func, y->func);
}

static unsigned long rnd = 12345;

static unsigned
next(unsigned n)
{
	rnd = rnd * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rnd >> 33) % n;
}

/* A name of pieces from a small alphabet, so that many share prefixes. */
static size_t
make_name(char *buf, size_t cap)
{
	static const char *piece[] = { "a", "a > b", " > ", "ab", "\x7f",
	    "\xc3\xa9", "b", "a\x01", "aaaaaaaa", "aaaaaaa", "\xff" };
	size_t n = 0, k = 1 + next(12);

	while (k-- > 0) {
		const char *p = piece[next(sizeof piece / sizeof *piece)];
		size_t m = strlen(p);

		if (n + m >= cap)
			break;
		memcpy(buf + n, p, m);
		n += m;
	}
	return n;
}

static void
test_random(int round)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	struct sp_prof_stat st = { 1, 1, 0, 0 };
	const char *files[3];
	uint32_t *got, *want;
	char buf[128];
	size_t i, n;

	files[0] = sp_prof_intern(d, "~", 1, &e);
	files[1] = sp_prof_intern(d, "x.py", 4, &e);
	files[2] = sp_prof_intern(d, "x.p", 3, &e);
	for (i = 0; i < 2000; i++) {
		size_t m = make_name(buf, sizeof buf);
		const char *f = files[next(round == 0 ? 1 : 3)];
		const char *nm = sp_prof_intern(d, buf, m, &e);
		long k = sp_prof_key(d, f, round == 0 ? 0 : next(3) - 1, nm,
		    &e);

		if (k >= 0)
			sp_prof_set(d, k, &st, 0, &e);
	}
	n = sp_prof_len(d);
	got = calloc(n + 1, sizeof *got);
	want = calloc(n + 1, sizeof *want);
	for (i = 0; i < n; i++)
		want[i] = (uint32_t)i;
	cur = d;
	qsort(want, n, sizeof *want, by_key);
	CHECK(sp_flame_rank(d, got, &e) == 0, "round %d: ranked", round);
	CHECK(memcmp(got, want, n * sizeof *got) == 0,
	    "round %d: the order of strcmp (%zu entries)", round, n);
	free(got);
	free(want);
	sp_prof_free(d);
}

static void
test_empty(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	uint32_t one;

	CHECK(sp_flame_rank(d, &one, &e) == 0, "an empty dict");
	sp_prof_free(d);
}

int
main(void)
{
	int round;

	for (round = 0; round < 6; round++)
		test_random(round);
	test_empty();
	if (!failed)
		printf("test-flame_rank: ok\n");
	return failed;
}
