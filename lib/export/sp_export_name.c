#include "sp_export_name.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_label.h"

/* The stem and suffix of a file name, by the rule's split. */
static void
split(const struct sp_export_naming *rule, const char *name,
    size_t *stemlen, const char **suffix)
{
	const char *dot;

	if (rule->split == SP_EXPORT_FIRST_DOT) {
		dot = strchr(name, '.');
	} else {
		dot = strrchr(name, '.');
		if (dot == name || (dot != NULL && dot[1] == '\0'))
			dot = NULL;
	}
	*stemlen = dot != NULL ? (size_t)(dot - name) : strlen(name);
	*suffix = dot != NULL ? dot : rule->suffix;
}

/* The label as a piece of a file name: its slug, with no "/" in it. */
static int
slug_of(const char *label, char **out, struct sp_err *e)
{
	char *p;

	*out = NULL;
	if (label == NULL)
		return 0;
	if (sp_label_slug(label, out, e) < 0)
		return -1;
	/*
	 * A label of nothing but non-word characters is its own slug; a "/"
	 * in it would name a directory (the reference fails there).
	 */
	for (p = *out; *p != '\0'; p++)
		if (*p == '/')
			*p = '_';
	return 0;
}

int
sp_export_name(const struct sp_export_naming *rule, const char *base,
    const char *label, uint32_t rank, char **out, struct sp_err *e)
{
	const char *name = strrchr(base, '/'), *stem, *suffix;
	char rankpart[sizeof "_rank4294967295"] = "", *slug, *p;
	size_t dirlen, stemlen, n;

	*out = NULL;
	name = name != NULL ? name + 1 : base;
	dirlen = (size_t)(name - base);
	if (dirlen > 0 && *name == '\0') {
		stem = rule->dir_stem;
		stemlen = strlen(stem);
		suffix = rule->suffix;
	} else {
		stem = name;
		split(rule, name, &stemlen, &suffix);
	}
	if (rule->per_rank)
		snprintf(rankpart, sizeof rankpart, "_rank%" PRIu32, rank);
	if (slug_of(label, &slug, e) < 0)
		return -1;
	n = dirlen + stemlen + (slug != NULL ? 1 + strlen(slug) : 0) +
	    strlen(rankpart) + strlen(suffix) + 1;
	if ((p = malloc(n)) == NULL) {
		free(slug);
		return sp_fail(e, SP_ENOMEM, "out of memory");
	}
	snprintf(p, n, "%.*s%.*s%s%s%s%s", (int)dirlen, base, (int)stemlen,
	    stem, slug != NULL ? "_" : "", slug != NULL ? slug : "",
	    rankpart, suffix);
	free(slug);
	*out = p;
	return 0;
}
