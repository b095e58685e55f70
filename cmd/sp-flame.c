/* sp-flame: the call stream in, flame-graph SVGs or folded stacks out. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_flame_export.h"
#include "sp_flame_page.h"

#define STR(x) #x
#define XSTR(x) STR(x)

static void
usage(void)
{
	printf("usage: sp-flame [-o FILE] [--folded] [--lanes] [--width N] "
	    "[--threshold F]\n"
	    "                [--max-frames N] [--title TEXT] [--fixed-width] "
	    "[--interactive]\n"
	    "                [--max-nodes N] [--gaps] [--no-call-paths] "
	    "[--merge-ranks]\n"
	    "                [--diff] [--delta self|total] [--normalize] "
	    "[--min-delta PCT]\n"
	    "                [--negate] [--before-widths] [--max-memory SIZE] "
	    "[-v] [-q]\n"
	    "                [FILE]\n"
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
	    "      --interactive    the call tree and a script: zoom, search, "
	    "callers\n"
	    "      --max-nodes N    interactive: keep at most N nodes of the "
	    "tree (default\n"
	    "                       " XSTR(SP_FLAME_MAX_NODES_DEFAULT)
	    ", about 3 MB; 0 no limit)\n"
	    "      --gaps           leave small frames out as flameprof does, "
	    "not as [other]\n"
	    "      --no-call-paths  one node per region instead of per call "
	    "path\n"
	    "      --merge-ranks    one graph of all ranks (folded, interactive, "
	    "diff)\n"
	    "      --diff           compare the stream's two runs, before and "
	    "after\n"
	    "      --delta self|total  diff: colour by the change of self or "
	    "total time\n"
	    "      --normalize      diff: scale the before run to the after "
	    "run's total time\n"
	    "      --min-delta PCT  diff: changes of at most PCT%% of a frame's "
	    "time stay grey\n"
	    "      --negate         diff: colour by before - after (red: "
	    "shrank)\n"
	    "      --before-widths  diff: frames as wide as in the before run\n"
	    "      --max-memory SIZE  fail rather than let a rank's call "
	    "path table outgrow\n"
	    "                       SIZE bytes (k, M, G; default "
	    CLI_MAX_MEMORY_DEFAULT ", 0 no bound)\n"
	    "  -v, --verbose         name each file written, with a "
	    "command that opens it\n"
	    "                       (the default when standard error "
	    "is a terminal)\n"
	    "  -q, --quiet           do not name the files written\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

static const char *
where(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdout>" : path;
}

struct limits {
	size_t max_frames, max_nodes;
};

static void
note(void *ctx, const struct sp_flame_export_note *n)
{
	const struct limits *l = ctx;

	if (n->svg != NULL && n->svg->cut > 0)
		fprintf(stderr, "%s: %s: --max-frames %zu: frames of at "
		    "most %.4g%% of the total are merged into [other]\n",
		    cli_name(), where(n->path), l->max_frames,
		    100 * n->svg->cut / n->svg->total);
	if (n->svg == NULL && n->nodes < n->paths)
		fprintf(stderr, "%s: %s: --max-nodes %zu: %zu of %zu call "
		    "paths merged into their callers (%.4g%% of the time); "
		    "searches say they are approximate\n", cli_name(),
		    where(n->path), l->max_nodes, n->paths - n->nodes, n->paths,
		    100 * n->merged_share);
}

/* SVG for a browser; folded stacks for speedscope, which reads them. */
static void
wrote(void *ctx, const char *path)
{
	const int *folded = ctx;

	cli_wrote(path, *folded ? "speedscope " : "xdg-open ", "");
}

/* A run without calls: a note, exit 0, as sp-pstats and sp-speedscope. */
static void
empty(void *ctx, const char *label)
{
	(void)ctx;
	fprintf(stderr, "%s: run '%s' has no calls: no graph\n", cli_name(),
	    label);
}

static size_t
count_arg(const char *opt, const char *arg, int zero_ok, size_t max)
{
	char *end;
	unsigned long long v;

	if (!zero_ok)
		return cli_count(opt, arg, max);
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    v > max)
		cli_usage_error("%s: '%s' is not a count from 0 (no limit) to "
		    "%zu", opt, arg, max);
	return (size_t)v;
}

static double
threshold_arg(const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0 && v < 1))
		cli_usage_error("--threshold: '%s' is not a fraction from 0 to "
		    "below 1 (0.001 is a tenth of a percent)", arg);
	return v;
}

static double
percent_arg(const char *opt, const char *arg)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0 && v <= 100))
		cli_usage_error("%s: '%s' is not a percentage from 0 to 100",
		    opt, arg);
	return v;
}

/* Options given that only some modes take, for the checks. */
struct given {
	const char *diff_only;	/* the last diff option given */
	const char *graph_only;	/* --before-widths, --negate, ... */
	int max_nodes;
	enum cli_talk talk;	/* -v, -q */
};

static void
diff_option(int c, const char *arg, struct sp_flame_export_opts *o,
    struct given *g)
{
	switch (c) {
	case 'D':
		if (strcmp(arg, "self") == 0)
			o->d.by = SP_FLAME_DELTA_SELF;
		else if (strcmp(arg, "total") == 0)
			o->d.by = SP_FLAME_DELTA_TOTAL;
		else
			cli_usage_error("--delta: '%s' is not self or total",
			    arg);
		g->diff_only = g->graph_only = "--delta";
		break;
	case 'N':
		o->d.normalize = 1;
		g->diff_only = "--normalize";
		break;
	case 'p':
		o->d.min_delta = percent_arg("--min-delta", arg);
		g->diff_only = g->graph_only = "--min-delta";
		break;
	case 'n':
		o->d.negate = 1;
		g->diff_only = g->graph_only = "--negate";
		break;
	case 'b':
		o->d.before_widths = 1;
		g->diff_only = g->graph_only = "--before-widths";
		break;
	}
}

static void
option(int c, char **argv, struct sp_flame_export_opts *o, struct given *g)
{
	switch (c) {
	case 'F':
		o->svg.fixed_width = 1;
		break;
	case 'f':
		o->folded = 1;
		break;
	case 'g':
		o->svg.gaps = 1;
		break;
	case 'i':
		o->interactive = 1;
		break;
	case 'l':
		o->lanes = 1;
		break;
	case 'm':
		o->svg.max_frames = count_arg("--max-frames", optarg, 1,
		    INT_MAX);
		break;
	case 'k':
		o->max_nodes = count_arg("--max-nodes", optarg, 1, INT_MAX);
		g->max_nodes = 1;
		break;
	case 'M':
		o->max_memory = cli_size("--max-memory", optarg);
		break;
	case 'P':
		o->no_call_paths = 1;
		break;
	case 'R':
		o->merge_ranks = 1;
		break;
	case 'd':
		o->diff = 1;
		break;
	case 'o':
		o->output = cli_output("-o", optarg);
		break;
	case 'q':
		g->talk = CLI_TALK_QUIET;
		break;
	case 'v':
		g->talk = CLI_TALK_VERBOSE;
		break;
	case 't':
		o->svg.threshold = threshold_arg(optarg);
		break;
	case 'T':
		o->svg.title = optarg;
		break;
	case 'w':
		o->svg.width = (int)count_arg("--width", optarg, 0, 1000000);
		break;
	case 'D': case 'N': case 'p': case 'n': case 'b':
		diff_option(c, optarg, o, g);
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

/* What goes with what. */
static void
check(const struct sp_flame_export_opts *o, const struct given *g)
{
	int tree = o->folded || o->interactive || o->diff;

	if (o->lanes && !o->folded)
		cli_usage_error("--lanes goes with --folded");
	if (g->diff_only != NULL && !o->diff)
		cli_usage_error("%s goes with --diff", g->diff_only);
	if (g->graph_only != NULL && o->folded)
		cli_usage_error("%s colours or lays out a graph: not with "
		    "--folded", g->graph_only);
	if (g->max_nodes && !o->interactive)
		cli_usage_error("--max-nodes goes with --interactive");
	if (o->merge_ranks && !tree)
		cli_usage_error("--merge-ranks goes with --folded, "
		    "--interactive or --diff");
	if (o->no_call_paths && (o->interactive || o->diff))
		cli_usage_error("--no-call-paths draws the region graph of "
		    "the static SVG: not with --interactive or --diff");
	if (o->svg.gaps && (o->interactive || o->diff))
		cli_usage_error("--gaps lays out the static SVG: not with "
		    "--interactive or --diff");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "before-widths", no_argument, NULL, 'b' },
		{ "delta", required_argument, NULL, 'D' },
		{ "diff", no_argument, NULL, 'd' },
		{ "fixed-width", no_argument, NULL, 'F' },
		{ "folded", no_argument, NULL, 'f' },
		{ "gaps", no_argument, NULL, 'g' },
		{ "interactive", no_argument, NULL, 'i' },
		{ "lanes", no_argument, NULL, 'l' },
		{ "max-frames", required_argument, NULL, 'm' },
		{ "max-memory", required_argument, NULL, 'M' },
		{ "max-nodes", required_argument, NULL, 'k' },
		{ "merge-ranks", no_argument, NULL, 'R' },
		{ "min-delta", required_argument, NULL, 'p' },
		{ "negate", no_argument, NULL, 'n' },
		{ "no-call-paths", no_argument, NULL, 'P' },
		{ "normalize", no_argument, NULL, 'N' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "threshold", required_argument, NULL, 't' },
		{ "title", required_argument, NULL, 'T' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "width", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_flame_export_opts o;
	struct given g;
	struct limits lim;
	const char *in;
	struct sp_reader *r;
	struct sp_err e;
	int c;

	cli_init("sp-flame");
	memset(&o, 0, sizeof o);
	memset(&g, 0, sizeof g);
	sp_flame_opts_init(&o.svg);
	o.max_memory = cli_size("--max-memory", CLI_MAX_MEMORY_DEFAULT);
	o.max_nodes = SP_FLAME_MAX_NODES_DEFAULT;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:qvV", longopts, NULL)) != -1)
		option(c, argv, &o, &g);
	check(&o, &g);
	in = cli_one_input(argc, argv);
	lim.max_frames = o.svg.max_frames;
	lim.max_nodes = o.max_nodes;
	o.note = note;
	o.empty = empty;
	o.note_ctx = &lim;
	if (cli_tell_written(g.talk)) {
		o.wrote.fn = wrote;
		o.wrote.ctx = &o.folded;
	}
	r = cli_open_reader(in);
	if (sp_flame_export_run(r, &o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_reader(r);
	return 0;
}
