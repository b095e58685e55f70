#include "sp_flame_rank.h"

#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/* An entry being sorted: its file's rank, line, and eight name bytes. */
struct sk {
	uint64_t w;		/* name bytes [off, off + 8), big-endian */
	int64_t line;
	uint32_t file;		/* rank of the file among the files */
	uint32_t ent;
};

/* A run of sk still to sort, at name offset off. */
struct run {
	size_t i, n, off;
};

/*
 * Eight bytes of s from off, the first one highest, NULs after its end:
 * comparing two of them compares those bytes as strcmp does.
 */
static uint64_t
word_at(const char *s, size_t off)
{
	const unsigned char *p = (const unsigned char *)s + off;
	uint64_t w = 0;
	int i;

	for (i = 0; i < 8 && p[i] != '\0'; i++)
		w |= (uint64_t)p[i] << (56 - 8 * i);
	return w;
}

static int
by_sk(const void *a, const void *b)
{
	const struct sk *x = a, *y = b;

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->w != y->w)
		return x->w < y->w ? -1 : 1;
	return x->ent < y->ent ? -1 : x->ent > y->ent;
}

static int
by_file(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
by_pointer(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const char *const *)a;
	uintptr_t y = (uintptr_t)*(const char *const *)b;

	return x < y ? -1 : x > y;
}

/* The index of file among the sorted distinct files f[0 .. nf - 1]. */
static uint32_t
file_rank(const char *const *f, size_t nf, const char *file)
{
	size_t lo = 0, hi = nf;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(file, f[mid]) < 0)
			hi = mid;
		else
			lo = mid;
	}
	return (uint32_t)lo;
}

/*
 * The files' ranks.  The dict interns its strings (sp_prof.h), so the
 * distinct pointers are the distinct files.
 */
static int
rank_files(const struct sp_prof *d, struct sk *k, size_t n)
{
	const char **f;
	size_t i, nf = 0;

	if ((f = sp_huge_alloc((n + 1) * sizeof *f)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		f[i] = sp_prof_entry(d, i)->key.file;
	qsort(f, n, sizeof *f, by_pointer);
	for (i = 0; i < n; i++)
		if (nf == 0 || f[i] != f[nf - 1])
			f[nf++] = f[i];
	qsort(f, nf, sizeof *f, by_file);
	for (i = 0; i < n; i++)
		k[i].file = file_rank(f, nf, sp_prof_entry(d, i)->key.file);
	free(f);
	return 0;
}

/* Sort the run r, and push the runs of equal words that go on. */
static void
sort_run(const struct sp_prof *d, struct sk *k, const struct run *r,
    struct run *stack, size_t *nstack)
{
	size_t i, j;

	if (r->off > 0)
		for (i = r->i; i < r->i + r->n; i++)
			k[i].w = word_at(sp_prof_entry(d, k[i].ent)->key.func,
			    r->off);
	/* names that share this word (a region's prefix) need no sort */
	for (i = r->i + 1; i < r->i + r->n && k[i].file == k[r->i].file &&
	    k[i].line == k[r->i].line && k[i].w == k[r->i].w; i++)
		;
	if (i < r->i + r->n)
		qsort(k + r->i, r->n, sizeof *k, by_sk);
	for (i = r->i; i < r->i + r->n; i = j) {
		for (j = i + 1; j < r->i + r->n && k[j].file == k[i].file &&
		    k[j].line == k[i].line && k[j].w == k[i].w; j++)
			;
		/* a NUL in the word: the names ended, they are equal */
		if (j - i > 1 && (k[i].w & 0xff) != 0) {
			stack[*nstack].i = i;
			stack[*nstack].n = j - i;
			stack[*nstack].off = r->off + 8;
			++*nstack;
		}
	}
}

int
sp_flame_rank(const struct sp_prof *d, uint32_t *order, struct sp_err *e)
{
	size_t i, n = sp_prof_len(d), nstack = 0;
	struct sk *k;
	struct run *stack = NULL, r;

	/* runs on the stack are disjoint, of two entries or more */
	if ((k = sp_huge_alloc((n + 1) * sizeof *k)) == NULL ||
	    (stack = sp_huge_alloc((n / 2 + 1) * sizeof *stack)) == NULL ||
	    rank_files(d, k, n) == -1) {
		free(k);
		free(stack);
		return sp_fail(e, SP_ENOMEM, "out of memory sorting keys");
	}
	for (i = 0; i < n; i++) {
		const struct sp_prof_entry *t = sp_prof_entry(d, i);

		k[i].ent = (uint32_t)i;
		k[i].line = t->key.line;
		k[i].w = word_at(t->key.func, 0);
	}
	r.i = 0;
	r.n = n;
	r.off = 0;
	sort_run(d, k, &r, stack, &nstack);
	while (nstack > 0) {
		r = stack[--nstack];
		sort_run(d, k, &r, stack, &nstack);
	}
	for (i = 0; i < n; i++)
		order[i] = k[i].ent;
	free(stack);
	free(k);
	return 0;
}
