/*
 * Unit test of the export front end's output plan (sp_export_impl.h):
 * what the output argument makes of the outputs.  No argument or "-" is
 * standard output, one output; a device (/dev/null) one output too; a
 * path names files, a directory given names them inside it (with a "/"
 * added once); a PER_STREAM exporter writes the argument itself.  And
 * the usage error of a second output on a single one.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp_export_impl.h"
#include "check.h"

static const struct sp_export_spec per_run = {
	.stage = SP_STAGE_CALLS, .unit = SP_EXPORT_PER_RUN,
	.several = "several runs", .one = " document",
};
static const struct sp_export_spec per_stream = {
	.stage = SP_STAGE_CALLS, .unit = SP_EXPORT_PER_STREAM,
	.several = "several runs", .one = "",
};

/* The plan of out as text. */
static void
plan(const struct sp_export_spec *spec, const char *out, const char *want)
{
	struct sp_export fe;
	struct sp_err e;
	char got[1100];

	memset(&fe, 0, sizeof fe);
	fe.spec = spec;
	if (sp_export_plan_set(&fe, out, &e) < 0)
		snprintf(got, sizeof got, "ERR %s", e.msg);
	else if (fe.plan == SP_PLAN_SINGLE)
		snprintf(got, sizeof got, "single %s", fe.single);
	else if (fe.plan == SP_PLAN_STREAM)
		snprintf(got, sizeof got, "stream %s", fe.stream_path);
	else
		snprintf(got, sizeof got, "files %s", fe.base);
	CHECK(strcmp(got, want) == 0, "%s: '%s', want '%s'", out ? out : "NULL",
	    got, want);
	free(fe.dirbase);
}

static void
test_plans(const char *dir)
{
	char d[300], dslash[300], f[300], want[400];

	snprintf(d, sizeof d, "%s/outdir", dir);
	snprintf(dslash, sizeof dslash, "%s/outdir/", dir);
	snprintf(f, sizeof f, "%s/old.prof", dir);
	mkdir(d, 0777);
	close(open(f, O_WRONLY | O_CREAT, 0644));

	plan(&per_run, NULL, "single -");
	plan(&per_run, "-", "single -");
	plan(&per_run, "/dev/null", "single /dev/null");
	plan(&per_run, "x/new.prof", "files x/new.prof");
	plan(&per_run, f, (snprintf(want, sizeof want, "files %s", f), want));
	plan(&per_run, d, (snprintf(want, sizeof want, "files %s/", d),
	    want));
	plan(&per_run, dslash, (snprintf(want, sizeof want, "files %s",
	    dslash), want));
	plan(&per_stream, NULL, "stream -");
	plan(&per_stream, d, (snprintf(want, sizeof want, "stream %s", d),
	    want));
	rmdir(d);
	unlink(f);
}

static void
test_several(void)
{
	struct sp_export fe;
	struct sp_err e;
	int fd = open("/dev/null", O_RDONLY);

	memset(&fe, 0, sizeof fe);
	fe.spec = &per_run;
	fe.r = sp_reader_new(fd, "in.sps", &e);
	fe.single = "-";
	CHECK(sp_export_several(&fe, &e) == -1 && e.status == SP_EUSAGE &&
	    strcmp(e.msg, "in.sps: the stream holds several runs, and "
	    "standard output takes one document: name their files with -o "
	    "FILE") == 0, "on standard output: %s", e.msg);
	fe.single = "/dev/null";
	CHECK(sp_export_several(&fe, &e) == -1 && strcmp(e.msg, "in.sps: the "
	    "stream holds several runs, and /dev/null takes one document: "
	    "name their files with -o FILE") == 0, "on a device: %s", e.msg);
	sp_reader_free(fe.r);
	close(fd);
}

int
main(void)
{
	const char *t = getenv("TMPDIR");

	test_plans(t != NULL && *t != '\0' ? t : "/tmp");
	test_several();
	return failed != 0;
}
