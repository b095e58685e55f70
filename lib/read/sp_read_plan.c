/*
 * The runs that the files given make (sp_read_plan.h): each file's format
 * by its content, then its name; files whose format opens parts grouped
 * into that format's one run; directories listed.
 */
#include "sp_read_plan.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_grow.h"
#include "sp_path.h"

/*
 * Up to 16 bytes of the file at path into b, in *n: -1 (e filled) when
 * it cannot be opened or read, or is empty.
 */
static int
first_bytes(const char *path, unsigned char *b, size_t *n, struct sp_err *e)
{
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL)
		return sp_fail_errno(e, errno, "%s", path);
	*n = fread(b, 1, 16, f);
	if (*n == 0 && ferror(f)) {
		/* a read error (EIO, as /proc/self/mem gives) is no empty file */
		int err = errno;

		fclose(f);
		return sp_fail_errno(e, err, "%s: read error", path);
	}
	fclose(f);
	if (*n == 0)
		return sp_fail(e, SP_EDATA, "%s: empty file, not a profile",
		    path);
	return 0;
}

/*
 * The format of a file (doc/formats.md, "Knowing a file"): by its content
 * first (a format's signature, such as HDF5's, a native trace's magic, gzip or
 * "{" for JSON), refusing an HTML report and an sp stream; then by its name
 * (.json, .json.gz, .spt).  Anything else is refused with a message saying
 * what it is; NULL then.
 */
static const struct sp_source_format *
classify(const struct sp_source_format *const *fm, size_t nf, const char *path,
    struct sp_err *e)
{
	unsigned char b[16] = { 0 };
	size_t n = 0, i = 0, k;

	for (k = 0; k < nf; k++)
		if (strcmp(path, "-") == 0 ? fm[k]->stdin_ok :
		    fm[k]->sniff_path != NULL && fm[k]->sniff_path(path))
			return fm[k];
	if (strcmp(path, "-") == 0) {
		sp_fail(e, SP_EUSAGE, "<stdin>: no format of this program "
		    "reads standard input");
		return NULL;
	}
	if (first_bytes(path, b, &n, e) < 0)
		return NULL;
	for (k = 0; k < nf; k++)
		if (fm[k]->sniff_bytes != NULL && fm[k]->sniff_bytes(b, n))
			return fm[k];
	while (i < n && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' ||
	    b[i] == '\r'))
		i++;
	if (i < n && b[i] == '<') {
		sp_fail(e, SP_EDATA, "%s: an HTML report, not a profile: read "
		    "the HDF5 or JSON profile it was made from", path);
		return NULL;
	}
	if (n >= 3 && b[0] == 0xd9 && b[1] == 0xd9 && b[2] == 0xf7) {
		sp_fail(e, SP_EDATA, "%s: already an sp stream; pipe it to the "
		    "next program", path);
		return NULL;
	}
	for (k = 0; k < nf; k++)
		if (fm[k]->by_name != NULL && fm[k]->by_name(path))
			return fm[k];	/* and its parser says what is wrong */
	sp_fail(e, SP_EDATA, "%s: not a scope-profiler profile (no HDF5 "
	    "signature)", path);
	return NULL;
}

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

/* The run of parts of fmt, added after the others when it has none. */
static struct sp_read_plan_run *
parts_run(struct sp_read_plan *pl, const struct sp_source_format *fmt,
    struct sp_err *e)
{
	size_t i;

	for (i = 0; i < pl->n; i++)
		if (pl->runs[i].fmt == fmt && pl->runs[i].path == NULL)
			return &pl->runs[i];
	if (sp_grow(&pl->runs, &pl->cap, pl->n + 1, sizeof *pl->runs,
	    8) < 0) {
		nomem(e);
		return NULL;
	}
	memset(&pl->runs[pl->n], 0, sizeof pl->runs[pl->n]);
	pl->runs[pl->n].fmt = fmt;
	return &pl->runs[pl->n++];
}

/* A part: its normalised spelling, taken over (p is freed on failure). */
static int
add_part(struct sp_read_plan_run *r, char *p, struct sp_err *e)
{
	if (p == NULL)
		return -1;
	if (sp_grow(&r->parts, &r->capparts, r->nparts + 1, sizeof *r->parts,
	    8) < 0) {
		free(p);
		return nomem(e);
	}
	r->parts[r->nparts++] = p;
	return 0;
}

/* The entries of dir whose names end in suffix, as parts of r. */
static int
list_dir(struct sp_read_plan_run *r, const char *dir, const char *suffix,
    struct sp_err *e)
{
	size_t ns = strlen(suffix), before = r->nparts;
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if ((d = opendir(dir)) == NULL)
		return sp_fail_errno(e, errno, "%s", dir);
	while (rc == 0 && (errno = 0, de = readdir(d)) != NULL) {
		size_t nn = strlen(de->d_name);
		char *p;

		if (nn < ns || strcmp(de->d_name + nn - ns, suffix) != 0 ||
		    strcmp(de->d_name, ".") == 0 || strcmp(de->d_name,
		    "..") == 0)
			continue;
		rc = sp_path_join(dir, de->d_name, &p, e) < 0 ? -1 :
		    add_part(r, p, e);
	}
	if (rc == 0 && errno != 0)
		rc = sp_fail_errno(e, errno, "%s: read error", dir);
	closedir(d);
	if (rc == 0 && r->nparts == before)
		rc = sp_fail(e, SP_EDATA, "%s: is a directory without *%s "
		    "files", dir, suffix);
	return rc;
}

/* A directory given: listed by the first format that lists directories. */
static int
add_dir(struct sp_read_plan *pl, const struct sp_source_format *const *fm,
    size_t nf, const char *dir, struct sp_err *e)
{
	struct sp_read_plan_run *r;
	size_t k;

	for (k = 0; k < nf; k++)
		if (fm[k]->dir_suffix != NULL && fm[k]->open_parts != NULL)
			break;
	if (k == nf)
		return sp_fail(e, SP_EDATA, "%s: is a directory", dir);
	if ((r = parts_run(pl, fm[k], e)) == NULL)
		return -1;
	return list_dir(r, dir, fm[k]->dir_suffix, e);
}

/* One path given: a run of its own, a part, or a directory of parts. */
static int
add_path(struct sp_read_plan *pl, const struct sp_source_format *const *fm,
    size_t nf, const char *path, struct sp_err *e)
{
	const struct sp_source_format *fmt;
	struct sp_read_plan_run *r;
	struct stat st;
	char *p;

	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		return add_dir(pl, fm, nf, path, e);
	if ((fmt = classify(fm, nf, path, e)) == NULL)
		return -1;
	if (fmt->open_parts != NULL) {
		if ((r = parts_run(pl, fmt, e)) == NULL)
			return -1;
		return sp_path_norm(path, &p, e) < 0 ? -1 : add_part(r, p, e);
	}
	if (sp_grow(&pl->runs, &pl->cap, pl->n + 1, sizeof *pl->runs, 8) < 0)
		return nomem(e);
	memset(&pl->runs[pl->n], 0, sizeof pl->runs[pl->n]);
	pl->runs[pl->n].fmt = fmt;
	pl->runs[pl->n++].path = path;
	return 0;
}

static int
cmp_part(const void *a, const void *b)
{
	return sp_path_cmp(*(char *const *)a, *(char *const *)b);
}

/* A run's parts sorted by path components, each once. */
static void
sort_parts(struct sp_read_plan_run *r)
{
	size_t i, k = 0;

	if (r->nparts > 1)
		qsort(r->parts, r->nparts, sizeof *r->parts, cmp_part);
	for (i = 0; i < r->nparts; i++) {
		if (k > 0 && strcmp(r->parts[k - 1], r->parts[i]) == 0)
			free(r->parts[i]);
		else
			r->parts[k++] = r->parts[i];
	}
	r->nparts = k;
}

int
sp_read_plan_make(const struct sp_source_format *const *formats,
    size_t nformats, const char *const *paths, size_t n,
    struct sp_read_plan *plan, struct sp_err *e)
{
	size_t i;

	memset(plan, 0, sizeof *plan);
	for (i = 0; i < n; i++)
		if (add_path(plan, formats, nformats, paths[i], e) < 0)
			return -1;
	for (i = 0; i < plan->n; i++)
		sort_parts(&plan->runs[i]);
	return 0;
}

void
sp_read_plan_free(struct sp_read_plan *plan)
{
	size_t i, k;

	for (i = 0; i < plan->n; i++) {
		for (k = 0; k < plan->runs[i].nparts; k++)
			free(plan->runs[i].parts[k]);
		free(plan->runs[i].parts);
	}
	free(plan->runs);
	memset(plan, 0, sizeof *plan);
}
