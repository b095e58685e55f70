/*
 * sp_write.h - where a writer's bytes go: the one output callback of
 * libsp.  Every writer that produces bytes (JSON text, .prof files, trace
 * packets, gzip members, spilled blocks read back) hands them to a
 * function of this type with the caller's context, and the caller decides
 * where they land (a sink, a buffer, a compressor).
 *
 * The callback returns 0 once it has taken all n bytes, or -1 after
 * filling e (which may be NULL).
 */
#ifndef SP_WRITE_H
#define SP_WRITE_H

#include <stddef.h>

#include "sp_err.h"

typedef int sp_write_fn(void *ctx, const void *p, size_t n,
    struct sp_err *e);

#endif
