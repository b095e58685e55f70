/*
 * sp_arena.h - a bump allocator for short-lived, many-small-pieces data
 * (decoded items, string tables).
 *
 * Ownership: everything allocated from an arena belongs to it and is freed
 * at once by sp_arena_reset() or sp_arena_free().  Pointers stay valid until
 * then.
 */
#ifndef SP_ARENA_H
#define SP_ARENA_H

#include <stddef.h>

struct sp_arena;

struct sp_arena *sp_arena_new(void);
void sp_arena_free(struct sp_arena *a);
/* Forget every allocation but keep the first block for reuse. */
void sp_arena_reset(struct sp_arena *a);
/* 16-byte aligned memory, or NULL when out of memory. */
void *sp_arena_alloc(struct sp_arena *a, size_t size);
/* A NUL-terminated copy of len bytes of s, or NULL. */
char *sp_arena_strndup(struct sp_arena *a, const char *s, size_t len);

#endif
