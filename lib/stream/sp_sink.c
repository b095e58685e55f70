#define _GNU_SOURCE	/* F_SETPIPE_SZ */
#include "sp_sink.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "sp_tmpfiles.h"

/*
 * A 256 KiB buffer, and writes of half that or more go straight through:
 * sp-read then writes 256 or 512 KiB at a time (a batch column of 64K
 * calls is 512 KiB), at most half the 1 MiB pipe (sp_sink_pipe_widen), so
 * that the next program reads one write while this one fills the next.
 * A buffer as large as the pipe makes the two programs take turns, each
 * waiting for the other's write to drain (some 15% slower on 10M calls).
 */
#define SINK_BUF ((size_t)1 << 18)
/*
 * A piece this big goes out with what is buffered in one writev(), not
 * through the buffer: a stream's columns (64 KiB at the default batch)
 * are not copied again.  Copying them cost sp-stack a third of its time.
 */
#define SINK_BYPASS ((size_t)32 << 10)
/*
 * Files are written in turn, as pipes are, not by a thread behind: the
 * kernel's copy of a big file into the page cache takes two to three
 * times as long from the other core, more than the 10% such a thread
 * gains at most on small files.
 */

struct sp_sink {
	int fd;
	int owns_fd;
	char *name;		/* as given, for messages */
	char *tmp;		/* temporary path until committed, or NULL */
	char *final;		/* target path of a file sink */
	unsigned char *buf;
	size_t len, cap;
	unsigned long long written;
	int err;		/* a write failed with this errno: for good */
};

static struct sp_sink *
sink_alloc(const char *name, struct sp_err *e)
{
	struct sp_sink *s = calloc(1, sizeof *s);

	if (s == NULL || (s->name = strdup(name)) == NULL ||
	    (s->buf = malloc(SINK_BUF)) == NULL) {
		if (s != NULL) {
			free(s->name);
			free(s);
		}
		sp_fail(e, SP_ENOMEM, "%s: out of memory", name);
		return NULL;
	}
	s->fd = -1;
	s->cap = SINK_BUF;
	return s;
}

void
sp_sink_pipe_widen(int fd)
{
#ifdef F_SETPIPE_SZ
	struct stat st;

	/* failure only costs speed: the kernel may cap the size */
	if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
	(void)fd;
#endif
}

struct sp_sink *
sp_sink_new_fd(int fd, const char *name, struct sp_err *e)
{
	struct sp_sink *s = sink_alloc(name, e);

	if (s != NULL) {
		s->fd = fd;
		sp_sink_pipe_widen(fd);
	}
	return s;
}

struct sp_sink *
sp_sink_open_file(const char *path, struct sp_err *e)
{
	struct sp_sink *s;
	const char *base;

	if (strcmp(path, "-") == 0)
		return sp_sink_new_fd(STDOUT_FILENO, "<stdout>", e);
	if ((s = sink_alloc(path, e)) == NULL)
		return NULL;
	{
		struct stat st;

		/*
		 * A device, pipe or socket (/dev/null, a FIFO) is written as it
		 * is: renaming a temporary file over it would replace it.
		 */
		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
			if (S_ISDIR(st.st_mode)) {
				sp_fail(e, SP_EUSAGE, "%s: is a directory",
				    path);
				goto fail;
			}
			if ((s->fd = open(path, O_WRONLY)) < 0) {
				sp_fail_errno(e, errno, "%s: cannot open",
				    path);
				goto fail;
			}
			s->owns_fd = 1;
			return s;
		}
	}
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	/*
	 * "new/" names no file: say so now, not after the whole input was
	 * read, when the rename fails (and without making the directory).
	 */
	if (*base == '\0') {
		sp_fail(e, SP_EUSAGE, "%s: not a file name (it ends in '/')",
		    path);
		goto fail;
	}
	if ((s->final = strdup(path)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
		goto fail;
	}
	if ((s->fd = sp_tmpfiles_create(path, &s->tmp, e)) < 0)
		goto fail;
	s->owns_fd = 1;
	return s;
fail:
	sp_sink_free(s);
	return NULL;
}

void
sp_sink_free(struct sp_sink *s)
{
	if (s == NULL)
		return;
	free(s->buf);
	if (s->owns_fd && s->fd >= 0)
		close(s->fd);
	sp_tmpfiles_discard(s->tmp);
	free(s->final);
	free(s->name);
	free(s);
}

/*
 * What is buffered, then n bytes at p (none for a flush): in one system
 * call where it can, and in more until all is written.
 */
static int
write_two(struct sp_sink *s, const unsigned char *p, size_t n,
    struct sp_err *e)
{
	struct iovec v[2];
	int i;

	if (s->err != 0)
		return sp_fail_errno(e, s->err, "%s: write error", s->name);
	v[0].iov_base = s->buf;
	v[0].iov_len = s->len;
	v[1].iov_base = (void *)p;
	v[1].iov_len = n;
	s->len = 0;
	for (i = 0; i < 2 && v[i].iov_len == 0; i++)
		;
	while (i < 2) {
		ssize_t w = writev(s->fd, v + i, 2 - i);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			s->err = errno;
			return sp_fail_errno(e, errno, "%s: write error",
			    s->name);
		}
		for (; i < 2 && (size_t)w >= v[i].iov_len; i++)
			w -= (ssize_t)v[i].iov_len;
		if (i < 2) {
			v[i].iov_base = (unsigned char *)v[i].iov_base + w;
			v[i].iov_len -= (size_t)w;
		}
	}
	return 0;
}

int
sp_sink_flush(struct sp_sink *s, struct sp_err *e)
{
	return write_two(s, NULL, 0, e);
}

int
sp_sink_write(struct sp_sink *s, const void *p, size_t n, struct sp_err *e)
{
	if (n == 0)
		return 0;
	s->written += n;
	if (n >= SINK_BYPASS)
		return write_two(s, p, n, e);
	if (n <= SINK_BUF - s->len) {
		memcpy(s->buf + s->len, p, n);
		s->len += n;
		return 0;
	}
	/* here n < SINK_BYPASS: bigger pieces went out above */
	if (sp_sink_flush(s, e) < 0)
		return -1;
	memcpy(s->buf, p, n);
	s->len = n;
	return 0;
}

int
sp_sink_finish(struct sp_sink *s, struct sp_err *e)
{
	if (sp_sink_flush(s, e) < 0)
		return -1;
	if (s->tmp == NULL || s->fd < 0)
		return 0;
	if (close(s->fd) < 0) {
		s->fd = -1;
		return sp_fail_errno(e, errno, "%s: write error", s->name);
	}
	s->fd = -1;
	return 0;
}

int
sp_sink_commit_as(struct sp_sink *s, const char *path, struct sp_err *e)
{
	if (sp_sink_finish(s, e) < 0)
		return -1;
	if (s->tmp == NULL)
		return 0;
	if (rename(s->tmp, path) < 0)
		return sp_fail_errno(e, errno, "%s: cannot rename into place",
		    path);
	/* Only now: a signal before the rename still removes the file. */
	sp_tmpfiles_remove(s->tmp);
	free(s->tmp);
	s->tmp = NULL;
	return 0;
}

int
sp_sink_commit(struct sp_sink *s, struct sp_err *e)
{
	return sp_sink_commit_as(s, s->final != NULL ? s->final : s->name, e);
}

const char *
sp_sink_name(const struct sp_sink *s)
{
	return s->name;
}

int
sp_sink_fd(const struct sp_sink *s)
{
	return s->fd;
}

unsigned long long
sp_sink_written(const struct sp_sink *s)
{
	return s->written;
}
