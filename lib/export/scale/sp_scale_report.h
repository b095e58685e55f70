/*
 * sp_scale_report.h - what the writers of a scaling series need besides
 * the series (sp_scale.h): the study's words and choices.
 *
 * Ownership: every pointer is borrowed from the caller for the write.
 */
#ifndef SP_SCALE_REPORT_H
#define SP_SCALE_REPORT_H

#include <stddef.h>

#include "sp_scale.h"

enum sp_scale_measure {
	SP_SCALE_PER_CALL,	/* the mean per call, calls pooled */
	SP_SCALE_SLOWEST,	/* the slowest rank's total */
	SP_SCALE_MEAN_RANK,	/* the mean rank total */
	SP_SCALE_WALL,		/* the slowest rank's outermost calls */
	SP_SCALE_MEASURES
};

enum sp_scale_plot {
	SP_SCALE_PLOT_SPEEDUP,
	SP_SCALE_PLOT_EFFICIENCY,
	SP_SCALE_PLOT_WEAK,		/* weak normalized runtime */
	SP_SCALE_PLOT_WEAK_EFFICIENCY,
	SP_SCALE_PLOTS
};

struct sp_scale_runinfo {
	const char *label, *x;
};

struct sp_scale_report {
	enum sp_scale_mode mode;
	enum sp_scale_measure measure;
	enum sp_scale_plot plot;
	int categorical;
	const char *x_name;	/* "num_ranks" */
	const char *x_label;	/* "MPI ranks" */
	const struct sp_scale_runinfo *runs;
	size_t nruns;
	size_t top;		/* the chart's lines; the rest merged */
};

/* "per-call", "slowest", "mean-rank", "wall". */
const char *sp_scale_measure_name(enum sp_scale_measure m);
/* "speedup", "efficiency", "weak", "weak-efficiency". */
const char *sp_scale_plot_name(enum sp_scale_plot p);
/* The value a plot draws of a cell. */
struct sp_scale_val sp_scale_plot_value(enum sp_scale_plot p,
    const struct sp_scale_cell *c);

#endif
