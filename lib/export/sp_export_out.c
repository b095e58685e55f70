/*
 * The outputs of the exporter front end: the plan made from the output
 * argument, outputs opened and closed, the first run's files named late,
 * and the single output held until the input has ended (sp_export.h).
 */
#include "sp_export_impl.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/*
 * "-" and devices (a FIFO, /dev/null) take one output as they are; an
 * existing directory is the reference's DIR/ form; anything else names
 * files.  A PER_STREAM exporter's argument is its file, as it is.
 */
int
sp_export_plan_set(struct sp_export *fe, const char *out, struct sp_err *e)
{
	struct stat sb;
	size_t n;

	if (fe->spec->unit == SP_EXPORT_PER_STREAM) {
		fe->plan = SP_PLAN_STREAM;
		fe->stream_path = out != NULL ? out : "-";
		return 0;
	}
	if (out == NULL || strcmp(out, "-") == 0) {
		fe->plan = SP_PLAN_SINGLE;
		fe->single = "-";
		return 0;
	}
	fe->plan = SP_PLAN_FILES;
	fe->base = out;
	if (stat(out, &sb) != 0 || S_ISREG(sb.st_mode))
		return 0;
	if (!S_ISDIR(sb.st_mode)) {
		fe->plan = SP_PLAN_SINGLE;
		fe->single = out;
		return 0;
	}
	n = strlen(out);
	if (n > 0 && out[n - 1] != '/') {
		if ((fe->dirbase = malloc(n + 2)) == NULL)
			return nomem(e);
		memcpy(fe->dirbase, out, n);
		memcpy(fe->dirbase + n, "/", 2);
		fe->base = fe->dirbase;
	}
	return 0;
}

int
sp_export_several(struct sp_export *fe, struct sp_err *e)
{
	return sp_fail(e, SP_EUSAGE, "%s: the stream holds %s, and %s takes "
	    "one%s: name their files with -o FILE", sp_export_input(fe),
	    fe->spec->several, strcmp(fe->single, "-") == 0 ?
	    "standard output" : fe->single, fe->spec->one);
}

/* --- the list of outputs alive --- */

static int
keep(struct sp_export *fe, struct sp_export_out *o, struct sp_err *e)
{
	if (fe->nouts == fe->outs_cap) {
		size_t cap = fe->outs_cap ? 2 * fe->outs_cap : 8;
		struct sp_export_out **p = realloc(fe->outs, cap * sizeof *p);

		if (p == NULL)
			return nomem(e);
		fe->outs = p;
		fe->outs_cap = cap;
	}
	fe->outs[fe->nouts++] = o;
	return 0;
}

static void
out_free(struct sp_export_out *o)
{
	if (o == NULL)
		return;
	sp_sink_free(o->sink);	/* unless committed: its file goes */
	free(o->path);
	free(o->mem);
	free(o);
}

/* Forget o, and free it. */
static void
forget(struct sp_export *fe, struct sp_export_out *o)
{
	size_t i;

	for (i = 0; i < fe->nouts; i++) {
		if (fe->outs[i] == o) {
			memmove(fe->outs + i, fe->outs + i + 1,
			    (fe->nouts - i - 1) * sizeof *fe->outs);
			fe->nouts--;
			break;
		}
	}
	out_free(o);
}

void
sp_export_drop(struct sp_export *fe, struct sp_export_out *o)
{
	if (o != NULL)
		forget(fe, o);
}

void
sp_export_drop_all(struct sp_export *fe)
{
	while (fe->nouts > 0)
		forget(fe, fe->outs[fe->nouts - 1]);
	free(fe->outs);
	fe->outs = NULL;
	fe->outs_cap = 0;
}

/* --- opening --- */

int
sp_export_out_name(struct sp_export *fe, uint32_t rank, char **out,
    struct sp_err *e)
{
	switch (fe->plan) {
	case SP_PLAN_FILES:
		return sp_export_name(&fe->spec->naming, fe->base,
		    fe->runs > 1 && fe->spec->unit != SP_EXPORT_ACROSS_RUNS ?
		    fe->label : NULL, rank, out, e);
	case SP_PLAN_SINGLE:
		*out = strdup(fe->single);
		break;
	case SP_PLAN_STREAM:
		*out = strdup(fe->stream_path);
		break;
	}
	return *out == NULL ? nomem(e) : 0;
}

struct sp_export_out *
sp_export_open(struct sp_export *fe, uint32_t rank, struct sp_err *e)
{
	struct sp_export_out *o;
	int held = fe->plan == SP_PLAN_SINGLE;

	if (held && (fe->spec->unit == SP_EXPORT_PER_RANK ||
	    fe->spec->unit == SP_EXPORT_ACROSS_RUNS) && fe->singles > 0) {
		sp_export_several(fe, e);
		return NULL;
	}
	if ((o = calloc(1, sizeof *o)) == NULL) {
		nomem(e);
		return NULL;
	}
	o->rank = rank;
	o->in_memory = held && fe->spec->hold == SP_EXPORT_HOLD_ALL;
	o->hold_last = held && fe->spec->hold == SP_EXPORT_HOLD_LAST;
	if (sp_export_out_name(fe, rank, &o->path, e) < 0 ||
	    (!o->in_memory && (o->sink = sp_sink_open_file(o->path,
	    e)) == NULL) || keep(fe, o, e) < 0) {
		out_free(o);
		return NULL;
	}
	if (held)
		fe->singles++;
	return o;
}

/* --- writing --- */

static int
to_memory(struct sp_export_out *o, const void *p, size_t n,
    struct sp_err *e)
{
	if (n > o->cap - o->n) {
		size_t cap = o->cap ? o->cap : (size_t)1 << 16;
		unsigned char *m;

		while (cap - o->n < n)
			cap *= 2;
		if ((m = realloc(o->mem, cap)) == NULL)
			return nomem(e);
		o->mem = m;
		o->cap = cap;
	}
	memcpy(o->mem + o->n, p, n);
	o->n += n;
	return 0;
}

/* All but the last byte of what came so far goes on. */
static int
holding_last(struct sp_export_out *o, const unsigned char *p, size_t n,
    struct sp_err *e)
{
	if (o->held && sp_sink_write(o->sink, &o->last, 1, e) < 0)
		return -1;
	if (sp_sink_write(o->sink, p, n - 1, e) < 0)
		return -1;
	o->last = p[n - 1];
	o->held = 1;
	return 0;
}

int
sp_export_write(void *out, const void *p, size_t n, struct sp_err *e)
{
	struct sp_export_out *o = out;

	if (n == 0)
		return 0;
	o->bytes += n;
	if (o->in_memory)
		return to_memory(o, p, n, e);
	if (o->hold_last)
		return holding_last(o, p, n, e);
	return sp_sink_write(o->sink, p, n, e);
}

int
sp_export_flush(struct sp_export_out *o, struct sp_err *e)
{
	return o->sink != NULL ? sp_sink_flush(o->sink, e) : 0;
}

/* --- closing and naming --- */

static int put_held(struct sp_export_out *o, struct sp_err *e);

int
sp_export_close(struct sp_export *fe, struct sp_export_out *o,
    struct sp_err *e)
{
	fe->outputs++;
	fe->bytes += o->bytes;
	if (fe->plan == SP_PLAN_SINGLE && !fe->ended) {
		/* held until the input has ended: what is buffered, too */
		o->pending = 1;
		return 0;
	}
	if (fe->plan == SP_PLAN_FILES && !fe->ended && (fe->runs == 1 ||
	    fe->spec->unit == SP_EXPORT_ACROSS_RUNS)) {
		/* complete, under its temporary name, until it is named */
		o->pending = 1;
		return sp_sink_finish(o->sink, e);
	}
	if ((fe->plan == SP_PLAN_SINGLE ? put_held(o, e) :
	    sp_sink_commit(o->sink, e)) < 0)
		return -1;
	sp_export_told(fe, o->path);
	forget(fe, o);
	return 0;
}

int
sp_export_name_pending(struct sp_export *fe, struct sp_err *e)
{
	struct sp_export_out *o;
	char *path;
	size_t i = 0;
	int rc;

	while (i < fe->nouts) {
		o = fe->outs[i];
		if (!o->pending) {
			i++;
			continue;
		}
		if (sp_export_name(&fe->spec->naming, fe->base, fe->label1,
		    o->rank, &path, e) < 0)
			return -1;
		rc = sp_sink_commit_as(o->sink, path, e);
		if (rc == 0)
			sp_export_told(fe, path);
		free(path);
		if (rc < 0)
			return -1;
		forget(fe, o);
	}
	return 0;
}

/* A held single output, out at last. */
static int
put_held(struct sp_export_out *o, struct sp_err *e)
{
	if (o->in_memory && (o->sink = sp_sink_open_file(o->path, e)) == NULL)
		return -1;
	if (o->in_memory && sp_sink_write(o->sink, o->mem, o->n, e) < 0)
		return -1;
	if (o->held && sp_sink_write(o->sink, &o->last, 1, e) < 0)
		return -1;
	o->held = 0;
	return sp_sink_commit(o->sink, e);
}

int
sp_export_put_pending(struct sp_export *fe, struct sp_err *e)
{
	struct sp_export_out *o;
	size_t i = 0;

	while (i < fe->nouts) {
		o = fe->outs[i];
		if (!o->pending) {
			i++;
			continue;
		}
		if ((fe->plan == SP_PLAN_SINGLE ? put_held(o, e) :
		    sp_sink_commit(o->sink, e)) < 0)
			return -1;
		sp_export_told(fe, o->path);
		forget(fe, o);
	}
	return 0;
}

void
sp_export_on_wrote(struct sp_export *fe, const struct sp_export_wrote *w)
{
	fe->wrote = *w;
}

/* A regular file only: standard output and devices are not "written". */
void
sp_export_told(struct sp_export *fe, const char *path)
{
	struct stat sb;

	if (fe->wrote.fn == NULL || strcmp(path, "-") == 0 ||
	    stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return;
	fe->wrote.fn(fe->wrote.ctx, path);
}

const char *
sp_export_out_path(const struct sp_export_out *o)
{
	return o->path;
}

uint64_t
sp_export_out_bytes(const struct sp_export_out *o)
{
	return o->bytes;
}
