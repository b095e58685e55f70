/*
 * The files of a native-trace run as one source (doc/formats.md, "Native
 * runs", load_traces): each file scanned in the order given, its records made
 * rows of its rank, regions named in order of first appearance; then the rows
 * grouped by rank, the metadata, and the operations that read calls.
 */
#include "sp_spt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_cbuf.h"
#include "sp_grow.h"
#include "sp_hash.h"

static int
oom(const char *path, struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
}

/* --- the region table --- */

static uint64_t
name_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return sp_hash_mix(h);
}

/* The slot of name: its region's, or the empty one it would take. */
static size_t
name_slot(const struct spt_src *s, const char *name, size_t n)
{
	size_t i = (size_t)name_hash(name, n) & (s->nslots - 1);

	for (;; i = (i + 1) & (s->nslots - 1)) {
		uint32_t id = s->slots[i];

		if (id == 0 || (s->regions[id - 1].len == n &&
		    memcmp(s->regions[id - 1].name, name, n) == 0))
			return i;
	}
}

/* The hash at twice the regions' room, so that it stays half empty. */
static int
rehash(struct spt_src *s, struct sp_err *e)
{
	size_t n = s->nslots ? s->nslots * 2 : 64, i;
	uint32_t *old = s->slots;
	size_t nold = s->nslots;

	if ((s->slots = calloc(n, sizeof *s->slots)) == NULL) {
		s->slots = old;
		return oom(s->parts[0].path, e);
	}
	s->nslots = n;
	for (i = 0; i < nold; i++)
		if (old[i] != 0)
			s->slots[name_slot(s, s->regions[old[i] - 1].name,
			    s->regions[old[i] - 1].len)] = old[i];
	free(old);
	return 0;
}

/* The region id of a name, a new one at the end of the table if new. */
static int
region_of(struct spt_src *s, const char *name, size_t n, uint32_t *id,
    struct sp_err *e)
{
	size_t slot, k = s->src.nregions;
	struct spt_region *r;

	if ((k + 1) * 2 > s->nslots && rehash(s, e) < 0)
		return -1;
	slot = name_slot(s, name, n);
	if (s->slots[slot] != 0) {
		*id = s->slots[slot] - 1;
		return 0;
	}
	if (k >= UINT32_MAX - 1)
		return sp_fail(e, SP_EDATA, "%s: more regions than sp holds",
		    s->parts[0].path);
	if (sp_grow(&s->regions, &s->capregions, k + 1, sizeof *s->regions,
	    16) < 0)
		return oom(s->parts[0].path, e);
	r = &s->regions[k];
	memset(r, 0, sizeof *r);
	if ((r->name = malloc(n + 1)) == NULL)
		return oom(s->parts[0].path, e);
	memcpy(r->name, name, n);
	r->name[n] = '\0';
	r->len = n;
	s->slots[slot] = (uint32_t)k + 1;
	s->src.nregions = k + 1;
	*id = (uint32_t)k;
	return 0;
}

/* --- rows --- */

/* A kept source path: freed with the source. */
static int
keep_text(struct spt_src *s, char *t, struct sp_err *e)
{
	if (sp_grow(&s->texts, &s->captexts, s->ntexts + 1, sizeof *s->texts,
	    16) < 0) {
		free(t);
		return oom(s->parts[0].path, e);
	}
	s->texts[s->ntexts++] = t;
	return 0;
}

/* What the record says of its row, the row's own or a later record's. */
static void
set_row(struct spt_src *s, size_t row, const struct spt_record *r,
    const char *source, size_t k, uint32_t region)
{
	struct sp_source_row *sr = &s->src.rows[row];

	sr->file = s->parts[k].path;
	sr->rank = s->parts[k].rank;
	sr->region = sr->info.region = region;
	sr->count = sr->info.calls = r->count;
	sr->info.source_file = source;
	sr->info.has_lineno = r->has_line;
	sr->info.source_lineno = r->line;
	s->calls[row].part = k;
	s->calls[row].at = r->at;
}

int
spt_add_record(struct spt_src *s, size_t k, struct spt_record *r,
    struct sp_err *e)
{
	struct spt_part *p = &s->parts[k];
	struct sp_source_row *rows;
	size_t n = s->src.nrows, cap = s->caprows;
	uint32_t region = 0;
	char *src = r->source;

	r->source = NULL;

	/* the source path is the source's from here on, or freed */
	if (src != NULL && keep_text(s, src, e) < 0)
		return -1;
	if (region_of(s, r->name, r->name_len, &region, e) < 0)
		return -1;
	/* a name this file recorded before: the later record wins */
	if (s->regions[region].stamp == k + 1) {
		set_row(s, s->regions[region].row, r, src, k, region);
		return 0;
	}
	if (sp_grow(&s->calls, &s->caprows, n + 1, sizeof *s->calls, 16) < 0)
		return oom(p->path, e);
	if (s->caprows != cap) {
		if ((rows = realloc(s->src.rows, s->caprows *
		    sizeof *rows)) == NULL)
			return oom(p->path, e);
		s->src.rows = rows;
	}
	memset(&s->src.rows[n], 0, sizeof s->src.rows[n]);
	set_row(s, n, r, src, k, region);
	s->regions[region].stamp = k + 1;
	s->regions[region].row = n;
	s->src.nrows = n + 1;
	p->nrows++;
	return 0;
}

/* --- the run --- */

/* The two files of one rank, as the reference's TraceFormatError. */
static int
check_rank(const struct spt_src *s, size_t k, struct sp_err *e)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (s->parts[i].rank == s->parts[k].rank)
			return sp_fail(e, SP_EDATA, "%s and %s both claim rank "
			    "%u; pass the MPI rank to sp_init() so each rank "
			    "writes its own", s->parts[k].path,
			    s->parts[i].path, s->parts[k].rank);
	return 0;
}

/* The ranks of the files without records: they count, with no rows. */
static int
empty_ranks(struct spt_src *s, struct sp_err *e)
{
	size_t i, n = 0;

	if ((s->src.extra_ranks = malloc((s->nparts + 1) *
	    sizeof *s->src.extra_ranks)) == NULL)
		return oom(s->parts[0].path, e);
	for (i = 0; i < s->nparts; i++)
		if (s->parts[i].nrows == 0)
			s->src.extra_ranks[n++] = s->parts[i].rank;
	s->src.nextra_ranks = n;
	return 0;
}

struct rowkey {
	uint32_t rank;
	size_t at;
};

static int
cmp_rowkey(const void *a, const void *b)
{
	const struct rowkey *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The rows grouped by rank, ranks ascending, each rank's in file order. */
static int
sort_rows(struct spt_src *s, struct sp_err *e)
{
	size_t n = s->src.nrows, i;
	struct rowkey *key = malloc((n + 1) * sizeof *key);
	struct sp_source_row *rows = malloc((n + 1) * sizeof *rows);
	struct spt_calls *calls = malloc((n + 1) * sizeof *calls);

	if (key == NULL || rows == NULL || calls == NULL) {
		free(key);
		free(rows);
		free(calls);
		return oom(s->parts[0].path, e);
	}
	for (i = 0; i < n; i++) {
		key[i].rank = s->src.rows[i].rank;
		key[i].at = i;
	}
	if (n > 1)
		qsort(key, n, sizeof *key, cmp_rowkey);
	for (i = 0; i < n; i++) {
		rows[i] = s->src.rows[key[i].at];
		calls[i] = s->calls[key[i].at];
	}
	free(key);
	free(s->src.rows);
	free(s->calls);
	s->src.rows = rows;
	s->calls = calls;
	s->caprows = n + 1;
	return 0;
}

/* The first start of row i (it has calls). */
static int
first_start(struct spt_src *s, size_t i, int64_t *v, struct sp_err *e)
{
	const struct spt_calls *c = &s->calls[i];
	uint64_t u;

	if (spt_part_read(s, c->part, c->at, &u, 8, e) < 0)
		return -1;
	if (s->parts[c->part].swap)
		u = __builtin_bswap64(u);
	*v = (int64_t)u;
	return 0;
}

/*
 * The metadata the reference gives an import: source "native",
 * trace_format_version 2 (whatever the files' versions), start_time_ns
 * the earliest first start of a region (index 0 of each row, not the
 * earliest start), absent when no region has a call.
 */
static int
run_metadata(struct spt_src *s, struct sp_err *e)
{
	struct sp_cbuf *b = sp_cbuf_new();
	int64_t lo = 0, v;
	int any = 0, rc = -1;
	size_t i;

	if (b == NULL)
		return oom(s->parts[0].path, e);
	for (i = 0; i < s->src.nrows; i++) {
		if (s->src.rows[i].count == 0)
			continue;
		if (first_start(s, i, &v, e) < 0)
			goto out;
		if (!any || v < lo)
			lo = v;
		any = 1;
	}
	sp_cbuf_map(b, any ? 3 : 2);
	sp_cbuf_cstr(b, "source");
	sp_cbuf_cstr(b, "native");
	sp_cbuf_cstr(b, "trace_format_version");
	sp_cbuf_uint(b, 2);
	if (any) {
		sp_cbuf_cstr(b, "start_time_ns");
		sp_cbuf_int(b, lo);
	}
	if (sp_cbuf_failed(b) ||
	    (s->src.metadata = malloc(sp_cbuf_len(b))) == NULL) {
		oom(s->parts[0].path, e);
		goto out;
	}
	s->src.metadata_len = sp_cbuf_len(b);
	memcpy(s->src.metadata, sp_cbuf_data(b), s->src.metadata_len);
	rc = 0;
out:
	sp_cbuf_free(b);
	return rc;
}

/* --- the operations --- */

/* The 8-byte values of a column, in this machine's byte order. */
static void
swap_all(int64_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = (int64_t)__builtin_bswap64((uint64_t)v[i]);
}

static int
spt_read(struct sp_source *src, size_t row, uint64_t off, size_t n,
    int64_t *a, int64_t *b, int64_t *const x[SP_X_COUNT], struct sp_err *e)
{
	struct spt_src *s = (struct spt_src *)src;
	const struct spt_calls *c = &s->calls[row];
	uint64_t count = src->rows[row].count;

	(void)x;	/* a native trace has no optional columns */
	if (n == 0)
		return 0;
	if (spt_part_read(s, c->part, c->at + off * 8, a, n * 8, e) < 0 ||
	    spt_part_read(s, c->part, c->at + (count + off) * 8, b, n * 8,
	    e) < 0)
		return -1;
	if (s->parts[c->part].swap) {
		swap_all(a, n);
		swap_all(b, n);
	}
	return 0;
}

static int
spt_tables(struct sp_source *src, uint32_t rank, struct sp_rank_info *out,
    struct sp_err *e)
{
	(void)src;
	(void)rank;
	(void)out;
	(void)e;
	return 0;	/* no thread or task tables */
}

static int
spt_sides(struct sp_source *src, uint32_t rank,
    int (*emit)(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e), void *ctx, struct sp_err *e)
{
	(void)src;
	(void)rank;
	(void)emit;
	(void)ctx;
	(void)e;
	return 0;	/* no side payloads */
}

static void
spt_free(struct sp_source *src)
{
	struct spt_src *s = (struct spt_src *)src;
	size_t i;

	if (s->fd >= 0)
		close(s->fd);
	for (i = 0; i < s->src.nregions; i++)
		free(s->regions[i].name);
	free(s->regions);
	free(s->slots);
	for (i = 0; i < s->ntexts; i++)
		free(s->texts[i]);
	free(s->texts);
	for (i = 0; i < s->nparts; i++) {
		free(s->parts[i].path);
		free(s->parts[i].img);
	}
	free(s->parts);
	free(s->calls);
}

static const struct sp_source_ops ops = { spt_read, spt_tables, spt_sides,
	spt_free };

/* --- open --- */

/* A source of n parts, their paths copied, nothing read yet. */
static struct spt_src *
src_new(const char *const *paths, size_t n, struct sp_err *e)
{
	struct spt_src *s = calloc(1, sizeof *s);
	size_t i;

	if (s == NULL) {
		oom(paths[0], e);
		return NULL;
	}
	s->src.ops = &ops;
	s->fd = -1;
	if ((s->parts = calloc(n, sizeof *s->parts)) == NULL) {
		free(s);
		oom(paths[0], e);
		return NULL;
	}
	s->nparts = n;
	for (i = 0; i < n; i++)
		if ((s->parts[i].path = strdup(paths[i])) == NULL) {
			oom(paths[0], e);
			sp_source_free(&s->src);
			return NULL;
		}
	s->src.path = s->parts[0].path;
	s->src.source_format = "spt";
	s->src.layout = "native";
	s->src.event_data = 1;
	return s;
}

/* The size of part k's file, which must be a regular file. */
static int
part_size(struct spt_src *s, size_t k, struct sp_err *e)
{
	struct spt_part *p = &s->parts[k];
	struct stat st;

	if (stat(p->path, &st) < 0)
		return sp_fail_errno(e, errno, "%s", p->path);
	if (S_ISDIR(st.st_mode))
		return sp_fail(e, SP_EDATA, "%s: is a directory", p->path);
	p->size = (uint64_t)st.st_size;
	return 0;
}

/* Every part scanned, then the run made of them. */
static int
src_build(struct spt_src *s, struct sp_err *e)
{
	size_t k;

	for (k = 0; k < s->nparts; k++) {
		s->parts[k].row0 = s->src.nrows;
		if ((s->parts[k].img == NULL && part_size(s, k, e) < 0) ||
		    spt_part_scan(s, k, e) < 0 || check_rank(s, k, e) < 0)
			return -1;
	}
	if (empty_ranks(s, e) < 0 || sort_rows(s, e) < 0 ||
	    run_metadata(s, e) < 0)
		return -1;
	s->src.num_ranks = (uint32_t)s->nparts;
	if ((s->src.names = calloc(s->src.nregions + 1,
	    sizeof *s->src.names)) == NULL ||
	    (s->src.label = strdup("native_trace")) == NULL)
		return oom(s->parts[0].path, e);
	for (k = 0; k < s->src.nregions; k++)
		s->src.names[k] = s->regions[k].name;
	return 0;
}

struct sp_source *
sp_spt_open(const char *const *paths, size_t n, struct sp_err *e)
{
	struct spt_src *s;

	if (n == 0) {
		sp_fail(e, SP_EUSAGE, "no native trace to read");
		return NULL;
	}
	if (n > UINT32_MAX) {
		sp_fail(e, SP_EDATA, "%s: more rank files than sp holds",
		    paths[0]);
		return NULL;
	}
	if ((s = src_new(paths, n, e)) == NULL)
		return NULL;
	if (src_build(s, e) < 0) {
		sp_source_free(&s->src);
		return NULL;
	}
	return &s->src;
}

struct sp_source *
sp_spt_open_image(const void *buf, size_t n, const char *name,
    struct sp_err *e)
{
	struct spt_src *s;

	if ((s = src_new(&name, 1, e)) == NULL)
		return NULL;
	if ((s->parts[0].img = malloc(n + 1)) == NULL) {
		oom(name, e);
		sp_source_free(&s->src);
		return NULL;
	}
	if (n > 0)
		memcpy(s->parts[0].img, buf, n);
	s->parts[0].size = n;
	if (src_build(s, e) < 0) {
		sp_source_free(&s->src);
		return NULL;
	}
	return &s->src;
}

/* --- the format --- */

int
sp_spt_sniff_bytes(const unsigned char *p, size_t n)
{
	return n >= 8 && memcmp(p, "SCOPEPRF", 8) == 0;
}

/* A file named *.spt that is of no format: the parser says why. */
static int
by_name(const char *path)
{
	size_t n = strlen(path);

	return n >= 4 && strcmp(path + n - 4, ".spt") == 0;
}

static struct sp_source *
open_parts(const char *const *paths, size_t n, const char *tmpdir,
    struct sp_err *e)
{
	(void)tmpdir;	/* read in place */
	return sp_spt_open(paths, n, e);
}

const struct sp_source_format sp_spt_format = {
	"spt", 0, NULL, sp_spt_sniff_bytes, by_name, NULL, open_parts, ".spt",
};
