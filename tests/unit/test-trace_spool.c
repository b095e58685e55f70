/*
 * Unit test of sp_trace_spool, the spool that holds a rank back for --align:
 * lanes, calls and closes (regions, starts and ends in any relation,
 * numbers negative and large, metadata of any length) come back from a
 * replay exactly as they went in, whether they stayed in memory or went
 * to the temporary file (a limit of 0, 1 or a few bytes; records cut
 * across the replay's reading blocks; one larger than a block); the
 * spool is empty after a replay and takes the next rank; a failing
 * callback stops the replay; the file is in the directory given and
 * never left there.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_trace_spool.h"
#include "check.h"

static char tmpdir[] = "/tmp/test-trace_spool.XXXXXX";

/* The records as text, one a line. */
struct seen {
	char *text;
	size_t len, cap;
	int fail_at, n;
};

static void
say(struct seen *s, const char *line, size_t n)
{
	if (s->len + n + 1 > s->cap) {
		s->cap = (s->len + n + 1) * 2;
		s->text = realloc(s->text, s->cap);
	}
	memcpy(s->text + s->len, line, n);
	s->len += n;
	s->text[s->len] = '\0';
}

static int
seen_lane(void *ctx, int64_t lane, uint32_t k, const char *name,
    struct sp_err *e)
{
	struct seen *s = ctx;
	char line[256];

	if (++s->n == s->fail_at)
		return sp_fail(e, SP_EDATA, "stop");
	say(s, line, (size_t)snprintf(line, sizeof line, "lane %lld %u %s\n",
	    (long long)lane, k, name));
	return 0;
}

static int
seen_call(void *ctx, const struct sp_trace_spool_call *c, struct sp_err *e)
{
	struct seen *s = ctx;
	char line[256];

	if (++s->n == s->fail_at)
		return sp_fail(e, SP_EDATA, "stop");
	say(s, line, (size_t)snprintf(line, sizeof line, "call %u %lld "
	    "%lld has=%u %lld %lld %lld meta=%zu:", c->region,
	    (long long)c->start, (long long)c->end, c->args.has,
	    (long long)c->args.call_id, (long long)c->args.gpu_ns,
	    (long long)c->args.await_ns, c->args.meta_len));
	if (c->args.meta != NULL)
		say(s, c->args.meta, c->args.meta_len);
	say(s, "\n", 1);
	return 0;
}

static int
seen_close(void *ctx, int64_t end, struct sp_err *e)
{
	struct seen *s = ctx;
	char line[64];

	if (++s->n == s->fail_at)
		return sp_fail(e, SP_EDATA, "stop");
	say(s, line, (size_t)snprintf(line, sizeof line, "close %lld\n",
	    (long long)end));
	return 0;
}

static const struct sp_trace_spool_ops ops = {
	seen_lane, seen_call, seen_close
};

/* Spool a rank with limit bytes of memory; its replay's text. */
static char *
round_trip(struct sp_trace_spool *sp, size_t nbig, int ncalls, struct seen *s)
{
	struct sp_trace_spool_call c;
	struct sp_err e;
	char *big = malloc(nbig + 1);
	int i;

	memset(big, 'm', nbig);
	big[nbig] = '\0';
	memset(s, 0, sizeof *s);
	CHECK(sp_trace_spool_lane(sp, -2, 1, "rank 0 - MainThread", &e) == 0,
	    "lane");
	for (i = 0; i < ncalls; i++) {
		memset(&c, 0, sizeof c);
		c.region = (uint32_t)(i * 7919 % 1000);
		c.start = INT64_C(1700000000000000) + i * 10;
		c.end = c.start + (i % 3 == 0 ? 0 : INT64_C(1) << (i % 40));
		c.args.line = -1;
		if (i % 2 == 0) {
			c.args.has |= SP_TRACE_CALL_ID;
			c.args.call_id = -i;
		}
		if (i % 3 == 0) {
			c.args.has |= SP_TRACE_GPU | SP_TRACE_AWAIT;
			c.args.gpu_ns = INT64_MAX - i;
			c.args.await_ns = INT64_MIN + i;
		}
		if (i % 11 == 0) {
			c.args.meta = i == 0 ? big : "{\"k\": 1}";
			c.args.meta_len = i == 0 ? nbig : 8;
		}
		if (i == ncalls / 2)
			CHECK(sp_trace_spool_lane(sp, 7, 2, "rank 0 - task 7",
			    &e) == 0, "lane 2");
		CHECK(sp_trace_spool_call(sp, &c, &e) == 0, "call %d: %s", i,
		    e.msg);
		/* closes of any time: back, far ahead, at the start */
		if (i % 5 != 0)
			CHECK(sp_trace_spool_close(sp, i % 5 == 1 ? c.end :
			    i % 5 == 2 ? INT64_MIN + i : i % 5 == 3 ?
			    INT64_MAX - i : c.start - 1, &e) == 0, "close %d: %s",
			    i, e.msg);
	}
	free(big);
	CHECK(sp_trace_spool_replay(sp, &ops, s, &e) == 0, "replay: %s", e.msg);
	return s->text;
}

static size_t
files_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	if (d != NULL)
		closedir(d);
	return n;
}

static void
test_round_trips(void)
{
	static const size_t limits[] = { 0, 1, 100, (size_t)1 << 30 };
	struct sp_trace_spool *ref =
	    sp_trace_spool_new(tmpdir, (size_t)1 << 30, NULL);
	struct seen s0, s;
	char *want;
	size_t i;

	want = round_trip(ref, 300000, 5000, &s0);
	CHECK(sp_trace_spool_spilled(ref) == 0 &&
	    sp_trace_spool_bytes(ref) == 0,
	    "in memory: nothing spilled, empty after the replay");
	CHECK(want != NULL && strstr(want, "lane -2 1 rank 0 - MainThread\n"
	    "call 0 1700000000000000 1700000000000000 has=7 0 "
	    "9223372036854775807 -9223372036854775808 meta=300000:mmm") ==
	    want, "the first records: %.200s", want != NULL ? want : "");
	CHECK(want != NULL && strstr(want, "\ncall 919 1700000000000010 "
	    "1700000000000012 has=0 0 0 0 meta=0:\nclose 1700000000000012\n"
	    "call 838 1700000000000020 1700000000000024 has=1 -2 0 0 "
	    "meta=0:\nclose -9223372036854775806\ncall ") != NULL &&
	    strstr(want, "\nclose 9223372036854775804\n") != NULL,
	    "calls and closes: %.200s", want != NULL ? want + 300000 : "");
	for (i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		struct sp_trace_spool *sp =
		    sp_trace_spool_new(tmpdir, limits[i], NULL);

		round_trip(sp, 300000, 5000, &s);
		CHECK(s.text != NULL && strcmp(s.text, want) == 0,
		    "limit %zu: the same records", limits[i]);
		CHECK((limits[i] < 1000) == (sp_trace_spool_spilled(sp) > 0),
		    "limit %zu: spilled %llu", limits[i],
		    (unsigned long long)sp_trace_spool_spilled(sp));
		free(s.text);
		/* the next rank, in the same spool */
		round_trip(sp, 10, 3, &s);
		CHECK(s.text != NULL && strstr(s.text, "meta=10:mmmmmmmmmm\n") !=
		    NULL && s.n == 7, "limit %zu: a second rank: %s", limits[i],
		    s.text);
		free(s.text);
		sp_trace_spool_free(sp);
	}
	CHECK(files_in(tmpdir) == 0, "no file left in %s", tmpdir);
	free(want);
	sp_trace_spool_free(ref);
}

static void
test_failure(void)
{
	struct sp_trace_spool *sp = sp_trace_spool_new(tmpdir, 1, NULL);
	struct sp_trace_spool_call c;
	struct seen s;
	struct sp_err e;
	int i;

	memset(&s, 0, sizeof s);
	s.fail_at = 3;
	memset(&c, 0, sizeof c);
	sp_trace_spool_lane(sp, -1, 1, "rank 0", &e);
	for (i = 0; i < 10; i++)
		sp_trace_spool_call(sp, &c, &e);
	CHECK(sp_trace_spool_replay(sp, &ops, &s, &e) < 0 &&
	    strcmp(e.msg, "stop") == 0 && s.n == 3, "a failing callback");
	free(s.text);
	memset(&s, 0, sizeof s);
	CHECK(sp_trace_spool_replay(sp, &ops, &s, &e) == 0 && s.n == 0,
	    "empty after a failed replay");
	sp_trace_spool_free(sp);
	sp = sp_trace_spool_new("/nonexistent/dir", 1, NULL);
	CHECK(sp_trace_spool_lane(sp, -1, 1, "rank 0", &e) < 0 &&
	    strstr(e.msg, "cannot create a temporary file in "
	    "/nonexistent/dir") != NULL, "no directory: %s", e.msg);
	sp_trace_spool_free(sp);
	sp_trace_spool_free(NULL);
}

int
main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_round_trips();
	test_failure();
	rmdir(tmpdir);
	if (failed == 0)
		printf("ok\n");
	return failed != 0;
}
