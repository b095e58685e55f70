/*
 * Unit test of the differential graphs, on a pair of runs by hand (a
 * region that grew, one that shrank, one removed, one the same, one
 * added): sp_flame_diff (the change of a path in self and total time,
 * normalised, negated, within a noise floor; kinds and colours),
 * sp_flame_diff_fold (difffolded.pl's two counts, also with -n's scaling, in
 * byte order, equal paths added up),
 * sp_flame_diff_svg (every frame's place, fill and tooltip, after and before
 * widths, the stacks only one run has) and sp_flame_page (the document of
 * the interactive graph: the data, the view of a diff, the script in
 * CDATA, the options refused).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame_diff_fold.h"
#include "sp_flame_diff.h"
#include "sp_flame_diff_svg.h"
#include "sp_flame_flat.h"
#include "sp_flame_page.h"
#include "flamegen.h"

/* main > a 2, b 3, c 1, d 2, self 2 */
static const char *const na[] = { "main", "a", "b", "c", "d" };
/* main > a 4, b 1, d 2, e 1, self 2 (d and e numbered otherwise) */
static const char *const nb[] = { "main", "a", "b", "e", "d" };

static struct sp_flame_tree *ta, *tb;
static struct sp_flame_flat *f;

static void
make_pair(void)
{
	struct sp_flame_side s[2] = { { NULL, na, 5 }, { NULL, nb, 5 } };
	struct sp_err e;

	ta = sp_flame_tree_new();
	tb = sp_flame_tree_new();
	calls(ta, "ab2c3d1e22");
	calls(tb, "ab4c1e2d12");
	s[0].tree = ta;
	s[1].tree = tb;
	if ((f = sp_flame_flat_new(s, 2, "<A -> B rank 0>", &e)) == NULL) {
		printf("FAIL: the pair: %s\n", e.msg);
		exit(1);
	}
}

/* Kinds of nodes 1.. as letters: = same, + grew, - shrank, A, R. */
static const char *
kinds(const struct sp_flame_diff_opts *o)
{
	static char buf[16];
	struct sp_flame_diff d;
	size_t i;

	sp_flame_diff_init(&d, f, o);
	for (i = 1; i < sp_flame_flat_len(f) && i < sizeof buf; i++)
		buf[i - 1] = "=+-AR"[sp_flame_diff_kind(&d, i)];
	buf[i - 1] = '\0';
	return buf;
}

static void
test_diff(void)
{
	struct sp_flame_diff_opts o;
	struct sp_flame_diff d;
	unsigned char rgb[3];

	memset(&o, 0, sizeof o);
	/* main, a, b, c, d, e */
	CHECK(strcmp(kinds(&o), "=+-R=A") == 0, "self: %s", kinds(&o));
	sp_flame_diff_init(&d, f, &o);
	CHECK(d.maxabs == 2 && d.scale == 1 &&
	    sp_flame_diff_delta(&d, 2) == 2 &&
	    sp_flame_diff_delta(&d, 3) == -2, "deltas");
	sp_flame_diff_rgb(&d, 2, rgb);
	CHECK(rgb[0] == 255 && rgb[1] == 40 && rgb[2] == 40, "a: full red");
	sp_flame_diff_rgb(&d, 3, rgb);
	CHECK(rgb[0] == 40 && rgb[1] == 40 && rgb[2] == 255, "b: full blue");
	sp_flame_diff_rgb(&d, 4, rgb);
	CHECK(rgb[0] == 170 && rgb[1] == 130 && rgb[2] == 220, "c: removed");
	sp_flame_diff_rgb(&d, 5, rgb);
	CHECK(rgb[0] == 235 && rgb[1] == 235 && rgb[2] == 235, "d: same");
	sp_flame_diff_rgb(&d, 6, rgb);
	CHECK(rgb[0] == 255 && rgb[1] == 200 && rgb[2] == 50, "e: added");
	o.negate = 1;
	CHECK(strcmp(kinds(&o), "=-+R=A") == 0, "negated: %s", kinds(&o));
	o.negate = 0;
	/* in total time main is the same (10 = 10) */
	o.by = SP_FLAME_DELTA_TOTAL;
	CHECK(strcmp(kinds(&o), "=+-R=A") == 0, "total: %s", kinds(&o));
	o.by = SP_FLAME_DELTA_SELF;
	/* a noise floor of 60%: a's +2 over 4 is 50%, within it */
	o.min_delta = 60;
	CHECK(strcmp(kinds(&o), "==-R=A") == 0, "floor: %s", kinds(&o));
}

/* main > a, b, d, e shrunk: 0.5 of the time, for the normalisation */
static void
test_normalize(void)
{
	static const char *const n2[] = { "main", "a", "b", "c", "d" };
	struct sp_flame_side s[2] = { { NULL, na, 5 }, { NULL, n2, 5 } };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct sp_flame_diff_opts o;
	struct sp_flame_flat *g;
	struct sp_flame_diff d;
	struct buf b = { NULL, 0, 0 };
	struct sp_err e;

	/* after: main 1 > a 1, b 2, c 0 (a call of no time), d 1: half */
	calls(t, "ab1c2d0e11");
	s[0].tree = ta;
	s[1].tree = t;
	if ((g = sp_flame_flat_new(s, 2, "<r>", &e)) == NULL) {
		CHECK(0, "normalize: %s", e.msg);
		goto out;
	}
	memset(&o, 0, sizeof o);
	o.normalize = 1;
	sp_flame_diff_init(&d, g, &o);
	CHECK(d.scale == 0.5 && sp_flame_diff_delta(&d, 2) == 0 &&
	    sp_flame_diff_delta(&d, 3) == 0.5, "scaled: %g %g", d.scale,
	    sp_flame_diff_delta(&d, 3));
	/* difffolded.pl -n: floor(a * 5 / 10) */
	CHECK(sp_flame_diff_fold_write(g, 1, buf_write, &b, &e) == 0 && b.p &&
	    strcmp(b.p, "main 1 1\nmain;a 1 1\nmain;b 1 2\nmain;c 0 0\n"
	    "main;d 1 1\n") == 0, "folded -n:\n%s", b.p);
	sp_flame_flat_free(g);
out:
	free(b.p);
	sp_flame_tree_free(t);
}

/*
 * Lines in byte order, not depth first: "io.w" sorts between "io" and
 * "io;w" ('.' is below ';'); "x;y" written "x:y" adds up with "x:y".
 */
static void
test_diff_fold_order(void)
{
	static const char *const nm[] = { "main", "io", "io.w", "x;y", "x:y",
		"w" };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct sp_flame_side s[2] = { { NULL, nm, 6 }, { NULL, nm, 6 } };
	struct buf b = { NULL, 0, 0 };
	struct sp_flame_flat *g;
	struct sp_err e;

	calls(t, "abf11c1d1e12");
	s[0].tree = s[1].tree = t;
	if ((g = sp_flame_flat_new(s, 2, "<r>", &e)) == NULL) {
		CHECK(0, "order: %s", e.msg);
		goto out;
	}
	CHECK(sp_flame_diff_fold_write(g, 0, buf_write, &b, &e) == 0 && b.p &&
	    strcmp(b.p, "main 2 2\nmain;io 1 1\nmain;io.w 1 1\n"
	    "main;io;w 1 1\nmain;x:y 2 2\n") == 0, "order:\n%s", b.p);
	sp_flame_flat_free(g);
out:
	free(b.p);
	sp_flame_tree_free(t);
}

static void
test_diff_fold(void)
{
	struct buf b = { NULL, 0, 0 };
	struct sp_flame_flat *one;
	struct sp_flame_side s = { NULL, na, 5 };
	struct sp_err e;

	CHECK(sp_flame_diff_fold_write(f, 0, buf_write, &b, &e) == 0 && b.p &&
	    strcmp(b.p, "main 2 2\nmain;a 2 4\nmain;b 3 1\nmain;c 1 0\n"
	    "main;d 2 2\nmain;e 0 1\n") == 0, "folded diff:\n%s", b.p);
	/* normalising equal totals changes nothing */
	b.n = 0;
	CHECK(sp_flame_diff_fold_write(f, 1, buf_write, &b, &e) == 0 && b.p &&
	    strncmp(b.p, "main 2 2\nmain;a 2 4\n", 20) == 0, "-n, equal");
	free(b.p);
	s.tree = ta;
	if ((one = sp_flame_flat_new(&s, 1, "<r>", &e)) != NULL)
		CHECK(sp_flame_diff_fold_write(one, 0, buf_write, &b, &e) < 0 &&
		    e.status == SP_EUSAGE, "one side refused");
	sp_flame_flat_free(one);
}

/* The frames of a static diff as "x w fill name" lines. */
static const char *
frames(const char *svg)
{
	static char out[2048];
	const char *p = svg;
	size_t k = 0;

	out[0] = '\0';
	while ((p = strstr(p, "<svg class=\"func_g\" x=\"")) != NULL &&
	    k < sizeof out - 128) {
		char x[32], w[32], fill[32], name[64];
		const char *t = strstr(p, "fill=\"rgb"), *n = strstr(p,
		    "px\" fill=\"rgb(");

		if (sscanf(p, "<svg class=\"func_g\" x=\"%31[^\"]\" y=\"%*[^\"]\" "
		    "width=\"%31[^\"]\"", x, w) != 2 || t == NULL ||
		    n == NULL || sscanf(t, "fill=\"%31[^\"]\"", fill) != 1 ||
		    (n = strstr(n, "\">")) == NULL ||
		    sscanf(n, "\">%63[^<]", name) != 1)
			break;
		k += (size_t)snprintf(out + k, sizeof out - k, "%s %s %s %s\n",
		    x, w, fill, name);
		p++;
	}
	return out;
}

static char *
draw(const struct sp_flame_diff_opts *d, struct sp_flame_diff_svg_stats *st)
{
	struct sp_flame_diff_svg_opts o;
	struct buf b = { NULL, 0, 0 };
	struct sp_err e;

	memset(&o, 0, sizeof o);
	o.width = 1000;
	o.row_height = 24;
	o.font_size = 12;
	o.title = "A <-> B";
	o.labels[0] = "A";
	o.labels[1] = "B";
	o.diff = d;
	if (sp_flame_diff_svg_write(f, &o, buf_write, &b, st, &e) < 0) {
		CHECK(0, "diff svg: %s", e.msg);
		free(b.p);
		return NULL;
	}
	return b.p;
}

static void
test_diff_svg(void)
{
	struct sp_flame_diff_opts d;
	struct sp_flame_diff_svg_stats st;
	char *svg;

	memset(&d, 0, sizeof d);
	svg = draw(&d, &st);
	CHECK(svg != NULL && strcmp(frames(svg),
	    "0 999 rgb(235, 235, 235) &lt;A -&gt; B rank 0&gt;\n"
	    "0 999 rgb(235, 235, 235) main\n"
	    "0 399 rgb(255, 40, 40) a\n"
	    "400 99 rgb(40, 40, 255) b\n"
	    "500 199 rgb(235, 235, 235) d\n"
	    "700 99 rgb(255, 200, 50) e\n") == 0, "after widths:\n%s",
	    svg ? frames(svg) : "");
	CHECK(svg != NULL && st.frames == 6 && st.added == 1 &&
	    st.removed == 1 && st.added_ns == 1 && st.removed_ns == 1,
	    "one-sided stacks");
	CHECK(svg != NULL && strncmp(svg, "<svg version=\"1.1\" viewBox=\"0 0 "
	    "1000 144\"", 40) == 0 && strstr(svg, "<title>a\nmain &gt; a\n"
	    "after (B): total 4 ns, self 4 ns, 1 call\n"
	    "before (A): total 2 ns, self 2 ns, 1 call\n"
	    "after - before (self): +2 ns (+100.00%), +20.00% of the after "
	    "run\n40.00% of the after run</title>") != NULL &&
	    strstr(svg, "\nonly in the after run: +1 ns, +10.00% of the after "
	    "run\n") != NULL &&
	    strstr(svg, ">only in after: 1 stack (1 ns); only in before: 1 "
	    "stack (1 ns), not drawn: the widths are the after run's "
	    "(--before-widths draws them)</text>") != NULL &&
	    strstr(svg, ">A &lt;-&gt; B</text>") != NULL, "document:\n%s",
	    svg);
	free(svg);
	d.before_widths = 1;
	svg = draw(&d, &st);
	CHECK(svg != NULL && strcmp(frames(svg),
	    "0 999 rgb(235, 235, 235) &lt;A -&gt; B rank 0&gt;\n"
	    "0 999 rgb(235, 235, 235) main\n"
	    "0 199 rgb(255, 40, 40) a\n"
	    "200 299 rgb(40, 40, 255) b\n"
	    "500 99 rgb(170, 130, 220) c\n"
	    "600 199 rgb(235, 235, 235) d\n") == 0, "before widths:\n%s",
	    svg ? frames(svg) : "");
	/* shares of the before run, which gives the widths */
	CHECK(svg != NULL && strstr(svg, "not drawn") == NULL &&
	    strstr(svg, "widths: before</text>") != NULL &&
	    strstr(svg, "\nonly in the before run: -1 ns, -10.00% of the "
	    "before run\n") != NULL && strstr(svg, "after - before (self): "
	    "-2 ns (-66.67%), -20.00% of the before run\n") != NULL,
	    "before widths");
	free(svg);
}

static void
test_page(void)
{
	struct sp_flame_diff_opts d;
	struct sp_flame_page_opts o;
	struct sp_flame_page_stats st;
	struct buf b = { NULL, 0, 0 };
	struct sp_err e;
	const char *p;
	int n = 0;

	memset(&d, 0, sizeof d);
	memset(&o, 0, sizeof o);
	o.width = 1200;
	o.row_height = 24;
	o.font_size = 12;
	o.threshold = 0.001;
	o.max_frames = 100;
	o.max_nodes = 3;
	o.title = "t";
	o.labels[0] = "A";
	o.labels[1] = "B";
	o.diff = &d;
	CHECK(sp_flame_page_write(f, &o, buf_write, &b, &st, &e) == 0 &&
	    st.paths == 7 && st.nodes == 3 && st.bytes == b.n, "page: %s",
	    e.msg);
	CHECK(b.p != NULL && strncmp(b.p, "<svg version=\"1.1\" width=\"1200\" "
	    "height=\"48\" viewBox=\"0 0 1200 48\"", 63) == 0 &&
	    strstr(b.p, "<script type=\"application/json\" id=\"sp-data\">"
	    "<![CDATA[\n{\"version\": 1, \"labels\": [\"A\", \"B\"],\n"
	    "\"view\": {\"width\": 1200, \"rowHeight\": 24, \"fontSize\": 12, "
	    "\"threshold\": 0.001, \"maxFrames\": 100,\n  \"title\": \"t\",\n"
	    "  \"diff\": {\"by\": \"self\", \"negate\": false, \"normalize\": "
	    "false, \"minDelta\": 0.0, \"beforeWidths\": false}},\n"
	    "\"tree\": {\"nodes\": 3, \"paths\": 7, \"merged_nodes\": 4,")
	    != NULL && strstr(b.p, "<script type=\"text/ecmascript\">"
	    "<![CDATA[\n// sp_flame_script.js") != NULL, "page:\n%.600s", b.p);
	for (p = b.p; p != NULL && (p = strstr(p, "]]>")) != NULL; p++)
		n++;
	CHECK(n == 2, "two CDATA sections end: %d", n);
	/* a diff view on a graph of one run, and the reverse, are refused */
	o.diff = NULL;
	CHECK(sp_flame_page_write(f, &o, buf_write, &b, NULL, &e) < 0 &&
	    e.status == SP_EUSAGE, "no diff view for two sides");
	free(b.p);
}

int
main(void)
{
	make_pair();
	test_diff();
	test_normalize();
	test_diff_fold();
	test_diff_fold_order();
	test_diff_svg();
	test_page();
	sp_flame_flat_free(f);
	sp_flame_tree_free(ta);
	sp_flame_tree_free(tb);
	if (!failed)
		printf("test-flame_diff: ok\n");
	return failed;
}
