#include "sp_speedscope.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_fmt.h"
#include "sp_pyrepr.h"

#ifndef SP_VERSION
#define SP_VERSION "unknown"
#endif

#define SCHEMA_URL "https://www.speedscope.app/file-format-schema.json"

/* Room for one event: separator, keys, a frame number and a time. */
#define EVENT_MAX (64 + SP_FMT_I64_MAX + SP_FMT_DOUBLE_MAX)

struct open_call {
	int64_t end;
	uint32_t region;
	uint32_t frame;
};

struct frame {
	char *name;
	size_t len;
	uint32_t hash;
};

struct sp_speedscope {
	struct sp_jsonw *out;
	char *name;
	char *exporter;
	int64_t origin_ns;
	double origin_s;
	int unit_ns;
	int64_t min_duration;

	/* Frames, by first written open, and a hash of their names. */
	struct frame *frames;
	size_t nframes, frames_cap;
	int32_t *slots;			/* frame index or -1 */
	size_t nslots;			/* power of two, >= 2 * nframes */

	/* The region table; frame_of[id] is -1 until the region opens. */
	char **regions;
	int32_t *frame_of;
	size_t nregions;

	/* The profile being written. */
	char *profile;			/* its name, NULL between profiles */
	int started;			/* its header is written */
	uint64_t nevents;
	int64_t last_at;		/* ns of its last event */
	struct open_call *stack;
	size_t depth, stack_cap;
	uint64_t skipping;		/* open calls being dropped */

	char *quoted[3];		/* names in the last error message */

	int begun;			/* the document's head is written */
	int finished;
	int nprofiles;
	uint64_t dropped;
};

static uint32_t
hash_name(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static char *
copy_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;

	if ((p = malloc(n)) != NULL)
		memcpy(p, s, n);
	return p;
}

/*
 * A name for an error message, quoted as Python's repr quotes it so that
 * the message stays one line whatever the name holds; slot k keeps it
 * until the next message.
 */
static const char *
quote(struct sp_speedscope *w, int k, const char *s)
{
	free(w->quoted[k]);
	if (sp_pyrepr(s, strlen(s), &w->quoted[k], NULL) != 0)
		return "'?'";
	return w->quoted[k];
}

/* A region's name, quoted in slot k. */
static const char *
rname(struct sp_speedscope *w, int k, uint32_t region)
{
	return quote(w, k, region < w->nregions ? w->regions[region] : "?");
}

struct sp_speedscope *
sp_speedscope_new(const struct sp_speedscope_opts *o,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	struct sp_speedscope *w;

	if ((w = calloc(1, sizeof *w)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	if ((w->out = sp_jsonw_new(write, ctx, e)) == NULL)
		goto fail;
	w->name = copy_str(o->name != NULL ? o->name : "");
	w->exporter = copy_str(o->exporter != NULL ? o->exporter :
	    "sp@" SP_VERSION);
	w->nslots = 64;
	w->slots = malloc(w->nslots * sizeof *w->slots);
	if (w->name == NULL || w->exporter == NULL || w->slots == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto fail;
	}
	memset(w->slots, 0xff, w->nslots * sizeof *w->slots);
	w->origin_ns = o->origin_ns;
	w->origin_s = (double)o->origin_ns / 1e9;
	w->unit_ns = o->unit_ns;
	w->min_duration = o->min_duration_ns;
	return w;
fail:
	sp_speedscope_free(w);
	return NULL;
}

static void
free_regions(struct sp_speedscope *w)
{
	size_t i;

	for (i = 0; i < w->nregions; i++)
		free(w->regions[i]);
	free(w->regions);
	free(w->frame_of);
	w->regions = NULL;
	w->frame_of = NULL;
	w->nregions = 0;
}

void
sp_speedscope_free(struct sp_speedscope *w)
{
	size_t i;

	if (w == NULL)
		return;
	sp_jsonw_free(w->out);
	free(w->name);
	free(w->exporter);
	for (i = 0; i < w->nframes; i++)
		free(w->frames[i].name);
	free(w->frames);
	free(w->slots);
	free_regions(w);
	free(w->profile);
	free(w->stack);
	for (i = 0; i < sizeof w->quoted / sizeof w->quoted[0]; i++)
		free(w->quoted[i]);
	free(w);
}

int
sp_speedscope_set_regions(struct sp_speedscope *w, const char *const *names,
    size_t n, struct sp_err *e)
{
	size_t i;

	if (w->depth > 0 || w->skipping > 0)
		return sp_fail(e, SP_EUSAGE,
		    "region table replaced while calls are open");
	free_regions(w);
	if (n == 0)
		return 0;
	w->regions = calloc(n, sizeof *w->regions);
	w->frame_of = malloc(n * sizeof *w->frame_of);
	if (w->regions == NULL || w->frame_of == NULL)
		goto nomem;
	w->nregions = n;
	for (i = 0; i < n; i++) {
		w->frame_of[i] = -1;
		if ((w->regions[i] = copy_str(names[i])) == NULL)
			goto nomem;
	}
	return 0;
nomem:
	free_regions(w);
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static int
grow_slots(struct sp_speedscope *w, struct sp_err *e)
{
	size_t n = w->nslots * 2, i, j;
	int32_t *slots;

	if ((slots = malloc(n * sizeof *slots)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memset(slots, 0xff, n * sizeof *slots);
	for (i = 0; i < w->nframes; i++) {
		for (j = w->frames[i].hash & (n - 1); slots[j] >= 0;
		    j = (j + 1) & (n - 1))
			continue;
		slots[j] = (int32_t)i;
	}
	free(w->slots);
	w->slots = slots;
	w->nslots = n;
	return 0;
}

/* The frame of a region name, appended when the name is new. */
static int32_t
intern(struct sp_speedscope *w, const char *name, struct sp_err *e)
{
	size_t len = strlen(name), j, cap;
	uint32_t h = hash_name(name, len);
	struct frame *f;
	int32_t k;

	for (j = h & (w->nslots - 1); (k = w->slots[j]) >= 0;
	    j = (j + 1) & (w->nslots - 1)) {
		f = &w->frames[k];
		if (f->hash == h && f->len == len &&
		    memcmp(f->name, name, len) == 0)
			return k;
	}
	if (w->nframes == INT32_MAX)
		return sp_fail(e, SP_EDATA, "too many distinct region names");
	if (w->nframes == w->frames_cap) {
		cap = w->frames_cap ? w->frames_cap * 2 : 64;
		if ((f = realloc(w->frames, cap * sizeof *f)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		w->frames = f;
		w->frames_cap = cap;
	}
	f = &w->frames[w->nframes];
	if ((f->name = copy_str(name)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	f->len = len;
	f->hash = h;
	w->slots[j] = (int32_t)w->nframes++;
	if (w->nframes * 2 > w->nslots && grow_slots(w, e) != 0)
		return -1;
	return (int32_t)(w->nframes - 1);
}

static int
raw(struct sp_speedscope *w, const char *s, struct sp_err *e)
{
	return sp_jsonw_raw(w->out, s, strlen(s), e);
}

static int
str(struct sp_speedscope *w, const char *s, struct sp_err *e)
{
	return sp_jsonw_str(w->out, s, strlen(s), e);
}

/* Format a time at p; returns its length. */
static size_t
put_at(const struct sp_speedscope *w, char *p, int64_t ns)
{
	if (w->unit_ns)
		return sp_fmt_i64(p, (int64_t)((uint64_t)ns -
		    (uint64_t)w->origin_ns));
	/* As scope-profiler's numpy does: divide each side, then subtract. */
	return sp_fmt_double(p, (double)ns / 1e9 - w->origin_s);
}

static int
put_time(struct sp_speedscope *w, int64_t ns, struct sp_err *e)
{
	char *p;

	if ((p = sp_jsonw_reserve(w->out, SP_FMT_DOUBLE_MAX, e)) == NULL)
		return -1;
	sp_jsonw_commit(w->out, put_at(w, p, ns));
	return 0;
}

static int
begin_document(struct sp_speedscope *w, struct sp_err *e)
{
	if (raw(w, "{\"$schema\": \"" SCHEMA_URL "\", \"exporter\": ",
	    e) != 0 ||
	    str(w, w->exporter, e) != 0 ||
	    raw(w, ", \"name\": ", e) != 0 ||
	    str(w, w->name, e) != 0 ||
	    raw(w, ", \"activeProfileIndex\": 0, \"profiles\": [", e) != 0)
		return -1;
	w->begun = 1;
	return 0;
}

static int
begin_profile_text(struct sp_speedscope *w, int64_t start,
    struct sp_err *e)
{
	if (!w->begun && begin_document(w, e) != 0)
		return -1;
	if (raw(w, w->nprofiles > 0 ? ", {\"type\": \"evented\", \"name\": " :
	    "{\"type\": \"evented\", \"name\": ", e) != 0 ||
	    str(w, w->profile, e) != 0 ||
	    raw(w, w->unit_ns ? ", \"unit\": \"nanoseconds\"" :
	    ", \"unit\": \"seconds\"", e) != 0 ||
	    raw(w, ", \"startValue\": ", e) != 0 ||
	    put_time(w, start, e) != 0 ||
	    raw(w, ", \"events\": [", e) != 0)
		return -1;
	w->started = 1;
	return 0;
}

int
sp_speedscope_begin_profile(struct sp_speedscope *w, const char *name,
    struct sp_err *e)
{
	if (w->finished || w->profile != NULL)
		return sp_fail(e, SP_EUSAGE, "profile %s begun %s",
		    quote(w, 0, name), w->finished ?
		    "after the document was finished" :
		    "before the previous one ended");
	if ((w->profile = copy_str(name)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	w->started = 0;
	w->nevents = 0;
	return 0;
}

static int
backwards(struct sp_speedscope *w, const char *what, uint32_t region,
    int64_t at, struct sp_err *e)
{
	return sp_fail(e, SP_EDATA, "profile %s: %s call %s at %" PRId64
	    " ns, before the previous event at %" PRId64 " ns",
	    quote(w, 0, w->profile), rname(w, 1, region), what, at,
	    w->last_at);
}

/* Write one event; the first of a profile also writes its header. */
static int
event(struct sp_speedscope *w, char type, uint32_t frame, int64_t at,
    struct sp_err *e)
{
	static const char head[] = "{\"type\": \"O\", \"frame\": ";
	char *p, *q;

	if (!w->started && begin_profile_text(w, at, e) != 0)
		return -1;
	if ((p = q = sp_jsonw_reserve(w->out, EVENT_MAX, e)) == NULL)
		return -1;
	if (w->nevents++ > 0) {
		*q++ = ',';
		*q++ = ' ';
	}
	memcpy(q, head, sizeof head - 1);
	q[10] = type;
	q += sizeof head - 1;
	q += sp_fmt_i64(q, frame);
	memcpy(q, ", \"at\": ", 8);
	q += 8;
	q += put_at(w, q, at);
	*q++ = '}';
	sp_jsonw_commit(w->out, (size_t)(q - p));
	w->last_at = at;
	return 0;
}

int
sp_speedscope_open(struct sp_speedscope *w, uint32_t region,
    int64_t start_ns, int64_t end_ns, struct sp_err *e)
{
	struct open_call *c;
	int32_t f;
	size_t cap;

	if (w->profile == NULL)
		return sp_fail(e, SP_EUSAGE, "call opened outside a profile");
	if (end_ns < start_ns)
		return sp_fail(e, SP_EDATA, "profile %s: %s call ends at %"
		    PRId64 " ns, before it starts at %" PRId64 " ns",
		    quote(w, 0, w->profile), rname(w, 1, region), end_ns,
		    start_ns);
	if (w->skipping > 0 || (w->min_duration > 0 &&
	    (uint64_t)end_ns - (uint64_t)start_ns <
	    (uint64_t)w->min_duration)) {
		w->skipping++;
		w->dropped++;
		return 0;
	}
	if (region >= w->nregions)
		return sp_fail(e, SP_EDATA, "profile %s: region id %" PRIu32
		    " is not in the region table (%zu regions)",
		    quote(w, 0, w->profile), region, w->nregions);
	if (w->nevents > 0 && start_ns < w->last_at)
		return backwards(w, "opens", region, start_ns, e);
	if ((f = w->frame_of[region]) < 0) {
		if ((f = intern(w, w->regions[region], e)) < 0)
			return -1;
		w->frame_of[region] = f;
	}
	if (w->depth == w->stack_cap) {
		cap = w->stack_cap ? w->stack_cap * 2 : 64;
		if ((c = realloc(w->stack, cap * sizeof *c)) == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		w->stack = c;
		w->stack_cap = cap;
	}
	c = &w->stack[w->depth++];
	c->end = end_ns;
	c->region = region;
	c->frame = (uint32_t)f;
	return event(w, 'O', c->frame, start_ns, e);
}

int
sp_speedscope_close(struct sp_speedscope *w, uint32_t region,
    int64_t end_ns, struct sp_err *e)
{
	struct open_call *c;

	if (w->skipping > 0) {
		w->skipping--;
		return 0;
	}
	if (w->depth == 0)
		return sp_fail(e, SP_EDATA, "%s call closes with no call open",
		    rname(w, 1, region));
	c = &w->stack[w->depth - 1];
	if (c->region != region || c->end != end_ns)
		return sp_fail(e, SP_EDATA, "profile %s: %s call closes at %"
		    PRId64 " ns, but the open call is %s ending at %" PRId64
		    " ns", quote(w, 0, w->profile), rname(w, 1, region),
		    end_ns, rname(w, 2, c->region), c->end);
	if (end_ns < w->last_at)
		return backwards(w, "closes", region, end_ns, e);
	w->depth--;
	return event(w, 'C', c->frame, end_ns, e);
}

int
sp_speedscope_end_profile(struct sp_speedscope *w, struct sp_err *e)
{
	int written = 0;

	if (w->profile == NULL)
		return sp_fail(e, SP_EUSAGE, "no profile to end");
	if (w->depth > 0 || w->skipping > 0)
		return sp_fail(e, SP_EDATA, "profile %s ends with %" PRIu64
		    " calls still open", quote(w, 0, w->profile),
		    (uint64_t)w->depth + w->skipping);
	if (w->started) {
		if (raw(w, "], \"endValue\": ", e) != 0 ||
		    put_time(w, w->last_at, e) != 0 || raw(w, "}", e) != 0)
			return -1;
		w->nprofiles++;
		written = 1;
	}
	free(w->profile);
	w->profile = NULL;
	return written;
}

int
sp_speedscope_finish(struct sp_speedscope *w, struct sp_err *e)
{
	size_t i;

	if (w->finished || w->profile != NULL)
		return sp_fail(e, SP_EUSAGE, "%s", w->finished ?
		    "document finished twice" :
		    "document finished inside a profile");
	if (!w->begun && begin_document(w, e) != 0)
		return -1;
	if (raw(w, "], \"shared\": {\"frames\": [", e) != 0)
		return -1;
	for (i = 0; i < w->nframes; i++)
		if (raw(w, i > 0 ? ", {\"name\": " : "{\"name\": ", e) != 0 ||
		    sp_jsonw_str(w->out, w->frames[i].name, w->frames[i].len,
		    e) != 0 || raw(w, "}", e) != 0)
			return -1;
	if (raw(w, "]}}", e) != 0 || sp_jsonw_flush(w->out, e) != 0)
		return -1;
	w->finished = 1;
	return w->nprofiles;
}

uint64_t
sp_speedscope_dropped(const struct sp_speedscope *w)
{
	return w->dropped;
}

uint64_t
sp_speedscope_bytes(const struct sp_speedscope *w)
{
	return sp_jsonw_bytes(w->out);
}
