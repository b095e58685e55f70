/*
 * test-stats_grid: the table of text cells drawn as print_summary draws
 * it (sp_stats_grid.h, doc/stats.md "Table layout"): the borders, a
 * column as wide as its widest cell and two wider than its header,
 * widths in code points (2-, 3- and 4-byte UTF-8 count one), empty
 * tables and empty cells, ANSI CSI sequences and OSC 8 links not
 * counted (and what is not one counted), the U+0001 line as a rule in
 * the first or second cell only, cells broken at every line boundary
 * of str.splitlines and at no other, cells copied, more lines than the
 * first room, and a failing output passed on wherever it fails.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "membuf.h"
#include "sp_stats_grid.h"

#define NCOLS_MAX 4

/* The text written is want (n bytes). */
static void
text_is_n(const struct membuf *m, const char *want, size_t n,
    const char *what)
{
	CHECK(m->n == n && memcmp(m->p, want, n) == 0,
	    "%s:\n%.*s\nexpected\n%.*s", what, (int)m->n,
	    (const char *)m->p, (int)n, want);
}

static void
text_is(const struct membuf *m, const char *want, const char *what)
{
	text_is_n(m, want, strlen(want), what);
}

/*
 * A grid of ncols columns and nlines lines of NUL-terminated cells,
 * drawn into m.
 */
static int
draw(size_t ncols, const char *const *head, size_t nlines,
    const char *const (*lines)[NCOLS_MAX], struct membuf *m)
{
	struct sp_stats_grid *g = sp_stats_grid_new(ncols, head);
	struct sp_err e;
	size_t lens[NCOLS_MAX], i, k;
	int rc = 0;

	if (g == NULL)
		abort();
	for (i = 0; i < nlines && rc == 0; i++) {
		for (k = 0; k < ncols; k++)
			lens[k] = strlen(lines[i][k]);
		rc = sp_stats_grid_line(g, lines[i], lens, &e);
	}
	if (rc == 0)
		rc = sp_stats_grid_write(g, membuf_write, m, &e);
	CHECK(rc == 0, "draw: %s", e.msg);
	sp_stats_grid_free(g);
	return rc;
}

/* No lines: the header alone; an empty header and empty cells. */
static void
test_empty(void)
{
	static const char *const h1[] = { "h" };
	static const char *const h2[] = { "", "x" };
	static const char *const l2[][NCOLS_MAX] = { { "", "" } };
	struct membuf m = { 0 };

	/* width 1 + 2 = 3: 3 + 2 dashes; "h" padded to 3, then " │" */
	draw(1, h1, 0, NULL, &m);
	text_is(&m,
	    "  ╭─────╮\n"
	    "  │ h   │\n"
	    "  ├─────┤\n"
	    "  ╰─────╯\n", "no lines");
	free(m.p);

	/* widths 2 and 3: 4 + 2 + 5 dashes */
	memset(&m, 0, sizeof m);
	draw(2, h2, 1, l2, &m);
	text_is(&m,
	    "  ╭───────────╮\n"
	    "  │       x   │\n"
	    "  ├───────────┤\n"
	    "  │           │\n"
	    "  ╰───────────╯\n", "empty cells");
	free(m.p);
}

/* Widths in code points, whatever the bytes of each. */
static void
test_utf8(void)
{
	static const char *const head[] = { "name", "n" };
	static const char *const lines[][NCOLS_MAX] = {
		{ "日本語", "1" },
		{ "éééééééé", "22" },
		{ "😀", "€€€€" },
	};
	struct membuf m = { 0 };

	/* widths: max(4 + 2, 3, 8, 1) = 8 and max(1 + 2, 1, 2, 4) = 4 */
	draw(2, head, 3, lines, &m);
	text_is(&m,
	    "  ╭──────────────────╮\n"
	    "  │ name        n    │\n"
	    "  ├──────────────────┤\n"
	    "  │ 日本語         1    │\n"
	    "  │ éééééééé    22   │\n"
	    "  │ 😀           €€€€ │\n"
	    "  ╰──────────────────╯\n", "code points");
	free(m.p);
}

#define W(s, strip)	sp_stats_grid_width(s, sizeof s - 1, strip)
#define A(s)		sp_stats_grid_has_ansi(s, sizeof s - 1)
#define LINK(text)	\
	"\x1b]8;id=x:y;http://e.org/\x1b\\" text "\x1b]8;;\x1b\\"

static void
test_width(void)
{
	CHECK(W("", 0) == 0 && W("", 1) == 0, "empty");
	CHECK(W("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 0) == 4 &&
	    W("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 1) == 4,
	    "1 to 4 bytes a code point");
	/* CSI: ESC [, parameter bytes, intermediate bytes, a final byte */
	CHECK(W("\x1b[31mred\x1b[0m", 0) == 12, "not stripped: 5 + 3 + 4");
	CHECK(W("\x1b[31mred\x1b[0m", 1) == 3, "stripped");
	CHECK(W("\x1b[?25h\x1b[1;2 q\x1b[m", 1) == 0, "CSI of every part");
	/* the final byte's range: @ to ~ */
	CHECK(W("\x1b[2@\x1b[3~", 1) == 0 && W("\x1b[2\x7f", 1) == 4,
	    "final bytes");
	CHECK(W("\x1b[12", 1) == 4, "no final byte: no CSI");
	CHECK(W("\x1b(B", 1) == 3 && W("\x1b", 1) == 1, "ESC alone counts");
	/* OSC 8: its text only counts */
	CHECK(W(LINK("\xc3\xa9t\xc3\xa9") "!", 1) == 4, "a link: %zu",
	    W(LINK("\xc3\xa9t\xc3\xa9") "!", 1));
	CHECK(W(LINK(""), 1) == 33, "a link without text is none: %zu",
	    W(LINK(""), 1));
	CHECK(W("\x1b]8;;u\x1b\\text", 1) == 12, "a link never closed");
	CHECK(W("\x1b]8;a b;u\x1b\\t\x1b]8;;\x1b\\", 1) == 19,
	    "a blank in the parameters: no link");

	CHECK(!A("") && !A("plain") && !A("\x1b") && !A("\x1b[") &&
	    !A("\x1b[12") && !A("\x1b(B"), "no ANSI");
	CHECK(A("\x1b[m") && A("a\x1b[0m") && A("\x1b\x1b[1;31m") &&
	    A("\x1b[3~") && A(LINK("t")), "ANSI");
	CHECK(!A(LINK("")) && !A("\x1b]8;;u\x1b\\text"),
	    "no link without text or closing");
}

/* A sequence in any cell: then none of them counts, in any cell. */
static void
test_ansi(void)
{
	static const char *const head[] = { "c", "d" };
	static const char *const lines[][NCOLS_MAX] = {
		{ "\x1b[1mbold\x1b[0m", "x" },
		{ LINK("link"), "yy" },
	};
	static const char *const h1[] = { "h" };
	static const char *const l1[][NCOLS_MAX] = { { "\x1b[12" } };
	struct membuf m = { 0 };

	/* widths max(3, 4, 4) = 4 and 3 */
	draw(2, head, 2, lines, &m);
	text_is(&m,
	    "  ╭─────────────╮\n"
	    "  │ c       d   │\n"
	    "  ├─────────────┤\n"
	    "  │ \x1b[1mbold\x1b[0m    x   │\n"
	    "  │ " LINK("link") "    yy  │\n"
	    "  ╰─────────────╯\n", "ANSI not counted");
	free(m.p);

	/* no sequence: ESC [ 1 2 are four code points */
	memset(&m, 0, sizeof m);
	draw(1, h1, 1, l1, &m);
	text_is(&m,
	    "  ╭──────╮\n"
	    "  │ h    │\n"
	    "  ├──────┤\n"
	    "  │ \x1b[12 │\n"
	    "  ╰──────╯\n", "not a sequence");
	free(m.p);
}

/*
 * U+0001 between white space (Python's, Unicode's too) in the first or
 * second cell: a rule, its cells counting for no width.  In the third
 * cell, twice, or beside other text: a cell like the others.
 */
static void
test_separator(void)
{
	static const char *const head[] = { "a", "b", "c" };
	static const char *const lines[][NCOLS_MAX] = {
		{ "a-first-cell-not-counted", "\x01", "x" },
		{ " \x01\t", "y", "zzzzzz" },
		{ "\xe3\x80\x80\x01\xc2\xa0", "", "" },
		{ "p", "q", "\x01" },
		{ "\x01\x01", "\x01x", "r" },
	};
	struct membuf m = { 0 };

	/* widths 3, 3, 3: 5 + 2 + 5 + 2 + 5 dashes */
	draw(3, head, 5, lines, &m);
	text_is(&m,
	    "  ╭───────────────────╮\n"
	    "  │ a      b      c   │\n"
	    "  ├───────────────────┤\n"
	    "  ├───────────────────┤\n"
	    "  ├───────────────────┤\n"
	    "  ├───────────────────┤\n"
	    "  │ p      q      \x01   │\n"
	    "  │ \x01\x01     \x01x     r   │\n"
	    "  ╰───────────────────╯\n", "separating lines");
	free(m.p);
}

/*
 * A line boundary of str.splitlines in a cell (\r\n as one) breaks the
 * printed line there, each piece after two spaces; it still counts as
 * code points in the width.  \x1f is none.
 */
static void
test_breaks(void)
{
	static const char *const head[] = { "k", "v" };
	static const char *const lines[][NCOLS_MAX] = {
		{ "a\r\nb", "1" },
		{ "c\xe2\x80\xa8" "d", "e\x1f" "f" },
		{ "g\xc2\x85h\x0bi", "\x1cj" },
		{ "\rz", "\x1d\x0c" },
		{ "\xe2\x80\xa9", "\x1e" },
		{ "n\nn", "" },
	};
	struct membuf m = { 0 };

	/* widths max(3, 4, 3, 5, 2, 1, 3) = 5 and max(3, 1, 3, 2, 2, 1) = 3 */
	draw(2, head, 6, lines, &m);
	text_is(&m,
	    "  ╭──────────────╮\n"
	    "  │ k        v   │\n"
	    "  ├──────────────┤\n"
	    "  │ a\n"
	    "  b     1   │\n"
	    "  │ c\n"
	    "  d      e\x1f" "f │\n"
	    "  │ g\n"
	    "  h\n"
	    "  i    \n"
	    "  j  │\n"
	    "  │ \n"
	    "  z       \n"
	    "  \n"
	    "    │\n"
	    "  │ \n"
	    "          \n"
	    "     │\n"
	    "  │ n\n"
	    "  n          │\n"
	    "  ╰──────────────╯\n", "line boundaries");
	free(m.p);
}

/* Cells are copied, embedded NULs and all; lines past the first room. */
static void
test_copies(void)
{
	static const char *const head[] = { "row" };
	static const char want_nul[] =
	    "  ╭───────╮\n"
	    "  │ row   │\n"
	    "  ├───────┤\n"
	    "  │ abc   │\n"
	    "  │ a\0b   │\n"
	    "  ╰───────╯\n";
	struct sp_stats_grid *g = sp_stats_grid_new(1, head);
	struct membuf m = { 0 };
	struct sp_err e;
	char cell[8], *want, *p;
	const char *cells[1] = { cell };
	size_t len, i;

	if (g == NULL)
		abort();
	memcpy(cell, "abc", 3);
	len = 3;
	CHECK(sp_stats_grid_line(g, cells, &len, &e) == 0, "line");
	memcpy(cell, "a\0b", 3);
	CHECK(sp_stats_grid_line(g, cells, &len, &e) == 0, "line with NUL");
	memcpy(cell, "XYZ", 3);
	CHECK(sp_stats_grid_write(g, membuf_write, &m, &e) == 0, "write");
	text_is_n(&m, want_nul, sizeof want_nul - 1, "copied cells");
	free(m.p);
	sp_stats_grid_free(g);

	/* 1000 lines "r0" to "r999": width max(5, 4) = 5, in order */
	g = sp_stats_grid_new(1, head);
	want = malloc(1000 * 32 + 128);
	if (g == NULL || want == NULL)
		abort();
	p = want + sprintf(want, "  ╭───────╮\n  │ row   │\n  ├───────┤\n");
	for (i = 0; i < 1000; i++) {
		len = (size_t)sprintf(cell, "r%zu", i);
		CHECK(sp_stats_grid_line(g, cells, &len, &e) == 0, "line");
		p += sprintf(p, "  │ %-5s │\n", cell);
	}
	sprintf(p, "  ╰───────╯\n");
	memset(&m, 0, sizeof m);
	CHECK(sp_stats_grid_write(g, membuf_write, &m, &e) == 0, "write");
	text_is(&m, want, "1000 lines");
	free(m.p);
	free(want);
	sp_stats_grid_free(g);
}

/* The output failing at any byte: the writer's error, passed on. */
static void
test_write_fails(void)
{
	static const char *const head[] = { "k", "v" };
	static const char *const lines[][NCOLS_MAX] = {
		{ "a\nb", "1" }, { "\x01", "" }, { "c", "22" },
	};
	struct sp_stats_grid *g = sp_stats_grid_new(2, head);
	struct membuf m = { 0 };
	struct sp_err e;
	size_t lens[2], i, k, total, bad = 0;

	if (g == NULL)
		abort();
	for (i = 0; i < 3; i++) {
		for (k = 0; k < 2; k++)
			lens[k] = strlen(lines[i][k]);
		CHECK(sp_stats_grid_line(g, lines[i], lens, &e) == 0, "line");
	}
	CHECK(sp_stats_grid_write(g, membuf_write, &m, &e) == 0, "write");
	total = m.n;
	for (i = 1; i < total; i++) {
		m.n = 0;
		m.fail_after = i;
		e.status = SP_OK;
		if (sp_stats_grid_write(g, membuf_write, &m, &e) != -1 ||
		    e.status != SP_EIO || m.n > i)
			bad++;
	}
	CHECK(bad == 0, "%zu of %zu failing outputs not passed on", bad,
	    total - 1);
	m.n = 0;
	m.fail_after = total;
	CHECK(sp_stats_grid_write(g, membuf_write, &m, &e) == 0 &&
	    m.n == total, "room for all of it");
	free(m.p);
	sp_stats_grid_free(g);
}

int
main(void)
{
	test_empty();
	test_utf8();
	test_width();
	test_ansi();
	test_separator();
	test_breaks();
	test_copies();
	test_write_fails();
	return failed != 0;
}
