#include "sp_json_respell.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_grow.h"
#include "sp_json_emit.h"
#include "sp_json_text.h"
#include "sp_jsonw.h"

struct mem {
	char **buf;
	size_t *len, *cap;
};

static int
mem_write(void *ctx, const void *p, size_t n, struct sp_err *e)
{
	struct mem *m = ctx;

	if (n > SIZE_MAX - *m->len ||
	    sp_grow(m->buf, m->cap, *m->len + n, 1, 4096) < 0)
		return sp_fail(e, SP_ENOMEM, "out of memory");
	memcpy(*m->buf + *m->len, p, n);
	*m->len += n;
	return 0;
}

int
sp_json_respell(const char *s, size_t n, enum sp_json_emit_nonfinite how,
    char **buf, size_t *len, size_t *cap, struct sp_err *e)
{
	struct mem m = { buf, len, cap };
	struct sp_jsonw *w;
	struct sp_json_emit *j = NULL;
	int rc = -1;

	*len = 0;
	if ((w = sp_jsonw_new(mem_write, &m, e)) == NULL)
		return -1;
	if ((j = sp_json_emit_new(w, -1, 0, e)) != NULL)
		sp_json_emit_set_nonfinite(j, how);
	if (j != NULL && sp_json_text_emit(j, s, n, e) == 0 &&
	    sp_jsonw_flush(w, e) == 0)
		rc = 0;
	sp_json_emit_free(j);
	sp_jsonw_free(w);
	return rc;
}
