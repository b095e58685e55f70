/* Unit test of sp_parse: durations and sizes, good and bad. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sp_parse.h"
#include "check.h"

static void
test_values(void)
{
	static const struct { const char *s; int64_t ns; } d[] = {
		{ "0", 0 }, { "250000", 250000 }, { "1ns", 1 },
		{ "0.5ns", 1 }, { "1us", 1000 }, { "1.5us", 1500 },
		{ "1.0000005us", 1001 }, { "1.0000000us", 1000 },
		{ "0.25ms", 250000 }, { ".5ms", 500000 }, { "2.ms", 2000000 },
		{ "10s", 10000000000 }, { "0.000000001s", 1 },
		{ "0.0000000001s", 1 }, { "9223372036854775807", INT64_MAX },
		{ "9223372036.854775807s", INT64_MAX },
	};
	static const char *bad_d[] = {
		"", ".", "1.5", "-1", "+1", "1e3", "1 ms", "1m", "1min", "ms",
		"9223372036854775808", "9223372036.854775808s", "10000000000s",
		"1.5.5us", "99999999999999999999999",
	};
	static const struct { const char *s; uint64_t b; } z[] = {
		{ "0", 0 }, { "400M", 400000000 }, { "400MB", 400000000 },
		{ "1k", 1000 }, { "1K", 1000 }, { "1.5G", 1500000000 },
		{ "123", 123 }, { "123B", 123 },
		{ "18446744073709551615", UINT64_MAX },
	};
	static const char *bad_z[] = {
		"", "1.5", "1T", "-1", "1 M", "M", "18446744073709551616",
		"1.5B", "18446744073709552k",
	};
	size_t i;
	int64_t ns;
	uint64_t b;
	struct sp_err e;

	for (i = 0; i < sizeof d / sizeof d[0]; i++) {
		ns = -1;
		CHECK(sp_parse_duration("--d", d[i].s, &ns, &e) == 0 &&
		    ns == d[i].ns, "duration '%s': %" PRId64 ", want %" PRId64,
		    d[i].s, ns, d[i].ns);
	}
	for (i = 0; i < sizeof bad_d / sizeof bad_d[0]; i++) {
		CHECK(sp_parse_duration("--d", bad_d[i], &ns, &e) < 0 &&
		    e.status == SP_EUSAGE && strncmp(e.msg, "--d: '", 6) == 0,
		    "duration '%s' accepted", bad_d[i]);
	}
	for (i = 0; i < sizeof z / sizeof z[0]; i++) {
		b = 7;
		CHECK(sp_parse_size("--s", z[i].s, &b, &e) == 0 &&
		    b == z[i].b, "size '%s': %" PRIu64, z[i].s, b);
	}
	for (i = 0; i < sizeof bad_z / sizeof bad_z[0]; i++)
		CHECK(sp_parse_size("--s", bad_z[i], &b, &e) < 0 &&
		    e.status == SP_EUSAGE, "size '%s' accepted", bad_z[i]);
}

int
main(void)
{
	test_values();
	if (!failed)
		printf("test-parse: ok\n");
	return failed;
}
