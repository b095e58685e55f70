/* A scaling series as a text table (sp_scale_text.h). */
#include "sp_scale_text.h"

#include <stdio.h>
#include <string.h>

#include "sp_across_out.h"

#define CELL 32

void
sp_scale_text_time(char *buf, size_t n, double s)
{
	static const char *const units[] = { "s", "ms", "us", "ns" };
	int u = 0;

	while (u < 3 && s < 1 && s != 0) {
		s *= 1000;
		u++;
	}
	snprintf(buf, n, "%.4g %s", s, units[u]);
}

static const char *const measure_words[] = {
	"the mean duration of a call, the calls of every selected rank pooled",
	"the slowest rank's total",
	"the mean of the ranks' totals",
	"the slowest rank's outermost calls (recursion once)",
};

static void
heading(struct sp_across_out *o, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	sp_across_out_printf(o, "%s scaling over %s: %zu runs at %zu values "
	    "of x, baseline %s%s\n", rep->mode == SP_SCALE_WEAK ? "weak" :
	    "strong", rep->x_label, rep->nruns, sp_scale_npoints(s),
	    sp_scale_point(s, 0)->text, rep->categorical ?
	    " (categorical: no ideal)" : "");
	sp_across_out_printf(o, "time: %s (--measure %s)\n",
	    measure_words[rep->measure], sp_scale_measure_name(rep->measure));
}

/* The column heads after the x's. */
static void
heads(struct sp_across_out *o, const struct sp_scale_report *rep)
{
	sp_across_out_str(o, "        time");
	if (rep->mode == SP_SCALE_WEAK)
		sp_across_out_str(o, "   runtime  efficiency");
	else if (rep->categorical)
		sp_across_out_str(o, "  speedup");
	else
		sp_across_out_str(o, "  speedup  efficiency         e");
	sp_across_out_str(o, "  imbalance\n");
}

static void
num(char *buf, struct sp_scale_val v, const char *fmt)
{
	if (!v.set) {
		snprintf(buf, CELL, "-");
		return;
	}
	snprintf(buf, CELL, fmt, v.v);
	/* a value that rounds to zero has no sign */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

static void
cell(struct sp_across_out *o, const char *s, size_t width)
{
	sp_across_out_cell(o, s, strlen(s), width, 0);
}

static void
point_line(struct sp_across_out *o, const struct sp_scale_report *rep,
    const struct sp_scale_point *p, const struct sp_scale_cell *c,
    size_t xw)
{
	char b[CELL];

	sp_across_out_str(o, "  ");
	sp_across_out_cell(o, p->text, strlen(p->text), xw, 0);
	if (c->time.set)
		sp_scale_text_time(b, sizeof b, c->time.v);
	else
		snprintf(b, sizeof b, "-");
	cell(o, b, 12);
	if (rep->mode == SP_SCALE_WEAK) {
		num(b, c->normalized, "%.3f");
		cell(o, b, 10);
		num(b, c->weak_efficiency, "%.3f");
		cell(o, b, 12);
	} else {
		num(b, c->speedup, "%.3f");
		cell(o, b, 9);
		if (!rep->categorical) {
			num(b, c->efficiency, "%.3f");
			cell(o, b, 12);
			num(b, c->karp_flatt, "%.4f");
			cell(o, b, 10);
		}
	}
	num(b, c->imbalance, "%.3f");
	cell(o, b, 11);
	sp_across_out_str(o, "\n");
}

static void
block(struct sp_across_out *o, const struct sp_scale *s,
    const struct sp_scale_report *rep, const struct sp_scale_row *w,
    size_t xw)
{
	char why[512];
	size_t i;

	sp_across_out_str(o, "\n");
	if (w->whole)
		sp_across_out_str(o, "[whole run: first start to last end]");
	else
		sp_across_out_put(o, w->name, w->len);
	sp_across_out_str(o, "\n  ");
	sp_across_out_cell(o, rep->x_name, strlen(rep->x_name), xw, 0);
	heads(o, rep);
	for (i = 0; i < sp_scale_npoints(s); i++)
		point_line(o, rep, sp_scale_point(s, i), &w->cells[i], xw);
	if (w->verdict == SP_SCALE_NONE)
		return;
	sp_scale_why(s, w, rep->mode, why, sizeof why);
	sp_across_out_printf(o, "  verdict: %s\n", why);
}

int
sp_scale_text_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, sp_write_fn *write, void *ctx,
    struct sp_err *e)
{
	struct sp_across_out o = { write, ctx, e, 0 };
	size_t i, xw = strlen(rep->x_name);

	for (i = 0; i < sp_scale_npoints(s); i++) {
		size_t n = sp_across_out_width(sp_scale_point(s, i)->text,
		    strlen(sp_scale_point(s, i)->text));

		xw = n > xw ? n : xw;
	}
	heading(&o, s, rep);
	for (i = 0; i < sp_scale_nrows(s); i++)
		block(&o, s, rep, sp_scale_row(s, i), xw);
	if (sp_scale_skipped(s) > 0)
		sp_across_out_printf(&o, "\n%zu region%s common to all runs "
		    "without a time at the baseline: left out\n",
		    sp_scale_skipped(s), sp_scale_skipped(s) == 1 ? "" : "s");
	return o.failed ? -1 : 0;
}
