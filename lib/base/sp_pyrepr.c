#include "sp_pyrepr.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_utf8.h"

static const char hex[] = "0123456789abcdef";

/* The worst case: one byte of invalid UTF-8 becomes "\udcNN". */
#define GROWTH 6

static char *
put_hex(char *p, char kind, uint32_t v, int digits)
{
	*p++ = '\\';
	*p++ = kind;
	while (digits-- > 0)
		*p++ = hex[v >> (4 * digits) & 0xf];
	return p;
}

/*
 * Whether Python prints the character of n bytes at s as it is: 1 or 0,
 * or -1 when out of memory.  That needs the Unicode categories, which
 * PCRE2 carries; the class is compiled on the first non-ASCII character
 * of each call (names are mostly ASCII, and quoting is for messages).
 */
static int
printable(pcre2_code **np, pcre2_match_data **md, const char *s, size_t n)
{
	static const char cls[] = "[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\p{Zl}"
	    "\\p{Zp}\\p{Zs}]";
	PCRE2_SIZE off;
	int err;

	if (*np == NULL) {
		*np = pcre2_compile((PCRE2_SPTR)cls, sizeof cls - 1, PCRE2_UTF |
		    PCRE2_UCP | PCRE2_ANCHORED, &err, &off, NULL);
		if (*np == NULL)
			return -1;
	}
	if (*md == NULL && (*md = pcre2_match_data_create(1, NULL)) == NULL)
		return -1;
	return pcre2_match(*np, (PCRE2_SPTR)s, n, 0, PCRE2_NO_UTF_CHECK, *md,
	    NULL) < 0;
}

int
sp_pyrepr(const char *s, size_t len, char **out, struct sp_err *e)
{
	const unsigned char *u = (const unsigned char *)s;
	pcre2_match_data *md = NULL;
	pcre2_code *np = NULL;
	char quote, *buf, *p;
	size_t i, n;
	uint32_t c;
	int rc = -1, pr;

	*out = NULL;
	if (len > (SIZE_MAX - 3) / GROWTH) {
		sp_fail(e, SP_ENOMEM, "string of %zu bytes too long to quote",
		    len);
		return -1;
	}
	if ((buf = malloc(GROWTH * len + 3)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory quoting a string");
		return -1;
	}
	quote = memchr(s, '\'', len) != NULL && memchr(s, '"', len) == NULL ?
	    '"' : '\'';
	p = buf;
	*p++ = quote;
	for (i = 0; i < len; i += n) {
		if ((n = sp_utf8_decode(u + i, len - i, &c)) == 0) {
			p = put_hex(p, 'u', 0xdc00 | u[i], 4);
			n = 1;
		} else if (c == (uint32_t)quote || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c == '\t' || c == '\n' || c == '\r') {
			*p++ = '\\';
			*p++ = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
		} else if (c < ' ' || c == 0x7f) {
			p = put_hex(p, 'x', c, 2);
		} else if (c < 0x7f) {
			*p++ = (char)c;
		} else if ((pr = printable(&np, &md, s + i, n)) == -1) {
			sp_fail(e, SP_ENOMEM, "out of memory quoting a string");
			goto out;
		} else if (pr) {
			memcpy(p, s + i, n);
			p += n;
		} else if (c <= 0xff) {
			p = put_hex(p, 'x', c, 2);
		} else if (c <= 0xffff) {
			p = put_hex(p, 'u', c, 4);
		} else {
			p = put_hex(p, 'U', c, 8);
		}
	}
	*p++ = quote;
	*p = '\0';
	*out = buf;
	buf = NULL;
	rc = 0;
out:
	pcre2_match_data_free(md);
	pcre2_code_free(np);
	free(buf);
	return rc;
}

/* Byte c of a bytes repr quoted by quote, into p (4 bytes of room). */
static size_t
bytes_char(unsigned char c, char quote, char *p)
{
	if (c == '\\' || c == (unsigned char)quote) {
		p[0] = '\\';
		p[1] = (char)c;
		return 2;
	}
	if (c == '\t' || c == '\n' || c == '\r') {
		p[0] = '\\';
		p[1] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
		return 2;
	}
	if (c >= 0x20 && c < 0x7f) {
		p[0] = (char)c;
		return 1;
	}
	p[0] = '\\';
	p[1] = 'x';
	p[2] = hex[c >> 4];
	p[3] = hex[c & 0xf];
	return 4;
}

size_t
sp_pyrepr_bytes(const unsigned char *s, size_t n, char *out, size_t size)
{
	char quote = memchr(s, '\'', n) != NULL && memchr(s, '"', n) == NULL ?
	    '"' : '\'';
	char buf[4];
	size_t i, k, len = 0;

	for (k = 0; k < 2; k++) {
		buf[k] = k == 0 ? 'b' : quote;
		if (len < size)
			out[len] = buf[k];
		len++;
	}
	for (i = 0; i < n; i++) {
		size_t m = bytes_char(s[i], quote, buf);

		for (k = 0; k < m; k++, len++)
			if (len < size)
				out[len] = buf[k];
	}
	if (len < size)
		out[len] = quote;
	len++;
	if (size > 0)
		out[len < size ? len : size - 1] = '\0';
	return len;
}
