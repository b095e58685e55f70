/*
 * sp_spt_internal.h - what the parts of the native-trace source share:
 *
 *   sp_spt_file.c    one file: its bytes by offset, its header and region
 *                    records, checked as the reference reads them
 *   sp_spt_source.c  the files of a run as one source, and its operations
 *
 * Ownership: the source (struct spt_src) owns its files, their paths and
 * images, the region names and source paths, and the one descriptor.
 */
#ifndef SP_SPT_INTERNAL_H
#define SP_SPT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_spt.h"

/* A name or source path longer than this is refused (16 MiB). */
#define SPT_TEXT_MAX ((int64_t)16 << 20)

/* One trace file: one rank's. */
struct spt_part {
	char *path;		/* as sp_read_files() spells it */
	unsigned char *img;	/* its bytes, for an image; else NULL */
	uint64_t size;
	int swap;		/* written in the other byte order */
	int version;		/* 1 or 2 */
	uint32_t rank;
	size_t row0, nrows;	/* its rows, before they are sorted by rank */
};

/* A region of the run's table. */
struct spt_region {
	char *name;
	size_t len;
	/* its row in the file being scanned, when stamp is that file + 1 */
	size_t row;
	size_t stamp;
};

/* A row's calls in its file: starts at `at`, ends after them. */
struct spt_calls {
	size_t part;
	uint64_t at;
};

struct spt_src {
	struct sp_source src;
	struct spt_part *parts;
	size_t nparts;
	struct spt_calls *calls;	/* one per row of src.rows */
	size_t caprows;
	/* the region table, by first appearance; a hash of its names */
	struct spt_region *regions;
	size_t capregions;
	uint32_t *slots;	/* region id + 1, 0 empty */
	size_t nslots;
	/* source paths, kept with the source */
	char **texts;
	size_t ntexts, captexts;
	int fd;			/* the file open for reading, or -1 */
	size_t fd_part;
};

/* sp_spt_file.c */

/*
 * Read the header and region records of part k, checked in the order and
 * with the messages of the reference's reader, into s: spt_add_record
 * for each record.
 */
int spt_part_scan(struct spt_src *s, size_t k, struct sp_err *e);
/*
 * n bytes at off of part k into dst, by pread from its file (opened on
 * first use, one at a time) or from its image; short: SP_EDATA.
 */
int spt_part_read(struct spt_src *s, size_t k, uint64_t off, void *dst,
    size_t n, struct sp_err *e);

/* sp_spt_source.c */

/* What a region record says, for spt_add_record. */
struct spt_record {
	const char *name;
	size_t name_len;
	char *source;		/* taken by spt_add_record; NULL: unknown */
	int has_line;
	int64_t line;
	uint64_t count;
	uint64_t at;		/* byte offset of its start times */
};

/*
 * A record of part k (the part being scanned, whose rows are the last):
 * a new row, or, for a name the part recorded before, that row's calls
 * and location replaced by the later record's.  It takes r->source (and
 * sets it to NULL), kept with the source or freed, whatever it returns.
 */
int spt_add_record(struct spt_src *s, size_t k, struct spt_record *r,
    struct sp_err *e);

#endif
