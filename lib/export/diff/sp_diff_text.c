/* sp-diff's text (sp_diff_text.h). */
#include "sp_diff_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_diff_cells.h"

struct table {
	const struct sp_diff *d;
	const struct sp_diff_report *rep;
	struct sp_diff_cells_out *o;
	char *head[2];		/* "LABEL (a)", "LABEL (b)" */
	size_t wkey, wrank, w[SP_DIFF_NCOLS];
	size_t ncols;		/* SP_DIFF_COL_P only when there are tests */
};

static const char *
key_head(const struct sp_diff_report *rep)
{
	return rep->keys == SP_DIFF_BY_PATH ? "call path" : "region";
}

static size_t
max_of(size_t a, size_t b)
{
	return a > b ? a : b;
}

static void
widths(struct table *t)
{
	static const char *const fixed[SP_DIFF_NCOLS] = { NULL, NULL, "delta",
		"delta [%]", "test" };
	char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX], r[16];
	size_t i, k;

	t->wkey = strlen(key_head(t->rep));
	t->wrank = 4;
	for (k = 0; k < SP_DIFF_NCOLS; k++)
		t->w[k] = sp_diff_cells_width(k < 2 ? t->head[k] : fixed[k],
		    strlen(k < 2 ? t->head[k] : fixed[k]));
	for (i = 0; i < sp_diff_nrows(t->d); i++) {
		const struct sp_diff_row *w = sp_diff_row(t->d, i);

		t->wkey = max_of(t->wkey, sp_diff_cells_width(w->name,
		    w->len));
		t->wrank = max_of(t->wrank, (size_t)snprintf(r, sizeof r,
		    "%" PRIu32, w->rank));
		sp_diff_cells_row(w, t->rep, c);
		for (k = 0; k < SP_DIFF_NCOLS; k++)
			t->w[k] = max_of(t->w[k], strlen(c[k]));
	}
}

static void
line(struct table *t, const char *key, size_t klen, const char *rank,
    const char *const c[SP_DIFF_NCOLS])
{
	size_t k;

	sp_diff_cells_cell(t->o, key, klen, t->wkey, 1);
	if (t->rep->keys == SP_DIFF_BY_RANK) {
		sp_diff_cells_pad(t->o, 2);
		sp_diff_cells_cell(t->o, rank, strlen(rank), t->wrank, 0);
	}
	for (k = 0; k < t->ncols; k++) {
		sp_diff_cells_pad(t->o, 2);
		if (k == SP_DIFF_COL_P)	/* last, left-aligned: no padding */
			sp_diff_cells_str(t->o, c[k]);
		else
			sp_diff_cells_cell(t->o, c[k], strlen(c[k]),
			    t->w[k], 0);
	}
	sp_diff_cells_str(t->o, "\n");
}

static void
rule(struct sp_diff_cells_out *o, size_t n)
{
	static const char dashes[] = "--------------------------------";

	while (n > 0) {
		size_t k = n < sizeof dashes - 1 ? n : sizeof dashes - 1;

		sp_diff_cells_put(o, dashes, k);
		n -= k;
	}
}

static void
head(struct table *t)
{
	const char *c[SP_DIFF_NCOLS] = { t->head[0], t->head[1], "delta",
		"delta [%]", "test" };
	size_t k;

	line(t, key_head(t->rep), strlen(key_head(t->rep)), "rank", c);
	rule(t->o, t->wkey);
	if (t->rep->keys == SP_DIFF_BY_RANK) {
		sp_diff_cells_pad(t->o, 2);
		rule(t->o, t->wrank);
	}
	for (k = 0; k < t->ncols; k++) {
		sp_diff_cells_pad(t->o, 2);
		rule(t->o, t->w[k]);
	}
	sp_diff_cells_str(t->o, "\n");
}

/* What the tests compared, under the table. */
static void
tests_note(struct sp_diff_cells_out *o, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	char t[256];

	if (sp_diff_cells_note(d, rep, t, sizeof t) == 0)
		return;
	sp_diff_cells_str(o, "\n");
	sp_diff_cells_str(o, t);
	sp_diff_cells_str(o, "\n");
}

/* "LABEL (x)", or NULL without memory. */
static char *
head_of(const char *label, char x)
{
	size_t n = strlen(label) + 5;
	char *s = malloc(n);

	if (s != NULL)
		snprintf(s, n, "%s (%c)", label, x);
	return s;
}

static void
table(struct sp_diff_cells_out *o, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	char c[SP_DIFF_NCOLS][SP_DIFF_CELL_MAX], r[16];
	const char *p[SP_DIFF_NCOLS] = { c[0], c[1], c[2], c[3], c[4] };
	struct table t;
	size_t i;

	memset(&t, 0, sizeof t);
	t.d = d;
	t.rep = rep;
	t.o = o;
	t.ncols = sp_diff_cells_tested(d) ? SP_DIFF_NCOLS : SP_DIFF_COL_P;
	t.head[0] = head_of(rep->side[0].label, 'a');
	t.head[1] = head_of(rep->side[1].label, 'b');
	if (t.head[0] == NULL || t.head[1] == NULL) {
		o->failed = 1;
		sp_fail(o->e, SP_ENOMEM, "out of memory");
		goto out;
	}
	widths(&t);
	head(&t);
	for (i = 0; i < sp_diff_nrows(d); i++) {
		const struct sp_diff_row *w = sp_diff_row(d, i);

		sp_diff_cells_row(w, rep, c);
		snprintf(r, sizeof r, "%" PRIu32, w->rank);
		line(&t, w->name, w->len, r, p);
	}
out:
	free(t.head[0]);
	free(t.head[1]);
}

/* A key in a list: its name, and its rank when it has one. */
static void
key(struct sp_diff_cells_out *o, const struct sp_diff_row *w)
{
	char r[32];

	sp_diff_cells_put(o, w->name, w->len);
	if (w->rank != SP_DIFF_NO_RANK) {
		snprintf(r, sizeof r, " [rank %" PRIu32 "]", w->rank);
		sp_diff_cells_str(o, r);
	}
}

static void
only(struct sp_diff_cells_out *o, const struct sp_diff *d, int side)
{
	size_t i, n = sp_diff_nonly(d, side);

	if (n == 0)
		return;
	sp_diff_cells_str(o, side == 0 ? "Only in a: " : "Only in b: ");
	for (i = 0; i < n; i++) {
		if (i > 0)
			sp_diff_cells_str(o, ", ");
		key(o, sp_diff_only(d, side, i));
	}
	sp_diff_cells_str(o, "\n");
}

static const char *
kind(const struct sp_diff_report *rep)
{
	return rep->keys == SP_DIFF_BY_PATH ? "Call paths" :
	    rep->keys == SP_DIFF_BY_RANK ? "Regions by rank" : "Regions";
}

static void
diff_layout(struct sp_diff_cells_out *o, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	static const char rule78[] = "=========================================="
	    "====================================\n";
	char t[128];

	sp_diff_cells_str(o, rule78);
	sp_diff_cells_str(o, "a: ");
	sp_diff_cells_str(o, rep->side[0].title);
	sp_diff_cells_str(o, "\nb: ");
	sp_diff_cells_str(o, rep->side[1].title);
	sp_diff_cells_str(o, "\n");
	sp_diff_cells_str(o, rule78);
	snprintf(t, sizeof t, "\n%s (%zu): %s\n\n", kind(rep),
	    sp_diff_nrows(d), sp_diff_metric_label(rep->metric));
	sp_diff_cells_str(o, t);
	table(o, d, rep);
	tests_note(o, d, rep);
}

static void
budget(struct sp_diff_cells_out *o, const struct sp_diff_report *rep)
{
	char t[128];

	if (rep->opts->budget == SP_DIFF_BUDGET_ABS)
		snprintf(t, sizeof t, "Regression budget: +%g s (%s)\n",
		    rep->opts->max, sp_diff_metric_name(rep->metric));
	else
		snprintf(t, sizeof t, "Regression budget: +%g%% (%s)\n",
		    rep->opts->max, sp_diff_metric_name(rep->metric));
	sp_diff_cells_str(o, t);
}

static void
violations(struct sp_diff_cells_out *o, const struct sp_diff *d)
{
	size_t i, k = 0;

	if (sp_diff_failures(d) == 0)
		return;
	sp_diff_cells_str(o, "\nBudget violations: ");
	for (i = 0; i < sp_diff_nrows(d); i++)
		if (sp_diff_row(d, i)->fails) {
			if (k++ > 0)
				sp_diff_cells_str(o, ", ");
			key(o, sp_diff_row(d, i));
		}
	sp_diff_cells_str(o, "\n");
}

static void
check_layout(struct sp_diff_cells_out *o, const struct sp_diff *d,
    const struct sp_diff_report *rep)
{
	sp_diff_cells_str(o, "Baseline: ");
	sp_diff_cells_str(o, rep->side[0].title);
	sp_diff_cells_str(o, "\nCandidate: ");
	sp_diff_cells_str(o, rep->side[1].title);
	sp_diff_cells_str(o, "\n");
	budget(o, rep);
	sp_diff_cells_str(o, sp_diff_failures(d) > 0 ?
	    "Regression check: FAIL\n\n" : "Regression check: PASS\n\n");
	table(o, d, rep);
	tests_note(o, d, rep);
	violations(o, d);
}

int
sp_diff_text_write(const struct sp_diff *d, const struct sp_diff_report *rep,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_diff_cells_out o = { write, ctx, e, 0 };

	if (rep->check)
		check_layout(&o, d, rep);
	else
		diff_layout(&o, d, rep);
	if (sp_diff_shared(d) == 0)
		sp_diff_cells_str(&o, rep->keys == SP_DIFF_BY_PATH ?
		    "\nNo call path is in both a and b.\n" :
		    "\nNo region is in both a and b.\n");
	if (sp_diff_nonly(d, 0) + sp_diff_nonly(d, 1) > 0)
		sp_diff_cells_str(&o, "\n");
	only(&o, d, 0);
	only(&o, d, 1);
	return o.failed ? -1 : 0;
}
