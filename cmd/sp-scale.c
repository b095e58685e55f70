/* sp-scale: runs of one case at several scales in, their scaling out
 * (sp_scale_export.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_runs.h"
#include "sp_scale_export.h"

#define BUFFER_DEFAULT "8M"

static void
usage(void)
{
	fputs("usage: sp-scale [-o FILE] [--format FORMAT] [--svg] "
	    "[--plot PLOT] [--plot-data]\n"
	    "                [--weak] [--work KEY] [--measure MEASURE] "
	    "[--x FIELD] [--top N]\n"
	    "                [-r RANKS]... [-i REGEX]... [-x REGEX]... "
	    "[-S SIZE] [-T DIR]\n"
	    "                [-v] [-q] [FILE]\n"
	    "Read the runs of one case at several scales from an sp call "
	    "stream (from\nsp-stack) and say, region by region, how each "
	    "scales: its time at each x,\nspeedup and efficiency (strong), "
	    "normalized runtime and efficiency (weak), the\nKarp-Flatt "
	    "serial fraction e, the imbalance of its ranks, and a verdict.  "
	    "FILE,\nor standard input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE        the report (default: standard "
	    "output)\n"
	    "      --format FORMAT      text (the default), json, ndjson, "
	    "csv, tsv or svg\n"
	    "      --svg                the same as --format svg: a chart of "
	    "the plot\n"
	    "      --plot PLOT          speedup (the default), efficiency, "
	    "weak (normalized\n"
	    "                           runtime: the default with --weak) "
	    "or weak-efficiency\n"
	    "      --plot-data          CSV or JSON: the plot's points alone, "
	    "as the reference's\n"
	    "                           data files hold them\n"
	    "      --weak               weak scaling: the work grows with x\n"
	    "      --work KEY           weak: the metadata key of the work "
	    "per rank, which\n"
	    "                           must be equal in every run\n"
	    "      --measure MEASURE    per-call (the default: the mean "
	    "duration of a call),\n"
	    "                           slowest (the slowest rank's total), "
	    "mean-rank (the\n"
	    "                           ranks' mean total) or wall (the "
	    "slowest rank's\n"
	    "                           outermost calls)\n"
	    "      --x FIELD            ranks (the default), threads, cores "
	    "(ranks x threads),\n"
	    "                           nodes, label (the run's), or a "
	    "metadata key\n"
	    "      --top N              the chart's lines: the N regions "
	    "slowest at the\n"
	    "                           baseline, the rest merged (default "
	    "8)\n"
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
	struct sp_scale_export_opts o;
	struct cli_runs runs;	/* -r -i -x -A -S -T -v -q */
};

static void
lib_option(int rc, const struct sp_err *e)
{
	if (rc < 0)
		cli_usage_error("%s", e->msg);
}

static void
x_option(struct cmd *c, const char *arg)
{
	static const char *const fields[] = { "ranks", "threads", "cores",
		"nodes", "label" };
	int i;

	for (i = 0; i < 5; i++)
		if (strcmp(arg, fields[i]) == 0) {
			c->o.x = (enum sp_scale_x_field)i;
			return;
		}
	if (*arg == '\0')
		cli_usage_error("--x: give ranks, threads, cores, nodes, label "
		    "or a metadata key");
	c->o.x = SP_SCALE_X_KEY;
	c->o.x_key = arg;
}

static void
option(struct cmd *c, int ch, char **argv)
{
	static const char *const formats[] = { "text", "json", "ndjson",
		"csv", "tsv", "svg" };
	static const char *const measures[] = { "per-call", "slowest",
		"mean-rank", "wall" };
	static const char *const plots[] = { "speedup", "efficiency", "weak",
		"weak-efficiency" };

	switch (ch) {
	case 'o':
		c->o.common.output = cli_output("-o", optarg);
		break;
	case 'F':
		c->o.format = cli_choice("--format", optarg, formats,
		    SP_SCALE_FORMATS);
		break;
	case 'G':
		c->o.format = SP_SCALE_SVG;
		break;
	case 'p':
		c->o.plot = cli_choice("--plot", optarg, plots, SP_SCALE_PLOTS);
		c->o.plot_given = 1;
		break;
	case 'D':
		c->o.plot_data = 1;
		break;
	case 'W':
		c->o.mode = SP_SCALE_WEAK;
		break;
	case 'w':
		if (*optarg == '\0')
			cli_usage_error("--work: give a metadata key");
		c->o.work = optarg;
		break;
	case 'M':
		c->o.measure = cli_choice("--measure", optarg, measures,
		    SP_SCALE_MEASURES);
		break;
	case 'X':
		x_option(c, optarg);
		break;
	case 'n':
		c->o.top = cli_count("--top", optarg, 1000);
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
		{ "format", required_argument, NULL, 'F' },
		{ "include", required_argument, NULL, 'i' },
		{ "measure", required_argument, NULL, 'M' },
		{ "output", required_argument, NULL, 'o' },
		{ "plot", required_argument, NULL, 'p' },
		{ "plot-data", no_argument, NULL, 'D' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "svg", no_argument, NULL, 'G' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "top", required_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "weak", no_argument, NULL, 'W' },
		{ "work", required_argument, NULL, 'w' },
		{ "x", required_argument, NULL, 'X' },
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

/* A browser for the chart, jq for JSON, a pager for the rest. */
static void
wrote(void *ctx, const char *path)
{
	const enum sp_scale_format *f = ctx;

	cli_wrote(path, *f == SP_SCALE_SVG ? "xdg-open " :
	    *f == SP_SCALE_JSON ? "jq . " : *f == SP_SCALE_NDJSON ?
	    "jq -c . " : "less -S ", "");
}

int
main(int argc, char **argv)
{
	struct sp_reader *r;
	struct sp_err e;
	struct cmd c;
	const char *in;

	cli_init("sp-scale");
	memset(&c, 0, sizeof c);
	cli_runs_init(&c.runs, BUFFER_DEFAULT);
	options(&c, argc, argv);
	cli_runs_done(&c.runs);
	cli_runs_apply(&c.runs, &c.o.common);
	lib_option(sp_scale_export_check(&c.o, &e), &e);
	if (cli_tell_written(c.runs.talk)) {
		c.o.common.wrote.fn = wrote;
		c.o.common.wrote.ctx = &c.o.format;
	}
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	if (sp_scale_export_run(r, &c.o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	cli_runs_free(&c.runs);
	return 0;
}
