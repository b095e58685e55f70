#include "sp_gzout.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#define ZBUF ((size_t)1 << 18)

struct sp_gzout {
	sp_gzout_fn *out;
	void *ctx;
	char *name;
	int gzip;
	z_stream z;
	gz_header zh;		/* zlib keeps a pointer to it */
	int zinit;
	unsigned char *zbuf;
	uint64_t in, outn;
};

int
sp_gzout_is_gz(const char *path)
{
	size_t n = strlen(path);

	return n >= 3 && strcasecmp(path + n - 3, ".gz") == 0;
}

static int
put(struct sp_gzout *f, const unsigned char *p, size_t n, struct sp_err *e)
{
	if (n == 0)
		return 0;
	f->outn += n;
	return f->out(f->ctx, p, n, e);
}

struct sp_gzout *
sp_gzout_new(int gzip, int level, sp_gzout_fn *out, void *ctx,
    const char *name, struct sp_err *e)
{
	struct sp_gzout *f = calloc(1, sizeof *f);

	if (f == NULL || (f->name = strdup(name)) == NULL) {
		free(f);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	f->out = out;
	f->ctx = ctx;
	f->gzip = gzip;
	if (!gzip)
		return f;
	f->zh.os = 255;	/* as Python's gzip module: unknown */
	if ((f->zbuf = malloc(ZBUF)) == NULL ||
	    deflateInit2(&f->z, level, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK) {
		sp_gzout_free(f);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	f->zinit = 1;
	if (deflateSetHeader(&f->z, &f->zh) != Z_OK) {
		sp_gzout_free(f);
		sp_fail(e, SP_EUSAGE, "zlib refused the gzip header");
		return NULL;
	}
	return f;
}

void
sp_gzout_free(struct sp_gzout *f)
{
	if (f == NULL)
		return;
	if (f->zinit)
		deflateEnd(&f->z);
	free(f->zbuf);
	free(f->name);
	free(f);
}

static int
deflate_some(struct sp_gzout *f, int flush, struct sp_err *e)
{
	int rc;

	do {
		f->z.next_out = f->zbuf;
		f->z.avail_out = (uInt)ZBUF;
		rc = deflate(&f->z, flush);
		if (rc == Z_STREAM_ERROR)
			return sp_fail(e, SP_EIO, "%s: zlib failed", f->name);
		if (put(f, f->zbuf, ZBUF - f->z.avail_out, e) < 0)
			return -1;
	} while (f->z.avail_out == 0 || (flush == Z_FINISH &&
	    rc != Z_STREAM_END));
	return 0;
}

int
sp_gzout_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct sp_gzout *f = ctx;

	f->in += n;
	if (!f->gzip)
		return put(f, p, n, e);
	f->z.next_in = (Bytef *)(uintptr_t)p;
	while (n > 0) {
		/* avail_in is an unsigned int: feed huge pieces in parts */
		uInt k = n > (1u << 30) ? 1u << 30 : (uInt)n;

		f->z.avail_in = k;
		if (deflate_some(f, Z_NO_FLUSH, e) < 0)
			return -1;
		n -= k;
	}
	return 0;
}

int
sp_gzout_finish(struct sp_gzout *f, struct sp_err *e)
{
	if (!f->gzip)
		return 0;
	f->z.avail_in = 0;
	return deflate_some(f, Z_FINISH, e);
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
