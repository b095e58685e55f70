/*
 * Unit test of sp_jsonkeys: the keys of a JSON region row's per-call
 * columns, shared by the reader and the writer.  Key 2 + k is that of
 * the stream's column k (enum sp_batch_xcol): each name says what the column
 * holds, and a profile whose row has every key reads each into that
 * column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_batch.h"
#include "sp_json_read.h"
#include "sp_jsonkeys.h"
#include "check.h"

static void
test_names(void)
{
	static const struct { int col; const char *key; } want[] = {
		{ -2, "start_times_ns" }, { -1, "end_times_ns" },
		{ SP_X_GPU, "gpu_durations_ns" }, { SP_X_CALL_ID, "call_ids" },
		{ SP_X_PARENT_ID, "parent_ids" }, { SP_X_THREAD, "thread_ids" },
		{ SP_X_TASK, "task_ids" }, { SP_X_AWAIT, "await_ns" },
	};
	size_t i;

	CHECK(SP_JSONKEYS_NCALLS == 2 + SP_X_COUNT, "%d keys",
	    SP_JSONKEYS_NCALLS);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		CHECK(strcmp(sp_jsonkeys_calls[2 + want[i].col], want[i].key) ==
		    0, "key %d: %s, want %s", 2 + want[i].col,
		    sp_jsonkeys_calls[2 + want[i].col], want[i].key);
}

/* A row with every key, column c holding 100 * c + 1, + 2: read back. */
static void
test_read(void)
{
	char path[256], doc[2048];
	const char *t = getenv("TMPDIR");
	struct sp_err e;
	struct sp_source *src;
	int64_t a[2], b[2], xs[SP_X_COUNT][2], *x[SP_X_COUNT];
	FILE *f;
	int k, fd;

	snprintf(path, sizeof path, "%s/test-jsonkeys-XXXXXX.json",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if ((fd = mkstemps(path, 5)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		printf("FAIL setup: %s\n", path);
		failed++;
		return;
	}
	snprintf(doc, sizeof doc, "{\"format\": \"scope-profiler-profile\", "
	    "\"regions\": [{\"name\": \"a\", \"rank\": 0");
	for (k = 0; k < SP_JSONKEYS_NCALLS; k++)
		snprintf(doc + strlen(doc), sizeof doc - strlen(doc),
		    ", \"%s\": [%d, %d]", sp_jsonkeys_calls[k], 100 * k + 1,
		    100 * k + 2);
	strcat(doc, "}]}");
	fputs(doc, f);
	fclose(f);
	src = sp_json_open(path, NULL, &e);
	unlink(path);
	CHECK(src != NULL, "%s", e.msg);
	if (src == NULL)
		return;
	CHECK(src->xmask == (1u << SP_X_COUNT) - 1, "xmask %#x", src->xmask);
	for (k = 0; k < SP_X_COUNT; k++)
		x[k] = xs[k];
	CHECK(src->ops->read(src, 0, 0, 2, a, b, x, &e) == 0, "%s", e.msg);
	CHECK(a[0] == 1 && a[1] == 2 && b[0] == 101 && b[1] == 102,
	    "start and end times");
	for (k = 0; k < SP_X_COUNT; k++)
		CHECK(xs[k][0] == 100 * (2 + k) + 1 && xs[k][1] == 100 *
		    (2 + k) + 2, "column %d: %lld %lld", k,
		    (long long)xs[k][0], (long long)xs[k][1]);
	sp_source_free(src);
}

int
main(void)
{
	test_names();
	test_read();
	return failed != 0;
}
