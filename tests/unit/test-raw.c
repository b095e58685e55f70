/*
 * Unit test of the stream reader's byte layer, sp_raw, and of its thread
 * that cuts ahead, sp_ahead: a CBOR sequence cut into whole items (a
 * small one, a big one past the first buffer, one read a byte at a time
 * through a pipe), each with its bytes and parse; a first byte that
 * cannot begin a header; an item cut off, and bytes that are not CBOR,
 * with their messages; the end, again and again.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_ahead.h"
#include "sp_raw.h"
#include "check.h"

#define BIG 100000

/* header tag(55799)[1, 2], [1, 2, 3], "hello", a byte string of BIG */
static unsigned char *
sequence(size_t *n, size_t *lens)
{
	static const unsigned char head[] = { 0xd9, 0xd9, 0xf7, 0x82, 1, 2 };
	static const unsigned char arr[] = { 0x83, 1, 2, 3 };
	static const unsigned char txt[] = { 0x65, 'h', 'e', 'l', 'l', 'o' };
	static const unsigned char big[] = { 0x5a, 0, 1, 0x86, 0xa0 };
	unsigned char *p = malloc(sizeof head + sizeof arr + sizeof txt +
	    sizeof big + BIG), *q = p;
	size_t i;

	memcpy(q, head, sizeof head);
	q += sizeof head;
	memcpy(q, arr, sizeof arr);
	q += sizeof arr;
	memcpy(q, txt, sizeof txt);
	q += sizeof txt;
	memcpy(q, big, sizeof big);
	q += sizeof big;
	for (i = 0; i < BIG; i++)
		*q++ = (unsigned char)(i * 7);
	lens[0] = sizeof head;
	lens[1] = sizeof arr;
	lens[2] = sizeof txt;
	lens[3] = sizeof big + BIG;
	*n = (size_t)(q - p);
	return p;
}

/* A descriptor reading p[0..n): a file, or a pipe fed by a child. */
static int
input(const unsigned char *p, size_t n, int piped)
{
	char path[256];
	int fd, pfd[2];

	if (piped) {
		if (pipe(pfd) < 0)
			return -1;
		if (fork() == 0) {
			size_t i;

			close(pfd[0]);
			/* a byte at a time for the first 64, then the rest */
			for (i = 0; i < n && i < 64; i++)
				if (write(pfd[1], p + i, 1) != 1)
					_exit(1);
			if (n > i && write(pfd[1], p + i, n - i) !=
			    (ssize_t)(n - i))
				_exit(1);
			_exit(0);
		}
		close(pfd[1]);
		return pfd[0];
	}
	snprintf(path, sizeof path, "%s/test-raw-XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
	if ((fd = mkstemp(path)) < 0)
		return -1;
	unlink(path);
	if (write(fd, p, n) != (ssize_t)n || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The items of fd, by sp_raw (ahead 0) or sp_ahead (1), as text. */
static void
cut(int fd, int ahead, char *out, size_t cap, const unsigned char *p)
{
	struct sp_raw w;
	struct sp_ahead *a = NULL;
	struct sp_raw_at at;
	struct sp_err e;
	enum sp_raw_got got;
	size_t off = 0, len;
	int k, tail = 0;

	sp_err_clear(&e);
	*out = '\0';
	if (ahead ? (a = sp_ahead_new(fd, "t.sps", &e)) == NULL :
	    sp_raw_init(&w, fd, "t.sps", 16) < 0) {
		snprintf(out, cap, "no reader: %s", e.msg);
		return;
	}
	for (k = 0; k < 8; k++) {
		got = ahead ? sp_ahead_next(a, &at, &e) :
		    sp_raw_next(&w, k == 0, &at, &e);
		len = strlen(out);
		if (got == SP_RAW_ITEM) {
			snprintf(out + len, cap - len, "item %zu%s; ", at.len,
			    memcmp(at.p, p + off, at.len) == 0 &&
			    at.doc != NULL && sp_cbor_count(at.doc) > 0 ?
			    "" : " (other bytes)");
			off += at.len;
		} else if (got == SP_RAW_NOT_HEAD) {
			snprintf(out + len, cap - len, "not head %02x; ",
			    at.avail > 0 ? at.p[0] : 0);
			break;
		} else if (got == SP_RAW_ERROR) {
			snprintf(out + len, cap - len, "error %d: %s; ",
			    (int)e.status, e.msg);
			sp_err_clear(&e);
		} else {
			snprintf(out + len, cap - len, "end; ");
		}
		/* after the end or an error: the same twice more */
		if (got != SP_RAW_ITEM && ++tail == 3)
			break;
	}
	if (ahead)
		sp_ahead_free(a);
	else
		sp_raw_fini(&w);
	close(fd);
}

static void
expect(const unsigned char *p, size_t n, const char *want_raw,
    const char *want_ahead)
{
	char got[2048];
	int piped, ahead;

	for (piped = 0; piped < 2; piped++)
		for (ahead = 0; ahead < 2; ahead++) {
			const char *want = ahead ? want_ahead : want_raw;

			cut(input(p, n, piped), ahead, got, sizeof got, p);
			CHECK(strcmp(got, want) == 0, "%s, %s:\n  got  %s\n"
			    "  want %s", piped ? "pipe" : "file",
			    ahead ? "ahead" : "in turn", got, want);
		}
}

static void
test_items(void)
{
	size_t lens[4], n;
	unsigned char *p = sequence(&n, lens);
	char want[512];

	snprintf(want, sizeof want, "item %zu; item %zu; item %zu; item %zu; "
	    "end; end; end; ", lens[0], lens[1], lens[2], lens[3]);
	CHECK(lens[3] == BIG + 5, "the big item");
	expect(p, n, want, want);
	/* the big item cut off: the items before it, then the error, kept */
#define CUT_OFF "error 1: t.sps: truncated sp stream: the last item is cut off; "
	expect(p, n - 10, "item 6; item 4; item 6; " CUT_OFF CUT_OFF CUT_OFF,
	    "item 6; item 4; item 6; " CUT_OFF CUT_OFF CUT_OFF);
	/* no bytes at all */
	expect(p, 0, "end; end; end; ", "end; end; end; ");
	/* a first byte that cannot begin a header */
	expect(p + lens[0], n - lens[0], "not head 83; ", "not head 83; ");
	free(p);
}

static void
test_not_cbor(void)
{
	/* the header, then a break code where an item must begin */
	static const unsigned char bad[] = { 0xd9, 0xd9, 0xf7, 0x82, 1, 2,
		0xff, 0x01 };
	char got[1024];
	int fd = input(bad, sizeof bad, 0);

	cut(fd, 0, got, sizeof got, bad);
	CHECK(strncmp(got, "item 6; error 1: t.sps: bad sp stream: ", 39) == 0,
	    "a break code: %s", got);
	cut(input(bad, sizeof bad, 0), 1, got, sizeof got, bad);
	CHECK(strncmp(got, "item 6; error 1: t.sps: bad sp stream: ", 39) == 0,
	    "a break code, ahead: %s", got);
}

int
main(void)
{
	test_items();
	test_not_cbor();
	return failed != 0;
}
