/*
 * Unit test of what the HDF5 source's parts share (sp_h5_internal.h),
 * on a file written here: the rank groups in numeric order (rank2
 * before rank10; other names left out), datasets by path (a missing one
 * an error only when required, a group no dataset), ids closed once,
 * string blocks kept with the source, tags given to a row, room for rows.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"
#include "check.h"

static char path[256];

static void
make_file(void)
{
	static const char *const groups[] = { "rank10", "rank2", "rank0",
		"rankx", "rank", "other", "rank3a" };
	hsize_t dims[1] = { 3 };
	int64_t v[3] = { 1, 2, 3 };
	hid_t f, g, sp, d;
	size_t i;

	snprintf(path, sizeof path, "%s/test-h5_internal-%ld.h5",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp",
	    (long)getpid());
	f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	for (i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		g = H5Gcreate2(f, groups[i], H5P_DEFAULT, H5P_DEFAULT,
		    H5P_DEFAULT);
		H5Gclose(g);
	}
	sp = H5Screate_simple(1, dims, NULL);
	d = H5Dcreate2(f, "rank2/starts", H5T_NATIVE_INT64, sp, H5P_DEFAULT,
	    H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(d, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
	H5Dclose(d);
	H5Sclose(sp);
	H5Fclose(f);
}

static void
test_file(struct sp_h5src *h)
{
	uint32_t *ranks = NULL;
	size_t n = 0;
	struct sp_err e;
	hid_t d;

	sp_err_clear(&e);
	CHECK(sp_h5src_rank_groups(h, &ranks, &n, &e) == 0 && n == 3 &&
	    ranks[0] == 0 && ranks[1] == 2 && ranks[2] == 10,
	    "rank groups: %zu", n);
	free(ranks);
	d = sp_h5src_dataset(h, "rank2/starts", 1, 0, &e);
	CHECK(d >= 0 && sp_h5_length(d, 0) == 3, "a dataset: %s", e.msg);
	sp_h5_close_id(&d, H5Dclose);
	CHECK(d == -1, "closed: %lld", (long long)d);
	sp_h5_close_id(&d, H5Dclose);
	CHECK(d == -1, "closed twice");
	d = sp_h5src_dataset(h, "rank2/starts", 1, 1, &e);
	CHECK(d >= 0, "a dataset read once: %s", e.msg);
	sp_h5_close_id(&d, H5Dclose);
	CHECK(sp_h5src_dataset(h, "events/x", 0, 0, &e) < 0 &&
	    e.msg[0] == '\0', "a missing dataset not required: %s", e.msg);
	CHECK(sp_h5src_dataset(h, "events/x", 1, 0, &e) < 0 &&
	    strcmp(e.msg, "f.h5: missing events/x: the file is truncated or "
	    "damaged") == 0, "a missing dataset required: %s", e.msg);
	CHECK(sp_h5src_dataset(h, "rank2", 1, 0, &e) < 0 &&
	    strcmp(e.msg, "f.h5: rank2 is not a dataset") == 0,
	    "a group: %s", e.msg);
}

static char **
block(const char *a, const char *b)
{
	char **s = malloc(3 * sizeof *s + 8);

	s[0] = (char *)(s + 3);
	strcpy(s[0], a);
	s[1] = s[0] + strlen(a) + 1;
	strcpy(s[1], b);
	s[2] = NULL;
	return s;
}

static void
test_rows(struct sp_h5src *h)
{
	struct sp_err e;
	size_t i;

	CHECK(sp_h5src_add_rows(h, 2, &e) == 0, "%s", e.msg);
	h->src.nrows = 2;
	CHECK(h->src.rows[2].count == 0 && h->src.rows[1].info.tags == NULL,
	    "the rows and a spare, zeroed");
	CHECK(sp_h5src_set_tags(h, &h->src.rows[0].info, block("a", "b"), 2,
	    &e) == 0 && h->src.rows[0].info.ntags == 2 &&
	    strcmp(h->src.rows[0].info.tags[1], "b") == 0 &&
	    h->nstrblocks == 1, "tags: %s", e.msg);
	/* no tags: the block is freed, nothing kept */
	CHECK(sp_h5src_set_tags(h, &h->src.rows[1].info, block("", ""), 0,
	    &e) == 0 && h->src.rows[1].info.tags == NULL &&
	    h->nstrblocks == 1, "no tags");
	for (i = 0; i < 40; i++)
		CHECK(sp_h5src_keep(h, malloc(8), &e) == 0, "keep %zu", i);
	CHECK(h->nstrblocks == 41, "%zu blocks kept", h->nstrblocks);
	for (i = 0; i < h->nstrblocks; i++)
		free(h->strblocks[i]);
	free(h->strblocks);
	free((void *)h->src.rows[0].info.tags);
	free(h->src.rows);
}

int
main(void)
{
	struct sp_h5src h;

	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	make_file();
	memset(&h, 0, sizeof h);
	h.src.path = "f.h5";
	h.file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
	CHECK(h.file >= 0, "cannot open %s", path);
	if (h.file >= 0) {
		test_file(&h);
		test_rows(&h);
		sp_h5_close_id(&h.file, H5Fclose);
	}
	unlink(path);
	return failed != 0;
}
