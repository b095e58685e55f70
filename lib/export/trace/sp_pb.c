#include "sp_pb.h"

uint8_t *
sp_pb_close_long(uint8_t *mark, uint8_t *end)
{
	size_t len = (size_t)(end - mark - 1), k = sp_pb_varint_len(len);

	/* the length takes more than the byte left for it: move the fields */
	memmove(mark + k, mark + 1, len);
	sp_pb_varint(mark, len);
	return mark + k + len;
}

#ifdef SP_PB_PDEP
int
sp_pb_pdep_fast(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("bmi2") &&
	    !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("znver1") &&
	    !__builtin_cpu_is("znver2");
}
#endif
