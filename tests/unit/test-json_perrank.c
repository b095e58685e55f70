/*
 * Unit test of sp_json_perrank: a JSON profile's per-rank keys made the
 * source's tables.  Thread and task tables keyed "<rank>" (other keys
 * and values that are no list left out; a missing number 0, a missing
 * text ""), handed out with their rank; side payloads from sp-json's
 * exact items, preferred when present, else from the v1 keys, by rank
 * then kind; a damaged item refused, naming the document.
 */
#include <stdio.h>
#include <string.h>

#include "sp_json_perrank.h"
#include "jvaltext.h"
#include "check.h"

static void
test_lanes(void)
{
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);
	struct sp_jvalue *th = jv("{\"1\": [{\"index\": 0, \"name\": \"main\", "
	    "\"ident\": 5, \"native_id\": 6, \"daemon\": true, \"start_ns\": 1, "
	    "\"end_ns\": 9, \"cpu_ns\": 7}, {\"index\": 1, \"daemon\": 1}], "
	    "\"x\": [{\"index\": 9}], \"2\": {\"index\": 3}, \"-1\": []}");
	struct sp_jvalue *ta = jv("{\"0\": [{\"index\": 3, \"kind\": \"k\", "
	    "\"name\": \"n\", \"coro_name\": \"c\", \"thread_index\": 1, "
	    "\"created_ns\": 2, \"done_ns\": 8, \"steps\": 4, \"running_ns\": 5, "
	    "\"suspended_ns\": 1}]}");
	struct sp_rank_info info;
	const struct sp_thread_info *t;
	const struct sp_task_info *k;

	CHECK(sp_json_lanes(s, th, ta, &e) == 0, "%s", e.msg);
	CHECK(s->has_threads && s->has_tasks && s->nthreads == 1 &&
	    s->ntasks == 1, "tables: %zu thread, %zu task tables",
	    s->nthreads, s->ntasks);
	memset(&info, 0, sizeof info);
	CHECK(s->src.ops->tables(&s->src, 1, &info, &e) == 0, "%s", e.msg);
	t = info.threads;
	CHECK(info.has_threads && info.nthreads == 2 && info.has_tasks &&
	    info.ntasks == 0, "rank 1: %zu threads, %zu tasks", info.nthreads,
	    info.ntasks);
	CHECK(t != NULL && t[0].ident == 5 && t[0].native_id == 6 &&
	    t[0].daemon == 1 && t[0].start_ns == 1 && t[0].end_ns == 9 &&
	    t[0].cpu_ns == 7 && strcmp(t[0].name, "main") == 0,
	    "thread 0 of rank 1");
	CHECK(t != NULL && t[1].index == 1 && t[1].daemon == 1 &&
	    t[1].ident == 0 && strcmp(t[1].name, "") == 0,
	    "thread 1 of rank 1: the defaults");
	free(info.threads);
	free(info.tasks);
	memset(&info, 0, sizeof info);
	CHECK(s->src.ops->tables(&s->src, 0, &info, &e) == 0, "%s", e.msg);
	k = info.tasks;
	CHECK(info.ntasks == 1 && info.nthreads == 0 && k != NULL &&
	    k[0].index == 3 && k[0].thread_index == 1 && k[0].created_ns == 2 &&
	    k[0].done_ns == 8 && k[0].steps == 4 && k[0].running_ns == 5 &&
	    k[0].suspended_ns == 1 && strcmp(k[0].kind, "k") == 0 &&
	    strcmp(k[0].name, "n") == 0 && strcmp(k[0].coro_name, "c") == 0,
	    "the task of rank 0");
	free(info.threads);
	free(info.tasks);
	sp_jvalue_free(th);
	sp_jvalue_free(ta);
	sp_source_free(&s->src);
}

static int
emit(void *ctx, const char *kind, const uint8_t *p, size_t n,
    struct sp_err *e)
{
	char *out = ctx;
	size_t len = strlen(out);

	(void)e;
	snprintf(out + len, 512 - len, "%s(%zu%s) ", kind, n,
	    n > 0 && (p[0] & 0xe0) == 0xa0 ? ", a map" : "");
	return 0;
}

/* The sides of ranks 0..2 as text, or "ERR message". */
static void
sides(const char *payloads, const char *likwid, const char *lines,
    char *out)
{
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);
	struct sp_jvalue *p = payloads ? jv(payloads) : NULL;
	const struct sp_jvalue *v1[SP_SIDEJSON_NKINDS] = { NULL };
	uint32_t r;

	v1[0] = likwid ? jv(likwid) : NULL;
	v1[2] = lines ? jv(lines) : NULL;
	*out = '\0';
	if (sp_json_sides(s, p, v1, &e) < 0) {
		snprintf(out, 512, "ERR %.500s", e.msg);
	} else {
		for (r = 0; r < 3; r++) {
			snprintf(out + strlen(out), 512 - strlen(out), "%u: ",
			    r);
			s->src.ops->sides(&s->src, r, emit, out, &e);
		}
	}
	sp_jvalue_free(p);
	sp_jvalue_free((struct sp_jvalue *)v1[0]);
	sp_jvalue_free((struct sp_jvalue *)v1[2]);
	sp_source_free(&s->src);
}

static void
test_sides(void)
{
	char got[512];

	/* v1 keys: each rank's images, likwid before line_profile */
	sides(NULL, "{\"2\": {}, \"0\": {\"t\": {\"a\": 1}}, \"z\": {}}",
	    "{\"0\": [{\"x\": 1}]}", got);
	CHECK(strncmp(got, "0: likwid(", 10) == 0 && strstr(got,
	    "line_profile(") != NULL && strstr(got, "1: 2: likwid(") != NULL,
	    "v1 keys: %s", got);
	/* the exact items win over the v1 keys */
	sides("[{\"rank\": 1, \"kind\": \"perf_events\", \"cbor\": \"oA==\"}]",
	    "{\"0\": {}}", NULL, got);
	CHECK(strcmp(got, "0: 1: perf_events(1, a map) 2: ") == 0,
	    "exact items: %s", got);
	sides("[{\"rank\": 1, \"kind\": \"likwid\", \"cbor\": \"@@\"}]", NULL,
	    NULL, got);
	CHECK(strncmp(got, "ERR p.json: ", 12) == 0, "a damaged item: %s",
	    got);
	sides(NULL, NULL, NULL, got);
	CHECK(strcmp(got, "0: 1: 2: ") == 0, "no sides: %s", got);
}

int
main(void)
{
	test_lanes();
	test_sides();
	return failed != 0;
}
