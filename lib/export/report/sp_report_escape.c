/* The page's escaping (sp_report_escape.h). */
#include "sp_report_escape.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sp_utf8.h"

#define FFFD "\xef\xbf\xbd"

/* The escape of code point cp in c, or NULL: cp goes as it is. */
static const char *
escape_of(enum sp_report_ctx c, uint32_t cp, char *tmp, size_t size)
{
	if (c == SP_REPORT_JSON) {
		switch (cp) {
		case '"': return "\\\"";
		case '\\': return "\\\\";
		case '\n': return "\\n";
		case '\t': return "\\t";
		}
		if (cp < 0x20 || cp == '<' || cp == '>' || cp == '&' ||
		    cp == 0x2028 || cp == 0x2029) {
			snprintf(tmp, size, "\\u%04x", (unsigned)cp);
			return tmp;
		}
		return NULL;
	}
	switch (cp) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	case 0: return FFFD;
	case '\t': case '\n': return NULL;
	}
	if (cp < 0x20 || cp == 0x7f) {
		snprintf(tmp, size, "&#%u;", (unsigned)cp);
		return tmp;
	}
	return NULL;
}

int
sp_report_escape(enum sp_report_ctx c, const char *s, size_t n,
    sp_write_fn *w, void *ctx, struct sp_err *e)
{
	const unsigned char *u = (const unsigned char *)s;
	char buf[4096], tmp[16];
	const char *x;
	size_t i = 0, k = 0, len, xl;
	uint32_t cp;

	while (i < n) {
		if (k > sizeof buf - 16) {
			if (w(ctx, buf, k, e) < 0)
				return -1;
			k = 0;
		}
		if ((len = sp_utf8_decode(u + i, n - i, &cp)) == 0 &&
		    (len = sp_utf8_surrogate(u + i, n - i, &cp)) != 0) {
			/* a lone surrogate sp keeps: JSON's escape of it */
			if (c == SP_REPORT_JSON)
				snprintf(tmp, sizeof tmp, "\\u%04x",
				    (unsigned)cp);
			x = c == SP_REPORT_JSON ? tmp : FFFD;
		} else if (len == 0) {
			if (c == SP_REPORT_JSON) {
				snprintf(tmp, sizeof tmp, "\\udc%02x", u[i]);
				x = tmp;
			} else {
				x = FFFD;
			}
			len = 1;
		} else {
			x = escape_of(c, cp, tmp, sizeof tmp);
		}
		if (x == NULL) {
			memcpy(buf + k, s + i, len);
			k += len;
		} else {
			xl = strlen(x);
			memcpy(buf + k, x, xl);
			k += xl;
		}
		i += len;
	}
	return k > 0 ? w(ctx, buf, k, e) : 0;
}


int
sp_report_region_attr(const char *name, size_t n, sp_write_fn *w, void *ctx,
    struct sp_err *e)
{
	if (w(ctx, " data-region=\"", 14, e) < 0 ||
	    sp_report_escape(SP_REPORT_ATTR, name, n, w, ctx, e) < 0)
		return -1;
	return w(ctx, "\"", 1, e);
}
