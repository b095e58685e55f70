#include "sp_flame_dfold.h"

#include <stdlib.h>
#include <string.h>

#include "sp_flame_out.h"

/* A frame name, with what the format cannot hold replaced. */
static int
put_name(struct sp_flame_out *o, const char *s)
{
	size_t i, run = 0;

	for (i = 0; s[i] != '\0'; i++) {
		const char *rep;

		if (s[i] == ';')
			rep = ":";
		else if (s[i] == '\n' || s[i] == '\r')
			rep = " ";
		else
			continue;
		if (sp_flame_put(o, s + run, i - run) < 0 ||
		    sp_flame_put(o, rep, 1) < 0)
			return -1;
		run = i + 1;
	}
	return sp_flame_put(o, s + run, i - run);
}

/* floor(a * num / den) without overflow (a, num >= 0, den > 0). */
static int64_t
scaled(int64_t a, int64_t num, int64_t den)
{
	__extension__ unsigned __int128 p = (unsigned __int128)(uint64_t)a *
	    (uint64_t)num;

	return (int64_t)(p / (uint64_t)den);
}

int
sp_flame_dfold_write(const struct sp_flame_flat *f, int normalize,
    sp_prof_write_fn *write, void *ctx, struct sp_err *e)
{
	size_t n = sp_flame_flat_len(f), i, k;
	uint32_t *path = malloc((n + 1) * sizeof *path);
	const struct sp_flame_fnode *root = sp_flame_flat_node(f, 0);
	int64_t ta = root->v[0].total, tb = root->v[1].total;
	struct sp_flame_out *o = NULL;
	int rc = -1;

	if (sp_flame_flat_sides(f) != 2) {
		sp_fail(e, SP_EUSAGE, "a folded diff needs two runs");
		goto out;
	}
	if (path == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory writing folded stacks");
		goto out;
	}
	if ((o = sp_flame_out_new(write, ctx, e)) == NULL)
		goto out;
	for (i = 1; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);
		int64_t a = x->v[0].self, b = x->v[1].self;

		path[x->depth] = (uint32_t)i;
		if (a == 0 && b == 0)
			continue;
		if (normalize && ta > 0 && ta != tb && a > 0 && tb >= 0)
			a = scaled(a, tb, ta);
		for (k = 1; k <= x->depth; k++) {
			if (k > 1)
				sp_flame_put(o, ";", 1);
			put_name(o, sp_flame_flat_str(f, path[k]));
		}
		sp_flame_puts(o, " ");
		sp_flame_put_i64(o, a);
		sp_flame_puts(o, " ");
		sp_flame_put_i64(o, b);
		if (sp_flame_puts(o, "\n") < 0)
			goto out;
	}
	rc = sp_flame_out_flush(o);
out:
	sp_flame_out_free(o);
	free(path);
	return rc;
}
