/* The overview's rules (sp_report_overview.h). */
#include "sp_report_overview.h"

#include <string.h>

#define SESSION "scope_profiler.session"

int
sp_report_is_session(const struct sp_stats_region *r)
{
	return r->name_len == sizeof SESSION - 1 &&
	    memcmp(r->name, SESSION, r->name_len) == 0;
}

/* The session's seconds, and what of them lies outside every region. */
static void
session(const struct sp_stats_result *res, double span_s,
    struct sp_report_overview *ov)
{
	const struct sp_stats_region *s;
	uint32_t ranks = 0;
	size_t i;

	if (ov->session != SP_REPORT_NONE) {
		s = &res->regions[ov->session];
		ov->session_s = s->total;
		ov->outside_s = s->exclusive;
	} else {
		for (i = 0; i < res->nregions; i++)
			if (res->regions[i].ranks_timed > ranks)
				ranks = res->regions[i].ranks_timed;
		ov->session_s = span_s * ranks;
		ov->outside_s = ov->session_s - ov->in_regions;
		if (ov->outside_s < 0)
			ov->outside_s = 0;
	}
	if (ov->session_s > 0)
		ov->outside_pct = 100 * ov->outside_s / ov->session_s;
	ov->outside = ov->session_s > 0 &&
	    ov->outside_pct >= SP_REPORT_OUTSIDE_PCT;
}

static void
imbalance(const struct sp_stats_result *res, struct sp_report_overview *ov)
{
	const struct sp_stats_region *r;
	double pct, worst = -1;
	size_t i;

	if (res->num_ranks < 2)
		return;
	for (i = 0; i < res->nregions; i++) {
		r = &res->regions[i];
		if (i == ov->session || r->ranks_timed < 2 ||
		    !(r->rank_mean > 0))
			continue;
		pct = 100 * (r->rank_max - r->rank_mean) / r->rank_mean;
		if (pct > worst) {
			worst = pct;
			ov->imbalance = i;
		}
	}
	if (ov->imbalance == SP_REPORT_NONE || worst < SP_REPORT_IMBALANCE_PCT) {
		ov->imbalance = SP_REPORT_NONE;
		return;
	}
	ov->imbalance_pct = worst;
	ov->imbalance_rank = res->regions[ov->imbalance].rank_max_rank;
}

void
sp_report_overview(const struct sp_stats_result *res, double span_s,
    struct sp_report_overview *ov)
{
	const struct sp_stats_region *r;
	size_t i;

	memset(ov, 0, sizeof *ov);
	ov->session = ov->dominant = ov->largest = ov->imbalance =
	    ov->chatty = SP_REPORT_NONE;
	for (i = 0; i < res->nregions; i++) {
		r = &res->regions[i];
		if (sp_report_is_session(r)) {
			if (ov->session == SP_REPORT_NONE)
				ov->session = i;
			continue;
		}
		ov->in_regions += r->exclusive;
		if (r->num_calls == 0)
			ov->no_calls++;
		if (r->exclusive > 0 && (ov->dominant == SP_REPORT_NONE ||
		    r->exclusive > res->regions[ov->dominant].exclusive))
			ov->dominant = i;
		if (r->num_calls > 0 && (ov->largest == SP_REPORT_NONE ||
		    r->total > res->regions[ov->largest].total))
			ov->largest = i;
		if (r->num_calls >= SP_REPORT_CHATTY_CALLS &&
		    r->average < SP_REPORT_CHATTY_AVG &&
		    (ov->chatty == SP_REPORT_NONE ||
		    r->num_calls > res->regions[ov->chatty].num_calls))
			ov->chatty = i;
	}
	if (ov->dominant != SP_REPORT_NONE && ov->in_regions > 0)
		ov->dominant_pct = 100 * res->regions[ov->dominant].exclusive /
		    ov->in_regions;
	if (ov->largest == SP_REPORT_NONE || ov->largest == ov->dominant ||
	    !(res->regions[ov->largest].total > 0))
		ov->largest = SP_REPORT_NONE;
	else
		ov->children_pct = 100 * (1 -
		    res->regions[ov->largest].exclusive /
		    res->regions[ov->largest].total);
	session(res, span_s, ov);
	imbalance(res, ov);
}
