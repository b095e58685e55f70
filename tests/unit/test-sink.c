/*
 * test-sink - buffered output and output files (sp_sink): writes of any
 * size arrive whole and in order, small ones only when flushed, the
 * file size limit said; a file appears under its name only on commit, written beside it under a hidden
 * temporary name that free without commit removes; missing directories
 * are made; "-" is standard output; a device or FIFO is written in place;
 * a directory, or a name ending in "/", is refused; write errors name the
 * output; sp_sink_written counts what was accepted; through a pipe that
 * fills, pieces small and big (those written with what was buffered in
 * one writev) arrive whole and in order.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_sink.h"
#include "check.h"

static char dir[] = "/tmp/sp-test-sink.XXXXXX";

/* dir/name, in a buffer of its own per call site's needs. */
static const char *
at(char *buf, size_t cap, const char *name)
{
	snprintf(buf, cap, "%s/%s", dir, name);
	return buf;
}

static long long
size_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

static long long
fd_size(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 ? (long long)st.st_size : -1;
}

/* The names in directory d other than . and .., space-separated. */
static const char *
listing(const char *d)
{
	static char buf[1024];
	struct dirent *de;
	DIR *dp = opendir(d);
	size_t n = 0;

	buf[0] = '\0';
	if (dp == NULL)
		return "(none)";
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
		    n > 0 ? " " : "", de->d_name);
		if (n >= sizeof buf)
			break;
	}
	closedir(dp);
	return buf;
}

/* Whether the file holds exactly p[0..n). */
static int
holds(const char *path, const unsigned char *p, size_t n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *q = malloc(n + 1);
	size_t got;
	int ok;

	if (f == NULL || q == NULL) {
		if (f != NULL)
			fclose(f);
		free(q);
		return 0;
	}
	got = fread(q, 1, n + 1, f);
	ok = got == n && memcmp(p, q, n) == 0;
	fclose(f);
	free(q);
	return ok;
}

/*
 * Writes of every size, from one byte to more than the buffers, arrive
 * whole and in order, and the count is of the bytes accepted.  On a
 * descriptor, small writes wait for a flush and one larger than the
 * buffer goes out at once; the same for a file of ours (opened by name),
 * which is written in turn too.
 */
static void
test_buffering(int ours)
{
	size_t total = (size_t)6 << 20, sizes[] = { 1, 7, 4096, 100000,
	    (size_t)1 << 20, 3, 200000, (size_t)3 << 20, 0, 65536, 300000 };
	unsigned char *data = malloc(total);
	char path[256];
	struct sp_sink *s;
	struct sp_err e;
	size_t i, off = 0, k;
	uint64_t x = 1;
	int fd = -1;

	for (i = 0; i < total; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		data[i] = (unsigned char)(x >> 56);
	}
	at(path, sizeof path, "buf.out");
	if (ours)
		s = sp_sink_open_file(path, &e);
	else if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
	    (s = sp_sink_new_fd(fd, path, &e)) == NULL)
		s = NULL;
	CHECK(s != NULL, "open: %s", e.msg);
	CHECK(sp_sink_written(s) == 0, "written at the start");
	CHECK(sp_sink_write(s, data, 3, &e) == 0 &&
	    fd_size(sp_sink_fd(s)) == 0, "a small write went out at once");
	CHECK(sp_sink_flush(s, &e) == 0 && fd_size(sp_sink_fd(s)) == 3,
	    "flush");
	off = 3;
	CHECK(sp_sink_write(s, data + off, (size_t)2 << 20, &e) == 0 &&
	    fd_size(sp_sink_fd(s)) == (long long)off + (2 << 20),
	    "a write larger than the buffer is not written at once");
	off += (size_t)2 << 20;
	CHECK(sp_sink_flush(s, &e) == 0 &&
	    fd_size(sp_sink_fd(s)) == (long long)off, "flush of 2 MiB");
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t n = sizes[k] < total - off ? sizes[k] : total - off;

		CHECK(sp_sink_write(s, data + off, n, &e) == 0, "write %zu: %s",
		    n, e.msg);
		off += n;
	}
	CHECK(sp_sink_written(s) == off, "written %llu, not %zu",
	    sp_sink_written(s), off);
	CHECK(sp_sink_commit(s, &e) == 0, "commit: %s", e.msg);
	CHECK(holds(path, data, off), "the file does not hold the writes in "
	    "order (%s)", ours ? "a file of ours" : "a descriptor");
	CHECK(sp_sink_written(s) == off, "written after commit");
	sp_sink_free(s);
	if (fd >= 0)
		close(fd);
	unlink(path);
	free(data);
}

static void
test_commit(void)
{
	char path[256], tmp[256];
	struct sp_sink *s;
	struct sp_err e;
	struct stat st;
	const char *ls;

	s = sp_sink_open_file(at(path, sizeof path, "out.prof"), &e);
	CHECK(s != NULL, "open: %s", e.msg);
	CHECK(strcmp(sp_sink_name(s), path) == 0, "name %s", sp_sink_name(s));
	ls = listing(dir);
	CHECK(strncmp(ls, ".out.prof.", 10) == 0 && strlen(ls) == 16,
	    "not one temporary file beside the target: %s", ls);
	snprintf(tmp, sizeof tmp, "%s/%s", dir, ls);
	CHECK(sp_sink_write(s, "profile", 7, &e) == 0, "write");
	CHECK(size_of(path) == -1, "the file is there before the commit");
	CHECK(sp_sink_commit(s, &e) == 0, "commit: %s", e.msg);
	CHECK(holds(path, (const unsigned char *)"profile", 7), "content");
	CHECK(size_of(tmp) == -1, "the temporary file is still there");
	CHECK(strcmp(listing(dir), "out.prof") == 0, "left: %s",
	    listing(dir));
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644,
	    "mode %o, not 644 under umask 022", (unsigned)st.st_mode & 0777);
	sp_sink_free(s);
	unlink(path);
}

/* Free without commit removes the temporary file, and keeps the old one. */
static void
test_free_without_commit(void)
{
	char path[256];
	struct sp_sink *s;
	struct sp_err e;
	FILE *f;

	s = sp_sink_open_file(at(path, sizeof path, "new.out"), &e);
	CHECK(s != NULL && sp_sink_write(s, "x", 1, &e) == 0 &&
	    sp_sink_flush(s, &e) == 0, "open: %s", e.msg);
	sp_sink_free(s);
	CHECK(strcmp(listing(dir), "") == 0, "left: %s", listing(dir));

	f = fopen(at(path, sizeof path, "old.out"), "w");
	CHECK(f != NULL && fputs("old", f) >= 0, "old file");
	if (f != NULL)
		fclose(f);
	s = sp_sink_open_file(path, &e);
	CHECK(s != NULL && sp_sink_write(s, "new!", 4, &e) == 0 &&
	    sp_sink_flush(s, &e) == 0, "open over: %s", e.msg);
	sp_sink_free(s);
	CHECK(holds(path, (const unsigned char *)"old", 3),
	    "the old file changed");
	CHECK(strcmp(listing(dir), "old.out") == 0, "left: %s", listing(dir));
	unlink(path);
	sp_sink_free(NULL);
}

/* Missing parent directories are made; a file in the way is an error. */
static void
test_parents(void)
{
	char path[256], d[256];
	struct sp_sink *s;
	struct sp_err e;
	struct stat st;
	FILE *f;

	s = sp_sink_open_file(at(path, sizeof path, "p/q/r/out.json"), &e);
	CHECK(s != NULL, "open: %s", e.msg);
	CHECK(stat(at(d, sizeof d, "p/q/r"), &st) == 0 && S_ISDIR(st.st_mode),
	    "p/q/r was not made");
	CHECK(sp_sink_commit(s, &e) == 0 && size_of(path) == 0, "commit: %s",
	    e.msg);
	sp_sink_free(s);
	unlink(path);
	rmdir(at(d, sizeof d, "p/q/r"));
	rmdir(at(d, sizeof d, "p/q"));
	rmdir(at(d, sizeof d, "p"));

	f = fopen(at(d, sizeof d, "plain"), "w");
	if (f != NULL)
		fclose(f);
	s = sp_sink_open_file(at(path, sizeof path, "plain/out.json"), &e);
	CHECK(s == NULL && e.status == SP_EIO, "under a plain file: opened");
	{
		char want[512];

		snprintf(want, sizeof want, "%s: cannot create: %s", path,
		    strerror(ENOTDIR));
		CHECK(s != NULL || strcmp(e.msg, want) == 0,
		    "\n got  %s\n want %s", e.msg, want);
	}
	sp_sink_free(s);
	unlink(d);
}

/* "-" is standard output, which free leaves open. */
static void
test_stdout(void)
{
	struct sp_sink *s;
	struct sp_err e;

	s = sp_sink_open_file("-", &e);
	CHECK(s != NULL && sp_sink_fd(s) == STDOUT_FILENO &&
	    strcmp(sp_sink_name(s), "<stdout>") == 0, "stdout sink");
	CHECK(sp_sink_commit(s, &e) == 0, "commit of nothing: %s", e.msg);
	sp_sink_free(s);
	CHECK(fcntl(STDOUT_FILENO, F_GETFD) != -1, "free closed stdout");
}

/*
 * A device or FIFO that exists is written in place, not replaced by a
 * renamed file; and a sink on a descriptor leaves it open.
 */
static void
test_in_place(void)
{
	char path[256], buf[16];
	struct sp_sink *s;
	struct sp_err e;
	struct stat st;
	int rd, fd;

	s = sp_sink_open_file("/dev/null", &e);
	CHECK(s != NULL && sp_sink_write(s, "gone", 4, &e) == 0 &&
	    sp_sink_commit(s, &e) == 0, "/dev/null: %s", e.msg);
	sp_sink_free(s);
	CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
	    "/dev/null is no longer a device");
	CHECK(strstr(listing("/dev"), ".null.") == NULL,
	    "a temporary file in /dev");

	CHECK(mkfifo(at(path, sizeof path, "fifo"), 0600) == 0, "mkfifo");
	rd = open(path, O_RDONLY | O_NONBLOCK);
	s = sp_sink_open_file(path, &e);
	CHECK(s != NULL && sp_sink_write(s, "hello", 5, &e) == 0 &&
	    sp_sink_commit(s, &e) == 0, "fifo: %s", e.msg);
	sp_sink_free(s);
	CHECK(read(rd, buf, sizeof buf) == 5 && memcmp(buf, "hello", 5) == 0,
	    "the FIFO's reader did not get the bytes");
	CHECK(stat(path, &st) == 0 && S_ISFIFO(st.st_mode), "not a FIFO now");
	CHECK(strcmp(listing(dir), "fifo") == 0, "left: %s", listing(dir));
	close(rd);
	unlink(path);

	fd = open("/dev/null", O_WRONLY);
	s = sp_sink_new_fd(fd, "null", &e);
	CHECK(s != NULL && strcmp(sp_sink_name(s), "null") == 0 &&
	    sp_sink_fd(s) == fd, "new_fd");
	sp_sink_free(s);
	CHECK(fcntl(fd, F_GETFD) != -1, "free closed a descriptor it was given");
	close(fd);
}

/* A directory, or a name ending in "/", names no file to write. */
static void
test_refused(void)
{
	char path[256], want[512];
	struct sp_sink *s;
	struct sp_err e;

	s = sp_sink_open_file(dir, &e);
	snprintf(want, sizeof want, "%s: is a directory", dir);
	CHECK(s == NULL && e.status == SP_EUSAGE && strcmp(e.msg, want) == 0,
	    "directory: %s", s == NULL ? e.msg : "opened");
	sp_sink_free(s);

	s = sp_sink_open_file(at(path, sizeof path, "new/"), &e);
	snprintf(want, sizeof want, "%s: not a file name (it ends in '/')",
	    path);
	CHECK(s == NULL && e.status == SP_EUSAGE && strcmp(e.msg, want) == 0,
	    "ends in /: %s", s == NULL ? e.msg : "opened");
	CHECK(strcmp(listing(dir), "") == 0, "made: %s", listing(dir));
	sp_sink_free(s);
}

/*
 * A file of ours that the file size limit cuts: the failure is said,
 * naming the file, at the write that crosses it or at the commit, and
 * the file does not appear.
 */
static void
test_size_limit(void)
{
	static unsigned char big[(size_t)1 << 20];
	char want[512], path[256];
	struct rlimit old, low;
	struct sp_sink *s;
	struct sp_err e;
	int k, rc = 0;

	CHECK(getrlimit(RLIMIT_FSIZE, &old) == 0, "getrlimit");
	low = old;
	low.rlim_cur = (rlim_t)3 << 20;
	signal(SIGXFSZ, SIG_IGN);
	CHECK(setrlimit(RLIMIT_FSIZE, &low) == 0, "setrlimit");
	s = sp_sink_open_file(at(path, sizeof path, "limited"), &e);
	CHECK(s != NULL, "open: %s", e.msg);
	for (k = 0; k < 8 && rc == 0; k++)
		rc = sp_sink_write(s, big, sizeof big, &e);
	if (rc == 0)
		rc = sp_sink_commit(s, &e);
	snprintf(want, sizeof want, "%s: write error: %s", path,
	    strerror(EFBIG));
	CHECK(rc == -1 && e.status == SP_EIO && strcmp(e.msg, want) == 0,
	    "over the limit: %d %s", rc, e.msg);
	CHECK(sp_sink_commit(s, &e) == -1, "a commit after the failure");
	sp_sink_free(s);
	CHECK(size_of(path) == -1 && strcmp(listing(dir), "") == 0,
	    "left: %s", listing(dir));
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, SIG_DFL);
}

/* Write errors name the output and the reason, wherever they happen. */
static void
test_write_errors(void)
{
	static unsigned char big[(size_t)1 << 20];
	char want[512], path[256];
	struct sp_sink *s;
	struct sp_err e;
	int fd;

	snprintf(want, sizeof want, "/dev/full: write error: %s",
	    strerror(ENOSPC));
	s = sp_sink_open_file("/dev/full", &e);
	CHECK(s != NULL && sp_sink_write(s, "x", 1, &e) == 0,
	    "a buffered write fails");
	CHECK(sp_sink_commit(s, &e) == -1 && e.status == SP_EIO &&
	    strcmp(e.msg, want) == 0, "commit: %s", e.msg);
	CHECK(sp_sink_written(s) == 1, "written %llu", sp_sink_written(s));
	sp_sink_free(s);

	fd = open("/dev/full", O_WRONLY);
	s = sp_sink_new_fd(fd, "full.sps", &e);
	snprintf(want, sizeof want, "full.sps: write error: %s",
	    strerror(ENOSPC));
	CHECK(s != NULL && sp_sink_write(s, big, sizeof big, &e) == -1 &&
	    strcmp(e.msg, want) == 0, "a large write: %s", e.msg);
	CHECK(sp_sink_flush(s, &e) == -1 && strcmp(e.msg, want) == 0,
	    "a flush after the failure: %s", e.msg);
	CHECK(sp_sink_write(s, "x", 1, &e) == 0 && sp_sink_commit(s, &e) == -1,
	    "a commit after the failure");
	sp_sink_free(s);
	close(fd);

	/* the target became a directory: the rename fails, and says so */
	s = sp_sink_open_file(at(path, sizeof path, "late"), &e);
	CHECK(s != NULL && mkdir(path, 0700) == 0, "late: %s", e.msg);
	snprintf(want, sizeof want, "%s: cannot rename into place: %s", path,
	    strerror(EISDIR));
	CHECK(sp_sink_commit(s, &e) == -1 && strcmp(e.msg, want) == 0,
	    "rename:\n got  %s\n want %s", e.msg, want);
	sp_sink_free(s);
	CHECK(strcmp(listing(dir), "late") == 0, "left: %s", listing(dir));
	rmdir(path);
}

struct drain {
	int fd;
	unsigned char *got;
	size_t n, cap;
};

/* Read the pipe slowly, so that the writer finds it full. */
static void *
drain_pipe(void *arg)
{
	struct drain *d = arg;
	ssize_t k;

	while (d->n < d->cap &&
	    (k = read(d->fd, d->got + d->n, d->n % 3 == 0 ? 4096 : 60000)) > 0) {
		d->n += (size_t)k;
		if (d->n % 7 == 0)
			usleep(100);
	}
	return NULL;
}

static void
test_pipe_pieces(void)
{
	size_t total = (size_t)6 << 20, off = 0, n, i;
	unsigned char *data = malloc(total);
	struct drain d = { 0, malloc(total), 0, total };
	struct sp_sink *s;
	struct sp_err e;
	pthread_t t;
	int pfd[2];

	for (i = 0; i < total; i++)
		data[i] = (unsigned char)(i * 131 + (i >> 12));
	CHECK(pipe(pfd) == 0, "pipe");
	d.fd = pfd[0];
	pthread_create(&t, NULL, drain_pipe, &d);
	s = sp_sink_new_fd(pfd[1], "pipe", &e);
	for (i = 0; off < total; i++) {
		/* headers, columns of a batch, a piece over the buffer */
		n = i % 5 == 0 ? 13 : i % 5 == 1 ? (size_t)64 << 10 :
		    i % 5 == 2 ? (size_t)32 << 10 : i % 5 == 3 ? 700 :
		    (size_t)300 << 10;
		if (n > total - off)
			n = total - off;
		CHECK(sp_sink_write(s, data + off, n, &e) == 0, "write %zu: %s",
		    n, e.msg);
		off += n;
	}
	CHECK(sp_sink_flush(s, &e) == 0, "flush: %s", e.msg);
	CHECK(sp_sink_written(s) == total, "written %llu",
	    (unsigned long long)sp_sink_written(s));
	sp_sink_free(s);
	close(pfd[1]);
	pthread_join(t, NULL);
	close(pfd[0]);
	CHECK(d.n == total && memcmp(d.got, data, total) == 0,
	    "the pipe gave %zu bytes of %zu, %s", d.n, total,
	    d.n == total ? "not in order" : "short");
	free(d.got);
	free(data);
}

/*
 * A descriptor's writev cut short by the file size limit: the file holds
 * exactly the bytes before the limit (what was buffered, then the piece
 * from where the short write stopped), and the next write says EFBIG.
 */
static void
test_short_writev(void)
{
	static unsigned char data[(size_t)200 << 10];
	struct rlimit old, lim;
	char path[256], want[512];
	struct sp_sink *s;
	struct sp_err e;
	size_t i;
	int fd;

	for (i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * 7 + (i >> 9));
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	lim = old;
	lim.rlim_cur = 100000;
	CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0, "setrlimit");
	fd = open(at(path, sizeof path, "short"), O_WRONLY | O_CREAT | O_TRUNC,
	    0644);
	s = sp_sink_new_fd(fd, "short.sps", &e);
	snprintf(want, sizeof want, "short.sps: write error: %s",
	    strerror(EFBIG));
	CHECK(sp_sink_write(s, data, 10, &e) == 0, "buffered: %s", e.msg);
	CHECK(sp_sink_write(s, data + 10, sizeof data - 10, &e) == -1 &&
	    strcmp(e.msg, want) == 0, "over the limit: %s", e.msg);
	sp_sink_free(s);
	close(fd);
	setrlimit(RLIMIT_FSIZE, &old);
	CHECK(holds(path, data, 100000), "the file does not hold the bytes "
	    "before the limit, in order");
	unlink(path);
}

int
main(void)
{
	umask(022);
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_buffering(0);
	test_buffering(1);
	test_size_limit();
	test_commit();
	test_free_without_commit();
	test_parents();
	test_stdout();
	test_in_place();
	test_refused();
	test_write_errors();
	test_pipe_pieces();
	test_short_writev();
	CHECK(strcmp(listing(dir), "") == 0, "left behind: %s", listing(dir));
	rmdir(dir);
	if (failed > 0) {
		fprintf(stderr, "test-sink: %d checks failed\n", failed);
		return 1;
	}
	return 0;
}
