/* The study's words (sp_scale_report.h). */
#include "sp_scale_report.h"

const char *
sp_scale_measure_name(enum sp_scale_measure m)
{
	static const char *const names[] = { "per-call", "slowest",
		"mean-rank", "wall" };

	return names[m];
}

const char *
sp_scale_plot_name(enum sp_scale_plot p)
{
	static const char *const names[] = { "speedup", "efficiency", "weak",
		"weak-efficiency" };

	return names[p];
}

struct sp_scale_val
sp_scale_plot_value(enum sp_scale_plot p, const struct sp_scale_cell *c)
{
	switch (p) {
	case SP_SCALE_PLOT_SPEEDUP:
		return c->speedup;
	case SP_SCALE_PLOT_EFFICIENCY:
		return c->efficiency;
	case SP_SCALE_PLOT_WEAK:
		return c->normalized;
	default:
		return c->weak_efficiency;
	}
}
