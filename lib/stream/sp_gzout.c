#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */
#include "sp_gzout.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "sp_gzblocks.h"

struct sp_gzout {
	sp_write_fn *out;
	void *ctx;
	struct sp_gzblocks *blocks;	/* NULL: plain */
	uint64_t in, outn;
};

int
sp_gzout_is_gz(const char *path)
{
	size_t n = strlen(path);

	return n >= 3 && strcasecmp(path + n - 3, ".gz") == 0;
}

int
sp_gzout_level(int level)
{
	/* libdeflate's 8 and 9 are slower than its 10 to 12 and compress
	 * less: the two top levels take the near-optimal parser */
	return level <= 7 ? level : level == 8 ? 10 : 12;
}

int
sp_gzout_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
	cpu_set_t set;

	/* taskset(1) and cgroups' cpusets: the cores this process may use */
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		n = CPU_COUNT(&set);
#endif
	return n > 1 ? (int)n : 0;
}

static int
put(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct sp_gzout *f = ctx;

	if (n == 0)
		return 0;
	f->outn += n;
	return f->out(f->ctx, p, n, e);
}

struct sp_gzout *
sp_gzout_new_with(int gzip, int level, int threads, size_t block,
    sp_write_fn *out, void *ctx, const char *name, struct sp_err *e)
{
	struct sp_gzout *f = calloc(1, sizeof *f);

	if (f == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	f->out = out;
	f->ctx = ctx;
	if (gzip && (f->blocks = sp_gzblocks_new(sp_gzout_level(level),
	    threads, block, put, f, name, e)) == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

struct sp_gzout *
sp_gzout_new(int gzip, int level, sp_write_fn *out, void *ctx,
    const char *name, struct sp_err *e)
{
	return sp_gzout_new_with(gzip, level, gzip ? sp_gzout_threads() : 0,
	    SP_GZOUT_BLOCK, out, ctx, name, e);
}

void
sp_gzout_free(struct sp_gzout *f)
{
	if (f == NULL)
		return;
	sp_gzblocks_free(f->blocks);
	free(f);
}

int
sp_gzout_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct sp_gzout *f = ctx;

	f->in += n;
	if (f->blocks == NULL)
		return put(f, p, n, e);
	return sp_gzblocks_write(f->blocks, p, n, e);
}

int
sp_gzout_finish(struct sp_gzout *f, struct sp_err *e)
{
	return f->blocks == NULL ? 0 : sp_gzblocks_finish(f->blocks, e);
}

uint64_t
sp_gzout_in_bytes(const struct sp_gzout *f)
{
	return f->in;
}

uint64_t
sp_gzout_out_bytes(const struct sp_gzout *f)
{
	return f->outn;
}
