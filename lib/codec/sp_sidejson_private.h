/*
 * sp_sidejson_private.h - what the files of the side-payload schema
 * share (sp_sidejson.c, sp_sidejson_put.c, sp_sidejson_image.c); not
 * for use outside them.
 *
 * Ownership: a named entry's own is its maker's to free; p and v are
 * borrowed from the image or the document.
 */
#ifndef SP_SIDEJSON_PRIVATE_H
#define SP_SIDEJSON_PRIVATE_H

#include "sp_sidejson.h"

/* The names of the layouts' groups and attributes. */
#define LIKWID_REGIONS "regions"	/* the group of the tags */
#define LIKWID_COUNT "num_regions"	/* its sibling attribute */
#define LIKWID_TAG "tag"		/* a record's field naming it */
#define PERF_CALLS "calls"		/* a region's record: its calls */
#define PERF_VALUES "values"		/* its totals */
#define PERF_NAMES "event_names"	/* and their names */

/* The most fields a record has. */
#define FIELDS_MAX 16

/* "attrs" or "datasets". */
const char *sp_sidejson_part_name(enum sp_sidejson_part part);

/* A group, or a record, named: to be put in order. */
struct sp_sidejson_named {
	const char *p;		/* the name, n bytes */
	size_t n;
	char *own;		/* p, when made for it */
	long node;		/* an image's group: its node */
	const struct sp_jvalue *v;	/* a document's record */
	uint64_t num;		/* the name as a number, when numeric */
	int numeric;
	size_t at;		/* its place, so that sorting is stable */
};

/* qsort orders: by name (bytes), and numeric names first by number. */
int sp_sidejson_by_name(const void *a, const void *b);
int sp_sidejson_by_number(const void *a, const void *b);

#endif
