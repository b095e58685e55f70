/* sp-diff's JSON, NDJSON, CSV, TSV and Markdown (sp_diff_emit.h). */
#include "sp_diff_emit.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sp_csv.h"
#include "sp_diff_cells.h"
#include "sp_fmt.h"
#include "sp_jsonw.h"

/* --- JSON --- */

struct js {
	struct sp_jsonw *w;
	struct sp_err *e;
	int failed;
};

static void
raw(struct js *j, const char *s)
{
	if (!j->failed && sp_jsonw_raw(j->w, s, strlen(s), j->e) < 0)
		j->failed = 1;
}

static void
str(struct js *j, const char *s, size_t n)
{
	if (!j->failed && sp_jsonw_str(j->w, s, n, j->e) < 0)
		j->failed = 1;
}

static void
num(struct js *j, struct sp_opt v)
{
	if (!v.set)
		raw(j, "null");
	else if (!j->failed && sp_jsonw_double(j->w, v.v, j->e) < 0)
		j->failed = 1;
}

static void
uint(struct js *j, uint64_t v);

/* A value of the metric: counts as integers (a median of them may be a
 * half). */
static void
value(struct js *j, enum sp_diff_metric m, struct sp_opt v)
{
	if (m == SP_DIFF_CALLS && v.set && v.v >= 0 && v.v < 9.2e18 &&
	    v.v == floor(v.v)) {
		uint(j, (uint64_t)v.v);
		return;
	}
	num(j, v);
}

static void
delta_value(struct js *j, enum sp_diff_metric m, double d)
{
	if (m == SP_DIFF_CALLS && d > -9.2e18 && d < 9.2e18 && d == floor(d)) {
		if (!j->failed && sp_jsonw_i64(j->w, (int64_t)d, j->e) < 0)
			j->failed = 1;
		return;
	}
	num(j, sp_opt_of(d));
}

static void
uint(struct js *j, uint64_t v)
{
	if (!j->failed && sp_jsonw_i64(j->w, (int64_t)v, j->e) < 0)
		j->failed = 1;
}

static void
field(struct js *j, const char *sep, const char *key)
{
	raw(j, sep);
	str(j, key, strlen(key));
	raw(j, ": ");
}

/* A side's 95% confidence interval of its median, [lo, hi], or null. */
static void
interval(struct js *j, enum sp_diff_metric m, struct sp_opt lo,
    struct sp_opt hi)
{
	if (!lo.set || !hi.set) {
		raw(j, "null");
		return;
	}
	raw(j, "[");
	value(j, m, lo);
	raw(j, ", ");
	value(j, m, hi);
	raw(j, "]");
}

static const char *
key_name(const struct sp_diff_report *rep)
{
	return rep->keys == SP_DIFF_BY_PATH ? "call_path" : "region";
}

/* A row as an object; ind: the indent of its fields ("" for one line). */
static void
row_object(struct js *j, const struct sp_diff_report *rep,
    const struct sp_diff_row *w, const char *ind)
{
	char sep[32];

	snprintf(sep, sizeof sep, ",%s%s", *ind ? "\n" : " ", ind);
	raw(j, "{");
	field(j, *ind ? sep + 1 : "", key_name(rep));
	str(j, w->name, w->len);
	if (rep->keys == SP_DIFF_BY_RANK) {
		field(j, sep, "rank");
		uint(j, w->rank);
	}
	field(j, sep, "a");
	value(j, rep->metric, w->a);
	field(j, sep, "b");
	value(j, rep->metric, w->b);
	field(j, sep, "delta");
	delta_value(j, rep->metric, w->delta);
	field(j, sep, "pct");
	num(j, w->pct);
	field(j, sep, "n_a");
	uint(j, w->na);
	field(j, sep, "n_b");
	uint(j, w->nb);
	field(j, sep, "a_ci");
	interval(j, rep->metric, w->a_lo, w->a_hi);
	field(j, sep, "b_ci");
	interval(j, rep->metric, w->b_lo, w->b_hi);
	field(j, sep, "p");
	num(j, w->p);
	field(j, sep, "significant");
	raw(j, !w->p.set ? "null" : w->changed ? "true" : "false");
	if (rep->check) {
		field(j, sep, "fails");
		raw(j, w->fails ? "true" : "false");
	}
	raw(j, "}");
}

static void
side_object(struct js *j, const struct sp_diff_side *s)
{
	raw(j, "{");
	field(j, "", "title");
	str(j, s->title, strlen(s->title));
	field(j, ", ", "label");
	str(j, s->label, strlen(s->label));
	field(j, ", ", "runs");
	uint(j, s->runs);
	raw(j, "}");
}

static void
gate_object(struct js *j, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	if (!rep->check) {
		raw(j, "null");
		return;
	}
	raw(j, "{");
	field(j, "", "budget");
	num(j, sp_opt_of(rep->opts->max));
	field(j, ", ", "unit");
	raw(j, rep->opts->budget == SP_DIFF_BUDGET_ABS ? "\"s\"" : "\"%\"");
	field(j, ", ", "fail_on_new");
	raw(j, rep->opts->fail_on_new ? "true" : "false");
	field(j, ", ", "result");
	raw(j, sp_diff_failures(d) > 0 ? "\"FAIL\"" : "\"PASS\"");
	raw(j, "}");
}

static void
only_list(struct js *j, const struct sp_diff *d,
    const struct sp_diff_report *rep, int side)
{
	size_t i, n = sp_diff_nonly(d, side);

	raw(j, "[");
	for (i = 0; i < n; i++) {
		const struct sp_diff_row *w = sp_diff_only(d, side, i);

		raw(j, i > 0 ? ", " : "");
		if (rep->keys != SP_DIFF_BY_RANK) {
			str(j, w->name, w->len);
			continue;
		}
		raw(j, "{");
		field(j, "", "region");
		str(j, w->name, w->len);
		field(j, ", ", "rank");
		uint(j, w->rank);
		raw(j, "}");
	}
	raw(j, "]");
}

static void
json_doc(struct js *j, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	size_t i;

	raw(j, "{\n  \"metric\": ");
	str(j, sp_diff_metric_name(rep->metric),
	    strlen(sp_diff_metric_name(rep->metric)));
	field(j, ",\n  ", "keys");
	raw(j, rep->keys == SP_DIFF_BY_PATH ? "\"call_path\"" :
	    rep->keys == SP_DIFF_BY_RANK ? "\"rank\"" : "\"region\"");
	field(j, ",\n  ", "a");
	side_object(j, &rep->side[0]);
	field(j, ",\n  ", "b");
	side_object(j, &rep->side[1]);
	field(j, ",\n  ", "samples");
	if (rep->samples != NULL)
		str(j, rep->samples, strlen(rep->samples));
	else
		raw(j, "null");
	field(j, ",\n  ", "gate");
	gate_object(j, d, rep);
	field(j, ",\n  ", "rows");
	raw(j, "[");
	for (i = 0; i < sp_diff_nrows(d); i++) {
		raw(j, i > 0 ? ",\n    " : "\n    ");
		row_object(j, rep, sp_diff_row(d, i), "");
	}
	raw(j, sp_diff_nrows(d) > 0 ? "\n  ]" : "]");
	field(j, ",\n  ", "only_in_a");
	only_list(j, d, rep, 0);
	field(j, ",\n  ", "only_in_b");
	only_list(j, d, rep, 1);
	raw(j, "\n}\n");
}

static int
json(const struct sp_diff *d, const struct sp_diff_report *rep, int nd,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct js j = { NULL, e, 0 };
	size_t i;
	int rc;

	if ((j.w = sp_jsonw_new(write, ctx, e)) == NULL)
		return -1;
	if (!nd)
		json_doc(&j, d, rep);
	for (i = 0; nd && i < sp_diff_nrows(d); i++) {
		row_object(&j, rep, sp_diff_row(d, i), "");
		raw(&j, "\n");
	}
	rc = j.failed || sp_jsonw_flush(j.w, e) < 0 ? -1 : 0;
	sp_jsonw_free(j.w);
	return rc;
}

/* --- CSV and TSV --- */

static void
cell(struct sp_diff_cells_out *o, const char *s, size_t n, int tsv)
{
	if (!o->failed && sp_csv_cell(o->write, o->ctx, s, n, tsv, o->e) < 0)
		o->failed = 1;
}

/* A number as JSON spells it, counts as integers; nothing for none. */
static void
csv_num(struct sp_diff_cells_out *o, int count, struct sp_opt v)
{
	char b[32];

	if (!v.set)
		return;
	if (count && v.v > -9.2e18 && v.v < 9.2e18 && v.v == floor(v.v))
		sp_diff_cells_put(o, b, sp_fmt_i64(b, (int64_t)v.v));
	else
		sp_diff_cells_put(o, b, sp_fmt_double(b, v.v));
}

static void
csv_row(struct sp_diff_cells_out *o, const struct sp_diff_report *rep,
    const struct sp_diff_row *w, const char *sep, int tsv)
{
	int count = rep->metric == SP_DIFF_CALLS;
	char b[32];

	cell(o, w->name, w->len, tsv);
	if (rep->keys == SP_DIFF_BY_RANK) {
		sp_diff_cells_str(o, sep);
		snprintf(b, sizeof b, "%" PRIu32, w->rank);
		sp_diff_cells_str(o, b);
	}
	sp_diff_cells_str(o, sep);
	csv_num(o, count, w->a);
	sp_diff_cells_str(o, sep);
	csv_num(o, count, w->b);
	sp_diff_cells_str(o, sep);
	csv_num(o, count, sp_opt_of(w->delta));
	sp_diff_cells_str(o, sep);
	csv_num(o, 0, w->pct);
	sp_diff_cells_str(o, sep);
	csv_num(o, 0, w->p);
	sp_diff_cells_str(o, sep);
	if (w->p.set)
		sp_diff_cells_str(o, w->changed ? "1" : "0");
	if (rep->check) {
		sp_diff_cells_str(o, sep);
		sp_diff_cells_str(o, w->fails ? "1" : "0");
	}
	sp_diff_cells_str(o, "\n");
}

static int
csv(const struct sp_diff *d, const struct sp_diff_report *rep, int tsv,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_diff_cells_out o = { write, ctx, e, 0 };
	const char *sep = tsv ? "\t" : ",";
	size_t i;

	sp_diff_cells_str(&o, rep->keys == SP_DIFF_BY_PATH ? "call_path" :
	    "region");
	if (rep->keys == SP_DIFF_BY_RANK)
		sp_diff_cells_str(&o, tsv ? "\trank" : ",rank");
	sp_diff_cells_str(&o, tsv ? "\ta\tb\tdelta\tpct\tp\tsignificant" :
	    ",a,b,delta,pct,p,significant");
	if (rep->check)
		sp_diff_cells_str(&o, tsv ? "\tfails" : ",fails");
	sp_diff_cells_str(&o, "\n");
	for (i = 0; i < sp_diff_nrows(d); i++)
		csv_row(&o, rep, sp_diff_row(d, i), sep, tsv);
	return o.failed ? -1 : 0;
}

/* --- Markdown --- */

/* Text in a table cell: Markdown's punctuation escaped, lines joined. */
static void
md_text(struct sp_diff_cells_out *o, const char *s, size_t n)
{
	size_t i, from = 0;

	for (i = 0; i < n; i++) {
		if (strchr("\\`*_[]<>|#~", s[i]) == NULL && s[i] != '\n' &&
		    s[i] != '\r')
			continue;
		sp_diff_cells_put(o, s + from, i - from);
		if (s[i] == '\n' || s[i] == '\r')
			sp_diff_cells_put(o, " ", 1);
		else {
			sp_diff_cells_put(o, "\\", 1);
			sp_diff_cells_put(o, s + i, 1);
		}
		from = i + 1;
	}
	sp_diff_cells_put(o, s + from, n - from);
}

static void
md_key(struct sp_diff_cells_out *o, const struct sp_diff_row *w)
{
	char b[32];

	md_text(o, w->name, w->len);
	if (w->rank != SP_DIFF_NO_RANK) {
		snprintf(b, sizeof b, " (rank %" PRIu32 ")", w->rank);
		sp_diff_cells_str(o, b);
	}
}

static void
md_row(struct sp_diff_cells_out *o, const struct sp_diff_report *rep,
    const struct sp_diff_row *w)
{
	char c[SP_DIFF_CELL_MAX];

	sp_diff_cells_str(o, "| ");
	md_key(o, w);
	sp_diff_cells_value(c, rep->metric, w->a);
	sp_diff_cells_str(o, " | ");
	sp_diff_cells_str(o, c);
	sp_diff_cells_value(c, rep->metric, w->b);
	sp_diff_cells_str(o, " | ");
	sp_diff_cells_str(o, c);
	sp_diff_cells_delta(c, rep->metric, w->delta);
	sp_diff_cells_str(o, " | ");
	sp_diff_cells_str(o, c);
	sp_diff_cells_pct(c, w->pct);
	sp_diff_cells_str(o, " | ");
	sp_diff_cells_str(o, c);
	if (rep->check)
		sp_diff_cells_str(o, w->fails ? " | **FAIL**" : " | ");
	sp_diff_cells_str(o, " |\n");
}

static void
md_side(struct sp_diff_cells_out *o, const char *name,
    const struct sp_diff_side *s)
{
	sp_diff_cells_str(o, name);
	md_text(o, s->title, strlen(s->title));
	sp_diff_cells_str(o, "\n");
}

static void
md_head(struct sp_diff_cells_out *o, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	char t[128];

	snprintf(t, sizeof t, "### sp-diff: %s\n\n",
	    sp_diff_metric_label(rep->metric));
	sp_diff_cells_str(o, t);
	md_side(o, "- **a**: ", &rep->side[0]);
	md_side(o, "- **b**: ", &rep->side[1]);
	if (rep->check) {
		snprintf(t, sizeof t, "\n**Regression check: %s** (budget "
		    "+%g%s, %s)\n", sp_diff_failures(d) > 0 ? "FAIL" : "PASS",
		    rep->opts->max, rep->opts->budget == SP_DIFF_BUDGET_ABS ?
		    " s" : "%", sp_diff_metric_name(rep->metric));
		sp_diff_cells_str(o, t);
	}
	sp_diff_cells_str(o, rep->keys == SP_DIFF_BY_PATH ? "\n| call path" :
	    "\n| region");
	sp_diff_cells_str(o, " | ");
	md_text(o, rep->side[0].label, strlen(rep->side[0].label));
	sp_diff_cells_str(o, " (a) | ");
	md_text(o, rep->side[1].label, strlen(rep->side[1].label));
	sp_diff_cells_str(o, " (b) | delta | delta [%] |");
	sp_diff_cells_str(o, rep->check ? " gate |\n" : "\n");
	sp_diff_cells_str(o, "| --- | ---: | ---: | ---: | ---: |");
	sp_diff_cells_str(o, rep->check ? " --- |\n" : "\n");
}

static void
md_only(struct sp_diff_cells_out *o, const struct sp_diff *d, int side)
{
	size_t i, n = sp_diff_nonly(d, side);

	if (n == 0)
		return;
	sp_diff_cells_str(o, side == 0 ? "\nOnly in a: " : "\nOnly in b: ");
	for (i = 0; i < n; i++) {
		sp_diff_cells_str(o, i > 0 ? ", " : "");
		md_key(o, sp_diff_only(d, side, i));
	}
	sp_diff_cells_str(o, "\n");
}

static int
markdown(const struct sp_diff *d, const struct sp_diff_report *rep,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_diff_cells_out o = { write, ctx, e, 0 };
	size_t i;

	md_head(&o, d, rep);
	for (i = 0; i < sp_diff_nrows(d); i++)
		md_row(&o, rep, sp_diff_row(d, i));
	if (sp_diff_shared(d) == 0)
		sp_diff_cells_str(&o, "\nNo key is in both a and b.\n");
	md_only(&o, d, 0);
	md_only(&o, d, 1);
	return o.failed ? -1 : 0;
}

int
sp_diff_emit_write(const struct sp_diff *d, const struct sp_diff_report *rep,
    enum sp_diff_emit_format f, sp_write_fn *write, void *ctx,
    struct sp_err *e)
{
	switch (f) {
	case SP_DIFF_EMIT_JSON:
	case SP_DIFF_EMIT_NDJSON:
		return json(d, rep, f == SP_DIFF_EMIT_NDJSON, write, ctx, e);
	case SP_DIFF_EMIT_CSV:
	case SP_DIFF_EMIT_TSV:
		return csv(d, rep, f == SP_DIFF_EMIT_TSV, write, ctx, e);
	default:
		return markdown(d, rep, write, ctx, e);
	}
}
