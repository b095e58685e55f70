#include "sp_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_h5.h"
#include "sp_json_read.h"
#include "sp_label.h"

enum kind { K_REFUSED, K_HDF5, K_JSON };

/*
 * What a file is (exports.md 4.6): by its content first, the HDF5
 * signature, gzip or "{" (JSON), "<" (an HTML report); then by its name,
 * .json and .json.gz being JSON.  Anything else is refused with a message
 * saying what it is.
 */
static enum kind
classify(const char *path, struct sp_err *e)
{
	FILE *f;
	unsigned char b[16] = { 0 };
	size_t n = 0, i = 0;
	struct stat st;

	if (strcmp(path, "-") == 0)
		return K_JSON;	/* standard input: only JSON can stream */
	if (sp_h5_sniff(path))
		return K_HDF5;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		sp_fail(e, SP_EDATA, "%s: is a directory", path);
		return K_REFUSED;
	}
	if ((f = fopen(path, "rb")) == NULL) {
		sp_fail_errno(e, errno, "%s", path);
		return K_REFUSED;
	}
	n = fread(b, 1, sizeof b, f);
	if (n == 0 && ferror(f)) {
		/* a read error (EIO, as /proc/self/mem gives) is no empty file */
		int err = errno;

		fclose(f);
		sp_fail_errno(e, err, "%s: read error", path);
		return K_REFUSED;
	}
	fclose(f);
	if (n == 0) {
		sp_fail(e, SP_EDATA, "%s: empty file, not a profile", path);
		return K_REFUSED;
	}
	if (sp_json_sniff_bytes(b, n))
		return K_JSON;
	while (i < n && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' ||
	    b[i] == '\r'))
		i++;
	if (i < n && b[i] == '<') {
		sp_fail(e, SP_EDATA, "%s: an HTML report, not a profile: read "
		    "the HDF5 or JSON profile it was made from", path);
		return K_REFUSED;
	}
	if (n >= 3 && b[0] == 0xd9 && b[1] == 0xd9 && b[2] == 0xf7) {
		sp_fail(e, SP_EDATA, "%s: already an sp stream; pipe it to the "
		    "next program", path);
		return K_REFUSED;
	}
	if (sp_json_is_json_path(path))
		return K_JSON;	/* and the parser says what is wrong */
	sp_fail(e, SP_EDATA, "%s: not a scope-profiler profile (no HDF5 "
	    "signature)", path);
	return K_REFUSED;
}

int
sp_read_files(const char *const *paths, size_t n,
    const struct sp_order_opts *o, const char *tmpdir, struct sp_writer *w,
    struct sp_err *e)
{
	struct sp_labels *labels = sp_labels_new();
	enum kind *kinds = calloc(n + 1, sizeof *kinds);
	char producer[64];
	size_t i;
	int rc = -1;

	if (labels == NULL || kinds == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory");
		goto out;
	}
	/* A missing or foreign input fails before anything is written. */
	for (i = 0; i < n; i++)
		if ((kinds[i] = classify(paths[i], e)) == K_REFUSED)
			goto out;
	snprintf(producer, sizeof producer, "sp-read %s", SP_VERSION);
	for (i = 0; i < n; i++) {
		struct sp_source *src;
		const char *unique;
		char *label = NULL;

		src = kinds[i] == K_HDF5 ? sp_h5_open(paths[i], e) :
		    sp_json_open(paths[i], tmpdir, e);
		if (src == NULL)
			goto out;
		/* the first file is open (a JSON one parsed): now write */
		if (i == 0 && sp_order_write_header(w, o->order, producer,
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
	if (n == 0 && sp_order_write_header(w, o->order, producer, e) < 0)
		goto out;
	rc = sp_writer_stream_end(w, (uint32_t)n, e);
out:
	free(kinds);
	sp_labels_free(labels);
	return rc;
}
