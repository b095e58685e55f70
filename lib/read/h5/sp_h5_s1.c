/*
 * Schema 1, the per-rank layout (doc/formats.md, "Schema 1"): a group
 * rank<N>/regions per rank, and in it a group per region holding start_times,
 * end_times, the optional x columns and the region's source attributes.  Rows
 * come rank by rank, each rank's regions in name order; a row's datasets are
 * opened when it is first read and closed when another rank is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"

/* The walk of one rank's region groups. */
struct s1_ctx {
	struct sp_h5src *h;
	uint32_t rank;
	struct sp_err *e;
	int failed;
	char prefix[4096];	/* name so far, for '/'-split names */
};

static void
s1_close_rank(struct sp_h5src *h)
{
	size_t i, k;

	if (!h->s1_any_open)
		return;
	for (i = 0; i < h->src.nrows; i++) {
		sp_h5_close_id(&h->s1[i].a, H5Dclose);
		sp_h5_close_id(&h->s1[i].b, H5Dclose);
		for (k = 0; k < SP_X_COUNT; k++)
			sp_h5_close_id(&h->s1[i].x[k], H5Dclose);
	}
	h->s1_any_open = 0;
}

void
sp_h5src_free_s1(struct sp_h5src *h)
{
	size_t i;

	if (h->s1 == NULL)
		return;
	s1_close_rank(h);
	for (i = 0; i < h->src.nrows; i++)
		free(h->s1[i].path);
	free(h->s1);
}

/* The id of a region name, added at the end of the table if new. */
static long
region_id(struct sp_h5src *h, const char *name, struct sp_err *e)
{
	size_t i;
	char **v;

	/* names are few; a linear scan keeps first-appearance order simple */
	for (i = 0; i < h->src.nregions; i++)
		if (strcmp(h->src.names[i], name) == 0)
			return (long)i;
	v = realloc(h->src.names, (h->src.nregions + 1) * sizeof *v);
	if (v == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	h->src.names = v;
	if ((v[h->src.nregions] = strdup(name)) == NULL ||
	    sp_h5src_keep(h, v[h->src.nregions], e) < 0)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	return (long)h->src.nregions++;
}

static int s1_region(struct s1_ctx *c, hid_t g, const char *name);

static herr_t
s1_walk_cb(hid_t loc, const char *name, const H5L_info_t *info, void *ctx)
{
	struct s1_ctx *c = ctx;
	H5O_info_t oi;
	hid_t g;
	int rc;

	(void)info;
	if (H5Oget_info_by_name(loc, name, &oi, H5P_DEFAULT) < 0 ||
	    oi.type != H5O_TYPE_GROUP)
		return 0;
	g = H5Gopen2(loc, name, H5P_DEFAULT);
	rc = s1_region(c, g, name);
	H5Gclose(g);
	if (rc < 0) {
		c->failed = 1;
		return -1;
	}
	return 0;
}

/* A text attribute of a region group, or NULL. */
static int
s1_attr_text(struct s1_ctx *c, hid_t g, const char *name, const char **out)
{
	hid_t a;
	char **s;
	size_t n;

	*out = NULL;
	if (H5Aexists(g, name) <= 0)
		return 0;
	a = H5Aopen(g, name, H5P_DEFAULT);
	if (sp_h5_strings(a, 1, c->h->src.path, name, &n, &s, c->e) < 0) {
		H5Aclose(a);
		return -1;
	}
	H5Aclose(a);
	if (sp_h5src_keep(c->h, s, c->e) < 0)
		return -1;
	*out = n > 0 ? s[0] : NULL;
	return 0;
}

/* The source_lineno attribute of a region group, when it has one. */
static int
s1_lineno(struct s1_ctx *c, hid_t g, struct sp_row_info *ri)
{
	hid_t a;
	int64_t v;

	if (H5Aexists(g, "source_lineno") <= 0)
		return 0;
	a = H5Aopen(g, "source_lineno", H5P_DEFAULT);
	if (sp_h5_read_all_i64(a, 1, 1, &v, c->h->src.path, "source_lineno",
	    c->e) < 0) {
		H5Aclose(a);
		return -1;
	}
	H5Aclose(a);
	ri->has_lineno = 1;
	ri->source_lineno = v;
	return 0;
}

/* The tags attribute of a region group, an array of strings. */
static int
s1_tags(struct s1_ctx *c, hid_t g, struct sp_row_info *ri)
{
	hid_t a;
	char **s;
	size_t n;

	if (H5Aexists(g, "tags") <= 0)
		return 0;
	a = H5Aopen(g, "tags", H5P_DEFAULT);
	if (sp_h5_strings(a, 1, c->h->src.path, "tags", &n, &s, c->e) < 0) {
		H5Aclose(a);
		return -1;
	}
	H5Aclose(a);
	return sp_h5src_set_tags(c->h, ri, s, n, c->e);
}

/* A new row of the rank for region id, with the path of its group. */
static int
s1_add_row(struct s1_ctx *c, long id)
{
	struct sp_h5src *h = c->h;
	struct sp_h5_s1row *s1;
	struct sp_source_row *row;

	if (sp_h5src_add_rows(h, 1, c->e) < 0)
		return -1;
	row = &h->src.rows[h->src.nrows];
	row->rank = c->rank;
	row->region = row->info.region = (uint32_t)id;
	if ((s1 = realloc(h->s1, (h->src.nrows + 1) * sizeof *s1)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
		    h->src.path);
	h->s1 = s1;
	s1 += h->src.nrows;
	memset(s1, 0xff, sizeof *s1);
	if ((s1->path = malloc(strlen(c->prefix) + 32)) == NULL)
		return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
		    h->src.path);
	sprintf(s1->path, "rank%u/regions/%s", c->rank, c->prefix);
	h->src.nrows++;
	return 0;
}

/* The length of a dataset of a region group, and whether it is integer. */
static long long
s1_length(hid_t g, const char *name, int *integer)
{
	hid_t d = H5Dopen2(g, name, H5P_DEFAULT);
	long long n = sp_h5_length(d, 0);

	if (integer != NULL)
		*integer = sp_h5_is_integer(d);
	H5Dclose(d);
	return n;
}

/* The calls of the row just added: as many starts as ends, integers. */
static int
s1_calls(struct s1_ctx *c, hid_t g, struct sp_source_row *row)
{
	const char *p = c->h->src.path;
	int ia, ib;
	long long n = s1_length(g, "start_times", &ia);
	long long m = s1_length(g, "end_times", &ib);

	if (n < 0 || m != n)
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s': "
		    "start_times and end_times differ in length", p, c->rank,
		    c->prefix);
	if (!(ia && ib))
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s' holds "
		    "float times: the pre-release float-seconds layout, which "
		    "sp does not read", p, c->rank, c->prefix);
	row->count = row->info.calls = (uint64_t)n;
	return 0;
}

/* The x columns the region group has, as long as its times. */
static int
s1_xcols(struct s1_ctx *c, hid_t g, struct sp_source_row *row)
{
	struct sp_h5src *h = c->h;
	long long n = (long long)row->count, m;
	int k;

	for (k = 0; k < SP_X_COUNT; k++) {
		if (!sp_h5_exists(g, sp_h5_xcol_datasets[k]))
			continue;
		if ((m = s1_length(g, sp_h5_xcol_datasets[k], NULL)) != n)
			return sp_fail(c->e, SP_EDATA, "%s: rank %u region "
			    "'%s': %s holds %lld values for %lld calls",
			    h->src.path, c->rank, c->prefix,
			    sp_h5_xcol_datasets[k], m, n);
		row->info.xmask |= 1u << k;
		h->src.xmask |= 1u << k;
	}
	return 0;
}

/* A region group with start_times: the row of region c->prefix. */
static int
s1_row(struct s1_ctx *c, hid_t g)
{
	struct sp_h5src *h = c->h;
	struct sp_source_row *row;
	struct sp_row_info *ri;
	long id;

	if (!sp_h5_exists(g, "end_times"))
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s' has "
		    "start_times but no end_times", h->src.path, c->rank,
		    c->prefix);
	if ((id = region_id(h, c->prefix, c->e)) < 0 || s1_add_row(c, id) < 0)
		return -1;
	row = &h->src.rows[h->src.nrows - 1];
	ri = &row->info;
	if (s1_calls(c, g, row) < 0 || s1_xcols(c, g, row) < 0 ||
	    s1_attr_text(c, g, "source_file", &ri->source_file) < 0 ||
	    s1_attr_text(c, g, "source_text", &ri->source_text) < 0 ||
	    s1_lineno(c, g, ri) < 0 || s1_tags(c, g, ri) < 0)
		return -1;
	return 0;
}

/*
 * A group without start_times but with links is a region name holding
 * '/', written as nested groups (the writer does not escape names): its
 * subgroups are read with the path joined.
 */
static int
s1_nested(struct s1_ctx *c, hid_t g)
{
	hsize_t idx = 0;
	H5G_info_t gi;

	if (H5Gget_info(g, &gi) < 0 || gi.nlinks == 0 ||
	    sp_h5_exists(g, "end_times"))
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s' has "
		    "no start_times", c->h->src.path, c->rank, c->prefix);
	strcat(c->prefix, "/");
	H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, s1_walk_cb, c);
	return c->failed ? -1 : 0;
}

/* One region group of schema 1, named name under c->prefix. */
static int
s1_region(struct s1_ctx *c, hid_t g, const char *name)
{
	size_t plen = strlen(c->prefix);
	int rc;

	if (plen + strlen(name) + 2 >= sizeof c->prefix)
		return sp_fail(c->e, SP_EDATA, "%s: region name too long",
		    c->h->src.path);
	strcat(c->prefix, name);
	if (!sp_h5_exists(g, "start_times"))
		rc = s1_nested(c, g);
	else
		rc = s1_row(c, g);
	c->prefix[plen] = '\0';
	return rc;
}

int
sp_h5src_open_s1(struct sp_h5src *h, struct sp_err *e)
{
	uint32_t *ranks = NULL;
	size_t n = 0, i;
	int rc = -1;

	h->src.layout = "per-rank";
	if (sp_h5src_rank_groups(h, &ranks, &n, e) < 0)
		goto out;
	if (n == 0 && sp_h5_exists(h->file, "regions")) {
		sp_fail(e, SP_EDATA, "%s: a pre-release scope-profiler file "
		    "(/regions without rank groups, float seconds), which sp "
		    "does not read", h->src.path);
		goto out;
	}
	h->src.num_ranks = (uint32_t)n;
	for (i = 0; i < n; i++) {
		char path[64];
		struct s1_ctx c = { h, ranks[i], e, 0, "" };
		hsize_t idx = 0;
		hid_t g;

		snprintf(path, sizeof path, "rank%u/regions", ranks[i]);
		if (!sp_h5_exists(h->file, path) ||
		    (g = H5Gopen2(h->file, path, H5P_DEFAULT)) < 0)
			continue;
		H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, s1_walk_cb,
		    &c);
		H5Gclose(g);
		if (c.failed)
			goto out;
	}
	h->src.extra_ranks = ranks;
	h->src.nextra_ranks = n;
	ranks = NULL;
	rc = 0;
out:
	free(ranks);
	return rc;
}

/* Open the datasets of a row, closing those of another rank first. */
static int
s1_open_row(struct sp_h5src *h, size_t row, struct sp_err *e)
{
	struct sp_h5_s1row *r = &h->s1[row];
	char p[4200];
	size_t k;

	if (h->s1_any_open && h->s1_open_rank != h->src.rows[row].rank)
		s1_close_rank(h);
	if (r->a > 0)
		return 0;
	snprintf(p, sizeof p, "%s/start_times", r->path);
	r->a = H5Dopen2(h->file, p, H5P_DEFAULT);
	snprintf(p, sizeof p, "%s/end_times", r->path);
	r->b = H5Dopen2(h->file, p, H5P_DEFAULT);
	for (k = 0; k < SP_X_COUNT; k++) {
		r->x[k] = -1;
		if ((h->src.rows[row].info.xmask >> k) & 1) {
			snprintf(p, sizeof p, "%s/%s", r->path,
			    sp_h5_xcol_datasets[k]);
			r->x[k] = H5Dopen2(h->file, p, H5P_DEFAULT);
		}
	}
	h->s1_any_open = 1;
	h->s1_open_rank = h->src.rows[row].rank;
	if (r->a < 0 || r->b < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot open %s", h->src.path,
		    r->path);
	if (sp_h5_check_filters(r->a, h->src.path, r->path, e) < 0 ||
	    sp_h5_check_filters(r->b, h->src.path, r->path, e) < 0)
		return -1;
	return 0;
}

int
sp_h5src_read_s1(struct sp_source *s, size_t row, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct sp_h5src *h = (struct sp_h5src *)s;
	struct sp_h5_s1row *r;
	size_t k, i;

	if (s1_open_row(h, row, e) < 0)
		return -1;
	r = &h->s1[row];
	if (sp_h5_read_i64(r->a, off, n, a, s->path, "start_times", e) < 0 ||
	    sp_h5_read_i64(r->b, off, n, b, s->path, "end_times", e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++) {
		if (x[k] == NULL)
			continue;
		if (r->x[k] < 0) {
			/* the row lacks the column: its fill value */
			for (i = 0; i < n; i++)
				x[k][i] = k == SP_X_AWAIT ? 0 : -1;
			continue;
		}
		if (sp_h5_read_i64(r->x[k], off, n, x[k], s->path,
		    sp_h5_xcol_datasets[k], e) < 0)
			return -1;
	}
	return 0;
}
