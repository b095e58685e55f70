/*
 * sp_json_respell.h - a JSON text respelled as json.dumps(json.loads(s))
 * spells it on one line (sp_json_text_emit), into memory: how sp-json
 * tells whether a row's event metadata survives JSON v1 as it is, and
 * how sp-read gives back the text a v1 document's "event_metadata"
 * stood for.
 *
 * Ownership: *buf is the caller's, grown here with realloc (*cap bytes
 * of room) and freed by the caller; s is only read.
 */
#ifndef SP_JSON_RESPELL_H
#define SP_JSON_RESPELL_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_json_emit.h"

/*
 * The respelled text of the n bytes at s in *buf, *len bytes of it;
 * floats that are not finite as how says: SP_JSON_EMIT_NULL as json_export's
 * json.dumps(allow_nan=False) would need them, SP_JSON_EMIT_WORDS as plain
 * json.dumps writes them.
 */
int sp_json_respell(const char *s, size_t n, enum sp_json_emit_nonfinite how,
    char **buf, size_t *len, size_t *cap, struct sp_err *e);

#endif
