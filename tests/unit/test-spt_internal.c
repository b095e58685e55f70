/*
 * Unit test of what the native-trace source's parts share
 * (sp_spt_internal.h): a part's bytes by offset, from its image or its
 * file (one descriptor, moved between files), a read past the end
 * refused as a truncated file; and region records made rows: the region
 * table by first appearance across files, a file's second record of a
 * name replacing its first, each row's part, rank, count and location.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_spt_internal.h"
#include "check.h"

static char *
copy(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	if (d == NULL)
		abort();
	return strcpy(d, s);
}

/* What spt_free does, for a source built here. */
static void
src_free(struct spt_src *s)
{
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
	free(s->src.rows);
	free(s);
}

static struct spt_src *
src_of(size_t nparts)
{
	struct spt_src *s = calloc(1, sizeof *s);

	s->parts = calloc(nparts, sizeof *s->parts);
	s->nparts = nparts;
	s->fd = -1;
	return s;
}

static void
test_read(void)
{
	struct spt_src *s = src_of(3);
	char path[2][256], buf[16];
	const char *t = getenv("TMPDIR");
	struct sp_err e;
	int k, fd;

	for (k = 0; k < 2; k++) {
		snprintf(path[k], sizeof path[k], "%s/test-spt-XXXXXX",
		    t != NULL && *t != '\0' ? t : "/tmp");
		if ((fd = mkstemp(path[k])) < 0 || write(fd, k ? "FILE-ONE" :
		    "file-zero", k ? 8 : 9) < 0)
			return;
		close(fd);
		s->parts[k].path = copy(path[k]);
		s->parts[k].size = k ? 8 : 9;
	}
	s->parts[2].path = copy("image.spt");
	s->parts[2].img = (unsigned char *)copy("an image");
	s->parts[2].size = 8;

	CHECK(spt_part_read(s, 0, 5, buf, 4, &e) == 0 &&
	    memcmp(buf, "zero", 4) == 0, "part 0: %s", e.msg);
	CHECK(spt_part_read(s, 1, 0, buf, 4, &e) == 0 &&
	    memcmp(buf, "FILE", 4) == 0 && s->fd_part == 1, "part 1: %s",
	    e.msg);
	CHECK(spt_part_read(s, 0, 0, buf, 4, &e) == 0 &&
	    memcmp(buf, "file", 4) == 0 && s->fd_part == 0, "part 0 again");
	CHECK(spt_part_read(s, 2, 3, buf, 5, &e) == 0 &&
	    memcmp(buf, "image", 5) == 0, "the image: %s", e.msg);
	CHECK(spt_part_read(s, 2, 4, buf, 5, &e) == -1 &&
	    e.status == SP_EDATA && strcmp(e.msg, "image.spt: truncated trace "
	    "file (it is shorter than when it was opened)") == 0,
	    "past the image's end: %s", e.msg);
	CHECK(spt_part_read(s, 2, 9, buf, 0, &e) == -1, "past the image");
	/* a file shorter than when it was opened */
	CHECK(truncate(path[1], 3) == 0, "truncate");
	CHECK(spt_part_read(s, 1, 2, buf, 4, &e) == -1 &&
	    strstr(e.msg, ": truncated trace file (it is shorter than when it "
	    "was opened)") != NULL, "a file cut short: %s", e.msg);
	unlink(path[0]);
	unlink(path[1]);
	CHECK(spt_part_read(s, 0, 0, buf, 1, &e) == -1 && e.status == SP_EIO &&
	    strstr(e.msg, "No such file or directory") != NULL,
	    "a file gone: %s", e.msg);
	src_free(s);
}

static int
add(struct spt_src *s, size_t k, const char *name, const char *source,
    int64_t line, uint64_t count, uint64_t at)
{
	struct spt_record r;
	struct sp_err e;
	int rc;

	memset(&r, 0, sizeof r);
	r.name = name;
	r.name_len = strlen(name);
	r.source = source != NULL ? copy(source) : NULL;
	r.has_line = line > 0;
	r.line = line;
	r.count = count;
	r.at = at;
	rc = spt_add_record(s, k, &r, &e);
	CHECK(rc == 0 && r.source == NULL, "%s: %s", name, e.msg);
	return rc;
}

static void
test_records(void)
{
	struct spt_src *s = src_of(2);
	const struct sp_source_row *r;

	s->parts[0].path = copy("r0.spt");
	s->parts[1].path = copy("r1.spt");
	s->parts[1].rank = 1;
	add(s, 0, "main", "m.py", 3, 10, 100);
	add(s, 0, "io", NULL, 0, 4, 200);
	/* the same file names main again: its row takes the later record */
	add(s, 0, "main", "m2.py", 7, 12, 300);
	add(s, 1, "io", "i.py", 9, 1, 40);
	add(s, 1, "new", NULL, 0, 2, 50);
	r = s->src.rows;
	CHECK(s->src.nrows == 4 && s->src.nregions == 3 &&
	    s->parts[0].nrows == 2 && s->parts[1].nrows == 2,
	    "%zu rows, %zu regions", s->src.nrows, s->src.nregions);
	CHECK(strcmp(s->regions[0].name, "main") == 0 &&
	    strcmp(s->regions[2].name, "new") == 0, "the region table");
	CHECK(r[0].region == 0 && r[0].count == 12 && r[0].info.has_lineno &&
	    r[0].info.source_lineno == 7 &&
	    strcmp(r[0].info.source_file, "m2.py") == 0 &&
	    s->calls[0].at == 300 && strcmp(r[0].file, "r0.spt") == 0,
	    "main's row, replaced");
	CHECK(r[1].region == 1 && r[1].info.source_file == NULL &&
	    !r[1].info.has_lineno && r[1].rank == 0, "io's row in r0");
	CHECK(r[2].region == 1 && r[2].rank == 1 && r[2].count == 1 &&
	    s->calls[2].part == 1 && s->calls[2].at == 40 &&
	    strcmp(r[2].file, "r1.spt") == 0, "io's row in r1");
	CHECK(r[3].region == 2 && s->ntexts == 3, "new's row; %zu texts kept",
	    s->ntexts);
	src_free(s);
}

int
main(void)
{
	test_read();
	test_records();
	return failed != 0;
}
