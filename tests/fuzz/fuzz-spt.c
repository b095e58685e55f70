/*
 * fuzz-spt - the native-trace reader (sp_spt.h), driven as sp-read
 * drives it: the input as one trace (an image in memory), and, when it
 * is long enough to have a header, as the rank files of one run, the
 * input and a copy of it with its rank field changed, read from memfds
 * by path (the pread path, two files, the merge of their regions); each
 * source opened is written through the ordering engine in time and file
 * order, and the stream read back (fuzz.h).
 */
#include "fuzz.h"

#include <stdio.h>

#include "sp_spt.h"

static void
emit_and_free(struct sp_source *src)
{
	if (src != NULL) {
		fuzz_emit_source(src);
		sp_source_free(src);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sp_err e;
	char p0[64], p1[64];
	const char *paths[2] = { p0, p1 };
	uint8_t *copy;
	int fd0, fd1;

	sp_err_clear(&e);
	emit_and_free(sp_spt_open_image(data, size, "<sp-fuzz image>", &e));
	if (size < 16 || (copy = malloc(size)) == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[12] ^= 1;		/* the rank's low byte in either order */
	copy[15] ^= 1;
	fd0 = fuzz_memfd(data, size);
	fd1 = fuzz_memfd(copy, size);
	snprintf(p0, sizeof p0, "/proc/self/fd/%d", fd0);
	snprintf(p1, sizeof p1, "/proc/self/fd/%d", fd1);
	emit_and_free(sp_spt_open(paths, 2, &e));
	close(fd0);
	close(fd1);
	free(copy);
	return 0;
}
