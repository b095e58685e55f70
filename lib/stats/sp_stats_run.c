/*
 * A run's statistics: its life, its ranks and the walk of their calls
 * (sp_stats_run.h).  Regions, paths, lanes and the per-rank records each
 * have their own file; the state they share is sp_stats_acc.h.
 */
#include "sp_stats_run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_grow.h"
#include "sp_stats_entry_call.h"
#include "sp_stats_tree_call.h"

/* A rank's call log and the budget's share it may hold. */
#define LOG_SHARE 4
/* The store of a rank goes to the file in windows of this share. */
#define WINDOW_SHARE 8

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_stats_run *
sp_stats_run_new(const struct sp_stats_run_opts *o, struct sp_err *e)
{
	struct sp_stats_run *r = calloc(1, sizeof *r);

	if (r == NULL || (r->arena = sp_arena_new()) == NULL ||
	    (r->tmp = sp_spill_file_new(o->tmpdir, e)) == NULL) {
		if (r != NULL)
			sp_arena_free(r->arena);
		free(r);
		nomem(e);
		return NULL;
	}
	r->o = *o;
	r->need = o->need != 0 ? o->need : SP_STATS_NEED_ALL;
	r->entries = (o->want & (SP_STATS_WANT_REGIONS | SP_STATS_WANT_RANKS)) !=
	    0;
	r->budget.limit = o->mem;
	if (o->approx && (o->want & SP_STATS_WANT_TREE)) {
		/* the regions' own accounts, should the paths outgrow -S */
		r->entries = 1;
		r->tree.path_limit = o->mem;
	}
	/* a sequence read whole: half the budget, beside what it holds */
	r->load_max = o->mem / 2 > 4096 ? o->mem / 2 : 4096;
	return r;
}

/* Everything of the current rank. */
static void
rank_clear(struct sp_stats_run *r)
{
	/*
	 * A store in memory is kept for the next rank (open_store()): its
	 * memory is faulted in once, not once a rank.
	 */
	if (r->store != NULL && !sp_spill_store_in_memory(r->store)) {
		sp_spill_store_free(r->store);
		r->store = NULL;
	}
	sp_spill_store_free(r->gstore);
	sp_spill_store_free(r->glog);
	sp_calllog_free(r->log);
	r->gstore = r->glog = NULL;
	r->log = NULL;
	r->rank_open = 0;
}

/*
 * The run's accounts: what its result is computed from, and no part of
 * the result points into (it copies values; names point into the arena
 * and the path trie, which stay).
 */
static void
accounts_free(struct sp_stats_run *r)
{
	size_t i;

	rank_clear(r);
	sp_spill_store_free(r->store);
	r->store = NULL;
	for (i = 0; r->racc != NULL && i < r->nreg; i++) {
		free(r->racc[i].tot);
		free(r->racc[i].tot_rank);
		free(r->racc[i].mom);
		sp_stats_hist_free(r->racc[i].h);
		sp_stats_hist_free(r->racc[i].gh);
	}
	for (i = 0; i < r->tree.npacc; i++) {
		free(r->tree.pacc[i].rt);
		if (r->tree.papx != NULL)
			sp_stats_hist_free(r->tree.papx[i].h);
	}
	for (i = 0; i < r->lanes.nlacc; i++)
		sp_stats_hist_free(r->lanes.lacc[i].h);
	for (i = 0; r->eacc != NULL && i < r->nreg; i++)
		sp_stats_hist_free(r->eacc[i].h);
	free(r->racc);
	free(r->eacc);
	free(r->tree.pacc);
	free(r->tree.papx);
	free(r->lanes.lacc);
	free(r->rec);
	free(r->plan);
	free(r->lanes.lane_of);
	r->racc = NULL;
	r->eacc = NULL;
	r->tree.pacc = NULL;
	r->tree.papx = NULL;
	r->lanes.lacc = NULL;
	r->rec = NULL;
	r->plan = NULL;
	r->lanes.lane_of = NULL;
	r->tree.npacc = r->tree.pacc_cap = r->tree.papx_cap = 0;
	r->lanes.nlacc = r->lanes.lacc_cap = 0;
	r->nrec = r->rec_cap = 0;
	sp_stats_pool_free(r->rpool);
	sp_stats_pool_free(r->gpool);
	sp_stats_pool_free(r->ppool);
	sp_stats_pool_free(r->lpool);
	r->rpool = r->gpool = r->ppool = r->lpool = NULL;
}

/* The pools of the last run not handed out. */
static void
out_free(struct sp_stats_run *r)
{
	sp_stats_pool_free(r->out_rpool);
	sp_stats_pool_free(r->out_ppool);
	r->out_rpool = r->out_ppool = NULL;
}

/* Everything of the current run but the result. */
static void
run_clear(struct sp_stats_run *r)
{
	accounts_free(r);
	out_free(r);
	r->nreg = 0;
	r->tree.nseen = 0;
	r->tree.folded = 0;
	r->tree.path_bytes = 0;
	sp_stats_paths_free(r->tree.paths);
	r->tree.paths = NULL;
	sp_stats_result_free(r->res);
	r->res = NULL;
	sp_arena_reset(r->arena);
}

void
sp_stats_run_free(struct sp_stats_run *r)
{
	if (r == NULL)
		return;
	run_clear(r);
	free(r->rows);
	free(r->tree.ptouched);
	free(r->lanes.lane_regions);
	free(r->frames);
	free(r->tree.pend);
	sp_spill_file_free(r->tmp);
	sp_arena_free(r->arena);
	free(r);
}

static char *
dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p != NULL)
		memcpy(p, s, n);
	return p;
}

/*
 * The metadata's label (for the title) and start_time_ns (the origin of
 * relative times), from the run item's CBOR map.
 */
static int
metadata(struct sp_stats_run *r, const struct sp_run_info *ri,
    int *has_start, int64_t *start, struct sp_err *e)
{
	struct sp_cbor *d;
	struct sp_err pe;
	size_t used, need, len;
	const char *p;
	long i;
	int rc = 0;

	*has_start = 0;
	if (ri->metadata == NULL || ri->metadata_len == 0)
		return 0;
	if ((d = sp_cbor_new()) == NULL)
		return nomem(e);
	sp_err_clear(&pe);
	/* metadata that is not a map is no label and no origin, but no
	 * memory to decode it is not that */
	if (sp_cbor_parse(d, ri->metadata, ri->metadata_len,
	    ri->metadata_len, &used, &need, &pe) != 1) {
		if (pe.status == SP_ENOMEM)
			rc = nomem(e);
	} else if (sp_cbor_node(d, 0)->type == SP_CBOR_NODE_MAP) {
		if ((i = sp_cbor_map_get(d, 0, "label")) >= 0 &&
		    sp_cbor_text(d, (size_t)i, &p, &len) == 0 && len > 0 &&
		    (r->res->meta_label = malloc(len + 1)) != NULL) {
			memcpy(r->res->meta_label, p, len);
			r->res->meta_label[len] = '\0';
		} else if (i >= 0 && len > 0) {
			rc = nomem(e);
		}
		if ((i = sp_cbor_map_get(d, 0, "start_time_ns")) >= 0 &&
		    sp_cbor_int(d, (size_t)i, start) == 0)
			*has_start = 1;
	}
	sp_cbor_free(d);
	return rc;
}

/*
 * The path the title and the hints name.  For native .spt traces the
 * reference has no file path: an import's run is named by its label,
 * "native_trace" unless one was given (doc/formats.md, "Native runs"),
 * and its summary says that, hints included; so does ours.
 */
static const char *
source_of(const struct sp_run_info *ri)
{
	if (ri->source_format != NULL &&
	    strcmp(ri->source_format, "spt") == 0 && ri->label != NULL)
		return ri->label;
	return ri->source != NULL ? ri->source : "";
}

int
sp_stats_run_begin(struct sp_stats_run *r, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	int has_start;
	int64_t start;

	run_clear(r);
	if ((r->res = calloc(1, sizeof *r->res)) == NULL ||
	    (r->res->label = dup_str(label)) == NULL ||
	    (r->res->source = dup_str(source_of(ri))) == NULL)
		return nomem(e);
	r->res->num_ranks = r->num_ranks = ri->num_ranks;
	r->res->approx = r->o.approx;
	if (metadata(r, ri, &has_start, &start, e) < 0)
		return -1;
	/* the reference's time_origin, in seconds */
	if (has_start)
		r->origin = (double)start / 1e9;
	else
		r->origin = ri->has_span ? (double)ri->first_ns / 1e9 : 0.;
	return 0;
}

static int
want(const struct sp_stats_run *r, unsigned what)
{
	return (r->o.want & what) != 0;
}

/*
 * A pool whose durations are only summed, and not handed out (what),
 * keeps the sums of its full blocks and not the blocks.
 */
static void
fold_if_summed(struct sp_stats_run *r, struct sp_stats_pool *p,
    unsigned what)
{
	if (p != NULL && sp_stats_seq_needed(r) == SP_SEQ_SUM &&
	    !(r->o.hand_out & what))
		sp_stats_pool_fold(p, SP_CONV_SEC);
}

/* The pools exact statistics keep their durations in. */
static int
new_pools(struct sp_stats_run *r, struct sp_err *e)
{
	if (r->o.approx)
		return 0;
	if ((r->rpool = sp_stats_pool_new(r->tmp, &r->budget, e)) == NULL ||
	    (r->gpool = sp_stats_pool_new(r->tmp, &r->budget, e)) == NULL)
		return -1;
	fold_if_summed(r, r->rpool, SP_STATS_WANT_REGIONS);
	if (want(r, SP_STATS_WANT_TREE) &&
	    (r->ppool = sp_stats_pool_new(r->tmp, &r->budget, e)) == NULL)
		return -1;
	fold_if_summed(r, r->ppool, SP_STATS_WANT_TREE);
	if (want(r, SP_STATS_WANT_LANES) &&
	    (r->lpool = sp_stats_pool_new(r->tmp, &r->budget, e)) == NULL)
		return -1;
	return 0;
}

/* " > " in a name: the reference splits it into several elements. */
static int
has_separator(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 3 <= n; i++)
		if (s[i] == ' ' && s[i + 1] == '>' && s[i + 2] == ' ')
			return 1;
	return 0;
}

int
sp_stats_run_regions(struct sp_stats_run *r, const struct sp_region_table *t,
    struct sp_err *e)
{
	size_t i, n = t->n;

	r->nreg = n;
	if ((r->racc = calloc(n + 1, sizeof *r->racc)) == NULL ||
	    (r->eacc = calloc(n + 1, sizeof *r->eacc)) == NULL ||
	    (r->plan = calloc(n + 1, sizeof *r->plan)) == NULL ||
	    (r->lanes.lane_of = calloc(n + 1, sizeof(uint32_t))) == NULL ||
	    (r->names = sp_arena_alloc(r->arena, (n + 1) * sizeof(char *))) ==
	    NULL ||
	    (r->lens = sp_arena_alloc(r->arena, (n + 1) * sizeof(size_t))) ==
	    NULL ||
	    (r->order = sp_arena_alloc(r->arena, (n + 1) * 4)) == NULL)
		return nomem(e);
	for (i = 0; i < n; i++) {
		if ((r->names[i] = sp_arena_strndup(r->arena, t->names[i],
		    t->lens[i])) == NULL)
			return nomem(e);
		r->lens[i] = t->lens[i];
		r->order[i] = t->order != NULL ? t->order[i] : (uint32_t)i;
		r->racc[i].kept = r->o.keep == NULL ||
		    r->o.keep(r->o.keep_ctx, t->names[i], t->lens[i]);
		r->racc[i].pool_always = has_separator(t->names[i],
		    t->lens[i]);
		r->plan[i].kept = (uint8_t)r->racc[i].kept;
		r->plan[i].memo_ctx = NONE32 - 1;	/* matches nothing */
	}
	if (want(r, SP_STATS_WANT_TREE) &&
	    ((r->tree.paths = sp_stats_paths_new()) == NULL ||
	    sp_stats_paths_regions(r->tree.paths, n, r->names, r->lens, e) < 0))
		return r->tree.paths == NULL ? nomem(e) : -1;
	return new_pools(r, e);
}

/* --- ranks --- */

/* A row of the rank item, copied: the rank item goes before rank_end. */
static int
add_row(struct sp_stats_run *r, const struct sp_row_info *ri,
    struct sp_err *e)
{
	struct row *w;

	if (ri->region >= r->nreg)
		return sp_fail(e, SP_EDATA, "a row of region %" PRIu32
		    ", beyond the region table", ri->region);
	if (r->plan[ri->region].row != 0)
		return sp_fail(e, SP_EDATA, "two rows of region %s",
		    r->names[ri->region]);
	if (sp_grow(&r->rows, &r->rows_cap, r->nrows + 1, sizeof *r->rows,
	    16) < 0)
		return nomem(e);
	w = &r->rows[r->nrows];
	memset(w, 0, sizeof *w);
	w->region = ri->region;
	w->calls = ri->has_aggregate ? 0 : ri->calls;
	w->off = r->nslots;
	r->nslots += w->calls;
	w->has_excl = ri->has_exclusive;
	w->excl = ri->exclusive_ns;
	w->has_agg = ri->has_aggregate;
	w->agg_count = ri->agg_count;
	w->agg_total = ri->agg_total;
	w->agg_min = ri->agg_minimum;
	w->agg_max = ri->agg_maximum;
	w->agg_excl = ri->agg_exclusive;
	w->has_summary = ri->has_summary;
	w->sum = ri->summary;
	w->gpu = (ri->xmask >> SP_X_GPU) & 1;
	r->plan[ri->region].row = (uint32_t)++r->nrows;
	r->racc[ri->region].exists = 1;
	return 0;
}

/* The tags of a region's first entry: the lowest rank's. */
static int
keep_tags(struct sp_stats_run *r, const struct sp_row_info *ri,
    struct sp_err *e)
{
	struct racc *a = &r->racc[ri->region];
	size_t k;

	if (a->tags_set)
		return 0;
	a->tags_set = 1;
	if (ri->ntags == 0)
		return 0;
	if ((a->tags = sp_arena_alloc(r->arena, ri->ntags *
	    sizeof *a->tags)) == NULL)
		return nomem(e);
	for (k = 0; k < ri->ntags; k++)
		if ((a->tags[k] = sp_arena_strndup(r->arena, ri->tags[k],
		    strlen(ri->tags[k]))) == NULL)
			return nomem(e);
	a->ntags = ri->ntags;
	return 0;
}

/*
 * Whether the region's entry on this rank is accounted call by call: a
 * table alone needs no entries of regions with path rows (their flat rows
 * are never shown).  The same for the whole rank: a table that folds
 * (--approx past -S) has every entry accounted anyway.
 */
static int
entry_kept(const struct sp_stats_run *r, uint32_t region)
{
	return r->entries || !r->tree_rank || r->racc[region].pool_always;
}

/* The rank has lane columns: its calls are logged and replayed. */
static int
has_lanes(const struct sp_rank_info *ri)
{
	unsigned lanes = 1u << SP_X_THREAD | 1u << SP_X_TASK;
	size_t i;

	for (i = 0; i < ri->nrows; i++)
		if (ri->rows[i].xmask & lanes)
			return 1;
	return 0;
}

int
sp_stats_run_row_pooled(const struct sp_stats_run *r, const struct row *w)
{
	return !r->o.approx && r->selected && (r->pool_rank ||
	    (want(r, SP_STATS_WANT_TREE) && r->racc[w->region].pool_always));
}

static int
open_store(struct sp_stats_run *r, struct sp_err *e)
{
	size_t i;
	int need = !r->o.approx && r->selected &&
	    want(r, SP_STATS_WANT_RANKS);

	for (i = 0; i < r->nrows && !need; i++)
		need = sp_stats_run_row_pooled(r, &r->rows[i]);
	need = need && r->nslots > 0;
	/* the last rank's store, when it is in memory and large enough */
	if (r->store != NULL && (!need ||
	    sp_spill_store_reuse(r->store, r->nslots) < 0)) {
		sp_spill_store_free(r->store);
		r->store = NULL;
	}
	if (!need)
		return 0;
	if (r->store == NULL && (r->store = sp_spill_store_new(r->tmp,
	    &r->budget, r->nslots, r->o.mem / WINDOW_SHARE, r->nrows,
	    e)) == NULL)
		return -1;
	/*
	 * A row's calls that come in row order go straight to its region's
	 * pool (the store is then read from the first that did not), unless
	 * the rank's records read the whole row from the store.
	 */
	for (i = 0; i < r->nrows && !want(r, SP_STATS_WANT_RANKS); i++)
		r->rows[i].direct_ok = sp_stats_run_row_pooled(r, &r->rows[i]);
	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].gpu && sp_stats_run_row_pooled(r, &r->rows[i]))
			break;
	if (i == r->nrows)
		return 0;
	r->gstore = sp_spill_store_new(r->tmp, &r->budget, r->nslots,
	    r->o.mem / WINDOW_SHARE, r->nrows, e);
	return r->gstore == NULL ? -1 : 0;
}

/*
 * The GPU times of a logged rank, by row, for the replay: the tree adds
 * them up in the replay's order.  Every call of a row with GPU times
 * sets its slot (-1 for none).
 */
static int
open_glog(struct sp_stats_run *r, struct sp_err *e)
{
	size_t i;

	for (i = 0; i < r->nrows && !r->rows[i].gpu; i++)
		;
	if (i == r->nrows || r->nslots == 0)
		return 0;
	r->glog = sp_spill_store_new(r->tmp, &r->budget, r->nslots,
	    r->o.mem / WINDOW_SHARE, r->nrows, e);
	return r->glog == NULL ? -1 : 0;
}

int
sp_stats_run_rank(struct sp_stats_run *r, const struct sp_rank_info *ri,
    int selected, struct sp_err *e)
{
	struct plan *pl;
	size_t i;

	r->rank_open = 1;
	r->rank = ri->rank;
	r->selected = selected;
	r->tree_rank = selected && want(r, SP_STATS_WANT_TREE) &&
	    !r->tree.folded && (r->o.ranks_given || ri->rank < r->num_ranks);
	r->pool_rank = want(r, SP_STATS_WANT_REGIONS) ||
	    (want(r, SP_STATS_WANT_TREE) && !r->o.ranks_given &&
	    ri->rank >= r->num_ranks);
	r->nrows = 0;
	r->nslots = 0;
	for (i = 0; i < ri->nrows; i++) {
		if (add_row(r, &ri->rows[i], e) < 0 ||
		    (selected && keep_tags(r, &ri->rows[i], e) < 0))
			return -1;
	}
	for (i = 0; i < r->nrows; i++) {
		pl = &r->plan[r->rows[i].region];
		pl->entry = (uint8_t)entry_kept(r, r->rows[i].region);
	}
	if (open_store(r, e) < 0)
		return -1;
	if (!selected || !has_lanes(ri) || !want(r, SP_STATS_WANT_TREE))
		return 0;
	if ((r->log = sp_calllog_new((size_t)(r->o.mem / LOG_SHARE),
	    r->order)) == NULL)
		return nomem(e);
	return open_glog(r, e);
}

int
sp_stats_run_lane(struct sp_stats_run *r, int64_t lane, const char *name,
    struct sp_err *e)
{
	r->lanes.lane = lane;
	r->lanes.lane_name = NULL;
	if (want(r, SP_STATS_WANT_LANES) && r->selected && name != NULL &&
	    (r->lanes.lane_name = sp_arena_strndup(r->arena, name,
	    strlen(name))) == NULL)
		return nomem(e);
	return 0;
}

/* --- the walk --- */

static int
log_call(struct sp_stats_run *r, struct frame *f, int64_t start, int64_t end,
    int64_t call, struct sp_err *e)
{
	struct sp_calllog_rec rec;

	rec.start = start;
	rec.end = end;
	rec.call = call;
	rec.self = 0;
	rec.region = f->region;
	rec.aux = f->path;
	f->log = sp_calllog_append(r->log, &rec, e);
	return f->log < 0 ? -1 : 0;
}

/* The order-sensitive part of a call, where the stream has the order. */
static int
account(struct sp_stats_run *r, uint32_t region, uint32_t path,
    int64_t start, int64_t end, int64_t gpu, struct sp_err *e)
{
	if (region != NONE32 && want(r, SP_STATS_WANT_TREE))
		sp_stats_entry_cover(r, region, start, end);
	if (path != NONE32)
		return sp_stats_tree_account(r, path, start, end, gpu, e);
	return 0;
}

/*
 * Call i of b opens at depth d.  Its GPU time is the i-th of b's column,
 * when the row has them.
 */
static inline __attribute__((always_inline)) int
open_call(struct sp_stats_run *r, const struct sp_batch *b, size_t i,
    uint32_t d, struct sp_err *e)
{
	uint32_t region = b->region[i];
	struct plan *pl = region < r->nreg ? &r->plan[region] : NULL;
	uint32_t w = pl != NULL ? pl->row : 0;
	int64_t start = b->start[i], end = b->end[i], dur = end - start;
	int64_t gpu = -1;
	struct frame *f;

	if (w == 0)
		return sp_fail(e, SP_EDATA, "a call of region %" PRIu32
		    ", which has no row on the rank", region);
	if (!r->selected) {
		/* a fallback row starts with the region's first call anywhere */
		sp_stats_entry_seen(r, region, start);
		return 0;
	}
	if (d >= r->frames_cap && sp_grow(&r->frames, &r->frames_cap,
	    (size_t)d + 1, sizeof *r->frames, 64) < 0)
		return nomem(e);
	if (b->x[SP_X_GPU] != NULL && r->rows[w - 1].gpu)
		gpu = b->x[SP_X_GPU][i];
	f = &r->frames[d];
	f->region = region;
	f->log = -1;
	f->outer = r->eacc[region].open++ == 0;
	f->entry = pl->entry;
	if (!f->entry)
		r->eacc[region].n++;
	else if (sp_stats_entry_open(r, &r->rows[w - 1], start, end,
	    b->call[i], gpu, e) < 0)
		return -1;
	if (f->outer)
		SP_STATS_ADD_NS(r, r->eacc[region].wall, dur);
	f->ctx = f->path = NONE32;
	f->recursive = 0;
	if (r->tree_rank && sp_stats_tree_open(r, f, pl, d > 0 ?
	    &r->frames[d - 1] : NULL, start, end, gpu, e) < 0)
		return -1;
	f->lane = NONE32;
	if (want(r, SP_STATS_WANT_LANES) && sp_stats_lane_open(r, f, dur,
	    e) < 0)
		return -1;
	if (r->log == NULL) {
		/* the tree has accounted its part (sp_stats_tree_open) */
		if (f->entry && want(r, SP_STATS_WANT_TREE))
			sp_stats_entry_cover(r, region, start, end);
		return 0;
	}
	if (r->glog != NULL && r->rows[w - 1].gpu && sp_spill_store_put(r->glog,
	    (size_t)(w - 1), r->rows[w - 1].off + (uint64_t)b->call[i], gpu,
	    e) < 0)
		return -1;
	return log_call(r, f, start, end, b->call[i], e);
}

/* The call open at depth d closes. */
static inline __attribute__((always_inline)) int
close_call(struct sp_stats_run *r, uint32_t d, int64_t self_ns,
    struct sp_err *e)
{
	struct frame *f;

	if (!r->selected)
		return 0;
	f = &r->frames[d];
	SP_STATS_ADD_NS(r, r->eacc[f->region].excl, self_ns);
	r->eacc[f->region].open--;
	if (f->lane != NONE32)
		sp_stats_lane_close(r, f, self_ns);
	if (r->log != NULL && sp_calllog_set_self(r->log, f->log, self_ns,
	    e) < 0)
		return -1;
	if (f->path != NONE32)
		return sp_stats_tree_close(r, f, self_ns, e);
	return 0;
}

/* The lane's calls have all closed. */
static int
lane_end(struct sp_stats_run *r, struct sp_err *e)
{
	if (!r->selected)
		return 0;
	sp_stats_lane_end(r);
	if (r->log != NULL)
		return sp_calllog_end_lane(r->log, e);
	return 0;
}

/*
 * The walk of a batch, watch NULL or the caller's; inlined, as the
 * calls it makes are, into each of its two uses below, so that the walk
 * without a watch tests for none.
 */
static inline __attribute__((always_inline)) int
walk_calls(struct sp_stats_run *r, struct sp_walk *w,
    const struct sp_batch *b, const struct sp_stats_run_watch *watch,
    int *walk_failed, struct sp_err *e)
{
	struct sp_walk_iter it;
	int rc = 0;

	*walk_failed = 0;
	if (sp_walk_begin(w, b, &it, e) < 0) {
		*walk_failed = 1;
		return -1;
	}
	while (rc == 0) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			rc = open_call(r, b, it.i, it.c->depth, e);
			if (rc == 0 && watch != NULL)
				rc = watch->open(watch->ctx, it.c->region, e);
			break;
		case SP_WALK_CLOSE:
			rc = close_call(r, it.c->depth, it.self, e);
			if (rc == 0 && watch != NULL)
				rc = watch->close(watch->ctx, it.self, e);
			break;
		case SP_WALK_LANE_END:
			rc = lane_end(r, e);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			*walk_failed = 1;
			return -1;
		}
	}
	return -1;
}

/* The watch only sees the calls of a selected rank. */
int
sp_stats_run_calls(struct sp_stats_run *r, struct sp_walk *w,
    const struct sp_batch *b, int *walk_failed, struct sp_err *e)
{
	if (r->selected && r->o.watch.open != NULL)
		return walk_calls(r, w, b, &r->o.watch, walk_failed, e);
	return walk_calls(r, w, b, NULL, walk_failed, e);
}

/* A logged call, in the reference's order over the rank's lanes. */
static int
replayed(void *ctx, const struct sp_calllog_rec *c, struct sp_err *e)
{
	struct sp_stats_run *r = ctx;
	const struct row *w = &r->rows[r->plan[c->region].row - 1];
	int64_t gpu = -1;

	if (r->glog != NULL && w->gpu && sp_spill_store_read(r->glog,
	    w->off + (uint64_t)c->call, 1, &gpu, e) < 0)
		return -1;
	if (account(r, entry_kept(r, c->region) ? c->region : NONE32, c->aux,
	    c->start, c->end, gpu, e) < 0)
		return -1;
	if (c->aux != NONE32)
		return sp_stats_tree_self(r, c->aux, c->self, e);
	return 0;
}

int
sp_stats_run_rank_end(struct sp_stats_run *r, struct sp_err *e)
{
	size_t i;
	int rc = 0;

	if (!r->rank_open)
		return 0;
	if (r->glog != NULL)
		rc = sp_spill_store_seal(r->glog, e);
	if (rc == 0 && r->log != NULL)
		rc = sp_calllog_replay(r->log, replayed, r, e);
	/* the paths this rank touched, also when --approx folded them */
	if (rc == 0 && r->tree.nptouched > 0)
		rc = sp_stats_tree_rank_end(r, e);
	if (rc == 0)
		rc = sp_stats_entries_end(r, e);
	for (i = 0; i < r->nrows; i++)
		r->plan[r->rows[i].region].row = 0;
	r->nrows = 0;
	rank_clear(r);
	return rc;
}

struct pool_src {
	struct sp_stats_pool *p;
	uint32_t g;
};

static int
pool_read(void *ctx, uint64_t off, size_t n, int64_t *out, struct sp_err *e)
{
	struct pool_src *ps = ctx;

	return sp_stats_pool_read(ps->p, ps->g, off, n, out, e);
}

/* s, of the values after the blocks of f, made the statistics of all. */
static void
join_folded(struct sp_stats_seq *s, const struct sp_stats_folded *f)
{
	if (f->n == 0)
		return;
	if (s->n == 0) {
		s->min = f->min;
		s->max = f->max;
		s->psum = f->sum;
	} else {
		s->min = f->min < s->min ? f->min : s->min;
		s->max = f->max > s->max ? f->max : s->max;
		s->psum = f->sum + s->psum;
	}
	s->n += f->n;
	s->mean = s->psum / (double)s->n;
}

int
sp_stats_pool_seq(struct sp_stats_run *r, struct sp_stats_pool *p,
    uint32_t g, enum sp_stats_conv c, unsigned what,
    struct sp_stats_seq *out, struct sp_err *e)
{
	struct pool_src ps = { p, g };
	struct sp_stats_seq_src src = { pool_read, &ps, 0 };
	struct sp_stats_folded f = { 0, 0., 0, 0 };

	if (p != NULL && sp_stats_pool_folds(p)) {
		if (what != SP_SEQ_SUM)
			return sp_fail(e, SP_EUSAGE, "pool: a folding pool "
			    "keeps sums only");
		sp_stats_pool_folded(p, g, &f);
	}
	src.n = p != NULL ? sp_stats_pool_count(p, g) : 0;
	if (sp_stats_seq_compute(&src, c, what, r->load_max, out, e) < 0)
		return -1;
	join_folded(out, &f);
	return 0;
}

/* A pool kept past the run, when the options hand it out. */
static int
hand_out(struct sp_stats_run *r, struct sp_stats_pool **p,
    struct sp_stats_pool **out, unsigned what, struct sp_err *e)
{
	if (!(r->o.hand_out & what) || *p == NULL)
		return 0;
	if (sp_stats_pool_settle(*p, e) < 0)
		return -1;
	*out = *p;
	*p = NULL;
	return 0;
}

int
sp_stats_run_finish(struct sp_stats_run *r, struct sp_stats_result **out,
    struct sp_err *e)
{
	*out = NULL;
	if (r->res == NULL)
		return sp_fail(e, SP_EUSAGE, "no run to finish");
	if (sp_stats_run_rank_end(r, e) < 0 ||
	    sp_stats_regions_finish(r, e) < 0 ||
	    (want(r, SP_STATS_WANT_TREE) && sp_stats_tree_finish(r, e) < 0) ||
	    (want(r, SP_STATS_WANT_RANKS) && sp_stats_ranks_finish(r, e) < 0) ||
	    (want(r, SP_STATS_WANT_LANES) && sp_stats_lanes_finish(r, e) < 0))
		return -1;
	if (r->ns_over)
		return sp_fail(e, SP_EDATA, "the run's times add up past "
		    "2^63 - 1 ns (292 years), more than sp-stats can sum");
	if (hand_out(r, &r->rpool, &r->out_rpool, SP_STATS_WANT_REGIONS,
	    e) < 0 || hand_out(r, &r->ppool, &r->out_ppool, SP_STATS_WANT_TREE,
	    e) < 0)
		return -1;
	/* the result is whole: its accounts go before it is written */
	accounts_free(r);
	*out = r->res;
	r->res = NULL;
	return 0;
}

struct sp_stats_pool *
sp_stats_run_durations(struct sp_stats_run *r, unsigned what)
{
	struct sp_stats_pool **p = what == SP_STATS_WANT_REGIONS ?
	    &r->out_rpool : what == SP_STATS_WANT_TREE ? &r->out_ppool : NULL;
	struct sp_stats_pool *out = p != NULL ? *p : NULL;

	if (p != NULL)
		*p = NULL;
	return out;
}

struct sp_spill_file *
sp_stats_run_file(struct sp_stats_run *r)
{
	return r->tmp;
}
