/*
 * sp_report.h - sp-report's page: one self-contained UTF-8 HTML file that
 * holds, for each run, its run line, the overview (sp_report_overview.h),
 * the hot spots, sp-stats' summary tree with the per-rank detail of each
 * region, the notes, the pictures (sp_report_svg.h) and the metadata; a
 * contents list and a filter box above the runs (doc/report.md).
 *
 * The page names no other resource: its style sheet and script are in it,
 * a Content-Security-Policy forbids every fetch, and every name goes
 * through sp_report_escape() (sp_report_escape.h) for the place it lands
 * in.
 *
 * A run's section is drawn when the run is added and kept as text (the
 * run's names are the stream's, valid only until the next run); the page
 * is written whole by sp_report_write().
 *
 * Ownership: a struct sp_report owns the sections; runs, results and
 * options are borrowed for the call.
 */
#ifndef SP_REPORT_H
#define SP_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stats.h"
#include "sp_report_calls.h"
#include "sp_stats_text.h"
#include "sp_report_escape.h"
#include "sp_write.h"

/* A run as the stream describes it. */
struct sp_report_run {
	const char *label;	/* unique in the stream */
	const char *source;	/* the profile's path */
	const uint8_t *metadata;	/* a CBOR map, or NULL */
	size_t metadata_len;
	int has_span;
	int64_t first_ns, last_ns;
	struct sp_report_calls *calls;	/* what the calls drew, or NULL */
};

/* The summary tree's rows by default (sp_report_opts.rows). */
#define SP_REPORT_ROWS_DEFAULT 1000

struct sp_report_opts {
	const char *title;	/* NULL: "sp-report" and the runs' labels */
	const char *cwd;	/* for the profiles' paths, as sp-stats */
	size_t rows;		/* the summary tree's rows at most, those of
				 * the largest total with their callers, and
				 * a line for the rest; 0: every row */
};

struct sp_report;

struct sp_report *sp_report_new(const struct sp_report_opts *o,
    struct sp_err *e);
void sp_report_free(struct sp_report *p);

/*
 * Draw a run's section from its statistics (regions, tree rows and
 * per-rank records: SP_STATS_WANT_REGIONS | _TREE | _RANKS).
 */
int sp_report_add(struct sp_report *p, const struct sp_report_run *run,
    const struct sp_stats_result *res, struct sp_err *e);
size_t sp_report_runs(const struct sp_report *p);

/*
 * The sections comparing the runs (sp_report_across.h) and their lines
 * of the contents list, shown above the runs: both texts are taken over
 * (the caller's are emptied), freed with the page.
 */
void sp_report_put_across(struct sp_report *p, struct sp_stats_text *b,
    struct sp_stats_text *nav);

/* The whole page. */
int sp_report_write(const struct sp_report *p, sp_write_fn *w, void *ctx,
    struct sp_err *e);

#endif
