/* The flame graph of a run (sp_report_flame.h). */
#include "sp_report_flame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame.h"
#include "sp_flame_flat.h"
#include "sp_flame_page.h"
#include "sp_flame_tree.h"
#include "sp_report_text.h"

struct sp_report_flame {
	struct sp_flame_tree *tree;
	struct sp_region_table rt;
	int have_rt;
	int selected;		/* the current rank's calls count */
	int some_left;		/* a rank of the run was not selected */
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_report_flame *
sp_report_flame_new(void)
{
	struct sp_report_flame *f = calloc(1, sizeof *f);

	if (f == NULL || (f->tree = sp_flame_tree_new()) == NULL) {
		sp_report_flame_free(f);
		return NULL;
	}
	return f;
}

void
sp_report_flame_free(struct sp_report_flame *f)
{
	if (f == NULL)
		return;
	sp_flame_tree_free(f->tree);
	free(f);
}

void
sp_report_flame_run(struct sp_report_flame *f)
{
	sp_flame_tree_reset(f->tree);
	f->have_rt = 0;
	f->selected = 0;
	f->some_left = 0;
}

void
sp_report_flame_regions(struct sp_report_flame *f,
    const struct sp_region_table *t)
{
	f->rt = *t;
	f->have_rt = 1;
}

void
sp_report_flame_rank(struct sp_report_flame *f, int selected)
{
	f->selected = selected && f->have_rt;
	if (!selected)
		f->some_left = 1;
}

static int
watch_open(void *ctx, uint32_t region, struct sp_err *e)
{
	struct sp_report_flame *f = ctx;

	return f->selected ? sp_flame_tree_enter(f->tree, region, e) : 0;
}

static int
watch_close(void *ctx, int64_t self_ns, struct sp_err *e)
{
	struct sp_report_flame *f = ctx;

	return f->selected ? sp_flame_tree_leave(f->tree, self_ns, e) : 0;
}

void
sp_report_flame_watch(struct sp_report_flame *f,
    struct sp_stats_run_watch *w)
{
	w->open = watch_open;
	w->close = watch_close;
	w->ctx = f;
}

/* The graph's options: sp-flame's defaults, the report's node budget. */
static void
page_opts(struct sp_flame_page_opts *po, const char *title,
    const char *label)
{
	memset(po, 0, sizeof *po);
	po->width = SP_FLAME_WIDTH_DEFAULT;
	po->row_height = SP_FLAME_ROW_HEIGHT_DEFAULT;
	po->font_size = SP_FLAME_FONT_SIZE_DEFAULT;
	po->threshold = SP_FLAME_THRESHOLD_DEFAULT;
	po->max_frames = SP_FLAME_MAX_FRAMES_DEFAULT;
	po->max_nodes = SP_REPORT_FLAME_NODES;
	po->title = title;
	po->labels[0] = label;
}

/* How many call paths the budget merged, and how much time they hold. */
static void
budget_line(struct sp_stats_text *b, const struct sp_flame_page_stats *st,
    int64_t root)
{
	size_t paths = st->paths > 0 ? st->paths - 1 : 0;
	size_t kept = st->nodes > 0 ? st->nodes - 1 : 0;

	if (kept >= paths)
		return;
	sp_stats_text_printf(b, "<p class=\"legend fl-cut\">%zu of %zu call "
	    "paths drawn, the widest: the other %zu are merged into their "
	    "callers (%.2f %% of the time), as the frames marked "
	    "\"merged\" say; sp-flame --interactive --merge-ranks draws up "
	    "to %d.</p>\n", kept, paths, paths - kept, root > 0 ?
	    100.0 * (double)st->merged_ns[0] / (double)root : 0.0,
	    SP_FLAME_MAX_NODES_DEFAULT);
}

/* The section's graph: the host, its data, the svg the script fills. */
static int
graph(struct sp_stats_text *b, const struct sp_flame_flat *fl,
    const char *title, const char *label, struct sp_err *e)
{
	struct sp_flame_page_opts po;
	struct sp_flame_page_stats st;

	page_opts(&po, title, label);
	sp_stats_text_str(b, "<div class=\"sp-flame\" tabindex=\"-1\">"
	    "<script type=\"application/json\" class=\"sp-flame-data\">");
	if (sp_flame_page_data(fl, &po, sp_report_text_write, b, &st, e) < 0)
		return -1;
	sp_stats_text_printf(b, "</script><svg class=\"flamegraph\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"></svg></div>\n",
	    po.width, 2 * po.row_height, po.width, 2 * po.row_height);
	budget_line(b, &st, sp_flame_flat_node(fl, 0)->v[0].total);
	return 0;
}

int
sp_report_flame_draw(struct sp_stats_text *b, struct sp_report_flame *f,
    const char *label, const char *id, struct sp_err *e)
{
	struct sp_flame_side side;
	struct sp_flame_flat *fl;
	size_t n = strlen(label) + 40;
	char *root;
	int rc;

	sp_stats_text_printf(b, "<h3 id=\"%s-flame\">Flame graph</h3>\n", id);
	if (!f->have_rt || sp_flame_tree_paths(f->tree) == 0) {
		sp_stats_text_str(b, "<p class=\"none\">(no calls)</p>\n");
		return 0;
	}
	sp_stats_text_str(b, "<p class=\"legend\">Every call path of the "
	    "run, its ranks merged, as sp-flame --interactive draws it: a "
	    "click on a frame zooms into it and highlights its region on the "
	    "page; the box searches the names (a regular expression).  With "
	    "the focus in the graph, Ctrl-F or / goes to the box and Escape "
	    "resets.</p>\n");
	if ((root = malloc(n)) == NULL)
		return nomem(e);
	/* "<label all ranks>", as sp-flame --merge-ranks names the root */
	snprintf(root, n, "<%s %s ranks>", label, f->some_left ? "selected" :
	    "all");
	side.tree = f->tree;
	side.names = f->rt.names;
	side.nnames = f->rt.n;
	rc = -1;
	if ((fl = sp_flame_flat_new(&side, 1, root, e)) != NULL) {
		/* the root's name without its brackets titles the graph */
		root[strlen(root) - 1] = '\0';
		rc = graph(b, fl, root + 1, label, e);
	}
	sp_flame_flat_free(fl);
	free(root);
	return rc < 0 ? -1 : 1;
}
