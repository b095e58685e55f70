/*
 * test-stats_order: the order of the table's rows and of the records
 * (sp_stats_order.h).  "start" prints the tree: roots by start, each
 * row's children right after it by start, the first met first on ties;
 * any other key sorts every row by value, largest first, None last, ties
 * by name in code points, then the order met; "name" by name alone;
 * an unknown key is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_stats_order.h"

#define NONE UINT32_MAX

static struct sp_stats_row
row(const char *name, uint32_t parent, double start, double total)
{
	struct sp_stats_row w;

	memset(&w, 0, sizeof w);
	w.name = name;
	w.name_len = strlen(name);
	w.parent = parent;
	w.start = start;
	if (total >= 0)
		w.total = sp_opt_of(total);
	return w;
}

static void
order_is(const struct sp_stats_row *rows, size_t n, const char *sort,
    const uint32_t *want)
{
	uint32_t got[8];
	struct sp_err e;
	size_t i;

	CHECK(sp_stats_order_rows(rows, n, sort, got, &e) == 0, "%s: %s",
	    sort, e.msg);
	for (i = 0; i < n; i++)
		CHECK(got[i] == want[i], "%s: row %zu is %u, not %u", sort, i,
		    got[i], want[i]);
}

/*
 * main (0) at 0 with solve (1, at 2) and io (2, at 1) below it, and
 * io's child write (3, at 1.5); a second root aux (4) at 0; a root b
 * (5) at 9 without total.
 */
static void
rows(void)
{
	struct sp_stats_row r[6];
	static const uint32_t start[] = { 0, 2, 3, 1, 4, 5 };
	static const uint32_t total[] = { 0, 1, 4, 2, 3, 5 };
	static const uint32_t name[] = { 4, 5, 2, 0, 1, 3 };

	r[0] = row("main", NONE, 0, 10);
	r[1] = row("solve", 0, 2, 4);
	r[2] = row("io", 0, 1, 2);
	r[3] = row("write", 2, 1.5, 2);
	r[4] = row("aux", NONE, 0, 2);
	r[5] = row("b", NONE, 9, -1);
	order_is(r, 6, "start", start);
	order_is(r, 6, NULL, start);
	/* 10, 4, then the 2s by name (aux, io, write), None last */
	order_is(r, 6, "total", total);
	order_is(r, 6, "name", name);
}

static void
unknown_key(void)
{
	struct sp_stats_row r[1];
	uint32_t out[1];
	struct sp_err e;

	r[0] = row("main", NONE, 0, 1);
	CHECK(sp_stats_order_rows(r, 1, "bogus", out, &e) < 0 &&
	    e.status == SP_EUSAGE, "an unknown key is a usage error");
}

/* Records by a value of their own, names by code point (UTF-8 bytes). */
struct rec {
	const char *name;
	double v;
	int set;
};

static double
rec_val(const void *ctx, size_t i, int *set)
{
	const struct rec *r = ctx;

	*set = r[i].set;
	return r[i].v;
}

static const char *
rec_name(const void *ctx, size_t i, size_t *len)
{
	const struct rec *r = ctx;

	*len = strlen(r[i].name);
	return r[i].name;
}

static void
records(void)
{
	static const struct rec r[] = {
		{ "\xc3\xa9t\xc3\xa9", 1, 1 }, { "z", 1, 1 }, { "a", 0, 0 },
		{ "b", 3, 1 }, { "Z", 1, 1 }, { "z", 1, 1 }, { "zz", 1, 1 },
	};
	/* 3, then the 1s: "Z" < "z" (twice, as met) < "zz" < "été"; None
	 * last */
	static const uint32_t by_val[] = { 3, 4, 1, 5, 6, 0, 2 };
	static const uint32_t by_name[] = { 4, 2, 3, 1, 5, 6, 0 };
	struct sp_stats_sortable s = { rec_val, rec_name, r };
	uint32_t out[7];
	struct sp_err e;
	size_t i;

	CHECK(sp_stats_order_by(&s, 7, out, &e) == 0, "by value");
	for (i = 0; i < 7; i++)
		CHECK(out[i] == by_val[i], "by value: %zu is %u, not %u", i,
		    out[i], by_val[i]);
	s.val = NULL;
	CHECK(sp_stats_order_by(&s, 7, out, &e) == 0, "by name");
	for (i = 0; i < 7; i++)
		CHECK(out[i] == by_name[i], "by name: %zu is %u, not %u", i,
		    out[i], by_name[i]);
}

int
main(void)
{
	rows();
	unknown_key();
	records();
	return failed != 0;
}
