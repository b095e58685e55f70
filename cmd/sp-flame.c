/* sp-flame: the call stream in, flame-graph SVGs or folded stacks out. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_flame_export.h"

#define STR(x) #x
#define XSTR(x) STR(x)

static void
usage(void)
{
	printf("usage: sp-flame [-o FILE] [--folded] [--lanes] [--width N] "
	    "[--threshold F]\n"
	    "                [--max-frames N] [--title TEXT] [--fixed-width] "
	    "[--interactive]\n"
	    "                [--gaps] [--no-call-paths] [--max-memory SIZE] "
	    "[FILE]\n"
	    "Draw the calls of an sp call stream (from sp-stack) as flame "
	    "graphs, one SVG per\nrun and rank: callees above, who called "
	    "what below, frames as wide as their\ntime.  FILE, or standard "
	    "input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE    base name of the files: FILE_rank<N>.svg, "
	    "with the run's\n"
	    "                       label for several runs (default: one "
	    "graph to standard\n"
	    "                       output)\n"
	    "      --folded         write folded stacks (\"a;b;c SELF_NS\" "
	    "lines) instead\n"
	    "      --lanes          folded: start each stack with a frame "
	    "for its thread or task\n"
	    "      --width N        width in pixels (default "
	    XSTR(SP_FLAME_WIDTH_DEFAULT) ")\n"
	    "      --threshold F    leave out frames under this fraction of "
	    "the total\n"
	    "                       (default 0.001)\n"
	    "      --max-frames N   draw at most N frames, merging the "
	    "smallest (default\n"
	    "                       " XSTR(SP_FLAME_MAX_FRAMES_DEFAULT)
	    ", 0 no limit)\n"
	    "      --title TEXT     a title row above the graph\n"
	    "      --fixed-width    a standalone SVG of fixed size, with XML "
	    "prolog\n"
	    "      --interactive    embed a script: click to zoom, search, "
	    "times in real units\n"
	    "      --gaps           leave small frames out as flameprof does, "
	    "not as [other]\n"
	    "      --no-call-paths  one node per region instead of per call "
	    "path\n"
	    "      --max-memory SIZE  fail rather than let a rank's call "
	    "path table outgrow\n"
	    "                       SIZE bytes (k, M, G; default "
	    CLI_MAX_MEMORY_DEFAULT ", 0 no bound)\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

static void
note(void *ctx, const char *path, const char *label, uint32_t rank,
    const struct sp_flame_stats *st)
{
	size_t max = *(const size_t *)ctx;

	(void)label;
	(void)rank;
	if (st->cut > 0)
		fprintf(stderr, "%s: %s: --max-frames %zu: frames of at "
		    "most %.4g%% of the total are merged into [other]\n",
		    cli_name(), strcmp(path, "-") == 0 ? "<stdout>" : path,
		    max, 100 * st->cut / st->total);
}

/* A run without calls: a note, exit 0, as sp-pstats and sp-speedscope. */
static void
empty(void *ctx, const char *label)
{
	(void)ctx;
	fprintf(stderr, "%s: run '%s' has no calls: no graph\n", cli_name(),
	    label);
}

static int
count_arg(const char *opt, const char *arg, int zero_ok, size_t max)
{
	char *end;
	unsigned long long v;

	if (!zero_ok)
		return (int)cli_count(opt, arg, max);
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    v > max)
		cli_usage_error("%s: '%s' is not a count from 0 (no limit) to "
		    "%zu", opt, arg, max);
	return (int)v;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "fixed-width", no_argument, NULL, 'F' },
		{ "folded", no_argument, NULL, 'f' },
		{ "gaps", no_argument, NULL, 'g' },
		{ "interactive", no_argument, NULL, 'i' },
		{ "lanes", no_argument, NULL, 'l' },
		{ "max-frames", required_argument, NULL, 'm' },
		{ "max-memory", required_argument, NULL, 'M' },
		{ "no-call-paths", no_argument, NULL, 'P' },
		{ "output", required_argument, NULL, 'o' },
		{ "threshold", required_argument, NULL, 't' },
		{ "title", required_argument, NULL, 'T' },
		{ "width", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_flame_export_opts o;
	const char *in;
	struct sp_reader *r;
	struct sp_err e;
	char *end;
	int c;

	cli_init("sp-flame");
	memset(&o, 0, sizeof o);
	sp_flame_opts_init(&o.svg);
	o.max_memory = cli_size("--max-memory", CLI_MAX_MEMORY_DEFAULT);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:V", longopts, NULL)) != -1) {
		switch (c) {
		case 'F':
			o.svg.fixed_width = 1;
			break;
		case 'f':
			o.folded = 1;
			break;
		case 'g':
			o.svg.gaps = 1;
			break;
		case 'i':
			o.svg.interactive = 1;
			break;
		case 'l':
			o.lanes = 1;
			break;
		case 'm':
			o.svg.max_frames = (size_t)count_arg("--max-frames",
			    optarg, 1, INT_MAX);
			break;
		case 'M':
			o.max_memory = cli_size("--max-memory", optarg);
			break;
		case 'P':
			o.no_call_paths = 1;
			break;
		case 'o':
			o.output = cli_output("-o", optarg);
			break;
		case 't':
			errno = 0;
			o.svg.threshold = strtod(optarg, &end);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    !(o.svg.threshold >= 0 && o.svg.threshold < 1))
				cli_usage_error("--threshold: '%s' is not a "
				    "fraction from 0 to below 1 (0.001 is a "
				    "tenth of a percent)", optarg);
			break;
		case 'T':
			o.svg.title = optarg;
			break;
		case 'w':
			o.svg.width = count_arg("--width", optarg, 0, 1000000);
			break;
		case 'h':
			usage();
			break;
		case 'V':
			cli_version();
			break;
		default:
			cli_bad_option(c, argv);
		}
	}
	if (o.lanes && !o.folded)
		cli_usage_error("--lanes goes with --folded");
	in = cli_one_input(argc, argv);
	o.note = note;
	o.empty = empty;
	o.note_ctx = &o.svg.max_frames;
	r = cli_open_reader(in);
	if (sp_flame_export_stream(r, &o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	return 0;
}
