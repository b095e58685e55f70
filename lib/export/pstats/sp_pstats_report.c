#include "sp_pstats_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBUF_SIZE ((size_t)64 << 10)

struct out {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	size_t n;
	char buf[OBUF_SIZE];
};

static const struct {
	const char *word;
	const char *title;	/* pstats' description of the sort */
} sorts[] = {
	[SP_PSTATS_CUMULATIVE] = { "cumulative", "cumulative time" },
	[SP_PSTATS_TOTTIME] = { "tottime", "internal time" },
	[SP_PSTATS_CALLS] = { "calls", "call count" },
	[SP_PSTATS_NCALLS] = { "ncalls", "call count" },
	[SP_PSTATS_NAME] = { "name", "function name" },
};

int
sp_pstats_report_sort(const char *word, enum sp_pstats_sort *sort,
    struct sp_err *e)
{
	size_t i;

	for (i = 0; i < sizeof sorts / sizeof sorts[0]; i++)
		if (strcmp(word, sorts[i].word) == 0) {
			*sort = (enum sp_pstats_sort)i;
			return 0;
		}
	return sp_fail(e, SP_EUSAGE, "unknown sort key '%s' (use cumulative, "
	    "tottime, calls, ncalls or name)", word);
}

size_t
sp_pstats_report_title(char *buf, size_t n, const char *path, time_t mtime)
{
	char when[64];
	struct tm tm;

	/* Python's ctime is asctime's layout: "Sun Nov  9 08:23:58 2026". */
	if (localtime_r(&mtime, &tm) == NULL ||
	    strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y", &tm) == 0)
		strcpy(when, "?");
	return (size_t)snprintf(buf, n, "%s    %s", when, path);
}

static int
o_flush(struct out *o)
{
	if (o->n > 0 && o->write(o->ctx, o->buf, o->n, o->e) == -1)
		return -1;
	o->n = 0;
	return 0;
}

static int
o_bytes(struct out *o, const char *s, size_t n)
{
	while (n > 0) {
		size_t k = OBUF_SIZE - o->n < n ? OBUF_SIZE - o->n : n;

		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
		if (o->n == OBUF_SIZE && o_flush(o) == -1)
			return -1;
	}
	return 0;
}

static int
o_str(struct out *o, const char *s)
{
	return o_bytes(o, s, strlen(s));
}

/* Short formatted pieces only: names go through o_str. */
static int
o_printf(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
o_printf(struct out *o, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= sizeof tmp)
		return sp_fail(o->e, SP_EDATA, "report line too long");
	return o_bytes(o, tmp, (size_t)k);
}

/* pstats' f8: "%8.3f", with Python's spelling of NaN. */
static int
o_f8(struct out *o, double v)
{
	if (isnan(v))
		return o_str(o, "     nan");
	return o_printf(o, "%8.3f", v);
}

/* pstats' func_std_string. */
static int
o_name(struct out *o, const struct sp_prof_key *k)
{
	const char *f = k->func;
	size_t n = strlen(f);

	if (strcmp(k->file, "~") == 0 && k->line == 0) {
		if (n >= 2 && f[0] == '<' && f[n - 1] == '>') {
			if (o_str(o, "{") == -1 || o_bytes(o, f + 1,
			    n - 2) == -1)
				return -1;
			return o_str(o, "}");
		}
		return o_bytes(o, f, n);
	}
	if (o_str(o, k->file) == -1 ||
	    o_printf(o, ":%" PRId64 "(", k->line) == -1 ||
	    o_bytes(o, f, n) == -1)
		return -1;
	return o_str(o, ")");
}

/* pstats' TupleComp on one field: <0 when a sorts first, 0 on a tie. */
static int
cmp(const struct sp_prof *d, enum sp_pstats_sort sort, size_t ia, size_t ib)
{
	const struct sp_prof_entry *a = sp_prof_entry(d, ia);
	const struct sp_prof_entry *b = sp_prof_entry(d, ib);

	switch (sort) {
	case SP_PSTATS_CUMULATIVE:
		return a->st.ct < b->st.ct ? 1 : a->st.ct > b->st.ct ? -1 : 0;
	case SP_PSTATS_TOTTIME:
		return a->st.tt < b->st.tt ? 1 : a->st.tt > b->st.tt ? -1 : 0;
	case SP_PSTATS_CALLS:
	case SP_PSTATS_NCALLS:
		return a->st.nc < b->st.nc ? 1 : a->st.nc > b->st.nc ? -1 : 0;
	case SP_PSTATS_NAME:
		return strcmp(a->key.func, b->key.func);
	}
	return 0;
}

/*
 * A stable merge sort: ties keep dict order as Python's sort does, and it
 * stays well-defined even when NaNs make the order inconsistent.
 */
static void
msort(const struct sp_prof *d, enum sp_pstats_sort sort, size_t *v,
    size_t *tmp, size_t n)
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	msort(d, sort, v, tmp, h);
	msort(d, sort, v + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = cmp(d, sort, v[j], v[i]) < 0 ? v[j++] : v[i++];
	while (i < h)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof *v);
}

static int
is_profiler_caller(const struct sp_prof_entry *t)
{
	size_t j;

	for (j = 0; j < t->ncallers; j++) {
		const struct sp_prof_key *k = &t->callers[j].key;

		if (k->line == 0 && strcmp(k->file, "jprofile") == 0 &&
		    strcmp(k->func, "profiler") == 0)
			return 1;
	}
	return 0;
}

static int
o_line(struct out *o, const struct sp_prof_entry *t)
{
	char c[48];

	if (t->st.nc != t->st.cc)
		snprintf(c, sizeof c, "%" PRId64 "/%" PRId64, t->st.nc,
		    t->st.cc);
	else
		snprintf(c, sizeof c, "%" PRId64, t->st.nc);
	if (o_printf(o, "%9s ", c) == -1 || o_f8(o, t->st.tt) == -1 ||
	    o_str(o, " ") == -1)
		return -1;
	if ((t->st.nc == 0 ? o_str(o, "        ") :
	    o_f8(o, t->st.tt / (double)t->st.nc)) == -1)
		return -1;
	if (o_str(o, " ") == -1 || o_f8(o, t->st.ct) == -1 ||
	    o_str(o, " ") == -1)
		return -1;
	if ((t->st.cc == 0 ? o_str(o, "        ") :
	    o_f8(o, t->st.ct / (double)t->st.cc)) == -1)
		return -1;
	if (o_str(o, " ") == -1 || o_name(o, &t->key) == -1)
		return -1;
	return o_str(o, "\n");
}

static int
report(struct out *o, const struct sp_prof *d, const char *title,
    enum sp_pstats_sort sort, long top, size_t *v, size_t *tmp)
{
	size_t i, n = sp_prof_len(d), shown = n;
	int64_t calls = 0, prim = 0;
	double tt = 0.0;

	if (title != NULL && (o_str(o, title) == -1 || o_str(o, "\n\n") == -1))
		return -1;
	for (i = 0; i < n; i++) {
		const struct sp_prof_entry *t = sp_prof_entry(d, i);

		if (__builtin_add_overflow(calls, t->st.nc, &calls) ||
		    __builtin_add_overflow(prim, t->st.cc, &prim))
			return sp_fail(o->e, SP_EDATA, "call counts too large "
			    "to add up");
		tt += t->st.tt;
		if (is_profiler_caller(t) && (o_str(o, "         ") == -1 ||
		    o_str(o, t->key.func) == -1 || o_str(o, "\n") == -1))
			return -1;
	}
	if (o_printf(o, "         %" PRId64 " function calls ", calls) == -1)
		return -1;
	if (calls != prim &&
	    o_printf(o, "(%" PRId64 " primitive calls) ", prim) == -1)
		return -1;
	if ((isnan(tt) ? o_str(o, "in nan seconds\n\n") :
	    o_printf(o, "in %.3f seconds\n\n", tt)) == -1)
		return -1;
	if (top >= 0 && (size_t)top < n)
		shown = (size_t)top;
	if (shown == 0)
		return 0;
	for (i = 0; i < n; i++)
		v[i] = i;
	msort(d, sort, v, tmp, n);
	if (o_printf(o, "   Ordered by: %s\n", sorts[sort].title) == -1)
		return -1;
	if (shown < n && o_printf(o, "   List reduced from %zu to %zu due to "
	    "restriction <%ld>\n", n, shown, top) == -1)
		return -1;
	if (o_str(o, "\n   ncalls  tottime  percall  cumtime  percall "
	    "filename:lineno(function)\n") == -1)
		return -1;
	for (i = 0; i < shown; i++)
		if (o_line(o, sp_prof_entry(d, v[i])) == -1)
			return -1;
	return o_str(o, "\n\n");
}

int
sp_pstats_report_write(const struct sp_prof *d, const char *title,
    enum sp_pstats_sort sort, long top, sp_write_fn *write, void *ctx,
    struct sp_err *e)
{
	size_t n = sp_prof_len(d);
	size_t *v = malloc((n + 1) * sizeof *v);
	size_t *tmp = malloc((n + 1) * sizeof *tmp);
	struct out *o = malloc(sizeof *o);
	int rc = -1;

	if (v == NULL || tmp == NULL || o == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	o->write = write;
	o->ctx = ctx;
	o->e = e;
	o->n = 0;
	if (report(o, d, title, sort, top, v, tmp) == -1 || o_flush(o) == -1)
		goto out;
	rc = 0;
out:
	free(v);
	free(tmp);
	free(o);
	return rc;
}
