/*
 * test-stats_table: print_summary's text.  The layout of tabulate's
 * rounded_outline with its oddities (ANSI sequences not counted, the
 * U+0001 separating line, cells that break the printed line), the
 * reference's number formats, paths as relpath and shlex give them, and
 * the example of doc/stats.md ("Example: a session on two ranks") to the
 * character.
 */
#include <stdlib.h>

#include "membuf.h"
#include "sp_stats_grid.h"
#include "sp_stats_table.h"
#include "sp_stats_text.h"
#include "stats63.h"

static void
text_is(const struct membuf *m, const char *want, const char *what)
{
	size_t n = strlen(want);

	CHECK(m->n == n && memcmp(m->p, want, n) == 0, "%s:\n%.*s\nexpected\n%s",
	    what, (int)m->n, (const char *)m->p, want);
}

static void
grid(void)
{
	static const char *head[2] = { "a", "bb" };
	const char *l1[2] = { "\x1b[1mx\x1b[0m", "y" };
	const char *l2[2] = { " \x01 ", "zzzz" };
	const char *l3[2] = { "p\nq", "r" };
	size_t n1[2] = { 9, 1 }, n2[2] = { 3, 4 }, n3[2] = { 3, 1 };
	struct sp_stats_grid *g = sp_stats_grid_new(2, head);
	struct membuf m = { 0 };
	struct sp_err e;

	CHECK(sp_stats_grid_line(g, l1, n1, &e) == 0 &&
	    sp_stats_grid_line(g, l2, n2, &e) == 0 &&
	    sp_stats_grid_line(g, l3, n3, &e) == 0 &&
	    sp_stats_grid_write(g, membuf_write, &m, &e) == 0, "grid");
	/*
	 * widths 3 (a + 2; "p\nq" counts 3) and 4 (bb + 2; the separating
	 * line's "zzzz" counts for nothing); the escapes are not counted
	 */
	text_is(&m, "  ╭─────────────╮\n"
	    "  │ a      bb   │\n"
	    "  ├─────────────┤\n"
	    "  │ \x1b[1mx\x1b[0m      y    │\n"
	    "  ├─────────────┤\n"
	    "  │ p\n"
	    "  q    r    │\n"
	    "  ╰─────────────╯\n", "grid");
	free(m.p);
	sp_stats_grid_free(g);
	CHECK(sp_stats_grid_width("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\",
	    26, 1) == 4, "OSC 8: its text only");
	CHECK(sp_stats_grid_width("日本", 6, 0) == 2, "code points");
}

static void
formats(void)
{
	static const struct { uint64_t n; const char *s; } c[] = {
		{ 0, "0" }, { 999, "999" }, { 1000, "1k" }, { 1500, "1.5k" },
		{ 999499, "999k" }, { 999999, "1e+03k" }, { 1000000, "1M" },
		{ 2500000000ULL, "2.5B" },
	};
	struct sp_stats_text b = { 0 };
	char *p;
	size_t i;

	for (i = 0; i < sizeof c / sizeof *c; i++) {
		b.n = 0;
		sp_stats_text_count(&b, c[i].n);
		CHECK(strcmp(b.p, c[i].s) == 0, "count %llu: %s, not %s",
		    (unsigned long long)c[i].n, b.p, c[i].s);
	}
	b.n = 0;
	sp_stats_text_pct(&b, sp_opt_of(5.0), sp_opt_of(22.0));
	sp_stats_text_pct(&b, sp_opt_of(1.0), sp_opt_of(0.0));
	CHECK(strcmp(b.p, "22.73%-") == 0, "pct: %s", b.p);
	b.n = 0;
	sp_stats_text_shell_quote(&b, "run.h5");
	sp_stats_text_shell_quote(&b, "it's a b");
	sp_stats_text_shell_quote(&b, "");
	CHECK(strcmp(b.p, "run.h5'it'\"'\"'s a b'''") == 0, "quote: %s", b.p);
	sp_stats_text_free(&b);
	p = sp_stats_text_relpath("/a/b/c.h5", "/a/x");
	CHECK(p != NULL && strcmp(p, "../b/c.h5") == 0, "relpath up: %s", p);
	free(p);
	p = sp_stats_text_relpath("./d//e/../f.h5", "/w");
	CHECK(p != NULL && strcmp(p, "d/f.h5") == 0, "relpath: %s", p);
	free(p);
	p = sp_stats_text_relpath("/w", "/w");
	CHECK(p != NULL && strcmp(p, ".") == 0, "relpath same: %s", p);
	free(p);
}

/* 6.3 in the exclusive mode, with the spec's columns. */
static void
example(void)
{
	static const enum sp_stats_col cols[] = { SP_COL_REGION,
		SP_COL_CALLS, SP_COL_PERCENT, SP_COL_PARENT_PERCENT,
		SP_COL_TOTAL, SP_COL_AVG, SP_COL_IMBALANCE };
	struct sp_stats_result *res = run(SP_STATS_WANT_TREE, 1 << 20, 0,
	    NULL);
	struct sp_stats_table_opts o;
	struct membuf m = { 0 };
	struct sp_err e;

	memset(&o, 0, sizeof o);
	o.columns = cols;
	o.ncolumns = 7;
	o.pmode = SP_STATS_PCT_EXCLUSIVE;
	o.suppress_notes = 1;
	o.top = -1;
	o.max_depth = -1;
	CHECK(sp_stats_table_write(res, &o, membuf_write, &m, &e) == 0,
	    "table: %s", e.msg);
	text_is(&m,
"  ╭────────────────────────────────────────────────────────────────────────────────────────────────────────────────────╮\n"
"  │ region                    n      % session      % parent       total [s]         avg/call [s]      imbalance [%]   │\n"
"  ├────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┤\n"
"  │ scope_profiler.session    2      100.00%        -              22.000000         1.100e+01         9.09            │\n"
"  │ └─ (own)                            22.73%         22.73%         5.000000          2.500e+00                      │\n"
"  │ └─ solve                  3         65.91%         77.27%         17.000000         5.667e+00      17.65           │\n"
"  │ │ └─ (own)                            65.91%         85.29%         14.499750         4.833e+00                    │\n"
"  │ │ └─ io                   4           11.36%         14.71%         2.500250          6.251e-01    99.98           │\n"
"  ╰────────────────────────────────────────────────────────────────────────────────────────────────────────────────────╯\n"
"\n", "6.3 exclusive");
	free(m.p);
	sp_stats_result_free(res);
	/* a filter that keeps nothing: the title alone, no box */
	res = run(SP_STATS_WANT_TREE, 1 << 20, 0, nothing);
	memset(&m, 0, sizeof m);
	o.columns = NULL;
	o.ncolumns = 0;
	o.cwd = "/";
	CHECK(sp_stats_table_write(res, &o, membuf_write, &m, &e) == 0,
	    "empty table");
	text_is(&m, "native_trace (2 ranks)\n  (no regions recorded)\n",
	    "no rows");
	free(m.p);
	sp_stats_result_free(res);
}

static void
usage(void)
{
	enum sp_stats_col c[SP_STATS_COLS_MAX];
	struct sp_err e;
	size_t n;

	CHECK(sp_stats_table_columns("name,calls,p95", c, &n, &e) == 0 &&
	    n == 3 && c[0] == SP_COL_REGION, "columns, name an alias");
	CHECK(sp_stats_table_columns("foo,total,b'r", c, &n, &e) < 0 &&
	    strcmp(e.msg, "Unknown region summary column(s): ['foo', \"b'r\"]. "
	    "Choices: region, ranks, calls, total, percent, parent_percent, "
	    "avg, gpu_total, gpu_avg, min, max, first, last, std, p50, p95, "
	    "p99, imbalance, wall, self") == 0, "unknown columns: %s", e.msg);
	CHECK(sp_stats_table_columns("", c, &n, &e) < 0 && strcmp(e.msg,
	    "At least one region summary column must be selected.") == 0,
	    "no column");
	CHECK(sp_stats_table_sort_key("p95", &e) == 0 &&
	    sp_stats_table_sort_key("rank", &e) < 0, "sort keys");
}

int
main(void)
{
	grid();
	formats();
	example();
	usage();
	sp_stats_run_free(alive);
	return failed != 0;
}
