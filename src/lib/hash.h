/* hash.h: maps from strings, and from pointers, to indexes (open addressing) */
#ifndef ACQREL_HASH_H
#define ACQREL_HASH_H

#include <stddef.h>

struct hashmap {
	char **keys;		/* owned copies; NULL where empty */
	size_t *vals;
	size_t nr, size;
};

/* Returns the value stored for key, or (size_t)-1. */
size_t hashmap_get(const struct hashmap *m, const char *key);
/* Stores val for key (a copy of key is kept). */
void hashmap_put(struct hashmap *m, const char *key, size_t val);
void hashmap_release(struct hashmap *m);

/*
 * A map from pointers to indexes, for keys that are canonical (one
 * pointer per string, as types.c keeps its file names): no hashing or
 * copying of the string. Keys are borrowed.
 */
struct ptrmap {
	const void **keys;	/* NULL where empty */
	size_t *vals;
	size_t nr, size;
};

size_t ptrmap_get(const struct ptrmap *m, const void *key);
void ptrmap_put(struct ptrmap *m, const void *key, size_t val);
void ptrmap_release(struct ptrmap *m);

#endif
