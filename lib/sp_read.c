#include "sp_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sp_h5.h"
#include "sp_label.h"

/* Name what a file is when it is not something sp-read reads. */
static int
refuse(const char *path, struct sp_err *e)
{
	FILE *f;
	unsigned char b[16] = { 0 };
	size_t n = 0, i = 0;
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return sp_fail(e, SP_EDATA, "%s: is a directory", path);
	if ((f = fopen(path, "rb")) == NULL)
		return sp_fail_errno(e, errno, "%s", path);
	n = fread(b, 1, sizeof b, f);
	fclose(f);
	if (n == 0)
		return sp_fail(e, SP_EDATA, "%s: empty file, not a profile",
		    path);
	while (i < n && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' ||
	    b[i] == '\r'))
		i++;
	if ((n >= 2 && b[0] == 0x1f && b[1] == 0x8b) || (i < n && b[i] == '{'))
		return sp_fail(e, SP_EDATA, "%s: a JSON profile; this sp-read "
		    "reads HDF5 profiles only", path);
	if (n >= 3 && b[0] == 0xd9 && b[1] == 0xd9 && b[2] == 0xf7)
		return sp_fail(e, SP_EDATA, "%s: already an sp stream; pipe "
		    "it to the next program", path);
	return sp_fail(e, SP_EDATA, "%s: not a scope-profiler profile (no "
	    "HDF5 signature)", path);
}

int
sp_read_files(const char *const *paths, size_t n,
    const struct sp_order_opts *o, struct sp_writer *w, struct sp_err *e)
{
	struct sp_labels *labels = sp_labels_new();
	char producer[64];
	size_t i;
	int rc = -1;

	if (labels == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	/* A missing or foreign input fails before anything is written. */
	for (i = 0; i < n; i++)
		if (!sp_h5_sniff(paths[i])) {
			refuse(paths[i], e);
			goto out;
		}
	snprintf(producer, sizeof producer, "sp-read %s", SP_VERSION);
	if (sp_writer_header(w, SP_STAGE_INTERVALS, producer, e) < 0)
		goto out;
	for (i = 0; i < n; i++) {
		struct sp_source *src;
		const char *unique;
		char *label = NULL;
		if ((src = sp_h5_open(paths[i], e)) == NULL)
			goto out;
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
	rc = sp_writer_stream_end(w, (uint32_t)n, e);
out:
	sp_labels_free(labels);
	return rc;
}
