/*
 * The lane tables of schemas 2 and 3 (doc/formats.md, "Lanes"): thread_table
 * and task_table, each a group of columns of one length with a rank per entry.
 * They are small: read whole when the file is opened, in file order, and
 * handed out rank by rank through the tables op.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"

#define TABLE_INTS 7
#define TABLE_TEXTS 3

/* What a table holds: its group, integer columns, string columns. */
struct table_spec {
	const char *group;
	const char *ints[TABLE_INTS];	/* 0 where absent */
	const char *texts[TABLE_TEXTS];	/* "" where absent */
};

static const struct table_spec thread_spec = {
	"thread_table",
	{ "index", "ident", "native_id", "start_ns", "end_ns", "cpu_ns",
	    "daemon" },
	{ "name", NULL, NULL },
};

static const struct table_spec task_spec = {
	"task_table",
	{ "index", "thread_index", "created_ns", "done_ns", "steps",
	    "running_ns", "suspended_ns" },
	{ "kind", "name", "coro_name" },
};

/* A table as read: n entries, the rank of each, its columns. */
struct table {
	size_t n;
	int64_t *ranks;
	int64_t *ints[TABLE_INTS];
	char **texts[TABLE_TEXTS];	/* kept by the source, or NULL */
};

static void
table_free(struct table *t)
{
	size_t k;

	free(t->ranks);
	for (k = 0; k < TABLE_INTS; k++)
		free(t->ints[k]);
}

static int
table_oom(struct sp_h5src *h, struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
}

/*
 * group/ranks: the number of entries and the rank of each.  A column that
 * is no 1-D dataset is damaged, as any other column of the table would be,
 * and says so in a message.
 */
static int
table_ranks(struct sp_h5src *h, const char *group, struct table *t,
    struct sp_err *e)
{
	char path[64];
	hid_t d;
	long long n;
	int rc = -1;

	snprintf(path, sizeof path, "%s/ranks", group);
	if ((d = H5Dopen2(h->file, path, H5P_DEFAULT)) < 0 ||
	    (n = sp_h5_length(d, 0)) < 0)
		sp_fail(e, SP_EDATA, "%s: %s is damaged", h->src.path, path);
	else if ((t->ranks = malloc((size_t)n * 8 + 8)) == NULL)
		table_oom(h, e);
	else if (sp_h5_read_all_i64(d, 0, (size_t)n, t->ranks, h->src.path,
	    path, e) == 0) {
		t->n = (size_t)n;
		rc = 0;
	}
	if (d >= 0)
		H5Dclose(d);
	return rc;
}

/* An integer column of the table: zeros when it is absent. */
static int
table_ints(struct sp_h5src *h, const char *group, const char *name,
    size_t n, int64_t **out, struct sp_err *e)
{
	char path[64];
	hid_t d;
	int ok;

	snprintf(path, sizeof path, "%s/%s", group, name);
	if ((*out = calloc(n + 1, 8)) == NULL)
		return table_oom(h, e);
	if (!sp_h5_exists(h->file, path))
		return 0;
	d = H5Dopen2(h->file, path, H5P_DEFAULT);
	ok = sp_h5_length(d, 0) == (long long)n &&
	    sp_h5_read_all_i64(d, 0, n, *out, h->src.path, path, e) == 0;
	H5Dclose(d);
	if (!ok)
		return sp_fail(e, SP_EDATA, "%s: %s is damaged", h->src.path,
		    path);
	return 0;
}

/* A string column of the table, kept with the source; NULL if absent. */
static int
table_texts(struct sp_h5src *h, const char *group, const char *name,
    size_t n, char ***out, struct sp_err *e)
{
	char path[64];
	hid_t d;
	size_t cnt;
	int rc;

	snprintf(path, sizeof path, "%s/%s", group, name);
	*out = NULL;
	if (!sp_h5_exists(h->file, path))
		return 0;
	d = H5Dopen2(h->file, path, H5P_DEFAULT);
	rc = sp_h5_strings(d, 0, h->src.path, path, &cnt, out, e);
	H5Dclose(d);
	/* without memory it is not damaged: SP_ENOMEM passes on */
	if (rc < 0 && e != NULL && e->status == SP_ENOMEM)
		return -1;
	if (rc == 0 && cnt != n) {
		free(*out);
		*out = NULL;
		rc = -1;
	}
	if (rc < 0)
		return sp_fail(e, SP_EDATA, "%s: %s is damaged", h->src.path,
		    path);
	if (sp_h5src_keep(h, *out, e) < 0) {
		*out = NULL;	/* freed */
		return -1;
	}
	return 0;
}

/* The whole table of spec, when the file has it (t->ranks set then). */
static int
table_read(struct sp_h5src *h, const struct table_spec *spec,
    struct table *t, struct sp_err *e)
{
	char path[64];
	size_t k;

	memset(t, 0, sizeof *t);
	snprintf(path, sizeof path, "%s/ranks", spec->group);
	if (!sp_h5_exists(h->file, path))
		return 0;
	if (table_ranks(h, spec->group, t, e) < 0)
		return -1;
	for (k = 0; k < TABLE_INTS; k++)
		if (table_ints(h, spec->group, spec->ints[k], t->n,
		    &t->ints[k], e) < 0)
			return -1;
	for (k = 0; k < TABLE_TEXTS && spec->texts[k] != NULL; k++)
		if (table_texts(h, spec->group, spec->texts[k], t->n,
		    &t->texts[k], e) < 0)
			return -1;
	return 0;
}

/* Entry i of a string column, "" where the column is absent. */
static const char *
text_at(char **col, size_t i)
{
	return col != NULL ? col[i] : "";
}

static int
fill_threads(struct sp_h5src *h, const struct table *t, struct sp_err *e)
{
	size_t i;

	h->nthreads = t->n;
	h->threads = calloc(t->n + 1, sizeof *h->threads);
	h->thread_rank = calloc(t->n + 1, sizeof(uint32_t));
	if (h->threads == NULL || h->thread_rank == NULL)
		return table_oom(h, e);
	for (i = 0; i < t->n; i++) {
		struct sp_thread_info *th = &h->threads[i];

		h->thread_rank[i] = (uint32_t)t->ranks[i];
		th->index = t->ints[0][i];
		th->ident = t->ints[1][i];
		th->native_id = t->ints[2][i];
		th->start_ns = t->ints[3][i];
		th->end_ns = t->ints[4][i];
		th->cpu_ns = t->ints[5][i];
		th->daemon = t->ints[6][i] != 0;
		th->name = text_at(t->texts[0], i);
	}
	return 0;
}

static int
fill_tasks(struct sp_h5src *h, const struct table *t, struct sp_err *e)
{
	size_t i;

	h->ntasks = t->n;
	h->tasks = calloc(t->n + 1, sizeof *h->tasks);
	h->task_rank = calloc(t->n + 1, sizeof(uint32_t));
	if (h->tasks == NULL || h->task_rank == NULL)
		return table_oom(h, e);
	for (i = 0; i < t->n; i++) {
		struct sp_task_info *tk = &h->tasks[i];

		h->task_rank[i] = (uint32_t)t->ranks[i];
		tk->index = t->ints[0][i];
		tk->thread_index = t->ints[1][i];
		tk->created_ns = t->ints[2][i];
		tk->done_ns = t->ints[3][i];
		tk->steps = t->ints[4][i];
		tk->running_ns = t->ints[5][i];
		tk->suspended_ns = t->ints[6][i];
		tk->kind = text_at(t->texts[0], i);
		tk->name = text_at(t->texts[1], i);
		tk->coro_name = text_at(t->texts[2], i);
	}
	return 0;
}

int
sp_h5src_read_lanes(struct sp_h5src *h, struct sp_err *e)
{
	struct table t;
	int rc;

	rc = table_read(h, &thread_spec, &t, e);
	if (rc == 0 && t.ranks != NULL)
		rc = fill_threads(h, &t, e);
	table_free(&t);
	if (rc < 0)
		return -1;
	rc = table_read(h, &task_spec, &t, e);
	if (rc == 0 && t.ranks != NULL)
		rc = fill_tasks(h, &t, e);
	table_free(&t);
	return rc;
}

void
sp_h5src_free_lanes(struct sp_h5src *h)
{
	free(h->thread_rank);
	free(h->task_rank);
	free(h->threads);
	free(h->tasks);
}

/*
 * The entries of rank among the n of size bytes at all (rank_of[i] the
 * rank of entry i), copied in file order into *out (NULL when none).
 */
static int
rank_entries(const void *all, const uint32_t *rank_of, size_t n,
    size_t size, uint32_t rank, void **out, size_t *cnt)
{
	size_t i, j = 0;
	char *v;

	for (i = *cnt = 0; i < n; i++)
		*cnt += rank_of[i] == rank;
	*out = NULL;
	if (*cnt == 0)
		return 0;
	if ((v = malloc(*cnt * size)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (rank_of[i] == rank)
			memcpy(v + size * j++, (const char *)all + size * i,
			    size);
	*out = v;
	return 0;
}

int
sp_h5src_tables(struct sp_source *s, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	struct sp_h5src *h = (struct sp_h5src *)s;
	void *v;

	if (h->threads != NULL) {
		out->has_threads = 1;
		if (rank_entries(h->threads, h->thread_rank, h->nthreads,
		    sizeof *h->threads, rank, &v, &out->nthreads) < 0)
			return table_oom(h, e);
		out->threads = v;
	}
	if (h->tasks != NULL) {
		out->has_tasks = 1;
		if (rank_entries(h->tasks, h->task_rank, h->ntasks,
		    sizeof *h->tasks, rank, &v, &out->ntasks) < 0)
			return table_oom(h, e);
		out->tasks = v;
	}
	return 0;
}
