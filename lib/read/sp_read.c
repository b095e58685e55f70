#include "sp_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_label.h"

/*
 * The format of a file (exports.md 4.6): by its content first (a format's
 * signature, such as HDF5's, gzip or "{" for JSON), refusing an HTML
 * report and an sp stream; then by its name (.json, .json.gz).  Anything
 * else is refused with a message saying what it is; NULL then.
 */
static const struct sp_format *
classify(const struct sp_format *const *fm, size_t nf, const char *path,
    struct sp_err *e)
{
	FILE *f;
	unsigned char b[16] = { 0 };
	size_t n = 0, i = 0, k;
	struct stat st;

	for (k = 0; k < nf; k++)
		if (strcmp(path, "-") == 0 ? fm[k]->stdin_ok :
		    fm[k]->sniff_path != NULL && fm[k]->sniff_path(path))
			return fm[k];
	if (strcmp(path, "-") == 0) {
		sp_fail(e, SP_EUSAGE, "<stdin>: no format of this program "
		    "reads standard input");
		return NULL;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		sp_fail(e, SP_EDATA, "%s: is a directory", path);
		return NULL;
	}
	if ((f = fopen(path, "rb")) == NULL) {
		sp_fail_errno(e, errno, "%s", path);
		return NULL;
	}
	n = fread(b, 1, sizeof b, f);
	if (n == 0 && ferror(f)) {
		/* a read error (EIO, as /proc/self/mem gives) is no empty file */
		int err = errno;

		fclose(f);
		sp_fail_errno(e, err, "%s: read error", path);
		return NULL;
	}
	fclose(f);
	if (n == 0) {
		sp_fail(e, SP_EDATA, "%s: empty file, not a profile", path);
		return NULL;
	}
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

int
sp_read_files(const struct sp_format *const *formats, size_t nformats,
    const char *const *paths, size_t n, const struct sp_order_opts *o,
    const char *tmpdir, struct sp_writer *w, struct sp_err *e)
{
	struct sp_labels *labels = sp_labels_new();
	const struct sp_format **kinds = calloc(n + 1, sizeof *kinds);
	char producer[64];
	size_t i;
	int rc = -1;

	if (labels == NULL || kinds == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	/* A missing or foreign input fails before anything is written. */
	for (i = 0; i < n; i++)
		if ((kinds[i] = classify(formats, nformats, paths[i],
		    e)) == NULL)
			goto out;
	snprintf(producer, sizeof producer, "sp-read %s", SP_VERSION);
	for (i = 0; i < n; i++) {
		struct sp_source *src;
		const char *unique;
		char *label = NULL;

		if ((src = kinds[i]->open(paths[i], tmpdir, e)) == NULL)
			goto out;
		/* the first file is open (a JSON one parsed): now write */
		if (i == 0 && sp_section_write_header(w, o->order, producer,
		    e) < 0) {
			sp_source_free(src);
			goto out;
		}
		if (sp_label_run(src->label, paths[i], &label, e) < 0 ||
		    sp_labels_add(labels, label, &unique, e) < 0 ||
		    sp_order_emit(src, unique, (uint32_t)i, o, w, NULL,
		    e) < 0) {
			free(label);
			sp_source_free(src);
			goto out;
		}
		free(label);
		sp_source_free(src);
	}
	if (n == 0 && sp_section_write_header(w, o->order, producer, e) < 0)
		goto out;
	rc = sp_writer_stream_end(w, (uint32_t)n, e);
out:
	free(kinds);
	sp_labels_free(labels);
	return rc;
}
