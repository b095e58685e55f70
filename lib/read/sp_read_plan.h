/*
 * sp_read_plan.h - the runs that the files given to sp_read_files() make,
 * before anything is read: each file is of a format (struct sp_source_format),
 * known by its content, then its name; a file of a format that opens
 * parts (open_parts) is a part of that format's one run, and a directory
 * contributes its files of the format that lists them (dir_suffix).  For
 * sp_read.c only.
 *
 * Ownership: the plan owns the part paths (normalised copies) and the
 * array of runs; the paths of runs of one file are the caller's, and must
 * outlive the plan.  sp_read_plan_free() accepts a zeroed plan.
 */
#ifndef SP_READ_PLAN_H
#define SP_READ_PLAN_H

#include <stddef.h>

#include "sp_source.h"

/* One run: a file of its own, or the parts of one. */
struct sp_read_plan_run {
	const struct sp_source_format *fmt;
	const char *path;	/* a file of its own (NULL for parts) */
	char **parts;		/* the parts, sorted, each once */
	size_t nparts, capparts;
};

struct sp_read_plan {
	struct sp_read_plan_run *runs;
	size_t n, cap;
};

/*
 * The runs of paths (n of them) in the order given, a run of parts where
 * its first part was given.  Fails, naming the file, on a missing or
 * foreign input or a directory without files of a format that lists it.
 */
int sp_read_plan_make(const struct sp_source_format *const *formats,
    size_t nformats, const char *const *paths, size_t n,
    struct sp_read_plan *plan, struct sp_err *e);
void sp_read_plan_free(struct sp_read_plan *plan);

#endif
