/*
 * sp_trace_chrome.h - a streaming writer of one trace in Chrome's Trace Event
 * Format (JSON), the legacy format that ui.perfetto.dev and speedscope
 * read, through the interface of sp_trace.h.
 *
 * The document is an object: "traceEvents", the events one per line as
 * they come, then "displayTimeUnit": "ns" and "metadata" (the run's
 * label and source, the exporter, the alignment and each rank's shift,
 * the minimum duration and the calls it dropped), known only at the end.
 *
 *   - A rank's process is pid rank + 1 (pid 0 is special to the
 *     viewers), named and ordered by "M" events (process_name,
 *     process_sort_index = the rank, process_labels) written before its
 *     first slice; a lane's thread is tid (rank + 1) * 65536 + k, with
 *     thread_name and thread_sort_index = k.  No event has "cat", so
 *     that speedscope never takes the file for a Chrome profile.
 *   - Each call is one complete event ("ph": "X") with "ts" and "dur" in
 *     microseconds, written with exactly three decimals from the integer
 *     ns (no floating point: 1234567 ns is 1234.567), so that every time
 *     reads back as the ns it came from, and no two calls swap order.
 *     Events come in the stream's order (start ascending, end
 *     descending), which keeps parents before their children at equal
 *     times in every viewer.
 *   - "args" holds the call's source_file, source_line, call_id, gpu_ns,
 *     await_ns and metadata where it has them, and is left out when it
 *     has none.
 *
 * Strings are escaped as Python's json.dump escapes them (ASCII only).
 * Memory: an output buffer and each region's escaped name: O(regions).
 */
#ifndef SP_TRACE_CHROME_H
#define SP_TRACE_CHROME_H

#include <stddef.h>

#include "sp_trace.h"

/* As sp_perfetto_new(): regions names[0..n), bytes to write(ctx, ...). */
struct sp_trace_writer *sp_trace_chrome_new(const char *const *names,
    const size_t *lens, size_t n, sp_write_fn *write, void *ctx,
    struct sp_err *e);

/*
 * ns as microseconds with three decimals ("1234.567", "0.001"): at most
 * SP_TRACE_CHROME_US_MAX bytes at p, no NUL; returns the length.
 */
#define SP_TRACE_CHROME_US_MAX 24
size_t sp_trace_chrome_us(char *p, uint64_t ns);

#endif
