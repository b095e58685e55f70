/*
 * flamegen.h - call-path trees by hand for the unit tests of the
 * tree-drawn flame graphs, and a growing buffer to write them into.
 *
 *     calls(t, "ab3c21");
 *
 * A letter enters region letter - 'a', a digit closes the innermost call
 * with that many ns of self time, "|x" starts a lane labelled "Lx".  A
 * failure is a failed check (check.h).
 *
 * Ownership: a struct buf's bytes are the test's to free.
 */
#ifndef FLAMEGEN_H
#define FLAMEGEN_H

#include <stdlib.h>
#include <string.h>

#include "sp_flame_tree.h"
#include "check.h"

struct buf {
	char *p;
	size_t n, cap;
};

static inline int
buf_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct buf *b = ctx;

	(void)e;
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		if ((b->p = realloc(b->p, b->cap)) == NULL)
			abort();
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
	b->p[b->n] = '\0';
	return 0;
}

static inline void
calls(struct sp_flame_tree *t, const char *s)
{
	struct sp_err e;
	char label[3] = "L?";

	for (; *s != '\0'; s++) {
		int rc;

		if (*s >= 'a' && *s <= 'z')
			rc = sp_flame_tree_enter(t, (uint32_t)(*s - 'a'), &e);
		else if (*s >= '0' && *s <= '9')
			rc = sp_flame_tree_leave(t, *s - '0', &e);
		else {
			label[1] = *++s;
			rc = sp_flame_tree_lane(t, label, &e);
		}
		CHECK(rc == 0, "calls at '%s': %s", s, e.msg);
	}
}

#endif
