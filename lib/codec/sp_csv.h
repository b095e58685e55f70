/*
 * sp_csv.h - one cell of a CSV or TSV table.  CSV as Python's csv module
 * writes it: a cell holding a comma, a quote, a newline or a carriage
 * return is quoted, its quotes doubled; TSV: tabs, newlines, carriage
 * returns and backslashes escaped as \t \n \r \\, nothing quoted.
 *
 * Ownership: s is read during the call.
 */
#ifndef SP_CSV_H
#define SP_CSV_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_write.h"

int sp_csv_cell(sp_write_fn *write, void *ctx, const char *s, size_t n,
    int tsv, struct sp_err *e);

#endif
