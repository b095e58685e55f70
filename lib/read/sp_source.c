#include "sp_source.h"

#include <stdlib.h>

/*
 * What every source owns whatever its format: the row index (and each
 * row's tags array), the region name array, the metadata, the extra ranks
 * and the label.  The format's own free releases the rest first.
 */
void
sp_source_free(struct sp_source *s)
{
	size_t i;

	if (s == NULL)
		return;
	if (s->ops != NULL && s->ops->free != NULL)
		s->ops->free(s);
	for (i = 0; i < s->nrows; i++)
		free((void *)s->rows[i].info.tags);
	free(s->rows);
	free(s->names);
	free(s->metadata);
	free(s->extra_ranks);
	free((void *)s->label);
	free(s);
}
