#include "sp_join.h"

#include <stdlib.h>
#include <string.h>

/* What waits: each state holds what the one before it holds, and more. */
enum join_state {
	J_NONE,		/* nothing waits */
	J_RUN_END,	/* a run 0's run-end waits for the next item */
	J_SECTION,	/* its stream-end too: a one-run section ended */
	J_HEADER,	/* and the next section's header */
	J_RUN,		/* and its run item, equal to the waiting run's */
	J_REGIONS,	/* and its regions item, equal too */
};

/* An item as encoded, copied out of the reader's buffer. */
struct raw {
	uint8_t *p;
	size_t len;
};

struct sp_join {
	struct sp_writer *w;
	const char *producer;
	enum join_state state;
	struct raw run, regions;	/* the items of the latest run 0 */
	struct raw stream_end;	/* the waiting one */
	int has_rank;		/* the current run has had a rank */
	uint32_t last_rank;
	uint64_t base_calls;	/* counts of the shards joined before */
	uint64_t base_batches;
	uint64_t end_calls;	/* the waiting run-end's counts */
	uint64_t end_batches;
};

struct sp_join *
sp_join_new(struct sp_writer *w, const char *producer, struct sp_err *e)
{
	struct sp_join *j = calloc(1, sizeof *j);

	if (j == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	j->w = w;
	j->producer = producer;
	return j;
}

void
sp_join_free(struct sp_join *j)
{
	if (j == NULL)
		return;
	free(j->run.p);
	free(j->regions.p);
	free(j->stream_end.p);
	free(j);
}

static int
save(struct raw *dst, const struct sp_item *it, struct sp_err *e)
{
	uint8_t *c = malloc(it->raw_len > 0 ? it->raw_len : 1);

	if (c == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memcpy(c, it->raw, it->raw_len);
	free(dst->p);
	dst->p = c;
	dst->len = it->raw_len;
	return 0;
}

static int
same(const struct raw *a, const struct sp_item *it)
{
	return a->p != NULL && a->len == it->raw_len &&
	    memcmp(a->p, it->raw, a->len) == 0;
}

/* Is it what the waiting run's next shard brings next? */
static int
continues(const struct sp_join *j, const struct sp_item *it)
{
	switch (j->state) {
	case J_RUN_END:
		return it->kind == SP_ITEM_STREAM_END &&
		    it->u.stream_end_runs == 1;
	case J_SECTION:
		return it->kind == SP_ITEM_HEADER;
	case J_HEADER:
		return it->kind == SP_ITEM_RUN && same(&j->run, it);
	case J_RUN:
		return it->kind == SP_ITEM_REGIONS && same(&j->regions, it);
	case J_REGIONS:
		/* its first rank, after the run's; or its end: no rank */
		return (it->kind == SP_ITEM_RANK && (!j->has_rank ||
		    it->u.rank.rank > j->last_rank)) ||
		    it->kind == SP_ITEM_RUN_END;
	case J_NONE:
		break;
	}
	return 0;
}

int
sp_join_flush(struct sp_join *j, struct sp_err *e)
{
	enum join_state s = j->state;

	j->state = J_NONE;
	if (s >= J_RUN) {
		/* the run item comes again: its run starts afresh */
		j->base_calls = j->base_batches = 0;
		j->has_rank = 0;
	}
	if (s >= J_RUN_END && sp_writer_run_end(j->w, 0, j->end_calls,
	    j->end_batches, e) < 0)
		return -1;
	if (s >= J_SECTION && sp_writer_raw(j->w, j->stream_end.p,
	    j->stream_end.len, e) < 0)
		return -1;
	if (s >= J_HEADER &&
	    sp_writer_header(j->w, SP_STAGE_CALLS, j->producer, e) < 0)
		return -1;
	if (s >= J_RUN && sp_writer_raw(j->w, j->run.p, j->run.len, e) < 0)
		return -1;
	if (s >= J_REGIONS &&
	    sp_writer_raw(j->w, j->regions.p, j->regions.len, e) < 0)
		return -1;
	return 0;
}

/*
 * The waiting run's next shard brings it: wait on.  Of what it brings,
 * only the stream-end needs keeping; the rest equals what is kept.
 */
static int
hold(struct sp_join *j, const struct sp_item *it, struct sp_err *e)
{
	if (j->state == J_RUN_END && save(&j->stream_end, it, e) < 0)
		return -1;
	j->state++;
	return 0;
}

/* The waiting run goes on: the shards before count in its end. */
static void
join(struct sp_join *j)
{
	j->state = J_NONE;
	j->base_calls = j->end_calls;
	j->base_batches = j->end_batches;
}

/* An item that nothing waits for: the caller's, but for the headers. */
static int
pass(struct sp_join *j, const struct sp_item *it, struct sp_err *e)
{
	switch (it->kind) {
	case SP_ITEM_HEADER:
		/* the input's additions (a run's window) pass on: its minor */
		sp_writer_set_minor(j->w, it->u.header.minor);
		if (sp_writer_header(j->w, SP_STAGE_CALLS, j->producer, e) < 0)
			return -1;
		return 0;
	case SP_ITEM_RUN:
		j->base_calls = j->base_batches = 0;
		j->has_rank = 0;
		if (it->u.run.run == 0 && save(&j->run, it, e) < 0)
			return -1;
		break;
	case SP_ITEM_REGIONS:
		if (it->u.regions.run == 0 && save(&j->regions, it, e) < 0)
			return -1;
		break;
	case SP_ITEM_RANK:
		j->has_rank = 1;
		j->last_rank = it->u.rank.rank;
		break;
	default:
		break;
	}
	return 1;
}

int
sp_join_item(struct sp_join *j, const struct sp_item *it, struct sp_err *e)
{
	if (j->state != J_NONE) {
		if (!continues(j, it)) {
			if (sp_join_flush(j, e) < 0)
				return -1;
		} else if (j->state == J_REGIONS) {
			join(j);
		} else {
			return hold(j, it, e);
		}
	}
	return pass(j, it, e);
}

int
sp_join_run_end(struct sp_join *j, uint32_t run, uint64_t calls,
    uint64_t batches, struct sp_err *e)
{
	calls += j->base_calls;
	batches += j->base_batches;
	if (run != 0)
		return sp_writer_run_end(j->w, run, calls, batches, e);
	/* a shard of it may follow: wait */
	j->end_calls = calls;
	j->end_batches = batches;
	j->state = J_RUN_END;
	return 0;
}
