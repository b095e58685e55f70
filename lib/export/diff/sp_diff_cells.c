/* The cells of sp-diff's tables (sp_diff_cells.h). */
#include "sp_diff_cells.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void
sp_diff_cells_value(char *buf, enum sp_diff_metric m, struct sp_opt v)
{
	if (!v.set)
		snprintf(buf, SP_DIFF_CELL_MAX, "-");
	else if (m == SP_DIFF_CALLS && v.v == floor(v.v))
		snprintf(buf, SP_DIFF_CELL_MAX, "%.0f", v.v);
	else
		snprintf(buf, SP_DIFF_CELL_MAX, "%.6g", v.v);
}

void
sp_diff_cells_delta(char *buf, enum sp_diff_metric m, double d)
{
	/* a median of counts may be a half */
	snprintf(buf, SP_DIFF_CELL_MAX, m == SP_DIFF_CALLS && d == floor(d) ?
	    "%+.0f" : "%+.6g", d);
}

void
sp_diff_cells_pct(char *buf, struct sp_opt pct)
{
	if (!pct.set)
		snprintf(buf, SP_DIFF_CELL_MAX, "-");
	else
		snprintf(buf, SP_DIFF_CELL_MAX, "%+.4g%%", pct.v);
}

/* A median and its interval, "1.5 ±3.2%" (of the median), "±inf" when
 * there are too few runs for one. */
static void
median_cell(char *c, enum sp_diff_metric m, struct sp_opt v,
    struct sp_opt lo, struct sp_opt hi)
{
	char x[SP_DIFF_CELL_MAX];
	double r;

	sp_diff_cells_value(x, m, v);
	if (!v.set)
		snprintf(c, SP_DIFF_CELL_MAX, "%s", x);
	else if (!lo.set || !hi.set || v.v == 0.)
		snprintf(c, SP_DIFF_CELL_MAX, "%.24s ±inf", x);
	else {
		r = hi.v - v.v > v.v - lo.v ? hi.v - v.v : v.v - lo.v;
		snprintf(c, SP_DIFF_CELL_MAX, "%.24s ±%.3g%%", x,
		    100. * r / (v.v < 0 ? -v.v : v.v));
	}
}

void
sp_diff_cells_row(const struct sp_diff_row *w,
    const struct sp_diff_report *rep, char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX])
{
	enum sp_diff_metric m = rep->metric;

	if (rep->side[0].runs > 1 || rep->side[1].runs > 1) {
		median_cell(c[SP_DIFF_COL_A], m, w->a, w->a_lo, w->a_hi);
		median_cell(c[SP_DIFF_COL_B], m, w->b, w->b_lo, w->b_hi);
	} else {
		sp_diff_cells_value(c[SP_DIFF_COL_A], m, w->a);
		sp_diff_cells_value(c[SP_DIFF_COL_B], m, w->b);
	}
	sp_diff_cells_delta(c[SP_DIFF_COL_DELTA], m, w->delta);
	sp_diff_cells_pct(c[SP_DIFF_COL_PCT], w->pct);
	if (w->p.set && !w->changed)
		snprintf(c[SP_DIFF_COL_PCT], SP_DIFF_CELL_MAX, "~");
	if (w->p.set)
		snprintf(c[SP_DIFF_COL_P], SP_DIFF_CELL_MAX,
		    "p=%.3f n=%llu+%llu", w->p.v, (unsigned long long)w->na,
		    (unsigned long long)w->nb);
	else
		snprintf(c[SP_DIFF_COL_P], SP_DIFF_CELL_MAX, "-");
}

int
sp_diff_cells_tested(const struct sp_diff *d)
{
	size_t i;

	for (i = 0; i < sp_diff_nrows(d); i++)
		if (sp_diff_row(d, i)->p.set)
			return 1;
	return 0;
}

int
sp_diff_cells_note(const struct sp_diff *d, const struct sp_diff_report *rep,
    char *buf, size_t n)
{
	int runs = rep->samples != NULL && strcmp(rep->samples, "runs") == 0;
	int calls = rep->samples != NULL && strcmp(rep->samples, "calls") == 0;

	if (rep->samples == NULL || !sp_diff_cells_tested(d))
		return 0;
	snprintf(buf, n, "Test: two-sided Mann-Whitney U of %s, alpha %g; "
	    "~: no significant change%s.", runs ? "the runs' values" : calls ?
	    "the calls' durations within each run" : "the ranks' values "
	    "within each run", rep->opts->alpha, runs ? "; values: median "
	    "±95% confidence interval" : calls ? "; -: too few calls to "
	    "test" : "; -: too few ranks to test");
	return 1;
}

size_t
sp_diff_cells_width(const char *s, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

void
sp_diff_cells_put(struct sp_diff_cells_out *o, const char *s, size_t n)
{
	if (!o->failed && n > 0 && o->write(o->ctx, s, n, o->e) < 0)
		o->failed = 1;
}

void
sp_diff_cells_str(struct sp_diff_cells_out *o, const char *s)
{
	sp_diff_cells_put(o, s, strlen(s));
}

void
sp_diff_cells_pad(struct sp_diff_cells_out *o, size_t n)
{
	static const char spaces[] = "                                ";

	while (n > 0) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;

		sp_diff_cells_put(o, spaces, k);
		n -= k;
	}
}

void
sp_diff_cells_cell(struct sp_diff_cells_out *o, const char *s, size_t n,
    size_t width, int left)
{
	size_t w = sp_diff_cells_width(s, n);
	size_t pad = w < width ? width - w : 0;

	if (!left)
		sp_diff_cells_pad(o, pad);
	sp_diff_cells_put(o, s, n);
	if (left)
		sp_diff_cells_pad(o, pad);
}
