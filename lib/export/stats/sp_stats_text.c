#include "sp_stats_text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
reserve(struct sp_stats_text *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;
	char *p;

	if (b->failed)
		return -1;
	if (more > SIZE_MAX / 2 - b->n - 1) {	/* no doubling reaches it */
		b->failed = 1;
		return -1;
	}
	if (b->n + more + 1 <= b->cap)
		return 0;
	while (cap < b->n + more + 1)
		cap *= 2;
	if ((p = realloc(b->p, cap)) == NULL) {
		b->failed = 1;
		return -1;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

void
sp_stats_text_free(struct sp_stats_text *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
	b->failed = 0;
}

void
sp_stats_text_add(struct sp_stats_text *b, const char *s, size_t n)
{
	if (reserve(b, n) < 0)
		return;
	if (n > 0)	/* s may be NULL then: a failed buffer's */
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

void
sp_stats_text_str(struct sp_stats_text *b, const char *s)
{
	sp_stats_text_add(b, s, strlen(s));
}

/* One growth for all the copies: a table pads every cell with these. */
void
sp_stats_text_rep(struct sp_stats_text *b, const char *s, size_t times)
{
	size_t n = strlen(s), k;
	char *p;

	if (n == 0 || times == 0)
		return;
	if (times > (SIZE_MAX - 1) / n - b->n) {
		b->failed = 1;
		return;
	}
	if (reserve(b, n * times) < 0)
		return;
	p = b->p + b->n;
	if (n == 1)
		memset(p, s[0], times);
	else
		for (k = 0; k < times; k++)
			memcpy(p + k * n, s, n);
	b->n += n * times;
	b->p[b->n] = '\0';
}

void
sp_stats_text_printf(struct sp_stats_text *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* once into the room there is; again only when it did not fit */
	va_start(ap, fmt);
	n = vsnprintf(b->p != NULL && !b->failed ? b->p + b->n : NULL,
	    b->p != NULL && !b->failed ? b->cap - b->n : 0, fmt, ap);
	va_end(ap);
	if (n >= 0 && b->p != NULL && !b->failed &&
	    (size_t)n < b->cap - b->n) {
		b->n += (size_t)n;
		return;
	}
	if (n < 0 || reserve(b, (size_t)n) < 0)
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

void
sp_stats_text_count(struct sp_stats_text *b, uint64_t n)
{
	static const struct {
		uint64_t at;
		const char *suffix;
	} steps[3] = {
		{ 1000000000, "B" }, { 1000000, "M" }, { 1000, "k" },
	};
	size_t i;

	for (i = 0; i < 3; i++)
		if (n >= steps[i].at) {
			sp_stats_text_printf(b, "%.3g%s", (double)n /
			    (double)steps[i].at, steps[i].suffix);
			return;
		}
	sp_stats_text_printf(b, "%llu", (unsigned long long)n);
}

void
sp_stats_text_pct(struct sp_stats_text *b, struct sp_opt v, struct sp_opt d)
{
	if (!v.set || !d.set || d.v <= 0) {
		sp_stats_text_str(b, "-");
		return;
	}
	sp_stats_text_printf(b, "%.2f%%", 100.0 * v.v / d.v);
}

void
sp_stats_text_opt(struct sp_stats_text *b, const char *fmt, struct sp_opt v)
{
	if (!v.set)
		sp_stats_text_str(b, "-");
	else
		sp_stats_text_printf(b, fmt, v.v);
}

/* --- paths --- */

/* The components of an absolute, normalised path, in place: a list. */
struct parts {
	const char *p[256];
	size_t n[256];
	size_t k;
	int overflow;
};

/* posixpath.normpath of an absolute path, as components into q. */
static void
normalise(const char *s, struct parts *q)
{
	const char *e;

	while (*s != '\0') {
		while (*s == '/')
			s++;
		if (*s == '\0')
			break;
		for (e = s; *e != '\0' && *e != '/'; e++)
			;
		if (e - s == 1 && s[0] == '.') {
			/* "." goes */
		} else if (e - s == 2 && s[0] == '.' && s[1] == '.') {
			if (q->k > 0)
				q->k--;
		} else if (q->k < 256) {
			q->p[q->k] = s;
			q->n[q->k++] = (size_t)(e - s);
		} else {
			q->overflow = 1;
		}
		s = e;
	}
}

static void
join(struct sp_stats_text *b, const char *s, size_t n)
{
	if (b->n > 0)
		sp_stats_text_add(b, "/", 1);
	sp_stats_text_add(b, s, n);
}

char *
sp_stats_text_relpath(const char *path, const char *cwd)
{
	struct parts *a = calloc(2, sizeof *a), *c;
	struct sp_stats_text b = { 0 };
	size_t i = 0, k;

	if (a == NULL)
		return NULL;
	c = a + 1;
	if (path[0] != '/')
		normalise(cwd, a);
	normalise(path, a);
	normalise(cwd, c);
	if (path[0] == '\0' || a->overflow || c->overflow) {
		sp_stats_text_str(&b, path);
	} else {
		while (i < a->k && i < c->k && a->n[i] == c->n[i] &&
		    memcmp(a->p[i], c->p[i], a->n[i]) == 0)
			i++;
		for (k = i; k < c->k; k++)
			join(&b, "..", 2);
		for (k = i; k < a->k; k++)
			join(&b, a->p[k], a->n[k]);
		if (b.n == 0)
			sp_stats_text_str(&b, ".");
	}
	free(a);
	if (b.failed || b.p == NULL) {
		sp_stats_text_free(&b);
		return NULL;
	}
	return b.p;
}

void
sp_stats_text_shell_quote(struct sp_stats_text *b, const char *s)
{
	static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789_@%+=:,./-";
	const char *p;

	if (*s != '\0' && strspn(s, safe) == strlen(s)) {
		sp_stats_text_str(b, s);
		return;
	}
	sp_stats_text_add(b, "'", 1);
	for (p = s; *p != '\0'; p++)
		if (*p == '\'')
			sp_stats_text_str(b, "'\"'\"'");
		else
			sp_stats_text_add(b, p, 1);
	sp_stats_text_add(b, "'", 1);
}
