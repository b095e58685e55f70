/*
 * sp - the front door: `sp COMMAND ARGS` runs sp-COMMAND with ARGS (found
 * beside sp itself, then on PATH), and `sp --help` prints the map of the
 * programs.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sp_command.h"

static const char map[] =
    "usage: sp [-h] [-V] COMMAND [ARG...]\n"
    "Run the sp program sp-COMMAND with the ARGs: 'sp stats run.calls.sps' is\n"
    "'sp-stats run.calls.sps'.  A profile is read into an interval stream,\n"
    "stacked into a call stream (sp-stream(5)), and asked questions:\n"
    "\n"
    "  sp read run.h5 | sp stack -o run.calls.sps\n"
    "\n"
    "  which regions take the time?     sp stats run.calls.sps\n"
    "  which rank is slow?              sp stats --by rank run.calls.sps;\n"
    "                                   sp trace: every rank on a timeline\n"
    "  what changed between two runs?   sp read before.h5 after.h5 | sp stack |\n"
    "                                   sp diff; sp flame --diff -o diff.svg\n"
    "  does it scale?                   sp read run-*.h5 | sp stack | sp scale\n"
    "  what did every rank do at once?  sp trace -o run.pftrace run.calls.sps\n"
    "  all of it, on one page?          sp report -o run.html run.calls.sps\n"
    "  where does the time go?          sp pstats (pstats, snakeviz),\n"
    "                                   sp speedscope, sp flame\n"
    "\n"
    "Commands:\n"
    "  read        scope-profiler profiles (HDF5, JSON, .spt) to an interval "
    "stream\n"
    "  stack       intervals to calls: depth, parent, self time\n"
    "  stats       the regions' statistics, by region, rank, lane or call "
    "path\n"
    "  diff        runs before and after compared, region by region; a "
    "CI gate\n"
    "  report      one self-contained HTML page of the runs, to attach "
    "or open\n"
    "  scale       runs at several scales: speedup, efficiency, serial "
    "fraction\n"
    "  trace       every rank and thread on one timeline, for "
    "ui.perfetto.dev\n"
    "  flame       flame graphs, static or interactive, and the diff of two "
    "runs\n"
    "  pstats      cProfile .prof files and pstats reports\n"
    "  speedscope  speedscope documents, a profile per rank and thread\n"
    "  json        the lossless JSON profile, or NDJSON for jq\n"
    "\n"
    "  -h, --help     show this help and exit\n"
    "  -V, --version  show the version and exit\n"
    "\n"
    "'sp COMMAND --help' and 'man sp-COMMAND' for each command; 'man sp' for "
    "all.\n"
    "Exit status: that of sp-COMMAND; 2 for a usage error or an unknown "
    "command.\n";

static void
not_a_command(const char *name)
{
	fprintf(stderr, "sp: '%s' is not an sp command; see 'sp --help'\n",
	    name);
	exit(2);
}

static void
exec_failed(const char *path, int err)
{
	fprintf(stderr, "sp: %s: %s\n", path, strerror(err));
	exit(1);
}

/* Run sp-NAME beside this program, else on PATH; return only to fail. */
static void
run(char **argv)
{
	const char *name = argv[0];
	struct sp_err e;
	char prog[256];
	char *path;

	if (!sp_command_name_ok(name) || strlen(name) > sizeof prog - 4)
		not_a_command(name);
	snprintf(prog, sizeof prog, "sp-%s", name);
	argv[0] = prog;
	if ((path = sp_command_beside_self(name, &e)) != NULL) {
		execv(path, argv);
		if (errno != ENOENT)
			exec_failed(path, errno);
		free(path);
	}
	execvp(prog, argv);
	if (errno != ENOENT)
		exec_failed(prog, errno);
	not_a_command(name);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	cli_init("sp");
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(map, stdout);
			exit(0);
		case 'V':
			cli_version();
		default:
			cli_bad_option(c, argv);
		}
	}
	if (optind == argc) {
		fputs(map, stderr);
		exit(2);
	}
	run(argv + optind);
	return 1;
}
