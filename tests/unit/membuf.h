/*
 * membuf.h - a growing memory buffer as an sp write callback, for the
 * unit tests and the fuzz targets: membuf_write(&mb, ...) appends, and
 * with fail_after set refuses writes past that many bytes (a full disk).
 *
 * Ownership: the caller's struct, zeroed to start; the caller frees mb.p.
 */
#ifndef MEMBUF_H
#define MEMBUF_H

#include <stdlib.h>
#include <string.h>

#include "sp_err.h"

struct membuf {
	unsigned char *p;
	size_t n, cap;
	size_t fail_after;	/* refuse writes past this; 0: never */
};

static inline int
membuf_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct membuf *m = ctx;

	if (m->fail_after && m->n + n > m->fail_after)
		return sp_fail(e, SP_EIO, "membuf: full");
	if (m->n + n > m->cap) {
		size_t cap = (m->n + n) * 2;
		unsigned char *q = realloc(m->p, cap);

		if (q == NULL)
			return sp_fail(e, SP_ENOMEM, "membuf: out of memory");
		m->p = q;
		m->cap = cap;
	}
	memcpy(m->p + m->n, p, n);
	m->n += n;
	return 0;
}

#endif
