/*
 * sp_restack.h - what sp-stack does: read an interval stream, write the
 * call stream.  Every item but batches passes through byte for byte;
 * batches gain depth, parent and self time (sp_stack.h), one lane at a
 * time.  Shards of one run in consecutive sections (sp-read --shard: a
 * section's single run, then a run with the same run and regions items,
 * byte for byte, whose ranks come after) are joined into one run, as if
 * read at once (sp_join.h); other sections stay apart.  Memory: one
 * item, the run and regions items of the current first run of a section,
 * plus O(max depth) per lane.
 *
 * Errors name the input; nesting errors also the rank and lane.
 */
#ifndef SP_RESTACK_H
#define SP_RESTACK_H

#include "sp_stream.h"

int sp_restack(struct sp_reader *r, struct sp_writer *w, struct sp_err *e);

#endif
