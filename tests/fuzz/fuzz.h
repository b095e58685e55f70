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

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
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
 * Remove what dir holds, subdirectories with their contents, keeping dir
 * itself: the number of entries removed (hidden ones too).
 */
static inline size_t
fuzz_clear_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	if (d == NULL)
		abort();
	while ((de = readdir(d)) != NULL) {
		char p[4096];
		struct stat st;

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if ((size_t)snprintf(p, sizeof p, "%s/%s", dir, de->d_name) >=
		    sizeof p || lstat(p, &st) < 0)
			abort();
		if (S_ISDIR(st.st_mode)) {
			fuzz_clear_dir(p);
			if (rmdir(p) < 0)
				abort();
		} else if (unlink(p) < 0) {
			abort();
		}
		n++;
	}
	closedir(d);
	return n;
}

static char fuzz_scratch_path[4096];

static inline void
fuzz_scratch_remove(void)
{
	fuzz_clear_dir(fuzz_scratch_path);
	rmdir(fuzz_scratch_path);
}

/*
 * A directory of the process's own under $TMPDIR (else /tmp), made at the
 * first call and removed with its contents at exit; the targets empty it
 * after each input.
 */
static inline const char *
fuzz_scratch(void)
{
	if (fuzz_scratch_path[0] == '\0') {
		const char *t = getenv("TMPDIR");

		if (t == NULL || *t == '\0')
			t = "/tmp";
		if ((size_t)snprintf(fuzz_scratch_path,
		    sizeof fuzz_scratch_path, "%s/sp-fuzz.XXXXXX", t) >=
		    sizeof fuzz_scratch_path ||
		    mkdtemp(fuzz_scratch_path) == NULL)
			abort();
		atexit(fuzz_scratch_remove);
	}
	return fuzz_scratch_path;
}

/* Make directory path (under the scratch directory). */
static inline void
fuzz_mkdir(const char *path)
{
	if (mkdir(path, 0700) < 0)
		abort();
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
	static const enum sp_section_order orders[2] = { SP_ORDER_TIME,
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
