/*
 * sp_perfetto.h - a streaming writer of one Perfetto trace: protobuf
 * TrackEvents (the format ui.perfetto.dev and trace_processor read
 * natively), through the interface of sp_trace.h.
 *
 * The trace is a sequence of TracePackets, each framed as field 1 of the
 * Trace message (byte 0x0A, the length, the packet), so that traces
 * written one after the other are again a trace.  Every lane is one
 * packet sequence (trusted_packet_sequence_id = its seq) that starts
 * with its descriptors and carries its slices:
 *
 *   - the first lane of the trace first describes the root track (uuid
 *     0) with explicit process and thread ordering;
 *   - the first lane of a rank then describes the rank's process track:
 *     pid, process_name, process_labels (align=..., shift_ns=...), a
 *     description, and its rank as sibling_order_rank;
 *   - then the lane's thread track: pid, tid, thread_name, and its place
 *     in the rank as sibling_order_rank.
 *
 * The sequence's first packet says first_packet_on_sequence and
 * SEQ_INCREMENTAL_STATE_CLEARED; every slice's SLICE_BEGIN names its
 * region by an interned id (the region id + 1, defined in the packet's
 * interned_data the first time the sequence uses it) and says
 * SEQ_NEEDS_INCREMENTAL_STATE; its arguments are debug annotations with
 * interned names (source_file, source_line, call_id, gpu_ns, await_ns,
 * metadata).  SLICE_END carries only its time and track.  Descriptor
 * packets carry the time of the lane's first slice, so that times never
 * go back on a sequence.
 *
 * Memory: an output buffer (1 MiB, more for a packet that does not fit
 * in it), and per region a word saying on which sequence its name was
 * interned: O(regions), never O(calls).
 */
#ifndef SP_PERFETTO_H
#define SP_PERFETTO_H

#include <stddef.h>

#include "sp_trace.h"

/* The field numbers written (protos/perfetto/trace/...). */
enum {
	SP_PF_TRACE_PACKET = 1,
	SP_PF_PACKET_TIMESTAMP = 8,
	SP_PF_PACKET_SEQUENCE_ID = 10,
	SP_PF_PACKET_TRACK_EVENT = 11,
	SP_PF_PACKET_INTERNED_DATA = 12,
	SP_PF_PACKET_SEQUENCE_FLAGS = 13,
	SP_PF_PACKET_TRACK_DESCRIPTOR = 60,
	SP_PF_PACKET_FIRST_ON_SEQUENCE = 87,
	SP_PF_TRACK_UUID = 1,
	SP_PF_TRACK_PROCESS = 3,
	SP_PF_TRACK_THREAD = 4,
	SP_PF_TRACK_SIBLING_ORDER_RANK = 12,
	SP_PF_TRACK_DESCRIPTION = 14,
	SP_PF_TRACK_PROCESS_ORDERING = 19,
	SP_PF_TRACK_THREAD_ORDERING = 20,
	SP_PF_PROCESS_PID = 1,
	SP_PF_PROCESS_NAME = 6,
	SP_PF_PROCESS_LABELS = 8,
	SP_PF_THREAD_PID = 1,
	SP_PF_THREAD_TID = 2,
	SP_PF_THREAD_NAME = 5,
	SP_PF_EVENT_DEBUG_ANNOTATIONS = 4,
	SP_PF_EVENT_TYPE = 9,
	SP_PF_EVENT_NAME_IID = 10,
	SP_PF_EVENT_TRACK_UUID = 11,
	SP_PF_ANNOTATION_NAME_IID = 1,
	SP_PF_ANNOTATION_INT = 4,
	SP_PF_ANNOTATION_STRING = 6,
	SP_PF_INTERNED_EVENT_NAMES = 2,
	SP_PF_INTERNED_ANNOTATION_NAMES = 3,
	SP_PF_INTERNED_IID = 1,
	SP_PF_INTERNED_NAME = 2,
};

/* Values of the enums and flags written. */
enum {
	SP_PF_SLICE_BEGIN = 1,
	SP_PF_SLICE_END = 2,
	SP_PF_SEQ_CLEARED = 1,
	SP_PF_SEQ_NEEDS = 2,
	SP_PF_ORDERING_EXPLICIT = 1,
};

/*
 * A writer of a trace whose regions are names[0..n) (lens[i] bytes each;
 * borrowed), its bytes handed to write(ctx, ...).
 */
struct sp_trace_writer *sp_perfetto_new(const char *const *names,
    const size_t *lens, size_t n, sp_write_fn *write, void *ctx,
    struct sp_err *e);

#endif
