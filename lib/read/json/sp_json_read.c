/*
 * sp_json_open(): a JSON profile file (or standard input), plain or
 * gzip, read a chunk at a time into the parse, then made the run.
 */
#include "sp_json_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>

#include "sp_json_parse.h"
#include "sp_json_run.h"
#include "sp_json_source.h"

#define IN_CHUNK ((size_t)1 << 18)

/* What the start of the input says when it is no JSON at all. */
static int
first_chunk(const struct sp_json_source *s, const unsigned char *p, size_t n,
    struct sp_err *e)
{
	int in = strcmp(s->src.path, "-") == 0;

	if (n == 0)
		return sp_json_source_fail(s, e, SP_EDATA, "empty %s, not a "
		    "profile", in ? "input" : "file");
	if (n >= 8 && memcmp(p, "\211HDF\r\n\032\n", 8) == 0) {
		if (in)
			return sp_fail(e, SP_EUSAGE, "an HDF5 profile needs "
			    "random access: give a file name, not standard "
			    "input");
		return sp_json_source_fail(s, e, SP_EDATA,
		    "a gzip-compressed HDF5 "
		    "file: unpack it first, HDF5 needs random access");
	}
	if (n >= 3 && p[0] == 0xd9 && p[1] == 0xd9 && p[2] == 0xf7)
		return sp_json_source_fail(s, e, SP_EDATA,
		    "already an sp stream; "
		    "pipe it to the next program");
	return 0;
}

/* zlib's message without the "<fd:N>: " it puts in front. */
static const char *
gz_msg(const char *m)
{
	const char *p;

	if (m != NULL && strncmp(m, "<fd:", 4) == 0 &&
	    (p = strstr(m, ": ")) != NULL)
		return p + 2;
	return m != NULL ? m : "?";
}

/* The input: gzread reads plain files as they are, gzip ones unpacked. */
static gzFile
open_input(const struct sp_json_source *s, struct sp_err *e)
{
	const char *path = s->src.path;
	gzFile gz;
	int fd;

	if (strcmp(path, "-") == 0)
		fd = dup(STDIN_FILENO);
	else if ((fd = open(path, O_RDONLY)) < 0) {
		sp_fail_errno(e, errno, "%s", path);
		return NULL;
	}
	if (fd < 0 || (gz = gzdopen(fd, "rb")) == NULL) {
		sp_fail_errno(e, errno, "%s", s->name);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	gzbuffer(gz, 1 << 18);
	return gz;
}

/* The next chunk into buf: its length, 0 at the end, or -1. */
static int
read_chunk(const struct sp_json_source *s, gzFile gz, unsigned char *buf,
    struct sp_err *e)
{
	int n = gzread(gz, buf, (unsigned)IN_CHUNK), err;
	const char *m;

	if (n > 0)
		return n;
	m = gzerror(gz, &err);
	if (n < 0 && err == Z_ERRNO)
		return sp_fail_errno(e, errno, "%s: read error", s->name);
	/* a cut gzip member ends reading without a word */
	if (n < 0 || (err != Z_OK && err != Z_STREAM_END))
		return sp_json_source_fail(s, e, SP_EDATA, "bad gzip data: %s",
		    gz_msg(m));
	return 0;
}

/* The whole document through the parse. */
static int
parse_all(struct sp_json_source *s, gzFile gz, struct sp_json_parse *p,
    struct sp_err *e)
{
	unsigned char *buf = malloc(IN_CHUNK);
	uint64_t consumed = 0;
	int n, rc = -1;

	if (buf == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	for (;;) {
		if ((n = read_chunk(s, gz, buf, e)) < 0)
			goto out;
		if (consumed == 0 && first_chunk(s, buf, (size_t)n, e) < 0)
			goto out;
		if (n == 0)
			break;
		if (sp_json_parse_feed(p, buf, (size_t)n, e) < 0)
			goto out;
		consumed += (uint64_t)n;
	}
	rc = sp_json_parse_end(p, e);
out:
	free(buf);
	return rc;
}

struct sp_source *
sp_json_open(const char *path, const char *tmpdir, struct sp_err *e)
{
	struct sp_json_source *s;
	struct sp_json_parse *p = NULL;
	gzFile gz = NULL;

	if ((s = sp_json_source_new(path, tmpdir, e)) == NULL)
		return NULL;
	if ((p = sp_json_parse_new(s, e)) == NULL ||
	    (gz = open_input(s, e)) == NULL ||
	    parse_all(s, gz, p, e) < 0 ||
	    sp_json_run_finish(s, sp_json_parse_top(p), e) < 0)
		goto fail;
	gzclose(gz);
	sp_json_parse_free(p);
	return &s->src;
fail:
	if (gz != NULL)
		gzclose(gz);
	sp_json_parse_free(p);
	sp_source_free(&s->src);
	return NULL;
}

int
sp_json_sniff_bytes(const unsigned char *p, size_t n)
{
	size_t i = 0;

	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return 1;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r'))
		i++;
	return i < n && p[i] == '{';
}

int
sp_json_is_json_path(const char *path)
{
	size_t n = strlen(path);

	return (n >= 5 && strcasecmp(path + n - 5, ".json") == 0) ||
	    (n >= 8 && strcasecmp(path + n - 8, ".json.gz") == 0);
}

const struct sp_source_format sp_json_format = {
	"json", 1, NULL, sp_json_sniff_bytes, sp_json_is_json_path,
	sp_json_open, NULL, NULL,
};
