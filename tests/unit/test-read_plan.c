/*
 * Unit test of sp_read_plan: the runs that sp-read's inputs make, with
 * the real formats (HDF5, JSON, native traces) on small files made here:
 * formats known by content, then by name; native trace files gathered
 * into one run of parts where the first was given, sorted, each once,
 * directories listed (hidden files too, not subdirectories); and the
 * inputs refused, each with its message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_h5.h"
#include "sp_json_read.h"
#include "sp_read_plan.h"
#include "sp_spt.h"
#include "check.h"

static const struct sp_source_format *const formats[] = {
	&sp_h5_format, &sp_json_format, &sp_spt_format,
};
#define NF (sizeof formats / sizeof formats[0])

static void
put(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(p, 1, n, f) != n) {
		printf("FAIL setup: %s\n", path);
		exit(1);
	}
	fclose(f);
}

/* The plan of paths as text: "fmt:path" or "fmt:[part,part]" per run. */
static void
plan_text(const char *const *paths, size_t n, char *out, size_t cap)
{
	struct sp_read_plan pl;
	struct sp_err e;
	size_t i, k;

	sp_err_clear(&e);
	if (sp_read_plan_make(formats, NF, paths, n, &pl, &e) < 0) {
		snprintf(out, cap, "ERR %s", e.msg);
		sp_read_plan_free(&pl);
		return;
	}
	*out = '\0';
	for (i = 0; i < pl.n; i++) {
		const struct sp_read_plan_run *r = &pl.runs[i];
		size_t len = strlen(out);

		if (r->path != NULL) {
			snprintf(out + len, cap - len, "%s%s:%s", i ? " " : "",
			    r->fmt->name, r->path);
			continue;
		}
		snprintf(out + len, cap - len, "%s%s:[", i ? " " : "",
		    r->fmt->name);
		for (k = 0; k < r->nparts; k++) {
			len = strlen(out);
			snprintf(out + len, cap - len, "%s%s", k ? "," : "",
			    r->parts[k]);
		}
		len = strlen(out);
		snprintf(out + len, cap - len, "]");
	}
	sp_read_plan_free(&pl);
}

static void
expect(const char *const *paths, size_t n, const char *want)
{
	char got[2048];

	plan_text(paths, n, got, sizeof got);
	CHECK(strcmp(got, want) == 0, "%s...: '%s', want '%s'", paths[0], got,
	    want);
}

#define EXPECT(want, ...) do {						\
	static const char *const p_[] = { __VA_ARGS__ };		\
	expect(p_, sizeof p_ / sizeof p_[0], want);			\
} while (0)

static void
make_files(void)
{
	static const unsigned char h5sig[16] = { 0x89, 'H', 'D', 'F', '\r',
		'\n', 0x1a, '\n' };
	static const unsigned char sps[4] = { 0xd9, 0xd9, 0xf7, 0x00 };

	put("one.json", "{\"x\": 1}", 8);
	put("noext", " {}", 3);
	put("h.h5", h5sig, sizeof h5sig);
	put("r1.spt", "zz", 2);
	put("r0.spt", "zz", 2);
	mkdir("traces", 0777);
	mkdir("traces/sub", 0777);
	put("traces/b.spt", "zz", 2);
	put("traces/a.spt", "zz", 2);
	put("traces/.h.spt", "zz", 2);
	put("traces/notes.txt", "zz", 2);
	put("traces/sub/c.spt", "zz", 2);
	mkdir("nothing", 0777);
	put("nothing/x.txt", "zz", 2);
	put("report.html", "\n <html>", 8);
	put("stream.sps", sps, sizeof sps);
	put("empty.json", "", 0);
	put("data.bin", "zzzz", 4);
}

static void
test_runs(void)
{
	EXPECT("json:one.json", "one.json");
	EXPECT("json:noext hdf5:h.h5", "noext", "h.h5");
	/* the parts' run is where the first part was given */
	EXPECT("json:one.json spt:[r0.spt,r1.spt,traces/.h.spt,traces/a.spt,"
	    "traces/b.spt] json:noext",
	    "one.json", "r1.spt", "traces", "noext", "./r0.spt", "r1.spt");
	EXPECT("spt:[traces/.h.spt,traces/a.spt,traces/b.spt]", "traces/",
	    "traces/a.spt");
	EXPECT("json:-", "-");
	/* one file twice is two runs of its own */
	EXPECT("json:one.json json:one.json", "one.json", "one.json");
}

static void
test_refused(void)
{
	EXPECT("ERR missing.json: No such file or directory", "one.json",
	    "missing.json");
	EXPECT("ERR empty.json: empty file, not a profile", "empty.json");
	EXPECT("ERR report.html: an HTML report, not a profile: read the "
	    "HDF5 or JSON profile it was made from", "report.html");
	EXPECT("ERR stream.sps: already an sp stream; pipe it to the next "
	    "program", "stream.sps");
	EXPECT("ERR data.bin: not a scope-profiler profile (no HDF5 "
	    "signature)", "data.bin");
	EXPECT("ERR nothing: is a directory without *.spt files", "nothing");
}

int
main(void)
{
	char dir[256];
	const char *t = getenv("TMPDIR");

	snprintf(dir, sizeof dir, "%s/test-read_plan-XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(dir) == NULL || chdir(dir) < 0) {
		printf("FAIL setup: %s\n", dir);
		return 1;
	}
	make_files();
	test_runs();
	test_refused();
	if (failed == 0) {
		char cmd[300];

		snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
		if (chdir("/") < 0 || system(cmd) != 0)
			printf("could not remove %s\n", dir);
	}
	return failed != 0;
}
