/*
 * sp_parse.h - option values with units, as every program takes them:
 * durations (--min-duration) and sizes (--max-size, --max-memory,
 * --buffer-size).  Errors are SP_EUSAGE and name the option.
 *
 * Ownership: nothing is kept beyond the call.
 */
#ifndef SP_PARSE_H
#define SP_PARSE_H

#include <stdint.h>

#include "sp_err.h"

/*
 * A duration: a count of ns ("250000"), or a decimal number with a unit
 * ns, us, ms or s ("1.5ms", "0.002s"), rounded up to whole ns.  SP_EUSAGE
 * names opt when s is not one, or is larger than 2^63 - 1 ns.
 */
int sp_parse_duration(const char *opt, const char *s, int64_t *ns,
    struct sp_err *e);

/*
 * A size in bytes: a count, optionally followed by k, M or G (10^3, 10^6,
 * 10^9) and an optional B: "400M", "400MB", "1G", "0".  SP_EUSAGE as above.
 */
int sp_parse_size(const char *opt, const char *s, uint64_t *bytes,
    struct sp_err *e);

#endif
