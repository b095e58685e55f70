/*
 * Unit test of sp_pstats_report: the text of pstats' print_stats, checked
 * against goldens that Python 3.11's pstats printed for the same dicts,
 * and against the python3 at hand for every sort and limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_marshal.h"
#include "sp_pstats_report.h"
#include "proftest.h"

static long
key(struct sp_prof *d, const char *file, int64_t line, const char *func)
{
	struct sp_err e = { 0 };

	return sp_prof_key(d, sp_prof_intern(d, file, strlen(file), &e), line,
	    sp_prof_intern(d, func, strlen(func), &e), &e);
}

static long
entry(struct sp_prof *d, const char *file, int64_t line, const char *func,
    int64_t cc, int64_t nc, double tt, double ct)
{
	struct sp_prof_stat s = { cc, nc, tt, ct };
	struct sp_err e = { 0 };

	return sp_prof_set(d, key(d, file, line, func), &s, 0, &e);
}

static void
caller(struct sp_prof *d, long i, const char *file, int64_t line,
    const char *func)
{
	struct sp_prof_stat s = { 1, 1, 0.0, 0.0 };
	struct sp_err e = { 0 };

	sp_prof_set_caller(d, (size_t)i, key(d, file, line, func), &s, 0, &e);
}

/*
 * Recursion (nc/cc), ties in every sort key, a source location, "{...}"
 * names, a zero count, a root, a long name, seconds to round.
 */
static struct sp_prof *
mixed(void)
{
	struct sp_prof *d = sp_prof_new();
	long i;

	i = entry(d, "~", 0, "main", 1, 1, 0.0104, 0.1);
	caller(d, i, "~", 0, "<run rank 0>");
	entry(d, "~", 0, "main > setup", 1, 1, 0.02, 0.02);
	entry(d, "solver.py", 42, "main > solve", 1, 1, 0.04, 0.07);
	entry(d, "~", 0, "rec", 1, 4, 0.0625, 0.0625);
	entry(d, "~", 0, "<lambda>", 0, 0, 0.0, 0.0);
	entry(d, "~", 0, "<", 3, 3, 0.0020005, 0.02);
	entry(d, "~", 0, "a very long region name that is longer than the "
	    "column > and then a child", 12345678, 123456789, 12.3456,
	    1234.5);
	entry(d, "~", 1, "<not a builtin>", 2, 2, 0.5, 0.5);
	entry(d, "~", 0, "<run rank 0>", 1, 1, 0.0, 0.1);
	return d;
}

/*
 * Python 3.11's pstats printed these (the title added by hand as
 * Stats(file) prints it): sort_stats("cumulative").print_stats().
 */
static const char mixed_cumulative[] =
    "         123456802 function calls (12345688 primitive calls) in "
    "12.981 seconds\n"
    "\n"
    "   Ordered by: cumulative time\n"
    "\n"
    "   ncalls  tottime  percall  cumtime  percall "
    "filename:lineno(function)\n"
    "123456789/12345678   12.346    0.000 1234.500    0.000 a very long "
    "region name that is longer than the column > and then a child\n"
    "        2    0.500    0.250    0.500    0.250 ~:1(<not a builtin>)\n"
    "        1    0.010    0.010    0.100    0.100 main\n"
    "        1    0.000    0.000    0.100    0.100 {run rank 0}\n"
    "        1    0.040    0.040    0.070    0.070 "
    "solver.py:42(main > solve)\n"
    "      4/1    0.062    0.016    0.062    0.062 rec\n"
    "        1    0.020    0.020    0.020    0.020 main > setup\n"
    "        3    0.002    0.001    0.020    0.007 <\n"
    "        0    0.000             0.000          {lambda}\n"
    "\n"
    "\n";

/* sort_stats("name").print_stats(3), with a title. */
static const char mixed_name_3[] =
    "Tue Nov 14 22:13:20 2023    x.prof\n"
    "\n"
    "         123456802 function calls (12345688 primitive calls) in "
    "12.981 seconds\n"
    "\n"
    "   Ordered by: function name\n"
    "   List reduced from 9 to 3 due to restriction <3>\n"
    "\n"
    "   ncalls  tottime  percall  cumtime  percall "
    "filename:lineno(function)\n"
    "        3    0.002    0.001    0.020    0.007 <\n"
    "        0    0.000             0.000          {lambda}\n"
    "        2    0.500    0.250    0.500    0.250 ~:1(<not a builtin>)\n"
    "\n"
    "\n";

static const char empty_report[] =
    "         0 function calls in 0.000 seconds\n"
    "\n";

static const char top0_report[] =
    "         123456802 function calls (12345688 primitive calls) in "
    "12.981 seconds\n"
    "\n";

static char *
render(const struct sp_prof *d, const char *title, enum sp_pstats_sort s,
    long top)
{
	struct membuf m = { 0 };
	struct sp_err e = { 0 };
	char *z;

	if (sp_pstats_report_write(d, title, s, top, membuf_write, &m,
	    &e) == -1) {
		printf("report failed: %s\n", e.msg);
		free(m.p);
		return NULL;
	}
	z = malloc(m.n + 1);
	if (m.n)
		memcpy(z, m.p, m.n);
	z[m.n] = '\0';
	free(m.p);
	return z;
}

static void
expect(const char *what, char *got, const char *want)
{
	CHECK(got != NULL && strcmp(got, want) == 0,
	    "%s:\n--- got\n%s--- want\n%s---", what, got ? got : "(null)",
	    want);
	free(got);
}

static void
test_goldens(void)
{
	struct sp_prof *d = mixed(), *none = sp_prof_new();
	char title[256];

	setenv("TZ", "UTC", 1);
	tzset();
	sp_pstats_report_title(title, sizeof title, "x.prof", 1700000000);
	expect("title", strdup(title), "Tue Nov 14 22:13:20 2023    x.prof");
	sp_pstats_report_title(title, sizeof title, "y", 1699000000);
	expect("title, one-digit day", strdup(title),
	    "Fri Nov  3 08:26:40 2023    y");
	expect("cumulative", render(d, NULL, SP_PSTATS_CUMULATIVE, -1),
	    mixed_cumulative);
	sp_pstats_report_title(title, sizeof title, "x.prof", 1700000000);
	expect("name, 3", render(d, title, SP_PSTATS_NAME, 3), mixed_name_3);
	expect("top 0", render(d, NULL, SP_PSTATS_TOTTIME, 0), top0_report);
	expect("empty", render(none, NULL, SP_PSTATS_CUMULATIVE, -1),
	    empty_report);
	expect("empty, top 5", render(none, NULL, SP_PSTATS_CALLS, 5),
	    empty_report);
	sp_prof_free(d);
	sp_prof_free(none);
}

/*
 * What python3's pstats prints for d with each of the sorts and limits,
 * as one text with a "=== SORT TOP" line before each report; NULL
 * without python.
 */
static char *
python_reports(const struct sp_prof *d, const char *sorts, const char *tops)
{
	const char *prof = scratch_path("report.prof");
	const char *txt = scratch_path("report.txt");
	char cmd[2048];
	struct membuf m = { 0 };
	struct sp_err e = { 0 };
	char buf[4096];
	FILE *f;
	size_t k;

	if (python() == NULL)
		return NULL;
	f = fopen(prof, "wb");
	if (f == NULL || sp_marshal_write_prof(d, file_write, f, &e) == -1 ||
	    fclose(f) != 0)
		return NULL;
	snprintf(cmd, sizeof cmd, "'%s' '%s' --report %s --top=%s '%s' > '%s'",
	    python(), checker(), sorts, tops, prof, txt);
	if (system(cmd) != 0 || (f = fopen(txt, "rb")) == NULL)
		return NULL;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		membuf_write(&m, buf, k, &e);
	fclose(f);
	membuf_write(&m, "", 1, &e);
	return (char *)m.p;
}

/* Names, counts and times a real profile run has: live against python. */
static struct sp_prof *
profiled(void)
{
	struct sp_prof *d = sp_prof_new();
	char name[64];
	long i;
	int k;

	for (k = 0; k < 40; k++) {
		snprintf(name, sizeof name, k % 3 ? "f%d" : "<f%d>", k);
		i = entry(d, k % 4 ? "~" : "/src/mod.py", k % 4 ? 0 : 10 * k,
		    name, 1 + k % 5, 1 + k % 5 + (k % 7 == 0 ? k : 0),
		    (k % 9) * 0.00123456, (k % 11) * 0.0123456 + 0.5e-3);
		if (k > 0)
			caller(d, i, "~", 0, "f1");
	}
	/* One entry says it was called by the profiler itself. */
	caller(d, 3, "jprofile", 0, "profiler");
	return d;
}

static void
test_live(void)
{
	static const char *const sorts[] = {
		"cumulative", "tottime", "calls", "ncalls", "name",
	};
	static const long tops[] = { -1, 0, 1, 7, 40, 100 };
	struct sp_prof *ds[2];
	enum sp_pstats_sort s;
	struct sp_err e = { 0 };
	size_t i, j, k;
	char what[64], *all, *at, *next;

	if (python() == NULL)
		return;
	ds[0] = mixed();
	ds[1] = profiled();
	for (k = 0; k < 2; k++) {
		all = python_reports(ds[k], "cumulative,tottime,calls,ncalls,"
		    "name", "-1,0,1,7,40,100");
		CHECK(all != NULL, "python reports");
		if (all == NULL)
			break;
		at = all;
		for (i = 0; i < 5; i++)
			for (j = 0; j < sizeof tops / sizeof tops[0]; j++) {
				snprintf(what, sizeof what, "=== %s %ld\n",
				    sorts[i], tops[j]);
				CHECK(strncmp(at, what, strlen(what)) == 0,
				    "python output: %s", what);
				at += strlen(what);
				next = strstr(at, "=== ");
				if (next != NULL)
					*next = '\0';
				CHECK(sp_pstats_report_sort(sorts[i], &s,
				    &e) == 0, "sort %s", sorts[i]);
				snprintf(what, sizeof what, "dict %zu, %s, %ld",
				    k, sorts[i], tops[j]);
				expect(what, render(ds[k], NULL, s, tops[j]),
				    at);
				if (next == NULL)
					goto done;
				*next = '=';
				at = next;
			}
done:
		free(all);
	}
	sp_prof_free(ds[0]);
	sp_prof_free(ds[1]);
}

static void
test_errors(void)
{
	struct sp_prof *d = mixed();
	struct membuf m = { 0 };
	struct sp_err e = { 0 };
	enum sp_pstats_sort s;

	CHECK(sp_pstats_report_sort("cumtime", &s, &e) == -1 &&
	    e.status == SP_EUSAGE, "unknown sort word refused");
	m.fail_after = 100;
	CHECK(sp_pstats_report_write(d, NULL, SP_PSTATS_NAME, -1, membuf_write,
	    &m, &e) == -1 && e.status == SP_EIO, "a failing sink");
	free(m.p);
	sp_prof_free(d);
}

int
main(void)
{
	test_goldens();
	test_live();
	test_errors();
	scratch_done();
	if (!failed)
		printf("test-pstats_report: ok\n");
	return proftest_status();
}
