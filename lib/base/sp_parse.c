/* sp_parse.c - option values with units: durations and sizes. */
#include "sp_parse.h"

#include <stdint.h>
#include <string.h>

/*
 * A decimal number times scale (a power of ten), rounded up: digits,
 * optionally a point and more digits; *end is where it stopped.
 */
static int
decimal(const char *s, uint64_t scale, uint64_t max, uint64_t *v,
    const char **end)
{
	uint64_t ip = 0, fp = 0, fscale = 1, div;
	int digits = 0, round = 0;

	for (; *s >= '0' && *s <= '9'; s++, digits++) {
		if (ip > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		ip = ip * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++, digits++) {
			/* keep the digits that matter at this scale */
			if (fscale < scale) {
				fp = fp * 10 + (uint64_t)(*s - '0');
				fscale *= 10;
			} else if (*s != '0') {
				round = 1;
			}
		}
	}
	*end = s;
	if (digits == 0)
		return -1;
	if (ip > max / scale)
		return -1;
	/* fp / fscale of a unit is fp * (scale / fscale) */
	div = scale / fscale;
	if (max - ip * scale < fp * div + (uint64_t)round)
		return -1;
	*v = ip * scale + fp * div + (uint64_t)round;
	return 0;
}

int
sp_parse_duration(const char *opt, const char *s, int64_t *ns,
    struct sp_err *e)
{
	static const struct { const char *unit; uint64_t scale; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		{ "s", 1000000000 },
	};
	const char *end;
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (decimal(s, units[i].scale, INT64_MAX, &v, &end) < 0)
			break;
		if (strcmp(end, units[i].unit) == 0) {
			/* a count of ns has no fraction */
			if (units[i].unit[0] == '\0' && strchr(s, '.') != NULL)
				break;
			*ns = (int64_t)v;
			return 0;
		}
	}
	return sp_fail(e, SP_EUSAGE, "%s: '%s' is not a duration: give ns "
	    "(250000) or a number with a unit ns, us, ms or s (0.25ms)",
	    opt, s);
}

int
sp_parse_size(const char *opt, const char *s, uint64_t *bytes,
    struct sp_err *e)
{
	static const struct { const char *unit; uint64_t scale; } units[] = {
		{ "", 1 }, { "B", 1 }, { "k", 1000 }, { "kB", 1000 },
		{ "K", 1000 }, { "KB", 1000 }, { "M", 1000000 },
		{ "MB", 1000000 }, { "G", 1000000000 }, { "GB", 1000000000 },
	};
	const char *end;
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (decimal(s, units[i].scale, UINT64_MAX, &v, &end) < 0)
			break;
		if (strcmp(end, units[i].unit) == 0 &&
		    (units[i].scale > 1 || strchr(s, '.') == NULL)) {
			*bytes = v;
			return 0;
		}
	}
	return sp_fail(e, SP_EUSAGE, "%s: '%s' is not a size: give bytes, or "
	    "a number with k, M or G (400M)", opt, s);
}
