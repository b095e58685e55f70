/*
 * alloc-read.c - the allocation-failure scenarios of lib/read, on its
 * public headers only: rank selections and region filters, HDF5 profiles
 * opened as file images (tests/fuzz/corpus/h5/gen-*: lanes, LIKWID and
 * line-profile side payloads, aggregate rows, schemas 0 to 2, fixed
 * strings, a damaged file), JSON profiles (gzip; without the side
 * payloads sp-json keeps, so that they are made again) and native traces
 * (tests/fuzz/corpus/spt/gen-*: an image of each byte order, a damaged
 * one, rank files as one run, a directory of them), each written as
 * sp-read writes it (time order in small batches, file order, a rank and
 * region selection), and sp_read_files over every format.
 *
 * libhdf5, libyajl, zlib and libpcre2 allocate through their own malloc,
 * which the hook does not see: only libsp's own allocations fail here.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sp_filter.h"
#include "sp_h5.h"
#include "sp_json_read.h"
#include "sp_order.h"
#include "sp_ranks.h"
#include "sp_read.h"
#include "sp_section.h"
#include "sp_sink.h"
#include "sp_spt.h"
#include "sp_stream.h"
#include "alloc.h"

#ifndef SP_CORPUS
#error "SP_CORPUS: the directory of the fuzz corpus (tests/meson.build)"
#endif

static const char *
corpus(const char *name)
{
	static char buf[2][1024];
	static int k;

	k = !k;
	snprintf(buf[k], sizeof buf[k], "%s/%s", SP_CORPUS, name);
	return buf[k];
}

static int
ranks(struct sp_err *e)
{
	struct sp_ranks *r = sp_ranks_new();
	uint32_t next;
	int rc = -1;

	if (r == NULL)
		return alloc_nomem(e, "sp_ranks_new");
	/* ranges enough to grow the set past its first entries */
	if (sp_ranks_add(r, "0,2, 5-7 ,9", e) < 0 ||
	    sp_ranks_add(r, "11,13,15,17,19,21,23,25,27,29,31,33,35", e) < 0 ||
	    sp_ranks_add(r, "100-200", e) < 0)
		goto out;
	if (!sp_ranks_has(r, 6) || sp_ranks_has(r, 8) ||
	    !sp_ranks_next(r, 36, &next) || next != 100) {
		sp_fail(e, SP_EDATA, "wrong rank set");
		goto out;
	}
	rc = alloc_printf(e, "%d %d\n", sp_ranks_all(r), sp_ranks_has(r, 150));
out:
	sp_ranks_free(r);
	return rc;
}

static int
filter(struct sp_err *e)
{
	static const char *const names[] = { "solve", "solver_x", "a\nb",
		"\xc3\xa9t\xc3\xa9", "init", "tail" };
	struct sp_filter *f = sp_filter_new();
	size_t i;
	int rc = -1;

	if (f == NULL)
		return alloc_nomem(e, "sp_filter_new");
	if (sp_filter_include(f, "solve", e) < 0 ||
	    sp_filter_include(f, "\\u00e9t.\\Z", e) < 0 ||
	    sp_filter_include(f, "a\\vb|a\\nb|x{,3}init", e) < 0 ||
	    sp_filter_exclude(f, "solver_", e) < 0 ||
	    sp_filter_exclude(f, "\\U0001F600", e) < 0)
		goto out;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (alloc_printf(e, "%s %d\n", names[i], sp_filter_keep(f,
		    names[i], strlen(names[i]))) < 0)
			goto out;
	rc = 0;
out:
	sp_filter_free(f);
	return rc;
}

/*
 * src written as sp-read writes it, three times: time order in batches
 * of 3, file order, and time order for rank 0 without the regions whose
 * names start with "i"; then the stream's bytes.
 */
static int
emit(struct sp_source *src, struct sp_err *e)
{
	static const enum sp_section_order orders[3] = { SP_ORDER_TIME,
		SP_ORDER_FILE, SP_ORDER_TIME };
	const char *path = alloc_outdir("out.sps");
	struct sp_ranks *rk = NULL;
	struct sp_filter *f = NULL;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	struct sp_window win;
	uint64_t calls;
	int fd, k, rc = -1;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", path);
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL)
		goto out;
	if ((rk = sp_ranks_new()) == NULL || (f = sp_filter_new()) == NULL) {
		alloc_nomem(e, "selection");
		goto out;
	}
	if (sp_ranks_add(rk, "0", e) < 0 || sp_filter_exclude(f, "i", e) < 0 ||
	    sp_window_parse("--window", "1ns:", 0, &win, e) < 0)
		goto out;
	/* the last pass: a window, relative (the run's start is looked up) */
	for (k = 0; k < 4; k++) {
		struct sp_order_opts o;

		memset(&o, 0, sizeof o);
		o.batch = k == 0 ? 3 : 0;
		o.order = orders[k % 3];
		if (k == 2) {
			o.ranks = rk;
			o.filter = f;
		}
		if (k == 3)
			o.window = &win;
		if (sp_section_write_header(w, orders[k % 3], "alloc", e) < 0 ||
		    sp_order_emit(src, "label", NULL, 0, &o, w, &calls,
		    e) < 0 ||
		    sp_writer_stream_end(w, 1, e) < 0 ||
		    alloc_printf(e, "%llu calls\n",
		    (unsigned long long)calls) < 0)
			goto out;
	}
	if (sp_sink_flush(s, e) < 0)
		goto out;
	rc = alloc_slurp(path, e);
out:
	sp_writer_free(w);
	sp_sink_free(s);
	sp_filter_free(f);
	sp_ranks_free(rk);
	close(fd);
	unlink(path);
	return rc;
}

/* The file's bytes, read without allocating. */
static unsigned char image[1 << 16];

static size_t
load(const char *name)
{
	int fd = open(corpus(name), O_RDONLY);
	ssize_t n;

	if (fd < 0)
		alloc_die(corpus(name), "cannot open");
	n = read(fd, image, sizeof image);
	close(fd);
	if (n <= 0 || (size_t)n == sizeof image)
		alloc_die(corpus(name), "cannot read, or too large");
	return (size_t)n;
}

static int
h5(const char *name, int broken, struct sp_err *e)
{
	size_t n = load(name);
	struct sp_source *src;
	struct sp_err why;
	int rc;

	sp_err_clear(&why);
	/* a name no file has: the core driver will not shadow a real one */
	if ((src = sp_h5_open_image(image, n, "<alloc image>", &why)) == NULL) {
		if (why.status != SP_EDATA || !broken) {
			*e = why;
			return -1;
		}
		return alloc_printf(e, "%s\n", why.msg);
	}
	rc = emit(src, &why);
	sp_source_free(src);
	if (rc < 0 && broken && why.status == SP_EDATA)
		return alloc_printf(e, "%s\n", why.msg);
	if (rc < 0)
		*e = why;
	else if (broken)
		return sp_fail(e, SP_EDATA, "wrong: a damaged file was read");
	return rc;
}

static int
json(const char *name, struct sp_err *e)
{
	struct sp_source *src;
	int rc;

	if ((src = sp_json_open(corpus(name), alloc_tmpdir(), e)) == NULL)
		return -1;
	rc = emit(src, e);
	sp_source_free(src);
	return rc;
}

/*
 * The JSON document without its "sp_side_payloads" (renamed, so that
 * the reader skips it): the side payloads are then made from the
 * "likwid", "line_profile" and "perf_events" keys, as for a document
 * of scope-profiler's own.
 */
static void
no_payloads(void)
{
	static const char key[] = "\"sp_side_payloads\"";
	size_t n = load("json/gen-spec-all-features.json"), i;
	int fd;

	for (i = 0; i + sizeof key - 1 <= n; i++)
		if (memcmp(image + i, key, sizeof key - 1) == 0)
			memcpy(image + i, "\"zz", 3);
	if ((fd = open(alloc_in("images.json"), O_WRONLY | O_CREAT | O_TRUNC,
	    0644)) < 0 || write(fd, image, n) != (ssize_t)n)
		alloc_die("images.json", "cannot write");
	close(fd);
}

static int
json_images(struct sp_err *e)
{
	struct sp_source *src;
	int rc;

	if ((src = sp_json_open(alloc_in("images.json"), alloc_tmpdir(),
	    e)) == NULL)
		return -1;
	rc = emit(src, e);
	sp_source_free(src);
	return rc;
}

/*
 * gen-spec-minimal.h5 with a label in its metadata (what names the run
 * instead of the file's stem), added with the HDF5 library itself.
 */
static void
labelled(void)
{
	static const char *const label = "caf\xc3\xa9 run";
	size_t n = load("h5/gen-spec-minimal.h5");
	hid_t f, g = -1, t, sp, a;
	int fd;

	if ((fd = open(alloc_in("labelled.h5"), O_WRONLY | O_CREAT | O_TRUNC,
	    0644)) < 0 || write(fd, image, n) != (ssize_t)n)
		alloc_die("labelled.h5", "cannot write");
	close(fd);
	if ((f = H5Fopen(alloc_in("labelled.h5"), H5F_ACC_RDWR,
	    H5P_DEFAULT)) < 0 ||
	    (g = H5Gopen2(f, "metadata", H5P_DEFAULT)) < 0)
		alloc_die("labelled.h5", "cannot open its metadata");
	t = H5Tcopy(H5T_C_S1);
	H5Tset_size(t, H5T_VARIABLE);
	H5Tset_cset(t, H5T_CSET_UTF8);
	sp = H5Screate(H5S_SCALAR);
	if ((a = H5Acreate2(g, "label", t, sp, H5P_DEFAULT, H5P_DEFAULT)) < 0 ||
	    H5Awrite(a, t, &label) < 0)
		alloc_die("labelled.h5", "cannot write its label");
	H5Aclose(a);
	H5Sclose(sp);
	H5Tclose(t);
	H5Gclose(g);
	H5Fclose(f);
}

/* Its label goes into the run item: sp_read_files labels runs by it. */
static int
h5_label(struct sp_err *e)
{
	static const struct sp_source_format *const formats[] = {
		&sp_h5_format
	};
	const char *paths[1];
	const char *path = alloc_outdir("out.sps");
	struct sp_order_opts o;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	int fd, rc = -1;

	paths[0] = alloc_in("labelled.h5");
	memset(&o, 0, sizeof o);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", path);
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    sp_read_files(formats, 1, paths, 1, &o, alloc_tmpdir(), w,
	    e) < 0 || sp_sink_flush(s, e) < 0)
		goto out;
	rc = alloc_slurp(path, e);
out:
	sp_writer_free(w);
	sp_sink_free(s);
	close(fd);
	unlink(path);
	return rc;
}

#define H5(fn, file, broken) \
static int fn(struct sp_err *e) { return h5("h5/" file, broken, e); }
#define JSON(fn, file) \
static int fn(struct sp_err *e) { return json("json/" file, e); }

H5(h5_lanes, "gen-spec-lanes.h5", 0)
H5(h5_s2_lanes, "gen-spec-s2-lanes.h5", 0)
H5(h5_likwid, "gen-spec-likwid.h5", 0)
H5(h5_line_perf, "gen-spec-line-perf.h5", 0)
H5(h5_aggregate, "gen-spec-aggregate.h5", 0)
H5(h5_s0, "gen-synth-s0-small.h5", 0)
H5(h5_s1, "gen-synth-s1-small.h5", 0)
H5(h5_fixed, "gen-synth-fixed.h5", 0)
H5(h5_overlapping, "gen-broken-overlapping-rows.h5", 1)
JSON(json_all_gz, "gen-spec-all-features.json.gz")
JSON(json_aggregate, "gen-synth-aggregate.json")

/* A native trace's image, written; broken: its message is the output. */
static int
spt(const char *name, int broken, struct sp_err *e)
{
	size_t n = load(name);
	struct sp_source *src;
	struct sp_err why;
	int rc;

	sp_err_clear(&why);
	if ((src = sp_spt_open_image(image, n, "<alloc image>", &why)) ==
	    NULL) {
		if (why.status != SP_EDATA || !broken) {
			*e = why;
			return -1;
		}
		return alloc_printf(e, "%s\n", why.msg);
	}
	rc = emit(src, e);
	sp_source_free(src);
	if (rc == 0 && broken)
		return sp_fail(e, SP_EDATA, "wrong: a damaged trace was read");
	return rc;
}

static int
spt_little(struct sp_err *e)
{
	return spt("spt/gen-synth-v2-little.spt", 0, e);
}

static int
spt_big(struct sp_err *e)
{
	return spt("spt/gen-synth-v1-big.spt", 0, e);
}

static int
spt_broken(struct sp_err *e)
{
	return spt("spt/gen-broken-name-not-utf8.spt", 1, e);
}

/*
 * Three rank files of one run in traces/ (ranks 0, 1 and 2, as the
 * second byte of the rank field of two copies says), with the duplicate
 * name of gen-broken-duplicate-name.spt, both byte orders and versions.
 */
static void
rank_files(void)
{
	static const char *const from[3] = { "spt/gen-broken-duplicate-name.spt",
		"spt/gen-synth-v1-big.spt", "spt/gen-synth-v2-little.spt" };
	static const char *const to[3] = { "traces/r0.spt", "traces/r1.spt",
		"traces/r2.spt" };
	size_t n, k;
	int fd;

	mkdir(alloc_in("traces"), 0755);
	for (k = 0; k < 3; k++) {
		n = load(from[k]);
		/* the rank's low byte: at 12 little-endian, 15 big-endian */
		image[k == 1 ? 15 : 12] = (unsigned char)k;
		if ((fd = open(alloc_in(to[k]), O_WRONLY | O_CREAT | O_TRUNC,
		    0644)) < 0 || write(fd, image, n) != (ssize_t)n)
			alloc_die(to[k], "cannot write");
		close(fd);
	}
}

/* sp_read_files over paths (n of them) and every format, its stream. */
static int
read_files(const char *const *paths, size_t n, struct sp_err *e)
{
	static const struct sp_source_format *const formats[] = { &sp_h5_format,
		&sp_json_format, &sp_spt_format };
	const char *path = alloc_outdir("out.sps");
	struct sp_order_opts o;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	int fd, rc = -1;

	memset(&o, 0, sizeof o);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", path);
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    sp_read_files(formats, 3, paths, n, &o, alloc_tmpdir(), w,
	    e) < 0 || sp_sink_flush(s, e) < 0)
		goto out;
	rc = alloc_slurp(path, e);
out:
	sp_writer_free(w);
	sp_sink_free(s);
	close(fd);
	unlink(path);
	return rc;
}

/* The rank files named in any order, twice one of them, amid a profile. */
static int
spt_parts(struct sp_err *e)
{
	char a[1024], b[1024], c[1024];
	const char *paths[5];

	snprintf(a, sizeof a, "%s", alloc_in("traces/r2.spt"));
	snprintf(b, sizeof b, "%s", alloc_in("traces/r0.spt"));
	snprintf(c, sizeof c, "%s", alloc_in("traces/./r1.spt"));
	paths[0] = a;
	paths[1] = corpus("h5/gen-spec-minimal.h5");
	paths[2] = b;
	paths[3] = c;
	paths[4] = a;
	return read_files(paths, 5, e);
}

/* The directory of them. */
static int
spt_dir(struct sp_err *e)
{
	const char *paths[1];

	paths[0] = alloc_in("traces");
	return read_files(paths, 1, e);
}

/* sp-read's whole job: both formats, labels made unique, one section. */
static int
files(struct sp_err *e)
{
	static const struct sp_source_format *const formats[] = { &sp_h5_format,
		&sp_json_format };
	const char *paths[3];
	const char *path = alloc_outdir("out.sps");
	struct sp_order_opts o;
	struct sp_sink *s = NULL;
	struct sp_writer *w = NULL;
	int fd, rc = -1;

	paths[0] = corpus("h5/gen-spec-minimal.h5");
	paths[1] = corpus("json/gen-spec-minimal.json");
	paths[2] = corpus("h5/gen-spec-minimal.h5");
	memset(&o, 0, sizeof o);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return sp_fail(e, SP_EIO, "%s: cannot open", path);
	if ((s = sp_sink_new_fd(fd, path, e)) == NULL ||
	    (w = sp_writer_new(s, e)) == NULL ||
	    sp_read_files(formats, 2, paths, 3, &o, alloc_tmpdir(), w,
	    e) < 0 || sp_sink_flush(s, e) < 0)
		goto out;
	rc = alloc_slurp(path, e);
out:
	sp_writer_free(w);
	sp_sink_free(s);
	close(fd);
	unlink(path);
	return rc;
}

const struct alloc_scenario alloc_read[] = {
	{ "read/ranks", NULL, ranks, 0 },
	{ "read/filter", NULL, filter, 0 },
	{ "read/h5-lanes", NULL, h5_lanes, 0 },
	{ "read/h5-s2-lanes", NULL, h5_s2_lanes, 0 },
	{ "read/h5-likwid", NULL, h5_likwid, 0 },
	{ "read/h5-line-perf", NULL, h5_line_perf, 0 },
	{ "read/h5-aggregate", NULL, h5_aggregate, 0 },
	{ "read/h5-s0", NULL, h5_s0, 0 },
	{ "read/h5-s1", NULL, h5_s1, 0 },
	{ "read/h5-fixed", NULL, h5_fixed, 0 },
	{ "read/h5-overlapping", NULL, h5_overlapping, 0 },
	{ "read/h5-label", labelled, h5_label, 0 },
	{ "read/json-all-gz", NULL, json_all_gz, 0 },
	{ "read/json-aggregate", NULL, json_aggregate, 0 },
	{ "read/json-images", no_payloads, json_images, 0 },
	{ "read/files", NULL, files, 0 },
	{ "read/spt-little", NULL, spt_little, 0 },
	{ "read/spt-big", NULL, spt_big, 0 },
	{ "read/spt-broken", NULL, spt_broken, 0 },
	{ "read/spt-parts", rank_files, spt_parts, 0 },
	{ "read/spt-dir", rank_files, spt_dir, 0 },
	{ NULL, NULL, NULL, 0 },
};
