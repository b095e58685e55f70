/*
 * sp_flame_embed.h - the aggregated tree as the interactive graph carries
 * it: one JSON object, compact, that its script lays out.
 *
 *   {"nodes": K, "paths": N, "merged_nodes": M,
 *    "names": ["<run rank 0>", "main", ...],
 *    "kinds": [2, 0, ...],
 *    "outer": [[ns, ...], ...],
 *    "tree": [dp, name, dp, name, ...],
 *    "v": [[calls, self, total, ...], ...],
 *    "merged": [id, count, ...]}
 *
 * names: every name once (kinds: 0 a region, 1 a lane frame, 2 the
 * root's), with per side its outermost time in ns over the whole tree
 * (sp_flame_flat.h), also where nodes were merged.  tree: two numbers a
 * node, in preorder, the root first: dp, the node's id less its
 * parent's (0 for the root; ids are positions), and the index of its
 * name.  v: per side (one, or before and after), three a node: calls,
 * self ns and total ns.
 *
 * The budget: at most max_nodes nodes (0: all).  Past it the nodes with
 * the largest total (the larger side's) are kept, the earlier of equals,
 * which keeps every kept node's parent; the others are merged into
 * their nearest kept ancestor, whose total still counts them: its total
 * less its self time and its kept children's totals is their time, and
 * merged lists, for each such ancestor, how many nodes it took in.
 * paths is the number of nodes before the budget, K after it, M = N - K.
 *
 * Ownership: the tree and the writer are borrowed for the call.
 */
#ifndef SP_FLAME_EMBED_H
#define SP_FLAME_EMBED_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_flame_flat.h"
#include "sp_flame_out.h"

struct sp_flame_embed_stats {
	size_t paths;		/* nodes of the tree, the root included */
	size_t nodes;		/* written */
	int64_t merged_ns[SP_FLAME_SIDES_MAX];	/* time of merged nodes */
};

/* Write f; st may be NULL.  Fails as the writer does, or without memory. */
int sp_flame_embed_write(struct sp_flame_out *o, const struct sp_flame_flat *f,
    size_t max_nodes, struct sp_flame_embed_stats *st, struct sp_err *e);

#endif
