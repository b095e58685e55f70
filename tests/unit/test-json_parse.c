/*
 * Unit test of sp_json_parse: a JSON profile parsed as it is read, chunk
 * by chunk.  Whatever the chunks, the same top-level values (unknown keys
 * dropped), the same rows with their calls on the temporary file and
 * their event metadata respelled; text that is not JSON refused with the
 * byte where it stopped; a foreign document, a column value that is no
 * 64-bit integer, and a token that runs past 16 MiB refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_json_parse.h"
#include "check.h"

static const char doc[] =
    "{\"format\": \"scope-profiler-profile\", \"format_version\": 1,\n"
    " \"num_ranks\": 2, \"metadata\": {\"label\": \"L\"},\n"
    " \"extra\": {\"deep\": [1, [2, {\"x\": null}]]},\n"
    " \"regions\": [{\"name\": \"a\", \"rank\": 0, \"start_times_ns\": [1, 5],"
    " \"end_times_ns\": [4, 9], \"call_ids\": [7, 8],"
    " \"event_metadata\": [{\"k\":1}, null]},\n"
    "  {\"name\": \"b\\u00e9\", \"rank\": 1, \"start_times_ns\": [2],"
    " \"end_times_ns\": [3], \"tags\": [\"x\"]}]}";

/* Parse text in chunks of step bytes; "" or the message in err. */
static struct sp_json_source *
parse(const char *text, size_t len, size_t step, struct sp_json_parse **pp,
    char *err, size_t cap)
{
	struct sp_err e;
	struct sp_json_source *s = sp_json_source_new("p.json", NULL, &e);
	struct sp_json_parse *p = sp_json_parse_new(s, &e);
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < len; i += step)
		rc = sp_json_parse_feed(p, (const unsigned char *)text + i,
		    len - i < step ? len - i : step, &e);
	if (rc == 0)
		rc = sp_json_parse_end(p, &e);
	snprintf(err, cap, "%s", rc == 0 ? "" : e.msg);
	*pp = p;
	return s;
}

static void
test_document(void)
{
	static const size_t steps[] = { 1, 2, 7, 100, sizeof doc };
	size_t k;

	for (k = 0; k < sizeof steps / sizeof steps[0]; k++) {
		struct sp_json_parse *p;
		char err[1100], ev[64] = "";
		struct sp_json_source *s = parse(doc, sizeof doc - 1, steps[k],
		    &p, err, sizeof err);
		struct sp_jvalue *const *top = sp_json_parse_top(p);
		const struct sp_json_source_cols *c = s->cols;
		int64_t a[2] = { 0 }, b[2] = { 0 };
		struct sp_err e;

		CHECK(*err == '\0', "chunks of %zu: %s", steps[k], err);
		if (*err != '\0') {
			sp_json_parse_free(p);
			sp_source_free(&s->src);
			continue;
		}
		CHECK(top[SP_JSON_TOP_FORMAT] != NULL &&
		    top[SP_JSON_TOP_NUM_RANKS] !=
		    NULL && strcmp(top[SP_JSON_TOP_NUM_RANKS]->s, "2") == 0 &&
		    top[SP_JSON_TOP_METADATA] != NULL &&
		    top[SP_JSON_TOP_METADATA]->t == SP_JOBJ &&
		    top[SP_JSON_TOP_UNKNOWN] == NULL &&
		    top[SP_JSON_TOP_THREADS] == NULL,
		    "chunks of %zu: the top-level values", steps[k]);
		CHECK(s->src.nrows == 2 && s->nnames == 2 &&
		    strcmp(s->names[1], "b\xc3\xa9") == 0 &&
		    s->src.rows[1].rank == 1 && s->src.rows[0].count == 2 &&
		    s->src.rows[1].info.ntags == 1,
		    "chunks of %zu: the rows", steps[k]);
		CHECK(c[0].n[0] == 2 && c[0].n[1] == 2 && (c[0].have & 0x0b) ==
		    0x0b && c[1].have == 3, "chunks of %zu: the columns",
		    steps[k]);
		CHECK(sp_spill_file_pread(s->tmp, a, 16, c[0].off[0], &e) == 0 &&
		    sp_spill_file_pread(s->tmp, b, 16, c[0].off[3], &e) == 0 &&
		    a[0] == 1 && a[1] == 5 && b[0] == 7 && b[1] == 8,
		    "chunks of %zu: row a's starts and call ids", steps[k]);
		CHECK(c[0].has_ev && c[0].ev_len < sizeof ev &&
		    sp_spill_file_pread(s->tmp, ev, c[0].ev_len, c[0].ev_off, &e) ==
		    0 && strcmp(ev, "[{\"k\": 1}, null]") == 0 && !c[1].has_ev,
		    "chunks of %zu: the event metadata '%s'", steps[k], ev);
		sp_json_parse_free(p);
		sp_source_free(&s->src);
	}
}

static void
refused(const char *text, size_t len, size_t step, const char *want,
    size_t wantlen)
{
	struct sp_json_parse *p;
	char err[1100];
	struct sp_json_source *s = parse(text, len, step, &p, err, sizeof err);

	CHECK(strncmp(err, want, wantlen) == 0, "%.40s...:\n  got  %s\n  "
	    "want %s", text, err, want);
	sp_json_parse_free(p);
	sp_source_free(&s->src);
}

#define REFUSED(text, step, want) \
	refused(text, strlen(text), step, want, strlen(want))

static void
test_refused(void)
{
	char *big;
	size_t n = ((size_t)17 << 20) + 100;

	REFUSED("{\"format\": \"scope-profiler-profile\",, }", 3,
	    "p.json: not valid JSON: ");
	/* a format that is not the profile's: refused as soon as read */
	REFUSED("{\"format\": 1,, }", 3, "p.json: not a scope-profiler JSON "
	    "profile");
	REFUSED("{\"a\": [1, 2", 100, "p.json: not valid JSON: ");
	REFUSED("{\"a\": x}", 1, "p.json: not valid JSON: ");
	REFUSED("{\"a\": x}", 100, "p.json: not valid JSON: lexical error: "
	    "invalid char in json text. (at byte 7)");
	REFUSED("[1, 2]", 100, "p.json: not a scope-profiler JSON profile");
	REFUSED("{\"format\": \"other\", \"regions\": []}", 100,
	    "p.json: not a scope-profiler JSON profile");
	REFUSED("{\"format\": \"scope-profiler-profile\", \"regions\": "
	    "[{\"name\": \"a\", \"rank\": 0, \"start_times_ns\": [1.5]}]}", 5,
	    "p.json: regions[0]: start_times_ns holds a value that is not a "
	    "64-bit integer");
	/* a string that never ends: refused past 16 MiB, in 1 MiB chunks */
	if ((big = malloc(n)) == NULL)
		return;
	memset(big, 'a', n);
	memcpy(big, "{\"x\": \"", 7);
	refused(big, n, (size_t)1 << 20, "p.json: not a profile: a JSON value "
	    "runs on for more than 16 MiB before byte ", 64);
	free(big);
}

int
main(void)
{
	test_document();
	test_refused();
	return failed != 0;
}
