/*
 * sp_filter.h - the --include and --exclude region filters.
 *
 * A pattern matches a region name the way Python's re.match(pattern, name)
 * does: anchored at the start of the name only ("solve" keeps
 * "solver_x"; end it with "$" for a whole-name match), with Unicode
 * classes.  A region is kept when there is no include pattern or some
 * include pattern matches, and no exclude pattern matches.
 *
 * Patterns are compiled by PCRE2 (UTF, UCP, LF newlines), after rewriting
 * the Python spellings that PCRE2 reads differently or not at all:
 *
 *   Python      PCRE2         meaning
 *   \Z          \z            end of the name only (PCRE2's \Z also
 *                             matches before a final newline); outside
 *                             [...] only
 *   \uXXXX      \x{XXXX}      a code point, also inside [...]
 *   \UXXXXXXXX  \x{XXXXXXXX}
 *   \v          \x0b          vertical tab (PCRE2's \v is a class)
 *   x{,n}       x{0,n}        PCRE2 10.42 reads "{,n}" as literal text
 *
 * What agrees without rewriting: ^ $ . (not matching "\n"), \A \b \B \d
 * \D \w \W (checked code point by code point: \w is letters, digits and
 * "_" in both), groups, (?P<name>...) and (?P=name), (?:...), lookaround,
 * (?i) and the other common inline flags, lazy and possessive quantifiers,
 * atomic groups, backreferences.
 *
 * What still differs, all rare in region names:
 *   - \s: Python also counts U+001C..U+001F as space, PCRE2 counts U+180E.
 *   - Python \N{NAME} and the flags (?a) (?L) (?u) are compile errors.
 *   - [[:alpha:]] is a POSIX class in PCRE2, a plain set in Python.
 *   - Case-insensitive matching may fold a few characters differently.
 *   - PCRE2 accepts more (\h, \K, \p{..}, recursion, (?<name>...)):
 *     patterns Python rejects may work here.
 *   - Python sees only valid text (sp-read replaces bad UTF-8 as the
 *     reference does).  Should a name hold invalid UTF-8 anyway, each bad
 *     sequence is a barrier no match crosses: "foo" keeps "foo\xff",
 *     "foo." does not, and "\xff..." is matched as the empty string.
 *   - A match that hits PCRE2's backtracking limits counts as no match.
 *
 * Ownership: the caller owns the filter from sp_filter_new and frees it
 * with sp_filter_free; pattern strings are not kept.  sp_filter_keep uses
 * scratch space in the filter: do not call it on one filter from two
 * threads at once.
 */
#ifndef SP_FILTER_H
#define SP_FILTER_H

#include <stddef.h>

#include "sp_err.h"

struct sp_filter;

/* A filter that keeps every region; NULL when out of memory. */
struct sp_filter *sp_filter_new(void);
void sp_filter_free(struct sp_filter *f);

/*
 * Add a pattern (NUL-terminated UTF-8).  A pattern that does not compile
 * fails with SP_EUSAGE, quoting the pattern and PCRE2's reason with the
 * offset into the pattern as given.
 */
int sp_filter_include(struct sp_filter *f, const char *pattern,
    struct sp_err *e);
int sp_filter_exclude(struct sp_filter *f, const char *pattern,
    struct sp_err *e);

/* Whether a region called name (len bytes of UTF-8) is kept. */
int sp_filter_keep(const struct sp_filter *f, const char *name, size_t len);

/* Whether any pattern was added, i.e. whether some region may be dropped. */
int sp_filter_active(const struct sp_filter *f);

#endif
