#include "sp_progress.h"

#include <math.h>
#include <stdio.h>

size_t
sp_progress_count(char *buf, uint64_t v)
{
	static const char units[] = "kMGT";
	double x = (double)v;
	size_t u;
	int n;

	if (v < 1000) {
		n = snprintf(buf, SP_PROGRESS_NUM_MAX, "%llu",
		    (unsigned long long)v);
		return (size_t)n;
	}
	/* the unit in which the value, to one decimal, stays below 1000 */
	for (u = 0;; u++) {
		x /= 1000.0;
		if (x < 999.95 || u == sizeof units - 2)
			break;
	}
	n = snprintf(buf, SP_PROGRESS_NUM_MAX, "%.1f%c", x, units[u]);
	return (size_t)n;
}

size_t
sp_progress_duration(char *buf, double s)
{
	unsigned long long t;
	int n;

	if (!(s > 0))	/* also NaN */
		s = 0;
	if (s > 359999999.0)
		s = 359999999.0;	/* 99999:59:59 */
	t = (unsigned long long)floor(s);
	if (t < 3600)
		n = snprintf(buf, SP_PROGRESS_NUM_MAX, "%llu:%02llu", t / 60,
		    t % 60);
	else
		n = snprintf(buf, SP_PROGRESS_NUM_MAX, "%llu:%02llu:%02llu",
		    t / 3600, t / 60 % 60, t % 60);
	return (size_t)n;
}

size_t
sp_progress_line(char *buf, size_t cap, const char *prog, const char *name,
    uint64_t done, uint64_t total, double rate, double seconds, int final)
{
	char d[SP_PROGRESS_NUM_MAX], t[SP_PROGRESS_NUM_MAX];
	char r[SP_PROGRESS_NUM_MAX], when[SP_PROGRESS_NUM_MAX];
	int n;

	if (cap == 0)
		return 0;
	if (!(rate > 0) || rate >= 1.8e19)
		rate = 0;	/* unknown, or absurd */
	sp_progress_count(d, done);
	sp_progress_count(t, total);
	if (rate > 0)
		sp_progress_count(r, (uint64_t)(rate + 0.5));
	else
		snprintf(r, sizeof r, "-");
	if (final)
		sp_progress_duration(when, seconds);
	else if (done >= total)
		sp_progress_duration(when, 0);
	else if (rate > 0)
		sp_progress_duration(when, ceil((double)(total - done) /
		    rate));
	else
		snprintf(when, sizeof when, "?");
	n = snprintf(buf, cap, "%s: %s: %s of %s calls, %s calls/s, %s %s",
	    prog, name, d, t, r, final ? "done in" : "ETA", when);
	if (n < 0) {
		buf[0] = '\0';
		return 0;
	}
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

void
sp_progress_meter_start(struct sp_progress_meter *m, double now)
{
	m->start = now;
	m->done0 = 0;
	m->drawn = 0;
}

int
sp_progress_meter_tick(struct sp_progress_meter *m, double now,
    uint64_t done, int final, double *rate, double *took)
{
	if (m->done0 == 0 && !final) {
		/* the first batch: the rate is measured from here */
		m->first = m->last = now;
		m->done0 = done;
		return 0;
	}
	if (final ? m->delay > 0 && !m->drawn :
	    now - m->last < 1.0 / m->hz || now - m->start < m->delay)
		return 0;
	m->last = now;
	m->drawn = 1;
	*took = now - m->start;
	if (final)
		*rate = *took > 0 ? (double)done / *took : 0;
	else
		*rate = (double)(done - m->done0) / (now - m->first);
	return 1;
}
