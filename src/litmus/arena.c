/* arena.c: bump allocation, freed all at once */
#include "arena.h"
#include "../lib/util.h"

#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t size;		/* usable bytes after the header */
	max_align_t data[];
};

#define ARENA_CHUNK 65536

static size_t round_up(size_t n)
{
	size_t a = sizeof(max_align_t);

	return (n + a - 1) / a * a;
}

void *arena_alloc_raw(struct arena *a, size_t size)
{
	struct arena_chunk *c;
	void *p;

	size = round_up(size ? size : 1);
	if (!a->cur || a->used + size > a->cur->size) {
		c = a->cur ? a->cur->next : a->first;
		if (!c || c->size < size) {
			size_t want = size > ARENA_CHUNK ? size : ARENA_CHUNK;
			struct arena_chunk *n = xmalloc(sizeof(*n) + want);

			n->size = want;
			n->next = c;
			if (a->cur)
				a->cur->next = n;
			else
				a->first = n;
			c = n;
		}
		a->cur = c;
		a->used = 0;
	}
	p = (char *)a->cur->data + a->used;
	a->used += size;
	return p;
}

void *arena_alloc(struct arena *a, size_t size)
{
	void *p = arena_alloc_raw(a, size);

	memset(p, 0, size ? size : 1);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc_raw(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void arena_reset(struct arena *a)
{
	a->cur = a->first;
	a->used = 0;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->first;

	while (c) {
		struct arena_chunk *next = c->next;

		free(c);
		c = next;
	}
	a->first = a->cur = NULL;
	a->used = 0;
}
