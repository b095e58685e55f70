/*
 * sp_section.h - the order a section of the stream is in, as its header
 * says (sp-stream(5) CALL ORDER and FILE ORDER), and the side item that
 * lists the ranks of a file-order run.  The writer and the readers of
 * those two items share this one definition of them.
 *
 * Ownership: nothing is kept beyond the call; *ranks is the caller's.
 */
#ifndef SP_SECTION_H
#define SP_SECTION_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_stream.h"

enum sp_section_order {
	SP_ORDER_TIME = 0,	/* reconstruction order, sp-stream(5) */
	SP_ORDER_FILE,		/* recording order, rows whole */
	SP_ORDER_OTHER,		/* a value this sp does not know */
};

/* The kind of the side item that lists the ranks of a file-order run. */
#define SP_SECTION_RANKS_KIND "file-order"

/* The header item of an interval section, saying "order": "file" if so. */
int sp_section_write_header(struct sp_writer *w, enum sp_section_order order,
    const char *producer, struct sp_err *e);
/*
 * The order a header item declares (its raw bytes) in *order: "time"
 * when none.  -1 (SP_ENOMEM) without the memory to decode the item.
 */
int sp_section_order(const struct sp_item *header,
    enum sp_section_order *order, struct sp_err *e);

/* The file-order side item of run, listing ranks (n of them). */
int sp_section_write_ranks(struct sp_writer *w, uint32_t run,
    const uint32_t *ranks, size_t n, struct sp_err *e);
/* The ranks a file-order side item lists. */
int sp_section_read_ranks(const struct sp_side *s, uint32_t **ranks,
    size_t *n, struct sp_err *e);

#endif
