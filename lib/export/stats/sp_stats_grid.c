#include "sp_stats_grid.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_arena.h"
#include "sp_grow.h"
#include "sp_stats_text.h"
#include "sp_utf8.h"

#define ESC 0x1b
#define DASH "\xe2\x94\x80"	/* U+2500 */

struct cell {
	const char *s;
	size_t n;
};

struct sp_stats_grid {
	size_t ncols;
	struct sp_arena *arena;
	struct cell *head;
	struct cell *cells;	/* nlines * ncols */
	size_t nlines, cap;	/* in lines */
};

struct sp_stats_grid *
sp_stats_grid_new(size_t ncols, const char *const *headers)
{
	struct sp_stats_grid *g = calloc(1, sizeof *g);
	size_t i;

	if (g == NULL || (g->arena = sp_arena_new()) == NULL ||
	    (g->head = calloc(ncols + 1, sizeof *g->head)) == NULL) {
		if (g != NULL)
			sp_arena_free(g->arena);
		free(g);
		return NULL;
	}
	g->ncols = ncols;
	for (i = 0; i < ncols; i++) {
		g->head[i].s = headers[i];
		g->head[i].n = strlen(headers[i]);
	}
	return g;
}

void
sp_stats_grid_free(struct sp_stats_grid *g)
{
	if (g == NULL)
		return;
	sp_arena_free(g->arena);
	free(g->head);
	free(g->cells);
	free(g);
}

int
sp_stats_grid_line(struct sp_stats_grid *g, const char *const *cells,
    const size_t *lens, struct sp_err *e)
{
	struct cell *c;
	size_t i;

	if (g->ncols == 0)
		return sp_fail(e, SP_EUSAGE, "a table of no columns");
	if (sp_grow(&g->cells, &g->cap, (g->nlines + 1) * g->ncols,
	    sizeof *g->cells, 64 * g->ncols) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	c = &g->cells[g->nlines * g->ncols];
	for (i = 0; i < g->ncols; i++) {
		if ((c[i].s = sp_arena_strndup(g->arena, cells[i], lens[i])) ==
		    NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		c[i].n = lens[i];
	}
	g->nlines++;
	return 0;
}

/* --- widths --- */

/* The length of a CSI sequence at s, or 0. */
static size_t
csi(const unsigned char *s, size_t n)
{
	size_t j = 2;

	if (n < 3 || s[0] != ESC || s[1] != '[')
		return 0;
	while (j < n && s[j] >= 0x30 && s[j] <= 0x3f)
		j++;
	while (j < n && s[j] >= 0x20 && s[j] <= 0x2f)
		j++;
	return j < n && s[j] >= 0x40 && s[j] <= 0x7e ? j + 1 : 0;
}

static int
word(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z') || c == '_' || c == '=' || c == ':' ||
	    c >= 0x80;
}

/*
 * An OSC 8 hyperlink at s: ESC ] 8 ; params ; URI ESC \ TEXT ESC ] 8 ; ;
 * ESC \.  Its length, with its text at *text (*tn bytes), or 0.
 */
static size_t
osc8(const unsigned char *s, size_t n, size_t *text, size_t *tn)
{
	static const char close[] = "\x1b]8;;\x1b\\";
	size_t j = 4, k;

	if (n < 4 || memcmp(s, "\x1b]8;", 4) != 0)
		return 0;
	while (j < n && word(s[j]))
		j++;
	if (j >= n || s[j++] != ';')
		return 0;
	for (k = j; k < n && s[k] != ESC; k++)
		;
	if (k == j || k + 1 >= n || s[k + 1] != '\\')
		return 0;
	j = k + 2;
	for (k = j; k < n && s[k] != ESC; k++)
		;
	if (k == j || n - k < sizeof close - 1 ||
	    memcmp(s + k, close, sizeof close - 1) != 0)
		return 0;
	*text = j;
	*tn = k - j;
	return k + sizeof close - 1;
}

static size_t
points(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

size_t
sp_stats_grid_width(const char *s, size_t n, int strip)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, w = 0, k, t, tn;

	if (!strip)
		return points(s, n);
	while (i < n) {
		if (u[i] == ESC && (k = csi(u + i, n - i)) > 0) {
			i += k;
		} else if (u[i] == ESC && (k = osc8(u + i, n - i, &t,
		    &tn)) > 0) {
			w += points(s + i + t, tn);
			i += k;
		} else {
			w += (u[i] & 0xc0) != 0x80;
			i++;
		}
	}
	return w;
}

int
sp_stats_grid_has_ansi(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, t, tn;

	if (n == 0 || memchr(s, ESC, n) == NULL)
		return 0;	/* most cells: no escape at all */
	for (i = 0; i < n; i++)
		if (u[i] == ESC && (csi(u + i, n - i) > 0 ||
		    osc8(u + i, n - i, &t, &tn) > 0))
			return 1;
	return 0;
}

/* Python's str.isspace(), for strip(). */
static int
space(uint32_t c)
{
	return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) ||
	    c == 0x85 || c == 0xa0 || c == 0x1680 ||
	    (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
	    c == 0x202f || c == 0x205f || c == 0x3000;
}

/* Whether a cell is tabulate's separating line: strip() == "\x01". */
static int
separator_cell(const struct cell *c)
{
	const unsigned char *u = (const unsigned char *)c->s;
	size_t i = 0, k, ones = 0;
	uint32_t cp;

	if (c->n == 0 || memchr(c->s, 1, c->n) == NULL)
		return 0;	/* most cells: no U+0001 at all */
	while (i < c->n) {
		if ((k = sp_utf8_decode(u + i, c->n - i, &cp)) == 0)
			return 0;
		if (cp == 1) {
			if (ones++ > 0)
				return 0;
		} else if (!space(cp) || ones > 0) {
			/* only space around the one U+0001 */
			if (!space(cp))
				return 0;
		}
		i += k;
	}
	return ones == 1;
}

static int
separator(const struct sp_stats_grid *g, size_t line)
{
	const struct cell *c = &g->cells[line * g->ncols];

	return separator_cell(&c[0]) || (g->ncols > 1 &&
	    separator_cell(&c[1]));
}

static int
widths(const struct sp_stats_grid *g, size_t *w)
{
	size_t i, k, n = g->nlines * g->ncols, x;
	int strip = 0;

	for (k = 0; k < g->ncols && !strip; k++)
		strip = sp_stats_grid_has_ansi(g->head[k].s, g->head[k].n);
	for (i = 0; i < n && !strip; i++)
		strip = sp_stats_grid_has_ansi(g->cells[i].s, g->cells[i].n);
	for (k = 0; k < g->ncols; k++)
		w[k] = sp_stats_grid_width(g->head[k].s, g->head[k].n,
		    strip) + 2;
	for (i = 0; i < g->nlines; i++) {
		if (separator(g, i))
			continue;
		for (k = 0; k < g->ncols; k++) {
			x = sp_stats_grid_width(g->cells[i * g->ncols + k].s,
			    g->cells[i * g->ncols + k].n, strip);
			if (x > w[k])
				w[k] = x;
		}
	}
	return strip;
}

/* --- drawing --- */

/* The length of a line boundary at s (Python's str.splitlines), or 0. */
static size_t
boundary(const unsigned char *s, size_t n)
{
	if (s[0] == '\r')
		return n > 1 && s[1] == '\n' ? 2 : 1;
	if (s[0] == '\n' || s[0] == 0x0b || s[0] == 0x0c ||
	    (s[0] >= 0x1c && s[0] <= 0x1e))
		return 1;
	if (n > 1 && s[0] == 0xc2 && s[1] == 0x85)
		return 2;
	if (n > 2 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	return 0;
}

/* The bytes a line boundary can start with: the rest are skipped fast. */
static const unsigned char boundary_lead[256] = {
	[0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1,
	[0x1c] = 1, [0x1d] = 1, [0x1e] = 1, [0xc2] = 1, [0xe2] = 1,
};

/* A drawn line after two spaces, broken at every line boundary in it. */
static int
put_line(const struct sp_stats_text *line, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	const unsigned char *s = (const unsigned char *)line->p;
	size_t i = 0, start = 0, k;

	if (w(ctx, "  ", 2, e) < 0)
		return -1;
	while (i < line->n) {
		if (!boundary_lead[s[i]] || (k = boundary(s + i, line->n - i)) == 0) {
			i++;
			continue;
		}
		if (w(ctx, line->p + start, i - start, e) < 0 ||
		    w(ctx, "\n  ", 3, e) < 0)
			return -1;
		i += k;
		start = i;
	}
	return w(ctx, line->p + start, line->n - start, e) < 0 ||
	    w(ctx, "\n", 1, e) < 0 ? -1 : 0;
}

/* A border or rule: left, dashes over every column, right. */
static void
rule(struct sp_stats_text *b, const size_t *wd, size_t ncols, const char *left,
    const char *right)
{
	size_t k;

	sp_stats_text_str(b, left);
	for (k = 0; k < ncols; k++) {
		if (k > 0)
			sp_stats_text_rep(b, DASH, 2);
		sp_stats_text_rep(b, DASH, wd[k] + 2);
	}
	sp_stats_text_str(b, right);
}

/* A line of cells, each padded with spaces to its column's width. */
static void
cells(struct sp_stats_text *b, const struct cell *c, const size_t *wd,
    size_t ncols, int strip)
{
	size_t k, x;

	sp_stats_text_str(b, "\xe2\x94\x82");	/* U+2502 */
	for (k = 0; k < ncols; k++) {
		sp_stats_text_add(b, k > 0 ? "   " : " ", k > 0 ? 3 : 1);
		sp_stats_text_add(b, c[k].s, c[k].n);
		x = sp_stats_grid_width(c[k].s, c[k].n, strip);
		sp_stats_text_rep(b, " ", wd[k] - x + 1);
	}
	sp_stats_text_str(b, "\xe2\x94\x82");
}

static int
emit(struct sp_stats_text *b, sp_write_fn *w, void *ctx, struct sp_err *e)
{
	int rc;

	if (b->failed)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	rc = put_line(b, w, ctx, e);
	b->n = 0;
	return rc;
}

int
sp_stats_grid_write(const struct sp_stats_grid *g, sp_write_fn *w,
    void *ctx, struct sp_err *e)
{
	struct sp_stats_text b = { 0 };
	size_t *wd, i;
	int strip, rc = -1;

	if ((wd = calloc(g->ncols + 1, sizeof *wd)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	strip = widths(g, wd);
	rule(&b, wd, g->ncols, "\xe2\x95\xad", "\xe2\x95\xae");
	if (emit(&b, w, ctx, e) < 0)
		goto out;
	cells(&b, g->head, wd, g->ncols, strip);
	if (emit(&b, w, ctx, e) < 0)
		goto out;
	rule(&b, wd, g->ncols, "\xe2\x94\x9c", "\xe2\x94\xa4");
	if (emit(&b, w, ctx, e) < 0)
		goto out;
	for (i = 0; i < g->nlines; i++) {
		if (separator(g, i))
			rule(&b, wd, g->ncols, "\xe2\x94\x9c",
			    "\xe2\x94\xa4");
		else
			cells(&b, &g->cells[i * g->ncols], wd, g->ncols,
			    strip);
		if (emit(&b, w, ctx, e) < 0)
			goto out;
	}
	rule(&b, wd, g->ncols, "\xe2\x95\xb0", "\xe2\x95\xaf");
	rc = emit(&b, w, ctx, e);
out:
	sp_stats_text_free(&b);
	free(wd);
	return rc;
}
