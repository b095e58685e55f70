/*
 * sp_diff_text.h - sp-diff's text (doc/diff.md, "Text"): the titles of
 * the two sides between rules of "=", the rows as a table, the keys only
 * on one side; or with a budget, the gate's layout: baseline, candidate,
 * budget, PASS or FAIL, the table sorted by pct, the violations.
 *
 * Ownership: the rows and the report are borrowed for the call.
 */
#ifndef SP_DIFF_TEXT_H
#define SP_DIFF_TEXT_H

#include "sp_diff.h"
#include "sp_diff_report.h"
#include "sp_err.h"
#include "sp_write.h"

int sp_diff_text_write(const struct sp_diff *d,
    const struct sp_diff_report *rep, sp_write_fn *write, void *ctx,
    struct sp_err *e);

#endif
