/* A sticky writer for tables (sp_across_out.h). */
#include "sp_across_out.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
sp_across_out_put(struct sp_across_out *o, const char *s, size_t n)
{
	if (!o->failed && n > 0 && o->write(o->ctx, s, n, o->e) < 0)
		o->failed = 1;
}

void
sp_across_out_str(struct sp_across_out *o, const char *s)
{
	sp_across_out_put(o, s, strlen(s));
}

void
sp_across_out_pad(struct sp_across_out *o, size_t n)
{
	static const char spaces[] = "                                ";

	while (n > 0) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;

		sp_across_out_put(o, spaces, k);
		n -= k;
	}
}

void
sp_across_out_printf(struct sp_across_out *o, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		sp_across_out_put(o, buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

size_t
sp_across_out_width(const char *s, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

void
sp_across_out_cell(struct sp_across_out *o, const char *s, size_t n,
    size_t width, int left)
{
	size_t w = sp_across_out_width(s, n);
	size_t pad = w < width ? width - w : 0;

	if (!left)
		sp_across_out_pad(o, pad);
	sp_across_out_put(o, s, n);
	if (left)
		sp_across_out_pad(o, pad);
}
