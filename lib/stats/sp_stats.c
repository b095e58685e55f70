#include "sp_stats.h"

#include <stdlib.h>

void
sp_stats_result_free(struct sp_stats_result *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nrows; i++)
		free(r->rows[i].call_path);
	for (i = 0; i < r->nlanes; i++)
		free(r->lanes[i].lane_name);
	free(r->rows);
	free(r->lanes);
	free(r->ranks);
	free(r->regions);
	free(r->label);
	free(r->source);
	free(r->meta_label);
	free(r);
}
