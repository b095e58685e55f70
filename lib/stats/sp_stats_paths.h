/*
 * sp_stats_paths.h - the call paths of the reference's summary table
 * (doc/stats.md, "The call tree"), as a trie.
 *
 * The reference joins the names of a call's ancestors and its own with
 * " > ", splits the text on " > " again and collapses consecutive equal
 * elements: "f > f > g" is the path "f > g", marked recursive.  So a
 * region whose name holds " > " stands for several elements
 * (doc/stats.md, "Names that contain the path separator"), and a region
 * nested in itself adds nothing to its path.  Here each
 * region's name is split once into interned elements, and a path is a
 * node of a trie: (parent path, element) -> child, with the root NONE.
 *
 * Ownership: the trie copies the names it is given; element strings it
 * hands out are valid until it is freed.
 */
#ifndef SP_STATS_PATHS_H
#define SP_STATS_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"

#define SP_PATH_NONE UINT32_MAX

struct sp_stats_paths;

struct sp_stats_paths *sp_stats_paths_new(void);
void sp_stats_paths_free(struct sp_stats_paths *t);

/*
 * The region table of the run (forgets the paths of an earlier one).
 * names[i] has lens[i] bytes.
 */
int sp_stats_paths_regions(struct sp_stats_paths *t, size_t n,
    const char *const *names, const size_t *lens, struct sp_err *e);

/*
 * The path of a call of region r below the path parent (SP_PATH_NONE at
 * the top): its elements appended, consecutive repeats collapsed
 * (*collapsed is then set, else left as it is).  The path id, or -1.
 */
int64_t sp_stats_paths_extend(struct sp_stats_paths *t, uint32_t parent,
    uint32_t r, int *collapsed, struct sp_err *e);

uint32_t sp_stats_paths_count(const struct sp_stats_paths *t);
uint32_t sp_stats_paths_parent(const struct sp_stats_paths *t, uint32_t id);
uint32_t sp_stats_paths_depth(const struct sp_stats_paths *t, uint32_t id);
/* The last element of the path: its row's name. */
const char *sp_stats_paths_name(const struct sp_stats_paths *t, uint32_t id,
    size_t *len);
/* Its element id: equal names, equal ids. */
uint32_t sp_stats_paths_elem(const struct sp_stats_paths *t, uint32_t id);
/* The element a region's name is, or SP_PATH_NONE if it holds " > ". */
uint32_t sp_stats_paths_region_elem(const struct sp_stats_paths *t,
    uint32_t r);
/* Elements interned so far. */
uint32_t sp_stats_paths_elems(const struct sp_stats_paths *t);
/*
 * The whole path joined with " > " into buf like snprintf (cap bytes with
 * the NUL); returns the length it needs.
 */
size_t sp_stats_paths_text(const struct sp_stats_paths *t, uint32_t id,
    char *buf, size_t cap);

#endif
