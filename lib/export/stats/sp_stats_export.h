/*
 * sp_stats_export.h - what sp-stats does: read a call stream and write
 * each run's statistics (sp_stats_run.h) as a text table, JSON, NDJSON,
 * CSV or TSV, by region (the reference's summary() and print_summary()),
 * by rank, by lane, or by call path.
 *
 * Outputs go through the exporter front end (sp_export.h), one per run:
 * standard output or a device takes one run (a second is SP_EUSAGE);
 * a base path names a file per run, with the run's label in it when the
 * stream holds several runs (sp_stats_export_naming()).  Every output is held
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
#include "sp_stats_opts.h"
#include "sp_stream.h"

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
const struct sp_export_naming *sp_stats_export_naming(enum sp_stats_format f);

#endif
