/*
 * test-stats_notes: what the table's text has besides the table
 * (sp_stats_notes.h): the title, the text of a run without rows, the
 * Info box drawn to the widest line, and the notes it holds for the run
 * of stats63.h: which notes, in which order, under which conditions.
 */
#include <stdlib.h>

#include "membuf.h"
#include "sp_stats_notes.h"
#include "stats63.h"

static void
text_is(const struct membuf *m, const char *want, size_t n, const char *what)
{
	CHECK(m->n == n && memcmp(m->p, want, n) == 0, "%s:\n%.*s\nexpected\n"
	    "%.*s", what, (int)m->n, (const char *)m->p, (int)n, want);
}

#define TEXT_IS(m, s, what) text_is(m, s, strlen(s), what)

/* The box: its top border a title, short when the lines are. */
static void
box(void)
{
	static const char *const two[] = { "ab", "日本x" };
	static const char *const one[] = { "abcdefgh" };
	struct membuf m = { 0 };
	struct sp_err e;

	CHECK(sp_stats_notes_box(two, 2, membuf_write, &m, &e) == 0, "box");
	TEXT_IS(&m, "\n  ╭─ Info ─╮\n"
	    "  │ ab  │\n"
	    "  │ 日本x │\n"
	    "  ╰─────╯\n", "narrow box");
	m.n = 0;
	CHECK(sp_stats_notes_box(one, 1, membuf_write, &m, &e) == 0, "box");
	TEXT_IS(&m, "\n  ╭─ Info ───╮\n"
	    "  │ abcdefgh │\n"
	    "  ╰──────────╯\n", "box");
	m.fail_after = 4;
	m.n = 0;
	CHECK(sp_stats_notes_box(one, 1, membuf_write, &m, &e) < 0 &&
	    e.status == SP_EIO, "a write that fails fails the box");
	free(m.p);
}

static void
titles(struct sp_stats_result *res)
{
	struct sp_stats_table_opts o;
	struct sp_stats_text b = { 0 };
	struct membuf m = { 0 };
	struct sp_err e;

	sp_stats_title(res, "/", &b);
	CHECK(b.n > 0 && strcmp(b.p, "native_trace (2 ranks)") == 0,
	    "title: %s", b.p);
	res->meta_label = strdup("L");
	res->num_ranks = 1;
	b.n = 0;
	sp_stats_title(res, "/", &b);
	CHECK(strcmp(b.p, "L - native_trace (1 rank)") == 0, "title: %s", b.p);
	free(res->meta_label);
	res->meta_label = NULL;
	res->num_ranks = 2;
	sp_stats_text_free(&b);
	memset(&o, 0, sizeof o);
	o.cwd = "/";
	CHECK(sp_stats_notes_empty(res, &o, membuf_write, &m, &e) == 0,
	    "empty");
	TEXT_IS(&m, "native_trace (2 ranks)\n  (no regions recorded)\n",
	    "empty");
	/* an empty title: no line of its own */
	o.title = "";
	m.n = 0;
	CHECK(sp_stats_notes_empty(res, &o, membuf_write, &m, &e) == 0,
	    "empty");
	TEXT_IS(&m, "  (no regions recorded)\n", "empty, no title");
	free(m.p);
}

/* notes_write() must write the box of these lines, then "\n". */
static void
notes_are(const struct sp_stats_result *res,
    const struct sp_stats_table_opts *o, const uint32_t *shown, size_t n,
    struct sp_opt session, const enum sp_stats_col *c, size_t nc,
    const char *const *lines, size_t nl, const char *what)
{
	struct membuf got = { 0 }, want = { 0 };
	struct sp_err e;

	CHECK(sp_stats_notes_write(res, o, shown, n, session, c, nc,
	    membuf_write, &got, &e) == 0, "%s: %s", what, e.msg);
	CHECK(sp_stats_notes_box(lines, nl, membuf_write, &want, &e) == 0 &&
	    membuf_write(&want, "\n", 1, &e) == 0, "box");
	text_is(&got, (const char *)want.p, want.n, what);
	free(got.p);
	free(want.p);
}

#define HINTS(p) "", "Explore:", \
	"  Ranks:   sp-read " p " | sp-stack | sp-stats --by rank", \
	"  Paths:   sp-read " p " | sp-stack | sp-stats --call-paths", \
	"  Calls:   sp-read " p " | sp-stack | sp-json --lines", \
	"", "Visualize and export:", \
	"  Flame:   sp-read " p " | sp-stack | sp-flame -o flame.svg", \
	"  Profile: sp-read " p " | sp-stack | sp-pstats -o profile.prof", \
	"  Trace:   sp-read " p " | sp-stack | sp-speedscope -o " \
	    "profile.speedscope.json", \
	"  JSON:    sp-read " p " | sp-json -o profile.json.gz", ""

static void
notes(struct sp_stats_result *res)
{
	static const enum sp_stats_col wall[] = { SP_COL_REGION, SP_COL_WALL };
	static const char *const plain[] = {
		"Summary: native_trace (2 ranks)", HINTS("native_trace"),
		"Durations are in seconds.",
		"Regions may nest, so the summed total can exceed the "
		"wall-clock time.",
		"% session uses exclusive time for each region.",
		"wall [s] counts the outermost calls of a path once; total [s] "
		"counts every level of recursion.",
	};
	static const char *const odd[] = {
		"Warning: GPU time exceeds CPU time by more than 2x for io, "
		"solve. This may indicate asynchronous GPU work; CPU time can "
		"measure enqueue time rather than device execution. Use GPU "
		"metrics or opt in to gpu_sync_on_exit=True (disables CPU/GPU "
		"overlap).",
		"Summary: T", HINTS("'a b'"),
		"Durations are in seconds.",
		"Regions may nest, so the summed total can exceed the "
		"wall-clock time.",
		"\xe2\x86\xbb Recursive rows aggregate all invocations of that "
		"region.",
	};
	static const uint32_t all[] = { 0, 1, 2 };
	static const uint32_t io[] = { 2 };
	struct sp_stats_table_opts o;
	struct sp_opt none = { 0, 0 };
	struct membuf m = { 0 };
	struct sp_err e;
	char *source = res->source;

	CHECK(res->nrows == 3 && strcmp(res->rows[2].name, "io") == 0,
	    "the run's rows");
	memset(&o, 0, sizeof o);
	o.cwd = "/";
	o.pmode = SP_STATS_PCT_EXCLUSIVE;
	notes_are(res, &o, all, 3, sp_opt_of(22.0), wall, 2, plain,
	    sizeof plain / sizeof *plain, "notes");
	o.suppress_notes = 1;
	CHECK(sp_stats_notes_write(res, &o, all, 3, sp_opt_of(22.0), wall, 2,
	    membuf_write, &m, &e) == 0, "suppressed");
	TEXT_IS(&m, "\n", "suppressed notes: the empty line alone");
	free(m.p);
	/*
	 * io and solve with GPU times over twice their CPU times (io twice:
	 * named once), solve recursive; main's GPU time just twice its
	 * total; no session column; a path to quote; then io without a
	 * total, alone (one row does not nest)
	 */
	o.suppress_notes = 0;
	o.title = "T";
	o.pmode = SP_STATS_PCT_COVERAGE;
	res->source = "a b";
	res->rows[0].gpu_total = sp_opt_of(2 * res->rows[0].total.v);
	res->rows[1].gpu_total = sp_opt_of(100.0);
	res->rows[1].recursive = 1;
	res->rows[2].gpu_total = sp_opt_of(100.0);
	{
		static const uint32_t shown[] = { 2, 1, 2, 0 };

		notes_are(res, &o, shown, 4, none, NULL, 0, odd,
		    sizeof odd / sizeof *odd, "odd notes");
	}
	res->rows[2].total.set = 0;
	{
		static const char *const untimed[] = { "Summary: T",
			HINTS("'a b'"), "Durations are in seconds.",
			"Regions shown without timing recorded no calls on the "
			"selected ranks.",
		};

		notes_are(res, &o, io, 1, none, NULL, 0, untimed,
		    sizeof untimed / sizeof *untimed, "untimed");
	}
	res->source = source;
}

int
main(void)
{
	struct sp_stats_result *res;

	box();
	res = run(SP_STATS_WANT_TREE, 1 << 20, 0, NULL);
	titles(res);
	notes(res);
	sp_stats_result_free(res);
	sp_stats_run_free(alive);
	return failed != 0;
}
