/*
 * sp-report on the exporter front end: each run goes through
 * sp_stats_run.h as in sp-stats (the front end's walker checks its call
 * batches), its result becomes a section of the page (sp_report.h), and
 * the page is written when the input has ended cleanly.
 */
#include "sp_report_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_export.h"
#include "sp_report.h"
#include "sp_report_across.h"
#include "sp_stats_run.h"

struct rx {
	const struct sp_report_export_opts *o;
	struct sp_report_export_stats *st;
	struct sp_export_spec spec;
	struct sp_export *fe;
	struct sp_stats_run *run;
	struct sp_report *page;
	struct sp_report_calls *calls;	/* the pictures of calls */
	struct sp_report_across *across;
	struct sp_report_run info;
	char *label, *source;
	uint8_t *meta;
	uint32_t rank;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* Where the run's errors happened, as sp-stats says it. */
static int
failed_at(struct rx *x, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];

	if (e == NULL)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (e->status == SP_EDATA)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": %s", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->info.label), x->rank, why);
	return sp_fail(e, e->status, "%s: %s", sp_export_input(x->fe), why);
}

static int
on_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct rx *x = ctx;
	int walk_failed;

	if (sp_stats_run_calls(x->run, w, b, &walk_failed, e) == 0)
		return sp_report_calls_batch(x->calls, b, e) < 0 ?
		    failed_at(x, e) : 0;
	return walk_failed ? -1 : failed_at(x, e);
}

static void
forget_run(struct rx *x)
{
	free(x->label);
	free(x->source);
	free(x->meta);
	x->label = x->source = NULL;
	x->meta = NULL;
}

/* What the section needs of the run item, kept for the run's end. */
static int
keep_run(struct rx *x, const struct sp_run_info *ri, const char *label)
{
	forget_run(x);
	memset(&x->info, 0, sizeof x->info);
	if ((x->label = strdup(label)) == NULL ||
	    (x->source = strdup(ri->source != NULL ? ri->source : "-")) ==
	    NULL)
		return -1;
	if (ri->metadata != NULL && ri->metadata_len > 0) {
		if ((x->meta = malloc(ri->metadata_len)) == NULL)
			return -1;
		memcpy(x->meta, ri->metadata, ri->metadata_len);
	}
	x->info.label = x->label;
	x->info.source = x->source;
	x->info.metadata = x->meta;
	x->info.metadata_len = x->meta != NULL ? ri->metadata_len : 0;
	x->info.has_span = ri->has_span;
	x->info.first_ns = ri->first_ns;
	x->info.last_ns = ri->last_ns;
	x->info.calls = x->calls;
	return 0;
}

static int
on_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct rx *x = ctx;

	x->rank = 0;
	if (keep_run(x, ri, label) < 0)
		return nomem(e);
	if (sp_report_calls_run(x->calls, ri, e) < 0 ||
	    sp_report_across_run(x->across, ri, label, e) < 0)
		return -1;
	return sp_stats_run_begin(x->run, ri, label, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct rx *x = ctx;

	if (sp_report_calls_regions(x->calls, t, x->o->keep, x->o->keep_ctx,
	    e) < 0)
		return -1;
	return sp_stats_run_regions(x->run, t, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct rx *x = ctx;
	int selected = x->o->rank_ok == NULL ||
	    x->o->rank_ok(x->o->rank_ctx, ri->rank);

	x->rank = ri->rank;
	if (sp_report_calls_rank(x->calls, ri->rank, selected, e) < 0)
		return -1;
	return sp_stats_run_rank(x->run, ri, selected, e) < 0 ?
	    failed_at(x, e) : 0;
}

static int
on_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct rx *x = ctx;

	(void)rank;
	return sp_stats_run_lane(x->run, lane, NULL, e);
}

static int
on_rank_end(void *ctx, struct sp_err *e)
{
	struct rx *x = ctx;

	return sp_stats_run_rank_end(x->run, e) < 0 ? failed_at(x, e) : 0;
}

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct rx *x = ctx;
	struct sp_stats_result *res = NULL;
	int rc;

	if (sp_stats_run_finish(x->run, &res, e) < 0)
		return failed_at(x, e);
	rc = sp_report_add(x->page, &x->info, res, e);
	if (rc == 0)
		rc = sp_report_across_result(x->across, x->run, res, e);
	sp_stats_result_free(res);
	return rc;
}

static int
on_finish(void *ctx, struct sp_err *e)
{
	struct rx *x = ctx;
	struct sp_stats_text b = { 0 }, nav = { 0 };
	struct sp_export_out *out;

	int rc = sp_report_across_draw(x->across, &b, &nav, e);

	if (rc == 0 && (b.failed || nav.failed))
		rc = nomem(e);
	if (rc < 0) {
		sp_stats_text_free(&b);
		sp_stats_text_free(&nav);
		return -1;
	}
	sp_report_put_across(x->page, &b, &nav);
	if ((out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	if (sp_report_write(x->page, sp_export_write, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	if (x->st != NULL)
		x->st->bytes = sp_export_out_bytes(out);
	if (sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

static int
setup(struct rx *x, struct sp_reader *r, struct sp_err *e)
{
	const struct sp_report_export_opts *o = x->o;
	struct sp_report_opts po;
	struct sp_stats_run_opts ro;

	memset(&ro, 0, sizeof ro);
	ro.want = SP_STATS_WANT_REGIONS | SP_STATS_WANT_TREE |
	    SP_STATS_WANT_RANKS;
	/* the sums, and the percentiles the duration figures print */
	ro.need = SP_STATS_NEED_PCT;
	sp_report_across_want(&ro);
	ro.ranks_given = o->rank_ok != NULL;
	ro.keep = o->keep;
	ro.keep_ctx = o->keep_ctx;
	ro.mem = o->mem;
	ro.tmpdir = o->tmpdir;
	memset(&po, 0, sizeof po);
	po.title = o->title;
	po.rows = o->rows;
	po.cwd = o->cwd;
	x->spec.stage = SP_STAGE_CALLS;
	x->spec.unit = SP_EXPORT_PER_STREAM;
	x->spec.hold = SP_EXPORT_HOLD_LAST;
	x->spec.nothing = "nothing to report";
	x->spec.several = "several runs";
	x->spec.one = " report";
	if ((x->run = sp_stats_run_new(&ro, e)) == NULL ||
	    (x->page = sp_report_new(&po, e)) == NULL ||
	    (x->calls = sp_report_calls_new(e)) == NULL ||
	    (x->across = sp_report_across_new(o->mem, e)) == NULL)
		return -1;
	sp_report_across_sorting(x->across, x->run);
	x->fe = sp_export_new(r, &x->spec, o->output, e);
	if (x->fe == NULL)
		return -1;
	sp_export_on_wrote(x->fe, &o->wrote);
	return 0;
}

int
sp_report_export_run(struct sp_reader *r,
    const struct sp_report_export_opts *o, struct sp_report_export_stats *st,
    struct sp_err *e)
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
	struct rx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st;
	if (st != NULL)
		memset(st, 0, sizeof *st);
	if (setup(&x, r, e) == 0)
		rc = sp_export_run(x.fe, &ops, &x, e);
	if (rc == 0 && st != NULL) {
		st->runs = sp_report_runs(x.page);
		st->calls = sp_export_calls(x.fe);
	}
	sp_export_free(x.fe);
	/* the comparison's pools read the run's temporary file */
	sp_report_across_free(x.across);
	sp_stats_run_free(x.run);
	sp_report_free(x.page);
	sp_report_calls_free(x.calls);
	forget_run(&x);
	return rc;
}
