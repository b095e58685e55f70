/*
 * sp_scale_export.h - what sp-scale does: read a call stream of two or
 * more runs of one case (sp-read A B ... | sp-stack), take each run's x
 * (sp_scale_x.h) and each region's time by the measure from the run's
 * statistics (sp_stats_run.h, through sp_across.h), and write the
 * series (sp_scale.h) as a text table, JSON, NDJSON, CSV, TSV, the
 * reference's plot data, or an SVG chart (doc/scale.md).
 *
 * The output compares the runs (SP_EXPORT_ACROSS_RUNS): one document for
 * the stream, written once the input has ended cleanly; a file appears
 * under its name only when complete.
 *
 * Ownership: the options and the reader are borrowed for the call.
 */
#ifndef SP_SCALE_EXPORT_H
#define SP_SCALE_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_across_common.h"
#include "sp_err.h"
#include "sp_scale.h"
#include "sp_scale_report.h"
#include "sp_scale_x.h"
#include "sp_stream.h"

enum sp_scale_format {
	SP_SCALE_TEXT,
	SP_SCALE_JSON,
	SP_SCALE_NDJSON,
	SP_SCALE_CSV,
	SP_SCALE_TSV,
	SP_SCALE_SVG,
	SP_SCALE_FORMATS
};

/* The chart's lines by default. */
#define SP_SCALE_TOP 8

struct sp_scale_export_opts {
	struct sp_across_common common;	/* output, ranks, regions, -S, -T */
	enum sp_scale_format format;
	enum sp_scale_mode mode;
	enum sp_scale_measure measure;
	enum sp_scale_plot plot;
	int plot_given;		/* else the mode's first plot */
	int plot_data;		/* CSV or JSON: the plot's points alone */
	enum sp_scale_x_field x;
	const char *x_key;	/* SP_SCALE_X_KEY's */
	const char *work;	/* weak: the metadata key of work per rank */
	size_t top;		/* 0: SP_SCALE_TOP */
};

struct sp_scale_export_stats {
	size_t runs, points, regions, common, rows, skipped;
};

/* Check the options that need no input (a plot the mode lacks). */
int sp_scale_export_check(const struct sp_scale_export_opts *o,
    struct sp_err *e);

int sp_scale_export_run(struct sp_reader *r,
    const struct sp_scale_export_opts *o, struct sp_scale_export_stats *st,
    struct sp_err *e);

/*
 * How the document is named: the base's first dot splits stem and
 * suffix, the default suffix is the format's (".txt", ".json",
 * ".ndjson", ".csv", ".tsv", ".svg"), a directory gets "scale" + suffix.
 */
const struct sp_export_naming *sp_scale_export_naming(enum sp_scale_format f);

#endif
