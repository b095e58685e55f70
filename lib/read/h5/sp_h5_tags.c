#include "sp_h5_tags.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_json_text.h"

struct cur {
	const char *p, *end;
};

static void
ws(struct cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static size_t
utf8(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* One string at c->p (after its quote) decoded into o; returns length. */
static long
string(struct cur *c, char *o)
{
	size_t n = 0;

	while (c->p < c->end) {
		char ch = *c->p++;
		uint32_t cp;
		size_t k;

		if (ch == '"')
			return (long)n;
		if ((unsigned char)ch < 0x20)
			return -1;
		if (ch != '\\') {
			o[n++] = ch;
			continue;
		}
		if (c->p >= c->end)
			return -1;
		switch (ch = *c->p++) {
		case '"': case '\\': case '/':
			o[n++] = ch;
			break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'n': o[n++] = '\n'; break;
		case 'r': o[n++] = '\r'; break;
		case 't': o[n++] = '\t'; break;
		case 'u':
			if ((k = sp_json_text_uescape(c->p,
			    (size_t)(c->end - c->p), &cp)) == 0)
				return -1;
			c->p += k;
			n += utf8(o + n, cp);
			break;
		default:
			return -1;
		}
	}
	return -1;
}

int
sp_h5_tags_parse(const char *text, size_t len, char ***out, size_t *np)
{
	struct cur c = { text, text + len };
	size_t n = 0, cap = 8, used = 0;
	/* decoded text is never longer than the JSON text */
	char *buf = malloc(len + 1), **ptr = malloc(cap * sizeof *ptr);
	size_t *offs = malloc(cap * sizeof *offs);
	char **block;
	size_t i;

	if (buf == NULL || ptr == NULL || offs == NULL)
		goto fail;
	ws(&c);
	if (c.p >= c.end || *c.p++ != '[')
		goto fail;
	ws(&c);
	if (c.p < c.end && *c.p == ']') {
		c.p++;
		goto done;
	}
	for (;;) {
		long l;

		ws(&c);
		if (c.p >= c.end || *c.p++ != '"')
			goto fail;
		if ((l = string(&c, buf + used)) < 0)
			goto fail;
		if (n == cap) {
			size_t *no = realloc(offs, cap * 2 * sizeof *no);

			if (no == NULL)
				goto fail;
			offs = no;
			cap *= 2;
		}
		offs[n++] = used;
		buf[used + (size_t)l] = '\0';
		used += (size_t)l + 1;
		ws(&c);
		if (c.p < c.end && *c.p == ',') {
			c.p++;
			continue;
		}
		if (c.p < c.end && *c.p == ']') {
			c.p++;
			break;
		}
		goto fail;
	}
done:
	ws(&c);
	if (c.p != c.end)
		goto fail;
	if ((block = malloc((n + 1) * sizeof(char *) + used + 1)) == NULL)
		goto fail;
	memcpy((char *)(block + n + 1), buf, used);
	for (i = 0; i < n; i++)
		block[i] = (char *)(block + n + 1) + offs[i];
	block[n] = NULL;
	free(buf);
	free(ptr);
	free(offs);
	*out = block;
	*np = n;
	return 0;
fail:
	free(buf);
	free(ptr);
	free(offs);
	return -1;
}
