/*
 * Folded stacks written from a call-path tree (sp_flame_fold.h): depth
 * first, one line per path with self time.
 */
#include "sp_flame_fold.h"

#include <stdlib.h>
#include <string.h>

#include "sp_flame_out.h"
#include "sp_fmt.h"
#include "sp_grow.h"

#define NONE SP_FLAME_TREE_NONE

char
sp_flame_fold_byte(char c)
{
	return c == ';' ? ':' : c == '\n' || c == '\r' ? ' ' : c;
}

/* A frame name, with what the format cannot hold replaced. */
static int
put_name(struct sp_flame_out *o, const char *s)
{
	size_t i, run = 0;

	for (i = 0; s[i] != '\0'; i++) {
		char c = sp_flame_fold_byte(s[i]);

		if (c == s[i])
			continue;
		if (sp_flame_put(o, s + run, i - run) < 0 ||
		    sp_flame_put(o, &c, 1) < 0)
			return -1;
		run = i + 1;
	}
	return sp_flame_put(o, s + run, i - run);
}

static const char *
name_of(const struct sp_flame_tree *t, const struct sp_flame_tree_node *x,
    const char *const *names, size_t nnames)
{
	if (x->lane)
		return sp_flame_tree_label(t, x->sym);
	return x->sym < nnames ? names[x->sym] : NULL;
}

int
sp_flame_fold_write(const struct sp_flame_tree *t,
    const char *const *names, size_t nnames, sp_write_fn *write,
    void *ctx, struct sp_err *e)
{
	struct sp_flame_out *o;
	uint32_t *path = NULL, id;
	size_t depth = 0, cap = 0, i;
	char num[SP_FMT_MAX + 2];
	int rc = -1;

	if ((o = sp_flame_out_new(write, ctx, e)) == NULL)
		return -1;
	for (i = 0; i < sp_flame_tree_paths(t); i++)
		if (name_of(t, sp_flame_tree_node(t, (uint32_t)i), names, nnames) == NULL) {
			sp_fail(e, SP_EDATA, "a call of region %u, beyond the "
			    "region table", (unsigned)sp_flame_tree_node(t, (uint32_t)i)->sym);
			goto out;
		}
	/* depth first: visit id, then its children, then its siblings */
	id = sp_flame_tree_top(t);
	while (id != NONE) {
		const struct sp_flame_tree_node *x = sp_flame_tree_node(t, id);

		if (sp_grow(&path, &cap, depth + 1, sizeof *path, 64) < 0) {
			sp_fail(e, SP_ENOMEM, "out of memory");
			goto out;
		}
		path[depth++] = id;
		if (x->self != 0) {
			size_t k;

			for (k = 0; k < depth; k++)
				if ((k > 0 && sp_flame_put(o, ";", 1) < 0) ||
				    put_name(o, name_of(t, sp_flame_tree_node(t, path[k]),
				    names, nnames)) < 0)
					goto out;
			num[0] = ' ';
			k = 1 + sp_fmt_i64(num + 1, x->self);
			num[k++] = '\n';
			if (sp_flame_put(o, num, k) < 0)
				goto out;
		}
		if (x->child != NONE) {
			id = x->child;
			continue;
		}
		/* up until a node with a next sibling */
		while (depth > 0 && sp_flame_tree_node(t, path[depth - 1])->next == NONE)
			depth--;
		if (depth == 0)
			break;
		id = sp_flame_tree_node(t, path[--depth])->next;
	}
	rc = sp_flame_out_flush(o);
out:
	free(path);
	sp_flame_out_free(o);
	return rc;
}
