#include "sp_flame_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_export.h"
#include "sp_flame_fold.h"
#include "sp_pstats.h"

#define NAMING(suffix) { SP_EXPORT_LAST_DOT, suffix, "flamegraph", 1 }

const struct sp_export_naming sp_flame_svg_naming = NAMING(".svg");
const struct sp_export_naming sp_flame_folded_naming = NAMING(".folded");

#define SPEC(suffix) {							\
	.stage = SP_STAGE_CALLS,					\
	.unit = SP_EXPORT_PER_RANK,					\
	.naming = NAMING(suffix),					\
	.hold = SP_EXPORT_HOLD_ALL,					\
	.need_output = 1,						\
	.nothing = "nothing to draw",					\
	.several = "several graphs (runs or ranks with calls)",		\
	.one = "",							\
}

static const struct sp_export_spec svg_spec = SPEC(".svg");
static const struct sp_export_spec folded_spec = SPEC(".folded");

struct fx {
	struct sp_export *fe;
	const struct sp_flame_export_opts *o;
	struct sp_flame_export_stats *st;

	/* the run */
	struct sp_region_table rt;	/* valid until the next run item */
	int have_rt;
	uint64_t outputs;	/* the front end's count when the run began */

	/* the rank whose calls are coming */
	int have_rank;
	uint32_t rank;
	uint64_t rank_calls;
	struct sp_pstats *ps;
	struct sp_flame_fold *fold;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* The builders' own limits know no file name: give it. */
static int
builder_failed(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;
	char why[SP_ERR_MSG_MAX];

	if (e == NULL || e->status != SP_ENOMEM)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	return sp_fail(e, e->status, "%s: run '%s' rank %" PRIu32 ": %s",
	    sp_export_input(x->fe), sp_export_label(x->fe), x->rank, why);
}

/* --- ranks --- */

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
begin_rank(struct fx *x, uint32_t rank, struct sp_err *e)
{
	x->have_rank = 1;
	x->rank = rank;
	x->rank_calls = 0;
	if (!x->o->folded)
		return begin_graph(x, e);
	sp_flame_fold_reset(x->fold);
	return 0;
}

/* Draw the rank's graph (or write its stacks) into out. */
static int
draw(struct fx *x, struct sp_export_out *out, struct sp_flame_stats *fs,
    struct sp_err *e)
{
	const struct sp_region_table *rt = x->have_rt ? &x->rt : NULL;
	struct sp_prof *dict;
	int rc;

	memset(fs, 0, sizeof *fs);
	if (x->o->folded)
		return sp_flame_fold_write(x->fold, rt != NULL ? rt->names :
		    NULL, rt != NULL ? rt->n : 0, sp_export_write, out, e);
	if ((dict = sp_pstats_finish(x->ps, e)) == NULL)
		return -1;
	sp_pstats_free(x->ps);
	x->ps = NULL;
	if (sp_prof_len(dict) > x->st->paths)
		x->st->paths = sp_prof_len(dict);
	rc = sp_flame_render(dict, &x->o->svg, sp_export_write, out, fs, e);
	sp_prof_free(dict);
	return rc;
}

static int
end_rank(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;
	struct sp_flame_stats fs;
	struct sp_export_out *out;

	if (!x->have_rank)
		return 0;
	x->have_rank = 0;
	if (x->rank_calls == 0) {
		sp_pstats_free(x->ps);
		x->ps = NULL;
		return 0;
	}
	if (x->o->folded && sp_flame_fold_paths(x->fold) > x->st->paths)
		x->st->paths = sp_flame_fold_paths(x->fold);
	if ((out = sp_export_open(x->fe, x->rank, e)) == NULL)
		return -1;
	if (draw(x, out, &fs, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	if (x->o->note != NULL && !x->o->folded)
		x->o->note(x->o->note_ctx, sp_export_out_path(out),
		    sp_export_label(x->fe), x->rank, &fs);
	if (sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

/* --- the walk --- */

static int
on_open(void *ctx, struct sp_walk_call *c, struct sp_err *e)
{
	struct fx *x = ctx;

	x->rank_calls++;
	if (x->o->folded)
		return sp_flame_fold_enter(x->fold, c->region, e);
	return sp_pstats_enter(x->ps, c->region, c->start, c->end, c->call,
	    e);
}

static int
on_close(void *ctx, const struct sp_walk_call *c, int64_t self_ns,
    struct sp_err *e)
{
	struct fx *x = ctx;

	(void)c;
	if (x->o->folded)
		return sp_flame_fold_leave(x->fold, self_ns, e);
	return sp_pstats_leave(x->ps, self_ns, e);
}

static int
on_lane_end(void *ctx, uint32_t run, uint32_t rank, int64_t lane,
    struct sp_err *e)
{
	struct fx *x = ctx;

	(void)run;
	(void)rank;
	(void)lane;
	return x->o->folded ? 0 : sp_pstats_end_lane(x->ps, e);
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
	return sp_flame_fold_lane(x->fold, name, e);
}

/* --- runs --- */

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct fx *x = ctx;

	(void)ri;
	(void)label;
	(void)e;
	x->have_rt = 0;
	x->outputs = sp_export_outputs(x->fe);
	return 0;
}

/* A run that drew nothing: a note, not an error (make -j goes on). */
static int
end_run(void *ctx, struct sp_err *e)
{
	struct fx *x = ctx;

	(void)e;
	if (sp_export_outputs(x->fe) == x->outputs && x->o->empty != NULL)
		x->o->empty(x->o->note_ctx, sp_export_label(x->fe));
	return 0;
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

int
sp_flame_export_stream(struct sp_reader *r,
    const struct sp_flame_export_opts *o, struct sp_flame_export_stats *st,
    struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = begin_run,
		.regions = regions,
		.rank_end = end_rank,
		.lane = lane,
		.walk = { on_open, on_close, on_lane_end },
		.walk_failed = builder_failed,
		.run_end = end_run,
	};
	struct sp_flame_export_stats dummy;
	struct fx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if (o->folded && (x.fold = sp_flame_fold_new()) == NULL) {
		nomem(e);
		goto out;
	}
	if (x.fold != NULL)
		sp_flame_fold_set_max_bytes(x.fold, o->max_memory);
	if ((x.fe = sp_export_new(r, o->folded ? &folded_spec : &svg_spec,
	    o->output, e)) == NULL)
		goto out;
	rc = sp_export_run(x.fe, &ops, &x, e);
	x.st->runs = sp_export_runs(x.fe);
	x.st->calls = sp_export_calls(x.fe);
	x.st->graphs = sp_export_outputs(x.fe);
	x.st->bytes = sp_export_bytes(x.fe);
out:
	sp_export_free(x.fe);
	sp_pstats_free(x.ps);
	sp_flame_fold_free(x.fold);
	return rc;
}
