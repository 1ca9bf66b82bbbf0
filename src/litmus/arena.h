/*
 * arena.h: bump allocation for data freed all at once (parse trees, the
 * values of one evaluation). Allocation dies on out-of-memory. A reset
 * keeps the chunks for reuse, so an arena reset for every candidate
 * execution stops calling malloc once it has grown.
 */
#ifndef ACQREL_LITMUS_ARENA_H
#define ACQREL_LITMUS_ARENA_H

#include <stddef.h>
#include <string.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *first;	/* owned: chunks in allocation order */
	struct arena_chunk *cur;	/* the chunk being filled */
	size_t used;			/* bytes used in cur */
};

#define ARENA_INIT { NULL, NULL, 0 }

/* Returns size bytes aligned for any scalar, zeroed. Owned by the arena. */
void *arena_alloc(struct arena *a, size_t size);
/* The same, not zeroed. */
void *arena_alloc_raw(struct arena *a, size_t size);
/* A copy of s[0..n) with a NUL, owned by the arena. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
/* Forgets everything allocated; the chunks are kept for reuse. */
void arena_reset(struct arena *a);
/* Frees every chunk. */
void arena_release(struct arena *a);

/* memcpy(), also for n == 0 with NULL pointers (an empty array never allocated). */
static inline void mem_copy(void *dst, const void *src, size_t n)
{
	if (n)
		memcpy(dst, src, n);
}

#endif
