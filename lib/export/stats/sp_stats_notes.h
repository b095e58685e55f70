/*
 * sp_stats_notes.h - what print_summary writes besides the table
 * (doc/stats.md, "Notes" and "Title and empty tables"): the notes box
 * under it, with the command
 * hints naming sp's programs, and the text of a run without rows.
 *
 * Ownership: everything is borrowed for the call.
 */
#ifndef SP_STATS_NOTES_H
#define SP_STATS_NOTES_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_jsonw.h"
#include "sp_stats.h"
#include "sp_stats_opts.h"
#include "sp_stats_text.h"

/* The default title: "[LABEL - ]PATH (N rank|ranks)". */
void sp_stats_title(const struct sp_stats_result *res, const char *cwd,
    struct sp_stats_text *b);

/* A run without rows: its title on a line, then "  (no regions recorded)". */
int sp_stats_notes_empty(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e);

/*
 * After the table of the n rows shown[]: the notes box (unless
 * suppressed), then the empty line that always ends the text.
 */
int sp_stats_notes_write(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const uint32_t *shown, size_t n,
    struct sp_opt session, const enum sp_stats_col *c, size_t nc,
    sp_write_fn *w, void *ctx, struct sp_err *e);

/* The same notes, a line at a time, without the box. */
int sp_stats_notes_each(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const uint32_t *shown, size_t n,
    struct sp_opt session, const enum sp_stats_col *c, size_t nc,
    int (*line)(void *ctx, const char *s, size_t n, struct sp_err *e),
    void *ctx, struct sp_err *e);

/* An empty line, then n lines in the Info box. */
int sp_stats_notes_box(const char *const *lines, size_t n,
    sp_write_fn *w, void *ctx, struct sp_err *e);

#endif
