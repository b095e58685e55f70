/*
 * sp_stats_text.h - the small pieces of text sp-stats writes: a growing
 * string, the reference's number formats (spec/summary.md 5.3), and the
 * path of a run as its notes show it (5.5, 5.6).
 *
 * Ownership: a struct sp_tbuf owns its bytes (sp_tbuf_free); out of
 * memory is sticky and reported by sp_tbuf_failed().  The other functions
 * write into the caller's buffer or allocate what the caller frees.
 */
#ifndef SP_STATS_TEXT_H
#define SP_STATS_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "sp_stats.h"

struct sp_tbuf {
	char *p;
	size_t n, cap;
	int failed;
};

void sp_tbuf_free(struct sp_tbuf *b);
void sp_tbuf_add(struct sp_tbuf *b, const char *s, size_t n);
void sp_tbuf_str(struct sp_tbuf *b, const char *s);
void sp_tbuf_rep(struct sp_tbuf *b, const char *s, size_t times);
void sp_tbuf_printf(struct sp_tbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int
sp_tbuf_failed(const struct sp_tbuf *b)
{
	return b->failed;
}

/* The count format: 999, 1k, 1.5k, 999k, 1e+03k, 1M, ... (Q6). */
void sp_stats_fmt_count(struct sp_tbuf *b, uint64_t n);
/* A percentage "12.34%", or "-" (none, or a denominator <= 0). */
void sp_stats_fmt_pct(struct sp_tbuf *b, struct sp_opt value,
    struct sp_opt denominator);
/* printf's conversion fmt ("%.6f") of the value, or "-" for none. */
void sp_stats_fmt_opt(struct sp_tbuf *b, const char *fmt, struct sp_opt v);

/*
 * path relative to cwd, as Python's os.path.relpath makes it (textually:
 * both made absolute and normalised, no symbolic link resolved); NULL
 * without memory.  cwd is absolute.
 */
char *sp_stats_relpath(const char *path, const char *cwd);
/* s quoted for a POSIX shell as shlex.quote does it. */
void sp_stats_shell_quote(struct sp_tbuf *b, const char *s);

#endif
