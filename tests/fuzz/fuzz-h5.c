/*
 * fuzz-h5 - the HDF5 profile reader (sp_h5.h) on file images in memory
 * (HDF5's core driver), driven as sp-read drives it: open, then every
 * row read through the ordering engine, in time order and in file order,
 * and the stream written read back (fuzz.h).
 *
 * Findings inside libhdf5 itself (Debian's build, not instrumented) show
 * up as crashes in HDF5 frames: see README.md.
 */
#include "fuzz.h"

#include "sp_h5.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sp_err e;
	struct sp_source *src;

	sp_err_clear(&e);
	/* a name no file has: the core driver will not shadow a real one */
	src = sp_h5_open_image(data, size, "<sp-fuzz image>", &e);
	if (src != NULL) {
		fuzz_emit_source(src);
		sp_source_free(src);
	}
	return 0;
}
