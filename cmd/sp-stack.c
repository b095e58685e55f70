/* sp-stack: the interval stream in, the call stream out. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sp_restack.h"

static void
usage(void)
{
	printf("usage: sp-stack [-o FILE] [--force] [FILE]\n"
	    "Rebuild the call stack of an sp interval stream (from sp-read) "
	    "and write the\ncall stream: each call gains its depth, its "
	    "parent and its self time.\nFILE, or standard input when it is "
	    "absent or '-'.\n"
	    "\n"
	    "  -o, --output FILE    write the stream to FILE (default: "
	    "standard output)\n"
	    "      --force          write the binary stream even to a "
	    "terminal\n"
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
		{ "force", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "-", *in;
	struct sp_reader *r;
	struct sp_writer *w;
	struct sp_sink *sink;
	struct sp_err e;
	int c, force = 0;

	cli_init("sp-stack");
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:V", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			force = 1;
			break;
		case 'o':
			out = cli_output("-o", optarg);
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
	in = cli_one_input(argc, argv);
	r = cli_open_reader(in);
	sink = cli_stream_output(out, force);
	if ((w = sp_writer_new(sink, &e)) == NULL ||
	    sp_restack(r, w, &e) < 0 || sp_sink_commit(sink, &e) < 0) {
		sp_sink_flush(sink, NULL);
		sp_sink_free(sink);
		cli_fail(&e);
	}
	sp_writer_free(w);
	sp_sink_free(sink);
	cli_close_reader(r);
	return 0;
}
