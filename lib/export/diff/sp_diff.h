/*
 * sp_diff.h - the rows of a comparison of two sides, before (a) and
 * after (b), each one or more runs, knowing nothing of streams
 * (doc/diff.md).
 *
 * The runs of each side are fed one after the other: sp_diff_run()
 * begins one, sp_diff_put() gives its value of a key (a name, and a rank
 * or SP_DIFF_NO_RANK); a key the run does not give has no value in it.
 * sp_diff_rows() then makes one row per key that has a value on either
 * side: a side's value is its run's, or with several runs their median
 * (over the runs that have one) with its 95% confidence interval;
 * delta = (b or 0) - (a or 0); pct = delta / a x 100, none for a
 * missing or zero a.
 *
 * Noise.  With several runs on both sides, the runs' values are compared
 * by the two-sided Mann-Whitney U test (sp_stats_mwu.h); with one run a
 * side, the samples given with sp_diff_sample() or sp_diff_durations()
 * are, when both sides have at least min_samples.  A tested row whose p-value is not below alpha
 * has not changed significantly: it is not "changed", and does not fail
 * the gate.  A row not tested is changed, as without a noise model.
 * The rows are filtered by the threshold, sorted, and judged by the
 * gate.
 *
 * Ownership: a struct sp_diff owns copies of the keys' names; rows and
 * names handed out are valid until the next sp_diff_rows() or the free;
 * pools and the temporary file are borrowed.
 */
#ifndef SP_DIFF_H
#define SP_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_spill.h"
#include "sp_stats.h"
#include "sp_stats_pool.h"

#define SP_DIFF_NO_RANK UINT32_MAX

enum sp_diff_sort {
	SP_DIFF_SORT_DELTA,	/* |delta| descending */
	SP_DIFF_SORT_PCT,	/* |pct| descending, rows without one last */
	SP_DIFF_SORT_NAME,
};

/* What fails the gate. */
enum sp_diff_budget {
	SP_DIFF_BUDGET_NONE,	/* no gate */
	SP_DIFF_BUDGET_PCT,	/* pct above max */
	SP_DIFF_BUDGET_ABS,	/* delta above max (seconds) */
};

struct sp_diff_opts {
	enum sp_diff_sort sort;
	double threshold;	/* drop rows with |pct| below it; < 0: none */
	enum sp_diff_budget budget;
	double max;		/* the budget, >= 0 */
	int fail_on_new;	/* a key only after fails too */
	double alpha;		/* significance level of the tests */
	/* samples a side within one run needs for a test (else none) */
	uint64_t min_samples;
};

/* The confidence of the medians' intervals. */
#define SP_DIFF_CONFIDENCE 0.95

struct sp_diff_row {
	const char *name;
	size_t len;
	uint32_t rank;		/* SP_DIFF_NO_RANK: the key has none */
	struct sp_opt a, b;	/* each side's value (a median of runs) */
	double delta;
	struct sp_opt pct;
	/* the values behind a and b: runs, or samples of one run each */
	uint64_t na, nb;
	/* each side's 95% confidence interval, when it has one */
	struct sp_opt a_lo, a_hi, b_lo, b_hi;
	struct sp_opt p;	/* the U test's p-value, when tested */
	int changed;		/* significant, or not tested */
	int fails;		/* past the gate's budget */
};

struct sp_diff;

struct sp_diff *sp_diff_new(struct sp_err *e);
void sp_diff_free(struct sp_diff *d);

/* A run of side (0: before, 1: after) begins; its values follow. */
int sp_diff_run(struct sp_diff *d, int side, struct sp_err *e);
/* The current run's value of a key (a second one replaces the first). */
int sp_diff_put(struct sp_diff *d, const char *name, size_t len,
    uint32_t rank, double v, struct sp_err *e);
/* A sample of the key in the current run (one run a side: see above). */
int sp_diff_sample(struct sp_diff *d, const char *name, size_t len,
    uint32_t rank, double v, struct sp_err *e);
/*
 * The current run's samples of a key as a group of a pool (int64, any
 * order; a run's per-call durations, sp_stats_run_durations()), read
 * back in order (sp_stats_sort.h) one key at a time by sp_diff_rows(),
 * whose sorts go to the file and memory of sp_diff_sorting().  The pool
 * is borrowed: it must outlive sp_diff_rows().  A key given both kinds
 * of samples is tested on these.
 */
int sp_diff_durations(struct sp_diff *d, const char *name, size_t len,
    uint32_t rank, struct sp_stats_pool *p, uint32_t g, struct sp_err *e);
/* The temporary file of those sorts, and each sort's memory (bytes). */
void sp_diff_sorting(struct sp_diff *d, struct sp_spill_file *t,
    uint64_t load_max);
/* Runs fed to a side so far. */
size_t sp_diff_runs(const struct sp_diff *d, int side);

/*
 * The rows, as the options say: 0, or -1 without memory.  Rows are
 * then read with sp_diff_nrows() and sp_diff_row(); the keys with a
 * value on one side only (in name order, threshold or not) with
 * sp_diff_nonly() and sp_diff_only(); the gate's verdict with
 * sp_diff_failures().
 */
int sp_diff_rows(struct sp_diff *d, const struct sp_diff_opts *o,
    struct sp_err *e);
size_t sp_diff_nrows(const struct sp_diff *d);
const struct sp_diff_row *sp_diff_row(const struct sp_diff *d, size_t i);
size_t sp_diff_nonly(const struct sp_diff *d, int side);
const struct sp_diff_row *sp_diff_only(const struct sp_diff *d, int side,
    size_t i);
/* Keys with a value on both sides. */
size_t sp_diff_shared(const struct sp_diff *d);
size_t sp_diff_failures(const struct sp_diff *d);

#endif
