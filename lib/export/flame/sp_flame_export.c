/*
 * sp-flame's exporter (sp_flame_export.h): the stream through the front
 * end, a graph per rank (or per run, ranks merged), static from the
 * pstats dict or drawn from the call-path tree.  The two-run diff is in
 * sp_flame_diff_export.c.
 */
#include "sp_flame_export_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_flame_diff_fold.h"
#include "sp_flame_diff_svg.h"
#include "sp_flame_fold.h"
#include "sp_flame_page.h"

#define NAMING(suffix, per_rank) \
	{ SP_EXPORT_LAST_DOT, suffix, "flamegraph", per_rank }

const struct sp_export_naming sp_flame_export_svg_naming = NAMING(".svg", 1);
const struct sp_export_naming sp_flame_export_folded_naming =
    NAMING(".folded", 1);

#define SPEC(u, suffix, per_rank, what) {				\
	.stage = SP_STAGE_CALLS,					\
	.unit = u,							\
	.naming = NAMING(suffix, per_rank),				\
	.hold = SP_EXPORT_HOLD_ALL,					\
	.need_output = 1,						\
	.nothing = "nothing to draw",					\
	.several = "several graphs (" what " with calls)",		\
	.one = "",							\
}

/* [merged ranks][folded] */
static const struct sp_export_spec specs[2][2] = {
	{ SPEC(SP_EXPORT_PER_RANK, ".svg", 1, "runs or ranks"),
	  SPEC(SP_EXPORT_PER_RANK, ".folded", 1, "runs or ranks") },
	{ SPEC(SP_EXPORT_PER_RUN, ".svg", 0, "runs"),
	  SPEC(SP_EXPORT_PER_RUN, ".folded", 0, "runs") },
};
static const struct sp_export_spec diff_specs[2][2] = {
	{ SPEC(SP_EXPORT_ACROSS_RUNS, ".svg", 1, "ranks"),
	  SPEC(SP_EXPORT_ACROSS_RUNS, ".folded", 1, "ranks") },
	{ SPEC(SP_EXPORT_ACROSS_RUNS, ".svg", 0, "ranks"),
	  SPEC(SP_EXPORT_ACROSS_RUNS, ".folded", 0, "ranks") },
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* The builders' own limits and sums know no file name: give it. */
static int
builder_failed(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;
	char why[SP_ERR_MSG_MAX];

	if (e == NULL || (e->status != SP_ENOMEM && e->status != SP_EDATA))
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (x->o->merge_ranks)
		return sp_fail(e, e->status, "%s: run '%s': %s",
		    sp_export_input(x->fe), sp_export_label(x->fe), why);
	return sp_fail(e, e->status, "%s: run '%s' rank %" PRIu32 ": %s",
	    sp_export_input(x->fe), sp_export_label(x->fe), x->rank, why);
}

struct sp_flame_tree *
sp_flame_export_tree(struct fx *x, struct sp_err *e)
{
	struct sp_flame_tree *t = sp_flame_tree_new();

	if (t == NULL) {
		nomem(e);
		return NULL;
	}
	sp_flame_tree_set_max_bytes(t, x->o->max_memory, x->o->folded ?
	    "the folded path tree" : "the call path tree");
	return t;
}

/* --- the static graph of a rank --- */

/* The rank's dict builder: call paths under the root "<label rank N>". */
static int
begin_graph(struct fx *x, struct sp_err *e)
{
	struct sp_reader *r = sp_export_reader(x->fe);
	const struct sp_region_table *rt = sp_reader_regions(r);
	const struct sp_rank_info *ri = sp_reader_rank(r);
	const char *label = sp_export_label(x->fe);
	struct sp_pstats_region *reg = NULL;
	struct sp_pstats_opts po;
	char *root = NULL;
	size_t i, n;
	int rc = -1, one_lane = ri != NULL;

	if (rt == NULL)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: calls before "
		    "the region table", sp_export_input(x->fe));
	if ((reg = calloc(rt->n + 1, sizeof *reg)) == NULL)
		return nomem(e);
	for (i = 0; i < rt->n; i++) {
		const struct sp_row_info *row = ri != NULL ?
		    sp_reader_row(r, (uint32_t)i) : NULL;

		reg[i].name = rt->names[i];
		if (row != NULL) {
			reg[i].file = row->source_file;
			reg[i].line = row->source_lineno;
			reg[i].has_line = row->has_lineno;
			if (row->xmask & (1u << SP_X_THREAD |
			    1u << SP_X_TASK))
				one_lane = 0;
		}
	}
	n = strlen(label) + 32;
	if ((root = malloc(n)) == NULL) {
		nomem(e);
		goto out;
	}
	snprintf(root, n, "<%s rank %" PRIu32 ">", label, x->rank);
	memset(&po, 0, sizeof po);
	po.no_call_paths = x->o->no_call_paths;
	po.root = root;
	po.one_lane = one_lane;
	po.mem_limit = x->o->mem_limit;
	po.max_bytes = x->o->max_memory;
	if ((x->ps = sp_pstats_new(&po, rt->n, reg, rt->order, e)) == NULL)
		goto out;
	rc = 0;
out:
	free(reg);
	free(root);
	return rc;
}

static int
draw_static(struct fx *x, struct sp_export_out *out, struct sp_err *e)
{
	struct sp_flame_stats fs;
	struct sp_flame_export_note nt;
	struct sp_prof *dict;
	int rc;

	memset(&fs, 0, sizeof fs);
	if ((dict = sp_pstats_finish(x->ps, e)) == NULL)
		return -1;
	sp_pstats_free(x->ps);
	x->ps = NULL;
	if (sp_prof_len(dict) > x->st->paths)
		x->st->paths = sp_prof_len(dict);
	rc = sp_flame_render(dict, &x->o->svg, sp_export_write, out, &fs, e);
	sp_prof_free(dict);
	if (rc == 0 && x->o->note != NULL) {
		memset(&nt, 0, sizeof nt);
		nt.path = sp_export_out_path(out);
		nt.svg = &fs;
		x->o->note(x->o->note_ctx, &nt);
	}
	return rc;
}

/* --- a tree drawn --- */

static int
draw_flat(struct fx *x, const struct sp_flame_flat *f,
    struct sp_export_out *out, const char *title,
    const char *const labels[2], struct sp_err *e)
{
	const struct sp_flame_opts *so = &x->o->svg;
	int diff = sp_flame_flat_sides(f) == 2;
	struct sp_flame_page_opts po;
	struct sp_flame_page_stats ps;
	struct sp_flame_diff_svg_opts dso;
	struct sp_flame_export_note nt;
	int64_t root;

	if (x->o->folded)
		return sp_flame_diff_fold_write(f, x->o->d.normalize,
		    sp_export_write, out, e);
	if (!x->o->interactive) {
		memset(&dso, 0, sizeof dso);
		dso.width = so->width;
		dso.row_height = so->row_height;
		dso.font_size = so->font_size;
		dso.threshold = so->threshold;
		dso.max_frames = so->max_frames;
		dso.fixed_width = so->fixed_width;
		dso.title = title;
		dso.labels[0] = labels[0];
		dso.labels[1] = labels[1];
		dso.diff = &x->o->d;
		return sp_flame_diff_svg_write(f, &dso, sp_export_write, out,
		    NULL, e);
	}
	memset(&po, 0, sizeof po);
	po.width = so->width;
	po.row_height = so->row_height;
	po.font_size = so->font_size;
	po.threshold = so->threshold;
	po.max_frames = so->max_frames;
	po.max_nodes = x->o->max_nodes;
	po.fixed_width = so->fixed_width;
	po.title = title;
	po.labels[0] = labels[0];
	po.labels[1] = labels[1];
	po.diff = diff ? &x->o->d : NULL;
	if (sp_flame_page_write(f, &po, sp_export_write, out, &ps, e) < 0)
		return -1;
	if (x->o->note != NULL) {
		root = sp_flame_flat_node(f, 0)->v[diff].total;
		memset(&nt, 0, sizeof nt);
		nt.path = sp_export_out_path(out);
		nt.paths = ps.paths;
		nt.nodes = ps.nodes;
		nt.merged_share = root > 0 ? (double)ps.merged_ns[diff] /
		    (double)root : 0;
		x->o->note(x->o->note_ctx, &nt);
	}
	return 0;
}

int
sp_flame_export_put(struct fx *x, const struct sp_flame_flat *f, uint32_t rank,
    const char *title, const char *const labels[2], struct sp_err *e)
{
	struct sp_export_out *out;

	if (sp_flame_flat_len(f) - 1 > x->st->paths)
		x->st->paths = sp_flame_flat_len(f) - 1;
	if ((out = sp_export_open(x->fe, rank, e)) == NULL)
		return -1;
	if (draw_flat(x, f, out, title, labels, e) < 0 ||
	    sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* "<label rank N>", or "<label all ranks>" (*out the caller's). */
static char *
root_name(const char *label, int merged, uint32_t rank)
{
	size_t n = strlen(label) + 40;
	char *s = malloc(n);

	if (s == NULL)
		return NULL;
	if (merged)
		snprintf(s, n, "<%s all ranks>", label);
	else
		snprintf(s, n, "<%s rank %" PRIu32 ">", label, rank);
	return s;
}

/* The tree of the current rank (or run), as an interactive graph. */
static int
put_interactive(struct fx *x, uint32_t rank, struct sp_err *e)
{
	const char *label = sp_export_label(x->fe);
	const char *labels[2] = { label, NULL };
	struct sp_flame_side side;
	struct sp_flame_flat *f = NULL;
	char *root;
	int rc = -1;

	if ((root = root_name(label, x->o->merge_ranks, rank)) == NULL)
		return nomem(e);
	side.tree = x->tree;
	side.names = x->have_rt ? x->rt.names : NULL;
	side.nnames = x->have_rt ? x->rt.n : 0;
	if ((f = sp_flame_flat_new(&side, 1, root, e)) == NULL)
		goto out;
	/* the root's name without its brackets titles the graph */
	root[strlen(root) - 1] = '\0';
	rc = sp_flame_export_put(x, f, rank, x->o->svg.title != NULL ?
	    x->o->svg.title : root + 1, labels, e);
out:
	sp_flame_flat_free(f);
	free(root);
	return rc;
}

/* The tree of the current rank (or run) written, folded or interactive. */
static int
put_tree(struct fx *x, uint32_t rank, struct sp_err *e)
{
	const struct sp_region_table *rt = x->have_rt ? &x->rt : NULL;
	struct sp_export_out *out;

	if (sp_flame_tree_paths(x->tree) > x->st->paths)
		x->st->paths = sp_flame_tree_paths(x->tree);
	if (x->o->interactive)
		return put_interactive(x, rank, e);
	if ((out = sp_export_open(x->fe, rank, e)) == NULL)
		return -1;
	if (sp_flame_fold_write(x->tree, rt != NULL ? rt->names : NULL,
	    rt != NULL ? rt->n : 0, sp_export_write, out, e) < 0 ||
	    sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* --- ranks --- */

static int
begin_rank(struct fx *x, uint32_t rank, struct sp_err *e)
{
	x->have_rank = 1;
	x->rank = rank;
	x->rank_calls = 0;
	if (!x->tree_mode)
		return begin_graph(x, e);
	if (x->tree == NULL && (x->tree = sp_flame_export_tree(x, e)) == NULL)
		return -1;
	return 0;
}

static int
end_rank(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;
	struct sp_export_out *out;

	if (!x->have_rank)
		return 0;
	x->have_rank = 0;
	if (x->o->diff)
		return sp_flame_diff_export_rank_end(x, e);
	if (x->o->merge_ranks)
		return 0;
	if (x->rank_calls == 0) {
		sp_pstats_free(x->ps);
		x->ps = NULL;
		return 0;
	}
	if (x->tree_mode) {
		if (put_tree(x, x->rank, e) < 0)
			return -1;
		sp_flame_tree_reset(x->tree);
		return 0;
	}
	if ((out = sp_export_open(x->fe, x->rank, e)) == NULL)
		return -1;
	if (draw_static(x, out, e) < 0 || sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* --- the walk --- */

/* A call batch into the rank's tree, as its calls open and close. */
static int
tree_calls(struct fx *x, struct sp_walk_iter *it, struct sp_err *e)
{
	int rc = 0;

	while (rc == 0) {
		switch (sp_walk_next(it, e)) {
		case SP_WALK_OPEN:
			rc = sp_flame_tree_enter(x->tree, it->c->region, e);
			break;
		case SP_WALK_CLOSE:
			rc = sp_flame_tree_leave(x->tree, it->self, e);
			break;
		case SP_WALK_LANE_END:
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return builder_failed(x, e);
}

/* A call batch into the rank's statistics dict. */
static int
dict_calls(struct fx *x, struct sp_walk_iter *it, struct sp_err *e)
{
	int rc = 0;

	while (rc == 0) {
		switch (sp_walk_next(it, e)) {
		case SP_WALK_OPEN:
			rc = sp_pstats_enter(x->ps, it->c->region,
			    it->c->start, it->c->end, it->c->call, e);
			break;
		case SP_WALK_CLOSE:
			rc = sp_pstats_leave(x->ps, it->self, e);
			break;
		case SP_WALK_LANE_END:
			rc = sp_pstats_end_lane(x->ps, e);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return builder_failed(x, e);
}

static int
calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct fx *x = ctx;
	struct sp_walk_iter it;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	x->rank_calls += b->n;
	x->run_calls += b->n;
	return x->tree_mode ? tree_calls(x, &it, e) : dict_calls(x, &it, e);
}

/*
 * A lane's first batch: the rank's graph begins with its first, and
 * folded stacks with --lanes get the lane's frame, the name of
 * sp-speedscope's profile.
 */
static int
lane(void *ctx, uint32_t rank, int64_t id, struct sp_err *e)
{
	struct fx *x = ctx;
	const char *name;

	if (!x->have_rank && begin_rank(x, rank, e) < 0)
		return -1;
	if (!x->o->folded || !x->o->lanes)
		return 0;
	if ((name = sp_export_lane_name(x->fe, rank, id, e)) == NULL)
		return -1;
	return sp_flame_tree_lane(x->tree, name, e);
}

/* --- runs --- */

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct fx *x = ctx;

	x->have_rt = 0;
	x->run_calls = 0;
	if (x->tree != NULL)
		sp_flame_tree_reset(x->tree);
	return x->o->diff ? sp_flame_diff_export_run(x, ri, label, e) : 0;
}

static int
regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct fx *x = ctx;

	(void)e;
	x->rt = *t;
	x->have_rt = 1;
	return 0;
}

static int
end_run(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;

	/* a run that draws nothing: a note, not an error (make -j goes on) */
	if (x->run_calls == 0 && x->o->empty != NULL)
		x->o->empty(x->o->note_ctx, sp_export_label(x->fe));
	if (x->o->diff)
		return sp_flame_diff_export_run_end(x, e);
	if (!x->o->merge_ranks || x->run_calls == 0)
		return 0;
	return put_tree(x, 0, e);
}

static int
no_output(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;

	return x->o->diff ? sp_flame_diff_export_no_output(x, e) : 0;
}

static const struct sp_export_spec *
spec_of(const struct sp_flame_export_opts *o)
{
	if (o->diff)
		return &diff_specs[o->merge_ranks != 0][o->folded != 0];
	return &specs[o->merge_ranks != 0][o->folded != 0];
}

int
sp_flame_export_run(struct sp_reader *r,
    const struct sp_flame_export_opts *o, struct sp_flame_export_stats *st,
    struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = begin_run,
		.regions = regions,
		.rank_end = end_rank,
		.lane = lane,
		.calls = calls,
		.run_end = end_run,
		.no_output = no_output,
	};
	struct sp_flame_export_stats dummy;
	struct fx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	x.tree_mode = o->folded || o->interactive || o->diff;
	if ((o->merge_ranks && !x.tree_mode) ||
	    (o->no_call_paths && (o->interactive || o->diff)))
		return sp_fail(e, SP_EUSAGE, "flame graph options that do "
		    "not go together");
	if ((x.fe = sp_export_new(r, spec_of(o), o->output, e)) == NULL)
		goto out;
	sp_export_on_wrote(x.fe, &o->wrote);
	rc = sp_export_run(x.fe, &ops, &x, e);
	x.st->runs = sp_export_runs(x.fe);
	x.st->calls = sp_export_calls(x.fe);
	x.st->graphs = sp_export_outputs(x.fe);
	x.st->bytes = sp_export_bytes(x.fe);
out:
	sp_export_free(x.fe);
	sp_pstats_free(x.ps);
	sp_flame_tree_free(x.tree);
	sp_flame_diff_export_free(&x);
	return rc;
}
