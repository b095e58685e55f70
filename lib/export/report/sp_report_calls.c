/* The pictures drawn from calls (sp_report_calls.h). */
#include "sp_report_calls.h"

#include <stdlib.h>
#include <string.h>

#include "sp_report_flame.h"
#include "sp_report_hist.h"
#include "sp_report_timeline.h"

#define SESSION "scope_profiler.session"

struct sp_report_calls {
	struct sp_report_timeline *tl;
	struct sp_report_hist *hist;
	struct sp_report_flame *flame;
	int has_span;
	int64_t first, last;
	int selected;		/* the current rank's calls count */
	int ready;		/* the regions are known */
};

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

struct sp_report_calls *
sp_report_calls_new(struct sp_err *e)
{
	struct sp_report_calls *c = calloc(1, sizeof *c);

	if (c == NULL || (c->tl = sp_report_timeline_new()) == NULL ||
	    (c->hist = sp_report_hist_new()) == NULL ||
	    (c->flame = sp_report_flame_new()) == NULL) {
		sp_report_calls_free(c);
		nomem(e);
		return NULL;
	}
	return c;
}

void
sp_report_calls_free(struct sp_report_calls *c)
{
	if (c == NULL)
		return;
	sp_report_timeline_free(c->tl);
	sp_report_hist_free(c->hist);
	sp_report_flame_free(c->flame);
	free(c);
}

int
sp_report_calls_run(struct sp_report_calls *c, const struct sp_run_info *ri,
    struct sp_err *e)
{
	c->has_span = ri->has_span;
	c->first = ri->first_ns;
	c->last = ri->last_ns;
	c->selected = 0;
	c->ready = 0;
	if (sp_report_timeline_run(c->tl, 0, 0, 0, 0, NULL) < 0 ||
	    sp_report_hist_run(c->hist, 0) < 0)
		return nomem(e);
	sp_report_flame_run(c->flame);
	return 0;
}

int
sp_report_calls_regions(struct sp_report_calls *c,
    const struct sp_region_table *t,
    int (*keep)(void *ctx, const char *name, size_t len), void *keep_ctx,
    struct sp_err *e)
{
	uint8_t *skip = calloc(t->n + 1, 1);
	size_t i;
	int rc = 0;

	if (skip == NULL)
		return nomem(e);
	for (i = 0; i < t->n; i++)
		skip[i] = (t->lens[i] == sizeof SESSION - 1 &&
		    memcmp(t->names[i], SESSION, t->lens[i]) == 0) ||
		    (keep != NULL && !keep(keep_ctx, t->names[i], t->lens[i]));
	if (sp_report_timeline_run(c->tl, c->has_span, c->first, c->last,
	    t->n, skip) < 0 || sp_report_hist_run(c->hist, t->n) < 0)
		rc = nomem(e);
	free(skip);
	sp_report_flame_regions(c->flame, t);
	c->ready = rc == 0;
	return rc;
}

int
sp_report_calls_rank(struct sp_report_calls *c, uint32_t rank,
    int selected, struct sp_err *e)
{
	c->selected = selected && c->ready;
	sp_report_flame_rank(c->flame, c->selected);
	if (c->selected && sp_report_timeline_rank(c->tl, rank) < 0)
		return nomem(e);
	return 0;
}

void
sp_report_calls_batch(struct sp_report_calls *c, const struct sp_batch *b)
{
	if (!c->selected)
		return;
	sp_report_timeline_calls(c->tl, b);
	sp_report_hist_calls(c->hist, b);
}

void
sp_report_calls_watch(struct sp_report_calls *c, struct sp_stats_run_watch *w)
{
	sp_report_flame_watch(c->flame, w);
}

int
sp_report_calls_draw(struct sp_stats_text *b, struct sp_report_calls *c,
    const struct sp_stats_result *res, const char *source, const char *id)
{
	if (sp_report_timeline_draw(b, c->tl, res, source, id) < 0 ||
	    sp_report_hist_draw(b, c->hist, res, id) < 0)
		return -1;
	return 0;
}

int
sp_report_calls_flame(struct sp_stats_text *b, struct sp_report_calls *c,
    const char *label, const char *id, struct sp_err *e)
{
	return sp_report_flame_draw(b, c->flame, label, id, e);
}
