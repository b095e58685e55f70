/*
 * test-stats_emit: the records as JSON, NDJSON, CSV and TSV
 * (sp_stats_emit.h) on the run of stats63.h, and the options refused
 * before anything is written: the CSV and TSV of the rank records to the
 * byte, with a region name that needs quoting and escaping, and the
 * start of the JSON and NDJSON documents.
 */
#include <stdlib.h>

#include "membuf.h"
#include "sp_stats_emit.h"
#include "stats63.h"

static struct sp_stats_result *res;

static void
refused(struct sp_stats_export_opts *o, const char *msg)
{
	struct sp_err e;

	memset(&e, 0, sizeof e);
	CHECK(sp_stats_emit_check(o, &e) < 0 && e.status == SP_EUSAGE &&
	    strncmp(e.msg, msg, strlen(msg)) == 0, "refused: %s, not %s",
	    e.msg, msg);
}

static void
init(struct sp_stats_export_opts *o, enum sp_stats_format f,
    enum sp_stats_by by)
{
	memset(o, 0, sizeof *o);
	o->format = f;
	o->by = by;
	o->top = -1;
	o->max_depth = -1;
}

static void
check(void)
{
	struct sp_stats_export_opts o;
	struct sp_err e;

	init(&o, SP_STATS_JSON, SP_STATS_BY_REGION);
	o.columns = "name";
	refused(&o, "--columns: JSON records have every key; it applies to "
	    "text, csv and tsv");
	o.format = SP_STATS_CSV;
	CHECK(sp_stats_emit_check(&o, &e) == 0, "csv columns: %s", e.msg);
	o.columns = "name,bogus";
	refused(&o, "--columns: 'bogus' is no key of these records");
	o.columns = "name,rank";
	refused(&o, "--columns: 'rank' is no key of these records");
	o.by = SP_STATS_BY_RANK;
	CHECK(sp_stats_emit_check(&o, &e) == 0, "rank columns: %s", e.msg);
	o.columns = NULL;
	o.by = SP_STATS_BY_REGION;
	o.sort = "rank";
	refused(&o, "--sort rank applies to --by rank and --by lane");
	o.by = SP_STATS_BY_LANE;
	CHECK(sp_stats_emit_check(&o, &e) == 0, "rank by lane");
	o.sort = "bogus";
	refused(&o, "'bogus' is not a sort key: give rank, one of ");
	o.sort = "total";
	CHECK(sp_stats_emit_check(&o, &e) == 0, "total");
	o.sort = "imbalance_caliper";
	o.by = SP_STATS_BY_REGION;
	CHECK(sp_stats_emit_check(&o, &e) == 0, "a key of the records");
}

static void
written(const struct sp_stats_export_opts *o, const char *want, size_t n,
    int prefix, const char *what)
{
	struct membuf m = { 0 };
	struct sp_err e;

	CHECK(sp_stats_emit_write(res, o, membuf_write, &m, &e) == 0,
	    "%s: %s", what, e.msg);
	CHECK((prefix ? m.n >= n : m.n == n) && memcmp(m.p, want, n) == 0,
	    "%s:\n%.*s\nexpected%s\n%s", what, (int)m.n, (char *)m.p,
	    prefix ? " to start" : "", want);
	free(m.p);
}

#define IS(o, s, what) written(o, s, strlen(s), 0, what)
#define STARTS(o, s, what) written(o, s, strlen(s), 1, what)

static void
tables(void)
{
	struct sp_stats_export_opts o;
	const char *name = res->regions[1].name;
	size_t len = res->regions[1].name_len;

	init(&o, SP_STATS_CSV, SP_STATS_BY_RANK);
	o.columns = "name,rank,total_duration,num_calls";
	o.sort = "rank";
	/* by rank, the view's order (regions as met) on ties */
	IS(&o, "name,rank,total_duration,num_calls\n"
	    "scope_profiler.session,0,10.0,1\n"
	    "solve,0,7.0,2\n"
	    "io,0,2.5,3\n"
	    "scope_profiler.session,1,12.0,1\n"
	    "solve,1,10.0,1\n"
	    "io,1,0.00025,1\n", "csv by rank");
	/* quoted as Python's csv module quotes; TSV escapes */
	res->regions[1].name = "s,\"o\"\tl\\";
	res->regions[1].name_len = 8;
	o.sort = "total";
	o.top = 2;
	o.columns = "rank,name";
	/* 12, then the 10s by name: ',' before 'c'; then 7 */
	IS(&o, "rank,name\n1,scope_profiler.session\n"
	    "1,\"s,\"\"o\"\"\tl\\\"\n"
	    "0,scope_profiler.session\n"
	    "0,\"s,\"\"o\"\"\tl\\\"\n", "csv quoted");
	o.top = 2;
	o.sort = "name";
	o.format = SP_STATS_TSV;
	IS(&o, "rank\tname\n0\tio\n1\tio\n0\ts,\"o\"\\tl\\\\\n"
	    "1\ts,\"o\"\\tl\\\\\n", "tsv");
	res->regions[1].name = name;
	res->regions[1].name_len = len;
}

static void
json(void)
{
	struct sp_stats_export_opts o;

	init(&o, SP_STATS_JSON, SP_STATS_BY_REGION);
	o.top = 0;
	IS(&o, "[]\n", "no records");
	o.top = -1;
	STARTS(&o, "[\n  {\n    \"name\": \"scope_profiler.session\",\n"
	    "    \"num_ranks\": 2,\n    \"num_calls\": 2,\n"
	    "    \"total_duration\": 22.0,\n    \"inclusive_duration\": 22.0,\n"
	    "    \"exclusive_duration\": 5.0,\n", "json");
	o.format = SP_STATS_NDJSON;
	o.call_paths = 1;
	o.sort = "total";
	o.top = 1;
	o.max_depth = 0;
	/* the session's row alone: (10 + 12) s on two ranks, solve's 17 s
	 * below it; no GPU fields */
	IS(&o, "{\"call_path\": \"scope_profiler.session\", \"name\": "
	    "\"scope_profiler.session\", \"depth\": 0, \"num_ranks\": 2, "
	    "\"num_calls\": 2, \"total_duration\": 22.0, "
	    "\"average_duration\": 11.0, \"min_duration\": 10.0, "
	    "\"max_duration\": 12.0, \"first_duration\": 10.0, "
	    "\"last_duration\": 12.0, \"std_duration\": 1.0, "
	    "\"p50_duration\": 11.0, \"p95_duration\": 11.9, "
	    "\"p99_duration\": 11.98, \"exclusive_duration\": 5.0, "
	    "\"coverage\": 22.0, \"imbalance\": 9.090909090909083, "
	    "\"recursive\": false, \"start\": 0.0, \"wall_duration\": 22.0, "
	    "\"wall_ns\": 22000000000, \"fallback\": false}\n", "ndjson");
}

int
main(void)
{
	res = run(SP_STATS_WANT_REGIONS | SP_STATS_WANT_TREE |
	    SP_STATS_WANT_RANKS, 1 << 20, 0, NULL);
	check();
	tables();
	json();
	sp_stats_result_free(res);
	sp_stats_run_free(alive);
	return failed != 0;
}
