/*
 * sp_ranks.h - the set of MPI ranks selected by --ranks.
 *
 * A spec is "all", a rank "N", an inclusive range "N-M" ("3-1" is empty,
 * as Python's range is), or a comma list of those ("0,2,5-7"); blanks
 * around parts and around the numbers of a range are allowed.  Repeated
 * specs add up (union).  Ranks are unsigned 32-bit decimal numbers.  The
 * reference reads each number with Python's int(), which also takes a sign,
 * underscores and non-ASCII digits; sp takes plain ASCII digits only.
 *
 * Ownership: the caller owns the set returned by sp_ranks_new and frees it
 * with sp_ranks_free; the spec strings are not kept.
 */
#ifndef SP_RANKS_H
#define SP_RANKS_H

#include <stdint.h>

#include "sp_err.h"

struct sp_ranks;

/* A set selecting every rank until a spec is added; NULL when out of memory. */
struct sp_ranks *sp_ranks_new(void);
void sp_ranks_free(struct sp_ranks *r);

/*
 * Add the ranks of spec.  On a malformed spec (an empty part, "-1", "x", a
 * number above 4294967295) fails with SP_EUSAGE naming the bad part, and
 * the set is left as it was.
 */
int sp_ranks_add(struct sp_ranks *r, const char *spec, struct sp_err *e);

/*
 * Whether the set places no restriction: nothing was added, or "all" was.
 * A spec that selects nothing ("3-1") is a restriction to no rank at all.
 */
int sp_ranks_all(const struct sp_ranks *r);

/* Whether rank is selected; O(log n) in the number of disjoint ranges. */
int sp_ranks_has(const struct sp_ranks *r, uint32_t rank);

/*
 * The smallest selected rank >= from, in *next; returns 1, or 0 when there
 * is none.  Lets a program walk the selection, to report a requested rank
 * that the run does not have, say.  With no restriction it gives from.
 */
int sp_ranks_next(const struct sp_ranks *r, uint32_t from, uint32_t *next);

/*
 * The last rank of the run of selected ranks that holds rank, which must
 * be selected: with sp_ranks_next, walks the selection range by range.
 */
uint32_t sp_ranks_span_end(const struct sp_ranks *r, uint32_t rank);

#endif
