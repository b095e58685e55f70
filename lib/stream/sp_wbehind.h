/*
 * sp_wbehind.h - write-behind: a thread that writes a descriptor's
 * buffers while the caller fills the next one, so that the cost of
 * write() (a copy into the page cache, as much as the work that made the
 * bytes, for a big output) is paid on the other core.
 *
 * Two buffers: the caller fills one (sp_wbehind_buf) and hands it over
 * (sp_wbehind_put), which first waits for the thread to be done with the
 * other, then gives the caller that one.  The thread writes a buffer
 * whole, in order, or stops at the first failure, whose errno the next
 * put or wait returns (the bytes after it are not written).  The thread
 * blocks every signal, so that handlers run on the caller's thread.
 *
 * Memory: two buffers of the size given.
 *
 * Ownership: the caller's; the descriptor is borrowed (free does not
 * close it) and must be written by nothing else while the thread lives.
 */
#ifndef SP_WBEHIND_H
#define SP_WBEHIND_H

#include <stddef.h>

#include "sp_err.h"

struct sp_wbehind;

/*
 * A thread writing fd, buffers of size bytes.  NULL on failure: out of
 * memory (SP_ENOMEM), or no thread to be had (SP_EIO): the caller may
 * then write fd itself.
 */
struct sp_wbehind *sp_wbehind_new(int fd, size_t size, struct sp_err *e);
/* Waits for what was handed over to be written, then ends the thread. */
void sp_wbehind_free(struct sp_wbehind *w);

/* The buffer to fill: size bytes. */
unsigned char *sp_wbehind_buf(struct sp_wbehind *w);
/*
 * Hand the buffer's first n bytes to the thread: 0, or the errno of a
 * write that failed before (nothing is handed then).
 */
int sp_wbehind_put(struct sp_wbehind *w, size_t n);
/* Wait until all that was handed is written: 0, or a failure's errno. */
int sp_wbehind_wait(struct sp_wbehind *w);

#endif
