/*
 * One native trace file (doc/formats.md, "Native traces"): its bytes by
 * offset, and its header and region records read and checked as the
 * reference's native_trace.py reads them.  The reference slices the file
 * with a read position that moves by each length read, whether or not
 * the bytes are there: a name cut by the end of the file is shortened and
 * the next integer (or timestamp array) past the end is what fails, with
 * numpy's words, and this reader keeps that position the same way.
 */
#include "sp_spt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_pyrepr.h"
#include "sp_utf8.h"

#define MAGIC "SCOPEPRF"
#define HEADER 24

/* Bytes read ahead for the header and records (not for the calls). */
#define AHEAD ((size_t)1 << 16)

int
spt_part_read(struct spt_src *s, size_t k, uint64_t off, void *dst,
    size_t n, struct sp_err *e)
{
	struct spt_part *p = &s->parts[k];
	size_t got = 0;

	if (p->img != NULL) {
		if (off > p->size || n > p->size - off)
			goto short_read;
		memcpy(dst, p->img + off, n);
		return 0;
	}
	if (s->fd < 0 || s->fd_part != k) {
		if (s->fd >= 0)
			close(s->fd);
		if ((s->fd = open(p->path, O_RDONLY | O_CLOEXEC)) < 0)
			return sp_fail_errno(e, errno, "%s", p->path);
		s->fd_part = k;
	}
	while (got < n) {
		ssize_t r = pread(s->fd, (char *)dst + got, n - got,
		    (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return sp_fail_errno(e, errno, "%s: read error",
			    p->path);
		if (r == 0)
			goto short_read;
		got += (size_t)r;
	}
	return 0;
short_read:
	return sp_fail(e, SP_EDATA, "%s: truncated trace file (it is shorter "
	    "than when it was opened)", p->path);
}

/* The reading of a header and its records: the reference's position. */
struct scan {
	struct spt_src *s;
	size_t k;
	struct spt_part *p;
	struct sp_err *e;
	uint64_t pos;		/* may pass the end, as the reference's */
	unsigned char buf[AHEAD];
	uint64_t buf_at;
	size_t buf_len;
};

/* n bytes at off (all there: the caller checked) through the buffer. */
static int
scan_bytes(struct scan *sc, uint64_t off, void *dst, size_t n)
{
	if (n > AHEAD)
		return spt_part_read(sc->s, sc->k, off, dst, n, sc->e);
	if (off < sc->buf_at || off + n > sc->buf_at + sc->buf_len) {
		uint64_t left = sc->p->size - off;

		sc->buf_len = left < AHEAD ? (size_t)left : AHEAD;
		sc->buf_at = off;
		if (spt_part_read(sc->s, sc->k, off, sc->buf, sc->buf_len,
		    sc->e) < 0)
			return -1;
	}
	memcpy(dst, sc->buf + (off - sc->buf_at), n);
	return 0;
}

/*
 * Whether count values of width bytes at the position are there: numpy's
 * two complaints of np.frombuffer otherwise, as the reference reports
 * them.
 */
static int
check_room(struct scan *sc, uint64_t count, uint64_t width)
{
	const struct spt_part *p = sc->p;

	if (sc->pos > p->size)
		return sp_fail(sc->e, SP_EDATA, "%s: truncated trace file "
		    "(offset must be non-negative and no greater than buffer "
		    "length (%" PRIu64 "))", p->path, p->size);
	if (count > (p->size - sc->pos) / width)
		return sp_fail(sc->e, SP_EDATA, "%s: truncated trace file "
		    "(buffer is smaller than requested size)", p->path);
	return 0;
}

/* The signed integer of width 4 or 8 at the position, and past it. */
static int
scan_int(struct scan *sc, size_t width, int64_t *v)
{
	unsigned char b[8];
	uint32_t u4;
	uint64_t u8;

	if (check_room(sc, 1, width) < 0 ||
	    scan_bytes(sc, sc->pos, b, width) < 0)
		return -1;
	sc->pos += width;
	if (width == 4) {
		memcpy(&u4, b, 4);
		if (sc->p->swap)
			u4 = __builtin_bswap32(u4);
		*v = (int32_t)u4;
		return 0;
	}
	memcpy(&u8, b, 8);
	if (sc->p->swap)
		u8 = __builtin_bswap64(u8);
	*v = (int64_t)u8;
	return 0;
}

/*
 * A length or count the reference would read on with, moving its
 * position backwards: refused here.
 */
static int
negative(struct scan *sc, const char *what, int64_t v, uint64_t at)
{
	return sp_fail(sc->e, SP_EDATA, "%s: damaged trace file: a negative "
	    "%s (%" PRId64 ") at byte %" PRIu64, sc->p->path, what, v, at);
}

/*
 * A length-prefixed UTF-8 text (what: a "name", a "source path"): the
 * bytes that are there (the reference slices without a check), decoded
 * strictly, in a block of the caller's (*out, *len); the position moves
 * by the length.
 */
static int
scan_text(struct scan *sc, const char *what, char **out, size_t *len)
{
	uint64_t at = sc->pos, have;
	int64_t n;
	char msg[256];

	*out = NULL;
	if (scan_int(sc, 4, &n) < 0)
		return -1;
	if (n < 0) {
		snprintf(msg, sizeof msg, "%s length", what);
		return negative(sc, msg, n, at);
	}
	if (n > SPT_TEXT_MAX)
		return sp_fail(sc->e, SP_EDATA, "%s: a %s of %" PRId64 " bytes "
		    "at byte %" PRIu64 ": sp reads names and source paths of "
		    "up to 16 MiB", sc->p->path, what, n, at);
	have = sc->pos > sc->p->size ? 0 : sc->p->size - sc->pos;
	*len = (uint64_t)n < have ? (size_t)n : (size_t)have;
	if ((*out = malloc(*len + 1)) == NULL)
		return sp_fail(sc->e, SP_ENOMEM, "%s: out of memory",
		    sc->p->path);
	if (*len > 0 && scan_bytes(sc, sc->pos, *out, *len) < 0)
		return -1;
	(*out)[*len] = '\0';
	sc->pos += (uint64_t)n;
	if (sp_utf8_pyerror((unsigned char *)*out, *len, msg, sizeof msg))
		return sp_fail(sc->e, SP_EDATA, "%s: truncated trace file "
		    "(%s)", sc->p->path, msg);
	return 0;
}

/* A timestamp array of c values at the position, checked, and past it. */
static int
scan_times(struct scan *sc, uint64_t c)
{
	if (check_room(sc, c, 8) < 0)
		return -1;
	sc->pos += c * 8;
	return 0;
}

/* Version 2's source location of a record. */
static int
scan_location(struct scan *sc, struct spt_record *r)
{
	size_t len;
	int64_t line;

	if (scan_text(sc, "source path", &r->source, &len) < 0)
		return -1;
	if (len == 0) {
		/* "unknown"; a path cut to nothing by the end fails next */
		free(r->source);
		r->source = NULL;
	}
	if (scan_int(sc, 4, &line) < 0)
		return -1;
	r->has_line = line >= 0;
	r->line = line;
	return 0;
}

/* One region record. */
static int
scan_record(struct scan *sc)
{
	struct spt_record r;
	char *name = NULL;
	uint64_t at;
	int64_t c;
	int rc = -1;

	memset(&r, 0, sizeof r);
	if (scan_text(sc, "name", &name, &r.name_len) < 0)
		goto out;
	r.name = name;
	if (sc->p->version == 2 && scan_location(sc, &r) < 0)
		goto out;
	at = sc->pos;
	if (scan_int(sc, 8, &c) < 0)
		goto out;
	if (c < 0) {
		negative(sc, "call count", c, at);
		goto out;
	}
	r.count = (uint64_t)c;
	r.at = sc->pos;
	if (scan_times(sc, r.count) < 0 || scan_times(sc, r.count) < 0)
		goto out;
	rc = spt_add_record(sc->s, sc->k, &r, sc->e);	/* takes r.source */
out:
	free(r.source);
	free(name);
	return rc;
}

/*
 * The version at byte 8 tells the byte order: little-endian if it reads
 * 1 or 2 so, else big-endian if it reads 1 or 2 so; the message shows it
 * read little-endian, signed.
 */
static int
byte_order(struct scan *sc, const unsigned char *h)
{
	uint32_t le = (uint32_t)h[8] | (uint32_t)h[9] << 8 |
	    (uint32_t)h[10] << 16 | (uint32_t)h[11] << 24;
	uint32_t be = __builtin_bswap32(le);
	uint32_t native;

	memcpy(&native, h + 8, 4);
	if (le == 1 || le == 2)
		sc->p->version = (int)le;
	else if (be == 1 || be == 2)
		sc->p->version = (int)be;
	else
		return sp_fail(sc->e, SP_EDATA, "%s: unsupported trace format "
		    "version %" PRId32 " (this sp reads versions 1 and 2)",
		    sc->p->path, (int32_t)le);
	sc->p->swap = native != (uint32_t)sc->p->version;
	return 0;
}

/* The header: size, magic, version and byte order, rank, region count. */
static int
scan_header(struct scan *sc, int64_t *nregions)
{
	unsigned char h[HEADER];
	char shown[64];
	int64_t rank;

	if (sc->p->size < HEADER)
		return sp_fail(sc->e, SP_EDATA, "%s: too short to be a trace "
		    "file", sc->p->path);
	if (scan_bytes(sc, 0, h, HEADER) < 0)
		return -1;
	if (memcmp(h, MAGIC, 8) != 0) {
		sp_pyrepr_bytes(h, 8, shown, sizeof shown);
		return sp_fail(sc->e, SP_EDATA, "%s: not a scope-profiler "
		    "native trace (expected b'" MAGIC "', found %s)",
		    sc->p->path, shown);
	}
	if (byte_order(sc, h) < 0)
		return -1;
	sc->pos = 12;
	if (scan_int(sc, 4, &rank) < 0 || scan_int(sc, 8, nregions) < 0)
		return -1;
	if (rank < 0)
		return sp_fail(sc->e, SP_EDATA, "%s: damaged trace file: a "
		    "negative rank (%" PRId64 ") in its header", sc->p->path,
		    rank);
	sc->p->rank = (uint32_t)rank;
	return 0;
}

int
spt_part_scan(struct spt_src *s, size_t k, struct sp_err *e)
{
	struct scan *sc = malloc(sizeof *sc);
	int64_t nregions, i;
	int rc = -1;

	if (sc == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory",
		    s->parts[k].path);
	sc->s = s;
	sc->k = k;
	sc->p = &s->parts[k];
	sc->e = e;
	sc->pos = 0;
	sc->buf_at = sc->buf_len = 0;
	if (scan_header(sc, &nregions) < 0)
		goto out;
	/* a negative count is no regions, as the reference has it */
	for (i = 0; i < nregions; i++)
		if (scan_record(sc) < 0)
			goto out;
	if (sc->pos < sc->p->size) {
		sp_fail(e, SP_EDATA, "%s: %" PRIu64 " trailing byte(s) after "
		    "the last region", sc->p->path, sc->p->size - sc->pos);
		goto out;
	}
	rc = 0;
out:
	free(sc);
	return rc;
}
