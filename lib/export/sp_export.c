/*
 * The exporter front end: the stream loop, and what it knows of the
 * stream for the exporters (sp_export.h).  The outputs are in
 * sp_export_out.c.
 */
#include "sp_export_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_pyrepr.h"

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_export *
sp_export_new(struct sp_reader *r, const struct sp_export_spec *spec,
    const char *output, struct sp_err *e)
{
	struct sp_export *fe = calloc(1, sizeof *fe);

	if (fe == NULL || (fe->labels = sp_label_set_new()) == NULL) {
		free(fe);
		nomem(e);
		return NULL;
	}
	fe->r = r;
	fe->spec = spec;
	if (sp_export_plan_set(fe, output, e) < 0) {
		sp_export_free(fe);
		return NULL;
	}
	return fe;
}

void
sp_export_free(struct sp_export *fe)
{
	if (fe == NULL)
		return;
	sp_export_drop_all(fe);
	sp_walk_free(fe->walk);
	sp_label_set_free(fe->labels);
	free(fe->dirbase);
	free(fe->threads);
	free(fe->tasks);
	free(fe->lane_label);
	free(fe->lane_name);
	free(fe->quoted);
	free(fe);
}

/* --- the items --- */

static int
bad(struct sp_export *fe, const char *what, struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "%s: bad sp stream: %s outside a run",
	    sp_export_input(fe), what);
}

static int
on_header(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    const struct sp_item *it, struct sp_err *e)
{
	enum sp_section_order order;

	fe->stage = it->u.header.stage;
	if (fe->spec->stage == SP_STAGE_CALLS && fe->stage != SP_STAGE_CALLS)
		return sp_fail(e, SP_EUSAGE, "%s: an interval stream: pipe it "
		    "through sp-stack first", sp_export_input(fe));
	if (ops->header == NULL)
		return 0;
	if (sp_section_order(it, &order, e) < 0)
		return -1;
	return ops->header(ctx, &it->u.header, order, e);
}

/* The first run's note of no output, which waited for this moment. */
static void
say_first_empty(struct sp_export *fe, const struct sp_export_ops *ops,
    void *ctx)
{
	if (fe->empty1 && ops->empty_note != NULL)
		ops->empty_note(ctx, fe->empty1_kind, fe->label1, "",
		    fe->empty1_value);
	fe->empty1 = 0;
}

static int
on_run(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    const struct sp_run_info *ri, struct sp_err *e)
{
	if (++fe->runs == 2) {
		if (fe->plan == SP_PLAN_SINGLE &&
		    fe->spec->unit == SP_EXPORT_PER_RUN)
			return sp_export_several(fe, e);
		/* across runs, names have no label: nothing to rename */
		if (fe->plan == SP_PLAN_FILES &&
		    fe->spec->unit != SP_EXPORT_ACROSS_RUNS &&
		    sp_export_name_pending(fe, e) < 0)
			return -1;
	}
	if (sp_label_set_add(fe->labels, ri->label, &fe->label, e) < 0)
		return -1;
	if (fe->runs == 1)
		fe->label1 = fe->label;
	fe->have_run = 1;
	fe->rank_open = fe->lane_open = 0;
	fe->run_calls = 0;
	sp_walk_span(fe->walk, ri->has_span, ri->first_ns, ri->last_ns);
	if (fe->runs == 2)
		say_first_empty(fe, ops, ctx);
	return ops->run != NULL ? ops->run(ctx, ri, fe->label, e) : 0;
}

/* The lane tables of the rank, for its lane names. */
static int
set_tables(struct sp_export *fe, const struct sp_rank_info *ri,
    struct sp_err *e)
{
	size_t i;

	fe->nthreads = fe->ntasks = 0;
	if (ri->nthreads > fe->threads_cap) {
		free(fe->threads);
		fe->threads_cap = 0;
		if ((fe->threads = calloc(ri->nthreads, sizeof *fe->threads)) ==
		    NULL)
			return nomem(e);
		fe->threads_cap = ri->nthreads;
	}
	if (ri->ntasks > fe->tasks_cap) {
		free(fe->tasks);
		fe->tasks_cap = 0;
		if ((fe->tasks = calloc(ri->ntasks, sizeof *fe->tasks)) == NULL)
			return nomem(e);
		fe->tasks_cap = ri->ntasks;
	}
	for (i = 0; i < ri->nthreads; i++) {
		fe->threads[i].index = ri->threads[i].index;
		fe->threads[i].name = ri->threads[i].name;
	}
	for (i = 0; i < ri->ntasks; i++) {
		fe->tasks[i].index = ri->tasks[i].index;
		fe->tasks[i].name = ri->tasks[i].name;
		fe->tasks[i].coro_name = ri->tasks[i].coro_name;
		fe->tasks[i].thread_index = ri->tasks[i].thread_index;
	}
	fe->nthreads = ri->nthreads;
	fe->ntasks = ri->ntasks;
	return 0;
}

/* The end of a rank: before the next one, and at the end of the run. */
static int
end_rank(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    struct sp_err *e)
{
	if (!fe->rank_open)
		return 0;
	fe->rank_open = 0;
	return ops->rank_end != NULL ? ops->rank_end(ctx, e) : 0;
}

static int
on_rank(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    const struct sp_rank_info *ri, struct sp_err *e)
{
	if (!fe->have_run)
		return bad(fe, "a rank", e);
	if (end_rank(fe, ops, ctx, e) < 0 || set_tables(fe, ri, e) < 0)
		return -1;
	fe->rank_open = 1;
	fe->rank = ri->rank;
	fe->lane_open = 0;
	return ops->rank != NULL ? ops->rank(ctx, ri, e) : 0;
}

static int
on_batch(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    const struct sp_batch *b, struct sp_err *e)
{
	if (!fe->have_run)
		return bad(fe, "a batch", e);
	if (!fe->lane_open || b->lane != fe->lane || b->rank != fe->lane_rank) {
		fe->lane_open = 1;
		fe->lane = b->lane;
		fe->lane_rank = b->rank;
		if (ops->lane != NULL && ops->lane(ctx, b->rank, b->lane, e) < 0)
			return -1;
	}
	fe->calls += b->n;
	fe->run_calls += b->n;
	if (b->lane_end)
		fe->lane_open = 0;
	if (fe->stage == SP_STAGE_CALLS) {
		if (ops->calls != NULL)
			return ops->calls(ctx, fe->walk, b, e);
		if (sp_walk_check(fe->walk, b, e) < 0)
			return -1;
	}
	return ops->batch != NULL ? ops->batch(ctx, b, e) : 0;
}

static int
on_run_end(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    struct sp_err *e)
{
	if (!fe->have_run)
		return bad(fe, "a run-end", e);
	if (sp_walk_finish(fe->walk, e) < 0)
		return -1;
	if (end_rank(fe, ops, ctx, e) < 0)
		return -1;
	fe->have_run = 0;
	return ops->run_end != NULL ? ops->run_end(ctx, e) : 0;
}

/* The input has ended cleanly. */
static int
on_finish(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    struct sp_err *e)
{
	int rc;

	if (sp_export_put_pending(fe, e) < 0)
		return -1;
	fe->ended = 1;
	if (fe->runs == 0 && fe->spec->nothing != NULL)
		return sp_fail(e, SP_EDATA, "%s: no runs in the stream: %s",
		    sp_export_input(fe), fe->spec->nothing);
	/*
	 * No output: the exporter may make it an error (all calls dropped by
	 * its own filter); a stream whose runs have no call is none, so that
	 * make -j over a directory passes an empty profile: the exporter's
	 * finish says so in a note.
	 */
	if (fe->spec->need_output && fe->outputs == 0) {
		rc = ops->no_output != NULL ? ops->no_output(ctx, e) : 0;
		if (rc != 0)
			return -1;
	}
	if (fe->runs == 1)
		say_first_empty(fe, ops, ctx);
	return ops->finish != NULL ? ops->finish(ctx, e) : 0;
}

static int
on_item(struct sp_export *fe, const struct sp_export_ops *ops, void *ctx,
    const struct sp_item *it, struct sp_err *e)
{
	switch (it->kind) {
	case SP_ITEM_HEADER:
		return on_header(fe, ops, ctx, it, e);
	case SP_ITEM_RUN:
		return on_run(fe, ops, ctx, &it->u.run, e);
	case SP_ITEM_REGIONS:
		if (!fe->have_run || ops->regions == NULL)
			return 0;
		return ops->regions(ctx, &it->u.regions, e);
	case SP_ITEM_RANK:
		return on_rank(fe, ops, ctx, &it->u.rank, e);
	case SP_ITEM_SIDE:
		return ops->side != NULL ? ops->side(ctx, &it->u.side, e) : 0;
	case SP_ITEM_BATCH:
		return on_batch(fe, ops, ctx, &it->u.batch, e);
	case SP_ITEM_RUN_END:
		return on_run_end(fe, ops, ctx, e);
	default:	/* stream-ends, kinds of a newer minor version */
		return 0;
	}
}

int
sp_export_run(struct sp_export *fe, const struct sp_export_ops *ops,
    void *ctx, struct sp_err *e)
{
	struct sp_item it;
	int got;

	if (fe->ran)
		return sp_fail(e, SP_EUSAGE, "an export runs once");
	fe->ran = 1;
	fe->ops = ops;
	fe->ctx = ctx;
	/* its messages name the input */
	if ((fe->walk = sp_walk_new(sp_export_input(fe))) == NULL)
		return nomem(e);
	while ((got = sp_reader_next(fe->r, &it, e)) == 1)
		if (on_item(fe, ops, ctx, &it, e) < 0)
			return -1;
	return got == 0 ? on_finish(fe, ops, ctx, e) : -1;
}

/* --- what it knows --- */

const char *
sp_export_input(const struct sp_export *fe)
{
	return sp_reader_name(fe->r);
}

struct sp_reader *
sp_export_reader(const struct sp_export *fe)
{
	return fe->r;
}

const char *
sp_export_single(const struct sp_export *fe)
{
	return fe->plan == SP_PLAN_SINGLE ? fe->single : NULL;
}

uint64_t
sp_export_runs(const struct sp_export *fe)
{
	return fe->runs;
}

const char *
sp_export_label(const struct sp_export *fe)
{
	return fe->label;
}

const char *
sp_export_first_label(const struct sp_export *fe)
{
	return fe->label1;
}

uint32_t
sp_export_rank(const struct sp_export *fe)
{
	return fe->rank;
}

uint64_t
sp_export_calls(const struct sp_export *fe)
{
	return fe->calls;
}

uint64_t
sp_export_run_calls(const struct sp_export *fe)
{
	return fe->run_calls;
}

uint64_t
sp_export_outputs(const struct sp_export *fe)
{
	return fe->outputs;
}

uint64_t
sp_export_bytes(const struct sp_export *fe)
{
	return fe->bytes;
}

/* buf grown to hold need bytes */
static int
reserve(char **buf, size_t *cap, size_t need, struct sp_err *e)
{
	char *p;

	if (need <= *cap)
		return 0;
	if ((p = realloc(*buf, need)) == NULL)
		return nomem(e);
	*buf = p;
	*cap = need;
	return 0;
}

const char *
sp_export_lane_name(struct sp_export *fe, uint32_t rank, int64_t lane,
    struct sp_err *e)
{
	size_t n;

	n = sp_lane_label(NULL, 0, lane, fe->threads, fe->nthreads,
	    fe->tasks, fe->ntasks) + 1;
	if (reserve(&fe->lane_label, &fe->lane_label_cap, n, e) < 0)
		return NULL;
	sp_lane_label(fe->lane_label, n, lane, fe->threads, fe->nthreads,
	    fe->tasks, fe->ntasks);
	n = sp_lane_profile_name(NULL, 0, rank, lane, fe->lane_label) + 1;
	if (reserve(&fe->lane_name, &fe->lane_name_cap, n, e) < 0)
		return NULL;
	sp_lane_profile_name(fe->lane_name, n, rank, lane, fe->lane_label);
	return fe->lane_name;
}

const char *
sp_export_quoted(struct sp_export *fe, const char *s)
{
	free(fe->quoted);
	fe->quoted = NULL;
	if (sp_pyrepr(s, strlen(s), &fe->quoted, NULL) != 0)
		return "'?'";
	return fe->quoted;
}

int
sp_export_empty(struct sp_export *fe, int kind, uint64_t value,
    struct sp_err *e)
{
	char *path;

	if (fe->runs == 1) {
		fe->empty1 = 1;
		fe->empty1_kind = kind;
		fe->empty1_value = value;
		return 0;
	}
	if (fe->ops == NULL || fe->ops->empty_note == NULL)
		return 0;
	if (sp_export_out_name(fe, 0, &path, e) < 0)
		return -1;
	fe->ops->empty_note(fe->ctx, kind, fe->label, path, value);
	free(path);
	return 0;
}

int
sp_export_all_dropped(struct sp_export *fe, uint64_t dropped,
    struct sp_err *e)
{
	const char *in = sp_export_input(fe);
	uint64_t runs = sp_export_runs(fe);

	if (dropped == 0)
		return 0;
	if (runs == 1)
		sp_fail(e, SP_EDATA, "%s: no calls left in run %s: all %"
		    PRIu64 " are shorter than the minimum duration or inside "
		    "one", in, sp_export_quoted(fe, sp_export_first_label(fe)),
		    dropped);
	else
		sp_fail(e, SP_EDATA, "%s: no calls left in any of the %" PRIu64
		    " runs: all %" PRIu64 " are shorter than the minimum "
		    "duration or inside one", in, runs, dropped);
	return 1;
}
