/*
 * Unit test of the tree-drawn graphs' building blocks: sp_flame_flat (one
 * and two sides laid flat: preorder, children by name, paths paired by
 * name across sides and regions, lanes apart from regions, totals, the
 * outermost time of a recursive name, a region beyond the table, the
 * budget's choice), sp_flame_embed (the tree as the interactive graph
 * carries it, whole and within a budget) and sp_flame_out (times, shares
 * and strings as the graphs write them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame_embed.h"
#include "sp_flame_flat.h"
#include "sp_flame_out.h"
#include "sp_flame_tree.h"
#include "flamegen.h"

/* The flat tree as "depth:name:self/total:calls" per node, side s. */
static const char *
show(const struct sp_flame_flat *f, int s)
{
	static char buf[2048];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < sp_flame_flat_len(f) && k < sizeof buf - 64; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);

		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%u:%s:%lld/%lld:"
		    "%llu", i ? " " : "", x->depth, sp_flame_flat_str(f, i),
		    (long long)x->v[s].self, (long long)x->v[s].total,
		    (unsigned long long)x->v[s].calls);
	}
	return buf;
}

static void
test_one_side(void)
{
	/* regions a..e; "d" is a second region named "b" */
	static const char *const names[] = { "main", "b", "a", "b", "rec" };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct sp_flame_side side = { NULL, names, 5 };
	struct sp_flame_flat *f;
	struct sp_err e;

	/* main > (b 3, a 2, b' 4) 1; then main > b again; rec > rec > rec */
	calls(t, "ab3c2d41ab11eee811");
	side.tree = t;
	f = sp_flame_flat_new(&side, 1, "<r>", &e);
	CHECK(f != NULL, "flat: %s", f ? "" : e.msg);
	if (f == NULL)
		goto out;
	/* children by name, the two b's one node: 3 + 1 + 4 */
	CHECK(strcmp(show(f, 0), "0:<r>:0/22:0 1:main:2/12:2 2:a:2/2:1 "
	    "2:b:8/8:3 1:rec:1/10:1 2:rec:1/9:1 3:rec:8/8:1") == 0,
	    "one side: %s", show(f, 0));
	CHECK(sp_flame_flat_node(f, 3)->parent == 1 &&
	    sp_flame_flat_node(f, 1)->nchild == 2 &&
	    sp_flame_flat_node(f, 0)->parent == SP_FLAME_FLAT_NONE,
	    "links");
	/* rec's outermost time counts its recursion once */
	CHECK(sp_flame_flat_nnames(f) == 5 &&
	    strcmp(sp_flame_flat_name(f, 4)->s, "rec") == 0 &&
	    sp_flame_flat_name(f, 4)->outer[0] == 10 &&
	    sp_flame_flat_name(f, 3)->outer[0] == 8 &&
	    sp_flame_flat_name(f, 0)->kind == SP_FLAME_ROOT,
	    "outermost: rec %lld",
	    (long long)sp_flame_flat_name(f, 4)->outer[0]);
	sp_flame_flat_free(f);
	/* a region beyond the table */
	side.nnames = 2;
	f = sp_flame_flat_new(&side, 1, "<r>", &e);
	CHECK(f == NULL && e.status == SP_EDATA &&
	    strstr(e.msg, "beyond the region") != NULL, "beyond the table: %s",
	    e.msg);
out:
	sp_flame_flat_free(f);
	sp_flame_flat_free(NULL);
	sp_flame_tree_free(t);
}

static void
test_two_sides(void)
{
	static const char *const na[] = { "main", "a", "b", "c" };
	/* the after run numbers its regions otherwise */
	static const char *const nb[] = { "e", "b", "main", "a" };
	struct sp_flame_tree *ta = sp_flame_tree_new(), *tb = sp_flame_tree_new();
	struct sp_flame_side s[2] = { { NULL, na, 4 }, { NULL, nb, 4 } };
	struct sp_flame_flat *f;
	struct sp_err e;

	calls(ta, "ab2c3d11");		/* main > a 2, b 3, c 1; self 1 */
	calls(tb, "cd4b1a51");		/* main > a 4, b 1, e 5; self 1 */
	calls(tb, "|xc1");		/* a lane "Lx" holding main */
	s[0].tree = ta;
	s[1].tree = tb;
	f = sp_flame_flat_new(s, 2, "<d>", &e);
	CHECK(f != NULL, "two sides: %s", f ? "" : e.msg);
	if (f == NULL)
		goto out;
	CHECK(strcmp(show(f, 0), "0:<d>:0/7:0 1:Lx:0/0:0 2:main:0/0:0 "
	    "1:main:1/7:1 2:a:2/2:1 2:b:3/3:1 2:c:1/1:1 2:e:0/0:0") == 0,
	    "before: %s", show(f, 0));
	CHECK(strcmp(show(f, 1), "0:<d>:0/12:0 1:Lx:0/1:0 2:main:1/1:1 "
	    "1:main:1/11:1 2:a:4/4:1 2:b:1/1:1 2:c:0/0:0 2:e:5/5:1") == 0,
	    "after: %s", show(f, 1));
	CHECK(sp_flame_flat_name(f, sp_flame_flat_node(f, 1)->name)->kind ==
	    SP_FLAME_LANE, "the lane frame is a lane");
out:
	sp_flame_flat_free(f);
	sp_flame_tree_free(ta);
	sp_flame_tree_free(tb);
}

static void
test_select(void)
{
	static const char *const names[] = { "a", "b", "c", "d" };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct sp_flame_side side = { NULL, names, 4 };
	struct sp_flame_flat *f;
	unsigned char keep[16];
	int64_t key[16];
	struct sp_err e;
	size_t i, n;

	/* a > (b 4 > c 1, d 5): b and d tie, the earlier (b) wins */
	calls(t, "abc14d51");
	side.tree = t;
	if ((f = sp_flame_flat_new(&side, 1, "<r>", &e)) == NULL) {
		CHECK(0, "select: %s", e.msg);
		goto out;
	}
	n = sp_flame_flat_len(f);
	for (i = 0; i < n; i++)
		key[i] = sp_flame_flat_node(f, i)->v[0].total;
	CHECK(sp_flame_flat_select(f, key, INT64_MIN, 3, keep) == 3 &&
	    keep[0] && keep[1] && keep[2] && !keep[3] && !keep[4],
	    "budget of 3");
	CHECK(sp_flame_flat_select(f, key, 4, 0, keep) == 4 && !keep[3],
	    "floor 4: %d %d %d", keep[0], keep[1], keep[2]);
	CHECK(sp_flame_flat_select(f, key, INT64_MIN, 0, keep) == n,
	    "no budget");
	sp_flame_flat_free(f);
out:
	sp_flame_tree_free(t);
}

static void
test_embed(void)
{
	static const char *const names[] = { "main", "a<b>", "c" };
	struct sp_flame_tree *t = sp_flame_tree_new();
	struct sp_flame_side side = { NULL, names, 3 };
	struct sp_flame_embed_stats st;
	struct sp_flame_flat *f;
	struct buf b = { NULL, 0, 0 };
	struct sp_flame_out *o;
	struct sp_err e;

	/* main 1 > (a<b> 3 > c 9), c 4 */
	calls(t, "abc93c41");
	side.tree = t;
	f = sp_flame_flat_new(&side, 1, "<r>", &e);
	o = sp_flame_out_new(buf_write, &b, &e);
	if (f == NULL || o == NULL) {
		CHECK(0, "embed: %s", e.msg);
		goto out;
	}
	CHECK(sp_flame_embed_write(o, f, 0, &st, &e) == 0 &&
	    sp_flame_out_flush(o) == 0 && st.nodes == 5 && st.paths == 5,
	    "embed");
	CHECK(b.p != NULL && strcmp(b.p, "{\"nodes\": 5, \"paths\": 5, "
	    "\"merged_nodes\": 0,\n"
	    "\"names\": [\"\\u003cr\\u003e\", \"main\", \"a\\u003cb\\u003e\", "
	    "\"c\"],\n\"kinds\": [2,0,0,0],\n\"outer\": [[17,17,12,13]],\n"
	    "\"tree\": [0,0,1,1,1,2,1,3,3,3],\n"
	    "\"v\": [[0,0,17,1,1,17,1,3,12,1,9,9,1,4,4]],\n"
	    "\"merged\": []}") == 0, "embed whole:\n%s", b.p);
	/* a budget of 3: c under a is merged into a, the top c into main */
	b.n = 0;
	CHECK(sp_flame_embed_write(o, f, 3, &st, &e) == 0 &&
	    sp_flame_out_flush(o) == 0 && st.nodes == 3 && st.paths == 5 &&
	    st.merged_ns[0] == 13, "embed budget: %zu, %lld", st.nodes,
	    (long long)st.merged_ns[0]);
	CHECK(b.p != NULL && strstr(b.p, "\"merged_nodes\": 2,") != NULL &&
	    strstr(b.p, "\"tree\": [0,0,1,1,1,2],") != NULL &&
	    strstr(b.p, "\"v\": [[0,0,17,1,1,17,1,3,12]],") != NULL &&
	    strstr(b.p, "\"merged\": [1,1,2,1]}") != NULL,
	    "embed budget:\n%s", b.p);
out:
	free(b.p);
	sp_flame_out_free(o);
	sp_flame_flat_free(f);
	sp_flame_tree_free(t);
}

static void
test_out(void)
{
	static const struct { double ns; int sign; const char *s; } t[] = {
		{ 0, 0, "0 ns" }, { 812, 0, "812 ns" }, { 1.5, 0, "1.50 ns" },
		{ 999.7, 0, "1.00 \xc2\xb5s" }, { 1234, 0, "1.23 \xc2\xb5s" },
		{ 45.6e6, 0, "45.6 ms" }, { 99.96e6, 0, "100 ms" },
		{ 12e9, 0, "12.0 s" }, { 7200e9, 0, "7200 s" },
		{ -5e6, 1, "-5.00 ms" }, { 5e6, 1, "+5.00 ms" },
		{ 0, 1, "0 ns" },
	};
	static const struct { double f; int sign; const char *s; } p[] = {
		{ 0.123456, 0, "12.35%" }, { -0.00001, 0, "0.00%" },
		{ 0.5, 1, "+50.00%" }, { -0.25, 1, "-25.00%" }, { 1, 0, "100.00%" },
	};
	char b[SP_FLAME_NUM_MAX];
	struct buf w = { NULL, 0, 0 };
	struct sp_flame_out *o;
	struct sp_err e;
	size_t i, n;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		n = sp_flame_fmt_ns(b, t[i].ns, t[i].sign);
		CHECK(n == strlen(t[i].s) && memcmp(b, t[i].s, n) == 0,
		    "ns %g: '%.*s'", t[i].ns, (int)n, b);
	}
	for (i = 0; i < sizeof p / sizeof p[0]; i++) {
		n = sp_flame_fmt_pct(b, p[i].f, p[i].sign);
		CHECK(n == strlen(p[i].s) && memcmp(b, p[i].s, n) == 0,
		    "pct %g: '%.*s'", p[i].f, (int)n, b);
	}
	if ((o = sp_flame_out_new(buf_write, &w, &e)) == NULL) {
		CHECK(0, "out: %s", e.msg);
		return;
	}
	sp_flame_put_json(o, "a<b>&\"\\\n\x01\xff]]>");
	sp_flame_puts(o, " ");
	sp_flame_put_xml(o, "a<b>&\"\x01");
	CHECK(sp_flame_out_flush(o) == 0 && w.p != NULL && strcmp(w.p,
	    "\"a\\u003cb\\u003e\\u0026\\\"\\\\\\n\xef\xbf\xbd\xef\xbf\xbd]]"
	    "\\u003e\" a&lt;b&gt;&amp;\"\xef\xbf\xbd") == 0, "strings: %s", w.p);
	CHECK(sp_flame_out_bytes(o) == w.n, "bytes");
	sp_flame_out_free(o);
	sp_flame_out_free(NULL);
	free(w.p);
}

int
main(void)
{
	test_one_side();
	test_two_sides();
	test_select();
	test_embed();
	test_out();
	if (!failed)
		printf("test-flame_flat: ok\n");
	return failed;
}
