/*
 * cli.h - the front end every sp program shares: its name in messages,
 * usage errors, fatal errors from libsp, and stream outputs.  Only cmd/
 * uses it; it may print and exit.
 */
#ifndef SP_CLI_H
#define SP_CLI_H

#include <stdint.h>

#include "sp_err.h"
#include "sp_sink.h"
#include "sp_stream.h"

/* Record the program name and restore the default SIGPIPE action, so a
 * closed pipe (`| head`) ends the program quietly. */
void cli_init(const char *name);
const char *cli_name(void);

/* "NAME: message" and exit status 2, with a pointer to --help. */
void cli_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
/* "NAME: message" and the status the error calls for (1 or 2). */
void cli_fail(const struct sp_err *e) __attribute__((noreturn));
/*
 * The same as one line, also for a usage error: what an exporter says of
 * its input (an interval stream, several outputs for one), where a
 * pointer to --help would not help.
 */
void cli_die(const struct sp_err *e) __attribute__((noreturn));
/*
 * The usage error for the option getopt_long just refused: c is what it
 * returned (':' missing argument, '?' unknown; the option string starts
 * with ':' and opterr is 0).
 */
void cli_bad_option(int c, char **argv) __attribute__((noreturn));
/* --version output. */
void cli_version(void) __attribute__((noreturn));

/*
 * The sink for a binary sp stream: FILE (via a temporary name) or "-" for
 * standard output, which must not be a terminal unless force is set.
 */
struct sp_sink *cli_stream_output(const char *path, int force);

/* An input's name in messages: <stdin> for "-", as libsp names it. */
const char *cli_input_name(const char *path);

/*
 * The one input of a filter: the operand after the options, or "-"
 * (standard input) when there is none; a second one is a usage error.
 */
const char *cli_one_input(int argc, char **argv);
/*
 * Open an input ("-": standard input, left open) or die with one line: a
 * file that cannot be opened, or a directory.  cli_close_input() closes
 * what cli_open_input() opened.
 */
int cli_open_input(const char *path);
void cli_close_input(int fd);
/*
 * The pipeline that gives this program the stream of the profile path
 * ("-": PROFILE), for a profile given where a stream was wanted:
 * "sp-read run.h5 | sp-stack | sp-flame", without sp-stack for sp-json
 * and ending at it for sp-stack; cmd is the program's own command
 * ("sp-pstats --print"), NULL for its name.  Valid until the next call.
 */
const char *cli_read_fix(const char *path, const char *cmd);
/*
 * The same, with a stream reader on it, which says cli_read_fix() for a
 * profile; freed with cli_close_reader().
 */
struct sp_reader *cli_open_reader(const char *path);
void cli_close_reader(struct sp_reader *r);

/*
 * An exporter's -v and -q, the last given counting, decide whether it
 * says which files it wrote: with -v, or when standard error is a
 * terminal, unless -q.
 */
enum cli_talk { CLI_TALK_DEFAULT, CLI_TALK_VERBOSE, CLI_TALK_QUIET };
int cli_tell_written(enum cli_talk t);
/*
 * "NAME: wrote PATH (open: HOW)" on standard error, HOW being before,
 * PATH (quoted for a shell when it needs it) and after; before NULL:
 * HOW is after alone.
 */
void cli_wrote(const char *path, const char *before, const char *after);

/* -o's argument: an empty file name is a usage error. */
const char *cli_output(const char *opt, const char *arg);

/*
 * The index of arg among the n names of a choice-valued option, or a
 * usage error that names them all ("--format: 'yaml' is not one of the
 * choices: text, json, ndjson, csv or tsv").
 */
int cli_choice(const char *opt, const char *arg, const char *const *names,
    int n);

/* Parse a positive count option or die with a usage error. */
size_t cli_count(const char *opt, const char *arg, size_t max);
/* An integer from lo to hi (--level, --indent), or a usage error. */
int cli_number(const char *opt, const char *arg, int lo, int hi);

/*
 * The bound on what a program must hold (--max-memory): the default, and
 * a SIZE argument (k, M, G are powers of 10; 0 is no bound) parsed or a
 * usage error.
 */
#define CLI_MAX_MEMORY_DEFAULT "4G"
uint64_t cli_size(const char *opt, const char *arg);
/* A duration (ns, or a number with ns, us, ms, s) or a usage error. */
int64_t cli_duration(const char *opt, const char *arg);

#endif
