#include "sp_jsonkeys.h"

const char *const sp_jsonkeys_calls[SP_JSONKEYS_NCALLS] = {
	"start_times_ns", "end_times_ns", "gpu_durations_ns", "call_ids",
	"parent_ids", "thread_ids", "task_ids", "await_ns",
};
