/*
 * sp-dump: print an sp stream as text, one line per item and per call, so
 * golden tests can compare streams with diff.  A test tool, not installed.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sp_stream.h"

static void
row(const struct sp_row_info *r, const struct sp_region_table *t)
{
	size_t i;

	printf("  row region=%s calls=%" PRIu64, t->names[r->region], r->calls);
	if (r->source_file != NULL)
		printf(" file=%s", r->source_file);
	if (r->has_lineno)
		printf(" line=%" PRId64, r->source_lineno);
	if (r->source_text != NULL)
		printf(" text=%s", r->source_text);
	for (i = 0; i < r->ntags; i++)
		printf(" tag=%s", r->tags[i]);
	if (r->has_exclusive)
		printf(" exclusive=%" PRId64, r->exclusive_ns);
	for (i = 0; i < SP_X_COUNT; i++)
		if ((r->xmask >> i) & 1)
			printf(" +%s", sp_xcol_names[i]);
	if (r->has_aggregate)
		printf(" aggregate=%" PRId64 "/%" PRId64 "/%" PRId64 "/%"
		    PRId64 "/%" PRId64, r->agg_count, r->agg_total,
		    r->agg_minimum, r->agg_maximum, r->agg_exclusive);
	if (r->has_summary)
		printf(" summary=%" PRId64 "/%" PRId64 "/%" PRId64,
		    r->summary.total, r->summary.start_minimum,
		    r->summary.end_maximum);
	if (r->event_metadata != NULL)
		printf(" event_metadata=%s", r->event_metadata);
	printf("\n");
}

/* " window=LO..HI clipped|inside 'SPEC'", "-" for a side without bound. */
static void
print_window(const struct sp_run_info *ri)
{
	printf(" window=");
	if (ri->window_has_start)
		printf("%" PRId64, ri->window_start);
	else
		printf("-");
	printf("..");
	if (ri->window_has_end)
		printf("%" PRId64, ri->window_end);
	else
		printf("-");
	printf(" %s '%s'", ri->window_clipped ? "clipped" : "inside",
	    ri->window_spec);
}

int
main(int argc, char **argv)
{
	int fd = argc > 1 && strcmp(argv[1], "-") != 0 ?
	    open(argv[1], O_RDONLY) : 0;
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, argc > 1 ? argv[1] : "-", &e);
	struct sp_item it;
	int rc;
	size_t i, k;

	while ((rc = sp_reader_next(r, &it, &e)) == 1) {
		const struct sp_region_table *t = sp_reader_regions(r);

		switch (it.kind) {
		case SP_ITEM_HEADER:
			printf("header %d.%d %s\n", it.u.header.major,
			    it.u.header.minor, it.u.header.stage ==
			    SP_STAGE_CALLS ? "calls" : "intervals");
			break;
		case SP_ITEM_RUN:
			printf("run %u label=%s format=%s layout=%s schema=%"
			    PRId64 " ranks=%u event_data=%d", it.u.run.run,
			    it.u.run.label, it.u.run.source_format,
			    it.u.run.layout, it.u.run.schema,
			    it.u.run.num_ranks, it.u.run.event_data);
			if (it.u.run.has_span)
				printf(" span=%" PRId64 "..%" PRId64,
				    it.u.run.first_ns, it.u.run.last_ns);
			printf(" metadata=%zuB", it.u.run.metadata_len);
			if (it.u.run.name != NULL)
				printf(" name=%s", it.u.run.name);
			if (it.u.run.has_window)
				print_window(&it.u.run);
			putchar('\n');
			break;
		case SP_ITEM_REGIONS:
			printf("regions");
			for (i = 0; i < it.u.regions.n; i++)
				printf(" %s#%u", it.u.regions.names[i],
				    it.u.regions.order[i]);
			printf("\n");
			break;
		case SP_ITEM_RANK:
			printf("rank %u rows=%zu", it.u.rank.rank,
			    it.u.rank.nrows);
			if (it.u.rank.has_threads)
				printf(" threads=%zu", it.u.rank.nthreads);
			if (it.u.rank.has_tasks)
				printf(" tasks=%zu", it.u.rank.ntasks);
			printf("\n");
			for (i = 0; i < it.u.rank.nrows; i++)
				row(&it.u.rank.rows[i], t);
			for (i = 0; i < it.u.rank.nthreads; i++)
				printf("  thread %" PRId64 " %s\n",
				    it.u.rank.threads[i].index,
				    it.u.rank.threads[i].name);
			for (i = 0; i < it.u.rank.ntasks; i++)
				printf("  task %" PRId64 " %s %s\n",
				    it.u.rank.tasks[i].index,
				    it.u.rank.tasks[i].kind,
				    it.u.rank.tasks[i].name);
			break;
		case SP_ITEM_SIDE:
			printf("side rank=%u kind=%s %zuB\n", it.u.side.rank,
			    it.u.side.kind, it.u.side.len);
			break;
		case SP_ITEM_BATCH: {
			const struct sp_batch *b = &it.u.batch;

			printf("batch rank=%u lane=%" PRId64 " first=%" PRIu64
			    " n=%zu%s\n", b->rank, b->lane, b->first, b->n,
			    b->lane_end ? " lane_end" : "");
			for (i = 0; i < b->n; i++) {
				printf("  %s[%" PRId64 "] %" PRId64 " %" PRId64,
				    t->names[b->region[i]], b->call[i],
				    b->start[i], b->end[i]);
				for (k = 0; k < SP_X_COUNT; k++)
					if (b->x[k] != NULL)
						printf(" %s=%" PRId64,
						    sp_xcol_names[k], b->x[k][i]);
				if (b->depth != NULL)
					printf(" depth=%u parent=%" PRId64,
					    b->depth[i], b->parent[i]);
				printf("\n");
			}
			if (b->nclosed > 0) {
				printf("  self");
				for (i = 0; i < b->nclosed; i++)
					printf(" %" PRId64, b->self[i]);
				printf("\n");
			}
			break;
		}
		case SP_ITEM_RUN_END:
			printf("run-end calls=%" PRIu64 " batches=%" PRIu64 "\n",
			    it.u.run_end.calls, it.u.run_end.batches);
			break;
		case SP_ITEM_STREAM_END:
			printf("stream-end runs=%u\n", it.u.stream_end_runs);
			break;
		case SP_ITEM_OTHER:
			printf("other %zuB\n", it.raw_len);
			break;
		}
	}
	if (rc < 0) {
		fprintf(stderr, "sp-dump: %s\n", e.msg);
		sp_reader_free(r);
		return 1;
	}
	sp_reader_free(r);
	return 0;
}
