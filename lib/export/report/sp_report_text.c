#include "sp_report_text.h"

#include <math.h>

int
sp_report_text_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	(void)e;
	sp_stats_text_add(ctx, p, n);
	return 0;
}

void
sp_report_text_esc(struct sp_stats_text *b, enum sp_report_ctx c,
    const char *s, size_t n)
{
	(void)sp_report_escape(c, s, n, sp_report_text_write, b, NULL);
}

void
sp_report_text_secs(struct sp_stats_text *b, double s, int digits)
{
	double a = fabs(s);

	if (a >= 1 || a == 0)
		sp_stats_text_printf(b, "%.*g s", digits, s);
	else if (a >= 1e-3)
		sp_stats_text_printf(b, "%.*g ms", digits, s * 1e3);
	else if (a >= 1e-6)
		sp_stats_text_printf(b, "%.*g us", digits, s * 1e6);
	else
		sp_stats_text_printf(b, "%.*g ns", digits, s * 1e9);
}
