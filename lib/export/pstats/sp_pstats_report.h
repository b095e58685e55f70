/*
 * sp_pstats_report.h - the text report of pstats.Stats.print_stats(),
 * character for character, for a statistics dict.
 *
 * The report is what
 *
 *	pstats.Stats(src).sort_stats(sort).print_stats(top)
 *
 * prints: the optional title line and a blank line, a line per entry
 * whose callers hold ("jprofile", 0, "profiler"), the totals ("N function
 * calls (P primitive calls) in T seconds", T summed over tt in dict
 * order), "Ordered by:", the "List reduced from" line when top cuts the
 * list, the column header, one line per entry and two blank lines.
 * Entries are sorted as pstats sorts one key: cumulative (ct, descending,
 * "cumulative time"), tottime (tt, descending, "internal time"), calls
 * and ncalls (nc, descending, "call count"), name (function name,
 * ascending by code point, "function name"); ties keep dict order, as
 * Python's stable sort does.  Counts print as "nc/cc" when they differ,
 * times with "%8.3f", names as pstats' func_std_string: "file:line(func)",
 * or for a ("~", 0, name) key the bare name, "<x>" shown as "{x}".
 *
 * The title: pstats prints "ctime(mtime)    path" first when it loaded
 * the stats from a file, and nothing when they were built in memory (the
 * reference's to_pstats).  The caller chooses: NULL (a report of a call
 * stream, as to_pstats gives), or sp_pstats_report_title() for a .prof
 * file, which formats pstats' line.
 *
 * Ownership: nothing is kept; the dict is only read.
 */
#ifndef SP_PSTATS_REPORT_H
#define SP_PSTATS_REPORT_H

#include <stddef.h>
#include <time.h>

#include "sp_err.h"
#include "sp_prof.h"

enum sp_pstats_sort {
	SP_PSTATS_CUMULATIVE,
	SP_PSTATS_TOTTIME,
	SP_PSTATS_CALLS,
	SP_PSTATS_NCALLS,
	SP_PSTATS_NAME,
};

/* "cumulative", "tottime", "calls", "ncalls" or "name"; else SP_EUSAGE. */
int sp_pstats_report_sort(const char *word, enum sp_pstats_sort *sort,
    struct sp_err *e);

/*
 * Write the report of d.  top < 0 prints every entry, as print_stats()
 * without an argument does; top >= 0 prints the first top, as
 * print_stats(top) does (0 prints only the totals).
 */
int sp_pstats_report_write(const struct sp_prof *d, const char *title,
    enum sp_pstats_sort sort, long top, sp_write_fn *write, void *ctx,
    struct sp_err *e);

/*
 * pstats' title for a file: time.ctime(mtime) + 4 spaces + path, in the
 * local time zone.  Returns the length it needs, like snprintf.
 */
size_t sp_pstats_report_title(char *buf, size_t n, const char *path,
    time_t mtime);

#endif
