/*
 * sp_scale_x.h - the x of a run in a scaling series: its rank count, or
 * a value of its metadata (the run item's CBOR map, sp-stream(5)).
 *
 *   ranks    the run's rank count (as sp-read counts it)
 *   threads  metadata omp_num_threads, an integer
 *   cores    ranks x omp_num_threads
 *   nodes    metadata num_nodes; 1 for a run of one rank without it
 *   label    the run's label, unique in the stream: categorical
 *   KEY      any metadata key: numeric when the value is a number above
 *            0, else a text, and the axis categorical
 *
 * The named fields must be integers above 0 (SP_EDATA).  A key the run
 * lacks is SP_EDATA too.  Messages name the key, not the run: the
 * caller adds where.
 *
 * Ownership: the value's text is malloc'ed, the caller's to free.
 */
#ifndef SP_SCALE_X_H
#define SP_SCALE_X_H

#include "sp_err.h"
#include "sp_stream.h"

enum sp_scale_x_field {
	SP_SCALE_X_RANKS,
	SP_SCALE_X_THREADS,
	SP_SCALE_X_CORES,
	SP_SCALE_X_NODES,
	SP_SCALE_X_LABEL,
	SP_SCALE_X_KEY,
};

struct sp_scale_x {
	double x;		/* when numeric */
	int numeric;
	char *text;		/* as given: "64", "1.5", "gcc" */
};

/* The x of a run labelled label; key: the metadata key of SP_SCALE_X_KEY. */
int sp_scale_x_of(enum sp_scale_x_field f, const char *key,
    const struct sp_run_info *ri, const char *label, struct sp_scale_x *out,
    struct sp_err *e);
/* A metadata value as text (*found 0: the run lacks key). */
int sp_scale_x_meta(const struct sp_run_info *ri, const char *key,
    char **text, int *found, struct sp_err *e);

/* The field's name in data files ("num_ranks", or the key). */
const char *sp_scale_x_name(enum sp_scale_x_field f, const char *key);
/* The axis' label ("MPI ranks", "OpenMP threads", "run", or the key). */
const char *sp_scale_x_label(enum sp_scale_x_field f, const char *key);

#endif
