/*
 * sp_ahead.h - the stream's items read and cut ahead: a thread runs the
 * byte layer (sp_raw.h) one item ahead of the reader, so that read()'s
 * copy out of the page cache and the CBOR parse are paid on the other
 * core.  Two buffers: the caller has the item it was given (its bytes and
 * parse valid until its next call), the thread cuts the next into the
 * other, taking over what it had read beyond the item.  The thread
 * blocks every signal, so that handlers run on the caller's thread.
 *
 * Memory: two buffers of the byte layer's, each holding an item and its
 * read-ahead, and two parses.
 *
 * Ownership: the caller's; the descriptor and the name are borrowed (the
 * descriptor is read by nothing else while the thread lives).
 */
#ifndef SP_AHEAD_H
#define SP_AHEAD_H

#include "sp_raw.h"

struct sp_ahead;

/*
 * A thread cutting fd's items from its current offset, which must be the
 * start of a stream (its first item is cut only if it may be a header).
 * NULL on failure: out of memory (SP_ENOMEM), or no thread to be had
 * (SP_EIO): the caller may then read fd itself.
 */
struct sp_ahead *sp_ahead_new(int fd, const char *name, struct sp_err *e);
/* Ends the thread (after the item it is cutting). */
void sp_ahead_free(struct sp_ahead *a);

/*
 * The next item, as sp_raw_next() cuts it (the head checked for the first
 * item only).  After the input's end or a failure, the same again.
 */
enum sp_raw_got sp_ahead_next(struct sp_ahead *a, struct sp_raw_at *at,
    struct sp_err *e);

#endif
