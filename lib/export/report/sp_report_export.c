/*
 * sp-report on the exporter front end: sp_across.h feeds each run to its
 * statistics as in sp-stats (the front end's walker checks its call
 * batches), its result becomes a section of the page (sp_report.h), and
 * the page is written when the input has ended cleanly.
 */
#include "sp_report_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_across.h"
#include "sp_export.h"
#include "sp_report.h"
#include "sp_report_across.h"
#include "sp_stats_run.h"

struct rx {
	const struct sp_report_export_opts *o;
	struct sp_report_export_stats *st;
	struct sp_export_spec spec;
	struct sp_stats_run *run;
	struct sp_report *page;
	struct sp_report_calls *calls;	/* the pictures of calls */
	struct sp_report_across *across;
	struct sp_report_run info;
	char *label, *source;
	uint8_t *meta;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* A batch the statistics took: into the pictures of calls. */
static int
on_calls(void *ctx, const struct sp_batch *b, struct sp_err *e)
{
	struct rx *x = ctx;

	(void)e;
	sp_report_calls_batch(x->calls, b);
	return 0;
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
on_run(void *ctx, struct sp_export *fe, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	struct rx *x = ctx;

	(void)fe;
	if (keep_run(x, ri, label) < 0)
		return nomem(e);
	if (sp_report_calls_run(x->calls, ri, e) < 0)
		return -1;
	return sp_report_across_run(x->across, ri, label, e);
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct rx *x = ctx;

	return sp_report_calls_regions(x->calls, t, x->o->common.keep,
	    x->o->common.keep_ctx, e);
}

static int
on_rank(void *ctx, uint32_t rank, int selected, struct sp_err *e)
{
	struct rx *x = ctx;

	return sp_report_calls_rank(x->calls, rank, selected, e);
}

static int
on_result(void *ctx, struct sp_export *fe, const char *label,
    const struct sp_stats_result *res, struct sp_err *e)
{
	struct rx *x = ctx;

	(void)fe;
	(void)label;
	if (sp_report_add(x->page, &x->info, res, e) < 0)
		return -1;
	return sp_report_across_result(x->across, x->run, res, e);
}

static int
write_page(void *ctx, struct sp_export_out *out, struct sp_err *e)
{
	struct rx *x = ctx;

	if (sp_report_write(x->page, sp_export_write, out, e) < 0)
		return -1;
	if (x->st != NULL)
		x->st->bytes = sp_export_out_bytes(out);
	return 0;
}

static int
on_finish(void *ctx, struct sp_export *fe, struct sp_err *e)
{
	struct rx *x = ctx;
	struct sp_stats_text b = { 0 }, nav = { 0 };
	int rc = sp_report_across_draw(x->across, &b, &nav, e);

	if (rc == 0 && (b.failed || nav.failed))
		rc = nomem(e);
	if (rc < 0) {
		sp_stats_text_free(&b);
		sp_stats_text_free(&nav);
		return -1;
	}
	sp_report_put_across(x->page, &b, &nav);
	if (x->st != NULL)
		x->st->calls = sp_export_calls(fe);
	return sp_across_write(fe, write_page, x, e);
}

static int
setup(struct rx *x, struct sp_err *e)
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
	sp_across_stats_opts(&o->common, &ro);
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
	if ((x->calls = sp_report_calls_new(e)) == NULL)
		return -1;
	sp_report_calls_watch(x->calls, &ro.watch);
	if ((x->run = sp_stats_run_new(&ro, e)) == NULL ||
	    (x->page = sp_report_new(&po, e)) == NULL ||
	    (x->across = sp_report_across_new(o->common.mem, e)) == NULL)
		return -1;
	sp_report_across_sorting(x->across, x->run);
	return 0;
}

int
sp_report_export_run(struct sp_reader *r,
    const struct sp_report_export_opts *o, struct sp_report_export_stats *st,
    struct sp_err *e)
{
	struct sp_across_opts ao;
	struct rx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st;
	if (st != NULL)
		memset(st, 0, sizeof *st);
	if (setup(&x, e) == 0) {
		memset(&ao, 0, sizeof ao);
		ao.stats = x.run;
		ao.common = &o->common;
		ao.run = on_run;
		ao.regions = on_regions;
		ao.rank = on_rank;
		ao.calls = on_calls;
		ao.result = on_result;
		ao.finish = on_finish;
		ao.ctx = &x;
		rc = sp_across_run(r, &x.spec, &ao, e);
	}
	if (rc == 0 && st != NULL)
		st->runs = sp_report_runs(x.page);
	/* the comparison's pools read the run's temporary file */
	sp_report_across_free(x.across);
	sp_stats_run_free(x.run);
	sp_report_free(x.page);
	sp_report_calls_free(x.calls);
	forget_run(&x);
	return rc;
}
