/*
 * sp_stats_sort.h - the values of a sequence (a group of an sp_stats_pool:
 * the durations of a region, say) handed out in ascending order, in
 * bounded memory, as sort(1) does.
 *
 * A sequence whose values and the sort's scratch (16 bytes a value) fit
 * in load_max bytes is read whole and sorted in memory.  A longer one is
 * cut into runs of load_max / 16 values (at least SP_STATS_SORT_RUN_MIN),
 * each sorted and appended to the task's temporary file; reading then
 * merges the runs (a heap over them), each read through a buffer of its
 * share of load_max (at least SP_STATS_SORT_BUF_MIN values).  Memory is
 * about load_max either way, whatever the length.  Runs stay on the file,
 * so a sort read to its end can be read again (sp_stats_sort_rewind()).
 *
 * Ownership: the caller owns the sort; the pool (or source) is read only
 * in sp_stats_sort_new(); the temporary file is borrowed and must outlive
 * the sort.
 */
#ifndef SP_STATS_SORT_H
#define SP_STATS_SORT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sp_err.h"
#include "sp_spill.h"
#include "sp_stats_pool.h"
#include "sp_stats_seq.h"

#define SP_STATS_SORT_RUN_MIN 1024
#define SP_STATS_SORT_BUF_MIN 512

struct sp_stats_sort;

/* The values of group g of p (may be empty). */
struct sp_stats_sort *sp_stats_sort_new(struct sp_stats_pool *p, uint32_t g,
    uint64_t load_max, struct sp_spill_file *t, struct sp_err *e);
/* The values of any source with random access (sp_stats_seq.h). */
struct sp_stats_sort *sp_stats_sort_new_vsrc(const struct sp_stats_seq_src *src,
    uint64_t load_max, struct sp_spill_file *t, struct sp_err *e);
void sp_stats_sort_free(struct sp_stats_sort *s);

/* The next up to n values into out: how many (0 at the end), or -1. */
ssize_t sp_stats_sort_read(struct sp_stats_sort *s, int64_t *out, size_t n,
    struct sp_err *e);
/* Start again from the smallest value. */
int sp_stats_sort_rewind(struct sp_stats_sort *s, struct sp_err *e);

/* Values in all. */
uint64_t sp_stats_sort_count(const struct sp_stats_sort *s);
/* Runs on the temporary file (0: sorted in memory). */
size_t sp_stats_sort_runs(const struct sp_stats_sort *s);

/* n doubles in place, ascending (no NaN). */
void sp_stats_sort_doubles(double *a, size_t n);
/* n int64 in place, ascending; scratch holds n values. */
void sp_stats_sort_int64(int64_t *a, size_t n, int64_t *scratch);

#endif
