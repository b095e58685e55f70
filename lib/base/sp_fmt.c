#include "sp_fmt.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Doubles are written in three ways, fastest first, after whole numbers
 * below 2^53 (their own digits); each one is exact where it is used, so
 * all three give Python's repr:
 *
 * 1. 2^-18 <= |v| < 2^53 (seconds from 4 microseconds up): v * 10^K is
 *    worked out exactly in 128-bit fixed point, scaled to 17 integer
 *    digits, together with the interval of numbers that read back as v.
 *    The answer is the multiple of the largest power of ten inside the
 *    interval that is nearest to v.
 * 2. Other normal doubles with at most 15 significant digits: for K = 0,
 *    1, ... take m = round(v * 10^K) and check m / 10^K == v.  With m <
 *    2^53 and K <= 22 both operands are exact, so the division rounds as
 *    strtod would; the first K that checks is the shortest, and below 16
 *    digits two candidates can never both read back as v.
 * 3. The rest (huge, tiny, subnormal): printf's correctly rounded digits
 *    at 15, 16, 17 significant digits (1 to 17 for subnormals), checked
 *    with strtod.  Strings are built without a decimal point, so the
 *    locale never matters.
 *
 * Building with -ffast-math, or for x87 arithmetic, would break 2.
 */

const char sp_fmt_pairs[200] =
	"0001020304050607080910111213141516171819"
	"2021222324252627282930313233343536373839"
	"4041424344454647484950515253545556575859"
	"6061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static const uint64_t p10[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000,
	100000000000000, 1000000000000000, 10000000000000000,
	100000000000000000, 1000000000000000000, 10000000000000000000u,
};

/*
 * The number of decimal digits of v: from its bit length, t = bits * 1233
 * / 4096 is floor(log10(v)) or one more (1233 / 4096 just above log10(2)),
 * and one comparison settles it, where a loop of divisions would take one
 * per few digits; sp-json --lines spends half its time writing integers.
 */
static unsigned
ndigits(uint64_t v)
{
	unsigned t;

	if (v < 10)
		return 1;
	t = (unsigned)(64 - __builtin_clzll(v)) * 1233 >> 12;
	return t + (v >= p10[t]);
}

/* The n decimal digits of v, two at a time from the right. */
static void
put_digits(char *buf, uint64_t v, unsigned n)
{
	char *p = buf + n;
	unsigned r;

	while (v >= 100) {
		r = (unsigned)(v % 100);
		v /= 100;
		p -= 2;
		memcpy(p, sp_fmt_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, sp_fmt_pairs + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
}

size_t
sp_fmt_u64(char *buf, uint64_t v)
{
	unsigned n = ndigits(v);

	put_digits(buf, v, n);
	return n;
}

size_t
sp_fmt_i64(char *buf, int64_t v)
{
	if (v >= 0)
		return sp_fmt_u64(buf, (uint64_t)v);
	buf[0] = '-';
	return 1 + sp_fmt_u64(buf + 1, 0 - (uint64_t)v);
}

/* A decimal m * 10^e, m without trailing zeros. */
struct dec {
	uint64_t m;
	int e;
};

static void
trim(struct dec *d)
{
	while (d->m % 10 == 0 && d->m != 0) {
		d->m /= 10;
		d->e++;
	}
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* v / 10^j with constant divisors, which compile to multiplications. */
static uint64_t
div_p10(uint64_t v, int j)
{
	switch (j) {
	case 0: return v;
	case 1: return v / 10;
	case 2: return v / 100;
	case 3: return v / 1000;
	case 4: return v / 10000;
	case 5: return v / 100000;
	case 6: return v / 1000000;
	case 7: return v / 10000000;
	case 8: return v / 100000000;
	case 9: return v / 1000000000;
	case 10: return v / 10000000000;
	case 11: return v / 100000000000;
	case 12: return v / 1000000000000;
	case 13: return v / 10000000000000;
	case 14: return v / 100000000000000;
	case 15: return v / 1000000000000000;
	case 16: return v / 10000000000000000;
	default: return v / 100000000000000000;
	}
}

/*
 * Way 1, for v = f / 2^t with 2^52 <= f < 2^53 and 0 <= t <= 70.  asym:
 * f is 2^52 and the next double down is only half as far as the next up.
 * Returns -1 if the interval turns out empty, which cannot happen; the
 * caller then falls back to the slower ways.
 *
 * In units of 10^-K, v is X = 2fP / 2^(t+1) with P = 10^K chosen so that
 * 10^16 <= X < 10^17, and the doubles next to v are P / 2^(t+1) away
 * (half that below when asym): every numerator fits in 128 bits since
 * f * 10^22 < 2^127 and the comparisons shift 17-digit integers by at
 * most 71 bits.
 */
static int
shortest128(uint64_t f, int t, int asym, struct dec *d)
{
	u128 P, N, xn, un, ln, half, rn;
	uint64_t x, lo, hi, u, a, m, lo_m, hi_m;
	int s = t + 1, e2 = 52 - t, k, j, jl, jh;

	/* floor(e2 * log10(2)), give or take one: the loop below settles it. */
	k = 16 - (e2 >= 0 ? (e2 * 78913) >> 18 :
	    -((-e2 * 78913 + 262143) >> 18));
	for (;;) {
		if (k < 1 || k > 22)
			return -1;
		P = k <= 19 ? (u128)p10[k] : (u128)p10[19] * p10[k - 19];
		N = (u128)f * P;
		x = (uint64_t)(N >> t);
		if (x >= p10[17])
			k--;
		else if (x < p10[16])
			k++;
		else
			break;
	}
	xn = N << 1;
	un = xn + P;
	ln = xn - (asym ? P / 2 : P);
	/* Round-half-even reading: the ends belong to an even mantissa only. */
	hi = (uint64_t)(un >> s);
	if ((f & 1) != 0 && (u128)hi << s == un)
		hi--;
	lo = (uint64_t)(ln >> s);
	if ((u128)lo << s < ln || ((f & 1) != 0 && (u128)lo << s == ln))
		lo++;
	if (lo > hi)
		return -1;
	/* The largest 10^j with a multiple in [lo, hi]. */
	for (jl = 0, jh = 17; jl < jh;) {
		j = (jl + jh + 1) / 2;
		if (div_p10(hi, j) * p10[j] >= lo)
			jl = j;
		else
			jh = j - 1;
	}
	u = p10[jl];
	/* Of its multiples there, the one nearest v; a tie goes even. */
	a = div_p10(x, jl);
	rn = xn - ((u128)(a * u) << s);
	half = (u128)u << t;
	m = a + (rn > half || (rn == half && (a & 1) != 0));
	lo_m = div_p10(lo + u - 1, jl);
	hi_m = div_p10(hi, jl);
	if (m < lo_m)
		m = lo_m;
	if (m > hi_m)
		m = hi_m;
	d->m = m;
	d->e = jl - k;
	trim(d);
	return 0;
}
#endif

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
static const double pow10d[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/*
 * The number of decimal places that served the last number, or -1.  An
 * exporter writes long series of numbers of one shape (nanoseconds as
 * seconds: nine places), so trying it first mostly saves the search.
 */
static _Thread_local int places_hint = -1;

/*
 * Way 0, for a normal a > 0: whether a is m / 10^k for k = places_hint
 * and some m below 10^15.  Such an m, without its trailing zeros, is the
 * shortest decimal that reads back as a, and the only one that short:
 * two decimals of at most 15 significant digits never read back as the
 * same double (DBL_DIG), so none with fewer places can read back as a.
 * The product is within 0.12 of the true a * 10^k below 10^15, so m is
 * the integer nearest it, and the division is correctly rounded: the
 * test is exact.
 */
static int
shortest_hinted(double a, struct dec *d)
{
	int k = places_hint;
	double p;
	uint64_t m;

	if (k < 0 || (p = a * pow10d[k]) >= 1e15)
		return -1;
	m = (uint64_t)(p + 0.5);
	if ((double)m / pow10d[k] != a)
		return -1;
	d->m = m;
	d->e = -k;
	trim(d);
	return 0;
}

/*
 * The hint for the next number: the places of this one when way 0 would
 * have found it (at most 15 significant digits), else the hint as it was.
 */
static void
hint_places(double a, const struct dec *d)
{
	if (d->e <= 0 && d->e >= -22 && d->m < p10[15] &&
	    a * pow10d[-d->e] < 1e15)
		places_hint = -d->e;
}

/* Way 2, for a normal a > 0. */
static int
shortest15(double a, struct dec *d)
{
	double p;
	uint64_t m;
	int k;

	for (k = 0; k <= 22; k++) {
		/* Below 10^15 the product is within 0.12 of the true one. */
		if ((p = a * pow10d[k]) >= 1e15)
			break;
		m = (uint64_t)(p + 0.5);
		if ((double)m / pow10d[k] == a) {
			d->m = m;
			d->e = -k;
			trim(d);
			return 0;
		}
	}
	return -1;
}
#endif

/* Whether the decimal m * 10^e reads back as a. */
static int
reads_as(uint64_t m, int e, double a)
{
	char s[48];

	snprintf(s, sizeof s, "%llue%d", (unsigned long long)m, e);
	return strtod(s, NULL) == a;
}

/* printf's prec significant digits of a > 0, whatever the radix character. */
static void
printf_digits(double a, int prec, struct dec *d)
{
	char s[48], *p;
	uint64_t m = 0;

	snprintf(s, sizeof s, "%.*e", prec - 1, a);
	for (p = s; *p != 'e' && *p != '\0'; p++)
		if (*p >= '0' && *p <= '9')
			m = m * 10 + (uint64_t)(*p - '0');
	d->m = m;
	d->e = (*p == 'e' ? atoi(p + 1) : 0) - (prec - 1);
}

/*
 * Way 3.  Below 16 digits a normal double has at most one candidate per
 * length, the correctly rounded one; from 16 digits on, at a power of two
 * the interval is lopsided and the candidate one unit above may read back
 * when the rounded one does not.
 */
static void
shortest_printf(double a, int normal, int asym, struct dec *d)
{
	int prec;

	for (prec = normal ? 15 : 1; prec < 17; prec++) {
		printf_digits(a, prec, d);
		if (reads_as(d->m, d->e, a))
			goto out;
		if (asym && prec >= 16 && reads_as(d->m + 1, d->e, a)) {
			d->m++;
			goto out;
		}
	}
	/* Seventeen digits always read back. */
	printf_digits(a, 17, d);
out:
	trim(d);
}

/* The shortest decimal of v > 0, by the fastest way that applies. */
static void
shortest(double v, unsigned bexp, uint64_t frac, int asym, struct dec *d)
{
#ifdef __SIZEOF_INT128__
	if (bexp >= 1075 - 70 && bexp <= 1075 &&
	    shortest128(frac | (uint64_t)1 << 52, 1075 - (int)bexp, asym,
	    d) == 0)
		return;
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (bexp != 0 && v < 1e15 && shortest15(v, d) == 0)
		return;
#endif
	shortest_printf(v, bexp != 0, asym, d);
}

/* Python's layout of m * 10^e: positional for 1e-4 <= |v| < 1e16. */
static char *
emit(char *p, const struct dec *d)
{
	unsigned n = ndigits(d->m);
	int point = (int)n + d->e, x;
	char dig[20];

	put_digits(dig, d->m, n);
	if (point > -4 && point <= 16) {
		if (point <= 0) {
			*p++ = '0';
			*p++ = '.';
			memset(p, '0', (size_t)-point);
			p += -point;
			memcpy(p, dig, n);
			p += n;
		} else if ((unsigned)point >= n) {
			memcpy(p, dig, n);
			p += n;
			memset(p, '0', (size_t)point - n);
			p += (size_t)point - n;
			*p++ = '.';
			*p++ = '0';
		} else {
			memcpy(p, dig, (size_t)point);
			p += point;
			*p++ = '.';
			memcpy(p, dig + point, n - (size_t)point);
			p += n - (size_t)point;
		}
		return p;
	}
	*p++ = dig[0];
	if (n > 1) {
		*p++ = '.';
		memcpy(p, dig + 1, n - 1);
		p += n - 1;
	}
	*p++ = 'e';
	x = point - 1;
	*p++ = x < 0 ? '-' : '+';
	if (x < 0)
		x = -x;
	if (x >= 100)
		*p++ = (char)('0' + x / 100);
	memcpy(p, sp_fmt_pairs + 2 * (x % 100), 2);
	return p + 2;
}

size_t
sp_fmt_double(char *buf, double v)
{
	uint64_t bits, frac;
	struct dec d;
	unsigned bexp;
	int asym;
	char *p = buf;

	memcpy(&bits, &v, sizeof bits);
	bexp = (unsigned)(bits >> 52) & 0x7ff;
	frac = bits & (((uint64_t)1 << 52) - 1);
	if (bexp == 0x7ff && frac != 0) {
		/* Python shows no sign on a NaN. */
		memcpy(buf, "nan", 3);
		return 3;
	}
	if (bits >> 63 != 0) {
		*p++ = '-';
		v = -v;
	}
	if (bexp == 0x7ff || (bexp == 0 && frac == 0)) {
		memcpy(p, bexp != 0 ? "inf" : "0.0", 3);
		return (size_t)(p + 3 - buf);
	}
	asym = frac == 0 && bexp > 1;
	/* Whole numbers, common in SVG and JSON, are their own digits. */
	if (v < 9007199254740992.0 && (double)(uint64_t)v == v) {
		d.m = (uint64_t)v;
		d.e = 0;
		trim(&d);
		return (size_t)(emit(p, &d) - buf);
	}
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (bexp != 0 && shortest_hinted(v, &d) == 0)
		return (size_t)(emit(p, &d) - buf);
#endif
	shortest(v, bexp, frac, asym, &d);
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (bexp != 0)
		hint_places(v, &d);
#endif
	return (size_t)(emit(p, &d) - buf);
}
