/*
 * proftest.h - helpers shared by the .prof unit tests (test-prof,
 * test-marshal, test-pstats, test-pstats_report): a CHECK macro, a memory
 * sink (membuf.h), writing a dict as the canonical JSON of tests/check-prof.py, and
 * running that checker (Python's own marshal and pstats) when python3 is
 * there.
 *
 * Ownership: every buffer is the caller's; membuf grows its own and the
 * caller frees mb.p.
 */
#ifndef PROFTEST_H
#define PROFTEST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sp_prof.h"
#include "check.h"
#include "membuf.h"

static inline int
file_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	if (fwrite(p, 1, n, ctx) != n)
		return sp_fail(e, SP_EIO, "fwrite failed");
	return 0;
}

/* A scratch directory for the test's files, removed by scratch_done(). */
static char scratch[256];

static inline const char *
scratch_path(const char *name)
{
	static char buf[4][512];
	static int k;

	if (scratch[0] == '\0') {
		const char *t = getenv("TMPDIR");

		snprintf(scratch, sizeof scratch, "%s/sp-unit-XXXXXX",
		    t && *t ? t : "/tmp");
		if (mkdtemp(scratch) == NULL) {
			printf("FAIL: mkdtemp %s\n", scratch);
			exit(1);
		}
	}
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", scratch, name);
	return buf[k];
}

static inline void
scratch_done(void)
{
	char cmd[600];

	if (scratch[0] == '\0' || failed)
		return;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
	if (system(cmd) != 0)
		printf("warning: could not remove %s\n", scratch);
}

/* JSON string: ASCII as is, the rest as \u escapes (surrogates too). */
static inline void
json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	while (*p) {
		uint32_t c = *p;
		int k = c < 0x80 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;

		if (k)
			c &= 0x3f >> k;
		p++;
		while (k-- > 0 && *p)
			c = c << 6 | (*p++ & 0x3f);
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", (int)c);
		else if (c >= 0x20 && c < 0x7f)
			fputc((int)c, f);
		else if (c < 0x10000)
			fprintf(f, "\\u%04x", (unsigned)c);
		else
			fprintf(f, "\\u%04x\\u%04x",
			    (unsigned)(0xd800 + ((c - 0x10000) >> 10)),
			    (unsigned)(0xdc00 + ((c - 0x10000) & 0x3ff)));
	}
	fputc('"', f);
}

static inline void
json_num(FILE *f, double v)
{
	if (isnan(v))
		fputs("NaN", f);
	else if (isinf(v))
		fputs(v > 0 ? "Infinity" : "-Infinity", f);
	else
		fprintf(f, "%.17g", v);
}

static inline void
json_key(FILE *f, const struct sp_prof_key *k)
{
	fputc('[', f);
	json_str(f, k->file);
	fprintf(f, ", %lld, ", (long long)k->line);
	json_str(f, k->func);
	fputc(']', f);
}

static inline void
json_stat(FILE *f, const struct sp_prof_stat *st)
{
	fprintf(f, ", %lld, %lld, ", (long long)st->cc, (long long)st->nc);
	json_num(f, st->tt);
	fputs(", ", f);
	json_num(f, st->ct);
}

/* The dict in check-prof.py's canonical JSON form. */
static inline int
json_write_prof(const char *path, const struct sp_prof *d)
{
	FILE *f = fopen(path, "w");
	size_t i, j;

	if (f == NULL)
		return -1;
	fputc('[', f);
	for (i = 0; i < sp_prof_len(d); i++) {
		const struct sp_prof_entry *t = sp_prof_entry(d, i);

		fputs(i ? ",\n [" : "[", f);
		json_key(f, &t->key);
		json_stat(f, &t->st);
		fputs(", [", f);
		for (j = 0; j < t->ncallers; j++) {
			const struct sp_prof_caller *c = &t->callers[j];

			fputs(j ? ", [" : "[", f);
			json_key(f, &c->key);
			if (c->count_only)
				fprintf(f, ", %lld", (long long)c->st.nc);
			else
				json_stat(f, &c->st);
			fputc(']', f);
		}
		fputs("]]", f);
	}
	fputs("]\n", f);
	return fclose(f);
}

/*
 * tests/check-prof.py: $SP_CHECK_PROF, else found from this file's path
 * as the compiler was given it (relative to the build directory, which
 * is the parent of the test executable's directory), else from the
 * current directory.
 */
static inline const char *
checker(void)
{
	static char path[2048];
	static int done;
	const char *env = getenv("SP_CHECK_PROF");
	char dir[512], exe[1024], *slash;
	ssize_t n;

	if (done)
		return path[0] ? path : NULL;
	done = 1;
	if (env != NULL && access(env, R_OK) == 0) {
		snprintf(path, sizeof path, "%s", env);
		return path;
	}
	snprintf(dir, sizeof dir, "%s", __FILE__);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	if (dir[0] != '/' &&
	    (n = readlink("/proc/self/exe", exe, sizeof exe - 1)) > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL)
			*slash = '\0';
		snprintf(path, sizeof path, "%s/../%s/../check-prof.py", exe,
		    dir);
		if (access(path, R_OK) == 0)
			return path;
	}
	snprintf(path, sizeof path, "%s/../check-prof.py", dir);
	if (access(path, R_OK) == 0)
		return path;
	path[0] = '\0';
	return NULL;
}

/*
 * A Python check that cannot run: said once as SKIP, or, where
 * SP_REQUIRE_ALL is set (CI), counted as a failure, so that a test
 * never passes for want of the checker.
 */
static int python_skipped;

static inline void
python_missing(const char *why)
{
	const char *all = getenv("SP_REQUIRE_ALL");

	if (all != NULL && all[0] != '\0') {
		CHECK(0, "python checks cannot run (%s), and SP_REQUIRE_ALL "
		    "is set", why);
		return;
	}
	printf("SKIP python checks: %s\n", why);
	python_skipped = 1;
}

/*
 * A test's exit status: 1 when a check failed, else 77 (meson's "skipped")
 * when its Python checks could not run, else 0.
 */
static inline int
proftest_status(void)
{
	return failed != 0 ? 1 : python_skipped ? 77 : 0;
}

/*
 * The interpreter behind python3 (resolved once: a version manager's shim
 * costs more than the check itself), if it has marshal and pstats and the
 * checker is there; else NULL, said once (python_missing).
 */
static inline const char *
python(void)
{
	static char exe[1024];
	static int state;	/* 0 unknown, 1 yes, 2 no */
	FILE *p;

	if (state != 0)
		return state == 1 ? exe : NULL;
	state = 2;
	if (checker() == NULL) {
		python_missing("tests/check-prof.py not found (set "
		    "SP_CHECK_PROF)");
		return NULL;
	}
	p = popen("python3 -c 'import sys, marshal, pstats; "
	    "print(sys.executable)' 2>/dev/null", "r");
	if (p != NULL && fgets(exe, sizeof exe, p) != NULL && exe[0] == '/') {
		exe[strcspn(exe, "\n")] = '\0';
		state = 1;
	}
	if (p != NULL)
		pclose(p);
	if (state != 1)
		python_missing("no python3 with marshal and pstats");
	return state == 1 ? exe : NULL;
}

/* Run the checker with args; returns its exit status, or -1 to skip. */
static inline int
run_checker(const char *args)
{
	size_t n;
	char *cmd;
	int rc;

	if (python() == NULL)
		return -1;
	n = strlen(python()) + strlen(checker()) + strlen(args) + 8;
	if ((cmd = malloc(n)) == NULL)
		return 127;
	snprintf(cmd, n, "'%s' '%s' %s", python(), checker(), args);
	rc = system(cmd);
	free(cmd);
	return rc == -1 ? 127 : WEXITSTATUS(rc);
}

#endif
