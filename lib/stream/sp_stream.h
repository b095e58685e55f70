/*
 * sp_stream.h - the sp stream: writer and incremental reader.
 *
 * The wire format is specified in sp-stream(5) (man/sp-stream.5): an
 * RFC 8742 CBOR sequence of items [kind, {body}], each section opened by a
 * header item wrapped in the self-describe tag 55799 and closed by a
 * "stream-end" item.  Sections may be concatenated.
 *
 * Ownership: writers copy what they are given.  Everything a reader hands
 * out is borrowed: an item is valid until the next sp_reader_next(), except
 * the current run (run info and region table, valid until the next run
 * item) and the current rank (valid until the next rank or run item),
 * which sp_reader_run(), sp_reader_regions() and sp_reader_rank() return.
 */
#ifndef SP_STREAM_H
#define SP_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"
#include "sp_sink.h"

#define SP_STREAM_MAJOR 1
/*
 * The newest minor version this sp reads and writes; a writer's header
 * says the oldest one whose additions its section uses (sp_writer_set_minor):
 * 1.0, or 1.1 for a run with a window.
 */
#define SP_STREAM_MINOR 1
/* No item may be larger: protects readers from absurd declared sizes. */
#define SP_ITEM_MAX ((size_t)256 << 20)

struct sp_header {
	int major, minor;
	enum sp_batch_stage stage;
	const char *producer;
};

struct sp_run_info {
	uint32_t run;		/* index of the run within its stream section */
	const char *label;	/* run label (metadata label or file stem) */
	/*
	 * Optional: the run's name before a number made the label unique in
	 * its section ("run" of "run (2)"); NULL when the label is the name.
	 */
	const char *name;
	const char *source;	/* input path as given */
	const char *source_format;	/* "hdf5", "json" */
	const char *layout;	/* "per-rank", "columnar", "aggregate" */
	int64_t schema;		/* HDF5 schema version, 0 if none */
	uint32_t num_ranks;	/* as the reference computes it */
	int event_data;		/* not a summary-only read (the reference's
				   event_data_available); 1 for every file sp
				   reads, false only as a JSON profile says */
	/*
	 * The run's span: every call lies in [first_ns, last_ns], which is
	 * at most INT64_MAX ns long (sp_span_fits()), so that no call, nor
	 * any time within a lane, overflows an int64_t.
	 */
	int has_span;		/* first_ns/last_ns valid (some call emitted) */
	int64_t first_ns;	/* earliest start of the calls in the run */
	int64_t last_ns;	/* latest end */
	const uint8_t *metadata;	/* encoded CBOR map, as read */
	size_t metadata_len;
	/*
	 * 1.1: the window its calls were cut to (sp-read --window): bounds
	 * in absolute ns (has_start 0: none), whether calls were clipped,
	 * and the window as given.
	 */
	int has_window;
	int window_has_start, window_has_end;
	int64_t window_start, window_end;
	int window_clipped;
	const char *window_spec;
};

/* Whether [first, last] is a run's span: ordered, at most INT64_MAX long. */
static inline int
sp_span_fits(int64_t first, int64_t last)
{
	return first <= last && (uint64_t)last - (uint64_t)first <= INT64_MAX;
}

struct sp_region_table {
	uint32_t run;
	size_t n;
	const char **names;	/* region id -> name (NUL-terminated) */
	const size_t *lens;
	const uint32_t *order;	/* region id -> tie-break rank */
};

struct sp_summary {
	int64_t total, minimum, maximum, first, last, start_minimum,
	    end_maximum;
	uint64_t gpu_count;
	int64_t gpu_total;
	double mean, m2;
};

/* What one (rank, region) row of the profile says besides its calls. */
struct sp_row_info {
	uint32_t region;
	uint64_t calls;
	const char *source_file;	/* NULL when unknown */
	int has_lineno;
	int64_t source_lineno;
	const char *source_text;	/* NULL when not captured */
	size_t ntags;
	const char **tags;
	int has_exclusive;
	int64_t exclusive_ns;
	/* bit (1 << enum sp_batch_xcol) per column the row has */
	unsigned xmask;
	int has_aggregate;
	int64_t agg_count, agg_total, agg_minimum, agg_maximum,
	    agg_exclusive;
	int has_summary;
	struct sp_summary summary;
	const char *event_metadata;	/* JSON text, NULL when absent */
	size_t event_metadata_len;
};

struct sp_thread_info {
	int64_t index, ident, native_id, start_ns, end_ns, cpu_ns;
	int daemon;
	const char *name;
};

struct sp_task_info {
	int64_t index, thread_index, created_ns, done_ns, steps, running_ns,
	    suspended_ns;
	const char *kind, *name, *coro_name;
};

struct sp_rank_info {
	uint32_t run;
	uint32_t rank;
	size_t nrows;
	struct sp_row_info *rows;
	int has_threads, has_tasks;
	size_t nthreads, ntasks;
	struct sp_thread_info *threads;
	struct sp_task_info *tasks;
};

/* An opaque payload for sp-json (LIKWID, line profiles, perf events). */
struct sp_side {
	uint32_t run;
	int has_rank;
	uint32_t rank;
	const char *kind;
	const uint8_t *data;	/* one encoded CBOR item */
	size_t len;
};

struct sp_run_end {
	uint32_t run;
	uint64_t calls, batches;
};

enum sp_item_kind {
	SP_ITEM_HEADER = 1,
	SP_ITEM_RUN,
	SP_ITEM_REGIONS,
	SP_ITEM_RANK,
	SP_ITEM_SIDE,
	SP_ITEM_BATCH,
	SP_ITEM_RUN_END,
	SP_ITEM_STREAM_END,
	SP_ITEM_OTHER,		/* a kind of a newer minor version: only raw */
};

struct sp_item {
	enum sp_item_kind kind;
	const uint8_t *raw;	/* the item as encoded (for pass-through) */
	size_t raw_len;
	union {
		struct sp_header header;
		struct sp_run_info run;
		struct sp_region_table regions;
		struct sp_rank_info rank;
		struct sp_side side;
		struct sp_batch batch;
		struct sp_run_end run_end;
		uint32_t stream_end_runs;
	} u;
};

/* --- writer --- */

struct sp_writer;

/* The writer writes into sink (borrowed; it must outlive the writer). */
struct sp_writer *sp_writer_new(struct sp_sink *sink, struct sp_err *e);
void sp_writer_free(struct sp_writer *w);
/*
 * The minor version the next headers say (0 until set; at most
 * SP_STREAM_MINOR): the oldest whose additions the section uses.
 */
void sp_writer_set_minor(struct sp_writer *w, int minor);
int sp_writer_minor(const struct sp_writer *w);

int sp_writer_header(struct sp_writer *w, enum sp_batch_stage stage,
    const char *producer, struct sp_err *e);
int sp_writer_run(struct sp_writer *w, const struct sp_run_info *run,
    struct sp_err *e);
int sp_writer_regions(struct sp_writer *w, const struct sp_region_table *t,
    struct sp_err *e);
int sp_writer_rank(struct sp_writer *w, const struct sp_rank_info *r,
    struct sp_err *e);
int sp_writer_side(struct sp_writer *w, const struct sp_side *s,
    struct sp_err *e);
/* Writes the call-stage columns too when the header said so. */
int sp_writer_batch(struct sp_writer *w, const struct sp_batch *b,
    struct sp_err *e);
int sp_writer_run_end(struct sp_writer *w, uint32_t run, uint64_t calls,
    uint64_t batches, struct sp_err *e);
int sp_writer_stream_end(struct sp_writer *w, uint32_t runs,
    struct sp_err *e);
/* Copy an item read elsewhere, byte for byte. */
int sp_writer_raw(struct sp_writer *w, const uint8_t *p, size_t n,
    struct sp_err *e);

/* --- reader --- */

struct sp_reader;

/* Reads fd (borrowed); name is used in messages ("-" shows as <stdin>). */
struct sp_reader *sp_reader_new(int fd, const char *name, struct sp_err *e);
void sp_reader_free(struct sp_reader *r);

/*
 * The next item: 1 with *item filled, 0 at the clean end of the input, -1
 * on error (bad data, truncation, I/O).  The reader checks the structure:
 * order of items, run and lane sequence, batch column sizes, and the counts
 * of each run-end and stream-end.
 */
int sp_reader_next(struct sp_reader *r, struct sp_item *item,
    struct sp_err *e);

const struct sp_header *sp_reader_header(const struct sp_reader *r);
const struct sp_run_info *sp_reader_run(const struct sp_reader *r);
const struct sp_region_table *sp_reader_regions(const struct sp_reader *r);
const struct sp_rank_info *sp_reader_rank(const struct sp_reader *r);
const char *sp_reader_name(const struct sp_reader *r);
/*
 * The pipeline that reads a profile into what the caller wants (borrowed,
 * NULL: none), said as "read it with FIX" instead of "read it with
 * sp-read" when the input turns out to be a profile file (HDF5, JSON,
 * gzip) rather than a stream.
 */
void sp_reader_set_fix(struct sp_reader *r, const char *fix);

/* The current rank's row of region (O(1)), or NULL if it has none. */
const struct sp_row_info *sp_reader_row(const struct sp_reader *r,
    uint32_t region);

/* Names of the x columns on the wire, indexed by enum sp_batch_xcol. */
extern const char *const sp_xcol_names[SP_X_COUNT];

#endif
