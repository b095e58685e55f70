/*
 * fuzz-options - the parsers of option values the programs share: the
 * region filters (sp_filter.h: -i, -x), rank selections (sp_ranks.h:
 * -r), time windows (sp_window.h: --window) and sizes and durations
 * (sp_parse.h: -S, --max-size, --min-duration).
 *
 * The input's first byte chooses the parser (modulo 6: include filter,
 * exclude filter, ranks, window, window-inside, duration and size); the
 * rest is split at NUL bytes into strings, the option values (for the
 * filters: two patterns, then region names to match).
 *
 * Invariants checked (abort when broken): a filter's verdict on a name
 * is the same when asked twice; a rank selection walks consistently
 * (sp_ranks_next gives the smallest selected rank from where it starts,
 * sp_ranks_span_end the end of a run of selected ranks, a refused spec
 * leaves the set as it was); a window keeps a kept call's length
 * positive (or zero) when clipped, inside the window, and a window
 * without relative sides does not move with the run's start; a duration
 * is not negative.
 */
#include "fuzz.h"

#include "sp_filter.h"
#include "sp_parse.h"
#include "sp_ranks.h"
#include "sp_window.h"

#define MAX_STRINGS 16

/* Split p at NULs into NUL-terminated copies: their number. */
static size_t
split(const uint8_t *p, size_t n, char **s)
{
	size_t k = 0;

	while (k < MAX_STRINGS) {
		const uint8_t *z = memchr(p, '\0', n);
		size_t len = z != NULL ? (size_t)(z - p) : n;

		if ((s[k] = malloc(len + 1)) == NULL)
			abort();
		memcpy(s[k], p, len);
		s[k][len] = '\0';
		k++;
		if (z == NULL)
			break;
		p += len + 1;
		n -= len + 1;
	}
	return k;
}

static void
filter(int exclude, char **s, size_t n)
{
	struct sp_filter *f = sp_filter_new();
	struct sp_err e;
	size_t i;

	if (f == NULL)
		abort();
	if (n > 0)
		(void)(exclude ? sp_filter_exclude(f, s[0], &e) :
		    sp_filter_include(f, s[0], &e));
	if (n > 1)
		(void)(exclude ? sp_filter_include(f, s[1], &e) :
		    sp_filter_exclude(f, s[1], &e));
	for (i = 2; i < n; i++) {
		size_t len = strlen(s[i]);
		int k = sp_filter_keep(f, s[i], len);

		if (k != sp_filter_keep(f, s[i], len))
			abort();	/* the verdict changed */
		if (!sp_filter_active(f) && !k)
			abort();	/* no pattern drops a region */
	}
	sp_filter_free(f);
}

/* The ranks to look at: ends of the range, and around the numbers seen. */
static size_t
probes(char **s, size_t n, uint32_t *out)
{
	static const uint32_t fixed[] = { 0, 1, 2, 3, 7, 100, 4294967294u,
		4294967295u };
	size_t k = 0, i;

	for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		out[k++] = fixed[i];
	for (i = 0; i < n; i++) {
		unsigned long long v = strtoull(s[i] + strspn(s[i], " ,-"),
		    NULL, 10);

		if (v <= 4294967295u) {
			out[k++] = (uint32_t)v;
			out[k++] = v > 0 ? (uint32_t)v - 1 : 0;
			out[k++] = v < 4294967295u ? (uint32_t)v + 1 :
			    (uint32_t)v;
		}
	}
	return k;
}

static void
check_rank(const struct sp_ranks *r, uint32_t from)
{
	uint32_t next, end, k;

	if (sp_ranks_all(r) && !sp_ranks_has(r, from))
		abort();	/* no restriction, yet a rank is not selected */
	if (sp_ranks_next(r, from, &next)) {
		if (next < from || !sp_ranks_has(r, next))
			abort();	/* next gave a rank not selected */
		for (k = from; k < next && k - from < 64; k++)
			if (sp_ranks_has(r, k))
				abort();	/* next skipped a selected rank */
	} else {
		for (k = from; k - from < 64; k++) {
			if (sp_ranks_has(r, k))
				abort();	/* none, yet one is selected */
			if (k == 4294967295u)
				break;
		}
	}
	if (!sp_ranks_has(r, from))
		return;
	end = sp_ranks_span_end(r, from);
	if (end < from)
		abort();	/* a span that ends before its rank */
	for (k = from; k < end && k - from < 64; k++)
		if (!sp_ranks_has(r, k))
			abort();	/* a hole inside the span */
	if (!sp_ranks_has(r, end) ||
	    (end < 4294967295u && sp_ranks_has(r, end + 1)))
		abort();	/* the span does not end where its run does */
}

static void
ranks(char **s, size_t n)
{
	struct sp_ranks *r = sp_ranks_new();
	uint32_t pr[8 + 3 * MAX_STRINGS];
	size_t np = probes(s, n, pr), i, j;

	if (r == NULL)
		abort();
	for (i = 0; i < n; i++) {
		struct sp_err e;
		int before[8 + 3 * MAX_STRINGS], all = sp_ranks_all(r);

		for (j = 0; j < np; j++)
			before[j] = sp_ranks_has(r, pr[j]);
		if (sp_ranks_add(r, s[i], &e) < 0) {
			for (j = 0; j < np; j++)
				if (before[j] != sp_ranks_has(r, pr[j]))
					abort();	/* refused, yet changed */
		} else if (!all) {	/* the first spec restricts "all" */
			for (j = 0; j < np; j++)
				if (before[j] && !sp_ranks_has(r, pr[j]))
					abort();	/* a union lost a rank */
		}
	}
	for (j = 0; j < np; j++)
		check_rank(r, pr[j]);
	sp_ranks_free(r);
}

static void
check_call(const struct sp_window_ns *w, int64_t s, int64_t t)
{
	int64_t a, b;

	if (!sp_window_keeps(w, s, t))
		return;
	a = sp_window_start(w, s);
	b = sp_window_end(w, t);
	if (b < a || (s < t && b == a) || (s == t && a != b))
		abort();	/* clipping changed a call's length's sign */
	if (w->clip && (a < w->lo || b > w->hi))
		abort();	/* clipped, yet outside the window */
}

static void
window(int inside, char **s, size_t n)
{
	static const int64_t origins[] = { INT64_MIN, -1000000000, -1, 0, 1,
		1700000000000000000, INT64_MAX - 1, INT64_MAX };
	static const int64_t times[] = { INT64_MIN, -5, 0, 5, 20, 40, 50,
		1000, 1000000000, INT64_MAX - 1, INT64_MAX };
	const size_t no = sizeof origins / sizeof origins[0];
	const size_t nt = sizeof times / sizeof times[0];
	struct sp_window w;
	struct sp_err e;
	size_t i, j, k;

	if (n == 0 || sp_window_parse("--window", s[0], inside, &w, &e) < 0)
		return;
	if (memchr(w.spec, '\0', sizeof w.spec) == NULL)
		abort();	/* the spec is not a string */
	for (i = 0; i < no; i++) {
		struct sp_window_ns r = sp_window_resolve(&w, origins[i]);
		struct sp_window_ns r0 = sp_window_resolve(&w, 0);

		if (!sp_window_relative(&w) && (r.lo != r0.lo ||
		    r.hi != r0.hi))
			abort();	/* an absolute window moved */
		if (r.lo >= r.hi)
			continue;	/* sp-read refuses such a window */
		for (j = 0; j < nt; j++)
			for (k = j; k < nt; k++)
				check_call(&r, times[j], times[k]);
	}
}

static void
values(char **s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct sp_err e;
		int64_t ns;
		uint64_t bytes;

		if (sp_parse_duration("--min-duration", s[i], &ns, &e) == 0 &&
		    ns < 0)
			abort();	/* a negative duration */
		(void)sp_parse_size("--max-size", s[i], &bytes, &e);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s[MAX_STRINGS];
	size_t n, i;

	if (size < 1)
		return 0;
	n = split(data + 1, size - 1, s);
	switch (data[0] % 6) {
	case 0:
	case 1:
		filter(data[0] % 6 == 1, s, n);
		break;
	case 2:
		ranks(s, n);
		break;
	case 3:
	case 4:
		window(data[0] % 6 == 4, s, n);
		break;
	default:
		values(s, n);
		break;
	}
	for (i = 0; i < n; i++)
		free(s[i]);
	return 0;
}
