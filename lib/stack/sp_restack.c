#include "sp_restack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_section.h"
#include "sp_stack.h"

struct lane_state {
	int open;
	uint32_t rank;
	int64_t lane;
};

/* Close the open lane with its lane-end batch. */
static int
end_lane(struct sp_stacker *st, struct lane_state *ls, uint32_t run,
    struct sp_writer *w, const char *name, struct sp_err *e)
{
	struct sp_batch out;

	if (!ls->open)
		return 0;
	ls->open = 0;
	if (sp_stacker_end_lane(st, &out, e) < 0)
		return -1;
	out.run = run;
	out.rank = ls->rank;
	out.lane = ls->lane;
	(void)name;
	return sp_writer_batch(w, &out, e);
}

/*
 * Shards of one run: when a section of one run ends, its run-end and
 * stream-end wait for what comes next.  If the next section's first run
 * has the same run item and region table, byte for byte, and its first
 * rank comes after the ranks of the run that waits, it continues that run:
 * its header, run and regions items are dropped and its ranks follow on in
 * the same run, whose run-end counts both.  Otherwise what waits is
 * written as it came.  Only a section's single run can be continued, as
 * run 0 of the output section, so no run needs renumbering.
 */
enum join_state {
	J_NONE,		/* nothing waits */
	J_RUN_END,	/* a run 0's run-end waits for the next item */
	J_SECTION,	/* its stream-end too: a one-run section ended */
	J_HEADER,	/* and the next section's header */
	J_RUN,		/* and its run item, equal to the waiting run's */
	J_REGIONS,	/* and its regions item, equal too */
};

struct join {
	enum join_state state;
	uint8_t *run, *regions;	/* raw items of the current run 0 */
	size_t run_len, regions_len;
	int has_rank;		/* the current run has had a rank */
	uint32_t last_rank;
	uint64_t calls;		/* calls of the shards joined before */
	uint64_t end_calls;	/* the waiting run-end's counts */
	uint64_t end_batches;
	uint8_t *stream_end;	/* the waiting stream-end, raw */
	size_t stream_end_len;
};

static int
save(uint8_t **dst, size_t *dlen, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	uint8_t *c = malloc(n > 0 ? n : 1);

	if (c == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memcpy(c, p, n);
	free(*dst);
	*dst = c;
	*dlen = n;
	return 0;
}

static int
same(const uint8_t *a, size_t alen, const struct sp_item *it)
{
	return a != NULL && alen == it->raw_len &&
	    memcmp(a, it->raw, alen) == 0;
}

/* Write what waits, as it came, and wait no more. */
static int
join_flush(struct join *j, struct sp_writer *w, const char *producer,
    struct sp_err *e)
{
	enum join_state s = j->state;

	j->state = J_NONE;
	if (s >= J_RUN_END &&
	    sp_writer_run_end(w, 0, j->end_calls, j->end_batches, e) < 0)
		return -1;
	if (s >= J_SECTION &&
	    sp_writer_raw(w, j->stream_end, j->stream_end_len, e) < 0)
		return -1;
	if (s >= J_HEADER &&
	    sp_writer_header(w, SP_STAGE_CALLS, producer, e) < 0)
		return -1;
	if (s >= J_RUN && sp_writer_raw(w, j->run, j->run_len, e) < 0)
		return -1;
	if (s >= J_REGIONS &&
	    sp_writer_raw(w, j->regions, j->regions_len, e) < 0)
		return -1;
	return 0;
}

int
sp_restack(struct sp_reader *r, struct sp_writer *w, struct sp_err *e)
{
	struct sp_stacker *st = sp_stacker_new();
	struct lane_state ls = { 0, 0, 0 };
	struct join j;
	struct sp_item it;
	enum sp_stream_order order;
	uint32_t run = 0;
	uint64_t batches = 0;	/* written in this run: lane ends add some */
	int rc = -1, got;
	char producer[64];

	memset(&j, 0, sizeof j);
	if (st == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	snprintf(producer, sizeof producer, "sp-stack %s", SP_VERSION);
	while ((got = sp_reader_next(r, &it, e)) == 1) {
		/* does a waiting run go on in this item? */
		switch (j.state) {
		case J_NONE:
			break;
		case J_RUN_END:
			if (it.kind == SP_ITEM_STREAM_END &&
			    it.u.stream_end_runs == 1) {
				if (save(&j.stream_end, &j.stream_end_len,
				    it.raw, it.raw_len, e) < 0)
					goto out;
				j.state = J_SECTION;
				continue;
			}
			break;
		case J_SECTION:
			/* the header is checked below, then waits */
			break;
		case J_HEADER:
			if (it.kind == SP_ITEM_RUN && same(j.run, j.run_len,
			    &it)) {
				j.state = J_RUN;
				continue;
			}
			break;
		case J_RUN:
			if (it.kind == SP_ITEM_REGIONS && same(j.regions,
			    j.regions_len, &it)) {
				/* the table of the earlier run item is gone */
				sp_stacker_set_regions(st, it.u.regions.n,
				    it.u.regions.names, it.u.regions.lens,
				    it.u.regions.order);
				j.state = J_REGIONS;
				continue;
			}
			break;
		case J_REGIONS:
			if ((it.kind == SP_ITEM_RANK && (!j.has_rank ||
			    it.u.rank.rank > j.last_rank)) ||
			    it.kind == SP_ITEM_RUN_END) {
				/* the same run goes on: join it */
				j.state = J_NONE;
				j.calls = j.end_calls;
				batches = j.end_batches;
				run = 0;
			}
			break;
		}
		if (j.state != J_NONE && !(j.state == J_SECTION &&
		    it.kind == SP_ITEM_HEADER)) {
			/* it does not: what waits is written as it came */
			int rerun = j.state >= J_RUN;

			if (join_flush(&j, w, producer, e) < 0)
				goto out;
			if (rerun) {
				/* the run written again starts afresh */
				run = 0;
				batches = 0;
				j.calls = 0;
				j.has_rank = 0;
			}
		}
		switch (it.kind) {
		case SP_ITEM_HEADER:
			if (it.u.header.stage != SP_STAGE_INTERVALS) {
				sp_fail(e, SP_EDATA, "%s: already a call stream "
				    "(stacked by %s)", sp_reader_name(r),
				    it.u.header.producer);
				goto out;
			}
			if (sp_section_order(&it, &order, e) < 0)
				goto out;
			switch (order) {
			case SP_ORDER_TIME:
				break;
			case SP_ORDER_FILE:
				sp_fail(e, SP_EDATA, "%s: a stream in file order "
				    "(sp-read --order file), which only sp-json "
				    "reads: read the profile again without "
				    "--order file", sp_reader_name(r));
				goto out;
			default:
				sp_fail(e, SP_EDATA, "%s: a stream in an order "
				    "this sp-stack does not know: upgrade sp",
				    sp_reader_name(r));
				goto out;
			}
			if (j.state == J_SECTION) {
				j.state = J_HEADER;
				continue;
			}
			if (sp_writer_header(w, SP_STAGE_CALLS, producer, e) < 0)
				goto out;
			continue;
		case SP_ITEM_RUN:
			run = it.u.run.run;
			batches = 0;
			j.calls = 0;
			j.has_rank = 0;
			if (run == 0 && save(&j.run, &j.run_len, it.raw,
			    it.raw_len, e) < 0)
				goto out;
			break;
		case SP_ITEM_REGIONS:
			sp_stacker_set_regions(st, it.u.regions.n,
			    it.u.regions.names, it.u.regions.lens,
			    it.u.regions.order);
			if (run == 0 && save(&j.regions, &j.regions_len,
			    it.raw, it.raw_len, e) < 0)
				goto out;
			break;
		case SP_ITEM_RANK:
			if (ls.open)
				batches++;
			if (end_lane(st, &ls, run, w, sp_reader_name(r), e) < 0)
				goto nesting;
			j.has_rank = 1;
			j.last_rank = it.u.rank.rank;
			break;
		case SP_ITEM_RUN_END:
			if (ls.open)
				batches++;
			if (end_lane(st, &ls, run, w, sp_reader_name(r), e) < 0)
				goto nesting;
			if (run == 0) {
				/* a shard of it may follow: wait */
				j.end_calls = j.calls + it.u.run_end.calls;
				j.end_batches = batches;
				j.state = J_RUN_END;
				continue;
			}
			if (sp_writer_run_end(w, run, it.u.run_end.calls,
			    batches, e) < 0)
				goto out;
			continue;
		case SP_ITEM_BATCH: {
			struct sp_batch out;

			if (!ls.open || ls.rank != it.u.batch.rank ||
			    ls.lane != it.u.batch.lane) {
				if (ls.open)
					batches++;
				if (end_lane(st, &ls, run, w,
				    sp_reader_name(r), e) < 0)
					goto nesting;
				sp_stacker_begin_lane(st, run, it.u.batch.rank,
				    it.u.batch.lane);
				ls.open = 1;
				ls.rank = it.u.batch.rank;
				ls.lane = it.u.batch.lane;
			}
			if (sp_stacker_push(st, &it.u.batch, &out, e) < 0)
				goto nesting;
			if (sp_writer_batch(w, &out, e) < 0)
				goto out;
			batches++;
			continue;
		}
		default:	/* SP_ITEM_OTHER and the rest pass through */
			break;
		}
		if (sp_writer_raw(w, it.raw, it.raw_len, e) < 0)
			goto out;
	}
	if (got == 0) {
		/* the input ended after a section: what waits is written */
		rc = join_flush(&j, w, producer, e);
		goto done;
	}
	goto out;
nesting:
	/* the stacker's message lacks the input, rank and lane */
	if (e != NULL && e->status == SP_EDATA) {
		char msg[SP_ERR_MSG_MAX];

		snprintf(msg, sizeof msg, "%s", e->msg);
		sp_fail(e, SP_EDATA, "%s: rank %u lane %lld: %s",
		    sp_reader_name(r), ls.rank, (long long)ls.lane, msg);
	}
out:
	/* on failure, what waits is written as before: the same output */
	if (j.state != J_NONE) {
		struct sp_err e2;

		join_flush(&j, w, producer, &e2);
	}
done:
	free(j.run);
	free(j.regions);
	free(j.stream_end);
	sp_stacker_free(st);
	return rc;
}
