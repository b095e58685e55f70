/*
 * test-report: sp-report's escaping in each place a name lands (text,
 * attributes, JSON in a script), byte for byte, for the characters that
 * could end or open markup and for bytes that are not UTF-8; and the
 * overview's rules (sp_report_overview.h) at and around each threshold;
 * the heatmap's order and binning (sp_report_order.h).
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "membuf.h"
#include "sp_report_escape.h"
#include "sp_report_order.h"
#include "sp_report_overview.h"

static void
escaped(enum sp_report_ctx c, const char *s, size_t n, const char *want)
{
	struct membuf m = { 0 };
	struct sp_err e;

	CHECK(sp_report_escape(c, s, n, membuf_write, &m, &e) == 0,
	    "escape: %s", e.msg);
	CHECK(m.n == strlen(want) && memcmp(m.p, want, m.n) == 0,
	    "escape %d of %.*s: %.*s, not %s", (int)c, (int)n, s, (int)m.n,
	    (const char *)m.p, want);
	free(m.p);
}

#define ESC(c, lit, want) escaped(c, lit, sizeof lit - 1, want)

static void
escaping(void)
{
	static const enum sp_report_ctx html[] = { SP_REPORT_TEXT,
		SP_REPORT_ATTR };
	size_t i;

	for (i = 0; i < 2; i++) {
		ESC(html[i], "plain é", "plain é");
		ESC(html[i], "</script><svg onload=alert(1)>",
		    "&lt;/script&gt;&lt;svg onload=alert(1)&gt;");
		ESC(html[i], "a\"b'c&amp;", "a&quot;b&#39;c&amp;amp;");
		ESC(html[i], "<!--x-->", "&lt;!--x--&gt;");
		ESC(html[i], "\x01\x1b[0m\x7f", "&#1;&#27;[0m&#127;");
		ESC(html[i], "a\0b", "a\xef\xbf\xbd" "b");
		ESC(html[i], "cr\rlf\ntab\t", "cr&#13;lf\ntab\t");
		ESC(html[i], "\xff\xfe", "\xef\xbf\xbd\xef\xbf\xbd");
		ESC(html[i], "cut\xc3", "cut\xef\xbf\xbd");
		ESC(html[i], "\xed\xa0\x80", "\xef\xbf\xbd");	/* lone surrogate */
		ESC(html[i], "\xc2\x85 \xe2\x80\xa8", "\xc2\x85 \xe2\x80\xa8");
	}
	ESC(SP_REPORT_JSON, "plain é", "plain é");
	ESC(SP_REPORT_JSON, "</script><!--", "\\u003c/script\\u003e\\u003c!--");
	ESC(SP_REPORT_JSON, "a\"b\\c&'", "a\\\"b\\\\c\\u0026'");
	ESC(SP_REPORT_JSON, "\n\t\r\x01\x1f", "\\n\\t\\u000d\\u0001\\u001f");
	ESC(SP_REPORT_JSON, "a\0b", "a\\u0000b");
	ESC(SP_REPORT_JSON, "ls\xe2\x80\xa8ps\xe2\x80\xa9",
	    "ls\\u2028ps\\u2029");
	ESC(SP_REPORT_JSON, "\xff\xfe", "\\udcff\\udcfe");
	ESC(SP_REPORT_JSON, "\xed\xa0\x80", "\\ud800");
	ESC(SP_REPORT_JSON, "\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf");
}

/* A long name goes out whole, in pieces, with no character split. */
static void
long_name(void)
{
	size_t n = 20000, i;
	char *s = malloc(n);
	struct membuf m = { 0 };

	for (i = 0; i < n; i++)
		s[i] = i % 3 == 2 ? '<' : 'x';
	CHECK(sp_report_escape(SP_REPORT_TEXT, s, n, membuf_write, &m, NULL) ==
	    0 && m.n == n + 3 * (n / 3), "long name: %zu bytes", m.n);
	free(m.p);
	free(s);
}

/* --- the overview --- */

static struct sp_stats_region regs[8];
static struct sp_stats_result res;

static void
region(size_t i, const char *name, double total, double own, uint64_t calls)
{
	struct sp_stats_region *r = &regs[i];

	memset(r, 0, sizeof *r);
	r->name = name;
	r->name_len = strlen(name);
	r->total = total;
	r->exclusive = own;
	r->num_calls = calls;
	r->average = calls ? total / (double)calls : 0;
	r->ranks_timed = calls ? 1 : 0;
	if (i + 1 > res.nregions)
		res.nregions = i + 1;
}

static void
reset(uint32_t ranks)
{
	memset(&res, 0, sizeof res);
	res.regions = regs;
	res.num_ranks = ranks;
}

static void
overview(void)
{
	struct sp_report_overview ov;

	/* nothing but the dominant region: main's own time leads */
	reset(1);
	region(0, "main", 10, 8, 1);
	region(1, "sub", 2, 2, 1);
	sp_report_overview(&res, 10, &ov);
	CHECK(ov.dominant == 0 && fabs(ov.dominant_pct - 80) < 1e-9 &&
	    ov.largest == SP_REPORT_NONE && !ov.outside &&
	    ov.imbalance == SP_REPORT_NONE && ov.chatty == SP_REPORT_NONE &&
	    ov.no_calls == 0, "plain: %zu %zu %d", ov.dominant, ov.largest,
	    ov.outside);

	/* the largest total is another region: its children's share */
	reset(1);
	region(0, "main", 10, 2, 1);
	region(1, "work", 8, 8, 1);
	sp_report_overview(&res, 10, &ov);
	CHECK(ov.dominant == 1 && ov.largest == 0 &&
	    fabs(ov.children_pct - 80) < 1e-9, "largest: %zu %g", ov.largest,
	    ov.children_pct);

	/* outside every region: the session's own time, at 25 % and not
	 * below; the session is no region of the bullets */
	reset(1);
	region(0, "scope_profiler.session", 100, 25, 1);
	region(1, "a", 75, 75, 1);
	sp_report_overview(&res, 0, &ov);
	CHECK(ov.session == 0 && ov.dominant == 1 && ov.outside &&
	    fabs(ov.outside_pct - 25) < 1e-9 && ov.largest == SP_REPORT_NONE,
	    "outside at 25 %%: %d %g", ov.outside, ov.outside_pct);
	regs[0].exclusive = 24.9;
	sp_report_overview(&res, 0, &ov);
	CHECK(!ov.outside, "outside below 25 %%");
	/* without a session region: the span over the ranks with calls */
	reset(1);
	region(0, "a", 3, 3, 1);
	sp_report_overview(&res, 4, &ov);
	CHECK(ov.outside && fabs(ov.outside_pct - 25) < 1e-9,
	    "outside of the span: %g", ov.outside_pct);

	/* imbalance: several ranks, 15 % and more */
	reset(2);
	region(0, "x", 300, 300, 2);
	regs[0].ranks_timed = 2;
	regs[0].rank_mean = 100;
	regs[0].rank_max = 115;
	regs[0].rank_max_rank = 1;
	sp_report_overview(&res, 0, &ov);
	CHECK(ov.imbalance == 0 && ov.imbalance_rank == 1 &&
	    fabs(ov.imbalance_pct - 15) < 1e-9, "imbalance at 15 %%: %zu",
	    ov.imbalance);
	regs[0].rank_max = 114.9;
	sp_report_overview(&res, 0, &ov);
	CHECK(ov.imbalance == SP_REPORT_NONE, "imbalance below 15 %%");
	regs[0].rank_max = 200;
	res.num_ranks = 1;
	sp_report_overview(&res, 0, &ov);
	CHECK(ov.imbalance == SP_REPORT_NONE, "imbalance with one rank");

	/* the chattiest: 1000 calls and more under 10 us each */
	reset(1);
	region(0, "loop", 1, 0.9, 1);
	region(1, "tick", 0.0099, 0.0099, 1000);
	region(2, "tock", 0.02, 0.02, 1500);	/* 13 us each */
	region(3, "tack", 0.0009, 0.0009, 999);
	sp_report_overview(&res, 1, &ov);
	CHECK(ov.chatty == 1, "chatty: %zu", ov.chatty);
	regs[1].total = regs[1].average = 0;
	regs[1].average = 10e-6;
	sp_report_overview(&res, 1, &ov);
	CHECK(ov.chatty == SP_REPORT_NONE, "10 us is not under 10 us");

	/* regions without calls */
	reset(2);
	region(0, "x", 1, 1, 1);
	region(1, "elsewhere", 0, 0, 0);
	region(2, "also", 0, 0, 0);
	sp_report_overview(&res, 1, &ov);
	CHECK(ov.no_calls == 2 && ov.dominant == 0, "no calls: %zu",
	    ov.no_calls);
}

/* The heatmap's order: groups by the column furthest above its mean,
 * in the columns' order, most own time first, ties by rank. */
static void
order(void)
{
	/* 6 ranks x 3 columns; column means 2, 1, 4 */
	static const double own[] = {
		2, 1, 4,	/* 0: all at the mean: column 0 (first) */
		1, 3, 4,	/* 1: 3x in column 1 */
		2, 1, 9,	/* 2: 2.25x in column 2 */
		4, 1, 4,	/* 3: 2x in column 0, total 9 */
		3, 0, 3,	/* 4: 1.5x in column 0, total 6 */
		0, 0, 0,	/* 5: no time above 0 anywhere: column 0 */
	};
	static const size_t want[] = { 3, 0, 4, 5, 1, 2 };
	static const size_t groups[] = { 0, 1, 2, 0, 0, 0 };
	double own2[18];
	size_t got[6], grp[6], i;

	CHECK(sp_report_order(own, 6, 3, got, grp) == 0, "order");
	for (i = 0; i < 6; i++) {
		CHECK(got[i] == want[i], "order[%zu] = %zu, not %zu", i,
		    got[i], want[i]);
		CHECK(grp[i] == groups[i], "group of %zu = %zu, not %zu", i,
		    grp[i], groups[i]);
	}
	/* no calls anywhere (-1): the last group, after the others */
	for (i = 0; i < 18; i++)
		own2[i] = own[i];
	own2[0] = own2[1] = own2[2] = -1;
	CHECK(sp_report_order(own2, 6, 3, got, grp) == 0, "order");
	CHECK(grp[0] == 3 && got[5] == 0, "no calls: group %zu, last %zu",
	    grp[0], got[5]);
	/* equal ranks keep their order */
	for (i = 0; i < 18; i++)
		own2[i] = 1;
	CHECK(sp_report_order(own2, 6, 3, got, NULL) == 0, "order");
	for (i = 0; i < 6; i++)
		CHECK(got[i] == i, "ties: order[%zu] = %zu", i, got[i]);

	/* binning: one rank a row up to the bound, then ceil(n / max) */
	CHECK(sp_report_order_per(2048, 2048) == 1 &&
	    sp_report_order_rows(2048, 2048) == 2048, "2048 ranks");
	CHECK(sp_report_order_per(2049, 2048) == 2 &&
	    sp_report_order_rows(2049, 2048) == 1025, "2049 ranks");
	CHECK(sp_report_order_per(100000, 2048) == 49 &&
	    sp_report_order_rows(100000, 2048) == 2041, "100000 ranks");
	CHECK(sp_report_order_per(1, 2048) == 1 &&
	    sp_report_order_rows(1, 2048) == 1, "one rank");
}

int
main(void)
{
	escaping();
	long_name();
	overview();
	order();
	return failed != 0;
}
