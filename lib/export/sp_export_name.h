/*
 * sp_export_name.h - the file names of an exporter's outputs, as
 * scope-profiler's exporters name them (doc/exports.md, "Run labels and file
 * names").
 *
 * A name is made from a base path (the -o argument), the run's label when
 * the stream holds several runs, and the rank for exporters that write a
 * file per rank:
 *
 *   DIR/STEM[_SLUG][_rankN]SUFFIX
 *
 * DIR is the base's directory part, kept as given.  The base's file name
 * splits into STEM and SUFFIX at its first dot (the rule of the
 * speedscope and JSON exports: "run.speedscope.json" keeps
 * ".speedscope.json") or at its last dot (pathlib's suffix, for .prof and
 * flame graphs: a last dot that is neither the first nor the last
 * character); a name without one takes the exporter's default suffix.  A
 * base that ends in "/" names a directory, whose file is the exporter's
 * dir_stem with the default suffix: the name the reference's command line
 * writes there.  SLUG is the label made safe for a file name
 * (sp_label_slug), with any "/" turned into "_".
 *
 * Ownership: the rule is the caller's; *out is malloc'ed, the caller's to
 * free.
 */
#ifndef SP_EXPORT_NAME_H
#define SP_EXPORT_NAME_H

#include <stdint.h>

#include "sp_err.h"

enum sp_export_split {
	SP_EXPORT_FIRST_DOT,	/* the suffix starts at the first dot */
	SP_EXPORT_LAST_DOT,	/* pathlib: at the last dot */
};

struct sp_export_naming {
	enum sp_export_split split;
	const char *suffix;	/* for a name without one: ".prof" */
	const char *dir_stem;	/* the file in a directory: "profile" */
	int per_rank;		/* "_rank<N>" after the label */
};

/*
 * Who is told of each file an exporter has put in place under its name
 * (a regular file: not standard output, not a device), once complete:
 * fn(ctx, path).  fn NULL: no one.  The exporters' options carry one, so
 * that a program can say what it wrote; libsp itself never prints.
 */
struct sp_export_wrote {
	void (*fn)(void *ctx, const char *path);
	void *ctx;
};

/* label NULL: no label (a stream of one run); rank unused unless per_rank. */
int sp_export_name(const struct sp_export_naming *rule, const char *base,
    const char *label, uint32_t rank, char **out, struct sp_err *e);

#endif
