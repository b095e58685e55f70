/*
 * sp_stats_text.h - the small pieces of text sp-stats writes: a growing
 * string (struct sp_stats_text), the table's number formats and the path
 * of a run as its notes show it (doc/stats.md, "Number formats" and
 * "Notes").
 *
 * Ownership: a struct sp_stats_text owns its bytes (sp_stats_text_free);
 * out of memory is sticky and reported by sp_stats_text_failed().  The
 * other functions write into the caller's text or allocate what the
 * caller frees.
 */
#ifndef SP_STATS_TEXT_H
#define SP_STATS_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_stats.h"

struct sp_stats_text {
	char *p;
	size_t n, cap;
	int failed;
};

void sp_stats_text_free(struct sp_stats_text *b);
void sp_stats_text_add(struct sp_stats_text *b, const char *s, size_t n);
void sp_stats_text_str(struct sp_stats_text *b, const char *s);
void sp_stats_text_rep(struct sp_stats_text *b, const char *s, size_t times);
void sp_stats_text_printf(struct sp_stats_text *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int
sp_stats_text_failed(const struct sp_stats_text *b)
{
	return b->failed;
}

/* The count format: 999, 1k, 1.5k, 999k, 1e+03k, 1M, ... */
void sp_stats_text_count(struct sp_stats_text *b, uint64_t n);
/* A percentage "12.34%", or "-" (none, or a denominator <= 0). */
void sp_stats_text_pct(struct sp_stats_text *b, struct sp_opt value,
    struct sp_opt denominator);
/* printf's conversion fmt ("%.6f") of the value, or "-" for none. */
void sp_stats_text_opt(struct sp_stats_text *b, const char *fmt,
    struct sp_opt v);

/*
 * path relative to cwd, as Python's os.path.relpath makes it (textually:
 * both made absolute and normalised, no symbolic link resolved); NULL
 * without memory.  cwd is absolute.
 */
char *sp_stats_text_relpath(const char *path, const char *cwd);
/* s quoted for a POSIX shell as shlex.quote does it. */
void sp_stats_text_shell_quote(struct sp_stats_text *b, const char *s);

#endif
