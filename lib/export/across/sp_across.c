/* The stream loop of the programs built on a run's statistics (sp_across.h). */
#include "sp_across.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct ax {
	const struct sp_across_opts *o;
	struct sp_export *fe;
	struct sp_stats_run *run;
	const char *label;
	uint32_t rank;
};

/* Where the run's errors happened, as sp-stats says it. */
static int
failed_at(struct ax *x, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];

	if (e == NULL)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (e->status == SP_EDATA)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": %s", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->label), x->rank, why);
	return sp_fail(e, e->status, "%s: %s", sp_export_input(x->fe), why);
}

static int
on_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct ax *x = ctx;

	x->label = label;
	x->rank = 0;
	if (x->o->run != NULL && x->o->run(x->o->ctx, x->fe, ri, label, e) < 0)
		return -1;
	return sp_stats_run_begin(x->run, ri, label, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct ax *x = ctx;

	if (x->o->regions != NULL && x->o->regions(x->o->ctx, t, e) < 0)
		return -1;
	return sp_stats_run_regions(x->run, t, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct ax *x = ctx;
	const struct sp_across_common *c = x->o->common;
	int selected = c->rank_ok == NULL || c->rank_ok(c->rank_ctx, ri->rank);

	x->rank = ri->rank;
	if (x->o->rank != NULL && x->o->rank(x->o->ctx, ri->rank, selected,
	    e) < 0)
		return -1;
	return sp_stats_run_rank(x->run, ri, selected, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct ax *x = ctx;
	const char *name = NULL;

	if (x->o->lane_names &&
	    (name = sp_export_lane_name(x->fe, rank, lane, e)) == NULL)
		return -1;
	return sp_stats_run_lane(x->run, lane, name, e);
}

/* The walk's own failures say where already. */
static int
on_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct ax *x = ctx;
	int walk_failed;

	if (sp_stats_run_calls(x->run, w, b, &walk_failed, e) < 0)
		return walk_failed ? -1 : failed_at(x, e);
	if (x->o->calls != NULL && x->o->calls(x->o->ctx, b, e) < 0)
		return failed_at(x, e);
	return 0;
}

static int
on_rank_end(void *ctx, struct sp_err *e)
{
	struct ax *x = ctx;

	return sp_stats_run_rank_end(x->run, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct ax *x = ctx;
	struct sp_stats_result *res = NULL;
	int rc = 0;

	if (sp_stats_run_finish(x->run, &res, e) < 0)
		return failed_at(x, e);
	if (x->o->result != NULL)
		rc = x->o->result(x->o->ctx, x->fe, x->label, res, e);
	sp_stats_result_free(res);
	return rc;
}

static int
on_finish(void *ctx, struct sp_err *e)
{
	struct ax *x = ctx;

	return x->o->finish != NULL ? x->o->finish(x->o->ctx, x->fe, e) : 0;
}

int
sp_across_run(struct sp_reader *r, const struct sp_export_spec *spec,
    const struct sp_across_opts *o, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = on_run,
		.regions = on_regions,
		.rank = on_rank,
		.rank_end = on_rank_end,
		.lane = on_lane,
		.calls = on_calls,
		.run_end = on_run_end,
		.finish = on_finish,
	};
	struct ax x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.run = o->stats;
	if ((x.fe = sp_export_new(r, spec, o->common->output, e)) != NULL) {
		sp_export_on_wrote(x.fe, &o->common->wrote);
		rc = sp_export_run(x.fe, &ops, &x, e);
	}
	sp_export_free(x.fe);
	return rc;
}

void
sp_across_stats_opts(const struct sp_across_common *c,
    struct sp_stats_run_opts *ro)
{
	ro->ranks_given = c->rank_ok != NULL;
	ro->keep = c->keep;
	ro->keep_ctx = c->keep_ctx;
	ro->mem = c->mem;
	ro->tmpdir = c->tmpdir;
}

int
sp_across_write(struct sp_export *fe,
    int (*write_doc)(void *ctx, struct sp_export_out *out, struct sp_err *e),
    void *ctx, struct sp_err *e)
{
	struct sp_export_out *out;

	if ((out = sp_export_open(fe, 0, e)) == NULL)
		return -1;
	if (write_doc(ctx, out, e) < 0 || sp_export_close(fe, out, e) < 0) {
		sp_export_drop(fe, out);
		return -1;
	}
	return 0;
}
