/*
 * sp_inwin.h - a regular file read through a window mapped into memory,
 * for the stream reader: its items are parsed where they lie, with no
 * copy by read() into a buffer and none of a partly read item to the
 * front of it.
 *
 * The window covers the bytes from an offset on, WINDOW bytes or more
 * (as many as an item needs), up to the file's end as fstat() says it
 * is when the window moves; so the memory it takes is the window's,
 * whatever the file's size.  Only a descriptor on a regular file that is
 * not empty and can be mapped gets a window (sp_inwin_open says so);
 * anything else (a pipe, a terminal, /proc's files of size 0) is read.
 *
 * A file cut short by another process while mapped would make the
 * reading process fault (SIGBUS) where read() would see its end: the
 * price of the mapping, as for other programs that map their input.
 *
 * Ownership: the window is the caller's; the descriptor is borrowed.
 */
#ifndef SP_INWIN_H
#define SP_INWIN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sp_err.h"

struct sp_inwin {
	int fd;
	uint8_t *map;		/* the mapping, or NULL */
	size_t map_len;
	off_t map_off;		/* its first byte's offset: page-aligned */
	off_t size;		/* the file's, when last seen */
};

/*
 * A window on fd from its current offset on, mapped: 1; 0 when fd is not
 * one to map (nothing is changed then: read it instead).  *at is that
 * offset.
 */
int sp_inwin_open(struct sp_inwin *w, int fd, off_t *at);
/*
 * The bytes from offset at on, need of them or all the file has if it
 * has fewer: *p and *n (n >= need unless the file ends first).  Moves
 * the window if it does not hold them; pointers into it before are then
 * invalid.  -1 (SP_EIO) when the file cannot be mapped there.
 */
int sp_inwin_at(struct sp_inwin *w, off_t at, size_t need,
    const uint8_t **p, size_t *n, struct sp_err *e);
/* Unmaps; the struct may be opened again.  Accepts a closed one. */
void sp_inwin_close(struct sp_inwin *w);

#endif
