#include "sp_perfetto.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"
#include "sp_pb.h"
#include "sp_utf8.h"

/*
 * Above the sink's own buffer (256 KiB), so that a flush goes straight
 * out; one huge page (sp_huge_buffer()), which faults in at once.
 */
#define BUF_MIN SP_HUGE_PAGE
/* A packet's fixed part: keys, varints, the nested messages' slack. */
#define PACKET_ROOM 128
/* One debug annotation, beyond its string's bytes. */
#define ANNOTATION_ROOM 40
/* A SLICE_BEGIN's bytes after its timestamp, on the hot path: at most. */
#define TPL_MAX 96
/* What most of them take (a source file's name of up to 20 bytes or so). */
#define TPL_SHORT 48
/* The room a SLICE_BEGIN from its template takes: the fixed-size copy. */
#define TPL_ROOM (2 + 1 + SP_PB_VARINT_MAX + TPL_MAX)
/* The room the hot path (calls) makes sure of for a packet of either kind. */
#define FAST_ROOM (TPL_ROOM > PACKET_ROOM ? TPL_ROOM : PACKET_ROOM)

/* The debug annotations' names, interned as iid = index + 1. */
enum { ANN_FILE, ANN_LINE, ANN_CALL_ID, ANN_GPU, ANN_AWAIT, ANN_META, NANN };
static const char *const ann_names[NANN] = {
	"source_file", "source_line", "call_id", "gpu_ns", "await_ns",
	"metadata",
};

/*
 * A region's source_file and source_line annotations, encoded once: they
 * are the same for every call of a region on a rank.  file_off and
 * file_len say where the file's bytes are in enc, to tell whether the
 * next call's are the same (a new rank may hold others).
 */
struct src {
	uint8_t *enc;
	size_t n, cap;
	size_t file_off, file_len;
	int has_file;
	int64_t line;
	uint64_t key;		/* the source_key it was encoded for */
	unsigned used;		/* the annotation names in it */
	int valid;
};

/*
 * A region's SLICE_BEGIN on the lane's sequence, all but its timestamp:
 * the packet's sequence id, its track event (type, track, name iid, the
 * source annotations), its sequence flags.  It holds for the calls whose
 * arguments are their region's source location alone (source_key, not 0,
 * says which rank's) or none (key 0), once the names it uses are
 * interned on seq: then a slice is its timestamp and one copy.
 */
struct tpl {
	uint32_t seq;		/* 0: none */
	uint8_t len;
	uint64_t key;
	uint64_t fits;		/* the hot loop that found it fit, or 0 */
	uint8_t b[TPL_MAX];
};

struct pf {
	struct sp_trace_writer base;
	sp_write_fn *write;
	void *ctx;
	const char *const *names;	/* the regions', or own_names */
	const size_t *lens;
	size_t nregions;
	const char **own_names;	/* when a name needed repair (utf8_names) */
	size_t *own_lens;
	char *own_text;
	uint32_t *interned;	/* per region: the sequence that has it, or 0 */
	struct src *srcs;	/* per region: its source annotations */
	struct tpl *tpls;	/* per region: its slices' template */
	unsigned ann_interned;	/* annotation names the lane's sequence has */
	uint8_t *buf;
	size_t len, cap;
	/* the lane being written */
	uint32_t seq;
	uint64_t uuid;
	int first;		/* its next packet is the sequence's first */
	struct sp_pb_run run;	/* the length of its timestamps' varints */
	uint64_t loops;		/* hot loops entered: each one's stamp */
	int rooted;		/* the root descriptor is written */
	int failed;
	/*
	 * The lane's constant bytes, for the slices of the hot path: after a
	 * SLICE_BEGIN's timestamp, "sequence id, track event key"; inside its
	 * track event, "type BEGIN, track uuid, name_iid key"; and all of a
	 * SLICE_END after its timestamp.
	 */
	uint8_t begin_head[16], begin_event[16], end_tail[32];
	size_t begin_head_len, begin_event_len, end_tail_len;
};

static int
flush(struct pf *w, struct sp_err *e)
{
	if (w->len == 0)
		return 0;
	if (w->write(w->ctx, w->buf, w->len, e) < 0) {
		w->failed = 1;
		return -1;
	}
	w->len = 0;
	return 0;
}

/* room() when the buffer is full: flush it, or grow it for a big packet. */
static uint8_t *
room_slow(struct pf *w, size_t need, struct sp_err *e)
{
	uint8_t *b;
	size_t cap;

	if (w->failed) {
		sp_fail(e, SP_EIO, "trace written after a failure");
		return NULL;
	}
	if (w->cap - w->len >= need)
		return w->buf + w->len;
	if (flush(w, e) < 0)
		return NULL;
	if (need > w->cap) {
		for (cap = w->cap; cap < need; cap *= 2)
			continue;
		if ((b = realloc(w->buf, cap)) == NULL) {
			sp_fail(e, SP_ENOMEM, "out of memory");
			return NULL;
		}
		w->buf = b;
		w->cap = cap;
	}
	return w->buf;
}

/* Room for need more bytes at w->buf + w->len. */
static inline uint8_t *
room(struct pf *w, size_t need, struct sp_err *e)
{
	if (w->cap - w->len >= need && !w->failed)
		return w->buf + w->len;
	return room_slow(w, need, e);
}

/* The packet's sequence, and on its first packet that it starts there. */
static uint8_t *
sequence(struct pf *w, uint8_t *p)
{
	p = sp_pb_uint(p, SP_PF_PACKET_SEQUENCE_ID, w->seq);
	if (w->first) {
		p = sp_pb_uint(p, SP_PF_PACKET_FIRST_ON_SEQUENCE, 1);
		p = sp_pb_uint(p, SP_PF_PACKET_SEQUENCE_FLAGS,
		    SP_PF_SEQ_CLEARED);
		w->first = 0;
	}
	return p;
}

/* A descriptor packet's head: the packet, its time and sequence. */
static uint8_t *
descriptor_head(struct pf *w, uint8_t *p, uint64_t ts, uint8_t **pk,
    uint8_t **td)
{
	p = sp_pb_open(p, SP_PF_TRACE_PACKET, pk);
	p = sp_pb_uint(p, SP_PF_PACKET_TIMESTAMP, ts);
	p = sequence(w, p);
	return sp_pb_open(p, SP_PF_PACKET_TRACK_DESCRIPTOR, td);
}

static void
commit(struct pf *w, uint8_t *pk, uint8_t *td, uint8_t *p)
{
	p = sp_pb_close(pk, sp_pb_close(td, p));
	w->len = (size_t)(p - w->buf);
}

/* The root track: processes and threads in the order the trace says. */
static int
root(struct pf *w, uint64_t ts, struct sp_err *e)
{
	uint8_t *p, *pk, *td;

	if ((p = room(w, PACKET_ROOM, e)) == NULL)
		return -1;
	p = descriptor_head(w, p, ts, &pk, &td);
	p = sp_pb_uint(p, SP_PF_TRACK_UUID, 0);
	p = sp_pb_uint(p, SP_PF_TRACK_PROCESS_ORDERING,
	    SP_PF_ORDERING_EXPLICIT);
	p = sp_pb_uint(p, SP_PF_TRACK_THREAD_ORDERING,
	    SP_PF_ORDERING_EXPLICIT);
	commit(w, pk, td, p);
	w->rooted = 1;
	return 0;
}

/*
 * A string field: the np bytes of the ASCII prefix, then the n bytes at s
 * as Perfetto's strings must be, UTF-8 (sp_utf8_repair: a byte that
 * starts no character becomes U+FFFD; room for 3 n bytes).
 */
static uint8_t *
text(uint8_t *p, uint32_t field, const char *prefix, size_t np,
    const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (sp_utf8_valid(u, n)) {
		p = sp_pb_varint(sp_pb_key(p, field, SP_PB_LEN), np + n);
		memcpy(p, prefix, np);
		memcpy(p + np, s, n);
		return p + np + n;
	}
	p = sp_pb_varint(sp_pb_key(p, field, SP_PB_LEN), np +
	    sp_utf8_repair(u, n, NULL));
	memcpy(p, prefix, np);
	p += np;
	return p + sp_utf8_repair(u, n, (char *)p);
}

static int
process(struct pf *w, const struct sp_trace_process *pr, uint64_t ts,
    struct sp_err *e)
{
	char shift[48];
	size_t nname = strlen(pr->name), ndesc = strlen(pr->desc),
	    nalign = strlen(pr->align);
	uint8_t *p, *pk, *td, *pd;
	int k;

	k = snprintf(shift, sizeof shift, "shift_ns=%" PRId64, pr->shift_ns);
	if ((p = room(w, PACKET_ROOM + 3 * ANNOTATION_ROOM + 3 * (nname +
	    ndesc + nalign) + (size_t)k, e)) == NULL)
		return -1;
	p = descriptor_head(w, p, ts, &pk, &td);
	p = sp_pb_uint(p, SP_PF_TRACK_UUID, pr->uuid);
	p = sp_pb_open(p, SP_PF_TRACK_PROCESS, &pd);
	p = sp_pb_int(p, SP_PF_PROCESS_PID, pr->pid);
	p = text(p, SP_PF_PROCESS_NAME, "", 0, pr->name, nname);
	/* "align=" and the mode, then the shift */
	p = text(p, SP_PF_PROCESS_LABELS, "align=", 6, pr->align, nalign);
	p = sp_pb_bytes(p, SP_PF_PROCESS_LABELS, shift, (size_t)k);
	p = sp_pb_close(pd, p);
	p = sp_pb_int(p, SP_PF_TRACK_SIBLING_ORDER_RANK, pr->rank);
	p = text(p, SP_PF_TRACK_DESCRIPTION, "", 0, pr->desc, ndesc);
	commit(w, pk, td, p);
	return 0;
}

static int
thread(struct pf *w, const struct sp_trace_thread *t, uint64_t ts,
    struct sp_err *e)
{
	size_t nname = strlen(t->name);
	uint8_t *p, *pk, *td, *th;

	if ((p = room(w, PACKET_ROOM + 3 * nname, e)) == NULL)
		return -1;
	p = descriptor_head(w, p, ts, &pk, &td);
	p = sp_pb_uint(p, SP_PF_TRACK_UUID, w->uuid);
	p = sp_pb_open(p, SP_PF_TRACK_THREAD, &th);
	p = sp_pb_int(p, SP_PF_THREAD_PID, t->pid);
	p = sp_pb_int(p, SP_PF_THREAD_TID, t->tid);
	p = text(p, SP_PF_THREAD_NAME, "", 0, t->name, nname);
	p = sp_pb_close(th, p);
	p = sp_pb_int(p, SP_PF_TRACK_SIBLING_ORDER_RANK, t->order);
	commit(w, pk, td, p);
	return 0;
}

/* The lane's constant bytes (struct pf). */
static void
lane_bytes(struct pf *w)
{
	uint8_t *p, *m;

	p = sp_pb_uint(w->begin_head, SP_PF_PACKET_SEQUENCE_ID, w->seq);
	p = sp_pb_key(p, SP_PF_PACKET_TRACK_EVENT, SP_PB_LEN);
	w->begin_head_len = (size_t)(p - w->begin_head);
	p = sp_pb_uint(w->begin_event, SP_PF_EVENT_TYPE, SP_PF_SLICE_BEGIN);
	p = sp_pb_uint(p, SP_PF_EVENT_TRACK_UUID, w->uuid);
	p = sp_pb_key(p, SP_PF_EVENT_NAME_IID, SP_PB_VARINT);
	w->begin_event_len = (size_t)(p - w->begin_event);
	p = sp_pb_uint(w->end_tail, SP_PF_PACKET_SEQUENCE_ID, w->seq);
	p = sp_pb_open(p, SP_PF_PACKET_TRACK_EVENT, &m);
	p = sp_pb_uint(p, SP_PF_EVENT_TYPE, SP_PF_SLICE_END);
	p = sp_pb_uint(p, SP_PF_EVENT_TRACK_UUID, w->uuid);
	p = sp_pb_close(m, p);
	w->end_tail_len = (size_t)(p - w->end_tail);
}

static int
pf_track(struct sp_trace_writer *base, const struct sp_trace_process *pr,
    const struct sp_trace_thread *t, uint64_t ts, struct sp_err *e)
{
	struct pf *w = (struct pf *)base;

	if (t->seq == 0)
		return sp_fail(e, SP_EUSAGE, "sequence 0 is invalid");
	w->seq = t->seq;
	w->uuid = t->seq;
	w->first = 1;
	w->ann_interned = 0;
	lane_bytes(w);
	if (!w->rooted && root(w, ts, e) < 0)
		return -1;
	if (pr != NULL && process(w, pr, ts, e) < 0)
		return -1;
	return thread(w, t, ts, e);
}

/* The room a slice's annotations take, at most. */
static size_t
args_room(const struct sp_trace_args *a)
{
	size_t n = 4 * ANNOTATION_ROOM;

	if (a->meta != NULL)
		n += ANNOTATION_ROOM + a->meta_len;
	return n;
}

static uint8_t *
annotation_int(uint8_t *p, int name, int64_t v)
{
	uint8_t *m;

	p = sp_pb_open(p, SP_PF_EVENT_DEBUG_ANNOTATIONS, &m);
	p = sp_pb_uint(p, SP_PF_ANNOTATION_NAME_IID, (uint64_t)name + 1);
	p = sp_pb_int(p, SP_PF_ANNOTATION_INT, v);
	return sp_pb_close(m, p);
}

static uint8_t *
annotation_str(uint8_t *p, int name, const char *s, size_t n)
{
	uint8_t *m;

	p = sp_pb_open(p, SP_PF_EVENT_DEBUG_ANNOTATIONS, &m);
	p = sp_pb_uint(p, SP_PF_ANNOTATION_NAME_IID, (uint64_t)name + 1);
	p = sp_pb_bytes(p, SP_PF_ANNOTATION_STRING, s, n);
	return sp_pb_close(m, p);
}

/* The annotations of a besides its source; *used gets their names. */
static uint8_t *
annotations(uint8_t *p, const struct sp_trace_args *a, unsigned *used)
{
	if (a->has & SP_TRACE_CALL_ID) {
		p = annotation_int(p, ANN_CALL_ID, a->call_id);
		*used |= 1u << ANN_CALL_ID;
	}
	if (a->has & SP_TRACE_GPU) {
		p = annotation_int(p, ANN_GPU, a->gpu_ns);
		*used |= 1u << ANN_GPU;
	}
	if (a->has & SP_TRACE_AWAIT) {
		p = annotation_int(p, ANN_AWAIT, a->await_ns);
		*used |= 1u << ANN_AWAIT;
	}
	if (a->meta != NULL) {
		p = annotation_str(p, ANN_META, a->meta, a->meta_len);
		*used |= 1u << ANN_META;
	}
	return p;
}

static int
same_source(const struct src *c, const struct sp_trace_args *a)
{
	if (c->valid && a->source_key != 0 && c->key == a->source_key)
		return 1;
	return c->valid && c->line == a->line &&
	    c->has_file == (a->file != NULL) && (a->file == NULL ||
	    (c->file_len == a->file_len &&
	    memcmp(c->enc + c->file_off, a->file, a->file_len) == 0));
}

/* Encode a's source annotations into c. */
static int
encode_source(struct src *c, const struct sp_trace_args *a,
    struct sp_err *e)
{
	size_t need = 2 * ANNOTATION_ROOM + (a->file != NULL ?
	    a->file_len : 0);

	uint8_t *p;

	if (need > c->cap) {
		if ((p = realloc(c->enc, need)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		c->enc = p;
		c->cap = need;
	}
	p = c->enc;
	c->used = 0;
	if (a->file != NULL) {
		p = annotation_str(p, ANN_FILE, a->file, a->file_len);
		c->file_off = (size_t)(p - c->enc) - a->file_len;
		c->used |= 1u << ANN_FILE;
	}
	if (a->line >= 0) {
		p = annotation_int(p, ANN_LINE, a->line);
		c->used |= 1u << ANN_LINE;
	}
	c->n = (size_t)(p - c->enc);
	c->file_len = a->file_len;
	c->has_file = a->file != NULL;
	c->line = a->line;
	c->key = a->source_key;
	c->valid = 1;
	return 0;
}

/* The region's source annotations for a: encoded once, or NULL. */
static const struct src *
source(struct pf *w, uint32_t region, const struct sp_trace_args *a,
    struct sp_err *e)
{
	struct src *c;

	if (a == NULL || (a->file == NULL && a->line < 0))
		return NULL;
	if (w->srcs == NULL && (w->srcs = calloc(w->nregions,
	    sizeof *w->srcs)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	c = &w->srcs[region];
	if (!same_source(c, a) && encode_source(c, a, e) < 0)
		return NULL;
	return c;
}

static uint8_t *
interned_entry(uint8_t *p, uint32_t field, uint64_t iid, const char *s,
    size_t n)
{
	uint8_t *m;

	p = sp_pb_open(p, field, &m);
	p = sp_pb_uint(p, SP_PF_INTERNED_IID, iid);
	p = sp_pb_bytes(p, SP_PF_INTERNED_NAME, s, n);
	return sp_pb_close(m, p);
}

/* The names this packet is the first on its sequence to use. */
static uint8_t *
interned(struct pf *w, uint8_t *p, uint32_t region, unsigned used)
{
	uint8_t *m;
	int k;

	if (w->interned[region] == w->seq && used == 0)
		return p;
	p = sp_pb_open(p, SP_PF_PACKET_INTERNED_DATA, &m);
	if (w->interned[region] != w->seq) {
		p = interned_entry(p, SP_PF_INTERNED_EVENT_NAMES,
		    (uint64_t)region + 1, w->names[region], w->lens[region]);
		w->interned[region] = w->seq;
	}
	for (k = 0; k < NANN; k++)
		if (used >> k & 1)
			p = interned_entry(p, SP_PF_INTERNED_ANNOTATION_NAMES,
			    (uint64_t)k + 1, ann_names[k], strlen(ann_names[k]));
	return sp_pb_close(m, p);
}

/* The annotation names of used that this sequence has not interned. */
static unsigned
new_names(struct pf *w, unsigned used)
{
	unsigned fresh = used & ~w->ann_interned;

	w->ann_interned |= used;
	return fresh;
}

/*
 * Region's template (struct tpl) for the calls that key says, with c its
 * source annotations (or NULL): after a SLICE_BEGIN that interned what
 * they name.  None when it would not fit.
 */
static void
set_template(struct pf *w, uint32_t region, uint64_t key,
    const struct src *c)
{
	struct tpl *t = &w->tpls[region];
	size_t n = c != NULL ? c->n : 0;
	uint8_t *q = t->b, *ev;

	t->seq = 0;
	if (w->begin_head_len + 1 + w->begin_event_len + SP_PB_VARINT_MAX +
	    n + 2 > TPL_MAX)
		return;
	memcpy(q, w->begin_head, w->begin_head_len);
	q += w->begin_head_len;
	ev = q++;
	memcpy(q, w->begin_event, w->begin_event_len);
	q = sp_pb_varint(q + w->begin_event_len, (uint64_t)region + 1);
	if (n > 0)
		memcpy(q, c->enc, n);
	q += n;
	*ev = (uint8_t)(q - ev - 1);	/* < TPL_MAX < 128 */
	*q++ = 0x68;	/* TracePacket.sequence_flags: NEEDS */
	*q++ = SP_PF_SEQ_NEEDS;
	t->len = (uint8_t)(q - t->b);
	t->key = key;
	t->seq = w->seq;
}

/* Whether region's template is that of a slice with arguments a. */
static inline int
template_fits(const struct pf *w, const struct tpl *t,
    const struct sp_trace_args *a)
{
	if (t->seq != w->seq)
		return 0;
	if (a == NULL)
		return t->key == 0;
	return a->source_key == t->key && a->source_key != 0 && a->has == 0 &&
	    a->meta == NULL;
}

/* A SLICE_BEGIN with arguments, or names to intern, of any length. */
static int __attribute__((noinline))
begin_full(struct pf *w, uint64_t ts, uint32_t region,
    const struct sp_trace_args *a, struct sp_err *e)
{
	const struct src *c = NULL;
	uint8_t *p, *pk, *te;
	unsigned used = 0;
	size_t need;

	if (region >= w->nregions)
		return sp_fail(e, SP_EDATA, "region id %" PRIu32 " is not in "
		    "the region table (%zu regions)", region, w->nregions);
	if ((c = source(w, region, a, e)) == NULL && a != NULL &&
	    (a->file != NULL || a->line >= 0))
		return -1;
	need = PACKET_ROOM + (c != NULL ? c->n : 0) + (a != NULL ?
	    args_room(a) : 0) + (w->interned[region] != w->seq ?
	    ANNOTATION_ROOM + w->lens[region] : 0);
	if ((p = room(w, need, e)) == NULL)
		return -1;
	p = sp_pb_open(p, SP_PF_TRACE_PACKET, &pk);
	*p++ = 0x40;	/* TracePacket.timestamp */
	p = sp_pb_varint(p, ts);
	memcpy(p, w->begin_head, sizeof w->begin_head);
	p += w->begin_head_len;
	te = p++;
	memcpy(p, w->begin_event, sizeof w->begin_event);
	p = sp_pb_varint(p + w->begin_event_len, (uint64_t)region + 1);
	if (c != NULL) {
		memcpy(p, c->enc, c->n);
		p += c->n;
		used = c->used;
	}
	if (a != NULL)
		p = annotations(p, a, &used);
	p = sp_pb_close(te, p);
	p = interned(w, p, region, new_names(w, used));
	*p++ = 0x68;	/* TracePacket.sequence_flags: NEEDS */
	*p++ = SP_PF_SEQ_NEEDS;
	p = sp_pb_close(pk, p);
	w->len = (size_t)(p - w->buf);
	if (a == NULL || (a->has == 0 && a->meta == NULL &&
	    a->source_key != 0))
		set_template(w, region, a != NULL ? a->source_key : 0, c);
	return 0;
}

/* A SLICE_END at q from the lane's bytes: the end of what it wrote. */
static inline __attribute__((always_inline)) uint8_t *
end_at(const struct pf *w, uint8_t *q, uint64_t ts, struct sp_pb_run *r,
    sp_pb_spread_fn *spread)
{
	uint8_t *p = q;

	q[2] = 0x40;	/* TracePacket.timestamp */
	q = sp_pb_varint_run(q + 3, ts, r, spread);
	memcpy(q, w->end_tail, sizeof w->end_tail);
	q += w->end_tail_len;
	p[0] = 0x0a;	/* Trace.packet, and its length */
	p[1] = (uint8_t)(q - p - 2);
	return q;
}

/* A SLICE_BEGIN at q from template t: the end of what it wrote. */
static inline __attribute__((always_inline)) uint8_t *
begin_at(const struct tpl *t, uint8_t *q, uint64_t ts, struct sp_pb_run *r,
    sp_pb_spread_fn *spread)
{
	uint8_t *p = q;

	q[2] = 0x40;	/* TracePacket.timestamp */
	q = sp_pb_varint_run(q + 3, ts, r, spread);
	/* fixed sizes, which the room allows: most templates are short */
	memcpy(q, t->b, TPL_SHORT);
	if (t->len > TPL_SHORT)
		memcpy(q + TPL_SHORT, t->b + TPL_SHORT, TPL_MAX - TPL_SHORT);
	q += t->len;
	p[0] = 0x0a;
	p[1] = (uint8_t)(q - p - 2);	/* < 1 + 10 + TPL_MAX < 128 */
	return q;
}

static int
pf_open(struct sp_trace_writer *base, uint64_t ts, uint64_t end,
    uint32_t region, const struct sp_trace_args *a, struct sp_err *e)
{
	struct pf *w = (struct pf *)base;

	(void)end;	/* its SLICE_END says it */
	if (region < w->nregions && template_fits(w, &w->tpls[region], a) &&
	    w->cap - w->len >= TPL_ROOM && !w->failed) {
		w->len = (size_t)(begin_at(&w->tpls[region], w->buf + w->len,
		    ts, &w->run, sp_pb_spread56) - w->buf);
		return 0;
	}
	return begin_full(w, ts, region, a, e);
}

static int __attribute__((noinline))
end_slow(struct pf *w, uint64_t ts, struct sp_err *e)
{
	uint8_t *p;

	if ((p = room(w, PACKET_ROOM, e)) == NULL)
		return -1;
	w->len = (size_t)(end_at(w, p, ts, &w->run, sp_pb_spread56) - w->buf);
	return 0;
}

static int
pf_close(struct sp_trace_writer *base, uint64_t ts, struct sp_err *e)
{
	struct pf *w = (struct pf *)base;

	if (w->cap - w->len < PACKET_ROOM || w->failed)
		return end_slow(w, ts, e);
	w->len = (size_t)(end_at(w, w->buf + w->len, ts, &w->run,
	    sp_pb_spread56) - w->buf);
	return 0;
}

/* The buffer, full to q, written out: q and *lim anew, or NULL. */
static uint8_t * __attribute__((noinline))
drain(struct pf *w, uint8_t *q, uint8_t **lim, struct sp_err *e)
{
	w->len = (size_t)(q - w->buf);
	if (flush(w, e) < 0)
		return NULL;
	*lim = w->buf + w->cap - FAST_ROOM;
	return w->buf;
}

/*
 * Whether region's template fits the calls of c, for the hot loop stamped
 * loop: looked at once per loop, since neither the arguments nor the
 * sequence change inside it.
 */
static inline __attribute__((always_inline)) int
fits_in_loop(const struct pf *w, struct tpl *tp, uint32_t region,
    const struct sp_trace_argtab *t, uint64_t loop)
{
	const struct sp_trace_args *a = NULL;

	if (tp->fits == loop)
		return 1;
	if (t != NULL)
		a = region < t->n ? &t->args[region] : t->other;
	if (!template_fits(w, tp, a))
		return 0;
	tp->fits = loop;
	return 1;
}

/*
 * The hot path (sp_trace.h's calls op): the events of a walk written in
 * one loop, sp_walk_next() inline in it and the lane's state in locals.
 * Ends, and slices from their region's template, are written at q while
 * the buffer has room for any packet, and flushed when it has not; an
 * open without a template ends the loop, handed to the caller.  One
 * body, made twice: with the portable spread of a varint's groups and
 * with pdep's (sp_pb.h).
 */
static inline __attribute__((always_inline)) int
calls(struct pf *w, struct sp_walk_iter *it, struct sp_trace_calls *c,
    sp_pb_spread_fn *spread, struct sp_err *e)
{
	const struct sp_trace_argtab *t = c->args;
	uint64_t origin = (uint64_t)c->origin, loop = ++w->loops, opened = 0;
	uint8_t *q = w->buf + w->len, *lim = w->buf + w->cap - FAST_ROOM;
	struct sp_pb_run r = w->run;
	struct tpl *tp;
	uint32_t region;
	int ev;

	if (w->failed)
		return sp_fail(e, SP_EIO, "trace written after a failure");
	for (;;) {
		ev = sp_walk_next(it, e);
		if (ev == SP_WALK_CLOSE) {
			if (q > lim && (q = drain(w, q, &lim, e)) == NULL)
				break;
			q = end_at(w, q, (uint64_t)it->c->end - origin, &r,
			    spread);
			continue;
		}
		if (ev != SP_WALK_OPEN)
			break;
		region = it->c->region;
		if (region >= w->nregions)
			break;
		tp = &w->tpls[region];
		if (!fits_in_loop(w, tp, region, t, loop))
			break;
		if (q > lim && (q = drain(w, q, &lim, e)) == NULL)
			break;
		q = begin_at(tp, q, (uint64_t)it->c->start - origin, &r,
		    spread);
		opened++;
	}
	w->run = r;
	c->opened += opened;
	if (q == NULL)
		return SP_WALK_FAIL;
	w->len = (size_t)(q - w->buf);
	return ev;
}

static int
pf_calls(struct sp_trace_writer *base, struct sp_walk_iter *it,
    struct sp_trace_calls *c, struct sp_err *e)
{
	return calls((struct pf *)base, it, c, sp_pb_spread56, e);
}

#ifdef SP_PB_PDEP
static __attribute__((target("bmi2"))) int
pf_calls_pdep(struct sp_trace_writer *base, struct sp_walk_iter *it,
    struct sp_trace_calls *c, struct sp_err *e)
{
	return calls((struct pf *)base, it, c, sp_pb_spread_pdep, e);
}
#endif

static int
pf_finish(struct sp_trace_writer *base, const struct sp_trace_meta *m,
    struct sp_err *e)
{
	struct pf *w = (struct pf *)base;

	(void)m;	/* the process tracks said it all */
	if (w->failed)
		return sp_fail(e, SP_EIO, "trace finished after a failure");
	return flush(w, e);
}

static void
pf_free(struct sp_trace_writer *base)
{
	struct pf *w = (struct pf *)base;
	size_t i;

	for (i = 0; w->srcs != NULL && i < w->nregions; i++)
		free(w->srcs[i].enc);
	free(w->srcs);
	free(w->tpls);
	free(w->interned);
	free(w->own_names);
	free(w->own_lens);
	free(w->own_text);
	free(w->buf);
	free(w);
}

/*
 * The region names as the event names of the trace, in UTF-8: those
 * that are not (an HDF5 name is bytes) copied with every byte that
 * starts no character as U+FFFD; the others used in place.
 */
static int
utf8_names(struct pf *w, const char *const *names, const size_t *lens,
    size_t n, struct sp_err *e)
{
	size_t i, room = 0, at = 0;

	w->names = names;
	w->lens = lens;
	for (i = 0; i < n; i++)
		if (!sp_utf8_valid((const unsigned char *)names[i], lens[i]))
			room += 3 * lens[i];
	if (room == 0)
		return 0;
	if ((w->own_names = malloc(n * sizeof *w->own_names)) == NULL ||
	    (w->own_lens = malloc(n * sizeof *w->own_lens)) == NULL ||
	    (w->own_text = malloc(room)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (i = 0; i < n; i++) {
		w->own_names[i] = names[i];
		w->own_lens[i] = lens[i];
		if (sp_utf8_valid((const unsigned char *)names[i], lens[i]))
			continue;
		w->own_names[i] = w->own_text + at;
		w->own_lens[i] = sp_utf8_repair((const unsigned char *)
		    names[i], lens[i], w->own_text + at);
		at += w->own_lens[i];
	}
	w->names = (const char *const *)w->own_names;
	w->lens = w->own_lens;
	return 0;
}

struct sp_trace_writer *
sp_perfetto_new(const char *const *names, const size_t *lens, size_t n,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	static const struct sp_trace_writer_ops ops = {
		pf_track, pf_open, pf_close, pf_finish, pf_free, pf_calls,
	};
#ifdef SP_PB_PDEP
	static const struct sp_trace_writer_ops ops_pdep = {
		pf_track, pf_open, pf_close, pf_finish, pf_free,
		pf_calls_pdep,
	};
#endif
	struct pf *w = calloc(1, sizeof *w);

	if (w == NULL || (w->buf = sp_huge_buffer(BUF_MIN)) == NULL ||
	    (w->interned = calloc(n > 0 ? n : 1, sizeof *w->interned)) ==
	    NULL || (w->tpls = calloc(n > 0 ? n : 1, sizeof *w->tpls)) ==
	    NULL) {
		if (w != NULL) {
			free(w->buf);
			free(w->interned);
		}
		free(w);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	w->base.ops = &ops;
#ifdef SP_PB_PDEP
	if (sp_pb_pdep_fast())
		w->base.ops = &ops_pdep;
#endif
	w->write = write;
	w->ctx = ctx;
	w->nregions = n;
	w->cap = BUF_MIN;
	if (utf8_names(w, names, lens, n, e) < 0) {
		pf_free(&w->base);
		return NULL;
	}
	return &w->base;
}
