#include "sp_json_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_label.h"
#include "sp_sink.h"

#define ZBUF ((size_t)1 << 18)
#define COPY_BUF ((size_t)1 << 18)
#define DIR_FILE "profile.json"

struct sp_jfile {
	struct sp_sink *sink;
	char *path;
	int gzip;
	z_stream z;
	gz_header zh;		/* zlib keeps a pointer to it */
	int zinit;
	unsigned char *zbuf;
	int hold, held;
	unsigned char last;
	uint64_t in, out;
};

int
sp_json_is_gz(const char *path)
{
	size_t n = strlen(path);

	return n >= 3 && strcasecmp(path + n - 3, ".gz") == 0;
}

static int
put(struct sp_jfile *f, const unsigned char *p, size_t n, struct sp_err *e)
{
	if (n == 0)
		return 0;
	f->out += n;
	if (!f->hold)
		return sp_sink_write(f->sink, p, n, e);
	if (f->held && sp_sink_write(f->sink, &f->last, 1, e) < 0)
		return -1;
	if (sp_sink_write(f->sink, p, n - 1, e) < 0)
		return -1;
	f->last = p[n - 1];
	f->held = 1;
	return 0;
}

struct sp_jfile *
sp_jfile_open(const char *path, int gzip, int level, int hold,
    struct sp_err *e)
{
	struct sp_jfile *f = calloc(1, sizeof *f);

	if (f == NULL || (f->path = strdup(path)) == NULL) {
		free(f);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	f->gzip = gzip;
	f->hold = hold;
	if (gzip) {
		f->zh.os = 255;	/* as Python's gzip module: unknown */
		if ((f->zbuf = malloc(ZBUF)) == NULL ||
		    deflateInit2(&f->z, level, Z_DEFLATED, 15 + 16, 8,
		    Z_DEFAULT_STRATEGY) != Z_OK) {
			sp_jfile_free(f);
			sp_fail(e, SP_ENOMEM, "out of memory");
			return NULL;
		}
		f->zinit = 1;
		if (deflateSetHeader(&f->z, &f->zh) != Z_OK) {
			sp_jfile_free(f);
			sp_fail(e, SP_EUSAGE, "zlib refused the gzip header");
			return NULL;
		}
	}
	if ((f->sink = sp_sink_open_file(path, e)) == NULL) {
		sp_jfile_free(f);
		return NULL;
	}
	return f;
}

void
sp_jfile_free(struct sp_jfile *f)
{
	if (f == NULL)
		return;
	if (f->zinit)
		deflateEnd(&f->z);
	sp_sink_free(f->sink);
	free(f->zbuf);
	free(f->path);
	free(f);
}

static int
deflate_some(struct sp_jfile *f, int flush, struct sp_err *e)
{
	int rc;

	do {
		f->z.next_out = f->zbuf;
		f->z.avail_out = (uInt)ZBUF;
		rc = deflate(&f->z, flush);
		if (rc == Z_STREAM_ERROR)
			return sp_fail(e, SP_EIO, "%s: zlib failed",
			    sp_sink_name(f->sink));
		if (put(f, f->zbuf, ZBUF - f->z.avail_out, e) < 0)
			return -1;
	} while (f->z.avail_out == 0 || (flush == Z_FINISH &&
	    rc != Z_STREAM_END));
	return 0;
}

int
sp_jfile_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct sp_jfile *f = ctx;

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
sp_jfile_finish(struct sp_jfile *f, struct sp_err *e)
{
	if (!f->gzip)
		return 0;
	f->z.avail_in = 0;
	return deflate_some(f, Z_FINISH, e);
}

int
sp_jfile_commit(struct sp_jfile *f, struct sp_err *e)
{
	if (f->held && sp_sink_write(f->sink, &f->last, 1, e) < 0)
		return -1;
	f->held = 0;
	return sp_sink_commit(f->sink, e);
}

int
sp_jfile_commit_as(struct sp_jfile *f, const char *path, struct sp_err *e)
{
	struct sp_sink *to;
	unsigned char *buf = NULL;
	off_t off = 0;
	ssize_t n;
	int rc = -1, fd = sp_sink_fd(f->sink);

	if (f->held && sp_sink_write(f->sink, &f->last, 1, e) < 0)
		return -1;
	f->held = 0;
	if (sp_sink_flush(f->sink, e) < 0)
		return -1;
	if ((to = sp_sink_open_file(path, e)) == NULL)
		return -1;
	if ((buf = malloc(COPY_BUF)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	for (;;) {
		n = pread(fd, buf, COPY_BUF, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sp_fail_errno(e, errno, "%s: cannot read back the "
			    "document", f->path);
			goto out;
		}
		if (n == 0)
			break;
		if (sp_sink_write(to, buf, (size_t)n, e) < 0)
			goto out;
		off += n;
	}
	if ((uint64_t)off != f->out) {
		sp_fail(e, SP_EIO, "%s: read back %jd bytes of the %llu "
		    "written", f->path, (intmax_t)off,
		    (unsigned long long)f->out);
		goto out;
	}
	if (sp_sink_commit(to, e) < 0)
		goto out;
	free(f->path);
	if ((f->path = strdup(path)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	rc = 0;
out:
	free(buf);
	sp_sink_free(to);
	return rc;
}

const char *
sp_jfile_path(const struct sp_jfile *f)
{
	return f->path;
}

uint64_t
sp_jfile_text_bytes(const struct sp_jfile *f)
{
	return f->in;
}

uint64_t
sp_jfile_file_bytes(const struct sp_jfile *f)
{
	return f->out;
}

int
sp_json_path(const char *base, const char *label, char **out,
    struct sp_err *e)
{
	const char *name, *dot, *suffix;
	char *slug = NULL, *p;
	size_t dirlen, stemlen, n;

	*out = NULL;
	n = strlen(base);
	if (n > 0 && base[n - 1] == '/') {
		char *b = malloc(n + sizeof DIR_FILE);
		int rc;

		if (b == NULL)
			return sp_fail(e, SP_ENOMEM, "out of memory");
		memcpy(b, base, n);
		memcpy(b + n, DIR_FILE, sizeof DIR_FILE);
		rc = sp_json_path(b, label, out, e);
		free(b);
		return rc;
	}
	name = strrchr(base, '/');
	name = name != NULL ? name + 1 : base;
	dirlen = (size_t)(name - base);
	if ((dot = strchr(name, '.')) != NULL) {
		stemlen = (size_t)(dot - name);
		suffix = dot;
	} else {
		stemlen = strlen(name);
		suffix = ".json";
	}
	if (label != NULL) {
		if (sp_label_slug(label, &slug, e) < 0)
			return -1;
		/* a "/" in a slug would name a directory */
		for (p = slug; *p != '\0'; p++)
			if (*p == '/')
				*p = '_';
	}
	n = dirlen + stemlen + (slug != NULL ? 1 + strlen(slug) : 0) +
	    strlen(suffix) + 1;
	if ((p = malloc(n)) == NULL) {
		free(slug);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	snprintf(p, n, "%.*s%.*s%s%s%s", (int)dirlen, base, (int)stemlen,
	    name, slug != NULL ? "_" : "", slug != NULL ? slug : "", suffix);
	free(slug);
	*out = p;
	return 0;
}
