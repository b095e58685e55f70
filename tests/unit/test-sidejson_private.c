/*
 * Unit test of what the side-payload schema's files share
 * (sp_sidejson_private.h): the parts' names, and the orders groups and
 * records are put in: by name, byte by byte, a prefix first, equal names
 * in their first order; numeric names first, by number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_sidejson_private.h"
#include "check.h"

static struct sp_sidejson_named
named(const char *name, size_t at)
{
	struct sp_sidejson_named x;
	char *end;

	memset(&x, 0, sizeof x);
	x.p = name;
	x.n = strlen(name);
	x.at = at;
	x.num = strtoull(name, &end, 10);
	x.numeric = x.n > 0 && *end == '\0' && name[0] >= '0' &&
	    name[0] <= '9';
	return x;
}

static void
sorted(const char *const *in, size_t n, int (*cmp)(const void *,
    const void *), const char *want)
{
	struct sp_sidejson_named v[16];
	char got[256] = "";
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = named(in[i], i);
	qsort(v, n, sizeof v[0], cmp);
	for (i = 0; i < n; i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s:%zu",
		    i ? " " : "", v[i].p, v[i].at);
	CHECK(strcmp(got, want) == 0, "got  %s\n  want %s", got, want);
}

int
main(void)
{
	static const char *const names[] = { "b", "a/b", "a", "B", "ab", "a",
		"\xc3\xa9", "10", "9", "" };

	CHECK(strcmp(sp_sidejson_part_name(SP_SIDEJSON_ATTR), "attrs") == 0 &&
	    strcmp(sp_sidejson_part_name(SP_SIDEJSON_DATASET), "datasets") ==
	    0, "the parts' names");
	sorted(names, 10, sp_sidejson_by_name,
	    ":9 10:7 9:8 B:3 a:2 a:5 a/b:1 ab:4 b:0 \xc3\xa9:6");
	sorted(names, 10, sp_sidejson_by_number,
	    "9:8 10:7 :9 B:3 a:2 a:5 a/b:1 ab:4 b:0 \xc3\xa9:6");
	return failed != 0;
}
