/*
 * sp_flame_tree.h - the call-path tree of a walk: one node per distinct
 * path (a call's path is its parent's plus its region, so recursion is a
 * deeper path), with the summed self time and the number of calls of
 * each path.  Folded stacks (sp_flame_fold.h) are written from it, and
 * the interactive and differential graphs lay it out (sp_flame_flat.h).
 *
 * Nodes are numbered in the order their paths were first entered; a
 * node's children are a list in that order too.  Paths of different
 * lanes merge unless each lane starts with a frame of its own
 * (sp_flame_tree_lane() with a label), the lane prefix frame.  Names are
 * not kept: a node holds its region id (or the index of its lane label),
 * for the caller's region table to name.
 *
 * Memory: O(distinct paths), about SP_FLAME_TREE_PATH_COST bytes a path;
 * sp_flame_tree_set_max_bytes() refuses a new path past a bound.
 *
 * Ownership: the caller owns the tree; lane labels are copied; a node
 * pointer is valid until the next enter, lane or reset.
 */
#ifndef SP_FLAME_TREE_H
#define SP_FLAME_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

#define SP_FLAME_TREE_NONE UINT32_MAX
#define SP_FLAME_TREE_PATH_COST 90

struct sp_flame_tree;

struct sp_flame_tree_node {
	uint32_t parent;	/* SP_FLAME_TREE_NONE at the top */
	uint32_t sym;		/* region, or lane label index */
	uint32_t lane;		/* 1: a lane prefix frame */
	uint32_t child, last, next;	/* first child, last child, sibling */
	int64_t self;		/* ns, summed over the path's calls */
	uint64_t calls;
};

/* NULL when out of memory. */
struct sp_flame_tree *sp_flame_tree_new(void);
void sp_flame_tree_free(struct sp_flame_tree *t);

/*
 * Refuse a new path once the tree would take more than max_bytes (0: no
 * bound), counting SP_FLAME_TREE_PATH_COST bytes a path; what names the
 * tree in that message ("the folded path tree").
 */
void sp_flame_tree_set_max_bytes(struct sp_flame_tree *t, uint64_t max_bytes,
    const char *what);

/* Forget every path (the next rank starts). */
void sp_flame_tree_reset(struct sp_flame_tree *t);

/*
 * A lane starts (no call open): with a label, its calls hang below a
 * frame of that name; with NULL, at the top.
 */
int sp_flame_tree_lane(struct sp_flame_tree *t, const char *label,
    struct sp_err *e);
/* A call of region opens / the innermost open call closes. */
int sp_flame_tree_enter(struct sp_flame_tree *t, uint32_t region,
    struct sp_err *e);
int sp_flame_tree_leave(struct sp_flame_tree *t, int64_t self_ns,
    struct sp_err *e);

/* Distinct paths so far (lane frames included). */
size_t sp_flame_tree_paths(const struct sp_flame_tree *t);
/* Self ns of every call so far. */
int64_t sp_flame_tree_total(const struct sp_flame_tree *t);
/* The first top-level node (a list through next), or NONE. */
uint32_t sp_flame_tree_top(const struct sp_flame_tree *t);
/* Node id (< paths). */
const struct sp_flame_tree_node *sp_flame_tree_node(
    const struct sp_flame_tree *t, uint32_t id);
/* The label of a lane frame (its sym). */
const char *sp_flame_tree_label(const struct sp_flame_tree *t, uint32_t sym);

#endif
