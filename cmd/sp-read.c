/* sp-read: scope-profiler profiles in, the sp interval stream out. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_filter.h"
#include "sp_ranks.h"
#include "sp_read.h"

static void
usage(void)
{
	printf("usage: sp-read [-o FILE] [--force] [-r RANKS]... "
	    "[-i REGEX]... [-x REGEX]...\n"
	    "               [--batch N] [--order ORDER] FILE...\n"
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
	    "      --batch N        calls per stream batch (default 65536)\n"
	    "      --order ORDER    time (the default): reconstruction order; "
	    "file: each\n"
	    "                       row's calls in recording order, for "
	    "sp-json\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 bad data or I/O error, 2 usage error.\n");
	exit(0);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "batch", required_argument, NULL, 'b' },
		{ "exclude", required_argument, NULL, 'x' },
		{ "force", no_argument, NULL, 'f' },
		{ "include", required_argument, NULL, 'i' },
		{ "order", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "ranks", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct sp_ranks *ranks = sp_ranks_new();
	struct sp_filter *filter = sp_filter_new();
	struct sp_order_opts o = { NULL, NULL, 0, SP_ORDER_TIME };
	const char *out = "-";
	struct sp_writer *w;
	struct sp_sink *sink;
	struct sp_err e;
	int c, force = 0, i;

	cli_init("sp-read");
	if (ranks == NULL || filter == NULL) {
		fprintf(stderr, "sp-read: out of memory\n");
		return 1;
	}
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hi:o:r:Vx:", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'b':
			o.batch = cli_count("--batch", optarg, SP_BATCH_MAX);
			break;
		case 'f':
			force = 1;
			break;
		case 'i':
			if (sp_filter_include(filter, optarg, &e) < 0)
				cli_fail(&e);
			break;
		case 'o':
			out = optarg;
			break;
		case 'O':
			if (strcmp(optarg, "time") == 0)
				o.order = SP_ORDER_TIME;
			else if (strcmp(optarg, "file") == 0)
				o.order = SP_ORDER_FILE;
			else
				cli_usage_error("--order: '%s' is not an order: "
				    "give time or file", optarg);
			break;
		case 'r':
			if (sp_ranks_add(ranks, optarg, &e) < 0)
				cli_fail(&e);
			break;
		case 'x':
			if (sp_filter_exclude(filter, optarg, &e) < 0)
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
	if (optind == argc)
		cli_usage_error("no input file");
	for (i = optind + 1; i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			for (c = optind; c < i; c++)
				if (strcmp(argv[c], "-") == 0)
					cli_usage_error("standard input can be "
					    "read once only");
	if (!sp_ranks_all(ranks))
		o.ranks = ranks;
	if (sp_filter_active(filter))
		o.filter = filter;
	sink = cli_stream_output(out, force);
	if ((w = sp_writer_new(sink, &e)) == NULL ||
	    sp_read_files((const char *const *)argv + optind,
	    (size_t)(argc - optind), &o, NULL, w, &e) < 0 ||
	    sp_sink_commit(sink, &e) < 0) {
		/* what was written stays unfinished: no stream-end */
		sp_sink_flush(sink, NULL);
		sp_sink_free(sink);
		cli_fail(&e);
	}
	sp_writer_free(w);
	sp_sink_free(sink);
	sp_ranks_free(ranks);
	sp_filter_free(filter);
	return 0;
}
