/*
 * sp_report_escape.h - the one escaping function of sp-report's page:
 * any bytes (a region name, a label, a path, a metadata value) made safe
 * for the place they land in, text, attribute or JSON in a script
 * (doc/report.md, "Escaping").
 *
 * Ownership: nothing is kept; output goes through w(ctx, ...) in pieces
 * of at most 4 KiB.
 */
#ifndef SP_REPORT_ESCAPE_H
#define SP_REPORT_ESCAPE_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_write.h"

/* Where escaped text lands. */
enum sp_report_ctx {
	SP_REPORT_TEXT,		/* between tags */
	SP_REPORT_ATTR,		/* a double- or single-quoted attribute */
	SP_REPORT_JSON,		/* inside a JSON string, in a <script> */
};

/*
 * The n bytes at s (any bytes) as they must be written in context c so
 * that a browser reads back the same characters and nothing else: in
 * text and attributes & < > " ' as references, C0 controls as numeric
 * references (NUL as U+FFFD, which is what HTML makes of it); in JSON
 * the escapes of JSON, with < > & U+2028 U+2029 as \u escapes, so that
 * no "</script" or "<!--" can appear.  A byte that is not UTF-8 becomes
 * U+FFFD in HTML and the lone surrogate \udcXX in JSON; a lone
 * surrogate that sp carries as its three bytes (sp_utf8_surrogate())
 * one U+FFFD in HTML and its \uXXXX escape in JSON: as sp-stats' JSON
 * writes them.  The output is valid UTF-8.
 */
int sp_report_escape(enum sp_report_ctx c, const char *s, size_t n,
    sp_write_fn *w, void *ctx, struct sp_err *e);

/*
 * ' data-region="NAME"': how every part of the page that stands for a
 * region names it for the script (click to highlight, the filter),
 * the name escaped for an attribute.
 */
int sp_report_region_attr(const char *name, size_t n, sp_write_fn *w,
    void *ctx, struct sp_err *e);

#endif
