/*
 * sp_export_impl.h - the front end's state, shared by its two halves:
 * sp_export.c (the stream loop and what it knows) and sp_export_out.c
 * (the output plan and the outputs).  Not for exporters: they see
 * sp_export.h only.
 */
#ifndef SP_EXPORT_IMPL_H
#define SP_EXPORT_IMPL_H

#include "sp_export.h"
#include "sp_label.h"
#include "sp_lane.h"
#include "sp_sink.h"

/* Where outputs go. */
enum sp_export_plan {
	SP_PLAN_FILES,		/* files named from a base path */
	SP_PLAN_SINGLE,		/* standard output or a device: one output */
	SP_PLAN_STREAM,		/* PER_STREAM: the argument is the file */
};

struct sp_export_out {
	struct sp_sink *sink;	/* NULL while held in memory (HOLD_ALL) */
	char *path;		/* its name so far */
	uint32_t rank;
	uint64_t bytes;
	int hold_last;		/* HOLD_LAST: the last byte is kept back */
	int held;		/* a byte is kept back */
	unsigned char last;
	int in_memory;		/* HOLD_ALL: the bytes wait in mem */
	unsigned char *mem;
	size_t n, cap;
	int pending;		/* complete; first run's, or a held single */
};

struct sp_export {
	struct sp_reader *r;
	const struct sp_export_spec *spec;

	/* the plan */
	enum sp_export_plan plan;
	const char *single;	/* SP_PLAN_SINGLE: "-" or the device */
	const char *base;	/* SP_PLAN_FILES */
	char *dirbase;		/* base of an existing directory, with "/" */
	const char *stream_path;	/* SP_PLAN_STREAM */
	uint64_t singles;	/* outputs opened on the single output */

	/* the outputs alive: open, pending or held */
	struct sp_export_out **outs;
	size_t nouts, outs_cap;
	uint64_t outputs;	/* closed */
	struct sp_export_wrote wrote;	/* told of each file in place */
	uint64_t bytes;

	/* the stream, and what sp_export_run() was given */
	const struct sp_export_ops *ops;
	void *ctx;
	int ran;
	int ended;		/* the input ended cleanly, pending outputs out */
	enum sp_batch_stage stage;
	struct sp_walk *walk;	/* every call batch goes through it */
	struct sp_label_set *labels;
	uint64_t runs, calls, run_calls;
	const char *label, *label1;	/* owned by labels */
	int have_run, rank_open, lane_open;
	/* the first run had no output: its note waits (sp_export_empty) */
	int empty1, empty1_kind;
	uint64_t empty1_value;
	uint32_t rank;		/* of the last rank item */
	uint32_t lane_rank;
	int64_t lane;

	/* the current rank's lane tables, and the names made from them */
	struct sp_lane_thread *threads;
	struct sp_lane_task *tasks;
	size_t nthreads, ntasks, threads_cap, tasks_cap;
	char *lane_label, *lane_name;
	size_t lane_label_cap, lane_name_cap;
	char *quoted;
};

/* sp_export_out.c: the plan from the output argument. */
int sp_export_plan_set(struct sp_export *fe, const char *output,
    struct sp_err *e);
/* The usage error of a second output on a single one. */
int sp_export_several(struct sp_export *fe, struct sp_err *e);
/* A second run has begun: the first run's files get labelled names. */
int sp_export_name_pending(struct sp_export *fe, struct sp_err *e);
/* The input ended cleanly: pending outputs into place, held ones out. */
int sp_export_put_pending(struct sp_export *fe, struct sp_err *e);
/* A file is in place as path: tell who asked (sp_export_on_wrote). */
void sp_export_told(struct sp_export *fe, const char *path);
/* Drop every output left. */
void sp_export_drop_all(struct sp_export *fe);

#endif
