/*
 * Schemas 2 and 3 (doc/formats.md, "Schema 2", "Schema 3"): the region table
 * and the rank_region_index, one entry per (rank, region) row, for both
 * layouts: columnar, whose rows are slices of the event columns
 * (sp_h5_events.c), and aggregate (4.7), whose rows hold only totals.  The
 * index is read whole, checked (region ids in range, one row per (rank,
 * region), event ranges within the columns and apart) and sorted by rank; then
 * the lane tables (sp_h5_lanes.c) and the rank groups.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"
#include "sp_h5_tags.h"

/*
 * The per-call event columns are read in long runs, each value once per
 * pass, so HDF5's chunk cache only adds a copy of every chunk on its way
 * from the page cache to our buffers: without a cache (0 bytes) HDF5 reads
 * an unfiltered chunk straight into them, which spares a copy of every
 * byte read and the cache's memory.  A filtered (compressed) dataset
 * keeps the cache, which spares decompressing a chunk read in two parts
 * twice; so does one that is not chunked, which has no use for it.  The
 * dataset is opened again to take the setting (an open dataset shares its
 * cache with every other handle of it).
 */
static hid_t
uncached(struct sp_h5src *h, const char *path, hid_t d)
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

hid_t
sp_h5src_dataset(struct sp_h5src *h, const char *path, int required,
    int once, struct sp_err *e)
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
	if (d >= 0 && once)
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

/* --- the index's columns --- */

/* An index column that is not as long as the index (m rows). */
static int
index_damaged(struct sp_h5src *h, const char *path, long long len,
    size_t m, struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "%s: %s holds %lld rows, the index has "
	    "%zu: the file is damaged", h->src.path, path, len, m);
}

/* An index column of M integers; absent (optional) gives NULL. */
static int
index_i64(struct sp_h5src *h, const char *name, size_t m, int required,
    int64_t **out, struct sp_err *e)
{
	char path[128];
	hid_t d;
	long long len;
	int rc;

	*out = NULL;
	snprintf(path, sizeof path, "rank_region_index/%s", name);
	if ((d = sp_h5src_dataset(h, path, required, 0, e)) < 0)
		return required ? -1 : 0;
	len = sp_h5_length(d, 0);
	if (len != (long long)m) {
		H5Dclose(d);
		/* aggregate files keep these columns empty */
		if (len == 0 && !required)
			return 0;
		return index_damaged(h, path, len, m, e);
	}
	if ((*out = malloc((m + 1) * sizeof **out)) == NULL) {
		H5Dclose(d);
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	}
	rc = sp_h5_read_all_i64(d, 0, m, *out, h->src.path, path, e);
	H5Dclose(d);
	return rc;
}

/* An optional index column of M strings, kept with the source. */
static int
index_strings(struct sp_h5src *h, const char *name, size_t m, char ***out,
    struct sp_err *e)
{
	char path[128];
	hid_t d;
	long long len;
	size_t n;
	int rc;

	*out = NULL;
	snprintf(path, sizeof path, "rank_region_index/%s", name);
	if ((d = sp_h5src_dataset(h, path, 0, 0, e)) < 0)
		return 0;
	len = sp_h5_length(d, 0);
	if (len != (long long)m) {
		H5Dclose(d);
		if (len == 0)
			return 0;
		return index_damaged(h, path, len, m, e);
	}
	rc = sp_h5_strings(d, 0, h->src.path, path, &n, out, e);
	H5Dclose(d);
	if (rc == 0)
		rc = sp_h5src_keep(h, *out, e);
	return rc;
}

/* The columns of the index, read whole. */
struct index {
	size_t m;		/* rows */
	int aggregate;		/* the aggregate layout */
	int64_t *region_ids, *ranks;
	/* columnar: NULL when an optional column is absent */
	int64_t *offsets, *counts, *lines, *excl;
	char **files, **texts, **tags, **evmeta;
	/* aggregate */
	int64_t *agg[5];
};

static void
index_free(struct index *ix)
{
	size_t k;

	free(ix->region_ids);
	free(ix->ranks);
	free(ix->offsets);
	free(ix->counts);
	free(ix->lines);
	free(ix->excl);
	for (k = 0; k < 5; k++)
		free(ix->agg[k]);
}

/* The number of rows: the length of the region id column. */
static int
index_length(struct sp_h5src *h, size_t *m, struct sp_err *e)
{
	hid_t d = sp_h5src_dataset(h, "rank_region_index/region_ids", 1, 0,
	    e);
	long long len;

	if (d < 0)
		return -1;
	len = sp_h5_length(d, 0);
	H5Dclose(d);
	if (len < 0)
		return sp_fail(e, SP_EDATA, "%s: rank_region_index/region_ids "
		    "is not one-dimensional", h->src.path);
	*m = (size_t)len;
	return 0;
}

/* The columns of both layouts, and the columnar layout's event columns. */
static int
index_read(struct sp_h5src *h, struct index *ix, uint64_t *nevents,
    struct sp_err *e)
{
	static const char *const aggcols[5] = { "aggregate_counts",
		"aggregate_totals", "aggregate_minimums", "aggregate_maximums",
		"aggregate_exclusives" };
	size_t m = ix->m, k;

	if (index_i64(h, "region_ids", m, 1, &ix->region_ids, e) < 0 ||
	    index_i64(h, "ranks", m, 1, &ix->ranks, e) < 0)
		return -1;
	if (ix->aggregate) {
		for (k = 0; k < 5; k++)
			if (index_i64(h, aggcols[k], m, 1, &ix->agg[k], e) < 0)
				return -1;
		return 0;
	}
	if (index_i64(h, "event_offsets", m, 1, &ix->offsets, e) < 0 ||
	    index_i64(h, "event_counts", m, 1, &ix->counts, e) < 0 ||
	    index_i64(h, "source_lines", m, 0, &ix->lines, e) < 0 ||
	    index_i64(h, "exclusive_totals", m, 0, &ix->excl, e) < 0 ||
	    index_strings(h, "source_files", m, &ix->files, e) < 0 ||
	    index_strings(h, "source_texts", m, &ix->texts, e) < 0 ||
	    index_strings(h, "tags", m, &ix->tags, e) < 0 ||
	    index_strings(h, "event_metadata", m, &ix->evmeta, e) < 0)
		return -1;
	return sp_h5src_open_events(h, nevents, e);
}

/* --- rows from the index --- */

static int
parse_tags(struct sp_h5src *h, struct sp_row_info *ri, const char *text,
    size_t row, struct sp_err *e)
{
	char **tags = NULL;
	size_t n = 0;

	if (text[0] == '\0')
		return 0;
	errno = 0;	/* its mallocs say ENOMEM, bad text leaves errno 0 */
	if (sp_h5_tags_parse(text, strlen(text), &tags, &n) < 0)
		return errno == ENOMEM ? sp_fail(e, SP_ENOMEM, "%s: out of "
		    "memory", h->src.path) : sp_fail(e, SP_EDATA, "%s: index "
		    "row %zu: tags is not a JSON array of strings",
		    h->src.path, row);
	return sp_h5src_set_tags(h, ri, tags, n, e);
}

/* The aggregate layout's totals of row i. */
static void
row_aggregate(const struct index *ix, size_t i, struct sp_source_row *r)
{
	struct sp_row_info *ri = &r->info;

	/* keep file order for the stable sort by rank */
	r->offset = i;
	ri->has_aggregate = 1;
	ri->agg_count = ix->agg[0][i];
	ri->agg_total = ix->agg[1][i];
	ri->agg_minimum = ix->agg[2][i];
	ri->agg_maximum = ix->agg[3][i];
	ri->agg_exclusive = ix->agg[4][i];
}

/* What the optional columns say of row i: "" and -1 mean unknown. */
static int
row_texts(struct sp_h5src *h, const struct index *ix, size_t i,
    struct sp_row_info *ri, struct sp_err *e)
{
	if (ix->files != NULL && ix->files[i][0] != '\0')
		ri->source_file = ix->files[i];
	if (ix->texts != NULL && ix->texts[i][0] != '\0')
		ri->source_text = ix->texts[i];
	if (ix->lines != NULL && ix->lines[i] >= 0) {
		ri->has_lineno = 1;
		ri->source_lineno = ix->lines[i];
	}
	if (ix->excl != NULL && ix->excl[i] >= 0) {
		ri->has_exclusive = 1;
		ri->exclusive_ns = ix->excl[i];
	}
	if (ix->evmeta != NULL && ix->evmeta[i][0] != '\0') {
		ri->event_metadata = ix->evmeta[i];
		ri->event_metadata_len = strlen(ix->evmeta[i]);
	}
	if (ix->tags != NULL && parse_tags(h, ri, ix->tags[i], i, e) < 0)
		return -1;
	return 0;
}

static int
row_from_index(struct sp_h5src *h, const struct index *ix, size_t i,
    struct sp_err *e)
{
	struct sp_source_row *r = &h->src.rows[i];

	if (ix->ranks[i] < 0 || ix->ranks[i] > UINT32_MAX ||
	    ix->region_ids[i] < 0 || ix->region_ids[i] > UINT32_MAX ||
	    (ix->offsets != NULL && (ix->offsets[i] < 0 ||
	    ix->counts[i] < 0)))
		return sp_fail(e, SP_EDATA, "%s: index row %zu holds a "
		    "negative or absurd value: the file is damaged",
		    h->src.path, i);
	r->rank = (uint32_t)ix->ranks[i];
	r->region = r->info.region = (uint32_t)ix->region_ids[i];
	if (ix->aggregate) {
		row_aggregate(ix, i, r);
	} else {
		r->offset = (uint64_t)ix->offsets[i];
		r->count = r->info.calls = (uint64_t)ix->counts[i];
		r->info.xmask = h->src.xmask;
	}
	return row_texts(h, ix, i, &r->info, e);
}

/* --- summary_statistics (h5-format 4.5) --- */

/* Its fields, matched by name whatever their file layout. */
static const struct {
	const char *name;
	size_t off;
	char kind;		/* 'i' int64, 'u' uint64, 'd' double */
} summary_fields[11] = {
	{ "total", offsetof(struct sp_summary, total), 'i' },
	{ "minimum", offsetof(struct sp_summary, minimum), 'i' },
	{ "maximum", offsetof(struct sp_summary, maximum), 'i' },
	{ "first", offsetof(struct sp_summary, first), 'i' },
	{ "last", offsetof(struct sp_summary, last), 'i' },
	{ "start_minimum", offsetof(struct sp_summary, start_minimum), 'i' },
	{ "end_maximum", offsetof(struct sp_summary, end_maximum), 'i' },
	{ "gpu_count", offsetof(struct sp_summary, gpu_count), 'u' },
	{ "gpu_total", offsetof(struct sp_summary, gpu_total), 'i' },
	{ "mean", offsetof(struct sp_summary, mean), 'd' },
	{ "m2", offsetof(struct sp_summary, m2), 'd' },
};

/* The compound type of struct sp_summary in memory. */
static hid_t
summary_type(void)
{
	hid_t mt = H5Tcreate(H5T_COMPOUND, sizeof(struct sp_summary));
	size_t i;

	for (i = 0; i < 11; i++)
		H5Tinsert(mt, summary_fields[i].name, summary_fields[i].off,
		    summary_fields[i].kind == 'i' ? H5T_NATIVE_INT64 :
		    summary_fields[i].kind == 'u' ? H5T_NATIVE_UINT64 :
		    H5T_NATIVE_DOUBLE);
	return mt;
}

/*
 * Whether dataset d is a summary of the m rows: 1 if so, 0 if it is
 * empty (as aggregate files keep it), -1 (e filled) if it is damaged.
 */
static int
summary_usable(struct sp_h5src *h, hid_t d, size_t m, struct sp_err *e)
{
	long long len = sp_h5_length(d, 0);
	hid_t ft = H5Dget_type(d);
	size_t i;

	if (len != (long long)m || H5Tget_class(ft) != H5T_COMPOUND) {
		H5Tclose(ft);
		if (len == 0)
			return 0;
		return sp_fail(e, SP_EDATA, "%s: summary_statistics has %lld "
		    "rows, the index has %zu", h->src.path, len, m);
	}
	for (i = 0; i < 11; i++)
		if (H5Tget_member_index(ft, summary_fields[i].name) < 0) {
			H5Tclose(ft);
			return sp_fail(e, SP_EDATA, "%s: summary_statistics "
			    "is missing field %s", h->src.path,
			    summary_fields[i].name);
		}
	H5Tclose(ft);
	return 1;
}

static int
read_summaries(struct sp_h5src *h, size_t m, struct sp_err *e)
{
	struct sp_summary *buf = NULL;
	hid_t d, mt = -1;
	size_t i;
	int rc;

	if ((d = sp_h5src_dataset(h, "rank_region_index/summary_statistics",
	    0, 0, e)) < 0)
		return 0;
	if ((rc = summary_usable(h, d, m, e)) <= 0)
		goto out;
	rc = -1;
	mt = summary_type();
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
	if (mt >= 0)
		H5Tclose(mt);
	H5Dclose(d);
	return rc;
}

/* --- checks of the index --- */

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

/*
 * Each row names a region of the table and a sane event range: its
 * (rank, region) pair and its span into pr and sp; the latest end.
 */
static int
check_each(struct sp_h5src *h, struct pair *pr, struct span *sp,
    uint64_t *maxend, struct sp_err *e)
{
	size_t i;

	*maxend = 0;
	for (i = 0; i < h->src.nrows; i++) {
		const struct sp_source_row *r = &h->src.rows[i];

		if (r->region >= h->src.nregions)
			return sp_fail(e, SP_EDATA, "%s: index row %zu names "
			    "region id %u, the region table has %zu names: "
			    "the file is damaged", h->src.path, i, r->region,
			    h->src.nregions);
		pr[i].rank = r->rank;
		pr[i].region = r->region;
		pr[i].row = i;
		sp[i].off = r->offset;
		sp[i].end = r->offset + r->count;
		sp[i].row = i;
		if (sp[i].end < sp[i].off)
			return sp_fail(e, SP_EDATA, "%s: index row %zu has an "
			    "absurd event range", h->src.path, i);
		if (sp[i].end > *maxend)
			*maxend = sp[i].end;
	}
	return 0;
}

/* No two rows of one (rank, region). */
static int
check_unique(struct sp_h5src *h, struct pair *pr, struct sp_err *e)
{
	size_t m = h->src.nrows, i;

	if (m > 1)
		qsort(pr, m, sizeof *pr, cmp_pair);
	for (i = 1; i < m; i++)
		if (pr[i].rank == pr[i - 1].rank &&
		    pr[i].region == pr[i - 1].region)
			return sp_fail(e, SP_EDATA, "%s: index rows %zu and "
			    "%zu are both rank %u region '%s': the file is "
			    "damaged", h->src.path, pr[i - 1].row, pr[i].row,
			    pr[i].rank, h->src.names[pr[i].region]);
	return 0;
}

/* The event ranges within the nevents of the columns, and apart. */
static int
check_spans(struct sp_h5src *h, struct span *sp, uint64_t maxend,
    uint64_t nevents, struct sp_err *e)
{
	size_t m = h->src.nrows, i;

	if (maxend > nevents)
		return sp_fail(e, SP_EDATA, "%s: claims %llu recorded events "
		    "but its event columns hold %llu. The file is truncated "
		    "or damaged.", h->src.path, (unsigned long long)maxend,
		    (unsigned long long)nevents);
	if (m > 1)
		qsort(sp, m, sizeof *sp, cmp_span);
	for (i = 1; i < m; i++)
		if (sp[i].off < sp[i - 1].end && sp[i].end > sp[i].off)
			return sp_fail(e, SP_EDATA, "%s: has overlapping "
			    "region rows in its event index. The file is "
			    "damaged.", h->src.path);
	return 0;
}

static int
check_rows(struct sp_h5src *h, uint64_t nevents, int columnar,
    struct sp_err *e)
{
	size_t m = h->src.nrows;
	struct pair *pr = malloc((m + 1) * sizeof *pr);
	struct span *sp = malloc((m + 1) * sizeof *sp);
	uint64_t maxend;
	int rc = -1;

	if (pr == NULL || sp == NULL)
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	else if (check_each(h, pr, sp, &maxend, e) == 0 &&
	    check_unique(h, pr, e) == 0 &&
	    (!columnar || check_spans(h, sp, maxend, nevents, e) == 0))
		rc = 0;
	free(pr);
	free(sp);
	return rc;
}

/* --- open --- */

static int
cmp_row_rank(const void *a, const void *b)
{
	const struct sp_source_row *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	/* stable: the file's row order within a rank */
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * Whether the root's storage_layout says "aggregate": 1 or 0 (also when
 * it cannot be read: columnar), -1 (SP_ENOMEM) without the memory to
 * read it, which must not make an aggregate file columnar.
 */
static int
layout_aggregate(struct sp_h5src *h, struct sp_err *e)
{
	struct sp_err le;
	hid_t a;
	char **s;
	size_t n;
	int yes = 0;

	if (H5Aexists(h->file, "storage_layout") <= 0)
		return 0;
	sp_err_clear(&le);
	a = H5Aopen(h->file, "storage_layout", H5P_DEFAULT);
	if (sp_h5_strings(a, 1, h->src.path, "storage_layout", &n, &s,
	    &le) == 0) {
		yes = n == 1 && strcmp(s[0], "aggregate") == 0;
		free(s);
	} else if (le.status == SP_ENOMEM) {
		yes = sp_fail(e, SP_ENOMEM, "%s", le.msg);
	}
	H5Aclose(a);
	return yes;
}

static int
read_region_names(struct sp_h5src *h, struct sp_err *e)
{
	hid_t d = sp_h5src_dataset(h, "region_table/names", 1, 0, e);
	char **names;
	size_t n;
	int rc;

	if (d < 0)
		return -1;
	rc = sp_h5_strings(d, 0, h->src.path, "region_table/names", &n,
	    &names, e);
	H5Dclose(d);
	if (rc < 0 || sp_h5src_keep(h, names, e) < 0)
		return -1;
	h->src.nregions = n;
	if ((h->src.names = malloc((n + 1) * sizeof(char *))) == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	memcpy(h->src.names, names, n * sizeof(char *));
	return 0;
}

/* The rows of the index, checked, by rank; num_ranks from them. */
static int
rows_from_index(struct sp_h5src *h, const struct index *ix,
    uint64_t nevents, int64_t mpi_size, struct sp_err *e)
{
	size_t m = ix->m, i;

	if (sp_h5src_add_rows(h, m, e) < 0)
		return -1;
	/* now, so that the tags of the rows before a bad one are freed */
	h->src.nrows = m;
	for (i = 0; i < m; i++)
		if (row_from_index(h, ix, i, e) < 0)
			return -1;
	if ((!ix->aggregate && read_summaries(h, m, e) < 0) ||
	    check_rows(h, nevents, !ix->aggregate, e) < 0)
		return -1;
	/* rank, then file order: the order rows are read in */
	if (m > 1)
		qsort(h->src.rows, m, sizeof *h->src.rows, cmp_row_rank);
	if (m > 0) {
		uint32_t maxrank = h->src.rows[m - 1].rank;
		int64_t size = mpi_size > 0 ? mpi_size : 1;

		h->src.num_ranks = (uint32_t)(size > (int64_t)maxrank + 1 ?
		    size : (int64_t)maxrank + 1);
	}
	return 0;
}

int
sp_h5src_open_columnar(struct sp_h5src *h, int64_t mpi_size,
    struct sp_err *e)
{
	struct index ix;
	uint64_t nevents = 0;
	int rc = -1;

	memset(&ix, 0, sizeof ix);
	if ((ix.aggregate = layout_aggregate(h, e)) < 0)
		goto out;
	h->src.layout = ix.aggregate ? "aggregate" : "columnar";
	/*
	 * The reference marks only summary-only reads as without event data;
	 * an aggregate-layout file read whole is not one (doc/exports.md,
	 * "Rows").
	 */
	h->src.event_data = 1;
	if (read_region_names(h, e) < 0 || index_length(h, &ix.m, e) < 0 ||
	    index_read(h, &ix, &nevents, e) < 0 ||
	    rows_from_index(h, &ix, nevents, mpi_size, e) < 0 ||
	    sp_h5src_read_lanes(h, e) < 0 ||
	    sp_h5src_rank_groups(h, &h->src.extra_ranks,
	    &h->src.nextra_ranks, e) < 0)
		goto out;
	rc = 0;
out:
	index_free(&ix);
	return rc;
}
