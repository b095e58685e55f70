#include "sp_arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sp_huge.h"

/* Blocks double in size up to this, so a big item costs few mallocs. */
#define FIRST_BLOCK ((size_t)16 << 10)
#define MAX_BLOCK ((size_t)16 << 20)

struct block {
	struct block *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

struct sp_arena {
	struct block *head;	/* current block; older ones follow */
	size_t next_size;
};

struct sp_arena *
sp_arena_new(void)
{
	struct sp_arena *a = calloc(1, sizeof *a);

	if (a != NULL)
		a->next_size = FIRST_BLOCK;
	return a;
}

void
sp_arena_reset(struct sp_arena *a)
{
	struct block *b, *next;

	if (a == NULL || a->head == NULL)
		return;
	/* Keep the newest (largest) block: steady state then never mallocs. */
	for (b = a->head->next; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	a->head->next = NULL;
	a->head->used = 0;
}

void
sp_arena_free(struct sp_arena *a)
{
	struct block *b, *next;

	if (a == NULL)
		return;
	for (b = a->head; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(a);
}

void *
sp_arena_alloc(struct sp_arena *a, size_t size)
{
	struct block *b = a->head;
	size_t need = (size + 15) & ~(size_t)15;

	if (need < size)
		return NULL;
	if (b == NULL || b->size - b->used < need) {
		size_t bs = a->next_size;

		/* a power of two in all, header included: no huge page
		 * of a large block is faulted in for a few bytes */
		while (bs - sizeof *b < need)
			if ((bs *= 2) == 0)
				return NULL;
		if (a->next_size < MAX_BLOCK)
			a->next_size *= 2;
		if ((b = sp_huge_alloc(bs)) == NULL)
			return NULL;
		b->size = bs - sizeof *b;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	b->used += need;
	return b->data + b->used - need;
}

char *
sp_arena_strndup(struct sp_arena *a, const char *s, size_t len)
{
	char *p = sp_arena_alloc(a, len + 1);

	if (p == NULL)
		return NULL;
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
