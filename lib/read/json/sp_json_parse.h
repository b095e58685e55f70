/*
 * sp_json_parse.h - a JSON profile parsed once, as it is read, by YAJL's
 * streaming parser, chunk by chunk, into a struct sp_json_source.
 *
 * The per-call columns of each region row (start_times_ns, ...,
 * await_ns) and its event_metadata go to the source's temporary file as
 * they come (sp_json_calls.h); the row's other keys are built as a
 * small value (sp_jvalue.h) and the row handed to sp_json_row_add when
 * it ends; the top-level keys the run reads are kept as values for
 * sp_json_run_finish, the others dropped as they come.
 *
 * YAJL keeps a token that spans input chunks in a buffer of its own,
 * which grows without bound: a string of 2^31 bytes gzips to a couple
 * of MB.  So the parse refuses input that has gone 16 MiB without
 * completing a single token (a string, number, key or bracket), before
 * YAJL holds more.  (YAJL also rescans such a token for every chunk, so
 * its time grows with the square of the token's length: 16 MiB cost
 * 1.4 s, 64 MiB 12.7 s.)
 *
 * Errors (SP_EDATA) name the source and, for text that is not JSON, the
 * byte where YAJL stopped.
 *
 * Ownership: the parse borrows the source, which must outlive it; the
 * values it keeps are its own, until sp_json_parse_free (NULL is fine).
 */
#ifndef SP_JSON_PARSE_H
#define SP_JSON_PARSE_H

#include <stddef.h>

#include "sp_json_run.h"
#include "sp_json_source.h"

struct sp_json_parse;

struct sp_json_parse *sp_json_parse_new(struct sp_json_source *s,
    struct sp_err *e);
void sp_json_parse_free(struct sp_json_parse *p);

/* The next n (> 0) bytes of the document. */
int sp_json_parse_feed(struct sp_json_parse *p, const unsigned char *buf,
    size_t n, struct sp_err *e);
/* The end of the document: it must be one whole object. */
int sp_json_parse_end(struct sp_json_parse *p, struct sp_err *e);

/* After the end: the top-level values by key (NULL: absent). */
struct sp_jvalue *const *sp_json_parse_top(const struct sp_json_parse *p);

#endif
