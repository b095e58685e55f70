/*
 * sp_across.h - the stream loop of the programs built on a run's
 * statistics (sp-stats, sp-diff, sp-scale, sp-report): each run is fed
 * to the caller's statistics (sp_stats_run.h) a batch at a time, the
 * front end's walker having checked each batch; when the run ends its
 * result goes to the caller's result callback and is freed, so that one
 * run's statistics are held at a time.  When the input has ended
 * cleanly, finish writes what is left through the front end (a file
 * appears under its name only complete).
 *
 * A failure inside a run's statistics is said as sp-stats says it: "IN:
 * bad sp stream: run 'LABEL' rank N: why" for bad data, "IN: why" else.
 *
 * Ownership: the options (their common ones too), the statistics, the
 * spec and the reader are borrowed for the call (the caller frees the
 * statistics after what reads their temporary file, such as pools
 * handed out); the run info, the table, the batch and the result handed
 * to the callbacks only during them.
 */
#ifndef SP_ACROSS_H
#define SP_ACROSS_H

#include <stdint.h>

#include "sp_across_common.h"
#include "sp_err.h"
#include "sp_export.h"
#include "sp_stats.h"
#include "sp_stats_run.h"
#include "sp_stream.h"

struct sp_across_opts {
	/*
	 * the statistics the runs are fed to, made with the options
	 * sp_across_stats_opts gives from common
	 */
	struct sp_stats_run *stats;
	/* the output, who is told of it, the rank selection; not NULL */
	const struct sp_across_common *common;
	int lane_names;		/* the statistics are told the lanes' names */
	/* the caller's: each may be NULL */
	int (*run)(void *ctx, struct sp_export *fe,
	    const struct sp_run_info *ri, const char *label,
	    struct sp_err *e);
	int (*regions)(void *ctx, const struct sp_region_table *t,
	    struct sp_err *e);
	int (*rank)(void *ctx, uint32_t rank, int selected, struct sp_err *e);
	/* a batch the statistics took; a failure is said as theirs */
	int (*calls)(void *ctx, const struct sp_batch *b, struct sp_err *e);
	int (*result)(void *ctx, struct sp_export *fe, const char *label,
	    const struct sp_stats_result *res, struct sp_err *e);
	int (*finish)(void *ctx, struct sp_export *fe, struct sp_err *e);
	void *ctx;
};

/* spec: the front end's (stage, unit and words); see sp_export.h. */
int sp_across_run(struct sp_reader *r, const struct sp_export_spec *spec,
    const struct sp_across_opts *o, struct sp_err *e);

/*
 * The statistics' options that follow from c: ranks_given (a rank
 * selection), keep, mem and tmpdir; the rest of ro is left as it is.
 */
void sp_across_stats_opts(const struct sp_across_common *c,
    struct sp_stats_run_opts *ro);

/*
 * Write a whole document to a new output of the stream with write_doc,
 * closing it, or dropping it on failure.
 */
int sp_across_write(struct sp_export *fe,
    int (*write_doc)(void *ctx, struct sp_export_out *out, struct sp_err *e),
    void *ctx, struct sp_err *e);

#endif
