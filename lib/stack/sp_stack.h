/*
 * sp_stack.h - rebuild the call stacks of an interval stream: the engine
 * of sp-stack.
 *
 * A stacker turns the interval-stage batches of one lane at a time into
 * call-stage batches (see sp_batch.h), in one pass with one stack, so its
 * memory is O(deepest nesting) whatever the number of calls.  The result is
 * exactly the reference's reconstruction (doc/calls.md, "Containment" and
 * "Lanes") as long as the input is in canonical order, which the stacker
 * checks.
 *
 * Usage, per run: sp_stack_set_regions(); then per lane, in stream order:
 * sp_stack_begin_lane(), sp_stack_push() for each batch of the lane,
 * sp_stack_end_lane().  After a failure the lane is lost: begin a new one.
 *
 * Ownership: the caller owns the stacker.  The region table given to
 * sp_stack_set_regions() is borrowed and must outlive the lanes pushed
 * under it.  An output batch borrows the input batch's columns and adds
 * depth, parent and self columns that belong to the stacker; they are valid
 * until the next call on the same stacker.
 */
#ifndef SP_STACK_H
#define SP_STACK_H

#include <stddef.h>
#include <stdint.h>

#include "sp_batch.h"
#include "sp_err.h"

struct sp_stack;

/* NULL when out of memory. */
struct sp_stack *sp_stack_new(void);
void sp_stack_free(struct sp_stack *st);

/*
 * The run's region table: names[i] of name_lens[i] bytes (name_lens NULL:
 * NUL-terminated) name region id i in error messages; order[i] is region
 * i's rank in the region order that breaks ties between identical
 * intervals (NULL: the ids themselves are that order).
 */
void sp_stack_set_regions(struct sp_stack *st, size_t n,
    const char *const *names, const size_t *name_lens,
    const uint32_t *order);

/*
 * on: calls with the same start and end keep the order they come in, the
 * first one outer, instead of region order and call index: the calls of
 * a run that sp-read --window clipped (sp-stream(5), "window"), whose
 * ties come in the order of their unclipped times.  Off until set.
 */
void sp_stack_set_given_ties(struct sp_stack *st, int on);

/* Start a lane with an empty stack and sequence number 0. */
void sp_stack_begin_lane(struct sp_stack *st, uint32_t run,
    uint32_t rank, int64_t lane);

/*
 * Stack the next batch of the lane (interval stage, possibly empty) into
 * *out: the same calls, plus depth, parent and the self times of the calls
 * it closes; out->lane_end is 0.  Fails with SP_EDATA on a region id out of
 * range, a call that ends before it starts, input out of canonical order,
 * a batch whose sequence numbers do not follow on, and calls that overlap
 * without nesting (the reference's message, without the file and rank).
 */
int sp_stack_push(struct sp_stack *st, const struct sp_batch *in,
    struct sp_batch *out, struct sp_err *e);

/*
 * Close the lane: *out is an empty batch of the lane (its run, rank and
 * lane; n = 0, lane_end = 1) holding the self times of every call still
 * open, deepest first.
 */
int sp_stack_end_lane(struct sp_stack *st, struct sp_batch *out,
    struct sp_err *e);

#endif
