/*
 * sp_across_out.h - a writer for the tables of the programs comparing
 * runs: bytes, padding, formatted text and aligned cells to an
 * sp_write_fn, remembering its first failure (out of memory, I/O) so
 * that a table is written without a check after every piece.
 *
 * Ownership: write's context and e are the caller's.
 */
#ifndef SP_ACROSS_OUT_H
#define SP_ACROSS_OUT_H

#include <stddef.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_across_out {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	int failed;
};

void sp_across_out_put(struct sp_across_out *o, const char *s, size_t n);
void sp_across_out_str(struct sp_across_out *o, const char *s);
void sp_across_out_pad(struct sp_across_out *o, size_t n);
/* printf(3) into the output, up to 4095 bytes. */
void sp_across_out_printf(struct sp_across_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The characters of n bytes of UTF-8 (a byte that starts none counts). */
size_t sp_across_out_width(const char *s, size_t n);
/* s in width characters: left-aligned (left) or right-aligned. */
void sp_across_out_cell(struct sp_across_out *o, const char *s, size_t n,
    size_t width, int left);

#endif
