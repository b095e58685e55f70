/* Unit test of sp_pyrepr against tables that Python 3.11 wrote. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_pyrepr.h"

struct pyrepr_range {
	uint32_t lo, hi;
	int printable;
};

struct pyrepr_case {
	const char *in;
	size_t len;
	const char *repr;
};

#include "pyrepr-table.inc"
#include "check.h"

static void
test_cases(void)
{
	struct sp_err e;
	char *out;
	size_t i;

	for (i = 0; i < sizeof pyrepr_cases / sizeof pyrepr_cases[0]; i++) {
		if (sp_pyrepr(pyrepr_cases[i].in, pyrepr_cases[i].len, &out,
		    &e) == -1) {
			CHECK(0, "case %zu: %s", i, e.msg);
			continue;
		}
		CHECK(strcmp(out, pyrepr_cases[i].repr) == 0,
		    "case %zu: got %s, want %s", i, out, pyrepr_cases[i].repr);
		free(out);
	}
}

static size_t
encode(uint32_t c, char *b)
{
	if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6);
		b[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12);
		b[1] = (char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (char)(0xf0 | c >> 18);
	b[1] = (char)(0x80 | (c >> 12 & 0x3f));
	b[2] = (char)(0x80 | (c >> 6 & 0x3f));
	b[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

static void
check_code_point(uint32_t c, int printable)
{
	char in[4], want[16], *out;
	struct sp_err e;
	size_t n;

	n = encode(c, in);
	if (printable)
		snprintf(want, sizeof want, "'%.*s'", (int)n, in);
	else if (c <= 0xff)
		snprintf(want, sizeof want, "'\\x%02x'", (unsigned)c);
	else if (c <= 0xffff)
		snprintf(want, sizeof want, "'\\u%04x'", (unsigned)c);
	else
		snprintf(want, sizeof want, "'\\U%08x'", (unsigned)c);
	if (sp_pyrepr(in, n, &out, &e) == -1) {
		CHECK(0, "U+%04X: %s", (unsigned)c, e.msg);
		return;
	}
	CHECK(strcmp(out, want) == 0, "U+%04X: got %s, want %s", (unsigned)c,
	    out, want);
	free(out);
}

/* Both ends and the middle of every run of equally printable characters. */
static void
test_ranges(void)
{
	const struct pyrepr_range *r;
	size_t i;

	for (i = 0; i < sizeof pyrepr_ranges / sizeof pyrepr_ranges[0]; i++) {
		r = &pyrepr_ranges[i];
		check_code_point(r->lo, r->printable);
		check_code_point(r->lo + (r->hi - r->lo) / 2, r->printable);
		check_code_point(r->hi, r->printable);
	}
}

static void
test_long(void)
{
	struct sp_err e;
	char *in, *out;
	size_t i, n = 100000;

	/* Worst-case growth: every byte invalid. */
	in = malloc(n);
	for (i = 0; i < n; i++)
		in[i] = (char)0xff;
	CHECK(sp_pyrepr(in, n, &out, &e) == 0, "%s", e.msg);
	CHECK(strlen(out) == 6 * n + 2, "length %zu", strlen(out));
	free(out);
	free(in);
}

int
main(void)
{
	test_cases();
	test_ranges();
	test_long();
	if (failed)
		return 1;
	printf("pyrepr: ok\n");
	return 0;
}
