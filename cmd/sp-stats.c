/* sp-stats: the call stream in, region statistics out (sp_stats_export.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_runs.h"
#include "sp_stats_export.h"

#define BUFFER_DEFAULT "32M"

static void
usage(void)
{
	fputs("usage: sp-stats [-o FILE] [--format FORMAT] [--by VIEW] "
	    "[--call-paths]\n"
	    "                [--sort KEY] [--top N] [--max-depth D] "
	    "[--columns LIST]\n"
	    "                [--percent MODE] [--no-notes] [--title TEXT] "
	    "[-r RANKS]...\n"
	    "                [-i REGEX]... [-x REGEX]... [--approx] [-S SIZE] "
	    "[-T DIR]\n"
	    "                [-v] [-q] [FILE]\n"
	    "Write the statistics of the regions of an sp call stream (from "
	    "sp-stack) over\nits ranks: scope-profiler's summary table and "
	    "summary() records, and per\nrank, per lane or per call path.  "
	    "FILE, or standard input when it is absent\nor '-'.\n"
	    "\n"
	    "  -o, --output FILE        the report, or FILE_<run> for each of "
	    "several runs\n"
	    "                           (default: standard output)\n"
	    "      --format FORMAT      text (the default), json, ndjson, csv "
	    "or tsv\n"
	    "      --by VIEW            region (the default), rank or lane\n"
	    "      --call-paths         a row per call path ('a > b') instead "
	    "of per region\n"
	    "      --sort KEY           start (the default), name, rank, "
	    "total, calls, avg,\n"
	    "                           min, max, first, last, std, p50, p95, "
	    "p99, imbalance,\n"
	    "                           self, wall, or a key of the records\n"
	    "      --top N              only the N regions first by the sort "
	    "key (by default\n"
	    "                           the N with the most time; the tree: "
	    "their N first\n"
	    "                           rows each, and their ancestors)\n"
	    "      --max-depth D        the tree's rows of depth D at most "
	    "(roots: 0)\n"
	    "      --columns LIST       the table's columns (text by region), "
	    "else the keys\n"
	    "      --percent MODE       % session by coverage (the default) or "
	    "exclusive\n"
	    "      --no-notes           no notes under the table\n"
	    "      --title TEXT         the table's title (default: the "
	    "profile, its ranks)\n"
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
	    "  -v, --verbose            name each file written, with a "
	    "command that opens it\n"
	    "                           (the default when standard error is "
	    "a terminal)\n"
	    "  -q, --quiet              do not name the files written\n"
	    "  -h, --help               show this help and exit\n"
	    "  -V, --version            show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n",
	    stdout);
	exit(0);
}

/* A whole number of 0 or more, for opt; what: what it counts. */
static long
count_arg(const char *opt, const char *what, const char *arg)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    arg[0] == '+' || v < 0)
		cli_usage_error("%s: '%s' is not a %s (0 or more)", opt, arg,
		    what);
	return v;
}

/* --- options --- */

struct cmd {
	struct sp_stats_export_opts o;
	struct cli_runs runs;	/* -r -i -x -A -S -T -v -q */
	char cwd[4096];
};

static void
option(struct cmd *c, int ch, char **argv)
{
	static const char *const formats[] = { "text", "json", "ndjson",
		"csv", "tsv" };
	static const char *const views[] = { "region", "rank", "lane" };
	static const char *const modes[] = { "coverage", "exclusive" };

	switch (ch) {
	case 'o':
		c->o.common.output = cli_output("-o", optarg);
		break;
	case 'F':
		c->o.format = cli_choice("--format", optarg, formats, 5);
		break;
	case 'b':
		c->o.by = cli_choice("--by", optarg, views, 3);
		break;
	case 'P':
		c->o.call_paths = 1;
		break;
	case 's':
		c->o.sort = optarg;
		break;
	case 't':
		c->o.top = count_arg("--top", "count of regions", optarg);
		break;
	case 'D':
		c->o.max_depth = count_arg("--max-depth", "depth", optarg);
		break;
	case 'c':
		c->o.columns = optarg;
		break;
	case 'p':
		c->o.pmode = cli_choice("--percent", optarg, modes, 2);
		break;
	case 'N':
		c->o.suppress_notes = 1;
		break;
	case 'H':
		c->o.title = optarg;
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
		{ "approx", no_argument, NULL, 'A' },
		{ "buffer-size", required_argument, NULL, 'S' },
		{ "by", required_argument, NULL, 'b' },
		{ "call-paths", no_argument, NULL, 'P' },
		{ "columns", required_argument, NULL, 'c' },
		{ "exclude", required_argument, NULL, 'x' },
		{ "format", required_argument, NULL, 'F' },
		{ "include", required_argument, NULL, 'i' },
		{ "max-depth", required_argument, NULL, 'D' },
		{ "no-notes", no_argument, NULL, 'N' },
		{ "output", required_argument, NULL, 'o' },
		{ "percent", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "sort", required_argument, NULL, 's' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "title", required_argument, NULL, 'H' },
		{ "top", required_argument, NULL, 't' },
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
}

/* jq for JSON, a pager for tables. */
static void
wrote(void *ctx, const char *path)
{
	const enum sp_stats_format *f = ctx;

	cli_wrote(path, *f == SP_STATS_JSON ? "jq . " :
	    *f == SP_STATS_NDJSON ? "jq -c . " : "less -S ", "");
}

static void
notice(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "%s: %s\n", cli_name(), msg);
}

int
main(int argc, char **argv)
{
	struct cmd c;
	struct sp_reader *r;
	struct sp_err e;
	const char *in;

	cli_init("sp-stats");
	memset(&c, 0, sizeof c);
	c.o.top = -1;
	c.o.max_depth = -1;
	c.o.notice = notice;
	cli_runs_init(&c.runs, BUFFER_DEFAULT);
	options(&c, argc, argv);
	cli_runs_done(&c.runs);
	cli_runs_apply(&c.runs, &c.o.common);
	c.o.approx = c.runs.approx;
	if (getcwd(c.cwd, sizeof c.cwd) != NULL)
		c.o.cwd = c.cwd;
	if (sp_stats_export_check(&c.o, &e) < 0)
		cli_usage_error("%s", e.msg);
	if (cli_tell_written(c.runs.talk)) {
		c.o.common.wrote.fn = wrote;
		c.o.common.wrote.ctx = &c.o.format;
	}
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	if (sp_stats_export_run(r, &c.o, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	cli_runs_free(&c.runs);
	return 0;
}
