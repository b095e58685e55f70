/*
 * The event columns of the columnar layout (doc/formats.md, "Schema 2",
 * "Schema 3"): every call of the file, row after row, in /events: start times
 * and end times (schema 2) or start deltas and durations (schema 3), and the
 * optional x columns, all of one length; a row's calls are a slice of them.
 */
#include <stdio.h>

#include "sp_h5_internal.h"
#include "sp_h5val.h"

void
sp_h5src_close_events(struct sp_h5src *h)
{
	size_t k;

	sp_h5_close_id(&h->ev_a, H5Dclose);
	sp_h5_close_id(&h->ev_b, H5Dclose);
	for (k = 0; k < SP_X_COUNT; k++)
		sp_h5_close_id(&h->ev_x[k], H5Dclose);
}

/* The x columns present, each as long as the times (na). */
static int
open_xcols(struct sp_h5src *h, long long na, struct sp_err *e)
{
	size_t k;

	for (k = 0; k < SP_X_COUNT; k++) {
		char path[64];
		long long nx;

		snprintf(path, sizeof path, "events/%s",
		    sp_h5_xcol_datasets[k]);
		if ((h->ev_x[k] = sp_h5src_dataset(h, path, 0, 1, e)) < 0)
			continue;
		nx = sp_h5_length(h->ev_x[k], 0);
		if (nx != na)
			return sp_fail(e, SP_EDATA, "%s: %s holds %lld "
			    "values, the event columns %lld: the file is "
			    "damaged", h->src.path, path, nx, na);
		h->src.xmask |= 1u << k;
	}
	return 0;
}

int
sp_h5src_open_events(struct sp_h5src *h, uint64_t *nevents,
    struct sp_err *e)
{
	long long na, nb;

	h->src.delta = sp_h5_exists(h->file, "events/start_deltas");
	h->ev_a = sp_h5src_dataset(h, h->src.delta ? "events/start_deltas" :
	    "events/start_times", 1, 1, e);
	if (h->ev_a < 0)
		return -1;
	h->ev_b = sp_h5src_dataset(h, h->src.delta ? "events/durations" :
	    "events/end_times", 1, 1, e);
	if (h->ev_b < 0)
		return -1;
	na = sp_h5_length(h->ev_a, 0);
	nb = sp_h5_length(h->ev_b, 0);
	if (!sp_h5_is_integer(h->ev_a) || !sp_h5_is_integer(h->ev_b))
		return sp_fail(e, SP_EDATA, "%s: event time columns are not "
		    "integers", h->src.path);
	if (na < 0 || nb != na)
		return sp_fail(e, SP_EDATA, "%s: event columns disagree in "
		    "length (%lld start values, %lld %s)", h->src.path, na, nb,
		    h->src.delta ? "durations" : "end values");
	if (open_xcols(h, na, e) < 0)
		return -1;
	*nevents = (uint64_t)na;
	return 0;
}

int
sp_h5src_read_events(struct sp_source *s, size_t row, uint64_t off,
    size_t n, int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT],
    struct sp_err *e)
{
	struct sp_h5src *h = (struct sp_h5src *)s;
	uint64_t at = s->rows[row].offset + off;
	size_t k;

	if (sp_h5_read_i64(h->ev_a, at, n, a, s->path, s->delta ?
	    "events/start_deltas" : "events/start_times", e) < 0 ||
	    sp_h5_read_i64(h->ev_b, at, n, b, s->path, s->delta ?
	    "events/durations" : "events/end_times", e) < 0)
		return -1;
	for (k = 0; k < SP_X_COUNT; k++)
		if (x[k] != NULL && sp_h5_read_i64(h->ev_x[k], at, n, x[k],
		    s->path, sp_h5_xcol_datasets[k], e) < 0)
			return -1;
	return 0;
}
