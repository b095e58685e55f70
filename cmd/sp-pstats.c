/* sp-pstats: the call stream in, cProfile .prof files or pstats reports out. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sp_pstats_export.h"

static void
usage(void)
{
	printf("usage: sp-pstats [-o FILE] [--force] [--no-call-paths] "
	    "[--root NAME]\n"
	    "                 [--no-root] [--max-memory SIZE] [--print] "
	    "[--sort KEY]\n"
	    "                 [--top N] [-v] [-q] [FILE]\n"
	    "Write the calls of an sp call stream (from sp-stack) as cProfile "
	    ".prof files,\none per run and rank, for pstats and snakeviz; or "
	    "print their pstats reports.\nFILE, or standard input when it is "
	    "absent or '-'; with --print, FILE may also\nbe a .prof file.\n"
	    "\n"
	    "  -o, --output FILE    base name of the files: FILE_rank<N>.prof, "
	    "or\n"
	    "                       FILE_<run>_rank<N>.prof for several runs; "
	    "'-': the one\n"
	    "                       .prof to standard output\n"
	    "      --force          write a .prof even to a terminal\n"
	    "      --no-call-paths  one entry per region name, with cProfile's "
	    "accounting of\n"
	    "                       recursion (default: one per call path, "
	    "'a > b')\n"
	    "      --root NAME      name the root frame NAME (default: "
	    "<LABEL rank N>)\n"
	    "      --no-root        no root frame\n"
	    "      --max-memory SIZE  fail rather than let a rank's call "
	    "path table outgrow\n"
	    "                       SIZE bytes (k, M, G; default "
	    CLI_MAX_MEMORY_DEFAULT ", 0 no bound)\n"
	    "      --print          print pstats reports instead of writing "
	    ".prof files\n"
	    "      --sort KEY       order the report by cumulative (the "
	    "default), tottime,\n"
	    "                       calls, ncalls or name\n"
	    "      --top N          print the first N entries only\n"
	    "  -v, --verbose        name each file written, with a command "
	    "that opens it\n"
	    "                       (the default when standard error is a "
	    "terminal)\n"
	    "  -q, --quiet          do not name the files written\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

static void
note(void *ctx, enum sp_pstats_export_note what, const char *label,
    uint32_t rank)
{
	const struct sp_pstats_export_opts *o = ctx;

	switch (what) {
	case SP_PSTATS_EXPORT_RANK_EMPTY:
		fprintf(stderr, "%s: run '%s' rank %" PRIu32 " has no calls: "
		    "no .prof\n", cli_name(), label, rank);
		break;
	case SP_PSTATS_EXPORT_RUN_EMPTY:
		fprintf(stderr, "%s: run '%s' has no calls: no %s\n",
		    cli_name(), label, o->print ? "report" : ".prof");
		break;
	}
}

static void
wrote(void *ctx, const char *path)
{
	(void)ctx;
	cli_wrote(path, "python3 -m pstats ", "");
}

static long
top_count(const char *arg)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    arg[0] == '+' || v < 0)
		cli_usage_error("--top: '%s' is not a count of entries (0 or "
		    "more)", arg);
	return v;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "max-memory", required_argument, NULL, 'M' },
		{ "no-call-paths", no_argument, NULL, 'a' },
		{ "no-root", no_argument, NULL, 'R' },
		{ "output", required_argument, NULL, 'o' },
		{ "print", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "root", required_argument, NULL, 'r' },
		{ "sort", required_argument, NULL, 's' },
		{ "top", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_pstats_export_opts o;
	const char *in, *sort = NULL;
	struct sp_err e;
	enum cli_talk talk = CLI_TALK_DEFAULT;
	int c, force = 0, fd, top_given = 0;

	cli_init("sp-pstats");
	memset(&o, 0, sizeof o);
	o.top = -1;
	o.max_memory = cli_size("--max-memory", CLI_MAX_MEMORY_DEFAULT);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:qvV", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			o.no_call_paths = 1;
			break;
		case 'f':
			force = 1;
			break;
		case 'M':
			o.max_memory = cli_size("--max-memory", optarg);
			break;
		case 'o':
			o.output = cli_output("-o", optarg);
			break;
		case 'p':
			o.print = 1;
			break;
		case 'q':
			talk = CLI_TALK_QUIET;
			break;
		case 'v':
			talk = CLI_TALK_VERBOSE;
			break;
		case 'R':
			o.no_root = 1;
			break;
		case 'r':
			o.root = optarg;
			break;
		case 's':
			sort = optarg;
			break;
		case 't':
			o.top = top_count(optarg);
			top_given = 1;
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
	if (sort != NULL && sp_pstats_report_sort(sort, &o.sort, &e) < 0)
		cli_usage_error("--sort: '%s' is not a sort key: give "
		    "cumulative, tottime, calls, ncalls or name", sort);
	if (o.root != NULL && o.no_root)
		cli_usage_error("--root and --no-root exclude each other");
	if (o.print && o.output != NULL)
		cli_usage_error("--print writes to standard output: -o is for "
		    ".prof files");
	if (!o.print && (sort != NULL || top_given))
		cli_usage_error("%s only applies to reports: add --print",
		    sort != NULL ? "--sort" : "--top");
	if (!o.print && o.output == NULL)
		cli_usage_error("no output: give -o FILE (or -o - for "
		    "standard output), or --print");
	in = cli_one_input(argc, argv);
	if (!o.print && strcmp(o.output, "-") == 0 && !force &&
	    isatty(STDOUT_FILENO))
		cli_usage_error("refusing to write a binary .prof to a "
		    "terminal; redirect it, use -o FILE, or --force");
	o.note = note;
	o.note_ctx = &o;
	if (cli_tell_written(talk))
		o.wrote.fn = wrote;
	o.fix = cli_read_fix(in, o.print ? "sp-pstats --print" : NULL);
	fd = cli_open_input(in);
	if (sp_pstats_export_run(fd, in, &o, NULL, &e) < 0)
		cli_die(&e);
	cli_close_input(fd);
	return 0;
}
