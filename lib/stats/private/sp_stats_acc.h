/*
 * sp_stats_acc.h - the state of a run's statistics, shared by the parts
 * of sp_stats_run.h: the walk and the ranks (sp_stats_run.c), regions and
 * their per-rank entries (sp_stats_region.c), call paths
 * (sp_stats_tree.c), lanes (sp_stats_lane.c) and the per-rank records
 * (sp_stats_rank.c).  Not for the writers: they see sp_stats.h only.
 *
 * Ownership: everything here belongs to the struct sp_stats_run; strings
 * copied from the stream live in its arena until the run ends.
 */
#ifndef SP_STATS_ACC_H
#define SP_STATS_ACC_H

#include "sp_arena.h"
#include "sp_calllog.h"
#include "sp_spill.h"
#include "sp_stats_hist.h"
#include "sp_stats_paths.h"
#include "sp_stats_pool.h"
#include "sp_stats.h"
#include "sp_stats_run_opts.h"
#include "sp_stats_seq.h"
#include "sp_stream.h"

#define NONE32 UINT32_MAX

/* Welford's running mean and variance: --approx's one-pass moments. */
struct welford {
	uint64_t n;
	long double mean, m2;
};

static inline void
welford_add(struct welford *w, long double x)
{
	long double d = x - w->mean;

	w->n++;
	w->mean += d / (long double)w->n;
	w->m2 += d * (x - w->mean);
}

/* An aggregate entry's stored moments (count, mean, m2). */
struct moment {
	int64_t count;
	double mean, m2;
};

/* A region over the run: the sums of its entries (ranks with a row). */
struct racc {
	int exists;		/* a row on some rank, selected or not */
	int kept;		/* keep() keeps it */
	int pool_always;	/* " > " in its name: a fallback row */
	uint32_t entries;
	uint64_t calls, pooled;	/* calls; of them with durations */
	double total_s, excl_s, wall_s;
	int64_t total_ns, excl_ns, wall_ns;
	int wall_unknown;	/* an aggregate entry */
	int64_t dmin, dmax;
	int has_first, has_last;
	double first_key, first_s, last_key, last_s;
	int has_abs;
	double abs_start;	/* first start on any rank, absolute seconds */
	int gpu;		/* an entry with GPU timings */
	double gpu_s;
	uint64_t gpu_n, gpu_pooled;
	int tags_set;
	const char **tags;
	size_t ntags;
	double *tot;		/* each entry's total, rank order */
	uint32_t *tot_rank;
	size_t ntot, tot_cap, tot_rank_cap;
	double cov;		/* flat coverage, absolute seconds */
	int cov_set;
	/* aggregate entries with calls */
	int agg;
	int64_t agg_min, agg_max;
	struct moment *mom;
	size_t nmom, mom_cap;
	int mom_missing;	/* one without mean and m2 */
	int has_sfirst, has_slast;
	int64_t sfirst_key, sfirst, slast_key, slast;
	/* --approx */
	struct sp_stats_hist *h, *gh;
	struct welford w, gw;
};

/* The row of a region on the current rank, as its rank item says. */
struct row {
	uint32_t region;
	uint64_t calls;
	uint64_t off;		/* its first slot in the rank's store */
	/*
	 * its first calls put straight into the region's pool, as they
	 * came in order; while direct_ok, the next one in order goes too
	 */
	uint64_t direct;
	int direct_ok;
	int has_excl;
	int64_t excl;
	int has_agg, has_summary, gpu;
	int64_t agg_count, agg_total, agg_min, agg_max, agg_excl;
	struct sp_summary sum;
};

/*
 * What a call of a region does on the current rank, in one place: the
 * batch walk looks it up once per call.  16 bytes.
 */
struct plan {
	uint32_t row;		/* its row on the rank + 1, 0: none */
	uint8_t kept;		/* keep() keeps it (racc.kept) */
	uint8_t entry;		/* its entry is accounted call by call */
	uint8_t memo_collapsed;
	uint32_t memo_ctx;	/* its last extension: below memo_ctx ... */
	uint32_t memo_path;	/* ... its path, collapsed or not */
};

/* A region's calls on the current rank. */
struct eacc {
	uint64_t n;
	int64_t sum, excl, wall, dmin, dmax, smin, emax, d0, dlast;
	int64_t gsum;
	uint64_t gn;
	double cs, ce, cacc;	/* the union of its calls, absolute */
	int copen;
	uint32_t open;		/* its calls open on the lane */
	struct sp_stats_hist *h;	/* --approx, for the per-rank record */
	struct welford w;
};

/*
 * A call path over the run.  A profile can have nearly a path per call,
 * so the fields are laid out without holes, and what only --approx needs
 * is in struct papx, in an array of its own.
 */
struct pacc {
	uint64_t calls;
	int64_t sum, dmin, dmax;
	int64_t fd, ld;		/* the first and the last call's durations */
	int64_t wall;
	uint64_t korder;	/* calls opened, for the exclusive order */
	double fstart, lend;
	double excl;
	double cacc, cs, ce;	/* coverage, relative seconds */
	double rtot;		/* its durations on the current rank */
	double gpu;
	uint64_t gpun;
	double *rt;		/* each rank's total, with the imbalance */
	uint32_t nrt, rt_cap;
	uint32_t nranks, last_rank;
	uint32_t index;		/* when first met */
	uint32_t open;		/* calls open on the current lane */
	uint8_t has_rank;
	uint8_t seen;		/* met in the tree's order */
	uint8_t copen;
	uint8_t rtouched;
	uint8_t recursive;
};

/* --approx: a call path's estimates. */
struct papx {
	struct sp_stats_hist *h;
	struct welford w;
};

/* A lane's calls of one region. */
struct lacc {
	uint32_t region, rank;
	int64_t lane;
	const char *name;	/* in the arena */
	uint64_t n;
	int64_t sum, excl, wall, dmin, dmax;
	uint32_t group;		/* in the lane pool */
	struct sp_stats_hist *h;
	struct welford w;
};

/* What the walk keeps per open call, by depth. */
struct frame {
	uint32_t region;
	uint32_t ctx;		/* the path its children extend */
	uint32_t path;		/* its own, NONE32 outside the tree */
	int recursive;		/* its path, or an ancestor's, collapsed */
	uint64_t k;		/* its place among its path's calls */
	int64_t log;		/* its index in the call log, or -1 */
	uint32_t lane;		/* its lane record, or NONE32 */
	int outer;		/* the outermost open call of its region */
	int entry;		/* its entry is accounted (entry_kept) */
};

/* An exclusive time that waits for an earlier call of its path. */
struct pend {
	uint32_t path;
	uint64_t k;
	int64_t self;
};

/*
 * The call paths of the table (sp_stats_tree.c, the per-call part in
 * sp_stats_tree_call.h; sp_stats_rows.c makes their rows): kept for the
 * run, but for the rank's touched paths and the lane's pending times.
 */
struct tree_acc {
	struct sp_stats_paths *paths;
	struct pacc *pacc;
	struct papx *papx;	/* --approx, beside pacc */
	size_t npacc, pacc_cap, papx_cap;
	uint32_t nseen;		/* paths met in the tree's order */
	/* --approx: what the call paths hold, within path_limit (-S) */
	uint64_t path_bytes, path_limit;
	int folded;		/* --approx: the paths outgrew it */
	uint32_t *ptouched;	/* the rank's paths with calls */
	size_t nptouched, ptouched_cap;
	struct pend *pend;	/* the lane's waiting exclusive times */
	size_t npend, pend_cap;
};

/* The lanes' records, and the current lane (sp_stats_lane.c). */
struct lane_acc {
	struct lacc *lacc;
	size_t nlacc, lacc_cap;
	int64_t lane;
	const char *lane_name;
	uint32_t *lane_of;	/* region -> lane record + 1, this lane */
	uint32_t *lane_regions;	/* regions set in lane_of */
	size_t nlane_regions, lane_regions_cap;
};

struct sp_stats_run {
	struct sp_stats_run_opts o;
	struct sp_arena *arena;
	struct sp_spill_budget budget;
	struct sp_spill_file *tmp;
	uint64_t load_max;	/* a sequence read whole up to this */
	unsigned need;		/* of the rows, summaries and records */
	int entries;		/* every region's entries, call by call */
	int ns_over;		/* a sum of ns went past INT64_MAX */

	/* the run */
	struct sp_stats_result *res;
	double origin;		/* relative times: start_time_ns or first_ns */
	uint32_t num_ranks;
	size_t nreg;
	const char **names;	/* in the arena */
	size_t *lens;
	uint32_t *order;	/* region order, copied */
	struct racc *racc;
	struct sp_stats_pool *rpool, *gpool, *ppool, *lpool;
	/* the last run's rpool and ppool, settled, until handed out */
	struct sp_stats_pool *out_rpool, *out_ppool;
	struct tree_acc tree;
	struct lane_acc lanes;
	struct sp_stats_rankrec *rec;
	size_t nrec, rec_cap;

	/* the rank */
	int rank_open, selected, tree_rank, pool_rank;
	uint32_t rank;
	struct row *rows;
	size_t nrows, rows_cap;
	struct plan *plan;	/* by region */
	struct eacc *eacc;	/* by region */
	struct sp_spill_store *store;	/* the rank's durations, by row */
	struct sp_spill_store *gstore;	/* and their GPU times */
	uint64_t nslots;
	struct sp_calllog *log;	/* a rank with lanes */
	struct sp_spill_store *glog;	/* its GPU times by row, replayed */

	/* the lane */
	struct frame *frames;	/* the open calls, by depth */
	size_t frames_cap;
};

/*
 * x += d for a sum of nanoseconds (int64_t x, d): a sum past the range
 * of int64_t is noted in r->ns_over, and the run is refused when it
 * ends (sp_stats_run_finish), instead of wrapping.
 */
#define SP_STATS_ADD_NS(r, x, d) \
	((void)(__builtin_add_overflow((x), (d), &(x)) && ((r)->ns_over = 1)))

/* sp_stats_run.c: the durations of row w go into its region's pool. */
int sp_stats_run_row_pooled(const struct sp_stats_run *r, const struct row *w);

/* sp_stats_region.c; the part of each call: sp_stats_entry_call.h */
/* A call of an unselected rank: only its start counts (a fallback row's). */
void sp_stats_entry_seen(struct sp_stats_run *r, uint32_t region,
    int64_t start);
int sp_stats_entries_end(struct sp_stats_run *r, struct sp_err *e);
int sp_stats_regions_finish(struct sp_stats_run *r, struct sp_err *e);

/* sp_stats_tree.c */
/* The part of each call: sp_stats_tree_call.h. */
int sp_stats_tree_self(struct sp_stats_run *r, uint32_t path, int64_t self,
    struct sp_err *e);
int sp_stats_tree_rank_end(struct sp_stats_run *r, struct sp_err *e);
int sp_stats_tree_finish(struct sp_stats_run *r, struct sp_err *e);

/* sp_stats_lane.c */
int sp_stats_lane_open(struct sp_stats_run *r, struct frame *f,
    int64_t dur, struct sp_err *e);
void sp_stats_lane_close(struct sp_stats_run *r, const struct frame *f,
    int64_t self);
void sp_stats_lane_end(struct sp_stats_run *r);
int sp_stats_lanes_finish(struct sp_stats_run *r, struct sp_err *e);

/* sp_stats_rank.c: the per-rank record of a row, from its durations. */
int sp_stats_rank_record(struct sp_stats_run *r, const struct row *w,
    const struct eacc *a, struct sp_err *e);
int sp_stats_ranks_finish(struct sp_stats_run *r, struct sp_err *e);

/* Sequence statistics of a pool group, within the run's load bound. */
int sp_stats_pool_seq(struct sp_stats_run *r, struct sp_stats_pool *p,
    uint32_t g, enum sp_stats_conv c, unsigned what,
    struct sp_stats_seq *out, struct sp_err *e);

/*
 * What a sequence's statistics are computed for, from need: the sum
 * always, the deviation and the order statistics when asked for.
 */
static inline unsigned
sp_stats_seq_needed(const struct sp_stats_run *r)
{
	return SP_SEQ_SUM | (r->need & SP_STATS_NEED_DEV ? SP_SEQ_DEV : 0) |
	    (r->need & SP_STATS_NEED_PCT ? SP_SEQ_PCT : 0);
}

#endif
