/* sp-report: the call stream in, one HTML page out (sp_report_export.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sp_filter.h"
#include "sp_ranks.h"
#include "sp_report_export.h"

#define BUFFER_DEFAULT "32M"

static void
usage(void)
{
	fputs("usage: sp-report [-o FILE] [--title TEXT] [-r RANKS]... "
	    "[-i REGEX]... [-x REGEX]...\n"
	    "                 [-S SIZE] [-T DIR] [-v] [-q] [FILE]\n"
	    "Write one self-contained HTML page of the runs of an sp call "
	    "stream (from\nsp-stack): for each run its overview, hot spots, "
	    "sp-stats' summary tree with\nper-rank detail, notes, a rank "
	    "heatmap, imbalance plots and metadata.  The page\nneeds no "
	    "network.  FILE, or standard input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE        the page (default: standard output)\n"
	    "      --title TEXT         the page's title (default: sp-report "
	    "and the runs)\n"
	    "  -r, --ranks RANKS        only these ranks: N, N-M, a list of "
	    "them, or all\n"
	    "  -i, --include REGEX      only regions whose name matches at "
	    "its start\n"
	    "  -x, --exclude REGEX      no regions whose name matches at its "
	    "start\n"
	    "  -S, --buffer-size SIZE   memory for the call paths (k, M, G; "
	    "default " BUFFER_DEFAULT ")\n"
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

static int
keep(void *ctx, const char *name, size_t len)
{
	return sp_filter_keep(ctx, name, len);
}

static int
rank_ok(void *ctx, uint32_t rank)
{
	return sp_ranks_has(ctx, rank);
}

struct cmd {
	struct sp_report_export_opts o;
	enum cli_talk talk;
	struct sp_filter *filter;
	struct sp_ranks *ranks;
	int ranks_given;
	char cwd[4096];
};

static void
option(struct cmd *c, int ch, char **argv)
{
	struct sp_err e;

	switch (ch) {
	case 'o':
		c->o.output = cli_output("-o", optarg);
		break;
	case 'H':
		c->o.title = optarg;
		break;
	case 'r':
		if (sp_ranks_add(c->ranks, optarg, &e) < 0)
			cli_usage_error("-r: %s", e.msg);
		c->ranks_given = 1;
		break;
	case 'i':
	case 'x':
		if ((ch == 'i' ? sp_filter_include(c->filter, optarg, &e) :
		    sp_filter_exclude(c->filter, optarg, &e)) < 0)
			cli_usage_error("%s", e.msg);
		break;
	case 'S':
		if ((c->o.mem = cli_size("--buffer-size", optarg)) == 0)
			cli_usage_error("--buffer-size: '%s' is not a size "
			    "above 0", optarg);
		break;
	case 'T':
		c->o.tmpdir = optarg;
		break;
	case 'q':
		c->talk = CLI_TALK_QUIET;
		break;
	case 'v':
		c->talk = CLI_TALK_VERBOSE;
		break;
	case 'h':
		usage();
		break;
	case 'V':
		cli_version();
		break;
	default:
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
	c.o.mem = cli_size("--buffer-size", BUFFER_DEFAULT);
	if ((c.filter = sp_filter_new()) == NULL ||
	    (c.ranks = sp_ranks_new()) == NULL) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return 1;
	}
	options(&c, argc, argv);
	if (c.ranks_given && !sp_ranks_all(c.ranks)) {
		c.o.rank_ok = rank_ok;
		c.o.rank_ctx = c.ranks;
	}
	if (sp_filter_active(c.filter)) {
		c.o.keep = keep;
		c.o.keep_ctx = c.filter;
	}
	if (getcwd(c.cwd, sizeof c.cwd) != NULL)
		c.o.cwd = c.cwd;
	if (c.o.tmpdir != NULL && setenv("TMPDIR", c.o.tmpdir, 1) < 0)
		cli_usage_error("-T: %s", strerror(errno));
	if (cli_tell_written(c.talk))
		c.o.wrote.fn = wrote;
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	if (sp_report_export_run(r, &c.o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	sp_filter_free(c.filter);
	sp_ranks_free(c.ranks);
	return 0;
}
