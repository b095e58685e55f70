/*
 * sp_json_read.h - a JSON profile (scope-profiler's format version 1, as
 * sp-json or scope-profiler writes it, plain or gzip-compressed) as a
 * struct sp_source, for sp-read.
 *
 * The document is parsed once, as it is read, by YAJL's streaming parser:
 * the per-call columns of each region row (start_times_ns, end_times_ns,
 * gpu_durations_ns, call_ids, parent_ids, thread_ids, task_ids, await_ns)
 * and the per-call event metadata go to a temporary file (under $TMPDIR,
 * or /tmp, unlinked at once) as they are parsed, and the source reads
 * rows back from it by offset, so that memory holds only what is not
 * per call: metadata, the row index, lane tables and side payloads.
 *
 * What the document means follows scope-profiler's read_json
 * (doc/formats.md, "JSON profiles"): defaults for missing keys (num_ranks 0,
 * event_data_available true), region ids in the order names first
 * appear, and the extension keys that sp-json writes (sp-json(1)), which
 * make the stream equal to the one the document was written from.
 *
 * The parts: sp_json_parse.h (the streaming parse), sp_json_calls.h (a
 * row's per-call values to the file), sp_json_row.h (a row),
 * sp_json_run.h (the top-level keys), sp_json_perrank.h (lane tables,
 * side payloads), sp_json_source.h (the source and its operations).
 *
 * Errors (SP_EDATA) adapt the reference's JSONProfileError: "not a
 * scope-profiler JSON profile" and "uses JSON profile format version V".
 *
 * Ownership: the source is the caller's, freed with sp_source_free();
 * path is borrowed and must outlive it.
 */
#ifndef SP_JSON_READ_H
#define SP_JSON_READ_H

#include "sp_source.h"

/* JSON profiles, for sp_read_files(); the format of standard input. */
extern const struct sp_source_format sp_json_format;

/* path "-" reads standard input. tmpdir NULL: $TMPDIR, else /tmp. */
struct sp_source *sp_json_open(const char *path, const char *tmpdir,
    struct sp_err *e);

/*
 * What the first bytes of a file say (doc/formats.md, "Knowing a file"): 1
 * gzip or "{" after white space (a JSON profile), 0 anything else.
 */
int sp_json_sniff_bytes(const unsigned char *p, size_t n);

/* Whether the name ends in .json or .json.gz, in any case. */
int sp_json_is_json_path(const char *path);

#endif
