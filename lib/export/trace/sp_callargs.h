/*
 * sp_callargs.h - what a call's slice shows besides its name, where the
 * profile has it: its region's source location on its rank, the call's
 * own numbers from its batch (call id, GPU time, await time), and its
 * per-call metadata (the region row's event_metadata, a JSON array with
 * one object per call in recording order, which the call's "call" index
 * picks).
 *
 * Source locations are copied per rank, so that they outlive the rank
 * item (sp-trace --align replays a rank after the next one was read);
 * metadata is looked up while the rank item is current.  A row's
 * metadata is indexed on first use: the place of each element, 8 bytes
 * per call of that row, so the memory is that of the rank item the
 * reader holds anyway, divided by the size of an element.  A call's
 * metadata is handed out as JSON text respelled by sp_json_respell (one
 * line, NaN and infinities as null); an empty object "{}" is no
 * metadata.
 *
 * Ownership: the caller owns the struct; the rank item is borrowed until
 * the next sp_callargs_rank(); strings handed out are the struct's, valid
 * until the next call of the same function (metadata) or the next rank
 * (source files).
 */
#ifndef SP_CALLARGS_H
#define SP_CALLARGS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"
#include "sp_stream.h"
#include "sp_trace.h"

struct sp_callargs;

struct sp_callargs *sp_callargs_new(struct sp_err *e);
void sp_callargs_free(struct sp_callargs *a);

/* The rank whose calls come next. */
int sp_callargs_rank(struct sp_callargs *a, const struct sp_rank_info *ri,
    struct sp_err *e);

/*
 * out's file and line: region's source location on the rank, if known,
 * and its source_key, the rank's (a new number for each rank).
 */
void sp_callargs_source(const struct sp_callargs *a, uint32_t region,
    struct sp_trace_args *out);

/* out's numbers (has, call_id, gpu_ns, await_ns): call i of batch b. */
void sp_callargs_columns(const struct sp_batch *b, size_t i,
    struct sp_trace_args *out);

/*
 * out's metadata: that of the call-th call of region's row on the rank
 * (NULL when it has none).  Fails (SP_EDATA) on metadata that is not a
 * JSON array of one value per call.
 */
int sp_callargs_meta(struct sp_callargs *a, uint32_t region, int64_t call,
    struct sp_trace_args *out, struct sp_err *e);

/*
 * All of out for call i of batch b (its region's source, its numbers,
 * its metadata): the three above at once, on the hot path of every call.
 */
int sp_callargs_call(struct sp_callargs *a, const struct sp_batch *b,
    size_t i, struct sp_trace_args *out, struct sp_err *e);

/*
 * Whether every call of b has no more arguments than its region's source
 * location: b has no call id, GPU or await column, and no row of the rank
 * has metadata.  Then what sp_callargs_call() would say of each call is
 * its region's entry of sp_callargs_table(), the same struct for all the
 * calls of a region, valid until the next rank.
 */
int sp_callargs_plain(const struct sp_callargs *a, const struct sp_batch *b);
void sp_callargs_table(const struct sp_callargs *a, struct sp_trace_argtab *t);

#endif
