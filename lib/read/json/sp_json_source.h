/*
 * sp_json_source.h - the struct sp_source that a JSON profile becomes:
 * its rows' per-call values wait on a temporary file (under $TMPDIR, or
 * /tmp, unlinked at once) and are read back from there by offset, so
 * that memory holds only what is not per call; its lane tables and side
 * payloads are held whole, and handed out rank by rank.
 *
 * The other modules of read/json fill it: the parse (sp_json_parse.h)
 * the rows' values, sp_json_row.h the rows, sp_json_run.h the run.
 *
 * Ownership: the source owns everything in it, strings handed to
 * sp_json_source_keep included, until sp_source_free(&s->src).
 */
#ifndef SP_JSON_SOURCE_H
#define SP_JSON_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_jsonkeys.h"
#include "sp_source.h"
#include "sp_spill.h"

/* A row's per-call columns: start and end times, then the x columns. */
#define SP_JSON_NCOLS SP_JSONKEYS_NCALLS
_Static_assert(SP_JSONKEYS_NCALLS == 2 + SP_X_COUNT,
    "a JSON call column key for every call column");

/* Where a row's per-call values are on the temporary file. */
struct sp_json_source_cols {
	uint64_t off[SP_JSON_NCOLS], n[SP_JSON_NCOLS];	/* int64 each */
	unsigned have;		/* bit c: column c given */
	int has_ev;		/* event metadata, as text: */
	uint64_t ev_off, ev_len;
};

/* One rank's thread or task table. */
struct sp_json_source_lanes {
	uint32_t rank;
	size_t n;
	void *v;		/* struct sp_thread_info or sp_task_info */
};

struct sp_json_source_side {
	uint32_t rank;
	char *kind;
	uint8_t *data;
	size_t len;
};

struct sp_json_source {
	struct sp_source src;	/* first: a struct sp_source * is this */
	char *name;		/* for messages: the path, or <stdin> */
	struct sp_spill_file *tmp;
	/* of row i: cols[src.rows[i].offset] */
	struct sp_json_source_cols *cols;
	size_t caprows;
	/* region names by first appearance */
	char **names;
	size_t *lens;
	size_t nnames, capnames;
	int has_threads, has_tasks;	/* the document has the table */
	struct sp_json_source_lanes *threads, *tasks;
	size_t nthreads, ntasks;
	struct sp_json_source_side *sides;
	size_t nsides, capsides;
	char **strs;		/* kept strings */
	size_t nstrs, capstrs;
	char **evtexts;		/* the event metadata of the rank asked for */
	size_t nevtexts;
};

/* path "-" is standard input. tmpdir NULL: $TMPDIR, else /tmp. */
struct sp_json_source *sp_json_source_new(const char *path, const char *tmpdir,
    struct sp_err *e);

/* "<name>: <message>"; returns -1. */
int sp_json_source_fail(const struct sp_json_source *s, struct sp_err *e,
    enum sp_status st, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A copy of the n bytes at p, NUL-ended, kept with the source. */
char *sp_json_source_keep(struct sp_json_source *s, const char *p, size_t n);

/* The region id of a name: the order of first appearance; -1 no memory. */
long sp_json_source_region(struct sp_json_source *s, const char *p, size_t n);

/*
 * Room for one more row: rows[nrows], zeroed; NULL when out of memory.
 * sp_json_source_add_row then counts it in, with its columns.
 */
struct sp_source_row *sp_json_source_next_row(struct sp_json_source *s);
void sp_json_source_add_row(struct sp_json_source *s,
    const struct sp_json_source_cols *c);

/* A side payload of a rank (the n bytes at p copied); -1 no memory. */
int sp_json_source_add_side(struct sp_json_source *s, uint32_t rank,
    const char *kind, const uint8_t *p, size_t n);

#endif
