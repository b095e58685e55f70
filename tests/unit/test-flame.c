/*
 * Unit test of sp_flame, sp_flame_tree and sp_flame_fold: SHA-1 and
 * flameprof's colour choice, the golden flame graph of doc/exports.md,
 * "Flame graphs" (every frame: x, y, width, tooltip, fill), the scalable form,
 * the extra-root heuristic, threshold pruning with gaps and with "[other]"
 * frames whose widths add up, the frame budget, XML escaping, the call-path
 * tree's calls, folded stacks with and without lane frames (the file names are
 * in test-export_name.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame.h"
#include "sp_flame_fold.h"
#include "sp_prof.h"
#include "check.h"
#include "flamegen.h"

/* --- a dict by hand --- */

static struct sp_prof *d;

static long
key(const char *func)
{
	const char *f = sp_prof_intern(d, "~", 1, NULL);
	const char *n = sp_prof_intern(d, func, strlen(func), NULL);

	return sp_prof_key(d, f, 0, n, NULL);
}

/* d[func] = (1, 1, tt, ct, {caller: same}) */
static void
entry(const char *func, double tt, double ct, const char *caller)
{
	struct sp_prof_stat st = { 1, 1, tt, ct };
	long i = sp_prof_set(d, key(func), &st, 0, NULL);

	if (caller != NULL)
		sp_prof_set_caller(d, (size_t)i, key(caller), &st, 0, NULL);
}

/* The call-path dict of the golden graph (doc/exports.md, "Flame graphs"). */
static void
golden_dict(void)
{
	d = sp_prof_new();
	entry("main", 0.01, 0.1, "<profiling_data rank 0>");
	entry("main > setup", 0.02, 0.02, "main");
	entry("main > solve", 0.04, 0.07, "main");
	entry("main > solve > assemble", 0.03, 0.03, "main > solve");
	entry("<profiling_data rank 0>", 0.0, 0.1, NULL);
}

static char *
render(const struct sp_flame_opts *o, struct sp_flame_stats *st)
{
	struct buf b = { NULL, 0, 0 };
	struct sp_err e;

	if (sp_flame_render(d, o, buf_write, &b, st, &e) < 0) {
		CHECK(0, "render: %s", e.msg);
		free(b.p);
		return NULL;
	}
	return b.p;
}

/* The frames as "x | y | width | title | fill" lines. */
static char *
table(const char *svg)
{
	struct buf b = { NULL, 0, 0 };
	const char *p = svg;

	buf_write(&b, "", 0, NULL);
	while ((p = strstr(p, "<svg class=\"func_g\" x=\"")) != NULL) {
		char x[64], y[64], w[64], title[512], fill[64];

		if (sscanf(p, "<svg class=\"func_g\" x=\"%63[^\"]\" y=\"%63[^\"]\""
		    " width=\"%63[^\"]\" height=\"23\"><g>\n    <title>%511[^<]"
		    "</title>\n    <rect height=\"100%%\" width=\"100%%\" "
		    "fill=\"%63[^\"]\"", x, y, w, title, fill) != 5) {
			CHECK(0, "unparsed frame at %.60s", p);
			break;
		}
		buf_write(&b, x, strlen(x), NULL);
		buf_write(&b, " | ", 3, NULL);
		buf_write(&b, y, strlen(y), NULL);
		buf_write(&b, " | ", 3, NULL);
		buf_write(&b, w, strlen(w), NULL);
		buf_write(&b, " | ", 3, NULL);
		buf_write(&b, title, strlen(title), NULL);
		buf_write(&b, " | ", 3, NULL);
		buf_write(&b, fill, strlen(fill), NULL);
		buf_write(&b, "\n", 1, NULL);
		p++;
	}
	return b.p;
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s++;
	}
	return n;
}

/* flameprof's colour choice, by the SHA-1 of "file:line:name" */
static void
test_colour(void)
{
	/* the golden's fills: ~:0:main is COLORS[4], rgb(255, 140, 79) */
	CHECK(sp_flame_color_index("~:0:main", 8, 7) == 4, "main's colour");
}

static const char golden[] =
    "0.0 | 72 | 1199.0 | ~:0:&lt;profiling_data rank 0&gt; 100.00% (1 1 0.0 0.1) | rgb(255, 190, 110)\n"
    "0.0 | 48 | 1199.0 | ~:0:main 100.00% (1 1 0.01 0.1) | rgb(255, 140, 79)\n"
    "0.0 | 24 | 239.0 | ~:0:main &gt; setup 20.00% (1 1 0.02 0.02) | rgb(255, 240, 141)\n"
    "240.0 | 24 | 839.0000000000001 | ~:0:main &gt; solve 70.00% (1 1 0.04 0.07) | rgb(255, 90, 49)\n"
    "240.0 | 0 | 359.0 | ~:0:main &gt; solve &gt; assemble 30.00% (1 1 0.03 0.03) | rgb(255, 165, 95)\n"
    "0.0 | 120 | 119.0 | ~:0:main 10.00% (1 1 0.01 0.1) | rgb(255, 140, 79)\n"
    "0.0 | 144 | 119.0 | ~:0:&lt;profiling_data rank 0&gt; 10.00% (1 1 0.01 0.1) | rgb(204, 204, 204)\n"
    "120.0 | 120 | 239.0 | ~:0:main &gt; setup 20.00% (1 1 0.02 0.02) | rgb(230, 230, 255)\n"
    "120.0 | 144 | 239.0 | ~:0:main 20.00% (1 1 0.02 0.02) | rgb(218, 218, 218)\n"
    "120.0 | 168 | 239.0 | ~:0:&lt;profiling_data rank 0&gt; 10.00% (1 1 0.01 0.1) | rgb(204, 204, 204)\n"
    "360.0 | 120 | 479.0 | ~:0:main &gt; solve 40.00% (1 1 0.04 0.07) | rgb(255, 90, 49)\n"
    "360.0 | 144 | 479.0 | ~:0:main 40.00% (1 1 0.04 0.07) | rgb(218, 218, 218)\n"
    "360.0 | 168 | 479.0 | ~:0:&lt;profiling_data rank 0&gt; 10.00% (1 1 0.01 0.1) | rgb(204, 204, 204)\n"
    "840.0000000000001 | 120 | 359.0 | ~:0:main &gt; solve &gt; assemble 30.00% (1 1 0.03 0.03) | rgb(198, 198, 255)\n"
    "840.0000000000001 | 144 | 359.0 | ~:0:main &gt; solve 30.00% (1 1 0.03 0.03) | rgb(232, 232, 232)\n"
    "840.0000000000001 | 168 | 359.0 | ~:0:main 40.00% (1 1 0.04 0.07) | rgb(218, 218, 218)\n"
    "840.0000000000001 | 192 | 359.0 | ~:0:&lt;profiling_data rank 0&gt; 10.00% (1 1 0.01 0.1) | rgb(204, 204, 204)\n";

static void
test_golden(void)
{
	static const char head[] =
	    "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
	    "<svg version=\"1.1\" width=\"1200\" height=\"216\"\n"
	    "     xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
	    "<style type=\"text/css\">\n"
	    "    .func_g:hover { stroke:black; stroke-width:0.5; "
	    "cursor:pointer; }\n</style>\n<svg class=\"func_g\" x=\"0.0\" "
	    "y=\"72\" width=\"1199.0\" height=\"23\"><g>\n"
	    "    <title>~:0:&lt;profiling_data rank 0&gt; 100.00% (1 1 0.0 "
	    "0.1)</title>\n"
	    "    <rect height=\"100%\" width=\"100%\" fill=\"rgb(255, 190, "
	    "110)\" rx=\"2\" ry=\"2\" />\n"
	    "    <text alignment-baseline=\"central\" x=\"4.0\" y=\"12.0\" "
	    "font-size=\"12px\" fill=\"rgb(0,0,0)\">&lt;profiling_data rank "
	    "0&gt;</text>\n</g></svg>\n<svg class=\"func_g\"";
	struct sp_flame_opts o;
	struct sp_flame_stats st;
	char *svg, *t;
	size_t n;

	golden_dict();
	sp_flame_opts_init(&o);
	o.fixed_width = 1;
	svg = render(&o, &st);
	if (svg == NULL)
		goto out;
	CHECK(strncmp(svg, head, sizeof head - 1) == 0, "head:\n%.900s", svg);
	n = strlen(svg);
	CHECK(n > 20 && strcmp(svg + n - 18, "</g></svg>\n</svg>\n") == 0,
	    "tail: %s", svg + n - 18);
	t = table(svg);
	CHECK(strcmp(t, golden) == 0, "frames:\n%s", t);
	CHECK(st.frames == 17 && st.top_frames == 5 && st.bottom_frames == 12,
	    "%zu frames", st.frames);
	CHECK(st.total == 0.1 && !st.extra_root && !st.roots_off, "total %g",
	    st.total);
	free(t);
	free(svg);
	/* scalable: a viewBox instead of the prolog and size */
	o.fixed_width = 0;
	svg = render(&o, NULL);
	CHECK(svg != NULL && strncmp(svg, "<svg version=\"1.1\" viewBox=\"0 0 "
	    "1200 216\"\n     xmlns=\"http://www.w3.org/2000/svg\"", 69) == 0,
	    "scalable: %.80s", svg);
	free(svg);
	/* width: where the labels are cut, and the x scale */
	o.width = 600;
	svg = render(&o, NULL);
	CHECK(svg != NULL && strstr(svg, "x=\"120.0\" y=\"24\" "
	    "width=\"419.00000000000006\"") != NULL, "width 600");
	free(svg);
	/* a title row: everything one row down */
	o.width = 1200;
	o.title = "a <b> & c";
	svg = render(&o, NULL);
	CHECK(svg != NULL && strstr(svg, "viewBox=\"0 0 1200 240\"") &&
	    strstr(svg, "x=\"0.0\" y=\"96\" width=\"1199.0\"") &&
	    strstr(svg, ">a &lt;b&gt; &amp; c</text>"), "title");
	free(svg);
	/* no script: the static graph is the reference's */
	o.title = NULL;
	svg = render(&o, &st);
	CHECK(svg != NULL && st.frames == 17 && count(svg, "<script") == 0,
	    "no script");
	free(svg);
out:
	sp_prof_free(d);
	d = NULL;
}

/* Six equal regions: the largest is under 20 %, so it is drawn twice. */
static void
test_extra_root(void)
{
	static const char *names[] = { "a", "b", "c", "d", "e", "f" };
	struct sp_flame_opts o;
	struct sp_flame_stats st;
	char *svg;
	size_t i;

	d = sp_prof_new();
	for (i = 0; i < 6; i++)
		entry(names[i], 1.0, 1.0, "<r>");
	entry("<r>", 0.0, 6.0, NULL);
	sp_flame_opts_init(&o);
	svg = render(&o, &st);
	CHECK(st.extra_root && st.total == 7.0, "extra root: %g", st.total);
	/* "a", first of the equals, under <r> and at the top level */
	CHECK(svg != NULL && count(svg, "<title>~:0:a ") == 3,
	    "a drawn twice above (and once below)");
	free(svg);
	sp_prof_free(d);
	d = NULL;
}

/* Sum of the widths of the frames one level above (x0, x0 + w0). */
static double
children_width(const char *svg, const char *title)
{
	const char *p = strstr(svg, title), *q;
	double x0, w0, sum = 0;
	long y0;

	if (p == NULL)
		return -1;
	while (p > svg && strncmp(p, "<svg class", 10) != 0)
		p--;
	sscanf(p, "<svg class=\"func_g\" x=\"%lf\" y=\"%ld\" width=\"%lf\"",
	    &x0, &y0, &w0);
	for (q = svg; (q = strstr(q, "<svg class=\"func_g\"")) != NULL; q++) {
		double x, w;
		long y;

		sscanf(q, "<svg class=\"func_g\" x=\"%lf\" y=\"%ld\" "
		    "width=\"%lf\"", &x, &y, &w);
		if (y == y0 - 24 && x >= x0 - 1e-9 && x < x0 + w0)
			sum += w + 1;
	}
	return sum;
}

/* A root with 40 children: 2 wide ones and 38 narrow ones. */
static void
wide_dict(void)
{
	char name[32];
	int i;

	d = sp_prof_new();
	entry("top", 0.0, 1.0, "<r>");
	entry("top > a", 0.4, 0.4, "top");
	for (i = 0; i < 38; i++) {
		snprintf(name, sizeof name, "top > n%02d", i);
		entry(name, 0.005, 0.005, "top");
	}
	entry("top > z", 0.41, 0.41, "top");
	entry("<r>", 0.0, 1.0, NULL);
}

static void
test_pruning(void)
{
	struct sp_flame_opts o;
	struct sp_flame_stats st;
	char *svg;
	double w;

	wide_dict();
	sp_flame_opts_init(&o);
	/* gaps: flameprof leaves the narrow ones out, with their room */
	o.gaps = 1;
	o.threshold = 0.01;
	svg = render(&o, &st);
	CHECK(svg != NULL && count(svg, "class=\"func_g\"") == 4 + 6,
	    "gaps: %zu frames", st.frames);
	CHECK(svg != NULL && strstr(svg, "x=\"708.0000000000001\" y=\"0\" "
	    "width=\"490.99999999999983\"") != NULL,
	    "z after the room of the narrow ones");
	w = svg != NULL ? children_width(svg, "<title>~:0:top ") : -1;
	CHECK(fabs(w - 972) < 1e-6, "gaps: children %g px of 1200", w);
	free(svg);
	/* merged: the narrow ones are one [other] after the others */
	o.gaps = 0;
	svg = render(&o, &st);
	CHECK(st.other_frames == 2 && st.frames == 4 + 6 + 2,
	    "merged: %zu frames, %zu other", st.frames, st.other_frames);
	CHECK(svg != NULL && strstr(svg, "<title>[other]: 38 frames 19.00% "
	    "(38 38 0.19000000000000009 0.19000000000000009)</title>") != NULL,
	    "the [other] frame's tooltip");
	CHECK(svg != NULL && strstr(svg, "x=\"479.9999999999999\" y=\"0\" "
	    "width=\"490.99999999999983\"") != NULL, "z packed after a");
	w = svg != NULL ? children_width(svg, "<title>~:0:top ") : -1;
	CHECK(fabs(w - 1200) < 1e-6, "merged: children %g px of 1200", w);
	free(svg);
	/* the budget: 8 frames at most; the widest stay */
	o.threshold = 0.001;
	o.max_frames = 8;
	svg = render(&o, &st);
	CHECK(st.frames == 8 && st.cut == 0.4, "budget: %zu frames, cut %g",
	    st.frames, st.cut);
	CHECK(svg != NULL && strstr(svg, "~:0:top &gt; z ") != NULL &&
	    strstr(svg, "[other]") != NULL, "budget keeps z, merges");
	w = svg != NULL ? children_width(svg, "<title>~:0:top ") : -1;
	CHECK(fabs(w - 1200) < 1e-6, "budget: children %g px of 1200", w);
	free(svg);
	/* no budget, no threshold: everything */
	o.max_frames = 0;
	o.threshold = 0;
	svg = render(&o, &st);
	CHECK(st.frames == 42 + 40 * 3, "all: %zu frames", st.frames);
	free(svg);
	/* a budget of 1: the frames that hold the rest, or nothing */
	o.max_frames = 1;
	svg = render(&o, &st);
	CHECK(st.frames <= 2, "budget 1: %zu frames", st.frames);
	free(svg);
	sp_prof_free(d);
	d = NULL;
}

static void
test_escape(void)
{
	struct sp_flame_opts o;
	char *svg;

	d = sp_prof_new();
	entry("a&b \x01<x>\xff", 1.0, 1.0, "<r>");
	entry("<r>", 0.0, 1.0, NULL);
	sp_flame_opts_init(&o);
	svg = render(&o, NULL);
	CHECK(svg != NULL && strstr(svg, ">a&amp;b \xef\xbf\xbd&lt;x&gt;"
	    "\xef\xbf\xbd</text>") != NULL, "escaped: %s", svg);
	free(svg);
	sp_prof_free(d);
	d = NULL;
}

static void
test_fold(void)
{
	static const char *const names[] = { "main", "solve", "a;b\nc" };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct buf b = { NULL, 0, 0 };
	struct sp_err e;

	/* main(self 10) > solve(self 5) > a;b(3), main > a;b(2); twice */
	CHECK(sp_flame_tree_enter(t, 0, &e) == 0 &&
	    sp_flame_tree_enter(t, 1, &e) == 0 &&
	    sp_flame_tree_enter(t, 2, &e) == 0 &&
	    sp_flame_tree_leave(t, 3, &e) == 0 &&
	    sp_flame_tree_leave(t, 5, &e) == 0 &&
	    sp_flame_tree_enter(t, 2, &e) == 0 &&
	    sp_flame_tree_leave(t, 2, &e) == 0 &&
	    sp_flame_tree_leave(t, 10, &e) == 0 &&
	    sp_flame_tree_enter(t, 1, &e) == 0 &&
	    sp_flame_tree_leave(t, 0, &e) == 0, "fold calls");
	CHECK(sp_flame_fold_write(t, names, 3, buf_write, &b, &e) == 0,
	    "write");
	CHECK(b.p != NULL && strcmp(b.p, "main 10\nmain;solve 5\n"
	    "main;solve;a:b c 3\nmain;a:b c 2\n") == 0, "folded:\n%s", b.p);
	CHECK(sp_flame_tree_total(t) == 20 && sp_flame_tree_paths(t) == 5,
	    "totals");
	/* main, main > solve, main > solve > a;b, main > a;b, solve */
	CHECK(sp_flame_tree_node(t, 0)->calls == 1 &&
	    sp_flame_tree_node(t, 3)->calls == 1 &&
	    sp_flame_tree_node(t, 3)->parent == 0 &&
	    sp_flame_tree_node(t, 1)->next == 3 &&
	    sp_flame_tree_node(t, 4)->parent == SP_FLAME_TREE_NONE &&
	    sp_flame_tree_node(t, 0)->next == 4 &&
	    sp_flame_tree_top(t) == 0, "links");
	free(b.p);
	memset(&b, 0, sizeof b);
	/* two lanes, each under its own frame */
	sp_flame_tree_reset(t);
	CHECK(sp_flame_tree_lane(t, "rank 0 - w0", &e) == 0 &&
	    sp_flame_tree_enter(t, 0, &e) == 0 &&
	    sp_flame_tree_leave(t, 7, &e) == 0 &&
	    sp_flame_tree_lane(t, "rank 0 - MainThread", &e) == 0 &&
	    sp_flame_tree_enter(t, 0, &e) == 0 &&
	    sp_flame_tree_leave(t, 9, &e) == 0 &&
	    sp_flame_tree_lane(t, "rank 0 - w0", &e) == 0 &&
	    sp_flame_tree_enter(t, 0, &e) == 0 &&
	    sp_flame_tree_leave(t, 1, &e) == 0, "lanes");
	CHECK(sp_flame_tree_node(t, 1)->calls == 2 &&
	    sp_flame_tree_node(t, 0)->lane == 1 &&
	    strcmp(sp_flame_tree_label(t, sp_flame_tree_node(t, 2)->sym),
	    "rank 0 - MainThread") == 0, "a lane's calls add up");
	CHECK(sp_flame_fold_write(t, names, 3, buf_write, &b, &e) == 0 &&
	    b.p != NULL && strcmp(b.p, "rank 0 - w0;main 8\n"
	    "rank 0 - MainThread;main 9\n") == 0, "lanes:\n%s", b.p);
	free(b.p);
	/* a region beyond the table */
	sp_flame_tree_reset(t);
	memset(&b, 0, sizeof b);
	CHECK(sp_flame_tree_enter(t, 5, &e) == 0 &&
	    sp_flame_tree_leave(t, 1, &e) == 0 &&
	    sp_flame_fold_write(t, names, 3, buf_write, &b, &e) < 0 &&
	    e.status == SP_EDATA, "beyond the table");
	free(b.p);
	sp_flame_tree_free(t);
	sp_flame_tree_free(NULL);
}

int
main(void)
{
	test_colour();
	test_golden();
	test_extra_root();
	test_pruning();
	test_escape();
	test_fold();
	if (!failed)
		printf("test-flame: ok\n");
	return failed;
}
