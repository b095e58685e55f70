/*
 * Unit test of sp_marshal: .prof bytes as Python writes and reads them,
 * and no crash on anything else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_marshal.h"
#include "proftest.h"

/* marshal.dumps(d, 2) for the dict of small_dict(), by Python 3.11. */
static const char small_hex[] =
    "7b280300000075010000007e690000000075010000006128050000006901000000"
    "690100000067000000000000e03f67000000000000f03f7b280300000075010000"
    "007e690000000075030000003c723e280400000069010000006901000000670000"
    "00000000e03f67000000000000f03f30280300000075010000007e690000000075"
    "030000003c723e28050000006901000000690100000067000000000000000067"
    "000000000000f03f7b3030";

/*
 * What cProfile.run('sum(range(9))', f) wrote with Python 3.11: version
 * 4, with FLAG_REF, back-references (small ints, "~", key tuples) and
 * interned short strings.
 */
static const unsigned char cprofile_v4[] =
	"\xfb\x29\x03\xfa\x08\x3c\x73\x74\x72\x69\x6e\x67"
	"\x3e\xe9\x01\x00\x00\x00\xfa\x08\x3c\x6d\x6f\x64"
	"\x75\x6c\x65\x3e\x29\x05\x72\x02\x00\x00\x00\x72"
	"\x02\x00\x00\x00\x67\x39\x9c\xd3\x0e\x7a\x94\xcc"
	"\x3e\x67\x41\xa2\xe8\x05\xc8\x65\xd6\x3e\x7b\x29"
	"\x03\xfa\x01\x7e\xe9\x00\x00\x00\x00\xfa\x1f\x3c"
	"\x62\x75\x69\x6c\x74\x2d\x69\x6e\x20\x6d\x65\x74"
	"\x68\x6f\x64\x20\x62\x75\x69\x6c\x74\x69\x6e\x73"
	"\x2e\x65\x78\x65\x63\x3e\x29\x04\x72\x02\x00\x00"
	"\x00\x72\x02\x00\x00\x00\x67\x39\x9c\xd3\x0e\x7a"
	"\x94\xcc\x3e\x67\x41\xa2\xe8\x05\xc8\x65\xd6\x3e"
	"\x30\x29\x03\x72\x04\x00\x00\x00\x72\x05\x00\x00"
	"\x00\xfa\x30\x3c\x6d\x65\x74\x68\x6f\x64\x20\x27"
	"\x64\x69\x73\x61\x62\x6c\x65\x27\x20\x6f\x66\x20"
	"\x27\x5f\x6c\x73\x70\x72\x6f\x66\x2e\x50\x72\x6f"
	"\x66\x69\x6c\x65\x72\x27\x20\x6f\x62\x6a\x65\x63"
	"\x74\x73\x3e\x29\x05\x72\x02\x00\x00\x00\x72\x02"
	"\x00\x00\x00\x67\xf6\xfc\x8c\xb2\x4e\xfa\x8a\x3e"
	"\x67\xf6\xfc\x8c\xb2\x4e\xfa\x8a\x3e\x7b\x30\x29"
	"\x03\x72\x04\x00\x00\x00\x72\x05\x00\x00\x00\x72"
	"\x06\x00\x00\x00\x29\x05\x72\x02\x00\x00\x00\x72"
	"\x02\x00\x00\x00\x67\x48\x1f\x65\x57\x69\x71\x07"
	"\x3f\x67\x90\x33\x22\x58\x22\x3e\x0a\x3f\x7b\x30"
	"\x29\x03\x72\x04\x00\x00\x00\x72\x05\x00\x00\x00"
	"\xfa\x1e\x3c\x62\x75\x69\x6c\x74\x2d\x69\x6e\x20"
	"\x6d\x65\x74\x68\x6f\x64\x20\x62\x75\x69\x6c\x74"
	"\x69\x6e\x73\x2e\x73\x75\x6d\x3e\x29\x05\x72\x02"
	"\x00\x00\x00\x72\x02\x00\x00\x00\x67\x48\xa8\xfd"
	"\xfc\x15\x37\xc0\x3e\x67\x48\xa8\xfd\xfc\x15\x37"
	"\xc0\x3e\x7b\x29\x03\x72\x01\x00\x00\x00\x72\x02"
	"\x00\x00\x00\x72\x03\x00\x00\x00\x29\x04\x72\x02"
	"\x00\x00\x00\x72\x02\x00\x00\x00\x67\x48\xa8\xfd"
	"\xfc\x15\x37\xc0\x3e\x67\x48\xa8\xfd\xfc\x15\x37"
	"\xc0\x3e\x30\x30";

/* The array above has a NUL of its own at the end. */
#define CPROFILE_LEN (sizeof cprofile_v4 - 1)

static size_t
unhex(const char *h, unsigned char *out)
{
	size_t n = 0;
	unsigned v;

	for (; h[0] && h[1]; h += 2) {
		sscanf(h, "%2x", &v);
		out[n++] = (unsigned char)v;
	}
	return n;
}

static long
key(struct sp_prof *d, const char *file, int64_t line, const char *func)
{
	struct sp_err e = { 0 };

	return sp_prof_key(d, sp_prof_intern(d, file, strlen(file), &e), line,
	    sp_prof_intern(d, func, strlen(func), &e), &e);
}

static struct sp_prof *
small_dict(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_prof_stat a = { 1, 1, 0.5, 1.0 }, r = { 1, 1, 0.0, 1.0 };
	struct sp_err e = { 0 };
	long i;

	i = sp_prof_set(d, key(d, "~", 0, "a"), &a, 0, &e);
	sp_prof_set_caller(d, (size_t)i, key(d, "~", 0, "<r>"), &a, 0, &e);
	sp_prof_set(d, key(d, "~", 0, "<r>"), &r, 0, &e);
	return d;
}

/* Every string form, every int boundary, special floats, bare counts. */
static struct sp_prof *
rich_dict(void)
{
	static const int64_t ints[] = {
		0, 1, -1, INT32_MAX, (int64_t)INT32_MAX + 1, INT32_MIN,
		(int64_t)INT32_MIN - 1, 32767, 32768, (int64_t)1 << 45,
		-((int64_t)1 << 45), INT64_MAX, INT64_MIN, INT64_MIN + 1,
	};
	static const double flts[] = {
		0.0, -0.0, 1e-300, 5e-324, 1.7976931348623157e308, 0.1,
		1.0 / 3.0, 123456.789,
	};
	struct sp_prof *d = sp_prof_new();
	struct sp_err e = { 0 };
	struct sp_prof_stat s;
	char longname[400];
	size_t i, n = sizeof ints / sizeof ints[0];
	long k, c;

	memset(longname, 'x', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	c = key(d, "caller.py", 7, "caller");
	for (i = 0; i < n; i++) {
		char name[64];

		snprintf(name, sizeof name, "f%zu", i);
		k = key(d, i % 2 ? "~" : "/src/\xc3\xa9t\xc3\xa9.py", ints[i],
		    name);
		s.cc = ints[i];
		s.nc = ints[(i + 1) % n];
		s.tt = flts[i % 8];
		s.ct = flts[(i + 3) % 8];
		k = sp_prof_set(d, k, &s, 0, &e);
		sp_prof_set_caller(d, (size_t)k, c, &s, (int)(i % 3 == 0), &e);
	}
	s.cc = s.nc = 1;
	s.tt = s.ct = 2.5;
	sp_prof_set(d, key(d, "~", 0, longname), &s, 0, &e);
	sp_prof_set(d, key(d, "~", 0, "<\xe2\x82\xac \xf0\x9f\x98\x80>"), &s,
	    0, &e);
	/* Python's marshal passes encoded surrogates, so must we. */
	sp_prof_set(d, key(d, "~", 0, "lone \xed\xa0\x80"), &s, 0, &e);
	k = sp_prof_set(d, c, &s, 0, &e);
	CHECK(e.status == SP_OK, "rich dict: %s", e.msg);
	return d;
}

static int
same_stat(const struct sp_prof_stat *a, const struct sp_prof_stat *b)
{
	return a->cc == b->cc && a->nc == b->nc &&
	    memcmp(&a->tt, &b->tt, sizeof a->tt) == 0 &&
	    memcmp(&a->ct, &b->ct, sizeof a->ct) == 0;
}

static int
same_key(const struct sp_prof_key *a, const struct sp_prof_key *b)
{
	return a->line == b->line && strcmp(a->file, b->file) == 0 &&
	    strcmp(a->func, b->func) == 0;
}

/* Equal dicts: same order, same bits. */
static int
same_dict(const struct sp_prof *a, const struct sp_prof *b)
{
	size_t i, j;

	if (sp_prof_len(a) != sp_prof_len(b))
		return 0;
	for (i = 0; i < sp_prof_len(a); i++) {
		const struct sp_prof_entry *x = sp_prof_entry(a, i);
		const struct sp_prof_entry *y = sp_prof_entry(b, i);

		if (!same_key(&x->key, &y->key) || !same_stat(&x->st, &y->st) ||
		    x->ncallers != y->ncallers)
			return 0;
		for (j = 0; j < x->ncallers; j++) {
			const struct sp_prof_caller *p = &x->callers[j];
			const struct sp_prof_caller *q = &y->callers[j];

			if (!same_key(&p->key, &q->key) ||
			    p->count_only != q->count_only ||
			    (p->count_only ? p->st.nc != q->st.nc :
			    !same_stat(&p->st, &q->st)))
				return 0;
		}
	}
	return 1;
}

static void
test_golden_bytes(void)
{
	unsigned char want[256];
	size_t n = unhex(small_hex, want);
	struct membuf m = { 0 };
	struct sp_err e = { 0 };
	struct sp_prof *d = small_dict(), *back;

	CHECK(sp_marshal_write_prof(d, membuf_write, &m, &e) == 0,
	    "write: %s", e.msg);
	CHECK(m.n == n && memcmp(m.p, want, n) == 0,
	    "bytes are marshal.dumps(d, 2)'s (%zu vs %zu bytes)", m.n, n);
	back = sp_marshal_read_prof(m.p, m.n, "small", &e);
	CHECK(back != NULL && same_dict(d, back), "small round trip: %s",
	    e.msg);
	sp_prof_free(back);
	sp_prof_free(d);
	free(m.p);
}

static void
test_roundtrip(void)
{
	struct sp_prof *d = rich_dict(), *back;
	struct membuf m = { 0 }, m2 = { 0 };
	struct sp_err e = { 0 };
	const char *prof = scratch_path("rich.prof");
	const char *json = scratch_path("rich.json");
	char args[2048];
	FILE *f;
	int rc;

	CHECK(sp_marshal_write_prof(d, membuf_write, &m, &e) == 0,
	    "write: %s", e.msg);
	back = sp_marshal_read_prof(m.p, m.n, "rich", &e);
	CHECK(back != NULL, "read: %s", e.msg);
	CHECK(back != NULL && same_dict(d, back), "rich round trip");
	/* Writing what was read gives the same bytes again. */
	CHECK(back != NULL && sp_marshal_write_prof(back, membuf_write, &m2,
	    &e) == 0 && m2.n == m.n && memcmp(m.p, m2.p, m.n) == 0,
	    "rewrite is identical");
	/* Python loads the same dict, and would write the same bytes. */
	f = fopen(prof, "wb");
	CHECK(f != NULL && fwrite(m.p, 1, m.n, f) == m.n && fclose(f) == 0,
	    "write %s", prof);
	CHECK(json_write_prof(json, d) == 0, "write %s", json);
	snprintf(args, sizeof args, "'%s' '%s' --bytes", prof, json);
	if (python() != NULL) {
		rc = run_checker(args);
		CHECK(rc == 0, "python disagrees on %s (%d)", prof, rc);
	}
	/* And the file reader sees the same. */
	sp_prof_free(back);
	back = sp_marshal_load_prof(prof, &e);
	CHECK(back != NULL && same_dict(d, back), "load_prof: %s", e.msg);
	sp_prof_free(back);
	sp_prof_free(d);
	free(m.p);
	free(m2.p);
}

static void
test_cprofile_embedded(void)
{
	struct sp_err e = { 0 };
	struct sp_prof *d;
	const struct sp_prof_entry *t;
	long i;

	d = sp_marshal_read_prof(cprofile_v4, CPROFILE_LEN, "cp", &e);
	CHECK(d != NULL, "cProfile's bytes: %s", e.msg);
	if (d == NULL)
		return;
	CHECK(sp_prof_len(d) == 4, "4 entries, not %zu", sp_prof_len(d));
	i = sp_prof_find(d, "<string>", 1, "<module>");
	CHECK(i == 0, "<string>:1(<module>) first");
	t = sp_prof_entry(d, 0);
	CHECK(t->st.cc == 1 && t->st.nc == 1 && t->st.tt == 3.407e-06 &&
	    t->st.ct == 5.3400000000000005e-06, "its numbers");
	CHECK(t->ncallers == 1 && strcmp(t->callers[0].key.file, "~") == 0 &&
	    strcmp(t->callers[0].key.func,
	    "<built-in method builtins.exec>") == 0, "its caller");
	t = sp_prof_entry(d, 3);
	CHECK(strcmp(t->key.func, "<built-in method builtins.sum>") == 0 &&
	    t->ncallers == 1 && t->callers[0].key.line == 1 &&
	    strcmp(t->callers[0].key.func, "<module>") == 0,
	    "a caller key given by reference");
	CHECK(sp_prof_find(d, "~", 0,
	    "<method 'disable' of '_lsprof.Profiler' objects>") == 1,
	    "the disable entry");
	sp_prof_free(d);
}

/* Cut anywhere: always an SP_EDATA refusal naming the input. */
static void
truncate_all(const unsigned char *p, size_t n, const char *what)
{
	struct sp_err e;
	struct sp_prof *d;
	size_t k;
	int ok = 1;

	for (k = 0; k < n; k++) {
		sp_err_clear(&e);
		d = sp_marshal_read_prof(p, k, "cut.prof", &e);
		if (d != NULL || e.status != SP_EDATA ||
		    strncmp(e.msg, "cut.prof: not a .prof file", 26) != 0) {
			printf("  %s cut at %zu: %s\n", what, k, e.msg);
			ok = 0;
		}
		sp_prof_free(d);
	}
	CHECK(ok, "%s: every truncation refused", what);
}

static void
test_truncation(void)
{
	unsigned char small[256];
	size_t n = unhex(small_hex, small);
	struct sp_prof *d = rich_dict();
	struct membuf m = { 0 };
	struct sp_err e = { 0 };

	truncate_all(small, n, "small");
	truncate_all(cprofile_v4, CPROFILE_LEN, "cProfile");
	sp_marshal_write_prof(d, membuf_write, &m, &e);
	truncate_all(m.p, m.n, "rich");
	sp_prof_free(d);
	free(m.p);
}

static const struct {
	const char *hex;
	const char *msg;	/* expected in the message */
} bad[] = {
	{ "", "empty" },
	{ "4e", "unsupported marshal type" },			/* None */
	{ "6901000000", "an int where pstats needs a dict" },
	{ "7b30", "the statistics dict is empty" },
	{ "7b303030", "data after the statistics dict" },
	{ "30", "unexpected NULL" },
	{ "5b00000000", "unsupported marshal type" },		/* list */
	{ "7b54", "unsupported marshal type" },		/* True */
	{ "7ba903e9010000007200000000", "unfinished" },	/* t = (1, t */
	{ "7b7200000000", "unknown object" },
	{ "7bf200000000", "bad reference" },
	{ "7b6901000000", "truncated" },			/* no value */
	{ "7b690100000030", "dict key without a value" },
	{ "7b28ffffffff", "negative size" },
	{ "7b28ff000000", "tuple runs past the end" },
	{ "7b7510000000616263", "string runs past the end" },
	{ "7b6c010000000000", "unnormalized" },
	{ "7b6c010000000080", "bad integer digit" },
	{ "7b6c06000000010001000100010001000100", "beyond 64 bits" },
	{ "7b" "6c05000000" "00000000000000000010", "beyond 64 bits" },
	{ "7b" "6c05000000" "00000000000000000800", "beyond 64 bits" },
	{ "7b7502000000c328", "not valid UTF-8" },
	{ "7b7503000000610062", "NUL" },
	{ "7b660378797a", "bad float text" },
	{ "7b" "7b7b7b7b7b7b7b7b7b7b", "nested too deeply" },
	/* A key that is not (str, int, str). */
	{ "7b" "2902" "6901000000" "6901000000" "6900000000" "30",
	  "pstats needs a (file" },
	/* A good key, a value of the wrong arity. */
	{ "7b2903" "7a017e" "6900000000" "7a0161" "2902" "6901000000"
	  "6901000000" "30", "(cc, nc, tt, ct, callers) value" },
	/* A good key and value, callers not a dict. */
	{ "7b2903" "7a017e" "6900000000" "7a0161" "2905" "6901000000"
	  "6901000000" "6900000000" "6900000000" "6900000000" "30",
	  "a dict of callers" },
	/* A caller value of the wrong arity. */
	{ "7b2903" "7a017e" "6900000000" "7a0161" "2905" "6901000000"
	  "6901000000" "6900000000" "6900000000"
	  "7b" "2903" "7a017e" "6900000000" "7a0162" "2902" "6901000000"
	  "6901000000" "30" "30",
	  "(cc, nc, tt, ct) caller value" },
	/* A float count. */
	{ "7b2903" "7a017e" "6900000000" "7a0161" "2905"
	  "67000000000000f03f" "6901000000" "6900000000" "6900000000"
	  "7b30" "30", "(cc, nc, tt, ct, callers) value" },
};

static void
test_bad(void)
{
	unsigned char buf[256];
	struct sp_err e;
	struct sp_prof *d;
	size_t i, n;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		n = unhex(bad[i].hex, buf);
		sp_err_clear(&e);
		d = sp_marshal_read_prof(buf, n, "bad.prof", &e);
		CHECK(d == NULL && e.status == SP_EDATA &&
		    strstr(e.msg, bad[i].msg) != NULL &&
		    strncmp(e.msg, "bad.prof: ", 10) == 0,
		    "bad[%zu] %s: got \"%s\"", i, bad[i].hex, e.msg);
		sp_prof_free(d);
	}
}

/* Forms the writer never uses but Python's marshal does. */
static void
test_other_forms(void)
{
	/*
	 * {("~" as 'a', 2**40 as 'I', "é" as 'z' Latin-1):
	 *  (1, 1, 0.5 as text 'f', 2 as int, {}) }, tuple as '('.
	 */
	static const char hex[] =
	    "7b" "2803000000" "41010000007e" "490000000000010000" "7a01e9"
	    "2905" "6901000000" "6901000000" "6603302e35" "6902000000" "7b30"
	    "30";
	unsigned char buf[128];
	size_t n = unhex(hex, buf);
	struct sp_err e = { 0 };
	struct sp_prof *d = sp_marshal_read_prof(buf, n, "forms", &e);
	const struct sp_prof_entry *t;

	CHECK(d != NULL, "other forms: %s", e.msg);
	if (d == NULL)
		return;
	t = sp_prof_entry(d, 0);
	CHECK(strcmp(t->key.file, "~") == 0 &&
	    t->key.line == (int64_t)1 << 40 &&
	    strcmp(t->key.func, "\xc3\xa9") == 0, "key read");
	CHECK(t->st.tt == 0.5 && t->st.ct == 2.0, "text float, int time");
	sp_prof_free(d);
}

/* Mutated inputs: any outcome but a crash (run it under ASan too). */
static void
test_fuzz(void)
{
	struct sp_prof *d = rich_dict(), *r;
	struct membuf m = { 0 }, w = { 0 };
	struct sp_err e;
	unsigned char *buf;
	unsigned long x = 12345;
	size_t len, k, j;
	int i, loaded = 0;

	sp_marshal_write_prof(d, membuf_write, &m, &e);
	buf = malloc(m.n + CPROFILE_LEN);
	for (i = 0; i < 20000; i++) {
		const unsigned char *src = i % 2 ? m.p : cprofile_v4;

		len = i % 2 ? m.n : CPROFILE_LEN;
		memcpy(buf, src, len);
		for (j = 0; j < 1 + (size_t)i % 4; j++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			k = (x >> 33) % len;
			buf[k] = (unsigned char)(x >> 13);
		}
		r = sp_marshal_read_prof(buf, len, "fuzz", &e);
		if (r != NULL) {
			loaded++;
			w.n = 0;
			sp_marshal_write_prof(r, membuf_write, &w, &e);
		}
		sp_prof_free(r);
	}
	printf("fuzz: %d of 20000 mutants still loaded\n", loaded);
	sp_prof_free(d);
	free(buf);
	free(m.p);
	free(w.p);
}

static void
test_writer_errors(void)
{
	struct sp_prof *d = sp_prof_new();
	struct sp_prof_stat s = { 1, 1, 0, 0 };
	struct membuf m = { 0 };
	struct sp_err e = { 0 };
	struct sp_prof *big = rich_dict();

	sp_prof_set(d, key(d, "~", 0, "bad \xff name"), &s, 0, &e);
	CHECK(sp_marshal_write_prof(d, membuf_write, &m, &e) == -1 &&
	    e.status == SP_EDATA && strstr(e.msg, "UTF-8") != NULL,
	    "invalid UTF-8 refused: %s", e.msg);
	sp_err_clear(&e);
	m.n = 0;
	m.fail_after = 10;
	CHECK(sp_marshal_write_prof(big, membuf_write, &m, &e) == -1 &&
	    e.status == SP_EIO, "a failing sink fails the write");
	sp_err_clear(&e);
	CHECK(sp_marshal_load_prof(scratch_path("missing.prof"), &e) == NULL &&
	    e.status == SP_EIO && strstr(e.msg, "missing.prof") != NULL,
	    "a missing file: %s", e.msg);
	sp_prof_free(d);
	sp_prof_free(big);
	free(m.p);
}

/*
 * Files Python's profilers and marshal (versions 0 to 4) write, made now:
 * we read each and write it again, and Python must load from our file
 * the dict it wrote (int times of the profile module aside, which come
 * back as floats: the checker compares times by value).
 */
static void
test_python_written(void)
{
	static char script[4096], pairs[4096];
	char cmd[8192], name[64];
	const char *prof, *again;
	struct sp_err e = { 0 };
	struct sp_prof *d;
	size_t k = 0, m = 0;
	FILE *f;
	int i;

	if (python() == NULL)
		return;
	k += (size_t)snprintf(script + k, sizeof script - k, "import cProfile, "
	    "profile, marshal; cProfile.run('sorted(range(99))', '%s'); "
	    "profile.run('sorted(range(99))', '%s'); d = {('x.py', 3, 'f'): "
	    "(2, 3, 0.25, 1.5, {('~', 0, 'g'): (1, 2, 0.125, 0.5)}), "
	    "('~', 0, 'g'): (1, 1, 0.5, 2.0, {}), ('big', 2**40, 'h'): "
	    "(-5, 2**62, 1e300, 1.5, {('~', 0, 'g'): 3})}; k = ('~', 0, 'g'); "
	    "d[k] = d[k]\n", scratch_path("py0.prof"),
	    scratch_path("py1.prof"));
	for (i = 2; i < 7; i++) {
		snprintf(name, sizeof name, "py%d.prof", i);
		k += (size_t)snprintf(script + k, sizeof script - k,
		    "open('%s', 'wb').write(marshal.dumps(d, %d))\n",
		    scratch_path(name), i - 2);
	}
	f = fopen(scratch_path("make.py"), "w");
	CHECK(f != NULL && fputs(script, f) >= 0 && fclose(f) == 0,
	    "write make.py");
	snprintf(cmd, sizeof cmd, "'%s' '%s'", python(),
	    scratch_path("make.py"));
	CHECK(system(cmd) == 0, "python: %s", cmd);
	for (i = 0; i < 7; i++) {
		snprintf(name, sizeof name, "py%d.prof", i);
		prof = scratch_path(name);
		snprintf(name, sizeof name, "py%d-sp.prof", i);
		again = scratch_path(name);
		d = sp_marshal_load_prof(prof, &e);
		CHECK(d != NULL, "%s: %s", prof, e.msg);
		if (d == NULL)
			continue;
		f = fopen(again, "wb");
		CHECK(f != NULL && sp_marshal_write_prof(d, file_write, f,
		    &e) == 0 && fclose(f) == 0, "rewrite %s", again);
		m += (size_t)snprintf(pairs + m, sizeof pairs - m,
		    " '%s' '%s'", again, prof);
		sp_prof_free(d);
	}
	snprintf(cmd, sizeof cmd, "--pairs --bytes%s", pairs);
	CHECK(run_checker(cmd) == 0, "our rewrites load as Python's files");
}

int
main(void)
{
	test_golden_bytes();
	test_roundtrip();
	test_cprofile_embedded();
	test_truncation();
	test_bad();
	test_other_forms();
	test_fuzz();
	test_writer_errors();
	test_python_written();
	scratch_done();
	if (!failed)
		printf("test-marshal: ok\n");
	return proftest_status();
}
