/*
 * Unit test of sp_gzout, the output filter of the programs that write
 * gzip: plain output passes through untouched; gzip output is one member
 * that inflates back to the input, with the header Python's gzip module
 * writes (mtime 0, no name, OS 255), the same bytes from one run to the
 * next and whatever the pieces it is fed in; the counts both ways; a
 * failing output fails the write or the finish, never silently; ".gz"
 * names in any case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "sp_gzout.h"
#include "check.h"
#include "membuf.h"

static void
test_is_gz(void)
{
	CHECK(sp_gzout_is_gz("a.json.gz") && sp_gzout_is_gz("A.JSON.GZ") &&
	    sp_gzout_is_gz("t.pftrace.Gz") && !sp_gzout_is_gz("a.json") &&
	    !sp_gzout_is_gz("gz") && !sp_gzout_is_gz(".g"), "is_gz");
}

/* n bytes of text that compress, but not to nothing. */
static unsigned char *
sample(size_t n)
{
	unsigned char *p = malloc(n);
	unsigned x = 1;
	size_t i;

	for (i = 0; p != NULL && i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (unsigned char)"{\"ts\":0123456789,}\n"[(x >> 16) % 19];
	}
	return p;
}

/* Feed p in pieces of at most piece bytes; finish. */
static int
feed(struct membuf *m, int gzip, int level, const unsigned char *p,
    size_t n, size_t piece, struct sp_gzout **keep)
{
	struct sp_err e;
	struct sp_gzout *f;
	size_t k;

	if ((f = sp_gzout_new(gzip, level, membuf_write, m, "out.gz",
	    &e)) == NULL)
		return -1;
	for (; n > 0; p += k, n -= k) {
		k = n < piece ? n : piece;
		if (sp_gzout_write(f, p, k, &e) < 0)
			goto fail;
	}
	if (sp_gzout_finish(f, &e) < 0)
		goto fail;
	*keep = f;
	return 0;
fail:
	sp_gzout_free(f);
	return -1;
}

static void
test_plain(void)
{
	struct membuf m = { 0 };
	struct sp_gzout *f = NULL;
	unsigned char *p = sample(100000);

	CHECK(feed(&m, 0, 6, p, 100000, 777, &f) == 0, "plain feed");
	CHECK(m.n == 100000 && memcmp(m.p, p, m.n) == 0, "plain: as is");
	CHECK(f != NULL && sp_gzout_in_bytes(f) == 100000 &&
	    sp_gzout_out_bytes(f) == 100000, "plain counts");
	sp_gzout_free(f);
	free(m.p);
	free(p);
}

/* Inflate a gzip member; the length, or -1. */
static long
inflate_all(const unsigned char *p, size_t n, unsigned char *out,
    size_t cap)
{
	z_stream z;
	int rc;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	rc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	return rc == Z_STREAM_END && z.avail_in == 0 ? (long)z.total_out : -1;
}

static void
test_gzip(void)
{
	static const size_t pieces[] = { 1, 100, 65536, 1 << 20 };
	size_t n = 3000000, i;
	unsigned char *p = sample(n), *back = malloc(n + 1);
	struct membuf first = { 0 };
	struct sp_gzout *f = NULL;

	CHECK(feed(&first, 1, 6, p, n, 4096, &f) == 0, "gzip feed");
	CHECK(first.n > 18 && first.p[0] == 0x1f && first.p[1] == 0x8b &&
	    first.p[2] == 8 && first.p[3] == 0, "gzip magic, deflate, no "
	    "flags");
	CHECK(first.n > 18 && memcmp(first.p + 4, "\0\0\0\0", 4) == 0 &&
	    first.p[9] == 255, "mtime 0 and OS 255, as Python's gzip");
	CHECK(inflate_all(first.p, first.n, back, n + 1) == (long)n &&
	    memcmp(back, p, n) == 0, "inflates back to the input");
	CHECK(f != NULL && sp_gzout_in_bytes(f) == n &&
	    sp_gzout_out_bytes(f) == first.n && first.n < n,
	    "gzip counts: %zu of %zu", first.n, n);
	sp_gzout_free(f);
	for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		struct membuf m = { 0 };

		f = NULL;
		CHECK(feed(&m, 1, 6, p, n, pieces[i], &f) == 0 &&
		    m.n == first.n && memcmp(m.p, first.p, m.n) == 0,
		    "pieces of %zu: the same bytes", pieces[i]);
		sp_gzout_free(f);
		free(m.p);
	}
	free(first.p);
	free(back);
	free(p);
}

static void
test_empty(void)
{
	struct membuf m = { 0 };
	struct sp_gzout *f = NULL;
	unsigned char back[4];

	CHECK(feed(&m, 1, 9, (const unsigned char *)"", 0, 1, &f) == 0 &&
	    inflate_all(m.p, m.n, back, sizeof back) == 0,
	    "no bytes: an empty member");
	sp_gzout_free(f);
	free(m.p);
}

static void
test_failing_output(void)
{
	size_t n = 2000000;
	unsigned char *p = sample(n);
	struct membuf m = { 0 };
	struct sp_gzout *f = NULL;

	/* the filter's buffer holds a little: the finish must report it */
	m.fail_after = 10;
	CHECK(feed(&m, 1, 1, p, 100, 100, &f) < 0, "gzip: fails at finish");
	m.n = 0;
	m.fail_after = 1000;
	CHECK(feed(&m, 1, 1, p, n, 65536, &f) < 0, "gzip: fails mid-way");
	m.n = 0;
	CHECK(feed(&m, 0, 1, p, n, 65536, &f) < 0, "plain: fails");
	sp_gzout_free(f);
	free(m.p);
	free(p);
}

int
main(void)
{
	test_is_gz();
	test_plain();
	test_gzip();
	test_empty();
	test_failing_output();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
