#include "sp_pb.h"

uint8_t *
sp_pb_close(uint8_t *mark, uint8_t *end)
{
	size_t len = (size_t)(end - mark - 1), k = sp_pb_varint_len(len);

	if (k > 1)	/* the length takes more than the byte left for it */
		memmove(mark + k, mark + 1, len);
	sp_pb_varint(mark, len);
	return mark + k + len;
}
