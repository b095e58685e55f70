#include "sp_ssexport.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_label.h"
#include "sp_lane.h"
#include "sp_pyrepr.h"
#include "sp_sink.h"
#include "sp_speedscope.h"
#include "sp_walk.h"

/* The reference's command line writes DIR/profile.speedscope.json. */
#define DIR_FILE "profile.speedscope.json"
#define COPY_BUF ((size_t)1 << 16)

/* One document: a run's, while it is written and until it is named. */
struct doc {
	struct sp_speedscope *ss;
	struct sp_sink *sink;	/* opened with the first lane */
	char *label;		/* the run's unique label (owned) */
	char *path;		/* its file so far, "-" for standard output */
	uint64_t bytes;		/* JSON handed to the sink */
	uint64_t calls;		/* calls of the run */
	int nprofiles;
	int warned;		/* OVERSIZE noticed */
	int hold;		/* hold back the last byte (one-document mode) */
	int held;		/* a byte is held */
	unsigned char last;
};

struct ssx {
	struct sp_reader *r;
	const struct sp_ssexport_opts *o;
	struct sp_ssexport_stats *st;
	const char *base;	/* the base path, NULL in one-document mode */
	const char *single;	/* the output in one-document mode, else NULL */
	char *dirbase;		/* base inside a directory (owned) */
	struct sp_labels *labels;
	struct sp_walker *walker;

	struct doc cur;		/* the run being read */
	struct doc first;	/* the first run's document, awaiting its name */
	int have_run;		/* a run item is open (cur is valid) */
	int64_t origin;
	int has_span;

	int inprofile;		/* a profile (lane) is being written */

	/* the current rank's lane tables */
	struct sp_lane_thread *threads;
	struct sp_lane_task *tasks;
	size_t nthreads, ntasks, threads_cap, tasks_cap;
	char *pname;		/* profile name buffer */
	size_t pname_cap;
	char *quoted;		/* a quoted label for a message */
	char *label1;		/* the first run's label, for a message */
	int empty1;		/* the first run has no document: 1 + note */
	uint64_t dropped1;
};

/* --- documents --- */

static int
sink_put(struct doc *d, const void *p, size_t n, struct sp_err *e)
{
	const unsigned char *b = p;

	if (n == 0)
		return 0;
	if (!d->hold)
		return sp_sink_write(d->sink, p, n, e);
	if (d->held && sp_sink_write(d->sink, &d->last, 1, e) < 0)
		return -1;
	if (sp_sink_write(d->sink, b, n - 1, e) < 0)
		return -1;
	d->last = b[n - 1];
	d->held = 1;
	return 0;
}

/* The speedscope writer's output: counts bytes for the size notice. */
static int
doc_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct ssx *x = ctx;
	struct doc *d = &x->cur;

	if (d->sink == NULL)
		return sp_fail(e, SP_EUSAGE, "document written before its "
		    "first profile");
	if (sink_put(d, p, n, e) < 0)
		return -1;
	d->bytes += n;
	if (x->o->max_size > 0 && d->bytes > x->o->max_size && !d->warned) {
		d->warned = 1;
		if (x->o->note != NULL)
			x->o->note(x->o->note_ctx, SP_SSEXPORT_OVERSIZE,
			    d->label, d->path, x->o->max_size);
	}
	return 0;
}

static void
doc_free(struct doc *d)
{
	sp_speedscope_free(d->ss);
	sp_sink_free(d->sink);	/* without a commit: removes the temp file */
	free(d->label);
	free(d->path);
	memset(d, 0, sizeof *d);
}

/* Everything written: the held byte, then flush and rename into place. */
static int
doc_commit(struct doc *d, struct sp_err *e)
{
	if (d->held && sp_sink_write(d->sink, &d->last, 1, e) < 0)
		return -1;
	d->held = 0;
	return sp_sink_commit(d->sink, e);
}

/*
 * The first document turns out to belong to one of several runs: copy
 * it, complete, from its temporary file to its labelled name.
 */
static int
doc_commit_as(struct doc *d, const char *path, struct sp_err *e)
{
	struct sp_sink *to;
	unsigned char *buf;
	off_t off = 0;
	ssize_t n;
	int rc = -1, fd = sp_sink_fd(d->sink);

	if (sp_sink_flush(d->sink, e) < 0)
		return -1;
	if ((to = sp_sink_open_file(path, e)) == NULL)
		return -1;
	if ((buf = malloc(COPY_BUF)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	for (;;) {
		n = pread(fd, buf, COPY_BUF, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sp_fail_errno(e, errno, "%s: cannot read back the "
			    "document", d->path);
			goto out;
		}
		if (n == 0)
			break;
		if (sp_sink_write(to, buf, (size_t)n, e) < 0)
			goto out;
		off += n;
	}
	if ((uint64_t)off != d->bytes) {
		sp_fail(e, SP_EIO, "%s: read back %jd bytes of the %" PRIu64
		    " written", d->path, (intmax_t)off, d->bytes);
		goto out;
	}
	if (sp_sink_commit(to, e) < 0)
		goto out;
	free(d->path);
	if ((d->path = strdup(path)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	rc = 0;
out:
	free(buf);
	sp_sink_free(to);
	return rc;
}

/* --- names --- */

int
sp_ssexport_path(const char *base, const char *label, char **out,
    struct sp_err *e)
{
	const char *name, *dot, *suffix;
	char *slug = NULL, *p;
	size_t dirlen, stemlen, n;

	*out = NULL;
	n = strlen(base);
	if (n > 0 && base[n - 1] == '/') {
		/* a directory: DIR/profile.speedscope.json */
		char *b = malloc(n + sizeof DIR_FILE);
		int rc;

		if (b == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		memcpy(b, base, n);
		memcpy(b + n, DIR_FILE, sizeof DIR_FILE);
		rc = sp_ssexport_path(b, label, out, e);
		free(b);
		return rc;
	}
	name = strrchr(base, '/');
	name = name != NULL ? name + 1 : base;
	dirlen = (size_t)(name - base);
	if ((dot = strchr(name, '.')) != NULL) {
		stemlen = (size_t)(dot - name);
		suffix = dot;
	} else {
		stemlen = strlen(name);
		suffix = ".speedscope.json";
	}
	if (label != NULL) {
		if (sp_label_slug(label, &slug, e) < 0)
			return -1;
		/*
		 * A label of nothing but non-word characters is its own slug;
		 * a "/" in it would name a directory (the reference fails).
		 */
		for (p = slug; *p != '\0'; p++)
			if (*p == '/')
				*p = '_';
	}
	n = dirlen + stemlen + (slug != NULL ? 1 + strlen(slug) : 0) +
	    strlen(suffix) + 1;
	if ((p = malloc(n)) == NULL) {
		free(slug);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	snprintf(p, n, "%.*s%.*s%s%s%s", (int)dirlen, base, (int)stemlen,
	    name, slug != NULL ? "_" : "", slug != NULL ? slug : "", suffix);
	free(slug);
	*out = p;
	return 0;
}

/* A label quoted as Python's repr quotes it, for a message. */
static const char *
quoted(struct ssx *x, const char *s)
{
	free(x->quoted);
	x->quoted = NULL;
	if (sp_pyrepr(s, strlen(s), &x->quoted, NULL) != 0)
		return "'?'";
	return x->quoted;
}

/* --- lane tables and profile names --- */

static int
set_rank(struct ssx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	size_t i;

	if (ri->nthreads > x->threads_cap) {
		free(x->threads);
		if ((x->threads = calloc(ri->nthreads, sizeof *x->threads)) ==
		    NULL)
			goto nomem;
		x->threads_cap = ri->nthreads;
	}
	if (ri->ntasks > x->tasks_cap) {
		free(x->tasks);
		if ((x->tasks = calloc(ri->ntasks, sizeof *x->tasks)) == NULL)
			goto nomem;
		x->tasks_cap = ri->ntasks;
	}
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
	return 0;
nomem:
	x->threads_cap = x->tasks_cap = x->nthreads = x->ntasks = 0;
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
grow_pname(struct ssx *x, size_t need, struct sp_err *e)
{
	char *p;

	if (need <= x->pname_cap)
		return 0;
	if ((p = realloc(x->pname, need)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	x->pname = p;
	x->pname_cap = need;
	return 0;
}

/* "rank N" or "rank N - <lane label>" into x->pname. */
static int
profile_name(struct ssx *x, uint32_t rank, int64_t lane, struct sp_err *e)
{
	const struct sp_rank_info *ri = sp_reader_rank(x->r);
	size_t n;
	char *label;

	/* The lane tables are those of the batch's rank, or none. */
	if (ri == NULL || ri->rank != rank)
		x->nthreads = x->ntasks = 0;
	n = sp_lane_label(NULL, 0, lane, x->threads, x->nthreads, x->tasks,
	    x->ntasks) + 1;
	if ((label = malloc(n)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	sp_lane_label(label, n, lane, x->threads, x->nthreads, x->tasks,
	    x->ntasks);
	n = sp_lane_profile_name(NULL, 0, rank, lane, label) + 1;
	if (grow_pname(x, n, e) < 0) {
		free(label);
		return -1;
	}
	sp_lane_profile_name(x->pname, n, rank, lane, label);
	free(label);
	return 0;
}

/* --- the walk --- */

static int
on_open(void *ctx, struct sp_walk_call *c, struct sp_err *e)
{
	struct ssx *x = ctx;

	if (!x->has_span)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s has "
		    "calls, but its first_ns is null", sp_reader_name(x->r),
		    quoted(x, x->cur.label));
	if (c->start < x->origin)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s: a call "
		    "at %" PRId64 " ns starts before the run's first_ns",
		    sp_reader_name(x->r), quoted(x, x->cur.label), c->start);
	return sp_speedscope_open(x->cur.ss, c->region, c->start, c->end, e);
}

static int
on_close(void *ctx, const struct sp_walk_call *c, int64_t self_ns,
    struct sp_err *e)
{
	struct ssx *x = ctx;

	(void)self_ns;
	return sp_speedscope_close(x->cur.ss, c->region, c->end, e);
}

static int
on_lane_end(void *ctx, uint32_t run, uint32_t rank, int64_t lane,
    struct sp_err *e)
{
	struct ssx *x = ctx;
	int rc;

	(void)run;
	(void)rank;
	(void)lane;
	if ((rc = sp_speedscope_end_profile(x->cur.ss, e)) < 0)
		return -1;
	x->cur.nprofiles += rc;
	x->inprofile = 0;
	return 0;
}

/* --- runs --- */

/* The file of the current run's document: NULL label while it is alone. */
static int
doc_path(struct ssx *x, const char *label, char **out, struct sp_err *e)
{
	if (x->single != NULL) {
		if ((*out = strdup(x->single)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		return 0;
	}
	return sp_ssexport_path(x->base, label, out, e);
}

static int
several_runs(struct ssx *x, struct sp_err *e)
{
	char *path;
	int rc;

	if (x->single != NULL)
		return sp_fail(e, SP_EUSAGE, "%s: the stream holds several "
		    "runs, and %s takes one document: name their files with "
		    "-o FILE", sp_reader_name(x->r),
		    strcmp(x->single, "-") == 0 ? "standard output" :
		    x->single);
	/* A first run without a document is worth a word only now. */
	if (x->empty1 > 0 && x->o->note != NULL)
		x->o->note(x->o->note_ctx, (enum sp_ssexport_note)
		    (x->empty1 - 1), x->label1, "", x->dropped1);
	if (x->first.sink == NULL)
		return 0;
	if (doc_path(x, x->first.label, &path, e) < 0)
		return -1;
	rc = doc_commit_as(&x->first, path, e);
	free(path);
	if (rc < 0)
		return -1;
	x->st->documents++;
	doc_free(&x->first);
	return 0;
}

static int
begin_run(struct ssx *x, const struct sp_run_info *ri, struct sp_err *e)
{
	struct sp_speedscope_opts so;
	const char *unique;

	x->st->runs++;
	if (x->st->runs == 2 && several_runs(x, e) < 0)
		return -1;
	memset(&x->cur, 0, sizeof x->cur);
	if (sp_labels_add(x->labels, ri->label, &unique, e) < 0)
		return -1;
	if ((x->cur.label = strdup(unique)) == NULL ||
	    (x->st->runs == 1 && (x->label1 = strdup(unique)) == NULL))
		return sp_fail(e, SP_ENOMEM, "out of memory");
	if (doc_path(x, x->st->runs > 1 ? unique : NULL, &x->cur.path, e) < 0)
		return -1;
	x->have_run = 1;
	x->has_span = ri->has_span;
	x->origin = ri->has_span ? ri->first_ns : 0;
	memset(&so, 0, sizeof so);
	so.name = x->o->name != NULL ? x->o->name : unique;
	so.exporter = x->o->exporter;
	so.origin_ns = x->origin;
	so.unit_ns = x->o->unit_ns;
	so.min_duration_ns = x->o->min_duration_ns;
	x->cur.hold = x->single != NULL;
	x->cur.ss = sp_speedscope_new(&so, doc_write, x, e);
	return x->cur.ss == NULL ? -1 : 0;
}

static int
batch(struct ssx *x, const struct sp_batch *b, struct sp_err *e)
{
	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a batch "
		    "outside a run", sp_reader_name(x->r));
	if (!x->inprofile) {
		/* a run without a profile written removes it again */
		if (x->cur.sink == NULL &&
		    (x->cur.sink = sp_sink_open_file(x->cur.path, e)) == NULL)
			return -1;
		if (profile_name(x, b->rank, b->lane, e) < 0 ||
		    sp_speedscope_begin_profile(x->cur.ss, x->pname, e) < 0)
			return -1;
		x->inprofile = 1;
	}
	x->cur.calls += b->n;
	x->st->calls += b->n;
	return sp_walker_push(x->walker, b, e);
}

static int
end_run(struct ssx *x, struct sp_err *e)
{
	struct doc *d = &x->cur;
	enum sp_ssexport_note what;
	uint64_t dropped;

	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a run-end "
		    "outside a run", sp_reader_name(x->r));
	if (sp_walker_finish(x->walker, e) < 0)
		return -1;
	x->have_run = 0;
	dropped = sp_speedscope_dropped(d->ss);
	x->st->dropped += dropped;
	if (d->nprofiles == 0) {
		what = d->calls == 0 ? SP_SSEXPORT_NO_CALLS :
		    SP_SSEXPORT_ALL_DROPPED;
		if (x->st->runs == 1) {
			/* alone, it is the error of finish() instead */
			x->empty1 = 1 + (int)what;
			x->dropped1 = dropped;
		} else if (x->o->note != NULL) {
			x->o->note(x->o->note_ctx, what, d->label, d->path,
			    dropped);
		}
		doc_free(d);
		return 0;
	}
	if (sp_speedscope_finish(d->ss, e) < 0)
		return -1;
	x->st->bytes += d->bytes;
	if (x->st->runs == 1) {
		/* Alone so far: named at the next run or the end. */
		x->first = *d;
		memset(d, 0, sizeof *d);
		return 0;
	}
	if (doc_commit(d, e) < 0)
		return -1;
	x->st->documents++;
	doc_free(d);
	return 0;
}

static int
finish(struct ssx *x, struct sp_err *e)
{
	const char *name = sp_reader_name(x->r);

	if (x->first.sink != NULL) {
		if (doc_commit(&x->first, e) < 0)
			return -1;
		x->st->documents++;
		doc_free(&x->first);
	}
	if (x->st->documents > 0)
		return 0;
	if (x->st->runs == 0)
		return sp_fail(e, SP_EDATA, "%s: no runs in the stream: "
		    "nothing to export", name);
	if (x->st->runs == 1 && x->st->dropped > 0)
		return sp_fail(e, SP_EDATA, "%s: no calls left in run %s: all %"
		    PRIu64 " are shorter than the minimum duration or inside "
		    "one", name, quoted(x, x->label1), x->st->dropped);
	if (x->st->runs == 1)
		return sp_fail(e, SP_EDATA, "%s: no calls recorded in run %s",
		    name, quoted(x, x->label1));
	if (x->st->dropped > 0)
		return sp_fail(e, SP_EDATA, "%s: no calls left in any of the %"
		    PRIu64 " runs: all %" PRIu64 " are shorter than the "
		    "minimum duration or inside one", name, x->st->runs,
		    x->st->dropped);
	return sp_fail(e, SP_EDATA, "%s: no calls recorded in any of the %"
	    PRIu64 " runs", name, x->st->runs);
}

/*
 * Where the documents go: "-" and devices (a FIFO, /dev/null) take one
 * document as they are; a directory is the reference's DIR/ form.
 */
static int
set_output(struct ssx *x, const char *out, struct sp_err *e)
{
	struct stat sb;
	size_t n;

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
				return sp_fail(e, SP_ENOMEM, "out of memory");
			memcpy(x->dirbase, out, n);
			memcpy(x->dirbase + n, "/", 2);
			out = x->dirbase;
		}
	}
	x->base = out;
	return 0;
}

int
sp_ssexport_stream(struct sp_reader *r, const struct sp_ssexport_opts *o,
    struct sp_ssexport_stats *st, struct sp_err *e)
{
	static const struct sp_walk_ops ops = { on_open, on_close,
	    on_lane_end };
	struct sp_ssexport_stats dummy;
	struct ssx x;
	struct sp_item it;
	int got, rc = -1;

	memset(&x, 0, sizeof x);
	memset(&dummy, 0, sizeof dummy);
	x.r = r;
	x.o = o;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if ((x.labels = sp_labels_new()) == NULL ||
	    (x.walker = sp_walker_new(&ops, &x)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
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
			if (x.have_run && sp_speedscope_set_regions(x.cur.ss,
			    it.u.regions.names, it.u.regions.n, e) < 0)
				goto out;
			break;
		case SP_ITEM_RANK:
			if (set_rank(&x, &it.u.rank, e) < 0)
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
		default:	/* side payloads, stream-ends, newer kinds */
			break;
		}
	}
	if (got == 0)
		rc = finish(&x, e);
out:
	doc_free(&x.cur);
	doc_free(&x.first);
	sp_walker_free(x.walker);
	sp_labels_free(x.labels);
	free(x.dirbase);
	free(x.threads);
	free(x.tasks);
	free(x.pname);
	free(x.quoted);
	free(x.label1);
	return rc;
}
