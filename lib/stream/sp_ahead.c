#include "sp_ahead.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"
#include "sp_thread.h"

/*
 * The first size of each buffer: an item of a default batch and more, in
 * one huge page (sp_huge_buffer()), which faults in at once.
 */
#define AHEAD_BUF SP_HUGE_PAGE

/* A buffer and a parse, the thread's or the caller's by turns. */
struct slot {
	uint8_t *buf;
	size_t cap;
	struct sp_cbor *doc;
};

struct sp_ahead {
	struct sp_raw raw;	/* the thread's, over the slot it fills */
	struct slot spare;	/* the other: the caller's item, or free */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* any of the fields below changed */
	/* under mu */
	int full;		/* an outcome waits for the caller */
	int final;		/* it is the last: the end, or a failure */
	int quit;
	enum sp_raw_got got;
	struct sp_raw_at at;
	struct sp_err err;
};

/*
 * The next item goes into the spare slot, with what the thread read
 * beyond the one it cut last: called once the caller has taken that one
 * (and so given back the spare).  -1 without memory.
 */
static int
turn(struct sp_ahead *a, struct sp_err *e)
{
	struct sp_raw *w = &a->raw;
	size_t left = w->end - w->start;
	struct slot mine = { w->buf, w->cap, w->doc };

	if (a->spare.cap < left) {
		uint8_t *nb = realloc(a->spare.buf, left);

		if (nb == NULL)
			return sp_fail(e, SP_ENOMEM, "%s: out of memory",
			    w->name);
		a->spare.buf = nb;
		a->spare.cap = left;
	}
	memcpy(a->spare.buf, w->buf + w->start, left);
	w->buf = a->spare.buf;
	w->cap = a->spare.cap;
	w->doc = a->spare.doc;
	w->start = 0;
	w->end = left;
	a->spare = mine;
	return 0;
}

/* Hand the caller an outcome, once it has taken the one before: 0, or
 * -1 when told to quit. */
static int
publish(struct sp_ahead *a, enum sp_raw_got got, const struct sp_raw_at *at,
    const struct sp_err *e)
{
	int quit;

	pthread_mutex_lock(&a->mu);
	while (a->full && !a->quit)
		pthread_cond_wait(&a->cv, &a->mu);
	if (!a->quit) {
		a->got = got;
		a->at = *at;
		if (got == SP_RAW_ERROR)
			a->err = *e;
		a->final = got != SP_RAW_ITEM;
		a->full = 1;
		pthread_cond_broadcast(&a->cv);
		/* the item just handed over is the caller's from now on */
		while (a->full && !a->final && !a->quit)
			pthread_cond_wait(&a->cv, &a->mu);
	}
	quit = a->quit;
	pthread_mutex_unlock(&a->mu);
	return quit ? -1 : 0;
}

static void *
run(void *arg)
{
	struct sp_ahead *a = arg;
	struct sp_raw_at at;
	struct sp_err e;
	enum sp_raw_got got;
	int head = 1;

	for (;;) {
		sp_err_clear(&e);
		got = sp_raw_next(&a->raw, head, &at, &e);
		head = 0;
		if (publish(a, got, &at, &e) < 0 || got != SP_RAW_ITEM)
			break;
		if (turn(a, &e) < 0) {
			memset(&at, 0, sizeof at);
			publish(a, SP_RAW_ERROR, &at, &e);
			break;
		}
	}
	return NULL;
}

static void
drop(struct sp_ahead *a)
{
	sp_raw_fini(&a->raw);
	free(a->spare.buf);
	sp_cbor_free(a->spare.doc);
	free(a);
}

struct sp_ahead *
sp_ahead_new(int fd, const char *name, struct sp_err *e)
{
	struct sp_ahead *a = calloc(1, sizeof *a);

	if (a == NULL || sp_raw_init(&a->raw, fd, name, AHEAD_BUF) < 0 ||
	    (a->spare.buf = sp_huge_buffer(AHEAD_BUF)) == NULL ||
	    (a->spare.doc = sp_cbor_new()) == NULL) {
		if (a != NULL)
			drop(a);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	a->spare.cap = AHEAD_BUF;
	if (sp_thread_start(&a->thread, &a->mu, &a->cv, run, a, "reading",
	    e) < 0) {
		drop(a);
		return NULL;
	}
	return a;
}

void
sp_ahead_free(struct sp_ahead *a)
{
	if (a == NULL)
		return;
	sp_thread_end(a->thread, &a->mu, &a->cv, &a->quit);
	drop(a);
}

enum sp_raw_got
sp_ahead_next(struct sp_ahead *a, struct sp_raw_at *at, struct sp_err *e)
{
	enum sp_raw_got got;

	pthread_mutex_lock(&a->mu);
	while (!a->full)
		pthread_cond_wait(&a->cv, &a->mu);
	got = a->got;
	*at = a->at;
	if (got == SP_RAW_ERROR && e != NULL)
		*e = a->err;
	if (!a->final) {
		a->full = 0;	/* taken: the item before is given back */
		pthread_cond_broadcast(&a->cv);
	}
	pthread_mutex_unlock(&a->mu);
	return got;
}
