/* sp-trace: the call stream in, one timeline trace per run out. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sp_trace_export.h"

#define MAX_SIZE_PROTO "500M"
#define MAX_SIZE_JSON "200M"

static void
usage(void)
{
	printf("usage: sp-trace [-o FILE] [-f FORMAT] [--force] [--align MODE]\n"
	    "                [--min-duration DUR] [--max-size SIZE] [--no-args] "
	    "[--level N]\n"
	    "                [-S SIZE] [-T DIR] [-v] [-q] [FILE]\n"
	    "Write the calls of an sp call stream (from sp-stack) as "
	    "timeline traces for\nui.perfetto.dev: one per run, with a "
	    "process per rank and a thread per lane.\nFILE, or standard "
	    "input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE             base name of the traces: FILE, "
	    "or FILE_<run> for\n"
	    "                                several runs (default: one "
	    "trace to standard\n"
	    "                                output); gzip for a name "
	    "ending in .gz\n"
	    "  -f, --format FORMAT           proto: Perfetto protobuf (the "
	    "default), json:\n"
	    "                                Chrome Trace Event JSON (the "
	    "default for .json\n"
	    "                                and .json.gz names)\n"
	    "      --force                   write protobuf even to a "
	    "terminal\n"
	    "      --align MODE              none: as recorded (the "
	    "default), start: each\n"
	    "                                rank's first call at 0, "
	    "REGION: the first call\n"
	    "                                of REGION at the same time on "
	    "every rank\n"
	    "      --min-duration DUR        drop calls shorter than DUR "
	    "(ns, or with\n"
	    "                                ns/us/ms/s), with the calls "
	    "inside them\n"
	    "      --max-size SIZE           warn when a trace grows past "
	    "SIZE bytes (k, M, G;\n"
	    "                                default " MAX_SIZE_PROTO
	    ", json " MAX_SIZE_JSON "; 0 never)\n"
	    "      --no-args                 slices without their "
	    "arguments (source, call\n"
	    "                                id, metadata): smaller\n"
	    "      --level N                 gzip level of .gz outputs, 1 to "
	    "9 (default 6)\n"
	    "  -S, --buffer-size SIZE        memory for a rank held back by "
	    "--align (k, M,\n"
	    "                                G; default 4M)\n"
	    "  -T, --temporary-directory DIR\n"
	    "                                where the rest goes (default: "
	    "$TMPDIR or /tmp)\n"
	    "  -v, --verbose                 name each file written, with "
	    "where to open it\n"
	    "                                (the default when standard "
	    "error is a terminal),\n"
	    "                                and say what was written\n"
	    "  -q, --quiet                   do not name the files written\n"
	    "  -h, --help                    show this help and exit\n"
	    "  -V, --version                 show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

struct notes {
	enum sp_trace_export_format format;
	const char *region;
};

/* A size as the option gave it: 400M, not 400000000. */
static void
put_size(char *buf, size_t n, uint64_t value)
{
	static const struct { uint64_t scale; const char *unit; } units[] = {
		{ 1000000000, "GB" }, { 1000000, "MB" }, { 1000, "kB" },
		{ 1, "bytes" },
	};
	size_t i;

	for (i = 0; value % units[i].scale != 0; i++)
		continue;
	snprintf(buf, n, "%" PRIu64 " %s", value / units[i].scale,
	    units[i].unit);
}

static void
note(void *ctx, enum sp_trace_export_note what, const char *label,
    const char *path, uint64_t value)
{
	const struct notes *n = ctx;
	char size[64];

	switch (what) {
	case SP_TRACE_EXPORT_OVERSIZE:
		put_size(size, sizeof size, value);
		fprintf(stderr, "%s: warning: %s: the trace of run '%s' is "
		    "over %s, more than a browser opens well; shrink it with "
		    "sp-read --ranks or --include, or --min-duration%s\n",
		    cli_name(), strcmp(path, "-") == 0 ? "<stdout>" : path,
		    label, size, n->format == SP_TRACE_EXPORT_JSON ?
		    ", or write protobuf (--format proto)" :
		    ", or open it with trace_processor --httpd");
		break;
	case SP_TRACE_EXPORT_NO_CALLS:
		fprintf(stderr, "%s: run '%s' has no calls: no trace\n",
		    cli_name(), label);
		break;
	case SP_TRACE_EXPORT_ALL_DROPPED:
		fprintf(stderr, "%s: run '%s': --min-duration dropped all its "
		    "%" PRIu64 " calls: no trace\n", cli_name(), label, value);
		break;
	case SP_TRACE_EXPORT_NO_REGION:
		fprintf(stderr, "%s: run '%s': rank %" PRIu64 " has no call of "
		    "'%s' to align on: not shifted\n", cli_name(), label, value,
		    n->region);
		break;
	}
}

static void
set_format(struct sp_trace_export_opts *o, const char *arg)
{
	if (strcmp(arg, "proto") == 0)
		o->format = SP_TRACE_EXPORT_PROTO;
	else if (strcmp(arg, "json") == 0)
		o->format = SP_TRACE_EXPORT_JSON;
	else
		cli_usage_error("--format: '%s' is not a format: give proto or "
		    "json", arg);
}

/* none, start, region:NAME or a region's name. */
static void
set_align(struct sp_trace_export_opts *o, const char *arg)
{
	o->align_region = NULL;
	if (strcmp(arg, "none") == 0) {
		o->align = SP_TRACE_EXPORT_ALIGN_NONE;
		return;
	}
	if (strcmp(arg, "start") == 0) {
		o->align = SP_TRACE_EXPORT_ALIGN_START;
		return;
	}
	o->align = SP_TRACE_EXPORT_ALIGN_REGION;
	o->align_region = strncmp(arg, "region:", 7) == 0 ? arg + 7 : arg;
	if (o->align_region[0] == '\0')
		cli_usage_error("--align: '%s' names no region: give none, "
		    "start or a region's name", arg);
}

static void
report(const struct sp_trace_export_stats *st, const char *min_duration,
    int verbose)
{
	if (st->dropped > 0)
		fprintf(stderr, "%s: --min-duration %s dropped %" PRIu64
		    " of %" PRIu64 " calls\n", cli_name(), min_duration,
		    st->dropped, st->calls);
	if (verbose)
		fprintf(stderr, "%s: %" PRIu64 " runs, %" PRIu64 " calls: %"
		    PRIu64 " slices in %" PRIu64 " traces, %" PRIu64 " bytes ("
		    "%" PRIu64 " bytes written); %" PRIu64 " bytes spilled to "
		    "temporary files\n", cli_name(), st->runs, st->calls,
		    st->slices, st->traces, st->bytes, st->file_bytes,
		    st->spilled);
}

/* Perfetto's UI in a browser opens both formats, gzipped too. */
static void
wrote(void *ctx, const char *path)
{
	(void)ctx;
	cli_wrote(path, NULL, "https://ui.perfetto.dev, Open trace file");
}

/* What the command line says. */
struct args {
	struct sp_trace_export_opts o;
	const char *min_duration, *max_size, *format;
	enum cli_talk talk;	/* -v, -q */
	int force;
};

static void
parse_option(struct args *a, int c, char **argv)
{
	switch (c) {
	case 'a':
		set_align(&a->o, optarg);
		break;
	case 'F':
		a->force = 1;
		break;
	case 'f':
		a->format = optarg;
		set_format(&a->o, optarg);
		break;
	case 'l':
		a->o.level = cli_number("--level", optarg, 1, 9);
		break;
	case 'M':
		a->max_size = optarg;
		break;
	case 'm':
		a->min_duration = optarg;
		break;
	case 'n':
		a->o.no_args = 1;
		break;
	case 'o':
		a->o.output = cli_output("-o", optarg);
		break;
	case 'S':
		a->o.buffer = (size_t)cli_size("--buffer-size", optarg);
		if (a->o.buffer == 0)
			cli_usage_error("--buffer-size: '%s' is not a size above "
			    "0", optarg);
		break;
	case 'T':
		a->o.tmpdir = optarg;
		break;
	case 'q':
		a->talk = CLI_TALK_QUIET;
		break;
	case 'v':
		a->talk = CLI_TALK_VERBOSE;
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

/* The options, then what they imply: the format, the defaults. */
static void
parse(struct args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "align", required_argument, NULL, 'a' },
		{ "buffer-size", required_argument, NULL, 'S' },
		{ "force", no_argument, NULL, 'F' },
		{ "format", required_argument, NULL, 'f' },
		{ "level", required_argument, NULL, 'l' },
		{ "max-size", required_argument, NULL, 'M' },
		{ "min-duration", required_argument, NULL, 'm' },
		{ "no-args", no_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(a, 0, sizeof *a);
	a->o.level = 6;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":f:ho:qS:T:vV", longopts,
	    NULL)) != -1)
		parse_option(a, c, argv);
	if (a->format == NULL)
		a->o.format = sp_trace_export_format_of(a->o.output);
	if (a->min_duration != NULL)
		a->o.min_duration_ns = cli_duration("--min-duration",
		    a->min_duration);
	a->o.max_size = cli_size("--max-size", a->max_size != NULL ?
	    a->max_size : a->o.format == SP_TRACE_EXPORT_JSON ? MAX_SIZE_JSON :
	    MAX_SIZE_PROTO);
}

int
main(int argc, char **argv)
{
	struct args a;
	struct sp_trace_export_stats st;
	struct notes notes;
	const char *in;
	struct sp_reader *r;
	struct sp_err e;
	int rc;

	cli_init("sp-trace");
	parse(&a, argc, argv);
	in = cli_one_input(argc, argv);
	if (a.o.format == SP_TRACE_EXPORT_PROTO && !a.force &&
	    (a.o.output == NULL ||
	    strcmp(a.o.output, "-") == 0) && isatty(STDOUT_FILENO))
		cli_usage_error("refusing to write a binary trace to a "
		    "terminal; redirect it, use -o FILE, or --force");
	notes.format = a.o.format;
	notes.region = a.o.align_region;
	a.o.note = note;
	a.o.note_ctx = &notes;
	if (cli_tell_written(a.talk))
		a.o.wrote.fn = wrote;
	r = cli_open_reader(in);
	rc = sp_trace_export_run(r, &a.o, &st, &e);
	report(&st, a.min_duration, a.talk == CLI_TALK_VERBOSE);
	if (rc < 0)
		cli_die(&e);
	cli_close_reader(r);
	return 0;
}
