#include "sp_gzblocks.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 16

/*
 * A block goes FREE (filling) -> QUEUED -> BUSY (a worker has it) ->
 * DONE -> written and FREE again.  The blocks form a ring: head is the
 * oldest not yet written, fill the one filling, pending how many lie
 * between them.  The mutex guards every state, head and pending; a
 * block's bytes belong to the caller's thread while FREE or DONE and to
 * one worker while BUSY.
 */
enum state { FREE, QUEUED, BUSY, DONE };

struct block {
	unsigned char *in, *out;
	size_t n, outn;
	enum state state;
};

struct worker {
	struct sp_gzblocks *b;
	struct libdeflate_compressor *c;
	pthread_t tid;
};

struct sp_gzblocks {
	sp_write_fn *out;
	void *ctx;
	char *name;
	size_t size, bound;
	struct block *blocks;
	size_t nblocks, head, fill, pending;
	int any;		/* a block was ever compressed */
	struct libdeflate_compressor *own;	/* also worker 0's */
	struct worker *workers;
	int nworkers, locks, quit;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
};

/* The oldest queued block, so that members come out in order soonest. */
static struct block *
next_queued(struct sp_gzblocks *b)
{
	size_t i, k = b->head;

	for (i = 0; i < b->pending; i++, k = (k + 1) % b->nblocks)
		if (b->blocks[k].state == QUEUED)
			return &b->blocks[k];
	return NULL;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct sp_gzblocks *b = w->b;
	struct block *k = NULL;

	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->quit && (k = next_queued(b)) == NULL)
			pthread_cond_wait(&b->work, &b->mu);
		if (b->quit)
			break;
		k->state = BUSY;
		pthread_mutex_unlock(&b->mu);
		k->outn = libdeflate_gzip_compress(w->c, k->in, k->n, k->out,
		    b->bound);
		pthread_mutex_lock(&b->mu);
		k->state = DONE;
		pthread_cond_broadcast(&b->done);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* Start up to n workers; with none started the caller compresses. */
static int
start(struct sp_gzblocks *b, int level, int n)
{
	if ((b->workers = calloc((size_t)n, sizeof *b->workers)) == NULL)
		return -1;
	if (pthread_mutex_init(&b->mu, NULL) != 0)
		return -1;
	if (pthread_cond_init(&b->work, NULL) != 0) {
		pthread_mutex_destroy(&b->mu);
		return -1;
	}
	if (pthread_cond_init(&b->done, NULL) != 0) {
		pthread_cond_destroy(&b->work);
		pthread_mutex_destroy(&b->mu);
		return -1;
	}
	b->locks = 1;
	for (; b->nworkers < n; b->nworkers++) {
		struct worker *w = &b->workers[b->nworkers];

		w->b = b;
		w->c = b->nworkers == 0 ? b->own :
		    libdeflate_alloc_compressor(level);
		if (w->c == NULL)
			return -1;
		if (pthread_create(&w->tid, NULL, work, w) != 0) {
			if (w->c != b->own)
				libdeflate_free_compressor(w->c);
			break;	/* fewer threads, or none: still correct */
		}
	}
	return 0;
}

struct sp_gzblocks *
sp_gzblocks_new(int level, int threads, size_t block, sp_write_fn *out,
    void *ctx, const char *name, struct sp_err *e)
{
	struct sp_gzblocks *b = calloc(1, sizeof *b);
	size_t i;

	if (b == NULL || (b->name = strdup(name)) == NULL)
		goto nomem;
	b->out = out;
	b->ctx = ctx;
	b->size = block;
	threads = threads < 0 ? 0 : threads > MAX_THREADS ? MAX_THREADS :
	    threads;
	b->nblocks = threads > 0 ? 2 * (size_t)threads + 1 : 1;
	if ((b->own = libdeflate_alloc_compressor(level)) == NULL)
		goto nomem;
	b->bound = libdeflate_gzip_compress_bound(b->own, block);
	if ((b->blocks = calloc(b->nblocks, sizeof *b->blocks)) == NULL)
		goto nomem;
	for (i = 0; i < b->nblocks; i++)
		if ((b->blocks[i].in = malloc(block)) == NULL ||
		    (b->blocks[i].out = malloc(b->bound)) == NULL)
			goto nomem;
	if (threads > 0 && start(b, level, threads) < 0)
		goto nomem;
	return b;
nomem:
	sp_gzblocks_free(b);
	sp_fail(e, SP_ENOMEM, "out of memory");
	return NULL;
}

void
sp_gzblocks_free(struct sp_gzblocks *b)
{
	int i;
	size_t k;

	if (b == NULL)
		return;
	if (b->nworkers > 0) {
		pthread_mutex_lock(&b->mu);
		b->quit = 1;
		pthread_cond_broadcast(&b->work);
		pthread_mutex_unlock(&b->mu);
		for (i = 0; i < b->nworkers; i++)
			pthread_join(b->workers[i].tid, NULL);
	}
	for (i = 1; i < b->nworkers; i++)
		libdeflate_free_compressor(b->workers[i].c);
	if (b->locks) {
		pthread_cond_destroy(&b->done);
		pthread_cond_destroy(&b->work);
		pthread_mutex_destroy(&b->mu);
	}
	libdeflate_free_compressor(b->own);
	for (k = 0; b->blocks != NULL && k < b->nblocks; k++) {
		free(b->blocks[k].in);
		free(b->blocks[k].out);
	}
	free(b->blocks);
	free(b->workers);
	free(b->name);
	free(b);
}

static int
emit(struct sp_gzblocks *b, struct block *k, struct sp_err *e)
{
	/* within the bound libdeflate cannot fail; say so if it ever does */
	if (k->outn == 0)
		return sp_fail(e, SP_EIO, "%s: gzip compression failed",
		    b->name);
	return b->out(b->ctx, k->out, k->outn, e);
}

/* Wait for the oldest block, hand on its member, free the block. */
static int
put_head(struct sp_gzblocks *b, struct sp_err *e)
{
	struct block *k = &b->blocks[b->head];

	pthread_mutex_lock(&b->mu);
	while (k->state != DONE)
		pthread_cond_wait(&b->done, &b->mu);
	pthread_mutex_unlock(&b->mu);
	if (emit(b, k, e) < 0)
		return -1;
	pthread_mutex_lock(&b->mu);
	k->state = FREE;
	k->n = 0;
	b->head = (b->head + 1) % b->nblocks;
	b->pending--;
	pthread_mutex_unlock(&b->mu);
	return 0;
}

/* The filling block is complete (or the last): compress it, or queue it
 * and make sure the next one to fill is free. */
static int
submit(struct sp_gzblocks *b, struct sp_err *e)
{
	struct block *k = &b->blocks[b->fill];

	b->any = 1;
	if (b->nworkers == 0) {
		k->outn = libdeflate_gzip_compress(b->own, k->in, k->n,
		    k->out, b->bound);
		k->n = 0;
		return emit(b, k, e);
	}
	pthread_mutex_lock(&b->mu);
	k->state = QUEUED;
	b->pending++;
	b->fill = (b->fill + 1) % b->nblocks;
	pthread_cond_signal(&b->work);
	pthread_mutex_unlock(&b->mu);
	return b->pending == b->nblocks ? put_head(b, e) : 0;
}

int
sp_gzblocks_write(struct sp_gzblocks *b, const void *p, size_t n,
    struct sp_err *e)
{
	const unsigned char *s = p;

	while (n > 0) {
		struct block *k = &b->blocks[b->fill];
		size_t m = b->size - k->n < n ? b->size - k->n : n;

		memcpy(k->in + k->n, s, m);
		k->n += m;
		s += m;
		n -= m;
		if (k->n == b->size && submit(b, e) < 0)
			return -1;
	}
	return 0;
}

int
sp_gzblocks_finish(struct sp_gzblocks *b, struct sp_err *e)
{
	if ((b->blocks[b->fill].n > 0 || !b->any) && submit(b, e) < 0)
		return -1;
	while (b->pending > 0)
		if (put_head(b, e) < 0)
			return -1;
	return 0;
}
