/* sp-diff: runs before and after in, their comparison out (sp_diff_export.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_runs.h"
#include "sp_diff_export.h"

#define BUFFER_DEFAULT "8M"
#define EXIT_REGRESSED 3

static void
usage(void)
{
	fputs("usage: sp-diff [-o FILE] [--format FORMAT] [--metric METRIC] "
	    "[--call-paths]\n"
	    "               [--by KEY] [--sort KEY] [--threshold PCT] "
	    "[--max-regression P]\n"
	    "               [--fail-on-new] [--alpha A] [--before N] "
	    "[--before-label PATTERN]\n"
	    "               [-r RANKS]... [-i REGEX]... [-x REGEX]... "
	    "[--approx] [-S SIZE]\n"
	    "               [-T DIR] [-v] [-q] [FILE]\n"
	    "Compare the runs of an sp call stream (from sp-stack), before "
	    "and after, region\nby region: each side's value of a metric, "
	    "the change and its percentage, the\nregions only one side has; "
	    "with a budget, fail on a regression.  FILE, or\nstandard input "
	    "when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE        the comparison (default: standard "
	    "output)\n"
	    "      --format FORMAT      text (the default), json, ndjson, "
	    "csv, tsv or markdown\n"
	    "      --metric METRIC      total (the default), avg, min, max, "
	    "p50, p95, p99,\n"
	    "                           calls, imbalance, wall (outermost "
	    "calls), self, or\n"
	    "                           slowest (the slowest rank's total)\n"
	    "      --call-paths         a row per call path ('a > b') instead "
	    "of per region\n"
	    "      --by KEY             region (the default) or rank (a row "
	    "per region and rank)\n"
	    "      --sort KEY           delta (the default: largest change "
	    "first), pct or name\n"
	    "      --threshold PCT      no rows whose change is below PCT "
	    "percent\n"
	    "      --max-regression P   fail (exit 3) when a row grows by "
	    "more than P: a\n"
	    "                           percentage (5%) or a time (10ms)\n"
	    "      --fail-on-new        fail too on a region only after has\n"
	    "      --alpha A            the tests' significance level "
	    "(default 0.05)\n"
	    "      --before N           the first N runs are before, the rest "
	    "after (default:\n"
	    "                           two runs, the first before)\n"
	    "      --before-label PATTERN  the runs whose label matches the "
	    "shell PATTERN are\n"
	    "                           before, the rest after\n"
	    "  -r, --ranks RANKS        only these ranks: N, N-M, a list of "
	    "them, or all\n"
	    "  -i, --include REGEX      only regions whose name matches at "
	    "its start\n"
	    "  -x, --exclude REGEX      no regions whose name matches at its "
	    "start\n"
	    "      --approx             percentiles from histograms (within "
	    "0.78%), one pass\n"
	    "  -S, --buffer-size SIZE   memory for durations before temporary "
	    "files (k, M, G;\n"
	    "                           default " BUFFER_DEFAULT ")\n"
	    "  -T, --temporary-directory DIR  for temporary files (default: "
	    "$TMPDIR, /tmp)\n"
	    "  -v, --verbose            name the file written, with a command "
	    "that opens it\n"
	    "                           (the default when standard error is "
	    "a terminal)\n"
	    "  -q, --quiet              do not name the file written\n"
	    "  -h, --help               show this help and exit\n"
	    "  -V, --version            show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error, 3 a "
	    "regression past\nthe budget of --max-regression.\n",
	    stdout);
	exit(0);
}

struct cmd {
	struct sp_diff_export_opts o;
	struct cli_runs runs;	/* -r -i -x -A -S -T -v -q */
	int call_paths, by_rank;
};

static void
lib_option(int rc, const struct sp_err *e)
{
	if (rc < 0)
		cli_usage_error("%s", e->msg);
}

static void
option(struct cmd *c, int ch, char **argv)
{
	static const char *const formats[] = { "text", "json", "ndjson",
		"csv", "tsv", "markdown" };
	static const char *const metrics[] = { "total", "avg", "min", "max",
		"p50", "p95", "p99", "calls", "imbalance", "wall", "self",
		"slowest" };
	static const char *const keys[] = { "region", "rank" };
	static const char *const sorts[] = { "delta", "pct", "name" };
	struct sp_err e;

	switch (ch) {
	case 'o':
		c->o.common.output = cli_output("-o", optarg);
		break;
	case 'F':
		c->o.format = cli_choice("--format", optarg, formats, 6);
		break;
	case 'M':
		c->o.metric = cli_choice("--metric", optarg, metrics,
		    SP_DIFF_METRICS);
		break;
	case 'P':
		c->call_paths = 1;
		break;
	case 'b':
		c->by_rank = cli_choice("--by", optarg, keys, 2) == 1;
		break;
	case 's':
		c->o.rows.sort = cli_choice("--sort", optarg, sorts, 3);
		c->o.sort_given = 1;
		break;
	case 't':
		lib_option(sp_diff_export_threshold(optarg,
		    &c->o.rows.threshold, &e), &e);
		break;
	case 'm':
		lib_option(sp_diff_export_budget(optarg, &c->o.rows, &e), &e);
		break;
	case 'n':
		c->o.rows.fail_on_new = 1;
		break;
	case 'a':
		lib_option(sp_diff_export_alpha(optarg, &c->o.rows.alpha, &e),
		    &e);
		break;
	case 'B':
		c->o.before = (long)cli_count("--before", optarg, 1L << 30);
		break;
	case 'L':
		c->o.before_label = optarg;
		break;
	case 'h':
		usage();
		break;
	case 'V':
		cli_version();
		break;
	default:
		if (!cli_runs_option(&c->runs, ch, optarg))
			cli_bad_option(ch, argv);
	}
}

static void
options(struct cmd *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "alpha", required_argument, NULL, 'a' },
		{ "approx", no_argument, NULL, 'A' },
		{ "before", required_argument, NULL, 'B' },
		{ "before-label", required_argument, NULL, 'L' },
		{ "buffer-size", required_argument, NULL, 'S' },
		{ "by", required_argument, NULL, 'b' },
		{ "call-paths", no_argument, NULL, 'P' },
		{ "exclude", required_argument, NULL, 'x' },
		{ "fail-on-new", no_argument, NULL, 'n' },
		{ "format", required_argument, NULL, 'F' },
		{ "include", required_argument, NULL, 'i' },
		{ "max-regression", required_argument, NULL, 'm' },
		{ "metric", required_argument, NULL, 'M' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "sort", required_argument, NULL, 's' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "threshold", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":hi:o:qr:S:T:vVx:", longopts,
	    NULL)) != -1)
		option(c, ch, argv);
	if (c->call_paths && c->by_rank)
		cli_usage_error("--call-paths and --by rank: choose one");
	c->o.keys = c->call_paths ? SP_DIFF_BY_PATH : c->by_rank ?
	    SP_DIFF_BY_RANK : SP_DIFF_BY_REGION;
}

/* jq for JSON, a pager for the rest. */
static void
wrote(void *ctx, const char *path)
{
	const enum sp_diff_format *f = ctx;

	cli_wrote(path, *f == SP_DIFF_JSON ? "jq . " :
	    *f == SP_DIFF_NDJSON ? "jq -c . " : "less -S ", "");
}

int
main(int argc, char **argv)
{
	struct sp_diff_export_stats st;
	struct sp_reader *r;
	struct sp_err e;
	struct cmd c;
	const char *in;

	cli_init("sp-diff");
	memset(&c, 0, sizeof c);
	c.o.rows.threshold = -1;
	c.o.rows.alpha = 0.05;
	cli_runs_init(&c.runs, BUFFER_DEFAULT);
	options(&c, argc, argv);
	cli_runs_done(&c.runs);
	cli_runs_apply(&c.runs, &c.o.common);
	c.o.approx = c.runs.approx;
	lib_option(sp_diff_export_check(&c.o, &e), &e);
	if (cli_tell_written(c.runs.talk)) {
		c.o.common.wrote.fn = wrote;
		c.o.common.wrote.ctx = &c.o.format;
	}
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	if (sp_diff_export_run(r, &c.o, &st, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	cli_runs_free(&c.runs);
	return st.failures > 0 ? EXIT_REGRESSED : 0;
}
