/*
 * fuzz-marshal - the .prof reader (sp_marshal.h): marshal data as
 * cProfile writes it, in any marshal version.
 *
 * A dict it accepts is then written back (marshal version 2), read again
 * and written again: the first write must succeed, the two writes give
 * the same bytes, and the re-read dict as many entries (abort otherwise).
 * And its pstats report (sp_pstats_report.h, what sp-pstats --print
 * writes) is formatted, in a sort order and length picked from the
 * input's size.
 */
#include "fuzz.h"

#include <string.h>

#include "sp_marshal.h"
#include "sp_prof.h"
#include "sp_pstats_report.h"
#include "../unit/membuf.h"

static int
discard(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	(void)ctx;
	(void)p;
	(void)n;
	(void)e;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum sp_pstats_sort sorts[] = { SP_PSTATS_CUMULATIVE,
		SP_PSTATS_TOTTIME, SP_PSTATS_CALLS, SP_PSTATS_NCALLS,
		SP_PSTATS_NAME };
	struct sp_err e;
	struct sp_prof *d, *d2;
	struct membuf a = { 0 }, b = { 0 };

	sp_err_clear(&e);
	if ((d = sp_marshal_read_prof(data, size, "fuzz.prof", &e)) == NULL)
		return 0;
	(void)sp_pstats_report_write(d, size % 2 ? "title" : NULL,
	    sorts[size % 5], size % 3 == 0 ? -1 : (long)(size % 7), discard,
	    NULL, &e);
	/* the reader only lets text through, which the writer takes */
	if (sp_marshal_write_prof(d, membuf_write, &a, &e) < 0 &&
	    e.status != SP_ENOMEM)
		abort();
	d2 = sp_marshal_read_prof(a.p, a.n, "rewritten", &e);
	if (d2 == NULL || sp_prof_len(d2) != sp_prof_len(d))
		abort();	/* what sp writes, sp cannot read */
	if (sp_marshal_write_prof(d2, membuf_write, &b, &e) < 0 ||
	    a.n != b.n || memcmp(a.p, b.p, a.n) != 0)
		abort();	/* the round trip changed the dict */
	sp_prof_free(d2);
	free(a.p);
	free(b.p);
	sp_prof_free(d);
	return 0;
}
