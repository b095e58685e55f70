#include "sp_restack.h"

#include <stdio.h>
#include <string.h>

#include "sp_order.h"
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

int
sp_restack(struct sp_reader *r, struct sp_writer *w, struct sp_err *e)
{
	struct sp_stacker *st = sp_stacker_new();
	struct lane_state ls = { 0, 0, 0 };
	struct sp_item it;
	uint32_t run = 0;
	uint64_t batches = 0;	/* written in this run: lane ends add some */
	int rc = -1, got;
	char producer[64];

	if (st == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	snprintf(producer, sizeof producer, "sp-stack %s", SP_VERSION);
	while ((got = sp_reader_next(r, &it, e)) == 1) {
		switch (it.kind) {
		case SP_ITEM_HEADER:
			if (it.u.header.stage != SP_STAGE_INTERVALS) {
				sp_fail(e, SP_EDATA, "%s: already a call stream "
				    "(stacked by %s)", sp_reader_name(r),
				    it.u.header.producer);
				goto out;
			}
			switch (sp_order_of_header(&it)) {
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
			if (sp_writer_header(w, SP_STAGE_CALLS, producer, e) < 0)
				goto out;
			continue;
		case SP_ITEM_RUN:
			run = it.u.run.run;
			batches = 0;
			break;
		case SP_ITEM_REGIONS:
			sp_stacker_set_regions(st, it.u.regions.n,
			    it.u.regions.names, it.u.regions.lens,
			    it.u.regions.order);
			break;
		case SP_ITEM_RANK:
			if (ls.open)
				batches++;
			if (end_lane(st, &ls, run, w, sp_reader_name(r), e) < 0)
				goto nesting;
			break;
		case SP_ITEM_RUN_END:
			if (ls.open)
				batches++;
			if (end_lane(st, &ls, run, w, sp_reader_name(r), e) < 0)
				goto nesting;
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
	if (got == 0)
		rc = 0;
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
	sp_stacker_free(st);
	return rc;
}
