/* The names of sp-diff's metrics (sp_diff_report.h). */
#include "sp_diff_report.h"

static const char *const names[SP_DIFF_METRICS] = {
	"total", "avg", "min", "max", "p50", "p95", "p99", "calls",
	"imbalance", "wall", "self", "slowest",
};

static const char *const labels[SP_DIFF_METRICS] = {
	"total [s]", "avg [s]", "min [s]", "max [s]", "p50 [s]", "p95 [s]",
	"p99 [s]", "calls", "imbalance [%]", "wall [s]", "self [s]",
	"slowest [s]",
};

const char *
sp_diff_metric_name(enum sp_diff_metric m)
{
	return names[m];
}

const char *
sp_diff_metric_label(enum sp_diff_metric m)
{
	return labels[m];
}
