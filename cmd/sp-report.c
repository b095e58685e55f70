/* sp-report: the call stream in, one HTML page out (sp_report_export.h). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_runs.h"
#include "sp_report.h"
#include "sp_report_export.h"

#define BUFFER_DEFAULT "8M"
#define STR(x) #x
#define XSTR(x) STR(x)

static void
usage(void)
{
	fputs("usage: sp-report [-o FILE] [--title TEXT] [--rows N] "
	    "[-r RANKS]... [-i REGEX]...\n"
	    "                 [-x REGEX]... [-S SIZE] [-T DIR] [-v] [-q] "
	    "[FILE]\n"
	    "Write one self-contained HTML page of the runs of an sp call "
	    "stream (from\nsp-stack): for each run its overview, hot spots, "
	    "sp-stats' summary tree with\nper-rank detail, notes, a rank "
	    "heatmap, imbalance plots, a timeline, an\ninteractive flame "
	    "graph, duration histograms and metadata.  The page needs no\n"
	    "network.  FILE, or standard input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE        the page (default: standard output)\n"
	    "      --title TEXT         the page's title (default: sp-report "
	    "and the runs)\n"
	    "      --rows N             the summary tree's rows at most, those "
	    "of the largest\n"
	    "                           total with their callers (default "
	    XSTR(SP_REPORT_ROWS_DEFAULT) ", 0 all)\n"
	    "  -r, --ranks RANKS        only these ranks: N, N-M, a list of "
	    "them, or all\n"
	    "  -i, --include REGEX      only regions whose name matches at "
	    "its start\n"
	    "  -x, --exclude REGEX      no regions whose name matches at its "
	    "start\n"
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
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n",
	    stdout);
	exit(0);
}

struct cmd {
	struct sp_report_export_opts o;
	struct cli_runs runs;	/* -r -i -x -A -S -T -v -q */
	char cwd[4096];
};

static void
option(struct cmd *c, int ch, char **argv)
{
	switch (ch) {
	case 'o':
		c->o.common.output = cli_output("-o", optarg);
		break;
	case 'H':
		c->o.title = optarg;
		break;
	case 'N':
		c->o.rows = (size_t)cli_number("--rows", optarg, 0, INT_MAX);
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
		{ "buffer-size", required_argument, NULL, 'S' },
		{ "exclude", required_argument, NULL, 'x' },
		{ "include", required_argument, NULL, 'i' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "rows", required_argument, NULL, 'N' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "title", required_argument, NULL, 'H' },
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

static void
wrote(void *ctx, const char *path)
{
	(void)ctx;
	cli_wrote(path, "xdg-open ", "");
}

int
main(int argc, char **argv)
{
	struct cmd c;
	struct sp_reader *r;
	struct sp_err e;
	const char *in;

	cli_init("sp-report");
	memset(&c, 0, sizeof c);
	cli_runs_init(&c.runs, BUFFER_DEFAULT);
	c.o.rows = SP_REPORT_ROWS_DEFAULT;
	options(&c, argc, argv);
	cli_runs_done(&c.runs);
	cli_runs_apply(&c.runs, &c.o.common);
	if (getcwd(c.cwd, sizeof c.cwd) != NULL)
		c.o.cwd = c.cwd;
	if (cli_tell_written(c.runs.talk))
		c.o.common.wrote.fn = wrote;
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	if (sp_report_export_run(r, &c.o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	cli_runs_free(&c.runs);
	return 0;
}
