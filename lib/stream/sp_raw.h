/*
 * sp_raw.h - the stream reader's bytes: a descriptor read into a buffer
 * and cut into whole CBOR items (sp_cbor.h), with at most one item and a
 * little read-ahead in memory, so that memory depends on the largest item
 * (bounded by SP_ITEM_MAX), never on the stream.  Internal to lib/stream:
 * sp_stream_read.c reads through it, in turn or through the thread of
 * sp_ahead.h, which runs it ahead.
 *
 * Ownership: the struct is the caller's (sp_raw_init, sp_raw_fini), with
 * its buffer and parse; the descriptor and the name are borrowed.
 */
#ifndef SP_RAW_H
#define SP_RAW_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cbor.h"
#include "sp_err.h"

struct sp_raw {
	int fd;
	const char *name;	/* of the input, for messages */
	uint8_t *buf;
	size_t cap, start, end;	/* the bytes read and not yet cut */
	size_t last_item;	/* bytes of the item cut last: the next's guess */
	int eof;
	struct sp_cbor *doc;	/* the parse of the item cut last */
};

/* What sp_raw_next() found. */
enum sp_raw_got {
	SP_RAW_ERROR = -1,	/* e says what */
	SP_RAW_END = 0,		/* the input has ended, no byte is left */
	SP_RAW_ITEM = 1,	/* an item, parsed into doc */
	SP_RAW_NOT_HEAD = 2,	/* the next byte cannot begin a header */
};

/* The bytes at a point of the input: an item, or what is there. */
struct sp_raw_at {
	const uint8_t *p;
	size_t len;		/* SP_RAW_ITEM: the item's bytes */
	size_t avail;		/* bytes read from p on: len or more */
	struct sp_cbor *doc;	/* SP_RAW_ITEM: its parse */
};

/* Read fd into a buffer of cap bytes to begin with: -1 without memory. */
int sp_raw_init(struct sp_raw *w, int fd, const char *name, size_t cap);
void sp_raw_fini(struct sp_raw *w);

/*
 * Cut the next item; with head, only when its first byte may begin a
 * header (0xd9), else SP_RAW_NOT_HEAD, unparsed.  *at is valid until the
 * next call, also after an error (the bytes there, for a message).
 */
enum sp_raw_got sp_raw_next(struct sp_raw *w, int head, struct sp_raw_at *at,
    struct sp_err *e);

#endif
