/*
 * sp_pstats_export.h - what sp-pstats does: read a call stream and turn each
 * (run, rank) into the pstats statistics dict of scope-profiler's .prof
 * export (sp_pstats.h), then write it as a .prof file (sp_marshal.h) or
 * print its pstats report (sp_pstats_report.h); or report a .prof file
 * that already exists.
 *
 * Input.  The kind of input is told by its first bytes, without consuming
 * them (pread on a file, tee(2) on a pipe, MSG_PEEK on a socket): an sp
 * stream opens with d9 d9 f7, a .prof (a marshalled dict) with '{' or
 * 0xfb.  A stream must be a call stream (SP_EUSAGE "an interval stream:
 * pipe it through sp-stack first" otherwise).  A .prof is only read to
 * be reported (print mode); elsewhere it is SP_EUSAGE, as is a stream
 * option (no_call_paths, root, no_root) with a .prof.
 *
 * Statistics.  One dict per (run, rank), in stream order, fed by a walk
 * (sp_walk.h): keys from the region's source location on that rank, call
 * paths unless no_call_paths, the root frame "<LABEL rank N>" (LABEL the
 * run's unique label, sp_label.h) unless root names it or no_root drops
 * it; the lanes of a rank go into one dict.  Memory is O(distinct call
 * paths) per rank plus the builder's call log, which moves to $TMPDIR
 * past mem_limit bytes (sp_calllog.h): never O(calls).
 *
 * Files.  .prof files go out through the exporter front end
 * (sp_export.h), named by sp_pstats_export_naming from a base path as
 * export_prof names them; the first run's wait complete under temporary
 * names beside their targets until it is known whether a second run
 * follows.  Each file appears under its name only once complete.  With
 * output "-" or a device (a FIFO, /dev/null) the stream must give exactly
 * one .prof, held in memory and written once the input has ended cleanly
 * (SP_EUSAGE for a second one).
 *
 * Empty data (doc/exports.md, "Empty runs"): a (run, rank) without calls gets
 * no .prof (a note says so) but, in print mode, the report of an empty Stats
 * (build_pstats); a run without any rank (its ranks or regions were filtered
 * out) gets a note.  A stream without any .prof to write (print mode: without
 * any rank) is no error: its notes say so, and nothing is written, for pstats
 * cannot load an empty dict.  One without runs fails with "no runs in the
 * stream".  Notes are given at the end, and only when the export succeeds.
 *
 * Ownership: options and the output callback's context are borrowed for
 * the call; the input descriptor is the caller's to close.
 */
#ifndef SP_PSTATS_EXPORT_H
#define SP_PSTATS_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_export_name.h"
#include "sp_pstats_report.h"

/* What a notice is about. */
enum sp_pstats_export_note {
	/* a (run, rank) without calls: no .prof */
	SP_PSTATS_EXPORT_RANK_EMPTY,
	/* a run without any rank: no .prof, no report */
	SP_PSTATS_EXPORT_RUN_EMPTY,
};

/* label is the run's unique label; rank is 0 for SP_PSTATS_EXPORT_RUN_EMPTY. */
typedef void sp_pstats_export_note_fn(void *ctx,
    enum sp_pstats_export_note what,
    const char *label, uint32_t rank);

struct sp_pstats_export_opts {
	const char *output;	/* base path, "-" or a device; unused in print */
	int print;		/* reports on standard output instead of .prof */
	enum sp_pstats_sort sort;	/* print: the order */
	long top;		/* print: entries shown, < 0 all */
	int no_call_paths;	/* aggregate by region, cProfile-style */
	const char *root;	/* root frame name; NULL: "<LABEL rank N>" */
	int no_root;		/* no root frame */
	size_t mem_limit;	/* call log bytes in memory; 0: the default */
	uint64_t max_memory;	/* bound on a rank's call path table; 0: none */
	sp_pstats_export_note_fn *note;	/* may be NULL */
	void *note_ctx;
	struct sp_export_wrote wrote;	/* told of each file written */
	const char *fix;	/* for a profile given: sp_reader_set_fix() */
};

struct sp_pstats_export_stats {
	uint64_t runs;		/* run items read */
	uint64_t ranks;		/* (run, rank)s read */
	uint64_t calls;		/* calls read */
	uint64_t files;		/* .prof files written (standard output too) */
	uint64_t reports;	/* reports printed */
	uint64_t entries;	/* dict entries, the largest of one (run, rank) */
};

/*
 * Do what sp-pstats does with the input open on fd (path names it, "-"
 * for standard input): export a call stream, or report a .prof in print
 * mode.  st (may be NULL) is filled also on failure.
 */
int sp_pstats_export_run(int fd, const char *path,
    const struct sp_pstats_export_opts *o, struct sp_pstats_export_stats *st,
    struct sp_err *e);

/*
 * How .prof files are named (sp_export_name.h), as export_prof names them
 * (doc/exports.md, "Run labels and file names"): pathlib's suffix (".prof" for
 * a name without one), "_rank<N>" after the label, "profile.prof" in a
 * directory: "out/profile.prof" gives "out/profile_rank0.prof", or
 * "out/profile_run_2_rank0.prof" for run "run (2)" of several.
 */
extern const struct sp_export_naming sp_pstats_export_naming;

#endif
