/*
 * test-across_out: the sticky table writer (sp_across_out.h): bytes,
 * padding longer than its block of spaces, printf, widths of UTF-8,
 * aligned cells, and a writer that fails on its Nth write: the first
 * failure is kept, nothing is written after it, and its error stays.
 */
#include <string.h>

#include "check.h"
#include "membuf.h"
#include "sp_across_out.h"
#include "sp_err.h"
#include "sp_write.h"

/* A writer into a membuf that fails on write number fail_at (1-based). */
struct nth {
	struct membuf mb;
	int calls;
	int fail_at;
};

static int
nth_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct nth *w = ctx;

	if (++w->calls == w->fail_at)
		return sp_fail(e, SP_EIO, "write %d failed", w->calls);
	return membuf_write(&w->mb, p, n, e);
}

static struct sp_across_out
out_of(struct nth *w, struct sp_err *e)
{
	struct sp_across_out o;

	memset(w, 0, sizeof *w);
	memset(e, 0, sizeof *e);
	o.write = nth_write;
	o.ctx = w;
	o.e = e;
	o.failed = 0;
	return o;
}

static int
is(const struct nth *w, const char *want)
{
	return w->mb.n == strlen(want) &&
	    (w->mb.n == 0 || memcmp(w->mb.p, want, w->mb.n) == 0);
}

static void
test_pieces(void)
{
	struct nth w;
	struct sp_err e;
	struct sp_across_out o = out_of(&w, &e);

	sp_across_out_str(&o, "ab");
	sp_across_out_put(&o, "cdef", 2);
	sp_across_out_put(&o, "x", 0);	/* nothing, and no write */
	sp_across_out_pad(&o, 3);
	sp_across_out_printf(&o, "[%d|%5.2f|%s]", 42, 3.14159, "z");
	CHECK(!o.failed, "failed");
	CHECK(is(&w, "abcd   [42| 3.14|z]"), "pieces: '%.*s'", (int)w.mb.n,
	    (char *)w.mb.p);
	CHECK(w.calls == 4, "%d writes, not 4", w.calls);
	free(w.mb.p);
}

/* 70 spaces: more than the 32 of one block. */
static void
test_long_pad(void)
{
	struct nth w;
	struct sp_err e;
	struct sp_across_out o = out_of(&w, &e);
	size_t i, spaces = 0;

	sp_across_out_pad(&o, 70);
	sp_across_out_str(&o, "|");
	for (i = 0; i < w.mb.n; i++)
		spaces += w.mb.p[i] == ' ';
	CHECK(w.mb.n == 71 && spaces == 70 && w.mb.p[70] == '|',
	    "pad 70: %zu bytes, %zu spaces", w.mb.n, spaces);
	free(w.mb.p);
}

/* printf output past its 4095 bytes is cut there. */
static void
test_long_printf(void)
{
	static char big[5000];
	struct nth w;
	struct sp_err e;
	struct sp_across_out o = out_of(&w, &e);

	memset(big, 'q', sizeof big - 1);
	sp_across_out_printf(&o, "%s", big);
	CHECK(w.mb.n == 4095 && w.mb.p[4094] == 'q', "printf long: %zu bytes",
	    w.mb.n);
	free(w.mb.p);
}

static void
test_width(void)
{
	/* "é" is 2 bytes, "€" 3, "𝄞" 4: one character each */
	CHECK(sp_across_out_width("abc", 3) == 3, "width abc");
	CHECK(sp_across_out_width("\xc3\xa9t\xc3\xa9", 5) == 3, "width été");
	CHECK(sp_across_out_width("\xe2\x82\xac", 3) == 1, "width euro");
	CHECK(sp_across_out_width("\xf0\x9d\x84\x9e!", 5) == 2, "width clef");
	CHECK(sp_across_out_width("\xe2\x82\xac", 2) == 1, "width cut euro");
	CHECK(sp_across_out_width("", 0) == 0, "width empty");
	/* a stray continuation byte starts nothing */
	CHECK(sp_across_out_width("\x80" "a", 2) == 1, "width stray");
}

static void
test_cells(void)
{
	struct nth w;
	struct sp_err e;
	struct sp_across_out o = out_of(&w, &e);

	sp_across_out_cell(&o, "ab", 2, 5, 1);
	sp_across_out_str(&o, "|");
	sp_across_out_cell(&o, "ab", 2, 5, 0);
	sp_across_out_str(&o, "|");
	sp_across_out_cell(&o, "\xc3\xa9t\xc3\xa9", 5, 4, 0);
	sp_across_out_str(&o, "|");
	sp_across_out_cell(&o, "toolong", 7, 3, 1);
	sp_across_out_str(&o, "|");
	CHECK(is(&w, "ab   |   ab| \xc3\xa9t\xc3\xa9|toolong|"),
	    "cells: '%.*s'", (int)w.mb.n, (char *)w.mb.p);
	free(w.mb.p);
}

/* The writer fails on write k: the first k - 1 pieces are out, none
 * after, and the message is the failing write's. */
static void
test_fail_at(int k)
{
	static const char *const piece[] = { "one", "two", "three", "four" };
	struct nth w;
	struct sp_err e;
	struct sp_across_out o = out_of(&w, &e);
	char want[64] = "", msg[64];
	int i;

	w.fail_at = k;
	for (i = 0; i < 4; i++) {
		if (i % 2)
			sp_across_out_str(&o, piece[i]);
		else
			sp_across_out_printf(&o, "%s", piece[i]);
		if (i < k - 1)
			strcat(want, piece[i]);
	}
	sp_across_out_pad(&o, 40);
	sp_across_out_cell(&o, "x", 1, 3, 0);
	snprintf(msg, sizeof msg, "write %d failed", k);
	CHECK(o.failed == 1, "fail at %d: not failed", k);
	CHECK(w.calls == k, "fail at %d: %d writes after the failure", k,
	    w.calls);
	CHECK(is(&w, want), "fail at %d: '%.*s', not '%s'", k, (int)w.mb.n,
	    (char *)w.mb.p, want);
	CHECK(e.status == SP_EIO && strcmp(e.msg, msg) == 0,
	    "fail at %d: error '%s'", k, e.msg);
	free(w.mb.p);
}

int
main(void)
{
	int k;

	test_pieces();
	test_long_pad();
	test_long_printf();
	test_width();
	test_cells();
	for (k = 1; k <= 4; k++)
		test_fail_at(k);
	return failed != 0;
}
