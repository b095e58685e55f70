#include "sp_flame_diff.h"

#include <math.h>

/* Node i's measure on side s: self or total ns. */
static double
measure(const struct sp_flame_diff *d, size_t i, int s)
{
	const struct sp_flame_val *v = &sp_flame_flat_node(d->f, i)->v[s];

	return (double)(d->o->by == SP_FLAME_DELTA_TOTAL ? v->total : v->self);
}

double
sp_flame_diff_delta(const struct sp_flame_diff *d, size_t i)
{
	double x = measure(d, i, 1) - d->scale * measure(d, i, 0);

	return d->o->negate ? -x : x;
}

enum sp_flame_change
sp_flame_diff_kind(const struct sp_flame_diff *d, size_t i)
{
	const struct sp_flame_fnode *x = sp_flame_flat_node(d->f, i);
	double delta, a, b, floor;

	if (x->v[0].calls == 0 && x->v[1].calls > 0)
		return SP_FLAME_ADDED;
	if (x->v[0].calls > 0 && x->v[1].calls == 0)
		return SP_FLAME_REMOVED;
	delta = sp_flame_diff_delta(d, i);
	a = d->scale * measure(d, i, 0);
	b = measure(d, i, 1);
	floor = d->o->min_delta / 100 * (a > b ? a : b);
	if (!(fabs(delta) > floor))
		return SP_FLAME_SAME;
	return delta > 0 ? SP_FLAME_GREW : SP_FLAME_SHRANK;
}

void
sp_flame_diff_init(struct sp_flame_diff *d, const struct sp_flame_flat *f,
    const struct sp_flame_diff_opts *o)
{
	const struct sp_flame_fnode *root = sp_flame_flat_node(f, 0);
	size_t i, n = sp_flame_flat_len(f);

	d->f = f;
	d->o = o;
	d->scale = 1.0;
	if (o->normalize && root->v[0].total > 0)
		d->scale = (double)root->v[1].total / (double)root->v[0].total;
	d->maxabs = 0;
	for (i = 1; i < n; i++) {
		const struct sp_flame_fnode *x = sp_flame_flat_node(f, i);
		double a;

		if (x->v[0].calls == 0 || x->v[1].calls == 0)
			continue;
		a = fabs(sp_flame_diff_delta(d, i));
		if (a > d->maxabs)
			d->maxabs = a;
	}
}

static void
set(unsigned char rgb[3], int r, int g, int b)
{
	rgb[0] = (unsigned char)r;
	rgb[1] = (unsigned char)g;
	rgb[2] = (unsigned char)b;
}

void
sp_flame_diff_rgb(const struct sp_flame_diff *d, size_t i,
    unsigned char rgb[3])
{
	double s;
	int pale;

	switch (sp_flame_diff_kind(d, i)) {
	case SP_FLAME_ADDED:
		set(rgb, 255, 200, 50);
		return;
	case SP_FLAME_REMOVED:
		set(rgb, 170, 130, 220);
		return;
	case SP_FLAME_SAME:
		set(rgb, 235, 235, 235);
		return;
	default:
		break;
	}
	s = d->maxabs > 0 ? fabs(sp_flame_diff_delta(d, i)) / d->maxabs : 1;
	if (s > 1)
		s = 1;
	pale = (int)lround(220 - 180 * s);
	if (sp_flame_diff_delta(d, i) > 0)
		set(rgb, 255, pale, pale);
	else
		set(rgb, pale, pale, 255);
}
