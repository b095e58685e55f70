/*
 * sp_report_text.h - how every part of the page writes into its text
 * (struct sp_stats_text): a write callback for sp_report_escape() and
 * the other writers, a string escaped for its place, and seconds as
 * people read them.
 *
 * Ownership: the text is the caller's.
 */
#ifndef SP_REPORT_TEXT_H
#define SP_REPORT_TEXT_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_report_escape.h"
#include "sp_stats_text.h"

/* sp_write_fn into the sp_stats_text ctx; the text keeps its own error. */
int sp_report_text_write(void *ctx, const void *p, size_t n,
    struct sp_err *e);

/* n bytes of s escaped for context c (sp_report_escape.h). */
void sp_report_text_esc(struct sp_stats_text *b, enum sp_report_ctx c,
    const char *s, size_t n);

/* s seconds with digits significant digits: 1.23 s, 45.6 ms, 7.8 us, 90 ns. */
void sp_report_text_secs(struct sp_stats_text *b, double s, int digits);

#endif
