#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_parse.h"
#include "sp_tmpfiles.h"

static const char *progname = "sp";

/*
 * --help and --version print with stdio, whose buffer is written at exit:
 * a failed write (>/dev/full) must not end with status 0 and no word.
 */
static void
check_stdout(void)
{
	if (fflush(stdout) != 0) {
		fprintf(stderr, "%s: <stdout>: write error: %s\n", progname,
		    strerror(errno));
		_exit(1);
	}
	if (ferror(stdout)) {
		fprintf(stderr, "%s: <stdout>: write error\n", progname);
		_exit(1);
	}
}

/*
 * A standard descriptor closed by the caller (`>&-`) would go to the next
 * open(): a temporary file on fd 1 would take the output, and the run
 * would end with status 0 and its output lost.  Hold 0, 1 and 2 with
 * /dev/null opened the wrong way round (fd 0 for writing, 1 and 2 for
 * reading), so that using them still fails with EBADF, as when closed.
 */
static void
hold_std_fds(void)
{
	int fd, n;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (n >= 0 && n != fd)
			close(n);
	}
}

/*
 * Interrupted (^C, kill, a closed terminal): remove the hidden temporary
 * files of unfinished outputs, then die of the same signal, so that the
 * caller sees it as before (status 128 + N in a shell, make's "Interrupt").
 */
static void
on_interrupt(int sig)
{
	sp_tmpfiles_unlink_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * A signal that was ignored when we started (nohup, a background job of a
 * non-interactive shell) stays ignored, as POSIX asks of utilities.
 */
static void
catch_interrupts(void)
{
	struct sigaction sa, old;
	int i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sp_tmpfiles_nsignals; i++) {
		if (sigaction(sp_tmpfiles_signals[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sp_tmpfiles_signals[i], &sa, NULL);
	}
}

/*
 * Blocks of 1 MiB and more are mapped on their own and unmapped when
 * freed.  glibc otherwise raises that threshold each time such a block
 * is freed, and the next ones come from the heap, where the holes they
 * leave once freed (a run's statistics, the sorts' buffers) stay
 * resident: peak RSS then grew with the calls though the memory in use
 * did not.  A fixed threshold turns that off.  It also fixes the trim
 * threshold, at 128 KiB, below the blocks of a few hundred KiB that each
 * rank's statistics take and give back: the heap then shrank and grew
 * again at every rank (a brk each time, 257 on 7 runs of 127 ranks in
 * all).  Up to 4 MiB free at the heap's top stay.
 */
static void
release_large_blocks(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	(void)mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
	(void)mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
}

void
cli_init(const char *name)
{
	progname = name;
	release_large_blocks();
	hold_std_fds();
	signal(SIGPIPE, SIG_DFL);
	catch_interrupts();
	atexit(check_stdout);
}

const char *
cli_name(void)
{
	return progname;
}

void
cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n",
	    progname);
	exit(2);
}

void
cli_bad_option(int c, char **argv)
{
	const char *arg = argv[optind - 1];
	int is_long = strncmp(arg, "--", 2) == 0;

	if (c == ':') {
		if (is_long)
			cli_usage_error("option '%s' needs an argument", arg);
		cli_usage_error("option '-%c' needs an argument", optopt);
	}
	if (is_long || optopt == 0)
		cli_usage_error("option '%s' is unknown or malformed", arg);
	cli_usage_error("option '-%c' is unknown", optopt);
}

void
cli_fail(const struct sp_err *e)
{
	if (e->status == SP_EUSAGE)
		cli_usage_error("%s", e->msg);
	fprintf(stderr, "%s: %s\n", progname, e->msg);
	exit(sp_err_exit_code(e));
}

void
cli_die(const struct sp_err *e)
{
	fprintf(stderr, "%s: %s\n", progname, e->msg);
	exit(sp_err_exit_code(e));
}

void
cli_version(void)
{
	printf("%s (sp) %s\n", progname, SP_VERSION);
	exit(0);
}

struct sp_sink *
cli_stream_output(const char *path, int force)
{
	struct sp_err e;
	struct sp_sink *s;

	if (strcmp(path, "-") == 0 && !force && isatty(STDOUT_FILENO))
		cli_usage_error("refusing to write a binary sp stream to a "
		    "terminal; redirect it, use -o FILE, or --force");
	if ((s = sp_sink_open_file(path, &e)) == NULL)
		cli_fail(&e);
	return s;
}

const char *
cli_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

const char *
cli_one_input(int argc, char **argv)
{
	if (argc - optind > 1)
		cli_usage_error("one input at most (concatenate streams with "
		    "cat)");
	return optind < argc ? argv[optind] : "-";
}

int
cli_open_input(const char *path)
{
	struct sp_err e;
	struct stat sb;
	int fd = STDIN_FILENO;

	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY)) < 0) {
		sp_fail_errno(&e, errno, "%s", path);
		cli_die(&e);
	}
	if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		sp_fail(&e, SP_EDATA, "%s: is a directory",
		    cli_input_name(path));
		cli_die(&e);
	}
	return fd;
}

void
cli_close_input(int fd)
{
	if (fd != STDIN_FILENO)
		close(fd);
}

/* The descriptor under the reader of cli_open_reader(). */
static int reader_fd = -1;

struct sp_reader *
cli_open_reader(const char *path)
{
	struct sp_reader *r;
	struct sp_err e;

	reader_fd = cli_open_input(path);
	if ((r = sp_reader_new(reader_fd, path, &e)) == NULL)
		cli_die(&e);
	sp_reader_set_fix(r, cli_read_fix(path, NULL));
	return r;
}

void
cli_close_reader(struct sp_reader *r)
{
	sp_reader_free(r);
	if (reader_fd >= 0)
		cli_close_input(reader_fd);
	reader_fd = -1;
}

int
cli_tell_written(enum cli_talk t)
{
	return t == CLI_TALK_VERBOSE || (t == CLI_TALK_DEFAULT &&
	    isatty(STDERR_FILENO));
}

/*
 * path as a shell word on f: as it is when plain, else in single quotes;
 * "./" first for one that would read as an option.
 */
static void
put_word(FILE *f, const char *path)
{
	const char *p;

	if (*path == '-')
		fputs("./", f);
	if (*path != '\0' && strspn(path, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_./+-=,:@%") ==
	    strlen(path)) {
		fputs(path, f);
		return;
	}
	fputc('\'', f);
	for (p = path; *p != '\0'; p++) {
		if (*p == '\'')
			fputs("'\\''", f);
		else
			fputc(*p, f);
	}
	fputc('\'', f);
}

void
cli_wrote(const char *path, const char *before, const char *after)
{
	fprintf(stderr, "%s: wrote %s (open: ", progname, path);
	if (before != NULL) {
		fputs(before, stderr);
		put_word(stderr, path);
	}
	fprintf(stderr, "%s)\n", after);
}

const char *
cli_read_fix(const char *path, const char *cmd)
{
	static char *buf;
	size_t len = 0;
	FILE *f;

	free(buf);
	buf = NULL;
	if ((f = open_memstream(&buf, &len)) == NULL)
		return NULL;
	fputs("sp-read ", f);
	if (strcmp(path, "-") == 0)
		fputs("PROFILE", f);
	else
		put_word(f, path);
	if (strcmp(progname, "sp-json") != 0)
		fputs(" | sp-stack", f);
	if (strcmp(progname, "sp-stack") != 0)
		fprintf(f, " | %s", cmd != NULL ? cmd : progname);
	if (fclose(f) != 0) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

const char *
cli_output(const char *opt, const char *arg)
{
	if (*arg == '\0')
		cli_usage_error("%s: an empty file name", opt);
	return arg;
}

int
cli_choice(const char *opt, const char *arg, const char *const *names,
    int n)
{
	char list[512];
	size_t len = 0;
	int k;

	for (k = 0; k < n; k++)
		if (strcmp(arg, names[k]) == 0)
			return k;
	list[0] = '\0';
	for (k = 0; k < n && len < sizeof list; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		    k == 0 ? "" : k == n - 1 ? " or " : ", ", names[k]);
	cli_usage_error("%s: '%s' is not one of the choices: %s", opt, arg,
	    list);
}

size_t
cli_count(const char *opt, const char *arg, size_t max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    v == 0 || v > max)
		cli_usage_error("%s: '%s' is not a count from 1 to %zu", opt,
		    arg, max);
	return (size_t)v;
}

int
cli_number(const char *opt, const char *arg, int lo, int hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi)
		cli_usage_error("%s: '%s' is not a number from %d to %d", opt,
		    arg, lo, hi);
	return (int)v;
}

uint64_t
cli_size(const char *opt, const char *arg)
{
	struct sp_err e;
	uint64_t v;

	if (sp_parse_size(opt, arg, &v, &e) < 0)
		cli_usage_error("%s", e.msg);
	return v;
}

int64_t
cli_duration(const char *opt, const char *arg)
{
	struct sp_err e;
	int64_t v;

	if (sp_parse_duration(opt, arg, &v, &e) < 0)
		cli_usage_error("%s", e.msg);
	return v;
}
