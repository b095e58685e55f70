/*
 * h5floor: the floor for sp-read in bench/run.sh.
 *
 * Reads the two per-call event columns of a scope-profiler HDF5 file
 * (schema 3: events/start_deltas + events/durations; schema 2:
 * events/start_times + events/end_times) with a bare loop of H5Dread
 * calls, one block per call, alternating between the two columns, and
 * nothing else: no region table, no decoding, no merge, no output.
 * A block is one chunk of the dataset (or BLOCK elements when given).
 * The datasets are opened without HDF5's chunk cache, as sp-read opens
 * its event columns, so that whole chunks go straight from the file into
 * the buffer (H5FLOOR_CACHE=1 in the environment: the default cache).
 * Prints "CALLS CHECKSUM" so the reads cannot be optimised away.
 *
 *   cc -O2 -o h5floor h5floor.c $(pkg-config --cflags --libs hdf5)
 *   h5floor FILE.h5 [BLOCK]
 */
#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static hid_t
open_col(hid_t f, const char *a, const char *b)
{
	hid_t d, dapl = H5Pcreate(H5P_DATASET_ACCESS);

	if (getenv("H5FLOOR_CACHE") == NULL)
		H5Pset_chunk_cache(dapl, 0, 0, 1.0);
	H5E_BEGIN_TRY {
		d = H5Dopen2(f, a, dapl);
		if (d < 0)
			d = H5Dopen2(f, b, dapl);
	} H5E_END_TRY;
	H5Pclose(dapl);
	return d;
}

static hsize_t
chunk_of(hid_t d)
{
	hid_t p = H5Dget_create_plist(d);
	hsize_t c = 0;

	if (p >= 0 && H5Pget_layout(p) == H5D_CHUNKED)
		H5Pget_chunk(p, 1, &c);
	if (p >= 0)
		H5Pclose(p);
	return c;
}

int
main(int argc, char **argv)
{
	hid_t f, d[2], fs[2], ms;
	hsize_t n[2], block, off, cnt;
	int64_t *buf;
	uint64_t sum = 0;
	int k;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: h5floor FILE.h5 [BLOCK]\n");
		return 2;
	}
	if ((f = H5Fopen(argv[1], H5F_ACC_RDONLY, H5P_DEFAULT)) < 0)
		return 1;
	d[0] = open_col(f, "events/start_deltas", "events/start_times");
	d[1] = open_col(f, "events/durations", "events/end_times");
	if (d[0] < 0 || d[1] < 0) {
		fprintf(stderr, "h5floor: %s: no events/ columns\n", argv[1]);
		return 1;
	}
	for (k = 0; k < 2; k++) {
		fs[k] = H5Dget_space(d[k]);
		H5Sget_simple_extent_dims(fs[k], &n[k], NULL);
	}
	if (n[0] != n[1]) {
		fprintf(stderr, "h5floor: %s: column lengths differ\n", argv[1]);
		return 1;
	}
	block = argc == 3 ? strtoull(argv[2], NULL, 10) : chunk_of(d[0]);
	if (block == 0)
		block = 65536;		/* contiguous: any slab size */
	if ((buf = malloc(block * sizeof *buf)) == NULL)
		return 1;
	ms = H5Screate_simple(1, &block, NULL);
	for (off = 0; off < n[0]; off += cnt) {
		cnt = n[0] - off < block ? n[0] - off : block;
		if (cnt != block) {
			H5Sclose(ms);
			ms = H5Screate_simple(1, &cnt, NULL);
		}
		for (k = 0; k < 2; k++) {
			hsize_t i;

			H5Sselect_hyperslab(fs[k], H5S_SELECT_SET, &off, NULL,
			    &cnt, NULL);
			if (H5Dread(d[k], H5T_NATIVE_INT64, ms, fs[k],
			    H5P_DEFAULT, buf) < 0)
				return 1;
			for (i = 0; i < cnt; i++)
				sum += (uint64_t)buf[i];
		}
	}
	printf("%llu %llu\n", (unsigned long long)n[0],
	    (unsigned long long)sum);
	H5Sclose(ms);
	for (k = 0; k < 2; k++) {
		H5Sclose(fs[k]);
		H5Dclose(d[k]);
	}
	H5Fclose(f);
	free(buf);
	return 0;
}
