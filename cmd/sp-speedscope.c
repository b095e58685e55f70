/* sp-speedscope: the call stream in, speedscope documents out. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_speedscope_export.h"

#define MAX_SIZE_DEFAULT "400M"

static void
usage(void)
{
	printf("usage: sp-speedscope [-o FILE] [--name NAME] [--unit UNIT] "
	    "[--min-duration DUR]\n"
	    "                     [--max-size SIZE] [-v] [-q] [FILE]\n"
	    "Write the calls of an sp call stream (from sp-stack) as "
	    "speedscope documents:\none per run, with an evented profile per "
	    "rank and thread or task.\nFILE, or standard input when it is "
	    "absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE       base name of the documents: FILE, "
	    "or FILE_<run>\n"
	    "                          for several runs (default: one "
	    "document to standard\n"
	    "                          output)\n"
	    "      --name NAME         document name (default: the run's "
	    "label)\n"
	    "      --unit UNIT         s: float seconds (the default), ns: "
	    "integer nanoseconds\n"
	    "      --min-duration DUR  drop calls shorter than DUR (ns, or "
	    "with ns/us/ms/s),\n"
	    "                          with the calls inside them\n"
	    "      --max-size SIZE     warn when a document grows past SIZE "
	    "bytes (k, M, G;\n"
	    "                          default " MAX_SIZE_DEFAULT ", 0 "
	    "never)\n"
	    "  -v, --verbose            name each file written, with a "
	    "command that opens it\n"
	    "                          (the default when standard error "
	    "is a terminal)\n"
	    "  -q, --quiet              do not name the files written\n"
	    "  -h, --help              show this help and exit\n"
	    "  -V, --version           show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

static void
note(void *ctx, enum sp_speedscope_export_note what, const char *label,
    const char *path, uint64_t value)
{
	static const struct { uint64_t scale; const char *unit; } units[] = {
		{ 1000000000, "GB" }, { 1000000, "MB" }, { 1000, "kB" },
		{ 1, "bytes" },
	};
	size_t i;

	(void)ctx;
	switch (what) {
	case SP_SPEEDSCOPE_EXPORT_OVERSIZE:
		for (i = 0; value % units[i].scale != 0; i++)
			continue;
		fprintf(stderr, "%s: warning: %s: the document of run '%s' "
		    "is over %" PRIu64 " %s, too large for speedscope in a "
		    "browser; shrink it with sp-read --ranks or --include, or "
		    "--min-duration\n", cli_name(),
		    strcmp(path, "-") == 0 ? "<stdout>" : path, label,
		    value / units[i].scale, units[i].unit);
		break;
	case SP_SPEEDSCOPE_EXPORT_NO_CALLS:
		fprintf(stderr, "%s: run '%s' has no calls: no document\n",
		    cli_name(), label);
		break;
	case SP_SPEEDSCOPE_EXPORT_ALL_DROPPED:
		fprintf(stderr, "%s: run '%s': --min-duration dropped all its "
		    "%" PRIu64 " calls: no document\n", cli_name(), label,
		    value);
		break;
	}
}

static void
wrote(void *ctx, const char *path)
{
	(void)ctx;
	cli_wrote(path, "speedscope ", "");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "max-size", required_argument, NULL, 'S' },
		{ "min-duration", required_argument, NULL, 'm' },
		{ "name", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "unit", required_argument, NULL, 'u' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_speedscope_export_opts o;
	struct sp_speedscope_export_stats st;
	const char *in, *min_duration = NULL, *max_size = MAX_SIZE_DEFAULT;
	struct sp_reader *r;
	struct sp_err e;
	enum cli_talk talk = CLI_TALK_DEFAULT;
	int c;

	cli_init("sp-speedscope");
	memset(&o, 0, sizeof o);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:qvV", longopts, NULL)) != -1) {
		switch (c) {
		case 'S':
			max_size = optarg;
			break;
		case 'm':
			min_duration = optarg;
			break;
		case 'n':
			o.name = optarg;
			break;
		case 'o':
			o.output = cli_output("-o", optarg);
			break;
		case 'q':
			talk = CLI_TALK_QUIET;
			break;
		case 'v':
			talk = CLI_TALK_VERBOSE;
			break;
		case 'u':
			if (strcmp(optarg, "ns") == 0)
				o.unit_ns = 1;
			else if (strcmp(optarg, "s") == 0)
				o.unit_ns = 0;
			else
				cli_usage_error("--unit: '%s' is not a unit: "
				    "give s or ns", optarg);
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
	if (min_duration != NULL)
		o.min_duration_ns = cli_duration("--min-duration",
		    min_duration);
	o.max_size = cli_size("--max-size", max_size);
	in = cli_one_input(argc, argv);
	o.note = note;
	if (cli_tell_written(talk))
		o.wrote.fn = wrote;
	r = cli_open_reader(in);
	c = sp_speedscope_export_run(r, &o, &st, &e);
	if (st.dropped > 0)
		fprintf(stderr, "%s: --min-duration %s dropped %" PRIu64
		    " of %" PRIu64 " calls\n", cli_name(), min_duration,
		    st.dropped, st.calls);
	if (c < 0)
		cli_die(&e);
	cli_close_reader(r);
	return 0;
}
