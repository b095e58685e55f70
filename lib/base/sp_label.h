/*
 * sp_label.h - run labels, their unique forms and their file-name slugs.
 *
 * A run is called by the label in its metadata, or else by the stem of
 * the file it came from.  When several runs are exported together, a label
 * seen before gets a number ("run", "run (2)", "run (3)"), and output file
 * names carry the label's slug ("run (2)" -> "run_2").
 *
 * Ownership: the strings stored in *out are the caller's to free.  The
 * label set from sp_label_set_new owns the labels it hands out: they stay
 * valid until sp_label_set_free.
 */
#ifndef SP_LABEL_H
#define SP_LABEL_H

#include "sp_err.h"

/*
 * The stem of a path, as Python's pathlib.PurePosixPath(path).stem: the
 * last component (ignoring trailing slashes and "." components) without
 * its last suffix, where a suffix needs a dot that is neither first nor
 * last: "a/run.json.gz" -> "run.json", ".hidden" -> ".hidden", "run." ->
 * "run.", "/" -> "".  The path "-" (standard input) gives "stdin".
 */
int sp_label_stem(const char *path, char **out, struct sp_err *e);

/* A run's label: meta (its metadata label) unless NULL or "", else the stem. */
int sp_label_run(const char *meta, const char *path, char **out,
    struct sp_err *e);

/*
 * The slug of a label: every run of characters other than letters, digits
 * (both in the Unicode sense of Python's \w), "_", ".", "+" and "-" becomes
 * one "_", then every "_" at either end goes; if nothing is left, the label
 * itself.  Bytes that are not valid UTF-8 count as characters to replace.
 * "run (2)" -> "run_2", "__init__" -> "init", "(2)" -> "2", "  " -> "  ".
 */
int sp_label_slug(const char *label, char **out, struct sp_err *e);

/*
 * What tells n runs apart in a title, each run given as its name (its
 * label before a number made it unique), its source path and its unique
 * label: the unique label of a run whose name no other run has; else
 * "NAME (FILE)", FILE the last component of its source, or the source
 * whole when another run of the name has the same last component, or
 * "<stdin>" for "-"; else (the same source twice) the unique label.
 * out[0..n) are malloc'ed, the caller's to free; on failure none is left.
 */
int sp_label_apart(const char *const *names, const char *const *sources,
    const char *const *uniques, size_t n, char **out, struct sp_err *e);

struct sp_label_set;

/* An empty set of labels; NULL when out of memory. */
struct sp_label_set *sp_label_set_new(void);
void sp_label_set_free(struct sp_label_set *l);

/*
 * Hand out the unique form of label in *unique.  The k-th time a label is
 * added it becomes "<label> (k)", as in the reference.  The reference can
 * hand out one name twice (a label "run (2)" and a second "run"); here a
 * name already handed out is skipped and the count goes on:
 * "run", "run (2)", "run" give "run", "run (2)", "run (3)", and
 * "run", "run", "run (2)" give "run", "run (2)", "run (2) (2)".
 * Every name handed out is distinct, and it is the reference's whenever
 * the reference's names are distinct.  Linear in the labels held.
 */
int sp_label_set_add(struct sp_label_set *l, const char *label,
    const char **unique, struct sp_err *e);

#endif
