/*
 * sp_export.h - the front end every exporter shares.
 *
 * An exporter is a spec (struct sp_export_spec: what it reads, what it
 * writes per run, how its files are named) and an ops table (struct
 * sp_export_ops: its format logic, called in stream order).  The front
 * end owns everything around the format:
 *
 *   The stream loop.  sp_export_run() reads every item and calls the ops:
 *   header, run (with the run's label made unique in the stream), regions,
 *   rank, lane (at the first batch of each lane), batch, side, rank_end
 *   (before the next rank and at the run's end), run_end, finish.  An
 *   exporter of call streams refuses an interval stream (SP_EUSAGE "an
 *   interval stream: pipe it through sp-stack first").  An exporter that
 *   replays the nesting of calls takes call batches in its calls op,
 *   with the front end's walk (sp_walk.h) to loop over their events,
 *   which checks them as it goes; for any other, the front end walks each
 *   call batch for its checks alone before the batch op.  Either way the
 *   walk's errors (a call stream that contradicts itself) are prefixed
 *   with the input's name.
 *
 *   The outputs.  The output argument ("-" or NULL: standard output)
 *   makes a plan: standard output, or an existing device or FIFO (written
 *   in place), takes one output, and a second one is SP_EUSAGE ("the
 *   stream holds several ...: name their files with -o FILE"), at the
 *   second run for exporters that write one output per run, at the
 *   second output for those that write one per rank; anything else is a
 *   base path that names files (sp_export_name.h; an existing directory
 *   is the reference's DIR/ form).  An exporter that writes one output
 *   for the whole stream takes the argument as its file name.
 *
 *   The names, and when they are known.  Whether the run's label goes
 *   into the names depends on whether the stream holds a second run,
 *   known only when it starts or when the input ends: so the first run's
 *   files are written complete under hidden temporary names beside their
 *   targets, and renamed when that is known; later runs' files are named
 *   at once.  Every file appears under its name only when complete, and
 *   an interrupted or failed run leaves none (sp_sink.h, sp_tmpfiles.h).
 *   A single output holds back what the spec says (its last byte, or the
 *   whole output) until the input has ended cleanly, so that a stream
 *   that turns out to be bad, or to hold a second output, never leaves a
 *   complete-looking output there.  An output closed once the input has
 *   ended (in the finish op) goes into place at once.
 *
 *   Outputs across runs.  An exporter that compares the runs of a stream
 *   (SP_EXPORT_ACROSS_RUNS: a differential graph of a before and an
 *   after run) writes outputs that belong to no one run: they are named
 *   by the rule without a run label, one for the stream or one per rank
 *   (naming.per_rank), may be opened at any time, and every file waits,
 *   complete, under its temporary name until the input has ended
 *   cleanly, so that a stream found bad or of the wrong shape later
 *   leaves none.  A single output takes one, as for PER_RANK.
 *
 *   Who is told.  Each file put in place under its name is handed to the
 *   sp_export_wrote of sp_export_on_wrote(), so that the program can say
 *   where its outputs went: names carry a rank and a run label the user
 *   did not type.
 *
 *   The endings.  A stream without runs is SP_EDATA ("no runs in the
 *   stream: nothing to export").  A stream after which no output was
 *   written, because its runs have no calls, is not an error: the
 *   exporter's notes say so (make -j over a directory must pass an empty
 *   profile); for an exporter that needs calls, ops->no_output may make
 *   it one (all calls dropped by the exporter's own filter, say).
 *
 * Also shared: the current rank's lane names (sp_lane.h) and a label
 * quoted as Python's repr quotes it, for messages.
 *
 * Ownership: the front end borrows the reader, the spec and the output
 * argument for its life, and the ops and their context for the run.  It
 * owns the outputs it opens: sp_export_close() or sp_export_drop() ends
 * one, and freeing the front end drops any left.  Strings it hands out
 * (labels, lane names, quoted labels) are valid until the next run, the
 * next call of the same function, or the free, as each says.
 */
#ifndef SP_EXPORT_H
#define SP_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_section.h"
#include "sp_stream.h"
#include "sp_walk.h"

/* What an exporter writes its outputs for. */
enum sp_export_unit {
	SP_EXPORT_PER_RUN,	/* a document per run */
	SP_EXPORT_PER_RANK,	/* a file per (run, rank) */
	SP_EXPORT_PER_STREAM,	/* one output for the whole stream */
	SP_EXPORT_ACROSS_RUNS,	/* outputs comparing runs: see above */
};

/* What a single output (standard output, a device) holds back. */
enum sp_export_hold {
	SP_EXPORT_HOLD_NONE,	/* nothing: written as it comes */
	SP_EXPORT_HOLD_LAST,	/* its last byte, until the input ended */
	SP_EXPORT_HOLD_ALL,	/* all of it, in memory */
};

struct sp_export_spec {
	/* SP_STAGE_CALLS: refuse interval streams */
	enum sp_batch_stage stage;
	enum sp_export_unit unit;
	struct sp_export_naming naming;	/* files (not PER_STREAM) */
	enum sp_export_hold hold;
	int need_output;	/* no output at the end asks ops->no_output */
	/* Words of the messages: */
	const char *nothing;	/* no runs: "nothing to export" */
	const char *several;	/* "several runs" */
	const char *one;	/* what one output is: " document", or "" */
};

struct sp_export;
struct sp_export_out;

/*
 * Every op may be NULL and fails by filling e and returning -1, which
 * ends the export.  ctx is the context given to sp_export_run().
 */
struct sp_export_ops {
	int (*header)(void *ctx, const struct sp_header *h,
	    enum sp_section_order order, struct sp_err *e);
	/* label: the run's label, unique in the stream (also from
	 * sp_export_label()); the run item is ri. */
	int (*run)(void *ctx, const struct sp_run_info *ri, const char *label,
	    struct sp_err *e);
	int (*regions)(void *ctx, const struct sp_region_table *t,
	    struct sp_err *e);
	int (*rank)(void *ctx, const struct sp_rank_info *ri,
	    struct sp_err *e);
	int (*rank_end)(void *ctx, struct sp_err *e);
	int (*lane)(void *ctx, uint32_t rank, int64_t lane, struct sp_err *e);
	/* Interval batches, and call batches checked, without calls. */
	int (*batch)(void *ctx, const struct sp_batch *b, struct sp_err *e);
	/*
	 * A call batch, to walk with w (sp_walk_begin(), sp_walk_next()):
	 * the walk's failures are the call's.
	 */
	int (*calls)(void *ctx, struct sp_walk *w, const struct sp_batch *b,
	    struct sp_err *e);
	int (*side)(void *ctx, const struct sp_side *s, struct sp_err *e);
	int (*run_end)(void *ctx, struct sp_err *e);
	/* After the pending outputs are in place and the endings passed. */
	int (*finish)(void *ctx, struct sp_err *e);
	/*
	 * need_output and no output was written: 1 with e filled when that
	 * is an error, in the exporter's words, or 0 when it is not (then
	 * finish follows, and the exporter's notes say why).
	 */
	int (*no_output)(void *ctx, struct sp_err *e);
	/*
	 * A run had no output (sp_export_empty()): the exporter's note of
	 * it, kind and value as it gave them; path is the file its output
	 * would have had, "" for a first run alone or followed by others.
	 */
	void (*empty_note)(void *ctx, int kind, const char *label,
	    const char *path, uint64_t value);
};

/*
 * A front end reading r, writing to output (NULL or "-": standard output).
 * Fails on a bad output argument (SP_EUSAGE) or without memory.
 */
struct sp_export *sp_export_new(struct sp_reader *r,
    const struct sp_export_spec *spec, const char *output, struct sp_err *e);
void sp_export_free(struct sp_export *fe);
/*
 * Tell w (copied; w->ctx borrowed) of every file put in place under its
 * name from now on, as it goes there: a complete file, never one that a
 * failure leaves behind.
 */
void sp_export_on_wrote(struct sp_export *fe,
    const struct sp_export_wrote *w);

/* Read the whole stream into ops (once per front end). */
int sp_export_run(struct sp_export *fe, const struct sp_export_ops *ops,
    void *ctx, struct sp_err *e);

/* --- outputs --- */

/*
 * Open the next output: the current run's (rank: the rank of a per-rank
 * output), or the stream's for PER_STREAM and ACROSS_RUNS (at any time,
 * for PER_STREAM also before sp_export_run()).  Standard output and
 * devices are opened as they are; a file under a temporary name beside
 * its target.
 */
struct sp_export_out *sp_export_open(struct sp_export *fe, uint32_t rank,
    struct sp_err *e);
/* Append n bytes (an sp_write_fn: out is the struct sp_export_out). */
int sp_export_write(void *out, const void *p, size_t n, struct sp_err *e);
/* Pass what is buffered on to the file or descriptor. */
int sp_export_flush(struct sp_export_out *out, struct sp_err *e);
/*
 * The output is complete: a later run's file goes into place now, a
 * first run's waits for its name, a single output is held as the spec
 * says.  The output is the front end's again either way.
 */
int sp_export_close(struct sp_export *fe, struct sp_export_out *out,
    struct sp_err *e);
/* Give up an output: nothing of it is left (NULL is a no-op). */
void sp_export_drop(struct sp_export *fe, struct sp_export_out *out);
/*
 * The name the current run's output of rank would have if opened now
 * (*out is the caller's), and an open output's name so far: "-" for
 * standard output, the device, or the file.
 */
int sp_export_out_name(struct sp_export *fe, uint32_t rank, char **out,
    struct sp_err *e);
const char *sp_export_out_path(const struct sp_export_out *out);
uint64_t sp_export_out_bytes(const struct sp_export_out *out);

/* --- what the front end knows --- */

/* The input's name in messages ("<stdin>" for standard input). */
const char *sp_export_input(const struct sp_export *fe);
struct sp_reader *sp_export_reader(const struct sp_export *fe);
/* The output of a single-output plan ("-" or the device), else NULL. */
const char *sp_export_single(const struct sp_export *fe);
/* Run items read so far; the current run's unique label (NULL before). */
uint64_t sp_export_runs(const struct sp_export *fe);
const char *sp_export_label(const struct sp_export *fe);
const char *sp_export_first_label(const struct sp_export *fe);
/*
 * The current rank (of the last rank item), also in rank_end, when the
 * reader may have moved past it.
 */
uint32_t sp_export_rank(const struct sp_export *fe);
/* Calls read so far, in the stream and in the current run. */
uint64_t sp_export_calls(const struct sp_export *fe);
uint64_t sp_export_run_calls(const struct sp_export *fe);
/* Outputs completed (closed) so far. */
uint64_t sp_export_outputs(const struct sp_export *fe);
/* Bytes written to all outputs so far. */
uint64_t sp_export_bytes(const struct sp_export *fe);

/*
 * The name of a lane of the current rank, as sp-speedscope names its
 * profiles ("rank N - <lane label>", sp_lane.h), from the rank's thread
 * and task tables; valid until the next call.
 */
const char *sp_export_lane_name(struct sp_export *fe, uint32_t rank,
    int64_t lane, struct sp_err *e);
/* s as Python's repr quotes it ("'?'" without memory); valid until the
 * next call. */
const char *sp_export_quoted(struct sp_export *fe, const char *s);

/*
 * The current run has no output, for the exporter's reason kind (with
 * its figure, value): ops->empty_note says so, at once for a later run;
 * for the first, once it is known whether a second comes, on which the
 * first's file name depends: as the second begins (before ops->run), or
 * at the end of a lone run (before ops->finish, when ops->no_output did
 * not make the end an error).
 */
int sp_export_empty(struct sp_export *fe, int kind, uint64_t value,
    struct sp_err *e);

/*
 * For ops->no_output of an exporter with a minimum duration: when it
 * dropped calls (dropped > 0), every call was dropped, which is SP_EDATA
 * naming the run (one) or the number of runs: 1 with e filled; else 0.
 */
int sp_export_all_dropped(struct sp_export *fe, uint64_t dropped,
    struct sp_err *e);

#endif
