/*
 * Unit test of sp_csv: a cell as Python's csv module writes it (quoted
 * when it holds a comma, a quote, a newline or a carriage return, quotes
 * doubled), and as TSV (tabs, newlines, carriage returns and backslashes
 * escaped, nothing quoted); a failing writer's error comes back.
 */
#include <stdio.h>
#include <string.h>

#include "sp_csv.h"
#include "check.h"

struct buf {
	char s[256];
	size_t n;
	int fail;
};

static int
put(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct buf *b = ctx;

	if (b->fail)
		return sp_fail(e, SP_EIO, "write failed");
	if (b->n + n >= sizeof b->s)
		return sp_fail(e, SP_EIO, "full");
	memcpy(b->s + b->n, p, n);
	b->n += n;
	b->s[b->n] = '\0';
	return 0;
}

static void
cell(const char *in, size_t n, int tsv, const char *want)
{
	struct buf b = { "", 0, 0 };
	struct sp_err e;

	CHECK(sp_csv_cell(put, &b, in, n, tsv, &e) == 0, "cell: %s", e.msg);
	CHECK(b.n == strlen(want) && memcmp(b.s, want, b.n) == 0,
	    "%s of [%s]: [%s], want [%s]", tsv ? "tsv" : "csv", in, b.s,
	    want);
}

#define CELL(s, tsv, want) cell(s, sizeof s - 1, tsv, want)

int
main(void)
{
	struct buf b = { "", 0, 0 };
	struct sp_err e;

	CELL("solve", 0, "solve");
	CELL("", 0, "");
	CELL("a,b", 0, "\"a,b\"");
	CELL("say \"hi\"", 0, "\"say \"\"hi\"\"\"");
	CELL("two\nlines", 0, "\"two\nlines\"");
	CELL("cr\r", 0, "\"cr\r\"");
	CELL("tab\there", 0, "tab\there");
	CELL("a > b", 0, "a > b");
	CELL("caf\xc3\xa9", 0, "caf\xc3\xa9");
	CELL("tab\there", 1, "tab\\there");
	CELL("two\nlines\r", 1, "two\\nlines\\r");
	CELL("back\\slash", 1, "back\\\\slash");
	CELL("a,\"b\"", 1, "a,\"b\"");
	/* the cell's n bytes, a NUL too, as they are */
	b.fail = 0;
	CHECK(sp_csv_cell(put, &b, "nul\0in", 6, 0, &e) == 0 && b.n == 6 &&
	    memcmp(b.s, "nul\0in", 6) == 0, "a NUL kept");
	b.fail = 1;
	CHECK(sp_csv_cell(put, &b, "x", 1, 0, &e) < 0 && e.status == SP_EIO,
	    "a failing writer's error");
	if (!failed)
		printf("test-csv: ok\n");
	return failed;
}
