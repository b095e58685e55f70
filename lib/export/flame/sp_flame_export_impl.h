/*
 * sp_flame_export_impl.h - the state of sp-flame's exporter, shared by
 * its two halves: sp_flame_export.c (the stream, the graphs of one run)
 * and sp_flame_diff_export.c (the differential graphs of two runs).  Not for
 * other modules.
 */
#ifndef SP_FLAME_EXPORT_IMPL_H
#define SP_FLAME_EXPORT_IMPL_H

#include "sp_export.h"
#include "sp_flame_export.h"
#include "sp_flame_flat.h"
#include "sp_flame_tree.h"
#include "sp_pstats.h"

/* A run of a diff: its trees by rank, kept until the second run ends. */
struct fx_rank {
	uint32_t rank;
	struct sp_flame_tree *tree;
};

struct fx_run {
	char *label;		/* unique in the stream */
	char *name, *source;	/* its name before that, its file */
	char *shown;		/* what tells it from the other run */
	char **names;		/* its region names, copied */
	size_t nnames;
	struct fx_rank *ranks;	/* ascending, as the stream has them */
	size_t n, cap;
};

struct fx {
	struct sp_export *fe;
	const struct sp_flame_export_opts *o;
	struct sp_flame_export_stats *st;
	int tree_mode;		/* folded, interactive or diff */

	/* the run */
	struct sp_region_table rt;	/* valid until the next run item */
	int have_rt;
	uint64_t run_calls;

	/* the rank whose calls are coming */
	int have_rank;
	uint32_t rank;
	uint64_t rank_calls;
	struct sp_pstats *ps;
	struct sp_flame_tree *tree;

	/* a diff: the before and after runs */
	struct fx_run runs[2];
};

/* A new tree, bounded as --max-memory says; NULL (e filled) without memory. */
struct sp_flame_tree *sp_flame_export_tree(struct fx *x, struct sp_err *e);

/*
 * Write f, a graph of the current run (one side) or a diff (two sides),
 * to the output of rank: open it, draw, note, close.
 */
int sp_flame_export_put(struct fx *x, const struct sp_flame_flat *f,
    uint32_t rank, const char *title, const char *const labels[2],
    struct sp_err *e);

/* sp_flame_diff_export.c: a run starts, a rank or a run ends; the free. */
int sp_flame_diff_export_run(struct fx *x, const struct sp_run_info *ri,
    const char *label, struct sp_err *e);
int sp_flame_diff_export_rank_end(struct fx *x, struct sp_err *e);
int sp_flame_diff_export_run_end(struct fx *x, struct sp_err *e);
int sp_flame_diff_export_no_output(struct fx *x, struct sp_err *e);
void sp_flame_diff_export_free(struct fx *x);

#endif
