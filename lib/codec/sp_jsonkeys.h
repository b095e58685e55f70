/*
 * sp_jsonkeys.h - the keys of scope-profiler's JSON profile (format
 * version 1) that both its reader (read/json) and its writer
 * (export/json) name, defined once so that the two cannot drift apart.
 * The side payloads' keys are sp_sidejson.h's.
 */
#ifndef SP_JSONKEYS_H
#define SP_JSONKEYS_H

/*
 * A region row's per-call columns: the start and end times, then the
 * optional columns in the order of the stream's enum sp_batch_xcol (sp_batch.h:
 * gpu, call id, parent id, thread, task, await), so that key 2 + k is
 * that of column k.
 */
#define SP_JSONKEYS_NCALLS 8
extern const char *const sp_jsonkeys_calls[SP_JSONKEYS_NCALLS];

#endif
