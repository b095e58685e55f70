#include "sp_flame_export.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_flame_fold.h"
#include "sp_label.h"
#include "sp_tmpfiles.h"
#include "sp_lane.h"
#include "sp_pstats.h"
#include "sp_pyrepr.h"
#include "sp_sink.h"
#include "sp_walk.h"

/* The reference's command line writes DIR/flamegraph.svg. */
#define DIR_STEM "flamegraph"

/* A first-run file, complete under a temporary name. */
struct pending {
	char *tmp;
	uint32_t rank;
};

/* Where a graph's bytes go. */
struct dest {
	struct sp_sink *sink;	/* a file or a device */
	char *mem;		/* or memory (standard output, held) */
	size_t n, cap;
	uint64_t bytes;
};

struct fx {
	struct sp_reader *r;
	const struct sp_flame_export_opts *o;
	struct sp_flame_export_stats *st;
	const char *suffix;
	const char *single;	/* "-" or a device: one graph */
	const char *base;
	char *dirbase;
	struct sp_labels *labels;
	struct sp_walker *walker;

	/* the run */
	int have_run;
	struct sp_region_table rt;	/* valid until the next run item */
	int have_rt;
	char *label;		/* unique label (owned) */
	char *label1;		/* the first run's, for messages */

	/* the rank whose calls are coming */
	int have_rank;
	uint32_t rank;
	uint64_t rank_calls;
	struct sp_pstats *ps;
	struct sp_flame_fold *fold;
	int in_lane;
	int64_t lane;
	struct sp_lane_thread *threads;
	struct sp_lane_task *tasks;
	size_t nthreads, ntasks;
	uint32_t lanes_rank;	/* the rank the tables are of */
	int have_tables;

	struct pending *pend;
	size_t npend, pend_cap;

	/* the one graph of standard output */
	struct dest held;
	int have_held;
	char *quoted;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static const char *
quoted(struct fx *x, const char *s)
{
	free(x->quoted);
	x->quoted = NULL;
	if (sp_pyrepr(s, strlen(s), &x->quoted, NULL) != 0)
		return "'?'";
	return x->quoted;
}

/* --- names --- */

int
sp_flame_export_path(const char *base, const char *label, uint32_t rank,
    const char *suffix, char **out, struct sp_err *e)
{
	const char *name, *dot, *sfx;
	char *slug = NULL, *p, *q;
	size_t dirlen, stemlen, n;

	*out = NULL;
	n = strlen(base);
	name = strrchr(base, '/');
	name = name != NULL ? name + 1 : base;
	dirlen = (size_t)(name - base);
	if (*name == '\0') {
		/* a directory: the reference's DIR/flamegraph.svg */
		name = DIR_STEM;
		stemlen = strlen(DIR_STEM);
		sfx = suffix;
	} else {
		/* pathlib's suffix: the last dot, neither first nor last */
		dot = strrchr(name, '.');
		if (dot != NULL && dot != name && dot[1] != '\0') {
			stemlen = (size_t)(dot - name);
			sfx = dot;
		} else {
			stemlen = strlen(name);
			sfx = suffix;
		}
	}
	if (label != NULL) {
		if (sp_label_slug(label, &slug, e) < 0)
			return -1;
		for (q = slug; *q != '\0'; q++)
			if (*q == '/')
				*q = '_';
	}
	n = dirlen + stemlen + (slug != NULL ? 1 + strlen(slug) : 0) + 32 +
	    strlen(sfx);
	if ((p = malloc(n)) == NULL) {
		free(slug);
		return nomem(e);
	}
	snprintf(p, n, "%.*s%.*s%s%s_rank%" PRIu32 "%s", (int)dirlen, base,
	    (int)stemlen, name, slug != NULL ? "_" : "",
	    slug != NULL ? slug : "", rank, sfx);
	free(slug);
	*out = p;
	return 0;
}

/* --- output --- */

static int
dest_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct dest *d = ctx;

	if (d->sink != NULL) {
		if (sp_sink_write(d->sink, p, n, e) < 0)
			return -1;
	} else {
		if (n > d->cap - d->n) {
			size_t cap = d->cap ? d->cap : 1 << 16;
			char *m;

			while (cap - d->n < n)
				cap *= 2;
			if ((m = realloc(d->mem, cap)) == NULL)
				return nomem(e);
			d->mem = m;
			d->cap = cap;
		}
		memcpy(d->mem + d->n, p, n);
		d->n += n;
	}
	d->bytes += n;
	return 0;
}

/* A temporary file beside path, for a first-run graph. */
static int
open_pending(const char *path, char **tmp, struct sp_sink **sink,
    struct sp_err *e)
{
	int fd;

	*sink = NULL;
	if ((fd = sp_tmpfiles_create(path, tmp, e)) < 0)
		return -1;
	if ((*sink = sp_sink_new_fd(fd, path, e)) == NULL) {
		close(fd);
		sp_tmpfiles_discard(*tmp);
		*tmp = NULL;
		return -1;
	}
	return 0;
}

static int
rename_pending(struct fx *x, const char *label, struct sp_err *e)
{
	size_t i;
	char *path;

	for (i = 0; i < x->npend; i++) {
		if (sp_flame_export_path(x->base, label, x->pend[i].rank,
		    x->suffix, &path, e) < 0)
			return -1;
		if (rename(x->pend[i].tmp, path) < 0) {
			sp_fail_errno(e, errno, "%s: cannot rename %s into "
			    "place", path, x->pend[i].tmp);
			free(path);
			return -1;
		}
		free(path);
		sp_tmpfiles_remove(x->pend[i].tmp);
		free(x->pend[i].tmp);
		x->pend[i].tmp = NULL;
	}
	x->npend = 0;
	return 0;
}

/* --- ranks --- */

static int
set_tables(struct fx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	size_t i;

	free(x->threads);
	free(x->tasks);
	x->threads = NULL;
	x->tasks = NULL;
	x->nthreads = x->ntasks = 0;
	if ((ri->nthreads > 0 && (x->threads = calloc(ri->nthreads,
	    sizeof *x->threads)) == NULL) || (ri->ntasks > 0 &&
	    (x->tasks = calloc(ri->ntasks, sizeof *x->tasks)) == NULL))
		return nomem(e);
	for (i = 0; i < ri->nthreads; i++) {
		x->threads[i].index = ri->threads[i].index;
		x->threads[i].name = ri->threads[i].name;
	}
	for (i = 0; i < ri->ntasks; i++) {
		x->tasks[i].index = ri->tasks[i].index;
		x->tasks[i].name = ri->tasks[i].name;
		x->tasks[i].coro_name = ri->tasks[i].coro_name;
		x->tasks[i].thread_index = ri->tasks[i].thread_index;
	}
	x->nthreads = ri->nthreads;
	x->ntasks = ri->ntasks;
	x->lanes_rank = ri->rank;
	x->have_tables = 1;
	return 0;
}

static int
begin_rank(struct fx *x, uint32_t rank, struct sp_err *e)
{
	const struct sp_region_table *rt = sp_reader_regions(x->r);
	const struct sp_rank_info *ri = sp_reader_rank(x->r);
	struct sp_pstats_region *reg = NULL;
	struct sp_pstats_opts po;
	char *root = NULL;
	size_t i, n;
	int rc = -1, one_lane = 1;

	x->have_rank = 1;
	x->rank = rank;
	x->rank_calls = 0;
	x->in_lane = 0;
	if (ri == NULL || ri->rank != rank)
		ri = NULL;
	if (x->o->folded) {
		sp_flame_fold_reset(x->fold);
		return 0;
	}
	if (rt == NULL)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: calls before "
		    "the region table", sp_reader_name(x->r));
	if ((reg = calloc(rt->n + 1, sizeof *reg)) == NULL)
		return nomem(e);
	for (i = 0; i < rt->n; i++) {
		const struct sp_row_info *row = ri != NULL ?
		    sp_reader_row(x->r, (uint32_t)i) : NULL;

		reg[i].name = rt->names[i];
		if (row != NULL) {
			reg[i].file = row->source_file;
			reg[i].line = row->source_lineno;
			reg[i].has_line = row->has_lineno;
			if (row->xmask & (1u << SP_X_THREAD |
			    1u << SP_X_TASK))
				one_lane = 0;
		}
	}
	if (ri == NULL)
		one_lane = 0;
	n = strlen(x->label) + 32;
	if ((root = malloc(n)) == NULL) {
		nomem(e);
		goto out;
	}
	snprintf(root, n, "<%s rank %" PRIu32 ">", x->label, rank);
	memset(&po, 0, sizeof po);
	po.no_call_paths = x->o->no_call_paths;
	po.root = root;
	po.one_lane = one_lane;
	po.mem_limit = x->o->mem_limit;
	po.max_bytes = x->o->max_memory;
	if ((x->ps = sp_pstats_new(&po, rt->n, reg, rt->order, e)) == NULL)
		goto out;
	rc = 0;
out:
	free(reg);
	free(root);
	return rc;
}

static int
several_graphs(struct fx *x, struct sp_err *e)
{
	return sp_fail(e, SP_EUSAGE, "%s: the stream holds several graphs "
	    "(runs or ranks with calls), and %s takes one: name their files "
	    "with -o FILE", sp_reader_name(x->r),
	    strcmp(x->single, "-") == 0 ? "standard output" : x->single);
}

/* Draw the rank's graph (or write its stacks) into d. */
static int
draw(struct fx *x, struct dest *d, struct sp_flame_stats *fs,
    struct sp_err *e)
{
	const struct sp_region_table *rt = x->have_rt ? &x->rt : NULL;
	struct sp_prof *dict;
	int rc;

	memset(fs, 0, sizeof *fs);
	if (x->o->folded)
		return sp_flame_fold_write(x->fold, rt != NULL ? rt->names :
		    NULL, rt != NULL ? rt->n : 0, dest_write, d, e);
	if ((dict = sp_pstats_finish(x->ps, e)) == NULL)
		return -1;
	sp_pstats_free(x->ps);
	x->ps = NULL;
	if (sp_prof_len(dict) > x->st->paths)
		x->st->paths = sp_prof_len(dict);
	rc = sp_flame_render(dict, &x->o->svg, dest_write, d, fs, e);
	sp_prof_free(dict);
	return rc;
}

static int
end_rank(struct fx *x, struct sp_err *e)
{
	struct sp_flame_stats fs;
	struct dest d;
	struct pending *p;
	char *path = NULL;
	int rc = -1, pfd = -1;

	if (!x->have_rank)
		return 0;
	x->have_rank = 0;
	memset(&d, 0, sizeof d);
	if (x->rank_calls == 0) {
		sp_pstats_free(x->ps);
		x->ps = NULL;
		return 0;
	}
	if (x->o->folded && sp_flame_fold_paths(x->fold) > x->st->paths)
		x->st->paths = sp_flame_fold_paths(x->fold);
	if (x->single != NULL) {
		if (x->have_held)
			return several_graphs(x, e);
		if (draw(x, &x->held, &fs, e) < 0)
			return -1;
		x->have_held = 1;
		x->st->bytes += x->held.bytes;
		if (x->o->note != NULL && !x->o->folded)
			x->o->note(x->o->note_ctx, x->single, x->label,
			    x->rank, &fs);
		return 0;
	}
	if (x->st->runs == 1) {
		if (sp_flame_export_path(x->base, NULL, x->rank, x->suffix,
		    &path, e) < 0)
			goto out;
		if (x->npend == x->pend_cap) {
			size_t cap = x->pend_cap ? 2 * x->pend_cap : 16;

			if ((p = realloc(x->pend, cap * sizeof *p)) == NULL) {
				nomem(e);
				goto out;
			}
			x->pend = p;
			x->pend_cap = cap;
		}
		p = &x->pend[x->npend];
		if (open_pending(path, &p->tmp, &d.sink, e) < 0)
			goto out;
		p->rank = x->rank;
		x->npend++;
		pfd = sp_sink_fd(d.sink);
		if (draw(x, &d, &fs, e) < 0 || sp_sink_commit(d.sink, e) < 0)
			goto out;
	} else {
		if (sp_flame_export_path(x->base, x->label, x->rank,
		    x->suffix, &path, e) < 0 ||
		    (d.sink = sp_sink_open_file(path, e)) == NULL ||
		    draw(x, &d, &fs, e) < 0 || sp_sink_commit(d.sink, e) < 0)
			goto out;
	}
	x->st->graphs++;
	x->st->bytes += d.bytes;
	if (x->o->note != NULL && !x->o->folded)
		x->o->note(x->o->note_ctx, path, x->label, x->rank, &fs);
	rc = 0;
out:
	sp_sink_free(d.sink);
	if (pfd >= 0 && close(pfd) < 0 && rc == 0)
		rc = sp_fail_errno(e, errno, "%s: cannot close", path);
	free(path);
	return rc;
}

/* --- the walk --- */

static int
on_open(void *ctx, struct sp_walk_call *c, struct sp_err *e)
{
	struct fx *x = ctx;

	x->rank_calls++;
	if (x->o->folded)
		return sp_flame_fold_enter(x->fold, c->region, e);
	return sp_pstats_enter(x->ps, c->region, c->start, c->end, c->call,
	    e);
}

static int
on_close(void *ctx, const struct sp_walk_call *c, int64_t self_ns,
    struct sp_err *e)
{
	struct fx *x = ctx;

	(void)c;
	if (x->o->folded)
		return sp_flame_fold_leave(x->fold, self_ns, e);
	return sp_pstats_leave(x->ps, self_ns, e);
}

static int
on_lane_end(void *ctx, uint32_t run, uint32_t rank, int64_t lane,
    struct sp_err *e)
{
	struct fx *x = ctx;

	(void)run;
	(void)rank;
	(void)lane;
	x->in_lane = 0;
	if (x->o->folded)
		return 0;
	return sp_pstats_end_lane(x->ps, e);
}

/* The lane prefix frame: the name of sp-speedscope's profile. */
static int
lane_start(struct fx *x, uint32_t rank, int64_t lane, struct sp_err *e)
{
	size_t n;
	char *label, *name;
	int rc;

	if (!x->o->folded || !x->o->lanes)
		return 0;
	if (!x->have_tables || x->lanes_rank != rank)
		x->nthreads = x->ntasks = 0;
	n = sp_lane_label(NULL, 0, lane, x->threads, x->nthreads, x->tasks,
	    x->ntasks) + 1;
	if ((label = malloc(n)) == NULL)
		return nomem(e);
	sp_lane_label(label, n, lane, x->threads, x->nthreads, x->tasks,
	    x->ntasks);
	n = sp_lane_profile_name(NULL, 0, rank, lane, label) + 1;
	if ((name = malloc(n)) == NULL) {
		free(label);
		return nomem(e);
	}
	sp_lane_profile_name(name, n, rank, lane, label);
	rc = sp_flame_fold_lane(x->fold, name, e);
	free(label);
	free(name);
	return rc;
}

static int
batch(struct fx *x, const struct sp_batch *b, struct sp_err *e)
{
	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a batch "
		    "outside a run", sp_reader_name(x->r));
	if (x->have_rank && x->rank != b->rank && end_rank(x, e) < 0)
		return -1;
	if (!x->have_rank && begin_rank(x, b->rank, e) < 0)
		return -1;
	if (!x->in_lane || x->lane != b->lane) {
		if (lane_start(x, b->rank, b->lane, e) < 0)
			return -1;
		x->in_lane = 1;
		x->lane = b->lane;
	}
	x->st->calls += b->n;
	if (sp_walker_push(x->walker, b, e) < 0) {
		char why[SP_ERR_MSG_MAX];

		/* the builders' own limits know no file name: give it */
		if (e == NULL || e->status != SP_ENOMEM)
			return -1;
		snprintf(why, sizeof why, "%s", e->msg);
		return sp_fail(e, e->status, "%s: run '%s' rank %" PRIu32
		    ": %s", sp_reader_name(x->r), x->label, b->rank, why);
	}
	return 0;
}

/* --- runs --- */

static int
begin_run(struct fx *x, const struct sp_run_info *ri, struct sp_err *e)
{
	const char *unique;

	x->st->runs++;
	if (x->st->runs == 2 && x->single == NULL &&
	    rename_pending(x, x->label1, e) < 0)
		return -1;
	if (sp_labels_add(x->labels, ri->label, &unique, e) < 0)
		return -1;
	free(x->label);
	if ((x->label = strdup(unique)) == NULL ||
	    (x->st->runs == 1 && (x->label1 = strdup(unique)) == NULL))
		return nomem(e);
	x->have_run = 1;
	x->have_rt = 0;
	return 0;
}

static int
end_run(struct fx *x, struct sp_err *e)
{
	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a run-end "
		    "outside a run", sp_reader_name(x->r));
	if (sp_walker_finish(x->walker, e) < 0 || end_rank(x, e) < 0)
		return -1;
	x->have_run = 0;
	return 0;
}

static int
finish(struct fx *x, struct sp_err *e)
{
	const char *name = sp_reader_name(x->r);
	struct sp_sink *s;

	if (x->npend > 0 && rename_pending(x, NULL, e) < 0)
		return -1;
	if (x->have_held) {
		if ((s = sp_sink_open_file(x->single, e)) == NULL)
			return -1;
		if (sp_sink_write(s, x->held.mem, x->held.n, e) < 0 ||
		    sp_sink_commit(s, e) < 0) {
			sp_sink_free(s);
			return -1;
		}
		sp_sink_free(s);
		x->st->graphs++;
	}
	if (x->st->graphs > 0)
		return 0;
	if (x->st->runs == 0)
		return sp_fail(e, SP_EDATA, "%s: no runs in the stream: "
		    "nothing to draw", name);
	if (x->st->runs == 1)
		return sp_fail(e, SP_EDATA, "%s: no calls recorded in run %s",
		    name, quoted(x, x->label1));
	return sp_fail(e, SP_EDATA, "%s: no calls recorded in any of the %"
	    PRIu64 " runs", name, x->st->runs);
}

static int
set_output(struct fx *x, const char *out, struct sp_err *e)
{
	struct stat sb;
	size_t n;

	x->suffix = x->o->folded ? ".folded" : ".svg";
	if (out == NULL || strcmp(out, "-") == 0) {
		x->single = "-";
		return 0;
	}
	if (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		if (!S_ISDIR(sb.st_mode)) {
			x->single = out;
			return 0;
		}
		n = strlen(out);
		if (n > 0 && out[n - 1] != '/') {
			if ((x->dirbase = malloc(n + 2)) == NULL)
				return nomem(e);
			memcpy(x->dirbase, out, n);
			memcpy(x->dirbase + n, "/", 2);
			out = x->dirbase;
		}
	}
	x->base = out;
	return 0;
}

int
sp_flame_export_stream(struct sp_reader *r,
    const struct sp_flame_export_opts *o, struct sp_flame_export_stats *st,
    struct sp_err *e)
{
	static const struct sp_walk_ops ops = { on_open, on_close,
	    on_lane_end };
	struct sp_flame_export_stats dummy;
	struct sp_item it;
	struct fx x;
	size_t i;
	int got, rc = -1;

	memset(&x, 0, sizeof x);
	x.r = r;
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if ((x.labels = sp_labels_new()) == NULL ||
	    (x.walker = sp_walker_new(&ops, &x)) == NULL ||
	    (o->folded && (x.fold = sp_flame_fold_new()) == NULL)) {
		nomem(e);
		goto out;
	}
	if (x.fold != NULL)
		sp_flame_fold_set_max_bytes(x.fold, o->max_memory);
	if (set_output(&x, o->output, e) < 0)
		goto out;
	while ((got = sp_reader_next(r, &it, e)) == 1) {
		switch (it.kind) {
		case SP_ITEM_HEADER:
			if (it.u.header.stage != SP_STAGE_CALLS) {
				sp_fail(e, SP_EUSAGE, "%s: an interval stream: "
				    "pipe it through sp-stack first",
				    sp_reader_name(r));
				goto out;
			}
			break;
		case SP_ITEM_RUN:
			if (begin_run(&x, &it.u.run, e) < 0)
				goto out;
			break;
		case SP_ITEM_REGIONS:
			x.rt = it.u.regions;
			x.have_rt = 1;
			break;
		case SP_ITEM_RANK:
			if (end_rank(&x, e) < 0 ||
			    set_tables(&x, &it.u.rank, e) < 0)
				goto out;
			break;
		case SP_ITEM_BATCH:
			if (batch(&x, &it.u.batch, e) < 0)
				goto out;
			break;
		case SP_ITEM_RUN_END:
			if (end_run(&x, e) < 0)
				goto out;
			break;
		default:	/* side items, stream-ends, newer kinds */
			break;
		}
	}
	if (got == 0)
		rc = finish(&x, e);
out:
	for (i = 0; i < x.npend; i++) {
		sp_tmpfiles_discard(x.pend[i].tmp);
	}
	free(x.pend);
	free(x.held.mem);
	sp_pstats_free(x.ps);
	sp_flame_fold_free(x.fold);
	sp_walker_free(x.walker);
	sp_labels_free(x.labels);
	free(x.dirbase);
	free(x.label);
	free(x.label1);
	free(x.threads);
	free(x.tasks);
	free(x.quoted);
	return rc;
}
