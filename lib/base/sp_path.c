#include "sp_path.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_utf8.h"

int
sp_path_norm(const char *path, char **out, struct sp_err *e)
{
	size_t n = strlen(path), i = 0, k = 0, lead = 0;
	char *p = malloc(n + 2);

	if ((*out = p) == NULL)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	/* POSIX gives "//" a meaning of its own; three or more are "/" */
	while (i < n && path[i] == '/')
		i++;
	lead = i == 2 ? 2 : i > 0;
	for (k = 0; k < lead; k++)
		p[k] = '/';
	while (i < n) {
		size_t j = i;

		while (j < n && path[j] != '/')
			j++;
		/* a component: "." goes, the rest stays (".." too) */
		if (!(j - i == 1 && path[i] == '.')) {
			if (k > lead)
				p[k++] = '/';
			memcpy(p + k, path + i, j - i);
			k += j - i;
		}
		while (j < n && path[j] == '/')
			j++;
		i = j;
	}
	if (k == 0)
		p[k++] = '.';
	p[k] = '\0';
	return 0;
}

/* The next code point of s (surrogateescape for a bad byte); 0 at the end. */
static uint32_t
next_cp(const unsigned char **s, const unsigned char *end)
{
	uint32_t cp;
	size_t len;

	if (*s >= end)
		return 0;
	if ((len = sp_utf8_decode(*s, (size_t)(end - *s), &cp)) == 0) {
		cp = 0xdc00 | **s;
		len = 1;
	}
	*s += len;
	return cp;
}

/* Components [a, ae) and [b, be) by code points; a prefix first. */
static int
cmp_part(const char *a, const char *ae, const char *b, const char *be)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;

	while (x < (const unsigned char *)ae && y < (const unsigned char *)be) {
		uint32_t cx = next_cp(&x, (const unsigned char *)ae);
		uint32_t cy = next_cp(&y, (const unsigned char *)be);

		if (cx != cy)
			return cx < cy ? -1 : 1;
	}
	return (x < (const unsigned char *)ae) - (y < (const unsigned char *)be);
}

/* The component at *p (the root "/" of an absolute path is one), and on. */
static const char *
part(const char **p, int first)
{
	const char *s = *p;

	if (first && *s == '/') {
		while (**p == '/')
			(*p)++;
		return s;
	}
	while (**p != '\0' && **p != '/')
		(*p)++;
	return s;
}

int
sp_path_cmp(const char *a, const char *b)
{
	int first = 1;

	while (*a != '\0' && *b != '\0') {
		const char *pa = part(&a, first), *pb = part(&b, first);
		int c = cmp_part(pa, a, pb, b);

		if (c != 0)
			return c;
		if (!first || *pa != '/') {
			a += *a == '/';
			b += *b == '/';
		}
		first = 0;
	}
	return (*a != '\0') - (*b != '\0');
}

int
sp_path_join(const char *dir, const char *name, char **out, struct sp_err *e)
{
	size_t nd = strlen(dir), nn = strlen(name);
	char *j = malloc(nd + nn + 2);
	int rc;

	if (j == NULL) {
		*out = NULL;
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	memcpy(j, dir, nd);
	j[nd] = '/';
	memcpy(j + nd + 1, name, nn + 1);
	rc = sp_path_norm(j, out, e);
	free(j);
	return rc;
}
