/*
 * sp_source.h - a profile as the ordering engine (sp_order) sees it: a run
 * with a region table and rows of calls that can be read in chunks.
 *
 * A file reader (h5/, json/) fills one of these; sp_order turns it into
 * the canonical stream.  Rows are grouped by rank, ranks ascending (the
 * order sp_order writes ranks in), and otherwise in file order; each
 * row's calls are read by offset, so memory never holds a whole row.
 *
 * Ownership: everything here belongs to the source and lives until
 * sp_source_free().
 */
#ifndef SP_SOURCE_H
#define SP_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_cbuf.h"
#include "sp_err.h"
#include "sp_stream.h"

struct sp_source_row {
	/* the file the row is in, for a source of several; NULL: path */
	const char *file;
	uint32_t rank;
	uint32_t region;
	uint64_t count;
	uint64_t offset;	/* first call in the source's columns */
	struct sp_row_info info;	/* region and calls filled in too */
};

struct sp_source;

struct sp_source_ops {
	/*
	 * Read calls [off, off + n) of a row: starts (or, for delta-encoded
	 * sources, start deltas) into a, ends (or durations) into b, and each
	 * x column whose pointer is non-NULL.
	 */
	int (*read)(struct sp_source *s, size_t row, uint64_t off, size_t n,
	    int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT],
	    struct sp_err *e);
	/* Thread and task tables of a rank (may set nothing). */
	int (*tables)(struct sp_source *s, uint32_t rank,
	    struct sp_rank_info *out, struct sp_err *e);
	/* Opaque payloads of a rank: call emit for each. */
	int (*sides)(struct sp_source *s, uint32_t rank,
	    int (*emit)(void *ctx, const char *kind, const uint8_t *p,
	    size_t n, struct sp_err *e), void *ctx, struct sp_err *e);
	void (*free)(struct sp_source *s);
};

struct sp_source {
	const struct sp_source_ops *ops;
	const char *path;	/* the file, or the first of several */
	/*
	 * The run's name when the format gives one (its metadata's label,
	 * or a fixed name, as "native_trace" for native traces), else NULL:
	 * the run is then named by its file's stem.
	 */
	const char *label;
	const char *source_format;
	const char *layout;
	int64_t schema;
	uint32_t num_ranks;
	int event_data;
	uint8_t *metadata;	/* CBOR map */
	size_t metadata_len;
	size_t nregions;
	char **names;
	size_t nrows;
	struct sp_source_row *rows;
	int delta;		/* a/b are start deltas and durations */
	unsigned xmask;		/* x columns the source has */
	/* ranks that have side payloads or tables but maybe no rows */
	size_t nextra_ranks;
	uint32_t *extra_ranks;
};

/*
 * Free a source (NULL is fine): ops->free first, for what the format
 * keeps, then, with free(), the rows and each row's tags array, the names
 * array (not the names, which are the format's), the metadata, the extra
 * ranks, the label and s itself; so a format allocates those, and the
 * struct that begins with its struct sp_source, with malloc.
 */
void sp_source_free(struct sp_source *s);

/*
 * A profile format: how a file is recognised and opened as a source.
 * Each reader (h5/, json/) defines one; the program lists those it links
 * (cmd/sp-read.c), and sp_read_files() tries them in that order.  Any
 * recogniser may be NULL.
 */
struct sp_source_format {
	const char *name;	/* "hdf5", "json", "spt" */
	int stdin_ok;		/* "-" (standard input) is of this format */
	/* By content, given the path (a signature past a user block). */
	int (*sniff_path)(const char *path);
	/* By the first bytes of the file (at most 16, at least 1). */
	int (*sniff_bytes)(const unsigned char *p, size_t n);
	/* By the name, once the content said nothing. */
	int (*by_name)(const char *path);
	/* tmpdir: where calls may wait (NULL: $TMPDIR, else /tmp). */
	struct sp_source *(*open)(const char *path, const char *tmpdir,
	    struct sp_err *e);
	/*
	 * A format whose files are parts of one run (the rank files of a
	 * native trace, one per rank) opens them together, as one source:
	 * sp_read_files() gives it every file of the format it was handed,
	 * however many and in whatever order, each once (by its normalised
	 * spelling, sp_path.h) and sorted by path components, as the
	 * reference's find_traces takes them; the run sits where the first
	 * of them was given.  NULL: each file is a run of its own (open).
	 */
	struct sp_source *(*open_parts)(const char *const *paths, size_t n,
	    const char *tmpdir, struct sp_err *e);
	/*
	 * A directory given as a file contributes its entries whose names
	 * end in this (".spt"; hidden ones too, not its subdirectories'),
	 * as parts; NULL: a directory is no input of this format.
	 */
	const char *dir_suffix;
};

#endif
