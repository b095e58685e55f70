#include "sp_h5val.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/*
 * Chunks never written, and contiguous storage never allocated, read as
 * the fill value: a file of a few KB can declare 2^34 calls or index rows
 * that would take hours and gigabytes to read.  Real data is stored, if
 * compressed at most about 1032:1 (deflate's limit; the filters HDF5 can
 * apply here do no better), so a dataset that declares more than this many
 * times the bytes it stores, beyond a first MiB, is refused.
 */
#define SP_H5_MAX_RATIO 2048
#define SP_H5_FREE_BYTES ((unsigned long long)1 << 20)

static int
check_stored(hid_t dset, const char *file, const char *what,
    struct sp_err *e)
{
	hid_t sp = H5Dget_space(dset), type = H5Dget_type(dset);
	hssize_t n = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
	size_t size = type >= 0 ? H5Tget_size(type) : 0;
	unsigned long long declared, stored;

	if (sp >= 0)
		H5Sclose(sp);
	if (type >= 0)
		H5Tclose(type);
	if (n <= 0 || size == 0)
		return 0;
	declared = (unsigned long long)n > ULLONG_MAX / size ? ULLONG_MAX :
	    (unsigned long long)n * size;
	if (declared <= SP_H5_FREE_BYTES)
		return 0;
	stored = (unsigned long long)H5Dget_storage_size(dset);
	if (stored >= declared / SP_H5_MAX_RATIO)
		return 0;
	return sp_fail(e, SP_EDATA, "%s: %s declares %lld values but stores "
	    "only %llu bytes of them: the file is damaged", file, what,
	    (long long)n, stored);
}

int
sp_h5_check_filters(hid_t dset, const char *file, const char *what,
    struct sp_err *e)
{
	hid_t pl = H5Dget_create_plist(dset);
	int n, i, rc = 0;

	if (pl < 0)
		return 0;
	n = H5Pget_nfilters(pl);
	for (i = 0; i < n && rc == 0; i++) {
		unsigned flags, conf;
		size_t nv = 0;
		char name[64] = "";
		H5Z_filter_t id = H5Pget_filter2(pl, (unsigned)i, &flags, &nv,
		    NULL, sizeof name, name, &conf);

		if (id >= 0 && H5Zfilter_avail(id) <= 0)
			rc = sp_fail(e, SP_EDATA, "%s: %s is compressed with HDF5 "
			    "filter %d%s%s%s, which this HDF5 library lacks "
			    "(install its plugin and set HDF5_PLUGIN_PATH)",
			    file, what, (int)id, name[0] ? " (" : "", name,
			    name[0] ? ")" : "");
	}
	H5Pclose(pl);
	return rc < 0 ? rc : check_stored(dset, file, what, e);
}

int
sp_h5_exists(hid_t loc, const char *name)
{
	return H5Lexists(loc, name, H5P_DEFAULT) > 0;
}

static hid_t
get_type(hid_t obj, int is_attr)
{
	return is_attr ? H5Aget_type(obj) : H5Dget_type(obj);
}

static hid_t
get_space(hid_t obj, int is_attr)
{
	return is_attr ? H5Aget_space(obj) : H5Dget_space(obj);
}

/*
 * A transfer list whose conversion buffer holds n elements of types ft
 * and mt, or H5P_DEFAULT when that is over HDF5's default of 1 MiB (or
 * cannot be made).  HDF5 calloc()s its default buffer for any conversion
 * (strings need one): 1 MiB, some 250 page faults, for the few names of
 * a region table.
 */
#define XFER_BUF_MAX ((size_t)1 << 20)

static hid_t
xfer_for(hid_t ft, hid_t mt, size_t n)
{
	size_t each = H5Tget_size(ft) > H5Tget_size(mt) ? H5Tget_size(ft) :
	    H5Tget_size(mt);
	hid_t dxpl;

	/* a margin: HDF5 refuses a buffer short of one element */
	if (each < 16)
		each = 16;
	if (n > XFER_BUF_MAX / each ||
	    (dxpl = H5Pcreate(H5P_DATASET_XFER)) < 0)
		return H5P_DEFAULT;
	if (H5Pset_buffer(dxpl, n * each, NULL, NULL) < 0) {
		H5Pclose(dxpl);
		return H5P_DEFAULT;
	}
	return dxpl;
}

/*
 * Read all n elements of obj as type mt; ft is their type in the file, or
 * one no smaller (the native int64 for any integer).
 */
static herr_t
read_all(hid_t obj, int is_attr, hid_t ft, hid_t mt, size_t n, void *buf)
{
	hid_t dxpl;
	herr_t st;

	if (is_attr)
		return H5Aread(obj, mt, buf);
	dxpl = xfer_for(ft, mt, n);
	st = H5Dread(obj, mt, H5S_ALL, H5S_ALL, dxpl, buf);
	if (dxpl != H5P_DEFAULT)
		H5Pclose(dxpl);
	return st;
}

long long
sp_h5_length(hid_t obj, int is_attr)
{
	hid_t sp = get_space(obj, is_attr);
	hsize_t dims[1];
	long long n = -1;

	if (sp < 0)
		return -1;
	if (H5Sget_simple_extent_ndims(sp) == 1 &&
	    H5Sget_simple_extent_dims(sp, dims, NULL) == 1)
		n = (long long)dims[0];
	H5Sclose(sp);
	return n;
}

/* Number of elements: 1 for a scalar, the product of dims otherwise. */
static long long
elements(hid_t sp)
{
	hssize_t n = H5Sget_simple_extent_npoints(sp);

	return n < 0 ? -1 : (long long)n;
}

/* Copy n strings into one malloc'ed block: pointers, then the text. */
static char **
pack(size_t n, const char *const *src, const size_t *lens)
{
	size_t total = (n + 1) * sizeof(char *), i;
	char **out, *text;

	for (i = 0; i < n; i++)
		total += lens[i] + 1;
	if ((out = malloc(total)) == NULL)
		return NULL;
	text = (char *)(out + n + 1);
	for (i = 0; i < n; i++) {
		out[i] = text;
		memcpy(text, src[i], lens[i]);
		text[lens[i]] = '\0';
		text += lens[i] + 1;
	}
	out[n] = NULL;
	return out;
}

/* A read of the strings of a dataset or attribute, and what it holds. */
struct strread {
	hid_t obj, type, sp, mt;
	int is_attr;
	size_t n;
	const char *file, *what;
	char **vs;		/* variable-length: HDF5's strings */
	char *fixed;		/* fixed-length: the packed values */
	const char **ptrs;	/* each string */
	size_t *lens;		/* and its length */
};

static int
strread_oom(const struct strread *r, struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "%s: out of memory reading %s", r->file,
	    r->what);
}

static void
strread_free(struct strread *r)
{
	if (r->vs != NULL)
		H5Dvlen_reclaim(r->mt, r->sp, H5P_DEFAULT, r->vs);
	free(r->vs);
	free(r->fixed);
	free(r->ptrs);
	free(r->lens);
	if (r->mt >= 0)
		H5Tclose(r->mt);
	if (r->sp >= 0)
		H5Sclose(r->sp);
	if (r->type >= 0)
		H5Tclose(r->type);
}

/* Variable-length strings, each as HDF5 allocates it. */
static int
read_variable(struct strread *r, struct sp_err *e)
{
	size_t i;

	r->mt = H5Tcopy(H5T_C_S1);
	H5Tset_size(r->mt, H5T_VARIABLE);
	H5Tset_cset(r->mt, H5Tget_cset(r->type));
	if ((r->vs = calloc(r->n + 1, sizeof *r->vs)) == NULL)
		return strread_oom(r, e);
	if (r->n > 0 && read_all(r->obj, r->is_attr, r->type, r->mt, r->n,
	    r->vs) < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read %s", r->file,
		    r->what);
	for (i = 0; i < r->n; i++) {
		/* a NULL pointer is the fill value of an unset entry */
		r->ptrs[i] = r->vs[i] != NULL ? r->vs[i] : "";
		r->lens[i] = strlen(r->ptrs[i]);
	}
	return 0;
}

/* Fixed-length strings, NUL- or space-padded, side by side. */
static int
read_fixed(struct strread *r, struct sp_err *e)
{
	size_t size = H5Tget_size(r->type), i;
	H5T_str_t pad = H5Tget_strpad(r->type);

	r->mt = H5Tcopy(r->type);
	if (size == 0 || (r->fixed = malloc(r->n * size + 1)) == NULL)
		return strread_oom(r, e);
	if (r->n > 0 && read_all(r->obj, r->is_attr, r->type, r->mt, r->n,
	    r->fixed) < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read %s", r->file,
		    r->what);
	for (i = 0; i < r->n; i++) {
		const char *s = r->fixed + i * size;
		size_t len = 0;

		/* NUL ends the text for every padding */
		while (len < size && s[len] != '\0')
			len++;
		if (pad == H5T_STR_SPACEPAD)
			while (len > 0 && s[len - 1] == ' ')
				len--;
		r->ptrs[i] = s;
		r->lens[i] = len;
	}
	return 0;
}

int
sp_h5_strings(hid_t obj, int is_attr, const char *file, const char *what,
    size_t *np, char ***out, struct sp_err *e)
{
	struct strread r = { obj, -1, -1, -1, is_attr, 0, file, what, NULL,
		NULL, NULL, NULL };
	long long n;
	int rc = -1;

	*out = NULL;
	r.type = get_type(obj, is_attr);
	r.sp = get_space(obj, is_attr);
	if (r.type < 0 || r.sp < 0 || H5Tget_class(r.type) != H5T_STRING) {
		sp_fail(e, SP_EDATA, "%s: %s is not a string %s", file, what,
		    is_attr ? "attribute" : "dataset");
		goto out;
	}
	if ((n = elements(r.sp)) < 0) {
		sp_fail(e, SP_EDATA, "%s: %s has no readable shape", file,
		    what);
		goto out;
	}
	r.n = (size_t)n;
	r.ptrs = calloc(r.n + 1, sizeof *r.ptrs);
	r.lens = calloc(r.n + 1, sizeof *r.lens);
	if (r.ptrs == NULL || r.lens == NULL) {
		strread_oom(&r, e);
		goto out;
	}
	if ((H5Tis_variable_str(r.type) > 0 ? read_variable(&r, e) :
	    read_fixed(&r, e)) < 0)
		goto out;
	if ((*out = pack(r.n, r.ptrs, r.lens)) == NULL) {
		strread_oom(&r, e);
		goto out;
	}
	*np = r.n;
	rc = 0;
out:
	strread_free(&r);
	return rc;
}

int
sp_h5_is_integer(hid_t dset)
{
	hid_t t = H5Dget_type(dset);
	int ok = t >= 0 && H5Tget_class(t) == H5T_INTEGER;

	if (t >= 0)
		H5Tclose(t);
	return ok;
}

int
sp_h5_read_i64(hid_t dset, uint64_t off, size_t n, int64_t *out,
    const char *file, const char *what, struct sp_err *e)
{
	hid_t fs, ms;
	hsize_t start = off, count = n;
	herr_t st;

	if (n == 0)
		return 0;
	if ((fs = H5Dget_space(dset)) < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read %s", file, what);
	ms = H5Screate_simple(1, &count, NULL);
	st = H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count,
	    NULL);
	if (st >= 0)
		st = H5Dread(dset, H5T_NATIVE_INT64, ms, fs, H5P_DEFAULT, out);
	H5Sclose(ms);
	H5Sclose(fs);
	if (st < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read %s (values "
		    "%llu..%llu): the file is damaged or uses a compression "
		    "filter this HDF5 library lacks", file, what,
		    (unsigned long long)off,
		    (unsigned long long)(off + n - 1));
	return 0;
}

int
sp_h5_read_all_i64(hid_t obj, int is_attr, size_t n, int64_t *out,
    const char *file, const char *what, struct sp_err *e)
{
	hid_t t = get_type(obj, is_attr);
	int cls = t >= 0 ? H5Tget_class(t) : -1;

	if (t >= 0)
		H5Tclose(t);
	if (cls != H5T_INTEGER)
		return sp_fail(e, SP_EDATA, "%s: %s is not an integer %s",
		    file, what, is_attr ? "attribute" : "column");
	if (n == 0)
		return 0;
	if (read_all(obj, is_attr, H5T_NATIVE_INT64, H5T_NATIVE_INT64, n,
	    out) < 0)
		return sp_fail(e, SP_EDATA, "%s: cannot read %s", file, what);
	return 0;
}

/* An h5py boolean: an enum of one-byte integers {FALSE = 0, TRUE = 1}. */
static int
is_bool_enum(hid_t type)
{
	char *n0, *n1;
	int yes;

	if (H5Tget_class(type) != H5T_ENUM || H5Tget_nmembers(type) != 2 ||
	    H5Tget_size(type) != 1)
		return 0;
	n0 = H5Tget_member_name(type, 0);
	n1 = H5Tget_member_name(type, 1);
	yes = n0 != NULL && n1 != NULL && strcmp(n0, "FALSE") == 0 &&
	    strcmp(n1, "TRUE") == 0;
	H5free_memory(n0);
	H5free_memory(n1);
	return yes;
}

struct nest {
	struct sp_cbuf *b;
	const void *buf;
	H5T_class_t cls;
	int unsig;		/* unsigned 64-bit integers, read as such */
	const hsize_t *dims;
	int ndims;
	size_t pos;
};

static void
emit(struct nest *nt, int dim)
{
	hsize_t i;

	if (dim == nt->ndims) {
		if (nt->cls == H5T_INTEGER && nt->unsig)
			sp_cbuf_uint(nt->b, ((const uint64_t *)nt->buf)[nt->pos]);
		else if (nt->cls == H5T_INTEGER)
			sp_cbuf_int(nt->b, ((const int64_t *)nt->buf)[nt->pos]);
		else if (nt->cls == H5T_FLOAT)
			sp_cbuf_double(nt->b, ((const double *)nt->buf)[nt->pos]);
		else
			sp_cbuf_bool(nt->b,
			    ((const unsigned char *)nt->buf)[nt->pos]);
		nt->pos++;
		return;
	}
	sp_cbuf_array(nt->b, nt->dims[dim]);
	for (i = 0; i < nt->dims[dim]; i++)
		emit(nt, dim + 1);
}

/* Emit n values of obj (attribute or dataset) as CBOR. */
static int
values_cbor(hid_t obj, int is_attr, struct sp_cbuf *b, const char *file,
    const char *what, struct sp_err *e)
{
	hid_t type = get_type(obj, is_attr), sp = get_space(obj, is_attr);
	H5T_class_t cls = H5Tget_class(type);
	int ndims = H5Sget_simple_extent_ndims(sp), rc = -1;
	hsize_t dims[H5S_MAX_RANK];
	long long n = elements(sp);
	void *buf = NULL;
	size_t i;
	int unsig;

	if (ndims < 0 || n < 0)
		goto bad;
	H5Sget_simple_extent_dims(sp, dims, NULL);
	if (cls == H5T_STRING) {
		char **s;
		size_t ns;

		if (sp_h5_strings(obj, is_attr, file, what, &ns, &s, e) < 0)
			goto out;
		if (ndims == 0) {
			sp_cbuf_cstr(b, s[0]);
		} else {
			sp_cbuf_array(b, ns);
			for (i = 0; i < ns; i++)
				sp_cbuf_cstr(b, s[i]);
		}
		free(s);
		rc = 0;
		goto out;
	}
	if (cls != H5T_INTEGER && cls != H5T_FLOAT && !is_bool_enum(type)) {
		/* a type sp has no use for: keep the key, say nothing */
		sp_cbuf_null(b);
		rc = 0;
		goto out;
	}
	if ((buf = malloc((size_t)n * 8 + 8)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory reading %s", file,
		    what);
		goto out;
	}
	/* a u64 above INT64_MAX must not be clamped: read u64 as u64 */
	unsig = cls == H5T_INTEGER && H5Tget_sign(type) == H5T_SGN_NONE &&
	    H5Tget_size(type) >= 8;
	if (n > 0) {
		hid_t mt = unsig ? H5T_NATIVE_UINT64 :
		    cls == H5T_INTEGER ? H5T_NATIVE_INT64 :
		    cls == H5T_FLOAT ? H5T_NATIVE_DOUBLE : -1;
		hid_t own = -1;

		if (mt < 0)
			mt = own = H5Tget_native_type(type, H5T_DIR_ASCEND);
		if (read_all(obj, is_attr, type, mt, n, buf) < 0) {
			if (own >= 0)
				H5Tclose(own);
			goto bad;
		}
		if (own >= 0)
			H5Tclose(own);
	}
	/* Scalars as values; arrays nested by dimension, row-major. */
	{
		struct nest nt = { b, buf, cls, unsig, dims, ndims, 0 };

		emit(&nt, 0);
	}
	rc = 0;
	goto out;
bad:
	sp_fail(e, SP_EDATA, "%s: cannot read %s", file, what);
out:
	free(buf);
	H5Sclose(sp);
	H5Tclose(type);
	return rc;
}

int
sp_h5_attr_cbor(hid_t attr, struct sp_cbuf *b, const char *file,
    struct sp_err *e)
{
	return values_cbor(attr, 1, b, file, "attribute", e);
}

struct names {
	size_t n, cap;
	char **v;
	int failed;
};

static void
names_add(struct names *ns, const char *name)
{
	if (ns->failed)
		return;
	if (ns->n == ns->cap) {
		size_t cap = ns->cap ? ns->cap * 2 : 16;
		char **v = realloc(ns->v, cap * sizeof *v);

		if (v == NULL) {
			ns->failed = 1;
			return;
		}
		ns->v = v;
		ns->cap = cap;
	}
	if ((ns->v[ns->n] = strdup(name)) == NULL)
		ns->failed = 1;
	else
		ns->n++;
}

static void
names_free(struct names *ns)
{
	size_t i;

	for (i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
}

static herr_t
attr_name_cb(hid_t loc, const char *name, const H5A_info_t *info, void *ctx)
{
	(void)loc;
	(void)info;
	names_add(ctx, name);
	return 0;
}

int
sp_h5_attrs_cbor(hid_t obj, struct sp_cbuf *b, const char *file,
    struct sp_err *e)
{
	struct names ns = { 0 };
	hsize_t idx = 0;
	size_t i;
	int rc = -1;

	/* Name order, as h5py iterates: the order JSON output keeps. */
	H5Aiterate2(obj, H5_INDEX_NAME, H5_ITER_INC, &idx, attr_name_cb, &ns);
	if (ns.failed) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", file);
		goto out;
	}
	sp_cbuf_map(b, ns.n);
	for (i = 0; i < ns.n; i++) {
		hid_t a = H5Aopen(obj, ns.v[i], H5P_DEFAULT);

		sp_cbuf_cstr(b, ns.v[i]);
		if (a < 0) {
			sp_cbuf_null(b);
			continue;
		}
		if (values_cbor(a, 1, b, file, ns.v[i], e) < 0) {
			H5Aclose(a);
			goto out;
		}
		H5Aclose(a);
	}
	rc = 0;
out:
	names_free(&ns);
	return rc;
}

struct members {
	struct names groups, datasets;
};

static herr_t
link_cb(hid_t loc, const char *name, const H5L_info_t *info, void *ctx)
{
	struct members *m = ctx;
	H5O_info_t oi;

	(void)info;
	if (H5Oget_info_by_name(loc, name, &oi, H5P_DEFAULT) < 0)
		return 0;
	if (oi.type == H5O_TYPE_GROUP)
		names_add(&m->groups, name);
	else if (oi.type == H5O_TYPE_DATASET)
		names_add(&m->datasets, name);
	return 0;
}

int
sp_h5_group_cbor(hid_t group, struct sp_cbuf *b, const char *file,
    struct sp_err *e)
{
	struct members m = { { 0 }, { 0 } };
	hsize_t idx = 0;
	size_t i;
	int rc = -1;

	H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, &idx, link_cb, &m);
	if (m.groups.failed || m.datasets.failed) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", file);
		goto out;
	}
	sp_cbuf_map(b, 3);
	sp_cbuf_cstr(b, "attrs");
	if (sp_h5_attrs_cbor(group, b, file, e) < 0)
		goto out;
	sp_cbuf_cstr(b, "datasets");
	sp_cbuf_map(b, m.datasets.n);
	for (i = 0; i < m.datasets.n; i++) {
		hid_t d = H5Dopen2(group, m.datasets.v[i], H5P_DEFAULT);

		sp_cbuf_cstr(b, m.datasets.v[i]);
		if (d < 0) {
			sp_cbuf_null(b);
			continue;
		}
		rc = values_cbor(d, 0, b, file, m.datasets.v[i], e);
		H5Dclose(d);
		if (rc < 0)
			goto out;
		rc = -1;
	}
	sp_cbuf_cstr(b, "groups");
	sp_cbuf_map(b, m.groups.n);
	for (i = 0; i < m.groups.n; i++) {
		hid_t g = H5Gopen2(group, m.groups.v[i], H5P_DEFAULT);

		sp_cbuf_cstr(b, m.groups.v[i]);
		if (g < 0) {
			sp_cbuf_null(b);
			continue;
		}
		rc = sp_h5_group_cbor(g, b, file, e);
		H5Gclose(g);
		if (rc < 0)
			goto out;
		rc = -1;
	}
	rc = 0;
out:
	names_free(&m.groups);
	names_free(&m.datasets);
	return rc;
}
