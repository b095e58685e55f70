/*
 * jvaltext.h - a struct sp_jvalue from JSON text, for the unit tests of
 * the JSON reader's parts that take values (rows, the run, per-rank
 * tables): parsed by YAJL's tree parser, numbers kept as their text.
 *
 *     struct sp_jvalue *v = jv("{\"name\": \"a\", \"rank\": 0}");
 *     ...
 *     sp_jvalue_free(v);
 *
 * Text that is not JSON ends the test with a message (a test's own
 * mistake).
 */
#ifndef JVALTEXT_H
#define JVALTEXT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl_tree.h>

#include "sp_jvalue.h"

static char *
jv_dup(const char *s)
{
	size_t n = strlen(s);
	char *d = malloc(n + 1);

	if (d == NULL)
		abort();
	memcpy(d, s, n + 1);
	return d;
}

static struct sp_jvalue *
jv_of(yajl_val y)
{
	struct sp_jvalue *v;
	size_t i;

	switch (y->type) {
	case yajl_t_string:
		return sp_jvalue_new_text(SP_JSTR, y->u.string,
		    strlen(y->u.string));
	case yajl_t_number:
		return sp_jvalue_new_text(SP_JNUM, y->u.number.r,
		    strlen(y->u.number.r));
	case yajl_t_true:
	case yajl_t_false:
		v = sp_jvalue_new(SP_JBOOL);
		v->b = y->type == yajl_t_true;
		return v;
	case yajl_t_array:
		v = sp_jvalue_new(SP_JARR);
		for (i = 0; i < y->u.array.len; i++)
			if (sp_jvalue_append(v, NULL, 0,
			    jv_of(y->u.array.values[i])) < 0)
				abort();
		return v;
	case yajl_t_object:
		v = sp_jvalue_new(SP_JOBJ);
		for (i = 0; i < y->u.object.len; i++)
			if (sp_jvalue_append(v, jv_dup(y->u.object.keys[i]),
			    strlen(y->u.object.keys[i]),
			    jv_of(y->u.object.values[i])) < 0)
				abort();
		return v;
	default:
		return sp_jvalue_new(SP_JNULL);
	}
}

static struct sp_jvalue *
jv(const char *text)
{
	char err[256];
	yajl_val y = yajl_tree_parse(text, err, sizeof err);
	struct sp_jvalue *v;

	if (y == NULL) {
		printf("FAIL jv: %s: %s\n", text, err);
		exit(1);
	}
	v = jv_of(y);
	yajl_tree_free(y);
	return v;
}

#endif
