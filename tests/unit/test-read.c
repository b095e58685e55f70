/*
 * Unit test of sp_read: profile files in, one interval-stream section
 * out.  Three JSON profiles make three runs, each labelled by its
 * metadata's label or its file's stem, or by the label given, made
 * unique with its name kept; their calls in batches; a stream-end.  A
 * file that fails stops the section without a stream-end, so that a
 * reader finds it cut short; a file that is missing stops it before
 * anything is written.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_json_read.h"
#include "sp_read.h"
#include "check.h"

static char dir[256];

static void
put(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) < 0) {
		printf("FAIL setup: %s\n", path);
		exit(1);
	}
	fclose(f);
}

#define DOC(meta, calls) "{\"format\": \"scope-profiler-profile\", " \
	"\"format_version\": 1, \"metadata\": " meta ", \"regions\": " \
	"[{\"name\": \"a\", \"rank\": 0, \"start_times_ns\": " calls ", " \
	"\"end_times_ns\": " calls "}]}"

/* Read the files into a stream and back: the runs and items as text. */
static void
read_back(const char *const *names, size_t n, const char *const *labels,
    size_t nlabels, char *out, size_t cap)
{
	static const struct sp_source_format *const formats[] = {
		&sp_json_format
	};
	const char *paths[8];
	char pbuf[8][512], spath[512];
	struct sp_order_opts o;
	struct sp_err e;
	struct sp_sink *sink;
	struct sp_writer *w;
	struct sp_reader *r;
	struct sp_item it;
	size_t i, len;
	int fd, rc;

	for (i = 0; i < n; i++) {
		snprintf(pbuf[i], sizeof pbuf[i], "%s/%s", dir, names[i]);
		paths[i] = pbuf[i];
	}
	memset(&o, 0, sizeof o);
	o.order = SP_ORDER_TIME;
	o.labels = labels;
	o.nlabels = nlabels;
	snprintf(spath, sizeof spath, "%s/out.sps", dir);
	fd = open(spath, O_RDWR | O_CREAT | O_TRUNC, 0644);
	sink = sp_sink_new_fd(fd, "out.sps", &e);
	w = sp_writer_new(sink, &e);
	rc = sp_read_files(formats, 1, paths, n, &o, NULL, w, &e);
	snprintf(out, cap, "%s", rc == 0 ? "" : "ERR ");
	if (rc < 0) {
		len = strlen(out);
		/* the message names the file by its path: keep its name */
		snprintf(out + len, cap - len, "%s; ", strstr(e.msg, "/") ?
		    strrchr(e.msg, '/') + 1 : e.msg);
	}
	sp_sink_flush(sink, &e);
	sp_writer_free(w);
	sp_sink_free(sink);
	lseek(fd, 0, SEEK_SET);
	r = sp_reader_new(fd, "out.sps", &e);
	while ((rc = sp_reader_next(r, &it, &e)) > 0) {
		len = strlen(out);
		if (it.kind == SP_ITEM_RUN)
			snprintf(out + len, cap - len, "run %u %s (%s)%s; ",
			    it.u.run.run, it.u.run.label, it.u.run.name != NULL ?
			    it.u.run.name : "-", strrchr(it.u.run.source, '/'));
		else if (it.kind == SP_ITEM_BATCH)
			snprintf(out + len, cap - len, "batch %zu; ",
			    it.u.batch.n);
		else if (it.kind == SP_ITEM_STREAM_END)
			snprintf(out + len, cap - len, "end %u; ",
			    it.u.stream_end_runs);
	}
	len = strlen(out);
	if (rc < 0)
		snprintf(out + len, cap - len, "read: %s", e.msg);
	sp_reader_free(r);
	close(fd);
}

static void
expect(const char *const *names, size_t n, const char *const *labels,
    size_t nlabels, const char *want)
{
	char got[4096];

	read_back(names, n, labels, nlabels, got, sizeof got);
	CHECK(strcmp(got, want) == 0, "%s...:\n  got  %s\n  want %s", names[0],
	    got, want);
}

int
main(void)
{
	static const char *const three[] = { "p.json", "q.json", "r.json" };
	static const char *const gone[] = { "p.json", "none.json", "q.json" };
	static const char *const bad[] = { "p.json", "bad.json", "q.json" };
	static const char *const given[] = { "G" };
	const char *t = getenv("TMPDIR");
	char cmd[300];

	snprintf(dir, sizeof dir, "%s/test-read-XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(dir) == NULL)
		return 1;
	put("p.json", DOC("{\"label\": \"L\"}", "[1, 2, 3]"));
	put("q.json", DOC("{}", "[5]"));
	put("r.json", DOC("{\"label\": \"L\"}", "[7, 8]"));
	put("bad.json", "{\"format\": \"scope-profiler-profile\", "
	    "\"regions\": [{\"name\": \"a\"}]}");
	expect(three, 3, NULL, 0, "run 0 L (-)/p.json; batch 3; "
	    "run 1 q (-)/q.json; batch 1; run 2 L (2) (L)/r.json; batch 2; "
	    "end 3; ");
	expect(three, 2, given, 1, "run 0 G (-)/p.json; batch 3; "
	    "run 1 q (-)/q.json; batch 1; end 2; ");
	expect(gone, 3, NULL, 0, "ERR none.json: No such file or directory; "
	    "read: out.sps: empty input, not an sp stream");
	expect(bad, 3, NULL, 0, "ERR bad.json: region 'a': a row without a "
	    "valid rank; run 0 L (-)/p.json; batch 3; read: out.sps: "
	    "truncated sp stream: no stream-end (the producer failed or was "
	    "cut off)");
	snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
	if (system(cmd) != 0)
		printf("could not remove %s\n", dir);
	return failed != 0;
}
