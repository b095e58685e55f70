/*
 * alloc.h - the scenarios of the allocation-failure sweep (test-alloc.c)
 * and what they share.
 *
 * A scenario is a small function doing real work with libsp: 0 when it
 * succeeds, or -1 with its struct sp_err filled.  The sweep runs it with
 * the Nth allocation failing (failalloc.h), for N = 1, 2, ... until a run
 * no longer reaches N, and checks every run: see test-alloc.c.
 *
 * What a scenario finds out goes into the output (alloc_out and the
 * functions after it): the sweep compares the output of a run that
 * succeeded in spite of a failed allocation (a module that degrades)
 * with that of the run without a failure.  A scenario checks what it
 * can itself and fails with SP_EDATA ("wrong ...") when a result is
 * wrong, which the sweep reports: only SP_ENOMEM is expected.
 *
 * Files: a scenario reads its inputs from alloc_in(), written by its
 * setup before the sweep (allocations there are not counted), and
 * writes its outputs under alloc_outdir() and its temporary files under
 * alloc_tmpdir() ($TMPDIR points there too).  After a failed run both
 * must be empty; after a run that succeeded the sweep empties them.
 *
 * Nothing here allocates: the output is a fixed buffer.
 *
 * Ownership: the paths returned are static buffers, valid for a few
 * calls (eight at a time).
 */
#ifndef ALLOC_H
#define ALLOC_H

#include <stddef.h>

#include "sp_err.h"

struct alloc_scenario {
	const char *name;
	void (*setup)(void);		/* NULL: no inputs */
	int (*run)(struct sp_err *e);
	/*
	 * Runs expected to succeed although an allocation failed, with the
	 * output of the run without failure: a module that degrades on
	 * purpose (said where the scenario is defined).
	 */
	unsigned degrades;
};

/* Each list ends with a scenario of name NULL. */
extern const struct alloc_scenario alloc_base[];
extern const struct alloc_scenario alloc_codec[];
extern const struct alloc_scenario alloc_stream[];
extern const struct alloc_scenario alloc_stack[];
extern const struct alloc_scenario alloc_read[];
extern const struct alloc_scenario alloc_export[];

/* The current scenario's files: in/NAME, out/NAME, tmp/. */
const char *alloc_in(const char *name);
const char *alloc_outdir(const char *name);
const char *alloc_tmpdir(void);

/* Append to the output; -1 (SP_EIO) when the buffer is full. */
int alloc_out(const void *p, size_t n, struct sp_err *e);
int alloc_printf(struct sp_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The output as an sp_write_fn (ctx unused). */
int alloc_write(void *ctx, const void *p, size_t n, struct sp_err *e);
/* Append the bytes of a file, or "(no PATH)". */
int alloc_slurp(const char *path, struct sp_err *e);

/* Append every file of dir, sorted by name: "== NAME\n" and its bytes. */
int alloc_slurp_dir(const char *dir, struct sp_err *e);
/*
 * Standard output into the file path from _begin to _end (for what libsp
 * writes there itself); _end puts it back.
 */
int alloc_stdout_begin(const char *path, struct sp_err *e);
void alloc_stdout_end(void);

/* For a libsp function that reports no memory by NULL alone. */
int alloc_nomem(struct sp_err *e, const char *what);

/* Setup failed: the test cannot run. */
void alloc_die(const char *what, const char *msg);

#endif
