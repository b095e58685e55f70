#include "sp_wbehind.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "sp_thread.h"

struct sp_wbehind {
	int fd;
	size_t size;
	unsigned char *buf[2];
	int cur;		/* the buffer the caller fills */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* busy, err or quit changed */
	/* under mu */
	size_t handed;		/* bytes of the other buffer to write */
	int busy;		/* the thread has the other buffer */
	int err;		/* errno of the first failure, or 0 */
	int quit;
};

static int
write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);

		if (k < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

static void *
run(void *arg)
{
	struct sp_wbehind *w = arg;
	const unsigned char *p;
	size_t n;
	int err;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->busy && !w->quit)
			pthread_cond_wait(&w->cv, &w->mu);
		if (!w->busy)
			break;
		p = w->buf[1 - w->cur];
		n = w->handed;
		err = w->err;
		pthread_mutex_unlock(&w->mu);
		/* after a failure, nothing more: the file is lost anyway */
		if (err == 0)
			err = write_all(w->fd, p, n);
		pthread_mutex_lock(&w->mu);
		if (w->err == 0)
			w->err = err;
		w->busy = 0;
		pthread_cond_broadcast(&w->cv);
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

static void
drop(struct sp_wbehind *w)
{
	free(w->buf[0]);
	free(w->buf[1]);
	free(w);
}

struct sp_wbehind *
sp_wbehind_new(int fd, size_t size, struct sp_err *e)
{
	struct sp_wbehind *w = calloc(1, sizeof *w);

	if (w == NULL || (w->buf[0] = malloc(size)) == NULL ||
	    (w->buf[1] = malloc(size)) == NULL) {
		if (w != NULL)
			drop(w);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	w->fd = fd;
	w->size = size;
	if (sp_thread_start(&w->thread, &w->mu, &w->cv, run, w, "writing",
	    e) < 0) {
		drop(w);
		return NULL;
	}
	return w;
}

void
sp_wbehind_free(struct sp_wbehind *w)
{
	if (w == NULL)
		return;
	sp_thread_end(w->thread, &w->mu, &w->cv, &w->quit);
	drop(w);
}

unsigned char *
sp_wbehind_buf(struct sp_wbehind *w)
{
	return w->buf[w->cur];
}

/* Wait for the thread to be done; with mu held. */
static int
idle(struct sp_wbehind *w)
{
	while (w->busy)
		pthread_cond_wait(&w->cv, &w->mu);
	return w->err;
}

int
sp_wbehind_put(struct sp_wbehind *w, size_t n)
{
	int err;

	pthread_mutex_lock(&w->mu);
	if ((err = idle(w)) == 0 && n > 0) {
		w->handed = n;
		w->cur = 1 - w->cur;
		w->busy = 1;
		pthread_cond_broadcast(&w->cv);
	}
	pthread_mutex_unlock(&w->mu);
	return err;
}

int
sp_wbehind_wait(struct sp_wbehind *w)
{
	int err;

	pthread_mutex_lock(&w->mu);
	err = idle(w);
	pthread_mutex_unlock(&w->mu);
	return err;
}
