#define _GNU_SOURCE	/* tee(2) */
#include "sp_pstats_export.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_export.h"
#include "sp_marshal.h"
#include "sp_prof.h"
#include "sp_pstats.h"
#include "sp_pyrepr.h"
#include "sp_sink.h"
#include "sp_stream.h"

#define SNIFF 8

#define NAMING { SP_EXPORT_LAST_DOT, ".prof", "profile", 1 }

const struct sp_export_naming sp_pstats_export_naming = NAMING;

/* .prof files: one per (run, rank) with calls; one in all on stdout. */
static const struct sp_export_spec files_spec = {
	.stage = SP_STAGE_CALLS,
	.unit = SP_EXPORT_PER_RANK,
	.naming = NAMING,
	.hold = SP_EXPORT_HOLD_ALL,
	.need_output = 1,
	.nothing = "nothing to export",
	.several = "calls of several ranks or runs",
	.one = " .prof",
};

/* --print: the reports, one after another on standard output. */
static const struct sp_export_spec print_spec = {
	.stage = SP_STAGE_CALLS,
	.unit = SP_EXPORT_PER_STREAM,
	.nothing = "nothing to export",
};

/* A notice, given at the end. */
struct note {
	enum sp_pstats_export_note what;
	const char *label;	/* owned by the front end's label set */
	uint32_t rank;
};

struct psx {
	struct sp_export *fe;
	const struct sp_pstats_export_opts *o;
	struct sp_pstats_export_stats *st;
	struct sp_export_out *print;	/* --print: standard output */

	/* the run */
	const char *label;	/* its unique label (the front end's) */
	uint64_t run_ranks;	/* rank items of the run */

	/* the rank */
	struct sp_pstats *ps;
	uint32_t rank;
	int one_lane;		/* the rank has no lane columns */
	int have_lane;		/* a lane of the rank was seen */
	struct sp_pstats_region *regs;
	size_t regs_cap;

	struct note *notes;
	size_t nnotes, notes_cap;
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
add_note(struct psx *x, enum sp_pstats_export_note what, uint32_t rank,
    struct sp_err *e)
{
	if (x->nnotes == x->notes_cap) {
		size_t cap = x->notes_cap ? 2 * x->notes_cap : 8;
		struct note *p = realloc(x->notes, cap * sizeof *p);

		if (p == NULL)
			return nomem(e);
		x->notes = p;
		x->notes_cap = cap;
	}
	x->notes[x->nnotes].what = what;
	x->notes[x->nnotes].label = x->label;
	x->notes[x->nnotes].rank = rank;
	x->nnotes++;
	return 0;
}

/*
 * The builder refuses data (calls out of order, an unknown region) that
 * the walk let through: the stream breaks its rules.  Its other
 * failures (memory, --max-memory) get the input's name.
 */
static int
builder_failed(void *ctx, struct sp_err *e)
{
	struct psx *x = ctx;
	char why[SP_ERR_MSG_MAX];

	if (e == NULL)
		return -1;
	snprintf(why, sizeof why, "%s", e->msg);
	if (e->status == SP_EDATA || e->status == SP_EUSAGE)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": %s", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->label), x->rank, why);
	return sp_fail(e, e->status, "%s: %s", sp_export_input(x->fe), why);
}

/* --- the walk --- */

/* A call batch: its calls into the statistics as they open and close. */
static int
calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct psx *x = ctx;
	struct sp_walk_iter it;
	int rc = 0;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	while (rc == 0) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_OPEN:
			rc = sp_pstats_enter(x->ps, it.c->region, it.c->start,
			    it.c->end, it.c->call, e);
			break;
		case SP_WALK_CLOSE:
			rc = sp_pstats_leave(x->ps, it.self, e);
			break;
		case SP_WALK_LANE_END:
			rc = sp_pstats_end_lane(x->ps, e);
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
	return builder_failed(x, e);
}

/* --- ranks and runs --- */

/* Each region's name and source location on the rank, for the keys. */
static int
rank_regions(struct psx *x, size_t n, struct sp_err *e)
{
	const struct sp_region_table *t = sp_reader_regions(
	    sp_export_reader(x->fe));
	size_t i;

	if (n + 1 > x->regs_cap) {
		struct sp_pstats_region *p = realloc(x->regs,
		    (n + 1) * sizeof *p);

		if (p == NULL)
			return nomem(e);
		x->regs = p;
		x->regs_cap = n + 1;
	}
	for (i = 0; i < n; i++) {
		const struct sp_row_info *row = sp_reader_row(
		    sp_export_reader(x->fe), (uint32_t)i);

		x->regs[i].name = t->names[i];
		x->regs[i].file = row != NULL ? row->source_file : NULL;
		x->regs[i].has_line = row != NULL && row->has_lineno;
		x->regs[i].line = row != NULL ? row->source_lineno : 0;
	}
	return 0;
}

/*
 * Lanes come from thread (and task) columns only: without them the rank
 * is one stack, whose sums need no call log (lane() checks).
 */
static int
one_lane(const struct sp_rank_info *ri)
{
	unsigned lanes = 1u << SP_X_THREAD | 1u << SP_X_TASK;
	size_t i;

	for (i = 0; i < ri->nrows; i++)
		if (ri->rows[i].xmask & lanes)
			return 0;
	return 1;
}

static int
begin_rank(void *ctx, const struct sp_rank_info *ri, struct sp_err *e)
{
	struct psx *x = ctx;
	const struct sp_region_table *t = sp_reader_regions(
	    sp_export_reader(x->fe));
	struct sp_pstats_opts po;
	size_t n = t != NULL ? t->n : 0;
	char *root = NULL;

	x->rank = ri->rank;
	x->run_ranks++;
	x->st->ranks++;
	if (rank_regions(x, n, e) < 0)
		return -1;
	x->one_lane = one_lane(ri);
	x->have_lane = 0;
	memset(&po, 0, sizeof po);
	po.no_call_paths = x->o->no_call_paths;
	po.one_lane = x->one_lane;
	po.mem_limit = x->o->mem_limit;
	po.max_bytes = x->o->max_memory;
	if (!x->o->no_root && x->o->root != NULL) {
		po.root = x->o->root;
	} else if (!x->o->no_root) {
		size_t len = strlen(x->label) + sizeof "< rank 4294967295>";

		if ((root = malloc(len)) == NULL)
			return nomem(e);
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
lane(void *ctx, uint32_t rank, int64_t id, struct sp_err *e)
{
	struct psx *x = ctx;

	(void)id;
	if (x->one_lane && x->have_lane)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: run %s rank %"
		    PRIu32 ": calls on several lanes, but no thread or task "
		    "column", sp_export_input(x->fe),
		    sp_export_quoted(x->fe, x->label), rank);
	x->have_lane = 1;
	return 0;
}

static int
report(struct psx *x, const struct sp_prof *d, struct sp_err *e)
{
	char *q, *head;
	size_t n;
	int rc;

	/* not sp_export_quoted, whose "'?'" is for messages only */
	if (sp_pyrepr(x->label, strlen(x->label), &q, e) < 0)
		return -1;
	n = strlen(q) + sizeof "==> run , rank 4294967295 <==\n\n";
	if ((head = malloc(n)) == NULL) {
		free(q);
		return nomem(e);
	}
	snprintf(head, n, "==> run %s, rank %" PRIu32 " <==\n\n", q, x->rank);
	free(q);
	rc = sp_export_write(x->print, head, strlen(head), e);
	free(head);
	if (rc < 0 || sp_pstats_report_write(d, NULL, x->o->sort, x->o->top,
	    sp_export_write, x->print, e) < 0 ||
	    sp_export_flush(x->print, e) < 0)
		return -1;
	x->st->reports++;
	return 0;
}

/* A .prof: to its file, or held for the one output. */
static int
write_prof(struct psx *x, const struct sp_prof *d, struct sp_err *e)
{
	struct sp_export_out *out = sp_export_open(x->fe, x->rank, e);

	if (out == NULL)
		return -1;
	if (sp_marshal_write_prof(d, sp_export_write, out, e) < 0 ||
	    sp_export_close(x->fe, out, e) < 0) {
		sp_export_drop(x->fe, out);
		return -1;
	}
	return 0;
}

static int
end_rank(void *ctx, struct sp_err *e)
{
	struct psx *x = ctx;
	struct sp_prof *d;
	uint64_t calls = sp_pstats_calls(x->ps);
	int rc;

	d = sp_pstats_finish(x->ps, e);
	sp_pstats_free(x->ps);
	x->ps = NULL;
	if (d == NULL)
		return builder_failed(x, e);
	if (sp_prof_len(d) > x->st->entries)
		x->st->entries = sp_prof_len(d);
	if (x->print != NULL)
		rc = report(x, d, e);
	else if (calls == 0)
		rc = add_note(x, SP_PSTATS_EXPORT_RANK_EMPTY, x->rank, e);
	else
		rc = write_prof(x, d, e);
	sp_prof_free(d);
	return rc;
}

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct psx *x = ctx;

	(void)ri;
	(void)e;
	x->label = label;
	x->run_ranks = 0;
	return 0;
}

static int
end_run(void *ctx, struct sp_err *e)
{
	struct psx *x = ctx;

	if (x->run_ranks == 0)
		return add_note(x, SP_PSTATS_EXPORT_RUN_EMPTY, 0, e);
	return 0;
}

/* The input has ended cleanly, and the files are in place. */
static int
finish(void *ctx, struct sp_err *e)
{
	struct psx *x = ctx;
	size_t i;

	if (x->o->note != NULL)
		for (i = 0; i < x->nnotes; i++)
			x->o->note(x->o->note_ctx, x->notes[i].what,
			    x->notes[i].label, x->notes[i].rank);
	if (x->print == NULL)
		return 0;
	return sp_export_close(x->fe, x->print, e);
}

static int
export_stream(struct sp_reader *r, const struct sp_pstats_export_opts *o,
    struct sp_pstats_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.run = begin_run,
		.rank = begin_rank,
		.rank_end = end_rank,
		.lane = lane,
		.calls = calls,
		.run_end = end_run,
		.finish = finish,
	};
	struct psx x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = o;
	x.st = st;
	if (!o->print && (o->output == NULL || *o->output == '\0'))
		return sp_fail(e, SP_EUSAGE, "no output: give -o FILE "
		    "(or -o - for standard output), or --print");
	if ((x.fe = sp_export_new(r, o->print ? &print_spec : &files_spec,
	    o->print ? "-" : o->output, e)) == NULL)
		return -1;
	sp_export_on_wrote(x.fe, &o->wrote);
	if (!o->print || (x.print = sp_export_open(x.fe, 0, e)) != NULL)
		rc = sp_export_run(x.fe, &ops, &x, e);
	st->runs = sp_export_runs(x.fe);
	st->calls = sp_export_calls(x.fe);
	st->files = o->print ? 0 : sp_export_outputs(x.fe);
	sp_pstats_free(x.ps);
	sp_export_free(x.fe);
	free(x.regs);
	free(x.notes);
	return rc;
}

/* --- the input --- */

enum kind { K_EMPTY, K_STREAM, K_PROF, K_HDF5, K_JSON, K_OTHER };

/*
 * A JSON object (a profile) rather than a marshalled dict, which also
 * starts with "{" but goes on with a key's type code, or "0" when empty.
 */
static int
is_json(const unsigned char *b, size_t n)
{
	size_t i = 0;

	while (i < n && strchr(" \t\r\n", b[i]) != NULL && b[i] != '\0')
		i++;
	if (i == n || b[i++] != '{')
		return 0;
	while (i < n && strchr(" \t\r\n", b[i]) != NULL && b[i] != '\0')
		i++;
	return i == n || b[i] == '"' || b[i] == '}';
}

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
	else if (is_json(b, (size_t)n))
		*kind = K_JSON;
	else if (b[0] == '{' || b[0] == ('{' | 0x80))
		*kind = K_PROF;
	else if (n >= 8 && memcmp(b, "\211HDF\r\n\032\n", 8) == 0)
		*kind = K_HDF5;
	else
		*kind = K_OTHER;
	return 0;
}

static int
sink_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	return sp_sink_write(ctx, p, n, e);
}

/* sp-pstats --print FILE.prof: the report pstats prints for the file. */
static int
report_prof(const char *path, const struct sp_pstats_export_opts *o,
    struct sp_pstats_export_stats *st, struct sp_err *e)
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
sp_pstats_export_run(int fd, const char *path,
    const struct sp_pstats_export_opts *o,
    struct sp_pstats_export_stats *st, struct sp_err *e)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct sp_pstats_export_stats dummy;
	struct sp_reader *r;
	enum kind kind;
	int rc;

	st = st != NULL ? st : &dummy;
	memset(st, 0, sizeof *st);
	if (sniff(fd, name, &kind, e) < 0)
		return -1;
	if (kind == K_HDF5 || kind == K_JSON)
		return sp_fail(e, SP_EDATA, "%s: %s, not an sp stream%s: read "
		    "it with %s", name, kind == K_HDF5 ? "an HDF5 file" :
		    "a JSON document", o->print ? " or a .prof file" : "",
		    o->fix != NULL ? o->fix : "sp-read");
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
		return report_prof(path, o, st, e);
	}
	if ((r = sp_reader_new(fd, path, e)) == NULL)
		return -1;
	sp_reader_set_fix(r, o->fix);
	rc = export_stream(r, o, st, e);
	sp_reader_free(r);
	return rc;
}
