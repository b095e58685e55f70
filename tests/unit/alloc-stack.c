#include "alloc.h"

const struct alloc_scenario alloc_stack[] = {
	{ NULL, NULL, NULL, 0 },
};
