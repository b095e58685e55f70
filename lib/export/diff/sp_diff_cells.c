/* The cells of sp-diff's tables (sp_diff_cells.h). */
#include "sp_diff_cells.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void
sp_diff_cells_value(char *buf, enum sp_diff_metric m, struct sp_opt v)
{
	if (!v.set)
		snprintf(buf, SP_DIFF_CELL_MAX, "-");
	else if (m == SP_DIFF_CALLS && v.v == floor(v.v))
		snprintf(buf, SP_DIFF_CELL_MAX, "%.0f", v.v);
	else
		snprintf(buf, SP_DIFF_CELL_MAX, "%.6g", v.v);
}

void
sp_diff_cells_delta(char *buf, enum sp_diff_metric m, double d)
{
	/* a median of counts may be a half */
	snprintf(buf, SP_DIFF_CELL_MAX, m == SP_DIFF_CALLS && d == floor(d) ?
	    "%+.0f" : "%+.6g", d);
}

void
sp_diff_cells_pct(char *buf, struct sp_opt pct)
{
	if (!pct.set)
		snprintf(buf, SP_DIFF_CELL_MAX, "-");
	else
		snprintf(buf, SP_DIFF_CELL_MAX, "%+.4g%%", pct.v);
}

size_t
sp_diff_cells_width(const char *s, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

void
sp_diff_cells_put(struct sp_diff_cells_out *o, const char *s, size_t n)
{
	if (!o->failed && n > 0 && o->write(o->ctx, s, n, o->e) < 0)
		o->failed = 1;
}

void
sp_diff_cells_str(struct sp_diff_cells_out *o, const char *s)
{
	sp_diff_cells_put(o, s, strlen(s));
}

void
sp_diff_cells_pad(struct sp_diff_cells_out *o, size_t n)
{
	static const char spaces[] = "                                ";

	while (n > 0) {
		size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;

		sp_diff_cells_put(o, spaces, k);
		n -= k;
	}
}

void
sp_diff_cells_cell(struct sp_diff_cells_out *o, const char *s, size_t n,
    size_t width, int left)
{
	size_t w = sp_diff_cells_width(s, n);
	size_t pad = w < width ? width - w : 0;

	if (!left)
		sp_diff_cells_pad(o, pad);
	sp_diff_cells_put(o, s, n);
	if (left)
		sp_diff_cells_pad(o, pad);
}
