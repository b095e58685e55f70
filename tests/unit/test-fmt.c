/*
 * Unit test of sp_fmt: integers against printf, doubles against a table
 * of Python 3 reprs and against a slow reference.  "test-fmt --bench"
 * prints the time per call instead.
 */
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sp_fmt.h"

struct fmt_row {
	uint64_t bits;
	const char *repr;
};

#include "fmt-table.inc"
#include "check.h"

static double
from_bits(uint64_t b)
{
	double v;

	memcpy(&v, &b, sizeof v);
	return v;
}

/* A 64-bit xorshift: the same values on every platform. */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void
test_table(const char *what)
{
	char buf[SP_FMT_MAX + 1];
	size_t i, n;

	for (i = 0; i < sizeof fmt_table / sizeof fmt_table[0]; i++) {
		memset(buf, 'x', sizeof buf);
		n = sp_fmt_double(buf, from_bits(fmt_table[i].bits));
		CHECK(n <= 24 && buf[n] == 'x', "%016" PRIx64 ": wrote %zu "
		    "bytes", fmt_table[i].bits, n);
		buf[n] = '\0';
		CHECK(strcmp(buf, fmt_table[i].repr) == 0,
		    "%s: %016" PRIx64 " gave %s, want %s", what,
		    fmt_table[i].bits, buf, fmt_table[i].repr);
	}
}

static void
check_int(int64_t v)
{
	char buf[SP_FMT_MAX + 1], want[32];
	size_t n;

	n = sp_fmt_i64(buf, v);
	buf[n] = '\0';
	snprintf(want, sizeof want, "%" PRId64, v);
	CHECK(strcmp(buf, want) == 0, "i64 %s gave %s", want, buf);
	n = sp_fmt_u64(buf, (uint64_t)v);
	buf[n] = '\0';
	snprintf(want, sizeof want, "%" PRIu64, (uint64_t)v);
	CHECK(strcmp(buf, want) == 0, "u64 %s gave %s", want, buf);
}

static void
test_integers(void)
{
	uint64_t s = 88172645463325252u, p;
	int i;

	check_int(0);
	check_int(INT64_MIN);
	check_int(INT64_MAX);
	check_int(-1);
	for (p = 1, i = 0; i < 20; i++, p *= 10) {
		check_int((int64_t)p);
		check_int((int64_t)(p - 1));
		check_int((int64_t)(p + 1));
		check_int(-(int64_t)p);
	}
	for (i = 0; i < 64; i++)
		check_int((int64_t)((uint64_t)1 << i));
	for (i = 0; i < 100000; i++)
		check_int((int64_t)(rnd(&s) >> (rnd(&s) & 63)));
}

/*
 * Shortest round-trip digits by the definition, slowly: for 1, 2, ... 17
 * digits, printf's correctly rounded candidate, else a neighbour, if it
 * reads back as v > 0.  The rounded one is the nearest, so when it fails
 * only a neighbour on the far side of v can succeed.  Gives the digits
 * without trailing zeros and the exponent of the first one.
 */
static void
reference(double v, char *digits, int *exp10)
{
	char s[64], t[64], *p;
	long long m, c;
	int prec, e, k, n;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(s, sizeof s, "%.*e", prec - 1, v);
		for (m = 0, p = s; *p != 'e'; p++)
			if (*p >= '0' && *p <= '9')
				m = m * 10 + (*p - '0');
		e = atoi(p + 1) - (prec - 1);
		for (k = 0; k < 3; k++) {
			c = m + (k == 0 ? 0 : k == 1 ? 1 : -1);
			snprintf(t, sizeof t, "%llde%d", c, e);
			if (c <= 0 || strtod(t, NULL) != v)
				continue;
			n = snprintf(digits, 24, "%lld", c);
			*exp10 = e + n - 1;
			while (n > 1 && digits[n - 1] == '0')
				digits[--n] = '\0';
			return;
		}
	}
	abort();
}

/* The same for text sp_fmt_double wrote (sign skipped). */
static void
digits_of(const char *s, char *digits, int *exp10)
{
	int n = 0, before = -1, lead = 0;

	if (*s == '-')
		s++;
	for (; *s != '\0' && *s != 'e'; s++) {
		if (*s == '.') {
			before = n + lead;
			continue;
		}
		if (n == 0 && *s == '0') {
			lead++;
			continue;
		}
		digits[n++] = *s;
	}
	if (before < 0)
		before = n + lead;
	while (n > 1 && digits[n - 1] == '0')
		n--;
	digits[n] = '\0';
	*exp10 = before - lead - 1 + (*s == 'e' ? atoi(s + 1) : 0);
}

static void
check_double(double v)
{
	char buf[SP_FMT_MAX + 1], got[32], want[24];
	int gexp, wexp, sci;
	size_t n;

	n = sp_fmt_double(buf, v);
	buf[n] = '\0';
	CHECK(strtod(buf, NULL) == v, "%a gave %s, which reads back as %a",
	    v, buf, strtod(buf, NULL));
	reference(v < 0 ? -v : v, want, &wexp);
	digits_of(buf, got, &gexp);
	CHECK(strcmp(got, want) == 0 && gexp == wexp,
	    "%a gave %s, want digits %s exponent %d", v, buf, want, wexp);
	/* Positional exactly from 1e-4 up to 1e16, as Python does. */
	sci = strchr(buf, 'e') != NULL;
	CHECK(sci == (wexp < -4 || wexp >= 16), "%a gave %s: wrong notation",
	    v, buf);
	CHECK(sci || strchr(buf, '.') != NULL, "%a gave %s: no point", v, buf);
}

/* Random doubles, plain and shaped like the seconds exporters write. */
static void
test_random(int count)
{
	uint64_t s = 0x9e3779b97f4a7c15u, b, ns, origin;
	double v;
	int i;

	for (i = 0; i < count && !failed; i++) {
		b = rnd(&s);
		switch (i % 4) {
		case 0:		/* any finite double */
			v = from_bits(b);
			if ((b >> 52 & 0x7ff) == 0x7ff)
				continue;
			break;
		case 1:		/* a timestamp in seconds */
			v = (double)(b >> (b & 63)) / 1e9;
			break;
		case 2:		/* relative to an origin */
			ns = rnd(&s) >> 16;
			origin = rnd(&s) >> 16;
			v = (double)ns / 1e9 - (double)origin / 1e9;
			break;
		default:	/* a power of two, or next to one */
			v = from_bits(((b >> 12) % 2046 + 1) << 52 |
			    (b & 3) >> 1);
			if (b & 4)
				v = -v;
			break;
		}
		if (v != 0)
			check_double(v);
	}
}

/*
 * Series of one shape, as an exporter writes them: sp_fmt_double then
 * mostly tries the decimal places of the number before first (way 0).
 * Shapes change between series and within them (whole microseconds
 * among nanoseconds, a value too large for the places tried), so that a
 * stale guess must fall back to the full search every time it is wrong.
 */
static void
test_series(int count)
{
	static const uint64_t unit[] = { 1, 1000, 1000000, 1, 7 };
	uint64_t s = 0x2545f4914f6cdd1du, ns;
	double v;
	int i, k;

	for (k = 0; k < 5 && !failed; k++) {
		for (i = 0; i < count && !failed; i++) {
			ns = (rnd(&s) >> (20 + i % 40)) * unit[k];
			if (i % 97 == 0)
				ns *= 1000;	/* fewer places */
			if (k == 3 && i % 2)
				ns = rnd(&s);	/* past 15 digits */
			v = k == 4 ? (double)ns / 1e9 - 0.000123 :
			    (double)ns / 1e9;
			if (v != 0)
				check_double(v);
		}
	}
}

/*
 * A locale whose decimal point is not '.' must not leak into the output
 * (the slowest way reads printf's digits); checked where one is installed.
 */
static void
test_locale(void)
{
	static const char *names[] = { "de_DE.UTF-8", "de_DE.utf8",
	    "fr_FR.UTF-8", "fr_FR.utf8", "de_DE", "fr_FR" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (setlocale(LC_NUMERIC, names[i]) == NULL)
			continue;
		/* Only the table: the other checks read numbers with strtod. */
		if (strcmp(localeconv()->decimal_point, ".") != 0)
			test_table(names[i]);
		setlocale(LC_NUMERIC, "C");
		return;
	}
	printf("fmt: no locale with a decimal comma; locale test skipped\n");
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Time per call over a prepared array, so the RNG is not timed; the best
 * of several passes, since other work on the machine only adds time.
 */
static void
bench_doubles(const char *what, const double *v, size_t n)
{
	char buf[SP_FMT_MAX];
	size_t i, sum = 0;
	double t, best = 1e9;
	int r;

	for (r = 0; r < 7; r++) {
		t = now();
		for (i = 0; i < n; i++)
			sum += sp_fmt_double(buf, v[i]);
		t = now() - t;
		if (t < best)
			best = t;
	}
	printf("%-34s %7.1f ns/call (%.2f bytes avg)\n", what,
	    best * 1e9 / (double)n, (double)sum / (7.0 * (double)n));
}

static void
bench(void)
{
	enum { N = 1000000 };
	uint64_t s = 12345, b;
	double *v = malloc(N * sizeof *v), t;
	int64_t *iv = malloc(N * sizeof *iv);
	char buf[SP_FMT_MAX];
	size_t i, sum = 0;

	for (i = 0; i < N; i++)
		v[i] = (double)(rnd(&s) >> 24) / 1e9;
	bench_doubles("ns/1e9, ns < 2^40", v, N);
	for (i = 0; i < N; i++)
		v[i] = (double)(rnd(&s) >> 24) / 1e9 - 123.456789012;
	bench_doubles("ns/1e9 - origin_s", v, N);
	for (i = 0; i < N; i++)
		v[i] = (double)(rnd(&s) % 100000) / 1e9;
	bench_doubles("ns/1e9, ns < 1e5 (tiny seconds)", v, N);
	for (i = 0; i < N; i++)
		v[i] = (double)(rnd(&s) % 100000);
	bench_doubles("small integers", v, N);
	for (i = 0; i < N; i++) {
		do
			b = rnd(&s);
		while ((b >> 52 & 0x7ff) == 0x7ff);
		v[i] = from_bits(b);
	}
	bench_doubles("random bit patterns", v, N);
	for (i = 0; i < N; i++)
		iv[i] = (int64_t)(rnd(&s) >> 20);
	t = now();
	for (i = 0; i < N; i++)
		sum += sp_fmt_i64(buf, iv[i]);
	t = now() - t;
	printf("%-34s %7.1f ns/call (%.2f bytes avg)\n", "sp_fmt_i64, 44-bit",
	    t * 1e9 / N, (double)sum / N);
	free(v);
	free(iv);
}

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--bench") == 0) {
		bench();
		return 0;
	}
	test_integers();
	test_table("C locale");
	test_random(20000);
	test_series(5000);
	test_locale();
	if (failed)
		return 1;
	printf("fmt: ok\n");
	return 0;
}
