#include "sp_raw.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_huge.h"
#include "sp_stream.h"

/* A read asks for what the item lacks and this much of what follows. */
#define READ_AHEAD ((size_t)64 << 10)
/* Where an item had best start in the buffer: its columns are aligned. */
#define ITEM_ALIGN 8

int
sp_raw_init(struct sp_raw *w, int fd, const char *name, size_t cap)
{
	memset(w, 0, sizeof *w);
	w->fd = fd;
	w->name = name;
	w->cap = cap;
	w->buf = sp_huge_buffer(cap);
	w->doc = sp_cbor_new();
	if (w->buf == NULL || w->doc == NULL) {
		sp_raw_fini(w);
		return -1;
	}
	return 0;
}

void
sp_raw_fini(struct sp_raw *w)
{
	free(w->buf);
	sp_cbor_free(w->doc);
	w->buf = NULL;
	w->doc = NULL;
}

/*
 * Make the buffer hold at least `need` bytes of the current item, which
 * starts at w->start.  The buffer grows (doubling) only as bytes arrive,
 * never to the size an item merely declares: a stream that claims a
 * string of 200 MiB and then ends costs no more memory than the bytes it
 * really holds.
 *
 * What is read of the item stays where it is while the item fits behind
 * it, and reads ask for no more than the item is known to lack and a
 * little more (READ_AHEAD), so that little of the next item comes with
 * it.  An item that may not fit, being smaller than the last one, moves
 * to the front before more of it is read: so what moves is that little,
 * not most of an item, which a stream of items each about the size of
 * the buffer would move every time.  So does an item that starts where
 * its columns would not be aligned, when little of it is read: then the
 * stream reader can use them where they are (sp-stream(5)).
 */
static int
fill(struct sp_raw *w, size_t need, struct sp_err *e)
{
	if (w->start > 0 && (w->start == w->end || w->cap - w->start < need ||
	    w->cap - w->start < w->last_item ||
	    (w->start % ITEM_ALIGN != 0 && w->end - w->start <= READ_AHEAD))) {
		memmove(w->buf, w->buf + w->start, w->end - w->start);
		w->end -= w->start;
		w->start = 0;
	}
	while (w->end - w->start < need && !w->eof) {
		size_t want, lack = need - (w->end - w->start);
		ssize_t n;

		if (w->end == w->cap) {
			/* here start is 0: else the item fitted behind it */
			size_t cap = w->cap * 2;
			uint8_t *nb;

			if ((nb = realloc(w->buf, cap)) == NULL)
				return sp_fail(e, SP_ENOMEM,
				    "%s: out of memory", w->name);
			w->buf = nb;
			w->cap = cap;
		}
		want = w->cap - w->end;
		if (want > READ_AHEAD && want - READ_AHEAD > lack)
			want = lack + READ_AHEAD;
		n = read(w->fd, w->buf + w->end, want);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return sp_fail_errno(e, errno, "%s: read error",
			    w->name);
		}
		if (n == 0)
			w->eof = 1;
		w->end += (size_t)n;
	}
	return 0;
}

/* Where the bytes not yet cut begin. */
static void
set_at(const struct sp_raw *w, struct sp_raw_at *at)
{
	at->p = w->buf + w->start;
	at->avail = w->end - w->start;
}

/* Parse the item at w->start, reading what it lacks: 1, or -1. */
static int
parse(struct sp_raw *w, size_t *used, struct sp_err *e)
{
	char why[SP_ERR_MSG_MAX];
	size_t need = 0;
	int rc;

	while ((rc = sp_cbor_parse(w->doc, w->buf + w->start,
	    w->end - w->start, SP_ITEM_MAX, used, &need, e)) == 0) {
		if (w->eof)
			return sp_fail(e, SP_EDATA, "%s: truncated sp stream: "
			    "the last item is cut off", w->name);
		if (fill(w, need, e) < 0)
			return -1;
	}
	if (rc > 0)
		return 1;
	snprintf(why, sizeof why, "%s", e != NULL ? e->msg : "");
	if (e != NULL && e->status == SP_ENOMEM)
		return sp_fail(e, SP_ENOMEM, "%s: %s", w->name, why);
	return sp_fail(e, SP_EDATA, "%s: bad sp stream: %s", w->name, why);
}

enum sp_raw_got
sp_raw_next(struct sp_raw *w, int head, struct sp_raw_at *at,
    struct sp_err *e)
{
	size_t used = 0;
	int rc;

	memset(at, 0, sizeof *at);
	rc = w->start == w->end && !w->eof ? fill(w, 1, e) : 0;
	set_at(w, at);
	if (rc < 0)
		return SP_RAW_ERROR;
	if (w->start == w->end)
		return SP_RAW_END;
	if (head && w->buf[w->start] != 0xd9)
		return SP_RAW_NOT_HEAD;
	rc = parse(w, &used, e);
	set_at(w, at);
	if (rc < 0)
		return SP_RAW_ERROR;
	at->len = used;
	at->doc = w->doc;
	w->start += used;
	w->last_item = used;
	return SP_RAW_ITEM;
}
