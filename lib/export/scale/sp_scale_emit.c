/* A scaling series as JSON, NDJSON, CSV or TSV (sp_scale_emit.h). */
#include "sp_scale_emit.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sp_csv.h"
#include "sp_fmt.h"
#include "sp_jsonw.h"

const char *
sp_scale_emit_key(enum sp_scale_plot p)
{
	static const char *const keys[] = { "speedup", "efficiency",
		"normalized_runtime", "weak_efficiency" };

	return keys[p];
}

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
cstr(struct js *j, const char *s)
{
	str(j, s, strlen(s));
}

static void
num(struct js *j, struct sp_scale_val v)
{
	if (!v.set || !isfinite(v.v))
		raw(j, "null");
	else if (!j->failed && sp_jsonw_double(j->w, v.v, j->e) < 0)
		j->failed = 1;
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
	cstr(j, key);
	raw(j, ": ");
}

/* An x: an integer, a number, or the text of a categorical axis. */
static void
xval(struct js *j, const struct sp_scale_report *rep,
    const struct sp_scale_point *p)
{
	struct sp_scale_val v = { p->x, 1 };

	if (rep->categorical)
		cstr(j, p->text);
	else if (p->x == floor(p->x) && fabs(p->x) < 9e15)
		uint(j, (uint64_t)p->x);
	else
		num(j, v);
}

static void
row_key(struct js *j, const struct sp_scale_row *w)
{
	if (w->whole)
		raw(j, "null");
	else
		str(j, w->name, w->len);
}

static void
cell_fields(struct js *j, const struct sp_scale_cell *c)
{
	field(j, ", ", "time");
	num(j, c->time);
	field(j, ", ", "speedup");
	num(j, c->speedup);
	field(j, ", ", "efficiency");
	num(j, c->efficiency);
	field(j, ", ", "karp_flatt");
	num(j, c->karp_flatt);
	field(j, ", ", "normalized_runtime");
	num(j, c->normalized);
	field(j, ", ", "weak_efficiency");
	num(j, c->weak_efficiency);
	field(j, ", ", "imbalance");
	num(j, c->imbalance);
}

static void
verdict_fields(struct js *j, const struct sp_scale *s,
    const struct sp_scale_report *rep, const struct sp_scale_row *w)
{
	char why[512];

	sp_scale_why(s, w, rep->mode, why, sizeof why);
	field(j, ", ", "verdict");
	cstr(j, sp_scale_verdict_name(w->verdict));
	field(j, ", ", "why");
	if (w->verdict == SP_SCALE_NONE)
		raw(j, "null");
	else
		cstr(j, why);
	field(j, ", ", "serial_fraction");
	num(j, w->serial);
}

static void
row_object(struct js *j, const struct sp_scale *s,
    const struct sp_scale_report *rep, const struct sp_scale_row *w)
{
	size_t i;

	raw(j, "{");
	field(j, "", "region");
	row_key(j, w);
	field(j, ", ", "whole_run");
	raw(j, w->whole ? "true" : "false");
	verdict_fields(j, s, rep, w);
	field(j, ",\n     ", "values");
	raw(j, "[");
	for (i = 0; i < sp_scale_npoints(s); i++) {
		raw(j, i > 0 ? ",\n      {" : "\n      {");
		field(j, "", "x");
		xval(j, rep, sp_scale_point(s, i));
		cell_fields(j, &w->cells[i]);
		raw(j, "}");
	}
	raw(j, "]}");
}

static void
head(struct js *j, const struct sp_scale *s, const struct sp_scale_report *rep)
{
	size_t i;

	raw(j, "{\n  \"mode\": ");
	raw(j, rep->mode == SP_SCALE_WEAK ? "\"weak\"" : "\"strong\"");
	field(j, ",\n  ", "measure");
	cstr(j, sp_scale_measure_name(rep->measure));
	field(j, ",\n  ", "x_field");
	cstr(j, rep->x_name);
	field(j, ",\n  ", "x_label");
	cstr(j, rep->x_label);
	field(j, ",\n  ", "categorical");
	raw(j, rep->categorical ? "true" : "false");
	field(j, ",\n  ", "baseline");
	xval(j, rep, sp_scale_point(s, 0));
	field(j, ",\n  ", "runs");
	raw(j, "[");
	for (i = 0; i < rep->nruns; i++) {
		raw(j, i > 0 ? ",\n    {" : "\n    {");
		field(j, "", "label");
		cstr(j, rep->runs[i].label);
		field(j, ", ", "x");
		cstr(j, rep->runs[i].x);
		raw(j, "}");
	}
	raw(j, "]");
	field(j, ",\n  ", "points");
	raw(j, "[");
	for (i = 0; i < sp_scale_npoints(s); i++) {
		raw(j, i > 0 ? ", {" : "{");
		field(j, "", "x");
		xval(j, rep, sp_scale_point(s, i));
		field(j, ", ", "runs");
		uint(j, sp_scale_point(s, i)->runs);
		raw(j, "}");
	}
	raw(j, "]");
}

static void
json_doc(struct js *j, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	size_t i;

	head(j, s, rep);
	field(j, ",\n  ", "rows");
	raw(j, "[");
	for (i = 0; i < sp_scale_nrows(s); i++) {
		raw(j, i > 0 ? ",\n    " : "\n    ");
		row_object(j, s, rep, sp_scale_row(s, i));
	}
	raw(j, "\n  ]");
	field(j, ",\n  ", "skipped");
	uint(j, sp_scale_skipped(s));
	raw(j, "\n}\n");
}

static void
ndjson(struct js *j, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	size_t i, k;

	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);

		for (k = 0; k < sp_scale_npoints(s); k++) {
			raw(j, "{");
			field(j, "", "region");
			row_key(j, w);
			field(j, ", ", "whole_run");
			raw(j, w->whole ? "true" : "false");
			field(j, ", ", "x");
			xval(j, rep, sp_scale_point(s, k));
			field(j, ", ", "runs");
			uint(j, sp_scale_point(s, k)->runs);
			cell_fields(j, &w->cells[k]);
			verdict_fields(j, s, rep, w);
			raw(j, "}\n");
		}
	}
}

/* The reference's data file: the plot's points, regions only. */
static void
plot_json(struct js *j, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	const char *key = sp_scale_emit_key(rep->plot);
	size_t i, k, n = 0;

	raw(j, "{\n  \"format\": \"sp-scale\",\n  \"format_version\": 1");
	field(j, ",\n  ", "plot");
	cstr(j, sp_scale_plot_name(rep->plot));
	field(j, ",\n  ", "points");
	raw(j, "[");
	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);

		for (k = 0; k < sp_scale_npoints(s) && !w->whole; k++) {
			struct sp_scale_val v = sp_scale_plot_value(rep->plot,
			    &w->cells[k]);

			if (!v.set)
				continue;
			raw(j, n++ > 0 ? ",\n    {" : "\n    {");
			field(j, "", "region");
			str(j, w->name, w->len);
			field(j, ", ", rep->x_name);
			xval(j, rep, sp_scale_point(s, k));
			field(j, ", ", key);
			num(j, v);
			raw(j, "}");
		}
	}
	raw(j, n > 0 ? "\n  ]" : "]");
	field(j, ",\n  ", "options");
	raw(j, "{");
	field(j, "", "x_field");
	cstr(j, rep->x_name);
	field(j, ", ", "x_label");
	cstr(j, rep->x_label);
	field(j, ", ", "baseline");
	xval(j, rep, sp_scale_point(s, 0));
	raw(j, "}\n}\n");
}

static int
json(const struct sp_scale *s, const struct sp_scale_report *rep, int nd,
    int plot_data, sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct js j = { NULL, e, 0 };
	int rc;

	if ((j.w = sp_jsonw_new(write, ctx, e)) == NULL)
		return -1;
	if (plot_data)
		plot_json(&j, s, rep);
	else if (nd)
		ndjson(&j, s, rep);
	else
		json_doc(&j, s, rep);
	rc = j.failed || sp_jsonw_flush(j.w, e) < 0 ? -1 : 0;
	sp_jsonw_free(j.w);
	return rc;
}

/* --- CSV and TSV --- */

struct cw {
	sp_write_fn *write;
	void *ctx;
	struct sp_err *e;
	int tsv, failed, first;
};

static void
put(struct cw *c, const char *s, size_t n)
{
	if (!c->failed && c->write(c->ctx, s, n, c->e) < 0)
		c->failed = 1;
}

static void
text_cell(struct cw *c, const char *s, size_t n)
{
	if (!c->first)
		put(c, c->tsv ? "\t" : ",", 1);
	c->first = 0;
	if (!c->failed && sp_csv_cell(c->write, c->ctx, s, n, c->tsv, c->e) < 0)
		c->failed = 1;
}

static void
num_cell(struct cw *c, struct sp_scale_val v)
{
	char b[SP_FMT_MAX];

	text_cell(c, b, v.set && isfinite(v.v) ? sp_fmt_double(b, v.v) : 0);
}

static void
x_cell(struct cw *c, const struct sp_scale_report *rep,
    const struct sp_scale_point *p)
{
	char b[SP_FMT_MAX];

	if (!rep->categorical && p->x == floor(p->x) && fabs(p->x) < 9e15)
		text_cell(c, b, sp_fmt_i64(b, (int64_t)p->x));
	else
		text_cell(c, p->text, strlen(p->text));
}

static void
end_line(struct cw *c)
{
	put(c, "\n", 1);
	c->first = 1;
}

static void
header(struct cw *c, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		text_cell(c, names[i], strlen(names[i]));
	end_line(c);
}

static void
csv_rows(struct cw *c, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	static const char *const names[] = { "region", "whole_run", "x",
		"runs", "time", "speedup", "efficiency", "karp_flatt",
		"normalized_runtime", "weak_efficiency", "imbalance",
		"verdict" };
	char b[SP_FMT_MAX];
	size_t i, k;

	header(c, names, sizeof names / sizeof *names);
	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);
		const char *v = sp_scale_verdict_name(w->verdict);

		for (k = 0; k < sp_scale_npoints(s); k++) {
			const struct sp_scale_cell *x = &w->cells[k];

			text_cell(c, w->whole ? "" : w->name, w->len);
			text_cell(c, w->whole ? "true" : "false",
			    w->whole ? 4 : 5);
			x_cell(c, rep, sp_scale_point(s, k));
			text_cell(c, b, sp_fmt_u64(b,
			    sp_scale_point(s, k)->runs));
			num_cell(c, x->time);
			num_cell(c, x->speedup);
			num_cell(c, x->efficiency);
			num_cell(c, x->karp_flatt);
			num_cell(c, x->normalized);
			num_cell(c, x->weak_efficiency);
			num_cell(c, x->imbalance);
			text_cell(c, v, strlen(v));
			end_line(c);
		}
	}
}

static void
csv_plot(struct cw *c, const struct sp_scale *s,
    const struct sp_scale_report *rep)
{
	const char *names[] = { "region", rep->x_name,
		sp_scale_emit_key(rep->plot) };
	size_t i, k;

	header(c, names, 3);
	for (i = 0; i < sp_scale_nrows(s); i++) {
		const struct sp_scale_row *w = sp_scale_row(s, i);

		for (k = 0; k < sp_scale_npoints(s) && !w->whole; k++) {
			struct sp_scale_val v = sp_scale_plot_value(rep->plot,
			    &w->cells[k]);

			if (!v.set)
				continue;
			text_cell(c, w->name, w->len);
			x_cell(c, rep, sp_scale_point(s, k));
			num_cell(c, v);
			end_line(c);
		}
	}
}

int
sp_scale_emit_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, enum sp_scale_emit_format f,
    int plot_data, sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct cw c = { write, ctx, e, f == SP_SCALE_EMIT_TSV, 0, 1 };

	if (f == SP_SCALE_EMIT_JSON || f == SP_SCALE_EMIT_NDJSON)
		return json(s, rep, f == SP_SCALE_EMIT_NDJSON, plot_data,
		    write, ctx, e);
	if (plot_data)
		csv_plot(&c, s, rep);
	else
		csv_rows(&c, s, rep);
	return c.failed ? -1 : 0;
}
