/* Unit test of sp_ranks: the --ranks syntax and the set it selects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_ranks.h"
#include "check.h"

/* The selected ranks below 64 as a bit mask. */
static uint64_t
mask(const struct sp_ranks *r)
{
	uint64_t m = 0;
	uint32_t i;

	for (i = 0; i < 64; i++)
		if (sp_ranks_has(r, i))
			m |= (uint64_t)1 << i;
	return m;
}

#define B(n) ((uint64_t)1 << (n))

static void
test_valid(void)
{
	static const struct {
		const char *spec;
		uint64_t want;
	} cases[] = {
		{ "0", B(0) },
		{ "7", B(7) },
		{ "0,2,5-7", B(0) | B(2) | B(5) | B(6) | B(7) },
		{ " 1 - 3 , 9 ", B(1) | B(2) | B(3) | B(9) },
		{ "\t4\n", B(4) },
		{ "3-3", B(3) },
		{ "3-1", 0 },
		{ "3-1,2", B(2) },
		{ "007", B(7) },
		{ "5-7,1-3,4,10-12,8", 0x1dfe },
		{ "2,2,2", B(2) },
	};
	struct sp_err e;
	struct sp_ranks *r;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r = sp_ranks_new();
		CHECK(sp_ranks_add(r, cases[i].spec, &e) == 0, "'%s': %s",
		    cases[i].spec, e.msg);
		CHECK(!sp_ranks_all(r), "'%s' selects all", cases[i].spec);
		CHECK(mask(r) == cases[i].want, "'%s': mask %llx, want %llx",
		    cases[i].spec, (unsigned long long)mask(r),
		    (unsigned long long)cases[i].want);
		CHECK(!sp_ranks_has(r, 1000) && !sp_ranks_has(r, UINT32_MAX),
		    "'%s' selects a far rank", cases[i].spec);
		sp_ranks_free(r);
	}
}

static void
test_invalid(void)
{
	static const struct {
		const char *spec, *part;
	} cases[] = {
		{ "", "''" },
		{ " ", "''" },
		{ ",", "''" },
		{ "1,", "''" },
		{ "1,,2", "''" },
		{ "-1", "'-1'" },
		{ "x", "'x'" },
		{ "0,x,2", "'x'" },
		{ "1-2-3", "'1-2-3'" },
		{ "1-", "'1-'" },
		{ "-", "'-'" },
		{ "+1", "'+1'" },
		{ "1 2", "'1 2'" },
		{ "0x1", "'0x1'" },
		{ "1.0", "'1.0'" },
		{ "4294967296", "'4294967296'" },
		{ "0-99999999999999999999", "'0-99999999999999999999'" },
		{ "ALL", "'ALL'" },
		{ "all-3", "'all-3'" },
	};
	struct sp_err e;
	struct sp_ranks *r;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r = sp_ranks_new();
		CHECK(sp_ranks_add(r, "1,3", &e) == 0, "setup: %s", e.msg);
		sp_err_clear(&e);
		CHECK(sp_ranks_add(r, cases[i].spec, &e) == -1,
		    "'%s' accepted", cases[i].spec);
		CHECK(e.status == SP_EUSAGE, "'%s': status %d", cases[i].spec,
		    (int)e.status);
		CHECK(strstr(e.msg, cases[i].part) != NULL,
		    "'%s': message '%s' does not name %s", cases[i].spec,
		    e.msg, cases[i].part);
		/* A failed add leaves the set as it was. */
		CHECK(mask(r) == (B(1) | B(3)), "'%s' changed the set",
		    cases[i].spec);
		sp_ranks_free(r);
	}
	/* A NULL error is allowed. */
	r = sp_ranks_new();
	CHECK(sp_ranks_add(r, "x", NULL) == -1, "NULL err");
	CHECK(sp_ranks_all(r), "a failed first add restricts");
	sp_ranks_free(r);
}

static void
test_all_and_union(void)
{
	struct sp_err e;
	struct sp_ranks *r;
	uint32_t n;

	r = sp_ranks_new();
	CHECK(sp_ranks_all(r), "new set restricts");
	CHECK(sp_ranks_has(r, 0) && sp_ranks_has(r, UINT32_MAX), "new set");
	CHECK(sp_ranks_next(r, 42, &n) == 1 && n == 42, "next on all");

	CHECK(sp_ranks_add(r, "1", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_add(r, "4-5", &e) == 0, "%s", e.msg);
	CHECK(mask(r) == (B(1) | B(4) | B(5)), "union %llx",
	    (unsigned long long)mask(r));
	CHECK(sp_ranks_add(r, " all ", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_all(r) && sp_ranks_has(r, 77), "all after ranks");
	CHECK(sp_ranks_add(r, "2", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_all(r), "all is sticky");
	sp_ranks_free(r);

	r = sp_ranks_new();
	CHECK(sp_ranks_add(r, "0,all", &e) == 0 && sp_ranks_all(r),
	    "all inside a list");
	sp_ranks_free(r);

	r = sp_ranks_new();
	CHECK(sp_ranks_add(r, "4294967295", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_has(r, UINT32_MAX) && !sp_ranks_has(r, 0), "max rank");
	CHECK(sp_ranks_add(r, "4294967290-4294967295,0-4294967289", &e) == 0,
	    "%s", e.msg);
	CHECK(sp_ranks_has(r, 123456789) && sp_ranks_has(r, 4294967289u),
	    "full range");
	CHECK(!sp_ranks_all(r), "a full range is still an explicit list");
	sp_ranks_free(r);

	sp_ranks_free(NULL);
}

static void
test_next(void)
{
	struct sp_err e;
	struct sp_ranks *r;
	uint32_t n, from, got[16];
	size_t k = 0;

	r = sp_ranks_new();
	CHECK(sp_ranks_add(r, "9-10,3,5-6", &e) == 0, "%s", e.msg);
	for (from = 0; sp_ranks_next(r, from, &n) && k < 16; from = n + 1)
		got[k++] = n;
	CHECK(k == 5 && got[0] == 3 && got[1] == 5 && got[2] == 6 &&
	    got[3] == 9 && got[4] == 10, "walk gave %zu ranks", k);
	CHECK(sp_ranks_next(r, 11, &n) == 0, "next past the end");
	CHECK(sp_ranks_span_end(r, 3) == 3 && sp_ranks_span_end(r, 5) == 6 &&
	    sp_ranks_span_end(r, 6) == 6 && sp_ranks_span_end(r, 9) == 10,
	    "span ends");
	sp_ranks_free(r);

	r = sp_ranks_new();
	CHECK(sp_ranks_span_end(r, 7) == UINT32_MAX, "span end of all");
	CHECK(sp_ranks_add(r, "4000000000-4294967295", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_span_end(r, 4000000001u) == UINT32_MAX,
	    "span end at the top");
	sp_ranks_free(r);

	r = sp_ranks_new();
	CHECK(sp_ranks_add(r, "3-1", &e) == 0, "%s", e.msg);
	CHECK(sp_ranks_next(r, 0, &n) == 0, "next on the empty selection");
	sp_ranks_free(r);
}

/* Random specs against a plain bitmap, through merging in any order. */
static void
test_random(void)
{
	char spec[64];
	unsigned char want[300];
	struct sp_err e;
	struct sp_ranks *r;
	unsigned i, t, k;
	int lo, hi, j;

	srand(12345);
	for (t = 0; t < 200; t++) {
		memset(want, 0, sizeof want);
		r = sp_ranks_new();
		for (k = 0; k < 1 + (unsigned)rand() % 20; k++) {
			lo = rand() % 256;
			/* Sometimes below lo: an empty range. */
			hi = lo + rand() % 16 - 2;
			if (hi < 0)
				hi = 0;
			if (rand() % 3 == 0)
				hi = lo;
			snprintf(spec, sizeof spec, hi == lo ? "%d" : "%d-%d",
			    lo, hi);
			CHECK(sp_ranks_add(r, spec, &e) == 0, "%s", e.msg);
			for (j = lo; j <= hi; j++)
				want[j] = 1;
		}
		for (i = 0; i < 300; i++)
			CHECK(sp_ranks_has(r, i) == want[i],
			    "trial %u rank %u", t, i);
		sp_ranks_free(r);
		if (failed)
			return;
	}
}

int
main(void)
{
	test_valid();
	test_invalid();
	test_all_and_union();
	test_next();
	test_random();
	if (failed)
		return 1;
	printf("ranks: ok\n");
	return 0;
}
