/*
 * Unit test of sp_h5val: HDF5 values read the way scope-profiler files
 * hold them.  The file is written here with HDF5's C API: strings of
 * every flavour (variable and fixed length, NUL- and space-padded,
 * scalar), integer columns read whole and by hyperslab, a float column,
 * a 2-D dataset, attributes of each kind as CBOR, and a group's image.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_cbuf.h"
#include "sp_h5val.h"
#include "check.h"

static char path[256];

static void
put_strings(hid_t loc, const char *name, int variable, size_t size,
    H5T_str_t pad, int n, const void *data, int attr)
{
	hsize_t dims[1] = { (hsize_t)n };
	hid_t t = H5Tcopy(H5T_C_S1), sp, o;

	H5Tset_size(t, variable ? H5T_VARIABLE : size);
	H5Tset_strpad(t, pad);
	H5Tset_cset(t, H5T_CSET_UTF8);
	sp = n < 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, NULL);
	if (attr) {
		o = H5Acreate2(loc, name, t, sp, H5P_DEFAULT, H5P_DEFAULT);
		H5Awrite(o, t, data);
		H5Aclose(o);
	} else {
		o = H5Dcreate2(loc, name, t, sp, H5P_DEFAULT, H5P_DEFAULT,
		    H5P_DEFAULT);
		H5Dwrite(o, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
		H5Dclose(o);
	}
	H5Sclose(sp);
	H5Tclose(t);
}

static void
put_numbers(hid_t loc, const char *name, hid_t type, int rank,
    const hsize_t *dims, const void *data, int attr)
{
	hid_t sp = rank == 0 ? H5Screate(H5S_SCALAR) :
	    H5Screate_simple(rank, dims, NULL), o;

	if (attr) {
		o = H5Acreate2(loc, name, type, sp, H5P_DEFAULT, H5P_DEFAULT);
		H5Awrite(o, type, data);
		H5Aclose(o);
	} else {
		o = H5Dcreate2(loc, name, type, sp, H5P_DEFAULT, H5P_DEFAULT,
		    H5P_DEFAULT);
		H5Dwrite(o, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
		H5Dclose(o);
	}
	H5Sclose(sp);
}

static void
make_file(void)
{
	static const char *const vlen[] = { "alpha", "", "\xc3\xa9t\xc3\xa9" };
	static const char fixed_nul[] = "ab\0\0cdefg\0\0\0";
	static const char fixed_space[] = "ab    cd fg ";
	static const char *const scalar[] = { "one" };
	static const int32_t ints[10] = { 0, -1, 2, -3, 4, 5, 6, 7, 8, 9 };
	static const double reals[2] = { 0.5, -2.25 };
	static const int64_t grid[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
	static const uint64_t big = 18446744073709551615u;
	static const int64_t i1 = -7;
	static const double d1 = 1.5;
	static const int64_t arr[3] = { 10, 20, 30 };
	hsize_t d10[1] = { 10 }, d2[1] = { 2 }, d23[2] = { 2, 3 }, d3[1] = { 3 };
	hid_t f, g, sub;

	snprintf(path, sizeof path, "%s/test-h5val-%ld.h5",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp",
	    (long)getpid());
	f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	put_strings(f, "vlen", 1, 0, H5T_STR_NULLTERM, 3, vlen, 0);
	put_strings(f, "fixed", 0, 4, H5T_STR_NULLPAD, 3, fixed_nul, 0);
	put_strings(f, "spaced", 0, 6, H5T_STR_SPACEPAD, 2, fixed_space, 0);
	put_strings(f, "scalar", 1, 0, H5T_STR_NULLTERM, -1, scalar, 0);
	put_numbers(f, "ints", H5T_NATIVE_INT32, 1, d10, ints, 0);
	put_numbers(f, "reals", H5T_NATIVE_DOUBLE, 1, d2, reals, 0);
	put_numbers(f, "grid", H5T_NATIVE_INT64, 2, d23, grid, 0);
	g = H5Gcreate2(f, "meta", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	/* created out of name order: images list them sorted */
	put_numbers(g, "z_float", H5T_NATIVE_DOUBLE, 0, NULL, &d1, 1);
	put_numbers(g, "b_uint", H5T_NATIVE_UINT64, 0, NULL, &big, 1);
	put_numbers(g, "a_int", H5T_NATIVE_INT64, 0, NULL, &i1, 1);
	put_numbers(g, "c_array", H5T_NATIVE_INT64, 1, d3, arr, 1);
	put_strings(g, "d_text", 1, 0, H5T_STR_NULLTERM, -1, scalar, 1);
	put_numbers(g, "values", H5T_NATIVE_INT64, 2, d23, grid, 0);
	sub = H5Gcreate2(g, "sub", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	put_numbers(sub, "x", H5T_NATIVE_INT64, 0, NULL, &i1, 1);
	H5Gclose(sub);
	H5Gclose(g);
	H5Fclose(f);
}

/* The strings of name, joined by '|', or "ERR: message". */
static void
strings_of(hid_t f, const char *name, const char *want)
{
	hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
	char got[1100] = "", **v;
	size_t n = 0, i;
	struct sp_err e;

	sp_err_clear(&e);
	if (sp_h5_strings(d, 0, "f.h5", name, &n, &v, &e) < 0) {
		snprintf(got, sizeof got, "ERR: %s", e.msg);
	} else {
		for (i = 0; i < n; i++)
			snprintf(got + strlen(got), sizeof got - strlen(got),
			    "%s%s", i ? "|" : "", v[i]);
		CHECK(v[n] == NULL, "%s: not NULL-terminated", name);
		free(v);
	}
	CHECK(strcmp(got, want) == 0, "%s: '%s', want '%s'", name, got, want);
	H5Dclose(d);
}

static void
test_strings(hid_t f)
{
	strings_of(f, "vlen", "alpha||\xc3\xa9t\xc3\xa9");
	strings_of(f, "fixed", "ab|cdef|g");
	strings_of(f, "spaced", "ab|cd fg");
	strings_of(f, "scalar", "one");
	strings_of(f, "ints", "ERR: f.h5: ints is not a string dataset");
}

static void
test_numbers(hid_t f)
{
	hid_t ints = H5Dopen2(f, "ints", H5P_DEFAULT);
	hid_t reals = H5Dopen2(f, "reals", H5P_DEFAULT);
	hid_t grid = H5Dopen2(f, "grid", H5P_DEFAULT);
	int64_t v[10];
	struct sp_err e;

	sp_err_clear(&e);
	CHECK(sp_h5_length(ints, 0) == 10, "length of ints");
	CHECK(sp_h5_length(grid, 0) == -1, "a 2-D dataset has no length");
	CHECK(sp_h5_is_integer(ints) && !sp_h5_is_integer(reals),
	    "is_integer");
	CHECK(sp_h5_read_i64(ints, 3, 4, v, "f.h5", "ints", &e) == 0 &&
	    v[0] == -3 && v[1] == 4 && v[3] == 6, "hyperslab 3..6: %s",
	    e.msg);
	CHECK(sp_h5_read_i64(ints, 0, 0, v, "f.h5", "ints", &e) == 0,
	    "no values");
	CHECK(sp_h5_read_i64(ints, 8, 4, v, "f.h5", "ints", &e) == -1 &&
	    e.status == SP_EDATA && strstr(e.msg, "f.h5: cannot read ints "
	    "(values 8..11)") == e.msg, "past the end: %s", e.msg);
	sp_err_clear(&e);
	CHECK(sp_h5_read_all_i64(ints, 0, 10, v, "f.h5", "ints", &e) == 0 &&
	    v[1] == -1 && v[9] == 9, "all of ints: %s", e.msg);
	CHECK(sp_h5_read_all_i64(reals, 0, 2, v, "f.h5", "reals", &e) == -1 &&
	    strcmp(e.msg, "f.h5: reals is not an integer column") == 0,
	    "reals as integers: %s", e.msg);
	sp_err_clear(&e);
	CHECK(sp_h5_check_filters(ints, "f.h5", "ints", &e) == 0,
	    "no filter: %s", e.msg);
	CHECK(sp_h5_exists(f, "ints") && !sp_h5_exists(f, "nothing") &&
	    sp_h5_exists(f, "meta/sub") && !sp_h5_exists(f, "none/x"),
	    "exists");
	H5Dclose(ints);
	H5Dclose(reals);
	H5Dclose(grid);
}

/* Does p[0..n) hold the k bytes of w? */
static int
holds(const uint8_t *p, size_t n, const void *w, size_t k)
{
	size_t i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(p + i, w, k) == 0)
			return 1;
	return 0;
}

static int
same(struct sp_cbuf *a, struct sp_cbuf *b)
{
	return sp_cbuf_len(a) == sp_cbuf_len(b) &&
	    memcmp(sp_cbuf_data(a), sp_cbuf_data(b), sp_cbuf_len(a)) == 0;
}

/* The attributes of meta, in name order, then its image. */
static void
test_cbor(hid_t f)
{
	hid_t g = H5Gopen2(f, "meta", H5P_DEFAULT), a;
	struct sp_cbuf *got = sp_cbuf_new(), *want = sp_cbuf_new();
	struct sp_err e;

	sp_err_clear(&e);
	a = H5Aopen(g, "b_uint", H5P_DEFAULT);
	CHECK(sp_h5_attr_cbor(a, got, "f.h5", &e) == 0, "%s", e.msg);
	H5Aclose(a);
	sp_cbuf_uint(want, 18446744073709551615u);
	CHECK(same(got, want), "an unsigned attribute");

	sp_cbuf_reset(got);
	sp_cbuf_reset(want);
	CHECK(sp_h5_attrs_cbor(g, got, "f.h5", &e) == 0, "%s", e.msg);
	sp_cbuf_map(want, 5);
	sp_cbuf_cstr(want, "a_int");
	sp_cbuf_int(want, -7);
	sp_cbuf_cstr(want, "b_uint");
	sp_cbuf_uint(want, 18446744073709551615u);
	sp_cbuf_cstr(want, "c_array");
	sp_cbuf_array(want, 3);
	sp_cbuf_int(want, 10);
	sp_cbuf_int(want, 20);
	sp_cbuf_int(want, 30);
	sp_cbuf_cstr(want, "d_text");
	sp_cbuf_cstr(want, "one");
	sp_cbuf_cstr(want, "z_float");
	sp_cbuf_double(want, 1.5);
	CHECK(same(got, want), "the attributes, in name order (%zu bytes, "
	    "want %zu)", sp_cbuf_len(got), sp_cbuf_len(want));

	/* the image: {"attrs", "datasets": {values: 2-D}, "groups": {sub}} */
	sp_cbuf_reset(got);
	CHECK(sp_h5_group_cbor(g, got, "f.h5", &e) == 0, "%s", e.msg);
	{
		const uint8_t *p = sp_cbuf_data(got), *w = sp_cbuf_data(want);
		size_t n = sp_cbuf_len(got), k = sp_cbuf_len(want);
		int i;
		struct sp_cbuf *grid = sp_cbuf_new();

		sp_cbuf_array(grid, 2);
		for (i = 0; i < 2; i++) {
			sp_cbuf_array(grid, 3);
			sp_cbuf_int(grid, (int64_t)(3 * i + 1));
			sp_cbuf_int(grid, (int64_t)(3 * i + 2));
			sp_cbuf_int(grid, (int64_t)(3 * i + 3));
		}
		CHECK(n > 0 && p[0] == 0xa3, "an image is a map of three");
		CHECK(holds(p, n, w, k), "the image holds the attributes");
		CHECK(holds(p, n, sp_cbuf_data(grid), sp_cbuf_len(grid)),
		    "the image holds the 2-D dataset nested");
		CHECK(holds(p, n, "\x63sub", 4) && holds(p, n, "\x66groups", 7),
		    "the image names the subgroup");
		sp_cbuf_free(grid);
	}
	sp_cbuf_free(got);
	sp_cbuf_free(want);
	H5Gclose(g);
}

int
main(void)
{
	hid_t f;

	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	make_file();
	f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
	CHECK(f >= 0, "cannot open %s", path);
	if (f >= 0) {
		test_strings(f);
		test_numbers(f);
		test_cbor(f);
		H5Fclose(f);
	}
	unlink(path);
	return failed != 0;
}
