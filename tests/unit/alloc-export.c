#include "alloc.h"

const struct alloc_scenario alloc_export[] = {
	{ NULL, NULL, NULL, 0 },
};
