#include "sp_flame_embed.h"

#include <stdlib.h>
#include <string.h>

#define NONE SP_FLAME_FLAT_NONE

/* What the budget decided: kept nodes, their new ids, merged counts. */
struct plan {
	unsigned char *keep;
	uint32_t *id;		/* new id of a kept node; of a merged one, its
				 * nearest kept ancestor's */
	uint32_t *merged;	/* by new id */
	size_t kept;
};

static void
plan_free(struct plan *p)
{
	free(p->keep);
	free(p->id);
	free(p->merged);
}

static int
plan_make(const struct sp_flame_flat *f, size_t max, struct plan *p)
{
	size_t n = sp_flame_flat_len(f), i, k = 0;
	int64_t *key = malloc(n * sizeof *key);
	int sides = sp_flame_flat_sides(f), s;

	memset(p, 0, sizeof *p);
	p->keep = malloc(n);
	p->id = malloc(n * sizeof *p->id);
	if (key == NULL || p->keep == NULL || p->id == NULL)
		goto fail;
	for (i = 0; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);

		key[i] = x->v[0].total;
		for (s = 1; s < sides; s++)
			if (x->v[s].total > key[i])
				key[i] = x->v[s].total;
	}
	if ((p->kept = sp_flame_flat_select(f, key, INT64_MIN, max,
	    p->keep)) == SIZE_MAX)
		goto fail;
	/* the root, whatever its times (all kept nodes hang from it) */
	if (!p->keep[0]) {
		p->keep[0] = 1;
		p->kept++;
	}
	if ((p->merged = calloc(p->kept + 1, sizeof *p->merged)) == NULL)
		goto fail;
	/* preorder: a parent is numbered before its children */
	for (i = 0; i < n; i++) {
		uint32_t par = sp_flame_flat_node(f, i)->parent;

		if (p->keep[i])
			p->id[i] = (uint32_t)k++;
		else
			p->merged[p->id[i] = p->id[par]]++;
	}
	free(key);
	return 0;
fail:
	free(key);
	plan_free(p);
	return -1;
}

static int
put_names(struct sp_flame_out *o, const struct sp_flame_flat *f)
{
	size_t i, n = sp_flame_flat_nnames(f);
	int s, sides = sp_flame_flat_sides(f);

	sp_flame_puts(o, "\"names\": [");
	for (i = 0; i < n; i++) {
		if (i > 0)
			sp_flame_puts(o, ", ");
		sp_flame_put_json(o, sp_flame_flat_name(f, i)->s);
	}
	sp_flame_puts(o, "],\n\"kinds\": [");
	for (i = 0; i < n; i++) {
		if (i > 0)
			sp_flame_puts(o, ",");
		sp_flame_put_i64(o, sp_flame_flat_name(f, i)->kind);
	}
	sp_flame_puts(o, "],\n\"outer\": [");
	for (s = 0; s < sides; s++) {
		sp_flame_puts(o, s > 0 ? ", [" : "[");
		for (i = 0; i < n; i++) {
			if (i > 0)
				sp_flame_puts(o, ",");
			sp_flame_put_i64(o, sp_flame_flat_name(f, i)->outer[s]);
		}
		sp_flame_puts(o, "]");
	}
	return sp_flame_puts(o, "],\n");
}

/* The structure: dp and name of every kept node. */
static int
put_tree(struct sp_flame_out *o, const struct sp_flame_flat *f,
    const struct plan *p)
{
	size_t i, n = sp_flame_flat_len(f);
	int first = 1;

	sp_flame_puts(o, "\"tree\": [");
	for (i = 0; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);

		if (!p->keep[i])
			continue;
		if (!first)
			sp_flame_puts(o, ",");
		first = 0;
		sp_flame_put_u64(o, x->parent == NONE ? 0 :
		    p->id[i] - p->id[x->parent]);
		sp_flame_puts(o, ",");
		sp_flame_put_u64(o, x->name);
	}
	return sp_flame_puts(o, "],\n");
}

/* The times of every kept node, a side at a time. */
static int
put_values(struct sp_flame_out *o, const struct sp_flame_flat *f,
    const struct plan *p)
{
	size_t i, n = sp_flame_flat_len(f);
	int s, sides = sp_flame_flat_sides(f), first;

	sp_flame_puts(o, "\"v\": [");
	for (s = 0; s < sides; s++) {
		sp_flame_puts(o, s > 0 ? ",\n[" : "[");
		first = 1;
		for (i = 0; i < n; i++) {
			const struct sp_flame_val *v =
			    &sp_flame_flat_node(f, i)->v[s];

			if (!p->keep[i])
				continue;
			if (!first)
				sp_flame_puts(o, ",");
			first = 0;
			sp_flame_put_u64(o, v->calls);
			sp_flame_puts(o, ",");
			sp_flame_put_i64(o, v->self);
			sp_flame_puts(o, ",");
			sp_flame_put_i64(o, v->total);
		}
		sp_flame_puts(o, "]");
	}
	return sp_flame_puts(o, "],\n");
}

static int
put_merged(struct sp_flame_out *o, const struct plan *p)
{
	size_t i;
	int first = 1;

	sp_flame_puts(o, "\"merged\": [");
	for (i = 0; i < p->kept; i++) {
		if (p->merged[i] == 0)
			continue;
		if (!first)
			sp_flame_puts(o, ",");
		first = 0;
		sp_flame_put_u64(o, i);
		sp_flame_puts(o, ",");
		sp_flame_put_u64(o, p->merged[i]);
	}
	return sp_flame_puts(o, "]}");
}

/* The time of the merged nodes: those whose parent was kept. */
static void
merged_time(const struct sp_flame_flat *f, const struct plan *p,
    struct sp_flame_embed_stats *st)
{
	size_t i, n = sp_flame_flat_len(f);
	int s, sides = sp_flame_flat_sides(f);

	for (i = 1; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);

		if (!p->keep[i] && p->keep[x->parent])
			for (s = 0; s < sides; s++)
				st->merged_ns[s] += x->v[s].total;
	}
}

int
sp_flame_embed_write(struct sp_flame_out *o, const struct sp_flame_flat *f,
    size_t max_nodes, struct sp_flame_embed_stats *st, struct sp_err *e)
{
	struct sp_flame_embed_stats dummy;
	struct plan p;
	int rc;

	if (st == NULL)
		st = &dummy;
	memset(st, 0, sizeof *st);
	if (plan_make(f, max_nodes, &p) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory writing the tree");
	st->paths = sp_flame_flat_len(f);
	st->nodes = p.kept;
	merged_time(f, &p, st);
	sp_flame_puts(o, "{\"nodes\": ");
	sp_flame_put_u64(o, p.kept);
	sp_flame_puts(o, ", \"paths\": ");
	sp_flame_put_u64(o, st->paths);
	sp_flame_puts(o, ", \"merged_nodes\": ");
	sp_flame_put_u64(o, st->paths - p.kept);
	sp_flame_puts(o, ",\n");
	put_names(o, f);
	put_tree(o, f, &p);
	put_values(o, f, &p);
	rc = put_merged(o, &p);
	plan_free(&p);
	return rc;
}
