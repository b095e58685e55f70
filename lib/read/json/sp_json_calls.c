#include "sp_json_calls.h"

#include <stdlib.h>
#include <string.h>

#include "sp_json_respell.h"
#include "sp_jvalue.h"

#define COL_BUF ((size_t)1 << 14)	/* values buffered per column */

struct sp_json_calls {
	struct sp_spill_file *tmp;
	int64_t *buf;		/* the column's values not yet appended */
	size_t nbuf;
	uint64_t count, start;	/* the column's values, its first's offset */
	char *text;		/* the event metadata's text so far */
	size_t len, cap;
	char *spelled;		/* and respelled */
	size_t slen, scap;
};

struct sp_json_calls *
sp_json_calls_new(struct sp_spill_file *tmp, struct sp_err *e)
{
	struct sp_json_calls *c = calloc(1, sizeof *c);

	if (c == NULL || (c->buf = malloc(COL_BUF * 8)) == NULL) {
		free(c);
		sp_fail(e, SP_ENOMEM, "out of memory");
		return NULL;
	}
	c->tmp = tmp;
	return c;
}

void
sp_json_calls_free(struct sp_json_calls *c)
{
	if (c == NULL)
		return;
	free(c->buf);
	free(c->text);
	free(c->spelled);
	free(c);
}

void
sp_json_calls_column(struct sp_json_calls *c)
{
	c->nbuf = 0;
	c->count = 0;
	c->start = sp_spill_file_size(c->tmp);
}

static int
flush(struct sp_json_calls *c, struct sp_err *e)
{
	uint64_t off;

	if (c->nbuf == 0)
		return 0;
	if (sp_spill_file_append(c->tmp, c->buf, c->nbuf * 8, &off, e) < 0)
		return -1;
	c->nbuf = 0;
	return 0;
}

/* The number text at p as an int64: digits read at once, else exactly. */
static int
int_of(const char *p, size_t n, int64_t *v)
{
	uint64_t u = 0;
	size_t i = 0;
	int neg = 0;
	char buf[64];

	if (n > 0 && p[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i < n && n - i <= 18) {
		for (; i < n; i++) {
			if (p[i] < '0' || p[i] > '9')
				break;
			u = u * 10 + (uint64_t)(p[i] - '0');
		}
	}
	if (i == n && n > (size_t)neg) {
		*v = neg ? -(int64_t)u : (int64_t)u;
		return 1;
	}
	/* long, or a float: exact integers only */
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return sp_jvalue_text_int(buf, v);
}

int
sp_json_calls_value(struct sp_json_calls *c, const char *p, size_t n,
    struct sp_err *e)
{
	int64_t v;

	if (!int_of(p, n, &v))
		return 1;
	c->buf[c->nbuf++] = v;
	c->count++;
	return c->nbuf == COL_BUF ? flush(c, e) : 0;
}

int
sp_json_calls_column_end(struct sp_json_calls *c, uint64_t *off, uint64_t *n,
    struct sp_err *e)
{
	if (flush(c, e) < 0)
		return -1;
	*off = c->start;
	*n = c->count;
	return 0;
}

int
sp_json_calls_text(struct sp_json_calls *c, const unsigned char *p, size_t n)
{
	if (c->len + n > c->cap) {
		size_t cap = c->cap ? c->cap : 4096;
		char *q;

		while (cap < c->len + n)
			cap *= 2;
		if ((q = realloc(c->text, cap)) == NULL)
			return -1;
		c->text = q;
		c->cap = cap;
	}
	memcpy(c->text + c->len, p, n);
	c->len += n;
	return 0;
}

int
sp_json_calls_text_end(struct sp_json_calls *c, uint64_t *off, uint64_t *len,
    struct sp_err *e)
{
	size_t n = c->len;

	c->len = 0;
	if (sp_json_respell(c->text, n, SP_JSON_EMIT_WORDS, &c->spelled,
	    &c->slen, &c->scap, e) < 0 ||
	    sp_spill_file_append(c->tmp, c->spelled, c->slen, off, e) < 0)
		return -1;
	*len = c->slen;
	return 0;
}
