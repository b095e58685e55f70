/* sp-json: an sp stream in, scope-profiler JSON profiles (or NDJSON) out. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_json_export.h"

static void
usage(void)
{
	printf("usage: sp-json [-o FILE] [--indent N] [--level N] [--lines] "
	    "[-S SIZE]\n"
	    "               [-T DIR] [-v] [-q] [FILE]\n"
	    "Write the runs of an sp stream (from sp-read, or sp-stack) as "
	    "scope-profiler\nJSON profiles, format version 1: one document "
	    "per run, lossless, gzip-compressed\nfor a name ending in .gz.  "
	    "Or, with --lines, one JSON object per call (NDJSON).\nFILE, or "
	    "standard input when it is absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE             base name of the documents: "
	    "FILE, or FILE_<run>\n"
	    "                                for several runs (default: one "
	    "document to\n"
	    "                                standard output)\n"
	    "      --indent N                indent nested values by N "
	    "spaces (default: one\n"
	    "                                line)\n"
	    "      --level N                 gzip level of .gz outputs, 1 to "
	    "9 (default 6)\n"
	    "      --lines                   NDJSON: one line per call, as "
	    "the calls arrive\n"
	    "  -S, --buffer-size SIZE        memory for regrouping calls "
	    "(k, M, G; default\n"
	    "                                32M)\n"
	    "  -T, --temporary-directory DIR\n"
	    "                                where the rest goes (default: "
	    "$TMPDIR or /tmp)\n"
	    "  -v, --verbose                 name each file written, with a "
	    "command that\n"
	    "                                opens it (the default when "
	    "standard error is a\n"
	    "                                terminal), and say what was "
	    "spilled\n"
	    "  -q, --quiet                   do not name the files written\n"
	    "  -h, --help                    show this help and exit\n"
	    "  -V, --version                 show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

/* jq, through gzip for a .gz name; a line at a time for --lines. */
static void
wrote(void *ctx, const char *path)
{
	const int *lines = ctx;
	size_t n = strlen(path);
	const char *jq = *lines ? "jq -c ." : "jq .";
	char after[32];

	if (n > 3 && strcmp(path + n - 3, ".gz") == 0) {
		snprintf(after, sizeof after, " | %s", jq);
		cli_wrote(path, "gzip -dc ", after);
	} else {
		snprintf(after, sizeof after, "%s ", jq);
		cli_wrote(path, after, "");
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "buffer-size", required_argument, NULL, 'S' },
		{ "indent", required_argument, NULL, 'i' },
		{ "level", required_argument, NULL, 'l' },
		{ "lines", no_argument, NULL, 'L' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "temporary-directory", required_argument, NULL, 'T' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_json_export_opts o;
	struct sp_json_export_stats st;
	const char *in;
	struct sp_reader *r;
	struct sp_err e;
	enum cli_talk talk = CLI_TALK_DEFAULT;
	int c, lines = 0, rc;

	cli_init("sp-json");
	memset(&o, 0, sizeof o);
	o.indent = -1;
	o.level = 6;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:qS:T:vV", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'i':
			o.indent = cli_number("--indent", optarg, 0, 1000);
			break;
		case 'l':
			o.level = cli_number("--level", optarg, 1, 9);
			break;
		case 'L':
			lines = 1;
			break;
		case 'o':
			o.output = cli_output("-o", optarg);
			break;
		case 'S':
			o.buffer = cli_size("--buffer-size", optarg);
			if (o.buffer == 0)
				cli_usage_error("--buffer-size: '%s' is not a "
				    "size above 0", optarg);
			break;
		case 'T':
			o.tmpdir = optarg;
			break;
		case 'q':
			talk = CLI_TALK_QUIET;
			break;
		case 'v':
			talk = CLI_TALK_VERBOSE;
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
	if (lines && o.indent >= 0)
		cli_usage_error("--lines writes one line per call: --indent "
		    "does not go with it");
	in = cli_one_input(argc, argv);
	if (cli_tell_written(talk)) {
		o.wrote.fn = wrote;
		o.wrote.ctx = &lines;
	}
	r = cli_open_reader(in);
	rc = lines ? sp_json_export_lines(r, &o, &st, &e) :
	    sp_json_export_run(r, &o, &st, &e);
	if (talk == CLI_TALK_VERBOSE)
		fprintf(stderr, "%s: %" PRIu64 " runs, %" PRIu64 " calls: %"
		    PRIu64 " bytes of JSON in %" PRIu64 " files (%" PRIu64
		    " bytes written); %" PRIu64 " bytes spilled to temporary "
		    "files; %" PRIu64 " rows written as they came\n",
		    cli_name(), st.runs, st.calls, st.text_bytes,
		    st.documents, st.file_bytes, st.spilled, st.live_rows);
	if (rc < 0)
		cli_die(&e);
	cli_close_reader(r);
	return 0;
}
