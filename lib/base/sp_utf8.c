#include "sp_utf8.h"

#include <stdio.h>
#include <string.h>

size_t
sp_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c;
	size_t len, i;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	/* c0 and c1 lead only overlong forms, f5 and up lead past U+10FFFF. */
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	c = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	*cp = c;
	return len;
}

int
sp_utf8_valid(const unsigned char *s, size_t n)
{
	size_t i = 0, len;
	uint32_t cp;

	while (i < n) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if ((len = sp_utf8_decode(s + i, n - i, &cp)) == 0)
			return 0;
		i += len;
	}
	return 1;
}

size_t
sp_utf8_repair(const unsigned char *s, size_t n, char *out)
{
	size_t i = 0, k = 0, len;
	uint32_t cp;

	while (i < n) {
		if ((len = sp_utf8_decode(s + i, n - i, &cp)) == 0) {
			if (out != NULL)
				memcpy(out + k, "\xef\xbf\xbd", 3);
			k += 3;
			i++;
			continue;
		}
		if (out != NULL)
			memcpy(out + k, s + i, len);
		k += len;
		i += len;
	}
	return k;
}

size_t
sp_utf8_surrogate(const unsigned char *s, size_t n, uint32_t *cp)
{
	if (n < 3 || s[0] != 0xed || s[1] < 0xa0 || s[1] > 0xbf ||
	    (s[2] & 0xc0) != 0x80)
		return 0;
	*cp = 0xd000 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	return 3;
}

static int
cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/*
 * Python's verdict on the sequence at s (n bytes left), as its decoder's
 * inner loop (Objects/stringlib/codecs.h) gives it: 0 valid, or the bad
 * kind: 1 invalid start byte, 2 to 4 invalid continuation byte (the
 * prefix before byte k - 1 was good), 5 unexpected end of data.
 */
static int
py_verdict(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t len;

	if (c < 0x80)
		return 0;
	if (c < 0xc2 || c > 0xf4)
		return 1;
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (n >= 2 && (!cont(s[1]) ||
	    (c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
	    (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90)))
		return 2;
	if (len >= 3 && n >= 3 && !cont(s[2]))
		return 3;
	if (len == 4 && n >= 4 && !cont(s[3]))
		return 4;
	return n < len ? 5 : 0;
}

int
sp_utf8_pyerror(const unsigned char *s, size_t n, char *msg, size_t size)
{
	static const char *const why[] = { "", "invalid start byte",
		"invalid continuation byte", "invalid continuation byte",
		"invalid continuation byte", "unexpected end of data" };
	size_t i = 0, end;
	uint32_t cp;
	int v = 0;

	while (i < n) {
		size_t len = sp_utf8_decode(s + i, n - i, &cp);

		if (len == 0 && (v = py_verdict(s + i, n - i)) != 0)
			break;
		i += len > 0 ? len : 1;
	}
	if (i >= n)
		return 0;
	/* the range Python reports: [i, end) */
	end = v == 5 ? n : v == 1 ? i + 1 : i + (size_t)v - 1;
	if (end == i + 1)
		snprintf(msg, size, "'utf-8' codec can't decode byte 0x%02x in "
		    "position %zu: %s", s[i], i, why[v]);
	else
		snprintf(msg, size, "'utf-8' codec can't decode bytes in "
		    "position %zu-%zu: %s", i, end - 1, why[v]);
	return 1;
}
