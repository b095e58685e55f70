/* One cell of a CSV or TSV table (sp_csv.h). */
#include "sp_csv.h"

#include <string.h>

static const char *
tsv_escape(char c)
{
	switch (c) {
	case '\t': return "\\t";
	case '\n': return "\\n";
	case '\r': return "\\r";
	case '\\': return "\\\\";
	default: return NULL;
	}
}

static int
tsv_cell(sp_write_fn *write, void *ctx, const char *s, size_t n,
    struct sp_err *e)
{
	size_t i, from = 0;
	const char *x;

	for (i = 0; i < n; i++) {
		if ((x = tsv_escape(s[i])) == NULL)
			continue;
		if ((i > from && write(ctx, s + from, i - from, e) < 0) ||
		    write(ctx, x, 2, e) < 0)
			return -1;
		from = i + 1;
	}
	return n > from ? write(ctx, s + from, n - from, e) : 0;
}

int
sp_csv_cell(sp_write_fn *write, void *ctx, const char *s, size_t n, int tsv,
    struct sp_err *e)
{
	size_t i, from = 0;

	if (tsv)
		return tsv_cell(write, ctx, s, n, e);
	if (memchr(s, ',', n) == NULL && memchr(s, '"', n) == NULL &&
	    memchr(s, '\n', n) == NULL && memchr(s, '\r', n) == NULL)
		return n > 0 ? write(ctx, s, n, e) : 0;
	if (write(ctx, "\"", 1, e) < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (s[i] == '"') {
			/* up to and with the quote, which the next part doubles */
			if (write(ctx, s + from, i + 1 - from, e) < 0)
				return -1;
			from = i;
		}
	if (n > from && write(ctx, s + from, n - from, e) < 0)
		return -1;
	return write(ctx, "\"", 1, e);
}
