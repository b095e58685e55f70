/*
 * sp_stats_export.h - what sp-stats does: read a call stream and write
 * each run's statistics (sp_stats_run.h) as a text table, JSON, NDJSON,
 * CSV or TSV, by region (the reference's summary() and print_summary()),
 * by rank, by lane, or by call path.
 *
 * Outputs go through the exporter front end (sp_export.h), one per run:
 * standard output or a device takes one run (a second is SP_EUSAGE);
 * a base path names a file per run, with the run's label in it when the
 * stream holds several runs (sp_stats_naming()).  Every output is held
 * back by a byte until the input has ended cleanly, and a file appears
 * under its name only when complete.
 *
 * Ownership: the options and the reader are borrowed for the call.
 */
#ifndef SP_STATS_EXPORT_H
#define SP_STATS_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_stats_table.h"
#include "sp_stream.h"

enum sp_stats_format {
	SP_STATS_TEXT,
	SP_STATS_JSON,
	SP_STATS_NDJSON,
	SP_STATS_CSV,
	SP_STATS_TSV,
};

enum sp_stats_by {
	SP_STATS_BY_REGION,
	SP_STATS_BY_RANK,
	SP_STATS_BY_LANE,
};

struct sp_stats_export_opts {
	const char *output;	/* NULL or "-": standard output */
	enum sp_stats_format format;
	enum sp_stats_by by;
	int call_paths;		/* rows per call path */
	int approx;
	const char *sort;	/* NULL: the view's own order */
	long top;		/* regions kept (sp_stats_top.h), < 0: all */
	long max_depth;		/* the tree's rows' depth at most, < 0: all;
				 * only the table and call paths have one */
	const char *columns;	/* NULL: the default; text by region: the
				 * table's columns, else record keys */
	enum sp_stats_pmode pmode;
	int suppress_notes;
	const char *title;	/* NULL: the default */
	const char *cwd;	/* the working directory, for titles */
	/* rank selection: NULL rank_ok selects every rank */
	int (*rank_ok)(void *ctx, uint32_t rank);
	void *rank_ctx;
	/* the reference's include/exclude: NULL keep keeps every region */
	int (*keep)(void *ctx, const char *name, size_t len);
	void *keep_ctx;
	uint64_t mem;		/* -S */
	const char *tmpdir;	/* -T, NULL: $TMPDIR or /tmp */
	/* NULL or told what the user should know of a run that went well:
	 * "INPUT: run LABEL: ..." (--approx folding the table) */
	void (*notice)(void *ctx, const char *msg);
	void *notice_ctx;
	struct sp_export_wrote wrote;	/* told of each file written */
};

/* Check the options that need no input (columns, sort keys). */
int sp_stats_export_check(const struct sp_stats_export_opts *o,
    struct sp_err *e);

int sp_stats_export_run(struct sp_reader *r,
    const struct sp_stats_export_opts *o, struct sp_err *e);

/*
 * How the files of several runs are named: the base's first dot splits
 * stem and suffix, the default suffix is the format's (".txt", ".json",
 * ".ndjson", ".csv", ".tsv"), and a directory gets "stats" + suffix:
 * "out/run.stats.txt" gives "out/run_LABEL.stats.txt".
 */
const struct sp_export_naming *sp_stats_naming(enum sp_stats_format f);

#endif
