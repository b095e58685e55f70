#include "sp_trace_spool.h"

#include <stdlib.h>
#include <string.h>

#include "sp_pb.h"
#include "sp_spill.h"

/* A record's first byte: its kind, and for a call what it carries. */
enum {
	REC_LANE = 1,
	REC_CALL = 2,
	REC_CLOSE = 3,
	HAS_CALL_ID = 1 << 2,
	HAS_GPU = 1 << 3,
	HAS_AWAIT = 1 << 4,
	HAS_META = 1 << 5,
};

/* A record but its strings: a kind byte and at most eight varints. */
#define REC_ROOM (1 + 8 * SP_PB_VARINT_MAX)
/* What the replay reads from the file at a time. */
#define READ_BLOCK ((size_t)256 << 10)

struct sp_trace_spool {
	char *tmpdir;
	size_t limit;
	unsigned char *mem;	/* the records, while they fit */
	size_t len, cap;
	struct sp_spill_file *file;	/* the rest, once they do not */
	uint64_t bytes, spilled;
	int64_t last;		/* the lane's previous time: a start or an end */
	/* the replay's reading buffer */
	unsigned char *rbuf;
	size_t rcap;
};

struct sp_trace_spool *
sp_trace_spool_new(const char *tmpdir, size_t mem, struct sp_err *e)
{
	struct sp_trace_spool *s = calloc(1, sizeof *s);

	if (s == NULL || (tmpdir != NULL &&
	    (s->tmpdir = strdup(tmpdir)) == NULL)) {
		free(s);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	s->limit = mem;
	return s;
}

void
sp_trace_spool_free(struct sp_trace_spool *s)
{
	if (s == NULL)
		return;
	sp_spill_file_free(s->file);
	free(s->mem);
	free(s->rbuf);
	free(s->tmpdir);
	free(s);
}

uint64_t
sp_trace_spool_bytes(const struct sp_trace_spool *s)
{
	return s->bytes;
}

uint64_t
sp_trace_spool_spilled(const struct sp_trace_spool *s)
{
	return s->spilled;
}

/* From now on the records go to the file: first those in memory. */
static int
spill(struct sp_trace_spool *s, struct sp_err *e)
{
	uint64_t off;

	if ((s->file = sp_spill_file_new(s->tmpdir, e)) == NULL)
		return -1;
	if (s->len > 0 && sp_spill_file_append(s->file, s->mem, s->len, &off,
	    e) < 0)
		return -1;
	s->spilled += s->len;
	s->len = 0;
	return 0;
}

/* Append the n bytes of a record, a (may be NULL) and b after them. */
static int
put(struct sp_trace_spool *s, const unsigned char *rec, size_t n,
    const void *a, size_t na, struct sp_err *e)
{
	size_t need = n + na, cap;
	unsigned char *m;
	uint64_t off;

	s->bytes += need;
	if (s->file == NULL && s->len + need > s->limit && spill(s, e) < 0)
		return -1;
	if (s->file != NULL) {
		s->spilled += need;
		return sp_spill_file_append(s->file, rec, n, &off, e) < 0 ||
		    (na > 0 &&
		    sp_spill_file_append(s->file, a, na, &off, e) < 0) ?
		    -1 : 0;
	}
	if (s->len + need > s->cap) {
		for (cap = s->cap ? s->cap : 4096; cap < s->len + need;)
			cap *= 2;
		if ((m = realloc(s->mem, cap)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		s->mem = m;
		s->cap = cap;
	}
	memcpy(s->mem + s->len, rec, n);
	if (na > 0)
		memcpy(s->mem + s->len + n, a, na);
	s->len += need;
	return 0;
}

static uint64_t
zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static int64_t
unzigzag(uint64_t v)
{
	return (int64_t)(v >> 1) ^ -(int64_t)(v & 1);
}

int
sp_trace_spool_lane(struct sp_trace_spool *s, int64_t lane, uint32_t k,
    const char *name, struct sp_err *e)
{
	unsigned char rec[REC_ROOM], *p = rec;
	size_t n = strlen(name);

	*p++ = REC_LANE;
	p = sp_pb_varint(p, zigzag(lane));
	p = sp_pb_varint(p, k);
	p = sp_pb_varint(p, n);
	s->last = 0;
	return put(s, rec, (size_t)(p - rec), name, n, e);
}

int
sp_trace_spool_call(struct sp_trace_spool *s,
    const struct sp_trace_spool_call *c,
    struct sp_err *e)
{
	const struct sp_trace_args *a = &c->args;
	unsigned char rec[REC_ROOM], *p = rec + 1;

	rec[0] = REC_CALL | (a->has & SP_TRACE_CALL_ID ? HAS_CALL_ID : 0) |
	    (a->has & SP_TRACE_GPU ? HAS_GPU : 0) |
	    (a->has & SP_TRACE_AWAIT ? HAS_AWAIT : 0) |
	    (a->meta != NULL ? HAS_META : 0);
	p = sp_pb_varint(p, c->region);
	p = sp_pb_varint(p, zigzag((int64_t)((uint64_t)c->start -
	    (uint64_t)s->last)));
	p = sp_pb_varint(p, (uint64_t)c->end - (uint64_t)c->start);
	if (a->has & SP_TRACE_CALL_ID)
		p = sp_pb_varint(p, zigzag(a->call_id));
	if (a->has & SP_TRACE_GPU)
		p = sp_pb_varint(p, zigzag(a->gpu_ns));
	if (a->has & SP_TRACE_AWAIT)
		p = sp_pb_varint(p, zigzag(a->await_ns));
	if (a->meta != NULL)
		p = sp_pb_varint(p, a->meta_len);
	s->last = c->start;
	return put(s, rec, (size_t)(p - rec), a->meta,
	    a->meta != NULL ? a->meta_len : 0, e);
}

int
sp_trace_spool_close(struct sp_trace_spool *s, int64_t end, struct sp_err *e)
{
	unsigned char rec[REC_ROOM], *p = rec;

	*p++ = REC_CLOSE;
	p = sp_pb_varint(p, zigzag((int64_t)((uint64_t)end -
	    (uint64_t)s->last)));
	s->last = end;
	return put(s, rec, (size_t)(p - rec), NULL, 0, e);
}

/* --- the replay --- */

struct cursor {
	const unsigned char *p, *end;
};

/* 0, or -1 when the bytes end first (or the varint is overlong). */
static int
get(struct cursor *c, uint64_t *v)
{
	unsigned shift = 0;

	*v = 0;
	while (c->p < c->end && shift < 64) {
		unsigned char b = *c->p++;

		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return 0;
		shift += 7;
	}
	return -1;
}

struct replay {
	const struct sp_trace_spool_ops *ops;
	void *ctx;
	int64_t last;
	char *name;		/* a lane's name, NUL-terminated */
	size_t name_cap;
};

static int
lane_record(struct replay *r, struct cursor *c, struct sp_err *e)
{
	uint64_t lane, k, n;
	char *q;

	if (get(c, &lane) < 0 || get(c, &k) < 0 || get(c, &n) < 0 ||
	    (uint64_t)(c->end - c->p) < n)
		return 1;
	if (n + 1 > r->name_cap) {
		if ((q = realloc(r->name, n + 1)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		r->name = q;
		r->name_cap = n + 1;
	}
	memcpy(r->name, c->p, n);
	r->name[n] = '\0';
	c->p += n;
	r->last = 0;
	return r->ops->lane(r->ctx, unzigzag(lane), (uint32_t)k, r->name, e);
}

static int
call_record(struct replay *r, unsigned kind, struct cursor *c,
    struct sp_err *e)
{
	struct sp_trace_spool_call k;
	uint64_t region, dstart, dur, v;

	memset(&k, 0, sizeof k);
	k.args.line = -1;
	if (get(c, &region) < 0 || get(c, &dstart) < 0 || get(c, &dur) < 0)
		return 1;
	if ((kind & HAS_CALL_ID) && get(c, &v) == 0) {
		k.args.has |= SP_TRACE_CALL_ID;
		k.args.call_id = unzigzag(v);
	} else if (kind & HAS_CALL_ID)
		return 1;
	if ((kind & HAS_GPU) && get(c, &v) == 0) {
		k.args.has |= SP_TRACE_GPU;
		k.args.gpu_ns = unzigzag(v);
	} else if (kind & HAS_GPU)
		return 1;
	if ((kind & HAS_AWAIT) && get(c, &v) == 0) {
		k.args.has |= SP_TRACE_AWAIT;
		k.args.await_ns = unzigzag(v);
	} else if (kind & HAS_AWAIT)
		return 1;
	if (kind & HAS_META) {
		if (get(c, &v) < 0 || (uint64_t)(c->end - c->p) < v)
			return 1;
		k.args.meta = (const char *)c->p;
		k.args.meta_len = (size_t)v;
		c->p += v;
	}
	k.region = (uint32_t)region;
	k.start = (int64_t)((uint64_t)r->last + (uint64_t)unzigzag(dstart));
	k.end = (int64_t)((uint64_t)k.start + dur);
	r->last = k.start;
	return r->ops->call(r->ctx, &k, e);
}

static int
close_record(struct replay *r, struct cursor *c, struct sp_err *e)
{
	uint64_t d;

	if (get(c, &d) < 0)
		return 1;
	r->last = (int64_t)((uint64_t)r->last + (uint64_t)unzigzag(d));
	return r->ops->close(r->ctx, r->last, e);
}

/*
 * The records of [*p, end): each whole one is handed out.  0 when all
 * were, 1 when the last one is cut off (*p is where it starts), -1 when
 * a callback failed.
 */
static int
records(struct replay *r, const unsigned char **p, const unsigned char *end,
    struct sp_err *e)
{
	while (*p < end) {
		struct cursor c = { *p + 1, end };
		unsigned kind = **p;
		int rc;

		if ((kind & 3) == REC_LANE)
			rc = lane_record(r, &c, e);
		else if ((kind & 3) == REC_CLOSE)
			rc = close_record(r, &c, e);
		else
			rc = call_record(r, kind, &c, e);
		if (rc != 0)
			return rc;
		*p = c.p;
	}
	return 0;
}

/* The records of the file, read a block at a time. */
static int
replay_file(struct sp_trace_spool *s, struct replay *r, struct sp_err *e)
{
	uint64_t off = 0, size = sp_spill_file_size(s->file);
	size_t have = 0;

	while (off < size || have > 0) {
		size_t k = size - off < READ_BLOCK ? (size_t)(size - off) :
		    READ_BLOCK;
		const unsigned char *p;
		int rc;

		if (have + k > s->rcap) {
			size_t cap = s->rcap ? s->rcap * 2 : READ_BLOCK * 2;
			unsigned char *b;

			while (cap < have + k)
				cap *= 2;
			if ((b = realloc(s->rbuf, cap)) == NULL)
				return sp_fail(e, SP_ENOMEM, "out of memory");
			s->rbuf = b;
			s->rcap = cap;
		}
		if (k > 0 && sp_spill_file_pread(s->file, s->rbuf + have, k,
		    off, e) < 0)
			return -1;
		off += k;
		have += k;
		p = s->rbuf;
		if ((rc = records(r, &p, s->rbuf + have, e)) < 0)
			return -1;
		if (rc == 1 && off == size)
			return sp_fail(e, SP_EIO, "temporary file: a record "
			    "is cut off");
		have -= (size_t)(p - s->rbuf);
		memmove(s->rbuf, p, have);
	}
	return 0;
}

int
sp_trace_spool_replay(struct sp_trace_spool *s,
    const struct sp_trace_spool_ops *ops,
    void *ctx, struct sp_err *e)
{
	struct replay r = { ops, ctx, 0, NULL, 0 };
	const unsigned char *p = s->mem;
	int rc = 0;

	/* a rank without records may have no memory: no NULL + 0 */
	if (s->file != NULL)
		rc = replay_file(s, &r, e);
	else if (s->len > 0 && (rc = records(&r, &p, s->mem + s->len,
	    e)) == 1)
		rc = sp_fail(e, SP_EIO, "spool: a record is cut off");
	free(r.name);
	/* empty again, for the next rank: the file and its space go */
	sp_spill_file_free(s->file);
	s->file = NULL;
	s->len = 0;
	s->bytes = 0;
	s->last = 0;
	return rc;
}
