/*
 * The pre-pass of sp_order_emit(): every row read once, in chunks, before
 * anything of the run is written, so that a damaged row fails the run
 * before its run item.  A row to be written is checked (no call ends
 * before it starts) and cut into segments, stretches of one lane already
 * in canonical order, which the merge reads again; every row gives its
 * earliest start to the region order.
 */
#include "sp_order_internal.h"

#include <stdlib.h>
#include <string.h>

/* The run of equal starts that ends a segment, as far as it goes. */
struct tie_state {
	uint32_t run;		/* calls of the run so far */
	uint8_t long_run;	/* the segment has had a run of over TIE_RUN */
	uint8_t ties;		/* and has equal starts out of order */
};

/* The open segment of one lane of the row being scanned. */
struct open_seg {
	int64_t lane;
	size_t seg;
	int64_t last_start, last_end;
	struct tie_state ts;
};

/*
 * Whether call (s, en) must open a segment after one whose last call was
 * (ls, le): a start that goes back always does.  An end that goes up at
 * an equal start does not, in a short run (sp_order_seg.ties): the merge's
 * cursor sorts it; in a run that gets long, or a segment that has had a
 * long one, it does, so that a cursor's buffer always holds a whole run.
 * With recursion such pairs were most segments (2,337 for a rank of 10M
 * calls in 32 regions instead of 32), each a cursor of its own.
 */
static inline int
breaks(int64_t s, int64_t en, int64_t ls, int64_t le, struct tie_state *ts)
{
	if (s != ls) {
		ts->run = 1;
		return s < ls;
	}
	ts->run++;
	if (en > le) {
		if (ts->long_run || ts->run > SP_ORDER_TIE_RUN)
			return 1;
		ts->ties = 1;
		return 0;
	}
	if (ts->run > SP_ORDER_TIE_RUN) {
		if (ts->ties)
			return 1;
		ts->long_run = 1;
	}
	return 0;
}

static const struct tie_state fresh_ties = { 1, 0, 0 };

/* The scan of one row, carried from chunk to chunk. */
struct row_scan {
	struct sp_order *or;
	size_t row;
	int span_rest;		/* not written; its span is the run's */
	uint64_t off;		/* index of the chunk's call 0 */
	int64_t prev;		/* start of the call before (delta) */
	int64_t lo;		/* earliest start so far */
	int gpu_any;		/* some GPU duration is >= 0 */
	struct open_seg *open;	/* one per lane seen */
	size_t nopen, capopen, last;
};

/*
 * A call's start, and its end; for delta sources a negative duration
 * gives an end before the start, for the check to report.
 */
static inline int64_t
call_start(int delta, int64_t prev, int64_t a)
{
	return delta ? prev + a : a;
}

static inline int64_t
call_end(int delta, int64_t start, int64_t b)
{
	if (!delta)
		return b;
	return b < 0 ? start - 1 : start + b;
}

static inline void
span_add(struct sp_order *or, int64_t lo, int64_t hi)
{
	if (lo < or->span_lo)
		or->span_lo = lo;
	if (hi > or->span_hi)
		or->span_hi = hi;
	or->has_span = 1;
}

/* A new segment of the row from call at on, in *idx. */
static int
seg_open(struct sp_order *or, size_t row, int64_t lane, uint64_t at,
    int64_t base, size_t *idx)
{
	struct sp_order_seg *s;

	if (or->nsegs == or->capsegs) {
		size_t cap = or->capsegs ? or->capsegs * 2 : 64;
		struct sp_order_seg *v = realloc(or->segs, cap * sizeof *v);

		if (v == NULL)
			return sp_order_oom(or);
		or->segs = v;
		or->capsegs = cap;
	}
	s = &or->segs[or->nsegs];
	s->row = row;
	s->lane = lane;
	s->begin = s->end = at;
	s->count = 0;
	s->base = base;
	s->ties = 0;
	*idx = or->nsegs++;
	return 0;
}

/* Call i of the chunk ends before it starts: what the message shows. */
static int
ends_before_start(const struct row_scan *rs, size_t i, int64_t start)
{
	const struct sp_source *src = rs->or->src;
	const struct sp_source_row *r = &src->rows[rs->row];
	int64_t end = src->delta ? start + rs->or->b[i] : rs->or->b[i];

	return sp_fail(rs->or->e, SP_EDATA, "%s: rank %u region '%s' call "
	    "%llu ends before it starts [%lld, %lld] ns", r->file != NULL ?
	    r->file : src->path, r->rank,
	    src->names[r->region], (unsigned long long)(rs->off + i),
	    (long long)start, (long long)end);
}

/*
 * The columns that may say nothing: GPU durations, call ids, parent ids
 * (NULL when absent), taken into locals for the loops over calls.
 */
struct quiet_cols {
	const int64_t *gpu, *cid, *pid;
};

static inline struct quiet_cols
quiet_cols(const struct sp_order *or)
{
	struct quiet_cols q = { or->x[SP_X_GPU], or->x[SP_X_CALL_ID],
		or->x[SP_X_PARENT_ID] };

	return q;
}

/* Whether call i says something in them. */
static inline void
note_columns(struct quiet_cols q, size_t i, int *gpu_any, int id_any[2])
{
	if (q.gpu != NULL && q.gpu[i] >= 0)
		*gpu_any = 1;
	if (q.cid != NULL && q.cid[i] != -1)
		id_any[0] = 1;
	if (q.pid != NULL && q.pid[i] != -1)
		id_any[1] = 1;
}

/*
 * A chunk of a row to be written, without lanes: one open segment and a
 * tight loop over locals; the same results as scan_lanes would give.
 */
static int
scan_plain(struct row_scan *rs, size_t n)
{
	struct sp_order *or = rs->or;
	const int64_t *a = or->a, *b = or->b;
	struct quiet_cols q = quiet_cols(or);
	int delta = or->src->delta;
	int64_t prev = rs->prev, lo = rs->lo;
	int64_t slo = or->span_lo, shi = or->span_hi, ls, le;
	size_t i, sg = 0;	/* set by seg_open: -O3 cannot tell */
	struct tie_state ts;

	if (rs->nopen == 0) {
		if ((rs->open = malloc(sizeof *rs->open)) == NULL)
			return sp_order_oom(or);
		rs->nopen = rs->capopen = 1;
		if (seg_open(or, rs->row, -1, rs->off, prev, &sg) < 0)
			return -1;
		rs->open->lane = -1;
		rs->open->seg = sg;
		/* the first call never breaks a segment */
		rs->open->last_start = rs->open->last_end = INT64_MIN;
		rs->open->ts = fresh_ties;
	}
	sg = rs->open->seg;
	ls = rs->open->last_start;
	le = rs->open->last_end;
	ts = rs->open->ts;
	for (i = 0; i < n; i++) {
		int64_t s = call_start(delta, prev, a[i]);
		int64_t en = call_end(delta, s, b[i]);

		if (en < s)
			return ends_before_start(rs, i, s);
		if (s < lo)
			lo = s;
		if (s < slo)
			slo = s;
		if (en > shi)
			shi = en;
		if (breaks(s, en, ls, le, &ts)) {
			/* out of order: the rest of the row is a segment */
			or->segs[sg].end = rs->off + i;
			or->segs[sg].ties = ts.ties;
			if (seg_open(or, rs->row, -1, rs->off + i, prev,
			    &sg) < 0)
				return -1;
			ts = fresh_ties;
		}
		or->segs[sg].count++;
		ls = s;
		le = en;
		prev = s;
		note_columns(q, i, &rs->gpu_any, or->id_any);
	}
	or->segs[sg].end = rs->off + n;
	or->segs[sg].ties = ts.ties;
	rs->open->seg = sg;
	rs->open->last_start = ls;
	rs->open->last_end = le;
	rs->open->ts = ts;
	rs->prev = prev;
	rs->lo = lo;
	or->span_lo = slo;
	or->span_hi = shi;
	or->has_span = or->has_span || n > 0;
	return 0;
}

/* The open segment of a lane, added (fresh) when the row had none. */
static struct open_seg *
open_lane(struct row_scan *rs, int64_t lane, int *fresh)
{
	*fresh = 0;
	if (rs->nopen > 0 && rs->open[rs->last].lane == lane)
		return &rs->open[rs->last];
	for (rs->last = 0; rs->last < rs->nopen; rs->last++)
		if (rs->open[rs->last].lane == lane)
			return &rs->open[rs->last];
	if (rs->nopen == rs->capopen) {
		size_t c = rs->capopen ? rs->capopen * 2 : 8;
		struct open_seg *v = realloc(rs->open, c * sizeof *v);

		if (v == NULL) {
			sp_order_oom(rs->or);
			return NULL;
		}
		rs->open = v;
		rs->capopen = c;
	}
	rs->nopen++;
	*fresh = 1;
	return &rs->open[rs->last];
}

/* Call at of the row, in lane: a new segment when it is out of order. */
static int
lane_call(struct row_scan *rs, int64_t lane, uint64_t at, int64_t s,
    int64_t en)
{
	struct sp_order *or = rs->or;
	int fresh;
	struct open_seg *os = open_lane(rs, lane, &fresh);

	if (os == NULL)
		return -1;
	if (fresh || breaks(s, en, os->last_start, os->last_end, &os->ts)) {
		if (seg_open(or, rs->row, lane, at, rs->prev, &os->seg) < 0)
			return -1;
		os->lane = lane;
		os->ts = fresh_ties;
	}
	os->last_start = s;
	os->last_end = en;
	or->segs[os->seg].end = at + 1;
	or->segs[os->seg].count++;
	or->segs[os->seg].ties = os->ts.ties;
	return 0;
}

/* A chunk of a row to be written, with lanes: a segment open per lane. */
static int
scan_lanes(struct row_scan *rs, size_t n)
{
	struct sp_order *or = rs->or;
	struct quiet_cols q = quiet_cols(or);
	int delta = or->src->delta;
	size_t i;

	for (i = 0; i < n; i++) {
		int64_t s = call_start(delta, rs->prev, or->a[i]);
		int64_t en = call_end(delta, s, or->b[i]);

		if (s < rs->lo)
			rs->lo = s;
		if (en < s)
			return ends_before_start(rs, i, s);
		span_add(or, s, en);
		note_columns(q, i, &rs->gpu_any, or->id_any);
		if (lane_call(rs, sp_order_lane_of(or, i), rs->off + i, s,
		    en) < 0)
			return -1;
		rs->prev = s;
	}
	return 0;
}

/*
 * A chunk of a row not written: its earliest start only, and its span
 * when a shard's span covers the ranks not read.
 */
static void
scan_skipped(struct row_scan *rs, size_t n)
{
	struct sp_order *or = rs->or;
	int delta = or->src->delta;
	size_t i;

	for (i = 0; i < n; i++) {
		int64_t s = call_start(delta, rs->prev, or->a[i]);

		if (s < rs->lo)
			rs->lo = s;
		if (rs->span_rest)
			span_add(or, s, call_end(delta, s, or->b[i]));
		rs->prev = s;
	}
}

/* Scan one row in chunks; emit: it is written. */
static int
scan_row(struct sp_order *or, size_t row, int emit, int span_rest)
{
	struct sp_source *src = or->src;
	struct sp_source_row *r = &src->rows[row];
	struct row_scan rs;
	int64_t *none[SP_X_COUNT] = { 0 };
	uint64_t off;
	int rc = -1;

	memset(&rs, 0, sizeof rs);
	rs.or = or;
	rs.row = row;
	rs.span_rest = span_rest;
	rs.lo = INT64_MAX;
	for (off = 0; off < r->count; off += SP_ORDER_CHUNK) {
		size_t n = r->count - off < SP_ORDER_CHUNK ?
		    (size_t)(r->count - off) : SP_ORDER_CHUNK;

		rs.off = off;
		if (src->ops->read(src, row, off, n, or->a, or->b,
		    emit ? or->x : none, or->e) < 0)
			goto out;
		if (!emit)
			scan_skipped(&rs, n);
		else if ((or->lanes ? scan_lanes(&rs, n) :
		    scan_plain(&rs, n)) < 0)
			goto out;
	}
	/* the reference keeps a GPU slice only if it says something */
	if (emit && !rs.gpu_any)
		r->info.xmask &= ~(1u << SP_X_GPU);
	or->row_min[row] = r->count > 0 ? rs.lo : 0;
	rc = 0;
out:
	free(rs.open);
	return rc;
}

/*
 * One row: scanned; or, when it is not written and has a summary, taken
 * from that, as the region order takes it.
 */
static int
prepass_row(struct sp_order *or, size_t row)
{
	const struct sp_order_opts *o = or->o;
	const struct sp_source_row *r = &or->src->rows[row];
	const char *name = or->src->names[r->region];
	int emit = sp_order_row_selected(or, r);
	/* a shard's span is the run's: rows the region filter keeps add */
	int span_rest = !emit && o->shard && (o->filter == NULL ||
	    sp_filter_keep(o->filter, name, strlen(name)));

	if (emit || !r->info.has_summary || r->count == 0) {
		if (scan_row(or, row, emit, span_rest) < 0)
			return -1;
	} else {
		or->row_min[row] = r->info.summary.start_minimum;
		if (span_rest)
			span_add(or, r->info.summary.start_minimum,
			    r->info.summary.end_maximum);
	}
	or->seg_end[row] = or->nsegs;
	return 0;
}

/*
 * Whether a row that is not written holds, in id column col, an id other
 * than -1: 1 if so, 0 if not, -1 on error.  A placeholder column of -1 is
 * decided per file (h5-format 4.8), so the rows that the rank and region
 * selection leave out count too.  Stops at the first id found; rows
 * without the column are not read.
 */
static int
ids_elsewhere(struct sp_order *or, enum sp_batch_xcol col)
{
	struct sp_source *src = or->src;
	int64_t *xs[SP_X_COUNT] = { 0 };
	size_t i, j;

	if ((xs[col] = or->x[col]) == NULL)
		return 0;
	for (i = 0; i < src->nrows; i++) {
		const struct sp_source_row *r = &src->rows[i];
		uint64_t off;

		if (!((r->info.xmask >> col) & 1) ||
		    sp_order_row_selected(or, r))
			continue;
		for (off = 0; off < r->count; off += SP_ORDER_CHUNK) {
			size_t n = r->count - off < SP_ORDER_CHUNK ?
			    (size_t)(r->count - off) : SP_ORDER_CHUNK;

			if (src->ops->read(src, i, off, n, or->a, or->b, xs,
			    or->e) < 0)
				return -1;
			for (j = 0; j < n; j++)
				if (xs[col][j] != -1)
					return 1;
		}
	}
	return 0;
}

/*
 * An id column holding nothing but -1 is the placeholder an old C writer
 * filled in: treat it as absent (h5-format 4.8).  A parent id column is
 * all -1 in a row of roots, so this is decided per file.
 */
static int
drop_placeholder_ids(struct sp_order *or)
{
	static const enum sp_batch_xcol cols[2] = { SP_X_CALL_ID,
	    SP_X_PARENT_ID };
	size_t i, k;
	int found;

	for (k = 0; k < 2; k++) {
		if (or->id_any[k])
			continue;
		if ((found = ids_elsewhere(or, cols[k])) < 0)
			return -1;
		if (found)
			or->id_any[k] = 1;
		else
			for (i = 0; i < or->src->nrows; i++)
				or->src->rows[i].info.xmask &=
				    ~(1u << cols[k]);
	}
	return 0;
}

int
sp_order_prepass(struct sp_order *or)
{
	size_t i;

	for (i = 0; i < or->src->nrows; i++)
		if (prepass_row(or, i) < 0)
			return -1;
	return drop_placeholder_ids(or);
}
