#include "sp_flame_diff_fold.h"

#include <stdlib.h>
#include <string.h>

#include "sp_flame_fold.h"
#include "sp_flame_out.h"

/* A line: its path (not NUL-terminated) and its two self times. */
struct line {
	const char *p;
	size_t len;
	int64_t a, b;
};

/* A frame name's bytes, as folded stacks spell them. */
static char *
put_name(char *to, const char *s)
{
	for (; *s != '\0'; s++)
		*to++ = sp_flame_fold_byte(*s);
	return to;
}

/* Byte order, a path before the longer paths it begins (C's sort). */
static int
cmp_line(const void *x, const void *y)
{
	const struct line *a = x, *b = y;
	int c = memcmp(a->p, b->p, a->len < b->len ? a->len : b->len);

	if (c != 0)
		return c;
	return a->len < b->len ? -1 : a->len > b->len;
}

/* floor(a * num / den) without overflow (a, num >= 0, den > 0). */
static int64_t
scaled(int64_t a, int64_t num, int64_t den)
{
	__extension__ unsigned __int128 p = (unsigned __int128)(uint64_t)a *
	    (uint64_t)num;

	return (int64_t)(p / (uint64_t)den);
}

/* The bytes of every line's path; *nlines lines with self time. */
static size_t
paths_size(const struct sp_flame_flat *f, size_t *plen, size_t *nlines)
{
	size_t n = sp_flame_flat_len(f), i, bytes = 0;

	*nlines = 0;
	plen[0] = 0;
	for (i = 1; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);

		plen[x->depth] = plen[x->depth - 1] + (x->depth > 1) +
		    strlen(sp_flame_flat_str(f, i));
		if (x->v[0].self != 0 || x->v[1].self != 0) {
			bytes += plen[x->depth];
			(*nlines)++;
		}
	}
	return bytes;
}

/* Fill the lines, their paths written into buf, in preorder. */
static void
fill_lines(const struct sp_flame_flat *f, uint32_t *path, char *buf,
    struct line *l)
{
	size_t n = sp_flame_flat_len(f), i, k;

	for (i = 1; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);
		char *p = buf;

		path[x->depth] = (uint32_t)i;
		if (x->v[0].self == 0 && x->v[1].self == 0)
			continue;
		for (k = 1; k <= x->depth; k++) {
			if (k > 1)
				*p++ = ';';
			p = put_name(p, sp_flame_flat_str(f, path[k]));
		}
		l->p = buf;
		l->len = (size_t)(p - buf);
		l->a = x->v[0].self;
		l->b = x->v[1].self;
		buf = p;
		l++;
	}
}

/* The sorted lines, one per path (equal paths add up), as text. */
static int
put_lines(struct sp_flame_out *o, struct line *l, size_t nl, int64_t ta,
    int64_t tb, int normalize)
{
	size_t i, j;

	for (i = 0; i < nl; i = j) {
		int64_t a = l[i].a, b = l[i].b;

		for (j = i + 1; j < nl && cmp_line(&l[i], &l[j]) == 0; j++) {
			a += l[j].a;
			b += l[j].b;
		}
		if (normalize && ta > 0 && ta != tb && a > 0 && tb >= 0)
			a = scaled(a, tb, ta);
		sp_flame_put(o, l[i].p, l[i].len);
		sp_flame_puts(o, " ");
		sp_flame_put_i64(o, a);
		sp_flame_puts(o, " ");
		sp_flame_put_i64(o, b);
		if (sp_flame_puts(o, "\n") < 0)
			return -1;
	}
	return sp_flame_out_flush(o);
}

int
sp_flame_diff_fold_write(const struct sp_flame_flat *f, int normalize,
    sp_write_fn *write, void *ctx, struct sp_err *e)
{
	size_t n = sp_flame_flat_len(f), nl, bytes;
	size_t *plen = malloc((n + 1) * sizeof *plen);
	uint32_t *path = malloc((n + 1) * sizeof *path);
	const struct sp_flame_fnode *root = sp_flame_flat_node(f, 0);
	struct sp_flame_out *o = NULL;
	struct line *l = NULL;
	char *buf = NULL;
	int rc = -1;

	if (sp_flame_flat_sides(f) != 2) {
		sp_fail(e, SP_EUSAGE, "a folded diff needs two runs");
		goto out;
	}
	if (plen == NULL || path == NULL)
		goto nomem;
	bytes = paths_size(f, plen, &nl);
	if ((buf = malloc(bytes + 1)) == NULL ||
	    (l = malloc((nl + 1) * sizeof *l)) == NULL)
		goto nomem;
	fill_lines(f, path, buf, l);
	qsort(l, nl, sizeof *l, cmp_line);
	if ((o = sp_flame_out_new(write, ctx, e)) == NULL)
		goto out;
	rc = put_lines(o, l, nl, root->v[0].total, root->v[1].total,
	    normalize);
	goto out;
nomem:
	sp_fail(e, SP_ENOMEM, "out of memory writing folded stacks");
out:
	sp_flame_out_free(o);
	free(l);
	free(buf);
	free(path);
	free(plen);
	return rc;
}
