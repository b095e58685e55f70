/*
 * fuzz-read - sp-read's front end (sp_read.h): the file list, each
 * file's format told by its content, then its name, the directories of
 * rank files, the runs they make and their labels, and the options the
 * ordering engine takes (order, batch, region filter, ranks, shard,
 * window), all formats sp-read reads.
 *
 * The input is two bytes of options and the files, separated by
 * "SP-FUZZ-FILE" (at most 4); each file's first byte chooses its name
 * (.h5, .json, .json.gz, .spt, none, a rank file in a directory given
 * as the directory, a name that is not there, .txt), the rest is its
 * content.  The files are written to a scratch directory under $TMPDIR
 * (else /tmp), emptied after each input.
 *
 *   byte 0  bit 0: --order file; 1: --batch 3; 2: -i 's'; 3: -x 'w';
 *           4: -r 0,2; 5: --shard; 6: a missing-ranks callback;
 *           7: a temporary directory of its own
 *   byte 1  bits 0-2: --window (none or one of six); bit 3: inside
 *
 * Invariants checked (abort when broken): a stream sp_read_files()
 * wrote without an error reads back to its clean end; no file is left
 * in the temporary directory.
 */
#include "fuzz.h"

#include "sp_filter.h"
#include "sp_h5.h"
#include "sp_json_read.h"
#include "sp_ranks.h"
#include "sp_read.h"
#include "sp_spt.h"
#include "sp_window.h"

#define SEP "SP-FUZZ-FILE"
#define MAX_FILES 4

static const struct sp_source_format *const formats[] = {
	&sp_h5_format, &sp_json_format, &sp_spt_format,
};

static void
missing(void *ctx, const char *path, const uint32_t (*ranges)[2], size_t n)
{
	(void)ctx;
	(void)path;
	(void)ranges;
	(void)n;
}

static void
write_file(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || (n > 0 && fwrite(p, 1, n, f) != n) || fclose(f) != 0)
		abort();
}

/* File i of content p: its path as given to sp-read, in path. */
static void
make_file(const char *top, unsigned i, const uint8_t *p, size_t n,
    char *path, size_t size)
{
	static const char *const ext[] = { ".h5", ".json", ".json.gz",
		".spt", "", NULL, NULL, ".txt" };
	unsigned kind = n > 0 ? p[0] % 8 : 4;

	if (n > 0) {
		p++;
		n--;
	}
	if (kind == 5) {	/* a directory of one rank file */
		char f[4400];

		snprintf(path, size, "%s/d%u", top, i);
		fuzz_mkdir(path);
		if ((size_t)snprintf(f, sizeof f, "%s/rank%u.spt", path, i) >=
		    sizeof f)
			abort();
		write_file(f, p, n);
		return;
	}
	snprintf(path, size, "%s/p%u%s", top, i, kind == 6 ? ".absent" :
	    ext[kind]);
	if (kind != 6)
		write_file(path, p, n);
}

static void
set_window(struct sp_order_opts *o, struct sp_window *win, uint8_t b)
{
	static const char *const specs[] = { "5ns:50ns", "@-5:@40", ":1us",
		"-1s:@20", "@9223372036854775806:", "0:9223372036854775807ns" };
	struct sp_err e;
	unsigned k = b & 7;

	if (k == 0 || k > 6)
		return;
	if (sp_window_parse("--window", specs[k - 1], (b & 8) != 0, win,
	    &e) < 0)
		abort();	/* a window the option parser takes */
	o->window = win;
}

static void
read_files(const char *const *paths, size_t n, const uint8_t *opt,
    const char *tmpdir, struct sp_err *e)
{
	struct sp_order_opts o;
	struct sp_window win;
	struct sp_filter *f = sp_filter_new();
	struct sp_ranks *rk = sp_ranks_new();
	struct sp_sink *sink;
	struct sp_writer *w;
	int out = fuzz_memfd(NULL, 0), rc;

	if (f == NULL || rk == NULL)
		abort();
	memset(&o, 0, sizeof o);
	o.order = opt[0] & 1 ? SP_ORDER_FILE : SP_ORDER_TIME;
	o.batch = opt[0] & 2 ? 3 : 0;
	if (((opt[0] & 4) && sp_filter_include(f, "s", e) < 0) ||
	    ((opt[0] & 8) && sp_filter_exclude(f, "w", e) < 0) ||
	    ((opt[0] & 16) && sp_ranks_add(rk, "0,2", e) < 0))
		abort();
	o.filter = sp_filter_active(f) ? f : NULL;
	o.ranks = sp_ranks_all(rk) ? NULL : rk;
	o.shard = (opt[0] & 32) != 0;
	o.missing = opt[0] & 64 ? missing : NULL;
	set_window(&o, &win, opt[1]);
	if ((sink = sp_sink_new_fd(out, "out", e)) == NULL ||
	    (w = sp_writer_new(sink, e)) == NULL)
		abort();
	if (o.window != NULL)
		sp_writer_set_minor(w, 1);
	rc = sp_read_files(formats, sizeof formats / sizeof formats[0],
	    paths, n, &o, tmpdir, w, e);
	if (rc == 0 && sp_sink_flush(sink, e) < 0)
		abort();
	sp_writer_free(w);
	sp_sink_free(sink);
	if (rc == 0 && fuzz_read_stream(out, "out", e) != 0)
		abort();	/* sp-read wrote a stream sp-stack refuses */
	close(out);
	sp_filter_free(f);
	sp_ranks_free(rk);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char names[MAX_FILES][4300], tmpdir[4200];
	const char *paths[MAX_FILES];
	const char *top;
	const uint8_t *p, *end;
	struct sp_err e;
	size_t n = 0;

	if (size < 2)
		return 0;
	top = fuzz_scratch();
	snprintf(tmpdir, sizeof tmpdir, "%s/tmp", top);
	fuzz_mkdir(tmpdir);
	p = data + 2;
	end = data + size;
	while (n < MAX_FILES) {
		const uint8_t *s = memmem(p, (size_t)(end - p), SEP,
		    sizeof SEP - 1);
		const uint8_t *q = s != NULL ? s : end;

		make_file(top, (unsigned)n, p, (size_t)(q - p), names[n],
		    sizeof names[n]);
		paths[n] = names[n];
		n++;
		if (s == NULL)
			break;
		p = s + sizeof SEP - 1;
	}
	sp_err_clear(&e);
	read_files(paths, n, data, data[0] & 128 ? tmpdir : NULL, &e);
	if (fuzz_clear_dir(tmpdir) != 0)
		abort();	/* a temporary file left behind */
	fuzz_clear_dir(top);
	return 0;
}
