/*
 * The allocation-failure sweep: every out-of-memory path of libsp
 * reports one error and leaks nothing.
 *
 * For each scenario (alloc.h), after its setup: a warm-up run (what
 * libsp allocates once and keeps, such as the temporary file registry,
 * is then in place), a reference run without failure, then runs with
 * allocation N failing (failalloc.h): every N of a small run (or with
 * SP_TEST_EXHAUSTIVE=1), a sample of a large one (choose() below), and
 * N one past the last, which must not be reached.  Each run must
 *
 *   - fail with SP_ENOMEM and a message, or, where a module degrades on
 *     purpose (the scenario says how many runs do), succeed with the
 *     reference's output;
 *   - give back every block it allocated, close every descriptor it
 *     opened and every HDF5 object, leave nothing in the scenario's
 *     temporary directory and, after a failure, nothing in its output
 *     directory but files that were complete before the failure (a
 *     first run's, once a second one began): the reference run's, byte
 *     for byte (the sweep empties both after each run);
 *
 * and the last run, which reached no failure, must succeed with the
 * reference's output and count as many allocations.
 *
 *   test-alloc [-v] [PREFIX...]    sweep the scenarios named PREFIX...
 *   test-alloc -l                  list the scenarios
 *   test-alloc -n N NAME           one run of NAME with allocation N
 *                                  failing: its backtrace, the result,
 *                                  the blocks leaked, and the output of
 *                                  a run that succeeded (N 0: none fails)
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <hdf5.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "failalloc.h"

static const struct alloc_scenario *const lists[] = {
	alloc_base, alloc_codec, alloc_stream, alloc_stack, alloc_read,
	alloc_export,
};
#define NLISTS (sizeof lists / sizeof lists[0])

/* --- what scenarios share (alloc.h) --- */

static char root[256];		/* the test's scratch directory */
static char sdir[512];		/* the current scenario's */

static unsigned char outbuf[1 << 20];
static size_t outn;
static unsigned char refbuf[1 << 20];
static size_t refn;

static const char *
path2(const char *a, const char *b)
{
	static char buf[8][1024];
	static int k;

	k = (k + 1) % 8;
	snprintf(buf[k], sizeof buf[k], "%s/%s%s%s", sdir, a, b ? "/" : "",
	    b ? b : "");
	return buf[k];
}

const char *
alloc_in(const char *name)
{
	return path2("in", name);
}

const char *
alloc_outdir(const char *name)
{
	return path2("out", name);
}

const char *
alloc_tmpdir(void)
{
	return path2("tmp", NULL);
}

int
alloc_out(const void *p, size_t n, struct sp_err *e)
{
	if (n > sizeof outbuf - outn)
		return sp_fail(e, SP_EIO, "test output buffer full");
	memcpy(outbuf + outn, p, n);
	outn += n;
	return 0;
}

int
alloc_printf(struct sp_err *e, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf)
		return sp_fail(e, SP_EIO, "test output line too long");
	return alloc_out(buf, (size_t)n, e);
}

int
alloc_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	(void)ctx;
	return alloc_out(p, n, e);
}

int
alloc_slurp(const char *path, struct sp_err *e)
{
	FILE *f = fopen(path, "rb");
	char buf[8192];
	size_t n;
	int rc = 0;

	if (f == NULL)
		return alloc_printf(e, "(no %s)\n", path);
	while (rc == 0 && (n = fread(buf, 1, sizeof buf, f)) > 0)
		rc = alloc_out(buf, n, e);
	fclose(f);
	return rc;
}

static int
not_dot(const struct dirent *de)
{
	return de->d_name[0] != '.' || (de->d_name[1] != '\0' &&
	    (de->d_name[1] != '.' || de->d_name[2] != '\0'));
}

int
alloc_slurp_dir(const char *dir, struct sp_err *e)
{
	struct dirent **v;
	char path[1024];
	int n, i, rc = 0;

	if ((n = scandir(dir, &v, not_dot, alphasort)) < 0)
		return alloc_printf(e, "(no directory)\n");
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, v[i]->d_name);
		if (rc == 0)
			rc = alloc_printf(e, "== %s\n", v[i]->d_name) < 0 ||
			    alloc_slurp(path, e) < 0 ? -1 : 0;
		free(v[i]);
	}
	free(v);
	return rc;
}

static int saved_stdout = -1;

int
alloc_stdout_begin(const char *path, struct sp_err *e)
{
	int fd;

	fflush(stdout);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return sp_fail_errno(e, errno, "%s", path);
	if ((saved_stdout = dup(STDOUT_FILENO)) < 0 ||
	    dup2(fd, STDOUT_FILENO) < 0) {
		close(fd);
		return sp_fail_errno(e, errno, "dup2");
	}
	close(fd);
	return 0;
}

void
alloc_stdout_end(void)
{
	if (saved_stdout < 0)
		return;
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	saved_stdout = -1;
}

int
alloc_nomem(struct sp_err *e, const char *what)
{
	return sp_fail(e, SP_ENOMEM, "%s: out of memory", what);
}

void
alloc_die(const char *what, const char *msg)
{
	printf("FAIL: setup: %s: %s\n", what, msg);
	exit(1);
}

/* --- the checks --- */

static int verbose;

static int
open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1;	/* the directory's own */
}

/* Each file in dir and below, as "prefix/sub/name" and its path. */
static void
walk(const char *dir, const char *prefix,
    void (*fn)(const char *rel, const char *path))
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char sub[1024], rel[512];

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(rel, sizeof rel, "%s/%s", prefix, de->d_name);
		snprintf(sub, sizeof sub, "%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR)
			walk(sub, rel, fn);
		else
			fn(rel, sub);
	}
	closedir(d);
}

/* A file's size and FNV-1a hash. */
struct snap {
	char rel[512];
	long long size;
	uint64_t hash;
};

static void
measure(const char *path, long long *size, uint64_t *hash)
{
	unsigned char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n, i;

	*size = 0;
	*hash = 14695981039346656037u;
	if (fd < 0) {
		*size = -1;
		return;
	}
	while ((n = read(fd, buf, sizeof buf)) > 0) {
		for (i = 0; i < n; i++)
			*hash = (*hash ^ buf[i]) * 1099511628211u;
		*size += n;
	}
	close(fd);
}

/* The files the run without failure left in out/. */
static struct snap refsnap[64];
static size_t nref;

static void
add_ref(const char *rel, const char *path)
{
	if (nref == sizeof refsnap / sizeof refsnap[0])
		return;
	snprintf(refsnap[nref].rel, sizeof refsnap[nref].rel, "%s", rel);
	measure(path, &refsnap[nref].size, &refsnap[nref].hash);
	nref++;
}

/* The files a run must not have left, space-separated. */
static char *bad_files;
static size_t bad_cap;
static int allow_complete;

static void
add_bad(const char *rel, const char *path)
{
	size_t len = strlen(bad_files), i;
	long long size;
	uint64_t hash;

	/*
	 * A file complete before the failure (a first run's once a second
	 * began) stays, as sp_export.h says: the reference's, byte for byte.
	 */
	if (allow_complete) {
		measure(path, &size, &hash);
		for (i = 0; i < nref; i++)
			if (strcmp(refsnap[i].rel, rel) == 0 &&
			    refsnap[i].size == size && refsnap[i].hash == hash)
				return;
	}
	snprintf(bad_files + len, bad_cap - len, "%s%s", len ? " " : "", rel);
}

static void
empty_dir(const char *dir, int keep)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char sub[1024];

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof sub, "%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR)
			empty_dir(sub, 0);
		else
			unlink(sub);
	}
	closedir(d);
	if (!keep)
		rmdir(dir);
}

static long
h5_objects(void)
{
	return (long)H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL);
}

struct run {
	int rc;
	struct sp_err e;
	unsigned long allocs;
	int reached;
	size_t leaked;		/* blocks */
	int fds;		/* descriptors left open (or closed) */
	long h5;		/* HDF5 objects left open */
	char files[1024];	/* left in out/ and tmp/ that must not be */
};

static void
run_once(const struct alloc_scenario *s, unsigned long n, int trace,
    struct run *r)
{
	size_t live = failalloc_live();
	unsigned long serial = failalloc_serial();
	int fds = open_fds();
	long h5 = h5_objects();

	memset(r, 0, sizeof *r);
	sp_err_clear(&r->e);
	outn = 0;
	failalloc_start(n, trace);
	r->rc = s->run(&r->e);
	r->allocs = failalloc_stop();
	r->reached = failalloc_reached();
	r->leaked = failalloc_live() - live;
	r->fds = open_fds() - fds;
	r->h5 = h5_objects() - h5;
	if (r->leaked != 0 && (verbose || trace))
		failalloc_print_live(serial, 10);
	bad_files = r->files;
	bad_cap = sizeof r->files;
	if (n == 0 && r->rc >= 0) {
		nref = 0;
		walk(path2("out", NULL), "out", add_ref);
	} else if (r->rc < 0) {
		allow_complete = 1;
		walk(path2("out", NULL), "out", add_bad);
	}
	allow_complete = 0;
	walk(path2("tmp", NULL), "tmp", add_bad);
	empty_dir(path2("out", NULL), 1);
	empty_dir(path2("tmp", NULL), 1);
}

/* What is wrong with a run, or NULL. */
static const char *
judge(const struct run *r, unsigned long n)
{
	static char why[1400];

	if (r->leaked != 0)
		snprintf(why, sizeof why, "%zu blocks leaked", r->leaked);
	else if (r->fds != 0)
		snprintf(why, sizeof why, "%d descriptors left open", r->fds);
	else if (r->h5 != 0)
		snprintf(why, sizeof why, "%ld HDF5 objects left open", r->h5);
	else if (r->files[0] != '\0')
		snprintf(why, sizeof why, "files left: %s", r->files);
	else if (r->rc < 0 && !r->reached)
		snprintf(why, sizeof why, "failed without a failed allocation: "
		    "%s", r->e.msg);
	else if (r->rc < 0 && r->e.status != SP_ENOMEM)
		snprintf(why, sizeof why, "status %d, not SP_ENOMEM: %s",
		    (int)r->e.status, r->e.msg);
	else if (r->rc < 0 && r->e.msg[0] == '\0')
		snprintf(why, sizeof why, "SP_ENOMEM without a message");
	else if (r->rc >= 0 && (outn != refn || memcmp(outbuf, refbuf, refn)))
		snprintf(why, sizeof why, "succeeded with another output "
		    "(%zu bytes, not %zu)", outn, refn);
	else if (!r->reached && n != 0 && r->allocs != n - 1)
		snprintf(why, sizeof why, "%lu allocations, not %lu",
		    r->allocs, n - 1);
	else
		return NULL;
	return why;
}

static void
scenario_dirs(const struct alloc_scenario *s)
{
	char *c;

	snprintf(sdir, sizeof sdir, "%s/%s", root, s->name);
	for (c = sdir + strlen(root) + 1; *c != '\0'; c++)
		if (*c == '/')
			*c = '-';
	if (mkdir(sdir, 0777) < 0 && errno != EEXIST)
		alloc_die(sdir, strerror(errno));
	mkdir(path2("in", NULL), 0777);
	mkdir(path2("out", NULL), 0777);
	mkdir(path2("tmp", NULL), 0777);
	setenv("TMPDIR", path2("tmp", NULL), 1);
}

/*
 * Which allocations the sweep fails: all of a small run (at most
 * ALL_UPTO allocations) or with SP_TEST_EXHAUSTIVE set; of a larger one,
 * the first allocation made on each path (failalloc_record: the same
 * callers up to FAILALLOC_DEPTH frames), the last LAST_FEW, and
 * SAMPLED more drawn with a seed made from the scenario's name.
 */
#define ALL_UPTO 48
#define LAST_FEW 4
#define SAMPLED 16
#define MAX_ALLOCS 65536

static uint64_t paths[MAX_ALLOCS];
static unsigned char chosen[MAX_ALLOCS + 1];

static int
exhaustive(void)
{
	const char *v = getenv("SP_TEST_EXHAUSTIVE");

	return v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

/* Mark in chosen[1..total] the allocations to fail; their number. */
static unsigned long
choose(const char *name, unsigned long total)
{
	unsigned long n, k, count = 0;
	uint64_t seed = 14695981039346656037u;
	const char *c;

	memset(chosen, 0, total + 1);
	for (n = 1; n <= total; n++) {
		if (total <= ALL_UPTO || exhaustive() || n > MAX_ALLOCS ||
		    n + LAST_FEW > total)
			chosen[n] = 1;
		for (k = 1; !chosen[n] && k < n; k++)
			if (paths[k - 1] == paths[n - 1])
				break;
		if (k == n)
			chosen[n] = 1;
	}
	for (c = name; *c != '\0'; c++)
		seed = (seed ^ (unsigned char)*c) * 1099511628211u;
	for (k = 0; total > 0 && k < SAMPLED; k++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		chosen[1 + (seed >> 33) % total] = 1;
	}
	for (n = 1; n <= total; n++)
		count += chosen[n];
	return count;
}

/* The run with allocation n failing: 1 when something is wrong. */
static int
fail_one(const struct alloc_scenario *s, unsigned long n,
    unsigned long total, unsigned *degraded)
{
	struct run r;
	const char *why;

	run_once(s, n, 0, &r);
	if ((why = judge(&r, n)) != NULL) {
		printf("FAIL %s: allocation %lu of %lu failing: %s (rc %d: "
		    "%s)\n", s->name, n, total, why, r.rc,
		    r.rc < 0 ? r.e.msg : "success");
		return 1;
	}
	if (n <= total && !r.reached) {
		printf("FAIL %s: allocation %lu not reached, of the %lu of "
		    "the run without failure\n", s->name, n, total);
		return 1;
	}
	if (n > total && r.reached) {
		printf("FAIL %s: allocation %lu reached, past the %lu of the "
		    "run without failure\n", s->name, n, total);
		return 1;
	}
	if (r.reached && r.rc >= 0) {
		++*degraded;
		if (verbose)
			printf("  %s: allocation %lu failing: degraded, same "
			    "output\n", s->name, n);
	} else if (verbose > 1 && r.reached) {
		printf("  %s: %lu: %s\n", s->name, n, r.e.msg);
	}
	return 0;
}

/* The sweep of one scenario: the number of problems. */
static int
sweep(const struct alloc_scenario *s)
{
	struct run r;
	const char *why;
	unsigned long n, total, runs;
	unsigned degraded = 0;
	int problems = 0;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	scenario_dirs(s);
	if (s->setup != NULL)
		s->setup();
	run_once(s, 0, 0, &r);		/* warm-up */
	failalloc_record(paths, MAX_ALLOCS);
	run_once(s, 0, 0, &r);
	failalloc_record(NULL, 0);
	memcpy(refbuf, outbuf, outn);
	refn = outn;
	total = r.allocs;
	if (r.rc < 0 || (why = judge(&r, 0)) != NULL) {
		printf("FAIL %s: the run without failure: %s\n", s->name,
		    r.rc < 0 ? r.e.msg : why);
		return 1;
	}
	runs = choose(s->name, total) + 1;
	for (n = 1; n <= total + 1; n++)
		if ((n > total || chosen[n]) &&
		    fail_one(s, n, total, &degraded) && problems++ >= 10)
			break;
	/* every run that degrades must have run to be counted */
	if (runs == total + 1 ? degraded != s->degrades :
	    degraded > s->degrades) {
		printf("FAIL %s: %u runs degraded (succeeded in spite of the "
		    "failed allocation), not %u\n", s->name, degraded,
		    s->degrades);
		problems++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%s %s: %lu allocations, %lu runs, %u degraded, %.2f s\n",
	    problems ? "FAIL" : "ok", s->name, total, runs, degraded,
	    (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return problems;
}

/* One run of NAME with allocation n failing. */
static int
one(const struct alloc_scenario *s, unsigned long n)
{
	struct run r;
	const char *why;

	scenario_dirs(s);
	if (s->setup != NULL)
		s->setup();
	run_once(s, 0, 0, &r);
	run_once(s, 0, 0, &r);
	memcpy(refbuf, outbuf, outn);
	refn = outn;
	printf("%s: %lu allocations without failure\n", s->name, r.allocs);
	run_once(s, n, 1, &r);
	printf("%s: allocation %lu %s; rc %d, status %d: %s\n", s->name, n,
	    r.reached ? "failed" : "not reached", r.rc, (int)r.e.status,
	    r.e.msg);
	why = judge(&r, n);
	printf("%s\n", why ? why : "ok");
	if (r.rc >= 0) {
		printf("its output:\n");
		fwrite(outbuf, 1, outn, stdout);
	}
	return why != NULL;
}

static const struct alloc_scenario *
find(const char *name)
{
	size_t i, j;

	for (i = 0; i < NLISTS; i++)
		for (j = 0; lists[i][j].name != NULL; j++)
			if (strcmp(lists[i][j].name, name) == 0)
				return &lists[i][j];
	return NULL;
}

static int
selected(const char *name, char **prefixes, int n)
{
	int i;

	if (n == 0)
		return 1;
	for (i = 0; i < n; i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	const char *t = getenv("TMPDIR");
	int i = 1, problems = 0, ran = 0;
	size_t k, j;

	setvbuf(stdout, NULL, _IOLBF, 0);
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		for (k = 0; k < NLISTS; k++)
			for (j = 0; lists[k][j].name != NULL; j++)
				printf("%s\n", lists[k][j].name);
		return 0;
	}
	snprintf(root, sizeof root, "%s/sp-alloc-XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(root) == NULL)
		alloc_die(root, strerror(errno));
	if (argc == 4 && strcmp(argv[1], "-n") == 0) {
		const struct alloc_scenario *s = find(argv[3]);

		if (s == NULL) {
			printf("no scenario %s (-l lists them)\n", argv[3]);
			return 2;
		}
		problems = one(s, strtoul(argv[2], NULL, 10));
		empty_dir(root, 0);
		return problems != 0;
	}
	for (; i < argc && argv[i][0] == '-' && argv[i][1] == 'v'; i++)
		verbose += (int)strlen(argv[i]) - 1;
	for (k = 0; k < NLISTS; k++)
		for (j = 0; lists[k][j].name != NULL; j++)
			if (selected(lists[k][j].name, argv + i, argc - i)) {
				problems += sweep(&lists[k][j]);
				ran++;
			}
	if (ran == 0) {
		printf("no scenario matches (-l lists them)\n");
		problems++;
	}
	if (problems == 0)
		empty_dir(root, 0);
	else
		printf("%d problems; the files are in %s\n", problems, root);
	return problems != 0;
}
