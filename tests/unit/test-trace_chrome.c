/*
 * Unit test of sp_trace_chrome, the Chrome Trace Event JSON writer: times as
 * microseconds with three decimals from the integer ns (never rounded:
 * 1 ns is 0.001, and 2^53 + 1 ns keeps its last digit); a small trace,
 * word for word, with its "M" events (no "cat"), complete events with
 * their arguments or none, and the metadata at the end; names escaped
 * as json.dump escapes them; a failing output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_trace_chrome.h"
#include "check.h"
#include "membuf.h"

static void
test_us(void)
{
	static const struct { uint64_t ns; const char *us; } cases[] = {
		{ 0, "0.000" }, { 1, "0.001" }, { 10, "0.010" },
		{ 999, "0.999" }, { 1000, "1.000" }, { 1234567, "1234.567" },
		{ 9007199254740993ull, "9007199254740.993" },
		{ UINT64_MAX, "18446744073709551.615" },
	};
	char buf[SP_TRACE_CHROME_US_MAX + 1];
	size_t i, n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = sp_trace_chrome_us(buf, cases[i].ns);
		buf[n] = '\0';
		CHECK(strcmp(buf, cases[i].us) == 0 &&
		    n <= SP_TRACE_CHROME_US_MAX,
		    "%llu ns: %s", (unsigned long long)cases[i].ns, buf);
	}
}

static const char *const names[] = { "main", "q\"\\\t\xc3\xa9/" };
static const size_t lens[] = { 4, 7 };

static const char expected[] =
	"{\"traceEvents\":[\n"
	"{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":"
	"{\"name\":\"r \\\"x\\\" rank 0\"}},\n"
	"{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":1,\"args\":"
	"{\"sort_index\":0}},\n"
	"{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":1,\"args\":"
	"{\"labels\":\"align=region:a\\\"b,shift_ns=-3\"}},\n"
	"{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":65537,"
	"\"args\":{\"name\":\"rank 0\"}},\n"
	"{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":65537,"
	"\"args\":{\"sort_index\":1}},\n"
	"{\"name\":\"main\",\"ph\":\"X\",\"ts\":0.100,\"dur\":1000.000,"
	"\"pid\":1,\"tid\":65537,\"args\":{\"source_file\":\"\\u00e9.py\","
	"\"source_line\":3,\"call_id\":7,\"gpu_ns\":5,\"await_ns\":0,"
	"\"metadata\":{\"k\": [1]}}},\n"
	"{\"name\":\"q\\\"\\\\\\t\\u00e9/\",\"ph\":\"X\",\"ts\":0.100,"
	"\"dur\":0.000,\"pid\":1,\"tid\":65537}\n"
	"],\n\"displayTimeUnit\":\"ns\",\n"
	"\"metadata\":{\"name\":\"r \\\"x\\\"\",\"source\":\"in.h5\","
	"\"exporter\":\"sp@test\",\"sp_align\":\"region:a\\\"b\","
	"\"sp_shift_ns\":{\"0\":-3,\"4\":12},\"sp_min_dur_ns\":0,"
	"\"sp_dropped_calls\":2}}\n";

static void
test_trace(void)
{
	struct sp_trace_process p = { 0, 1, 7, "r \"x\" rank 0", "",
	    "region:a\"b", -3 };
	struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	struct sp_trace_shift sh[2] = { { 0, -3 }, { 4, 12 } };
	struct sp_trace_meta m = { "r \"x\"", "in.h5", "sp@test",
	    "region:a\"b", sh, 2, 0, 2 };
	struct sp_trace_args a;
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	int rc;

	memset(&a, 0, sizeof a);
	a.file = "\xc3\xa9.py";
	a.file_len = 5;
	a.line = 3;
	a.has = SP_TRACE_CALL_ID | SP_TRACE_GPU | SP_TRACE_AWAIT;
	a.call_id = 7;
	a.gpu_ns = 5;
	a.await_ns = 0;
	a.meta = "{\"k\": [1]}";
	a.meta_len = strlen(a.meta);
	w = sp_trace_chrome_new(names, lens, 2, membuf_write, &mb, &e);
	rc = w == NULL || sp_trace_track(w, &p, &t, 100, &e) < 0 ||
	    sp_trace_open(w, 100, 1000100, 0, &a, &e) < 0 ||
	    sp_trace_open(w, 100, 100, 1, NULL, &e) < 0 ||
	    sp_trace_close(w, 100, &e) < 0 ||
	    sp_trace_close(w, 1000100, &e) < 0 ||
	    sp_trace_finish(w, &m, &e) < 0;
	CHECK(rc == 0, "writing: %s", e.msg);
	CHECK(mb.n == sizeof expected - 1 && memcmp(mb.p, expected, mb.n) == 0,
	    "the trace:\n%.*s", (int)mb.n, mb.p);
	CHECK(sp_trace_open(w, 1, 2, 2, NULL, &e) < 0 && e.status == SP_EDATA,
	    "region outside the table");
	sp_trace_writer_free(w);
	free(mb.p);
}

/* An empty args object is left out; a line alone makes one. */
static void
test_args(void)
{
	struct sp_trace_process p = { 0, 1, 7, "x", "", "none", 0 };
	struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	struct sp_trace_meta m = { "x", "", "sp", "none", NULL, 0, 5, 0 };
	struct sp_trace_args a;
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	char *text;

	memset(&a, 0, sizeof a);
	a.line = -1;
	w = sp_trace_chrome_new(names, lens, 2, membuf_write, &mb, &e);
	CHECK(w != NULL && sp_trace_track(w, &p, &t, 0, &e) == 0 &&
	    sp_trace_open(w, 0, 1, 0, &a, &e) == 0 &&
	    (a.line = 0) == 0 && sp_trace_open(w, 0, 1, 0, &a, &e) == 0 &&
	    sp_trace_finish(w, &m, &e) == 0, "args: %s", e.msg);
	text = calloc(1, mb.n + 1);
	memcpy(text, mb.p, mb.n);
	CHECK(strstr(text, "\"tid\":65537}") != NULL &&
	    strstr(text, "\"tid\":65537,\"args\":{\"source_line\":0}}") !=
	    NULL, "args: %s", text);
	CHECK(strstr(text, "\"sp_shift_ns\":{},\"sp_min_dur_ns\":5,") != NULL,
	    "no shifts: %s", text);
	free(text);
	sp_trace_writer_free(w);
	free(mb.p);
}

static void
test_failing(void)
{
	struct sp_trace_process p = { 0, 1, 7, "x", "", "none", 0 };
	struct sp_trace_thread t = { 1, 1, 65537, 1, "rank 0" };
	struct sp_trace_meta m = { "x", "", "sp", "none", NULL, 0, 0, 0 };
	struct membuf mb = { 0 };
	struct sp_trace_writer *w;
	struct sp_err e;
	int i, rc = 0;

	mb.fail_after = 100;
	w = sp_trace_chrome_new(names, lens, 2, membuf_write, &mb, &e);
	rc = sp_trace_track(w, &p, &t, 0, &e);
	for (i = 0; rc == 0 && i < 100000; i++)
		rc = sp_trace_open(w, (uint64_t)i, (uint64_t)i, 0, NULL, &e);
	CHECK(rc < 0, "a full output fails mid-way");
	CHECK(sp_trace_finish(w, &m, &e) < 0, "and stays failed");
	sp_trace_writer_free(w);
	free(mb.p);
}

int
main(void)
{
	test_us();
	test_trace();
	test_args();
	test_failing();
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
