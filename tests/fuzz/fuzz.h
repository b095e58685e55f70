/*
 * fuzz.h - what the fuzz targets share: input bytes as a file descriptor,
 * a sink that keeps output in memory, and the check that a stream sp
 * wrote reads back.
 *
 * A target never prints; it aborts (a crash libFuzzer reports, and a
 * failed replay test) only when an invariant of sp breaks, never for bad
 * input, which libsp must refuse with an error.
 */
#ifndef SP_FUZZ_H
#define SP_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* memfd_create */
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sp_err.h"
#include "sp_order.h"
#include "sp_sink.h"
#include "sp_stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An anonymous in-memory file holding n bytes of p, at offset 0. */
static inline int
fuzz_memfd(const uint8_t *p, size_t n)
{
	int fd = memfd_create("sp-fuzz", MFD_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		abort();
	while (off < n) {
		ssize_t k = write(fd, p + off, n - off);

		if (k <= 0)
			abort();
		off += (size_t)k;
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		abort();
	return fd;
}

/*
 * Read the stream in fd from its start to its end: 0 at a clean end, -1
 * (with e filled) on an error.  Every item is decoded.
 */
static inline int
fuzz_read_stream(int fd, const char *name, struct sp_err *e)
{
	struct sp_reader *r;
	struct sp_item it;
	int rc;

	if (lseek(fd, 0, SEEK_SET) != 0)
		abort();
	if ((r = sp_reader_new(fd, name, e)) == NULL)
		return -1;
	while ((rc = sp_reader_next(r, &it, e)) > 0)
		;
	sp_reader_free(r);
	return rc;
}

/*
 * Write src as sp-read would, twice: a section in time order (in batches
 * of 3 calls, so that rows split across batches) and one in file order
 * (sp-read --order file).  Reading the source may fail (a damaged row is
 * found only when it is read); a stream written without an error must
 * read back to its clean end.
 */
static inline void
fuzz_emit_source(struct sp_source *src)
{
	static const enum sp_stream_order orders[2] = { SP_ORDER_TIME,
		SP_ORDER_FILE };
	struct sp_err e;
	struct sp_sink *sink;
	struct sp_writer *w;
	int out = fuzz_memfd(NULL, 0), ok = 1, k;

	sp_err_clear(&e);
	if ((sink = sp_sink_new_fd(out, "out", &e)) == NULL ||
	    (w = sp_writer_new(sink, &e)) == NULL)
		abort();
	for (k = 0; k < 2 && ok; k++) {
		struct sp_order_opts o;

		memset(&o, 0, sizeof o);	/* every rank and region */
		o.batch = k == 0 ? 3 : 0;
		o.order = orders[k];
		if (sp_section_write_header(w, orders[k], "fuzz", &e) < 0 ||
		    sp_order_emit(src, "fuzz", NULL, 0, &o, w, NULL, &e) < 0 ||
		    sp_writer_stream_end(w, 1, &e) < 0)
			ok = 0;
	}
	if (ok && sp_sink_flush(sink, &e) < 0)
		abort();
	sp_writer_free(w);
	sp_sink_free(sink);
	if (ok && fuzz_read_stream(out, "out", &e) != 0)
		abort();	/* sp-read wrote a stream sp-stack refuses */
	close(out);
}

#endif
