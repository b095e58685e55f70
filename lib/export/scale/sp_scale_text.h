/*
 * sp_scale_text.h - a scaling series as a text table (doc/scale.md,
 * "The table"): a heading that says the study, then a block per row,
 * the whole run first: a line per x with the time and what follows from
 * it, and the verdict.
 */
#ifndef SP_SCALE_TEXT_H
#define SP_SCALE_TEXT_H

#include "sp_err.h"
#include "sp_scale.h"
#include "sp_scale_report.h"
#include "sp_write.h"

int sp_scale_text_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, sp_write_fn *write, void *ctx,
    struct sp_err *e);

/* Seconds with a unit, 4 significant digits: "1.235 s", "12.35 ms". */
void sp_scale_text_time(char *buf, size_t n, double s);

#endif
