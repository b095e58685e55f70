#include "sp_restack.h"

#include <stdio.h>
#include <string.h>

#include "sp_join.h"
#include "sp_section.h"
#include "sp_stack.h"

struct restack {
	struct sp_reader *r;
	struct sp_writer *w;
	struct sp_stack *st;
	struct sp_join *join;
	int lane_open;
	uint32_t rank;		/* of the open lane, or the last one */
	int64_t lane;
	uint64_t batches;	/* written since the last run-end */
};

/* Only an interval stream in time order can be stacked. */
static int
check_header(const struct sp_reader *r, const struct sp_item *it,
    struct sp_err *e)
{
	enum sp_section_order order;

	if (it->u.header.stage != SP_STAGE_INTERVALS)
		return sp_fail(e, SP_EDATA, "%s: already a call stream "
		    "(stacked by %s)", sp_reader_name(r), it->u.header.producer);
	if (sp_section_order(it, &order, e) < 0)
		return -1;
	switch (order) {
	case SP_ORDER_TIME:
		return 0;
	case SP_ORDER_FILE:
		return sp_fail(e, SP_EDATA, "%s: a stream in file order "
		    "(sp-read --order file), which only sp-json reads: read "
		    "the profile again without --order file",
		    sp_reader_name(r));
	default:
		return sp_fail(e, SP_EDATA, "%s: a stream in an order this "
		    "sp-stack does not know: upgrade sp", sp_reader_name(r));
	}
}

/* The stacker's message lacks the input, rank and lane. */
static int
nesting_error(const struct restack *rs, struct sp_err *e)
{
	char msg[SP_ERR_MSG_MAX];

	if (e == NULL || e->status != SP_EDATA)
		return -1;
	snprintf(msg, sizeof msg, "%s", e->msg);
	return sp_fail(e, SP_EDATA, "%s: rank %u lane %lld: %s",
	    sp_reader_name(rs->r), rs->rank, (long long)rs->lane, msg);
}

/* Close the open lane with its lane-end batch. */
static int
end_lane(struct restack *rs, struct sp_err *e)
{
	struct sp_batch out;

	if (!rs->lane_open)
		return 0;
	rs->lane_open = 0;
	rs->batches++;
	if (sp_stack_end_lane(rs->st, &out, e) < 0 ||
	    sp_writer_batch(rs->w, &out, e) < 0)
		return nesting_error(rs, e);
	return 0;
}

/*
 * The first batch of a lane ends the lane before it and begins its own,
 * with the reader's region table of the run: the regions item of a
 * joined shard does not come here, and the earlier shard's table is gone.
 */
static int
stack_batch(struct restack *rs, const struct sp_batch *in, struct sp_err *e)
{
	const struct sp_region_table *t = sp_reader_regions(rs->r);
	struct sp_batch out;

	if (!rs->lane_open || rs->rank != in->rank || rs->lane != in->lane) {
		if (end_lane(rs, e) < 0)
			return -1;
		sp_stack_set_regions(rs->st, t->n, t->names, t->lens,
		    t->order);
		sp_stack_begin_lane(rs->st, in->run, in->rank, in->lane);
		rs->lane_open = 1;
		rs->rank = in->rank;
		rs->lane = in->lane;
	}
	if (sp_stack_push(rs->st, in, &out, e) < 0)
		return nesting_error(rs, e);
	rs->batches++;
	return sp_writer_batch(rs->w, &out, e);
}

/* An item the join passed on: stacked, or written as it came. */
static int
restack_item(struct restack *rs, const struct sp_item *it, struct sp_err *e)
{
	uint64_t batches;

	switch (it->kind) {
	case SP_ITEM_BATCH:
		return stack_batch(rs, &it->u.batch, e);
	case SP_ITEM_RUN:
		sp_stack_set_given_ties(rs->st, it->u.run.has_window &&
		    it->u.run.window_clipped);
		break;
	case SP_ITEM_RANK:
		if (end_lane(rs, e) < 0)
			return -1;
		break;
	case SP_ITEM_RUN_END:
		if (end_lane(rs, e) < 0)
			return -1;
		batches = rs->batches;
		rs->batches = 0;
		return sp_join_run_end(rs->join, it->u.run_end.run,
		    it->u.run_end.calls, batches, e);
	default:	/* SP_ITEM_OTHER and the rest pass through */
		break;
	}
	return sp_writer_raw(rs->w, it->raw, it->raw_len, e);
}

int
sp_restack(struct sp_reader *r, struct sp_writer *w, struct sp_err *e)
{
	struct restack rs = { r, w, NULL, NULL, 0, 0, 0, 0 };
	struct sp_item it;
	struct sp_err ignored;
	char producer[64];
	int rc = -1, got, pass;

	snprintf(producer, sizeof producer, "sp-stack %s", SP_VERSION);
	if ((rs.st = sp_stack_new()) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	if ((rs.join = sp_join_new(w, producer, e)) == NULL)
		goto out;
	while ((got = sp_reader_next(r, &it, e)) == 1) {
		if (it.kind == SP_ITEM_HEADER && check_header(r, &it, e) < 0)
			break;
		if ((pass = sp_join_item(rs.join, &it, e)) < 0 ||
		    (pass && restack_item(&rs, &it, e) < 0))
			break;
	}
	if (got == 0)
		rc = sp_join_flush(rs.join, e);
	else	/* what the join holds is written as before: the same output */
		sp_join_flush(rs.join, &ignored);
out:
	sp_join_free(rs.join);
	sp_stack_free(rs.st);
	return rc;
}
