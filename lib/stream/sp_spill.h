/*
 * sp_spill.h - memory that overflows into a temporary file, as sort(1)
 * does: what lets sp-json regroup a stream of any size, sp-read keep the
 * calls of a JSON profile, sp-stats its exact durations and sp-trace a
 * rank held back, in bounded memory.
 *
 * A memory budget (struct sp_spill_budget) is shared by everything of
 * one task.  What does not fit goes to one temporary file (struct
 * sp_spill_file), created on first use in the directory given or $TMPDIR
 * or /tmp, and unlinked at once, so that nothing is left behind whatever
 * happens.  Two kinds of object spill there:
 *
 *   sp_spill_spool  an append-only byte store: rendered JSON fragments.
 *                   In memory until its share of the budget is used up,
 *                   then the whole of it on the temporary file.
 *   sp_spill_store  an array of int64 slots written in any order and
 *                   read back in slot order: the calls of a rank or a
 *                   row, placed where the document needs them.  In
 *                   memory when the budget allows it; otherwise on the
 *                   temporary file.  There the values of each stream (a
 *                   column of a row, say) that come in slot order are
 *                   gathered into runs written in place; the others go,
 *                   with their slot, to the bucket of their window (a
 *                   budget-sized stretch of slots), and
 *                   sp_spill_store_seal() then builds those windows one
 *                   at a time.  In order, the data is written once; in
 *                   any other order, twice and read once more.
 *
 * Ownership: the caller owns every object it creates and frees it; a
 * spool or store borrows the temporary file and the budget given to it,
 * which must outlive it.  Pointers returned by sp_spill_store_ptr() stay
 * valid until the store is freed.
 */
#ifndef SP_SPILL_H
#define SP_SPILL_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_spill_budget {
	uint64_t limit;		/* bytes of memory allowed */
	uint64_t used;		/* bytes taken so far */
};

/* Take n bytes of the budget if they fit (1), else take nothing (0). */
int sp_spill_budget_take(struct sp_spill_budget *b, uint64_t n);
void sp_spill_budget_give(struct sp_spill_budget *b, uint64_t n);

/* --- the temporary file --- */

struct sp_spill_file;

/* dir NULL: $TMPDIR, or /tmp.  The file is made on first use. */
struct sp_spill_file *sp_spill_file_new(const char *dir, struct sp_err *e);
void sp_spill_file_free(struct sp_spill_file *t);
/* Append n bytes (buffered); *off is where they start. */
int sp_spill_file_append(struct sp_spill_file *t, const void *p, size_t n,
    uint64_t *off, struct sp_err *e);
/* Reserve n bytes at the end, to be written with sp_spill_file_pwrite(). */
int sp_spill_file_reserve(struct sp_spill_file *t, uint64_t n, uint64_t *off,
    struct sp_err *e);
int sp_spill_file_pwrite(struct sp_spill_file *t, const void *p, size_t n,
    uint64_t off, struct sp_err *e);
int sp_spill_file_pread(struct sp_spill_file *t, void *p, size_t n,
    uint64_t off, struct sp_err *e);
/* Bytes put on the file so far (0: it was never needed). */
uint64_t sp_spill_file_size(const struct sp_spill_file *t);

/* --- spools --- */

struct sp_spill_spool;

/* share: the most memory this spool may take of the budget. */
struct sp_spill_spool *sp_spill_spool_new(struct sp_spill_file *t,
    struct sp_spill_budget *b, uint64_t share, struct sp_err *e);
void sp_spill_spool_free(struct sp_spill_spool *s);
/* Append n bytes; *off is their offset in the spool. */
int sp_spill_spool_append(struct sp_spill_spool *s, const void *p, size_t n,
    uint64_t *off, struct sp_err *e);
uint64_t sp_spill_spool_size(const struct sp_spill_spool *s);
/* Hand bytes [off, off + n) to write, in pieces. */
int sp_spill_spool_copy(struct sp_spill_spool *s, uint64_t off, uint64_t n,
    sp_write_fn *write,
    void *ctx, struct sp_err *e);
/* A writer callback (sp_write_fn) that appends to the spool. */
int sp_spill_spool_write(void *spool, const void *p, size_t n,
    struct sp_err *e);

/* --- stores --- */

struct sp_spill_store;

/*
 * n slots.  In memory if the budget has room for them, else on t, with
 * windows of about window_bytes, and nstreams streams (0: none).
 */
struct sp_spill_store *sp_spill_store_new(struct sp_spill_file *t,
    struct sp_spill_budget *b, uint64_t n, uint64_t window_bytes,
    size_t nstreams, struct sp_err *e);
void sp_spill_store_free(struct sp_spill_store *s);
int sp_spill_store_in_memory(const struct sp_spill_store *s);
/*
 * Use a store in memory again for n slots, keeping its memory (no new
 * pages to fault in): 0, or -1 when it is on file or too small.
 */
int sp_spill_store_reuse(struct sp_spill_store *s, uint64_t n);
/*
 * Set slot i (< n) to v, as part of stream (< nstreams, else ignored).
 * Each slot is to be set once.
 */
int sp_spill_store_put(struct sp_spill_store *s, size_t stream, uint64_t i,
    int64_t v, struct sp_err *e);
/* After the last put: build the windows (on file), before any read. */
int sp_spill_store_seal(struct sp_spill_store *s, struct sp_err *e);
/* Slots [i, i + n) into out. */
int sp_spill_store_read(struct sp_spill_store *s, uint64_t i, size_t n,
    int64_t *out, struct sp_err *e);
/* The slots in memory (to fill or read directly), or NULL on file. */
int64_t *sp_spill_store_ptr(const struct sp_spill_store *s);

#endif
