#include "sp_label.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_utf8.h"

struct entry {
	char *label;		/* as added */
	char *unique;		/* as handed out */
};

struct sp_label_set {
	struct entry *v;
	size_t n, cap;
};

static int
dup(const char *s, size_t n, char **out, struct sp_err *e)
{
	if ((*out = malloc(n + 1)) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory making a label");
	memcpy(*out, s, n);
	(*out)[n] = '\0';
	return 0;
}

int
sp_label_stem(const char *path, char **out, struct sp_err *e)
{
	const char *p, *q, *name = path, *dot;
	size_t len = 0;

	*out = NULL;
	if (strcmp(path, "-") == 0)
		return dup("stdin", 5, out, e);
	/* The last component that is neither empty nor ".". */
	for (p = path; *p != '\0'; p = q) {
		while (*p == '/')
			p++;
		for (q = p; *q != '\0' && *q != '/'; q++)
			continue;
		if (q > p && !(q - p == 1 && *p == '.')) {
			name = p;
			len = (size_t)(q - p);
		}
	}
	for (dot = NULL, p = name; p < name + len; p++)
		if (*p == '.')
			dot = p;
	if (dot != NULL && dot > name && dot < name + len - 1)
		len = (size_t)(dot - name);
	return dup(name, len, out, e);
}

int
sp_label_run(const char *meta, const char *path, char **out,
    struct sp_err *e)
{
	if (meta != NULL && *meta != '\0')
		return dup(meta, strlen(meta), out, e);
	return sp_label_stem(path, out, e);
}

/*
 * Whether the character of n bytes at s (code point c) stays in a slug:
 * 1 or 0, or -1 when out of memory.  PCRE2's \w under UCP is Python's \w,
 * code point for code point; it is compiled on the first non-ASCII
 * character of each call.
 */
static int
slug_keeps(pcre2_code **re, pcre2_match_data **md, const char *s, size_t n,
    uint32_t c)
{
	static const char word[] = "\\w";
	PCRE2_SIZE off;
	int err;

	if (c < 0x80)
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || c == '.' ||
		    c == '+' || c == '-';
	if (*re == NULL) {
		*re = pcre2_compile((PCRE2_SPTR)word, sizeof word - 1,
		    PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED, &err, &off, NULL);
		if (*re == NULL)
			return -1;
	}
	if (*md == NULL && (*md = pcre2_match_data_create(1, NULL)) == NULL)
		return -1;
	return pcre2_match(*re, (PCRE2_SPTR)s, n, 0, PCRE2_NO_UTF_CHECK, *md,
	    NULL) >= 0;
}

int
sp_label_slug(const char *label, char **out, struct sp_err *e)
{
	const unsigned char *u = (const unsigned char *)label;
	size_t len = strlen(label), i, n, k = 0, start;
	pcre2_match_data *md = NULL;
	pcre2_code *re = NULL;
	int rc = -1, kept, gap = 0;
	char *buf;
	uint32_t c;

	*out = NULL;
	if ((buf = malloc(len + 1)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory making a slug");
		return -1;
	}
	for (i = 0; i < len; i += n) {
		if ((n = sp_utf8_decode(u + i, len - i, &c)) == 0) {
			/* A stray byte stands for a surrogate: not a word. */
			n = 1;
			kept = 0;
		} else if ((kept = slug_keeps(&re, &md, label + i, n, c)) < 0) {
			sp_fail(e, SP_ENOMEM, "out of memory making a slug");
			goto out;
		}
		if (kept) {
			/* A run of other characters became one '_'. */
			if (gap)
				buf[k++] = '_';
			gap = 0;
			memcpy(buf + k, label + i, n);
			k += n;
		} else {
			gap = 1;
		}
	}
	/* Trailing gaps were never written; leading ones are stripped here. */
	for (start = 0; start < k && buf[start] == '_'; start++)
		continue;
	while (k > start && buf[k - 1] == '_')
		k--;
	if (k == start) {
		memcpy(buf, label, len + 1);
	} else {
		memmove(buf, buf + start, k - start);
		buf[k - start] = '\0';
	}
	*out = buf;
	buf = NULL;
	rc = 0;
out:
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	free(buf);
	return rc;
}

/* The last component of a path ("a/b/" -> "b/"), "<stdin>" for "-". */
static const char *
last_part(const char *path)
{
	const char *p = path + strlen(path);

	if (strcmp(path, "-") == 0)
		return "<stdin>";
	while (p > path && p[-1] == '/')
		p--;
	while (p > path && p[-1] != '/')
		p--;
	return p;
}

/*
 * How run i's source tells it from the others of its name: 2 by its last
 * component, 1 by its path whole, 0 not at all.
 */
static int
told_by(const char *const *names, const char *const *sources, size_t n,
    size_t i)
{
	int how = 2;
	size_t j;

	for (j = 0; j < n; j++) {
		if (j == i || strcmp(names[j], names[i]) != 0)
			continue;
		if (strcmp(sources[j], sources[i]) == 0)
			return 0;
		if (strcmp(last_part(sources[j]), last_part(sources[i])) == 0)
			how = 1;
	}
	return how;
}

static int
clashes(const char *const *names, size_t n, size_t i)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (j != i && strcmp(names[j], names[i]) == 0)
			return 1;
	return 0;
}

int
sp_label_apart(const char *const *names, const char *const *sources,
    const char *const *uniques, size_t n, char **out, struct sp_err *e)
{
	const char *src;
	size_t i, len;
	int how;

	for (i = 0; i < n; i++) {
		how = clashes(names, n, i) ? told_by(names, sources, n, i) : 0;
		if (how == 0) {
			out[i] = strdup(uniques[i]);
		} else {
			src = how == 2 ? last_part(sources[i]) : sources[i];
			len = strlen(names[i]) + strlen(src) + 4;
			if ((out[i] = malloc(len)) != NULL)
				snprintf(out[i], len, "%s (%s)", names[i], src);
		}
		if (out[i] == NULL) {
			while (i > 0)
				free(out[--i]);
			return sp_fail(e, SP_ENOMEM, "out of memory");
		}
	}
	return 0;
}

struct sp_label_set *
sp_label_set_new(void)
{
	return calloc(1, sizeof(struct sp_label_set));
}

void
sp_label_set_free(struct sp_label_set *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++) {
		free(l->v[i].label);
		free(l->v[i].unique);
	}
	free(l->v);
	free(l);
}

static int
taken(const struct sp_label_set *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].unique, s) == 0)
			return 1;
	return 0;
}

int
sp_label_set_add(struct sp_label_set *l, const char *label, const char **unique,
    struct sp_err *e)
{
	size_t i, k = 1, len = strlen(label), cap;
	struct entry *v, ent = { NULL, NULL };
	int rc = -1;

	*unique = NULL;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].label, label) == 0)
			k++;
	if (l->n == l->cap) {
		cap = l->cap != 0 ? 2 * l->cap : 8;
		if ((v = realloc(l->v, cap * sizeof *v)) == NULL) {
			sp_fail(e, SP_ENOMEM, "out of memory making labels");
			goto out;
		}
		l->v = v;
		l->cap = cap;
	}
	/* " (" + 20 digits + ")" */
	if (dup(label, len, &ent.label, e) == -1 ||
	    (ent.unique = malloc(len + 24)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory making labels");
		goto out;
	}
	memcpy(ent.unique, label, len + 1);
	if (k == 1 && taken(l, ent.unique))
		k = 2;
	while (k > 1) {
		snprintf(ent.unique + len, 24, " (%zu)", k);
		if (!taken(l, ent.unique))
			break;
		k++;
	}
	l->v[l->n++] = ent;
	*unique = ent.unique;
	ent.label = ent.unique = NULL;
	rc = 0;
out:
	free(ent.label);
	free(ent.unique);
	return rc;
}
