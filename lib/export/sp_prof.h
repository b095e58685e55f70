/*
 * sp_prof.h - the statistics dict of a cProfile .prof file, in memory.
 *
 * A .prof file holds one Python dict
 *
 *	{(file, line, func): (cc, nc, tt, ct, {caller_key: (cc, nc, tt, ct)})}
 *
 * and this is that dict: entries in insertion order, each with its callers
 * in insertion order.  Writes follow Python's dict semantics, because the
 * reference builds its dicts with plain assignments and some of its quirks
 * (colliding keys) are only that: assigning to a key already present
 * replaces its value but keeps its position.
 *
 * Strings are NUL-terminated UTF-8 (possibly with encoded surrogates, as
 * Python's marshal allows); the dict interns them, so two keys are equal
 * exactly when their three fields are, and equal strings share one pointer.
 *
 * Ownership: the caller owns the dict from sp_prof_new() and frees it with
 * sp_prof_free().  Strings passed in are copied.  Every pointer the dict
 * hands out (keys, strings, entries, caller arrays) belongs to it: strings
 * live as long as the dict, entries and caller arrays until the next
 * change to the dict.
 */
#ifndef SP_PROF_H
#define SP_PROF_H

#include <stddef.h>
#include <stdint.h>

#include "sp_err.h"
#include "sp_write.h"

struct sp_prof;

struct sp_prof_key {
	const char *file;
	int64_t line;
	const char *func;
};

struct sp_prof_stat {
	int64_t cc;		/* primitive (non-recursive) calls */
	int64_t nc;		/* all calls */
	double tt;		/* seconds in the function itself */
	double ct;		/* seconds including callees */
};

struct sp_prof_caller {
	struct sp_prof_key key;
	struct sp_prof_stat st;
	/*
	 * The value was a bare call count, as the pure-Python profile
	 * module writes it: st.cc = st.nc = that count, st.tt = st.ct = 0.
	 */
	int count_only;
};

struct sp_prof_entry {
	struct sp_prof_key key;
	struct sp_prof_stat st;
	const struct sp_prof_caller *callers;
	size_t ncallers;
};

/* NULL when out of memory. */
struct sp_prof *sp_prof_new(void);
void sp_prof_free(struct sp_prof *d);

/* The interned copy of s (n bytes, no NUL among them), or NULL. */
const char *sp_prof_intern(struct sp_prof *d, const char *s, size_t n,
    struct sp_err *e);

/*
 * The id of the key (file, line, func), added if new, or -1.  file and
 * func must be strings sp_prof_intern() returned for d: keys compare by
 * pointer, which keeps the cost of a key independent of its length.
 */
long sp_prof_key(struct sp_prof *d, const char *file, int64_t line,
    const char *func, struct sp_err *e);

/*
 * d[key] = (st, callers).  A new key is appended with no callers; a key
 * already present keeps its position and gets st, and its callers are
 * emptied unless keep_callers.  Returns the entry's index, or -1.
 */
long sp_prof_set(struct sp_prof *d, long key, const struct sp_prof_stat *st,
    int keep_callers, struct sp_err *e);

/* callers[key] = st (or a bare count) in entry i, by the same rule. */
int sp_prof_set_caller(struct sp_prof *d, size_t i, long key,
    const struct sp_prof_stat *st, int count_only, struct sp_err *e);

size_t sp_prof_len(const struct sp_prof *d);
const struct sp_prof_entry *sp_prof_entry(const struct sp_prof *d, size_t i);
/* The index of the entry of (file, line, func), by value, or -1. */
long sp_prof_find(const struct sp_prof *d, const char *file, int64_t line,
    const char *func);

#endif
