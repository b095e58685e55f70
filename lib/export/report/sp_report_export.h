/*
 * sp_report_export.h - what sp-report does: read a call stream and write
 * one HTML page (sp_report.h) with a section per run, from each run's
 * statistics (sp_stats_run.h) as sp-stats computes them.
 *
 * The page is one output for the whole stream (standard output, a
 * device, or a file that appears under its name only when complete),
 * written once the input has ended cleanly: a bad stream leaves nothing.
 * A stream whose runs have no regions still gets a page, which says so.
 * Memory: each run's statistics as sp-stats computes them by default
 * (O(regions x ranks + call paths); the durations past the buffer go
 * to a temporary file, so memory is flat in calls), and the sections
 * drawn so far.
 *
 * Ownership: the options and the reader are borrowed for the call.
 */
#ifndef SP_REPORT_EXPORT_H
#define SP_REPORT_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_across_common.h"
#include "sp_err.h"
#include "sp_stream.h"

struct sp_report_export_opts {
	struct sp_across_common common;	/* output, ranks, regions, -S, -T */
	const char *title;	/* NULL: the default */
	size_t rows;		/* the summary tree's rows, 0: all
				 * (sp_report_opts) */
	const char *cwd;	/* the working directory, for paths */
};

struct sp_report_export_stats {
	uint64_t runs;		/* sections written */
	uint64_t calls;		/* calls read */
	uint64_t bytes;		/* of the page */
};

/* st may be NULL. */
int sp_report_export_run(struct sp_reader *r,
    const struct sp_report_export_opts *o, struct sp_report_export_stats *st,
    struct sp_err *e);

#endif
