/* sp_window.c - sp-read --window: its spelling, and its span in a run. */
#include "sp_window.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_parse.h"

/* One side: empty, "@" and signed ns, or a duration with a unit. */
static int
parse_end(const char *opt, const char *s, struct sp_window_end *end,
    struct sp_err *e)
{
	size_t n = strlen(s);
	char *stop;
	int neg;

	memset(end, 0, sizeof *end);
	if (n == 0)
		return 0;
	end->given = 1;
	if (s[0] == '@') {
		end->absolute = 1;
		errno = 0;
		end->ns = strtoll(s + 1, &stop, 10);
		if (!(s[1] == '-' || (s[1] >= '0' && s[1] <= '9')) ||
		    *stop != '\0' || errno != 0)
			return sp_fail(e, SP_EUSAGE, "%s: '%s' is not absolute "
			    "ns: give @ and an integer (@1700000000000)", opt,
			    s);
		return 0;
	}
	if (strcmp(s, "0") == 0)
		return 0;
	/* before the run's start: a leading '-' */
	neg = s[0] == '-';
	/* a bare number would be taken for ns after the start: say a unit */
	if (strspn(s + neg, "0123456789.") == n - (size_t)neg)
		return sp_fail(e, SP_EUSAGE, "%s: '%s' has no unit: give a time "
		    "after the run's start with ns, us, ms or s (2.5s), or "
		    "absolute ns after @ (@%s)", opt, s, s);
	if (sp_parse_duration(opt, s + neg, &end->ns, NULL) < 0)
		return sp_fail(e, SP_EUSAGE, "%s: '%s' is not a time: give one "
		    "after the run's start with ns, us, ms or s (2.5s), or "
		    "absolute ns after @ (@1700000000000)", opt, s);
	if (neg)
		end->ns = -end->ns;
	return 0;
}

int
sp_window_parse(const char *opt, const char *spec, int inside,
    struct sp_window *w, struct sp_err *e)
{
	const char *colon = strchr(spec, ':');
	char start[64];
	size_t n;

	memset(w, 0, sizeof *w);
	w->inside = inside;
	if (colon == NULL || strchr(colon + 1, ':') != NULL)
		return sp_fail(e, SP_EUSAGE, "%s: '%s' is not a window: give "
		    "START:END (2.5s:3s, 100ms:, :1s, @T0:@T1)", opt, spec);
	if ((n = (size_t)(colon - spec)) >= sizeof start ||
	    strlen(spec) >= sizeof w->spec)
		return sp_fail(e, SP_EUSAGE, "%s: '%s' is too long for a "
		    "window", opt, spec);
	memcpy(start, spec, n);
	start[n] = '\0';
	if (parse_end(opt, start, &w->start, e) < 0 ||
	    parse_end(opt, colon + 1, &w->end, e) < 0)
		return -1;
	if (w->start.given && w->end.given &&
	    w->start.absolute == w->end.absolute && w->start.ns >= w->end.ns)
		return sp_fail(e, SP_EUSAGE, "%s: '%s': the window's start "
		    "must come before its end", opt, spec);
	snprintf(w->spec, sizeof w->spec, "%s", spec);
	return 0;
}

int
sp_window_relative(const struct sp_window *w)
{
	return (w->start.given && !w->start.absolute) ||
	    (w->end.given && !w->end.absolute);
}

/* origin + ns, held in int64_t. */
static int64_t
after(int64_t origin, int64_t ns)
{
	if (ns >= 0)
		return origin > INT64_MAX - ns ? INT64_MAX : origin + ns;
	return origin < INT64_MIN - ns ? INT64_MIN : origin + ns;
}

struct sp_window_ns
sp_window_resolve(const struct sp_window *w, int64_t origin)
{
	struct sp_window_ns r;

	r.lo = !w->start.given ? INT64_MIN : w->start.absolute ? w->start.ns :
	    after(origin, w->start.ns);
	r.hi = !w->end.given ? INT64_MAX : w->end.absolute ? w->end.ns :
	    after(origin, w->end.ns);
	r.clip = !w->inside;
	return r;
}
