/* sp-read: scope-profiler profiles in, the sp interval stream out. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sp_filter.h"
#include "sp_h5.h"
#include "sp_json_read.h"
#include "sp_progress.h"
#include "sp_ranks.h"
#include "sp_read.h"
#include "sp_spt.h"

/* The formats sp-read reads, in the order they are tried. */
static const struct sp_source_format *const formats[] = {
	&sp_h5_format, &sp_json_format, &sp_spt_format,
};

/* At most this many progress updates per second (the last always shows). */
#define PROGRESS_HZ 4
/* Unless forced, a file shows progress once it has taken this long. */
#define PROGRESS_DELAY 1.0

/* The progress line on standard error, overwritten with \r. */
struct progress {
	struct sp_progress_meter m;
	size_t shown;		/* length of the line shown; 0: none */
	size_t cols;		/* the terminal's width; 0: not a terminal */
	const char *window;	/* --window as given, or NULL */
};

/* End a line left unfinished, before an error message. */
static void
progress_end(struct progress *p)
{
	if (p->shown > 0)
		fputc('\n', stderr);
	p->shown = 0;
}

/*
 * sp_order's progress callback: a file starts with done 0 (not final);
 * the meter (sp_progress.h) says when a line is due, and the last one
 * ends with a newline.
 */
static void
progress_show(void *ctx, const char *path, uint64_t done, uint64_t total,
    int final)
{
	struct progress *p = ctx;
	struct timespec ts;
	char line[1024];
	char named[512];
	const char *name = cli_input_name(path);
	const char *slash;
	double rate, took, now;
	size_t n;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	/* the line says the window: what is counted is what it keeps */
	if (p->window != NULL) {
		snprintf(named, sizeof named, "%s (window %s)", name,
		    p->window);
		name = named;
	}
	slash = strrchr(name, '/');
	now = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (done == 0 && !final) {
		progress_end(p);
		sp_progress_meter_start(&p->m, now);
		return;
	}
	if (!sp_progress_meter_tick(&p->m, now, done, final, &rate, &took))
		return;
	line[0] = '\r';
	n = 1 + sp_progress_line(line + 1, sizeof line - 2, cli_name(), name,
	    done, total, rate, took, final);
	/*
	 * A line wider than the terminal wraps, and \r cannot redraw it:
	 * the file's name without its directory, else cut (the last line,
	 * not redrawn, may wrap).
	 */
	if (p->cols > 0 && n - 1 >= p->cols && slash != NULL)
		n = 1 + sp_progress_line(line + 1, sizeof line - 2,
		    cli_name(), slash + 1, done, total, rate, took, final);
	if (p->cols > 0 && n - 1 >= p->cols && !final)
		n = p->cols;
	/* blank out what is left of a longer line before */
	while (n - 1 < p->shown && n < sizeof line - 2)
		line[n++] = ' ';
	p->shown = n - 1;
	if (final) {
		line[n++] = '\n';
		p->shown = 0;
	}
	fwrite(line, 1, n, stderr);
	fflush(stderr);
}

static void
usage(void)
{
	printf("usage: sp-read [-o FILE] [--force] [-r RANKS]... "
	    "[-i REGEX]... [-x REGEX]...\n"
	    "               [--batch N] [--order ORDER] [--shard] [--progress] "
	    "[-q]\n"
	    "               [--window START:END] [--window-inside] "
	    "[--label NAME]... FILE...\n"
	    "Read scope-profiler profiles, HDF5 (schema 1, 2, 3) or JSON "
	    "(.json, .json.gz),\nand write their calls as an sp interval "
	    "stream, in reconstruction order.\nFILE '-' is a JSON profile on "
	    "standard input.\n"
	    "\n"
	    "  -o, --output FILE    write the stream to FILE (default: "
	    "standard output)\n"
	    "      --force          write the binary stream even to a "
	    "terminal\n"
	    "  -r, --ranks RANKS    only these ranks: all, N, N-M, lists "
	    "N,M-K (repeatable)\n"
	    "  -i, --include REGEX  only regions whose name matches at its "
	    "start (repeatable)\n"
	    "  -x, --exclude REGEX  drop regions whose name matches at its "
	    "start (repeatable)\n"
	    "      --batch N        calls per stream batch (default 8192)\n"
	    "      --order ORDER    time (the default): reconstruction order; "
	    "file: each\n"
	    "                       row's calls in recording order, for "
	    "sp-json\n"
	    "      --shard          the ranks read are a shard of the run: "
	    "sp-stack joins\n"
	    "                       shards concatenated in rank order into "
	    "the whole run\n"
	    "      --window START:END  only what happened in [START, END): "
	    "times after the\n"
	    "                       run's start with a unit (2.5s:3s, 100ms:, "
	    ":1s) or\n"
	    "                       absolute ns after @ (@T0:@T1); calls are "
	    "clipped to it\n"
	    "      --window-inside  only the calls wholly inside the window, "
	    "unclipped\n"
	    "      --progress       show progress on standard error even when "
	    "it is not a\n"
	    "                       terminal\n"
	    "  -q, --quiet          no progress line (of --progress and -q, "
	    "the last wins)\n"
	    "      --label NAME     name the next run NAME instead of by its "
	    "label or file\n"
	    "                       (repeatable: the first names the first "
	    "run, and so on)\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

/* What the command line asks for. */
struct args {
	struct sp_ranks *ranks;
	struct sp_filter *filter;
	struct sp_order_opts o;
	const char *out;
	int force;
	int progress;		/* 1 --progress, 0 -q, -1 unsaid */
	const char *window;	/* --window as given, or NULL */
	int inside;		/* --window-inside */
	struct sp_window win;
	const char **labels;	/* --label, in order */
	size_t nlabels;
};

static void
parse_option(struct args *a, int c, char **argv)
{
	struct sp_err e;

	switch (c) {
	case 'b':
		a->o.batch = cli_count("--batch", optarg, SP_BATCH_MAX);
		break;
	case 'f':
		a->force = 1;
		break;
	case 'i':
		if (sp_filter_include(a->filter, optarg, &e) < 0)
			cli_fail(&e);
		break;
	case 'L':
		if (*optarg == '\0')
			cli_usage_error("--label: an empty name");
		a->labels[a->nlabels++] = optarg;
		break;
	case 'o':
		a->out = cli_output("-o", optarg);
		break;
	case 'O':
		if (strcmp(optarg, "time") == 0)
			a->o.order = SP_ORDER_TIME;
		else if (strcmp(optarg, "file") == 0)
			a->o.order = SP_ORDER_FILE;
		else
			cli_usage_error("--order: '%s' is not an order: give "
			    "time or file", optarg);
		break;
	case 'P':
		a->progress = 1;
		break;
	case 'q':
		a->progress = 0;
		break;
	case 'r':
		if (sp_ranks_add(a->ranks, optarg, &e) < 0)
			cli_fail(&e);
		break;
	case 'S':
		a->o.shard = 1;
		break;
	case 'w':
		a->window = optarg;
		break;
	case 'W':
		a->inside = 1;
		break;
	case 'x':
		if (sp_filter_exclude(a->filter, optarg, &e) < 0)
			cli_fail(&e);
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

/* --window and --window-inside, once every option is read. */
static void
window_arg(struct args *a)
{
	struct sp_err e;

	if (a->window == NULL) {
		if (a->inside)
			cli_usage_error("--window-inside goes with --window");
		return;
	}
	if (sp_window_parse("--window", a->window, a->inside, &a->win,
	    &e) < 0)
		cli_fail(&e);
	a->o.window = &a->win;
}

static void
parse_args(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "batch", required_argument, NULL, 'b' },
		{ "exclude", required_argument, NULL, 'x' },
		{ "force", no_argument, NULL, 'f' },
		{ "include", required_argument, NULL, 'i' },
		{ "label", required_argument, NULL, 'L' },
		{ "order", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "progress", no_argument, NULL, 'P' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "shard", no_argument, NULL, 'S' },
		{ "window", required_argument, NULL, 'w' },
		{ "window-inside", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c, i;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hi:o:qr:Vx:", longopts,
	    NULL)) != -1)
		parse_option(a, c, argv);
	if (optind == argc)
		cli_usage_error("no input file");
	for (i = optind + 1; i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			for (c = optind; c < i; c++)
				if (strcmp(argv[c], "-") == 0)
					cli_usage_error("standard input can be "
					    "read once only");
	if (!sp_ranks_all(a->ranks))
		a->o.ranks = a->ranks;
	if (sp_filter_active(a->filter))
		a->o.filter = a->filter;
	window_arg(a);
	a->o.labels = a->labels;
	a->o.nlabels = a->nlabels;
}

/*
 * sp_order's missing callback: "sp-read: in.h5: the profile has no rank 3"
 * ("no ranks 3, 5-7"); a note, the exit status stays 0.
 */
static void
missing_show(void *ctx, const char *path, const uint32_t (*r)[2], size_t n)
{
	size_t i;

	(void)ctx;
	fprintf(stderr, "%s: %s: the profile has no rank%s ", cli_name(),
	    cli_input_name(path), n > 1 || r[0][0] != r[0][1] ? "s" : "");
	for (i = 0; i < n; i++) {
		fprintf(stderr, "%s%" PRIu32, i > 0 ? ", " : "", r[i][0]);
		if (r[i][1] != r[i][0])
			fprintf(stderr, "-%" PRIu32, r[i][1]);
	}
	fprintf(stderr, " that --ranks asks for\n");
}

/* By default only to a terminal, and for files read slowly. */
static void
progress_setup(struct args *a, struct progress *pr)
{
	struct winsize ws;

	memset(pr, 0, sizeof *pr);
	pr->m.hz = PROGRESS_HZ;
	if (a->progress < 0) {
		a->progress = isatty(STDERR_FILENO);
		pr->m.delay = PROGRESS_DELAY;
	}
	if (!a->progress)
		return;
	if (isatty(STDERR_FILENO) && ioctl(STDERR_FILENO, TIOCGWINSZ,
	    &ws) == 0)
		pr->cols = ws.ws_col;
	pr->window = a->window;
	a->o.progress = progress_show;
	a->o.progress_ctx = pr;
}

int
main(int argc, char **argv)
{
	struct args a;
	struct progress pr;
	struct sp_writer *w;
	struct sp_sink *sink;
	struct sp_err e;

	cli_init("sp-read");
	memset(&a, 0, sizeof a);
	a.out = "-";
	a.progress = -1;
	a.o.order = SP_ORDER_TIME;
	if ((a.ranks = sp_ranks_new()) == NULL ||
	    (a.filter = sp_filter_new()) == NULL ||
	    (a.labels = calloc((size_t)argc, sizeof *a.labels)) == NULL) {
		fprintf(stderr, "sp-read: out of memory\n");
		return 1;
	}
	parse_args(&a, argc, argv);
	a.o.missing = missing_show;
	progress_setup(&a, &pr);
	sink = cli_stream_output(a.out, a.force);
	if ((w = sp_writer_new(sink, &e)) != NULL && a.window != NULL)
		sp_writer_set_minor(w, 1);	/* the run item's window */
	if (w == NULL || sp_read_files(formats, sizeof formats / sizeof formats[0],
	    (const char *const *)argv + optind, (size_t)(argc - optind), &a.o,
	    NULL, w, &e) < 0 ||
	    sp_sink_commit(sink, &e) < 0) {
		/* what was written stays unfinished: no stream-end */
		sp_sink_flush(sink, NULL);
		sp_sink_free(sink);
		sp_writer_free(w);
		progress_end(&pr);
		cli_fail(&e);
	}
	sp_writer_free(w);
	sp_sink_free(sink);
	sp_ranks_free(a.ranks);
	sp_filter_free(a.filter);
	free(a.labels);
	return 0;
}
