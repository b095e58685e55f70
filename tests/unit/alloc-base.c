/*
 * alloc-base.c - the allocation-failure scenarios of lib/base: the
 * arena, the CBOR buffer, growing arrays, labels and their sets, repr
 * quoting, and the progress line and option parsers, which allocate
 * nothing (their sweeps prove it: one run, no allocation reached).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_arena.h"
#include "sp_cbuf.h"
#include "sp_grow.h"
#include "sp_label.h"
#include "sp_parse.h"
#include "sp_progress.h"
#include "sp_pyrepr.h"
#include "alloc.h"

/* Pieces in the first block, one too big for it, one past a block. */
static int
arena(struct sp_err *e)
{
	static const size_t sizes[] = { 1, 7, 16, 100, 5000, 20000, 70000,
		3, 16384 };
	struct sp_arena *a = sp_arena_new();
	unsigned char *p[sizeof sizes / sizeof sizes[0]];
	size_t i, j;
	char *s;
	int rc = -1;

	if (a == NULL)
		return alloc_nomem(e, "sp_arena_new");
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		if ((p[i] = sp_arena_alloc(a, sizes[i])) == NULL) {
			alloc_nomem(e, "sp_arena_alloc");
			goto out;
		}
		if ((uintptr_t)p[i] % 16 != 0) {
			sp_fail(e, SP_EDATA, "wrong alignment");
			goto out;
		}
		memset(p[i], (int)i + 1, sizes[i]);
	}
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (j = 0; j < sizes[i]; j++)
			if (p[i][j] != i + 1) {
				sp_fail(e, SP_EDATA, "wrong piece %zu", i);
				goto out;
			}
	if ((s = sp_arena_strndup(a, "region-name", 6)) == NULL) {
		alloc_nomem(e, "sp_arena_strndup");
		goto out;
	}
	if (alloc_printf(e, "%s\n", s) < 0)
		goto out;
	/* after a reset the newest block serves again, then new ones */
	sp_arena_reset(a);
	for (i = 0; i < 3; i++)
		if (sp_arena_alloc(a, 30000) == NULL) {
			alloc_nomem(e, "sp_arena_alloc after reset");
			goto out;
		}
	rc = 0;
out:
	sp_arena_free(a);
	return rc;
}

/* An item that outgrows the buffer's first 4 KiB twice. */
static int
cbuf(struct sp_err *e)
{
	struct sp_cbuf *b = sp_cbuf_new();
	int i, rc = -1;

	if (b == NULL)
		return alloc_nomem(e, "sp_cbuf_new");
	sp_cbuf_tag(b, 55799);
	sp_cbuf_map(b, 1000);
	for (i = 0; i < 1000; i++) {
		char key[32];

		snprintf(key, sizeof key, "key %d", i);
		sp_cbuf_cstr(b, key);
		if (i % 3 == 0)
			sp_cbuf_int(b, -i);
		else if (i % 3 == 1)
			sp_cbuf_double(b, i / 7.0);
		else
			sp_cbuf_bytes(b, key, strlen(key));
	}
	if (sp_cbuf_failed(b)) {
		alloc_nomem(e, "sp_cbuf");
		goto out;
	}
	if (alloc_out(sp_cbuf_data(b), sp_cbuf_len(b), e) < 0)
		goto out;
	/* reset keeps the memory: no failure from here on */
	sp_cbuf_reset(b);
	sp_cbuf_null(b);
	sp_cbuf_bool(b, 1);
	if (sp_cbuf_failed(b) || sp_cbuf_len(b) != 2) {
		sp_fail(e, SP_EDATA, "wrong buffer after reset");
		goto out;
	}
	rc = 0;
out:
	sp_cbuf_free(b);
	return rc;
}

static int
grow(struct sp_err *e)
{
	int64_t *v = NULL;
	size_t cap = 0, i;
	int64_t sum = 0;

	for (i = 0; i < 1000; i++) {
		if (sp_grow(&v, &cap, i + 1, sizeof *v, 16) < 0) {
			free(v);
			return alloc_nomem(e, "sp_grow");
		}
		v[i] = (int64_t)i;
	}
	for (i = 0; i < 1000; i++)
		sum += v[i];
	free(v);
	return alloc_printf(e, "%lld %zu\n", (long long)sum, cap);
}

/* Stems, run labels, slugs (ASCII and not), and a set handing them out. */
static int
label(struct sp_err *e)
{
	static const char *const paths[] = { "a/run.json.gz", "-", ".hidden",
		"dir/", "run." };
	static const char *const slugs[] = { "run (2)", "__init__",
		"caf\xc3\xa9 \xe2\x80\x94 \xce\xbb", "bad \xff byte", "  " };
	static const char *const adds[] = { "run", "run", "run (2)", "x",
		"run", "x", "run", "run", "run", "run" };
	struct sp_label_set *l = NULL;
	char *s = NULL;
	const char *u;
	size_t i;
	int rc = -1;

	for (i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		if (sp_label_stem(paths[i], &s, e) < 0)
			goto out;
		if (alloc_printf(e, "stem %s\n", s) < 0)
			goto out;
		free(s);
		s = NULL;
	}
	if (sp_label_run("meta", "a/b.h5", &s, e) < 0 ||
	    alloc_printf(e, "run %s\n", s) < 0)
		goto out;
	free(s);
	s = NULL;
	if (sp_label_run("", "a/b.h5", &s, e) < 0 ||
	    alloc_printf(e, "run %s\n", s) < 0)
		goto out;
	free(s);
	s = NULL;
	for (i = 0; i < sizeof slugs / sizeof slugs[0]; i++) {
		if (sp_label_slug(slugs[i], &s, e) < 0)
			goto out;
		if (alloc_printf(e, "slug %s\n", s) < 0)
			goto out;
		free(s);
		s = NULL;
	}
	/* ten labels: past the set's first 8 entries */
	if ((l = sp_label_set_new()) == NULL) {
		alloc_nomem(e, "sp_label_set_new");
		goto out;
	}
	for (i = 0; i < sizeof adds / sizeof adds[0]; i++)
		if (sp_label_set_add(l, adds[i], &u, e) < 0 ||
		    alloc_printf(e, "label %s\n", u) < 0)
			goto out;
	rc = 0;
out:
	free(s);
	sp_label_set_free(l);
	return rc;
}

static int
pyrepr(struct sp_err *e)
{
	static const char *const texts[] = { "main", "it's", "it's \"x\"",
		"tab\there\n", "caf\xc3\xa9 \xe2\x80\x8b", "bad \xff\xfe",
		"\xf0\x9f\x98\x80 \xc2\x85", "" };
	size_t i;
	char *s;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		if (sp_pyrepr(texts[i], strlen(texts[i]), &s, e) < 0)
			return -1;
		if (alloc_printf(e, "%s\n", s) < 0) {
			free(s);
			return -1;
		}
		free(s);
	}
	return 0;
}

/* Nothing to fail: the sweep shows that no allocation is made. */
static int
progress(struct sp_err *e)
{
	char line[256], num[SP_PROGRESS_NUM_MAX];
	struct sp_progress_meter m = { .delay = 0.5, .hz = 2 };
	double rate, took;
	int64_t ns;
	uint64_t bytes;

	sp_progress_line(line, sizeof line, "sp-read", "run.h5", 12300000,
	    50000000, 24100000, 0, 0);
	if (alloc_printf(e, "%s\n", line) < 0)
		return -1;
	sp_progress_line(line, sizeof line, "sp-read", "run.h5", 50000000,
	    50000000, 24100000, 2.5, 1);
	sp_progress_count(num, 999999);
	if (alloc_printf(e, "%s %s\n", line, num) < 0)
		return -1;
	sp_progress_duration(num, 3725);
	sp_progress_meter_start(&m, 0);
	if (sp_progress_meter_tick(&m, 1, 100, 0, &rate, &took) &&
	    alloc_printf(e, "%s %g %g\n", num, rate, took) < 0)
		return -1;
	if (sp_parse_duration("--min-duration", "1.5ms", &ns, e) < 0 ||
	    sp_parse_size("--max-size", "400MB", &bytes, e) < 0)
		return -1;
	return alloc_printf(e, "%lld %llu\n", (long long)ns,
	    (unsigned long long)bytes);
}

const struct alloc_scenario alloc_base[] = {
	{ "base/arena", NULL, arena, 0 },
	{ "base/cbuf", NULL, cbuf, 0 },
	{ "base/grow", NULL, grow, 0 },
	{ "base/label", NULL, label, 0 },
	{ "base/pyrepr", NULL, pyrepr, 0 },
	{ "base/progress", NULL, progress, 0 },
	{ NULL, NULL, NULL, 0 },
};
