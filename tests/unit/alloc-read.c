#include "alloc.h"

const struct alloc_scenario alloc_read[] = {
	{ NULL, NULL, NULL, 0 },
};
