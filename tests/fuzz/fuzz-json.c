/*
 * fuzz-json - the JSON profile reader (sp_json_read.h), plain or gzip
 * (told apart by the magic bytes), driven as sp-read drives it: the
 * document parsed, its per-call columns spilled to a temporary file
 * ($TMPDIR, else /tmp), every row read back through the ordering engine
 * in time and file order, and the stream written read back (fuzz.h).
 *
 * The input reaches the reader as a path: /proc/self/fd/N of a memfd.
 */
#include "fuzz.h"

#include <stdio.h>

#include "sp_json_read.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sp_err e;
	struct sp_source *src;
	char path[64];
	int fd = fuzz_memfd(data, size);

	sp_err_clear(&e);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	src = sp_json_open(path, NULL, &e);
	if (src != NULL) {
		fuzz_emit_source(src);
		sp_source_free(src);
	}
	close(fd);
	return 0;
}
