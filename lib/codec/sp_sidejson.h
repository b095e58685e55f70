/*
 * sp_sidejson.h - a run's side payloads in a JSON profile (format v1):
 * how the document's "likwid", "line_profile" and "perf_events" keys
 * correspond to the images of the HDF5 groups rank<N>/likwid,
 * rank<N>/line_profile and rank<N>/perf_events that the stream's side
 * items carry (sp-stream(5); doc/formats.md, "LIKWID, perf events, line
 * profiles"), and how the "sp_side_payloads" key carries the items themselves
 * (sp-json(1)).
 *
 * An image is a CBOR map {"attrs": {name: value}, "datasets": {name:
 * value}, "groups": {name: image}}, names in byte order as HDF5 lists
 * them (sp_h5_group_cbor).  sp-json writes a rank's image as its value
 * in the document (sp_sidejson_put); sp-read makes the image back from
 * that value (sp_sidejson_image).  Both follow the tables of record
 * fields in sp_sidejson_kinds, so that the two cannot drift apart.  What
 * v1 cannot say (a rank's LIKWID_* environment, the types HDF5 stored)
 * does not come back from those keys: sp_side_payloads keeps the images
 * exactly, and sp-read prefers it.
 *
 * Ownership: the tables are static; nothing passed in is kept beyond a
 * call.
 */
#ifndef SP_SIDEJSON_H
#define SP_SIDEJSON_H

#include <stddef.h>
#include <stdint.h>

#include "sp_cbor.h"
#include "sp_cbuf.h"
#include "sp_err.h"
#include "sp_json_emit.h"
#include "sp_jvalue.h"

/* The kinds of side item, each also the document's key for them. */
#define SP_SIDEJSON_LIKWID "likwid"
#define SP_SIDEJSON_PERF "perf_events"
#define SP_SIDEJSON_LINES "line_profile"
/* The key of the exact items: [{"rank", "kind", "cbor" (base64)}]. */
#define SP_SIDEJSON_PAYLOADS "sp_side_payloads"

/* The three parts of an image. */
#define SP_SIDEJSON_ATTRS "attrs"
#define SP_SIDEJSON_DATASETS "datasets"
#define SP_SIDEJSON_GROUPS "groups"

/* Where a record's field is in its group's image. */
enum sp_sidejson_part { SP_SIDEJSON_ATTR, SP_SIDEJSON_DATASET };

/*
 * What a field holds: the type sp-read gives it in the image, and how
 * sp-json writes it (lists are written as the image holds them).
 */
enum sp_sidejson_type {
	SP_SIDEJSON_TEXT,	/* text, "" when missing */
	SP_SIDEJSON_INT,	/* an int64, def when missing */
	SP_SIDEJSON_FLOAT,	/* a double, def when missing, NaN as null */
	SP_SIDEJSON_TEXTS,	/* a list of text */
	SP_SIDEJSON_INTS,	/* a list of int64 */
	SP_SIDEJSON_FLOATS,	/* a list of doubles */
	SP_SIDEJSON_MATRIX,	/* rows of doubles; [] unless 2-D */
};

struct sp_sidejson_field {
	const char *name;	/* its key, and its attribute or dataset */
	enum sp_sidejson_part part;
	enum sp_sidejson_type type;
	double def;		/* SP_SIDEJSON_INT, _FLOAT: when missing */
	/*
	 * NULL, or an optional field's condition: sp-json writes it when
	 * the image has it, sp-read puts it in the image when the record's
	 * key `when` holds text.
	 */
	const char *when;
};

/* How a kind's records are laid out in the groups of a rank's image. */
enum sp_sidejson_layout {
	/*
	 * likwid: groups "regions" -> <tag, "/" as "|">, its attribute
	 * num_regions the count; the value is an object keyed by tag, in
	 * tag order (the last of a repeated tag wins).
	 */
	SP_SIDEJSON_TAGGED,
	/* line_profile: groups "0", "1", ...; the value is a list of them. */
	SP_SIDEJSON_NUMBERED,
	/*
	 * perf_events: a region's name split at "/" into nested groups;
	 * the value is an object keyed by name.  Its records' "values",
	 * {event: total}, are the attribute event_names and the dataset
	 * values (u64), pairwise.
	 */
	SP_SIDEJSON_PATHS,
};

struct sp_sidejson_kind {
	const char *name;	/* SP_SIDEJSON_LIKWID, ... */
	enum sp_sidejson_layout layout;
	const struct sp_sidejson_field *fields;	/* a record's, in order */
	size_t nfields;
};

/*
 * The kinds, in the order in which a reader gives a rank's side items:
 * likwid, perf_events, line_profile.
 */
#define SP_SIDEJSON_NKINDS 3
extern const struct sp_sidejson_kind sp_sidejson_kinds[SP_SIDEJSON_NKINDS];

/* The kind named name, or NULL when v1 has no key for it. */
const struct sp_sidejson_kind *sp_sidejson_kind(const char *name);

/*
 * The document's value for one rank: its image of kind k, the CBOR item
 * at node img of d, at the value position of j.  *nrecords (may be
 * NULL): the records written (a line_profile key with none at all is
 * left out of the document).
 */
int sp_sidejson_put(struct sp_json_emit *j, const struct sp_sidejson_kind *k,
    const struct sp_cbor *d, size_t img, size_t *nrecords, struct sp_err *e);

/*
 * The image of kind k that the document's value v for one rank stands
 * for, appended to b (whose failure is sticky: check sp_cbuf_failed).
 * Returns 1, or 0 (nothing appended) when v is not of the kind's shape,
 * or -1 when out of memory.
 */
int sp_sidejson_image(struct sp_cbuf *b, const struct sp_sidejson_kind *k,
    const struct sp_jvalue *v);

/* One entry of sp_side_payloads, at the value position of j. */
int sp_sidejson_put_payload(struct sp_json_emit *j, int has_rank, uint32_t rank,
    const char *kind, const uint8_t *p, size_t n, struct sp_err *e);

/*
 * An entry of sp_side_payloads read back: its rank, kind (borrowed from
 * v) and payload (*data, the caller's to free, of *len bytes).  Fails
 * with SP_EDATA ("a bad entry in sp_side_payloads", "sp_side_payloads:
 * bad base64") or SP_ENOMEM.
 */
int sp_sidejson_payload(const struct sp_jvalue *v, uint32_t *rank,
    const char **kind, uint8_t **data, size_t *len, struct sp_err *e);

#endif
