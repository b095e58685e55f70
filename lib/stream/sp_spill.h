/*
 * sp_spill.h - memory that overflows into temporary files, as
 * sort(1) does: what lets sp-json regroup a stream of any size, and
 * sp-read keep the calls of a JSON profile, in bounded memory.
 *
 * A memory budget (struct sp_jbudget) is shared by everything of one
 * task.  What does not fit goes to one temporary file (struct sp_jtmp),
 * created on first use in the directory given or $TMPDIR or /tmp, and
 * unlinked at once, so that nothing is left behind whatever happens.
 *
 *   sp_jspool  an append-only byte store: rendered JSON fragments.  In
 *              memory until its share of the budget is used up, then the
 *              whole of it on the temporary file.
 *   sp_jstore  an array of int64 slots written in any order and read
 *              back in slot order: the calls of a rank or a row, placed
 *              where the document needs them.  In memory when the budget
 *              allows it; otherwise on the temporary file.  There the
 *              values of each stream (a column of a row, say) that come
 *              in slot order are gathered into runs written in place;
 *              the others go, with their slot, to the bucket of their
 *              window (a budget-sized stretch of slots), and
 *              sp_jstore_seal() then builds those windows one at a
 *              time.  In order, the data is written once; in any other
 *              order, twice and read once more.
 *
 * Ownership: the caller owns every object it creates and frees it; a
 * spool or store borrows the temporary file and the budget given to it,
 * which must outlive it.  Pointers returned by sp_jstore_ptr() stay valid
 * until the store is freed.
 */
#ifndef SP_SPILL_H
#define SP_SPILL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_jbudget {
	uint64_t limit;		/* bytes of memory allowed */
	uint64_t used;		/* bytes taken so far */
};

/* Take n bytes of the budget if they fit (1), else take nothing (0). */
int sp_jbudget_take(struct sp_jbudget *b, uint64_t n);
void sp_jbudget_give(struct sp_jbudget *b, uint64_t n);

/* --- the temporary file --- */

struct sp_jtmp;

/* dir NULL: $TMPDIR, or /tmp.  The file is made on first use. */
struct sp_jtmp *sp_jtmp_new(const char *dir, struct sp_err *e);
void sp_jtmp_free(struct sp_jtmp *t);
/* Append n bytes (buffered); *off is where they start. */
int sp_jtmp_append(struct sp_jtmp *t, const void *p, size_t n, uint64_t *off,
    struct sp_err *e);
/* Reserve n bytes at the end, to be written with sp_jtmp_pwrite(). */
int sp_jtmp_reserve(struct sp_jtmp *t, uint64_t n, uint64_t *off,
    struct sp_err *e);
int sp_jtmp_pwrite(struct sp_jtmp *t, const void *p, size_t n, uint64_t off,
    struct sp_err *e);
int sp_jtmp_pread(struct sp_jtmp *t, void *p, size_t n, uint64_t off,
    struct sp_err *e);
/* Bytes put on the file so far (0: it was never needed). */
uint64_t sp_jtmp_size(const struct sp_jtmp *t);

/* --- spools --- */

struct sp_jspool;

/* share: the most memory this spool may take of the budget. */
struct sp_jspool *sp_jspool_new(struct sp_jtmp *t, struct sp_jbudget *b,
    uint64_t share, struct sp_err *e);
void sp_jspool_free(struct sp_jspool *s);
/* Append n bytes; *off is their offset in the spool. */
int sp_jspool_append(struct sp_jspool *s, const void *p, size_t n,
    uint64_t *off, struct sp_err *e);
uint64_t sp_jspool_size(const struct sp_jspool *s);
/* Hand bytes [off, off + n) to write, in pieces. */
int sp_jspool_copy(struct sp_jspool *s, uint64_t off, uint64_t n,
    sp_write_fn *write,
    void *ctx, struct sp_err *e);
/* A writer callback (sp_write_fn) that appends to the spool. */
int sp_jspool_write(void *spool, const void *p, size_t n, struct sp_err *e);

/* --- stores --- */

struct sp_jstore;

/*
 * n slots.  In memory if the budget has room for them, else on t, with
 * windows of about window_bytes, and nstreams streams (0: none).
 */
struct sp_jstore *sp_jstore_new(struct sp_jtmp *t, struct sp_jbudget *b,
    uint64_t n, uint64_t window_bytes, size_t nstreams, struct sp_err *e);
void sp_jstore_free(struct sp_jstore *s);
int sp_jstore_in_memory(const struct sp_jstore *s);
/*
 * Use a store in memory again for n slots, keeping its memory (no new
 * pages to fault in): 0, or -1 when it is on file or too small.
 */
int sp_jstore_reuse(struct sp_jstore *s, uint64_t n);
/*
 * Set slot i (< n) to v, as part of stream (< nstreams, else ignored).
 * Each slot is to be set once.
 */
int sp_jstore_put(struct sp_jstore *s, size_t stream, uint64_t i, int64_t v,
    struct sp_err *e);
/* After the last put: build the windows (on file), before any read. */
int sp_jstore_seal(struct sp_jstore *s, struct sp_err *e);
/* Slots [i, i + n) into out. */
int sp_jstore_read(struct sp_jstore *s, uint64_t i, size_t n, int64_t *out,
    struct sp_err *e);
/* The slots in memory (to fill or read directly), or NULL on file. */
int64_t *sp_jstore_ptr(const struct sp_jstore *s);

#endif
