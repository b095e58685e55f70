/*
 * sp_flame_flat.h - a call-path tree laid flat for drawing: its nodes in
 * preorder below one root, children in the order of their names, each
 * with its name as text, its depth and, per side, its calls, self and
 * total time; the names once, each with the time of its outermost calls.
 *
 * It is made from one or two call-path trees (sp_flame_tree.h), the
 * sides, with the region table that names each: one side for a graph of
 * a run, two for a differential graph, whose sides are the before and
 * the after run.  Nodes pair by call path: the sequence of names from
 * the top, with lane frames (sp_flame_tree_lane()) told apart from
 * regions of the same name.  A path that only one side has is a node all
 * the same, with zero calls and times on the other side; two regions of
 * one name are one node (a path is its names, not its region ids).
 *
 * Times: a node's self time is its path's (the sum over its calls); its
 * total is its self time plus its children's totals, so the root's total
 * is the side's whole time.  A name's outermost time is the sum of the
 * totals of its nodes that have no ancestor of that name: the time spent
 * in it, recursion counted once.
 *
 * Memory: O(nodes + names) after the build, which needs O(nodes) more
 * for a moment; no recursion, so any depth will do.
 *
 * Ownership: the sides are borrowed for sp_flame_flat_new() only; the
 * flat tree owns copies of the names; node and name pointers are valid
 * until it is freed.
 */
#ifndef SP_FLAME_FLAT_H
#define SP_FLAME_FLAT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_flame_tree.h"

#define SP_FLAME_FLAT_NONE UINT32_MAX
#define SP_FLAME_SIDES_MAX 2

/* A tree and the names of its regions (tree NULL: an empty side). */
struct sp_flame_side {
	const struct sp_flame_tree *tree;
	const char *const *names;
	size_t nnames;
};

struct sp_flame_val {
	uint64_t calls;
	int64_t self, total;	/* ns */
};

struct sp_flame_fnode {
	uint32_t parent;	/* SP_FLAME_FLAT_NONE for the root, node 0 */
	uint32_t name;		/* index into the names */
	uint32_t depth;		/* 0 for the root */
	uint32_t nchild;
	struct sp_flame_val v[SP_FLAME_SIDES_MAX];
};

/* What a name is. */
enum sp_flame_kind {
	SP_FLAME_REGION,
	SP_FLAME_LANE,		/* a lane prefix frame */
	SP_FLAME_ROOT,		/* the root's own name */
};

struct sp_flame_name {
	const char *s;
	enum sp_flame_kind kind;
	int64_t outer[SP_FLAME_SIDES_MAX];	/* outermost time, ns */
};

struct sp_flame_flat;

/*
 * The flat tree of nsides sides (1 or 2), below a root named root.
 * SP_EDATA for a call of a region beyond its side's names.
 */
struct sp_flame_flat *sp_flame_flat_new(const struct sp_flame_side *sides,
    int nsides, const char *root, struct sp_err *e);
void sp_flame_flat_free(struct sp_flame_flat *f);

int sp_flame_flat_sides(const struct sp_flame_flat *f);
size_t sp_flame_flat_len(const struct sp_flame_flat *f);
const struct sp_flame_fnode *sp_flame_flat_node(const struct sp_flame_flat *f,
    size_t i);
size_t sp_flame_flat_nnames(const struct sp_flame_flat *f);
const struct sp_flame_name *sp_flame_flat_name(const struct sp_flame_flat *f,
    size_t k);
/* The node's name as text. */
const char *sp_flame_flat_str(const struct sp_flame_flat *f, size_t i);

/*
 * Choose at most max nodes (0: no bound) among those whose key is above
 * floor: the largest keys, the earlier node of equal ones.  A key no
 * smaller than every key below it (a total, a width) makes the choice a
 * tree: no node without its parent.  keep[i] is set to 1 or 0; returns
 * the number kept, or SIZE_MAX without memory.
 */
size_t sp_flame_flat_select(const struct sp_flame_flat *f,
    const int64_t *key, int64_t floor, size_t max, unsigned char *keep);

#endif
