#include "sp_calllog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define REC ((int64_t)sizeof(struct sp_calllog_rec))

/* Records a lane's read buffer holds during a merge from the file. */
#define BUF_MIN 64
#define BUF_MAX 4096

struct lane {
	uint64_t first, n;
};

struct cursor {
	struct sp_calllog_rec *buf;	/* the file case owns it */
	size_t nbuf, pos, cap;
	uint64_t next, end;		/* log indices still to read */
	size_t lane;
};

struct sp_calllog {
	size_t mem_limit;
	const uint32_t *order;

	/* Records [flushed, flushed + nmem) are in mem, earlier ones in fd. */
	struct sp_calllog_rec *mem;
	size_t nmem, mem_cap;
	uint64_t flushed, count;
	int fd;
	const char *dir;	/* fd's directory ($TMPDIR), for messages */

	struct lane *lanes;
	size_t nlanes, lanes_cap;
	uint64_t lane_first;
};

struct sp_calllog *
sp_calllog_new(size_t mem_limit, const uint32_t *order)
{
	struct sp_calllog *l = calloc(1, sizeof *l);

	if (l == NULL)
		return NULL;
	l->mem_limit = mem_limit ? mem_limit : SP_CALLLOG_MEM_DEFAULT;
	l->order = order;
	l->fd = -1;
	return l;
}

void
sp_calllog_free(struct sp_calllog *l)
{
	if (l == NULL)
		return;
	if (l->fd != -1)
		close(l->fd);
	free(l->mem);
	free(l->lanes);
	free(l);
}

uint64_t
sp_calllog_count(const struct sp_calllog *l)
{
	return l->count;
}

int
sp_calllog_spilled(const struct sp_calllog *l)
{
	return l->fd != -1;
}

static int
pwrite_all(const struct sp_calllog *l, const void *p, size_t n, int64_t off,
    struct sp_err *e)
{
	int fd = l->fd;
	const char *s = p;
	ssize_t k;

	while (n > 0) {
		k = pwrite(fd, s, n, (off_t)off);
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1)
			return sp_fail_errno(e, errno, "temporary call log in "
			    "%s: write error", l->dir);
		s += k;
		n -= (size_t)k;
		off += k;
	}
	return 0;
}

static int
pread_all(const struct sp_calllog *l, void *p, size_t n, int64_t off,
    struct sp_err *e)
{
	int fd = l->fd;
	char *s = p;
	ssize_t k;

	while (n > 0) {
		k = pread(fd, s, n, (off_t)off);
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1)
			return sp_fail_errno(e, errno, "temporary call log in "
			    "%s: read error", l->dir);
		if (k == 0)
			return sp_fail(e, SP_EIO, "temporary call log in %s: "
			    "unexpected end of file", l->dir);
		s += k;
		n -= (size_t)k;
		off += k;
	}
	return 0;
}

/* Move the records held in memory to the file, creating it first. */
static int
spill(struct sp_calllog *l, struct sp_err *e)
{
	if (l->fd == -1) {
		const char *dir = getenv("TMPDIR");
		char path[4096];

		if (dir == NULL || *dir == '\0')
			dir = "/tmp";
		if ((size_t)snprintf(path, sizeof path, "%s/sp-calllog.XXXXXX",
		    dir) >= sizeof path)
			return sp_fail(e, SP_EIO, "temporary call log: "
			    "TMPDIR too long");
		if ((l->fd = mkstemp(path)) == -1)
			return sp_fail_errno(e, errno, "temporary call log "
			    "in %s", dir);
		/* Unlinked at once: nothing is left, whatever ends us. */
		unlink(path);
		l->dir = dir;
	}
	if (pwrite_all(l, l->mem, l->nmem * sizeof *l->mem,
	    (int64_t)l->flushed * REC, e) == -1)
		return -1;
	l->flushed += l->nmem;
	l->nmem = 0;
	return 0;
}

int64_t
sp_calllog_append(struct sp_calllog *l, const struct sp_calllog_rec *r,
    struct sp_err *e)
{
	if (l->nmem == l->mem_cap) {
		size_t max = l->mem_limit / sizeof *l->mem;
		size_t cap = l->mem_cap ? l->mem_cap * 2 : 256;
		struct sp_calllog_rec *m;

		if (max < 1)
			max = 1;
		if (cap > max)
			cap = max;
		if (l->nmem >= cap) {
			if (spill(l, e) == -1)
				return -1;
		} else {
			if ((m = realloc(l->mem, cap * sizeof *m)) == NULL)
				return sp_fail(e, SP_ENOMEM, "out of memory "
				    "logging calls");
			l->mem = m;
			l->mem_cap = cap;
		}
	}
	l->mem[l->nmem] = *r;
	l->mem[l->nmem++].self = 0;
	return (int64_t)l->count++;
}

int
sp_calllog_set_self(struct sp_calllog *l, int64_t i, int64_t self,
    struct sp_err *e)
{
	if ((uint64_t)i >= l->flushed) {
		l->mem[(uint64_t)i - l->flushed].self = self;
		return 0;
	}
	return pwrite_all(l, &self, sizeof self,
	    i * REC + (int64_t)offsetof(struct sp_calllog_rec, self), e);
}

int
sp_calllog_end_lane(struct sp_calllog *l, struct sp_err *e)
{
	struct lane *v;
	size_t cap;

	if (l->count == l->lane_first)
		return 0;
	if (l->nlanes == l->lanes_cap) {
		cap = l->lanes_cap ? l->lanes_cap * 2 : 8;
		if ((v = realloc(l->lanes, cap * sizeof *v)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory logging "
			    "calls");
		l->lanes = v;
		l->lanes_cap = cap;
	}
	l->lanes[l->nlanes].first = l->lane_first;
	l->lanes[l->nlanes++].n = l->count - l->lane_first;
	l->lane_first = l->count;
	return 0;
}

/* a before b in the reference's order? Lane order breaks full ties. */
static int
before(const struct sp_calllog *l, const struct cursor *ca,
    const struct cursor *cb)
{
	const struct sp_calllog_rec *a = &ca->buf[ca->pos];
	const struct sp_calllog_rec *b = &cb->buf[cb->pos];
	uint32_t oa, ob;

	if (a->start != b->start)
		return a->start < b->start;
	if (a->end != b->end)
		return a->end > b->end;
	oa = l->order ? l->order[a->region] : a->region;
	ob = l->order ? l->order[b->region] : b->region;
	if (oa != ob)
		return oa < ob;
	if (a->call != b->call)
		return a->call < b->call;
	return ca->lane < cb->lane;
}

static void
sift_down(const struct sp_calllog *l, struct cursor **h, size_t n, size_t i)
{
	for (;;) {
		size_t c = 2 * i + 1, m = i;
		struct cursor *t;

		if (c < n && before(l, h[c], h[m]))
			m = c;
		if (c + 1 < n && before(l, h[c + 1], h[m]))
			m = c + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* Make the cursor's next record current; 0 at the end of its lane. */
static int
refill(struct sp_calllog *l, struct cursor *c, struct sp_err *e)
{
	size_t k;

	if (++c->pos < c->nbuf)
		return 1;
	if (c->next == c->end)
		return 0;
	k = c->end - c->next < c->cap ? (size_t)(c->end - c->next) : c->cap;
	if (pread_all(l, c->buf, k * sizeof *c->buf,
	    (int64_t)c->next * REC, e) == -1)
		return -1;
	c->next += k;
	c->nbuf = k;
	c->pos = 0;
	return 1;
}

int
sp_calllog_replay(struct sp_calllog *l,
    int (*fn)(void *ctx, const struct sp_calllog_rec *r, struct sp_err *e),
    void *ctx, struct sp_err *e)
{
	struct cursor *cur = NULL, **heap = NULL;
	size_t i, n = 0, per;
	int rc = -1, k;

	if (sp_calllog_end_lane(l, e) == -1)
		return -1;
	if (l->fd != -1) {
		if (spill(l, e) == -1)
			return -1;
		free(l->mem);
		l->mem = NULL;
		l->mem_cap = 0;
	}
	if (l->nlanes == 0)
		return 0;
	cur = calloc(l->nlanes, sizeof *cur);
	heap = calloc(l->nlanes, sizeof *heap);
	if (cur == NULL || heap == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory merging lanes");
		goto out;
	}
	/* Share about mem_limit among the lanes' read buffers. */
	per = l->mem_limit / sizeof *cur->buf / l->nlanes;
	per = per < BUF_MIN ? BUF_MIN : per > BUF_MAX ? BUF_MAX : per;
	for (i = 0; i < l->nlanes; i++) {
		struct cursor *c = &cur[i];

		c->lane = i;
		c->next = l->lanes[i].first;
		c->end = l->lanes[i].first + l->lanes[i].n;
		if (l->fd == -1) {
			/* All in memory: the cursor walks the lane in place. */
			c->buf = l->mem + c->next;
			c->nbuf = (size_t)l->lanes[i].n;
			c->next = c->end;
			c->pos = 0;
		} else {
			if ((c->buf = malloc(per * sizeof *c->buf)) == NULL) {
				sp_fail(e, SP_ENOMEM, "out of memory merging "
				    "lanes");
				goto out;
			}
			c->cap = c->nbuf = per;
			c->pos = per - 1;
			if (refill(l, c, e) == -1)
				goto out;
		}
		heap[n++] = c;
	}
	for (i = n / 2; i-- > 0;)
		sift_down(l, heap, n, i);
	while (n > 0) {
		struct cursor *c = heap[0];

		if (fn(ctx, &c->buf[c->pos], e) == -1)
			goto out;
		if ((k = refill(l, c, e)) == -1)
			goto out;
		if (k == 0)
			heap[0] = heap[--n];
		sift_down(l, heap, n, 0);
	}
	rc = 0;
out:
	if (cur != NULL && l->fd != -1)
		for (i = 0; i < l->nlanes; i++)
			free(cur[i].buf);
	free(cur);
	free(heap);
	return rc;
}
