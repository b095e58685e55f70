#include "sp_h5.h"

#include <errno.h>
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_h5val.h"
#include "sp_jsontext.h"
#include "sp_source.h"

#define CURRENT_SCHEMA 3

static const char *const xcol_datasets[SP_X_COUNT] = {
	"gpu_durations", "call_ids", "parent_ids", "thread_ids", "task_ids",
	"await_ns",
};

/* Per-row datasets of schema 1, open while the row's rank is read. */
struct s1_row {
	char *path;		/* "rank<N>/regions/<name>" */
	hid_t a, b, x[SP_X_COUNT];
};

struct h5src {
	struct sp_source src;	/* first: a struct sp_source * is this */
	hid_t file;
	/* schema >= 2 */
	hid_t ev_a, ev_b, ev_x[SP_X_COUNT];
	/* schema 1 */
	struct s1_row *s1;
	uint32_t s1_open_rank;
	int s1_any_open;
	/* lane tables, whole, in file order */
	size_t nthreads, ntasks;
	uint32_t *thread_rank, *task_rank;
	struct sp_thread_info *threads;
	struct sp_task_info *tasks;
	char **thread_names, **task_kinds, **task_names, **task_coros;
	/* all strings of rows, names, tags */
	char **strblocks;
	size_t nstrblocks, capstrblocks;
	struct sp_cbuf *side_buf;
};

static void
close_id(hid_t *id, herr_t (*fn)(hid_t))
{
	if (*id > 0)
		fn(*id);
	*id = -1;
}

static void
s1_close_rank(struct h5src *h)
{
	size_t i, k;

	if (!h->s1_any_open)
		return;
	for (i = 0; i < h->src.nrows; i++) {
		close_id(&h->s1[i].a, H5Dclose);
		close_id(&h->s1[i].b, H5Dclose);
		for (k = 0; k < SP_X_COUNT; k++)
			close_id(&h->s1[i].x[k], H5Dclose);
	}
	h->s1_any_open = 0;
}

static void
h5_free(struct sp_source *s)
{
	struct h5src *h = (struct h5src *)s;
	size_t i;

	if (h->s1 != NULL) {
		s1_close_rank(h);
		for (i = 0; i < s->nrows; i++)
			free(h->s1[i].path);
		free(h->s1);
	}
	close_id(&h->ev_a, H5Dclose);
	close_id(&h->ev_b, H5Dclose);
	for (i = 0; i < SP_X_COUNT; i++)
		close_id(&h->ev_x[i], H5Dclose);
	close_id(&h->file, H5Fclose);
	for (i = 0; i < h->nstrblocks; i++)
		free(h->strblocks[i]);
	free(h->strblocks);
	free(h->thread_rank);
	free(h->task_rank);
	free(h->threads);
	free(h->tasks);
	free(h->thread_names);
	free(h->task_kinds);
	free(h->task_names);
	free(h->task_coros);
	sp_cbuf_free(h->side_buf);
}

void
sp_source_free(struct sp_source *s)
{
	size_t i;

	if (s == NULL)
		return;
	if (s->ops != NULL && s->ops->free != NULL)
		s->ops->free(s);
	for (i = 0; i < s->nrows; i++) {
		free((void *)s->rows[i].info.tags);
	}
	free(s->rows);
	free(s->names);
	free(s->metadata);
	free(s->extra_ranks);
	free((void *)s->label);
	free(s);
}

/* Keep a malloc'ed block (strings) until the source is freed. */
static int
keep(struct h5src *h, void *p, struct sp_err *e)
{
	if (h->nstrblocks == h->capstrblocks) {
		size_t cap = h->capstrblocks ? h->capstrblocks * 2 : 16;
		char **v = realloc(h->strblocks, cap * sizeof *v);

		if (v == NULL) {
			free(p);
			return sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    h->src.path);
		}
		h->strblocks = v;
		h->capstrblocks = cap;
	}
	h->strblocks[h->nstrblocks++] = p;
	return 0;
}

int
sp_h5_sniff(const char *path)
{
	static const unsigned char sig[8] = { 0x89, 'H', 'D', 'F', '\r', '\n',
		0x1a, '\n' };
	unsigned char buf[8];
	FILE *f = fopen(path, "rb");
	long off;
	int yes = 0;

	if (f == NULL)
		return 0;
	/* The signature sits at 0 or after a user block of 512 * 2^k. */
	for (off = 0; off <= (1L << 30); off = off ? off * 2 : 512) {
		if (fseek(f, off, SEEK_SET) != 0 ||
		    fread(buf, 1, 8, f) != 8)
			break;
		if (memcmp(buf, sig, 8) == 0) {
			yes = 1;
			break;
		}
	}
	fclose(f);
	return yes;
}

/* --- schema version (spec h5-format 1.2) --- */

static int
read_schema(struct h5src *h, struct sp_err *e)
{
	const char *p = h->src.path;
	hid_t a, t, sp;
	int64_t v;
	int rc = -1;

	if (H5Aexists(h->file, "scope_profiler_schema") <= 0) {
		h->src.schema = 1;
		return 0;
	}
	a = H5Aopen(h->file, "scope_profiler_schema", H5P_DEFAULT);
	t = H5Aget_type(a);
	sp = H5Aget_space(a);
	if (H5Tget_class(t) != H5T_INTEGER ||
	    H5Sget_simple_extent_ndims(sp) != 0) {
		char shown[64] = "a non-integer value";

		if (H5Sget_simple_extent_ndims(sp) != 0) {
			snprintf(shown, sizeof shown, "an array");
		} else if (H5Tget_class(t) == H5T_FLOAT) {
			double d;

			if (H5Aread(a, H5T_NATIVE_DOUBLE, &d) >= 0)
				snprintf(shown, sizeof shown, "the float %g%s",
				    d, d == (double)(long long)d ? ".0" : "");
		} else if (H5Tget_class(t) == H5T_STRING) {
			snprintf(shown, sizeof shown, "a string");
		} else if (H5Tget_class(t) == H5T_ENUM) {
			snprintf(shown, sizeof shown, "a boolean");
		}
		sp_fail(e, SP_EDATA, "%s: HDF5 schema version attribute "
		    "'scope_profiler_schema' must be an integer, got %s", p,
		    shown);
		goto out;
	}
	if (H5Aread(a, H5T_NATIVE_INT64, &v) < 0) {
		sp_fail(e, SP_EDATA, "%s: cannot read the schema version", p);
		goto out;
	}
	if (v < 1) {
		sp_fail(e, SP_EDATA, "%s: unsupported scope-profiler HDF5 "
		    "schema version %lld; versions must be positive", p,
		    (long long)v);
		goto out;
	}
	if (v > CURRENT_SCHEMA) {
		sp_fail(e, SP_EDATA, "%s: unsupported scope-profiler HDF5 "
		    "schema version %lld; this sp reads versions through %d. "
		    "Upgrade sp to read this file.", p, (long long)v,
		    CURRENT_SCHEMA);
		goto out;
	}
	h->src.schema = v;
	rc = 0;
out:
	H5Sclose(sp);
	H5Tclose(t);
	H5Aclose(a);
	return rc;
}

/* --- /metadata --- */

static int
read_metadata(struct h5src *h, int64_t *mpi_size, struct sp_err *e)
{
	struct sp_cbuf *b = sp_cbuf_new();
	hid_t g = -1;
	int rc = -1;

	*mpi_size = -1;
	if (b == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	if (!sp_h5_exists(h->file, "metadata")) {
		sp_cbuf_map(b, 0);
	} else {
		g = H5Gopen2(h->file, "metadata", H5P_DEFAULT);
		if (g < 0 || sp_h5_attrs_cbor(g, b, h->src.path, e) < 0) {
			if (g < 0)
				sp_fail(e, SP_EDATA, "%s: /metadata is not a "
				    "group", h->src.path);
			goto out;
		}
		if (H5Aexists(g, "mpi_size") > 0) {
			hid_t a = H5Aopen(g, "mpi_size", H5P_DEFAULT);
			int64_t v;

			if (sp_h5_read_all_i64(a, 1, 1, &v, h->src.path,
			    "metadata mpi_size", NULL) == 0)
				*mpi_size = v;
			H5Aclose(a);
		}
		if (H5Aexists(g, "label") > 0) {
			hid_t a = H5Aopen(g, "label", H5P_DEFAULT);
			char **s;
			size_t n;

			if (sp_h5_strings(a, 1, h->src.path, "label", &n, &s,
			    e) == 0) {
				if (n == 1 && s[0][0] != '\0' &&
				    (h->src.label = strdup(s[0])) == NULL)
					sp_fail(e, SP_ENOMEM, "%s: out of "
					    "memory", h->src.path);
				free(s);
			}
			H5Aclose(a);
			/* else an unreadable label is none: the file's stem */
			if (e != NULL && e->status == SP_ENOMEM)
				goto out;
		}
	}
	if (sp_cbuf_failed(b)) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
		goto out;
	}
	h->src.metadata_len = sp_cbuf_len(b);
	if ((h->src.metadata = malloc(h->src.metadata_len)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
		goto out;
	}
	memcpy(h->src.metadata, sp_cbuf_data(b), h->src.metadata_len);
	rc = 0;
out:
	if (g >= 0)
		H5Gclose(g);
	sp_cbuf_free(b);
	return rc;
}

/* --- region names --- */

static int
add_rows(struct h5src *h, size_t n, struct sp_err *e)
{
	struct sp_src_row *r = realloc(h->src.rows,
	    (h->src.nrows + n + 1) * sizeof *r);

	if (r == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	memset(r + h->src.nrows, 0, (n + 1) * sizeof *r);
	h->src.rows = r;
	return 0;
}

/* Ranks named rank<digits> at the root: the rank groups. */
struct rank_groups {
	size_t n, cap;
	uint32_t *rank;
	int failed;
};

static herr_t
rank_group_cb(hid_t loc, const char *name, const H5L_info_t *info, void *ctx)
{
	struct rank_groups *rg = ctx;
	const char *p;
	unsigned long v;
	char *end;

	(void)loc;
	(void)info;
	if (strncmp(name, "rank", 4) != 0 || name[4] == '\0')
		return 0;
	for (p = name + 4; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return 0;
	errno = 0;
	v = strtoul(name + 4, &end, 10);
	if (errno != 0 || v > UINT32_MAX)
		return 0;
	if (rg->n == rg->cap) {
		size_t cap = rg->cap ? rg->cap * 2 : 16;
		uint32_t *r = realloc(rg->rank, cap * sizeof *r);

		if (r == NULL) {
			rg->failed = 1;
			return -1;
		}
		rg->rank = r;
		rg->cap = cap;
	}
	rg->rank[rg->n++] = (uint32_t)v;
	return 0;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int
find_rank_groups(struct h5src *h, struct rank_groups *rg, struct sp_err *e)
{
	hsize_t idx = 0;

	H5Literate(h->file, H5_INDEX_NAME, H5_ITER_INC, &idx, rank_group_cb,
	    rg);
	if (rg->failed)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	/* rank2 < rank10, as the reference sorts them */
	if (rg->n > 1)
		qsort(rg->rank, rg->n, sizeof *rg->rank, cmp_u32);
	return 0;
}

/* --- schema 1 --- */

struct s1_ctx {
	struct h5src *h;
	uint32_t rank;
	struct sp_err *e;
	int failed;
	char prefix[4096];	/* name so far, for '/'-split names */
};

static long
region_id(struct h5src *h, const char *name, struct sp_err *e)
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
	    keep(h, v[h->src.nregions], e) < 0)
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

static int
s1_attr_text(hid_t g, const char *name, const char *path, char **out,
    struct h5src *h, struct sp_err *e)
{
	hid_t a;
	char **s;
	size_t n;

	*out = NULL;
	if (H5Aexists(g, name) <= 0)
		return 0;
	a = H5Aopen(g, name, H5P_DEFAULT);
	if (sp_h5_strings(a, 1, path, name, &n, &s, e) < 0) {
		H5Aclose(a);
		return -1;
	}
	H5Aclose(a);
	if (keep(h, s, e) < 0)
		return -1;
	*out = n > 0 ? s[0] : NULL;
	return 0;
}

/*
 * One region group of schema 1.  A region name holding '/' was written as
 * nested groups (the writer does not escape names): a group without
 * start_times but with subgroups is such a name, read by joining the path.
 */
static int
s1_region(struct s1_ctx *c, hid_t g, const char *name)
{
	struct h5src *h = c->h;
	struct sp_src_row *row;
	struct sp_row_info *ri;
	size_t plen = strlen(c->prefix);
	long id;
	hid_t d;
	long long n, m;
	int k;
	char *text;

	if (plen + strlen(name) + 2 >= sizeof c->prefix)
		return sp_fail(c->e, SP_EDATA, "%s: region name too long",
		    h->src.path);
	strcat(c->prefix, name);
	if (!sp_h5_exists(g, "start_times")) {
		hsize_t idx = 0;
		int any = 0;
		H5G_info_t gi;

		if (H5Gget_info(g, &gi) >= 0 && gi.nlinks > 0)
			any = 1;
		if (!any || sp_h5_exists(g, "end_times"))
			return sp_fail(c->e, SP_EDATA, "%s: rank %u region "
			    "'%s' has no start_times", h->src.path, c->rank,
			    c->prefix);
		strcat(c->prefix, "/");
		H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, s1_walk_cb, c);
		c->prefix[plen] = '\0';
		return c->failed ? -1 : 0;
	}
	if (!sp_h5_exists(g, "end_times"))
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s' has "
		    "start_times but no end_times", h->src.path, c->rank,
		    c->prefix);
	if ((id = region_id(h, c->prefix, c->e)) < 0 ||
	    add_rows(h, 1, c->e) < 0)
		return -1;
	row = &h->src.rows[h->src.nrows];
	ri = &row->info;
	row->rank = c->rank;
	row->region = ri->region = (uint32_t)id;
	{
		struct s1_row *s1 = realloc(h->s1,
		    (h->src.nrows + 1) * sizeof *s1);

		if (s1 == NULL)
			return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
			    h->src.path);
		h->s1 = s1;
		memset(&s1[h->src.nrows], 0xff, sizeof *s1);
		s1[h->src.nrows].path = malloc(strlen(c->prefix) + 32);
		if (s1[h->src.nrows].path == NULL)
			return sp_fail(c->e, SP_ENOMEM, "%s: out of memory",
			    h->src.path);
		sprintf(s1[h->src.nrows].path, "rank%u/regions/%s", c->rank,
		    c->prefix);
	}
	h->src.nrows++;
	d = H5Dopen2(g, "start_times", H5P_DEFAULT);
	n = sp_h5_length(d, 0);
	k = sp_h5_is_integer(d);
	H5Dclose(d);
	d = H5Dopen2(g, "end_times", H5P_DEFAULT);
	m = sp_h5_length(d, 0);
	k = k && sp_h5_is_integer(d);
	H5Dclose(d);
	if (n < 0 || m != n)
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s': "
		    "start_times and end_times differ in length", h->src.path,
		    c->rank, c->prefix);
	if (!k)
		return sp_fail(c->e, SP_EDATA, "%s: rank %u region '%s' holds "
		    "float times: the pre-release float-seconds layout, which "
		    "sp does not read", h->src.path, c->rank, c->prefix);
	row->count = ri->calls = (uint64_t)n;
	for (k = 0; k < SP_X_COUNT; k++) {
		if (!sp_h5_exists(g, xcol_datasets[k]))
			continue;
		d = H5Dopen2(g, xcol_datasets[k], H5P_DEFAULT);
		m = sp_h5_length(d, 0);
		H5Dclose(d);
		if (m != n)
			return sp_fail(c->e, SP_EDATA, "%s: rank %u region "
			    "'%s': %s holds %lld values for %lld calls",
			    h->src.path, c->rank, c->prefix, xcol_datasets[k],
			    m, n);
		ri->xmask |= 1u << k;
		h->src.xmask |= 1u << k;
	}
	if (s1_attr_text(g, "source_file", h->src.path, &text, h, c->e) < 0)
		return -1;
	ri->source_file = text;
	if (s1_attr_text(g, "source_text", h->src.path, &text, h, c->e) < 0)
		return -1;
	ri->source_text = text;
	if (H5Aexists(g, "source_lineno") > 0) {
		hid_t a = H5Aopen(g, "source_lineno", H5P_DEFAULT);
		int64_t v;

		if (sp_h5_read_all_i64(a, 1, 1, &v, h->src.path,
		    "source_lineno", c->e) < 0) {
			H5Aclose(a);
			return -1;
		}
		H5Aclose(a);
		ri->has_lineno = 1;
		ri->source_lineno = v;
	}
	if (H5Aexists(g, "tags") > 0) {
		hid_t a = H5Aopen(g, "tags", H5P_DEFAULT);
		char **s;
		size_t nt;

		if (sp_h5_strings(a, 1, h->src.path, "tags", &nt, &s,
		    c->e) < 0) {
			H5Aclose(a);
			return -1;
		}
		H5Aclose(a);
		if (nt > 0) {
			/* tags is freed with the row; the strings with s */
			const char **t = malloc(nt * sizeof *t);

			if (keep(h, s, c->e) < 0 || t == NULL) {
				free(t);
				return sp_fail(c->e, SP_ENOMEM,
				    "%s: out of memory", h->src.path);
			}
			memcpy(t, s, nt * sizeof *t);
			ri->tags = t;
			ri->ntags = nt;
		} else {
			free(s);
		}
	}
	c->prefix[plen] = '\0';
	return 0;
}

static herr_t
s1_regions_cb(hid_t loc, const char *name, const H5L_info_t *info, void *ctx)
{
	return s1_walk_cb(loc, name, info, ctx);
}

static int
open_schema1(struct h5src *h, struct sp_err *e)
{
	struct rank_groups rg = { 0 };
	size_t i;
	int rc = -1;

	h->src.layout = "per-rank";
	if (find_rank_groups(h, &rg, e) < 0)
		goto out;
	if (rg.n == 0 && sp_h5_exists(h->file, "regions")) {
		sp_fail(e, SP_EDATA, "%s: a pre-release scope-profiler file "
		    "(/regions without rank groups, float seconds), which sp "
		    "does not read", h->src.path);
		goto out;
	}
	h->src.num_ranks = (uint32_t)rg.n;
	for (i = 0; i < rg.n; i++) {
		char path[64];
		struct s1_ctx c = { h, rg.rank[i], e, 0, "" };
		hsize_t idx = 0;
		hid_t g;

		snprintf(path, sizeof path, "rank%u/regions", rg.rank[i]);
		if (!sp_h5_exists(h->file, path))
			continue;
		if ((g = H5Gopen2(h->file, path, H5P_DEFAULT)) < 0)
			continue;
		H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, &idx, s1_regions_cb,
		    &c);
		H5Gclose(g);
		if (c.failed)
			goto out;
	}
	h->src.extra_ranks = rg.rank;
	h->src.nextra_ranks = rg.n;
	rg.rank = NULL;
	rc = 0;
out:
	free(rg.rank);
	return rc;
}

static int
s1_open_row(struct h5src *h, size_t row, struct sp_err *e)
{
	struct s1_row *r = &h->s1[row];
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
			    xcol_datasets[k]);
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

static int
read_s1(struct sp_source *s, size_t row, uint64_t off, size_t n, int64_t *a,
    int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct h5src *h = (struct h5src *)s;
	struct s1_row *r;
	size_t k;

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
			size_t i;

			/* the row lacks the column: its fill value */
			for (i = 0; i < n; i++)
				x[k][i] = k == SP_X_AWAIT ? 0 : -1;
			continue;
		}
		if (sp_h5_read_i64(r->x[k], off, n, x[k], s->path,
		    xcol_datasets[k], e) < 0)
			return -1;
	}
	return 0;
}

/* --- schema 2 and 3 --- */

/*
 * The per-call event columns are read in long runs, each value once per
 * pass, so HDF5's chunk cache only adds a copy of every chunk on its way
 * from the page cache to our buffers: without a cache (0 bytes) HDF5 reads
 * an unfiltered chunk straight into them.  On the 10M-call benchmark
 * profile that took sp-read from 2.63 to 2.31 G instructions (callgrind)
 * and its peak RSS from 32 to 26 MiB.  A filtered (compressed) dataset
 * keeps the cache, which spares decompressing a chunk read in two parts
 * twice; so does one that is not chunked, which has no use for it.  The
 * dataset is opened again to take the setting (an open dataset shares its
 * cache with every other handle of it).
 */
static hid_t
uncached(struct h5src *h, const char *path, hid_t d)
{
	hid_t dcpl = H5Dget_create_plist(d), dapl, d2 = -1;
	int plain = dcpl >= 0 && H5Pget_layout(dcpl) == H5D_CHUNKED &&
	    H5Pget_nfilters(dcpl) == 0;

	if (dcpl >= 0)
		H5Pclose(dcpl);
	if (!plain || (dapl = H5Pcreate(H5P_DATASET_ACCESS)) < 0)
		return d;
	if (H5Pset_chunk_cache(dapl, 0, 0, 1.0) < 0) {
		H5Pclose(dapl);
		return d;
	}
	H5Dclose(d);
	if ((d2 = H5Dopen2(h->file, path, dapl)) < 0)
		d2 = H5Dopen2(h->file, path, H5P_DEFAULT);
	H5Pclose(dapl);
	return d2;
}

static hid_t
open_dset(struct h5src *h, const char *path, int required, struct sp_err *e)
{
	hid_t d;

	if (!sp_h5_exists(h->file, path)) {
		/* "events/x" fails on a missing "events" group too */
		if (required)
			sp_fail(e, SP_EDATA, "%s: missing %s: the file is "
			    "truncated or damaged", h->src.path, path);
		return -1;
	}
	d = H5Dopen2(h->file, path, H5P_DEFAULT);
	if (d >= 0 && strncmp(path, "events/", 7) == 0)
		d = uncached(h, path, d);
	if (d < 0 && required)
		sp_fail(e, SP_EDATA, "%s: %s is not a dataset", h->src.path,
		    path);
	if (d >= 0 && sp_h5_check_filters(d, h->src.path, path, e) < 0) {
		H5Dclose(d);
		return -1;
	}
	return d;
}

/* An index column of M integers; absent (optional) gives NULL. */
static int
index_i64(struct h5src *h, const char *name, size_t m, int required,
    int64_t **out, struct sp_err *e)
{
	char path[128];
	hid_t d;
	long long len;
	int rc;

	*out = NULL;
	snprintf(path, sizeof path, "rank_region_index/%s", name);
	if ((d = open_dset(h, path, required, e)) < 0)
		return required ? -1 : 0;
	len = sp_h5_length(d, 0);
	if (len != (long long)m) {
		H5Dclose(d);
		/* aggregate files keep these columns empty */
		if (len == 0 && !required)
			return 0;
		return sp_fail(e, SP_EDATA, "%s: %s holds %lld rows, the "
		    "index has %zu: the file is damaged", h->src.path, path,
		    len, m);
	}
	if ((*out = malloc((m + 1) * sizeof **out)) == NULL) {
		H5Dclose(d);
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	}
	rc = sp_h5_read_all_i64(d, 0, m, *out, h->src.path, path, e);
	H5Dclose(d);
	return rc;
}

static int
index_strings(struct h5src *h, const char *name, size_t m, char ***out,
    struct sp_err *e)
{
	char path[128];
	hid_t d;
	long long len;
	size_t n;
	int rc;

	*out = NULL;
	snprintf(path, sizeof path, "rank_region_index/%s", name);
	if ((d = open_dset(h, path, 0, e)) < 0)
		return 0;
	len = sp_h5_length(d, 0);
	if (len != (long long)m) {
		H5Dclose(d);
		if (len == 0)
			return 0;
		return sp_fail(e, SP_EDATA, "%s: %s holds %lld rows, the "
		    "index has %zu: the file is damaged", h->src.path, path,
		    len, m);
	}
	rc = sp_h5_strings(d, 0, h->src.path, path, &n, out, e);
	H5Dclose(d);
	if (rc == 0)
		rc = keep(h, *out, e);
	return rc;
}

static int
read_summaries(struct h5src *h, size_t m, struct sp_err *e)
{
	static const char *const f[11] = { "total", "minimum", "maximum",
		"first", "last", "start_minimum", "end_maximum", "gpu_count",
		"gpu_total", "mean", "m2" };
	hid_t d, mt, ft;
	struct sp_summary *buf;
	size_t i;
	long long len;
	int rc = -1;

	if ((d = open_dset(h, "rank_region_index/summary_statistics", 0,
	    e)) < 0)
		return 0;
	len = sp_h5_length(d, 0);
	ft = H5Dget_type(d);
	if (len != (long long)m || H5Tget_class(ft) != H5T_COMPOUND) {
		H5Tclose(ft);
		H5Dclose(d);
		if (len == 0)
			return 0;
		return sp_fail(e, SP_EDATA, "%s: summary_statistics has %lld "
		    "rows, the index has %zu", h->src.path, len, m);
	}
	for (i = 0; i < 11; i++)
		if (H5Tget_member_index(ft, f[i]) < 0) {
			H5Tclose(ft);
			H5Dclose(d);
			return sp_fail(e, SP_EDATA, "%s: summary_statistics "
			    "is missing field %s", h->src.path, f[i]);
		}
	H5Tclose(ft);
	/* members are matched by name, whatever their file layout */
	mt = H5Tcreate(H5T_COMPOUND, sizeof(struct sp_summary));
	H5Tinsert(mt, "total", offsetof(struct sp_summary, total),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "minimum", offsetof(struct sp_summary, minimum),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "maximum", offsetof(struct sp_summary, maximum),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "first", offsetof(struct sp_summary, first),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "last", offsetof(struct sp_summary, last),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "start_minimum",
	    offsetof(struct sp_summary, start_minimum), H5T_NATIVE_INT64);
	H5Tinsert(mt, "end_maximum", offsetof(struct sp_summary, end_maximum),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "gpu_count", offsetof(struct sp_summary, gpu_count),
	    H5T_NATIVE_UINT64);
	H5Tinsert(mt, "gpu_total", offsetof(struct sp_summary, gpu_total),
	    H5T_NATIVE_INT64);
	H5Tinsert(mt, "mean", offsetof(struct sp_summary, mean),
	    H5T_NATIVE_DOUBLE);
	H5Tinsert(mt, "m2", offsetof(struct sp_summary, m2),
	    H5T_NATIVE_DOUBLE);
	if ((buf = calloc(m + 1, sizeof *buf)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
		goto out;
	}
	if (m > 0 && H5Dread(d, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0) {
		sp_fail(e, SP_EDATA, "%s: cannot read summary_statistics",
		    h->src.path);
		goto out;
	}
	for (i = 0; i < m; i++) {
		h->src.rows[i].info.has_summary = 1;
		h->src.rows[i].info.summary = buf[i];
	}
	rc = 0;
out:
	free(buf);
	H5Tclose(mt);
	H5Dclose(d);
	return rc;
}

static int
parse_tags(struct h5src *h, struct sp_row_info *ri, const char *text,
    size_t row, struct sp_err *e)
{
	char **tags = NULL;
	size_t n = 0;

	if (text[0] == '\0')
		return 0;
	errno = 0;	/* its mallocs say ENOMEM, bad text leaves errno 0 */
	if (sp_jsontext_strings(text, strlen(text), &tags, &n) < 0)
		return errno == ENOMEM ? sp_fail(e, SP_ENOMEM, "%s: out of "
		    "memory", h->src.path) : sp_fail(e, SP_EDATA, "%s: index "
		    "row %zu: tags is not a JSON array of strings",
		    h->src.path, row);
	if (n == 0) {
		free(tags);
		return 0;
	}
	{
		const char **t = malloc(n * sizeof *t);

		if (keep(h, tags, e) < 0 || t == NULL) {
			free(t);
			return sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    h->src.path);
		}
		memcpy(t, tags, n * sizeof *t);
		ri->tags = t;
		ri->ntags = n;
	}
	return 0;
}

struct span {
	uint64_t off, end;
	size_t row;
};

static int
cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

struct pair {
	uint32_t rank, region;
	size_t row;
};

static int
cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->region != y->region)
		return x->region < y->region ? -1 : 1;
	return x->row < y->row ? -1 : x->row > y->row;
}

static int
check_rows(struct h5src *h, uint64_t nevents, int columnar,
    struct sp_err *e)
{
	size_t m = h->src.nrows, i;
	struct pair *pr = malloc((m + 1) * sizeof *pr);
	struct span *sp = malloc((m + 1) * sizeof *sp);
	uint64_t maxend = 0;
	int rc = -1;

	if (pr == NULL || sp == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
		goto out;
	}
	for (i = 0; i < m; i++) {
		const struct sp_src_row *r = &h->src.rows[i];

		if (r->region >= h->src.nregions) {
			sp_fail(e, SP_EDATA, "%s: index row %zu names region "
			    "id %u, the region table has %zu names: the file "
			    "is damaged", h->src.path, i, r->region,
			    h->src.nregions);
			goto out;
		}
		pr[i].rank = r->rank;
		pr[i].region = r->region;
		pr[i].row = i;
		sp[i].off = r->offset;
		sp[i].end = r->offset + r->count;
		sp[i].row = i;
		if (sp[i].end < sp[i].off) {
			sp_fail(e, SP_EDATA, "%s: index row %zu has an absurd "
			    "event range", h->src.path, i);
			goto out;
		}
		if (sp[i].end > maxend)
			maxend = sp[i].end;
	}
	if (m > 1)
		qsort(pr, m, sizeof *pr, cmp_pair);
	for (i = 1; i < m; i++)
		if (pr[i].rank == pr[i - 1].rank &&
		    pr[i].region == pr[i - 1].region) {
			sp_fail(e, SP_EDATA, "%s: index rows %zu and %zu are "
			    "both rank %u region '%s': the file is damaged",
			    h->src.path, pr[i - 1].row, pr[i].row, pr[i].rank,
			    h->src.names[pr[i].region]);
			goto out;
		}
	if (columnar) {
		if (maxend > nevents) {
			sp_fail(e, SP_EDATA, "%s: claims %llu recorded events "
			    "but its event columns hold %llu. The file is "
			    "truncated or damaged.", h->src.path,
			    (unsigned long long)maxend,
			    (unsigned long long)nevents);
			goto out;
		}
		if (m > 1)
			qsort(sp, m, sizeof *sp, cmp_span);
		for (i = 1; i < m; i++)
			if (sp[i].off < sp[i - 1].end &&
			    sp[i].end > sp[i].off) {
				sp_fail(e, SP_EDATA, "%s: has overlapping "
				    "region rows in its event index. The file "
				    "is damaged.", h->src.path);
				goto out;
			}
	}
	rc = 0;
out:
	free(pr);
	free(sp);
	return rc;
}

static int
cmp_row_rank(const void *a, const void *b)
{
	const struct sp_src_row *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	/* stable: the file's row order within a rank */
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int
open_events(struct h5src *h, uint64_t *nevents, struct sp_err *e)
{
	long long na, nb;
	size_t k;

	h->src.delta = sp_h5_exists(h->file, "events/start_deltas");
	h->ev_a = open_dset(h, h->src.delta ? "events/start_deltas" :
	    "events/start_times", 1, e);
	if (h->ev_a < 0)
		return -1;
	h->ev_b = open_dset(h, h->src.delta ? "events/durations" :
	    "events/end_times", 1, e);
	if (h->ev_b < 0)
		return -1;
	na = sp_h5_length(h->ev_a, 0);
	nb = sp_h5_length(h->ev_b, 0);
	if (!sp_h5_is_integer(h->ev_a) || !sp_h5_is_integer(h->ev_b))
		return sp_fail(e, SP_EDATA, "%s: event time columns are not "
		    "integers", h->src.path);
	if (na < 0 || nb != na)
		return sp_fail(e, SP_EDATA, "%s: event columns disagree in "
		    "length (%lld start values, %lld %s)", h->src.path, na, nb,
		    h->src.delta ? "durations" : "end values");
	for (k = 0; k < SP_X_COUNT; k++) {
		char path[64];
		long long nx;

		snprintf(path, sizeof path, "events/%s", xcol_datasets[k]);
		if ((h->ev_x[k] = open_dset(h, path, 0, e)) < 0)
			continue;
		nx = sp_h5_length(h->ev_x[k], 0);
		if (nx != na)
			return sp_fail(e, SP_EDATA, "%s: %s holds %lld values, "
			    "the event columns %lld: the file is damaged",
			    h->src.path, path, nx, na);
		h->src.xmask |= 1u << k;
	}
	*nevents = (uint64_t)na;
	return 0;
}

static int
read_lane_tables(struct h5src *h, struct sp_err *e)
{
	static const char *const tcols[] = { "index", "ident", "native_id",
		"start_ns", "end_ns", "cpu_ns", "daemon" };
	static const char *const kcols[] = { "index", "thread_index",
		"created_ns", "done_ns", "steps", "running_ns",
		"suspended_ns" };
	int64_t *v[7] = { 0 }, *ranks = NULL;
	hid_t d;
	long long n;
	size_t i, k, cnt;
	int rc = -1;
	char path[64], **s;

	if (sp_h5_exists(h->file, "thread_table/ranks")) {
		d = H5Dopen2(h->file, "thread_table/ranks", H5P_DEFAULT);
		n = sp_h5_length(d, 0);
		if (n < 0 || (ranks = malloc((size_t)n * 8 + 8)) == NULL ||
		    sp_h5_read_all_i64(d, 0, (size_t)n, ranks, h->src.path,
		    "thread_table/ranks", e) < 0) {
			H5Dclose(d);
			if (n >= 0 && ranks == NULL)
				goto oom;
			goto fail;
		}
		H5Dclose(d);
		h->nthreads = (size_t)n;
		h->threads = calloc((size_t)n + 1, sizeof *h->threads);
		h->thread_rank = calloc((size_t)n + 1, sizeof(uint32_t));
		if (h->threads == NULL || h->thread_rank == NULL)
			goto oom;
		for (k = 0; k < 7; k++) {
			snprintf(path, sizeof path, "thread_table/%s",
			    tcols[k]);
			if ((v[k] = calloc((size_t)n + 1, 8)) == NULL)
				goto oom;
			if (!sp_h5_exists(h->file, path))
				continue;
			d = H5Dopen2(h->file, path, H5P_DEFAULT);
			if (sp_h5_length(d, 0) != n ||
			    sp_h5_read_all_i64(d, 0, (size_t)n, v[k],
			    h->src.path, path, e) < 0) {
				H5Dclose(d);
				sp_fail(e, SP_EDATA, "%s: %s is damaged",
				    h->src.path, path);
				goto fail;
			}
			H5Dclose(d);
		}
		s = NULL;
		if (sp_h5_exists(h->file, "thread_table/name")) {
			d = H5Dopen2(h->file, "thread_table/name", H5P_DEFAULT);
			rc = sp_h5_strings(d, 0, h->src.path,
			    "thread_table/name", &cnt, &s, e);
			H5Dclose(d);
			if (rc < 0 || cnt != (size_t)n || keep(h, s, e) < 0) {
				if ((rc < 0 || cnt == (size_t)n) && e != NULL &&
				    e->status == SP_ENOMEM)
					goto fail;
				sp_fail(e, SP_EDATA, "%s: thread_table/name is "
				    "damaged", h->src.path);
				goto fail;
			}
			rc = -1;
		}
		for (i = 0; i < (size_t)n; i++) {
			struct sp_thread_info *t = &h->threads[i];

			h->thread_rank[i] = (uint32_t)ranks[i];
			t->index = v[0][i];
			t->ident = v[1][i];
			t->native_id = v[2][i];
			t->start_ns = v[3][i];
			t->end_ns = v[4][i];
			t->cpu_ns = v[5][i];
			t->daemon = v[6][i] != 0;
			t->name = s != NULL ? s[i] : "";
		}
		for (k = 0; k < 7; k++) {
			free(v[k]);
			v[k] = NULL;
		}
		free(ranks);
		ranks = NULL;
	}
	if (sp_h5_exists(h->file, "task_table/ranks")) {
		char **str[3] = { NULL, NULL, NULL };
		static const char *const scols[3] = { "kind", "name",
			"coro_name" };

		d = H5Dopen2(h->file, "task_table/ranks", H5P_DEFAULT);
		n = sp_h5_length(d, 0);
		if (n < 0 || (ranks = malloc((size_t)n * 8 + 8)) == NULL ||
		    sp_h5_read_all_i64(d, 0, (size_t)n, ranks, h->src.path,
		    "task_table/ranks", e) < 0) {
			H5Dclose(d);
			if (n >= 0 && ranks == NULL)
				goto oom;
			goto fail;
		}
		H5Dclose(d);
		h->ntasks = (size_t)n;
		h->tasks = calloc((size_t)n + 1, sizeof *h->tasks);
		h->task_rank = calloc((size_t)n + 1, sizeof(uint32_t));
		if (h->tasks == NULL || h->task_rank == NULL)
			goto oom;
		for (k = 0; k < 7; k++) {
			snprintf(path, sizeof path, "task_table/%s", kcols[k]);
			if ((v[k] = calloc((size_t)n + 1, 8)) == NULL)
				goto oom;
			if (!sp_h5_exists(h->file, path))
				continue;
			d = H5Dopen2(h->file, path, H5P_DEFAULT);
			if (sp_h5_length(d, 0) != n ||
			    sp_h5_read_all_i64(d, 0, (size_t)n, v[k],
			    h->src.path, path, e) < 0) {
				H5Dclose(d);
				sp_fail(e, SP_EDATA, "%s: %s is damaged",
				    h->src.path, path);
				goto fail;
			}
			H5Dclose(d);
		}
		for (k = 0; k < 3; k++) {
			snprintf(path, sizeof path, "task_table/%s", scols[k]);
			if (!sp_h5_exists(h->file, path))
				continue;
			d = H5Dopen2(h->file, path, H5P_DEFAULT);
			rc = sp_h5_strings(d, 0, h->src.path, path, &cnt,
			    &str[k], e);
			H5Dclose(d);
			if (rc < 0 || cnt != (size_t)n ||
			    keep(h, str[k], e) < 0) {
				if ((rc < 0 || cnt == (size_t)n) && e != NULL &&
				    e->status == SP_ENOMEM)
					goto fail;
				sp_fail(e, SP_EDATA, "%s: %s is damaged",
				    h->src.path, path);
				goto fail;
			}
			rc = -1;
		}
		for (i = 0; i < (size_t)n; i++) {
			struct sp_task_info *t = &h->tasks[i];

			h->task_rank[i] = (uint32_t)ranks[i];
			t->index = v[0][i];
			t->thread_index = v[1][i];
			t->created_ns = v[2][i];
			t->done_ns = v[3][i];
			t->steps = v[4][i];
			t->running_ns = v[5][i];
			t->suspended_ns = v[6][i];
			t->kind = str[0] != NULL ? str[0][i] : "";
			t->name = str[1] != NULL ? str[1][i] : "";
			t->coro_name = str[2] != NULL ? str[2][i] : "";
		}
	}
	rc = 0;
	goto out;
oom:
	sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
fail:
	rc = -1;
out:
	for (k = 0; k < 7; k++)
		free(v[k]);
	free(ranks);
	return rc;
}

static int
open_columnar(struct h5src *h, int64_t mpi_size, struct sp_err *e)
{
	int64_t *region_ids = NULL, *ranks = NULL, *offsets = NULL,
	    *counts = NULL, *lines = NULL, *excl = NULL;
	int64_t *agg[5] = { 0 };
	static const char *const aggcols[5] = { "aggregate_counts",
		"aggregate_totals", "aggregate_minimums", "aggregate_maximums",
		"aggregate_exclusives" };
	char **files = NULL, **texts = NULL, **tags = NULL, **evmeta = NULL;
	uint64_t nevents = 0;
	size_t m, i, k;
	hid_t d;
	long long len;
	int aggregate = 0, rc = -1;
	struct rank_groups rg = { 0 };

	/* layout */
	if (H5Aexists(h->file, "storage_layout") > 0) {
		hid_t a = H5Aopen(h->file, "storage_layout", H5P_DEFAULT);
		char **s;
		size_t n;

		if ((rc = sp_h5_strings(a, 1, h->src.path, "storage_layout", &n,
		    &s, e)) == 0) {
			aggregate = n == 1 && strcmp(s[0], "aggregate") == 0;
			free(s);
		}
		H5Aclose(a);
		if (rc < 0 && e != NULL && e->status == SP_ENOMEM)
			goto out;	/* else no layout: columnar */
		rc = -1;
	}
	h->src.layout = aggregate ? "aggregate" : "columnar";
	h->src.event_data = !aggregate;
	/* region table */
	if ((d = open_dset(h, "region_table/names", 1, e)) < 0)
		goto out;
	{
		char **names;
		size_t n;

		rc = sp_h5_strings(d, 0, h->src.path, "region_table/names", &n,
		    &names, e);
		H5Dclose(d);
		if (rc < 0 || keep(h, names, e) < 0)
			goto fail;
		rc = -1;
		h->src.nregions = n;
		if ((h->src.names = malloc((n + 1) * sizeof(char *))) == NULL)
			goto oom;
		memcpy(h->src.names, names, n * sizeof(char *));
	}
	/* index */
	if ((d = open_dset(h, "rank_region_index/region_ids", 1, e)) < 0)
		goto out;
	len = sp_h5_length(d, 0);
	H5Dclose(d);
	if (len < 0) {
		sp_fail(e, SP_EDATA, "%s: rank_region_index/region_ids is not "
		    "one-dimensional", h->src.path);
		goto out;
	}
	m = (size_t)len;
	if (index_i64(h, "region_ids", m, 1, &region_ids, e) < 0 ||
	    index_i64(h, "ranks", m, 1, &ranks, e) < 0)
		goto out;
	if (!aggregate) {
		if (index_i64(h, "event_offsets", m, 1, &offsets, e) < 0 ||
		    index_i64(h, "event_counts", m, 1, &counts, e) < 0 ||
		    index_i64(h, "source_lines", m, 0, &lines, e) < 0 ||
		    index_i64(h, "exclusive_totals", m, 0, &excl, e) < 0 ||
		    index_strings(h, "source_files", m, &files, e) < 0 ||
		    index_strings(h, "source_texts", m, &texts, e) < 0 ||
		    index_strings(h, "tags", m, &tags, e) < 0 ||
		    index_strings(h, "event_metadata", m, &evmeta, e) < 0)
			goto out;
		if (open_events(h, &nevents, e) < 0)
			goto out;
	} else {
		for (k = 0; k < 5; k++)
			if (index_i64(h, aggcols[k], m, 1, &agg[k], e) < 0)
				goto out;
	}
	if (add_rows(h, m, e) < 0)
		goto out;
	h->src.nrows = m;	/* zeroed: their tags are freed from now on */
	for (i = 0; i < m; i++) {
		struct sp_src_row *r = &h->src.rows[i];
		struct sp_row_info *ri = &r->info;

		if (ranks[i] < 0 || ranks[i] > UINT32_MAX ||
		    region_ids[i] < 0 || region_ids[i] > UINT32_MAX ||
		    (offsets != NULL && (offsets[i] < 0 || counts[i] < 0))) {
			sp_fail(e, SP_EDATA, "%s: index row %zu holds a "
			    "negative or absurd value: the file is damaged",
			    h->src.path, i);
			goto out;
		}
		r->rank = (uint32_t)ranks[i];
		r->region = ri->region = (uint32_t)region_ids[i];
		if (!aggregate) {
			r->offset = (uint64_t)offsets[i];
			r->count = ri->calls = (uint64_t)counts[i];
			ri->xmask = h->src.xmask;
		} else {
			/* keep file order for the stable sort by rank */
			r->offset = i;
			ri->has_aggregate = 1;
			ri->agg_count = agg[0][i];
			ri->agg_total = agg[1][i];
			ri->agg_minimum = agg[2][i];
			ri->agg_maximum = agg[3][i];
			ri->agg_exclusive = agg[4][i];
		}
		/* reference decoding: "" and -1 mean unknown */
		if (files != NULL && files[i][0] != '\0')
			ri->source_file = files[i];
		if (texts != NULL && texts[i][0] != '\0')
			ri->source_text = texts[i];
		if (lines != NULL && lines[i] >= 0) {
			ri->has_lineno = 1;
			ri->source_lineno = lines[i];
		}
		if (excl != NULL && excl[i] >= 0) {
			ri->has_exclusive = 1;
			ri->exclusive_ns = excl[i];
		}
		if (evmeta != NULL && evmeta[i][0] != '\0') {
			ri->event_metadata = evmeta[i];
			ri->event_metadata_len = strlen(evmeta[i]);
		}
		if (tags != NULL && parse_tags(h, ri, tags[i], i, e) < 0)
			goto out;
	}
	if (!aggregate && read_summaries(h, m, e) < 0)
		goto out;
	if (check_rows(h, nevents, !aggregate, e) < 0)
		goto out;
	/* rank, then file order: the order rows are read in */
	if (m > 1)
		qsort(h->src.rows, m, sizeof *h->src.rows, cmp_row_rank);
	if (m > 0) {
		uint32_t maxrank = h->src.rows[m - 1].rank;
		int64_t size = mpi_size > 0 ? mpi_size : 1;

		h->src.num_ranks = (uint32_t)(size > (int64_t)maxrank + 1 ?
		    size : (int64_t)maxrank + 1);
	}
	if (read_lane_tables(h, e) < 0)
		goto out;
	if (find_rank_groups(h, &rg, e) < 0)
		goto out;
	h->src.extra_ranks = rg.rank;
	h->src.nextra_ranks = rg.n;
	rg.rank = NULL;
	rc = 0;
	goto out;
oom:
	sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
fail:
	rc = -1;
out:
	free(region_ids);
	free(ranks);
	free(offsets);
	free(counts);
	free(lines);
	free(excl);
	for (k = 0; k < 5; k++)
		free(agg[k]);
	free(rg.rank);
	return rc;
}

static int
read_columnar(struct sp_source *s, size_t row, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct h5src *h = (struct h5src *)s;
	uint64_t at = s->rows[row].offset + off;
	size_t k;

	if (sp_h5_read_i64(h->ev_a, at, n, a, s->path, s->delta ?
	    "events/start_deltas" : "events/start_times", e) < 0 ||
	    sp_h5_read_i64(h->ev_b, at, n, b, s->path, s->delta ?
	    "events/durations" : "events/end_times", e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++)
		if (x[k] != NULL && sp_h5_read_i64(h->ev_x[k], at, n, x[k],
		    s->path, xcol_datasets[k], e) < 0)
			return -1;
	return 0;
}

/* --- per-rank extras --- */

static int
tables(struct sp_source *s, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	struct h5src *h = (struct h5src *)s;
	size_t i, n;

	(void)e;
	/* Tables are small: point at the rank's entries in file order. */
	if (h->threads != NULL) {
		for (i = n = 0; i < h->nthreads; i++)
			if (h->thread_rank[i] == rank)
				n++;
		out->has_threads = 1;
		out->nthreads = n;
		out->threads = NULL;
		if (n > 0) {
			size_t j = 0;

			out->threads = malloc(n * sizeof *out->threads);
			if (out->threads == NULL)
				return sp_fail(e, SP_ENOMEM,
				    "%s: out of memory", s->path);
			for (i = 0; i < h->nthreads; i++)
				if (h->thread_rank[i] == rank)
					out->threads[j++] = h->threads[i];
		}
	}
	if (h->tasks != NULL) {
		for (i = n = 0; i < h->ntasks; i++)
			if (h->task_rank[i] == rank)
				n++;
		out->has_tasks = 1;
		out->ntasks = n;
		out->tasks = NULL;
		if (n > 0) {
			size_t j = 0;

			out->tasks = malloc(n * sizeof *out->tasks);
			if (out->tasks == NULL)
				return sp_fail(e, SP_ENOMEM,
				    "%s: out of memory", s->path);
			for (i = 0; i < h->ntasks; i++)
				if (h->task_rank[i] == rank)
					out->tasks[j++] = h->tasks[i];
		}
	}
	return 0;
}

static int
sides(struct sp_source *s, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	static const char *const kinds[] = { "likwid", "perf_events",
		"line_profile" };
	struct h5src *h = (struct h5src *)s;
	size_t k;

	for (k = 0; k < 3; k++) {
		char path[64];
		hid_t g;
		int rc;

		snprintf(path, sizeof path, "rank%u/%s", rank, kinds[k]);
		if (!sp_h5_exists(h->file, path))
			continue;
		if (h->side_buf == NULL && (h->side_buf = sp_cbuf_new()) == NULL)
			return sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    s->path);
		if ((g = H5Gopen2(h->file, path, H5P_DEFAULT)) < 0)
			continue;
		sp_cbuf_reset(h->side_buf);
		rc = sp_h5_group_cbor(g, h->side_buf, s->path, e);
		H5Gclose(g);
		if (rc < 0)
			return -1;
		if (sp_cbuf_failed(h->side_buf))
			return sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    s->path);
		if (emit(ctx, kinds[k], sp_cbuf_data(h->side_buf),
		    sp_cbuf_len(h->side_buf), e) < 0)
			return -1;
	}
	return 0;
}

static const struct sp_source_ops ops_s1 = { read_s1, tables, sides,
	h5_free };
static const struct sp_source_ops ops_columnar = { read_columnar, tables,
	sides, h5_free };

/*
 * Open the file through the file access property list fapl (H5P_DEFAULT
 * for a file on disk, the core driver for an image in memory): the one
 * path both sp_h5_open() and sp_h5_open_image() take.
 */
static struct sp_source *
h5_open_fapl(const char *path, hid_t fapl, struct sp_err *e)
{
	struct h5src *h;
	int64_t mpi_size;
	size_t k;

	if ((h = calloc(1, sizeof *h)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
		return NULL;
	}
	h->src.path = path;
	h->src.source_format = "hdf5";
	h->file = h->ev_a = h->ev_b = -1;
	for (k = 0; k < SP_X_COUNT; k++)
		h->ev_x[k] = -1;
	h->src.ops = &ops_columnar;
	h->file = H5Fopen(path, H5F_ACC_RDONLY, fapl);
	if (h->file < 0) {
		sp_fail(e, SP_EDATA, "%s: not a readable HDF5 profiling file "
		    "(a run that was interrupted while writing leaves a "
		    "truncated file behind)", path);
		goto fail;
	}
	h->src.event_data = 1;
	if (read_schema(h, e) < 0 || read_metadata(h, &mpi_size, e) < 0)
		goto fail;
	if (h->src.schema == 1) {
		h->src.ops = &ops_s1;
		if (open_schema1(h, e) < 0)
			goto fail;
	} else if (open_columnar(h, mpi_size, e) < 0) {
		goto fail;
	}
	return &h->src;
fail:
	sp_source_free(&h->src);
	return NULL;
}

struct sp_source *
sp_h5_open(const char *path, struct sp_err *e)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		sp_fail_errno(e, errno, "%s", path);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		sp_fail(e, SP_EDATA, "%s: is a directory", path);
		return NULL;
	}
	/* HDF5's own error stack printing would break the one-line rule. */
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	return h5_open_fapl(path, H5P_DEFAULT, e);
}

struct sp_source *
sp_h5_open_image(const void *buf, size_t n, const char *name,
    struct sp_err *e)
{
	struct sp_source *s;
	hid_t fapl;

	if (n == 0) {
		/* and HDF5 would take an empty image for "read name" */
		sp_fail(e, SP_EDATA, "%s: empty file, not a profile", name);
		return NULL;
	}
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	/*
	 * The core driver without a backing store: HDF5 copies the image
	 * into its own buffer and reads nothing from the file system (the
	 * name identifies the file within the library and in messages).
	 */
	if ((fapl = H5Pcreate(H5P_FILE_ACCESS)) < 0 ||
	    H5Pset_fapl_core(fapl, 1 << 16, 0) < 0 ||
	    H5Pset_file_image(fapl, (void *)buf, n) < 0) {
		if (fapl >= 0)
			H5Pclose(fapl);
		sp_fail(e, SP_ENOMEM, "%s: cannot set up an HDF5 file image",
		    name);
		return NULL;
	}
	s = h5_open_fapl(name, fapl, e);
	H5Pclose(fapl);
	return s;
}

static struct sp_source *
open_path(const char *path, const char *tmpdir, struct sp_err *e)
{
	(void)tmpdir;	/* an HDF5 file is read in place */
	return sp_h5_open(path, e);
}

const struct sp_format sp_h5_format = {
	"hdf5", 0, sp_h5_sniff, NULL, NULL, open_path,
};
