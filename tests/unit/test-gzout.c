/*
 * Unit test of sp_gzout, the output filter of the programs that write
 * gzip: plain output passes through untouched; gzip output is one member
 * a block that together inflate back to the input, each with the header
 * Python's gzip module writes (mtime 0, no name, OS 255), the same bytes
 * from one run to the next, whatever the pieces it is fed in and the
 * number of threads compressing; the counts both ways; a
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
feed_with(struct membuf *m, int gzip, int level, int threads, size_t block,
    const unsigned char *p, size_t n, size_t piece, struct sp_gzout **keep)
{
	struct sp_err e;
	struct sp_gzout *f;
	size_t k;

	if ((f = sp_gzout_new_with(gzip, level, threads, block, membuf_write,
	    m, "out.gz", &e)) == NULL)
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

/* As the programs do: the default threads and block. */
static int
feed(struct membuf *m, int gzip, int level, const unsigned char *p,
    size_t n, size_t piece, struct sp_gzout **keep)
{
	return feed_with(m, gzip, level, sp_gzout_threads(), SP_GZOUT_BLOCK,
	    p, n, piece, keep);
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

/* Inflate the gzip members one after the other, as gzip(1) does; the
 * length, or -1.  *members: how many there were. */
static long
inflate_members(const unsigned char *p, size_t n, unsigned char *out,
    size_t cap, size_t *members)
{
	z_stream z;
	int rc = Z_STREAM_END;
	size_t total = 0;

	*members = 0;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 16) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)n;
	while (rc == Z_STREAM_END && (z.avail_in > 0 || *members == 0)) {
		if (*members > 0 && inflateReset(&z) != Z_OK)
			break;
		z.next_out = out + total;
		z.avail_out = (uInt)(cap - total);
		rc = inflate(&z, Z_FINISH);
		total = cap - z.avail_out;
		if (rc == Z_STREAM_END)
			++*members;
	}
	inflateEnd(&z);
	return rc == Z_STREAM_END && z.avail_in == 0 ? (long)total : -1;
}

static long
inflate_all(const unsigned char *p, size_t n, unsigned char *out,
    size_t cap)
{
	size_t members;

	return inflate_members(p, n, out, cap, &members);
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

/* Blocks of 1000 bytes: one member each, a header at each start; any
 * number of threads, and none, gives the same bytes. */
static void
test_members(void)
{
	static const int threads[] = { 1, 2, 3, 16, 40 };
	size_t n = 123456, i, members;
	unsigned char *p = sample(n), *back = malloc(n + 1);
	struct membuf first = { 0 };
	struct sp_gzout *f = NULL;

	CHECK(feed_with(&first, 1, 6, 0, 1000, p, n, 333, &f) == 0,
	    "members: feed without threads");
	sp_gzout_free(f);
	CHECK(inflate_members(first.p, first.n, back, n + 1, &members) ==
	    (long)n && memcmp(back, p, n) == 0 && members == 124,
	    "members: %zu members of 1000 bytes inflate back", members);
	for (i = 0; i < sizeof threads / sizeof threads[0]; i++) {
		struct membuf m = { 0 };

		f = NULL;
		CHECK(feed_with(&m, 1, 6, threads[i], 1000, p, n, 4567, &f) ==
		    0 && m.n == first.n && memcmp(m.p, first.p, m.n) == 0,
		    "%d threads: the same bytes", threads[i]);
		sp_gzout_free(f);
		free(m.p);
	}
	free(first.p);
	free(back);
	free(p);
}

/* --level's mapping onto libdeflate's, and the XFL byte it gives. */
static void
test_levels(void)
{
	static const unsigned char xfl[10] = { 0, 4, 0, 0, 0, 0, 0, 0, 2, 2 };
	unsigned char *p = sample(50000), back[50001];
	int l;

	CHECK(sp_gzout_level(1) == 1 && sp_gzout_level(6) == 6 &&
	    sp_gzout_level(7) == 7 && sp_gzout_level(8) == 10 &&
	    sp_gzout_level(9) == 12, "levels 1-7 as they are, 8 and 9 on "
	    "the near-optimal parser");
	for (l = 1; l <= 9; l++) {
		struct membuf m = { 0 };
		struct sp_gzout *f = NULL;

		CHECK(feed(&m, 1, l, p, 50000, 50000, &f) == 0 && m.n > 10 &&
		    m.p[8] == xfl[l] && inflate_all(m.p, m.n, back, 50001) ==
		    50000 && memcmp(back, p, 50000) == 0,
		    "level %d: XFL %u, inflates back", l, m.n > 8 ? m.p[8] : 0);
		sp_gzout_free(f);
		free(m.p);
	}
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
	/* with threads at work: the error comes back, the threads stop */
	m.n = 0;
	m.fail_after = 5000;
	CHECK(feed_with(&m, 1, 1, 2, 1000, p, n, 65536, &f) < 0,
	    "threads: fails mid-way");
	m.n = 0;
	m.fail_after = 5000;
	CHECK(feed_with(&m, 1, 1, 0, 1000, p, n, 65536, &f) < 0,
	    "no threads: fails mid-way");
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
	test_members();
	test_levels();
	test_empty();
	test_failing_output();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
