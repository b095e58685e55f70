#include "sp_speedscope_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_export.h"
#include "sp_speedscope.h"

#define NAMING { SP_EXPORT_FIRST_DOT, ".speedscope.json", "profile", 0 }

const struct sp_export_naming sp_speedscope_export_naming = NAMING;

static const struct sp_export_spec spec = {
	.stage = SP_STAGE_CALLS,
	.unit = SP_EXPORT_PER_RUN,
	.naming = NAMING,
	.hold = SP_EXPORT_HOLD_LAST,
	.need_output = 1,
	.nothing = "nothing to export",
	.several = "several runs",
	.one = " document",
};

struct ssx {
	struct sp_export *fe;
	const struct sp_speedscope_export_opts *o;
	uint64_t dropped;	/* over all runs */

	/* the run: its document, opened with its first lane */
	struct sp_speedscope *ss;
	struct sp_export_out *out;
	int nprofiles;
	int warned;		/* OVERSIZE noticed */
	int has_span;
	int64_t origin;
};

static void
note(struct ssx *x, enum sp_speedscope_export_note what, const char *label,
    const char *path, uint64_t value)
{
	if (x->o->note != NULL)
		x->o->note(x->o->note_ctx, what, label, path, value);
}

/* The speedscope writer's output: counted for the size notice. */
static int
doc_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct ssx *x = ctx;

	if (x->out == NULL)
		return sp_fail(e, SP_EUSAGE, "document written before its "
		    "first profile");
	if (sp_export_write(x->out, p, n, e) < 0)
		return -1;
	if (x->o->max_size > 0 && !x->warned &&
	    sp_export_out_bytes(x->out) > x->o->max_size) {
		x->warned = 1;
		note(x, SP_SPEEDSCOPE_EXPORT_OVERSIZE, sp_export_label(x->fe),
		    sp_export_out_path(x->out), x->o->max_size);
	}
	return 0;
}

/* --- the walk --- */

/* A call that opens: in the run's frame of time. */
static int
open_call(struct ssx *x, const struct sp_walk_call *c, struct sp_err *e)
{
	if (!x->has_span)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s has "
		    "calls, but its first_ns is null", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, sp_export_label(x->fe)));
	if (c->start < x->origin)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s: a call "
		    "at %" PRId64 " ns starts before the run's first_ns",
		    sp_export_input(x->fe),
		    sp_export_quoted(x->fe, sp_export_label(x->fe)), c->start);
	return sp_speedscope_open(x->ss, c->region, c->start, c->end, e);
}

/* A lane's profile is complete. */
static int
lane_end(struct ssx *x, struct sp_err *e)
{
	int rc;

	if ((rc = sp_speedscope_end_profile(x->ss, e)) < 0)
		return -1;
	x->nprofiles += rc;
	return 0;
}

/* A call batch, as the profile's open and close events. */
static int
calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct ssx *x = ctx;
	struct sp_walk_iter it;
	int rc = 0;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	while (rc == 0) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			rc = open_call(x, it.c, e);
			break;
		case SP_WALK_CLOSE:
			rc = sp_speedscope_close(x->ss, it.c->region, it.c->end,
			    e);
			break;
		case SP_WALK_LANE_END:
			rc = lane_end(x, e);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return -1;
}

/* --- runs --- */

/* A run without a document, told by the front end (sp_export_empty). */
static void
empty_note(void *ctx, int kind, const char *label, const char *path,
    uint64_t value)
{
	note(ctx, (enum sp_speedscope_export_note)kind, label, path, value);
}

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct ssx *x = ctx;
	struct sp_speedscope_opts so;

	x->nprofiles = 0;
	x->warned = 0;
	x->has_span = ri->has_span;
	x->origin = ri->has_span ? ri->first_ns : 0;
	memset(&so, 0, sizeof so);
	so.name = x->o->name != NULL ? x->o->name : label;
	so.exporter = x->o->exporter;
	so.origin_ns = x->origin;
	so.unit_ns = x->o->unit_ns;
	so.min_duration_ns = x->o->min_duration_ns;
	x->ss = sp_speedscope_new(&so, doc_write, x, e);
	return x->ss == NULL ? -1 : 0;
}

static int
regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct ssx *x = ctx;

	return sp_speedscope_set_regions(x->ss, t->names, t->n, e);
}

/* A lane's first batch: its profile begins (the document with the first). */
static int
lane(void *ctx, uint32_t rank, int64_t id, struct sp_err *e)
{
	struct ssx *x = ctx;
	const char *name;

	if (x->out == NULL && (x->out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	if ((name = sp_export_lane_name(x->fe, rank, id, e)) == NULL)
		return -1;
	return sp_speedscope_begin_profile(x->ss, name, e);
}

/* A run without a profile: no document, and a note. */
static int
no_document(struct ssx *x, struct sp_err *e)
{
	enum sp_speedscope_export_note what;

	what = sp_export_run_calls(x->fe) == 0 ? SP_SPEEDSCOPE_EXPORT_NO_CALLS :
	    SP_SPEEDSCOPE_EXPORT_ALL_DROPPED;
	sp_export_drop(x->fe, x->out);
	x->out = NULL;
	return sp_export_empty(x->fe, (int)what, sp_speedscope_dropped(x->ss),
	    e);
}

static int
end_run(void *ctx, struct sp_err *e)
{
	struct ssx *x = ctx;
	int rc;

	x->dropped += sp_speedscope_dropped(x->ss);
	if (x->nprofiles == 0)
		rc = no_document(x, e);
	else if (sp_speedscope_finish(x->ss, e) < 0)
		rc = -1;
	else
		rc = sp_export_close(x->fe, x->out, e);
	x->out = NULL;
	sp_speedscope_free(x->ss);
	x->ss = NULL;
	return rc;
}

/*
 * No run had a document: an error if min_duration is the reason, else
 * not one (the front end gives the note).
 */
static int
no_output(void *ctx, struct sp_err *e)
{
	struct ssx *x = ctx;

	return sp_export_all_dropped(x->fe, x->dropped, e);
}

int
sp_speedscope_export_run(struct sp_reader *r,
    const struct sp_speedscope_export_opts *o,
    struct sp_speedscope_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = begin_run,
		.regions = regions,
		.lane = lane,
		.calls = calls,
		.run_end = end_run,
		.no_output = no_output,
		.empty_note = empty_note,
	};
	struct ssx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	if ((x.fe = sp_export_new(r, &spec, o->output, e)) != NULL) {
		sp_export_on_wrote(x.fe, &o->wrote);
		rc = sp_export_run(x.fe, &ops, &x, e);
	}
	if (st != NULL) {
		memset(st, 0, sizeof *st);
		st->runs = x.fe != NULL ? sp_export_runs(x.fe) : 0;
		st->documents = x.fe != NULL ? sp_export_outputs(x.fe) : 0;
		st->calls = x.fe != NULL ? sp_export_calls(x.fe) : 0;
		st->bytes = x.fe != NULL ? sp_export_bytes(x.fe) : 0;
		st->dropped = x.dropped;
	}
	sp_speedscope_free(x.ss);
	sp_export_free(x.fe);
	return rc;
}
