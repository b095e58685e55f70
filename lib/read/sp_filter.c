#include "sp_filter.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "sp_utf8.h"

struct list {
	pcre2_code **v;
	size_t n, cap;
};

struct sp_filter {
	struct list inc, exc;
	pcre2_match_data *md;	/* scratch for sp_filter_keep */
};

/*
 * A pattern rewritten from Python's spelling to PCRE2's (see the header),
 * with, for every byte of the result, the offset of the byte of the
 * original it came from: PCRE2 reports errors in the rewritten pattern,
 * the user wrote the original.
 */
struct xlat {
	char *s;
	size_t *from;
	size_t n;
};

static void
put(struct xlat *x, const char *s, size_t n, size_t from)
{
	size_t i;

	for (i = 0; i < n; i++) {
		x->s[x->n] = s[i];
		x->from[x->n++] = from;
	}
}

static int
hex_digits(const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdefABCDEF";
	size_t i;

	/* strchr would find the NUL that ends a too short escape. */
	for (i = 0; i < n; i++)
		if (s[i] == '\0' || strchr(hex, s[i]) == NULL)
			return 0;
	return 1;
}

/* The length of a POSIX "[:name:]" (or "[.x.]", "[=x=]") at p, or 0. */
static size_t
posix_class(const char *p)
{
	const char *q;

	if (p[0] != '[' || p[1] == '\0' || strchr(":.=", p[1]) == NULL)
		return 0;
	for (q = p + 2; *q != '\0'; q++)
		if (q[0] == p[1] && q[1] == ']')
			return (size_t)(q + 2 - p);
	return 0;
}

/* Whether p (just past a '{') reads ",digits}": Python's {,n}. */
static int
open_lower_bound(const char *p)
{
	if (*p++ != ',')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '}';
}

/*
 * Rewrite one escape at p (p[0] == '\\', p[1] != '\0').  Returns the
 * number of pattern bytes consumed.
 */
static size_t
xlat_escape(struct xlat *x, const char *p, size_t at, int in_class)
{
	size_t hex;

	switch (p[1]) {
	case 'Z':
		if (in_class)
			break;
		put(x, "\\z", 2, at);
		return 2;
	case 'v':
		put(x, "\\x0b", 4, at);
		return 2;
	case 'u':
	case 'U':
		hex = p[1] == 'u' ? 4 : 8;
		if (!hex_digits(p + 2, hex))
			break;
		put(x, "\\x{", 3, at);
		put(x, p + 2, hex, at);
		put(x, "}", 1, at);
		return 2 + hex;
	}
	/* Copied as a pair: an escaped '[' or ']' is never a class edge. */
	put(x, p, 2, at);
	return 2;
}

static int
xlat_new(struct xlat *x, const char *pat)
{
	size_t len = strlen(pat), i = 0, k, cap;
	int in_class = 0;

	/* The worst growth is "\v" (2 bytes) to "\x0b" (4 bytes). */
	cap = 2 * len + 1;
	x->n = 0;
	x->s = malloc(cap);
	x->from = malloc(cap * sizeof *x->from);
	if (x->s == NULL || x->from == NULL)
		return -1;
	while (i < len) {
		if (pat[i] == '\\' && pat[i + 1] != '\0') {
			i += xlat_escape(x, pat + i, i, in_class);
		} else if (in_class && (k = posix_class(pat + i)) > 0) {
			/* PCRE2 reads it as one item, ']' included. */
			put(x, pat + i, k, i);
			i += k;
		} else if (in_class) {
			if (pat[i] == ']')
				in_class = 0;
			put(x, pat + i, 1, i);
			i++;
		} else if (pat[i] == '[') {
			/* A first ']', after an optional '^', is literal. */
			k = i + 1;
			if (pat[k] == '^')
				k++;
			if (pat[k] == ']')
				k++;
			for (; i < k; i++)
				put(x, pat + i, 1, i);
			in_class = 1;
		} else if (pat[i] == '{' && open_lower_bound(pat + i + 1)) {
			put(x, "{0", 2, i);
			i++;
		} else {
			put(x, pat + i, 1, i);
			i++;
		}
	}
	x->from[x->n] = len;
	return 0;
}

static void
xlat_free(struct xlat *x)
{
	free(x->s);
	free(x->from);
}

struct sp_filter *
sp_filter_new(void)
{
	struct sp_filter *f;

	if ((f = calloc(1, sizeof *f)) == NULL)
		return NULL;
	/* One pair is enough: keep asks whether, not where. */
	if ((f->md = pcre2_match_data_create(1, NULL)) == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

static void
list_free(struct list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		pcre2_code_free(l->v[i]);
	free(l->v);
}

void
sp_filter_free(struct sp_filter *f)
{
	if (f == NULL)
		return;
	list_free(&f->inc);
	list_free(&f->exc);
	pcre2_match_data_free(f->md);
	free(f);
}

static int
add(struct list *l, const char *what, const char *pattern, struct sp_err *e)
{
	pcre2_compile_context *cc = NULL;
	pcre2_code *code = NULL, **v;
	struct xlat x = { 0 };
	PCRE2_UCHAR why[256];
	PCRE2_SIZE off;
	size_t cap;
	int rc = -1, err;

	if (l->n == l->cap) {
		cap = l->cap != 0 ? 2 * l->cap : 4;
		if ((v = realloc(l->v, cap * sizeof *v)) == NULL) {
			sp_fail(e, SP_ENOMEM, "out of memory adding %s pattern "
			    "'%s'", what, pattern);
			goto out;
		}
		l->v = v;
		l->cap = cap;
	}
	if (xlat_new(&x, pattern) == -1 ||
	    (cc = pcre2_compile_context_create(NULL)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory compiling %s pattern '%s'",
		    what, pattern);
		goto out;
	}
	/* Python's "." and "$" know "\n" only, whatever PCRE2's default. */
	pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
	code = pcre2_compile((PCRE2_SPTR)x.s, x.n, PCRE2_ANCHORED | PCRE2_UTF |
	    PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | PCRE2_NEVER_BACKSLASH_C,
	    &err, &off, cc);
	if (code == NULL) {
		if (pcre2_get_error_message(err, why, sizeof why) < 0)
			strcpy((char *)why, "unknown error");
		sp_fail(e, SP_EUSAGE, "bad %s pattern '%s': %s at offset %zu",
		    what, pattern, (char *)why, x.from[off < x.n ? off : x.n]);
		goto out;
	}
	l->v[l->n++] = code;
	rc = 0;
out:
	pcre2_compile_context_free(cc);
	xlat_free(&x);
	return rc;
}

int
sp_filter_include(struct sp_filter *f, const char *pattern, struct sp_err *e)
{
	return add(&f->inc, "include", pattern, e);
}

int
sp_filter_exclude(struct sp_filter *f, const char *pattern, struct sp_err *e)
{
	return add(&f->exc, "exclude", pattern, e);
}

static int
any_match(const struct list *l, pcre2_match_data *md, const char *name,
    size_t len)
{
	size_t i;

	/* 0 means "matched, ovector too small": still a match. */
	for (i = 0; i < l->n; i++)
		if (pcre2_match(l->v[i], (PCRE2_SPTR)name, len, 0, 0, md,
		    NULL) >= 0)
			return 1;
	return 0;
}

int
sp_filter_keep(const struct sp_filter *f, const char *name, size_t len)
{
	uint32_t cp;

	/*
	 * PCRE2 skips an invalid sequence at the start offset, which would
	 * unanchor the match; what precedes the barrier is the empty string.
	 */
	if (len > 0 &&
	    sp_utf8_decode((const unsigned char *)name, len, &cp) == 0)
		len = 0;
	if (f->inc.n > 0 && !any_match(&f->inc, f->md, name, len))
		return 0;
	return !any_match(&f->exc, f->md, name, len);
}

int
sp_filter_active(const struct sp_filter *f)
{
	return f->inc.n > 0 || f->exc.n > 0;
}
