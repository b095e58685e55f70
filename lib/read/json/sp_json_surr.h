/*
 * sp_json_surr.h - what Python's json reads and YAJL does not, through
 * YAJL: lone high surrogates in strings, and the words NaN, Infinity and
 * -Infinity for numbers (json.dumps writes a float that is not finite
 * so, and json.loads reads it back).
 *
 * Python's json reads "sol\ud800ve" as a string holding the lone
 * surrogate U+D800, and writes it back as the same escape.  YAJL turns a
 * lone high surrogate escape into "?" (and one followed by another \u
 * escape into a wrong character), so the text it is given is filtered
 * first: every lone high surrogate escape becomes \u0000, of the same
 * length (so byte offsets and the captured raw text stay right), and a
 * queue remembers, in document order, what each \u0000 of the input
 * stands for: the surrogate, or 0 for a \u0000 as written.  A JSON string
 * cannot hold a raw NUL, so every NUL of a decoded string is one of
 * them: sp_json_surr_decode() pops one per NUL and puts back the surrogate as
 * its three bytes of generalized UTF-8 (sp_utf8_surrogate), as the low
 * ones YAJL decodes already come.
 *
 * Outside strings, the word NaN or Infinity where a value may stand (after
 * a bracket, comma, colon, blank or the document's start, Infinity also
 * after a minus sign, and before a comma, closing bracket, blank or the
 * end) becomes a number of the same length ("0.0", "0.000000"), and a
 * second queue remembers where each such number ends in the document.
 * When YAJL hands over a number, sp_json_surr_number() says, by where it
 * ends, whether it is one of them, and which.  The same word anywhere
 * else, and every string ("NaN" as text), pass unchanged.
 *
 * Escapes and words cut by the end of a chunk are held back until the
 * next one (at most 11 bytes), so the text YAJL parses comes in other
 * chunks than the input; sp_json_surr_feed() gives the filtered bytes and the
 * same bytes unfiltered, for captures of raw text.  Offsets are the same
 * in both.
 *
 * Ownership: the filter owns its buffers; what it returns is valid until
 * its next call.
 */
#ifndef SP_JSON_SURR_H
#define SP_JSON_SURR_H

#include <stddef.h>
#include <stdint.h>

struct sp_json_surr;

struct sp_json_surr *sp_json_surr_new(void);
void sp_json_surr_free(struct sp_json_surr *f);

/*
 * Filter the next n bytes of input (final: the input ends there): *out
 * the text for YAJL, *raw the same bytes as read, both *len long.
 * Returns -1 without memory.
 */
int sp_json_surr_feed(struct sp_json_surr *f, const unsigned char *buf,
    size_t n, int final, const unsigned char **out, const unsigned char **raw,
    size_t *len);

/*
 * The number that YAJL found ending at byte end of the document (the
 * bytes given out so far count), negative when its text begins with '-':
 * "NaN", "Infinity" or "-Infinity" when it stands for that word, else
 * NULL.  Every number of the document may be asked about, in order; a
 * word's number must be.
 */
const char *sp_json_surr_number(struct sp_json_surr *f, uint64_t end,
    int negative);
/* The words whose numbers have not been asked about yet. */
size_t sp_json_surr_words(const struct sp_json_surr *f);

/*
 * The decoded string p (n bytes) with its NULs as they were written, into
 * *s (*sn bytes, NUL-terminated, malloc'd; the caller frees it).  Every
 * decoded string of the document must pass here once, in order, even one
 * that is not kept (pass s NULL).  Returns -1 without memory.
 */
int sp_json_surr_decode(struct sp_json_surr *f, const unsigned char *p,
    size_t n, char **s, size_t *sn);

#endif
