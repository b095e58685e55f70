#include "sp_trace_export.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sp_callargs.h"
#include "sp_trace_chrome.h"
#include "sp_export.h"
#include "sp_gzout.h"
#include "sp_perfetto.h"
#include "sp_simd.h"
#include "sp_trace_emit.h"
#include "sp_trace_spool.h"

#ifndef SP_VERSION
#define SP_VERSION "unknown"
#endif

#define SPOOL_MEM ((size_t)4 << 20)
/* tid = (rank + 1) * LANES + k: k, a lane's place in its rank, below it */
#define LANES 65536

#define NAMING_PROTO { SP_EXPORT_FIRST_DOT, ".pftrace", "profile", 0 }
#define NAMING_JSON { SP_EXPORT_FIRST_DOT, ".trace.json", "profile", 0 }

const struct sp_export_naming sp_trace_export_naming_proto = NAMING_PROTO;
const struct sp_export_naming sp_trace_export_naming_json = NAMING_JSON;

static const struct sp_export_spec spec_proto = {
	.stage = SP_STAGE_CALLS,
	.unit = SP_EXPORT_PER_RUN,
	.naming = NAMING_PROTO,
	.hold = SP_EXPORT_HOLD_LAST,
	.need_output = 1,
	.nothing = "nothing to export",
	.several = "several runs",
	.one = " trace",
};

static const struct sp_export_spec spec_json = {
	.stage = SP_STAGE_CALLS,
	.unit = SP_EXPORT_PER_RUN,
	.naming = NAMING_JSON,
	.hold = SP_EXPORT_HOLD_LAST,
	.need_output = 1,
	.nothing = "nothing to export",
	.several = "several runs",
	.one = " trace",
};

struct trx {
	struct sp_export *fe;
	const struct sp_trace_export_opts *o;
	struct sp_callargs *args;
	struct sp_trace_spool *spool;	/* with an alignment */
	struct sp_trace_emit *em;
	uint64_t dropped, slices, bytes, file_bytes;

	/* the run */
	const struct sp_run_info *ri;
	const struct sp_region_table *regions;
	size_t nregions;	/* in its table: 0 before it */
	unsigned char *align_ids;	/* per region: it is align_region */
	int64_t origin, span, last;	/* the run's first_ns, span, last_ns */
	struct sp_export_out *out;
	struct sp_gzout *gz;
	struct sp_trace_writer *w;
	uint64_t run_bytes, run_dropped;
	int warned;
	struct sp_trace_shift *shifts;
	size_t nshifts, shifts_cap;
	char *palign;		/* the process labels' align= value */

	/* the rank */
	uint32_t rank;
	uint32_t k;		/* its lanes so far */
	int have_first, have_region;
	int64_t first, region_first;	/* its first call; of align_region */
	int64_t shift;
};

enum sp_trace_export_format
sp_trace_export_format_of(const char *path)
{
	size_t n = path != NULL ? strlen(path) : 0;

	if (n >= 5 && strcasecmp(path + n - 5, ".json") == 0)
		return SP_TRACE_EXPORT_JSON;
	if (n >= 8 && strcasecmp(path + n - 8, ".json.gz") == 0)
		return SP_TRACE_EXPORT_JSON;
	return SP_TRACE_EXPORT_PROTO;
}

static void
note(struct trx *x, enum sp_trace_export_note what, const char *label,
    const char *path, uint64_t value)
{
	if (x->o->note != NULL)
		x->o->note(x->o->note_ctx, what, label, path, value);
}

static const char *
quoted_label(struct trx *x)
{
	return sp_export_quoted(x->fe, sp_export_label(x->fe));
}

/* A string made as printf makes it, or NULL without memory. */
static char *
format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *
format(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* --- the output --- */

/* The compressed (or not) bytes on their way to the output. */
static int
out_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct trx *x = ctx;

	x->file_bytes += n;
	return sp_export_write(x->out, p, n, e);
}

/* The writer's bytes: counted, and watched for the size notice. */
static int
trace_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct trx *x = ctx;

	x->run_bytes += n;
	x->bytes += n;
	if (x->o->max_size > 0 && !x->warned && x->run_bytes >
	    x->o->max_size) {
		x->warned = 1;
		note(x, SP_TRACE_EXPORT_OVERSIZE, sp_export_label(x->fe),
		    sp_export_out_path(x->out), x->o->max_size);
	}
	return sp_gzout_write(x->gz, p, n, e);
}

/* The run's trace, opened with its first slice. */
static int
open_trace(struct trx *x, struct sp_err *e)
{
	const struct sp_region_table *t = x->regions;
	const char *path;

	if (t == NULL)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s has "
		    "calls but no region table", sp_export_input(x->fe),
		    quoted_label(x));
	if ((x->out = sp_export_open(x->fe, 0, e)) == NULL)
		return -1;
	path = sp_export_out_path(x->out);
	if ((x->gz = sp_gzout_new(sp_gzout_is_gz(path), x->o->level,
	    out_write, x, path, e)) == NULL)
		return -1;
	x->w = x->o->format == SP_TRACE_EXPORT_JSON ?
	    sp_trace_chrome_new(t->names, t->lens, t->n, trace_write, x, e) :
	    sp_perfetto_new(t->names, t->lens, t->n, trace_write, x, e);
	if (x->w == NULL)
		return -1;
	sp_trace_emit_writer(x->em, x->w);
	return 0;
}

/* The emitter's word on the stream, with the input's name and the run's. */
static int
named(struct trx *x, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];

	snprintf(why, sizeof why, "%s", e->msg);
	return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s: %s",
	    sp_export_input(x->fe), quoted_label(x), why);
}

/* A call's slice opens, at ns start to end of the stream's clock. */
static inline int
open_slice(struct trx *x, uint32_t region, int64_t start, int64_t end,
    const struct sp_trace_args *a, struct sp_err *e)
{
	uint64_t ts = (uint64_t)start - (uint64_t)x->origin +
	    (uint64_t)x->shift;

	if (x->w == NULL && open_trace(x, e) < 0)
		return -1;
	if (sp_trace_emit_open(x->em, region, ts,
	    ts + ((uint64_t)end - (uint64_t)start), a, e) == 0)
		return 0;
	return e != NULL && e->status == SP_EDATA ? named(x, e) : -1;
}

/* The innermost open slice ends, at ns end of the stream's clock. */
static inline int
close_slice(struct trx *x, int64_t end, struct sp_err *e)
{
	return sp_trace_emit_close(x->em, (uint64_t)end - (uint64_t)x->origin +
	    (uint64_t)x->shift, e);
}

/*
 * Whether the call opening is kept by min_duration: not shorter, and
 * not inside one that is.  Its record's user says so, for its children
 * and for its close.
 */
static int
kept(const struct trx *x, struct sp_walk_iter *it)
{
	struct sp_walk_call *c = it->c;

	c->user = (c->depth == 0 || sp_walk_iter_stack(it)[c->depth - 1].user) &&
	    (uint64_t)c->end - (uint64_t)c->start >=
	    (uint64_t)x->o->min_duration_ns;
	return c->user != 0;
}

/* --- ranks and lanes --- */

static const char *
region_name(const struct trx *x)
{
	return x->o->align_region != NULL ? x->o->align_region : "";
}

/*
 * What the rank's process track says of itself; NULL without memory for
 * it or for any of its parts (never a shorter text).
 */
static char *
describe(const struct trx *x)
{
	char *how, *cut = NULL, *s = NULL;
	const char *label = sp_export_label(x->fe);

	if (x->o->align == SP_TRACE_EXPORT_ALIGN_START && x->have_first)
		how = format(" Shifted by %+" PRId64 " ns (--align start): its "
		    "first call starts at 0.", x->shift);
	else if (x->o->align == SP_TRACE_EXPORT_ALIGN_REGION && x->have_region)
		how = format(" Shifted by %+" PRId64 " ns (--align %s): its "
		    "first call of '%s' starts at %" PRId64 " ns, as on every "
		    "rank.", x->shift, region_name(x), region_name(x),
		    x->span);
	else if (x->o->align == SP_TRACE_EXPORT_ALIGN_REGION)
		how = format(" Not shifted: it has no call of '%s' to align "
		    "on.", region_name(x));
	else
		how = format("%s", "");
	if (x->o->min_duration_ns > 0)
		cut = format(" Calls shorter than %" PRId64 " ns are left out "
		    "(--min-duration).", x->o->min_duration_ns);
	if (how != NULL && (cut != NULL || x->o->min_duration_ns <= 0))
		s = format("Rank %" PRIu32 " of run '%s' (%s), written by "
		    "sp-trace; times in ns since the run's first call.%s%s",
		    x->rank, label, x->ri->source != NULL ? x->ri->source :
		    "?", how, cut != NULL ? cut : "");
	free(how);
	free(cut);
	return s;
}

/* The rank's process track, for the emitter to write with its first slice. */
static int
declare_rank(struct trx *x, struct sp_err *e)
{
	struct sp_trace_process p;
	char *name, *desc;
	int rc;

	if (x->rank >= (uint32_t)INT32_MAX)
		return sp_fail(e, SP_EDATA, "%s: rank %" PRIu32 " is too large "
		    "for a process id", sp_export_input(x->fe), x->rank);
	memset(&p, 0, sizeof p);
	p.rank = x->rank;
	p.pid = (int32_t)x->rank + 1;
	p.uuid = ((uint64_t)1 << 32) + x->rank;
	p.align = x->palign;
	p.shift_ns = x->shift;
	name = format("%s rank %" PRIu32, sp_export_label(x->fe), x->rank);
	desc = describe(x);
	if (name == NULL || desc == NULL)
		rc = sp_fail(e, SP_ENOMEM, "out of memory");
	else {
		p.name = name;
		p.desc = desc;
		rc = sp_trace_emit_rank(x->em, &p, e);
	}
	free(name);
	free(desc);
	return rc;
}

/* Lane k of the rank begins: its thread track, written with its slice. */
static int
begin_lane(struct trx *x, uint32_t k, const char *name, struct sp_err *e)
{
	struct sp_trace_thread t;

	memset(&t, 0, sizeof t);
	t.pid = (int32_t)x->rank + 1;
	t.tid = ((int64_t)x->rank + 1) * LANES + k;
	t.order = (int32_t)k;
	t.name = name;
	return sp_trace_emit_lane(x->em, &t, e);
}

/* The shift of a rank read whole, from its first calls. */
static void
set_shift(struct trx *x)
{
	x->shift = 0;
	if (x->o->align == SP_TRACE_EXPORT_ALIGN_START && x->have_first)
		x->shift = x->origin - x->first;
	if (x->o->align == SP_TRACE_EXPORT_ALIGN_REGION && x->have_region)
		x->shift = x->span - (x->region_first - x->origin);
	if (x->o->align == SP_TRACE_EXPORT_ALIGN_REGION && x->have_first &&
	    !x->have_region)
		note(x, SP_TRACE_EXPORT_NO_REGION, sp_export_label(x->fe), "",
		    x->rank);
}

/* A rank's shift, for the trace's metadata, once its track is written. */
static int
keep_shift(struct trx *x, struct sp_err *e)
{
	struct sp_trace_shift *p;

	if (!sp_trace_emit_rank_written(x->em))
		return 0;
	if (x->nshifts == x->shifts_cap) {
		size_t cap = x->shifts_cap ? x->shifts_cap * 2 : 16;

		if ((p = realloc(x->shifts, cap * sizeof *p)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		x->shifts = p;
		x->shifts_cap = cap;
	}
	x->shifts[x->nshifts].rank = x->rank;
	x->shifts[x->nshifts++].ns = x->shift;
	return 0;
}

/* --- the calls --- */

/* A rank's first call, and its first of align_region, so far. */
static void
watch_first(struct trx *x, int64_t start, uint32_t region)
{
	if (!x->have_first || start < x->first) {
		x->first = start;
		x->have_first = 1;
	}
	if (x->align_ids != NULL && x->align_ids[region] &&
	    (!x->have_region || start < x->region_first)) {
		x->region_first = start;
		x->have_region = 1;
	}
}

/* The call opening (call it->i of b), kept: its slice now, or spooled. */
static int
open_call(struct trx *x, const struct sp_batch *b,
    const struct sp_walk_iter *it, struct sp_err *e)
{
	const struct sp_walk_call *c = it->c;
	struct sp_trace_spool_call k;

	if (x->o->no_args && x->spool == NULL)
		return open_slice(x, c->region, c->start, c->end, NULL, e);
	if (x->o->no_args) {
		k.args.has = 0;
		k.args.meta = NULL;
	} else if (sp_callargs_call(x->args, b, it->i, &k.args, e) < 0) {
		return e != NULL && e->status == SP_EDATA ? named(x, e) : -1;
	}
	if (x->spool == NULL)
		return open_slice(x, c->region, c->start, c->end, &k.args, e);
	k.region = c->region;
	k.start = c->start;
	k.end = c->end;
	return sp_trace_spool_call(x->spool, &k, e);
}

/* A kept call closes: its slice ends now, or in the spool. */
static int
close_call(struct trx *x, int64_t end, struct sp_err *e)
{
	if (x->spool != NULL)
		return sp_trace_spool_close(x->spool, end, e);
	return close_slice(x, end, e);
}

/*
 * The batch's walk as slices, on the hot path: no spool, nothing to
 * drop, and no argument beyond the regions' source locations (so that
 * each region's are one struct for all its calls).  The writer takes
 * what it can (sp_trace_emit_next()); the rest opens and closes here.
 */
static int
fast_calls(struct trx *x, struct sp_walk_iter *it, struct sp_err *e)
{
	struct sp_trace_argtab t;
	struct sp_trace_calls c = { x->origin, NULL, 0 };
	const struct sp_trace_args *a = NULL;
	uint32_t region;
	int rc = 0;

	if (!x->o->no_args) {
		sp_callargs_table(x->args, &t);
		c.args = &t;
	}
	while (rc == 0) {
		switch (sp_trace_emit_next(x->em, it, &c, e)) {
		case SP_WALK_OPEN:
			region = it->c->region;
			if (c.args != NULL)
				a = region < t.n ? &t.args[region] : t.other;
			rc = open_slice(x, region, it->c->start, it->c->end, a,
			    e);
			break;
		case SP_WALK_CLOSE:
			rc = close_slice(x, it->c->end, e);
			break;
		case SP_WALK_LANE_END:
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return -1;
}

/*
 * The batch's walk, call by call: each call's first start watched for
 * the alignment, left out by min_duration (with all it holds) or kept,
 * its slice written or spooled with the call's own arguments.
 */
static int
slow_calls(struct trx *x, const struct sp_batch *b, struct sp_walk_iter *it,
    struct sp_err *e)
{
	int rc = 0;

	while (rc == 0) {
		switch (sp_walk_next(it, e)) {
		case SP_WALK_OPEN:
			if (x->spool != NULL)
				watch_first(x, it->c->start, it->c->region);
			if (x->o->min_duration_ns > 0 && !kept(x, it))
				x->run_dropped++;
			else
				rc = open_call(x, b, it, e);
			break;
		case SP_WALK_CLOSE:
			if (x->o->min_duration_ns <= 0 || it->c->user)
				rc = close_call(x, it->c->end, e);
			break;
		case SP_WALK_LANE_END:
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return -1;
}

static int
fast_ok(const struct trx *x, const struct sp_batch *b)
{
	return x->spool == NULL && x->o->min_duration_ns <= 0 &&
	    x->shift == 0 && (x->o->no_args || sp_callargs_plain(x->args, b));
}

/*
 * A batch of calls, in the stream's order (pre-order: start ascending,
 * end descending), walked with the front end's walk (sp_walk.h), the
 * one replay of their nesting: it opens and closes them, having checked
 * each against its parent and the run's span, and says where a lane
 * ends (after its last closes).
 */
static int
on_calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct trx *x = ctx;
	struct sp_walk_iter it;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	return fast_ok(x, b) ? fast_calls(x, &it, e) :
	    slow_calls(x, b, &it, e);
}

/* A lane's first batch. */
static int
on_lane(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e)
{
	struct trx *x = ctx;
	const char *name;

	if (++x->k >= LANES)
		return sp_fail(e, SP_EDATA, "%s: run %s: rank %" PRIu32 " has "
		    "more than %d lanes, too many for one trace",
		    sp_export_input(x->fe), quoted_label(x), rank, LANES - 1);
	if ((name = sp_export_lane_name(x->fe, rank, lane, e)) == NULL)
		return -1;
	if (x->spool != NULL)
		return sp_trace_spool_lane(x->spool, lane, x->k, name, e);
	return begin_lane(x, x->k, name, e);
}

/* --- the replay of a rank read whole --- */

static int
replay_lane(void *ctx, int64_t lane, uint32_t k, const char *name,
    struct sp_err *e)
{
	(void)lane;
	return begin_lane(ctx, k, name, e);
}

static int
replay_call(void *ctx, const struct sp_trace_spool_call *c, struct sp_err *e)
{
	struct trx *x = ctx;
	struct sp_trace_args a = c->args;

	if (x->o->no_args)
		return open_slice(x, c->region, c->start, c->end, NULL, e);
	sp_callargs_source(x->args, c->region, &a);
	return open_slice(x, c->region, c->start, c->end, &a, e);
}

static int
replay_close(void *ctx, int64_t end, struct sp_err *e)
{
	return close_slice(ctx, end, e);
}

static int
on_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct trx *x = ctx;

	x->rank = ri->rank;
	x->k = 0;
	x->have_first = x->have_region = 0;
	x->shift = 0;
	if (!x->o->no_args && sp_callargs_rank(x->args, ri, e) < 0)
		return -1;
	return x->spool == NULL ? declare_rank(x, e) : 0;
}

static int
on_rank_end(void *ctx, struct sp_err *e)
{
	static const struct sp_trace_spool_ops ops = {
		replay_lane, replay_call, replay_close
	};
	struct trx *x = ctx;

	if (x->spool != NULL) {
		set_shift(x);
		if (declare_rank(x, e) < 0 ||
		    sp_trace_spool_replay(x->spool, &ops, x, e) < 0)
			return -1;
	}
	return keep_shift(x, e);
}

/* --- runs --- */

/* A run without a trace, told by the front end (sp_export_empty). */
static void
empty_note(void *ctx, int kind, const char *label, const char *path,
    uint64_t value)
{
	note(ctx, (enum sp_trace_export_note)kind, label, path, value);
}

static int
on_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct trx *x = ctx;

	(void)ri;
	(void)label;
	(void)e;
	x->ri = sp_reader_run(sp_export_reader(x->fe));
	x->origin = x->ri->has_span ? x->ri->first_ns : 0;
	x->span = x->ri->has_span ? x->ri->last_ns - x->ri->first_ns : 0;
	x->last = x->ri->has_span ? x->ri->last_ns : 0;
	x->regions = NULL;
	x->nregions = 0;
	free(x->align_ids);
	x->align_ids = NULL;
	x->run_bytes = x->run_dropped = 0;
	x->warned = 0;
	x->nshifts = 0;
	sp_trace_emit_begin(x->em);
	return 0;
}

static int
on_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct trx *x = ctx;
	const char *name = region_name(x);
	size_t i;

	(void)t;
	x->regions = sp_reader_regions(sp_export_reader(x->fe));
	x->nregions = x->regions->n;
	if (x->o->align != SP_TRACE_EXPORT_ALIGN_REGION || x->regions->n == 0)
		return 0;
	if ((x->align_ids = calloc(x->regions->n, 1)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (i = 0; i < x->regions->n; i++)
		x->align_ids[i] = strcmp(x->regions->names[i], name) == 0;
	return 0;
}

/* A run without a slice: no trace, and a note. */
static int
no_trace(struct trx *x, struct sp_err *e)
{
	enum sp_trace_export_note what = sp_export_run_calls(x->fe) == 0 ?
	    SP_TRACE_EXPORT_NO_CALLS : SP_TRACE_EXPORT_ALL_DROPPED;

	return sp_export_empty(x->fe, (int)what, x->run_dropped, e);
}

static int
finish_trace(struct trx *x, struct sp_err *e)
{
	struct sp_trace_meta m;

	memset(&m, 0, sizeof m);
	m.label = sp_export_label(x->fe);
	m.source = x->ri->source != NULL ? x->ri->source : "";
	m.exporter = x->o->exporter != NULL ? x->o->exporter :
	    "sp@" SP_VERSION;
	m.align = x->palign;
	m.shifts = x->shifts;
	m.nshifts = x->nshifts;
	m.min_duration_ns = x->o->min_duration_ns;
	m.dropped = x->run_dropped;
	if (sp_trace_finish(x->w, &m, e) < 0 ||
	    sp_gzout_finish(x->gz, e) < 0)
		return -1;
	return sp_export_close(x->fe, x->out, e);
}

static int
on_run_end(void *ctx, struct sp_err *e)
{
	struct trx *x = ctx;
	int rc;

	x->dropped += x->run_dropped;
	x->slices += sp_trace_emit_slices(x->em);
	rc = x->w == NULL ? no_trace(x, e) : finish_trace(x, e);
	if (rc < 0 && x->out != NULL)
		sp_export_drop(x->fe, x->out);
	x->out = NULL;
	sp_trace_emit_begin(x->em);
	sp_trace_writer_free(x->w);
	x->w = NULL;
	sp_gzout_free(x->gz);
	x->gz = NULL;
	return rc;
}

/*
 * No run had a trace: an error if min_duration is the reason, else not
 * one (the front end gives the note).
 */
static int
no_output(void *ctx, struct sp_err *e)
{
	struct trx *x = ctx;

	return sp_export_all_dropped(x->fe, x->dropped, e);
}

/* --- the export --- */

static int
setup(struct trx *x, struct sp_reader *r, const struct sp_trace_export_opts *o,
    struct sp_err *e)
{
	x->o = o;
	if ((x->em = sp_trace_emit_new(e)) == NULL ||
	    (!o->no_args && (x->args = sp_callargs_new(e)) == NULL))
		return -1;
	if (o->align != SP_TRACE_EXPORT_ALIGN_NONE &&
	    (x->spool = sp_trace_spool_new(o->tmpdir,
	    o->buffer > 0 ? o->buffer : SPOOL_MEM, e)) == NULL)
		return -1;
	x->palign = o->align == SP_TRACE_EXPORT_ALIGN_REGION ?
	    format("region:%s", region_name(x)) :
	    format("%s", o->align == SP_TRACE_EXPORT_ALIGN_START ?
	    "start" : "none");
	if (x->palign == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	x->fe = sp_export_new(r,
	    o->format == SP_TRACE_EXPORT_JSON ? &spec_json : &spec_proto,
	    o->output, e);
	if (x->fe == NULL)
		return -1;
	sp_export_on_wrote(x->fe, &o->wrote);
	return 0;
}

static void
stats(const struct trx *x, struct sp_trace_export_stats *st)
{
	memset(st, 0, sizeof *st);
	if (x->fe != NULL) {
		st->runs = sp_export_runs(x->fe);
		st->traces = sp_export_outputs(x->fe);
		st->calls = sp_export_calls(x->fe);
	}
	st->slices = x->slices;
	st->dropped = x->dropped;
	st->bytes = x->bytes;
	st->file_bytes = x->file_bytes;
	st->spilled = x->spool != NULL ? sp_trace_spool_spilled(x->spool) : 0;
}

int
sp_trace_export_run(struct sp_reader *r, const struct sp_trace_export_opts *o,
    struct sp_trace_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = on_run,
		.regions = on_regions,
		.rank = on_rank,
		.rank_end = on_rank_end,
		.lane = on_lane,
		.calls = on_calls,
		.run_end = on_run_end,
		.no_output = no_output,
		.empty_note = empty_note,
	};
	struct trx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	if (setup(&x, r, o, e) == 0)
		rc = sp_export_run(x.fe, &ops, &x, e);
	if (st != NULL)
		stats(&x, st);
	if (x.out != NULL)
		sp_export_drop(x.fe, x.out);
	sp_trace_writer_free(x.w);
	sp_gzout_free(x.gz);
	sp_export_free(x.fe);
	sp_trace_emit_free(x.em);
	sp_callargs_free(x.args);
	sp_trace_spool_free(x.spool);
	free(x.align_ids);
	free(x.shifts);
	free(x.palign);
	return rc;
}
