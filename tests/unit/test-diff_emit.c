/*
 * test-diff_emit: sp-diff's rows for programs (sp_diff_emit.h) for a
 * small comparison built by hand, each format's exact text: JSON (the
 * sides, the gate, the rows, the only-in lists), NDJSON, CSV and TSV
 * (quoting, an empty cell for none, the gate's column), Markdown (its
 * punctuation escaped); counts as integers; and a writer that fills up.
 */
#include <string.h>

#include "check.h"
#include "diff_fixture.h"
#include "membuf.h"
#include "sp_diff_emit.h"

static void
expect(const struct sp_diff *d, const struct sp_diff_report *r,
    enum sp_diff_emit_format f, const char *want, const char *what)
{
	struct membuf mb;
	struct sp_err e;

	memset(&mb, 0, sizeof mb);
	CHECK(sp_diff_emit_write(d, r, f, membuf_write, &mb, &e) == 0,
	    "%s: %s", what, e.msg);
	CHECK(mb.n == strlen(want) && memcmp(mb.p, want, mb.n) == 0,
	    "%s:\n%.*s---- not ----\n%s", what, (int)mb.n, (char *)mb.p,
	    want);
	free(mb.p);
}

#define NULLS "\"a_ci\": null, \"b_ci\": null, \"p\": null, " \
	"\"significant\": null"
static const char row_ckpt[] = "{\"region\": \"ckpt\", \"a\": null, "
    "\"b\": 5.0, \"delta\": 5.0, \"pct\": null, \"n_a\": 0, \"n_b\": 1, "
    NULLS;
static const char row_solve[] = "{\"region\": \"solve\", \"a\": 10.0, "
    "\"b\": 12.5, \"delta\": 2.5, \"pct\": 25.0, \"n_a\": 1, \"n_b\": 1, "
    NULLS;
static const char row_init[] = "{\"region\": \"init\", \"a\": 1.0, "
    "\"b\": null, \"delta\": -1.0, \"pct\": -100.0, \"n_a\": 1, "
    "\"n_b\": 0, " NULLS;
static const char row_io[] = "{\"region\": \"io\", \"a\": 4.0, "
    "\"b\": 3.0, \"delta\": -1.0, \"pct\": -25.0, \"n_a\": 1, \"n_b\": 1, "
    NULLS;

static void
test_json(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);
	char want[4096];

	if (d == NULL)
		return;
	snprintf(want, sizeof want, "{\n"
	    "  \"metric\": \"total\",\n"
	    "  \"keys\": \"region\",\n"
	    "  \"a\": {\"title\": \"before.h5\", \"label\": \"A\", "
	    "\"runs\": 1},\n"
	    "  \"b\": {\"title\": \"after.h5\", \"label\": \"B\", "
	    "\"runs\": 1},\n"
	    "  \"samples\": null,\n"
	    "  \"gate\": null,\n"
	    "  \"rows\": [\n    %s},\n    %s},\n    %s},\n    %s}\n  ],\n"
	    "  \"only_in_a\": [\"init\"],\n"
	    "  \"only_in_b\": [\"ckpt\"]\n"
	    "}\n", row_ckpt, row_solve, row_init, row_io);
	expect(d, &r, SP_DIFF_EMIT_JSON, want, "json");
	snprintf(want, sizeof want, "%s}\n%s}\n%s}\n%s}\n", row_ckpt,
	    row_solve, row_init, row_io);
	expect(d, &r, SP_DIFF_EMIT_NDJSON, want, "ndjson");
	sp_diff_free(d);

	/* the gate: +10% fails solve */
	o.budget = SP_DIFF_BUDGET_PCT;
	o.max = 10;
	o.fail_on_new = 1;	/* and ckpt, new */
	r.check = 1;
	if ((d = diff_fixture_build(&o)) == NULL)
		return;
	snprintf(want, sizeof want,
	    "%s, \"fails\": true}\n%s, \"fails\": true}\n"
	    "%s, \"fails\": false}\n%s, \"fails\": false}\n", row_ckpt,
	    row_solve, row_init, row_io);
	expect(d, &r, SP_DIFF_EMIT_NDJSON, want, "ndjson with a gate");
	sp_diff_free(d);
}

/* the gate's object and rows by rank with counts */
static void
test_json_rank(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = sp_diff_new(NULL);
	struct sp_err e;
	const char *want;

	o.budget = SP_DIFF_BUDGET_ABS;
	o.max = 0.5;
	r.check = 1;
	r.keys = SP_DIFF_BY_RANK;
	r.metric = SP_DIFF_CALLS;
	r.samples = "ranks";
	CHECK(d != NULL && sp_diff_run(d, 0, &e) == 0 &&
	    sp_diff_put(d, "mpi", 3, 2, 7, &e) == 0 &&
	    sp_diff_put(d, "gone", 4, 0, 1, &e) == 0 &&
	    sp_diff_run(d, 1, &e) == 0 &&
	    sp_diff_put(d, "mpi", 3, 2, 6, &e) == 0 &&
	    sp_diff_rows(d, &o, &e) == 0, "by rank");
	if (d == NULL)
		return;
	/* mpi: 7 -> 6 calls, -1 and (-1 / 7) x 100 = -14.285714285714285%
	 * in doubles (dividing first): passes; gone -1 */
	want = "{\n"
	    "  \"metric\": \"calls\",\n"
	    "  \"keys\": \"rank\",\n"
	    "  \"a\": {\"title\": \"before.h5\", \"label\": \"A\", "
	    "\"runs\": 1},\n"
	    "  \"b\": {\"title\": \"after.h5\", \"label\": \"B\", "
	    "\"runs\": 1},\n"
	    "  \"samples\": \"ranks\",\n"
	    "  \"gate\": {\"budget\": 0.5, \"unit\": \"s\", "
	    "\"fail_on_new\": false, \"result\": \"PASS\"},\n"
	    "  \"rows\": [\n"
	    "    {\"region\": \"gone\", \"rank\": 0, \"a\": 1, \"b\": null, "
	    "\"delta\": -1, \"pct\": -100.0, \"n_a\": 1, \"n_b\": 0, " NULLS
	    ", \"fails\": false},\n"
	    "    {\"region\": \"mpi\", \"rank\": 2, \"a\": 7, \"b\": 6, "
	    "\"delta\": -1, \"pct\": -14.285714285714285, \"n_a\": 1, "
	    "\"n_b\": 1, " NULLS ", \"fails\": false}\n"
	    "  ],\n"
	    "  \"only_in_a\": [{\"region\": \"gone\", \"rank\": 0}],\n"
	    "  \"only_in_b\": []\n"
	    "}\n";
	expect(d, &r, SP_DIFF_EMIT_JSON, want, "json by rank");
	sp_diff_free(d);
}

static void
test_csv(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);

	if (d == NULL)
		return;
	expect(d, &r, SP_DIFF_EMIT_CSV,
	    "region,a,b,delta,pct,p,significant\n"
	    "ckpt,,5.0,5.0,,,\n"
	    "solve,10.0,12.5,2.5,25.0,,\n"
	    "init,1.0,,-1.0,-100.0,,\n"
	    "io,4.0,3.0,-1.0,-25.0,,\n", "csv");
	expect(d, &r, SP_DIFF_EMIT_TSV,
	    "region\ta\tb\tdelta\tpct\tp\tsignificant\n"
	    "ckpt\t\t5.0\t5.0\t\t\t\n"
	    "solve\t10.0\t12.5\t2.5\t25.0\t\t\n"
	    "init\t1.0\t\t-1.0\t-100.0\t\t\n"
	    "io\t4.0\t3.0\t-1.0\t-25.0\t\t\n", "tsv");
	sp_diff_free(d);
	o.budget = SP_DIFF_BUDGET_PCT;
	o.max = 10;
	r.check = 1;
	if ((d = diff_fixture_build(&o)) == NULL)
		return;
	expect(d, &r, SP_DIFF_EMIT_CSV,
	    "region,a,b,delta,pct,p,significant,fails\n"
	    "ckpt,,5.0,5.0,,,,0\n"
	    "solve,10.0,12.5,2.5,25.0,,,1\n"
	    "init,1.0,,-1.0,-100.0,,,0\n"
	    "io,4.0,3.0,-1.0,-25.0,,,0\n", "csv with a gate");
	sp_diff_free(d);
}

static void
test_markdown(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);

	if (d == NULL)
		return;
	r.side[0].title = "old|run_1\nx";
	r.side[1].label = "*B*";
	expect(d, &r, SP_DIFF_EMIT_MARKDOWN,
	    "### sp-diff: total [s]\n\n"
	    "- **a**: old\\|run\\_1 x\n"
	    "- **b**: after.h5\n"
	    "\n| region | A (a) | \\*B\\* (b) | delta | delta [%] |\n"
	    "| --- | ---: | ---: | ---: | ---: |\n"
	    "| ckpt | - | 5 | +5 | - |\n"
	    "| solve | 10 | 12.5 | +2.5 | +25% |\n"
	    "| init | 1 | - | -1 | -100% |\n"
	    "| io | 4 | 3 | -1 | -25% |\n"
	    "\nOnly in a: init\n"
	    "\nOnly in b: ckpt\n", "markdown");
	sp_diff_free(d);
}

/* names needing quotes in CSV, a tab in TSV */
static void
test_quoting(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = sp_diff_new(NULL);
	struct sp_err e;

	CHECK(d != NULL && sp_diff_run(d, 0, &e) == 0 &&
	    sp_diff_put(d, "a,\"b\"", 5, SP_DIFF_NO_RANK, 2, &e) == 0 &&
	    sp_diff_run(d, 1, &e) == 0 &&
	    sp_diff_put(d, "a,\"b\"", 5, SP_DIFF_NO_RANK, 3, &e) == 0 &&
	    sp_diff_rows(d, &o, &e) == 0, "quoting");
	if (d == NULL)
		return;
	expect(d, &r, SP_DIFF_EMIT_CSV, "region,a,b,delta,pct,p,significant\n"
	    "\"a,\"\"b\"\"\",2.0,3.0,1.0,50.0,,\n", "csv quoting");
	expect(d, &r, SP_DIFF_EMIT_NDJSON, "{\"region\": \"a,\\\"b\\\"\", "
	    "\"a\": 2.0, \"b\": 3.0, \"delta\": 1.0, \"pct\": 50.0, "
	    "\"n_a\": 1, \"n_b\": 1, " NULLS "}\n", "json quoting");
	sp_diff_free(d);
}

static void
test_full(void)
{
	struct sp_diff_opts o = diff_fixture_opts();
	struct sp_diff_report r = diff_fixture_report(&o);
	struct sp_diff *d = diff_fixture_build(&o);
	struct membuf mb;
	struct sp_err e;
	int f;

	for (f = SP_DIFF_EMIT_JSON; d != NULL && f <= SP_DIFF_EMIT_MARKDOWN;
	    f++) {
		memset(&mb, 0, sizeof mb);
		memset(&e, 0, sizeof e);
		mb.fail_after = 50;
		CHECK(sp_diff_emit_write(d, &r, (enum sp_diff_emit_format)f,
		    membuf_write, &mb, &e) == -1 && e.status == SP_EIO,
		    "format %d: full, not failed: '%s'", f, e.msg);
		free(mb.p);
	}
	sp_diff_free(d);
}

int
main(void)
{
	test_json();
	test_json_rank();
	test_csv();
	test_markdown();
	test_quoting();
	test_full();
	return failed != 0;
}
