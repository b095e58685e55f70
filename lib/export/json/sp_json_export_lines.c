/*
 * sp_json_export_lines(): NDJSON, one line per call, as the calls arrive (as
 * they close, in a call stream).  The constant parts of a line (the run's
 * label, each region's name) are escaped once and kept as text.
 */
#include "sp_json_export.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_export.h"
#include "sp_fmt.h"
#include "sp_gzout.h"
#include "sp_jsonw.h"

/* One output for the whole stream, written as the calls come. */
static const struct sp_export_spec spec = {
	.stage = SP_STAGE_INTERVALS,
	.unit = SP_EXPORT_PER_STREAM,
};

struct lx {
	struct sp_reader *r;
	struct sp_json_export_stats *st;
	struct sp_export *fe;
	struct sp_export_out *out;
	struct sp_jsonw *w;
	struct sp_gzout *f;
	enum sp_batch_stage stage;
	enum sp_section_order order;
	/* '{"run":"<label>","rank":' */
	char *prefix;
	size_t prefix_len, prefix_cap;
	/* '"region":"<name>"' of each region, back to back */
	char *names;
	size_t *noff, nregions, names_len, names_cap;
	/* scratch for escaping */
	struct sp_jsonw *sw;
	char *sbuf;
	size_t slen, scap;
};

static int
oom(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
scratch_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct lx *x = ctx;

	if (x->slen + n > x->scap) {
		size_t cap = x->scap ? x->scap * 2 : 256;
		char *q;

		while (cap < x->slen + n)
			cap *= 2;
		if ((q = realloc(x->sbuf, cap)) == NULL)
			return oom(e);
		x->sbuf = q;
		x->scap = cap;
	}
	memcpy(x->sbuf + x->slen, p, n);
	x->slen += n;
	return 0;
}

/* pre + the escaped string + post, in x->sbuf. */
static int
escaped(struct lx *x, const char *pre, const char *s, size_t n,
    const char *post, struct sp_err *e)
{
	x->slen = 0;
	if (sp_jsonw_raw(x->sw, pre, strlen(pre), e) < 0 ||
	    sp_jsonw_str(x->sw, s, n, e) < 0 ||
	    sp_jsonw_raw(x->sw, post, strlen(post), e) < 0)
		return -1;
	return sp_jsonw_flush(x->sw, e);
}

static int
header(void *ctx, const struct sp_header *h, enum sp_section_order order,
    struct sp_err *e)
{
	struct lx *x = ctx;

	(void)e;
	x->stage = h->stage;
	x->order = order;
	return 0;
}

static int
begin_run(void *ctx, const struct sp_run_info *ri, const char *label,
    struct sp_err *e)
{
	struct lx *x = ctx;

	(void)ri;
	if (escaped(x, "{\"run\":", label, strlen(label), ",\"rank\":",
	    e) < 0)
		return -1;
	if (x->slen > x->prefix_cap) {
		char *p = realloc(x->prefix, x->slen);

		if (p == NULL)
			return oom(e);
		x->prefix = p;
		x->prefix_cap = x->slen;
	}
	memcpy(x->prefix, x->sbuf, x->slen);
	x->prefix_len = x->slen;
	x->nregions = 0;
	return 0;
}

static int
set_regions(void *ctx, const struct sp_region_table *t, struct sp_err *e)
{
	struct lx *x = ctx;
	size_t i;

	free(x->noff);
	if ((x->noff = malloc((t->n + 1) * sizeof *x->noff)) == NULL)
		return oom(e);
	x->names_len = 0;
	for (i = 0; i < t->n; i++) {
		if (escaped(x, ",\"region\":", t->names[i], t->lens != NULL ?
		    t->lens[i] : strlen(t->names[i]), ",\"start_ns\":", e) < 0)
			return -1;
		if (x->names_len + x->slen > x->names_cap) {
			size_t cap = x->names_cap ? x->names_cap : 4096;
			char *p;

			while (cap < x->names_len + x->slen)
				cap *= 2;
			if ((p = realloc(x->names, cap)) == NULL)
				return oom(e);
			x->names = p;
			x->names_cap = cap;
		}
		x->noff[i] = x->names_len;
		memcpy(x->names + x->names_len, x->sbuf, x->slen);
		x->names_len += x->slen;
	}
	x->noff[t->n] = x->names_len;
	x->nregions = t->n;
	return 0;
}

static char *
put_i64(char *p, const char *key, size_t klen, int64_t v)
{
	memcpy(p, key, klen);
	p += klen;
	return p + sp_fmt_i64(p, v);
}

#define KEY(p, k, v) put_i64(p, k, sizeof k - 1, v)

/*
 * One line.  seq < 0: not written (file order); depth < 0: no call-stage
 * keys.
 */
static int
line(struct lx *x, uint32_t rank, int64_t lane, int64_t seq, uint32_t region,
    int64_t start, int64_t end, int64_t depth, int64_t parent, int64_t self,
    struct sp_err *e)
{
	char a[3 * SP_FMT_MAX + 32], b[6 * SP_FMT_MAX + 96], *p, *q;
	const char *name;
	size_t na, nb, nn, total;

	if (region >= x->nregions)
		return sp_fail(e, SP_EDATA, "%s: bad sp stream: region id %u "
		    "out of range", sp_reader_name(x->r), region);
	q = a + sp_fmt_u64(a, rank);
	q = KEY(q, ",\"lane\":", lane);
	if (seq >= 0)
		q = KEY(q, ",\"seq\":", seq);
	na = (size_t)(q - a);
	q = b + sp_fmt_i64(b, start);
	q = KEY(q, ",\"end_ns\":", end);
	q = KEY(q, ",\"duration_ns\":", end - start);
	if (depth >= 0) {
		q = KEY(q, ",\"depth\":", depth);
		q = KEY(q, ",\"parent\":", parent);
		q = KEY(q, ",\"self_ns\":", self);
	}
	*q++ = '}';
	*q++ = '\n';
	nb = (size_t)(q - b);
	name = x->names + x->noff[region];
	nn = x->noff[region + 1] - x->noff[region];
	total = x->prefix_len + na + nn + nb;
	if (total > SP_JSONW_RESERVE_MAX)
		return sp_jsonw_raw(x->w, x->prefix, x->prefix_len, e) < 0 ||
		    sp_jsonw_raw(x->w, a, na, e) < 0 ||
		    sp_jsonw_raw(x->w, name, nn, e) < 0 ||
		    sp_jsonw_raw(x->w, b, nb, e) < 0 ? -1 : 0;
	if ((p = sp_jsonw_reserve(x->w, total, e)) == NULL)
		return -1;
	memcpy(p, x->prefix, x->prefix_len);
	memcpy(p + x->prefix_len, a, na);
	memcpy(p + x->prefix_len + na, name, nn);
	memcpy(p + x->prefix_len + na + nn, b, nb);
	sp_jsonw_commit(x->w, total);
	return 0;
}

/* The lane of a call of a file-order batch, from its thread and task. */
static int64_t
call_lane(const struct sp_batch *b, size_t i)
{
	int64_t task = b->x[SP_X_TASK] != NULL ? b->x[SP_X_TASK][i] : -1;

	if (b->x[SP_X_THREAD] == NULL)
		return -1;
	if (task >= 0)
		return task;
	if (b->x[SP_X_THREAD][i] >= 0)
		return -2 - b->x[SP_X_THREAD][i];
	return -1;
}

static int
intervals(void *ctx, const struct sp_batch *b, struct sp_err *e)
{
	struct lx *x = ctx;
	size_t i;
	int file = x->order == SP_ORDER_FILE;

	for (i = 0; i < b->n; i++)
		if (line(x, b->rank, file ? call_lane(b, i) : b->lane,
		    file ? -1 : (int64_t)(b->first + i), b->region[i],
		    b->start[i], b->end[i], -1, 0, 0, e) < 0)
			return -1;
	return 0;
}

/* A call batch: a line for each call as it closes, with its self time. */
static int
calls(void *ctx, struct sp_walk *w, const struct sp_batch *b,
    struct sp_err *e)
{
	struct lx *x = ctx;
	struct sp_walk_iter it;
	const struct sp_walk_call *c;

	if (sp_walk_begin(w, b, &it, e) < 0)
		return -1;
	for (;;) {
		switch (sp_walk_next(&it, e)) {
		case SP_WALK_CLOSE:
			c = it.c;
			if (line(x, b->rank, b->lane, (int64_t)c->seq,
			    c->region, c->start, c->end, c->depth, c->parent,
			    it.self, e) < 0)
				return -1;
			break;
		case SP_WALK_OPEN:
		case SP_WALK_LANE_END:
			break;
		case SP_WALK_DONE:
			return 0;
		default:
			return -1;
		}
	}
}

/* The input has ended cleanly: the last line out, the file in place. */
static int
finish(void *ctx, struct sp_err *e)
{
	struct lx *x = ctx;

	if (sp_jsonw_flush(x->w, e) < 0 || sp_gzout_finish(x->f, e) < 0)
		return -1;
	x->st->text_bytes = sp_gzout_in_bytes(x->f);
	x->st->file_bytes = sp_gzout_out_bytes(x->f);
	if (sp_export_close(x->fe, x->out, e) < 0)
		return -1;
	x->out = NULL;
	x->st->documents = 1;
	return 0;
}

int
sp_json_export_lines(struct sp_reader *r, const struct sp_json_export_opts *o,
    struct sp_json_export_stats *st, struct sp_err *e)
{
	static const struct sp_export_ops ops = {
		.header = header,
		.run = begin_run,
		.regions = set_regions,
		.batch = intervals,
		.calls = calls,
		.finish = finish,
	};
	struct sp_json_export_stats dummy;
	struct lx x;
	const char *path;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.r = r;
	x.st = st != NULL ? st : &dummy;
	memset(x.st, 0, sizeof *x.st);
	if ((x.fe = sp_export_new(r, &spec, o->output, e)) == NULL)
		goto out;
	sp_export_on_wrote(x.fe, &o->wrote);
	if ((x.sw = sp_jsonw_new(scratch_write, &x, e)) == NULL ||
	    (x.out = sp_export_open(x.fe, 0, e)) == NULL)
		goto out;
	path = sp_export_out_path(x.out);
	if ((x.f = sp_gzout_new(sp_gzout_is_gz(path), o->level, sp_export_write,
	    x.out, path, e)) == NULL ||
	    (x.w = sp_jsonw_new(sp_gzout_write, x.f, e)) == NULL)
		goto out;
	rc = sp_export_run(x.fe, &ops, &x, e);
	x.st->runs = sp_export_runs(x.fe);
	x.st->calls = sp_export_calls(x.fe);
out:
	sp_jsonw_free(x.w);
	sp_gzout_free(x.f);
	sp_export_free(x.fe);
	sp_jsonw_free(x.sw);
	free(x.prefix);
	free(x.names);
	free(x.noff);
	free(x.sbuf);
	return rc;
}
