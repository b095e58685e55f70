/*
 * The stream reader on a big regular file, whose items a thread cuts
 * ahead (sp_ahead.h), against the same bytes read through a pipe, in
 * turn: the same items and values, and where the bytes are cut short,
 * corrupt or not a stream, the same outcome and message; a reader freed
 * half-way ends its thread.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_stream.h"
#include "check.h"

#define BATCHES 40
#define BATCH 8192	/* 40 batches of intervals: about 9 MB */

/* The value of a column of call i of batch k, so that reading can check. */
static int64_t
start_of(size_t k, size_t i)
{
	return (int64_t)((k * BATCH + i) * 10);
}

/* A stream of BATCHES batches of one lane; its bytes in *p, *n. */
static void
make_stream(unsigned char **p, size_t *n)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f));
	struct sp_err e;
	struct sp_sink *s = sp_sink_new_fd(fd, "big", &e);
	struct sp_writer *w = sp_writer_new(s, &e);
	const char *names[] = { "main" };
	uint32_t order[] = { 0 };
	struct sp_region_table t = { 0, 1, names, NULL, order };
	struct sp_row_info row = { .region = 0, .calls = BATCHES * BATCH };
	struct sp_rank_info rk = { 0, 0, 1, &row, 0, 0, 0, 0, NULL, NULL };
	struct sp_run_info run = { 0 };
	static int64_t start[BATCH], end[BATCH], call[BATCH];
	static uint32_t region[BATCH];
	struct sp_batch b = { 0 };
	size_t k, i;
	int ok;

	run.label = "run";
	run.source = "big.h5";
	run.source_format = "hdf5";
	run.layout = "columnar";
	run.schema = 3;
	run.num_ranks = 1;
	run.event_data = 1;
	ok = sp_writer_header(w, SP_STAGE_INTERVALS, "test", &e) == 0 &&
	    sp_writer_run(w, &run, &e) == 0 &&
	    sp_writer_regions(w, &t, &e) == 0 &&
	    sp_writer_rank(w, &rk, &e) == 0;
	b.lane = -1;
	b.n = BATCH;
	b.start = start;
	b.end = end;
	b.region = region;
	b.call = call;
	for (k = 0; ok && k < BATCHES; k++) {
		for (i = 0; i < BATCH; i++) {
			start[i] = start_of(k, i);
			end[i] = start[i] + 5;
			call[i] = (int64_t)(k * BATCH + i);
		}
		b.first = k * BATCH;
		ok = sp_writer_batch(w, &b, &e) == 0;
	}
	ok = ok && sp_writer_run_end(w, 0, BATCHES * BATCH, BATCHES, &e) == 0 &&
	    sp_writer_stream_end(w, 1, &e) == 0 && sp_sink_flush(s, &e) == 0;
	CHECK(ok, "write: %s", e.msg);
	sp_writer_free(w);
	sp_sink_free(s);
	*n = (size_t)lseek(fd, 0, SEEK_END);
	*p = malloc(*n);
	CHECK(pread(fd, *p, *n, 0) == (ssize_t)*n, "read back");
	close(fd);
	fclose(f);
}

/* What reading gave: the last return, its message, a digest of items. */
struct outcome {
	int rc;
	char msg[SP_ERR_MSG_MAX];
	size_t items, calls;
	int values_ok;
};

static void
read_all(int fd, struct outcome *o)
{
	struct sp_err e;
	struct sp_reader *r = sp_reader_new(fd, "in", &e);
	struct sp_item it;
	size_t i;

	memset(o, 0, sizeof *o);
	o->values_ok = 1;
	while ((o->rc = sp_reader_next(r, &it, &e)) == 1) {
		o->items++;
		if (it.kind != SP_ITEM_BATCH)
			continue;
		for (i = 0; i < it.u.batch.n; i++)
			if (it.u.batch.start[i] !=
			    start_of(it.u.batch.first / BATCH, i) ||
			    it.u.batch.call[i] != (int64_t)(it.u.batch.first + i))
				o->values_ok = 0;
		o->calls += it.u.batch.n;
	}
	if (o->rc < 0)
		snprintf(o->msg, sizeof o->msg, "%s", e.msg);
	sp_reader_free(r);
}

struct feed {
	int fd;
	const unsigned char *p;
	size_t n;
};

static void *
feed_pipe(void *arg)
{
	struct feed *f = arg;
	size_t off = 0;

	while (off < f->n) {
		ssize_t k = write(f->fd, f->p + off, f->n - off);

		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(f->fd);
	return NULL;
}

/* The bytes read from a regular file (ahead) and from a pipe (in turn). */
static void
both(const unsigned char *p, size_t n, struct outcome *file,
    struct outcome *pipe_)
{
	FILE *f = tmpfile();
	int fd = dup(fileno(f)), pfd[2];
	struct feed fe;
	pthread_t t;

	CHECK(write(fd, p, n) == (ssize_t)n, "write %zu", n);
	lseek(fd, 0, SEEK_SET);
	read_all(fd, file);
	close(fd);
	fclose(f);
	CHECK(pipe(pfd) == 0, "pipe");
	fe.fd = pfd[1];
	fe.p = p;
	fe.n = n;
	pthread_create(&t, NULL, feed_pipe, &fe);
	read_all(pfd[0], pipe_);
	close(pfd[0]);	/* the feeder gets EPIPE if reading stopped early */
	pthread_join(t, NULL);
}

static void
same(const char *what, const unsigned char *p, size_t n)
{
	struct outcome a, b;

	both(p, n, &a, &b);
	CHECK(a.rc == b.rc && strcmp(a.msg, b.msg) == 0 && a.items == b.items &&
	    a.calls == b.calls && a.values_ok == b.values_ok, "%s: ahead %d "
	    "'%s' %zu items, in turn %d '%s' %zu items", what, a.rc, a.msg,
	    a.items, b.rc, b.msg, b.items);
}

int
main(void)
{
	unsigned char *p, *q;
	size_t n, cut;
	struct outcome a, b;
	FILE *f;
	int fd;

	signal(SIGPIPE, SIG_IGN);
	make_stream(&p, &n);
	CHECK(n > ((size_t)5 << 20), "the stream is %zu bytes", n);
	both(p, n, &a, &b);
	CHECK(a.rc == 0 && a.values_ok && a.calls == BATCHES * BATCH &&
	    a.items == 4 + BATCHES + 2, "ahead: rc %d, %zu calls, %zu items: "
	    "%s", a.rc, a.calls, a.items, a.msg);
	same("whole", p, n);
	/* cut inside a batch, inside an item's head, at an item's end */
	for (cut = n - 1; cut > n - 40; cut -= 7)
		same("cut near the end", p, cut);
	same("cut in the middle", p, n / 2);
	same("cut at 5 MiB", p, (size_t)5 << 20);
	/* a byte that breaks the CBOR of an item half-way */
	q = malloc(n * 2);
	memcpy(q, p, n);
	q[n / 2] = 0xff;
	same("corrupt", q, n);
	/* a second section, then garbage where a header must come */
	memcpy(q, p, n);
	memcpy(q + n, p, n);
	same("two sections", q, 2 * n);
	memset(q + n, 'x', n);
	same("garbage after a section", q, 2 * n);
	/* an HDF5 file given by mistake, big enough for the thread */
	memcpy(q, "\211HDF\r\n\032\n", 8);
	same("HDF5", q, n);
	both(q, n, &a, &b);
	CHECK(a.rc == -1 && strstr(a.msg, "an HDF5 file") != NULL, "HDF5: %s",
	    a.msg);
	free(q);
	/* a reader freed half-way: its thread ends (no hang, no leak) */
	f = tmpfile();
	fd = dup(fileno(f));
	CHECK(write(fd, p, n) == (ssize_t)n, "write");
	lseek(fd, 0, SEEK_SET);
	{
		struct sp_err e;
		struct sp_reader *r = sp_reader_new(fd, "in", &e);
		struct sp_item it;
		int k;

		for (k = 0; k < 6; k++)
			CHECK(sp_reader_next(r, &it, &e) == 1, "item %d", k);
		sp_reader_free(r);
	}
	close(fd);
	fclose(f);
	free(p);
	if (!failed)
		printf("ok\n");
	return failed;
}
