/*
 * The HDF5 source: the file opened (on disk, or an image in memory), its
 * schema version and /metadata read, then its layout by the part that
 * reads it (sp_h5_s1.c, sp_h5_columnar.c); the source's ops; its free.
 */
#include "sp_h5.h"

#include <errno.h>
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"

#define CURRENT_SCHEMA 3

const char *const sp_h5_xcol_datasets[SP_X_COUNT] = {
	"gpu_durations", "call_ids", "parent_ids", "thread_ids", "task_ids",
	"await_ns",
};

void
sp_h5_close_id(hid_t *id, herr_t (*fn)(hid_t))
{
	if (*id > 0)
		fn(*id);
	*id = -1;
}

static void
h5_free(struct sp_source *s)
{
	struct sp_h5src *h = (struct sp_h5src *)s;
	size_t i;

	sp_h5src_free_s1(h);
	sp_h5src_close_events(h);
	sp_h5_close_id(&h->file, H5Fclose);
	for (i = 0; i < h->nstrblocks; i++)
		free(h->strblocks[i]);
	free(h->strblocks);
	sp_h5src_free_lanes(h);
	sp_cbuf_free(h->side_buf);
}

int
sp_h5src_keep(struct sp_h5src *h, void *p, struct sp_err *e)
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
sp_h5src_set_tags(struct sp_h5src *h, struct sp_row_info *ri, char **s,
    size_t n, struct sp_err *e)
{
	const char **t;

	if (n == 0) {
		free(s);
		return 0;
	}
	/* the array is freed with the row, the strings with the source */
	if ((t = malloc(n * sizeof *t)) == NULL) {
		free(s);
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	}
	if (sp_h5src_keep(h, s, e) < 0) {
		free(t);
		return -1;
	}
	memcpy(t, s, n * sizeof *t);
	ri->tags = t;
	ri->ntags = n;
	return 0;
}

int
sp_h5src_add_rows(struct sp_h5src *h, size_t n, struct sp_err *e)
{
	struct sp_source_row *r = realloc(h->src.rows,
	    (h->src.nrows + n + 1) * sizeof *r);

	if (r == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	memset(r + h->src.nrows, 0, (n + 1) * sizeof *r);
	h->src.rows = r;
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

/* --- the root's rank groups --- */

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

int
sp_h5src_rank_groups(struct sp_h5src *h, uint32_t **ranks, size_t *n,
    struct sp_err *e)
{
	struct rank_groups rg = { 0 };
	hsize_t idx = 0;

	H5Literate(h->file, H5_INDEX_NAME, H5_ITER_INC, &idx, rank_group_cb,
	    &rg);
	*ranks = rg.rank;
	*n = rg.n;
	if (rg.failed)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	if (rg.n > 1)
		qsort(rg.rank, rg.n, sizeof *rg.rank, cmp_u32);
	return 0;
}

/* --- schema version (spec h5-format 1.2) --- */

/* What a schema attribute that is no integer holds, for the message. */
static void
schema_shown(hid_t a, hid_t t, hid_t sp, char *shown, size_t size)
{
	snprintf(shown, size, "a non-integer value");
	if (H5Sget_simple_extent_ndims(sp) != 0) {
		snprintf(shown, size, "an array");
	} else if (H5Tget_class(t) == H5T_FLOAT) {
		double d;

		if (H5Aread(a, H5T_NATIVE_DOUBLE, &d) >= 0)
			snprintf(shown, size, "the float %g%s", d,
			    d == (double)(long long)d ? ".0" : "");
	} else if (H5Tget_class(t) == H5T_STRING) {
		snprintf(shown, size, "a string");
	} else if (H5Tget_class(t) == H5T_ENUM) {
		snprintf(shown, size, "a boolean");
	}
}

/* The version, an integer 1 to CURRENT_SCHEMA, of attribute a. */
static int
schema_value(struct sp_h5src *h, hid_t a, hid_t t, hid_t sp,
    struct sp_err *e)
{
	const char *p = h->src.path;
	char shown[64];
	int64_t v;

	if (H5Tget_class(t) != H5T_INTEGER ||
	    H5Sget_simple_extent_ndims(sp) != 0) {
		schema_shown(a, t, sp, shown, sizeof shown);
		return sp_fail(e, SP_EDATA, "%s: HDF5 schema version "
		    "attribute 'scope_profiler_schema' must be an integer, "
		    "got %s", p, shown);
	}
	if (H5Aread(a, H5T_NATIVE_INT64, &v) < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read the schema "
		    "version", p);
	if (v < 1)
		return sp_fail(e, SP_EDATA, "%s: unsupported scope-profiler "
		    "HDF5 schema version %lld; versions must be positive", p,
		    (long long)v);
	if (v > CURRENT_SCHEMA)
		return sp_fail(e, SP_EDATA, "%s: unsupported scope-profiler "
		    "HDF5 schema version %lld; this sp reads versions through "
		    "%d. Upgrade sp to read this file.", p, (long long)v,
		    CURRENT_SCHEMA);
	h->src.schema = v;
	return 0;
}

static int
read_schema(struct sp_h5src *h, struct sp_err *e)
{
	hid_t a, t, sp;
	int rc;

	if (H5Aexists(h->file, "scope_profiler_schema") <= 0) {
		h->src.schema = 1;
		return 0;
	}
	a = H5Aopen(h->file, "scope_profiler_schema", H5P_DEFAULT);
	t = H5Aget_type(a);
	sp = H5Aget_space(a);
	rc = schema_value(h, a, t, sp, e);
	H5Sclose(sp);
	H5Tclose(t);
	H5Aclose(a);
	return rc;
}

/* --- /metadata --- */

/*
 * The metadata the reader itself uses: mpi_size, and the run's label.  A
 * label that cannot be read is none (the run takes the file's stem), but
 * one lost for want of memory is SP_ENOMEM: never a wrong label.
 */
static int
metadata_known(struct sp_h5src *h, hid_t g, int64_t *mpi_size,
    struct sp_err *e)
{
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
		struct sp_err le;
		char **s;
		size_t n;
		int rc;

		sp_err_clear(&le);
		rc = sp_h5_strings(a, 1, h->src.path, "label", &n, &s, &le);
		H5Aclose(a);
		if (rc < 0)
			return le.status == SP_ENOMEM ? sp_fail(e, SP_ENOMEM,
			    "%s", le.msg) : 0;
		if (n == 1 && s[0][0] != '\0' &&
		    (h->src.label = strdup(s[0])) == NULL)
			rc = sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    h->src.path);
		free(s);
		return rc;
	}
	return 0;
}

/* The attributes of /metadata as a CBOR map, into b; mpi_size (or -1). */
static int
metadata_map(struct sp_h5src *h, struct sp_cbuf *b, int64_t *mpi_size,
    struct sp_err *e)
{
	hid_t g;
	int rc;

	if (!sp_h5_exists(h->file, "metadata")) {
		sp_cbuf_map(b, 0);
		return 0;
	}
	if ((g = H5Gopen2(h->file, "metadata", H5P_DEFAULT)) < 0)
		return sp_fail(e, SP_EDATA, "%s: /metadata is not a group",
		    h->src.path);
	if ((rc = sp_h5_attrs_cbor(g, b, h->src.path, e)) == 0)
		rc = metadata_known(h, g, mpi_size, e);
	H5Gclose(g);
	return rc;
}

static int
read_metadata(struct sp_h5src *h, int64_t *mpi_size, struct sp_err *e)
{
	struct sp_cbuf *b = sp_cbuf_new();
	int rc = -1;

	*mpi_size = -1;
	if (b == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
	if (metadata_map(h, b, mpi_size, e) < 0)
		goto out;
	if (sp_cbuf_failed(b) ||
	    (h->src.metadata = malloc(sp_cbuf_len(b))) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", h->src.path);
		goto out;
	}
	h->src.metadata_len = sp_cbuf_len(b);
	memcpy(h->src.metadata, sp_cbuf_data(b), h->src.metadata_len);
	rc = 0;
out:
	sp_cbuf_free(b);
	return rc;
}

/* --- open --- */

/*
 * Whether the file is some other program's HDF5: no schema attribute, no
 * rank group, no region table, no metadata (nor the pre-release /regions,
 * which has its own message).  A real empty profile has at least one of
 * them, and reads as an empty run.
 */
static int
foreign_hdf5(struct sp_h5src *h, struct sp_err *e)
{
	uint32_t *ranks;
	size_t n;

	if (H5Aexists(h->file, "scope_profiler_schema") > 0 ||
	    sp_h5_exists(h->file, "region_table") ||
	    sp_h5_exists(h->file, "metadata") ||
	    sp_h5_exists(h->file, "regions"))
		return 0;
	if (sp_h5src_rank_groups(h, &ranks, &n, e) < 0)
		return -1;
	free(ranks);
	if (n > 0)
		return 0;
	return sp_fail(e, SP_EDATA, "%s: not a scope-profiler profile (an "
	    "HDF5 file without a schema attribute, rank groups, a region "
	    "table or metadata)", h->src.path);
}

static const struct sp_source_ops ops_s1 = { sp_h5src_read_s1,
	sp_h5src_tables, sp_h5src_sides, h5_free };
static const struct sp_source_ops ops_columnar = { sp_h5src_read_events,
	sp_h5src_tables, sp_h5src_sides, h5_free };

/*
 * Open the file through the file access property list fapl (H5P_DEFAULT
 * for a file on disk, the core driver for an image in memory): the one
 * path both sp_h5_open() and sp_h5_open_image() take.
 */
static struct sp_source *
h5_open_fapl(const char *path, hid_t fapl, struct sp_err *e)
{
	struct sp_h5src *h;
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
	if (foreign_hdf5(h, e) < 0 || read_schema(h, e) < 0 ||
	    read_metadata(h, &mpi_size, e) < 0)
		goto fail;
	if (h->src.schema == 1) {
		h->src.ops = &ops_s1;
		if (sp_h5src_open_s1(h, e) < 0)
			goto fail;
	} else if (sp_h5src_open_columnar(h, mpi_size, e) < 0) {
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

const struct sp_source_format sp_h5_format = {
	"hdf5", 0, sp_h5_sniff, NULL, NULL, open_path, NULL, NULL,
};
