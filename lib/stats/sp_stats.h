/*
 * sp_stats.h - the statistics of one run, as sp-stats reports them: the
 * records the writers (sp_stats_table.h, sp_stats_emit.h) turn into text.
 *
 * Times are seconds (doubles) computed as doc/stats.md, "Arithmetic" says, except
 * the *_ns fields, which are exact integer sums.  A struct sp_opt is the
 * reference's None when not set.
 *
 *   regions   summary()'s list (2.2), one per region in get_regions()
 *             order, with the flat row of print_summary (4.1) and sp's
 *             own fields (wall time, the ranks' totals, Caliper's
 *             imbalance);
 *   rows      the display rows of print_summary (4.2): one per call path
 *             in the order its first call was met, then the fallback rows
 *             of regions without one;
 *   ranks     the per-rank records (3), region after region in
 *             get_regions() order, ranks ascending;
 *   lanes     one record per (region, rank, lane).
 *
 * Ownership: a result owns its arrays, labels, call paths and lane names,
 * which sp_stats_result_free() frees; region names and tags are the
 * run's (sp_stats_run.h), valid until the next run begins.
 */
#ifndef SP_STATS_H
#define SP_STATS_H

#include <stddef.h>
#include <stdint.h>

struct sp_opt {
	double v;
	int set;
};

static inline struct sp_opt
sp_opt_of(double v)
{
	struct sp_opt o = { v, 1 };

	return o;
}

/* print_summary's flat row of a region (4.1). */
struct sp_stats_flat {
	uint32_t num_ranks;
	uint64_t calls;
	struct sp_opt total, avg, min, max, first, last, std, p50, p95, p99;
	double imbalance;
	struct sp_opt coverage;		/* absolute seconds, per entry */
	struct sp_opt exclusive;	/* the entries' exclusive totals */
	struct sp_opt gpu_total, gpu_avg;
	double start;			/* absolute first start, +inf: none */
};

struct sp_stats_region {
	const char *name;
	size_t name_len;
	uint32_t id;			/* in the run's region table */
	uint32_t num_ranks;		/* entries, with 0-call ones */
	uint64_t num_calls;
	double total, exclusive;
	double average, min, max, first, last, std;
	int has_gpu;
	double gpu_total;
	struct sp_opt gpu_average;	/* null when only aggregates have it */
	const char *const *tags;
	size_t ntags;
	double p50, p95, p99;
	double rank_imbalance, rank_imbalance_pct;
	/* sp's own */
	int approx;			/* the percentiles are estimates */
	int wall_known;			/* no aggregate entry */
	double wall;			/* outermost activations, as total */
	int64_t total_ns, exclusive_ns, wall_ns;
	uint32_t ranks_timed;		/* entries with calls */
	double rank_min, rank_mean, rank_max;	/* of the entries' totals */
	uint32_t rank_max_rank;
	double caliper;			/* rank_max / rank_mean - 1, or 0 */
	struct sp_stats_flat flat;
};

/* A display row: a call path of the tree, or a fallback region. */
struct sp_stats_row {
	const char *name;		/* its last element */
	size_t name_len;
	char *call_path;		/* "a > b"; NULL for a fallback row,
					 * or when the run was asked for
					 * none (no_path_text) */
	uint32_t path;			/* id in the path trie, or UINT32_MAX */
	uint32_t parent;		/* index of the parent path's row, or -1 */
	uint32_t up;			/* of the nearest ancestor with a row */
	uint32_t depth;
	uint32_t num_ranks;
	uint64_t calls;
	struct sp_opt total, avg, min, max, std, p50, p95, p99, first, last;
	struct sp_opt exclusive, coverage, gpu_total, gpu_avg;
	struct sp_opt parent_coverage;
	double imbalance;
	double start;			/* relative; a fallback row's absolute */
	int recursive;
	int fallback;
	int has_children;		/* some row's path extends this one */
	int64_t wall_ns;		/* sp's: outermost calls of the path */
	uint32_t region;		/* a fallback row's region */
};

/* A per-rank record (3), with sp's fields after the reference's. */
struct sp_stats_rankrec {
	uint32_t region;		/* index into regions */
	uint32_t rank;
	uint64_t num_calls;
	double total, exclusive, average, min, max, first, last, std;
	int has_gpu;
	double gpu_total, gpu_average;
	struct sp_opt p50, p95, p99;	/* null for an aggregate entry */
	/* sp's own */
	int64_t total_ns, exclusive_ns;
	int wall_known;
	int64_t wall_ns;
	double share;			/* total / the region's rank_mean - 1 */
};

/* A lane of a rank: its calls of one region. */
struct sp_stats_lanerec {
	uint32_t region;
	uint32_t rank;
	int64_t lane;
	char *lane_name;		/* as sp-speedscope names the lane */
	uint64_t num_calls;
	int64_t total_ns, exclusive_ns, wall_ns, min_ns, max_ns;
	double total, exclusive, wall, average, min, max, std;
	double p50, p95, p99;
};

struct sp_stats_result {
	/* the run, for titles and hints */
	char *label;			/* its unique label in the stream */
	char *source;			/* the profile's path as sp-read had it */
	char *meta_label;		/* metadata label, NULL if none or "" */
	uint32_t num_ranks;
	int approx;
	int tree;			/* rows are the call tree (else flat) */
	/* --approx: the call paths outgrew -S after this many, so the table
	 * has a row per region; 0: they did not */
	uint32_t paths_folded;

	struct sp_stats_region *regions;
	size_t nregions;
	struct sp_stats_row *rows;
	size_t nrows;
	struct sp_stats_rankrec *ranks;
	size_t nranks;
	struct sp_stats_lanerec *lanes;
	size_t nlanes;
};

void sp_stats_result_free(struct sp_stats_result *r);

#endif
