/*
 * sp_scale.h - a scaling series: runs of one case at several x (ranks,
 * threads, nodes, or a metadata value), one time per region and run,
 * and what follows from them: speedup, strong efficiency, the
 * Karp-Flatt serial fraction and a verdict, or weak normalized runtime
 * and weak efficiency (doc/scale.md).
 *
 * The series is fed run after run: sp_scale_run() with the run's x, then
 * sp_scale_put() for each region that has calls in it (and the whole
 * run's span with sp_scale_put_whole()).  The regions are the first
 * run's, in its order; a region another run lacks is not common and has
 * no row.  Only numbers are kept: O(regions x runs).
 *
 * sp_scale_compute() groups the runs by x (numeric x ascending,
 * categorical x in the order first met), averages the runs of a group,
 * takes the first group as the baseline, and makes the rows.  A value
 * that is not finite or not above 0 is skipped; a region without a value
 * at the baseline has no row.
 *
 * Ownership: names are copied; the rows and strings handed out are the
 * series', valid until it is freed.
 */
#ifndef SP_SCALE_H
#define SP_SCALE_H

#include <stddef.h>

#include "sp_err.h"

enum sp_scale_mode { SP_SCALE_STRONG, SP_SCALE_WEAK };

enum sp_scale_verdict {
	SP_SCALE_NONE,		/* no x beyond the baseline, or no numbers */
	SP_SCALE_SCALES,	/* efficiency at the largest x >= 0.9 */
	SP_SCALE_SUPERLINEAR,	/* efficiency at the largest x > 1.1 */
	SP_SCALE_SERIAL,	/* e constant: a serial fraction (Amdahl) */
	SP_SCALE_OVERHEAD,	/* e grows with p: overhead grows */
	SP_SCALE_IMBALANCE,	/* the slowest rank far above the mean */
};

/* The thresholds of the verdicts (doc/scale.md, "Verdicts"). */
#define SP_SCALE_GOOD 0.9	/* efficiency that scales */
#define SP_SCALE_SUPER 1.1	/* efficiency above ideal */
#define SP_SCALE_IMBALANCED 0.2	/* max/mean - 1 that is imbalance */
#define SP_SCALE_E_GROWS 1.25	/* last e over first e that grows */
#define SP_SCALE_E_NOISE 0.002	/* e differences below this are noise */

/* A group of runs sharing an x. */
struct sp_scale_point {
	double x;		/* numeric x; the group's index if categorical */
	const char *text;	/* x as given ("64", "gcc") */
	size_t runs;
	double p;		/* x / baseline x (numeric), else 0 */
};

/* A value of a row at a point; set 0: none (skipped, or not defined). */
struct sp_scale_val {
	double v;
	int set;
};

struct sp_scale_cell {
	struct sp_scale_val time;	/* the measure, averaged over runs */
	struct sp_scale_val speedup, efficiency, karp_flatt;	/* strong */
	struct sp_scale_val normalized, weak_efficiency;	/* weak */
	struct sp_scale_val imbalance;	/* max/mean - 1, averaged */
};

struct sp_scale_row {
	const char *name;	/* NULL for the whole run */
	size_t len;
	int whole;		/* the whole run: first start to last end */
	struct sp_scale_cell *cells;	/* one per point */
	enum sp_scale_verdict verdict;
	struct sp_scale_val serial;	/* the serial fraction, for SERIAL */
	double base_time;		/* at the baseline */
};

struct sp_scale_opts {
	enum sp_scale_mode mode;
	int categorical;	/* x values are texts, no ideal */
};

struct sp_scale;

struct sp_scale *sp_scale_new(struct sp_err *e);
void sp_scale_free(struct sp_scale *s);

/* A run at x begins (text: x as given; for categorical x, its value). */
int sp_scale_run(struct sp_scale *s, double x, const char *text,
    struct sp_err *e);
/* The current run's time of a region with calls, and its imbalance
 * (set 0: none). */
int sp_scale_put(struct sp_scale *s, const char *name, size_t len,
    struct sp_scale_val time, struct sp_scale_val imbalance,
    struct sp_err *e);
/* The current run's span in seconds (none when it has no calls). */
int sp_scale_put_whole(struct sp_scale *s, struct sp_scale_val span,
    struct sp_err *e);

size_t sp_scale_runs(const struct sp_scale *s);
/* Regions of the first run, and those every run has. */
size_t sp_scale_regions(const struct sp_scale *s);
size_t sp_scale_common(const struct sp_scale *s);

/*
 * The points and rows.  SP_EDATA when no region is common to all runs,
 * or none has a value at the baseline; SP_EUSAGE for fewer than two
 * runs.  Messages name no file: the caller adds its input's name.
 */
int sp_scale_compute(struct sp_scale *s, const struct sp_scale_opts *o,
    struct sp_err *e);
size_t sp_scale_npoints(const struct sp_scale *s);
const struct sp_scale_point *sp_scale_point(const struct sp_scale *s,
    size_t i);
/* Rows: the whole run first, then the regions in the first run's order. */
size_t sp_scale_nrows(const struct sp_scale *s);
const struct sp_scale_row *sp_scale_row(const struct sp_scale *s, size_t i);
/* Regions common to all runs left out for no value at the baseline. */
size_t sp_scale_skipped(const struct sp_scale *s);

/* The Karp-Flatt metric of speedup sp at relative processors p > 1. */
double sp_scale_karp_flatt(double sp, double p);
/* The verdict in words, with its numbers: "serial work: e = 5.00% ...". */
void sp_scale_why(const struct sp_scale *s, const struct sp_scale_row *w,
    enum sp_scale_mode mode, char *buf, size_t n);
/* "scales", "superlinear", "serial", "overhead", "imbalance", "-". */
const char *sp_scale_verdict_name(enum sp_scale_verdict v);

#endif
