#include "sp_trace_chrome.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_jsonw.h"

/* An event's fixed text, its numbers and its lane's pid and tid. */
#define EVENT_ROOM 160

struct ct {
	struct sp_trace_writer base;
	struct sp_jsonw *out;
	const char *const *names;
	const size_t *lens;
	size_t nregions;
	char **esc;		/* per region: its name as a JSON string */
	size_t *esc_len;
	uint64_t events;
	char lane[64];		/* ,"pid":P,"tid":T */
	size_t lane_len;
	/* escaping into memory, for the names */
	char *mem;
	size_t mem_len, mem_cap;
};

size_t
sp_trace_chrome_us(char *p, uint64_t ns)
{
	size_t n = sp_fmt_u64(p, ns / 1000);
	unsigned r = (unsigned)(ns % 1000);

	p[n++] = '.';
	p[n++] = (char)('0' + r / 100);
	p[n++] = (char)('0' + r / 10 % 10);
	p[n++] = (char)('0' + r % 10);
	return n;
}

static int
raw(struct ct *w, const char *s, struct sp_err *e)
{
	return sp_jsonw_raw(w->out, s, strlen(s), e);
}

static int
str(struct ct *w, const char *s, struct sp_err *e)
{
	return sp_jsonw_str(w->out, s, strlen(s), e);
}

static int
mem_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct ct *w = ctx;
	char *q;

	if (w->mem_len + n > w->mem_cap) {
		size_t cap = w->mem_cap ? w->mem_cap : 256;

		while (cap < w->mem_len + n)
			cap *= 2;
		if ((q = realloc(w->mem, cap)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		w->mem = q;
		w->mem_cap = cap;
	}
	memcpy(w->mem + w->mem_len, p, n);
	w->mem_len += n;
	return 0;
}

/* s as a JSON string, quotes and all, in w->mem (w->mem_len bytes). */
static int
escape(struct ct *w, const char *s, size_t n, struct sp_err *e)
{
	struct sp_jsonw *j;
	int rc;

	w->mem_len = 0;
	if ((j = sp_jsonw_new(mem_write, w, e)) == NULL)
		return -1;
	rc = sp_jsonw_str(j, s, n, e) < 0 || sp_jsonw_flush(j, e) < 0 ?
	    -1 : 0;
	sp_jsonw_free(j);
	return rc;
}

/* The region's name as a JSON string, escaped once. */
static int
escaped(struct ct *w, uint32_t region, struct sp_err *e)
{
	if (w->esc[region] != NULL)
		return 0;
	if (escape(w, w->names[region], w->lens[region], e) < 0)
		return -1;
	if ((w->esc[region] = malloc(w->mem_len)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memcpy(w->esc[region], w->mem, w->mem_len);
	w->esc_len[region] = w->mem_len;
	return 0;
}

/* The separator before the next event. */
static int
next_event(struct ct *w, struct sp_err *e)
{
	return raw(w, w->events++ > 0 ? ",\n" : "\n", e);
}

static int
metadata_event(struct ct *w, const char *name, int32_t pid, int64_t tid,
    struct sp_err *e)
{
	char head[96];

	snprintf(head, sizeof head, "{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%"
	    PRId32, name, pid);
	if (next_event(w, e) < 0 || raw(w, head, e) < 0)
		return -1;
	if (tid != 0) {
		snprintf(head, sizeof head, ",\"tid\":%" PRId64, tid);
		if (raw(w, head, e) < 0)
			return -1;
	}
	return raw(w, ",\"args\":{", e);
}

static int
process(struct ct *w, const struct sp_trace_process *p, struct sp_err *e)
{
	char num[96];

	if (metadata_event(w, "process_name", p->pid, 0, e) < 0 ||
	    raw(w, "\"name\":", e) < 0 || str(w, p->name, e) < 0 ||
	    raw(w, "}}", e) < 0)
		return -1;
	snprintf(num, sizeof num, "\"sort_index\":%" PRIu32 "}}", p->rank);
	if (metadata_event(w, "process_sort_index", p->pid, 0, e) < 0 ||
	    raw(w, num, e) < 0)
		return -1;
	/* "align=MODE,shift_ns=N": the mode escaped inside the string */
	snprintf(num, sizeof num, ",shift_ns=%" PRId64 "\"}}", p->shift_ns);
	if (escape(w, p->align, strlen(p->align), e) < 0 ||
	    metadata_event(w, "process_labels", p->pid, 0, e) < 0 ||
	    raw(w, "\"labels\":\"align=", e) < 0 ||
	    sp_jsonw_raw(w->out, w->mem + 1, w->mem_len - 2, e) < 0 ||
	    raw(w, num, e) < 0)
		return -1;
	return 0;
}

static int
ct_track(struct sp_trace_writer *base, const struct sp_trace_process *p,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	struct ct *w = (struct ct *)base;
	char num[64];

	(void)ts;
	if (p != NULL && process(w, p, e) < 0)
		return -1;
	if (metadata_event(w, "thread_name", t->pid, t->tid, e) < 0 ||
	    raw(w, "\"name\":", e) < 0 || str(w, t->name, e) < 0 ||
	    raw(w, "}}", e) < 0)
		return -1;
	snprintf(num, sizeof num, "\"sort_index\":%" PRId32 "}}", t->order);
	if (metadata_event(w, "thread_sort_index", t->pid, t->tid, e) < 0 ||
	    raw(w, num, e) < 0)
		return -1;
	w->lane_len = (size_t)snprintf(w->lane, sizeof w->lane,
	    ",\"pid\":%" PRId32 ",\"tid\":%" PRId64, t->pid, t->tid);
	return 0;
}

/* ,"key":N for an integer argument; *first says whether one came. */
static int
arg_int(struct ct *w, const char *key, int64_t v, int *first,
    struct sp_err *e)
{
	char buf[64 + SP_FMT_I64_MAX];
	size_t n;

	n = (size_t)snprintf(buf, sizeof buf, "%s\"%s\":", *first ? "" : ",",
	    key);
	n += sp_fmt_i64(buf + n, v);
	*first = 0;
	return sp_jsonw_raw(w->out, buf, n, e);
}

static int
args(struct ct *w, const struct sp_trace_args *a, struct sp_err *e)
{
	int first = 1;

	if (a->file == NULL && a->line < 0 && a->has == 0 && a->meta == NULL)
		return 0;
	if (raw(w, ",\"args\":{", e) < 0)
		return -1;
	if (a->file != NULL) {
		if (raw(w, "\"source_file\":", e) < 0 ||
		    sp_jsonw_str(w->out, a->file, a->file_len, e) < 0)
			return -1;
		first = 0;
	}
	if ((a->line >= 0 && arg_int(w, "source_line", a->line, &first,
	    e) < 0) ||
	    ((a->has & SP_TRACE_CALL_ID) && arg_int(w, "call_id", a->call_id,
	    &first, e) < 0) ||
	    ((a->has & SP_TRACE_GPU) && arg_int(w, "gpu_ns", a->gpu_ns,
	    &first, e) < 0) ||
	    ((a->has & SP_TRACE_AWAIT) && arg_int(w, "await_ns", a->await_ns,
	    &first, e) < 0))
		return -1;
	if (a->meta != NULL &&
	    (raw(w, first ? "\"metadata\":" : ",\"metadata\":", e) < 0 ||
	    sp_jsonw_raw(w->out, a->meta, a->meta_len, e) < 0))
		return -1;
	return raw(w, "}", e);
}

static int
ct_open(struct sp_trace_writer *base, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	struct ct *w = (struct ct *)base;
	char *p, *q;

	if (region >= w->nregions)
		return sp_fail(e, SP_EDATA, "region id %" PRIu32 " is not in "
		    "the region table (%zu regions)", region, w->nregions);
	if (escaped(w, region, e) < 0 ||
	    raw(w, w->events++ > 0 ? ",\n{\"name\":" : "\n{\"name\":", e) < 0 ||
	    sp_jsonw_raw(w->out, w->esc[region], w->esc_len[region], e) < 0 ||
	    (p = q = sp_jsonw_reserve(w->out, EVENT_ROOM, e)) == NULL)
		return -1;
	memcpy(q, ",\"ph\":\"X\",\"ts\":", 15);
	q += 15;
	q += sp_trace_chrome_us(q, ts);
	memcpy(q, ",\"dur\":", 7);
	q += 7;
	q += sp_trace_chrome_us(q, end - ts);
	memcpy(q, w->lane, w->lane_len);
	q += w->lane_len;
	sp_jsonw_commit(w->out, (size_t)(q - p));
	if (a != NULL && args(w, a, e) < 0)
		return -1;
	return raw(w, "}", e);
}

static int
ct_close(struct sp_trace_writer *base, uint64_t ts, struct sp_err *e)
{
	(void)base;
	(void)ts;
	(void)e;	/* a complete event said it all at its open */
	return 0;
}

static int
shifts(struct ct *w, const struct sp_trace_meta *m, struct sp_err *e)
{
	char buf[64];
	size_t i;

	if (raw(w, ",\"sp_shift_ns\":{", e) < 0)
		return -1;
	for (i = 0; i < m->nshifts; i++) {
		snprintf(buf, sizeof buf, "%s\"%" PRIu32 "\":%" PRId64,
		    i > 0 ? "," : "", m->shifts[i].rank, m->shifts[i].ns);
		if (raw(w, buf, e) < 0)
			return -1;
	}
	return raw(w, "}", e);
}

static int
ct_finish(struct sp_trace_writer *base, const struct sp_trace_meta *m,
    struct sp_err *e)
{
	struct ct *w = (struct ct *)base;
	char buf[128];

	if (raw(w, "\n],\n\"displayTimeUnit\":\"ns\",\n\"metadata\":{"
	    "\"name\":", e) < 0 || str(w, m->label, e) < 0 ||
	    raw(w, ",\"source\":", e) < 0 || str(w, m->source, e) < 0 ||
	    raw(w, ",\"exporter\":", e) < 0 || str(w, m->exporter, e) < 0 ||
	    raw(w, ",\"sp_align\":", e) < 0 || str(w, m->align, e) < 0 ||
	    shifts(w, m, e) < 0)
		return -1;
	snprintf(buf, sizeof buf, ",\"sp_min_dur_ns\":%" PRId64
	    ",\"sp_dropped_calls\":%" PRIu64 "}}\n", m->min_duration_ns,
	    m->dropped);
	if (raw(w, buf, e) < 0)
		return -1;
	return sp_jsonw_flush(w->out, e);
}

static void
ct_free(struct sp_trace_writer *base)
{
	struct ct *w = (struct ct *)base;
	size_t i;

	sp_jsonw_free(w->out);
	for (i = 0; w->esc != NULL && i < w->nregions; i++)
		free(w->esc[i]);
	free(w->esc);
	free(w->esc_len);
	free(w->mem);
	free(w);
}

struct sp_trace_writer *
sp_trace_chrome_new(const char *const *names, const size_t *lens, size_t n,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	static const struct sp_trace_writer_ops ops = {
		ct_track, ct_open, ct_close, ct_finish, ct_free, NULL,
	};
	struct ct *w = calloc(1, sizeof *w);

	if (w == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	w->base.ops = &ops;
	w->names = names;
	w->lens = lens;
	w->nregions = n;
	w->esc = calloc(n > 0 ? n : 1, sizeof *w->esc);
	w->esc_len = calloc(n > 0 ? n : 1, sizeof *w->esc_len);
	if (w->esc == NULL || w->esc_len == NULL) {
		ct_free(&w->base);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	if ((w->out = sp_jsonw_new(write, ctx, e)) == NULL ||
	    raw(w, "{\"traceEvents\":[", e) < 0) {
		ct_free(&w->base);
		return NULL;
	}
	return &w->base;
}
