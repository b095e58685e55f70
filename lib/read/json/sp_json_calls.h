/*
 * sp_json_calls.h - a row's per-call values on their way from the parse
 * to the source's temporary file, so that memory never holds a row: a
 * column's integers, buffered and appended as int64; and the row's
 * event_metadata, its text gathered across input chunks, then appended
 * as json.dumps spells it (the text a profile stores).
 *
 * Ownership: the caller owns the sink (sp_json_calls_free accepts NULL); it
 * borrows the temporary file, which must outlive it.
 */
#ifndef SP_JSON_CALLS_H
#define SP_JSON_CALLS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_spill.h"

struct sp_json_calls;

struct sp_json_calls *sp_json_calls_new(struct sp_spill_file *tmp,
    struct sp_err *e);
void sp_json_calls_free(struct sp_json_calls *c);

/*
 * A column: its start, each value (the number's text, n bytes), its
 * end with where its *n values went.  sp_json_calls_value returns 0, 1 when
 * the number is not a 64-bit integer, -1 when the file fails.
 */
void sp_json_calls_column(struct sp_json_calls *c);
int sp_json_calls_value(struct sp_json_calls *c, const char *p, size_t n,
    struct sp_err *e);
int sp_json_calls_column_end(struct sp_json_calls *c, uint64_t *off,
    uint64_t *n, struct sp_err *e);

/*
 * The event metadata: its text as it comes, n bytes at a time (-1: out
 * of memory), then its end with where the respelled text went, *len
 * bytes of it.
 */
int sp_json_calls_text(struct sp_json_calls *c, const unsigned char *p,
    size_t n);
int sp_json_calls_text_end(struct sp_json_calls *c, uint64_t *off,
    uint64_t *len, struct sp_err *e);

#endif
