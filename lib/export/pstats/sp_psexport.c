#define _GNU_SOURCE	/* tee(2) */
#include "sp_psexport.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_label.h"
#include "sp_marshal.h"
#include "sp_prof.h"
#include "sp_pstats.h"
#include "sp_pyrepr.h"
#include "sp_sink.h"
#include "sp_stream.h"
#include "sp_walk.h"

/* The reference's command line writes DIR/profile.prof. */
#define DIR_FILE "profile.prof"
#define COPY_BUF ((size_t)1 << 16)
/* The first run's .prof files stay in memory up to this, then in a file. */
#define SPOOL_MEM ((size_t)8 << 20)
#define SNIFF 8

/* A .prof of the first run, waiting in the spool for its name. */
struct held {
	uint32_t rank;
	uint64_t off, len;
};

/* A notice, given at the end. */
struct note {
	enum sp_psexport_note what;
	const char *label;	/* owned by the label set */
	uint32_t rank;
};

enum mode {
	M_FILES,	/* .prof files named from a base path */
	M_SINGLE,	/* one .prof, to standard output or a device */
	M_PRINT,	/* reports on standard output */
};

struct psx {
	struct sp_reader *r;
	const struct sp_psexport_opts *o;
	struct sp_psexport_stats *st;
	enum mode mode;
	const char *base;	/* M_FILES */
	const char *single;	/* M_SINGLE: "-" or the device */
	char *dirbase;		/* base inside a directory (owned) */
	struct sp_labels *labels;
	struct sp_walker *walker;
	struct sp_sink *out;	/* M_PRINT: standard output */

	/* the run */
	int have_run;
	const char *label;	/* its unique label (owned by labels) */
	uint64_t run_ranks;	/* rank items of the run */

	/* the rank */
	struct sp_pstats *ps;
	uint32_t rank;
	int one_lane;		/* the rank has no lane columns */
	int have_lane;		/* a batch of the rank was seen */
	int64_t lane;		/* its lane */
	struct sp_pstats_region *regs;
	size_t regs_cap;

	/* M_SINGLE: the one dict, written at the end */
	struct sp_prof *one;

	/* M_FILES: the first run's .prof files, until they can be named */
	unsigned char *mem;	/* the spool while it is small */
	size_t mem_cap;
	int spool;		/* then an unlinked temporary file, or -1 */
	const char *spool_dir;	/* its directory, for messages */
	uint64_t spool_len;
	struct held *held;
	size_t nheld, held_cap;
	const char *label1;	/* the first run's label */
	int released;		/* the first run's files are named */
	int built_failed;	/* the builder refused a call */

	struct note *notes;
	size_t nnotes, notes_cap;
	char *quoted;		/* a quoted label, for a message */
};

static int
grow(void *pp, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 8;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			return -1;
		n *= 2;
	}
	if ((p = realloc(*(void **)pp, n * size)) == NULL)
		return -1;
	*(void **)pp = p;
	*cap = n;
	return 0;
}

/* A label quoted as Python's repr quotes it, for a message. */
static const char *
quoted(struct psx *x, const char *s)
{
	free(x->quoted);
	x->quoted = NULL;
	if (sp_pyrepr(s, strlen(s), &x->quoted, NULL) != 0)
		return "'?'";
	return x->quoted;
}

static int
add_note(struct psx *x, enum sp_psexport_note what, uint32_t rank,
    struct sp_err *e)
{
	if (grow(&x->notes, &x->notes_cap, x->nnotes + 1,
	    sizeof *x->notes) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	x->notes[x->nnotes].what = what;
	x->notes[x->nnotes].label = x->label;
	x->notes[x->nnotes].rank = rank;
	x->nnotes++;
	return 0;
}

/* --- names --- */

int
sp_psexport_path(const char *base, const char *label, uint32_t rank,
    char **out, struct sp_err *e)
{
	const char *name, *dot, *suffix;
	char *slug = NULL, *p;
	size_t dirlen, stemlen, n;

	*out = NULL;
	n = strlen(base);
	if (n > 0 && base[n - 1] == '/') {
		/* a directory: DIR/profile.prof */
		char *b = malloc(n + sizeof DIR_FILE);
		int rc;

		if (b == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		memcpy(b, base, n);
		memcpy(b + n, DIR_FILE, sizeof DIR_FILE);
		rc = sp_psexport_path(b, label, rank, out, e);
		free(b);
		return rc;
	}
	name = strrchr(base, '/');
	name = name != NULL ? name + 1 : base;
	dirlen = (size_t)(name - base);
	/* pathlib: a suffix is a last dot neither first nor last */
	dot = strrchr(name, '.');
	if (dot != NULL && dot > name && dot[1] != '\0') {
		stemlen = (size_t)(dot - name);
		suffix = dot;
	} else {
		stemlen = strlen(name);
		suffix = ".prof";
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
	    sizeof "_rank4294967295" + strlen(suffix);
	if ((p = malloc(n)) == NULL) {
		free(slug);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	snprintf(p, n, "%.*s%.*s%s%s_rank%" PRIu32 "%s", (int)dirlen, base,
	    (int)stemlen, name, slug != NULL ? "_" : "",
	    slug != NULL ? slug : "", rank, suffix);
	free(slug);
	*out = p;
	return 0;
}

/* --- output --- */

static int
sink_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	return sp_sink_write(ctx, p, n, e);
}

/* Write d as a .prof to path, complete or not at all. */
static int
write_prof(const char *path, const struct sp_prof *d, struct sp_err *e)
{
	struct sp_sink *s;
	int rc = -1;

	if ((s = sp_sink_open_file(path, e)) == NULL)
		return -1;
	if (sp_marshal_write_prof(d, sink_write, s, e) < 0 ||
	    sp_sink_commit(s, e) < 0)
		goto out;
	rc = 0;
out:
	sp_sink_free(s);
	return rc;
}

static int
spool_open(struct psx *x, struct sp_err *e)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if ((size_t)snprintf(path, sizeof path, "%s/sp-pstats.XXXXXX", dir) >=
	    sizeof path)
		return sp_fail(e, SP_EUSAGE, "TMPDIR too long");
	if ((x->spool = mkstemp(path)) == -1)
		return sp_fail_errno(e, errno, "%s: cannot create a temporary "
		    "file", path);
	unlink(path);
	x->spool_dir = dir;
	return 0;
}

/* dir names the unlinked file in a message, as sp-json's spill does */
static int
write_all(int fd, const char *dir, const void *p, size_t n,
    struct sp_err *e)
{
	const char *b = p;
	ssize_t k;

	while (n > 0) {
		k = write(fd, b, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return sp_fail_errno(e, errno, "%s: temporary file: "
			    "write error", dir);
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

/* Append to the spool: in memory while small, then in a file. */
static int
spool_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct psx *x = ctx;

	if (x->spool == -1 && x->spool_len + n <= SPOOL_MEM) {
		if (grow(&x->mem, &x->mem_cap, x->spool_len + n, 1) < 0)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		memcpy(x->mem + x->spool_len, p, n);
		x->spool_len += n;
		return 0;
	}
	if (x->spool == -1) {
		if (spool_open(x, e) < 0 ||
		    write_all(x->spool, x->spool_dir, x->mem, x->spool_len,
		    e) < 0)
			return -1;
		free(x->mem);
		x->mem = NULL;
		x->mem_cap = 0;
	}
	if (write_all(x->spool, x->spool_dir, p, n, e) < 0)
		return -1;
	x->spool_len += n;
	return 0;
}

/* Keep a .prof of the first run in the spool. */
static int
hold(struct psx *x, const struct sp_prof *d, struct sp_err *e)
{
	struct held *h;

	if (grow(&x->held, &x->held_cap, x->nheld + 1, sizeof *x->held) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	h = &x->held[x->nheld];
	h->rank = x->rank;
	h->off = x->spool_len;
	if (sp_marshal_write_prof(d, spool_write, x, e) < 0)
		return -1;
	h->len = x->spool_len - h->off;
	x->nheld++;
	return 0;
}

/* Copy a held .prof from the spool to path. */
static int
release_one(struct psx *x, const struct held *h, const char *path,
    unsigned char *buf, struct sp_err *e)
{
	struct sp_sink *s;
	uint64_t done = 0;
	ssize_t n;
	int rc = -1;

	if ((s = sp_sink_open_file(path, e)) == NULL)
		return -1;
	if (x->spool == -1 && sp_sink_write(s, x->mem + h->off,
	    (size_t)h->len, e) < 0)
		goto out;
	while (x->spool != -1 && done < h->len) {
		size_t want = h->len - done < COPY_BUF ? (size_t)(h->len -
		    done) : COPY_BUF;

		n = pread(x->spool, buf, want, (off_t)(h->off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sp_fail_errno(e, errno, "%s: temporary file: read "
			    "error", x->spool_dir);
			goto out;
		}
		if (n == 0) {
			sp_fail(e, SP_EIO, "%s: temporary file: cut short",
			    x->spool_dir);
			goto out;
		}
		if (sp_sink_write(s, buf, (size_t)n, e) < 0)
			goto out;
		done += (uint64_t)n;
	}
	if (sp_sink_commit(s, e) < 0)
		goto out;
	x->st->files++;
	rc = 0;
out:
	sp_sink_free(s);
	return rc;
}

/* The first run's files get their names: with the label if labelled. */
static int
release(struct psx *x, int labelled, struct sp_err *e)
{
	unsigned char *buf = NULL;
	char *path = NULL;
	size_t i;
	int rc = -1;

	x->released = 1;
	if (x->nheld == 0)
		return 0;
	if ((buf = malloc(COPY_BUF)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < x->nheld; i++) {
		if (sp_psexport_path(x->base, labelled ? x->label1 : NULL,
		    x->held[i].rank, &path, e) < 0 ||
		    release_one(x, &x->held[i], path, buf, e) < 0)
			goto out;
		free(path);
		path = NULL;
	}
	rc = 0;
out:
	x->nheld = 0;
	if (x->spool != -1)
		close(x->spool);
	x->spool = -1;
	free(x->mem);
	x->mem = NULL;
	free(path);
	free(buf);
	return rc;
}

/* --- the walk --- */

static int
on_open(void *ctx, struct sp_walk_call *c, struct sp_err *e)
{
	struct psx *x = ctx;

	if (sp_pstats_enter(x->ps, c->region, c->start, c->end, c->call,
	    e) < 0) {
		x->built_failed = 1;
		return -1;
	}
	return 0;
}

static int
on_close(void *ctx, const struct sp_walk_call *c, int64_t self_ns,
    struct sp_err *e)
{
	struct psx *x = ctx;

	(void)c;
	if (sp_pstats_leave(x->ps, self_ns, e) < 0) {
		x->built_failed = 1;
		return -1;
	}
	return 0;
}

static int
on_lane_end(void *ctx, uint32_t run, uint32_t rank, int64_t lane,
    struct sp_err *e)
{
	struct psx *x = ctx;

	(void)run;
	(void)rank;
	(void)lane;
	if (sp_pstats_end_lane(x->ps, e) < 0) {
		x->built_failed = 1;
		return -1;
	}
	return 0;
}

/*
 * Name the input in an error of the walker or the builder.  The builder
 * refuses data (calls out of order, an unknown region) that the walker
 * let through: the stream breaks its rules.
 */
static int
stream_error(struct psx *x, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];
	int bad = x->built_failed && (e == NULL ||
	    e->status == SP_EDATA || e->status == SP_EUSAGE);

	x->built_failed = 0;
	if (e == NULL)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (bad)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": %s", sp_reader_name(x->r), quoted(x, x->label),
		    x->rank, why);
	return sp_fail(e, e->status, "%s: %s", sp_reader_name(x->r), why);
}

/* --- ranks and runs --- */

static int
begin_rank(struct psx *x, const struct sp_rank_info *ri, struct sp_err *e)
{
	const struct sp_region_table *t = sp_reader_regions(x->r);
	struct sp_pstats_opts po;
	size_t i, n = t != NULL ? t->n : 0;
	unsigned lanes = 1u << SP_X_THREAD | 1u << SP_X_TASK;
	int one_lane = 1;
	char *root = NULL;

	x->rank = ri->rank;
	x->run_ranks++;
	x->st->ranks++;
	if (grow(&x->regs, &x->regs_cap, n + 1, sizeof *x->regs) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		const struct sp_row_info *row = sp_reader_row(x->r,
		    (uint32_t)i);

		x->regs[i].name = t->names[i];
		x->regs[i].file = row != NULL ? row->source_file : NULL;
		x->regs[i].has_line = row != NULL && row->has_lineno;
		x->regs[i].line = row != NULL ? row->source_lineno : 0;
	}
	/*
	 * Lanes come from thread (and task) columns only: without them the
	 * rank is one stack, whose sums need no call log (batch() checks).
	 */
	for (i = 0; i < ri->nrows; i++)
		if (ri->rows[i].xmask & lanes)
			one_lane = 0;
	x->one_lane = one_lane;
	x->have_lane = 0;
	memset(&po, 0, sizeof po);
	po.no_call_paths = x->o->no_call_paths;
	po.one_lane = one_lane;
	po.mem_limit = x->o->mem_limit;
	po.max_bytes = x->o->max_memory;
	if (!x->o->no_root && x->o->root != NULL) {
		po.root = x->o->root;
	} else if (!x->o->no_root) {
		size_t len = strlen(x->label) + sizeof "< rank 4294967295>";

		if ((root = malloc(len)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		snprintf(root, len, "<%s rank %" PRIu32 ">", x->label,
		    ri->rank);
		po.root = root;
	}
	x->ps = sp_pstats_new(&po, n, x->regs, t != NULL ? t->order : NULL,
	    e);
	free(root);
	return x->ps == NULL ? -1 : 0;
}

static int
report(struct psx *x, const struct sp_prof *d, struct sp_err *e)
{
	char *head;
	size_t n;
	int rc;

	(void)quoted(x, x->label);
	n = strlen(x->quoted) + sizeof "==> run , rank 4294967295 <==\n\n";
	if ((head = malloc(n)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	snprintf(head, n, "==> run %s, rank %" PRIu32 " <==\n\n", x->quoted,
	    x->rank);
	rc = sp_sink_write(x->out, head, strlen(head), e);
	free(head);
	if (rc < 0 || sp_pstats_report_write(d, NULL, x->o->sort, x->o->top,
	    sink_write, x->out, e) < 0 || sp_sink_flush(x->out, e) < 0)
		return -1;
	x->st->reports++;
	return 0;
}

static int
end_rank(struct psx *x, struct sp_err *e)
{
	struct sp_prof *d;
	uint64_t calls = sp_pstats_calls(x->ps);
	int rc = -1;

	d = sp_pstats_finish(x->ps, e);
	sp_pstats_free(x->ps);
	x->ps = NULL;
	if (d == NULL) {
		x->built_failed = 1;
		return stream_error(x, e);
	}
	if (sp_prof_len(d) > x->st->entries)
		x->st->entries = sp_prof_len(d);
	if (x->mode == M_PRINT) {
		rc = report(x, d, e);
	} else if (calls == 0) {
		rc = add_note(x, SP_PSEXPORT_RANK_EMPTY, x->rank, e);
	} else if (x->mode == M_SINGLE) {
		if (x->one != NULL) {
			rc = sp_fail(e, SP_EUSAGE, "%s: the stream holds calls "
			    "of several ranks or runs, and %s takes one .prof: "
			    "name their files with -o FILE",
			    sp_reader_name(x->r), strcmp(x->single, "-") == 0 ?
			    "standard output" : x->single);
			goto out;
		}
		x->one = d;
		d = NULL;
		rc = 0;
	} else if (!x->released) {
		rc = hold(x, d, e);
	} else {
		char *path;

		if (sp_psexport_path(x->base, x->label, x->rank, &path,
		    e) < 0)
			goto out;
		rc = write_prof(path, d, e);
		free(path);
		if (rc == 0)
			x->st->files++;
	}
out:
	sp_prof_free(d);
	return rc;
}

static int
begin_run(struct psx *x, const struct sp_run_info *ri, struct sp_err *e)
{
	x->st->runs++;
	if (x->st->runs == 2 && x->mode == M_FILES && release(x, 1, e) < 0)
		return -1;
	if (sp_labels_add(x->labels, ri->label, &x->label, e) < 0)
		return -1;
	if (x->st->runs == 1)
		x->label1 = x->label;
	x->have_run = 1;
	x->run_ranks = 0;
	return 0;
}

static int
end_run(struct psx *x, struct sp_err *e)
{
	if (!x->have_run)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a run-end "
		    "outside a run", sp_reader_name(x->r));
	if (sp_walker_finish(x->walker, e) < 0)
		return stream_error(x, e);
	if (x->ps != NULL && end_rank(x, e) < 0)
		return -1;
	x->have_run = 0;
	if (x->run_ranks == 0)
		return add_note(x, SP_PSEXPORT_RUN_EMPTY, 0, e);
	return 0;
}

static int
batch(struct psx *x, const struct sp_batch *b, struct sp_err *e)
{
	if (x->ps == NULL || b->rank != x->rank)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: a batch of "
		    "rank %" PRIu32 " outside its rank", sp_reader_name(x->r),
		    b->rank);
	if (x->one_lane && x->have_lane && b->lane != x->lane)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": calls on several lanes, but no thread or task "
		    "column", sp_reader_name(x->r), quoted(x, x->label),
		    x->rank);
	x->have_lane = 1;
	x->lane = b->lane;
	x->st->calls += b->n;
	if (sp_walker_push(x->walker, b, e) < 0)
		return stream_error(x, e);
	return 0;
}

/* The input has ended cleanly. */
static int
finish(struct psx *x, struct sp_err *e)
{
	const char *name = sp_reader_name(x->r);
	size_t i;

	if (x->st->runs == 0)
		return sp_fail(e, SP_EDATA, "%s: no runs in the stream: "
		    "nothing to export", name);
	if (x->mode == M_FILES && !x->released && release(x, 0, e) < 0)
		return -1;
	if (x->mode == M_SINGLE && x->one != NULL) {
		if (write_prof(x->single, x->one, e) < 0)
			return -1;
		x->st->files++;
	}
	if (x->st->files == 0 && x->st->reports == 0) {
		if (x->st->runs == 1)
			return sp_fail(e, SP_EDATA, "%s: no calls recorded in "
			    "run %s", name, quoted(x, x->label1));
		return sp_fail(e, SP_EDATA, "%s: no calls recorded in any of "
		    "the %" PRIu64 " runs", name, x->st->runs);
	}
	if (x->o->note != NULL)
		for (i = 0; i < x->nnotes; i++)
			x->o->note(x->o->note_ctx, x->notes[i].what,
			    x->notes[i].label, x->notes[i].rank);
	return 0;
}

/*
 * Where the output goes: "-" and devices (a FIFO, /dev/null) take one
 * .prof; a directory is the reference's DIR/ form.
 */
static int
set_output(struct psx *x, const char *out, struct sp_err *e)
{
	struct stat sb;
	size_t n;

	if (x->o->print) {
		x->mode = M_PRINT;
		x->out = sp_sink_open_file("-", e);
		return x->out == NULL ? -1 : 0;
	}
	if (out == NULL || *out == '\0')
		return sp_fail(e, SP_EUSAGE, "no output: give -o FILE "
		    "(or -o - for standard output), or --print");
	if (strcmp(out, "-") == 0) {
		x->mode = M_SINGLE;
		x->single = "-";
		return 0;
	}
	x->mode = M_FILES;
	if (stat(out, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		if (!S_ISDIR(sb.st_mode)) {
			x->mode = M_SINGLE;
			x->single = out;
			return 0;
		}
		n = strlen(out);
		if (out[n - 1] != '/') {
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

static int
export_stream(struct psx *x, struct sp_err *e)
{
	struct sp_item it;
	int got;

	while ((got = sp_reader_next(x->r, &it, e)) == 1) {
		switch (it.kind) {
		case SP_ITEM_HEADER:
			if (it.u.header.stage != SP_STAGE_CALLS)
				return sp_fail(e, SP_EUSAGE, "%s: an interval "
				    "stream: pipe it through sp-stack first",
				    sp_reader_name(x->r));
			break;
		case SP_ITEM_RUN:
			if (begin_run(x, &it.u.run, e) < 0)
				return -1;
			break;
		case SP_ITEM_RANK:
			if (!x->have_run)
				return sp_fail(e, SP_EDATA, "%s: bad sp stream: "
				    "a rank outside a run",
				    sp_reader_name(x->r));
			if (sp_walker_finish(x->walker, e) < 0)
				return stream_error(x, e);
			if (x->ps != NULL && end_rank(x, e) < 0)
				return -1;
			if (begin_rank(x, &it.u.rank, e) < 0)
				return -1;
			break;
		case SP_ITEM_BATCH:
			if (batch(x, &it.u.batch, e) < 0)
				return -1;
			break;
		case SP_ITEM_RUN_END:
			if (end_run(x, e) < 0)
				return -1;
			break;
		default:	/* regions (read with the rank), side payloads,
				 * stream-ends, newer kinds */
			break;
		}
	}
	return got == 0 ? finish(x, e) : -1;
}

/* --- the input --- */

enum kind { K_EMPTY, K_STREAM, K_PROF, K_HDF5, K_OTHER };

/*
 * Up to SNIFF bytes of the input, left in place: 0 bytes only at the end
 * of the input.  A descriptor that cannot be peeked (a terminal) is taken
 * for a stream, as the stream reader will tell.
 */
static int
sniff(int fd, const char *name, enum kind *kind, struct sp_err *e)
{
	unsigned char b[SNIFF];
	struct stat sb;
	ssize_t n = -1;
	off_t at;
	int p[2];

	*kind = K_STREAM;
	if (fstat(fd, &sb) < 0)
		return sp_fail_errno(e, errno, "%s", name);
	if (S_ISDIR(sb.st_mode))
		return sp_fail(e, SP_EDATA, "%s: is a directory", name);
	if ((at = lseek(fd, 0, SEEK_CUR)) != (off_t)-1) {
		do
			n = pread(fd, b, sizeof b, at);
		while (n < 0 && errno == EINTR);
	} else if (S_ISFIFO(sb.st_mode) && pipe(p) == 0) {
		/* tee copies without consuming; 0 at the end of the input */
		do
			n = tee(fd, p[1], sizeof b, 0);
		while (n < 0 && errno == EINTR);
		if (n > 0)
			n = read(p[0], b, (size_t)n);
		close(p[0]);
		close(p[1]);
	} else if (S_ISSOCK(sb.st_mode)) {
		do
			n = recv(fd, b, sizeof b, MSG_PEEK);
		while (n < 0 && errno == EINTR);
	}
	if (n < 0)
		return 0;
	if (n == 0)
		*kind = K_EMPTY;
	else if (b[0] == 0xd9)
		*kind = K_STREAM;
	else if (b[0] == '{' || b[0] == ('{' | 0x80))
		*kind = K_PROF;
	else if (n >= 8 && memcmp(b, "\211HDF\r\n\032\n", 8) == 0)
		*kind = K_HDF5;
	else
		*kind = K_OTHER;
	return 0;
}

/* sp-pstats --print FILE.prof: the report pstats prints for the file. */
static int
report_prof(const char *path, const struct sp_psexport_opts *o,
    struct sp_psexport_stats *st, struct sp_err *e)
{
	struct sp_prof *d;
	struct sp_sink *out = NULL;
	struct stat sb;
	char *title = NULL;
	size_t n;
	int rc = -1;

	if ((d = sp_marshal_load_prof(path, e)) == NULL)
		return -1;
	/* pstats.Stats(path): its mtime, as the file system has it now */
	if (strcmp(path, "-") != 0 && stat(path, &sb) == 0) {
		n = sp_pstats_report_title(NULL, 0, path, sb.st_mtime) + 1;
		if ((title = malloc(n)) == NULL) {
			sp_fail(e, SP_ENOMEM, "out of memory");
			goto out;
		}
		sp_pstats_report_title(title, n, path, sb.st_mtime);
	}
	if ((out = sp_sink_open_file("-", e)) == NULL ||
	    sp_pstats_report_write(d, title, o->sort, o->top, sink_write, out,
	    e) < 0 || sp_sink_commit(out, e) < 0)
		goto out;
	st->reports = 1;
	st->entries = sp_prof_len(d);
	rc = 0;
out:
	sp_sink_free(out);
	free(title);
	sp_prof_free(d);
	return rc;
}

int
sp_psexport_run(int fd, const char *path, const struct sp_psexport_opts *o,
    struct sp_psexport_stats *st, struct sp_err *e)
{
	static const struct sp_walk_ops ops = { on_open, on_close,
	    on_lane_end };
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct sp_psexport_stats dummy;
	struct psx x;
	enum kind kind;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	x.spool = -1;
	if (sniff(fd, name, &kind, e) < 0)
		return -1;
	if (kind == K_HDF5)
		return sp_fail(e, SP_EDATA, "%s: an HDF5 file, not an sp "
		    "stream%s: read it with sp-read", name, o->print ?
		    " or a .prof file" : "");
	if (o->print && kind == K_EMPTY)
		return sp_fail(e, SP_EDATA, "%s: empty input, not an sp stream "
		    "or a .prof file", name);
	if (o->print && kind == K_OTHER)
		return sp_fail(e, SP_EDATA, "%s: not an sp stream or a .prof "
		    "file", name);
	if (kind == K_PROF) {
		if (!o->print)
			return sp_fail(e, SP_EUSAGE, "%s: a .prof file, not an "
			    "sp stream: report it with --print", name);
		if (o->no_call_paths || o->root != NULL || o->no_root)
			return sp_fail(e, SP_EUSAGE, "%s: a .prof file: %s "
			    "applies to an sp stream only", name,
			    o->no_call_paths ? "--no-call-paths" :
			    o->root != NULL ? "--root" : "--no-root");
		return report_prof(path, o, x.st, e);
	}
	x.o = o;
	if ((x.r = sp_reader_new(fd, path, e)) == NULL)
		return -1;
	if ((x.labels = sp_labels_new()) == NULL ||
	    (x.walker = sp_walker_new(&ops, &x)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	if (set_output(&x, o->output, e) < 0)
		goto out;
	rc = export_stream(&x, e);
out:
	sp_pstats_free(x.ps);
	sp_prof_free(x.one);
	if (x.spool != -1)
		close(x.spool);
	free(x.mem);
	if (x.out != NULL && rc == 0)
		rc = sp_sink_commit(x.out, e);
	sp_sink_free(x.out);
	sp_walker_free(x.walker);
	sp_labels_free(x.labels);
	sp_reader_free(x.r);
	free(x.dirbase);
	free(x.regs);
	free(x.held);
	free(x.notes);
	free(x.quoted);
	return rc;
}
