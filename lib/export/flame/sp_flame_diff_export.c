/*
 * The differential graphs of sp-flame's exporter (sp_flame_export.h): the
 * first run of the stream is the before run, the second the after run.
 * Each rank's call-path tree (or, ranks merged, each run's) is kept with
 * a copy of its run's region names, since the region table goes with
 * the run; when the second run ends, the ranks of both pair up in
 * ascending order (a rank that one run lacks is an empty side) and each
 * pair is laid flat, two-sided, and drawn.
 */
#include "sp_flame_export_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_label.h"

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static struct fx_run *
current(struct fx *x)
{
	return &x->runs[sp_export_runs(x->fe) - 1];
}

/*
 * The run's labels: its unique one, and its name (the label before sp-read
 * or the front end numbered it) and file, which tell the two runs apart
 * when they share a name.
 */
int
sp_flame_diff_export_run(struct fx *x, const struct sp_run_info *ri,
    const char *label, struct sp_err *e)
{
	uint64_t k = sp_export_runs(x->fe);
	struct fx_run *r;

	if (k > 2)
		return sp_fail(e, SP_EUSAGE, "%s: --diff compares two runs, "
		    "before and after, and the stream holds a third: %s",
		    sp_export_input(x->fe), sp_export_quoted(x->fe, label));
	r = &x->runs[k - 1];
	if ((r->label = strdup(label)) == NULL ||
	    (r->name = strdup(ri->name != NULL ? ri->name : ri->label)) ==
	    NULL || (r->source = strdup(ri->source)) == NULL)
		return nomem(e);
	return 0;
}

/* What tells the runs apart in the titles (sp_label_apart). */
static int
set_shown(struct fx *x, struct sp_err *e)
{
	const char *names[2], *sources[2], *labels[2];
	char *shown[2];
	int k;

	for (k = 0; k < 2; k++) {
		names[k] = x->runs[k].name;
		sources[k] = x->runs[k].source;
		labels[k] = x->runs[k].label;
	}
	if (sp_label_apart(names, sources, labels, 2, shown, e) < 0)
		return -1;
	for (k = 0; k < 2; k++)
		x->runs[k].shown = shown[k];
	return 0;
}

/* The current tree goes to the run, as rank's. */
static int
keep_tree(struct fx *x, uint32_t rank, struct sp_err *e)
{
	struct fx_run *r = current(x);

	if (sp_grow(&r->ranks, &r->cap, r->n + 1, sizeof *r->ranks, 8) < 0)
		return nomem(e);
	r->ranks[r->n].rank = rank;
	r->ranks[r->n++].tree = x->tree;
	x->tree = NULL;
	return 0;
}

int
sp_flame_diff_export_rank_end(struct fx *x, struct sp_err *e)
{
	if (x->o->merge_ranks)
		return 0;
	if (x->rank_calls == 0) {
		sp_flame_tree_reset(x->tree);
		return 0;
	}
	if (sp_flame_tree_paths(x->tree) > x->st->paths)
		x->st->paths = sp_flame_tree_paths(x->tree);
	return keep_tree(x, x->rank, e);
}

/* The run's region names, for its trees once the run is gone. */
static int
copy_names(struct fx *x, struct fx_run *r, struct sp_err *e)
{
	size_t i, n = x->have_rt ? x->rt.n : 0;

	if (n == 0)
		return 0;
	if ((r->names = calloc(n, sizeof *r->names)) == NULL)
		return nomem(e);
	r->nnames = n;
	for (i = 0; i < n; i++)
		if ((r->names[i] = strdup(x->rt.names[i])) == NULL)
			return nomem(e);
	return 0;
}

/* The root's name and the title of the pair of rank (*root, *title). */
static int
names_of(struct fx *x, uint32_t rank, char **root, char **title,
    struct sp_err *e)
{
	const char *a = x->runs[0].shown, *b = x->runs[1].shown;
	size_t n = strlen(a) + strlen(b) + 64;
	char where[32];

	if (x->o->merge_ranks)
		snprintf(where, sizeof where, "all ranks");
	else
		snprintf(where, sizeof where, "rank %" PRIu32, rank);
	*root = malloc(n);
	*title = malloc(n + 32);
	if (*root == NULL || *title == NULL)
		return nomem(e);
	snprintf(*root, n, "<%s -> %s %s>", a, b, where);
	snprintf(*title, n + 32, "Differential flame graph: %s -> %s, %s", a,
	    b, where);
	return 0;
}

/* The diff of one rank: its trees in the two runs (either may be NULL). */
static int
put_pair(struct fx *x, uint32_t rank, const struct sp_flame_tree *before,
    const struct sp_flame_tree *after, struct sp_err *e)
{
	const char *labels[2] = { x->runs[0].shown, x->runs[1].shown };
	struct sp_flame_side sides[2];
	struct sp_flame_flat *f = NULL;
	char *root = NULL, *title = NULL;
	int rc = -1, s;

	for (s = 0; s < 2; s++) {
		sides[s].tree = s == 0 ? before : after;
		sides[s].names = (const char *const *)x->runs[s].names;
		sides[s].nnames = x->runs[s].nnames;
	}
	if (names_of(x, rank, &root, &title, e) < 0 ||
	    (f = sp_flame_flat_new(sides, 2, root, e)) == NULL)
		goto out;
	rc = sp_flame_export_put(x, f, rank, x->o->svg.title != NULL ?
	    x->o->svg.title : title, labels, e);
out:
	sp_flame_flat_free(f);
	free(root);
	free(title);
	return rc;
}

/* Every rank of either run, in ascending order. */
static int
put_all(struct fx *x, struct sp_err *e)
{
	struct fx_run *a = &x->runs[0], *b = &x->runs[1];
	size_t i = 0, j = 0;

	if (set_shown(x, e) < 0)
		return -1;

	while (i < a->n || j < b->n) {
		uint32_t ra = i < a->n ? a->ranks[i].rank : UINT32_MAX;
		uint32_t rb = j < b->n ? b->ranks[j].rank : UINT32_MAX;
		uint32_t r = ra < rb ? ra : rb;
		const struct sp_flame_tree *ta = NULL, *tb = NULL;

		if (i < a->n && ra == r)
			ta = a->ranks[i++].tree;
		if (j < b->n && rb == r)
			tb = b->ranks[j++].tree;
		if (put_pair(x, r, ta, tb, e) < 0)
			return -1;
	}
	return 0;
}

int
sp_flame_diff_export_run_end(struct fx *x, struct sp_err *e)
{
	struct fx_run *r = current(x);

	if (copy_names(x, r, e) < 0)
		return -1;
	if (x->o->merge_ranks && x->run_calls > 0) {
		if (sp_flame_tree_paths(x->tree) > x->st->paths)
			x->st->paths = sp_flame_tree_paths(x->tree);
		if (keep_tree(x, 0, e) < 0)
			return -1;
	}
	return sp_export_runs(x->fe) == 2 ? put_all(x, e) : 0;
}

int
sp_flame_diff_export_no_output(struct fx *x, struct sp_err *e)
{
	if (sp_export_runs(x->fe) != 1)
		return 0;
	sp_fail(e, SP_EUSAGE, "%s: --diff compares two runs, before and "
	    "after, and the stream holds one: read both profiles (sp-read "
	    "BEFORE AFTER | sp-stack | sp-flame --diff)",
	    sp_export_input(x->fe));
	return 1;
}

void
sp_flame_diff_export_free(struct fx *x)
{
	size_t i, k;

	for (k = 0; k < 2; k++) {
		struct fx_run *r = &x->runs[k];

		for (i = 0; i < r->n; i++)
			sp_flame_tree_free(r->ranks[i].tree);
		for (i = 0; i < r->nnames; i++)
			free(r->names[i]);
		free(r->names);
		free(r->ranks);
		free(r->label);
		free(r->name);
		free(r->source);
		free(r->shown);
	}
}
