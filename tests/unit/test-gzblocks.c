/*
 * Unit test of sp_gzblocks: one gzip member per block, the same bytes
 * whatever the number of threads and however the input is cut into
 * writes, read back by zlib as one gzip file; errors of the output
 * callback passed on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "sp_gzblocks.h"
#include "check.h"

struct sink {
	unsigned char *p;
	size_t n, cap;
	int calls;
	int fail_at;		/* the call that fails (0: none) */
};

static int
put(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct sink *s = ctx;

	if (++s->calls == s->fail_at)
		return sp_fail(e, SP_EIO, "sink: no room");
	if (s->n + n > s->cap) {
		s->cap = (s->n + n) * 2;
		s->p = realloc(s->p, s->cap);
		if (s->p == NULL)
			return sp_fail(e, SP_ENOMEM, "sink: out of memory");
	}
	memcpy(s->p + s->n, p, n);
	s->n += n;
	return 0;
}

/* The input: text that compresses, with some noise in it. */
static unsigned char *
input(size_t n)
{
	unsigned char *p = malloc(n + 1);
	unsigned x = 12345;
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (x >> 24) % 7 == 0 ? (unsigned char)(x >> 16) :
		    (unsigned char)"region;calls;\n"[i % 14];
	}
	return p;
}

/* Inflate every member of z; the number of members, -1 on an error. */
static int
gunzip(const unsigned char *z, size_t zn, unsigned char *out, size_t cap,
    size_t *outn)
{
	z_stream s;
	int members = 0, rc = Z_OK;

	memset(&s, 0, sizeof s);
	if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK)
		return -1;
	s.next_in = (unsigned char *)z;
	s.avail_in = (uInt)zn;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	while (s.avail_in > 0) {
		rc = inflate(&s, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			members++;
			if (inflateReset(&s) != Z_OK)
				break;
		} else if (rc != Z_OK) {
			break;
		}
	}
	*outn = cap - s.avail_out;
	inflateEnd(&s);
	return rc == Z_STREAM_END || rc == Z_OK ? members : -1;
}

/* Compress n bytes in writes of step bytes; the output in *s. */
static int
pack(const unsigned char *p, size_t n, size_t step, int threads,
    size_t block, struct sink *s, struct sp_err *e)
{
	struct sp_gzblocks *b;
	size_t i;
	int rc = 0;

	memset(s, 0, sizeof *s);
	b = sp_gzblocks_new(6, threads, block, put, s, "out.gz", e);
	if (b == NULL)
		return -1;
	for (i = 0; rc == 0 && i < n; i += step)
		rc = sp_gzblocks_write(b, p + i, n - i < step ? n - i : step,
		    e);
	if (rc == 0)
		rc = sp_gzblocks_finish(b, e);
	sp_gzblocks_free(b);
	return rc;
}

static void
test_same_bytes(void)
{
	static const size_t sizes[] = { 1, 999, 1000, 1001, 25000 };
	static const size_t steps[] = { 1, 7, 1000, 100000 };
	static const int threads[] = { 0, 1, 3 };
	const size_t block = 1000;
	size_t si, ti, pi;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		size_t n = sizes[si], outn;
		unsigned char *p = input(n), *back = malloc(n + 1);
		struct sink ref, s;
		struct sp_err e;
		int members;

		sp_err_clear(&e);
		CHECK(pack(p, n, n, 0, block, &ref, &e) == 0,
		    "%zu bytes: %s", n, e.msg);
		members = gunzip(ref.p, ref.n, back, n + 1, &outn);
		CHECK(members == (int)((n + block - 1) / block),
		    "%zu bytes: %d members, want one per block of %zu", n,
		    members, block);
		CHECK(outn == n && memcmp(back, p, n) == 0,
		    "%zu bytes: %zu back, not the same", n, outn);
		for (ti = 0; ti < sizeof threads / sizeof threads[0]; ti++)
			for (pi = 0; pi < sizeof steps / sizeof steps[0]; pi++) {
				CHECK(pack(p, n, steps[pi], threads[ti],
				    block, &s, &e) == 0, "%s", e.msg);
				CHECK(s.n == ref.n &&
				    memcmp(s.p, ref.p, ref.n) == 0,
				    "%zu bytes, %d threads, writes of %zu: "
				    "other bytes", n, threads[ti], steps[pi]);
				free(s.p);
			}
		free(ref.p);
		free(back);
		free(p);
	}
}

/* No bytes at all: one empty member, still a gzip file. */
static void
test_empty(void)
{
	static const int threads[] = { 0, 2 };
	unsigned char back[4];
	size_t outn = 99, i;
	struct sink s;
	struct sp_err e;

	for (i = 0; i < 2; i++) {
		sp_err_clear(&e);
		CHECK(pack(NULL, 0, 1, threads[i], 64, &s, &e) == 0,
		    "empty: %s", e.msg);
		CHECK(s.calls == 1 && s.n >= 18 && s.p[0] == 0x1f &&
		    s.p[1] == 0x8b, "empty, %d threads: %d calls, %zu bytes",
		    threads[i], s.calls, s.n);
		CHECK(gunzip(s.p, s.n, back, sizeof back, &outn) == 1 &&
		    outn == 0, "empty: not one empty member");
		free(s.p);
	}
}

/* The callback's error comes back from the write or the finish. */
static void
test_output_error(void)
{
	static const int threads[] = { 0, 2 };
	unsigned char *p = input(10000);
	size_t i;

	for (i = 0; i < 2; i++) {
		struct sink s;
		struct sp_err e;
		struct sp_gzblocks *b;
		int rc;

		memset(&s, 0, sizeof s);
		s.fail_at = 3;
		sp_err_clear(&e);
		b = sp_gzblocks_new(1, threads[i], 1000, put, &s, "out.gz",
		    &e);
		rc = sp_gzblocks_write(b, p, 10000, &e);
		if (rc == 0)
			rc = sp_gzblocks_finish(b, &e);
		CHECK(rc == -1 && e.status == SP_EIO &&
		    strcmp(e.msg, "sink: no room") == 0,
		    "%d threads: rc %d, '%s'", threads[i], rc, e.msg);
		CHECK(s.calls == 3, "%d threads: %d calls after the failed one",
		    threads[i], s.calls);
		sp_gzblocks_free(b);
		free(s.p);
	}
	free(p);
	sp_gzblocks_free(NULL);
}

int
main(void)
{
	test_same_bytes();
	test_empty();
	test_output_error();
	return failed != 0;
}
