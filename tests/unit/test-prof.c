/* Unit test of sp_prof: the statistics dict keeps Python's dict rules. */
#include <stdio.h>
#include <string.h>

#include "sp_prof.h"
#include "proftest.h"

static struct sp_prof_stat
st(int64_t cc, int64_t nc, double tt, double ct)
{
	struct sp_prof_stat s = { cc, nc, tt, ct };

	return s;
}

static long
key(struct sp_prof *d, const char *file, int64_t line, const char *func)
{
	struct sp_err e = { 0 };
	const char *f = sp_prof_intern(d, file, strlen(file), &e);
	const char *n = sp_prof_intern(d, func, strlen(func), &e);

	return sp_prof_key(d, f, line, n, &e);
}

static void
test_order_and_replace(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	const struct sp_prof_entry *t;
	struct sp_prof_stat s;
	long a, b, c, i;

	a = key(d, "~", 0, "a");
	b = key(d, "x.py", 3, "b");
	c = key(d, "~", 0, "c");
	CHECK(a == key(d, "~", 0, "a"), "a key has one id");
	CHECK(a != key(d, "~", 1, "a"), "the line is part of the key");
	s = st(1, 1, 0.5, 1.0);
	CHECK(sp_prof_set(d, a, &s, 0, &e) == 0, "a first");
	CHECK(sp_prof_set(d, b, &s, 0, &e) == 1, "b second");
	CHECK(sp_prof_set(d, c, &s, 0, &e) == 2, "c third");
	CHECK(sp_prof_set_caller(d, 1, a, &s, 0, &e) == 0, "caller");
	CHECK(sp_prof_set_caller(d, 1, c, &s, 1, &e) == 0, "caller");
	/* Replacing keeps the position and, on request, the callers. */
	s = st(2, 3, 0.25, 2.0);
	CHECK(sp_prof_set(d, b, &s, 1, &e) == 1, "b stays second");
	t = sp_prof_entry(d, 1);
	CHECK(t->st.nc == 3 && t->st.tt == 0.25, "b replaced");
	CHECK(t->ncallers == 2, "callers kept: %zu", t->ncallers);
	CHECK(t->callers[1].count_only, "bare count kept");
	/* A caller set again keeps its place. */
	s = st(7, 7, 0, 0);
	CHECK(sp_prof_set_caller(d, 1, a, &s, 0, &e) == 0, "caller again");
	t = sp_prof_entry(d, 1);
	CHECK(t->ncallers == 2 && t->callers[0].st.nc == 7 &&
	    strcmp(t->callers[0].key.func, "a") == 0, "caller replaced");
	/* Without keep_callers the value is the new one entirely. */
	CHECK(sp_prof_set(d, b, &s, 0, &e) == 1, "b once more");
	t = sp_prof_entry(d, 1);
	CHECK(t->ncallers == 0, "callers dropped");
	/* A stale caller slot must not resurrect the old caller. */
	s = st(1, 2, 0, 0);
	CHECK(sp_prof_set_caller(d, 1, c, &s, 0, &e) == 0, "c caller");
	CHECK(sp_prof_set_caller(d, 1, a, &s, 0, &e) == 0, "a caller");
	t = sp_prof_entry(d, 1);
	CHECK(t->ncallers == 2 && strcmp(t->callers[0].key.func, "c") == 0 &&
	    !t->callers[0].count_only &&
	    strcmp(t->callers[1].key.func, "a") == 0, "callers rebuilt");
	CHECK(sp_prof_len(d) == 3, "three entries");
	CHECK(sp_prof_find(d, "x.py", 3, "b") == 1, "find b");
	CHECK(sp_prof_find(d, "x.py", 4, "b") == -1, "no b at line 4");
	CHECK(sp_prof_find(d, "nowhere", 0, "a") == -1, "unknown file");
	i = sp_prof_find(d, "~", 0, "c");
	CHECK(i == 2, "find c: %ld", i);
	sp_prof_free(d);
}

static void
test_interning(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	const char *p, *q;

	p = sp_prof_intern(d, "abc", 3, &e);
	q = sp_prof_intern(d, "abcdef", 3, &e);
	CHECK(p == q && strcmp(p, "abc") == 0, "equal strings share one copy");
	CHECK(sp_prof_intern(d, "a\0b", 3, &e) == NULL &&
	    e.status == SP_EDATA, "a NUL is refused");
	sp_prof_free(d);
	sp_prof_free(NULL);
}

/* Enough keys and callers to rehash every table a few times. */
static void
test_many(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	struct sp_prof_stat s;
	char name[32];
	long k[3000];
	int i, ok = 1;

	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof name, "f%d", i);
		k[i] = key(d, "~", i % 7, name);
		s = st(i, i, i, i);
		if (sp_prof_set(d, k[i], &s, 0, &e) != i)
			ok = 0;
	}
	for (i = 0; i < 3000; i++) {
		s = st(i, i + 1, 0, 0);
		if (sp_prof_set_caller(d, 5, k[i], &s, 0, &e) == -1)
			ok = 0;
	}
	for (i = 0; i < 3000; i += 2) {
		s = st(0, 9, 0, 0);
		if (sp_prof_set_caller(d, 5, k[i], &s, 0, &e) == -1)
			ok = 0;
	}
	CHECK(ok, "3000 keys and callers");
	CHECK(sp_prof_len(d) == 3000, "3000 entries");
	CHECK(sp_prof_entry(d, 5)->ncallers == 3000, "3000 callers");
	CHECK(sp_prof_entry(d, 5)->callers[2].st.nc == 9 &&
	    sp_prof_entry(d, 5)->callers[3].st.nc == 4, "callers updated");
	snprintf(name, sizeof name, "f%d", 2999);
	CHECK(sp_prof_find(d, "~", 2999 % 7, name) == 2999, "find the last");
	sp_prof_free(d);
}

/*
 * Caller lists around the size where they go into the caller table: an
 * entry emptied and refilled in a different order, past that size and
 * back, finds each caller where it now is (no stale slot wins), and long
 * names that differ only near their end stay apart.
 */
static void
test_caller_lists(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	struct sp_prof_stat s;
	const struct sp_prof_entry *t;
	char name[64];
	long k[40];
	int i, round, ok = 1;

	for (i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "a long call path > x > y > %d", i);
		k[i] = key(d, "~", 0, name);
		s = st(i, i, 0, 0);
		if (sp_prof_set(d, k[i], &s, 0, &e) != i)
			ok = 0;
	}
	for (round = 0; round < 4; round++) {
		int n = round % 2 ? 5 : 20;

		s = st(0, 0, 0, 0);
		if (sp_prof_set(d, k[1], &s, 0, &e) != 1)
			ok = 0;
		for (i = 0; i < n; i++) {
			s = st(1, (round + 1) * 100 + i, 0, 0);
			if (sp_prof_set_caller(d, 1, k[(i * 7 + round) % 40],
			    &s, 0, &e) == -1)
				ok = 0;
		}
		for (i = 0; i < n; i += 3) {
			s = st(2, i, 0, 0);
			if (sp_prof_set_caller(d, 1, k[(i * 7 + round) % 40],
			    &s, 0, &e) == -1)
				ok = 0;
		}
		t = sp_prof_entry(d, 1);
		CHECK(t->ncallers == (size_t)n, "round %d: %zu callers",
		    round, t->ncallers);
		for (i = 0; i < n && (size_t)i < t->ncallers; i++)
			CHECK(t->callers[i].key.func ==
			    sp_prof_entry(d, (size_t)k[(i * 7 + round) % 40])
			    ->key.func && t->callers[i].st.nc == (i % 3 ?
			    (round + 1) * 100 + i : i), "round %d, caller %d",
			    round, i);
	}
	CHECK(ok, "caller lists");
	snprintf(name, sizeof name, "a long call path > x > y > %d", 39);
	CHECK(sp_prof_find(d, "~", 0, name) == 39, "find a long name");
	sp_prof_free(d);
}

int
main(void)
{
	test_order_and_replace();
	test_interning();
	test_many();
	test_caller_lists();
	if (!failed)
		printf("test-prof: ok\n");
	return failed;
}
