#include "sp_stats_notes.h"

#include <stdlib.h>
#include <string.h>

#include "sp_stats_grid.h"

#define MAX_NOTES 32
#define DASH "\xe2\x94\x80"

/* The hints: sp's programs where the reference names its command line. */
static const char *const hints[] = {
	"",
	"Explore:",
	"  Ranks:   sp-read P | sp-stack | sp-stats --by rank",
	"  Paths:   sp-read P | sp-stack | sp-stats --call-paths",
	"  Calls:   sp-read P | sp-stack | sp-json --lines",
	"",
	"Visualize and export:",
	"  Flame:   sp-read P | sp-stack | sp-flame -o flame.svg",
	"  Profile: sp-read P | sp-stack | sp-pstats -o profile.prof",
	"  Trace:   sp-read P | sp-stack | sp-speedscope -o "
	    "profile.speedscope.json",
	"  JSON:    sp-read P | sp-json -o profile.json.gz",
	"",
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

void
sp_stats_title(const struct sp_stats_result *res, const char *cwd,
    struct sp_stats_text *b)
{
	char *p = sp_stats_text_relpath(res->source, cwd != NULL ? cwd : "/");

	if (res->meta_label != NULL) {
		sp_stats_text_str(b, res->meta_label);
		sp_stats_text_str(b, " - ");
	}
	if (p == NULL) {
		b->failed = 1;
		return;
	}
	sp_stats_text_printf(b, "%s (%u rank%s)", p, res->num_ranks,
	    res->num_ranks == 1 ? "" : "s");
	free(p);
}

/* The title as given, or the default one. */
static void
title(const struct sp_stats_result *res, const struct sp_stats_table_opts *o,
    struct sp_stats_text *b)
{
	if (o->title != NULL)
		sp_stats_text_str(b, o->title);
	else
		sp_stats_title(res, o->cwd, b);
}

int
sp_stats_notes_empty(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	struct sp_stats_text b = { 0 };
	int rc;

	title(res, o, &b);
	if (b.n > 0)
		sp_stats_text_str(&b, "\n");
	sp_stats_text_str(&b, "  (no regions recorded)\n");
	rc = b.failed ? nomem(e) : w(ctx, b.p, b.n, e);
	sp_stats_text_free(&b);
	return rc;
}

/* --- the notes --- */

struct notes {
	struct sp_stats_text t[MAX_NOTES];
	size_t n;
};

static struct sp_stats_text *
note(struct notes *ns)
{
	return ns->n < MAX_NOTES ? &ns->t[ns->n++] : &ns->t[MAX_NOTES - 1];
}

static int
by_name(const void *a, const void *b)
{
	const struct sp_stats_row *x = *(const struct sp_stats_row *const *)a;
	const struct sp_stats_row *y = *(const struct sp_stats_row *const *)b;
	size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
	int c = memcmp(x->name, y->name, n);

	return c != 0 ? c : x->name_len < y->name_len ? -1 :
	    x->name_len > y->name_len;
}

/* 1: the rows whose GPU time is more than twice their CPU time. */
static int
gpu_warning(const struct sp_stats_result *res, const uint32_t *shown,
    size_t n, struct notes *ns)
{
	const struct sp_stats_row **v = malloc((n + 1) * sizeof *v), *w;
	struct sp_stats_text *b;
	size_t i, k = 0;

	if (v == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		w = &res->rows[shown[i]];
		if (w->gpu_total.set && w->total.set &&
		    w->gpu_total.v > 2 * w->total.v)
			v[k++] = w;
	}
	if (k > 0) {
		qsort(v, k, sizeof *v, by_name);
		b = note(ns);
		sp_stats_text_str(b,
		    "Warning: GPU time exceeds CPU time by more "
		    "than 2x for ");
		for (i = 0; i < k; i++) {
			if (i > 0 && by_name(&v[i - 1], &v[i]) == 0)
				continue;	/* distinct names */
			if (i > 0)
				sp_stats_text_str(b, ", ");
			sp_stats_text_add(b, v[i]->name, v[i]->name_len);
		}
		sp_stats_text_str(b,
		    ". This may indicate asynchronous GPU work; "
		    "CPU time can measure enqueue time rather than device "
		    "execution. Use GPU metrics or opt in to "
		    "gpu_sync_on_exit=True (disables CPU/GPU overlap).");
	}
	free(v);
	return 0;
}

/* 3: the hints, each command with the profile's path quoted. */
static void
hint_notes(const struct sp_stats_result *res, const char *cwd,
    struct notes *ns)
{
	struct sp_stats_text q = { 0 };
	char *p = sp_stats_text_relpath(res->source, cwd != NULL ? cwd : "/");
	const char *h, *at;
	struct sp_stats_text *b;
	size_t i;

	if (p != NULL)
		sp_stats_text_shell_quote(&q, p);
	for (i = 0; i < sizeof hints / sizeof hints[0]; i++) {
		b = note(ns);
		if (p == NULL || q.failed)
			b->failed = 1;
		h = hints[i];
		if ((at = strstr(h, " P ")) != NULL) {
			sp_stats_text_add(b, h, (size_t)(at - h) + 1);
			sp_stats_text_add(b, q.p, q.n);
			sp_stats_text_str(b, at + 2);
		} else {
			sp_stats_text_str(b, h);
		}
	}
	free(p);
	sp_stats_text_free(&q);
}

static int
any_shown(const struct sp_stats_result *res, const uint32_t *shown,
    size_t n, int what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (what ? !res->rows[shown[i]].total.set :
		    res->rows[shown[i]].recursive)
			return 1;
	return 0;
}

static int
has_column(const enum sp_stats_col *c, size_t nc, enum sp_stats_col want)
{
	size_t k;

	for (k = 0; k < nc; k++)
		if (c[k] == want)
			return 1;
	return 0;
}

static int
collect(const struct sp_stats_result *res, const struct sp_stats_table_opts *o,
    const uint32_t *shown, size_t n, struct sp_opt session,
    const enum sp_stats_col *c, size_t nc, struct notes *ns)
{
	struct sp_stats_text t = { 0 };

	if (gpu_warning(res, shown, n, ns) < 0)
		return -1;
	title(res, o, &t);
	if (t.n > 0 || t.failed) {
		sp_stats_text_str(note(ns), "Summary: ");
		sp_stats_text_add(&ns->t[ns->n - 1], t.p, t.n);
		ns->t[ns->n - 1].failed |= t.failed;
	}
	sp_stats_text_free(&t);
	hint_notes(res, o->cwd, ns);
	sp_stats_text_str(note(ns), "Durations are in seconds.");
	if (n > 1)
		sp_stats_text_str(note(ns),
		    "Regions may nest, so the summed total "
		    "can exceed the wall-clock time.");
	if (any_shown(res, shown, n, 0))
		sp_stats_text_str(note(ns),
		    "\xe2\x86\xbb Recursive rows aggregate all "
		    "invocations of that region.");
	if (session.set)
		sp_stats_text_str(note(ns), o->pmode == SP_STATS_PCT_COVERAGE ?
		    "% session uses wall-clock coverage; overlapping recursive "
		    "calls count once." : "% session uses exclusive time for "
		    "each region.");
	if (any_shown(res, shown, n, 1))
		sp_stats_text_str(note(ns),
		    "Regions shown without timing recorded "
		    "no calls on the selected ranks.");
	/* sp's own, after the reference's */
	if (has_column(c, nc, SP_COL_WALL))
		sp_stats_text_str(note(ns),
		    "wall [s] counts the outermost calls of "
		    "a path once; total [s] counts every level of recursion.");
	if (res->approx && (has_column(c, nc, SP_COL_P50) ||
	    has_column(c, nc, SP_COL_P95) || has_column(c, nc, SP_COL_P99)))
		sp_stats_text_str(note(ns),
		    "Percentiles are estimates within 0.78% "
		    "(--approx).");
	return 0;
}

/* The box: a title border, each note padded to the widest, a bottom. */
static void
box(const struct notes *ns, struct sp_stats_text *b)
{
	size_t i, wd = 0, x;

	for (i = 0; i < ns->n; i++)
		if ((x = sp_stats_grid_width(ns->t[i].p, ns->t[i].n, 0)) > wd)
			wd = x;
	sp_stats_text_str(b, "\n  \xe2\x95\xad" DASH " Info ");
	sp_stats_text_rep(b, DASH, wd >= 6 ? wd - 5 : 1);
	sp_stats_text_str(b, "\xe2\x95\xae\n");
	for (i = 0; i < ns->n; i++) {
		sp_stats_text_str(b, "  \xe2\x94\x82 ");
		sp_stats_text_add(b, ns->t[i].p, ns->t[i].n);
		sp_stats_text_rep(b, " ", wd - sp_stats_grid_width(ns->t[i].p,
		    ns->t[i].n, 0));
		sp_stats_text_str(b, " \xe2\x94\x82\n");
	}
	sp_stats_text_str(b, "  \xe2\x95\xb0");
	sp_stats_text_rep(b, DASH, wd + 2);
	sp_stats_text_str(b, "\xe2\x95\xaf\n");
}

int
sp_stats_notes_write(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const uint32_t *shown, size_t n,
    struct sp_opt session, const enum sp_stats_col *c, size_t nc,
    sp_write_fn *w, void *ctx, struct sp_err *e)
{
	struct notes ns;
	struct sp_stats_text b = { 0 };
	size_t i;
	int rc = 0, failed = 0;

	memset(&ns, 0, sizeof ns);
	if (!o->suppress_notes) {
		if (collect(res, o, shown, n, session, c, nc, &ns) < 0)
			failed = 1;
		for (i = 0; i < ns.n; i++)
			failed |= ns.t[i].failed;
		if (!failed)
			box(&ns, &b);
	}
	sp_stats_text_str(&b, "\n");
	if (failed || b.failed)
		rc = nomem(e);
	else
		rc = w(ctx, b.p, b.n, e);
	for (i = 0; i < ns.n; i++)
		sp_stats_text_free(&ns.t[i]);
	sp_stats_text_free(&b);
	return rc;
}

int
sp_stats_notes_each(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const uint32_t *shown, size_t n,
    struct sp_opt session, const enum sp_stats_col *c, size_t nc,
    int (*line)(void *ctx, const char *s, size_t n, struct sp_err *e),
    void *ctx, struct sp_err *e)
{
	struct notes ns;
	size_t i;
	int rc = 0;

	memset(&ns, 0, sizeof ns);
	if (collect(res, o, shown, n, session, c, nc, &ns) < 0)
		rc = nomem(e);
	for (i = 0; i < ns.n && rc == 0; i++)
		rc = ns.t[i].failed ? nomem(e) : line(ctx, ns.t[i].p != NULL ?
		    ns.t[i].p : "", ns.t[i].n, e);
	for (i = 0; i < ns.n; i++)
		sp_stats_text_free(&ns.t[i]);
	return rc;
}

int
sp_stats_notes_box(const char *const *lines, size_t n, sp_write_fn *w,
    void *ctx, struct sp_err *e)
{
	struct notes ns;
	struct sp_stats_text b = { 0 };
	size_t i;
	int rc;

	memset(&ns, 0, sizeof ns);
	for (i = 0; i < n && i < MAX_NOTES; i++)
		sp_stats_text_str(note(&ns), lines[i]);
	box(&ns, &b);
	for (i = 0; i < ns.n; i++) {
		b.failed |= ns.t[i].failed;
		sp_stats_text_free(&ns.t[i]);
	}
	rc = b.failed ? nomem(e) : w(ctx, b.p, b.n, e);
	sp_stats_text_free(&b);
	return rc;
}
