/*
 * sp_report_flame.h - the flame graph of sp-report's page: the call-path
 * tree of a run's selected ranks, merged into one (sp-flame --interactive
 * --merge-ranks makes the same tree), built as the calls stream through
 * and drawn in the run's section by sp-flame's own script, with its
 * search and zoom (sp_flame_page.h).
 *
 * The section (doc/report.md, "Flame graph"): a heading, a line saying
 * how to use it, and an element of class sp-flame holding the graph's
 * data and an empty svg of class flamegraph, which the script fills; a
 * line says how many call paths the node budget merged into their
 * callers, when it did.  The data is at most max_nodes nodes, about 40
 * bytes each, whatever the calls.
 *
 * Feed it the stream of a run in its order: the run, its region table
 * (which must stay valid until the run is drawn, as the stream keeps it
 * until the next run item), each rank; then draw.  The calls of the
 * ranks selected come from the statistics' walk of each batch, which it
 * watches (sp_report_flame_watch(), sp_stats_run_opts.h): the tree is
 * built in that pass, with no walk of its own.
 *
 * Memory: O(distinct call paths) of the run.
 *
 * Ownership: the caller owns it; the region table is borrowed until the
 * run is drawn, the rest for the call.
 */
#ifndef SP_REPORT_FLAME_H
#define SP_REPORT_FLAME_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats_run_opts.h"
#include "sp_stats_text.h"
#include "sp_stream.h"

/* Nodes of a run's graph at most: about 200 kB of the page. */
#define SP_REPORT_FLAME_NODES 5000

struct sp_report_flame;

/* NULL without memory. */
struct sp_report_flame *sp_report_flame_new(void);
void sp_report_flame_free(struct sp_report_flame *f);

/* Each -1 without memory, or as the walk fails (e filled). */
/* A run begins: the tree is emptied. */
void sp_report_flame_run(struct sp_report_flame *f);
void sp_report_flame_regions(struct sp_report_flame *f,
    const struct sp_region_table *t);
void sp_report_flame_rank(struct sp_report_flame *f, int selected);
/* A call batch, already checked (sp_walk.h), of a selected rank. */
/* The watch of the statistics' walk that feeds the tree, into *w. */
void sp_report_flame_watch(struct sp_report_flame *f,
    struct sp_stats_run_watch *w);

/*
 * The run's section, its ids after id ("r1-flame"), the graph titled by
 * the run's label: 1 with a graph, 0 without calls to draw, -1 (e
 * filled) without memory.
 */
int sp_report_flame_draw(struct sp_stats_text *b, struct sp_report_flame *f,
    const char *label, const char *id, struct sp_err *e);

#endif
