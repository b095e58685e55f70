/*
 * sp_read_files(): the runs the files make (sp_read_plan.h), each opened
 * by its format and written by sp_order_emit(), labelled and made unique.
 */
#include "sp_read.h"

#include <stdio.h>
#include <stdlib.h>

#include "sp_label.h"
#include "sp_read_plan.h"

/* The run's source: its file opened, or its parts together. */
static struct sp_source *
open_run(const struct sp_read_plan_run *r, const char *tmpdir, struct sp_err *e)
{
	if (r->path != NULL)
		return r->fmt->open(r->path, tmpdir, e);
	return r->fmt->open_parts((const char *const *)r->parts, r->nparts,
	    tmpdir, e);
}

/* Run i of the plan, opened, labelled and written. */
static int
read_run(const struct sp_read_plan_run *r, uint32_t i,
    struct sp_label_set *labels, const struct sp_order_opts *o,
    const char *tmpdir, struct sp_writer *w, struct sp_err *e)
{
	struct sp_source *src;
	const char *unique;
	char *label = NULL, producer[64];
	int rc = -1;

	if ((src = open_run(r, tmpdir, e)) == NULL)
		return -1;
	snprintf(producer, sizeof producer, "sp-read %s", SP_VERSION);
	/* the first file is open (a JSON one parsed): now write */
	if (i == 0 && sp_section_write_header(w, o->order, producer, e) < 0)
		goto out;
	if (sp_label_run(i < o->nlabels ? o->labels[i] : src->label,
	    src->path, &label, e) < 0 ||
	    sp_label_set_add(labels, label, &unique, e) < 0 ||
	    sp_order_emit(src, unique, label, i, o, w, NULL, e) < 0)
		goto out;
	rc = 0;
out:
	free(label);
	sp_source_free(src);
	return rc;
}

int
sp_read_files(const struct sp_source_format *const *formats,
    size_t nformats, const char *const *paths, size_t n,
    const struct sp_order_opts *o, const char *tmpdir, struct sp_writer *w,
    struct sp_err *e)
{
	struct sp_label_set *labels = sp_label_set_new();
	struct sp_read_plan plan = { NULL, 0, 0 };
	char producer[64];
	size_t i;
	int rc = -1;

	if (labels == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	/* A missing or foreign input fails before anything is written. */
	if (sp_read_plan_make(formats, nformats, paths, n, &plan, e) < 0)
		goto out;
	if (o->nlabels > plan.n) {
		sp_fail(e, SP_EUSAGE, "--label: %zu names for %zu run%s",
		    o->nlabels, plan.n, plan.n == 1 ? "" : "s");
		goto out;
	}
	for (i = 0; i < plan.n; i++)
		if (read_run(&plan.runs[i], (uint32_t)i, labels, o, tmpdir, w,
		    e) < 0)
			goto out;
	snprintf(producer, sizeof producer, "sp-read %s", SP_VERSION);
	if (plan.n == 0 && sp_section_write_header(w, o->order, producer,
	    e) < 0)
		goto out;
	rc = sp_writer_stream_end(w, (uint32_t)plan.n, e);
out:
	sp_read_plan_free(&plan);
	sp_label_set_free(labels);
	return rc;
}
