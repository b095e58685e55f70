/*
 * sp-statcheck: libsp's U test and median for tests/check-mwu.py, one
 * question a line on standard input, one answer a line on standard output
 * (doubles with 17 significant digits):
 *
 *   mwu N1 N2 X... Y...          ->  U1 P METHOD   (doubles, any order)
 *   mwui LOAD N1 N2 X... Y...    ->  U1 P METHOD   (int64 values through
 *                                    sp_stats_pool and sp_stats_sort with
 *                                    a load bound of LOAD bytes)
 *   median CONF N X...           ->  CENTER LO HI CONFIDENCE LO_ORDER HI_ORDER
 *                                    (doubles, any order)
 *
 * METHOD is exact or asymptotic; an error is "error MESSAGE".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_stats_median.h"
#include "sp_stats_mwu.h"
#include "sp_stats_pool.h"
#include "sp_stats_sort.h"

static const char *
method(const struct sp_stats_mwu *r)
{
	return r->method == SP_STATS_MWU_EXACT ? "exact" : "asymptotic";
}

static int
read_doubles(double *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (scanf("%lf", &a[i]) != 1)
			return -1;
	return 0;
}

static void
do_mwu(size_t n1, size_t n2)
{
	double *a = malloc((n1 + n2 + 1) * sizeof *a);
	struct sp_stats_mwu r;
	struct sp_err e;

	if (a == NULL || read_doubles(a, n1 + n2) < 0)
		printf("error bad input\n");
	else if (sp_stats_mwu_arrays(a, n1, a + n1, n2, &r, &e) < 0)
		printf("error %s\n", e.msg);
	else
		printf("%.17g %.17g %s\n", r.u1, r.p, method(&r));
	free(a);
}

/* Both samples in a pool (groups 0 and 1), sorted with load bound load. */
static int
mwu_pool(struct sp_stats_pool *p, uint64_t load, struct sp_spill_file *t,
    struct sp_stats_mwu *r, struct sp_err *e)
{
	struct sp_stats_sort *sx = sp_stats_sort_new(p, 0, load, t, e);
	struct sp_stats_sort *sy = sx ? sp_stats_sort_new(p, 1, load, t, e) :
	    NULL;
	struct sp_stats_mwu_src x = { sx, sp_stats_mwu_next_sort };
	struct sp_stats_mwu_src y = { sy, sp_stats_mwu_next_sort };
	int rc = sy != NULL ? sp_stats_mwu_test(&x, &y, r, e) : -1;

	sp_stats_sort_free(sx);
	sp_stats_sort_free(sy);
	return rc;
}

static void
do_mwui(uint64_t load, size_t n1, size_t n2)
{
	struct sp_spill_budget b = { 1 << 16, 0 };
	struct sp_spill_file *t = sp_spill_file_new(NULL, NULL);
	struct sp_stats_pool *p = t ? sp_stats_pool_new(t, &b, NULL) : NULL;
	struct sp_stats_mwu r;
	struct sp_err e;
	long long v;
	size_t i;
	int ok = p != NULL;

	for (i = 0; ok && i < n1 + n2; i++)
		ok = scanf("%lld", &v) == 1 &&
		    sp_stats_pool_put(p, i < n1 ? 0 : 1, v, &e) == 0;
	if (!ok)
		printf("error bad input\n");
	else if (mwu_pool(p, load, t, &r, &e) < 0)
		printf("error %s\n", e.msg);
	else
		printf("%.17g %.17g %s\n", r.u1, r.p, method(&r));
	sp_stats_pool_free(p);
	sp_spill_file_free(t);
}

static void
do_median(double conf, size_t n)
{
	double *a = malloc((n + 1) * sizeof *a);
	struct sp_stats_median m;

	if (a == NULL || read_doubles(a, n) < 0) {
		printf("error bad input\n");
	} else {
		sp_stats_sort_doubles(a, n);
		sp_stats_median_array(a, n, conf, &m);
		printf("%.17g %.17g %.17g %.17g %llu %llu\n", m.center, m.lo,
		    m.hi, m.confidence, (unsigned long long)m.lo_order,
		    (unsigned long long)m.hi_order);
	}
	free(a);
}

int
main(void)
{
	char cmd[16];
	unsigned long long load;
	size_t n1, n2;
	double conf;

	while (scanf("%15s", cmd) == 1) {
		if (strcmp(cmd, "mwu") == 0 && scanf("%zu %zu", &n1, &n2) == 2)
			do_mwu(n1, n2);
		else if (strcmp(cmd, "mwui") == 0 &&
		    scanf("%llu %zu %zu", &load, &n1, &n2) == 3)
			do_mwui(load, n1, n2);
		else if (strcmp(cmd, "median") == 0 &&
		    scanf("%lf %zu", &conf, &n1) == 2)
			do_median(conf, n1);
		else {
			printf("error unknown question %s\n", cmd);
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}
