/*
 * sp_h5_internal.h - the HDF5 source (struct sp_h5src) and the parts of
 * the reader that fill it; for the files of lib/read/h5 and no other:
 *
 *   sp_h5.c           the file opened, its schema version and metadata,
 *                     the source's ops and its free
 *   sp_h5_s1.c        schema 1, the per-rank layout: a group per region
 *   sp_h5_columnar.c  schemas 2 and 3: the region table and the index of
 *                     rows, for the columnar and the aggregate layout
 *   sp_h5_events.c    the event columns of the columnar layout
 *   sp_h5_lanes.c     the thread and task tables
 *   sp_h5_sides.c     the side payloads of a rank group, as images
 *
 * Ownership: the source owns everything it points at until
 * sp_source_free(); each part frees what it opened or allocated through
 * its _close or _free function, which h5_free (sp_h5.c) calls.  Strings
 * handed out in rows and tables live in blocks kept by sp_h5src_keep().
 */
#ifndef SP_H5_INTERNAL_H
#define SP_H5_INTERNAL_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

#include "sp_cbuf.h"
#include "sp_source.h"

/* The dataset of each x column, in a region group or /events. */
extern const char *const sp_h5_xcol_datasets[SP_X_COUNT];

/* The datasets of a schema 1 row, open while its rank is read. */
struct sp_h5_s1row {
	char *path;		/* "rank<N>/regions/<name>" */
	hid_t a, b, x[SP_X_COUNT];
};

struct sp_h5src {
	struct sp_source src;	/* first: a struct sp_source * is this */
	hid_t file;
	/* schemas 2 and 3: the event columns */
	hid_t ev_a, ev_b, ev_x[SP_X_COUNT];
	/* schema 1: per row */
	struct sp_h5_s1row *s1;
	uint32_t s1_open_rank;
	int s1_any_open;
	/* lane tables, whole, in file order */
	size_t nthreads, ntasks;
	uint32_t *thread_rank, *task_rank;
	struct sp_thread_info *threads;
	struct sp_task_info *tasks;
	/* the blocks of strings of rows, names, tags and tables */
	char **strblocks;
	size_t nstrblocks, capstrblocks;
	struct sp_cbuf *side_buf;
};

/* sp_h5.c */
/* Keep a malloc'ed block until the source is freed; frees it on failure. */
int sp_h5src_keep(struct sp_h5src *h, void *p, struct sp_err *e);
/*
 * Give a row the n strings of block s (one malloc'ed block, as
 * sp_h5_strings() makes): kept, or freed when there are none.
 */
int sp_h5src_set_tags(struct sp_h5src *h, struct sp_row_info *ri, char **s,
    size_t n, struct sp_err *e);
/* Room for n more rows after nrows, zeroed (and one spare). */
int sp_h5src_add_rows(struct sp_h5src *h, size_t n, struct sp_err *e);
/*
 * The ranks of the root's groups named rank<digits>, ascending (rank2
 * before rank10, as the reference sorts them): *ranks, for the caller.
 */
int sp_h5src_rank_groups(struct sp_h5src *h, uint32_t **ranks, size_t *n,
    struct sp_err *e);
/* Close an HDF5 id (with fn) if open; it is -1 after. */
void sp_h5_close_id(hid_t *id, herr_t (*fn)(hid_t));

/* sp_h5_s1.c */
int sp_h5src_open_s1(struct sp_h5src *h, struct sp_err *e);
int sp_h5src_read_s1(struct sp_source *s, size_t row, uint64_t off,
    size_t n, int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT],
    struct sp_err *e);
void sp_h5src_free_s1(struct sp_h5src *h);

/* sp_h5_columnar.c: mpi_size from /metadata, -1 when absent */
int sp_h5src_open_columnar(struct sp_h5src *h, int64_t mpi_size,
    struct sp_err *e);
/*
 * A dataset by path, checked for filters this HDF5 cannot apply; when it
 * is missing, -1, and an error only if it is required.  once: it is read
 * in one pass, in long runs (the event columns), and gets no chunk cache
 * where it has no use for one.
 */
hid_t sp_h5src_dataset(struct sp_h5src *h, const char *path, int required,
    int once, struct sp_err *e);

/* sp_h5_events.c: the event columns, checked; *nevents their length */
int sp_h5src_open_events(struct sp_h5src *h, uint64_t *nevents,
    struct sp_err *e);
int sp_h5src_read_events(struct sp_source *s, size_t row, uint64_t off,
    size_t n, int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT],
    struct sp_err *e);
void sp_h5src_close_events(struct sp_h5src *h);

/* sp_h5_lanes.c */
int sp_h5src_read_lanes(struct sp_h5src *h, struct sp_err *e);
int sp_h5src_tables(struct sp_source *s, uint32_t rank,
    struct sp_rank_info *out, struct sp_err *e);
void sp_h5src_free_lanes(struct sp_h5src *h);

/* sp_h5_sides.c */
int sp_h5src_sides(struct sp_source *s, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e);

#endif
